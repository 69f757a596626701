#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/fade.h>

#include "internal/fade_target.h"

static double weight_sum(const sa_fade *f) {
    double s = 0.0;
    for (size_t i = 0; i < f->count; ++i)
        s += (double)f->layers[i].weight;
    return s;
}

/* What a user relies on after any call: a bounded stack, weights in [0, 1] summing to 1. */
static void assert_well_formed(const sa_fade *f) {
    assert_true(f->count >= 1 && f->count <= SA_FADE_MAX_LAYERS);
    for (size_t i = 0; i < f->count; ++i) {
        assert_true(f->layers[i].weight >= 0.0f && f->layers[i].weight <= 1.0f);
        assert_true(f->layers[i].time >= 0.0f && f->layers[i].time <= FLT_MAX);
    }
    assert_near(weight_sum(f), 1.0, 1e-5);
    assert_true(sa_fade_is_valid(f));
}

static void test_fade_bad_input_is_harmless(void **state) {
    (void)state;
    /* NULL: nothing happens, queries give 0. */
    sa_fade_init(NULL, 3);
    sa_fade_switch(NULL, 3);
    sa_fade_push(NULL, 3);
    sa_fade_step(NULL, 10.0f, 0.1f);
    sa_fade_finish(NULL);
    assert_int_equal(sa_fade_target(NULL), 0);
    assert_null(sa_fade_target_user(NULL));
    const sa_fade_layer none = sa_fade_target_layer(NULL);
    assert_int_equal(none.id, 0);
    assert_near(none.weight, 0, 0);
    assert_near(none.time, 0, 0);
    for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
        assert_near(none.user[k], 0, 0);
    assert_near(sa_fade_weight(NULL, 3), 0, 0);
    assert_false(sa_fade_is_valid(NULL));
    assert_int_equal(sa_fade_weakest(NULL, 0), SA_FADE_MAX_LAYERS);
    assert_int_equal(sa_fade_merge(NULL, 0, 1), SA_FADE_MAX_LAYERS);

    /* Any id works, including negative and extreme ones. */
    sa_fade f;
    sa_fade_init(&f, INT32_MIN);
    assert_int_equal(sa_fade_target(&f), INT32_MIN);
    assert_near(sa_fade_weight(&f, INT32_MIN), 1, 0);
    assert_near(sa_fade_weight(&f, 0), 0, 0);
    assert_well_formed(&f);

    /* dt <= 0 or NaN: nothing changes, not even the times. */
    sa_fade_switch(&f, 7);
    sa_fade_step(&f, 10.0f, 0.05f);
    const sa_fade before = f;
    const float bad_dt[] = {0.0f, -0.0f, -1.0f, NAN, -INFINITY};
    for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; ++i) {
        sa_fade_step(&f, 10.0f, bad_dt[i]);
        assert_memory_equal(&f, &before, sizeof f);
    }
    /* rate <= 0 or NaN: weights stay, times advance. */
    const float bad_rate[] = {0.0f, -5.0f, NAN, -INFINITY};
    for (size_t i = 0; i < sizeof bad_rate / sizeof bad_rate[0]; ++i) {
        sa_fade g = before;
        sa_fade_step(&g, bad_rate[i], 0.25f);
        assert_int_equal(g.count, before.count);
        for (size_t k = 0; k < g.count; ++k) {
            assert_near(g.layers[k].weight, before.layers[k].weight, 0);
            assert_near(g.layers[k].time, before.layers[k].time + 0.25f, 1e-6);
        }
    }
    /* An infinite rate or an infinite dt snaps to the target; times stay finite. */
    sa_fade g = before;
    sa_fade_step(&g, INFINITY, 0.01f);
    assert_int_equal(g.count, 1);
    assert_near(sa_fade_weight(&g, 7), 1, 0);
    g = before;
    sa_fade_step(&g, 3.0f, INFINITY);
    assert_int_equal(g.count, 1);
    assert_true(g.layers[0].time <= FLT_MAX);
    assert_well_formed(&g);

    /* An empty or never-initialised fade: queries 0, step nothing, switch initialises. */
    sa_fade e;
    memset(&e, 0, sizeof e);
    assert_int_equal(sa_fade_target(&e), 0);
    assert_near(sa_fade_weight(&e, 0), 0, 0);
    assert_null(sa_fade_target_user(&e));
    const sa_fade_layer empty = sa_fade_target_layer(&e);
    assert_int_equal(empty.id, 0);
    assert_near(empty.weight, 0, 0);
    for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
        assert_near(empty.user[k], 0, 0);
    sa_fade_step(&e, 5.0f, 0.1f);
    assert_int_equal(e.count, 0);
    sa_fade_finish(&e);
    assert_int_equal(e.count, 0);
    e.count = 0;
    sa_fade_switch(&e, 4);
    assert_int_equal(e.count, 1);
    assert_int_equal(sa_fade_target(&e), 4);
    assert_well_formed(&e);
    memset(&e, 0, sizeof e);
    sa_fade_push(&e, 6); /* push initialises an empty fade too */
    assert_int_equal(e.count, 1);
    assert_int_equal(sa_fade_target(&e), 6);
    assert_well_formed(&e);

    /* A corrupted fade is repaired by the next step or switch. */
    test_rng r = test_rng_make(17);
    for (int n = 0; n < 5000; ++n) {
        sa_fade c;
        c.count = (size_t)(test_rng_next(&r) % 20u);
        for (int32_t k = 0; k < SA_FADE_MAX_LAYERS; ++k) {
            c.layers[k].id = (int32_t)(test_rng_next(&r) % 4u);
            c.layers[k].weight = test_rng_nasty(&r);
            c.layers[k].time = test_rng_nasty(&r);
            for (size_t u = 0; u < SA_FADE_USER_VALUES; ++u)
                c.layers[k].user[u] = test_rng_nasty(&r);
        }
        if (c.count == 0) continue;
        if (n % 3 == 0)
            sa_fade_step(&c, test_rng_range(&r, 0.1f, 30.0f), test_rng_range(&r, 0.001f, 0.1f));
        else if (n % 3 == 1)
            sa_fade_switch(&c, 9);
        else
            sa_fade_push(&c, 9);
        assert_well_formed(&c);
        assert_true(sa_fade_weight(&c, 9) >= 0.0f && sa_fade_weight(&c, 9) <= 1.0f);
    }
}

static void test_fade_weights_sum_to_one_and_are_never_negative(void **state) {
    (void)state;
    test_rng r = test_rng_make(1234);
    sa_fade f;
    sa_fade_init(&f, 0);
    for (int n = 0; n < 200000; ++n) {
        const uint32_t op = test_rng_next(&r) % 10u;
        if (op < 3) {
            sa_fade_switch(&f, (int32_t)(test_rng_next(&r) % 6u));
        } else if (op < 9) {
            sa_fade_step(&f, test_rng_range(&r, 0.0f, 40.0f), test_rng_range(&r, 0.0f, 0.05f));
        } else {
            sa_fade_step(&f, test_rng_nasty(&r), test_rng_nasty(&r));
        }
        assert_well_formed(&f);
        double per_id = 0.0;
        for (int32_t id = 0; id < 6; ++id) {
            const float w = sa_fade_weight(&f, id);
            assert_true(w >= 0.0f && w <= 1.0f);
            per_id += (double)w;
        }
        assert_near(per_id, 1.0, 1e-5);
    }
}

static void test_fade_single_switch_follows_exponential_catch_up(void **state) {
    (void)state;
    const float rates[] = {0.5f, 3.0f, 8.0f, 12.0f, 20.0f};
    for (size_t k = 0; k < sizeof rates / sizeof rates[0]; ++k) {
        const double rate = (double)rates[k];
        sa_fade f;
        sa_fade_init(&f, 1);
        sa_fade_switch(&f, 2);
        assert_near(sa_fade_weight(&f, 2), 0, 0); /* a switch alone changes nothing */
        assert_near(sa_fade_weight(&f, 1), 1, 0);
        double t = 0.0;
        for (int frame = 1; frame <= 240; ++frame) {
            sa_fade_step(&f, rates[k], 1.0f / 60.0f);
            t += 1.0 / 60.0;
            const double expected = 1.0 - exp(-rate * t);
            if (exp(-rate * t) > 2.0 * SA_FADE_MIN_WEIGHT) {
                assert_near(sa_fade_weight(&f, 2), expected, 2e-5);
                assert_near(sa_fade_weight(&f, 1), 1.0 - expected, 2e-5);
                assert_int_equal(f.count, 2);
            } else if (exp(-rate * t) < 0.5 * SA_FADE_MIN_WEIGHT) {
                /* The old layer has left the stack; the target holds everything. */
                assert_int_equal(f.count, 1);
                assert_near(sa_fade_weight(&f, 2), 1, 0);
            }
            assert_near(sa_fade_target_layer(&f).time, t, 1e-4);
        }
    }
}

static void test_fade_does_not_depend_on_the_frame_rate(void **state) {
    (void)state;
    test_rng r = test_rng_make(99);
    for (int n = 0; n < 2000; ++n) {
        /* A fade in progress with several layers. */
        sa_fade a;
        sa_fade_init(&a, 0);
        const int switches = 1 + (int)(test_rng_next(&r) % 6u);
        for (int s = 0; s < switches; ++s) {
            sa_fade_switch(&a, 1 + s);
            sa_fade_step(&a, test_rng_range(&r, 1.0f, 10.0f), test_rng_range(&r, 0.01f, 0.1f));
        }
        sa_fade b = a, c = a;
        /* Slow enough that no layer drops below the removal threshold within the second. */
        const float rate = test_rng_range(&r, 0.1f, 4.0f);
        for (int i = 0; i < 60; ++i)
            sa_fade_step(&a, rate, 1.0f / 60.0f);
        sa_fade_step(&b, rate, 1.0f);
        /* Uneven frames adding up to one second, too. */
        float left = 1.0f;
        while (left > 0.0f) {
            float dt = test_rng_range(&r, 0.001f, 0.08f);
            if (dt > left) dt = left;
            sa_fade_step(&c, rate, dt);
            left -= dt;
        }
        assert_int_equal(a.count, b.count);
        for (int32_t id = 0; id <= switches; ++id) {
            assert_near(sa_fade_weight(&a, id), sa_fade_weight(&b, id), 1e-5);
            assert_near(sa_fade_weight(&c, id), sa_fade_weight(&b, id), 1e-5);
        }
        assert_near(sa_fade_target_layer(&a).time, sa_fade_target_layer(&b).time, 1e-5);
    }
}

static void test_fade_switch_mid_fade_never_pops(void **state) {
    (void)state;
    test_rng r = test_rng_make(7);
    sa_fade f;
    sa_fade_init(&f, 0);
    for (int n = 0; n < 100000; ++n) {
        float before[8];
        for (int32_t id = 0; id < 8; ++id)
            before[id] = sa_fade_weight(&f, id);
        const size_t count_before = f.count;
        if (test_rng_next(&r) % 4u == 0) {
            float weakest = 1.0f;
            for (size_t i = 0; i + 1 < f.count; ++i)
                if (f.layers[i].weight < weakest) weakest = f.layers[i].weight;
            sa_fade_switch(&f, (int32_t)(test_rng_next(&r) % 8u));
            for (int32_t id = 0; id < 8; ++id) {
                const float d = fabsf(sa_fade_weight(&f, id) - before[id]);
                if (count_before < SA_FADE_MAX_LAYERS)
                    assert_near(d, 0, 0);
                else
                    assert_true(
                        d <=
                        weakest +
                            1e-6f); /* only a merge moves weight, at most the weakest layer's */
            }
        } else {
            const float rate = test_rng_range(&r, 0.5f, 25.0f), dt = 1.0f / 60.0f;
            const float most = 1.0f - expf(-rate * dt);
            sa_fade_step(&f, rate, dt);
            for (int32_t id = 0; id < 8; ++id)
                assert_true(fabsf(sa_fade_weight(&f, id) - before[id]) <= most + 1e-3f);
        }
        assert_well_formed(&f);
    }
}

static void test_fade_older_layer_of_the_same_id_keeps_its_time(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 1);
    sa_fade_step(&f, 5.0f, 0.5f);
    sa_fade_switch(&f, 2);
    sa_fade_step(&f, 5.0f, 0.1f);
    sa_fade_switch(&f, 2); /* already the target: a no-op */
    assert_int_equal(f.count, 2);
    sa_fade_switch(&f, 1); /* back to 1: a new layer, the old one fades out with its own time */
    assert_int_equal(f.count, 3);
    assert_int_equal(f.layers[0].id, 1);
    assert_near(f.layers[0].time, 0.6f, 1e-6);
    assert_int_equal(f.layers[2].id, 1);
    assert_near(f.layers[2].time, 0, 0);
    assert_near(f.layers[2].weight, 0, 0);
    assert_int_equal(sa_fade_target(&f), 1);
    sa_fade_step(&f, 5.0f, 0.1f);
    assert_near(f.layers[0].time, 0.7f, 1e-6);
    assert_near(f.layers[2].time, 0.1f, 1e-6);
    /* It settles on the target alone, at weight 1. */
    for (int i = 0; i < 600; ++i)
        sa_fade_step(&f, 5.0f, 1.0f / 60.0f);
    assert_int_equal(f.count, 1);
    assert_int_equal(f.layers[0].id, 1);
    assert_near(f.layers[0].weight, 1, 0);
    assert_near(f.layers[0].time, 10.1f, 1e-3);
}

static void test_fade_full_stack_merges_without_losing_weight(void **state) {
    (void)state;
    /* Hand-made full stack: 7 fading layers and a target. */
    sa_fade f;
    sa_fade_init(&f, 0);
    const float w[SA_FADE_MAX_LAYERS] = {0.05f, 0.2f, 0.02f, 0.3f, 0.03f, 0.1f, 0.1f, 0.2f};
    for (int32_t i = 0; i < SA_FADE_MAX_LAYERS; ++i) {
        f.layers[i].id = 10 + i;
        f.layers[i].weight = w[i];
        f.layers[i].time = (float)i;
    }
    f.count = SA_FADE_MAX_LAYERS;
    sa_fade_switch(&f, 99);
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS);
    assert_int_equal(sa_fade_target(&f), 99);
    /* The weakest two (0.02 of id 12, 0.03 of id 14) merged into the stronger (id 14). */
    assert_near(sa_fade_weight(&f, 12), 0, 0);
    assert_near(sa_fade_weight(&f, 14), 0.05f, 1e-7);
    assert_near(sa_fade_weight(&f, 17), 0.2f, 0); /* the old target is never merged */
    assert_near(sa_fade_weight(&f, 10), 0.05f, 0);
    assert_near(weight_sum(&f), 1.0, 1e-6);
    for (size_t i = 0; i + 1 < f.count; ++i)
        assert_true(f.layers[i].id != 12);
    /* Order (oldest first) and times are kept. */
    assert_int_equal(f.layers[2].id, 13);
    assert_near(f.layers[3].time, 4, 0);

    /* Switching every frame through many ids: never more than the maximum, never a lost weight,
     * the last switch is always the target. */
    sa_fade g;
    sa_fade_init(&g, 0);
    for (int32_t i = 1; i < 500; ++i) {
        sa_fade_switch(&g, i);
        assert_int_equal(sa_fade_target(&g), i);
        sa_fade_step(&g, 2.0f, 1.0f / 120.0f);
        assert_well_formed(&g);
    }
    assert_int_equal(g.count, SA_FADE_MAX_LAYERS);
}

static void test_fade_push_restarts_the_same_id_as_a_new_layer(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 5);
    sa_fade_step(&f, 4.0f, 0.4f);
    sa_fade_switch(&f, 5); /* a switch to the target does nothing */
    assert_int_equal(f.count, 1);
    sa_fade_push(&f, 5); /* a push always makes a new layer: the same id starts over */
    assert_int_equal(f.count, 2);
    assert_int_equal(sa_fade_target(&f), 5);
    const sa_fade_layer fresh = sa_fade_target_layer(&f);
    assert_near(fresh.weight, 0, 0); /* no pop: the new layer fades in from 0 */
    assert_near(fresh.time, 0, 0);
    assert_near(f.layers[0].time, 0.4f, 0); /* the old one keeps its own time */
    assert_near(f.layers[0].weight, 1, 0);
    assert_near(sa_fade_weight(&f, 5), 1, 0); /* both show 5: together they are everything */
    sa_fade_step(&f, 4.0f, 0.1f);
    assert_near(f.layers[0].time, 0.5f, 1e-6);
    assert_near(sa_fade_target_layer(&f).time, 0.1f, 1e-6);
    assert_true(sa_fade_target_layer(&f).weight > 0.0f);
    assert_well_formed(&f);
    /* Pushing every frame: never more than the maximum, the weights still sum to 1. */
    for (int i = 0; i < 100; ++i) {
        sa_fade_push(&f, 5);
        assert_near(sa_fade_target_layer(&f).weight, 0, 0);
        sa_fade_step(&f, 4.0f, 1.0f / 60.0f);
        assert_well_formed(&f);
    }
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS);
}

static void test_fade_user_values_start_at_zero_and_travel_with_the_layer(void **state) {
    (void)state;
    sa_fade f;
    memset(&f, 0x7F, sizeof f); /* garbage everywhere, as in an uninitialised struct */
    sa_fade_init(&f, 1);
    float *u = sa_fade_target_user(&f);
    assert_non_null(u);
    for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
        assert_near(u[k], 0, 0);
    /* Each new layer's values start at 0, whatever the others hold; the layer keeps what the
     * caller wrote while newer layers come on top. */
    for (int32_t id = 1; id <= 4; ++id) {
        if (id > 1) {
            if (id % 2)
                sa_fade_switch(&f, id);
            else
                sa_fade_push(&f, id);
            u = sa_fade_target_user(&f);
            for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
                assert_near(u[k], 0, 0);
        }
        for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
            u[k] = 100.0f * (float)id + (float)k;
        sa_fade_step(&f, 3.0f, 0.05f);
    }
    assert_int_equal(f.count, 4);
    for (size_t i = 0; i < f.count; ++i)
        for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
            assert_near(f.layers[i].user[k], 100.0f * (float)f.layers[i].id + (float)k, 0);
    /* The oldest layers fade out and leave; the survivors move down the stack with their values. */
    int steps = 0;
    while (f.count > 1 && steps++ < 2000) {
        sa_fade_step(&f, 3.0f, 1.0f / 60.0f);
        for (size_t i = 0; i < f.count; ++i)
            for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
                assert_near(f.layers[i].user[k], 100.0f * (float)f.layers[i].id + (float)k, 0);
    }
    assert_int_equal(f.count, 1);
    assert_int_equal(sa_fade_target(&f), 4);
    assert_near(sa_fade_target_layer(&f).user[0], 400, 0);
    /* A cut keeps the target's values. */
    sa_fade_switch(&f, 8);
    sa_fade_target_user(&f)[1] = -2.5f;
    sa_fade_finish(&f);
    assert_int_equal(sa_fade_target(&f), 8);
    assert_near(sa_fade_target_layer(&f).user[0], 0, 0);
    assert_near(sa_fade_target_layer(&f).user[1], -2.5f, 0);
    /* The fade never reads them: NaN and infinities are kept as they are, and change nothing. */
    sa_fade g = f;
    sa_fade_target_user(&g)[0] = NAN;
    sa_fade_target_user(&g)[1] = INFINITY;
    sa_fade_switch(&f, 9);
    sa_fade_switch(&g, 9);
    sa_fade_step(&f, 5.0f, 0.1f);
    sa_fade_step(&g, 5.0f, 0.1f);
    assert_true(isnan(g.layers[0].user[0]));
    assert_true(isinf(g.layers[0].user[1]));
    for (size_t i = 0; i < f.count; ++i) {
        assert_int_equal(g.layers[i].id, f.layers[i].id);
        assert_near(g.layers[i].weight, f.layers[i].weight, 0);
        assert_near(g.layers[i].time, f.layers[i].time, 0);
    }
}

static void test_fade_merge_keeps_the_stronger_layers_user_values(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 0);
    const float w[SA_FADE_MAX_LAYERS] = {0.05f, 0.2f, 0.02f, 0.3f, 0.03f, 0.1f, 0.1f, 0.2f};
    for (int32_t i = 0; i < SA_FADE_MAX_LAYERS; ++i) {
        f.layers[i].id = 10 + i;
        f.layers[i].weight = w[i];
        f.layers[i].time = (float)i;
        for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
            f.layers[i].user[k] = (float)(10 + i) + 0.5f * (float)k;
    }
    f.count = SA_FADE_MAX_LAYERS;
    sa_fade_push(&f, 99);
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS);
    /* id 12 (0.02) merged into id 14 (0.03): 14 holds both weights and still its own values. */
    for (size_t i = 0; i < f.count; ++i) {
        assert_true(f.layers[i].id != 12);
        if (f.layers[i].id == 14) {
            assert_near(f.layers[i].weight, 0.05f, 1e-7);
            assert_near(f.layers[i].user[0], 14, 0);
        }
        if (f.layers[i].id != 99)
            for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
                assert_near(f.layers[i].user[k], (float)f.layers[i].id + 0.5f * (float)k, 0);
    }
    /* The new target starts at 0. */
    const sa_fade_layer t = sa_fade_target_layer(&f);
    assert_int_equal(t.id, 99);
    for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
        assert_near(t.user[k], 0, 0);
    assert_well_formed(&f);
}

/* A caller makes room on a full stack itself: it learns which layers a switch would merge, merges
 * the pair it wants (into any layer, relabelling it), and the next switch then merges nothing. */
static void test_fade_weakest_and_merge_make_room_by_hand(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 0);
    const float w[SA_FADE_MAX_LAYERS] = {0.05f, 0.2f, 0.02f, 0.3f, 0.03f, 0.1f, 0.1f, 0.2f};
    for (int32_t i = 0; i < SA_FADE_MAX_LAYERS; ++i) {
        f.layers[i].id = 10 + i;
        f.layers[i].weight = w[i];
        f.layers[i].time = (float)i;
        f.layers[i].user[0] = (float)i;
    }
    f.count = SA_FADE_MAX_LAYERS;
    const sa_fade full = f;

    /* The weakest below the target, skipping one; ties go to the older layer. */
    assert_int_equal(sa_fade_weakest(&f, SA_FADE_MAX_LAYERS), 2);
    assert_int_equal(sa_fade_weakest(&f, 2), 4);
    assert_int_equal(sa_fade_weakest(&f, 4), 2);
    assert_int_equal(sa_fade_weakest(&f, 1000), 2);
    f.layers[0].weight = 0.02f; /* a tie with layer 2 */
    assert_int_equal(sa_fade_weakest(&f, SA_FADE_MAX_LAYERS), 0);
    f = full;

    /* Bad merges change nothing. */
    const size_t bad[][2] = {{7, 0}, {8, 0}, {2, 2}, {2, 8}, {SIZE_MAX, 0}, {0, SIZE_MAX}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_int_equal(sa_fade_merge(&f, bad[i][0], bad[i][1]), SA_FADE_MAX_LAYERS);
        assert_memory_equal(&f, &full, sizeof f);
    }
    sa_fade empty = full;
    empty.count = 0;
    assert_int_equal(sa_fade_weakest(&empty, SA_FADE_MAX_LAYERS), SA_FADE_MAX_LAYERS);
    assert_int_equal(sa_fade_merge(&empty, 0, 1), SA_FADE_MAX_LAYERS);
    sa_fade two;
    sa_fade_init(&two, 1);
    sa_fade_switch(&two, 2);
    assert_int_equal(sa_fade_weakest(&two, SA_FADE_MAX_LAYERS), 0);
    assert_int_equal(sa_fade_weakest(&two, 0), SA_FADE_MAX_LAYERS);

    /* A merge into a layer above: it moves down one and holds both weights, keeping its id, time
     * and user values; the others keep their order. */
    size_t k = sa_fade_merge(&f, 2, 5);
    assert_int_equal(k, 4);
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS - 1);
    assert_int_equal(f.layers[k].id, 15);
    assert_near(f.layers[k].weight, 0.12f, 1e-7);
    assert_near(f.layers[k].time, 5, 0);
    assert_near(f.layers[k].user[0], 5, 0);
    const int32_t order[] = {10, 11, 13, 14, 15, 16, 17};
    for (size_t i = 0; i < f.count; ++i)
        assert_int_equal(f.layers[i].id, order[i]);
    assert_well_formed(&f);
    /* Below, or into the target: the index stays. */
    k = sa_fade_merge(&f, 3, 0);
    assert_int_equal(k, 0);
    assert_near(f.layers[0].weight, 0.08f, 1e-7);
    k = sa_fade_merge(&f, 0, f.count - 1);
    assert_int_equal(k, f.count - 1);
    assert_int_equal(sa_fade_target(&f), 17);
    assert_near(sa_fade_weight(&f, 17), 0.28f, 1e-6);
    assert_well_formed(&f);

    /* Room made by hand: the switch then merges nothing more. */
    f = full;
    k = sa_fade_merge(&f, sa_fade_weakest(&f, SA_FADE_MAX_LAYERS), 0);
    f.layers[k].id = -1; /* relabelled: layers 0 and 2 now show one thing of the caller's */
    sa_fade before = f;
    sa_fade_switch(&f, 99);
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS);
    for (size_t i = 0; i + 1 < f.count; ++i)
        assert_memory_equal(&f.layers[i], &before.layers[i], sizeof f.layers[i]);
    assert_int_equal(sa_fade_target(&f), 99);
    assert_well_formed(&f);

    /* And the switch's own merge is exactly weakest-into-next-weakest. */
    f = full;
    before = full;
    sa_fade_switch(&f, 99);
    const size_t a = sa_fade_weakest(&before, SA_FADE_MAX_LAYERS);
    (void)sa_fade_merge(&before, a, sa_fade_weakest(&before, a));
    sa_fade_push(&before, 99);
    assert_memory_equal(&f, &before, sizeof f);
}

static void test_fade_finish_cuts_to_the_target(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 3);
    sa_fade_switch(&f, 4);
    sa_fade_step(&f, 2.0f, 0.2f);
    sa_fade_switch(&f, 5);
    sa_fade_step(&f, 2.0f, 0.3f);
    sa_fade_finish(&f);
    assert_int_equal(f.count, 1);
    assert_int_equal(sa_fade_target(&f), 5);
    assert_near(sa_fade_weight(&f, 5), 1, 0);
    assert_near(sa_fade_weight(&f, 3), 0, 0);
    assert_near(f.layers[0].time, 0.3f, 1e-6);
    assert_well_formed(&f);
}

/* Issue 14: sa_fade_switch() to the id already the target returned early, so a corrupted fade
 * stayed corrupted, though fade.h says the next switch repairs it. */
static void test_fade_switch_to_the_target_repairs_a_corrupted_fade(void **state) {
    (void)state;
    sa_fade f;
    sa_fade_init(&f, 1);
    sa_fade_switch(&f, 2);
    f.layers[0].weight = NAN;
    f.layers[1].weight = 5.0f;
    f.layers[1].time = -INFINITY;
    assert_false(sa_fade_is_valid(&f));
    sa_fade_switch(&f, 2); /* the target already: no new layer, but repaired */
    assert_true(sa_fade_is_valid(&f));
    assert_int_equal(f.count, 2);
    assert_int_equal(sa_fade_target(&f), 2);
    assert_near(f.layers[1].weight, 1, 0); /* the NaN counts as 0; the target takes the rest */
    assert_near(f.layers[1].time, 0, 0);
    /* A count out of range is clamped, as for every other repair. */
    f.count = 99;
    sa_fade_switch(&f, f.layers[SA_FADE_MAX_LAYERS - 1].id);
    assert_true(sa_fade_is_valid(&f));
    assert_int_equal(f.count, SA_FADE_MAX_LAYERS);
    /* A well-formed fade is left bit for bit as it is. */
    sa_fade g;
    sa_fade_init(&g, 1);
    sa_fade_switch(&g, 2);
    sa_fade_step(&g, 8.0f, 0.05f);
    const sa_fade before = g;
    sa_fade_switch(&g, 2);
    assert_memory_equal(&before, &g, sizeof g);
}

/* Found by the hostile walk: a step with no time (dt NaN or 0) left a corrupted fade corrupted,
 * though fade.h says the next step repairs it. */
static void test_fade_step_without_time_still_repairs(void **state) {
    (void)state;
    const float no_time[] = {0.0f, -1.0f, NAN};
    for (size_t k = 0; k < 3; ++k) {
        sa_fade f;
        sa_fade_init(&f, 1);
        sa_fade_switch(&f, 2);
        f.layers[0].weight = NAN;
        f.layers[1].time = NAN;
        sa_fade_step(&f, 4.0f, no_time[k]);
        assert_true(sa_fade_is_valid(&f));
        assert_int_equal(sa_fade_target(&f), 2);
    }
}

/* The inline step of a lone target (internal/fade_target.h) leaves a fade as sa_fade_step() does,
 * bit for bit, for any of its fields and any dt; it declines every other fade. */
static void test_fade_lone_step_inline_agrees_with_sa_fade_step(void **state) {
    (void)state;
    const float values[] = {0.0f, -0.0f,   0.25f,    1.0f,      -1.0f,
                            3.0f, FLT_MAX, INFINITY, -INFINITY, NAN};
    const float dts[] = {1.0f / 120.0f, 1e-30f, 0.5f, FLT_MAX, 0.0f, -1.0f, NAN};
    const size_t nv = sizeof values / sizeof values[0], nd = sizeof dts / sizeof dts[0];
    for (size_t w = 0; w < nv; ++w)
        for (size_t t = 0; t < nv; ++t)
            for (size_t d = 0; d < nd; ++d)
                for (size_t count = 0; count < 3; ++count) {
                    sa_fade a;
                    sa_fade_init(&a, 3);
                    sa_fade_push(&a, 5);
                    a.count = count;
                    a.layers[0].weight = values[w];
                    a.layers[0].time = values[t];
                    sa_fade b = a;
                    const bool lone = sai_fade_step_lone(&a, dts[d]);
                    assert_true(lone == (count == 1 && dts[d] > 0.0f));
                    if (!lone) {
                        assert_memory_equal(&a, &b, sizeof a);
                        continue;
                    }
                    sa_fade_step(&b, 8.0f, dts[d]);
                    assert_memory_equal(&a, &b, sizeof a);
                }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fade_bad_input_is_harmless),
        cmocka_unit_test(test_fade_weights_sum_to_one_and_are_never_negative),
        cmocka_unit_test(test_fade_single_switch_follows_exponential_catch_up),
        cmocka_unit_test(test_fade_does_not_depend_on_the_frame_rate),
        cmocka_unit_test(test_fade_switch_mid_fade_never_pops),
        cmocka_unit_test(test_fade_older_layer_of_the_same_id_keeps_its_time),
        cmocka_unit_test(test_fade_full_stack_merges_without_losing_weight),
        cmocka_unit_test(test_fade_push_restarts_the_same_id_as_a_new_layer),
        cmocka_unit_test(test_fade_user_values_start_at_zero_and_travel_with_the_layer),
        cmocka_unit_test(test_fade_merge_keeps_the_stronger_layers_user_values),
        cmocka_unit_test(test_fade_weakest_and_merge_make_room_by_hand),
        cmocka_unit_test(test_fade_finish_cuts_to_the_target),
        cmocka_unit_test(test_fade_switch_to_the_target_repairs_a_corrupted_fade),
        cmocka_unit_test(test_fade_step_without_time_still_repairs),
        cmocka_unit_test(test_fade_lone_step_inline_agrees_with_sa_fade_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
