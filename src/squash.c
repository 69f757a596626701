#include <stickanim/squash.h>

#include "internal/scalar.h"
#include "internal/squash_point.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

sa_squash sa_squash_make(sa_vec2 pivot, float sy, float k) { return sai_squash_make(pivot, sy, k); }

sa_squash sa_squash_make_area(sa_vec2 pivot, float sy) {
    sy = sai_squash_clamp_scale(sy);
    return sai_squash_of(pivot, sy, 1.0f / sy);
}

sa_squash sa_squash_identity(void) { return sai_squash_of(sai_v2(0.0f, 0.0f), 1.0f, 1.0f); }

sa_vec2 sa_squash_point(sa_squash s, sa_vec2 p) {
    return sai_squash_point_sane(sai_squash_sane(s), p);
}

#if defined(__SSE2__)
/* sai_squash_scale_about() of both coordinates of point p at once, in the two lanes of a double
 * pair: the same double operations, minpd and maxpd giving the clamp's selects exactly (r is never
 * NaN for a finite p), cvtpd2ps rounding as the scalar conversion does. */
static inline void scale_point_sane(sa_vec2 *p, __m128d pivot, __m128d scale, __m128 pivot_f) {
    double xy;
    memcpy(&xy, p, sizeof xy);
    const __m128 v = _mm_castpd_ps(_mm_load_sd(&xy));
    const __m128d d = _mm_cvtps_pd(v);
    __m128d r = _mm_add_pd(pivot, _mm_mul_pd(_mm_sub_pd(d, pivot), scale));
    r = _mm_min_pd(r, _mm_set1_pd((double)FLT_MAX));  /* r < FLT_MAX ? r : FLT_MAX */
    r = _mm_max_pd(r, _mm_set1_pd(-(double)FLT_MAX)); /* r > -FLT_MAX ? r : -FLT_MAX */
    const __m128 abs = _mm_and_ps(v, _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF)));
    const __m128 finite = _mm_cmple_ps(abs, _mm_set1_ps(FLT_MAX));
    const __m128 out =
        _mm_or_ps(_mm_and_ps(finite, _mm_cvtpd_ps(r)), _mm_andnot_ps(finite, pivot_f));
    _mm_store_sd(&xy, _mm_castps_pd(out));
    memcpy(p, &xy, sizeof xy);
}
#else
/* sai_squash_scale_about() without a branch, for a sane squash (finite pivot and scale): a finite p
 * gives a finite double (never NaN), which is clamped to the float range; a non-finite p picks the
 * pivot. The same results, as selects the compiler can vectorise over a whole array. */
static inline float scale_about_sane(float p, float pivot, float scale) {
    const double r = (double)pivot + ((double)p - (double)pivot) * (double)scale;
    const double below = r < (double)FLT_MAX ? r : (double)FLT_MAX;
    const double within = below > -(double)FLT_MAX ? below : -(double)FLT_MAX;
    return fabsf(p) <= FLT_MAX ? (float)within : pivot;
}
#endif

void sa_squash_apply(sa_squash s, sa_vec2 *points, size_t count) {
    if (!points) return;
    s = sai_squash_sane(s);
#if defined(__SSE2__)
    _Static_assert(sizeof(sa_vec2) == sizeof(double), "a point is two floats");
    const __m128d pivot = _mm_set_pd((double)s.pivot.y, (double)s.pivot.x);
    const __m128d scale = _mm_set_pd((double)s.sy, (double)s.sx);
    const __m128 pivot_f = _mm_setr_ps(s.pivot.x, s.pivot.y, 0.0f, 0.0f);
    for (size_t i = 0; i < count; ++i)
        scale_point_sane(&points[i], pivot, scale, pivot_f);
#else
    for (size_t i = 0; i < count; ++i) {
        points[i].x = scale_about_sane(points[i].x, s.pivot.x, s.sx);
        points[i].y = scale_about_sane(points[i].y, s.pivot.y, s.sy);
    }
#endif
}

float sa_squash_radius_scale(sa_squash s) { return sai_squash_radius_scale(s); }
