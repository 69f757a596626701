/* The walk/run mix the figure reads every frame, without sa_gait_mix()'s repairs of gaits that are
 * known sane. Not installed. */
#ifndef STICKANIM_INTERNAL_GAIT_MIX_H
#define STICKANIM_INTERNAL_GAIT_MIX_H

#include <stickanim/gait.h>

/* sa_gait_mix(walk, run, t) of sa_gait_walk() and sa_gait_run(), bit for bit; the gaits
 * themselves at t <= 0 and t >= 1 (a settled walk or run: the common case). */
sa_gait sai_gait_walk_run(float t);
/* sai_gait_walk_run(t).cadence, without mixing the other fields. */
float sai_gait_walk_run_cadence(float t);

/* g repaired by gait.h's bad-input rules (g itself when it is sane, as every gait the library
 * makes is). */
sa_gait sai_gait_sane(const sa_gait *g);
/* sa_gait_sample(), sa_gait_hip_offset() and sa_gait_ground_speed() of a gait known sane
 * (sai_gait_sane's result, or one the library made), bit for bit, without its repair. */
sa_gait_foot sai_gait_sample_sane(const sa_gait *g, float phase);
float sai_gait_hip_offset_sane(const sa_gait *g, float phase);
float sai_gait_ground_speed_sane(const sa_gait *g);
/* sa_gait_mix_for_speed(a, b, speed) of two gaits known sane, bit for bit, without their repair. */
float sai_gait_mix_for_speed_sane(const sa_gait *a, const sa_gait *b, float speed);

#endif
