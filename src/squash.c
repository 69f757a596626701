#include <stickanim/squash.h>

#include "internal/scalar.h"
#include "internal/squash_point.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

sa_squash sa_squash_make(sa_vec2 pivot, float sy, float k) { return sai_squash_make(pivot, sy, k); }

sa_squash sa_squash_make_area(sa_vec2 pivot, float sy) {
    sy = sai_squash_clamp_scale(sy);
    return sai_squash_of_clamped(pivot, sy, 1.0f / sy); /* (sy in range: 1/sy is a number) */
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

#if defined(__SSE2__)
/* scale_about_sane() on two (x, y) pairs of doubles at once: the same double operations and the
 * same selects (minpd and maxpd are the two ?: of the clamp, argument order included), so the same
 * floats, per coordinate. */
static inline __m128d scale_pair(__m128d p, __m128d pivot, __m128d scale) {
    const __m128d r = _mm_add_pd(pivot, _mm_mul_pd(_mm_sub_pd(p, pivot), scale));
    const __m128d below = _mm_min_pd(r, _mm_set1_pd((double)FLT_MAX));
    return _mm_max_pd(below, _mm_set1_pd(-(double)FLT_MAX));
}

/* Two points a call, (x, y, x, y), a non-finite coordinate taking the pivot's (`at`): GCC leaves
 * the loop below scalar. */
static inline __m128 scale_two_about(__m128 p, __m128d pivot, __m128d scale, __m128 at) {
    const __m128 lo = _mm_cvtpd_ps(scale_pair(_mm_cvtps_pd(p), pivot, scale));
    const __m128 hi = _mm_cvtpd_ps(scale_pair(_mm_cvtps_pd(_mm_movehl_ps(p, p)), pivot, scale));
    const __m128 r = _mm_movelh_ps(lo, hi);
    const __m128 magnitude = _mm_and_ps(p, _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF)));
    const __m128 finite = _mm_cmple_ps(magnitude, _mm_set1_ps(FLT_MAX));
    return _mm_or_ps(_mm_and_ps(finite, r), _mm_andnot_ps(finite, at));
}
#endif

void sa_squash_apply(sa_squash s, sa_vec2 *points, size_t count) {
    if (!points) return;
    s = sai_squash_sane(s);
    size_t i = 0;
#if defined(__SSE2__)
    const __m128d pivot = _mm_set_pd((double)s.pivot.y, (double)s.pivot.x);
    const __m128d scale = _mm_set_pd((double)s.sy, (double)s.sx);
    const __m128 at = _mm_set_ps(s.pivot.y, s.pivot.x, s.pivot.y, s.pivot.x);
    for (; i + 2 <= count; i += 2) {
        float *two = &points[i].x;
        _mm_storeu_ps(two, scale_two_about(_mm_loadu_ps(two), pivot, scale, at));
    }
#endif
    for (; i < count; ++i) {
        points[i].x = scale_about_sane(points[i].x, s.pivot.x, s.sx);
        points[i].y = scale_about_sane(points[i].y, s.pivot.y, s.sy);
    }
}

float sa_squash_radius_scale(sa_squash s) { return sai_squash_radius_scale(s); }
