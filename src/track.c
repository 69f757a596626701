#include <stickanim/track.h>

#include "internal/scalar.h"
#include "internal/track_table.h"

/* Both track forms run on one strided core: a single-channel track is a multi-channel one whose
 * times, values and eases sit sizeof(sa_track_key) apart inside the key array. */

typedef struct layout {
    const char *times, *values, *eases; /* eases may be NULL: smoothstep */
    size_t time_stride, row_stride, ease_stride;
    size_t count;
} layout;

/* Where t falls: the two keys around it and the eased parameter between them. Before the first key
 * (or for NaN t) both keys are the first; after the last, both are the last. */
typedef struct span {
    size_t k0, k1;
    float e;
} span;

static float time_at(const layout *l, size_t k) {
    return *(const float *)(const void *)(l->times + k * l->time_stride);
}

static const float *row_at(const layout *l, size_t k) {
    return (const float *)(const void *)(l->values + k * l->row_stride);
}

static sa_ease ease_at(const layout *l, size_t k) {
    if (!l->eases) return SA_EASE_SMOOTH;
    return *(const sa_ease *)(const void *)(l->eases + k * l->ease_stride);
}

/* (Inlined into each caller, so a single-channel track's strides are constants there.) */
SAI_INLINE span locate(const layout *l, float t) {
    span s = {0, 0, 0.0f};
    if (!(t > time_at(l, 0))) return s;
    /* The first key in [1, count) at or after t, as the reference's linear scan finds it: with
     * equal times this picks the first of them, which makes a zero-length segment a step. */
    size_t lo = 1, hi = l->count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (time_at(l, mid) >= t)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo == l->count) {
        s.k0 = s.k1 = l->count - 1;
        return s;
    }
    s.k0 = lo - 1;
    s.k1 = lo;
    /* Sorted keys give t0 < t <= t1 here, so the span is positive; anything else (unsorted keys,
     * NaN times) lands on the later key instead of dividing by zero. */
    const double t0 = (double)time_at(l, s.k0), span_len = (double)time_at(l, s.k1) - t0;
    const double u = span_len > 0.0 ? ((double)t - t0) / span_len : 1.0;
    s.e = sai_ease_apply(ease_at(l, s.k0), (float)u);
    return s;
}

/* v0·(1 − e) + v1·e in double. Both products are exact there (float × float), and so is 1 − e
 * for e in [0, 1], so the sum is rounded once: exactly v0 at e = 0 and v1 at e = 1 (v0 + (v1 −
 * v0)·e would lose v1 = 4 next to v0 = −1e30), exactly constant on a hold, and for e in [0, 1]
 * never outside [min, max] of the two values (rounding is monotonic). No overflow for any pair
 * of floats. */
static float blend(float v0, float v1, float e) {
    const double a = (double)sai_finite_or(v0, 0.0f), b = (double)sai_finite_or(v1, 0.0f);
    const double u = (double)e;
    return sai_narrow(a * (1.0 - u) + b * u);
}

SAI_INLINE void sample_rows(const layout *l, float t, float *out, size_t n) {
    const span s = locate(l, t);
    const float *r0 = row_at(l, s.k0), *r1 = row_at(l, s.k1);
    for (size_t c = 0; c < n; ++c)
        out[c] = blend(r0[c], r1[c], s.e);
}

static layout key_layout(const sa_track_key *keys, size_t count) {
    layout l;
    l.times = (const char *)&keys[0].t;
    l.values = (const char *)&keys[0].v;
    l.eases = (const char *)&keys[0].ease;
    l.time_stride = l.row_stride = l.ease_stride = sizeof(sa_track_key);
    l.count = count;
    return l;
}

static layout multi_layout(const sa_track_multi *m) {
    layout l;
    l.times = (const char *)m->times;
    l.values = (const char *)m->values;
    l.eases = (const char *)m->eases;
    l.time_stride = m->stride ? m->stride : sizeof(float);
    l.row_stride = m->stride ? m->stride : m->channels * sizeof(float);
    l.ease_stride = m->stride ? m->stride : sizeof(sa_ease);
    l.count = m->count;
    return l;
}

static bool ease_known(sa_ease e) {
    return (int32_t)e >= 0 && (int32_t)e < (int32_t)SA_EASE_COUNT_;
}

/* Checks keys [0, count) of a layout whose pointers and sizes are already known to be good. */
static sa_status check_keys(const layout *l, size_t channels, size_t *bad_key) {
    for (size_t k = 0; k < l->count; ++k) {
        sa_status st = SA_OK;
        const float tk = time_at(l, k);
        const float *row = row_at(l, k);
        bool finite = sai_finite(tk);
        for (size_t c = 0; c < channels; ++c)
            finite = finite && sai_finite(row[c]);
        if (!finite)
            st = SA_ERR_NOT_FINITE;
        else if (k > 0 && tk < time_at(l, k - 1))
            st = SA_ERR_UNSORTED;
        else if (!ease_known(ease_at(l, k)))
            st = SA_ERR_RANGE;
        if (st != SA_OK) {
            if (bad_key) *bad_key = k;
            return st;
        }
    }
    return SA_OK;
}

float sa_track_sample(const sa_track_key *keys, size_t count, float t) {
    if (!keys || count == 0) return 0.0f;
    const layout l = key_layout(keys, count);
    float v;
    sample_rows(&l, t, &v, 1);
    return v;
}

void sai_track_multi_sample_table(const sa_track_multi *track, float t, float *out) {
    const layout l = multi_layout(track);
    const span s = locate(&l, t);
    const float *r0 = row_at(&l, s.k0), *r1 = row_at(&l, s.k1);
    /* blend() without its repair and narrowing: finite values far inside the range. */
    const double e = (double)s.e;
    for (size_t c = 0; c < track->channels; ++c)
        out[c] = (float)((double)r0[c] * (1.0 - e) + (double)r1[c] * e);
}

sa_status sa_track_validate(const sa_track_key *keys, size_t count) {
    if (!keys) return SA_ERR_NULL;
    if (count == 0) return SA_ERR_COUNT;
    const layout l = key_layout(keys, count);
    return check_keys(&l, 1, NULL);
}

sa_status sa_track_multi_validate(const sa_track_multi *track, size_t *bad_key) {
    if (bad_key) *bad_key = SA_TRACK_NO_KEY;
    if (!track || !track->times || !track->values) return SA_ERR_NULL;
    if (track->count == 0 || track->channels == 0 || track->channels > SIZE_MAX / sizeof(float))
        return SA_ERR_COUNT;
    if (track->stride != 0 &&
        (track->stride % sizeof(float) != 0 || track->stride < track->channels * sizeof(float)))
        return SA_ERR_RANGE;
    const layout l = multi_layout(track);
    return check_keys(&l, track->channels, bad_key);
}

size_t sa_track_multi_sample(const sa_track_multi *track, float t, float *out, size_t capacity) {
    if (!track) return 0;
    const size_t n = track->channels;
    if (!out) return n;
    if (capacity < n) return 0;
    if (!track->times || !track->values || track->count == 0) {
        for (size_t c = 0; c < n; ++c)
            out[c] = 0.0f;
        return n;
    }
    const layout l = multi_layout(track);
    sample_rows(&l, t, out, n);
    return n;
}

float sa_track_multi_sample_channel(const sa_track_multi *track, float t, size_t channel) {
    if (!track || !track->times || !track->values || track->count == 0 ||
        channel >= track->channels)
        return 0.0f;
    const layout l = multi_layout(track);
    const span s = locate(&l, t);
    return blend(row_at(&l, s.k0)[channel], row_at(&l, s.k1)[channel], s.e);
}
