#include "motions.h"

#include "internal/scalar.h"

/* Climbing a ladder in front of the figure. The cycle is where the body is on the ladder: its
 * phase is a rung's height modulo two rungs (c->climb_phase), so the cycle runs forward
 * going up, backwards going down, and stops when the body stops; each hand and foot holds a rung
 * fixed in the world for half a cycle (while the body moves one rung past it) and moves up or
 * down one rung, two relative to the ladder, in the other half. The near hand goes with the far
 * foot. */

/* Ladder rails forward of the body's feet point, reference units. */
#define SAI_CLIMB_REACH 22.0f

/* The y of the limb's hold at cycle position ph (this limb's: the climb's phase plus its offset),
 * `home` the rung it holds at ph = 0, in whole rungs from the body's feet point (negative: above
 * it). At ph the limb's rungs are at ph·2·spacing + n·spacing,
 * so home·spacing + ph·2·spacing is one. *lift says how far through a move it is, 0 when held. */
static float grip_y(const sai_figure_ctx *c, float ph, float home, float *lift) {
    const float s = c->cfg->rung_spacing;
    /* This limb's rung position, in [0, 2s): the held rung's y below its home rung. */
    const float r = sai_phase_wrap(ph) * 2.0f * s;
    const float base = home * s;
    if (r < s) {
        *lift = 0.0f;
        return base + r; /* held: moves down with the ladder as the body climbs */
    }
    /* Moving from the rung at base + s up to the one at base, over the second half. */
    const float t = sai_smooth((r - s) / s);
    *lift = sai_sinf(SA_PI * t);
    return base + s * (1.0f - t);
}

void sai_figure_climb(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    (void)u;
    const float k = c->scale, s = c->cfg->rung_spacing;
    sai_figure_rest(c, out);
    out->root = sai_v2(-2.0f * k, 4.0f * k);
    out->lean = 0.12f;
    out->head_tilt = -0.15f;
    /* The rungs the hands and feet reach at the cycle's start, whole rungs from the body's
     * feet point (so every hold is on a rung): the hands over the head, the feet low. */
    const float hands_home = roundf((-c->hip_height - c->cfg->spine - 8.0f * k) / s);
    const float feet_home = fminf(roundf(-0.3f * c->hip_height / s), -1.0f);
    const float reach = SAI_CLIMB_REACH * k;
    for (int i = 0; i < 2; ++i) {
        float lift;
        const float hand_ph = c->climb_phase + 0.5f * (float)i;
        const float hy = grip_y(c, hand_ph, hands_home, &lift);
        const sa_vec2 hand = sai_v2(reach - 5.0f * lift * k, hy);
        const sa_vec2 shoulder = sai_figure_shoulder_of(c->cfg, out);
        sai_figure_arm_reach(c->cfg, sai_v2_sub(hand, shoulder), &out->arm_angle[i],
                             &out->arm_flex[i]);
        const float foot_ph = c->climb_phase + 0.5f * (float)(1 - i);
        const float fy = grip_y(c, foot_ph, feet_home, &lift);
        out->foot[i] = sai_v2(reach - 12.0f * k - 6.0f * lift * k, fy - 4.0f * lift * k);
    }
    out->squash = 1.0f;
}
