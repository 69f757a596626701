#include "stages.h"

#include "internal/scalar.h"

/* Spear Run: the run's legs, the long spear carried low and level in both hands, and the
 * two-handed forward thrust: draw back (0 – 0.22), thrust out, easing out cubic (0.22 – 0.42),
 * hold (to 0.62), return (to 1), all relative to the carry, so it starts and ends there. */

#define S SA_EASE_SMOOTH
#define O SA_EASE_OUT_CUBIC

static const sa_key thrust_x[] = {
    {0, 0, S}, {0.22f, -8, O}, {0.42f, 20, S}, {0.62f, 20, S}, {1, 0, S}};
static const sa_key thrust_y[] = {
    {0, 0, S}, {0.22f, -2, O}, {0.42f, -10, S}, {0.62f, -10, S}, {1, 0, S}};
static const sa_key thrust_angle[] = {
    {0, 0, S}, {0.22f, -0.06f, O}, {0.42f, 0.1f, S}, {0.62f, 0.1f, S}, {1, 0, S}};
static const sa_key thrust_gap[] = {
    {0, 0, S}, {0.22f, 0, O}, {0.42f, -6, S}, {0.62f, -6, S}, {1, 0, S}};
static const sa_key thrust_lean[] = {
    {0, 0, S}, {0.22f, -0.06f, O}, {0.42f, 0.14f, S}, {0.62f, 0.12f, S}, {1, 0, S}};

#define N(a)        (sizeof(a) / sizeof((a)[0]))
#define TRACK(a, p) sa_track_sample((a), N(a), (p))

void sai_figure_spear_carry(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    const float p = c->thrust_time >= 0.0f ? c->thrust_time / SAI_FIGURE_THRUST_SECONDS : 1.0f;
    out->spear = 1.0f;
    out->spear_grip = sai_v2((16.0f + TRACK(thrust_x, p)) * k, (24.0f + TRACK(thrust_y, p)) * k);
    out->spear_angle = -0.12f + TRACK(thrust_angle, p);
    out->spear_gap = (24.0f + TRACK(thrust_gap, p)) * k;
    out->spear_slide = 0.32f;
    out->lean += TRACK(thrust_lean, p);
}

void sai_figure_spear_run(const sai_figure_ctx *c, sa_figure_params *out) {
    sai_figure_locomotion(c, out);
    out->lean += 0.04f;
    sai_figure_spear_carry(c, out);
}
