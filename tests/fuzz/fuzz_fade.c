/* fade.h: the stack of fading layers, driven by a script of switches, pushes, steps, merges and
 * corruptions. After a switch, push or step (dt > 0) the fade is well formed (weights in [0, 1]
 * summing to 1, times ≥ 0, count in range) whatever was done to it before, the target is what
 * was asked for, and no weight is ever lost. */
#include "fuzz.h"

#include <stickanim/fade.h>

static void check_valid(const sa_fade *f) {
    FZ_CHECK(f->count >= 1 && f->count <= SA_FADE_MAX_LAYERS);
    double sum = 0.0;
    for (size_t i = 0; i < f->count; ++i) {
        FZ_CHECK2(f->layers[i].weight >= 0.0f && f->layers[i].weight <= 1.0f, f->layers[i].weight,
                  i);
        FZ_CHECK(f->layers[i].time >= 0.0f && fz_finite(f->layers[i].time));
        sum += f->layers[i].weight;
    }
    FZ_CHECK2(fabs(sum - 1.0) <= 1e-4, sum, f->count);
    FZ_CHECK(sa_fade_is_valid(f));
}

void sa_fuzz_fade(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_fade f;
    sa_fade_init(&f, (int32_t)fz_u8(&in) % 4);
    bool settled = true;
    check_valid(&f);
    while (fz_more(&in)) {
        const uint8_t op = fz_u8(&in);
        const int32_t id = (int32_t)(fz_u8(&in) % 6) - 1;
        switch (op % 9) {
        case 0:
            sa_fade_switch(&f, id);
            check_valid(&f);
            FZ_CHECK(sa_fade_target(&f) == id);
            break;
        case 1: {
            const size_t before = f.count;
            sa_fade_push(&f, id);
            check_valid(&f);
            FZ_CHECK(sa_fade_target(&f) == id);
            FZ_CHECK(sa_fade_target_layer(&f).weight == 0.0f || before == 0 ||
                     before > SA_FADE_MAX_LAYERS);
            break;
        }
        case 2: {
            const float rate = fz_float(&in), dt = fz_float_in(&in, 0.0f, 0.2f);
            const int32_t target = sa_fade_target(&f);
            /* Only a fade the library settled: one valid within is_valid()'s 1e-4 but set by
             * hand may have the target take less (it receives exactly what the others leave). */
            const bool was_valid = settled && sa_fade_is_valid(&f);
            const float tw = sa_fade_target_layer(&f).weight;
            sa_fade_step(&f, rate, dt);
            if (dt > 0.0f && f.count > 0) {
                settled = true;
                check_valid(&f);
                FZ_CHECK(sa_fade_target(&f) == target);
                /* The target only gains. */
                if (was_valid)
                    FZ_CHECK2(sa_fade_target_layer(&f).weight >= tw - 1e-6f,
                              sa_fade_target_layer(&f).weight, tw);
            }
            break;
        }
        case 3: {
            const size_t a = sa_fade_weakest(&f, fz_below(&in, SA_FADE_MAX_LAYERS + 2));
            FZ_CHECK(a == SA_FADE_MAX_LAYERS || (f.count > 1 && a < f.count - 1));
            if (a == SA_FADE_MAX_LAYERS) break;
            const size_t into = fz_below(&in, SA_FADE_MAX_LAYERS + 1);
            const bool valid = sa_fade_is_valid(&f);
            const size_t before_count = f.count;
            const size_t n = f.count < SA_FADE_MAX_LAYERS ? f.count : SA_FADE_MAX_LAYERS;
            const size_t r = sa_fade_merge(&f, a, into);
            if (r == SA_FADE_MAX_LAYERS) {
                FZ_CHECK(f.count == before_count);
            } else {
                FZ_CHECK(f.count == n - 1 && r < f.count);
                if (valid && settled) check_valid(&f); /* no weight lost */
            }
            break;
        }
        case 4:
            sa_fade_finish(&f);
            if (f.count > 0) FZ_CHECK(f.count == 1 && f.layers[0].weight == 1.0f);
            break;
        case 5: { /* corrupt one field */
            settled = false;
            const size_t i = fz_below(&in, SA_FADE_MAX_LAYERS);
            switch (fz_u8(&in) % 4) {
            case 0:
                f.layers[i].weight = fz_float(&in);
                break;
            case 1:
                f.layers[i].time = fz_float(&in);
                break;
            case 2:
                f.count = fz_below(&in, 3 * SA_FADE_MAX_LAYERS);
                break;
            default:
                f.layers[i].id = (int32_t)fz_u32(&in);
                break;
            }
            break;
        }
        case 6: {
            float *u = sa_fade_target_user(&f);
            if (f.count > 0 && f.count <= SA_FADE_MAX_LAYERS) FZ_CHECK(u != NULL);
            if (u) u[fz_below(&in, SA_FADE_USER_VALUES)] = fz_float(&in);
            break;
        }
        default:
            break;
        }
        const float w = sa_fade_weight(&f, id);
        FZ_CHECK2(w >= 0.0f && w <= 1.0f, w, id);
    }
    sa_fade_switch(NULL, 1);
    sa_fade_step(NULL, 1.0f, 1.0f);
    FZ_CHECK(sa_fade_target(NULL) == 0 && sa_fade_weight(NULL, 0) == 0.0f);
}
