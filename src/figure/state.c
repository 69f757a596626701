#include "pipeline.h"

#include <stickanim/ik.h>

#include <string.h>

#include "internal/gait_mix.h"
#include "internal/scalar.h"

/* A rare path kept out of line, so the common one keeps few registers. */
#if defined(__GNUC__) || defined(__clang__)
#define COLD_FN     static __attribute__((noinline, cold))
#define NOINLINE_FN static __attribute__((noinline))
#else
#define COLD_FN     static
#define NOINLINE_FN static
#endif

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
    c.jump_height = 160.0f;
    c.jump_duration = 1.1f;
    c.hard_landing_speed = 1400.0f;
    c.rung_spacing = 28.0f;
    return c;
}

sa_figure_config sa_figure_config_scaled(float scale) {
    /* The lengths' bounds of sa_figure_config_validate(): the scale is clamped so the shortest
     * default length (hair spacing 9) stays at or above the least and the longest (spear 150)
     * at or below the most, and each product is clamped again against rounding. */
    const float min_length = 1e-3f, max_length = 1e6f;
    const float s = sai_clamp(sai_positive_or(scale, 1.0f), min_length / 9.0f, max_length / 150.0f);
    sa_figure_config c = sa_figure_config_default();
    float *lengths[] = {&c.spine,        &c.neck,         &c.head_radius, &c.upper_arm,
                        &c.forearm,      &c.thigh,        &c.shin,        &c.hip_height,
                        &c.spear_length, &c.hair_spacing, &c.jump_height, &c.rung_spacing};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
        *lengths[i] = sai_clamp(*lengths[i] * s, min_length, max_length);
    c.hard_landing_speed = sai_clamp(c.hard_landing_speed * s, min_length, max_length);
    return c;
}

sa_status sa_figure_config_validate(const sa_figure_config *cfg) {
    if (!cfg) return SA_ERR_NULL;
    /* The bounds figure.h documents: lengths in [1e-3, 1e6], rates, stiffness, damping, speeds
     * and the kick at most 1e6, so a frame's arithmetic on them stays far inside the float
     * range. */
    const float min_length = 1e-3f, max_value = 1e6f;
    const float lengths[] = {cfg->spine,        cfg->neck,        cfg->head_radius,
                             cfg->upper_arm,    cfg->forearm,     cfg->thigh,
                             cfg->shin,         cfg->hip_height,  cfg->spear_length,
                             cfg->hair_spacing, cfg->jump_height, cfg->rung_spacing};
    const float positive[] = {cfg->fade_rate, cfg->gait_rate, cfg->head_stiffness,
                              cfg->jump_duration, cfg->hard_landing_speed};
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
    if (cfg->jump_height > 4.0f * cfg->hip_height) return SA_ERR_RANGE;
    if (cfg->jump_duration < 0.4f || cfg->jump_duration > 4.0f) return SA_ERR_RANGE;
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
    in.move = SA_FIGURE_MOTION_IDLE;
    in.move_counter = 0u;
    in.facing = SA_FIGURE_FACING_RIGHT;
    in.surface = SA_FOOTSTEPS_SURFACE_GRASS;
    in.body = sa_figure_body_default();
    return in;
}

/* sai_figure_read_input_into(), inline for the frame's own reading (sai_figure_frame_input). */
SAI_INLINE void read_input_into(const sa_figure *fig, const sa_figure_input *input,
                                sa_figure_input *in) {
    if (input) {
        *in = *input;
    } else {
        *in = sa_figure_input_default();
        in->jump = fig->jump_seen;
        in->thrust = fig->thrust_seen;
        in->move_counter = fig->move_seen;
    }
    if (!((uint32_t)in->motion < (uint32_t)SA_FIGURE_MOTION_COUNT_) &&
        !sai_figure_move_of(fig, in->motion))
        in->motion = SA_FIGURE_MOTION_IDLE;
    if (!((uint32_t)in->facing < (uint32_t)SA_FIGURE_FACING_COUNT_))
        in->facing = SA_FIGURE_FACING_RIGHT;
    /* (a body not active is never read: only an active one is repaired) */
    if (in->body.active) in->body = sai_figure_read_body(&in->body, &fig->body);
}

void sai_figure_read_input_into(const sa_figure *fig, const sa_figure_input *input,
                                sa_figure_input *in) {
    read_input_into(fig, input, in);
}

sa_figure_input sai_figure_read_input(const sa_figure *fig, const sa_figure_input *input) {
    sa_figure_input in;
    sai_figure_read_input_into(fig, input, &in);
    return in;
}

/* *gait = sai_gait_walk_run(mix), through the cache's entry (NULL: mixed); written in place (a
 * returned copy went through the stack). */
SAI_INLINE void walk_run_into(sa_figure_cache *cache, float mix, sa_gait *gait) {
    if (!cache) {
        *gait = sai_gait_walk_run(mix);
        return;
    }
    sa_figure_walk_run_cache *e = &cache->walk_run;
    if (!e->known || memcmp(&e->mix, &mix, sizeof mix) != 0) {
        e->gait = sai_gait_walk_run(mix);
        e->mix = mix;
        e->known = true;
    }
    *gait = e->gait;
}

/* The part of sai_figure_context(cfg, gait, phase) that the config alone sets, written into *c
 * (in place: no copy of its 150 bytes), its evaluations through cache (or NULL). */
static void fill_context_config(sai_figure_ctx *c, const sa_figure_config *cfg,
                                sa_figure_cache *cache) {
    c->scale = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    c->hip_height = cfg->hip_height;
    const float reach = cfg->thigh + cfg->shin - (SA_IK_LEG_MARGIN + 0.5f) * c->scale;
    c->leg_reach = reach > 0.0f ? reach : 0.0f;
    c->spine = cfg->spine;
    c->cfg = cfg;
    c->rise = 1.0f;
    c->fall_full = 0.5f * cfg->hard_landing_speed;
    c->jump_height = cfg->jump_height / SAI_FIGURE_JUMP_APEX;
    c->moves = NULL;
    c->move_count = 0u;
    c->cache = cache;
}

/* The body's part of it without a body: the rest pose's values. */
SAI_INLINE void fill_context_no_body(sai_figure_ctx *c) {
    c->vy = 0.0f;
    c->air = 0.0f;
    c->landing = 0.0f;
    c->stride_scale = 1.0f;
    c->climb_phase = 0.0f;
    c->water_line = 0.0f;
    c->swim_mix = 0.0f;
    c->holds_spear = false;
}

sai_figure_ctx sai_figure_context(const sa_figure_config *cfg, float gait, float phase) {
    sai_figure_ctx c;
    fill_context_config(&c, cfg, NULL);
    c.gait_mix = sai_saturate(gait);
    walk_run_into(NULL, c.gait_mix, &c.gait);
    c.phase = phase;
    fill_context_no_body(&c);
    c.thrust_time = -1.0f;
    c.arms = true;
    return c;
}

/* The part of sai_figure_context_in() that stays through a frame: the config's, the moves and
 * the cache. */
SAI_INLINE void fill_context_frame(const sa_figure *fig, sa_figure_cache *cache,
                                   sai_figure_ctx *c) {
    fill_context_config(c, &fig->config, cache);
    c->moves = fig->moves;
    c->move_count = fig->moves ? fig->move_count : 0u;
}

/* The part of sai_figure_context_in() that the figure's clocks and body set, for a figure with
 * the config and moves of c (fill_context_frame) and the walk/run mix `gait_mix`
 * (sai_saturate(fig->gait)), the thrust's time -1 when `quiet` (sai_figure_quiet(): no layer
 * plays). */
SAI_INLINE void context_now(const sa_figure *fig, float gait_mix, bool quiet, sai_figure_ctx *c) {
    c->gait_mix = gait_mix;
    walk_run_into(c->cache, gait_mix, &c->gait);
    c->phase = fig->phase;
    /* (no layer plays: not the thrust's either) */
    c->thrust_time = quiet ? -1.0f : sai_figure_thrust_time(fig);
    c->arms = true;
    const sa_figure_body *b = &fig->body;
    if (!b->active) {
        fill_context_no_body(c);
        return;
    }
    c->vy = fig->vy;
    c->air = fig->air;
    c->landing = sai_saturate(fig->landing);
    c->stride_scale = fig->stride_scale;
    c->climb_phase = fig->climb_phase;
    c->water_line = b->water_line;
    c->swim_mix = sai_saturate(fig->swim);
    c->holds_spear =
        (sai_figure_row(sai_figure_row_for(fig->wanted))->flags & SAI_FIGURE_HOLDS_SPEAR) != 0;
}

void sai_figure_context_in(const sa_figure *fig, sa_figure_cache *cache, sai_figure_ctx *c) {
    fill_context_frame(fig, cache, c);
    context_now(fig, sai_saturate(fig->gait), false, c);
}

sai_figure_ctx sai_figure_context_of(const sa_figure *fig) {
    sai_figure_ctx c;
    sai_figure_context_in(fig, NULL, &c);
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
    sai_figure_layers_init(fig);
    fig->wanted = SA_FIGURE_MOTION_IDLE;
    const sa_mode_machine_config modes = sai_figure_mode_config(&fig->config);
    (void)sa_mode_machine_init(&fig->modes, &modes);
    fig->body = sa_figure_body_default();
    fig->stride_scale = 1.0f;
    fig->turn = 0.0f;
    const sa_figure_params p = sa_figure_params_rest(&fig->config);
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    sai_figure_solve_joints(&fig->config, &p, j);
    sai_figure_rest_secondary(fig, j);
    sai_figure_write_pose(fig, &p, j, 0.0f);
    sai_figure_feet_rest(fig, &p);
    sai_figure_face_pose(fig);
    sai_figure_ground_probes(fig);
    return st;
}

/* ---- triggers ----------------------------------------------------------------------------- */

/* Pushes fade layer `id` without changing what shows. On a full stack the fade would merge its two
 * weakest layers though they show different poses (a pop); the figure makes room first, keeping
 * what the merge changes as an offset that fades out as the merged layer would have. */
void sai_figure_push_layer(sa_figure *fig, int32_t id) {
    if (fig->fade.count == SA_FADE_MAX_LAYERS && sa_fade_is_valid(&fig->fade)) {
        const sai_figure_ctx c = sai_figure_context_of(fig);
        sai_figure_merge_weakest(fig, &c);
    }
    sa_fade_push(&fig->fade, id);
    /* (a rise keeps the speed its flight took off at, whatever later take-offs set: blend.c) */
    const size_t n = fig->fade.count;
    if (n > 0 && n <= SA_FADE_MAX_LAYERS && fig->fade.layers[n - 1].id == id)
        fig->fade.layers[n - 1].user[SAI_LAYER_RISE] = fig->rise_speed;
}

void sai_figure_switch_layer(sa_figure *fig, int32_t id) {
    if (sai_fade_target(&fig->fade) != id || fig->fade.count == 0) sai_figure_push_layer(fig, id);
}

static bool jumping(const sa_fade *fade) {
    const sai_figure_motion_row *r = sai_figure_row(sai_fade_target(fade));
    return r->play == SAI_FIGURE_ONCE && !(r->flags & SAI_FIGURE_MODE_ROW);
}

/* True when row id holds the spear. */
static bool holds_spear(int32_t id) {
    return (sai_figure_row(id)->flags & SAI_FIGURE_HOLDS_SPEAR) != 0;
}

/* sai_figure_take_input() of the row `wanted` the input asks for (sai_figure_row_for). */
SAI_INLINE void take_input(sa_figure *fig, const sa_figure_input *in, int32_t wanted, float dt,
                           float frame_dt, sai_figure_later *later) {
    later->at = INFINITY;
    const bool asked_anew = in->motion != fig->wanted;
    /* The body's jump, fall and landing carry the spear while the motion asked for holds it
     * (sai_figure_context_in): asked anew in the air, the rows showing change what they show. */
    const bool carry_changes = asked_anew && in->body.active && fig->body.active &&
                               holds_spear(sai_figure_row_for(fig->wanted)) != holds_spear(wanted);
    sai_figure_ctx before;
    if (carry_changes) sai_figure_context_in(fig, NULL, &before);
    fig->wanted = in->motion;
    if (carry_changes) {
        sai_figure_ctx after;
        sai_figure_context_in(fig, NULL, &after);
        sai_figure_keep_shown(fig, &before, &after);
    }
    if (in->body.active) {
        /* The body's modes choose the row; its jump counter is the mode machine's. */
        sai_figure_switch_layer(fig, sai_figure_take_body(fig, in, wanted, dt, frame_dt, later));
        fig->jump_seen = in->jump;
    } else {
        if (fig->body.active) sai_figure_drop_body(fig); /* (none to drop: nearly always) */
        /* A new press starts a new jump, over one still playing too; asking for another motion
         * cuts a jump short; otherwise a jump plays to its end. */
        if (in->jump != fig->jump_seen) {
            fig->jump_seen = in->jump;
            sai_figure_push_layer(fig, sai_figure_row_jump_from(wanted));
            fig->jump_pending = true;
        } else if (asked_anew || !jumping(&fig->fade)) {
            sai_figure_switch_layer(fig, wanted);
        }
    }
    if (in->thrust != fig->thrust_seen) {
        fig->thrust_seen = in->thrust;
        if ((sai_figure_row(sai_fade_target(&fig->fade))->flags & SAI_FIGURE_THRUSTS) &&
            !jumping(&fig->fade))
            (void)sai_figure_layer_start(fig, SAI_FIGURE_LAYER_THRUST);
    }
    if (in->move_counter != fig->move_seen) {
        fig->move_seen = in->move_counter;
        if (sai_figure_move_of(fig, in->move))
            (void)sai_figure_layer_start(fig, (int32_t)in->move - SA_FIGURE_MOVE_BASE);
    }
}

void sai_figure_take_input(sa_figure *fig, const sa_figure_input *in, float dt, float frame_dt,
                           sai_figure_later *later) {
    take_input(fig, in, sai_figure_row_for(in->motion), dt, frame_dt, later);
}

/* ---- clocks ------------------------------------------------------------------------------- */

/* The speed the gait follows: the body's along the ground, else the input's. */
static float gait_speed(const sa_figure_input *in) {
    return in->body.active ? fabsf(in->body.velocity.x) : in->speed;
}

/* The walk/run mix whose ground speed is s (reference units, finite), through the figure's cache
 * entry: a speed held from frame to frame is solved for once. */
static float gait_mix_for_speed(sa_figure_gait_cache *cache, float s) {
    if (!cache->known || cache->speed != s) {
        const sa_gait walk = sai_gait_walk_inline(), run = sai_gait_run_inline();
        cache->mix = sai_saturate(sai_gait_mix_for_speed_sane(&walk, &run, s));
        cache->speed = s;
        cache->known = true;
    }
    return cache->mix;
}

/* sai_figure_gait_target() of the row `wanted` the input asks for (sai_figure_row_for). */
SAI_INLINE float gait_target(sa_figure *fig, const sa_figure_input *in, int32_t wanted) {
    const float speed = gait_speed(in);
    switch (sai_figure_row(wanted)->gait) {
    case SAI_FIGURE_GAIT_WALK:
        return 0.0f;
    case SAI_FIGURE_GAIT_RUN:
        return 1.0f;
    case SAI_FIGURE_GAIT_SPEED: {
        const sa_gait walk = sai_gait_walk_inline(), run = sai_gait_run_inline();
        const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
        const float lo = sai_gait_ground_speed_sane(&walk), hi = sai_gait_ground_speed_sane(&run);
        return gait_mix_for_speed(&fig->cache.gait,
                                  sai_clamp(sai_finite_or(speed / k, lo), lo, hi));
    }
    case SAI_FIGURE_GAIT_KEEP:
        break;
    }
    return fig->gait;
}

float sai_figure_gait_target(sa_figure *fig, const sa_figure_input *in) {
    return gait_target(fig, in, sai_figure_row_for(in->motion));
}

/* sai_figure_frame_input() in full (out of line: the steady frame below keeps no registers). */
NOINLINE_FN float frame_input(sa_figure *fig, const sa_figure_input *input, float dt,
                              sa_figure_input *in, bool *quiet, sai_figure_ctx *c) {
    fill_context_frame(fig, &fig->cache, c);
    read_input_into(fig, input, in);
    const int32_t wanted = sai_figure_row_for(in->motion);
    const float target = gait_target(fig, in, wanted);
    *quiet = false;
    if (!in->body.active) {
        sai_figure_later none; /* (without a body nothing switches later) */
        take_input(fig, in, wanted, dt, dt, &none);
        *quiet = sai_figure_quiet(fig);
    }
    return target;
}

/* The built-in motion m's own loop row, when the table holds it at m (sai_figure_row_for's
 * inline case; -1 for any other motion). */
SAI_INLINE int32_t own_loop_row(sa_figure_motion m) {
    if (!((uint32_t)m < (uint32_t)SA_FIGURE_MOTION_COUNT_)) return -1;
    const sai_figure_motion_row *r = &sai_figure_motions[m];
    return r->motion == m && r->play == SAI_FIGURE_LOOP && !(r->flags & SAI_FIGURE_MODE_ROW)
               ? (int32_t)m
               : -1;
}

/* The same float's bits. */
SAI_INLINE uint32_t float_bits(float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits;
}

/* The context a steady advance leaves but for its phase: context_now() of a quiet figure
 * without a body whose mix is `gait`, e the cache's entry at it. */
SAI_INLINE void steady_context(sai_figure_ctx *c, float gait, const sa_figure_walk_run_cache *e) {
    c->gait_mix = gait;
    c->gait = e->gait;
    c->thrust_time = -1.0f;
    c->arms = true;
    fill_context_no_body(c);
}

/* The steady frame's facts (sai_figure_steady) of a figure without a body, quiet when `quiet`,
 * asked for the built-in motion whose own loop row is `wanted` (a row that does not hand back),
 * with the gait's target `target`. */
SAI_INLINE sai_figure_steady frame_steady(const sa_figure *fig, bool quiet, int32_t wanted,
                                          float target) {
    sai_figure_steady steady = {false, sai_saturate(target)};
    if (!quiet || fig->moves || fig->fade.count != 1 || fig->fade.layers[0].id != wanted)
        return steady;
    const float gap = fig->gait - target;
    if (gap != 0.0f || float_bits(target + gap) != float_bits(target)) return steady;
    const sa_figure_walk_run_cache *e = &fig->cache.walk_run;
    steady.known = e->known && float_bits(e->mix) == float_bits(steady.gait);
    return steady;
}

/* sai_figure_frame_input() of a steady frame, as nearly every one is: an input given, without a
 * body, asking for the motion asked for last frame (its own loop row), no counter pressed, the
 * fade showing that row (or a jump) and the speed's mix in the cache when the row reads it. The
 * same operations as the full call's on that path; false, with the figure untouched (the context
 * and *in may be written: the full call writes them again), for any other frame. It calls
 * nothing, so it keeps no registers. */
SAI_INLINE bool frame_input_steady(sa_figure *fig, const sa_figure_input *input,
                                   sa_figure_input *in, bool *quiet, sai_figure_ctx *c,
                                   float *target, sai_figure_steady *steady) {
    if (!input || input->body.active || fig->body.active) return false;
    fill_context_frame(fig, &fig->cache, c);
    *in = *input;
    if (!((uint32_t)in->facing < (uint32_t)SA_FIGURE_FACING_COUNT_))
        in->facing = SA_FIGURE_FACING_RIGHT;
    const int32_t wanted = own_loop_row(in->motion);
    if (wanted < 0 || in->motion != fig->wanted || in->jump != fig->jump_seen ||
        in->thrust != fig->thrust_seen || in->move_counter != fig->move_seen)
        return false;
    /* (take_input: the fade's target is the row asked for, or a jump plays to its end) */
    const int32_t shown = sai_fade_target(&fig->fade);
    if (shown != wanted || fig->fade.count == 0) {
        if (!(shown >= 0 && shown < SAI_FIGURE_ROW_COUNT) || !jumping(&fig->fade)) return false;
    }
    /* (gait_target, a speed's mix from the cache) */
    const sai_figure_motion_row *row = sai_figure_row(wanted);
    switch (row->gait) {
    case SAI_FIGURE_GAIT_WALK:
        *target = 0.0f;
        break;
    case SAI_FIGURE_GAIT_RUN:
        *target = 1.0f;
        break;
    case SAI_FIGURE_GAIT_SPEED: {
        const sa_gait walk = sai_gait_walk_inline(), run = sai_gait_run_inline();
        const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
        const float lo = sai_gait_ground_speed_sane(&walk), hi = sai_gait_ground_speed_sane(&run);
        const float s = sai_clamp(sai_finite_or(gait_speed(in) / k, lo), lo, hi);
        const sa_figure_gait_cache *cache = &fig->cache.gait;
        if (!cache->known || cache->speed != s) return false;
        *target = cache->mix;
        break;
    }
    default:
        *target = fig->gait;
        break;
    }
    fig->wanted = in->motion; /* (the same) */
    *quiet = sai_figure_quiet(fig);
    *steady = frame_steady(fig, *quiet, wanted, *target);
    /* (every advance of a steady frame leaves these in the context: written once) */
    if (steady->known) steady_context(c, steady->gait, &fig->cache.walk_run);
    return true;
}

/* The mix eased toward target over dt; returns its mean over that time. */
SAI_INLINE float ease_mix(sa_figure *fig, float target, float dt) {
    const float gap = fig->gait - target;
    if (gap == 0.0f) {
        /* At the target: the lines below with gap = ±0 (times a factor >= 0 it stays itself),
         * which leave the mix within 1e-5 of the target, so at it. */
        fig->gait = target;
        return target + gap;
    }
    /* g(t) = target + (g0 − target)·e^(−r·t): its mean over the frame is target +
     * (g0 − target)·(1 − e^(−r·dt))/(r·dt), whatever the frame rate. */
    const float r = fig->config.gait_rate * dt;
    const float eased = 1.0f - sai_expf(-r);
    fig->gait -= gap * eased;
    if (fabsf(target - fig->gait) < 1e-5f) fig->gait = target;
    return target + gap * (r > 1e-4f ? eased / r : 1.0f - 0.5f * r);
}

SAI_INLINE float ease_gait(sa_figure *fig, const sa_figure_input *in, const sai_figure_later *later,
                           float target, float starts, float dt) {
    sai_figure_ease_body(fig, in, later, gait_speed(in), starts < dt, dt);
    float mean = target;
    if (!(starts > 0.0f)) {
        fig->gait = target;
    } else if (starts < dt) {
        /* (eased until locomotion comes back within the frame, at its target from then) */
        mean = (ease_mix(fig, target, starts) * starts + target * (dt - starts)) / dt;
        fig->gait = target;
    } else {
        mean = ease_mix(fig, target, dt);
    }
    fig->gait = sai_saturate(fig->gait);
    return sai_saturate(mean);
}

float sai_figure_ease_gait(sa_figure *fig, const sa_figure_input *in, const sai_figure_later *later,
                           float target, float starts, float dt) {
    return ease_gait(fig, in, later, target, starts, dt);
}

/* sai_gait_walk_run_cadence(mix), from the cache's gait when that is the gait at mix (a mix held
 * from frame to frame). */
static float walk_run_cadence_of(const sa_figure_cache *cache, float mix) {
    const sa_figure_walk_run_cache *e = cache ? &cache->walk_run : NULL;
    if (e && e->known && memcmp(&e->mix, &mix, sizeof mix) == 0) return e->gait.cadence;
    return sai_gait_walk_run_cadence(mix);
}

/* The fade's step of dt seconds at the rate of what it shows, and the events of a registered
 * definition shown as the motion (`shift` seconds into the frame); `target` and `t0` are the
 * fade's target and its time before the step. */
SAI_INLINE void step_fade(sa_figure *fig, int32_t target, float t0, float dt, float shift) {
    if (!sai_fade_step_lone(&fig->fade, dt))
        sa_fade_step(&fig->fade, sai_figure_fade_rate(fig), dt);
    /* (only a registered move has events of its own) */
    if (fig->moves)
        sai_figure_base_move_events(fig, target, t0, sai_fade_target_time(&fig->fade), shift);
}

/* sai_phase_advance(phase, cycles), without its floor where its sum x lies in (0, 2) (a wrapped
 * phase moved on by less than a cycle, as every frame's): floor(x) is 0 below 1, else 1. */
SAI_INLINE bool phase_within_cycle(float phase, float cycles) {
    return phase > 0.0f && phase < 1.0f && cycles >= 0.0f && cycles < 1.0f;
}
SAI_INLINE float phase_advance_within(float phase, float cycles) {
    const double x = (double)phase + (double)cycles;
    const float w = (float)(x < 1.0 ? x : x - 1.0); /* (>= 0: x > 0) */
    return w < 1.0f ? w : 0.0f;
}
SAI_INLINE float phase_advance(float phase, float cycles) {
    if (!phase_within_cycle(phase, cycles)) return sai_phase_advance(phase, cycles);
    return phase_advance_within(phase, cycles);
}

/* The fade's step over dt seconds that switches what shows inside it (rare: out of line): a
 * one-shot handing back `until` seconds on (`hands_back`), or the body's modes switching at
 * later->at. */
COLD_FN void step_fade_switching(sa_figure *fig, bool hands_back, float until, float dt,
                                 const sai_figure_later *later) {
    if (hands_back) {
        const float before = until > 0.0f ? until : 0.0f;
        sa_fade_step(&fig->fade, fig->config.fade_rate, before);
        sai_figure_switch_layer(fig, sai_figure_row_for(fig->wanted));
        sa_fade_step(&fig->fade, fig->config.fade_rate, dt - before);
        return;
    }
    /* The body's modes switch at a timer's end within the frame: so does what shows. */
    step_fade(fig, sai_fade_target(&fig->fade), sai_fade_target_time(&fig->fade), later->at, 0.0f);
    sai_figure_switch_layer(fig, later->row);
    step_fade(fig, sai_fade_target(&fig->fade), sai_fade_target_time(&fig->fade), dt - later->at,
              later->at);
}

/* sai_figure_advance_clocks() of a figure known to be quiet when `quiet` (sai_figure_quiet():
 * nothing for its layers and merge offset to do unless the fade switches); false: it looks. */
SAI_INLINE void advance_clocks(sa_figure *fig, const sa_figure_cache *cache, float mean_gait,
                               float dt, const sai_figure_later *later, bool quiet) {
    /* One phase for every gait, at the cadence of the walk/run mix's mean over the frame's
     * easing (the cadence is linear in the mix), so the phase does not depend on the frame rate
     * while the mix eases. */
    fig->phase = phase_advance(fig->phase, walk_run_cadence_of(cache, mean_gait) * dt);
    if (!quiet && !sai_figure_layers_idle(fig)) sai_figure_advance_layers(fig, dt);
    /* A jump hands back to the motion asked for when its row says (a running jump as soon as it
     * lands, so the gait fades back in while the knees absorb the landing), at that moment within
     * the frame, so the fade back does not depend on the frame rate. */
    const sa_fade *fade = &fig->fade;
    const bool lone = fade->count == 1; /* (the target alone, as nearly always: read it there) */
    const int32_t target = lone ? fade->layers[0].id : sai_fade_target(fade);
    const float t0 = lone ? fade->layers[0].time : sai_fade_target_time(fade);
    const sai_figure_motion_row *row = sai_figure_row(target);
    const float hand_back = sai_figure_row_hand_back(&fig->config, row);
    const float until = hand_back - t0;
    const bool hands_back = row->play == SAI_FIGURE_ONCE && hand_back > 0.0f && until < dt;
    if (hands_back || later->at < dt) {
        step_fade_switching(fig, hands_back, until, dt, later);
        /* (a switch may merge the fade's weakest layers into the merge offset) */
        quiet = false;
    } else {
        step_fade(fig, target, t0, dt, 0.0f);
    }
    if (!quiet && !sai_figure_merge_offset_none(fig)) sai_figure_fade_merge_offset(fig, dt);
}

void sai_figure_advance_clocks(sa_figure *fig, const sa_figure_cache *cache, float mean_gait,
                               float dt, const sai_figure_later *later) {
    advance_clocks(fig, cache, mean_gait, dt, later, false);
}

/* sai_figure_advance_state() in full (out of line: the steady advance below keeps no registers). */
NOINLINE_FN void advance_state(sa_figure *fig, const sa_figure_input *in,
                               const sai_figure_later *later, float gait_target, float starts,
                               float dt, bool quiet, sai_figure_ctx *c) {
    const float mean_gait = ease_gait(fig, in, later, gait_target, starts, dt);
    advance_clocks(fig, c->cache, mean_gait, dt, later, quiet);
    /* (the mix eased is saturated already, and the clocks leave it) */
    context_now(fig, fig->gait, quiet, c);
}

/* A steady advance's writes to the figure (advance_steady): the gait at `gait`, the phase moved
 * on by `cycles` within a cycle and the fade's lone layer stepped; and the context's phase. */
SAI_INLINE void step_steady(sa_figure *fig, float gait, float cycles, float dt, sai_figure_ctx *c) {
    fig->stride_scale = 1.0f;
    fig->gait = gait;
    fig->phase = phase_advance_within(fig->phase, cycles);
    sai_fade_step_alone(&fig->fade, dt); /* (the callers know: one layer, dt > 0) */
    c->phase = fig->phase;
}

/* sai_figure_advance_state() of a steady advance, as nearly every one is: no body, the gait at
 * its target (or starting there), a quiet figure without registered moves, the fade's target
 * alone and not handing back, the phase moved on by less than a cycle, and the cache's walk/run
 * entry at the mix. The same operations as the full advance's on that path; false, with nothing
 * written, for any other advance. It calls nothing, so it keeps no registers. Of the figure it
 * writes only the stride scale, the gait, the phase and the fade's lone layer (figure.c puts them
 * back after a moment's blend: keep sai_figure_advance_steady()'s list in pipeline.h). */
SAI_INLINE bool advance_steady(sa_figure *fig, const sa_figure_input *in,
                               const sai_figure_later *later, float target, float starts, float dt,
                               bool quiet, sai_figure_ctx *c) {
    if (in->body.active || fig->body.active || !quiet || fig->moves || fig->fade.count != 1 ||
        !(dt > 0.0f))
        return false;
    /* ease_gait: at the target from the start, or easing with no gap (ease_mix) */
    if (starts > 0.0f) {
        const float gap = fig->gait - target;
        /* (the mean, target + gap, is the target itself: the mix saturated is the mean's) */
        if (starts < dt || gap != 0.0f || float_bits(target + gap) != float_bits(target))
            return false;
    }
    const float gait = sai_saturate(target);
    /* the clocks' cadence at the mean and the context's gait at the mix: one cache entry */
    const sa_figure_walk_run_cache *e = c->cache ? &c->cache->walk_run : NULL;
    if (!e || !e->known || float_bits(e->mix) != float_bits(gait)) return false;
    /* phase_advance() without sai_phase_advance()'s floor */
    const float phase = fig->phase, cycles = e->gait.cadence * dt;
    if (!phase_within_cycle(phase, cycles)) return false;
    /* the fade's target alone (not handing back, no switch inside the advance) */
    const sa_fade_layer *lone = &fig->fade.layers[0];
    if (!(lone->id >= 0 && lone->id < SAI_FIGURE_ROW_COUNT) || later->at < dt) return false;
    const sai_figure_motion_row *row = sai_figure_row(lone->id);
    if (row->play == SAI_FIGURE_ONCE) {
        const float hand_back = sai_figure_row_hand_back(&fig->config, row);
        if (hand_back > 0.0f && hand_back - lone->time < dt) return false;
    }
    step_steady(fig, gait, cycles, dt, c);
    steady_context(c, gait, e);
    return true;
}

bool sai_figure_advance_steady(sa_figure *fig, const sa_figure_input *in,
                               const sai_figure_later *later, float gait_target, float starts,
                               float dt, bool quiet, sai_figure_ctx *c) {
    return advance_steady(fig, in, later, gait_target, starts, dt, quiet, c);
}

bool sai_figure_advance_steadily(sa_figure *fig, float gait, float starts, float dt,
                                 sai_figure_ctx *c) {
    /* (advance_steady's conditions that depend on dt; the frame's facts hold the rest) */
    if (!(dt > 0.0f) || (starts > 0.0f && starts < dt)) return false;
    const sa_figure_walk_run_cache *e = &c->cache->walk_run;
    if (float_bits(e->mix) != float_bits(gait)) return false; /* (as the frame found it) */
    const float cycles = e->gait.cadence * dt;
    if (!phase_within_cycle(fig->phase, cycles)) return false;
    step_steady(fig, gait, cycles, dt, c); /* (the rest of the context: the frame's input) */
    return true;
}

void sai_figure_advance_state(sa_figure *fig, const sa_figure_input *in,
                              const sai_figure_later *later, float gait_target, float starts,
                              float dt, bool quiet, sai_figure_ctx *c) {
    if (!advance_steady(fig, in, later, gait_target, starts, dt, quiet, c))
        advance_state(fig, in, later, gait_target, starts, dt, quiet, c);
}

float sai_figure_frame_input(sa_figure *fig, const sa_figure_input *input, float dt,
                             sa_figure_input *in, bool *quiet, sai_figure_ctx *c,
                             sai_figure_steady *steady) {
    float target;
    if (frame_input_steady(fig, input, in, quiet, c, &target, steady)) return target;
    steady->known = false;
    steady->gait = 0.0f;
    return frame_input(fig, input, dt, in, quiet, c);
}
