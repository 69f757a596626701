/* The fade's target read inline (the figure asks for it several times a frame), and its step while
 * the target shows alone: the same answers as sa_fade_target(), sa_fade_target_layer() and
 * sa_fade_step() of a fade that is not NULL. Not installed. */
#ifndef STICKANIM_INTERNAL_FADE_TARGET_H
#define STICKANIM_INTERNAL_FADE_TARGET_H

#include <stickanim/fade.h>

#include "scalar.h"

/* Layers in use; a corrupted count reads as "full" above the maximum. */
SAI_INLINE size_t sai_fade_live_count(const sa_fade *f) {
    return f->count > SA_FADE_MAX_LAYERS ? SA_FADE_MAX_LAYERS : f->count;
}

/* sa_fade_target(f). */
SAI_INLINE int32_t sai_fade_target(const sa_fade *f) {
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1].id : 0;
}

/* sa_fade_step(f, rate, dt) of a fade holding its target alone (count 1) and a dt > 0, as nearly
 * always between fades: the target's weight is 1 and its time moves on (the rate fades nothing);
 * _alone when both are known, _lone asks: false, f untouched, for any other fade or dt
 * (sa_fade_step() it). */
SAI_INLINE void sai_fade_step_alone(sa_fade *f, float dt) {
    f->layers[0].weight = (float)(1.0 - 0.0); /* (settle_weights() with no others) */
    const float t = sai_positive_or(f->layers[0].time, 0.0f) + dt;
    f->layers[0].time = t <= FLT_MAX ? t : FLT_MAX;
}
SAI_INLINE bool sai_fade_step_lone(sa_fade *f, float dt) {
    if (f->count != 1 || !(dt > 0.0f)) return false;
    sai_fade_step_alone(f, dt);
    return true;
}

/* sa_fade_target_layer(f).time. */
SAI_INLINE float sai_fade_target_time(const sa_fade *f) {
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1].time : 0.0f;
}

#endif
