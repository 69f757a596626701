/* limb.h: ribbon outlines of any three points. Finite; the curve through its three points
 * exactly; the outline's size as documented, closed, each pair of side points the width apart
 * about the curve. */
#include "fuzz.h"

#include <stickanim/limb.h>

enum { MAX_BONE = 12, MAX_CAP = 6, MAX_OUT = 2 * (2 * MAX_BONE + 1) + 2 * MAX_CAP + 1 };

/* How the limb reads a point: non-finite ones replaced by the first finite of the three. */
static sa_vec2 pick(sa_vec2 p, const sa_vec2 *all) {
    if (fz_finite_v2(p)) return p;
    for (int i = 0; i < 3; ++i)
        if (fz_finite_v2(all[i])) return all[i];
    return sa_v2(0.0f, 0.0f);
}

void sa_fuzz_limb(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_vec2 out[MAX_OUT + 1];
    do {
        const sa_vec2 pts[3] = {fz_v2(&in), fz_v2(&in), fz_v2(&in)};
        const float t = fz_float(&in);
        const sa_vec2 c = sa_limb_curve_point(pts[0], pts[1], pts[2], t);
        FZ_CHECK(fz_finite_v2(c));
        const float at[3] = {0.0f, 0.5f, 1.0f};
        for (int i = 0; i < 3; ++i) {
            const sa_vec2 p = sa_limb_curve_point(pts[0], pts[1], pts[2], at[i]);
            const sa_vec2 want = pick(pts[i], pts);
            FZ_CHECK2(p.x == want.x && p.y == want.y, p.x, want.x);
        }
        sa_limb_config cfg = sa_limb_config_default();
        const bool use = fz_bool(&in);
        cfg.root_width = fz_float_in(&in, 0.0f, 20.0f);
        cfg.tip_width = fz_float_in(&in, 0.0f, 20.0f);
        cfg.bone_samples = fz_below(&in, MAX_BONE + 2);
        cfg.cap_samples = fz_below(&in, MAX_CAP + 2);
        if (fz_bool(&in))
            cfg = sa_limb_config_styled(&cfg, sa_limb_style_for((sa_limb_side)fz_u8(&in)));
        const sa_limb_config *pc = use ? &cfg : NULL;
        const sa_limb_config d = sa_limb_config_default();
        const sa_limb_config *e = use ? &cfg : &d;
        const bool ok = e->bone_samples >= 1 && e->bone_samples <= SA_LIMB_MAX_BONE_SAMPLES &&
                        e->cap_samples <= SA_LIMB_MAX_CAP_SAMPLES;
        const size_t m = 2 * e->bone_samples + 1, want_n = 2 * m + 2 * e->cap_samples + 1;
        const size_t counted = sa_limb_outline(pts[0], pts[1], pts[2], pc, NULL, 0);
        FZ_CHECK2(counted == (ok ? want_n : 0), counted, want_n);
        if (!ok || want_n > MAX_OUT) continue;
        FZ_CHECK(sa_limb_outline(pts[0], pts[1], pts[2], pc, out, want_n - 1) == 0);
        out[want_n] = sa_v2(12345.0f, 0.0f);
        FZ_CHECK(sa_limb_outline(pts[0], pts[1], pts[2], pc, out, MAX_OUT + 1) == want_n);
        FZ_CHECK(out[want_n].x == 12345.0f);
        for (size_t i = 0; i < want_n; ++i)
            FZ_CHECK(fz_finite_v2(out[i]));
        FZ_CHECK(out[want_n - 1].x == out[0].x && out[want_n - 1].y == out[0].y);
        /* Side pairs: midpoint on the curve, the local width apart (moderate values only). */
        const sa_vec2 r = pick(pts[0], pts), mid = pick(pts[1], pts), tip = pick(pts[2], pts);
        const double coord = fmax(fz_absmax2(r), fmax(fz_absmax2(mid), fz_absmax2(tip)));
        const float rw = fz_finite(e->root_width) && e->root_width > 0.0f ? e->root_width : 0.0f;
        const float tw = fz_finite(e->tip_width) && e->tip_width > 0.0f ? e->tip_width : 0.0f;
        if (coord > 1e4 || rw > 1e4f || tw > 1e4f) continue;
        const size_t caps = e->cap_samples, n = e->bone_samples;
        for (size_t k = 0; k < m; ++k) {
            const sa_vec2 a = out[k], b = out[2 * m + caps - 1 - k];
            const double width = rw + (tw - rw) * ((double)k / (double)(2 * n));
            const double dd = fz_dist2(a, b);
            FZ_CHECK2(fabs(dd - width) <= 1e-3 * (1.0 + width) + fz_length_tol(width, coord), dd,
                      width);
            const sa_vec2 on = sa_limb_curve_point(r, mid, tip, (float)k / (float)(2 * n));
            const sa_vec2 half = sa_v2(0.5f * (a.x + b.x), 0.5f * (a.y + b.y));
            FZ_CHECK2(fz_dist2(half, on) <= 1e-3 * (1.0 + width) + fz_length_tol(0.0, coord),
                      fz_dist2(half, on), width);
        }
    } while (fz_more(&in));
}
