#include "motions.h"

#include "internal/scalar.h"

/* Touching down. The soft landing (the land mode, 0.5 s) dips the pelvis and squashes, deeper
 * the faster the body came down (c->landing, 0 → 1 at the hard-landing speed), and comes back
 * up to standing. The hard landing (the sit mode, 1 s) drops onto the bottom, legs forward and
 * hands behind, then pushes back up. Both keep both feet on the ground throughout. */

/* The dip's shape over the landing: down fast (by 0.16), back up slowly, 0 at both ends. */
static const sa_track_key dip[] = {{0, 0, SAI_OUT3}, {0.16f, 1, SAI_SMOOTH}, {1, 0, SAI_SMOOTH}};

void sai_figure_land(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    const float d = sai_saturate(c->landing);
    const float b = SAI_TRACK(dip, u);
    out->root = sai_v2(0.0f, (4.0f + 22.0f * d) * b * k);
    out->foot[0].x += 2.0f * d * b * k;
    out->foot[1].x -= 2.0f * d * b * k;
    out->lean = 0.03f + (0.12f + 0.3f * d) * b;
    out->arm_angle[0] += (0.3f + 0.5f * d) * b;
    out->arm_angle[1] += (0.2f + 0.4f * d) * b;
    out->arm_flex[0] += 0.4f * b;
    out->arm_flex[1] += 0.4f * b;
    out->squash = 1.0f - (0.05f + 0.13f * d) * b;
}

/* The sit, on normalised time: impact crouch, on the bottom, hold, push up, standing. */
static const sa_track_key sit_drop[] = {{0.2f, 1, SAI_SMOOTH},
                                        {0.55f, 1, SAI_SMOOTH},
                                        {0.8f, 0.45f, SAI_SMOOTH},
                                        {1, 0.05f, SAI_SMOOTH}};
static const sa_track_key sit_lean[] = {{0, 0.35f, SAI_SMOOTH},
                                        {0.2f, -0.3f, SAI_SMOOTH},
                                        {0.55f, -0.2f, SAI_SMOOTH},
                                        {0.75f, 0.55f, SAI_SMOOTH},
                                        {1, 0.06f, SAI_SMOOTH}};
static const sa_track_key sit_feet[] = {{0, 0, SAI_SMOOTH},
                                        {0.2f, 1, SAI_SMOOTH},
                                        {0.55f, 1, SAI_SMOOTH},
                                        {0.8f, 0.25f, SAI_SMOOTH},
                                        {1, 0, SAI_SMOOTH}};
static const sa_track_key sit_arms[] = {{0, 0.4f, SAI_SMOOTH},
                                        {0.2f, -0.75f, SAI_SMOOTH},
                                        {0.55f, -0.7f, SAI_SMOOTH},
                                        {0.75f, 0.6f, SAI_SMOOTH},
                                        {1, 0.08f, SAI_SMOOTH}};
static const sa_track_key sit_squash[] = {
    {0, 1, SAI_SMOOTH}, {0.18f, 0.86f, SAI_SMOOTH}, {0.3f, 1, SAI_SMOOTH}, {1, 1, SAI_SMOOTH}};

void sai_figure_sit(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    /* The pelvis falls from the impact's crouch (14 units) onto the bottom (12 units above the
     * ground) by 0.2, gathering speed; sit_drop then says how much of that drop is left. */
    const float bottom = c->hip_height - 12.0f * k;
    const float fall = sai_saturate(u / 0.2f);
    const float y =
        u < 0.2f ? sai_lerp(14.0f * k, bottom, fall * fall) : SAI_TRACK(sit_drop, u) * bottom;
    const float f = SAI_TRACK(sit_feet, u);
    out->root = sai_v2(-8.0f * k * f, y);
    out->foot[0] = sai_v2(sai_lerp(7.0f, 30.0f, f) * k, 0.0f);
    out->foot[1] = sai_v2(sai_lerp(-7.0f, 22.0f, f) * k, 0.0f);
    out->lean = SAI_TRACK(sit_lean, u);
    out->head_tilt = 0.1f * f;
    const float arms = SAI_TRACK(sit_arms, u);
    out->arm_angle[0] = arms;
    out->arm_angle[1] = arms - 0.1f;
    out->arm_flex[0] = 0.3f;
    out->arm_flex[1] = 0.3f;
    out->squash = SAI_TRACK(sit_squash, u);
}
