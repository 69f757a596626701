/* track.h: single- and multi-channel keyframe tracks. Always finite; a key's value exactly at
 * its time; never outside the keys' values without an overshooting ease; the multi-channel track
 * samples each channel as a single track does; counts within capacity. */
#include "fuzz.h"

#include <stickanim/track.h>

enum { MAX_KEYS = 16, MAX_CHANNELS = 4 };

static sa_ease read_ease(fz_in *in) {
    const uint8_t e = fz_u8(in);
    if (e < 240) return (sa_ease)(e % (uint8_t)SA_EASE_COUNT_);
    return (sa_ease)fz_u32(in); /* now and then any value, unknown ones included */
}

/* How sampling reads a key value: NaN and infinities as 0. */
static float as_read(float v) { return fz_finite(v) ? v : 0.0f; }

static void check_single(fz_in *in) {
    sa_track_key keys[MAX_KEYS];
    const size_t n = 1 + fz_below(in, MAX_KEYS);
    const bool sorted = fz_bool(in);
    float t = fz_float_in(in, -1.0f, 0.0f);
    bool overshoot = false;
    float lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < n; ++k) {
        t = sorted ? t + fz_float_in(in, 0.0f, 0.5f) : fz_float(in);
        keys[k].t = t;
        keys[k].v = fz_float(in);
        keys[k].ease = read_ease(in);
        overshoot = overshoot || (k + 1 < n && keys[k].ease == SA_EASE_OUT_BACK);
        lo = fminf(lo, as_read(keys[k].v));
        hi = fmaxf(hi, as_read(keys[k].v));
    }
    const sa_status st = sa_track_validate(keys, n);
    for (int s = 0; s < 4; ++s) {
        const float at = fz_float(in);
        const float v = sa_track_sample(keys, n, at);
        FZ_CHECK(fz_finite(v));
        if (!overshoot) FZ_CHECK2(v >= lo && v <= hi, v, at);
    }
    /* At each key's time, exactly its value: the first of the keys at a repeated time. */
    if (st == SA_OK) {
        for (size_t k = 0; k < n; ++k) {
            size_t first = k;
            while (first > 0 && keys[first - 1].t == keys[k].t)
                --first;
            const float v = sa_track_sample(keys, n, keys[k].t);
            FZ_CHECK2(v == keys[first].v, v, keys[first].v);
        }
    }
    FZ_CHECK(sa_track_sample(NULL, n, t) == 0.0f);
    FZ_CHECK(sa_track_sample(keys, 0, t) == 0.0f);
}

static void check_multi(fz_in *in) {
    /* Rows of a struct, so the stride layout is fuzzed too; packed arrays otherwise. */
    typedef struct row {
        float t;
        float v[MAX_CHANNELS];
        sa_ease ease;
    } row;
    row rows[MAX_KEYS];
    float times[MAX_KEYS], values[MAX_KEYS * MAX_CHANNELS];
    sa_ease eases[MAX_KEYS];
    const size_t n = 1 + fz_below(in, MAX_KEYS), ch = 1 + fz_below(in, MAX_CHANNELS);
    const bool strided = fz_bool(in), with_eases = fz_bool(in), sorted = fz_bool(in);
    float t = 0.0f;
    for (size_t k = 0; k < n; ++k) {
        t = sorted ? t + fz_float_in(in, 0.0f, 0.5f) : fz_float(in);
        rows[k].t = times[k] = t;
        for (size_t c = 0; c < ch; ++c)
            rows[k].v[c] = values[k * ch + c] = fz_float(in);
        rows[k].ease = eases[k] = read_ease(in);
    }
    sa_track_multi m;
    m.count = n;
    m.channels = ch;
    m.stride = strided ? sizeof(row) : 0;
    m.times = strided ? &rows[0].t : times;
    m.values = strided ? rows[0].v : values;
    m.eases = with_eases ? (strided ? &rows[0].ease : eases) : NULL;
    size_t bad = 0;
    const sa_status st = sa_track_multi_validate(&m, &bad);
    FZ_CHECK(st == SA_OK ? bad == SA_TRACK_NO_KEY : (bad == SA_TRACK_NO_KEY || bad < n));
    const float at = fz_float(in);
    float out[MAX_CHANNELS + 1];
    out[ch] = 12345.0f;
    FZ_CHECK(sa_track_multi_sample(&m, at, NULL, 0) == ch);
    if (ch > 1) FZ_CHECK(sa_track_multi_sample(&m, at, out, ch - 1) == 0);
    FZ_CHECK(sa_track_multi_sample(&m, at, out, MAX_CHANNELS + 1) == ch);
    FZ_CHECK(out[ch] == 12345.0f); /* nothing past the row */
    for (size_t c = 0; c < ch; ++c) {
        FZ_CHECK(fz_finite(out[c]));
        const float one = sa_track_multi_sample_channel(&m, at, c);
        FZ_CHECK2(one == out[c], one, out[c]);
        /* The channel as a single-channel track. */
        sa_track_key keys[MAX_KEYS];
        for (size_t k = 0; k < n; ++k) {
            keys[k].t = times[k];
            keys[k].v = values[k * ch + c];
            keys[k].ease = with_eases ? eases[k] : SA_EASE_SMOOTH;
        }
        const float single = sa_track_sample(keys, n, at);
        FZ_CHECK2(single == out[c], single, out[c]);
    }
    FZ_CHECK(sa_track_multi_sample_channel(&m, at, ch) == 0.0f);
}

void sa_fuzz_track(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        if (fz_bool(&in))
            check_single(&in);
        else
            check_multi(&in);
    } while (fz_more(&in));
}
