/* The fade's target read inline (the figure asks for it several times a frame): the same answers
 * as sa_fade_target() and sa_fade_target_layer() of a fade that is not NULL. Not installed. */
#ifndef STICKANIM_INTERNAL_FADE_TARGET_H
#define STICKANIM_INTERNAL_FADE_TARGET_H

#include <stickanim/fade.h>

#include "fmath.h"

/* Layers in use; a corrupted count reads as "full" above the maximum. */
SAI_INLINE size_t sai_fade_live_count(const sa_fade *f) {
    return f->count > SA_FADE_MAX_LAYERS ? SA_FADE_MAX_LAYERS : f->count;
}

/* sa_fade_target(f). */
SAI_INLINE int32_t sai_fade_target(const sa_fade *f) {
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1].id : 0;
}

/* sa_fade_target_layer(f).time. */
SAI_INLINE float sai_fade_target_time(const sa_fade *f) {
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1].time : 0.0f;
}

#endif
