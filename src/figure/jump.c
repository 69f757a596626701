#include "motions.h"

#include "internal/scalar.h"

/* The reference's jump on keyframe tracks (normalised time): crouch (+10 at 0.2), push off, apex
 * (−160 at 0.5), fall, landing dip (+4 at 0.82), settle. The rootY track eases out cubic on the
 * way up and in cubic on the way down (the reference's switch at 0.5: every segment starting
 * before 0.5 eases out, every one from 0.5 eases in), a cheap imitation of gravity's parabola.
 * Squash 0.84 in the crouch, 1.14 at take-off, 0.82 on landing. Starts and ends at rest, so it
 * loops. Its variants for the jump trigger (running, with the spear) are below. */

static const sa_track_key root_y[] = {
    {0, 0, SAI_OUT3},      {0.2f, 10, SAI_OUT3}, {0.32f, -6, SAI_OUT3}, {0.5f, -160, SAI_IN3},
    {0.68f, -70, SAI_IN3}, {0.82f, 4, SAI_IN3},  {0.9f, -2, SAI_IN3},   {1, 0, SAI_IN3}};
static const sa_track_key squash[] = {{0, 1, SAI_SMOOTH},         {0.2f, 0.84f, SAI_OUT3},
                                      {0.32f, 1.14f, SAI_SMOOTH}, {0.45f, 1, SAI_SMOOTH},
                                      {0.74f, 1, SAI_SMOOTH},     {0.82f, 0.82f, SAI_SMOOTH},
                                      {0.91f, 1.03f, SAI_SMOOTH}, {1, 1, SAI_SMOOTH}};
/* How far below the hip the feet hang: the full standing leg on the ground, tucked in the air.
 * The foot target is min(ground, hip + this), so the feet leave the ground only when the hip
 * rises higher than the leg. */
static const sa_track_key leg[] = {{0, 66, SAI_SMOOTH},     {0.32f, 72, SAI_SMOOTH},
                                   {0.42f, 54, SAI_SMOOTH}, {0.6f, 54, SAI_SMOOTH},
                                   {0.76f, 70, SAI_SMOOTH}, {1, 66, SAI_SMOOTH}};
static const sa_track_key tuck_x[] = {{0, 0, SAI_SMOOTH},     {0.32f, 0, SAI_SMOOTH},
                                      {0.45f, 8, SAI_SMOOTH}, {0.66f, 6, SAI_SMOOTH},
                                      {0.8f, 0, SAI_SMOOTH},  {1, 0, SAI_SMOOTH}};
static const sa_track_key lean[] = {{0, 0.03f, SAI_SMOOTH},      {0.2f, 0.28f, SAI_SMOOTH},
                                    {0.34f, -0.04f, SAI_SMOOTH}, {0.6f, 0.06f, SAI_SMOOTH},
                                    {0.82f, 0.3f, SAI_SMOOTH},   {1, 0.03f, SAI_SMOOTH}};
static const sa_track_key arm_up[] = {{0, 0.08f, SAI_SMOOTH},    {0.2f, -0.9f, SAI_SMOOTH},
                                      {0.36f, 2.7f, SAI_SMOOTH}, {0.6f, 2.3f, SAI_SMOOTH},
                                      {0.82f, 1.0f, SAI_SMOOTH}, {1, 0.08f, SAI_SMOOTH}};
static const sa_track_key arm_flex[] = {{0, 0.2f, SAI_SMOOTH},
                                        {0.2f, 0.3f, SAI_SMOOTH},
                                        {0.36f, 0.5f, SAI_SMOOTH},
                                        {0.82f, 0.6f, SAI_SMOOTH},
                                        {1, 0.2f, SAI_SMOOTH}};
/* The hair's kick, in units of the config's hair_jump_kick: the reference's extra backward wind
 * while the figure is in the air. */
static const sa_track_key kick_x[] = {{0, 0, SAI_SMOOTH},      {0.28f, 0, SAI_SMOOTH},
                                      {0.36f, -1, SAI_SMOOTH}, {0.74f, -1, SAI_SMOOTH},
                                      {0.84f, 0, SAI_SMOOTH},  {1, 0, SAI_SMOOTH}};
/* How airborne the jump is: 0 with the feet on the ground (crouch, landing), 1 in the air. */
static const sa_track_key airborne[] = {{0, 0, SAI_SMOOTH},     {0.28f, 0, SAI_SMOOTH},
                                        {0.36f, 1, SAI_SMOOTH}, {0.74f, 1, SAI_SMOOTH},
                                        {0.82f, 0, SAI_SMOOTH}, {1, 0, SAI_SMOOTH}};

void sai_figure_jump(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_idle(c, 0.0f, out);
    const float k = c->scale;
    const float ry = SAI_TRACK(root_y, u) * k;
    out->root = sai_v2(0.0f, 0.6f * k + ry);
    const float hip_y = -c->hip_height + out->root.y;
    const float hang = SAI_TRACK(leg, u) * k;
    const float foot_y = fminf(0.0f, hip_y + hang);
    const float tx = SAI_TRACK(tuck_x, u) * k;
    out->foot[0] = sai_v2(7.0f * k + tx, foot_y);
    out->foot[1] = sai_v2(-7.0f * k + 0.5f * tx, foot_y);
    out->lean = SAI_TRACK(lean, u);
    out->head_tilt = 0.0f;
    out->arm_angle[0] = SAI_TRACK(arm_up, u);
    out->arm_angle[1] = SAI_TRACK(arm_up, u) - 0.15f;
    out->arm_flex[0] = SAI_TRACK(arm_flex, u);
    out->arm_flex[1] = SAI_TRACK(arm_flex, u);
    out->squash = SAI_TRACK(squash, u);
    out->hair_push = sai_v2(SAI_TRACK(kick_x, u), 0.0f);
}

/* A running jump: on the ground the feet stay on the gait's planted path, in the air they tuck;
 * the ground keeps scrolling at the gait's speed throughout. */
void sai_figure_jump_running(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_jump(c, u, out);
    sa_figure_params loco;
    sai_figure_locomotion(c, 0.0f, &loco);
    const float air = SAI_TRACK(airborne, u);
    for (int i = 0; i < 2; ++i)
        out->foot[i] = sai_v2_lerp(loco.foot[i], out->foot[i], air);
    out->ground_speed = loco.ground_speed;
}

/* The jumps that keep the spear in hand: carried level, no thrust. */
static void keep_spear(const sai_figure_ctx *c, sa_figure_params *out) {
    sai_figure_ctx no_thrust = *c;
    no_thrust.thrust_time = -1.0f;
    sai_figure_spear_carry(&no_thrust, out);
}

void sai_figure_jump_spear(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_jump(c, u, out);
    keep_spear(c, out);
}

void sai_figure_jump_spear_running(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_jump_running(c, u, out);
    keep_spear(c, out);
}
