/* One step of a damped spring (spring.c, docs/spring.md), inline for a caller that steps a spring
 * at every sub-step (the figure's head): sa_spring1_step() of a spring that is not NULL. Not
 * installed. */
#ifndef STICKANIM_INTERNAL_SPRING_STEP_H
#define STICKANIM_INTERNAL_SPRING_STEP_H

#include <stickanim/spring.h>

#include "scalar.h"

/* e(t) = pp*e0 + pv*v0, v(t) = vp*e0 + vv*v0 over a step (spring.c). */
typedef struct sai_spring_motion {
    double pp, pv, vp, vv;
} sai_spring_motion;

/* The step's motion for stiffness k >= 0 and damping c >= 0 finite, t > 0 finite (spring.c). */
sai_spring_motion sai_spring_motion_of(double k, double c, double t);

/* v == c for a constant c that is neither zero nor NaN: a test of v's bits, the same answer (only
 * +-0 and NaN compare otherwise than their bits) without the float compare's unordered case. */
SAI_INLINE bool sai_spring_is(float v, float c) {
    uint32_t a, b;
    memcpy(&a, &v, sizeof a);
    memcpy(&b, &c, sizeof b);
    return a == b;
}

/* sai_spring_motion_of() for the head's spring (SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING)
 * over a figure's sub-step of 1/120 s and over 1/60 s, bit for bit (printed with %a from the same
 * operations): the figure's every step needs no exp, cos or series. False for any other. */
SAI_INLINE bool sai_spring_known_motion(float stiffness, float damping, float dt,
                                        sai_spring_motion *m) {
    if (!sai_spring_is(stiffness, SA_SPRING_HEAD_STIFFNESS) ||
        !sai_spring_is(damping, SA_SPRING_HEAD_DAMPING))
        return false;
    if (sai_spring_is(dt, 1.0f / 120.0f)) {
        const sai_spring_motion k = {0x1.fbb35e4ffcc7cp-1, 0x1.e98b85628c049p-8,
                                     -0x1.f131b3781634bp+0, 0x1.98430737f856dp-1};
        *m = k;
        return true;
    }
    if (sai_spring_is(dt, 1.0f / 60.0f)) {
        const sai_spring_motion k = {0x1.f0026ccd36d52p-1, 0x1.b5e536fe5c05cp-7,
                                     -0x1.bcbccbda5575ep+1, 0x1.3e1d4e75e172cp-1};
        *m = k;
        return true;
    }
    return false;
}

/* What a step does: nothing but repairs (still: no time passes), snap to the target (infinite
 * stiffness), or the motion m. */
typedef struct sai_spring_params {
    bool snap, still;
    sai_spring_motion m;
} sai_spring_params;

/* The step for these settings (the bad-input rules of spring.h). */
SAI_INLINE sai_spring_params sai_spring_params_of(float stiffness, float damping, float dt) {
    sai_spring_params p = {false, false, {1.0, 0.0, 0.0, 1.0}};
    if (!(dt > 0.0f) || !sai_finite(dt)) {
        p.still = true;
        return p;
    }
    if (!(stiffness == stiffness) || stiffness == INFINITY) {
        p.snap = true;
        return p;
    }
    if (sai_spring_known_motion(stiffness, damping, dt, &p.m)) return p;
    const double k = stiffness > 0.0f ? (double)stiffness : 0.0;
    const double c = damping > 0.0f ? (damping > FLT_MAX ? (double)FLT_MAX : (double)damping) : 0.0;
    p.m = sai_spring_motion_of(k, c, (double)dt);
    return p;
}

/* One axis of a step that moves (neither still nor a snap): a non-finite position goes to the
 * target. */
SAI_INLINE void sai_spring_move(float *pos, float *vel, float target, const sai_spring_motion *m) {
    const float x = *pos;
    if (!sai_finite(target)) target = sai_finite(x) ? x : 0.0f;
    if (!sai_finite(x)) {
        *pos = target;
        *vel = 0.0f;
        return;
    }
    const double e0 = (double)x - (double)target;
    const double v0 = (double)sai_finite_or(*vel, 0.0f);
    *pos = sai_narrow((double)target + m->pp * e0 + m->pv * v0);
    *vel = sai_narrow(m->vp * e0 + m->vv * v0);
}

/* One axis. A "still" step only repairs a non-finite state, so finite values stay bit-identical. */
SAI_INLINE void sai_spring_advance(float *pos, float *vel, float target,
                                   const sai_spring_params *p) {
    const float x = *pos;
    if (p->still && sai_finite(x)) {
        *vel = sai_finite_or(*vel, 0.0f);
        return;
    }
    if (p->snap) {
        *pos = sai_finite(target) ? target : (sai_finite(x) ? x : 0.0f);
        *vel = 0.0f;
        return;
    }
    sai_spring_move(pos, vel, target, &p->m);
}

/* sa_spring1_step(s, ...) of an s that is not NULL. The head's spring at a figure's sub-step (every
 * step the figure takes) moves by a known motion: none of the checks of a still step or a snap,
 * which such a step passes. */
SAI_INLINE void sai_spring1_step(sa_spring1 *s, float target, float stiffness, float damping,
                                 float dt) {
    sai_spring_motion known;
    if (sai_spring_known_motion(stiffness, damping, dt, &known)) {
        sai_spring_move(&s->pos, &s->vel, target, &known);
        return;
    }
    const sai_spring_params p = sai_spring_params_of(stiffness, damping, dt);
    sai_spring_advance(&s->pos, &s->vel, target, &p);
}

#endif
