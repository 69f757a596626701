#include <stickanim/spring.h>

#include "internal/scalar.h"
#include "internal/spring_step.h"

/* The exact step of docs/spring.md. With e = x - target, over a step of length t:
 *   e(t) = pp*e0 + pv*v0,   v(t) = vp*e0 + vv*v0,
 *   pp = E(C + aS), pv = E S, vp = -k E S, vv = E(C - aS),  E = exp(-a t),  a = c/2,
 * with C(z) = cos(sqrt(z)), S = t*sin(sqrt(z))/sqrt(z) of z = (k - a^2)*t^2 (cosh/sinh when
 * z < 0). Nothing divides by the root difference, so there is no 0/0 at the critical boundary:
 * small |z| uses the power series, larger z > 0 cos/sin, larger z < 0 the two decaying
 * exponentials directly (cosh and sinh alone would overflow where exp(-a t) underflows). */

static const double SERIES_LIMIT = 0.5; /* |z| below this: 9 terms reach double precision */

/* 1 / ((2n)(2n - 1)) and 1 / ((2n + 1)(2n)) for n = 8 .. 1: the ratios of successive terms of
 * the cos and sin/x series, in the order Horner's rule uses them. */
static const double COS_RATIO[8] = {1.0 / 240, 1.0 / 182, 1.0 / 132, 1.0 / 90,
                                    1.0 / 56,  1.0 / 30,  1.0 / 12,  1.0 / 2};
static const double SIN_RATIO[8] = {1.0 / 272, 1.0 / 210, 1.0 / 156, 1.0 / 110,
                                    1.0 / 72,  1.0 / 42,  1.0 / 20,  1.0 / 6};

static sai_spring_motion series_motion(double k, double a, double t, double z) {
    /* C = sum (-z)^n / (2n)!, S/t = sum (-z)^n / (2n+1)!, by Horner from the last term. */
    double c = 1.0, s = 1.0;
    for (int i = 0; i < 8; ++i) {
        c = 1.0 - z * c * COS_RATIO[i];
        s = 1.0 - z * s * SIN_RATIO[i];
    }
    s *= t;
    const double e = sai_exp_d(-a * t);
    const sai_spring_motion m = {e * (c + a * s), e * s, -k * e * s, e * (c - a * s)};
    return m;
}

static sai_spring_motion oscillating_motion(double k, double a, double t, double w) {
    const double e = sai_exp_d(-a * t), c = sai_cos_d(w * t), s = sai_sin_d(w * t) / w;
    const sai_spring_motion m = {e * (c + a * s), e * s, -k * e * s, e * (c - a * s)};
    return m;
}

static sai_spring_motion overdamped_motion(double k, double a, double t, double b) {
    /* Roots r1 = b - a = -k / (a + b) (slow, computed without cancellation) and r2 = -(a + b). */
    const double r1 = -k / (a + b);
    const double e1 = sai_exp_d(r1 * t), e2 = sai_exp_d(-(a + b) * t), inv = 1.0 / (2.0 * b);
    const double pv = (e1 - e2) * inv;
    const sai_spring_motion m = {((a + b) * e1 + r1 * e2) * inv, pv, -k * pv,
                                 (r1 * e1 + (a + b) * e2) * inv};
    return m;
}

/* k >= 0 and c >= 0 finite, t > 0 finite. */
sai_spring_motion sai_spring_motion_of(double k, double c, double t) {
    const double a = 0.5 * c;
    const double w2 = k - a * a;
    const double z = w2 * t * t;
    if (fabs(z) < SERIES_LIMIT) return series_motion(k, a, t, z);
    if (z > 0.0) return oscillating_motion(k, a, t, sqrt(w2));
    return overdamped_motion(k, a, t, sqrt(-w2));
}

void sa_spring2_step(sa_spring2 *s, sa_vec2 target, float stiffness, float damping, float dt) {
    if (!s) return;
    const sai_spring_params p = sai_spring_params_of(stiffness, damping, dt);
    sai_spring_advance(&s->pos.x, &s->vel.x, target.x, &p);
    sai_spring_advance(&s->pos.y, &s->vel.y, target.y, &p);
}

void sa_spring1_step(sa_spring1 *s, float target, float stiffness, float damping, float dt) {
    if (s) sai_spring1_step(s, target, stiffness, damping, dt);
}

sa_spring1 sa_spring1_at_rest(float pos) {
    sa_spring1 s;
    s.pos = sai_finite_or(pos, 0.0f);
    s.vel = 0.0f;
    return s;
}

sa_spring2 sa_spring2_at_rest(sa_vec2 pos) {
    sa_spring2 s;
    s.pos = sai_v2_finite_or(pos, sai_v2(0.0f, 0.0f));
    s.vel = sai_v2(0.0f, 0.0f);
    return s;
}

float sa_spring_critical_damping(float stiffness) {
    if (!(stiffness > 0.0f) || !sai_finite(stiffness)) return 0.0f;
    return sai_narrow(2.0 * sqrt((double)stiffness));
}
