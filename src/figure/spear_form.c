#include "motions.h"

#include "internal/scalar.h"

/* The 17-pose spear form: the waypoints (spear_form_poses.c) sampled as one multi-channel track. */
void sai_figure_spear_form(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    const float k = c->scale;
    float v[SAI_FORM_CHANNELS];
    sai_track_multi_sample_table(&sai_figure_form_track, u, v);
    out->root = sai_v2(v[SAI_FORM_SHIFT] * k, v[SAI_FORM_CROUCH] * k);
    out->lean = v[SAI_FORM_LEAN];
    out->head_tilt = 0.0f;
    /* The front (far) foot is ahead by 60% of the stance; it rises for the crane. */
    out->foot[0] = sai_v2(-0.4f * v[SAI_FORM_STANCE] * k, 0.0f);
    out->foot[1] = sai_v2(0.6f * v[SAI_FORM_STANCE] * k, -v[SAI_FORM_LIFT] * k);
    out->spear_angle = v[SAI_FORM_ANGLE];
    out->spear_grip = sai_v2(v[SAI_FORM_GRIP_X] * k, v[SAI_FORM_GRIP_Y] * k);
    out->spear_slide = v[SAI_FORM_SLIDE];
    out->spear_gap = v[SAI_FORM_GAP] * k;
    out->squash = v[SAI_FORM_SQUASH];
}
