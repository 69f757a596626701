#include "motions.h"

#include "internal/scalar.h"

/* Spear Run: the run's legs, the long spear carried low and level in both hands, and the
 * two-handed forward thrust, a layer (moves.c) over it: draw back (0 – 0.22), thrust out, easing
 * out cubic (0.22 – 0.42), hold (to 0.62), return (to 1), all added to the carry, so it starts
 * and ends there. */

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

/* The thrust as a motion definition: a layer over Spear Run's spine and spear, added to the
 * carry, with its hit window as its two events. */
static const sa_figure_move_track thrust_tracks[] = {
    {SA_FIGURE_PARAM_SPEAR_GRIP_X, thrust_x, sizeof thrust_x / sizeof thrust_x[0]},
    {SA_FIGURE_PARAM_SPEAR_GRIP_Y, thrust_y, sizeof thrust_y / sizeof thrust_y[0]},
    {SA_FIGURE_PARAM_SPEAR_ANGLE, thrust_angle, sizeof thrust_angle / sizeof thrust_angle[0]},
    {SA_FIGURE_PARAM_SPEAR_GAP, thrust_gap, sizeof thrust_gap / sizeof thrust_gap[0]},
    {SA_FIGURE_PARAM_LEAN, thrust_lean, sizeof thrust_lean / sizeof thrust_lean[0]},
};
/* The hit window: from when the spear starts out to the end of its hold. */
static const sa_figure_move_event thrust_events[] = {{"hit start", 0.22f}, {"hit end", 0.62f}};

const sa_figure_move sai_figure_thrust_move = {
    "thrust",
    thrust_tracks,
    sizeof thrust_tracks / sizeof thrust_tracks[0],
    thrust_events,
    sizeof thrust_events / sizeof thrust_events[0],
    SAI_FIGURE_THRUST_SECONDS,
    false,
    true,
    SA_FIGURE_PART_SPINE | SA_FIGURE_PART_PROP,
    0.0f,
    0.0f,
    0.0f,
};

void sai_figure_spear_carry(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    out->spear_grip = sai_v2(SAI_FIGURE_CARRY_GRIP_X * k, SAI_FIGURE_CARRY_GRIP_Y * k);
    out->spear_angle = SAI_FIGURE_CARRY_ANGLE;
    out->spear_gap = SAI_FIGURE_CARRY_GAP * k;
    out->spear_slide = SAI_FIGURE_CARRY_SLIDE;
}

/* Running with the spear (no clock of its own: u is unused; the thrust is a layer over it). */
void sai_figure_spear_run(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_locomotion(c, u, out);
    out->lean += 0.04f;
    sai_figure_spear_carry(c, out);
}
