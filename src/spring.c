#include <stickanim/spring.h>

#include "internal/scalar.h"

/* The exact step of docs/spring.md. With e = x - target, over a step of length t:
 *   e(t) = pp*e0 + pv*v0,   v(t) = vp*e0 + vv*v0,
 *   pp = E(C + aS), pv = E S, vp = -k E S, vv = E(C - aS),  E = exp(-a t),  a = c/2,
 * with C(z) = cos(sqrt(z)), S = t*sin(sqrt(z))/sqrt(z) of z = (k - a^2)*t^2 (cosh/sinh when
 * z < 0). Nothing divides by the root difference, so there is no 0/0 at the critical boundary:
 * small |z| uses the power series, larger z > 0 cos/sin, larger z < 0 the two decaying
 * exponentials directly (cosh and sinh alone would overflow where exp(-a t) underflows). */

typedef struct motion {
    double pp, pv, vp, vv;
} motion;

static const double SERIES_LIMIT = 0.5; /* |z| below this: 9 terms reach double precision */

/* 1 / ((2n)(2n - 1)) and 1 / ((2n + 1)(2n)) for n = 8 .. 1: the ratios of successive terms of
 * the cos and sin/x series, in the order Horner's rule uses them. */
static const double COS_RATIO[8] = {1.0 / 240, 1.0 / 182, 1.0 / 132, 1.0 / 90,
                                    1.0 / 56,  1.0 / 30,  1.0 / 12,  1.0 / 2};
static const double SIN_RATIO[8] = {1.0 / 272, 1.0 / 210, 1.0 / 156, 1.0 / 110,
                                    1.0 / 72,  1.0 / 42,  1.0 / 20,  1.0 / 6};

static motion series_motion(double k, double a, double t, double z) {
    /* C = sum (-z)^n / (2n)!, S/t = sum (-z)^n / (2n+1)!, by Horner from the last term. */
    double c = 1.0, s = 1.0;
    for (int i = 0; i < 8; ++i) {
        c = 1.0 - z * c * COS_RATIO[i];
        s = 1.0 - z * s * SIN_RATIO[i];
    }
    s *= t;
    const double e = sai_exp_d(-a * t);
    const motion m = {e * (c + a * s), e * s, -k * e * s, e * (c - a * s)};
    return m;
}

static motion oscillating_motion(double k, double a, double t, double w) {
    const double e = sai_exp_d(-a * t), c = sai_cos_d(w * t), s = sai_sin_d(w * t) / w;
    const motion m = {e * (c + a * s), e * s, -k * e * s, e * (c - a * s)};
    return m;
}

static motion overdamped_motion(double k, double a, double t, double b) {
    /* Roots r1 = b - a = -k / (a + b) (slow, computed without cancellation) and r2 = -(a + b). */
    const double r1 = -k / (a + b);
    const double e1 = sai_exp_d(r1 * t), e2 = sai_exp_d(-(a + b) * t), inv = 1.0 / (2.0 * b);
    const double pv = (e1 - e2) * inv;
    const motion m = {((a + b) * e1 + r1 * e2) * inv, pv, -k * pv, (r1 * e1 + (a + b) * e2) * inv};
    return m;
}

/* k >= 0 and c >= 0 finite, t > 0 finite. */
static motion spring_motion(double k, double c, double t) {
    const double a = 0.5 * c;
    const double w2 = k - a * a;
    const double z = w2 * t * t;
    if (fabs(z) < SERIES_LIMIT) return series_motion(k, a, t, z);
    if (z > 0.0) return oscillating_motion(k, a, t, sqrt(w2));
    return overdamped_motion(k, a, t, sqrt(-w2));
}

/* spring_motion() for the head's spring (SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING) over
 * a figure's sub-step of 1/120 s and over 1/60 s, bit for bit (printed with %a from the same
 * operations): the figure's every step needs no exp, cos or series. False for any other. */
static bool known_motion(float stiffness, float damping, float dt, motion *m) {
    if (stiffness != SA_SPRING_HEAD_STIFFNESS || damping != SA_SPRING_HEAD_DAMPING) return false;
    if (dt == 1.0f / 120.0f) {
        const motion k = {0x1.fbb35e4ffcc7cp-1, 0x1.e98b85628c049p-8, -0x1.f131b3781634bp+0,
                          0x1.98430737f856dp-1};
        *m = k;
        return true;
    }
    if (dt == 1.0f / 60.0f) {
        const motion k = {0x1.f0026ccd36d52p-1, 0x1.b5e536fe5c05cp-7, -0x1.bcbccbda5575ep+1,
                          0x1.3e1d4e75e172cp-1};
        *m = k;
        return true;
    }
    return false;
}

typedef struct params {
    bool snap, still;
    motion m;
} params;

static params make_params(float stiffness, float damping, float dt) {
    params p = {false, false, {1.0, 0.0, 0.0, 1.0}};
    if (!(dt > 0.0f) || !sai_finite(dt)) {
        p.still = true;
        return p;
    }
    if (!(stiffness == stiffness) || stiffness == INFINITY) {
        p.snap = true;
        return p;
    }
    if (known_motion(stiffness, damping, dt, &p.m)) return p;
    const double k = stiffness > 0.0f ? (double)stiffness : 0.0;
    const double c = damping > 0.0f ? (damping > FLT_MAX ? (double)FLT_MAX : (double)damping) : 0.0;
    p.m = spring_motion(k, c, (double)dt);
    return p;
}

/* One axis. A "still" step only repairs a non-finite state, so finite values stay bit-identical. */
static void advance(float *pos, float *vel, float target, const params *p) {
    const float x = *pos;
    if (!sai_finite(target)) target = sai_finite(x) ? x : 0.0f;
    if (p->still && sai_finite(x)) {
        *vel = sai_finite_or(*vel, 0.0f);
        return;
    }
    if (!sai_finite(x) || p->snap) {
        *pos = target;
        *vel = 0.0f;
        return;
    }
    const double e0 = (double)x - (double)target;
    const double v0 = (double)sai_finite_or(*vel, 0.0f);
    *pos = sai_narrow((double)target + p->m.pp * e0 + p->m.pv * v0);
    *vel = sai_narrow(p->m.vp * e0 + p->m.vv * v0);
}

void sa_spring2_step(sa_spring2 *s, sa_vec2 target, float stiffness, float damping, float dt) {
    if (!s) return;
    const params p = make_params(stiffness, damping, dt);
    advance(&s->pos.x, &s->vel.x, target.x, &p);
    advance(&s->pos.y, &s->vel.y, target.y, &p);
}

void sa_spring1_step(sa_spring1 *s, float target, float stiffness, float damping, float dt) {
    if (!s) return;
    const params p = make_params(stiffness, damping, dt);
    advance(&s->pos, &s->vel, target, &p);
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
