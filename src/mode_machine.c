#include <stickanim/mode_machine.h>

#include "internal/fade_target.h"
#include "internal/mode_machine_dated.h"
#include "internal/scalar.h"

/* Each fade layer shows one mode: its id is the mode, its user values hold its clip clock. */
enum { SAI_MODE_PLAY_TIME = 0, SAI_MODE_TIME_SCALE = 1 };
_Static_assert(SA_FADE_USER_VALUES >= 2, "a mode layer keeps its play time and time scale");

/* A corrupted id reads as loco. */
static sa_mode id_mode(int32_t id) {
    return (id >= 0 && id < (int32_t)SA_MODE_COUNT_) ? (sa_mode)id : SA_MODE_LOCO;
}

/* A land cut short by moving on shows for at least one of the reference's 60 fps frames: the
 * reference's rule ends it on the frame after the touchdown, which at other frame lengths would
 * show it for a frame of any length (a game's hitch held it three times as long). */
#define SAI_LAND_SHORTEST (1.0f / 60.0f)

/* A timer this near its end, seconds, has run out (sai_mode_machine_update_dated): above the
 * rounding of a mode's time summed from frames, far below a frame. */
#define SAI_MODE_DUE 1e-5f

static const float default_rates[SA_MODE_COUNT_] = {10.0f, 15.0f, 6.0f,  20.0f, 15.0f,
                                                    3.0f,  8.0f,  30.0f, 10.0f};

sa_mode_machine_config sa_mode_machine_config_default(void) {
    sa_mode_machine_config c;
    c.hard_landing_speed = 10.0f;
    c.land_time = 0.5f;
    c.land_exit_speed = 0.35f;
    c.sit_time = 1.0f;
    c.fall_speed = 2.0f;
    c.water_jump_time = 0.25f;
    c.getup_time_scale = 1.35f;
    c.getup_back_length = 1.5f;
    c.getup_front_length = 1.5f;
    c.morph_time = 0.3f;
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = default_rates[i];
    c.style = SA_MODE_FADE_STYLE_CROSSFADE;
    c.units_per_cell = 1.0f;
    c.speed_step = 0.5f;
    return c;
}

sa_mode_input sa_mode_input_default(void) { return sai_mode_input_default_inline(); }

/* A speed or time: NaN, infinite or negative is the default, above the maximum the maximum. */
static float bounded(float v, float fallback) {
    return sai_clamp(sai_nonneg_or(v, fallback), 0.0f, SA_MODE_MACHINE_MAX_VALUE);
}

/* A rate or time scale: NaN, infinite or ≤ 0 is the default; a positive one is clamped into
 * [SA_MODE_MACHINE_MIN_RATE, SA_MODE_MACHINE_MAX_VALUE], so 2·ln 2 / rate stays finite. */
static float rate_in_range(float v, float fallback) {
    return sai_clamp(sai_positive_or(v, fallback), SA_MODE_MACHINE_MIN_RATE,
                     SA_MODE_MACHINE_MAX_VALUE);
}

static sa_mode_machine_config sanitize_config(const sa_mode_machine_config *in) {
    const sa_mode_machine_config d = sa_mode_machine_config_default();
    if (!in) return d;
    sa_mode_machine_config c;
    c.hard_landing_speed = bounded(in->hard_landing_speed, d.hard_landing_speed);
    c.land_time = bounded(in->land_time, d.land_time);
    c.land_exit_speed = bounded(in->land_exit_speed, d.land_exit_speed);
    c.sit_time = bounded(in->sit_time, d.sit_time);
    c.fall_speed = bounded(in->fall_speed, d.fall_speed);
    c.water_jump_time = bounded(in->water_jump_time, d.water_jump_time);
    c.getup_time_scale = rate_in_range(in->getup_time_scale, d.getup_time_scale);
    c.getup_back_length = bounded(in->getup_back_length, d.getup_back_length);
    c.getup_front_length = bounded(in->getup_front_length, d.getup_front_length);
    c.morph_time = bounded(in->morph_time, d.morph_time);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = rate_in_range(in->fade_rate[i], d.fade_rate[i]);
    c.style = in->style == SA_MODE_FADE_STYLE_INERTIALIZE ? SA_MODE_FADE_STYLE_INERTIALIZE
                                                          : SA_MODE_FADE_STYLE_CROSSFADE;
    c.units_per_cell = sai_positive_or(in->units_per_cell, d.units_per_cell);
    c.speed_step = bounded(in->speed_step, d.speed_step);
    return c;
}

/* Starts the target layer's clip clock: play time 0 at the given time scale. */
static void start_clock(sa_fade *f, float time_scale) {
    float *u = sa_fade_target_user(f);
    u[SAI_MODE_PLAY_TIME] = 0.0f;
    u[SAI_MODE_TIME_SCALE] = time_scale;
}

sa_status sa_mode_machine_init(sa_mode_machine *m, const sa_mode_machine_config *config) {
    if (!m) return SA_ERR_NULL;
    m->config = sanitize_config(config);
    sa_fade_init(&m->fade, (int32_t)SA_MODE_LOCO);
    start_clock(&m->fade, 1.0f);
    m->mode = SA_MODE_LOCO;
    m->previous = SA_MODE_LOCO;
    m->switched = false;
    m->getup_side = SA_MODE_GETUP_SIDE_BACK;
    m->jump_seen = 0;
    m->speed_seen = 0.0f;
    m->started = false;
    return SA_OK;
}

/* ---- rules ----------------------------------------------------------------------------------- */

typedef struct body {
    bool grounded, in_water, on_ladder, knocked_down;
    float vy, landing, speed, ladder_dir;
    float vy_fall; /* the vertical velocity the fall rules read (vy but at a dated frame's start) */
    uint32_t jumps;
    bool belly_up;
} body;

SAI_INLINE body read_given_input(const sa_mode_input *in) {
    body b;
    b.grounded = in->grounded;
    b.in_water = in->in_water;
    b.on_ladder = in->on_ladder;
    b.knocked_down = in->knocked_down;
    b.vy = sai_finite_or(in->vertical_velocity, 0.0f);
    b.vy_fall = b.vy;
    const float landing = sai_nonneg_or(in->landing_speed, 0.0f);
    b.landing = landing > -b.vy ? landing : -b.vy;
    b.speed = sai_finite_or(in->speed, 0.0f);
    b.ladder_dir = sai_clamp(sai_finite_or(in->ladder_direction, 0.0f), -1.0f, 1.0f);
    b.jumps = in->jump;
    b.belly_up = !(in->pelvis_forward.y < 0.0f); /* NaN reads as lying on the back */
    return b;
}

/* The body of an input; NULL reads as sa_mode_input_default(). */
SAI_INLINE body read_input(const sa_mode_input *in) {
    if (in) return read_given_input(in); /* (the default is built only when asked for) */
    const sa_mode_input d = sai_mode_input_default_inline();
    return read_given_input(&d);
}

/* The target layer of a fade holding 1 to SA_FADE_MAX_LAYERS layers (as prepare() leaves the
 * machine's): what sa_fade_target_layer() copies out, read in place. */
SAI_INLINE const sa_fade_layer *target_layer(const sa_fade *f) {
    return &f->layers[sai_fade_live_count(f) - 1];
}

static float getup_length(const sa_mode_machine *m) {
    return m->getup_side == SA_MODE_GETUP_SIDE_FRONT ? m->config.getup_front_length
                                                     : m->config.getup_back_length;
}

/* The reference's list of ifs, top to bottom; later rules override earlier ones. `t` is the time in
 * the current mode at the end of this frame, `play` the current layer's clip time. Sets *restart
 * when the mode must start over even though it does not change (a new jump while jumping). */
SAI_INLINE sa_mode decide(const sa_mode_machine *m, const body *b, bool new_jump, float t,
                          float play, bool *restart) {
    const sa_mode_machine_config *c = &m->config;
    sa_mode mode = m->mode;
    *restart = false;
    /* The speed thresholds in the game's units. */
    const float units = sai_positive_or(c->units_per_cell, 1.0f);
    const float fall_speed = c->fall_speed * units, hard_landing = c->hard_landing_speed * units,
                land_exit = c->land_exit_speed * units;

    if (b->knocked_down) return SA_MODE_RAGDOLL;
    if (mode == SA_MODE_RAGDOLL) return SA_MODE_GETUP;
    if (mode == SA_MODE_GETUP) {
        if (play < getup_length(m)) return SA_MODE_GETUP;
        mode = SA_MODE_LOCO; /* the get-up clip has ended: the ordinary rules take over */
    }

    if (b->on_ladder) return SA_MODE_CLIMB; /* a ladder wins over everything */
    if (mode == SA_MODE_CLIMB) mode = b->grounded ? SA_MODE_LOCO : SA_MODE_FALL;

    if (new_jump) {
        *restart = mode == SA_MODE_JUMP;
        mode = SA_MODE_JUMP;
    } else if (mode == SA_MODE_JUMP && b->vy_fall < 0.0f) {
        mode = SA_MODE_FALL; /* going down */
    } else if ((mode == SA_MODE_LOCO || mode == SA_MODE_LAND || mode == SA_MODE_SIT) &&
               !b->grounded && b->vy_fall < -fall_speed) {
        mode = SA_MODE_FALL; /* walked off a ledge */
    }

    if (b->grounded &&
        (mode == SA_MODE_FALL || (mode == SA_MODE_JUMP && !new_jump && b->vy <= 0.0f)))
        mode = b->landing > hard_landing ? SA_MODE_SIT : SA_MODE_LAND;

    if (mode == m->mode) {
        if (mode == SA_MODE_LAND &&
            (t >= c->land_time || (b->speed > land_exit && t >= SAI_LAND_SHORTEST)))
            mode = SA_MODE_LOCO;
        else if (mode == SA_MODE_SIT && t >= c->sit_time)
            mode = SA_MODE_LOCO;
    }
    if (mode == SA_MODE_SWIM && !b->in_water) mode = b->grounded ? SA_MODE_LOCO : SA_MODE_FALL;

    /* Water last: it wins over everything but the start of a jump out of it. */
    if (b->in_water) {
        const bool jump_start = mode == SA_MODE_JUMP &&
                                (new_jump || (m->mode == SA_MODE_JUMP && t < c->water_jump_time));
        if (!jump_start) {
            *restart = false;
            mode = SA_MODE_SWIM;
        }
    }
    return mode;
}

/* ---- update ---------------------------------------------------------------------------------- */

static float scale_for(const sa_mode_machine *m, sa_mode mode, const body *b) {
    if (mode == SA_MODE_GETUP) return m->config.getup_time_scale;
    if (mode == SA_MODE_CLIMB) return b->ladder_dir;
    return 1.0f;
}

/* Always a new layer, even for the mode showing now (a jump restarted), with its own clock. */
static void push(sa_mode_machine *m, sa_mode mode, const body *b) {
    sa_fade_push(&m->fade, (int32_t)mode);
    start_clock(&m->fade, scale_for(m, mode, b));
    /* Leaving the ragdoll is hidden by the get-up morph, and inertialization hides every switch
     * with the decaying offset: both cut to the new layer. */
    if (mode == SA_MODE_GETUP || m->config.style == SA_MODE_FADE_STYLE_INERTIALIZE)
        sa_fade_finish(&m->fade);
    m->previous = m->mode;
    m->mode = mode;
    m->switched = true;
}

/* True when the speed changed by more than the config's speed_step (in the game's units) since
 * the last update; a speed_step of 0 turns the rule off. */
static bool speed_step(const sa_mode_machine *m, float speed) {
    const float step = m->config.speed_step * sai_positive_or(m->config.units_per_cell, 1.0f);
    if (!(step > 0.0f)) return false;
    const float seen = sai_finite_or(m->speed_seen, speed);
    const float change = speed > seen ? speed - seen : seen - speed;
    return change > step;
}

/* A machine set up, its dt made >= 0 (else 0) and its mode read from the fade if corrupted; the
 * body of the input. */
SAI_INLINE float prepare(sa_mode_machine *m, const sa_mode_input *input, float dt, body *b) {
    if (m->fade.count == 0 || m->fade.count > SA_FADE_MAX_LAYERS) sa_mode_machine_init(m, NULL);
    if ((uint32_t)m->mode >= (uint32_t)SA_MODE_COUNT_) m->mode = id_mode(sa_fade_target(&m->fade));
    *b = read_input(input);
    /* The current climb layer follows the ladder direction every frame. */
    if (m->mode == SA_MODE_CLIMB)
        sa_fade_target_user(&m->fade)[SAI_MODE_TIME_SCALE] = b->ladder_dir;
    return dt > 0.0f && dt <= FLT_MAX ? dt : 0.0f;
}

/* sa_fade_step(f, rate, dt) of a fade showing one mode alone, well formed (as between switches,
 * nearly always): with no time it repairs nothing, else the layer's time moves on
 * (sai_fade_step_lone). False, f untouched, for any other fade: sa_fade_step() it. */
SAI_INLINE bool step_lone(sa_fade *f, float dt) {
    if (dt > 0.0f) return sai_fade_step_lone(f, dt);
    /* (sa_fade_is_valid() of one layer: weight 1 sums to exactly 1, a time in [0, FLT_MAX]) */
    const sa_fade_layer *l = &f->layers[0];
    return f->count == 1 && l->weight == 1.0f && l->time >= 0.0f && l->time <= FLT_MAX;
}

/* dt seconds pass: the fades and the layers' clip clocks. With no time the step only repairs a
 * corrupted fade. */
SAI_INLINE void pass(sa_mode_machine *m, float dt) {
    if (!step_lone(&m->fade, dt)) sa_fade_step(&m->fade, m->config.fade_rate[m->mode], dt);
    if (!(dt > 0.0f)) return;
    for (size_t i = 0; i < m->fade.count; ++i) {
        float *u = m->fade.layers[i].user;
        const float p = sai_finite_or(u[SAI_MODE_PLAY_TIME], 0.0f) +
                        dt * sai_finite_or(u[SAI_MODE_TIME_SCALE], 1.0f);
        u[SAI_MODE_PLAY_TIME] = sai_clamp(p, -FLT_MAX, FLT_MAX);
    }
}

/* Reads the input's triggers: a new jump press, and the speed's step (rule of speed_step()). */
SAI_INLINE void triggers(sa_mode_machine *m, const body *b, bool *new_jump, bool *speed_stepped) {
    *new_jump = m->started && b->jumps != m->jump_seen;
    *speed_stepped = m->started && speed_step(m, b->speed);
    m->jump_seen = b->jumps;
    m->speed_seen = sai_clamp(b->speed, -FLT_MAX, FLT_MAX);
    m->started = true;
}

/* The rules at the current layer's times, `t` and `play` at least (a timer's end, when due); a
 * switch pushes the new layer. */
SAI_INLINE void rule(sa_mode_machine *m, const body *b, bool new_jump, bool speed_stepped, float t,
                     float play) {
    const sa_fade_layer *cur = target_layer(&m->fade);
    bool restart = false;
    const float now = cur->time, played = cur->user[SAI_MODE_PLAY_TIME];
    /* (fmaxf(now, t) for t > 0: now when above, else t, a NaN's too; so for play) */
    const sa_mode next = decide(m, b, new_jump, t > 0.0f ? (now > t ? now : t) : now,
                                play > 0.0f ? (played > play ? played : play) : played, &restart);
    /* A step of the speed inside loco (0 -> run in one frame) changes the blend tree's pose at
     * once: it counts as a switch, loco to loco, so the game inertializes it as any other. */
    if (next == SA_MODE_LOCO && m->mode == SA_MODE_LOCO && speed_stepped) restart = true;
    if (next != m->mode || restart) {
        if (next == SA_MODE_GETUP)
            m->getup_side = b->belly_up ? SA_MODE_GETUP_SIDE_BACK : SA_MODE_GETUP_SIDE_FRONT;
        push(m, next, b);
    }
}

sa_mode sa_mode_machine_update(sa_mode_machine *m, const sa_mode_input *input, float dt) {
    if (!m) return SA_MODE_LOCO;
    body b;
    dt = prepare(m, input, dt, &b);
    /* Fades and clocks first, so a layer pushed below starts at time 0 on this frame. */
    pass(m, dt);
    bool new_jump, speed_stepped;
    triggers(m, &b, &new_jump, &speed_stepped);
    m->switched = false;
    rule(m, &b, new_jump, speed_stepped, 0.0f, 0.0f);
    return m->mode;
}

/* Seconds of the current mode left until a timer's rule ends it (land_time, the short land,
 * sit_time, the get-up's clip, a jump's first moments in the water), with the times it ends at
 * in *t and *play; INFINITY when none runs. */
SAI_INLINE float timer_left(const sa_mode_machine *m, const body *b, float *t, float *play) {
    const sa_mode_machine_config *c = &m->config;
    const sa_fade_layer *cur = target_layer(&m->fade);
    const float now = sai_nonneg_or(cur->time, 0.0f);
    const float played = sai_finite_or(cur->user[SAI_MODE_PLAY_TIME], 0.0f);
    float end = INFINITY; /* the mode time it ends at */
    *play = 0.0f;
    switch (m->mode) {
    case SA_MODE_LAND: {
        const float units = sai_positive_or(c->units_per_cell, 1.0f);
        end = b->speed > c->land_exit_speed * units ? fminf(c->land_time, SAI_LAND_SHORTEST)
                                                    : c->land_time;
        break;
    }
    case SA_MODE_SIT:
        end = c->sit_time;
        break;
    case SA_MODE_JUMP:
        if (b->in_water) end = c->water_jump_time;
        break;
    case SA_MODE_GETUP: {
        const float scale = sai_finite_or(cur->user[SAI_MODE_TIME_SCALE], 1.0f);
        if (!(scale > 0.0f)) return INFINITY;
        *play = getup_length(m);
        *t = now;
        return fmaxf((*play - played) / scale, 0.0f);
    }
    default:
        return INFINITY;
    }
    *t = end;
    return fmaxf(end - now, 0.0f);
}

/* Seconds into the frame the body's vertical velocity, going from ramp->vy_start at its start
 * to b->vy at ramp->frame_dt, crosses below the speed the fall rule of the current mode reads
 * (a jump going down, a body off a ledge); INFINITY when it does not. */
SAI_INLINE float fall_crossing(const sa_mode_machine *m, const body *b, const sai_mode_ramp *ramp) {
    float below;
    if (m->mode == SA_MODE_JUMP) {
        below = 0.0f;
    } else if ((m->mode == SA_MODE_LOCO || m->mode == SA_MODE_LAND || m->mode == SA_MODE_SIT) &&
               !b->grounded) {
        below = -m->config.fall_speed * sai_positive_or(m->config.units_per_cell, 1.0f);
    } else {
        return INFINITY;
    }
    const float v0 = b->vy_fall, v1 = b->vy;
    if (!(v0 >= below && v1 < below)) return INFINITY;
    const float t = ramp->frame_dt * ((v0 - below) / (v0 - v1)); /* (v0 - v1 > 0) */
    return t >= 0.0f ? t : INFINITY;
}

sa_mode sai_mode_machine_update_dated(sa_mode_machine *m, const sa_mode_input *input, float dt,
                                      const sai_mode_ramp *ramp, sai_mode_frame *out) {
    body b;
    dt = prepare(m, input, dt, &b);
    /* The fall rules read the velocity at the frame's start: it goes from there to the input's
     * over the frame, and crosses their speed where it crosses it, at any frame rate. */
    const bool ramps =
        ramp && sai_finite(ramp->vy_start) && ramp->frame_dt > 0.0f && ramp->frame_dt <= FLT_MAX;
    if (ramps) b.vy_fall = ramp->vy_start;
    bool new_jump, speed_stepped;
    triggers(m, &b, &new_jump, &speed_stepped);
    m->switched = false;
    /* What the input asks, from the frame's start (with a timer running out there). */
    pass(m, 0.0f);
    const sa_fade_layer *cur = target_layer(&m->fade);
    rule(m, &b, new_jump, speed_stepped, cur->time + SAI_MODE_DUE,
         cur->user[SAI_MODE_PLAY_TIME] + SAI_MODE_DUE);
    out->at_start = m->mode;
    out->timer_at = INFINITY;
    /* Time passes; a timer's end inside the frame switches there (its times reached, whatever
     * the rounding of the steps to it), and so does the velocity's crossing of a fall rule's
     * speed (the earlier of the two); one at the frame's end is the next frame's start's, so
     * the input read then comes first at any frame rate. */
    float t = 0.0f, play = 0.0f;
    const float left = timer_left(m, &b, &t, &play);
    const float cross = ramps ? fall_crossing(m, &b, ramp) : INFINITY;
    b.vy_fall = b.vy; /* (from here on, the input's) */
    const float at = cross < left ? cross : left;
    if (at < dt - SAI_MODE_DUE) {
        pass(m, at);
        if (cross < left) {
            rule(m, &b, false, false, 0.0f, 0.0f);
        } else {
            rule(m, &b, false, false, t, play);
        }
        if (m->mode != out->at_start) out->timer_at = at;
        dt -= at;
    }
    pass(m, dt);
    return m->mode;
}

/* ---- queries --------------------------------------------------------------------------------- */

static bool ready(const sa_mode_machine *m) {
    return m && m->fade.count >= 1 && m->fade.count <= SA_FADE_MAX_LAYERS;
}

size_t sa_mode_machine_layer_count(const sa_mode_machine *m) {
    return ready(m) ? m->fade.count : 0;
}

sa_mode_layer sa_mode_machine_layer(const sa_mode_machine *m, size_t index) {
    sa_mode_layer l;
    l.mode = SA_MODE_LOCO;
    l.weight = 0.0f;
    l.mode_time = 0.0f;
    l.play_time = 0.0f;
    l.time_scale = 1.0f;
    if (!ready(m) || index >= m->fade.count) return l;
    const sa_fade_layer *f = &m->fade.layers[index];
    l.mode = id_mode(f->id);
    l.weight = sai_saturate(f->weight);
    l.mode_time = sai_nonneg_or(f->time, 0.0f);
    l.play_time = sai_finite_or(f->user[SAI_MODE_PLAY_TIME], 0.0f);
    l.time_scale = sai_finite_or(f->user[SAI_MODE_TIME_SCALE], 1.0f);
    return l;
}

float sa_mode_machine_weight(const sa_mode_machine *m, sa_mode mode) {
    if (!ready(m)) return 0.0f;
    float w = 0.0f;
    for (size_t i = 0; i < m->fade.count; ++i)
        if (id_mode(m->fade.layers[i].id) == mode) w += sai_saturate(m->fade.layers[i].weight);
    return sai_saturate(w);
}

float sa_mode_machine_mode_time(const sa_mode_machine *m) {
    return ready(m) ? sai_nonneg_or(sa_fade_target_layer(&m->fade).time, 0.0f) : 0.0f;
}

float sa_mode_machine_getup_k(const sa_mode_machine *m) {
    if (!ready(m) || m->mode != SA_MODE_GETUP) return 0.0f;
    const float t = sa_mode_machine_mode_time(m);
    const float len = m->config.morph_time;
    if (!(len > 0.0f)) return 0.0f;
    return 1.0f - sai_smooth(t / len);
}

float sa_mode_machine_inertial_time(const sa_mode_machine *m) {
    return sa_mode_machine_mode_time(m);
}

float sa_mode_machine_inertial_halflife(const sa_mode_machine *m) {
    float rate = default_rates[SA_MODE_LOCO];
    /* The config is the caller's to change after init: its rate is bounded again here. */
    if (ready(m) && (uint32_t)m->mode < (uint32_t)SA_MODE_COUNT_)
        rate = rate_in_range(m->config.fade_rate[m->mode], rate);
    return 2.0f * SAI_LN2 / rate;
}

const char *sa_mode_name(sa_mode mode) {
    switch (mode) {
    case SA_MODE_LOCO:
        return "loco";
    case SA_MODE_JUMP:
        return "jump";
    case SA_MODE_FALL:
        return "fall";
    case SA_MODE_LAND:
        return "land";
    case SA_MODE_SIT:
        return "sit";
    case SA_MODE_SWIM:
        return "swim";
    case SA_MODE_CLIMB:
        return "climb";
    case SA_MODE_RAGDOLL:
        return "ragdoll";
    case SA_MODE_GETUP:
        return "getup";
    case SA_MODE_COUNT_:
    case SA_MODE_FORCE_U32_:
        break;
    }
    return "unknown";
}

float sa_mode_machine_inertial_k(const sa_mode_machine *m) {
    if (!ready(m)) return 0.0f;
    return sa_inertial_factor(sa_mode_machine_inertial_halflife(m),
                              sa_mode_machine_inertial_time(m));
}
