/* The scalar step of a chain of SA_VERLET_HAIR_POINTS points whose config its caller validated (a
 * figure's hair: sa_figure_config_validate() keeps the spacing in [1e-3, 1e6] and the drag in
 * [0, 1]), without checking it again at every step. Not installed. */
#ifndef STICKANIM_INTERNAL_VERLET_HAIR_H
#define STICKANIM_INTERNAL_VERLET_HAIR_H

#include <stickanim/verlet.h>

/* sa_verlet_chain_step(points, SA_VERLET_HAIR_POINTS, pin, &config, dt) with config the default
 * but for spacing (in [0, SA_VERLET_MAX_SPACING]), drag (in [0, 1]) and accel; points not NULL. */
void sai_verlet_hair_step(sa_verlet_point *points, sa_vec2 pin, float spacing, float drag,
                          sa_vec2 accel, float dt);

#endif
