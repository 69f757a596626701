/* mode_machine.h: a machine from any config, driven by a script of body states and frame times,
 * now and then corrupted by hand. The mode always a mode; the layers' weights summing to 1; every
 * time, scale, factor and half-life finite and in range. */
#include "fuzz.h"

#include <stickanim/mode_machine.h>

static void check_machine(const sa_mode_machine *m, sa_mode mode) {
    FZ_CHECK((uint32_t)mode < (uint32_t)SA_MODE_COUNT_);
    FZ_CHECK(mode == m->mode);
    FZ_CHECK(sa_mode_name(mode) != NULL);
    const size_t n = sa_mode_machine_layer_count(m);
    FZ_CHECK2(n >= 1 && n <= SA_FADE_MAX_LAYERS, n, 0);
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const sa_mode_layer l = sa_mode_machine_layer(m, i);
        FZ_CHECK((uint32_t)l.mode < (uint32_t)SA_MODE_COUNT_);
        FZ_CHECK(l.weight >= 0.0f && l.weight <= 1.0f);
        FZ_CHECK(fz_finite(l.mode_time) && l.mode_time >= 0.0f);
        FZ_CHECK(fz_finite(l.play_time) && fz_finite(l.time_scale));
        sum += l.weight;
    }
    FZ_CHECK2(fabs(sum - 1.0) <= 1e-4, sum, n);
    FZ_CHECK(sa_mode_machine_layer(m, n).weight == 0.0f);
    const sa_mode last = sa_mode_machine_layer(m, n - 1).mode;
    FZ_CHECK(last == mode);
    for (int k = 0; k < (int)SA_MODE_COUNT_; ++k) {
        const float w = sa_mode_machine_weight(m, (sa_mode)k);
        FZ_CHECK(w >= 0.0f && w <= 1.0f);
    }
    const float gk = sa_mode_machine_getup_k(m), ik = sa_mode_machine_inertial_k(m);
    FZ_CHECK2(gk >= 0.0f && gk <= 1.0f, gk, 0);
    FZ_CHECK2(ik >= 0.0f && ik <= 1.0f, ik, 0);
    const float h = sa_mode_machine_inertial_halflife(m);
    FZ_CHECK2(fz_finite(h) && h > 0.0f, h, 0);
    const float it = sa_mode_machine_inertial_time(m), mt = sa_mode_machine_mode_time(m);
    FZ_CHECK(fz_finite(it) && it >= 0.0f && fz_finite(mt) && mt >= 0.0f);
}

void sa_fuzz_mode_machine(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_mode_machine_config c = sa_mode_machine_config_default();
    float *fields[] = {&c.hard_landing_speed, &c.land_time,         &c.land_exit_speed,
                       &c.sit_time,           &c.fall_speed,        &c.water_jump_time,
                       &c.getup_time_scale,   &c.getup_back_length, &c.getup_front_length,
                       &c.morph_time};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; ++i)
        if (fz_u8(&in) < 64) *fields[i] = fz_float(&in);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        if (fz_u8(&in) < 64) c.fade_rate[i] = fz_float(&in);
    c.style = (sa_mode_fade_style)(fz_u8(&in) % 3);
    sa_mode_machine m;
    FZ_CHECK(sa_mode_machine_init(&m, fz_bool(&in) ? &c : NULL) == SA_OK);
    FZ_CHECK(m.config.style == SA_MODE_FADE_STYLE_CROSSFADE ||
             m.config.style == SA_MODE_FADE_STYLE_INERTIALIZE);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        FZ_CHECK(m.config.fade_rate[i] >= SA_MODE_MACHINE_MIN_RATE &&
                 m.config.fade_rate[i] <= SA_MODE_MACHINE_MAX_VALUE);
    check_machine(&m, m.mode);
    sa_mode_input body = sa_mode_input_default();
    while (fz_more(&in)) {
        const uint8_t op = fz_u8(&in);
        if (op >= 248) { /* corruption by hand */
            switch (op % 4) {
            case 0: /* a count that says "never set up": the next update sets it up again */
                m.fade.count = fz_bool(&in) ? 0 : SA_FADE_MAX_LAYERS + 1 + fz_below(&in, 8);
                break;
            case 1: /* a mode that is none: the next update reads the fade's target */
                m.mode = (sa_mode)((uint32_t)SA_MODE_COUNT_ + fz_u16(&in));
                break;
            case 2:
                m.config.fade_rate[fz_below(&in, SA_MODE_COUNT_)] = fz_float(&in);
                break;
            default:
                m.fade.layers[fz_below(&in, SA_FADE_MAX_LAYERS)].user[fz_below(&in, 2)] =
                    fz_float(&in);
                break;
            }
        }
        if (op & 1) body.grounded = fz_bool(&in);
        if (op & 2) body.vertical_velocity = fz_float(&in);
        if (op & 4) body.landing_speed = fz_float(&in);
        if (op & 8) body.speed = fz_float(&in);
        if (op & 16) {
            const uint8_t f = fz_u8(&in);
            body.in_water = f & 1;
            body.on_ladder = (f & 2) != 0;
            body.knocked_down = (f & 4) != 0;
            if (f & 8) ++body.jump;
        }
        if (op & 32) body.ladder_direction = fz_float(&in);
        if (op & 64) body.pelvis_forward = fz_v3(&in);
        const float dt = fz_float_in(&in, 0.0f, 0.1f);
        const sa_mode mode = sa_mode_machine_update(&m, (op & 128) && op < 248 ? NULL : &body, dt);
        check_machine(&m, mode);
    }
    FZ_CHECK(sa_mode_machine_update(NULL, &body, 0.1f) == SA_MODE_LOCO);
}
