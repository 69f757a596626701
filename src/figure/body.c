#include "pipeline.h"

#include <string.h>

#include "internal/gait_mix.h"
#include "internal/mode_machine_dated.h"
#include "internal/scalar.h"

/* The game's body drives the figure through sa_mode_machine (layer 3): each update the body's
 * state becomes a sa_mode_input, the machine's rules pick the mode, and the figure fades to the
 * row that shows it (on the ground: the motion asked for). Speeds are the figure's canvas units,
 * y down; the machine's are y up. */

/* A locomoting body starts moving above this fraction of the walk's ground speed, and stands
 * again below the lower one (so a speed hovering at one never flickers between idle and walk). */
#define SAI_BODY_MOVE_ON  0.3f
#define SAI_BODY_MOVE_OFF 0.15f
/* The stride's factor for a body slower than the walk or faster than the run, kept within. */
#define SAI_BODY_STRIDE_MIN 0.25f
#define SAI_BODY_STRIDE_MAX 1.6f
/* How fast the pose follows the body's vertical velocity and its leaving the ground, 1/s. */
#define SAI_BODY_FOLLOW 25.0f
/* A vertical velocity changing at a rate within this fraction of the last frame's goes on in a
 * line (sa_figure::vy_change); past twice it, it stepped at the frame's start. */
#define SAI_BODY_STEADY 0.1f
/* How fast the climb's cycle is pulled onto the rungs, 1/s. */
#define SAI_BODY_ALIGN 6.0f
/* Paddling fully from this fraction of the walk's ground speed through the water. */
#define SAI_BODY_PADDLE 1.2f

sa_mode_machine_config sai_figure_mode_config(const sa_figure_config *cfg) {
    sa_mode_machine_config m = sa_mode_machine_config_default();
    const sa_gait walk = sai_gait_walk_inline();
    const float k = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    m.hard_landing_speed = cfg->hard_landing_speed;
    m.fall_speed = 0.2f * cfg->hard_landing_speed;
    m.land_exit_speed = 0.5f * sa_gait_ground_speed(&walk) * k;
    m.land_time = 0.5f;
    m.sit_time = 1.0f;
    m.speed_step = 0.0f; /* the figure reads no `switched`: its speed steps need no cut */
    return m;
}

/* Every number of the body finite (x - x is 0 for each; NaN for an infinity or NaN). */
static bool body_finite(const sa_figure_body *b) {
    float zero = (b->velocity.x - b->velocity.x) + (b->velocity.y - b->velocity.y);
    zero += (b->water_line - b->water_line) + (b->ladder_rung - b->ladder_rung);
    zero += (b->impulse.x - b->impulse.x) + (b->impulse.y - b->impulse.y);
    zero += (b->position.x - b->position.x) + (b->position.y - b->position.y);
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        zero += b->ground[i] - b->ground[i];
    return zero == 0.0f;
}

sa_figure_body sai_figure_read_body(const sa_figure_body *in, const sa_figure_body *last) {
    /* (all finite, as nearly always: each field below keeps the game's value) */
    if (body_finite(in)) return *in;
    /* A number the game got wrong keeps its last good value, so it moves nothing. */
    const sa_figure_body *l = last->active ? last : in;
    sa_figure_body b = *in;
    b.velocity = sai_v2(sai_finite_or(in->velocity.x, sai_finite_or(l->velocity.x, 0.0f)),
                        sai_finite_or(in->velocity.y, sai_finite_or(l->velocity.y, 0.0f)));
    b.water_line = sai_finite_or(in->water_line, sai_finite_or(l->water_line, 0.0f));
    b.ladder_rung = sai_finite_or(in->ladder_rung, sai_finite_or(l->ladder_rung, 0.0f));
    b.impulse = sai_v2(sai_finite_or(in->impulse.x, 0.0f), sai_finite_or(in->impulse.y, 0.0f));
    b.position = sai_v2(sai_finite_or(in->position.x, sai_finite_or(l->position.x, 0.0f)),
                        sai_finite_or(in->position.y, sai_finite_or(l->position.y, 0.0f)));
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        b.ground[i] = sai_finite_or(in->ground[i], b.position.y);
    return b;
}

float sai_figure_ground_at(const sa_figure *fig, float x) {
    const sa_figure_body *b = &fig->body;
    if (!b->active || !b->ground_given) return 0.0f;
    /* The probes asked about by the last pose, and the game's heights there: the nearest on
     * each side of x give the line under it. */
    const float wx = b->position.x + sai_figure_facing_sign(fig) * x;
    const float *px = fig->pose.ground_probe;
    int left = -1, right = -1;
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i) {
        if (px[i] <= wx && (left < 0 || px[i] > px[left])) left = i;
        if (px[i] >= wx && (right < 0 || px[i] < px[right])) right = i;
    }
    float h;
    if (left < 0 || right < 0 || px[right] - px[left] < 1e-6f) {
        h = b->ground[left >= 0 ? left : right >= 0 ? right : 0];
    } else {
        const float t = (wx - px[left]) / (px[right] - px[left]);
        h = b->ground[left] + (b->ground[right] - b->ground[left]) * t;
    }
    const float limit = 4.0f * fig->config.hip_height;
    return sai_clamp(sai_finite_or(h - b->position.y, 0.0f), -limit, limit);
}

float sai_figure_ground_highest(const sa_figure *fig, float x, float reach) {
    float y = sai_figure_ground_at(fig, x);
    const sa_figure_body *b = &fig->body;
    if (!b->active || !b->ground_given) return y;
    const float wx = b->position.x + sai_figure_facing_sign(fig) * x;
    const float limit = 4.0f * fig->config.hip_height;
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        if (fabsf(fig->pose.ground_probe[i] - wx) <= reach)
            y = sai_fminf(
                y, sai_clamp(sai_finite_or(b->ground[i] - b->position.y, 0.0f), -limit, limit));
    return y;
}

/* The context the landing probes read the gait from, built once for both feet when one asks. */
typedef struct landing_ctx {
    sai_figure_ctx c;
    bool built;
} landing_ctx;

/* Where foot i comes down next, figure x: where it is held, where its step lands, or for a gait
 * foot in the air where the stride puts it when its phase comes round, the ground going by at
 * the body's speed meanwhile. */
static float landing_x(sa_figure *fig, int i, landing_ctx *lc) {
    const sa_figure_foot_lock *l = &fig->feet[i];
    float down;
    if (sai_figure_feet_down_at(fig, i, &down)) return down;
    if (!sai_figure_locomoting(&fig->fade)) return l->last_x;
    /* (through the figure's cache: the gait's phase-free part is the frame's end's, kept there) */
    sai_figure_ctx *c = &lc->c;
    if (!lc->built) sai_figure_context_in(fig, &fig->cache, c);
    lc->built = true;
    const float ph = sai_phase_wrap(fig->phase + 0.5f * (float)i);
    if (ph < c->gait.duty) return l->last_x; /* in stance: down now */
    const float until = (1.0f - ph) / sai_fmaxf(c->gait.cadence, 1e-3f);
    c->phase = i == 0 ? 0.0f : 0.5f; /* sai_phase_wrap(-0.5f * i): -0 wraps to +0 */
    return sai_figure_locomotion_foot_x(c, i) + sai_figure_forward_speed(fig) * until;
}

/* sai_clamp(sai_finite_or(v, 0), -near, near) for near > 0, written so a loop of it vectorises. */
static float clamp_near(float v, float near) {
    const float finite = sai_finite_or(v, 0.0f);
    const float above = finite < -near ? -near : finite;
    return above > near ? near : above;
}

/* The probes behind the body to ahead of it (x[4 .. SA_FIGURE_GROUND_PROBES), the way it faces:
 * s), and the limit a probe keeps near the body within (a gait foot lands within a few hip
 * heights of it, however fast the body goes), returned. */
SAI_INLINE float probes_around(const sa_figure *fig, float s, float *x) {
    for (int i = 4; i < SA_FIGURE_GROUND_PROBES; ++i)
        x[i] = s * ((float)(i - 6) * 0.25f * fig->config.hip_height);
    return 4.0f * fig->config.hip_height;
}

/* The probes of a body: at its feet and where they land, in the world (out of line: the landing
 * context it may build keeps registers and stack that a figure without a body does not need). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void
body_ground_probes(sa_figure *fig, float s) {
    float x[SA_FIGURE_GROUND_PROBES];
    landing_ctx lc;
    lc.built = false;
    for (int i = 0; i < 2; ++i) {
        x[i] = fig->pose.joints[SA_FIGURE_JOINT_FOOT_NEAR + i].x;
        x[2 + i] = s * landing_x(fig, i, &lc);
    }
    /* A probe is near the body and a float in the world (saturated at the float's range: a body
     * at FLT_MAX asks there). */
    const float near = probes_around(fig, s, x);
    const float origin = fig->body.position.x;
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i) {
        /* The sum in float is the double sum's rounding (rounded to double, then to float, a
         * sum is rounded once), saturated at the float's range (an infinity past it), a body
         * at NaN asking at 0, as sai_narrow() of the double sum. */
        const float at = origin + clamp_near(x[i], near);
        const float low = at < -FLT_MAX ? -FLT_MAX : at;
        const float high = low > FLT_MAX ? FLT_MAX : low;
        fig->pose.ground_probe[i] = high == high ? high : 0.0f;
    }
}

void sai_figure_ground_probes(sa_figure *fig) {
    const float s = sai_figure_facing_sign(fig);
    if (fig->body.active) {
        body_ground_probes(fig, s);
        return;
    }
    /* (only a body asks the game for its ground: without one, the feet themselves) */
    float x[SA_FIGURE_GROUND_PROBES];
    for (int i = 0; i < 2; ++i) {
        x[i] = fig->pose.joints[SA_FIGURE_JOINT_FOOT_NEAR + i].x; /* screen, unturned */
        x[2 + i] = x[i];
    }
    const float near = probes_around(fig, s, x);
    /* Without a body the origin is 0: the probe is c itself, as the sum below rounds it
     * (0 + c is exact, -0 becoming +0). */
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        fig->pose.ground_probe[i] = 0.0f + clamp_near(x[i], near);
}

sa_figure_body sa_figure_body_default(void) {
    sa_figure_body b;
    b.active = false;
    b.grounded = true;
    b.velocity = sai_v2(0.0f, 0.0f);
    b.in_water = false;
    b.water_line = 0.0f;
    b.on_ladder = false;
    b.ladder_rung = 0.0f;
    b.knocked_down = false;
    b.impulse = sai_v2(0.0f, 0.0f);
    b.position = sai_v2(0.0f, 0.0f);
    b.ground_given = false;
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        b.ground[i] = 0.0f;
    return b;
}

void sai_figure_event_add(sa_figure *fig, sa_figure_event e) {
    if (fig->event_count >= SA_FIGURE_MAX_EVENTS) return;
    /* Kept in time order: a later-recorded event that happened earlier goes before. */
    size_t i = fig->event_count++;
    while (i > 0 && fig->events[i - 1].time > e.time) {
        fig->events[i] = fig->events[i - 1];
        --i;
    }
    fig->events[i] = e;
}

sa_figure_event sai_figure_event_of(sa_figure_event_kind kind, float time, sa_mode mode) {
    sa_figure_event e;
    e.kind = kind;
    e.time = time;
    e.foot = -1;
    e.surface = SA_FOOTSTEPS_SURFACE_GRASS;
    e.mode = mode;
    e.speed = 0.0f;
    e.x = 0.0;
    e.move = SA_FIGURE_MOTION_IDLE;
    e.index = -1;
    return e;
}

size_t sa_figure_events(const sa_figure *fig, sa_figure_event *out, size_t capacity) {
    if (!fig) return 0;
    const size_t n = fig->event_count < SA_FIGURE_MAX_EVENTS ? fig->event_count : 0;
    if (!out) return n;
    const size_t w = n < capacity ? n : capacity;
    for (size_t i = 0; i < w; ++i)
        out[i] = fig->events[i];
    return w;
}

/* A body new on the ladder starts the climb's cycle where its rungs are at the frame's start
 * (the rung given is the frame's end's, frame_dt seconds of climbing later; see climb_cycle);
 * back on it while the last climb still shows, the cycle goes on from where it is (climb_cycle
 * pulls it onto the rungs), or the limbs of the climb showing would jump. */
static void climb(sa_figure *fig, const sa_figure_body *b, float frame_dt) {
    const bool climbing = fig->body.active && fig->body.on_ladder && b->on_ladder;
    if (b->on_ladder && !climbing && !(sai_figure_mode_share(&fig->fade, SA_MODE_CLIMB) > 0.0f))
        fig->climb_phase = sai_phase_wrap((b->ladder_rung + b->velocity.y * frame_dt) /
                                          (2.0f * fig->config.rung_spacing));
}

/* The climb's cycle follows the body along the ladder: half a cycle per rung it passes, up
 * forward and down backwards, at the body's own vertical velocity over the frame (a position
 * arrives once a frame, the pose must not jump with it), pulled toward where its rungs are (the
 * game may give any rung: only the position modulo a rung counts) so the holds stay on rungs. */
static void climb_cycle(sa_figure *fig, const sa_figure_body *b, float dt) {
    if (!b->on_ladder) return; /* off the ladder the cycle stays while the climb fades out */
    const float two = 2.0f * fig->config.rung_spacing;
    float ph = fig->climb_phase - b->velocity.y * dt / two;
    const float off = remainderf(b->ladder_rung / two - ph, 0.5f);
    ph += off * (1.0f - sai_expf(-SAI_BODY_ALIGN * dt));
    fig->climb_phase = sai_phase_wrap(ph);
}

/* Knocked down: the ragdoll starts from the pose as it is (figure space), moving with the body
 * and thrown by the knock. The pose is turned back into the figure's space as it was drawn: a turn
 * whose middle falls between the frame's last moment (the turn carried) and its end (the turn
 * drawn) is mirrored at that middle again as the next sub-step replays the part the last frame
 * showed, and the ragdoll, which a turn does not mirror, must be in the space it is shown in. */
static void knocked(sa_figure *fig, const sa_figure_body *b, float dt) {
    const float s = fig->pose.facing == SA_FIGURE_FACING_LEFT ? -1.0f : 1.0f;
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        j[i] = sai_v2(s * fig->pose.unsquashed[i].x, fig->pose.unsquashed[i].y);
    const sa_vec2 v = sai_v2(s * b->velocity.x, b->velocity.y);
    const sa_vec2 impulse = sai_v2(s * b->impulse.x, b->impulse.y);
    (void)dt;
    sai_figure_ragdoll_start(fig, j, v, impulse, SA_FIGURE_SUBSTEP);
    sai_figure_head_from_pose(fig, j);
}

/* The row a grounded body shows: the motion asked for, but locomotion that follows the body
 * stands idle while the body does. */
static int32_t ground_row(sa_figure *fig, const sa_figure_input *in, int32_t wanted) {
    if (in->motion != SA_FIGURE_MOTION_LOCOMOTE) return wanted;
    const sa_gait walk = sai_gait_walk_inline();
    const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float speed = fabsf(in->body.velocity.x), w = sa_gait_ground_speed(&walk) * k;
    fig->moving = speed > (fig->moving ? SAI_BODY_MOVE_OFF : SAI_BODY_MOVE_ON) * w;
    return fig->moving ? wanted : sai_figure_row_for(SA_FIGURE_MOTION_IDLE);
}

/* The row mode shows: the mode's, or on the ground `wanted` (ground_row). */
static int32_t row_of(sa_figure *fig, const sa_figure_input *in, int32_t wanted, sa_mode mode) {
    return mode == SA_MODE_GETUP  ? sai_figure_row_for_getup(fig->modes.getup_side)
           : mode == SA_MODE_LOCO ? ground_row(fig, in, wanted)
                                  : sai_figure_row_for_mode(mode);
}

/* The body's vertical velocity over the frame (up positive), the line the frame takes it in to
 * the input's (*mi): from the last frame's while it goes on changing as it did over that frame
 * (gravity, a drag), else a step at the frame's start; between the two as the change strays
 * from the last, so a frame a hair longer does not jump from one to the other (a stored change
 * not finite: a step). Leaving the ground (took_off) it stepped at the frame's start and went on
 * at the gravity of the last steady flight. Records the frame's change for the next. */
static sai_mode_ramp velocity_line(sa_figure *fig, const sa_mode_input *mi, bool flight,
                                   bool took_off, float frame_dt) {
    const float vy1 = mi->vertical_velocity, vy0 = fig->body.active ? -fig->body.velocity.y : vy1;
    if (took_off) {
        /* (before a flight is seen, the gravity the config's hard landing implies: the landing
         * speed of a fall from 2.5 times the scripted jump's height) */
        const float h = fig->config.hard_landing_speed;
        const float g =
            fig->vy_gravity != 0.0f ? fig->vy_gravity : -(h * h) / (5.0f * fig->config.jump_height);
        const float from = vy1 - g * frame_dt;
        fig->vy_change = g;
        return (sai_mode_ramp){sai_finite(from) ? from : vy1, frame_dt};
    }
    const float change = frame_dt > 0.0f ? (vy1 - vy0) / frame_dt : 0.0f;
    const float most = SAI_BODY_STEADY * sai_fmaxf(fabsf(change), fabsf(fig->vy_change));
    const float line =
        most > 0.0f && most <= FLT_MAX
            ? sai_saturate(2.0f - fabsf(change - fig->vy_change) / most) /* (NaN: 0) */
            : 0.0f;
    fig->vy_change = change;
    if (flight && line >= 1.0f) fig->vy_gravity = change;
    return (sai_mode_ramp){line > 0.0f ? vy1 + (vy0 - vy1) * line : vy1, frame_dt};
}

int32_t sai_figure_take_body(sa_figure *fig, const sa_figure_input *in, int32_t wanted, float dt,
                             float frame_dt, sai_figure_later *later) {
    const sa_figure_body *b = &in->body;
    const bool was_grounded = fig->body.active ? fig->body.grounded : true;
    const float down = b->velocity.y; /* sinking speed, units/s (y down) */
    const sa_mode mode_before = fig->modes.mode;
    sa_mode_input mi = sai_mode_input_default_inline();
    mi.grounded = b->grounded;
    mi.vertical_velocity = -down;
    if (b->grounded && !was_grounded) {
        /* A body reports its landing on the frame it touched down, often with its velocity
         * already zeroed: the speed it came down at is the last it sank at in the air. */
        mi.landing_speed = sai_fmaxf(fig->fall_speed, down);
        fig->landing_target = sai_saturate(mi.landing_speed / fig->config.hard_landing_speed);
        sa_figure_event e = sai_figure_event_of(SA_FIGURE_EVENT_LANDING, dt, mode_before);
        e.speed = mi.landing_speed;
        sai_figure_event_add(fig, e);
    }
    const bool flight = !b->grounded && !b->in_water && !b->on_ladder;
    const bool took_off = !b->grounded && was_grounded;
    const sai_mode_ramp ramp = velocity_line(fig, &mi, flight, took_off && flight, frame_dt);
    later->vy_from = ramp.vy_start;
    later->frame_dt = frame_dt;
    if (took_off) {
        /* (as it left the ground: at the frame's start) */
        fig->rise_speed = sai_fmaxf(flight ? ramp.vy_start : -down, 0.0f);
        sai_figure_event_add(fig, sai_figure_event_of(SA_FIGURE_EVENT_TAKE_OFF, dt, mode_before));
    }
    fig->fall_speed = b->grounded ? 0.0f : sai_fmaxf(down, 0.0f);
    mi.speed = fabsf(b->velocity.x);
    mi.in_water = b->in_water;
    mi.on_ladder = b->on_ladder;
    mi.ladder_direction =
        sai_clamp(-down / (2.0f * fig->config.rung_spacing), -1.0f, 1.0f); /* rungs/s */
    mi.jump = in->jump;
    mi.knocked_down = b->knocked_down;
    if (mode_before == SA_MODE_RAGDOLL) mi.pelvis_forward = sai_figure_ragdoll_belly(fig);
    /* The modes the input asks for from the frame's start, as the figure takes every input (so
     * frames of any length see a switch at the same moment), a timer's end where it falls. */
    sai_mode_frame switched;
    const sa_mode mode = sai_mode_machine_update_dated(&fig->modes, &mi, dt, &ramp, &switched);
    if (mode == SA_MODE_RAGDOLL && mode_before != SA_MODE_RAGDOLL) knocked(fig, b, dt);
    if (switched.at_start != mode_before)
        sai_figure_event_add(fig,
                             sai_figure_event_of(SA_FIGURE_EVENT_MODE, 0.0f, switched.at_start));
    if (switched.timer_at < dt)
        sai_figure_event_add(fig,
                             sai_figure_event_of(SA_FIGURE_EVENT_MODE, switched.timer_at, mode));
    climb(fig, b, frame_dt);
    const bool was_active = fig->body.active, was_given = was_active && fig->body.ground_given;
    fig->body = *b;
    /* The last pose listed its probes in the world only if it had a body: until then the game's
     * heights are not of the points the figure asked about. */
    if (!was_active) fig->body.ground_given = false;
    if (fig->body.ground_given && !was_given) {
        /* The game's ground is new: the feet held so far stand on it from now on. */
        for (int i = 0; i < 2; ++i) {
            float x;
            if (sai_figure_feet_down_at(fig, i, &x))
                fig->feet[i].ground = b->position.y + sai_figure_ground_at(fig, x);
        }
    }
    const int32_t row = row_of(fig, in, wanted, switched.at_start);
    later->at = switched.timer_at;
    if (switched.timer_at < dt) later->row = row_of(fig, in, wanted, mode);
    /* Out of the ragdoll (released: the get-up; or water or a ladder took over): a cut, which the
     * morph from the ragdoll's pose hides. */
    if (mode_before == SA_MODE_RAGDOLL && mode != SA_MODE_RAGDOLL) {
        fig->ragdoll_wait = dt; /* (the frame that reads the release: sai_figure_getup_morph) */
        /* The morph starts from the pose as drawn (a frame may end between two of the ragdoll's
         * steps: the pose then shows it carried on). */
        const float s = sai_figure_facing_sign(fig);
        sa_vec2 drawn[SA_FIGURE_JOINT_COUNT];
        for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
            drawn[i] = sai_v2(s * fig->pose.unsquashed[i].x, fig->pose.unsquashed[i].y);
            fig->ragdoll[i].pos = drawn[i];
            fig->ragdoll[i].prev = sai_v2(0.0f, FLT_MAX); /* (no get-up angle followed yet) */
        }
        /* (the morph's first sub-step moves the head over the part after the one shown) */
        if (fig->modes.config.morph_time > 0.0f) sai_figure_head_from_pose(fig, drawn);
        const float swam = sai_figure_swim_share(&fig->fade);
        sa_fade_init(&fig->fade, row);
        /* (the swim's share, which narrows the feet in a turn, goes on from what it was) */
        fig->fade.layers[0].user[SAI_LAYER_SWIM_CUT] = swam - sai_figure_swim_share(&fig->fade);
        /* The squash the ragdoll was drawn with fades out rather than stops (the get-up's
         * rows have none). */
        memset(&fig->merge_offset, 0, sizeof fig->merge_offset);
        fig->merge_offset.squash = sai_finite_or(fig->pose.squash.sy, 1.0f) - 1.0f;
    }
    return row;
}

/* The most of the frame that read a knock's release the get-up's morph counts (see below). */
#define SAI_GETUP_FIRST_FRAME (1.0f / 30.0f)

/* Seconds into the get-up's morph `to_end` seconds before the end of the frame the modes last
 * moved to. */
static float getup_time(const sa_figure *fig, float to_end) {
    /* The time since the release, read at the start of the frame that read it: the machine's
     * mode time (the switch dated there), so the morph runs by time whatever the frames'
     * lengths, not only at a steady frame rate. That frame still shows the ragdoll's pose
     * (figure.c), so the next shows the morph already that far on: of a frame longer than 1/30 s
     * (a hitch; ragdoll_wait holds its length), only its last 1/30 s counts: the step is then
     * what a frame after a release read at 30 fps makes. */
    const float since = sa_mode_machine_mode_time(&fig->modes);
    const float first = sai_clamp(fig->ragdoll_wait, 0.0f, SAI_FIGURE_MAX_DT); /* (any bits) */
    const float skipped = first > SAI_GETUP_FIRST_FRAME ? first - SAI_GETUP_FIRST_FRAME : 0.0f;
    return (since > 0.0f ? since : 0.0f) - skipped - to_end;
}

float sai_figure_getup_morph(const sa_figure *fig, float to_end) {
    const float m = fig->modes.config.morph_time;
    return m > 0.0f ? 1.0f - sai_smooth(sai_saturate(getup_time(fig, to_end) / m)) : 0.0f;
}

float sai_figure_getup_stood(const sa_figure *fig, float to_end) {
    const float m = fig->modes.config.morph_time, t = getup_time(fig, to_end);
    const float done = m > 0.0f ? m : 0.0f;
    return t > done ? t - done : 0.0f;
}

void sai_figure_drop_body(sa_figure *fig) {
    if (!fig->body.active) return;
    const sa_mode_machine_config modes = sai_figure_mode_config(&fig->config);
    (void)sa_mode_machine_init(&fig->modes, &modes);
    fig->body = sa_figure_body_default();
    fig->stride_scale = 1.0f;
    fig->moving = false;
    fig->vy_change = 0.0f;
}

/* The share of the way to its target an ease at rate r (1/s) goes over dt, 1 - exp(-r dt):
 * frame-rate independent. Taken once for the eases of one rate, and only when one of them is
 * not at its target yet (a body going on as it did, nearly always: none is). */
typedef struct ease_rate {
    float r, dt, share;
    bool known;
} ease_rate;

static ease_rate ease_rate_of(float r, float dt) { return (ease_rate){r, dt, 0.0f, false}; }

static float ease_share(ease_rate *k) {
    if (!k->known) {
        k->share = 1.0f - sai_expf(-(k->r * k->dt));
        k->known = true;
    }
    return k->share;
}

/* True when an ease toward target leaves x there whatever its share: x is the target, finite
 * (x + 0 * e is x, within 1e-5 of the target: the target itself). */
static bool eased_already(float x, float target) { return x == target && sai_finite(target); }

/* x eased toward target at rate k. */
static float ease(float x, float target, ease_rate *k) {
    if (eased_already(x, target)) return target;
    const float y = x + (target - x) * ease_share(k);
    return fabsf(target - y) < 1e-5f ? target : y;
}

/* x eased as ease() does toward a target going in a line from g0 to g1 over k's dt (the exact
 * solution: it lags the line by its slope over r); with g0 = g1 it is ease() itself. */
static float ease_line(float x, float g0, float g1, ease_rate *k) {
    if (g0 == g1 && eased_already(x, g1)) return g1; /* (the lag's term is 0 * lag: 0) */
    const float e = ease_share(k);
    const float a = k->r * k->dt;
    const float lag = (a > 1e-4f ? e / a : 1.0f - 0.5f * a) - (1.0f - e);
    const float y = x + (g1 - x) * e - (g1 - g0) * lag;
    return fabsf(g1 - y) < 1e-5f ? g1 : y;
}

void sai_figure_ease_active_body(sa_figure *fig, const sa_figure_input *in,
                                 const sai_figure_later *later, float speed, bool snaps, float dt) {
    const sa_figure_body *b = &in->body;
    /* (the library's own gaits are sane: their speeds without sa_gait's repair, bit for bit) */
    const sa_gait walk = sai_gait_walk_inline(), run = sai_gait_run_inline();
    const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float lo = sai_gait_ground_speed_sane(&walk) * k,
                hi = sai_gait_ground_speed_sane(&run) * k;
    /* The gait mix covers [walk, run]; the stride stretches it below and above, so the ground
     * goes by at the body's own speed and the planted feet stay put under it. */
    const float covered = sai_clamp(speed, lo, hi);
    const float stride = in->motion == SA_FIGURE_MOTION_LOCOMOTE
                             ? sai_clamp(speed / covered, SAI_BODY_STRIDE_MIN, SAI_BODY_STRIDE_MAX)
                             : 1.0f;
    ease_rate gait = ease_rate_of(fig->config.gait_rate, dt);
    ease_rate follow = ease_rate_of(SAI_BODY_FOLLOW, dt);
    fig->stride_scale = snaps ? stride : ease(fig->stride_scale, stride, &gait);
    fig->swim = ease(fig->swim, sai_saturate(speed / (SAI_BODY_PADDLE * lo)), &gait);
    /* The pose follows the body's vertical velocity and its leaving the ground quickly but not
     * in one step: a game's velocity changes in steps, a pose must not. */
    /* (toward the velocity's line over the frame: at this step's end, dt of frame_dt) */
    const float to = -b->velocity.y, from = later->vy_from;
    const float at = dt < later->frame_dt ? from + (to - from) * (dt / later->frame_dt) : to;
    fig->vy = ease_line(fig->vy, from, at, &follow);
    fig->air = ease(fig->air, b->grounded ? 0.0f : 1.0f, &follow);
    /* A landing's depth too: a new landing must not change one still showing in a jump. */
    fig->landing = ease(fig->landing, fig->landing_target, &follow);
    climb_cycle(fig, b, dt);
}

float sai_figure_fade_rate(const sa_figure *fig) {
    if (!fig->body.active) return fig->config.fade_rate;
    const sai_figure_motion_row *r = sai_figure_row(sai_fade_target(&fig->fade));
    if (!(r->flags & SAI_FIGURE_MODE_ROW)) return fig->config.fade_rate;
    return fig->modes.config.fade_rate[r->mode];
}

void sai_figure_flight_events(sa_figure *fig, bool was_airborne, float dt) {
    if (fig->body.active) {
        fig->in_flight = false;
        fig->jump_pending = false;
        return;
    }
    (void)was_airborne;
    /* Once per press: the take-off when the figure is first off the ground after it, the landing
     * when it is first down again (a running jump's stride has flights of its own). */
    if (fig->jump_pending && fig->pose.airborne) {
        fig->jump_pending = false;
        fig->in_flight = true;
        sai_figure_event_add(fig, sai_figure_event_of(SA_FIGURE_EVENT_TAKE_OFF, dt, SA_MODE_LOCO));
    } else if (fig->in_flight && !fig->pose.airborne) {
        fig->in_flight = false;
        sai_figure_event_add(fig, sai_figure_event_of(SA_FIGURE_EVENT_LANDING, dt, SA_MODE_LOCO));
    }
}
