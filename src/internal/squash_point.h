/* squash.h's making and repair of a squash inline, and sa_squash_point() of a squash already sane
 * (a finite pivot, scales in range: what sa_squash_make() returns) without the repair. Not
 * installed. */
#ifndef STICKANIM_INTERNAL_SQUASH_POINT_H
#define STICKANIM_INTERNAL_SQUASH_POINT_H

#include <stickanim/squash.h>

#include "scalar.h"

/* A scale: non-finite is 1 (no squash), then clamped to the documented range. */
SAI_INLINE float sai_squash_clamp_scale(float v) {
    return sai_clamp(sai_finite_or(v, 1.0f), SA_SQUASH_SCALE_MIN, SA_SQUASH_SCALE_MAX);
}

/* The one place squash.h's bad-input rules for a whole squash live. */
SAI_INLINE sa_squash sai_squash_sane(sa_squash s) {
    s.pivot = sai_v2_finite_or(s.pivot, sai_v2(0.0f, 0.0f));
    s.sx = sai_squash_clamp_scale(s.sx);
    s.sy = sai_squash_clamp_scale(s.sy);
    return s;
}

/* The squash of these fields, made sane. */
SAI_INLINE sa_squash sai_squash_of(sa_vec2 pivot, float sy, float sx) {
    sa_squash s;
    s.pivot = pivot;
    s.sx = sx;
    s.sy = sy;
    return sai_squash_sane(s);
}

/* sa_squash_make(pivot, sy, k). */
SAI_INLINE sa_squash sai_squash_make(sa_vec2 pivot, float sy, float k) {
    sy = sai_squash_clamp_scale(sy);
    k = sai_finite_or(k, SA_SQUASH_K);
    /* In double: a huge k must clamp, not overflow into inf * 0. */
    return sai_squash_of(pivot, sy, sai_narrow(1.0 + (1.0 - (double)sy) * (double)k));
}

/* sa_squash_radius_scale(s). */
SAI_INLINE float sai_squash_radius_scale(sa_squash s) {
    s = sai_squash_sane(s);
    return 0.5f * (s.sx + s.sy);
}

/* p scaled about pivot: a finite p exact to one rounding in double, clamped to the float range;
 * a non-finite p is the pivot. */
SAI_INLINE float sai_squash_scale_about(float p, float pivot, float scale) {
    if (!sai_finite(p)) return pivot;
    return sai_narrow((double)pivot + ((double)p - (double)pivot) * (double)scale);
}

/* sa_squash_point(s, p) for a sane s. */
SAI_INLINE sa_vec2 sai_squash_point_sane(sa_squash s, sa_vec2 p) {
    return sai_v2(sai_squash_scale_about(p.x, s.pivot.x, s.sx),
                  sai_squash_scale_about(p.y, s.pivot.y, s.sy));
}

#endif
