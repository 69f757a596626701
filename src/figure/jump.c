#include "stages.h"

#include "internal/scalar.h"

/* The seed's jump on keyframe tracks (normalised time): crouch (+10 at 0.2), push off, apex
 * (−160 at 0.5), fall, landing dip (+4 at 0.82), settle. The rootY track eases out cubic on the
 * way up and in cubic on the way down (the seed's switch at 0.5: every segment starting before
 * 0.5 eases out, every one from 0.5 eases in), a cheap imitation of gravity's parabola. Squash
 * 0.84 in the crouch, 1.14 at take-off, 0.82 on landing. Starts and ends at rest, so it loops. */

#define S SA_EASE_SMOOTH
#define O SA_EASE_OUT_CUBIC
#define I SA_EASE_IN_CUBIC

static const sa_key root_y[] = {{0, 0, O},       {0.2f, 10, O}, {0.32f, -6, O}, {0.5f, -160, I},
                                {0.68f, -70, I}, {0.82f, 4, I}, {0.9f, -2, I},  {1, 0, I}};
static const sa_key squash[] = {{0, 1, S},     {0.2f, 0.84f, O},  {0.32f, 1.14f, S}, {0.45f, 1, S},
                                {0.74f, 1, S}, {0.82f, 0.82f, S}, {0.91f, 1.03f, S}, {1, 1, S}};
/* How far below the hip the feet hang: the full standing leg on the ground, tucked in the air.
 * The foot target is min(ground, hip + this), so the feet leave the ground only when the hip
 * rises higher than the leg. */
static const sa_key leg[] = {{0, 66, S},    {0.32f, 72, S}, {0.42f, 54, S},
                             {0.6f, 54, S}, {0.76f, 70, S}, {1, 66, S}};
static const sa_key tuck_x[] = {{0, 0, S},     {0.32f, 0, S}, {0.45f, 8, S},
                                {0.66f, 6, S}, {0.8f, 0, S},  {1, 0, S}};
static const sa_key lean[] = {{0, 0.03f, S},    {0.2f, 0.28f, S}, {0.34f, -0.04f, S},
                              {0.6f, 0.06f, S}, {0.82f, 0.3f, S}, {1, 0.03f, S}};
static const sa_key arm_up[] = {{0, 0.08f, S},   {0.2f, -0.9f, S}, {0.36f, 2.7f, S},
                                {0.6f, 2.3f, S}, {0.82f, 1.0f, S}, {1, 0.08f, S}};
static const sa_key arm_flex[] = {
    {0, 0.2f, S}, {0.2f, 0.3f, S}, {0.36f, 0.5f, S}, {0.82f, 0.6f, S}, {1, 0.2f, S}};
/* The hair's kick, in units of the config's hair_jump_kick: the seed's extra backward wind while
 * the figure is in the air. */
static const sa_key kick_x[] = {{0, 0, S},      {0.28f, 0, S}, {0.36f, -1, S},
                                {0.74f, -1, S}, {0.84f, 0, S}, {1, 0, S}};

#define N(a)        (sizeof(a) / sizeof((a)[0]))
#define TRACK(a, p) sa_track_sample((a), N(a), (p))

void sai_figure_jump(const sai_figure_ctx *c, float t, sa_figure_params *out) {
    sai_figure_idle(c, 0.0f, out);
    const float k = c->scale;
    const float p = t / SAI_FIGURE_JUMP_SECONDS - floorf(t / SAI_FIGURE_JUMP_SECONDS);
    const float ry = TRACK(root_y, p) * k;
    out->root = sai_v2(0.0f, 0.6f * k + ry);
    const float hip_y = -c->hip_height + out->root.y;
    const float hang = TRACK(leg, p) * k;
    const float foot_y = fminf(0.0f, hip_y + hang);
    const float tx = TRACK(tuck_x, p) * k;
    out->foot[0] = sai_v2(7.0f * k + tx, foot_y);
    out->foot[1] = sai_v2(-7.0f * k + 0.5f * tx, foot_y);
    out->lean = TRACK(lean, p);
    out->head_tilt = 0.0f;
    out->arm_angle[0] = TRACK(arm_up, p);
    out->arm_angle[1] = TRACK(arm_up, p) - 0.15f;
    out->arm_flex[0] = TRACK(arm_flex, p);
    out->arm_flex[1] = TRACK(arm_flex, p);
    out->squash = TRACK(squash, p);
    out->hair_push = sai_v2(TRACK(kick_x, p), 0.0f);
}

static const sa_key airborne[] = {{0, 0, S},     {0.28f, 0, S}, {0.36f, 1, S},
                                  {0.74f, 1, S}, {0.82f, 0, S}, {1, 0, S}};

float sai_figure_jump_airborne(float t) {
    const float p = t / SAI_FIGURE_JUMP_SECONDS - floorf(t / SAI_FIGURE_JUMP_SECONDS);
    return TRACK(airborne, p);
}
