/* squash.h's making and repair of a squash inline, and sa_squash_point() of a squash already sane
 * (a finite pivot, scales in range: what sa_squash_make() returns) without the repair. Not
 * installed. */
#ifndef STICKANIM_INTERNAL_SQUASH_POINT_H
#define STICKANIM_INTERNAL_SQUASH_POINT_H

#include <stickanim/squash.h>

#include "scalar.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* sai_squash_of(pivot, sy, sx) for an sy clamped already and an sx that is not NaN: the same
 * squash without the repairs that change nothing there (the clamp gives an infinite sx the scale
 * it gives the largest float of its sign). */
SAI_INLINE sa_squash sai_squash_of_clamped(sa_vec2 pivot, float sy, float sx) {
    sa_squash s;
    s.pivot = sai_v2_finite_or(pivot, sai_v2(0.0f, 0.0f));
    s.sx = sai_clamp(sx, SA_SQUASH_SCALE_MIN, SA_SQUASH_SCALE_MAX);
    s.sy = sy;
    return s;
}

/* sa_squash_make(pivot, sy, k). */
SAI_INLINE sa_squash sai_squash_make(sa_vec2 pivot, float sy, float k) {
    sy = sai_squash_clamp_scale(sy);
    k = sai_finite_or(k, SA_SQUASH_K);
    /* In double: a huge k must clamp, not overflow into inf * 0. (Finite sy and k make sx a
     * number: rounded to an infinity it clamps as sai_narrow()'s largest float would.) */
    return sai_squash_of_clamped(pivot, sy, (float)(1.0 + (1.0 - (double)sy) * (double)k));
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

/* sa_squash_apply() of the points `from` written to `to` (the same array, or apart), count of them
 * (a multiple of 4), for a sane s whose pivot is on the x axis (pivot.y +0, as the figure's) and
 * points that are finite and stay far inside the float range scaled (the figure's joints, its
 * finite hair): the same results without the clamp to the range and the select of the pivot for
 * a non-finite point that such points never take. (Inline: the figure squashes a pose a frame.)
 * x is scaled in double as sa_squash_apply() does; y in float: about a pivot at +0, the double's
 * y - 0 is y and its product with sy is exact, so rounding 0 + y·sy once to float is the float
 * product, plus 0 for the sign a zero takes. */
SAI_INLINE void sai_squash_ground_finite(sa_squash s, const sa_vec2 *from, sa_vec2 *to,
                                         size_t count) {
#if defined(__SSE2__)
    const __m128d pivot = _mm_set1_pd((double)s.pivot.x), scale = _mm_set1_pd((double)s.sx);
    const __m128 sy = _mm_set1_ps(s.sy), zero = _mm_setzero_ps();
    for (size_t i = 0; i < count; i += 4) {
        /* Four points, their x and their y gathered into a vector each: (x0, y0, x1, y1) and
         * (x2, y2, x3, y3) loaded, stored from (x0, x1, x2, x3) and (y0, y1, y2, y3). */
        const __m128 a = _mm_loadu_ps(&from[i].x), b = _mm_loadu_ps(&from[i + 2].x);
        const __m128 x = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        const __m128 y =
            _mm_add_ps(_mm_mul_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)), sy), zero);
        const __m128d lo = _mm_cvtps_pd(x), hi = _mm_cvtps_pd(_mm_movehl_ps(x, x));
        const __m128 x_lo =
            _mm_cvtpd_ps(_mm_add_pd(pivot, _mm_mul_pd(_mm_sub_pd(lo, pivot), scale)));
        const __m128 x_hi =
            _mm_cvtpd_ps(_mm_add_pd(pivot, _mm_mul_pd(_mm_sub_pd(hi, pivot), scale)));
        const __m128 scaled = _mm_movelh_ps(x_lo, x_hi);
        _mm_storeu_ps(&to[i].x, _mm_unpacklo_ps(scaled, y));
        _mm_storeu_ps(&to[i + 2].x, _mm_unpackhi_ps(scaled, y));
    }
#else
    for (size_t i = 0; i < count; ++i) {
        const sa_vec2 p = from[i];
        to[i].x = (float)((double)s.pivot.x + ((double)p.x - (double)s.pivot.x) * (double)s.sx);
        to[i].y = p.y * s.sy + 0.0f;
    }
#endif
}

#endif
