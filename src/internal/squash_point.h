/* sa_squash_point() of a squash already sane (a finite pivot, scales in range: what
 * sa_squash_make() returns), inline and without the repair. Not installed. */
#ifndef STICKANIM_INTERNAL_SQUASH_POINT_H
#define STICKANIM_INTERNAL_SQUASH_POINT_H

#include <stickanim/squash.h>

#include "scalar.h"

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
