/* The walk/run mix the figure reads every frame, without sa_gait_mix()'s repairs of gaits that are
 * known sane. Not installed. */
#ifndef STICKANIM_INTERNAL_GAIT_MIX_H
#define STICKANIM_INTERNAL_GAIT_MIX_H

#include <stickanim/gait.h>

/* sa_gait_mix(walk, run, t) of sa_gait_walk() and sa_gait_run(), bit for bit; the gaits
 * themselves at t <= 0 and t >= 1 (a settled walk or run: the common case). */
sa_gait sai_gait_walk_run(float t);

#endif
