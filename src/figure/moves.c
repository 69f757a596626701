#include "pipeline.h"

#include <string.h>

#include "internal/scalar.h"
#include "internal/track_table.h"

/* Motion definitions as data (sa_figure_move): checking them, registering them on a figure,
 * evaluating them as the motion or as a layer over it, their clocks and their events. The
 * built-in Spear Run thrust is one such layer (spear_run.c defines it). */

_Static_assert(SA_FIGURE_PARAM_COUNT_ * sizeof(float) == sizeof(sa_figure_params),
               "one sa_figure_param per float of sa_figure_params");
_Static_assert(SA_FIGURE_MOVE_MAX_TRACKS == SA_FIGURE_PARAM_COUNT_,
               "at most one track per parameter");

/* ---- parameters and parts ------------------------------------------------------------------ */

/* Each parameter's part and whether it is a distance (scaled with the body plan). */
typedef struct sai_param_info {
    uint32_t part;
    bool distance;
} sai_param_info;

static const sai_param_info param_info[SA_FIGURE_PARAM_COUNT_] = {
    [SA_FIGURE_PARAM_ROOT_X] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_ROOT_Y] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_LEAN] = {SA_FIGURE_PART_SPINE, false},
    [SA_FIGURE_PARAM_HEAD_TILT] = {SA_FIGURE_PART_HEAD, false},
    [SA_FIGURE_PARAM_FOOT_NEAR_X] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_FOOT_NEAR_Y] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_FOOT_FAR_X] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_FOOT_FAR_Y] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_ARM_ANGLE_NEAR] = {SA_FIGURE_PART_ARM_NEAR, false},
    [SA_FIGURE_PARAM_ARM_ANGLE_FAR] = {SA_FIGURE_PART_ARM_FAR, false},
    [SA_FIGURE_PARAM_ARM_FLEX_NEAR] = {SA_FIGURE_PART_ARM_NEAR, false},
    [SA_FIGURE_PARAM_ARM_FLEX_FAR] = {SA_FIGURE_PART_ARM_FAR, false},
    [SA_FIGURE_PARAM_SPEAR] = {SA_FIGURE_PART_PROP, false},
    [SA_FIGURE_PARAM_SPEAR_GRIP_X] = {SA_FIGURE_PART_PROP, true},
    [SA_FIGURE_PARAM_SPEAR_GRIP_Y] = {SA_FIGURE_PART_PROP, true},
    [SA_FIGURE_PARAM_SPEAR_ANGLE] = {SA_FIGURE_PART_PROP, false},
    [SA_FIGURE_PARAM_SPEAR_GAP] = {SA_FIGURE_PART_PROP, true},
    [SA_FIGURE_PARAM_SPEAR_SLIDE] = {SA_FIGURE_PART_PROP, false},
    [SA_FIGURE_PARAM_SQUASH] = {SA_FIGURE_PART_SPINE, false},
    [SA_FIGURE_PARAM_HAIR_PUSH_X] = {SA_FIGURE_PART_HEAD, false},
    [SA_FIGURE_PARAM_HAIR_PUSH_Y] = {SA_FIGURE_PART_HEAD, false},
    [SA_FIGURE_PARAM_GROUND_SPEED] = {SA_FIGURE_PART_LEGS, true},
    [SA_FIGURE_PARAM_BLADE] = {SA_FIGURE_PART_PROP, false},
    [SA_FIGURE_PARAM_BLADE_ANGLE] = {SA_FIGURE_PART_PROP, false},
};

static const char *const param_names[SA_FIGURE_PARAM_COUNT_] = {
    "root x",        "root y",       "lean",        "head tilt",      "foot near x",
    "foot near y",   "foot far x",   "foot far y",  "arm angle near", "arm angle far",
    "arm flex near", "arm flex far", "spear",       "spear grip x",   "spear grip y",
    "spear angle",   "spear gap",    "spear slide", "squash",         "hair push x",
    "hair push y",   "ground speed", "blade",       "blade angle"};

const char *sa_figure_param_name(sa_figure_param param) {
    if (!((uint32_t)param < (uint32_t)SA_FIGURE_PARAM_COUNT_)) return "unknown";
    return param_names[param];
}

uint32_t sa_figure_param_part(sa_figure_param param) {
    if (!((uint32_t)param < (uint32_t)SA_FIGURE_PARAM_COUNT_)) return 0u;
    return param_info[param].part;
}

/* ---- validation ---------------------------------------------------------------------------- */

#define SAI_MOVE_MIN_SECONDS 0.05f
/* A layer's play this near its end, seconds, has ended: above the rounding of a sum of frames
 * (those of a 2 s move at 144 fps add up to within a few millionths of a second), far below a
 * frame. */
#define SAI_MOVE_END         1e-4f
#define SAI_MOVE_MAX_SECONDS 60.0f
#define SAI_MOVE_MAX_TRAVEL  1e4f
/* Key values are kept within this (units, radians): far beyond any pose, far inside the floats. */
#define SAI_MOVE_MAX_VALUE 1e6f

static sa_status check_track(const sa_figure_move_track *t, const sa_figure_move_track *all,
                             size_t index) {
    if (!((uint32_t)t->param < (uint32_t)SA_FIGURE_PARAM_COUNT_)) return SA_ERR_RANGE;
    for (size_t i = 0; i < index; ++i)
        if (all[i].param == t->param) return SA_ERR_RANGE;
    if (t->count == 0 || t->count > SA_FIGURE_MOVE_MAX_KEYS) return SA_ERR_COUNT;
    if (!t->keys) return SA_ERR_NULL;
    const sa_status st = sa_track_validate(t->keys, t->count);
    if (st != SA_OK) return st;
    for (size_t k = 0; k < t->count; ++k) {
        if (!(t->keys[k].t >= 0.0f && t->keys[k].t <= 1.0f)) return SA_ERR_RANGE;
        if (!(fabsf(t->keys[k].v) <= SAI_MOVE_MAX_VALUE)) return SA_ERR_RANGE;
    }
    return SA_OK;
}

static sa_status check_move(const sa_figure_move *m) {
    const float numbers[] = {m->duration, m->fade_in, m->fade_out, m->travel};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; ++i)
        if (!sai_finite(numbers[i])) return SA_ERR_NOT_FINITE;
    if (!(m->duration >= SAI_MOVE_MIN_SECONDS && m->duration <= SAI_MOVE_MAX_SECONDS))
        return SA_ERR_RANGE;
    if (!(m->fade_in >= 0.0f && m->fade_out >= 0.0f && m->fade_in + m->fade_out <= m->duration))
        return SA_ERR_RANGE;
    if (!(m->travel >= 0.0f && m->travel <= SAI_MOVE_MAX_TRAVEL)) return SA_ERR_RANGE;
    if (m->parts == 0u || (m->parts & ~(uint32_t)SA_FIGURE_PART_ALL)) return SA_ERR_RANGE;
    if (m->track_count > SA_FIGURE_MOVE_MAX_TRACKS || m->event_count > SA_FIGURE_MOVE_MAX_EVENTS)
        return SA_ERR_COUNT;
    if ((m->track_count && !m->tracks) || (m->event_count && !m->events)) return SA_ERR_NULL;
    for (size_t i = 0; i < m->event_count; ++i) {
        if (!sai_finite(m->events[i].time)) return SA_ERR_NOT_FINITE;
        if (!(m->events[i].time >= 0.0f && m->events[i].time <= 1.0f)) return SA_ERR_RANGE;
    }
    return SA_OK;
}

sa_status sa_figure_move_validate(const sa_figure_move *move, size_t *bad_track) {
    if (bad_track) *bad_track = SA_TRACK_NO_KEY;
    if (!move) return SA_ERR_NULL;
    const sa_status st = check_move(move);
    if (st != SA_OK) return st;
    for (size_t i = 0; i < move->track_count; ++i) {
        const sa_status ts = check_track(&move->tracks[i], move->tracks, i);
        if (ts != SA_OK) {
            if (bad_track) *bad_track = i;
            return ts;
        }
    }
    return SA_OK;
}

/* ---- registration -------------------------------------------------------------------------- */

/* Frees every layer but the thrust's and those playing a definition below `keep`. */
static void free_layers(sa_figure *fig, size_t keep) {
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i) {
        const int32_t m = fig->layers[i].move;
        if (m == SAI_FIGURE_LAYER_THRUST || (m >= 0 && (size_t)m < keep)) continue;
        fig->layers[i] = (sa_figure_move_layer){SAI_FIGURE_LAYER_FREE, 0.0f};
    }
}

void sai_figure_layers_init(sa_figure *fig) {
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i)
        fig->layers[i] = (sa_figure_move_layer){SAI_FIGURE_LAYER_FREE, 0.0f};
}

sa_status sa_figure_set_moves(sa_figure *fig, const sa_figure_move *moves, size_t count,
                              size_t *bad) {
    if (bad) *bad = SA_TRACK_NO_KEY;
    if (!fig) return SA_ERR_NULL;
    sa_status st = SA_OK;
    if (count > SA_FIGURE_MAX_MOVES)
        st = SA_ERR_COUNT;
    else if (count && !moves)
        st = SA_ERR_NULL;
    for (size_t i = 0; st == SA_OK && i < count; ++i) {
        st = sa_figure_move_validate(&moves[i], NULL);
        if (st != SA_OK && bad) *bad = i;
    }
    free_layers(fig, st == SA_OK ? count : 0u);
    fig->moves = st == SA_OK && count ? moves : NULL;
    fig->move_count = st == SA_OK && moves ? count : 0u;
    return st;
}

const sa_figure_move *sai_figure_move_of(const sa_figure *fig, sa_figure_motion m) {
    const int64_t i = (int64_t)m - SA_FIGURE_MOVE_BASE;
    if (!fig->moves || i < 0 || (uint64_t)i >= (uint64_t)fig->move_count) return NULL;
    return &fig->moves[i];
}

const char *sa_figure_move_name(const sa_figure *fig, sa_figure_motion motion) {
    const sa_figure_move *m = fig ? sai_figure_move_of(fig, motion) : NULL;
    if (!m) return sa_figure_motion_name(motion);
    return m->name ? m->name : "move";
}

/* ---- evaluation ---------------------------------------------------------------------------- */

/* Move m's tracks at normalised time u, in figure units (scaled), written over v[k] for each
 * parameter k it tracks (the others keep their values). A valid move tracks a parameter at most
 * once (sa_figure_move_validate) with sorted keys of values far inside the floats, which its
 * table sampling relies on; the figure keeps pointing at them (sa_figure_set_moves). */
static void track_values(const sa_figure_move *m, const sai_figure_ctx *c, float u, float *v) {
    for (size_t i = 0; i < m->track_count; ++i) {
        const sa_figure_move_track *t = &m->tracks[i];
        const size_t k = (size_t)t->param;
        if (k >= SA_FIGURE_PARAM_COUNT_) continue; /* (never, once valid) */
        const float x = sai_track_sample_table(t->keys, t->count, u);
        v[k] = param_info[k].distance ? x * c->scale : x;
    }
}

/* The normalised time of move m `time` seconds into a play: looping or held just before its end. */
static float move_u(const sa_figure_move *m, float time, bool loop) {
    const float played = sai_finite_or(time, 0.0f) / m->duration;
    return loop ? sai_phase_wrap(played) : sai_clamp(played, 0.0f, 1.0f);
}

static float travel_speed(const sa_figure_move *m, const sai_figure_ctx *c) {
    return m->travel / m->duration * c->scale;
}

void sai_figure_move_evaluate(const sa_figure_move *m, const sai_figure_ctx *c, float time,
                              sa_figure_params *out) {
    sa_figure_params rest;
    sai_figure_rest(c, &rest);
    float v[SA_FIGURE_PARAM_COUNT_]; /* (the rest pose's where the move has no track) */
    memcpy(v, &rest, sizeof v);
    track_values(m, c, move_u(m, time, m->loop), v);
    v[SA_FIGURE_PARAM_GROUND_SPEED] += travel_speed(m, c);
    memcpy(out, v, sizeof v);
}

/* A layer's weight `time` seconds into its play: smoothstep up over fade_in, down over fade_out. */
static float layer_weight(const sa_figure_move *m, float time) {
    const float in = m->fade_in > 0.0f ? sai_saturate(time / m->fade_in) : 1.0f;
    const float out = m->fade_out > 0.0f ? sai_saturate((m->duration - time) / m->fade_out) : 1.0f;
    return sai_smooth(in) * sai_smooth(out);
}

/* The definition a layer plays: a registered one, or the built-in thrust. */
static const sa_figure_move *layer_move(const sa_figure *fig, const sa_figure_move_layer *l) {
    if (l->move == SAI_FIGURE_LAYER_THRUST) return &sai_figure_thrust_move;
    if (l->move >= 0 && fig->moves && (size_t)l->move < fig->move_count)
        return &fig->moves[l->move];
    return NULL;
}

static bool registered(const sa_figure *fig, const sa_figure_move_layer *l) {
    return l->move >= 0 && layer_move(fig, l) != NULL;
}

/* Move m played as a layer over the parameters p with weight w: its parts' parameters move
 * toward its values (a parameter without a track toward the rest pose's), or with `additive`
 * its tracks are added. */
static void apply_layer(const sa_figure_move *m, const sai_figure_ctx *c, float time, float w,
                        const float *rest, float *p) {
    /* (a parameter without a track: 0 added, or toward the rest pose's) */
    float tv[SA_FIGURE_PARAM_COUNT_];
    for (size_t k = 0; k < SA_FIGURE_PARAM_COUNT_; ++k)
        tv[k] = m->additive ? 0.0f : rest[k];
    track_values(m, c, move_u(m, time, false), tv);
    /* Every parameter mixed, those of its parts kept (a select, not a branch per parameter). */
    const bool additive = m->additive;
    for (size_t k = 0; k < SA_FIGURE_PARAM_COUNT_; ++k) {
        const float mixed = additive ? p[k] + w * tv[k] : sai_lerp(p[k], tv[k], w);
        p[k] = (param_info[k].part & m->parts) ? mixed : p[k];
    }
    if (m->parts & SA_FIGURE_PART_LEGS) p[SA_FIGURE_PARAM_GROUND_SPEED] += w * travel_speed(m, c);
}

/* The thrust is played by the rows that thrust, each into its own parameters (so a fade or a
 * merge of the stack weighs it as it weighs them); the other layers play over the blend. */
void sai_figure_apply_thrust(const sai_figure_ctx *c, sa_figure_params *p) {
    if (!(c->thrust_time >= 0.0f)) return;
    const sa_figure_move *m = &sai_figure_thrust_move;
    float *v = (float *)(void *)p; /* (only floats) */
    const float time = sai_clamp(c->thrust_time, 0.0f, m->duration);
    apply_layer(m, c, time, layer_weight(m, time), v, v);
}

bool sai_figure_apply_layers(const sa_figure *fig, const sai_figure_ctx *c, sa_figure_params *p) {
    /* Oldest first: a newer layer plays over an older one on the parts they share. */
    int order[SA_FIGURE_MOVE_LAYERS];
    int n = 0;
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i)
        if (registered(fig, &fig->layers[i])) order[n++] = i;
    if (n == 0) return false;
    for (int a = 1; a < n; ++a)
        for (int b = a; b > 0 && fig->layers[order[b]].time > fig->layers[order[b - 1]].time; --b) {
            const int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    sa_figure_params rest;
    sai_figure_rest(c, &rest);
    /* (the parameters as floats in place: sa_figure_params holds only floats) */
    float *v = (float *)(void *)p;
    const float *r = (const float *)(const void *)&rest;
    for (int i = 0; i < n; ++i) {
        const sa_figure_move_layer *l = &fig->layers[order[i]];
        const sa_figure_move *m = layer_move(fig, l);
        const float time = sai_clamp(sai_finite_or(l->time, 0.0f), 0.0f, m->duration);
        apply_layer(m, c, time, layer_weight(m, time), r, v);
    }
    return true;
}

/* ---- triggers, clocks and events ----------------------------------------------------------- */

bool sai_figure_layer_playing(const sa_figure *fig, int32_t move) {
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i)
        if (fig->layers[i].move == move) return true;
    return false;
}

bool sai_figure_layer_start(sa_figure *fig, int32_t move) {
    if (sai_figure_layer_playing(fig, move)) return false;
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i) {
        if (fig->layers[i].move != SAI_FIGURE_LAYER_FREE) continue;
        fig->layers[i].move = move;
        fig->layers[i].time = 0.0f;
        return true;
    }
    return false;
}

/* Events of move m whose time lies in (t0, t1] seconds of its play (from t0 itself when the play
 * starts there: `from_start`), each once, `shift` seconds into the frame plus how far past t0, at
 * most `latest` seconds into it. A looping play passes an event once per cycle. */
static void move_events(sa_figure *fig, const sa_figure_move *m, int32_t id, double t0, double t1,
                        bool from_start, bool loop, float shift, float latest) {
    const double d = (double)m->duration;
    const double first = loop ? floor(t0 / d) : 0.0, last = loop ? floor(t1 / d) : 0.0;
    for (double cycle = first; cycle <= last && cycle < first + 64.0; cycle += 1.0) {
        for (size_t i = 0; i < m->event_count; ++i) {
            const double at = cycle * d + (double)m->events[i].time * d;
            const bool after = from_start ? at >= t0 : at > t0;
            if (!after || at > t1) continue;
            const float time = sai_clamp(shift + sai_narrow(at - t0), 0.0f, latest);
            const bool thrust = id == SAI_FIGURE_LAYER_THRUST;
            const sa_figure_event_kind kind = !thrust  ? SA_FIGURE_EVENT_MOVE
                                              : i == 0 ? SA_FIGURE_EVENT_HIT_START
                                                       : SA_FIGURE_EVENT_HIT_END;
            sa_figure_event e = sai_figure_event_of(kind, time, fig->modes.mode);
            if (!thrust) {
                e.move = SA_FIGURE_MOTION_MOVE(id);
                e.index = (int32_t)i;
            }
            sai_figure_event_add(fig, e);
        }
    }
}

void sai_figure_advance_layers(sa_figure *fig, float dt) {
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i) {
        sa_figure_move_layer *l = &fig->layers[i];
        const sa_figure_move *m = layer_move(fig, l);
        if (!m) {
            *l = (sa_figure_move_layer){SAI_FIGURE_LAYER_FREE, 0.0f};
            continue;
        }
        const float t0 = sai_finite_or(l->time, 0.0f);
        l->time = t0 + dt;
        /* A play this near its end has ended (its last events passed in this frame): a move
         * lasting a whole number of frames ends on a frame's end, and rounding in the sum of the
         * frames must not decide whether a press then finds it still playing, at one frame rate
         * and not another. */
        const bool ends = l->time >= m->duration - SAI_MOVE_END;
        const double t1 = ends ? fmax((double)l->time, (double)m->duration) : (double)l->time;
        move_events(fig, m, l->move, (double)t0, t1, t0 == 0.0f, false, 0.0f, dt);
        if (ends) *l = (sa_figure_move_layer){SAI_FIGURE_LAYER_FREE, 0.0f};
    }
}

void sai_figure_base_move_events(sa_figure *fig, int32_t id, float t0, float t1, float shift) {
    const int32_t first = (int32_t)sai_figure_motion_count;
    if (id < first || !fig->moves || (size_t)(id - first) >= fig->move_count) return;
    const sa_figure_move *m = &fig->moves[id - first];
    const float end = m->loop ? t1 : fminf(t1, m->duration);
    if (!(t0 <= end)) return;
    move_events(fig, m, id - first, (double)t0, (double)end, t0 == 0.0f, m->loop, shift,
                SA_FIGURE_MAX_DT);
}
