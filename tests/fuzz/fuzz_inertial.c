/* inertial.h: decays, factors and recorded offsets. Finite; factors in [0, 1]; rotations unit;
 * exactly the old value at t = 0. */
#include "fuzz.h"

#include <stickanim/inertial.h>

enum { MAX_N = 6 };

void sa_fuzz_inertial(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        const float x0 = fz_float(&in), v0 = fz_float(&in), h = fz_float_in(&in, 0.0f, 1.0f);
        const float t = fz_float_in(&in, 0.0f, 2.0f);
        const float d = sa_inertial_decay(x0, v0, h, t);
        FZ_CHECK(fz_finite(d));
        if (!fz_finite(x0) || !fz_finite(v0))
            FZ_CHECK(d == 0.0f);
        else if (!(t > 0.0f))
            FZ_CHECK2(d == x0, d, x0);
        const float k = sa_inertial_factor(h, t);
        FZ_CHECK2(k >= 0.0f && k <= 1.0f, k, t);
        if (!(t > 0.0f))
            FZ_CHECK(k == 1.0f);
        else if (!(h > 0.0f))
            FZ_CHECK(k == 0.0f);

        const float from = fz_float(&in), to = fz_float(&in);
        const sa_inertial_scalar rec =
            sa_inertial_scalar_record(from, fz_float(&in), to, fz_float(&in));
        FZ_CHECK(fz_finite(rec.offset) && fz_finite(rec.velocity));
        const float applied = sa_inertial_scalar_apply(rec, to, h, t);
        FZ_CHECK(fz_finite(applied));

        const sa_quat qf = fz_quat(&in), qt = fz_quat(&in);
        const sa_inertial_quat rq = sa_inertial_quat_record(qf, fz_v3(&in), qt, fz_v3(&in));
        FZ_CHECK(fz_finite_v3(rq.offset) && fz_finite_v3(rq.velocity));
        FZ_CHECK(fz_unit(sa_inertial_quat_apply(rq, qt, h, t)));
        /* At t = 0 the old rotation comes back (up to sign and rounding). */
        const sa_quat back = sa_inertial_quat_apply(rq, qt, h, 0.0f);
        const sa_quat want = sa_quat_normalize(qf);
        const double dot = fabs((double)back.x * want.x + (double)back.y * want.y +
                                (double)back.z * want.z + (double)back.w * want.w);
        FZ_CHECK2(dot >= 1.0 - 1e-5, dot, 1.0);

        sa_inertial_quat recs[MAX_N];
        sa_quat tos[MAX_N], outs[MAX_N];
        const size_t n = fz_below(&in, MAX_N + 1);
        for (size_t i = 0; i < n; ++i) {
            recs[i].offset = fz_v3(&in);
            recs[i].velocity = fz_v3(&in);
            tos[i] = fz_quat(&in);
        }
        const size_t cap = fz_below(&in, MAX_N + 1);
        const size_t w = sa_inertial_quats_apply(recs, tos, n, h, t, outs, cap);
        FZ_CHECK(w == ((n > 0 && cap >= n) ? n : 0));
        for (size_t i = 0; i < w; ++i)
            FZ_CHECK(fz_unit(outs[i]));
        FZ_CHECK(sa_inertial_quats_apply(recs, tos, n, h, t, NULL, 0) == n);
    } while (fz_more(&in));
}
