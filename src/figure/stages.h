/* The stick figure's motions: each turns its own time (and the shared gait) into pose parameters.
 * One file per motion; figure.c fades, blends, solves and adds the secondary motion. Not installed.
 */
#ifndef STICKANIM_FIGURE_STAGES_H
#define STICKANIM_FIGURE_STAGES_H

#include <stickanim/figure.h>
#include <stickanim/gait.h>
#include <stickanim/track.h>

/* What every motion may read. Distances a stage produces are multiplied by scale. */
typedef struct sai_figure_ctx {
    float scale;       /* hip_height / 66 */
    float hip_height;  /* config hip height (figure units) */
    float gait_mix;    /* walk (0) -> run (1) */
    sa_gait gait;      /* sa_gait_mix(walk, run, gait_mix), seed units */
    float phase;       /* near foot's gait phase, [0, 1) */
    float thrust_time; /* seconds into the spear-run thrust, < 0 when none */
    float spine;       /* config spine length */
    float leg_reach;   /* thigh + shin - reach guard - a little: feet within it stay planted */
} sai_figure_ctx;

/* Durations of the one-off motions, seconds. */
#define SAI_FIGURE_THROW_SECONDS  1.4f
#define SAI_FIGURE_JUMP_SECONDS   1.1f
#define SAI_FIGURE_JUMP_LANDS     0.8f /* normalised time the jump's feet are down again */
#define SAI_FIGURE_FORM_SECONDS   14.0f
#define SAI_FIGURE_THRUST_SECONDS 0.5f

/* Fills every field; t is seconds since the motion started (looping motions wrap it). */
void sai_figure_idle(const sai_figure_ctx *c, float t, sa_figure_params *out);
void sai_figure_locomotion(const sai_figure_ctx *c, sa_figure_params *out);
void sai_figure_throw(const sai_figure_ctx *c, float t, sa_figure_params *out);
void sai_figure_jump(const sai_figure_ctx *c, float t, sa_figure_params *out);
/* How airborne the jump is at t seconds: 0 with the feet on the ground (crouch, landing), 1 in
 * the air, smooth in between. */
float sai_figure_jump_airborne(float t);
void sai_figure_spear_form(const sai_figure_ctx *c, float t, sa_figure_params *out);
/* Running with the spear: locomotion's legs, the carry, and the thrust at c->thrust_time. */
void sai_figure_spear_run(const sai_figure_ctx *c, sa_figure_params *out);
/* Only the spear carry + thrust fields (arms, spear, lean offset); used by spear-run and by a jump
 * that keeps the spear. */
void sai_figure_spear_carry(const sai_figure_ctx *c, sa_figure_params *out);

/* The spear form's waypoints: one time axis (normalised [0, 1]) and these channels. */
enum {
    SAI_FORM_ANGLE,  /* spear angle, rad, + tips down */
    SAI_FORM_GRIP_X, /* grip midpoint forward of the shoulder (seed units) */
    SAI_FORM_GRIP_Y, /* grip midpoint below the shoulder (seed units) */
    SAI_FORM_SLIDE,  /* grip midpoint along the shaft from the butt, fraction */
    SAI_FORM_GAP,    /* hands apart along the shaft (seed units) */
    SAI_FORM_LEAN,   /* rad, + forward */
    SAI_FORM_SHIFT,  /* weight shift: pelvis x (seed units, + forward) */
    SAI_FORM_CROUCH, /* pelvis lowered (seed units, + down) */
    SAI_FORM_STANCE, /* feet apart (seed units) */
    SAI_FORM_LIFT,   /* front (far) foot raised (seed units) */
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
