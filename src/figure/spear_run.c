#include "motions.h"

#include "internal/scalar.h"

/* Spear Run: the run's legs, the long spear carried low and level in both hands, and the
 * two-handed forward thrust: draw back (0 – 0.22), thrust out, easing out cubic (0.22 – 0.42),
 * hold (to 0.62), return (to 1), all relative to the carry, so it starts and ends there. */

static const sa_track_key thrust_x[] = {{0, 0, SAI_SMOOTH},
                                        {0.22f, -8, SAI_OUT3},
                                        {0.42f, 20, SAI_SMOOTH},
                                        {0.62f, 20, SAI_SMOOTH},
                                        {1, 0, SAI_SMOOTH}};
static const sa_track_key thrust_y[] = {{0, 0, SAI_SMOOTH},
                                        {0.22f, -2, SAI_OUT3},
                                        {0.42f, -10, SAI_SMOOTH},
                                        {0.62f, -10, SAI_SMOOTH},
                                        {1, 0, SAI_SMOOTH}};
static const sa_track_key thrust_angle[] = {{0, 0, SAI_SMOOTH},
                                            {0.22f, -0.06f, SAI_OUT3},
                                            {0.42f, 0.1f, SAI_SMOOTH},
                                            {0.62f, 0.1f, SAI_SMOOTH},
                                            {1, 0, SAI_SMOOTH}};
static const sa_track_key thrust_gap[] = {{0, 0, SAI_SMOOTH},
                                          {0.22f, 0, SAI_OUT3},
                                          {0.42f, -6, SAI_SMOOTH},
                                          {0.62f, -6, SAI_SMOOTH},
                                          {1, 0, SAI_SMOOTH}};
static const sa_track_key thrust_lean[] = {{0, 0, SAI_SMOOTH},
                                           {0.22f, -0.06f, SAI_OUT3},
                                           {0.42f, 0.14f, SAI_SMOOTH},
                                           {0.62f, 0.12f, SAI_SMOOTH},
                                           {1, 0, SAI_SMOOTH}};

void sai_figure_spear_carry(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    const float p = c->thrust_time >= 0.0f ? c->thrust_time / SAI_FIGURE_THRUST_SECONDS : 1.0f;
    out->spear_grip = sai_v2((SAI_FIGURE_CARRY_GRIP_X + SAI_TRACK(thrust_x, p)) * k,
                             (SAI_FIGURE_CARRY_GRIP_Y + SAI_TRACK(thrust_y, p)) * k);
    out->spear_angle = SAI_FIGURE_CARRY_ANGLE + SAI_TRACK(thrust_angle, p);
    out->spear_gap = (SAI_FIGURE_CARRY_GAP + SAI_TRACK(thrust_gap, p)) * k;
    out->spear_slide = SAI_FIGURE_CARRY_SLIDE;
    out->lean += SAI_TRACK(thrust_lean, p);
}

/* Running with the spear (no clock of its own: u is unused; the thrust has its own). */
void sai_figure_spear_run(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_locomotion(c, u, out);
    out->lean += 0.04f;
    sai_figure_spear_carry(c, out);
}
