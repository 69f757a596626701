#include <stickanim/squash.h>

#include "internal/scalar.h"
#include "internal/squash_point.h"

sa_squash sa_squash_make(sa_vec2 pivot, float sy, float k) { return sai_squash_make(pivot, sy, k); }

sa_squash sa_squash_make_area(sa_vec2 pivot, float sy) {
    sy = sai_squash_clamp_scale(sy);
    return sai_squash_of(pivot, sy, 1.0f / sy);
}

sa_squash sa_squash_identity(void) { return sai_squash_of(sai_v2(0.0f, 0.0f), 1.0f, 1.0f); }

sa_vec2 sa_squash_point(sa_squash s, sa_vec2 p) {
    return sai_squash_point_sane(sai_squash_sane(s), p);
}

/* sai_squash_scale_about() without a branch, for a sane squash (finite pivot and scale): a finite p
 * gives a finite double (never NaN), which is clamped to the float range; a non-finite p picks the
 * pivot. The same results, as selects the compiler can vectorise over a whole array. */
static inline float scale_about_sane(float p, float pivot, float scale) {
    const double r = (double)pivot + ((double)p - (double)pivot) * (double)scale;
    const double below = r < (double)FLT_MAX ? r : (double)FLT_MAX;
    const double within = below > -(double)FLT_MAX ? below : -(double)FLT_MAX;
    return fabsf(p) <= FLT_MAX ? (float)within : pivot;
}

void sa_squash_apply(sa_squash s, sa_vec2 *points, size_t count) {
    if (!points) return;
    s = sai_squash_sane(s);
    for (size_t i = 0; i < count; ++i) {
        points[i].x = scale_about_sane(points[i].x, s.pivot.x, s.sx);
        points[i].y = scale_about_sane(points[i].y, s.pivot.y, s.sy);
    }
}

float sa_squash_radius_scale(sa_squash s) { return sai_squash_radius_scale(s); }
