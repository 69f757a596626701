#include <stickanim/limb.h>

#include "internal/scalar.h"

/* The spline and the offsets are computed in double: Catmull-Rom's weights (up to 5x a point)
 * would overflow float for coordinates near FLT_MAX, and double keeps the side points exactly
 * symmetric about the curve at any scale. */

typedef struct dv2 {
    double x, y;
} dv2;

typedef struct limb_points {
    dv2 p[5]; /* phantom before the root, root, middle, tip, phantom after the tip */
} limb_points;

static dv2 dv(double x, double y) {
    dv2 v;
    v.x = x;
    v.y = y;
    return v;
}

static sa_vec2 narrow(dv2 v) { return sai_v2(sai_narrow(v.x), sai_narrow(v.y)); }

static limb_points sane_points(sa_vec2 root, sa_vec2 middle, sa_vec2 tip) {
    const sa_vec2 in[3] = {root, middle, tip};
    sa_vec2 fallback = sai_v2(0.0f, 0.0f);
    for (int i = 2; i >= 0; --i)
        if (sai_v2_finite(in[i])) fallback = in[i];
    limb_points lp;
    for (int i = 0; i < 3; ++i) {
        const sa_vec2 q = sai_v2_finite(in[i]) ? in[i] : fallback;
        lp.p[i + 1] = dv((double)q.x, (double)q.y);
    }
    /* Mirrored phantoms: the curve leaves the root along root -> middle and reaches the tip along
     * middle -> tip. */
    lp.p[0] = dv(2.0 * lp.p[1].x - lp.p[2].x, 2.0 * lp.p[1].y - lp.p[2].y);
    lp.p[4] = dv(2.0 * lp.p[3].x - lp.p[2].x, 2.0 * lp.p[3].y - lp.p[2].y);
    return lp;
}

/* Uniform Catmull-Rom on the segment a1 -> a2 with neighbours a0, a3: position and tangent. */
static void catmull_rom(const dv2 *a, double u, dv2 *pos, dv2 *tan) {
    const double u2 = u * u, u3 = u2 * u;
    const double w0 = -u3 + 2.0 * u2 - u, w1 = 3.0 * u3 - 5.0 * u2 + 2.0;
    const double w2 = -3.0 * u3 + 4.0 * u2 + u, w3 = u3 - u2;
    const double d0 = -3.0 * u2 + 4.0 * u - 1.0, d1 = 9.0 * u2 - 10.0 * u;
    const double d2 = -9.0 * u2 + 8.0 * u + 1.0, d3 = 3.0 * u2 - 2.0 * u;
    pos->x = 0.5 * (w0 * a[0].x + w1 * a[1].x + w2 * a[2].x + w3 * a[3].x);
    pos->y = 0.5 * (w0 * a[0].y + w1 * a[1].y + w2 * a[2].y + w3 * a[3].y);
    tan->x = 0.5 * (d0 * a[0].x + d1 * a[1].x + d2 * a[2].x + d3 * a[3].x);
    tan->y = 0.5 * (d0 * a[0].y + d1 * a[1].y + d2 * a[2].y + d3 * a[3].y);
}

/* t in [0, 1] over both bones; the knots are hit exactly (u = 0 gives weight 1 on a1). */
static void curve_at(const limb_points *lp, double t, dv2 *pos, dv2 *tan) {
    if (t <= 0.5) {
        catmull_rom(&lp->p[0], t * 2.0, pos, tan);
    } else {
        catmull_rom(&lp->p[1], t * 2.0 - 1.0, pos, tan);
    }
}

sa_vec2 sa_limb_curve_point(sa_vec2 root, sa_vec2 middle, sa_vec2 tip, float t) {
    const limb_points lp = sane_points(root, middle, tip);
    const double u = (double)sai_saturate(t);
    if (u <= 0.0) return narrow(lp.p[1]);
    if (u == 0.5) return narrow(lp.p[2]);
    if (u >= 1.0) return narrow(lp.p[3]);
    dv2 pos, tan;
    curve_at(&lp, u, &pos, &tan);
    return narrow(pos);
}

sa_limb_config sa_limb_config_default(void) {
    sa_limb_config c;
    c.root_width = 9.0f;
    c.tip_width = 5.5f;
    c.bone_samples = 8;
    c.cap_samples = 6;
    return c;
}

/* The outline's point count, or 0 when the densities are out of range. */
static size_t outline_count(const sa_limb_config *c) {
    if (c->bone_samples < 1 || c->bone_samples > SA_LIMB_MAX_BONE_SAMPLES ||
        c->cap_samples > SA_LIMB_MAX_CAP_SAMPLES)
        return 0;
    return 2 * (2 * c->bone_samples + 1) + 2 * c->cap_samples + 1;
}

static dv2 unit_or(dv2 v, dv2 fallback) {
    const double len = sqrt(v.x * v.x + v.y * v.y); /* double: no overflow from float input */
    if (!(len > 0.0) || !isfinite(len)) return fallback;
    return dv(v.x / len, v.y / len);
}

/* A direction for the very first sample when the curve has none there: the limb's chords, else
 * hanging straight down. */
static dv2 first_direction(const limb_points *lp) {
    const dv2 down = dv(0.0, 1.0);
    const dv2 chords[3] = {dv(lp->p[3].x - lp->p[1].x, lp->p[3].y - lp->p[1].y),
                           dv(lp->p[2].x - lp->p[1].x, lp->p[2].y - lp->p[1].y),
                           dv(lp->p[3].x - lp->p[2].x, lp->p[3].y - lp->p[2].y)};
    for (int i = 0; i < 3; ++i) {
        const dv2 u = unit_or(chords[i], dv(0.0, 0.0));
        if (u.x != 0.0 || u.y != 0.0) return u;
    }
    return down;
}

/* Tangents shorter than this fraction of the limb's size count as "no direction". */
static double tangent_floor(const limb_points *lp) {
    double s = 0.0;
    for (int i = 1; i < 4; ++i)
        s = fmax(s, fmax(fabs(lp->p[i].x), fabs(lp->p[i].y)));
    return s * 1e-12 + 1e-300;
}

size_t sa_limb_outline(sa_vec2 root, sa_vec2 middle, sa_vec2 tip, const sa_limb_config *config,
                       sa_vec2 *out, size_t capacity) {
    const sa_limb_config c = config ? *config : sa_limb_config_default();
    const size_t count = outline_count(&c);
    if (!out || count == 0) return count;
    if (capacity < count) return 0;

    const limb_points lp = sane_points(root, middle, tip);
    const size_t n2 = 2 * c.bone_samples, m = n2 + 1, caps = c.cap_samples;
    const size_t right_end = 2u * m + caps - 1u; /* index of the right side's root point */
    const double w0 = (double)sai_positive_or(c.root_width, 0.0f);
    const double w1 = (double)sai_positive_or(c.tip_width, 0.0f);
    const double floor_len = tangent_floor(&lp);

    dv2 dir = first_direction(&lp), first_dir = dir, last_dir = dir;
    for (size_t k = 0; k < m; ++k) {
        const double t = (double)k / (double)n2;
        dv2 pos, tan;
        curve_at(&lp, t, &pos, &tan);
        if (k == 0) pos = lp.p[1];
        if (k == n2 / 2u) pos = lp.p[2];
        if (k == n2) pos = lp.p[3];
        if (fabs(tan.x) + fabs(tan.y) > floor_len) dir = unit_or(tan, dir);
        if (k == 0) first_dir = dir;
        last_dir = dir;
        const double half = 0.5 * (w0 + (w1 - w0) * t);
        /* Left of the direction of travel on a y-down canvas: (dy, -dx). */
        const dv2 off = dv(dir.y * half, -dir.x * half);
        out[k] = narrow(dv(pos.x + off.x, pos.y + off.y));
        out[right_end - k] = narrow(dv(pos.x - off.x, pos.y - off.y));
    }

    /* Round caps: half circles from one side to the other, through the point straight ahead.
     * The angle steps by rotating (cos, sin) rather than calling the trigonometry per point. */
    const double rt = 0.5 * w1, rr = 0.5 * w0;
    const double step = SAI_PI_D / (double)(caps + 1u), cstep = sai_cos_d(step),
                 sstep = sai_sin_d(step);
    const dv2 nt = dv(last_dir.y, -last_dir.x), nr = dv(first_dir.y, -first_dir.x);
    double cs = 1.0, sn = 0.0;
    for (size_t j = 1; j <= caps; ++j) {
        const double c2 = cs * cstep - sn * sstep;
        sn = sn * cstep + cs * sstep;
        cs = c2;
        out[m + j - 1u] = narrow(dv(lp.p[3].x + rt * (nt.x * cs + last_dir.x * sn),
                                    lp.p[3].y + rt * (nt.y * cs + last_dir.y * sn)));
        out[right_end + j] = narrow(dv(lp.p[1].x - rr * (nr.x * cs + first_dir.x * sn),
                                       lp.p[1].y - rr * (nr.y * cs + first_dir.y * sn)));
    }
    out[right_end + caps + 1u] = out[0];
    return count;
}

sa_limb_style sa_limb_style_for(sa_limb_side side) {
    sa_limb_style s;
    if (side == SA_LIMB_SIDE_FAR) {
        s.width_scale = 0.8f;
        s.shade = 0.62f;
        s.opacity = SA_LIMB_FAR_OPACITY;
        s.draw_order = 0u;
    } else {
        s.width_scale = 1.0f;
        s.shade = 1.0f;
        s.opacity = 1.0f;
        s.draw_order = 1u;
    }
    return s;
}

sa_limb_config sa_limb_config_styled(const sa_limb_config *config, sa_limb_style style) {
    sa_limb_config c = config ? *config : sa_limb_config_default();
    const float k = sai_nonneg_or(style.width_scale, 1.0f);
    c.root_width = sai_sat_mul(sai_nonneg_or(c.root_width, 0.0f), k);
    c.tip_width = sai_sat_mul(sai_nonneg_or(c.tip_width, 0.0f), k);
    return c;
}
