#include "motions.h"

#include "internal/scalar.h"

/* The unarmed throw on keyframe tracks (normalised time): anticipation (0 – 0.38: weight back,
 * the throwing arm windmills forward, over the head and cocks behind it, the other arm aims),
 * action (0.38 – 0.52: the body whips forward, the arm comes over the top and straightens),
 * recovery (0.52 – 1: follow-through and back to the rest pose). Starts and ends at rest, so it
 * loops and fades without a jump. Upper-arm angles stay in [0, 4] and never wrap. */

static const sa_track_key root_x[] = {{0, 0, SAI_SMOOTH},
                                      {0.38f, -6, SAI_OUT3},
                                      {0.52f, 9, SAI_SMOOTH},
                                      {0.7f, 5, SAI_SMOOTH},
                                      {1, 0, SAI_SMOOTH}};
static const sa_track_key crouch[] = {{0, 0.6f, SAI_SMOOTH},
                                      {0.38f, 6, SAI_OUT3},
                                      {0.52f, 4, SAI_SMOOTH},
                                      {0.72f, 2, SAI_SMOOTH},
                                      {1, 0.6f, SAI_SMOOTH}};
static const sa_track_key lean[] = {{0, 0.03f, SAI_SMOOTH},
                                    {0.38f, -0.2f, SAI_OUT3},
                                    {0.52f, 0.4f, SAI_SMOOTH},
                                    {0.66f, 0.3f, SAI_SMOOTH},
                                    {1, 0.03f, SAI_SMOOTH}};
static const sa_track_key arm_up[] = {{0, 0.08f, SAI_SMOOTH},    {0.14f, 1.3f, SAI_SMOOTH},
                                      {0.28f, 3.0f, SAI_SMOOTH}, {0.38f, 3.7f, SAI_IN2},
                                      {0.5f, 2.0f, SAI_OUT3},    {0.62f, 0.9f, SAI_SMOOTH},
                                      {1, 0.08f, SAI_SMOOTH}};
static const sa_track_key arm_flex[] = {{0, 0.22f, SAI_SMOOTH},     {0.14f, 0.5f, SAI_SMOOTH},
                                        {0.38f, 1.7f, SAI_IN2},     {0.5f, 0.1f, SAI_SMOOTH},
                                        {0.62f, 0.35f, SAI_SMOOTH}, {1, 0.22f, SAI_SMOOTH}};
static const sa_track_key aim_up[] = {{0, -0.06f, SAI_SMOOTH},    {0.3f, 1.35f, SAI_SMOOTH},
                                      {0.42f, 1.2f, SAI_OUT3},    {0.55f, -0.5f, SAI_SMOOTH},
                                      {0.75f, -0.3f, SAI_SMOOTH}, {1, -0.06f, SAI_SMOOTH}};
static const sa_track_key aim_flex[] = {{0, 0.18f, SAI_SMOOTH},
                                        {0.3f, 0.15f, SAI_SMOOTH},
                                        {0.55f, 0.9f, SAI_SMOOTH},
                                        {1, 0.18f, SAI_SMOOTH}};
/* Back (near) foot steps back, front (far) foot steps forward, both return in the recovery. */
static const sa_track_key back_x[] = {{0, 7, SAI_SMOOTH},       {0.06f, 7, SAI_SMOOTH},
                                      {0.24f, -12, SAI_SMOOTH}, {0.74f, -12, SAI_SMOOTH},
                                      {0.94f, 7, SAI_SMOOTH},   {1, 7, SAI_SMOOTH}};
static const sa_track_key back_lift[] = {
    {0, 0, SAI_SMOOTH},     {0.06f, 0, SAI_SMOOTH}, {0.15f, 6, SAI_SMOOTH}, {0.24f, 0, SAI_SMOOTH},
    {0.74f, 0, SAI_SMOOTH}, {0.84f, 6, SAI_SMOOTH}, {0.94f, 0, SAI_SMOOTH}, {1, 0, SAI_SMOOTH}};
static const sa_track_key front_x[] = {{0, -7, SAI_SMOOTH},     {0.1f, -7, SAI_SMOOTH},
                                       {0.3f, 18, SAI_SMOOTH},  {0.76f, 18, SAI_SMOOTH},
                                       {0.96f, -7, SAI_SMOOTH}, {1, -7, SAI_SMOOTH}};
static const sa_track_key front_lift[] = {
    {0, 0, SAI_SMOOTH},     {0.1f, 0, SAI_SMOOTH},  {0.2f, 9, SAI_SMOOTH},  {0.3f, 0, SAI_SMOOTH},
    {0.76f, 0, SAI_SMOOTH}, {0.86f, 7, SAI_SMOOTH}, {0.96f, 0, SAI_SMOOTH}, {1, 0, SAI_SMOOTH}};
static const sa_track_key squash[] = {{0, 1, SAI_SMOOTH},
                                      {0.38f, 0.95f, SAI_OUT3},
                                      {0.48f, 1.05f, SAI_SMOOTH},
                                      {0.6f, 1, SAI_SMOOTH},
                                      {1, 1, SAI_SMOOTH}};

void sai_figure_throw(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    const float k = c->scale;
    out->root = sai_v2(SAI_TRACK(root_x, u) * k, SAI_TRACK(crouch, u) * k);
    out->lean = SAI_TRACK(lean, u);
    out->head_tilt = 0.5f * out->lean > 0.0f ? 0.0f : -0.5f * out->lean;
    if (c->arms) {
        out->arm_angle[0] = SAI_TRACK(arm_up, u);
        out->arm_flex[0] = SAI_TRACK(arm_flex, u);
        out->arm_angle[1] = SAI_TRACK(aim_up, u);
        out->arm_flex[1] = SAI_TRACK(aim_flex, u);
    }
    out->foot[0] = sai_v2(SAI_TRACK(back_x, u) * k, -SAI_TRACK(back_lift, u) * k);
    out->foot[1] = sai_v2(SAI_TRACK(front_x, u) * k, -SAI_TRACK(front_lift, u) * k);
    out->squash = SAI_TRACK(squash, u);
}
