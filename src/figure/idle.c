#include "motions.h"

#include "internal/scalar.h"

/* Standing with the knees soft (hip 66 < thigh + shin), breathing once a play (3 s): the pelvis
 * sinks 1.2 units and the arms drift a little. Every other motion starts from this at u = 0, the
 * rest pose, so it sets every field. Here at `breath` (sin 2πu: 0 at rest). */
static void idle_at(const sai_figure_ctx *c, float breath, sa_figure_params *out) {
    const float k = c->scale;
    sa_figure_params p;
    p.root = sai_v2(0.0f, (0.6f + 0.6f * breath) * k);
    p.lean = 0.03f;
    p.head_tilt = 0.02f - 0.02f * breath;
    p.foot[0] = sai_v2(7.0f * k, 0.0f);
    p.foot[1] = sai_v2(-7.0f * k, 0.0f);
    p.arm_angle[0] = 0.08f + 0.03f * breath;
    p.arm_angle[1] = -0.06f + 0.03f * breath;
    p.arm_flex[0] = 0.22f;
    p.arm_flex[1] = 0.18f;
    /* Not held; its fields are the carry's, so a spear fading in starts from there. */
    p.spear = 0.0f;
    p.spear_grip = sai_v2(SAI_FIGURE_CARRY_GRIP_X * k, SAI_FIGURE_CARRY_GRIP_Y * k);
    p.spear_angle = SAI_FIGURE_CARRY_ANGLE;
    p.spear_gap = SAI_FIGURE_CARRY_GAP * k;
    p.spear_slide = SAI_FIGURE_CARRY_SLIDE;
    p.squash = 1.0f;
    p.hair_push = sai_v2(0.0f, 0.0f);
    p.ground_speed = 0.0f;
    p.blade = 0.0f; /* no sword */
    p.blade_angle = 0.0f;
    *out = p;
}

void sai_figure_idle(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    idle_at(c, sai_sinf(2.0f * SA_PI * u), out);
}

/* (sai_sinf(0) is +0 exactly, so this is sai_figure_idle(c, 0, out) bit for bit) */
void sai_figure_rest(const sai_figure_ctx *c, sa_figure_params *out) { idle_at(c, 0.0f, out); }
