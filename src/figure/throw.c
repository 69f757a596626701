#include "stages.h"

#include "internal/scalar.h"

/* The unarmed throw on keyframe tracks (normalised time): anticipation (0 – 0.38: weight back,
 * the throwing arm windmills forward, over the head and cocks behind it, the other arm aims),
 * action (0.38 – 0.52: the body whips forward, the arm comes over the top and straightens),
 * recovery (0.52 – 1: follow-through and back to the rest pose). Starts and ends at rest, so it
 * loops and fades without a jump. Upper-arm angles stay in [0, 4] and never wrap. */

#define S SA_EASE_SMOOTH
#define O SA_EASE_OUT_CUBIC
#define I SA_EASE_IN_QUAD

static const sa_key root_x[] = {{0, 0, S}, {0.38f, -6, O}, {0.52f, 9, S}, {0.7f, 5, S}, {1, 0, S}};
static const sa_key crouch[] = {
    {0, 0.6f, S}, {0.38f, 6, O}, {0.52f, 4, S}, {0.72f, 2, S}, {1, 0.6f, S}};
static const sa_key lean[] = {
    {0, 0.03f, S}, {0.38f, -0.2f, O}, {0.52f, 0.4f, S}, {0.66f, 0.3f, S}, {1, 0.03f, S}};
static const sa_key arm_up[] = {{0, 0.08f, S},    {0.14f, 1.3f, S}, {0.28f, 3.0f, S},
                                {0.38f, 3.7f, I}, {0.5f, 2.0f, O},  {0.62f, 0.9f, S},
                                {1, 0.08f, S}};
static const sa_key arm_flex[] = {{0, 0.22f, S},   {0.14f, 0.5f, S},  {0.38f, 1.7f, I},
                                  {0.5f, 0.1f, S}, {0.62f, 0.35f, S}, {1, 0.22f, S}};
static const sa_key aim_up[] = {{0, -0.06f, S},    {0.3f, 1.35f, S},  {0.42f, 1.2f, O},
                                {0.55f, -0.5f, S}, {0.75f, -0.3f, S}, {1, -0.06f, S}};
static const sa_key aim_flex[] = {{0, 0.18f, S}, {0.3f, 0.15f, S}, {0.55f, 0.9f, S}, {1, 0.18f, S}};
/* Back (near) foot steps back, front (far) foot steps forward, both return in the recovery. */
static const sa_key back_x[] = {{0, 7, S},       {0.06f, 7, S}, {0.24f, -12, S},
                                {0.74f, -12, S}, {0.94f, 7, S}, {1, 7, S}};
static const sa_key back_lift[] = {{0, 0, S},     {0.06f, 0, S}, {0.15f, 6, S}, {0.24f, 0, S},
                                   {0.74f, 0, S}, {0.84f, 6, S}, {0.94f, 0, S}, {1, 0, S}};
static const sa_key front_x[] = {{0, -7, S},     {0.1f, -7, S},  {0.3f, 18, S},
                                 {0.76f, 18, S}, {0.96f, -7, S}, {1, -7, S}};
static const sa_key front_lift[] = {{0, 0, S},     {0.1f, 0, S},  {0.2f, 9, S},  {0.3f, 0, S},
                                    {0.76f, 0, S}, {0.86f, 7, S}, {0.96f, 0, S}, {1, 0, S}};
static const sa_key squash[] = {
    {0, 1, S}, {0.38f, 0.95f, O}, {0.48f, 1.05f, S}, {0.6f, 1, S}, {1, 1, S}};

#define N(a)        (sizeof(a) / sizeof((a)[0]))
#define TRACK(a, p) sa_track_sample((a), N(a), (p))

void sai_figure_throw(const sai_figure_ctx *c, float t, sa_figure_params *out) {
    sai_figure_idle(c, 0.0f, out);
    const float k = c->scale;
    const float p = t / SAI_FIGURE_THROW_SECONDS - floorf(t / SAI_FIGURE_THROW_SECONDS);
    out->root = sai_v2(TRACK(root_x, p) * k, TRACK(crouch, p) * k);
    out->lean = TRACK(lean, p);
    out->head_tilt = 0.5f * out->lean > 0.0f ? 0.0f : -0.5f * out->lean;
    out->arm_angle[0] = TRACK(arm_up, p);
    out->arm_flex[0] = TRACK(arm_flex, p);
    out->arm_angle[1] = TRACK(aim_up, p);
    out->arm_flex[1] = TRACK(aim_flex, p);
    out->foot[0] = sai_v2(TRACK(back_x, p) * k, -TRACK(back_lift, p) * k);
    out->foot[1] = sai_v2(TRACK(front_x, p) * k, -TRACK(front_lift, p) * k);
    out->squash = TRACK(squash, p);
}
