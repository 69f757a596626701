#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/track.h>

#include "internal/track_table.h"

/* The reference's jump (003): rootY keys with easeOutCubic before the apex key and easeInCubic
 * after. */
static const sa_track_key JUMP[] = {
    {0.00f, 0.0f, SA_EASE_OUT_CUBIC},  {0.20f, 10.0f, SA_EASE_OUT_CUBIC},
    {0.32f, -6.0f, SA_EASE_OUT_CUBIC}, {0.50f, -160.0f, SA_EASE_IN_CUBIC},
    {0.68f, -70.0f, SA_EASE_IN_CUBIC}, {0.82f, 4.0f, SA_EASE_IN_CUBIC},
    {0.90f, -2.0f, SA_EASE_IN_CUBIC},  {1.00f, 0.0f, SA_EASE_IN_CUBIC},
};
enum { JUMP_COUNT = sizeof JUMP / sizeof JUMP[0] };

static double ease_ref(sa_ease e, double u) {
    switch (e) {
    case SA_EASE_LINEAR:
        return u;
    case SA_EASE_SMOOTH:
        return u * u * (3 - 2 * u);
    case SA_EASE_OUT_CUBIC:
        return 1 - (1 - u) * (1 - u) * (1 - u);
    case SA_EASE_IN_CUBIC:
        return u * u * u;
    default:
        return (double)sa_ease_apply(e, (float)u);
    }
}

/* The reference's track() written out as in the article: a linear scan, (t1 - t0) || 1, and one
 * easing for the whole call chosen by the caller (for the jump: by p < 0.5). */
static double reference_track(double t, const sa_track_key *keys, size_t n, int jump_switch) {
    if (t <= keys[0].t) return keys[0].v;
    for (size_t i = 0; i + 1 < n; ++i) {
        const double t0 = keys[i].t, t1 = keys[i + 1].t;
        if (t <= t1) {
            const double span = (t1 - t0) != 0.0 ? (t1 - t0) : 1.0;
            const double u = (t - t0) / span;
            const sa_ease e =
                jump_switch ? (t < 0.5 ? SA_EASE_OUT_CUBIC : SA_EASE_IN_CUBIC) : SA_EASE_SMOOTH;
            return keys[i].v + (keys[i + 1].v - keys[i].v) * ease_ref(e, u);
        }
    }
    return keys[n - 1].v;
}

static void test_track_bad_input_gives_documented_safe_results(void **state) {
    (void)state;
    /* NULL and empty tracks sample as 0 and say why. */
    assert_true(sa_track_sample(NULL, 5, 0.3f) == 0.0f);
    assert_true(sa_track_sample(JUMP, 0, 0.3f) == 0.0f);
    assert_int_equal(sa_track_validate(NULL, 3), SA_ERR_NULL);
    assert_int_equal(sa_track_validate(JUMP, 0), SA_ERR_COUNT);
    assert_int_equal(sa_track_validate(JUMP, JUMP_COUNT), SA_OK);
    /* NaN time reads as before the first key; infinities clamp to the ends. */
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, NAN) == 0.0f);
    assert_true(sa_track_sample(JUMP + 1, JUMP_COUNT - 1, NAN) == 10.0f);
    assert_true(sa_track_sample(JUMP + 1, JUMP_COUNT - 1, -INFINITY) == 10.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT - 1, INFINITY) == -2.0f);
    /* Unsorted keys: validate names it, sampling stays finite and within the keys' values. */
    const sa_track_key unsorted[] = {SA_TRACK_KEY(0.0f, 1.0f), SA_TRACK_KEY(0.6f, 5.0f),
                                     SA_TRACK_KEY(0.3f, -2.0f), SA_TRACK_KEY(1.0f, 3.0f)};
    assert_int_equal(sa_track_validate(unsorted, 4), SA_ERR_UNSORTED);
    for (int i = -10; i <= 110; ++i) {
        const float v = sa_track_sample(unsorted, 4, (float)i / 100.0f);
        assert_true(v >= -2.0f && v <= 5.0f);
    }
    /* Non-finite key values read as 0; non-finite key times never produce NaN. */
    const sa_track_key nan_value[] = {SA_TRACK_KEY(0.0f, 1.0f), SA_TRACK_KEY(0.5f, NAN),
                                      SA_TRACK_KEY(1.0f, INFINITY)};
    assert_int_equal(sa_track_validate(nan_value, 3), SA_ERR_NOT_FINITE);
    assert_true(sa_track_sample(nan_value, 3, 0.5f) == 0.0f);
    assert_true(sa_track_sample(nan_value, 3, 2.0f) == 0.0f);
    assert_near(sa_track_sample(nan_value, 3, 0.25f), 0.5, 1e-6);
    const sa_track_key nan_time[] = {SA_TRACK_KEY(0.0f, 1.0f), SA_TRACK_KEY(NAN, 7.0f),
                                     SA_TRACK_KEY(INFINITY, 3.0f), SA_TRACK_KEY(-INFINITY, 2.0f)};
    assert_int_equal(sa_track_validate(nan_time, 4), SA_ERR_NOT_FINITE);
    for (int i = -10; i <= 110; ++i) {
        const float v = sa_track_sample(nan_time, 4, (float)i / 100.0f);
        assert_true(v >= 1.0f && v <= 7.0f);
    }
    /* An ease that is not a curve: validate says so, sampling treats it as linear. */
    sa_track_key odd[] = {{0.0f, 0.0f, (sa_ease)42}, {1.0f, 10.0f, SA_EASE_SMOOTH}};
    assert_int_equal(sa_track_validate(odd, 2), SA_ERR_RANGE);
    assert_near(sa_track_sample(odd, 2, 0.25f), 2.5, 1e-6);
    odd[0].ease = (sa_ease)-1;
    assert_int_equal(sa_track_validate(odd, 2), SA_ERR_RANGE);
    /* The first problem in key order is the one reported. */
    const sa_track_key two[] = {SA_TRACK_KEY(0.5f, 0.0f), SA_TRACK_KEY(0.2f, NAN)};
    assert_int_equal(sa_track_validate(two, 2), SA_ERR_NOT_FINITE);
    /* Huge values with an overshooting ease stay finite. */
    const sa_track_key huge[] = {{0.0f, -FLT_MAX, SA_EASE_OUT_BACK},
                                 {1.0f, FLT_MAX, SA_EASE_LINEAR}};
    for (int i = 0; i <= 100; ++i)
        assert_finite(sa_track_sample(huge, 2, (float)i / 100.0f));
}

static void test_track_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(21);
    sa_track_key keys[9];
    float rows[9 * 3], times[9], out[3];
    sa_ease eases[9];
    for (int i = 0; i < 30000; ++i) {
        const size_t n = 1 + test_rng_next(&r) % 9u;
        for (size_t k = 0; k < n; ++k) {
            keys[k].t = times[k] = test_rng_nasty(&r);
            keys[k].v = test_rng_nasty(&r);
            keys[k].ease = eases[k] = (sa_ease)(test_rng_next(&r) % 12u);
            for (int c = 0; c < 3; ++c)
                rows[k * 3 + (size_t)c] = test_rng_nasty(&r);
        }
        const float t = test_rng_nasty(&r);
        assert_finite(sa_track_sample(keys, n, t));
        const sa_track_multi m = {times, rows, eases, n, 3, 0};
        assert_int_equal(sa_track_multi_sample(&m, t, out, 3), 3);
        for (int c = 0; c < 3; ++c)
            assert_finite(out[c]);
        assert_finite(sa_track_multi_sample_channel(&m, t, 2));
    }
}

static void test_track_jump_tells_the_reference_story(void **state) {
    (void)state;
    /* Per-segment easing reproduces the reference's switch at p = 0.5, because 0.5 is a key. */
    for (int i = -50; i <= 1050; ++i) {
        const float p = (float)i / 1000.0f;
        assert_near(sa_track_sample(JUMP, JUMP_COUNT, p), reference_track(p, JUMP, JUMP_COUNT, 1),
                    2e-4);
    }
    /* Crouch +10 (y down), apex -160 at 0.5, landing dip below ground, rest at 0. */
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, 0.2f) == 10.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, 0.5f) == -160.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, 0.82f) == 4.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, 1.0f) == 0.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, 1.5f) == 0.0f);
    assert_true(sa_track_sample(JUMP, JUMP_COUNT, -0.5f) == 0.0f);
    float lowest = 0.0f, lowest_p = 0.0f, crouch = 0.0f, dip = 0.0f;
    for (int i = 0; i <= 1000; ++i) {
        const float p = (float)i / 1000.0f, v = sa_track_sample(JUMP, JUMP_COUNT, p);
        if (v < lowest) {
            lowest = v;
            lowest_p = p;
        }
        if (p < 0.32f && v > crouch) crouch = v;
        if (p > 0.68f && v > dip) dip = v;
    }
    assert_true(lowest == -160.0f);
    assert_near(lowest_p, 0.5, 1e-6);
    assert_true(crouch == 10.0f);
    assert_true(dip == 4.0f);
    /* Rising: out-cubic launches fast and slows into the apex; falling: in-cubic starts slow. */
    const float rise_early = sa_track_sample(JUMP, JUMP_COUNT, 0.34f) - (-6.0f);
    const float rise_late = -160.0f - sa_track_sample(JUMP, JUMP_COUNT, 0.48f);
    assert_true(-rise_early > 10.0f * -rise_late);
    const float fall_early = sa_track_sample(JUMP, JUMP_COUNT, 0.52f) - (-160.0f);
    const float fall_late = -70.0f - sa_track_sample(JUMP, JUMP_COUNT, 0.66f);
    assert_true(fall_late > 10.0f * fall_early);
}

static void test_track_matches_the_reference_on_random_tracks(void **state) {
    (void)state;
    test_rng r = test_rng_make(8);
    sa_track_key keys[12];
    for (int i = 0; i < 3000; ++i) {
        const size_t n = 1 + test_rng_next(&r) % 12u;
        float t = test_rng_range(&r, -1, 1);
        for (size_t k = 0; k < n; ++k) {
            /* Duplicated times (steps) and values (holds) are part of the mix. */
            if (k > 0 && test_rng_next(&r) % 4u != 0) t += test_rng_range(&r, 0.01f, 0.5f);
            keys[k].t = t;
            keys[k].v = (test_rng_next(&r) % 4u == 0 && k > 0) ? keys[k - 1].v
                                                               : test_rng_range(&r, -100, 100);
            keys[k].ease = SA_EASE_SMOOTH;
        }
        assert_int_equal(sa_track_validate(keys, n), SA_OK);
        for (int j = 0; j < 50; ++j) {
            const float q = test_rng_range(&r, keys[0].t - 0.5f, keys[n - 1].t + 0.5f);
            assert_near(sa_track_sample(keys, n, q), reference_track(q, keys, n, 0), 1e-4);
        }
        /* Exactly at each key's time: that key's value, or for a repeated time the first's. */
        for (size_t k = 0; k < n; ++k) {
            size_t first = k;
            while (first > 0 && keys[first - 1].t == keys[k].t)
                --first;
            assert_true(sa_track_sample(keys, n, keys[k].t) == keys[first].v);
        }
    }
}

/* The figure's motions sample their own tables through sai_track_sample_table(): for any valid
 * table (steps, holds, every easing) and any time (before, after, at each key, NaN, infinite) it
 * gives sa_track_sample()'s float, bit for bit, so the motions show what the public sampler
 * would. */
static void test_track_table_sampler_is_sa_track_sample_bit_for_bit(void **state) {
    (void)state;
    test_rng r = test_rng_make(15);
    sa_track_key keys[12];
    for (int i = 0; i < 3000; ++i) {
        const size_t n = 1 + test_rng_next(&r) % 12u;
        float t = test_rng_range(&r, -1, 1);
        for (size_t k = 0; k < n; ++k) {
            if (k > 0 && test_rng_next(&r) % 4u != 0) t += test_rng_range(&r, 0.01f, 0.5f);
            keys[k].t = t;
            keys[k].v = (test_rng_next(&r) % 4u == 0 && k > 0) ? keys[k - 1].v
                                                               : test_rng_range(&r, -1e4f, 1e4f);
            keys[k].ease = (sa_ease)(test_rng_next(&r) % (uint32_t)SA_EASE_COUNT_);
        }
        assert_int_equal(sa_track_validate(keys, n), SA_OK);
        float times[64];
        size_t m = 0;
        for (size_t k = 0; k < n; ++k)
            times[m++] = keys[k].t;
        times[m++] = NAN;
        times[m++] = INFINITY;
        times[m++] = -INFINITY;
        while (m < sizeof times / sizeof times[0])
            times[m++] = test_rng_range(&r, keys[0].t - 0.5f, keys[n - 1].t + 0.5f);
        for (size_t j = 0; j < m; ++j) {
            const float a = sai_track_sample_table(keys, n, times[j]);
            const float b = sa_track_sample(keys, n, times[j]);
            assert_memory_equal(&a, &b, sizeof a);
        }
    }
}

/* The spear form samples its waypoints through sai_track_multi_sample_table(): for any valid
 * multi-channel track, packed or strided, with or without eases, it gives
 * sa_track_multi_sample()'s floats bit for bit at any time. */
static void test_track_multi_table_sampler_is_sa_track_multi_sample_bit_for_bit(void **state) {
    (void)state;
    test_rng r = test_rng_make(16);
    enum { KEYS = 10, CHANNELS = 6 };
    typedef struct row {
        float t;
        float v[CHANNELS];
        sa_ease ease;
    } row;
    row rows[KEYS];
    float times[KEYS], values[KEYS * CHANNELS];
    sa_ease eases[KEYS];
    for (int i = 0; i < 1000; ++i) {
        const size_t n = 1 + test_rng_next(&r) % KEYS;
        const size_t channels = 1 + test_rng_next(&r) % CHANNELS;
        float t = test_rng_range(&r, -1, 1);
        for (size_t k = 0; k < n; ++k) {
            if (k > 0 && test_rng_next(&r) % 4u != 0) t += test_rng_range(&r, 0.01f, 0.5f);
            rows[k].t = times[k] = t;
            for (size_t c = 0; c < channels; ++c)
                rows[k].v[c] = values[k * channels + c] = test_rng_range(&r, -1e4f, 1e4f);
            rows[k].ease = eases[k] = (sa_ease)(test_rng_next(&r) % (uint32_t)SA_EASE_COUNT_);
        }
        const bool with_eases = test_rng_next(&r) % 2u == 0;
        const sa_track_multi strided = {&rows[0].t, rows[0].v, &rows[0].ease,
                                        n,          channels,  sizeof(row)};
        const sa_track_multi packed = {times, values, with_eases ? eases : NULL, n, channels, 0};
        const sa_track_multi *tracks[] = {&strided, &packed};
        for (size_t w = 0; w < 2; ++w) {
            assert_int_equal(sa_track_multi_validate(tracks[w], NULL), SA_OK);
            for (int j = 0; j < 40; ++j) {
                const float q = j == 0   ? NAN
                                : j == 1 ? INFINITY
                                : j < 2 + (int)n
                                    ? times[j - 2]
                                    : test_rng_range(&r, times[0] - 0.5f, times[n - 1] + 0.5f);
                float a[CHANNELS], b[CHANNELS];
                sai_track_multi_sample_table(tracks[w], q, a);
                assert_int_equal(sa_track_multi_sample(tracks[w], q, b, CHANNELS), channels);
                assert_memory_equal(a, b, channels * sizeof a[0]);
            }
        }
    }
}

static void test_track_holds_hold_and_steps_step(void **state) {
    (void)state;
    /* A hold: two keys with the same value keep it exactly, whatever the easing. */
    for (int e = 0; e < SA_EASE_COUNT_; ++e) {
        const sa_track_key k[] = {{0.0f, 0.0f, (sa_ease)e},
                                  {0.3f, 0.7f, (sa_ease)e},
                                  {0.6f, 0.7f, (sa_ease)e},
                                  {1.0f, -3.0f, (sa_ease)e}};
        for (int i = 300; i <= 600; ++i)
            assert_true(sa_track_sample(k, 4, (float)i / 1000.0f) == 0.7f);
    }
    /* A step: two keys at the same time. Left value at the time, right value just after, and
     * nothing divides by zero. */
    const sa_track_key step[] = {SA_TRACK_KEY(0.0f, 0.0f), SA_TRACK_KEY(0.5f, 10.0f),
                                 SA_TRACK_KEY(0.5f, 20.0f), SA_TRACK_KEY(1.0f, 30.0f)};
    assert_int_equal(sa_track_validate(step, 4), SA_OK);
    assert_true(sa_track_sample(step, 4, 0.5f) == 10.0f);
    assert_near(sa_track_sample(step, 4, nextafterf(0.5f, 1.0f)), 20.0, 1e-4);
    assert_near(sa_track_sample(step, 4, 0.75f), 25.0, 1e-5);
    /* All keys at one time: before/at it the first value, after it the last. */
    const sa_track_key same[] = {SA_TRACK_KEY(0.5f, 1.0f), SA_TRACK_KEY(0.5f, 2.0f),
                                 SA_TRACK_KEY(0.5f, 3.0f)};
    assert_true(sa_track_sample(same, 3, 0.5f) == 1.0f);
    assert_true(sa_track_sample(same, 3, 0.6f) == 3.0f);
    /* One key: a constant. */
    assert_true(sa_track_sample(step, 1, -5.0f) == 0.0f);
    assert_true(sa_track_sample(step + 3, 1, 5.0f) == 30.0f);
}

static void test_track_stays_within_the_keys_without_overshoot(void **state) {
    (void)state;
    test_rng r = test_rng_make(99);
    sa_track_key keys[10];
    for (int i = 0; i < 3000; ++i) {
        const size_t n = 2 + test_rng_next(&r) % 9u;
        float t = 0.0f, lo = INFINITY, hi = -INFINITY;
        for (size_t k = 0; k < n; ++k) {
            t += test_rng_range(&r, 0.0f, 0.3f);
            keys[k].t = t;
            /* Mixed magnitudes make rounding at the ends matter. */
            keys[k].v = test_rng_range(&r, -1, 1) * powf(10.0f, test_rng_range(&r, -6, 30));
            keys[k].ease = (sa_ease)(test_rng_next(&r) % SA_EASE_OUT_BACK); /* no overshoot */
            if (keys[k].v < lo) lo = keys[k].v;
            if (keys[k].v > hi) hi = keys[k].v;
        }
        for (int j = 0; j < 100; ++j) {
            const float q = test_rng_range(&r, -0.2f, t + 0.2f);
            const float v = sa_track_sample(keys, n, q);
            assert_true(v >= lo && v <= hi);
        }
        /* Each segment stays between its own two keys. */
        for (size_t k = 0; k + 1 < n; ++k) {
            const float a = fminf(keys[k].v, keys[k + 1].v), b = fmaxf(keys[k].v, keys[k + 1].v);
            for (int j = 1; j < 10; ++j) {
                const float q = keys[k].t + (keys[k + 1].t - keys[k].t) * (float)j / 10.0f;
                if (!(q > keys[k].t && q <= keys[k + 1].t)) continue;
                const float v = sa_track_sample(keys, n, q);
                assert_true(v >= a && v <= b);
            }
        }
    }
    /* Ease-out-back is the one that overshoots, as documented. */
    const sa_track_key back[] = {{0.0f, 0.0f, SA_EASE_OUT_BACK}, {1.0f, 1.0f, SA_EASE_LINEAR}};
    float peak = 0.0f;
    for (int i = 0; i <= 100; ++i)
        peak = fmaxf(peak, sa_track_sample(back, 2, (float)i / 100.0f));
    assert_true(peak > 1.05f);
}

static void test_track_easing_shapes_the_segment_that_starts_at_its_key(void **state) {
    (void)state;
    const sa_track_key k[] = {
        {0.0f, 0.0f, SA_EASE_LINEAR}, {1.0f, 1.0f, SA_EASE_IN_CUBIC}, {2.0f, 2.0f, SA_EASE_SMOOTH}};
    assert_near(sa_track_sample(k, 3, 0.25f), 0.25, 1e-6);
    assert_near(sa_track_sample(k, 3, 1.5f), 1.125, 1e-6);
    /* SA_TRACK_KEY gives the reference's default, smoothstep. */
    const sa_track_key s[] = {SA_TRACK_KEY(0.0f, 0.0f), SA_TRACK_KEY(1.0f, 1.0f)};
    assert_near(sa_track_sample(s, 2, 0.25f), 0.15625, 1e-6);
}

/* The spear form's shape: 18 waypoints (17 poses and a closing copy of the first) over 8
 * channels, with holds and ease-out-cubic thrusts. */
enum { FORM_KEYS = 18, FORM_CH = 8 };
typedef struct waypoint {
    float t;
    float ch[FORM_CH];
    sa_ease ease;
} waypoint;

static void make_form(waypoint *w, float *times, float *values, sa_ease *eases, test_rng *r) {
    for (int k = 0; k < FORM_KEYS; ++k) {
        w[k].t = (float)k / (FORM_KEYS - 1);
        w[k].ease = (k % 3 == 1) ? SA_EASE_OUT_CUBIC : SA_EASE_SMOOTH;
        for (int c = 0; c < FORM_CH; ++c)
            w[k].ch[c] = (k % 5 == 3) ? w[k - 1].ch[c] : test_rng_range(r, -2, 2); /* holds */
    }
    for (int c = 0; c < FORM_CH; ++c)
        w[FORM_KEYS - 1].ch[c] = w[0].ch[c];
    for (int k = 0; k < FORM_KEYS; ++k) {
        times[k] = w[k].t;
        eases[k] = w[k].ease;
        for (int c = 0; c < FORM_CH; ++c)
            values[k * FORM_CH + c] = w[k].ch[c];
    }
}

static void test_track_multi_bad_input_gives_documented_safe_results(void **state) {
    (void)state;
    test_rng r = test_rng_make(4);
    waypoint w[FORM_KEYS];
    float times[FORM_KEYS], values[FORM_KEYS * FORM_CH], out[FORM_CH];
    sa_ease eases[FORM_KEYS];
    make_form(w, times, values, eases, &r);
    size_t bad = 0;
    /* NULL pieces. */
    assert_int_equal(sa_track_multi_validate(NULL, &bad), SA_ERR_NULL);
    assert_true(bad == SA_TRACK_NO_KEY);
    sa_track_multi m = {NULL, values, eases, FORM_KEYS, FORM_CH, 0};
    assert_int_equal(sa_track_multi_validate(&m, NULL), SA_ERR_NULL);
    for (int c = 0; c < FORM_CH; ++c)
        out[c] = 99.0f;
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, out, FORM_CH), FORM_CH);
    for (int c = 0; c < FORM_CH; ++c)
        assert_true(out[c] == 0.0f);
    assert_true(sa_track_multi_sample_channel(&m, 0.5f, 1) == 0.0f);
    m.times = times;
    m.values = NULL;
    assert_int_equal(sa_track_multi_validate(&m, NULL), SA_ERR_NULL);
    m.values = values;
    assert_int_equal(sa_track_multi_sample(NULL, 0.5f, out, FORM_CH), 0);
    assert_int_equal(sa_track_multi_sample(NULL, 0.5f, NULL, 0), 0);
    /* Counts. */
    m.count = 0;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_COUNT);
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, out, FORM_CH), FORM_CH);
    assert_true(out[3] == 0.0f);
    m.count = FORM_KEYS;
    m.channels = 0;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_COUNT);
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, out, FORM_CH), 0);
    m.channels = SIZE_MAX;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_COUNT);
    m.channels = FORM_CH;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_OK);
    assert_true(bad == SA_TRACK_NO_KEY);
    /* Strides: not a multiple of 4, or shorter than a row. */
    m.stride = sizeof(float) * FORM_CH + 2;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_RANGE);
    assert_true(bad == SA_TRACK_NO_KEY);
    m.stride = sizeof(float) * (FORM_CH - 1);
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_RANGE);
    m.stride = 0;
    /* The offending key is named. */
    values[5 * FORM_CH + 6] = NAN;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_NOT_FINITE);
    assert_true(bad == 5);
    assert_int_equal(sa_track_multi_sample(&m, times[5], out, FORM_CH), FORM_CH);
    assert_true(out[6] == 0.0f);
    values[5 * FORM_CH + 6] = 1.0f;
    const float saved = times[11];
    times[11] = times[9];
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_UNSORTED);
    assert_true(bad == 11);
    times[11] = saved;
    eases[7] = (sa_ease)SA_EASE_COUNT_;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_RANGE);
    assert_true(bad == 7);
    eases[7] = SA_EASE_SMOOTH;
    times[2] = INFINITY;
    assert_int_equal(sa_track_multi_validate(&m, &bad), SA_ERR_NOT_FINITE);
    assert_true(bad == 2);
    for (int i = -10; i <= 110; ++i) {
        assert_int_equal(sa_track_multi_sample(&m, (float)i / 100.0f, out, FORM_CH), FORM_CH);
        for (int c = 0; c < FORM_CH; ++c)
            assert_finite(out[c]);
    }
    /* A channel past the end reads 0. */
    times[2] = w[2].t;
    assert_true(sa_track_multi_sample_channel(&m, 0.5f, FORM_CH) == 0.0f);
    /* A row is written whole or not at all: a buffer one short gets nothing. */
    for (int c = 0; c < FORM_CH; ++c)
        out[c] = 99.0f;
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, out, FORM_CH - 1), 0);
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, out, 0), 0);
    for (int c = 0; c < FORM_CH; ++c)
        assert_true(out[c] == 99.0f);
    /* The count-only call (out NULL) says how many values a row has, whatever the capacity. */
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, NULL, 0), FORM_CH);
    assert_int_equal(sa_track_multi_sample(&m, 0.5f, NULL, 1000), FORM_CH);
}

static void test_track_multi_samples_each_channel_as_a_single_track(void **state) {
    (void)state;
    test_rng r = test_rng_make(17);
    waypoint w[FORM_KEYS];
    float times[FORM_KEYS], values[FORM_KEYS * FORM_CH], out[FORM_CH], aos[FORM_CH];
    sa_ease eases[FORM_KEYS];
    make_form(w, times, values, eases, &r);
    const sa_track_multi packed = {times, values, eases, FORM_KEYS, FORM_CH, 0};
    const sa_track_multi strided = {&w[0].t,   w[0].ch, &w[0].ease,
                                    FORM_KEYS, FORM_CH, sizeof(waypoint)};
    assert_int_equal(sa_track_multi_validate(&packed, NULL), SA_OK);
    assert_int_equal(sa_track_multi_validate(&strided, NULL), SA_OK);
    sa_track_key single[FORM_CH][FORM_KEYS];
    for (int c = 0; c < FORM_CH; ++c)
        for (int k = 0; k < FORM_KEYS; ++k) {
            single[c][k].t = times[k];
            single[c][k].v = values[k * FORM_CH + c];
            single[c][k].ease = eases[k];
        }
    for (int i = -20; i <= 1020; ++i) {
        const float p = (float)i / 1000.0f;
        assert_int_equal(sa_track_multi_sample(&packed, p, out, FORM_CH), FORM_CH);
        assert_int_equal(sa_track_multi_sample(&strided, p, aos, FORM_CH), FORM_CH);
        for (int c = 0; c < FORM_CH; ++c) {
            /* Bit-identical across the two layouts and the single-channel form. */
            assert_true(out[c] == aos[c]);
            assert_true(out[c] == sa_track_sample(single[c], FORM_KEYS, p));
            assert_true(out[c] == sa_track_multi_sample_channel(&packed, p, (size_t)c));
        }
    }
    /* The closing key equals the first: the form loops without a pop. */
    sa_track_multi_sample(&packed, 0.0f, out, FORM_CH);
    sa_track_multi_sample(&packed, 1.0f, aos, FORM_CH);
    for (int c = 0; c < FORM_CH; ++c)
        assert_true(out[c] == aos[c]);
    /* Holds (keys 2 -> 3 share values) stay exactly put on every channel. */
    for (int i = 0; i <= 20; ++i) {
        const float p = times[2] + (times[3] - times[2]) * (float)i / 20.0f;
        sa_track_multi_sample(&packed, p, out, FORM_CH);
        for (int c = 0; c < FORM_CH; ++c)
            assert_true(out[c] == values[2 * FORM_CH + c]);
    }
    /* NULL eases mean smoothstep everywhere. */
    const sa_track_multi smooth = {times, values, NULL, FORM_KEYS, FORM_CH, 0};
    for (int k = 0; k < FORM_KEYS; ++k)
        single[0][k].ease = SA_EASE_SMOOTH;
    for (int i = 0; i <= 1000; ++i) {
        const float p = (float)i / 1000.0f;
        assert_true(sa_track_multi_sample_channel(&smooth, p, 0) ==
                    sa_track_sample(single[0], FORM_KEYS, p));
    }
}

/* Issue 14: "the value at a key's time is that key's value exactly" failed next to a huge
 * neighbour: keys (0, −1e30), (1, 4) gave 0 at t = 1, as v0 + (v1 − v0)·1 lost v1. */
static void test_track_key_values_are_exact_next_to_huge_neighbours(void **state) {
    (void)state;
    const float big[] = {-1e30f, 1e30f, -FLT_MAX, FLT_MAX, 1e16f, -3e38f};
    const float small[] = {4.0f, -0.1f, 1e-30f, 3.0f, 7.5f, 1.0f};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; ++i) {
        for (int e = 0; e < (int)SA_EASE_COUNT_; ++e) {
            const sa_track_key up[3] = {
                {0, big[i], (sa_ease)e}, {1, small[i], (sa_ease)e}, {2, big[i], (sa_ease)e}};
            assert_near(sa_track_sample(up, 3, 0), big[i], 0);
            assert_near(sa_track_sample(up, 3, 1), small[i], 0);
            assert_near(sa_track_sample(up, 3, 2), big[i], 0);
            /* In between: finite, and inside the two keys unless the ease overshoots. */
            for (int k = 1; k < 64; ++k) {
                const float v = sa_track_sample(up, 3, (float)k / 64.0f);
                assert_finite(v);
                if (e == SA_EASE_OUT_BACK) continue;
                assert_true(v >= fminf(big[i], small[i]) && v <= fmaxf(big[i], small[i]));
            }
        }
    }
    /* The same through the multi-channel track, both channels at once. */
    const float times[2] = {0, 1}, values[4] = {-1e30f, 1e30f, 4, -4};
    const sa_track_multi m = {times, values, NULL, 2, 2, 0};
    float row[2];
    assert_int_equal(sa_track_multi_sample(&m, 1.0f, row, 2), 2);
    assert_near(row[0], 4, 0);
    assert_near(row[1], -4, 0);
    assert_near(sa_track_multi_sample_channel(&m, 1.0f, 0), 4, 0);
}

/* A multi-channel track with arrays but no keys samples as 0 on every channel, and a channel
 * past the last one reads 0. */
static void test_track_multi_without_keys_samples_zeros(void **state) {
    (void)state;
    const float times[2] = {0.0f, 1.0f};
    const float values[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    sa_track_multi tr;
    memset(&tr, 0, sizeof tr);
    tr.times = times;
    tr.values = values;
    tr.count = 0;
    tr.channels = 2;
    float out[2] = {7.0f, 7.0f};
    assert_int_equal(sa_track_multi_sample(&tr, 0.5f, out, 2), 2);
    assert_true(out[0] == 0.0f && out[1] == 0.0f);
    assert_true(sa_track_multi_sample_channel(&tr, 0.5f, 1) == 0.0f);
    tr.count = 2;
    assert_true(sa_track_multi_sample_channel(&tr, 0.5f, 1) == 3.0f);
    assert_true(sa_track_multi_sample_channel(&tr, 0.5f, 2) == 0.0f);
    tr.values = NULL; /* no values: zeros too */
    out[0] = out[1] = 7.0f;
    assert_int_equal(sa_track_multi_sample(&tr, 0.5f, out, 2), 2);
    assert_true(out[0] == 0.0f && out[1] == 0.0f);
    assert_true(sa_track_multi_sample_channel(&tr, 0.5f, 1) == 0.0f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_track_multi_without_keys_samples_zeros),
        cmocka_unit_test(test_track_bad_input_gives_documented_safe_results),
        cmocka_unit_test(test_track_no_nan_from_any_input),
        cmocka_unit_test(test_track_jump_tells_the_reference_story),
        cmocka_unit_test(test_track_matches_the_reference_on_random_tracks),
        cmocka_unit_test(test_track_table_sampler_is_sa_track_sample_bit_for_bit),
        cmocka_unit_test(test_track_multi_table_sampler_is_sa_track_multi_sample_bit_for_bit),
        cmocka_unit_test(test_track_holds_hold_and_steps_step),
        cmocka_unit_test(test_track_stays_within_the_keys_without_overshoot),
        cmocka_unit_test(test_track_easing_shapes_the_segment_that_starts_at_its_key),
        cmocka_unit_test(test_track_multi_bad_input_gives_documented_safe_results),
        cmocka_unit_test(test_track_multi_samples_each_channel_as_a_single_track),
        cmocka_unit_test(test_track_key_values_are_exact_next_to_huge_neighbours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
