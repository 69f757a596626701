/* spring.h: exact damped springs. Always finite; a step never gains energy; no time, no change. */
#include "fuzz.h"

#include <stickanim/spring.h>

/* Energy of the spring about its target, in double: v²/2 + k·e²/2. */
static double energy(double x, double v, double target, double k) {
    const double e = x - target;
    return 0.5 * v * v + 0.5 * k * e * e;
}

static void check_step(fz_in *in) {
    sa_spring1 s;
    s.pos = fz_float(in);
    s.vel = fz_float(in);
    const float target = fz_float(in), k = fz_float(in), c = fz_float(in);
    const float dt = fz_float_in(in, 0.0f, 0.2f);
    const sa_spring1 before = s;
    sa_spring1_step(&s, target, k, c, dt);
    FZ_CHECK(fz_finite(s.pos) && fz_finite(s.vel));
    const bool finite_state = fz_finite(before.pos) && fz_finite(before.vel);
    if (!(dt > 0.0f) || !fz_finite(dt)) {
        if (finite_state) FZ_CHECK(memcmp(&s, &before, sizeof s) == 0);
        return;
    }
    if (fz_finite(target) && (k != k || k == INFINITY)) FZ_CHECK(s.pos == target && s.vel == 0.0f);
    /* No energy gained, up to the rounding of the stored floats, where nothing saturates. */
    const double m = 1e6;
    if (finite_state && fz_finite(target) && fz_finite(k) && fabs((double)before.pos) < m &&
        fabs((double)before.vel) < m && fabs((double)target) < m && k <= 1e6f) {
        const double kk = k > 0.0f ? (double)k : 0.0;
        const double e0 = energy(before.pos, before.vel, target, kk);
        const double e1 = energy(s.pos, s.vel, target, kk);
        const double ex =
            2.0 * FLT_EPSILON *
            (fabs((double)target) + fabs((double)before.pos) + fabs((double)s.pos) + 1e-30);
        const double ev = 2.0 * FLT_EPSILON * (fabs((double)before.vel) + fabs((double)s.vel));
        const double slack = kk * ex * (fabs((double)s.pos - target) + ex) +
                             ev * (fabs((double)s.vel) + ev) + 1e-5 * e0 + 1e-30;
        FZ_CHECK2(e1 <= e0 + slack, e1, e0);
    }
}

static void check_step2(fz_in *in) {
    sa_spring2 s;
    s.pos = fz_v2(in);
    s.vel = fz_v2(in);
    const sa_vec2 target = fz_v2(in);
    const float k = fz_float(in), c = fz_float(in), dt = fz_float_in(in, 0.0f, 0.2f);
    /* Each axis exactly as the scalar spring. */
    sa_spring1 x = {s.pos.x, s.vel.x}, y = {s.pos.y, s.vel.y};
    sa_spring2_step(&s, target, k, c, dt);
    sa_spring1_step(&x, target.x, k, c, dt);
    sa_spring1_step(&y, target.y, k, c, dt);
    FZ_CHECK(fz_finite_v2(s.pos) && fz_finite_v2(s.vel));
    FZ_CHECK(memcmp(&s.pos.x, &x.pos, sizeof x.pos) == 0 &&
             memcmp(&s.vel.x, &x.vel, sizeof x.vel) == 0);
    FZ_CHECK(memcmp(&s.pos.y, &y.pos, sizeof y.pos) == 0 &&
             memcmp(&s.vel.y, &y.vel, sizeof y.vel) == 0);
}

void sa_fuzz_spring(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        switch (fz_u8(&in) % 3) {
        case 0:
            check_step(&in);
            break;
        case 1:
            check_step2(&in);
            break;
        default: {
            const float v = fz_float(&in);
            const sa_spring1 a = sa_spring1_at_rest(v);
            FZ_CHECK(fz_finite(a.pos) && a.vel == 0.0f);
            const sa_spring2 b = sa_spring2_at_rest(fz_v2(&in));
            FZ_CHECK(fz_finite_v2(b.pos) && b.vel.x == 0.0f && b.vel.y == 0.0f);
            const float c = sa_spring_critical_damping(v);
            FZ_CHECK2(fz_finite(c) && c >= 0.0f, c, v);
            break;
        }
        }
    } while (fz_more(&in));
}
