/* blend_tree.h: blend spaces built by the setup functions or filled in by hand, and the loco
 * preset from any config. Every frame finite, its weights never negative and summing to 1, the
 * phase in [0, 1), the stretch and the rate in their ranges. */
#include "fuzz.h"

#include <stickanim/blend_tree.h>

static sa_blend_tree_point read_point(fz_in *in, float *at) {
    sa_blend_tree_point p;
    *at += fz_float_in(in, 0.0f, 2.0f);
    p.at = fz_bool(in) ? *at : fz_float(in);
    p.clip = fz_below(in, SA_BLEND_TREE_MAX_CLIPS + 2);
    p.ease = (sa_ease)(fz_u8(in) % (SA_EASE_COUNT_ + 1));
    p.move = fz_float_in(in, 0.0f, 5.0f);
    p.anim = fz_float_in(in, 0.0f, 5.0f);
    p.stride = fz_float_in(in, 0.0f, 3.0f);
    return p;
}

static void check_frame(const sa_blend_tree_space *sp, float x, float dt, float *phase) {
    const sa_blend_tree_frame f = sa_blend_tree_space_step(sp, phase, x, dt);
    FZ_CHECK(f.weight_count <= SA_BLEND_TREE_MAX_CLIPS);
    double sum = 0.0;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i) {
        FZ_CHECK2(f.weights[i] >= 0.0f && f.weights[i] <= 1.0f, f.weights[i], i);
        if (i >= f.weight_count) FZ_CHECK(f.weights[i] == 0.0f);
        sum += f.weights[i];
    }
    const bool empty = !sp || sp->point_count == 0;
    if (empty)
        FZ_CHECK(f.weight_count == 0 && sum == 0.0);
    else
        FZ_CHECK2(f.weight_count >= 1 && fabs(sum - 1.0) <= 1e-6, sum, f.weight_count);
    if (!empty) FZ_CHECK(f.segment < sp->point_count && f.segment < SA_BLEND_TREE_MAX_POINTS);
    FZ_CHECK2(f.u >= 0.0f && f.u <= 1.0f, f.u, x);
    FZ_CHECK(fz_finite(f.move) && f.move >= 0.0f);
    FZ_CHECK(fz_finite(f.anim) && f.anim >= 0.0f);
    FZ_CHECK(fz_finite(f.stride) && f.stride > 0.0f);
    FZ_CHECK2(f.stretch >= 0.0f && f.stretch <= SA_BLEND_TREE_MAX_STRETCH, f.stretch, x);
    FZ_CHECK2(fz_finite(f.rate) && fabsf(f.rate) <= 1e6f, f.rate, x);
    FZ_CHECK(fz_finite(f.advance));
    FZ_CHECK2(f.phase >= 0.0f && f.phase < 1.0f, f.phase, x);
    if (phase) FZ_CHECK(*phase == f.phase);
}

void sa_fuzz_blend_tree(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_blend_tree_space sp;
    switch (fz_u8(&in) % 3) {
    case 0: {
        sa_blend_tree_loco_config c = sa_blend_tree_loco_config_default();
        const bool use = fz_bool(&in);
        float *fields[8] = {&c.idle_speed, &c.moving_speed, &c.walk_speed,  &c.run_speed,
                            &c.walk_anim,  &c.run_anim,     &c.walk_stride, &c.run_stride};
        for (int i = 0; i < 8; ++i)
            if (fz_bool(&in)) *fields[i] = fz_float(&in);
        c.follow_speed = fz_bool(&in);
        const sa_status st = sa_blend_tree_space_from_loco(&sp, use ? &c : NULL);
        FZ_CHECK(st == (use ? sa_blend_tree_loco_config_validate(&c) : SA_OK));
        if (st == SA_OK)
            FZ_CHECK(sa_blend_tree_space_validate(&sp) == SA_OK);
        else
            FZ_CHECK(sp.point_count == 0);
        break;
    }
    case 1: {
        const sa_status st =
            sa_blend_tree_space_init(&sp, fz_below(&in, SA_BLEND_TREE_MAX_CLIPS + 2), fz_bool(&in));
        FZ_CHECK(st == SA_OK || st == SA_ERR_COUNT);
        float at = fz_float_in(&in, -1.0f, 1.0f);
        const size_t n = fz_below(&in, SA_BLEND_TREE_MAX_POINTS + 3);
        for (size_t i = 0; i < n; ++i) {
            const sa_blend_tree_point p = read_point(&in, &at);
            const size_t before = sp.point_count;
            const sa_status s = sa_blend_tree_space_add(&sp, &p);
            FZ_CHECK(sp.point_count == before + (s == SA_OK ? 1 : 0));
        }
        if (sp.point_count > 0) FZ_CHECK(sa_blend_tree_space_validate(&sp) == SA_OK);
        break;
    }
    default: { /* filled in by hand, anything goes */
        sa_blend_tree_space_init(&sp, 1, true);
        float at = 0.0f;
        for (size_t i = 0; i < SA_BLEND_TREE_MAX_POINTS; ++i)
            sp.points[i] = read_point(&in, &at);
        sp.point_count = fz_below(&in, SA_BLEND_TREE_MAX_POINTS + 8);
        sp.clip_count = fz_below(&in, SA_BLEND_TREE_MAX_CLIPS + 8);
        sp.follow_speed = fz_bool(&in);
        break;
    }
    }
    /* Sync markers on a few clips (the default case keeps the hand-filled space's own). */
    if (fz_bool(&in)) {
        sa_clip_touchdown m[6];
        const size_t n = fz_below(&in, 7);
        for (size_t i = 0; i < n; ++i) {
            m[i].phase = fz_bool(&in) ? fz_float(&in) : fz_float_in(&in, 0.0f, 1.0f);
            m[i].foot = fz_below(&in, 3);
        }
        const size_t clip = fz_below(&in, SA_BLEND_TREE_MAX_CLIPS + 1);
        const sa_status st = sa_blend_tree_space_set_markers(&sp, clip, fz_bool(&in) ? m : NULL, n);
        FZ_CHECK(st == SA_OK || st == SA_ERR_NULL || st == SA_ERR_RANGE || st == SA_ERR_COUNT ||
                 st == SA_ERR_NOT_FINITE || st == SA_ERR_UNSORTED || st == SA_ERR_MISMATCH);
    }
    float phase = fz_float(&in);
    do {
        const float x = fz_float(&in), dt = fz_float_in(&in, 0.0f, 0.1f);
        const uint8_t how = fz_u8(&in);
        check_frame((how & 7) == 0 ? NULL : &sp, x, dt, (how & 8) ? NULL : &phase);
        const float r =
            sa_blend_tree_cycle_rate(x, fz_float(&in), fz_float(&in), fz_float(&in), fz_bool(&in));
        FZ_CHECK2(fz_finite(r) && fabsf(r) <= 1e6f, r, x);
    } while (fz_more(&in));
}
