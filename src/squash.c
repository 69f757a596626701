#include <stickanim/squash.h>

#include "internal/scalar.h"
#include "internal/squash_point.h"

/* A scale: non-finite is 1 (no squash), then clamped to the documented range. */
static float clamp_scale(float v) {
    return sai_clamp(sai_finite_or(v, 1.0f), SA_SQUASH_SCALE_MIN, SA_SQUASH_SCALE_MAX);
}

/* The one place squash.h's bad-input rules for a whole squash live. */
static sa_squash sane_squash(sa_squash s) {
    s.pivot = sai_v2_finite_or(s.pivot, sai_v2(0.0f, 0.0f));
    s.sx = clamp_scale(s.sx);
    s.sy = clamp_scale(s.sy);
    return s;
}

static sa_squash make(sa_vec2 pivot, float sy, float sx) {
    sa_squash s;
    s.pivot = pivot;
    s.sx = sx;
    s.sy = sy;
    return sane_squash(s);
}

sa_squash sa_squash_make(sa_vec2 pivot, float sy, float k) {
    sy = clamp_scale(sy);
    k = sai_finite_or(k, SA_SQUASH_K);
    /* In double: a huge k must clamp, not overflow into inf * 0. */
    return make(pivot, sy, sai_narrow(1.0 + (1.0 - (double)sy) * (double)k));
}

sa_squash sa_squash_make_area(sa_vec2 pivot, float sy) {
    sy = clamp_scale(sy);
    return make(pivot, sy, 1.0f / sy);
}

sa_squash sa_squash_identity(void) { return make(sai_v2(0.0f, 0.0f), 1.0f, 1.0f); }

sa_vec2 sa_squash_point(sa_squash s, sa_vec2 p) { return sai_squash_point_sane(sane_squash(s), p); }

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
    s = sane_squash(s);
    for (size_t i = 0; i < count; ++i) {
        points[i].x = scale_about_sane(points[i].x, s.pivot.x, s.sx);
        points[i].y = scale_about_sane(points[i].y, s.pivot.y, s.sy);
    }
}

float sa_squash_radius_scale(sa_squash s) {
    s = sane_squash(s);
    return 0.5f * (s.sx + s.sy);
}
