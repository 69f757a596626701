/* A figure's hair, scalar: the wind inline, and the step of its chain of SA_VERLET_HAIR_POINTS
 * points with a config its caller validated (sa_figure_config_validate() keeps the spacing in
 * [1e-3, 1e6] and the drag in [0, 1]), not checked again at every step. Not installed. */
#ifndef STICKANIM_INTERNAL_VERLET_HAIR_H
#define STICKANIM_INTERNAL_VERLET_HAIR_H

#include <stickanim/verlet.h>

#include "scalar.h"

/* sa_verlet_hair_accel(speed, extra_wind), inline (a figure asks at every sub-step). */
SAI_INLINE sa_vec2 sai_verlet_hair_accel(float speed, float extra_wind) {
    const double wind = (double)SA_VERLET_WIND_PER_SPEED * (double)sai_finite_or(speed, 0.0f) +
                        (double)sai_finite_or(extra_wind, 0.0f);
    return sai_v2(sai_narrow(-wind), SA_VERLET_GRAVITY);
}

/* sa_verlet_chain_step(points, SA_VERLET_HAIR_POINTS, pin, &config, dt) with config the default
 * but for spacing (in [0, SA_VERLET_MAX_SPACING]), drag (in [0, 1]) and accel; points not NULL. */
void sai_verlet_hair_step(sa_verlet_point *points, sa_vec2 pin, float spacing, float drag,
                          sa_vec2 accel, float dt);
/* sa_verlet_chain_collide_circle(points, SA_VERLET_HAIR_POINTS, centre, radius); points not
 * NULL. */
void sai_verlet_hair_collide(sa_verlet_point *points, sa_vec2 centre, float radius);

#endif
