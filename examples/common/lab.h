/* The motion lab, as the examples draw it: a stick figure cycling through every motion on a
 * fixed script, reduced to the points a renderer needs (ex_pose). This file and lab.c are the only
 * ones that know the figure's API; scene.h, canvas.h and svg.h know only ex_pose. */
#ifndef STICKANIM_EXAMPLES_LAB_H
#define STICKANIM_EXAMPLES_LAB_H

#include <stdbool.h>
#include <stddef.h>

#include <stickanim/figure.h>
#include <stickanim/vecmath.h>

enum { EX_FAR = 0, EX_NEAR = 1, EX_MAX_HAIR = 8 };

/* One frame of the figure in scene units (canvas units, y down; the ground is the line y = 0 and
 * the figure stands near x = 0). Limb arrays are indexed EX_FAR / EX_NEAR. */
typedef struct ex_pose {
    sa_vec2 pelvis, chest, neck, head;
    float head_radius;
    sa_vec2 shoulder, hip;
    sa_vec2 knee[2], foot[2], elbow[2], hand[2];
    float spear; /* how visible the spear is, 0..1 (it fades in and out with the motions) */
    sa_vec2 spear_butt, spear_tip;
    float blade; /* how visible a sword in the near hand is, 0..1 (a motion definition's) */
    sa_vec2 blade_tip;
    int hair_count;
    sa_vec2 hair[EX_MAX_HAIR];
    float ground_speed; /* units/s the ground scrolls backward (0 when not locomoting) */
    float ground_scroll; /* total scroll so far, units: ground dots sit at x = k·spacing − scroll */
    const char *motion; /* name of the motion showing, e.g. "walk" */
} ex_pose;

/* The figure's pose as the shared scene draws it; scroll is the ground's distance so far and name
 * the label shown for the motion. */
void ex_pose_from_figure(const sa_figure_pose *fp, float scroll, const char *name, ex_pose *out);

/* A moment of the script worth a still picture: the Spear Run's two-handed thrust at full reach. */
#define EX_LAB_HIGHLIGHT 29.9f

/* The lab's state: the figure plus the script clock. Plain data, caller-owned. */
typedef struct ex_lab ex_lab;

/* Bytes an ex_lab needs, so callers can hold one without knowing its layout. */
size_t ex_lab_size(void);

/* Starts the script at time 0 in `lab` (ex_lab_size() bytes, suitably aligned: malloc'ed). */
void ex_lab_init(ex_lab *lab);

/* Seconds the whole script lasts; ex_lab_step wraps around after it. */
float ex_lab_duration(void);

/* Advances by dt seconds and writes the pose showing then. */
void ex_lab_step(ex_lab *lab, float dt, ex_pose *out);

/* A figure walking (gait 0) or running (gait 1) at a steady gait: after warming up, writes
 * `count` poses spread evenly over exactly one gait cycle. Returns the cycle's length in seconds.
 */
float ex_gait_cycle(float gait, ex_pose *out, int count);

/* The figure's motions by number (sa_figure_motion: 0 idle … ex_motion_count() − 1), so callers
 * need not know the figure's API. ex_motion_name gives sa_figure_motion_name()'s name ("spear
 * run"); ex_motion_find reads a name (spaces may be written as underscores) or a number and
 * returns the motion's number, or −1 when it is not one. */
int ex_motion_count(void);
const char *ex_motion_name(int motion);
int ex_motion_find(const char *name);

/* One play of one motion: a figure set up, asked for `motion` and warmed up for the whole plays
 * that last at least a second (the fade has settled and the next play starts), then `count` poses
 * spread evenly over one play, the first at its start. The gait-driven motions (walk, run,
 * locomote at the lab's 240 units/s, spear run) play one gait cycle, the first pose where the
 * near foot's phase wraps. Returns the play's length in seconds (0 for an unknown motion, which
 * writes nothing). */
float ex_motion_sheet_poses(int motion, ex_pose *out, int count);

/* One play of a motion definition (move.h's ex_move, or any sa_figure_move) as `count` poses:
 * played as a layer over the built-in motion `over` (settled for 1.5 s first), or as the motion
 * itself when `over` is negative. Returns the seconds covered (0 when the definition does not
 * validate). */
float ex_move_sheet_poses(const sa_figure_move *move, int over, ex_pose *out, int count);

/* A game's physics body driving the figure (sa_figure_body) through a scripted scenario: "jump"
 * (a standing physics jump), "ledge" (walking off a ledge: fall, soft landing), "hard" (a higher
 * ledge: the sit), "swim" (treading, then paddling), "climb" (up a ladder, a stop, down), "turn"
 * (around on the spot, walking left, around mid-walk), "knock" and "knock front" (knocked down
 * backward or forward, then up), "run" (speeding up from standing). `count`
 * poses spread evenly over it, drawn at the body's feet point, labelled with the mode. Returns its
 * length in seconds; 0 for an unknown scenario. */
float ex_body_sheet_poses(const char *scenario, ex_pose *out, int count);

#endif
