/* The figure's motions and their table. A motion is a function from the figure's shared state
 * (sai_figure_ctx) and its own normalised time to the pose parameters; each lives in its own file,
 * and one row of the table in motions.c says how the pipeline plays it. A new move is its file
 * (keys and evaluate function), its declaration below, its row, and its line in sources.cmake.
 * Not installed. */
#ifndef STICKANIM_FIGURE_MOTIONS_H
#define STICKANIM_FIGURE_MOTIONS_H

#include <float.h>

#include <stickanim/figure.h>
#include <stickanim/gait.h>
#include <stickanim/track.h>

#include "internal/scalar.h"
#include "internal/track_table.h"

/* What every motion may read. Distances a motion produces are multiplied by scale. */
typedef struct sai_figure_ctx {
    float scale;      /* hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT */
    float hip_height; /* config hip height (figure units) */
    float gait_mix;   /* walk (0) -> run (1) */
    sa_gait gait;     /* sa_gait_mix(walk, run, gait_mix), reference units (sane) */
    float phase;      /* near foot's gait phase, [0, 1) */
    float spine;      /* config spine length */
    float leg_reach;  /* thigh + shin - reach guard - a little: feet within it stay planted */
    const sa_figure_config *cfg; /* the body plan (arm lengths for the motions that reach) */
    /* The game's body (sa_figure_body), for the modes' motions; the rest pose's values without
     * one. */
    float vy;           /* vertical velocity, units/s, up positive (eased: the game's steps are
                           not pops) */
    float rise;         /* how fast this flight took off, units/s, >= 1 (the rise's own layer's:
                           blend.c sets it for that layer alone; 1 otherwise) */
    float fall_full;    /* sinking this fast (units/s) the fall reaches fully down, > 0 */
    float air;          /* 0 on the ground, 1 in the air (eased: a take-off is not a pop) */
    float landing;      /* depth of the last landing, [0, 1] */
    float stride_scale; /* the body's locomotion stride factor (1 without a body) */
    float jump_height;  /* the scripted jump's apex over the reference's (160) */
    float climb_phase;  /* the climb's cycle: a rung's y over two rungs, wrapped into [0, 1) */
    float water_line;   /* the water's surface, figure y */
    float swim_mix;     /* treading (0) -> paddling (1) */
    bool holds_spear;   /* the motion asked for holds the spear (the body's jump keeps it) */
    float thrust_time;  /* seconds into the Spear Run thrust's layer, < 0 when none */
    /* The figure's registered motion definitions (sa_figure_set_moves()); fade ids from
     * sai_figure_motion_count on play them. */
    const sa_figure_move *moves;
    size_t move_count;
    sa_figure_cache *cache; /* the figure's, or NULL (every evaluation computes all) */
    /* The arm angles are read: false at a moment inside a frame without a body, whose trunk and
     * head alone are solved (a motion may leave its arms at rest's then). */
    bool arms;
} sai_figure_ctx;

/* Which of a fade layer's own values (sa_fade_layer::user) keeps how fast the flight its rise
 * shows took off: set as any layer is pushed (sai_figure_push_layer()), read by the rise's. */
#define SAI_LAYER_RISE 0
/* ... and which the swim's share of the pose a cut out of the ragdoll took away (sa_figure_fade's
 * rows cut to the get-up's, or to the water's): the share goes on from what it was, fading out
 * (sai_figure_swim_share()). */
#define SAI_LAYER_SWIM_CUT 1
/* How fast the flight a rise's layer shows took off, units/s, >= 1 (a value that is not a
 * finite speed above 1, as of a layer the figure did not push, reads as 1). */
SAI_INLINE float sai_figure_layer_rise(const sa_fade_layer *l) {
    const float r = l->user[SAI_LAYER_RISE];
    return r > 1.0f && r <= FLT_MAX ? r : 1.0f;
}

/* A motion: fills every field of *out (spear included; the pipeline then sets spear from the
 * row's SAI_FIGURE_HOLDS_SPEAR). u is where the play is, normalised to [0, 1) over the row's
 * duration (a one-shot holds just before 1 at its end); 0 for a row without a duration. */
typedef void (*sai_figure_evaluate_fn)(const sai_figure_ctx *c, float u, sa_figure_params *out);

/* How a row plays. */
typedef enum sai_figure_play {
    SAI_FIGURE_LOOP, /* repeats while its motion is asked for */
    SAI_FIGURE_ONCE  /* played once by the jump trigger, then hands back to the motion asked for */
} sai_figure_play;

/* How a row sets the walk (0) -> run (1) mix of the shared gait while its motion is asked for. */
typedef enum sai_figure_gait_rule {
    SAI_FIGURE_GAIT_KEEP, /* leaves it where it is */
    SAI_FIGURE_GAIT_WALK, /* eases it to the walk */
    SAI_FIGURE_GAIT_RUN,  /* eases it to the run */
    SAI_FIGURE_GAIT_SPEED /* eases it to the mix whose ground speed is sa_figure_input::speed */
} sai_figure_gait_rule;

/* Row flags. */
#define SAI_FIGURE_LOCOMOTES   0x1u /* scrolls the ground at the gait's speed */
#define SAI_FIGURE_HOLDS_SPEAR 0x2u /* the hands hold the spear: IK onto its shaft */
#define SAI_FIGURE_THRUSTS     0x4u /* the thrust's layer plays over it (a press starts one here) */
#define SAI_FIGURE_MODE_ROW    0x8u /* shows a mode of the body (chosen by the mode machine) */

/* One row of the motion table; its index is the fade layer id that plays it. */
typedef struct sai_figure_motion_row {
    sa_figure_motion motion; /* what sa_figure_pose::motion says while this row is the target */
    const char *name;
    sai_figure_evaluate_fn evaluate;
    float duration; /* seconds of one play; 0: driven by the gait phase, not a clock */
    sai_figure_play play;
    float hand_back; /* a one-shot hands back to the motion asked for after this many seconds */
    sai_figure_gait_rule gait;
    uint32_t flags; /* SAI_FIGURE_LOCOMOTES | SAI_FIGURE_HOLDS_SPEAR | SAI_FIGURE_THRUSTS |
                       SAI_FIGURE_MODE_ROW */
    sa_mode mode;   /* the body's mode this row shows (SA_MODE_LOCO for the motions) */
} sai_figure_motion_row;

/* The table (motions.c): rows by fade id. */
#define SAI_FIGURE_ROW_COUNT 22
extern const sai_figure_motion_row sai_figure_motions[SAI_FIGURE_ROW_COUNT];
extern const size_t sai_figure_motion_count; /* SAI_FIGURE_ROW_COUNT */

/* Seconds one play of row r lasts for config cfg, and when a one-shot hands back: the jump's
 * rows last sa_figure_config::jump_duration (their table values are the reference's 1.1 s). */
SAI_INLINE float sai_figure_row_duration(const sa_figure_config *cfg,
                                         const sai_figure_motion_row *r);
SAI_INLINE float sai_figure_row_hand_back(const sa_figure_config *cfg,
                                          const sai_figure_motion_row *r);
/* The row with fade id `id`; ids from sai_figure_motion_count on (registered motion definitions,
 * moves.c) read as a plain looping row that keeps the gait; another id outside the table reads
 * as the idle row. */
SAI_INLINE const sai_figure_motion_row *sai_figure_row(int32_t id);
/* The fade id of the looping row that plays public motion m; an unknown m gives idle's. */
SAI_INLINE int32_t sai_figure_row_for(sa_figure_motion m);
/* Their cases outside the table's opening (out of line): sai_figure_row() of an id past the
 * table or negative, sai_figure_row_for() of a motion not at its own index. */
const sai_figure_motion_row *sai_figure_row_past(int32_t id);
int32_t sai_figure_row_scan(sa_figure_motion m);
/* (inline: the pipeline asks several times a frame) */
SAI_INLINE const sai_figure_motion_row *sai_figure_row(int32_t id) {
    if (id >= 0 && id < SAI_FIGURE_ROW_COUNT) return &sai_figure_motions[id];
    return sai_figure_row_past(id);
}
SAI_INLINE int32_t sai_figure_row_for(sa_figure_motion m) {
    const int64_t move = (int64_t)m - SA_FIGURE_MOVE_BASE;
    if (move >= 0 && move < SA_FIGURE_MAX_MOVES) return SAI_FIGURE_ROW_COUNT + (int32_t)move;
    /* The table opens with the built-in motions' loop rows in the enum's order (a motion has one
     * loop row outside the modes): the scan would stop at row m. */
    if (m >= 0 && m < SAI_FIGURE_ROW_COUNT) {
        const sai_figure_motion_row *r = &sai_figure_motions[m];
        if (r->motion == m && r->play == SAI_FIGURE_LOOP && !(r->flags & SAI_FIGURE_MODE_ROW))
            return (int32_t)m;
    }
    return sai_figure_row_scan(m);
}
/* The fade id of the row that shows body mode m (not loco; the get-up from the back); idle's for
 * a mode without one. */
int32_t sai_figure_row_for_mode(sa_mode m);
/* The get-up's row for the side the figure lies on. */
int32_t sai_figure_row_for_getup(sa_mode_getup_side side);
/* The fade id of the one-shot a jump press plays from row `from`: the one carrying what `from`
 * carries (the same SAI_FIGURE_LOCOMOTES and SAI_FIGURE_HOLDS_SPEAR). */
int32_t sai_figure_row_jump_from(int32_t from);

/* ---- what the motion files share -------------------------------------------------------- */

/* Short easings for keyframe tables, and a track sampler that counts its keys. */
#define SAI_SMOOTH SA_EASE_SMOOTH
#define SAI_OUT3   SA_EASE_OUT_CUBIC
#define SAI_IN3    SA_EASE_IN_CUBIC
#define SAI_IN2    SA_EASE_IN_QUAD
#define SAI_TRACK(keys, time)                                                                      \
    sai_track_sample_table((keys), sizeof(keys) / sizeof((keys)[0]), (time))

/* The long spear carried low and level in both hands (reference units): Spear Run's carry, and
 * the spear fields of every motion that does not hold it, so a spear fading in starts there. */
#define SAI_FIGURE_CARRY_GRIP_X 16.0f  /* grip midpoint forward of the shoulder */
#define SAI_FIGURE_CARRY_GRIP_Y 24.0f  /* grip midpoint below the shoulder */
#define SAI_FIGURE_CARRY_ANGLE  -0.12f /* rad, tip a little up */
/* The carried shaft's direction, (cos, sin) of SAI_FIGURE_CARRY_ANGLE as sai_sincosf() gives them
 * bit for bit (printed with %a; a test checks): the solve reads them, not the call. */
#define SAI_FIGURE_CARRY_COS   0x1.fc516ap-1f
#define SAI_FIGURE_CARRY_SIN   -0x1.ea5758p-4f
#define SAI_FIGURE_CARRY_GAP   24.0f /* hands apart along the shaft */
#define SAI_FIGURE_CARRY_SLIDE 0.32f /* grip midpoint along the shaft from the butt */

/* The jump's length, seconds, and when a running jump is back in the stride and hands back to
 * the gait (normalised time). */
#define SAI_FIGURE_JUMP_SECONDS 1.1f
#define SAI_FIGURE_JUMP_LANDS   0.8f
/* How high the reference jump lifts the pelvis (its rootY apex): sa_figure_config::jump_height's
 * default, the unit of sai_figure_ctx::jump_height. */
#define SAI_FIGURE_JUMP_APEX 160.0f

/* The jump's rows: the scripted jump and its one-shots (not the body's modes). */
SAI_INLINE bool sai_figure_row_scripted_jump(const sai_figure_motion_row *r) {
    return r->motion == SA_FIGURE_MOTION_JUMP && !(r->flags & SAI_FIGURE_MODE_ROW);
}
SAI_INLINE float sai_figure_row_duration(const sa_figure_config *cfg,
                                         const sai_figure_motion_row *r) {
    return sai_figure_row_scripted_jump(r) ? cfg->jump_duration : r->duration;
}
SAI_INLINE float sai_figure_row_hand_back(const sa_figure_config *cfg,
                                          const sai_figure_motion_row *r) {
    return sai_figure_row_scripted_jump(r)
               ? r->hand_back * (cfg->jump_duration / SAI_FIGURE_JUMP_SECONDS)
               : r->hand_back;
}

/* The Spear Run thrust's length, seconds: a layer (moves.c), not a row. */
#define SAI_FIGURE_THRUST_SECONDS 0.5f
/* The thrust as a motion definition, additive over the spine and spear (spear_run.c). */
extern const sa_figure_move sai_figure_thrust_move;

/* ---- the motions (one file each) --------------------------------------------------------- */

/* Standing with the knees soft (hip 66 < thigh + shin), breathing once a play (3 s): the pelvis
 * sinks 1.2 units and the arms drift a little. Every other motion starts from this at u = 0, the
 * rest pose, so it sets every field. Here at `breath` (sin 2πu: 0 at rest). Inline: a motion that
 * starts from the rest pose then drops the stores of the fields it sets itself. */
SAI_INLINE void sai_figure_idle_at(const sai_figure_ctx *c, float breath, sa_figure_params *out) {
    const float k = c->scale;
    sa_figure_params p;
    p.root = sai_v2(0.0f, (0.6f + 0.6f * breath) * k);
    p.lean = 0.03f;
    p.head_tilt = 0.02f - 0.02f * breath;
    p.foot[0] = sai_v2(7.0f * k, 0.0f);
    p.foot[1] = sai_v2(-7.0f * k, 0.0f);
    p.arm_angle[0] = 0.08f + 0.03f * breath;
    p.arm_angle[1] = -0.06f + 0.03f * breath;
    p.arm_flex[0] = 0.22f;
    p.arm_flex[1] = 0.18f;
    /* Not held; its fields are the carry's, so a spear fading in starts from there. */
    p.spear = 0.0f;
    p.spear_grip = sai_v2(SAI_FIGURE_CARRY_GRIP_X * k, SAI_FIGURE_CARRY_GRIP_Y * k);
    p.spear_angle = SAI_FIGURE_CARRY_ANGLE;
    p.spear_gap = SAI_FIGURE_CARRY_GAP * k;
    p.spear_slide = SAI_FIGURE_CARRY_SLIDE;
    p.squash = 1.0f;
    p.hair_push = sai_v2(0.0f, 0.0f);
    p.ground_speed = 0.0f;
    p.blade = 0.0f; /* no sword */
    p.blade_angle = 0.0f;
    *out = p;
}
/* The rest pose: sai_figure_idle(c, 0, out) bit for bit (sai_sinf(0) is +0 exactly), without the
 * breath's sine; the inline form for the motions that start from it. */
SAI_INLINE void sai_figure_rest_pose(const sai_figure_ctx *c, sa_figure_params *out) {
    sai_figure_idle_at(c, 0.0f, out);
}

void sai_figure_idle(const sai_figure_ctx *c, float u, sa_figure_params *out);
/* sai_figure_rest_pose(c, out), out of line. */
void sai_figure_rest(const sai_figure_ctx *c, sa_figure_params *out);
void sai_figure_locomotion(const sai_figure_ctx *c, float u, sa_figure_params *out);
/* sai_figure_locomotion(c, 0, out)'s out->foot[i].x alone (i 0 or 1). */
float sai_figure_locomotion_foot_x(const sai_figure_ctx *c, int i);
void sai_figure_throw(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_jump(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_jump_running(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_jump_spear(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_jump_spear_running(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_spear_form(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_spear_run(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_wave(const sai_figure_ctx *c, float u, sa_figure_params *out);
/* The body's modes (air.c, land.c, swim.c, climb.c). */
void sai_figure_rise(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_fall(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_land(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_sit(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_swim(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_climb(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_ragdoll(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_getup_back(const sai_figure_ctx *c, float u, sa_figure_params *out);
void sai_figure_getup_front(const sai_figure_ctx *c, float u, sa_figure_params *out);
/* The get-up clips' length at their own pace, seconds (the reference's 1.5; they play 1.35×). */
#define SAI_FIGURE_GETUP_SECONDS 1.5f
#define SAI_FIGURE_GETUP_SPEED   1.35f

/* The FK angles (sa_figure_params::arm_angle, arm_flex) that put a hand at `rel` from the
 * shoulder by two-bone IK, the elbow bending as a person's (solve.c). */
void sai_figure_arm_reach(const sa_figure_config *cfg, sa_vec2 rel, float *angle, float *flex);
/* The shoulder of parameters p (their root and lean), figure space. */
sa_vec2 sai_figure_shoulder_of(const sa_figure_config *cfg, const sa_figure_params *p);

/* Only the spear carry fields (grip, angle, gap, slide); used by Spear Run and by the jumps
 * that keep the spear. */
void sai_figure_spear_carry(const sai_figure_ctx *c, sa_figure_params *out);

/* The spear form's waypoints: one time axis (normalised [0, 1]) and these channels. */
enum {
    SAI_FORM_ANGLE,  /* spear angle, rad, + tips down */
    SAI_FORM_GRIP_X, /* grip midpoint forward of the shoulder (reference units) */
    SAI_FORM_GRIP_Y, /* grip midpoint below the shoulder (reference units) */
    SAI_FORM_SLIDE,  /* grip midpoint along the shaft from the butt, fraction */
    SAI_FORM_GAP,    /* hands apart along the shaft (reference units) */
    SAI_FORM_LEAN,   /* rad, + forward */
    SAI_FORM_SHIFT,  /* weight shift: pelvis x (reference units, + forward) */
    SAI_FORM_CROUCH, /* pelvis lowered (reference units, + down) */
    SAI_FORM_STANCE, /* feet apart (reference units) */
    SAI_FORM_LIFT,   /* front (far) foot raised (reference units) */
    SAI_FORM_SQUASH, /* sy */
    SAI_FORM_CHANNELS
};
#define SAI_FORM_WAYPOINTS 18

typedef struct sai_form_waypoint {
    float t;                    /* normalised time in [0, 1] */
    float v[SAI_FORM_CHANNELS]; /* the whole body at that time */
    sa_ease ease;               /* shapes the segment that starts here */
} sai_form_waypoint;

extern const sai_form_waypoint sai_figure_form_waypoints[SAI_FORM_WAYPOINTS];
/* The waypoints as a multi-channel track (track.h) over normalised time. */
extern const sa_track_multi sai_figure_form_track;

#endif
