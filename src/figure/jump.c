#include "motions.h"

#include "internal/gait_mix.h"
#include "internal/scalar.h"

/* The reference's jump on keyframe tracks (normalised time): crouch (+10 at 0.2), push off, apex
 * (−160 at 0.5), fall, landing dip (+4 at 0.82), settle. The rootY track eases out cubic on the
 * way up and in cubic on the way down (the reference's switch at 0.5: every segment starting
 * before 0.5 eases out, every one from 0.5 eases in), a cheap imitation of gravity's parabola.
 * The fall is one segment from the apex to the landing dip, so it gathers speed all the way
 * down (a key inside it would stop the fall dead: easing in starts from rest).
 * Squash 0.84 in the crouch, 1.14 at take-off, 0.82 on landing. Starts and ends at rest, so it
 * loops. Its variants for the jump trigger (running, with the spear) are below. */

static const sa_track_key root_y[] = {
    {0, 0, SAI_OUT3},    {0.2f, 10, SAI_OUT3}, {0.32f, -6, SAI_OUT3}, {0.5f, -160, SAI_IN3},
    {0.82f, 4, SAI_IN3}, {0.9f, -2, SAI_IN3},  {1, 0, SAI_IN3}};
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
void sai_figure_jump(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    const float k = c->scale;
    /* The config's jump height scales the rise above the ground (not the crouch). */
    const float track = SAI_TRACK(root_y, u);
    const float ry = (track < 0.0f ? track * c->jump_height : track) * k;
    out->root = sai_v2(0.0f, 0.6f * k + ry);
    const float hip_y = -c->hip_height + out->root.y;
    const float hang = SAI_TRACK(leg, u) * k;
    const float foot_y = fminf(0.0f, hip_y + hang);
    const float tx = SAI_TRACK(tuck_x, u) * k;
    out->foot[0] = sai_v2(7.0f * k + tx, foot_y);
    out->foot[1] = sai_v2(-7.0f * k + 0.5f * tx, foot_y);
    out->lean = SAI_TRACK(lean, u);
    out->head_tilt = 0.0f;
    if (c->arms) {
        const float up = SAI_TRACK(arm_up, u), flex = SAI_TRACK(arm_flex, u);
        out->arm_angle[0] = up;
        out->arm_angle[1] = up - 0.15f;
        out->arm_flex[0] = flex;
        out->arm_flex[1] = flex;
    }
    out->squash = SAI_TRACK(squash, u);
    out->hair_push = sai_v2(SAI_TRACK(kick_x, u), 0.0f);
}

/* ---- the running jump ------------------------------------------------------------------- */

/* A jump pressed in the stride is a leap out of it: the pelvis keeps the gait's own height and
 * bob until take-off (no standing crouch), rises on an arc (out cubic up, in cubic down, as the
 * standing jump) and comes down into the stride, which it meets again at SAI_FIGURE_JUMP_LANDS;
 * from there on the pose is exactly the gait's. Normalised time; the arc in reference units. */
#define SAI_RUN_TAKE_OFF 0.2f  /* the hip leaves the gait's range */
#define SAI_RUN_TOUCH    0.74f /* back at the gait's height */
static const sa_track_key run_arc[] = {
    {0, 0, SAI_OUT3},       {SAI_RUN_TAKE_OFF, 0, SAI_OUT3},
    {0.48f, -130, SAI_IN3}, {SAI_RUN_TOUCH, 0, SAI_OUT3},
    {0.77f, 3, SAI_SMOOTH}, {SAI_FIGURE_JUMP_LANDS, 0, SAI_SMOOTH},
    {1, 0, SAI_SMOOTH}};
/* How far the body is in its air pose: legs split, arms in counter-swing, the bob gone. */
static const sa_track_key run_air[] = {
    {0, 0, SAI_SMOOTH},     {SAI_RUN_TAKE_OFF, 0, SAI_SMOOTH}, {0.3f, 1, SAI_SMOOTH},
    {0.64f, 1, SAI_SMOOTH}, {SAI_RUN_TOUCH, 0, SAI_SMOOTH},    {1, 0, SAI_SMOOTH}};
/* The arms start their swing a little before the take-off and finish it after the touch-down. */
static const sa_track_key run_arms[] = {{0, 0, SAI_SMOOTH},
                                        {0.12f, 0, SAI_SMOOTH},
                                        {0.28f, 1, SAI_SMOOTH},
                                        {0.64f, 1, SAI_SMOOTH},
                                        {SAI_FIGURE_JUMP_LANDS, 0, SAI_SMOOTH},
                                        {1, 0, SAI_SMOOTH}};

/* The leap's split, reference units from the hip: the leading foot forward with its knee driven
 * up, the trailing foot back with the shin kicked out behind. */
#define SAI_LEAD_X  20.0f
#define SAI_LEAD_Y  46.0f
#define SAI_TRAIL_X -30.0f
#define SAI_TRAIL_Y 54.0f

/* How much foot 0 leads in the air, in [−1, 1]: +1 when it was in the middle of its swing at the
 * take-off (it carries on forward), −1 in the middle of its stance (it pushes off and trails);
 * foot 1 leads by the opposite. The take-off's phase is the phase now less what the gait has
 * run since, so it is the same all through the leap; steep but continuous, so a gait easing
 * during the leap turns the legs over smoothly, never at once. */
static float lead_of_near_foot(const sai_figure_ctx *c, float u) {
    const sa_gait *g = &c->gait;
    const float since = (u - SAI_RUN_TAKE_OFF) * SAI_FIGURE_JUMP_SECONDS;
    const float at_take_off = c->phase - g->cadence * since;
    const float mid_swing = 0.5f * (1.0f + g->duty);
    return sai_clamp(8.0f * sai_cosf(2.0f * SA_PI * (at_take_off - mid_swing)), -1.0f, 1.0f);
}

/* A foot of the gait where the leg can still reach it from the hip: a foot on the ground stays
 * where the gait puts it (planted in the world) until the rising hip would stretch the leg, then
 * it lifts straight up, keeping its place in the world along x: a toe-off, not a slide. */
static sa_vec2 reachable(sa_vec2 foot, sa_vec2 hip, float reach) {
    const float dx = foot.x - hip.x;
    const float down = reach > fabsf(dx) ? sqrtf(reach * reach - dx * dx) : 0.0f;
    return sai_v2(foot.x, fminf(foot.y, hip.y + down));
}

/* How far a foot at y (y down, the ground at 0) is off the ground: 0 on it, 1 from 6 units up. */
static float clearance(float y, float k) {
    const float h = 6.0f * k;
    if (!(h > 0.0f)) return y < 0.0f ? 1.0f : 0.0f;
    return sai_smooth(sai_saturate(-y / h));
}

/* The running jump over the gait motion `stride` (the locomotion, or Spear Run's). The ground
 * keeps scrolling at the gait's speed throughout. */
static void running_jump(const sai_figure_ctx *c, float u, sai_figure_evaluate_fn stride,
                         sa_figure_params *out) {
    stride(c, u, out);
    const float k = c->scale;
    const float air = SAI_TRACK(run_air, u), arms = SAI_TRACK(run_arms, u);
    /* The pelvis: the gait's own until the take-off; in the air its bob gives way to the bob's
     * high point, plus the arc. */
    const float high =
        out->root.y - (sai_gait_hip_offset_sane(&c->gait, c->phase) + c->gait.bob) * k;
    out->root.y = sai_lerp(out->root.y, high, air) + SAI_TRACK(run_arc, u) * c->jump_height * k;
    const sa_vec2 hip = sai_v2(out->root.x, out->root.y - c->hip_height);
    const float lead = lead_of_near_foot(c, u);
    float clear = 1.0f;
    for (int i = 0; i < 2; ++i) {
        const float s = i == 0 ? lead : -lead; /* this foot's lead, [−1, 1] */
        const float t = 0.5f + 0.5f * s;       /* trailing (0) to leading (1) */
        const sa_vec2 ground = reachable(out->foot[i], hip, c->leg_reach);
        const sa_vec2 split = sai_v2(hip.x + sai_lerp(SAI_TRAIL_X, SAI_LEAD_X, t) * k,
                                     hip.y + sai_lerp(SAI_TRAIL_Y, SAI_LEAD_Y, t) * k);
        /* Toward the split only as far as the foot is off the ground: on it, it stays put. */
        const float w = air * clearance(ground.y, k);
        const sa_vec2 foot = sai_v2_lerp(ground, split, w);
        out->foot[i] = sai_v2(foot.x, fminf(foot.y, ground.y));
        clear = fminf(clear, clearance(out->foot[i].y, k));
        /* Each arm swings against the leg on its side: back with the leading leg, forward and
         * up with the trailing one. */
        out->arm_angle[i] = sai_lerp(out->arm_angle[i], 0.35f - 0.95f * s, arms);
        out->arm_flex[i] = sai_lerp(out->arm_flex[i], 0.8f + 0.35f * s, arms);
    }
    out->lean += 0.08f * air;
    /* Stretched only with both feet off the ground: squash moves the feet about the ground point,
     * so on the ground it would slide them. */
    out->squash = 1.0f + 0.06f * air * clear;
    out->hair_push = sai_v2(-air, 0.0f);
}

void sai_figure_jump_running(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    running_jump(c, u, sai_figure_locomotion, out);
}

/* The jumps that keep the spear in hand: carried level (the thrust's layer plays only over
 * the rows that thrust). */
static void keep_spear(const sai_figure_ctx *c, sa_figure_params *out) {
    sai_figure_spear_carry(c, out);
}

void sai_figure_jump_spear(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_jump(c, u, out);
    keep_spear(c, out);
}

/* Spear Run's leap: its stride and carry (a thrust under way plays on), so it lands back in
 * Spear Run's own pose. */
void sai_figure_jump_spear_running(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    running_jump(c, u, sai_figure_spear_run, out);
}
