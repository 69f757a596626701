#include "pipeline.h"

#include <stickanim/ik.h>

#include "internal/scalar.h"

/* ---- config and input --------------------------------------------------------------------- */

sa_figure_config sa_figure_config_default(void) {
    sa_figure_config c;
    c.spine = 54.0f;
    c.neck = 13.0f;
    c.head_radius = 12.0f;
    c.upper_arm = 27.0f;
    c.forearm = 25.0f;
    c.thigh = 37.0f;
    c.shin = 37.0f;
    c.hip_height = SA_FIGURE_REFERENCE_HIP_HEIGHT;
    c.spear_length = 150.0f;
    c.fade_rate = 8.0f;
    c.gait_rate = 4.0f;
    c.head_stiffness = SA_SPRING_HEAD_STIFFNESS;
    c.head_damping = SA_SPRING_HEAD_DAMPING;
    c.hair = true;
    c.hair_spacing = SA_VERLET_DEFAULT_SPACING;
    c.hair_drag = SA_VERLET_DEFAULT_DRAG;
    c.hair_jump_kick = 1500.0f;
    return c;
}

sa_figure_config sa_figure_config_scaled(float scale) {
    /* The lengths' bounds of sa_figure_config_validate(): the scale is clamped so the shortest
     * default length (hair spacing 9) stays at or above the least and the longest (spear 150)
     * at or below the most, and each product is clamped again against rounding. */
    const float min_length = 1e-3f, max_length = 1e6f;
    const float s = sai_clamp(sai_positive_or(scale, 1.0f), min_length / 9.0f, max_length / 150.0f);
    sa_figure_config c = sa_figure_config_default();
    float *lengths[] = {&c.spine, &c.neck, &c.head_radius, &c.upper_arm,    &c.forearm,
                        &c.thigh, &c.shin, &c.hip_height,  &c.spear_length, &c.hair_spacing};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
        *lengths[i] = sai_clamp(*lengths[i] * s, min_length, max_length);
    return c;
}

sa_status sa_figure_config_validate(const sa_figure_config *cfg) {
    if (!cfg) return SA_ERR_NULL;
    /* The bounds figure.h documents: lengths in [1e-3, 1e6], rates, stiffness, damping and the
     * kick at most 1e6, so a frame's arithmetic on them stays far inside the float range. */
    const float min_length = 1e-3f, max_value = 1e6f;
    const float lengths[] = {cfg->spine,        cfg->neck,        cfg->head_radius, cfg->upper_arm,
                             cfg->forearm,      cfg->thigh,       cfg->shin,        cfg->hip_height,
                             cfg->spear_length, cfg->hair_spacing};
    const float positive[] = {cfg->fade_rate, cfg->gait_rate, cfg->head_stiffness};
    const float non_negative[] = {cfg->head_damping, cfg->hair_jump_kick, cfg->hair_drag};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
        if (!sai_finite(lengths[i])) return SA_ERR_NOT_FINITE;
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; ++i)
        if (!sai_finite(positive[i])) return SA_ERR_NOT_FINITE;
    for (size_t i = 0; i < sizeof non_negative / sizeof non_negative[0]; ++i)
        if (!sai_finite(non_negative[i])) return SA_ERR_NOT_FINITE;
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
        if (!(lengths[i] >= min_length && lengths[i] <= max_value)) return SA_ERR_RANGE;
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; ++i)
        if (!(positive[i] > 0.0f && positive[i] <= max_value)) return SA_ERR_RANGE;
    for (size_t i = 0; i < sizeof non_negative / sizeof non_negative[0]; ++i)
        if (!(non_negative[i] >= 0.0f && non_negative[i] <= max_value)) return SA_ERR_RANGE;
    if (cfg->hair_drag > 1.0f) return SA_ERR_RANGE;
    return SA_OK;
}

const sa_figure_config *sai_figure_config_or_default(const sa_figure_config *cfg,
                                                     sa_figure_config *store) {
    if (cfg && sa_figure_config_validate(cfg) == SA_OK) return cfg;
    *store = sa_figure_config_default();
    return store;
}

sa_figure_input sa_figure_input_default(void) {
    sa_figure_input in;
    in.motion = SA_FIGURE_MOTION_IDLE;
    in.speed = 0.0f;
    in.jump = 0u;
    in.thrust = 0u;
    return in;
}

sa_figure_input sai_figure_read_input(const sa_figure *fig, const sa_figure_input *input) {
    sa_figure_input in = sa_figure_input_default();
    if (input) {
        in = *input;
    } else {
        in.jump = fig->jump_seen;
        in.thrust = fig->thrust_seen;
    }
    if (!((uint32_t)in.motion < (uint32_t)SA_FIGURE_MOTION_COUNT_))
        in.motion = SA_FIGURE_MOTION_IDLE;
    return in;
}

sai_figure_ctx sai_figure_context(const sa_figure_config *cfg, float gait, float phase,
                                  float thrust_time) {
    sai_figure_ctx c;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    c.scale = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    c.hip_height = cfg->hip_height;
    c.gait_mix = sai_saturate(gait);
    c.gait = sa_gait_mix(&walk, &run, c.gait_mix);
    c.phase = phase;
    c.thrust_time = thrust_time;
    const float reach = cfg->thigh + cfg->shin - (SA_IK_LEG_MARGIN + 0.5f) * c.scale;
    c.leg_reach = reach > 0.0f ? reach : 0.0f;
    c.spine = cfg->spine;
    return c;
}

sa_status sa_figure_init(sa_figure *fig, const sa_figure_config *cfg) {
    if (!fig) return SA_ERR_NULL;
    const sa_status st = cfg ? sa_figure_config_validate(cfg) : SA_OK;
    *fig = (sa_figure){0};
    fig->config = (cfg && st == SA_OK) ? *cfg : sa_figure_config_default();
    sa_fade_init(&fig->fade, sai_figure_row_for(SA_FIGURE_MOTION_IDLE));
    fig->phase = 0.0f;
    fig->gait = 0.0f;
    fig->thrust_time = -1.0f;
    fig->wanted = SA_FIGURE_MOTION_IDLE;
    const sa_figure_params p = sa_figure_params_rest(&fig->config);
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    sai_figure_solve_joints(&fig->config, &p, j);
    sai_figure_rest_secondary(fig, j);
    sai_figure_write_pose(fig, &p, j, 0.0f);
    sai_figure_feet_rest(fig, &p);
    return st;
}

/* ---- triggers ----------------------------------------------------------------------------- */

/* Pushes fade layer `id` without changing what shows. On a full stack the fade would merge its two
 * weakest layers though they show different poses (a pop); the figure makes room first, keeping
 * what the merge changes as an offset that fades out as the merged layer would have. */
static void push_layer(sa_figure *fig, int32_t id) {
    if (fig->fade.count == SA_FADE_MAX_LAYERS && sa_fade_is_valid(&fig->fade)) {
        const sai_figure_ctx c =
            sai_figure_context(&fig->config, fig->gait, fig->phase, fig->thrust_time);
        sai_figure_merge_weakest(fig, &c);
    }
    sa_fade_push(&fig->fade, id);
}

static void switch_layer(sa_figure *fig, int32_t id) {
    if (sa_fade_target(&fig->fade) != id || fig->fade.count == 0) push_layer(fig, id);
}

bool sai_figure_locomoting(const sa_fade *fade) {
    float w = 0.0f;
    for (size_t i = 0; i < fade->count && i < SA_FADE_MAX_LAYERS; ++i)
        if (sai_figure_row(fade->layers[i].id)->flags & SAI_FIGURE_LOCOMOTES)
            w += fade->layers[i].weight;
    return w > 0.0f;
}

static bool jumping(const sa_fade *fade) {
    return sai_figure_row(sa_fade_target(fade))->play == SAI_FIGURE_ONCE;
}

void sai_figure_take_input(sa_figure *fig, const sa_figure_input *in) {
    const int32_t wanted = sai_figure_row_for(in->motion);
    const bool asked_anew = in->motion != fig->wanted;
    fig->wanted = in->motion;
    /* A new press starts a new jump, over one still playing too; asking for another motion cuts
     * a jump short; otherwise a jump plays to its end. */
    if (in->jump != fig->jump_seen) {
        fig->jump_seen = in->jump;
        push_layer(fig, sai_figure_row_jump_from(wanted));
    } else if (asked_anew || !jumping(&fig->fade)) {
        switch_layer(fig, wanted);
    }
    if (in->thrust != fig->thrust_seen) {
        fig->thrust_seen = in->thrust;
        if ((sai_figure_row(wanted)->flags & SAI_FIGURE_THRUSTS) && !jumping(&fig->fade) &&
            fig->thrust_time < 0.0f)
            fig->thrust_time = 0.0f;
    }
}

/* ---- clocks ------------------------------------------------------------------------------- */

static float gait_target(const sa_figure *fig, float speed) {
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    switch (sai_figure_row(sai_figure_row_for(fig->wanted))->gait) {
    case SAI_FIGURE_GAIT_WALK:
        return 0.0f;
    case SAI_FIGURE_GAIT_RUN:
        return 1.0f;
    case SAI_FIGURE_GAIT_SPEED: {
        const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
        const float lo = sa_gait_ground_speed(&walk), hi = sa_gait_ground_speed(&run);
        const float s = sai_clamp(sai_finite_or(speed / k, lo), lo, hi);
        return sai_saturate(sa_gait_mix_for_speed(&walk, &run, s));
    }
    case SAI_FIGURE_GAIT_KEEP:
        break;
    }
    return fig->gait;
}

float sai_figure_ease_gait(sa_figure *fig, float speed, bool was_locomoting, float dt) {
    const float target = gait_target(fig, speed);
    float mean = target;
    if (!was_locomoting) {
        fig->gait = target;
    } else {
        /* g(t) = target + (g0 − target)·e^(−r·t): its mean over the frame is target +
         * (g0 − target)·(1 − e^(−r·dt))/(r·dt), whatever the frame rate. */
        const float r = fig->config.gait_rate * dt;
        const float eased = 1.0f - expf(-r);
        const float gap = fig->gait - target;
        mean = target + gap * (r > 1e-4f ? eased / r : 1.0f - 0.5f * r);
        fig->gait -= gap * eased;
        if (fabsf(target - fig->gait) < 1e-5f) fig->gait = target;
    }
    fig->gait = sai_saturate(fig->gait);
    return sai_saturate(mean);
}

void sai_figure_advance_clocks(sa_figure *fig, float mean_gait, float dt) {
    /* One phase for every gait, at the cadence of the walk/run mix's mean over the frame's
     * easing (the cadence is linear in the mix), so the phase does not depend on the frame rate
     * while the mix eases. */
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    const sa_gait g = sa_gait_mix(&walk, &run, mean_gait);
    fig->phase = sai_phase_advance(fig->phase, g.cadence * dt);
    if (fig->thrust_time >= 0.0f) {
        fig->thrust_time += dt;
        if (fig->thrust_time >= SAI_FIGURE_THRUST_SECONDS) fig->thrust_time = -1.0f;
    }
    /* A jump hands back to the motion asked for when its row says (a running jump as soon as it
     * lands, so the gait fades back in while the knees absorb the landing), at that moment within
     * the frame, so the fade back does not depend on the frame rate. */
    const sa_fade_layer target = sa_fade_target_layer(&fig->fade);
    const sai_figure_motion_row *row = sai_figure_row(target.id);
    const float until = row->hand_back - target.time;
    if (row->play == SAI_FIGURE_ONCE && until < dt) {
        const float before = until > 0.0f ? until : 0.0f;
        sa_fade_step(&fig->fade, fig->config.fade_rate, before);
        switch_layer(fig, sai_figure_row_for(fig->wanted));
        sa_fade_step(&fig->fade, fig->config.fade_rate, dt - before);
    } else {
        sa_fade_step(&fig->fade, fig->config.fade_rate, dt);
    }
    sai_figure_fade_merge_offset(fig, dt);
}
