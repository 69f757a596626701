/* The walk/run mix the figure reads every frame, without sa_gait_mix()'s repairs of gaits that are
 * known sane. Not installed. */
#ifndef STICKANIM_INTERNAL_GAIT_MIX_H
#define STICKANIM_INTERNAL_GAIT_MIX_H

#include <stickanim/gait.h>

#include "scalar.h"

/* The gait of the given numbers, in gait.h's field order. */
SAI_INLINE sa_gait sai_gait_of(float stride, float cadence, float duty, float step_height,
                               float bob, float bob_shift, float lean) {
    sa_gait g;
    g.stride = stride;
    g.cadence = cadence;
    g.duty = duty;
    g.step_height = step_height;
    g.bob = bob;
    g.bob_shift = bob_shift;
    g.lean = lean;
    return g;
}

/* sa_gait_walk() and sa_gait_run() (defined from these), inline: what the figure computes from
 * them every frame (their ground speeds) folds to constants. The reasons for these numbers are
 * in docs/gait.md. */
SAI_INLINE sa_gait sai_gait_walk_inline(void) {
    return sai_gait_of(44.0f, 1.5f, 0.62f, 8.0f, 4.0f, 0.06f, 0.05f);
}
SAI_INLINE sa_gait sai_gait_run_inline(void) {
    return sai_gait_of(60.0f, 2.55f, 0.40f, 22.0f, 7.0f, 0.20f, 0.18f);
}

/* sa_gait_mix(walk, run, t) of sa_gait_walk() and sa_gait_run(), bit for bit; the gaits
 * themselves at t <= 0 and t >= 1 (a settled walk or run: the common case). */
sa_gait sai_gait_walk_run(float t);
/* sai_gait_walk_run(t).cadence, without mixing the other fields. */
float sai_gait_walk_run_cadence(float t);

/* g repaired by gait.h's bad-input rules (g itself when it is sane, as every gait the library
 * makes is). */
sa_gait sai_gait_sane(const sa_gait *g);
/* sa_gait_sample(), sa_gait_hip_offset() and sa_gait_ground_speed() of a gait known sane
 * (sai_gait_sane's result, or one the library made), bit for bit, without its repair. Inline:
 * the figure's motions sample their gait at every moment. */
SAI_INLINE sa_gait_foot sai_gait_sample_sane(const sa_gait *g, float phase) {
    const sa_gait s = *g;
    const float p = sai_phase_wrap(phase);
    const float half = 0.5f * s.stride;
    /* |x| <= |stride|/2 holds in float too: only halving a denormal stride rounds, and x is
     * clamped to that rounded half (a no-op for every other stride). */
    const float bound = fabsf(half);
    sa_gait_foot f;
    if (p < s.duty) {
        /* Linear in phase, so the foot moves at exactly stride * cadence / duty. */
        f.x = half - s.stride * (p / s.duty);
        f.lift = 0.0f;
        f.planted = true;
    } else {
        const float u = (p - s.duty) / (1.0f - s.duty);
        f.x = s.stride * sai_smooth(u) - half;
        /* sin(pi u) = sin(pi (1 - u)); the shorter side keeps the float argument below pi, where
         * sinf cannot dip below zero, and makes the arc exactly symmetric. */
        const float m = u < 0.5f ? u : 1.0f - u;
        f.lift = s.step_height * sai_sinf(SA_PI * m);
        f.planted = false;
    }
    f.x = sai_clamp(f.x, -bound, bound);
    return f;
}

SAI_INLINE float sai_gait_hip_offset_sane(const sa_gait *g, float phase) {
    const sa_gait s = *g;
    /* |sin(2 pi d)| has period 1/2; folding d into [0, 1/4] keeps the argument within [0, pi/2]. */
    float d = sai_phase_wrap(sai_phase_wrap(phase) - sai_phase_wrap(s.bob_shift));
    d = d < 0.5f ? d : d - 0.5f;
    d = d < 0.25f ? d : 0.5f - d;
    return -s.bob * sai_sinf(2.0f * SA_PI * d);
}

SAI_INLINE float sai_gait_ground_speed_sane(const sa_gait *g) {
    return sai_narrow((double)g->stride * (double)g->cadence / (double)g->duty);
}

/* sa_gait_mix_for_speed(a, b, speed) of two gaits known sane, bit for bit, without their repair. */
float sai_gait_mix_for_speed_sane(const sa_gait *a, const sa_gait *b, float speed);

#endif
