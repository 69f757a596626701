#include "motions.h"

#include "internal/scalar.h"

/* The body's flight, when the game's body owns the height: the figure stays over the body's
 * feet point and shows what the vertical velocity says. The rise (the jump mode) crouches while
 * the body is still on the ground, stretches at take-off and tucks toward the apex as the rise
 * slows; the fall tucks at the apex and reaches down with the legs, arms up, as the body sinks
 * faster. The feet never go below the body's feet point (the ground is below it in the air). */

/* The pose at the apex, shared by both: knees tucked, arms raised. */
static void apex(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    out->root = sai_v2(0.0f, -4.0f * k);
    const float foot_y = out->root.y - c->hip_height + 52.0f * k;
    out->foot[0] = sai_v2(15.0f * k, fminf(foot_y, 0.0f));
    out->foot[1] = sai_v2(1.0f * k, fminf(foot_y, 0.0f));
    out->lean = 0.08f;
    out->head_tilt = 0.0f;
    out->arm_angle[0] = 2.3f;
    out->arm_angle[1] = 2.15f;
    out->arm_flex[0] = 0.55f;
    out->arm_flex[1] = 0.55f;
}

/* How far `from` is blended toward `to`, field by field. */
static void mix(sa_figure_params *from, const sa_figure_params *to, float t) {
    from->root = sai_v2_lerp(from->root, to->root, t);
    from->foot[0] = sai_v2_lerp(from->foot[0], to->foot[0], t);
    from->foot[1] = sai_v2_lerp(from->foot[1], to->foot[1], t);
    from->lean = sai_lerp(from->lean, to->lean, t);
    from->head_tilt = sai_lerp(from->head_tilt, to->head_tilt, t);
    for (int i = 0; i < 2; ++i) {
        from->arm_angle[i] = sai_lerp(from->arm_angle[i], to->arm_angle[i], t);
        from->arm_flex[i] = sai_lerp(from->arm_flex[i], to->arm_flex[i], t);
    }
    from->squash = sai_lerp(from->squash, to->squash, t);
    from->hair_push = sai_v2_lerp(from->hair_push, to->hair_push, t);
}

/* The crouch before the body leaves the ground (the reference jump's at 0.2). */
static void crouch(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    out->root = sai_v2(0.0f, 10.0f * k);
    out->lean = 0.28f;
    out->arm_angle[0] = -0.9f;
    out->arm_angle[1] = -1.05f;
    out->arm_flex[0] = 0.3f;
    out->arm_flex[1] = 0.3f;
    out->squash = 0.84f;
}

/* The push off: legs straight under the body, arms flung up, stretched. */
static void take_off(const sai_figure_ctx *c, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    out->root = sai_v2(0.0f, -6.0f * k);
    const float foot_y = fminf(out->root.y - c->hip_height + 72.0f * k, 0.0f);
    out->foot[0] = sai_v2(4.0f * k, foot_y);
    out->foot[1] = sai_v2(-6.0f * k, foot_y);
    out->lean = -0.04f;
    out->arm_angle[0] = 2.7f;
    out->arm_angle[1] = 2.55f;
    out->arm_flex[0] = 0.5f;
    out->arm_flex[1] = 0.5f;
    out->squash = 1.14f;
    out->hair_push = sai_v2(-0.6f, 0.0f);
}

/* u: the rise's clock over its 0.3 s (the stretch of the take-off eases out over it). */
void sai_figure_rise(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sa_figure_params top, low;
    apex(c, &top);
    take_off(c, out);
    /* 1 just after take-off, 0 at the apex. */
    const float a = sai_saturate(c->vy / c->rise);
    mix(out, &top, 1.0f - a);
    /* The take-off's stretch lasts only its first moments, whatever the speed. */
    out->squash = sai_lerp(out->squash, 1.0f, sai_smooth(u));
    /* Crouched while the body is still on the ground. */
    crouch(c, &low);
    mix(&low, out, sai_saturate(c->air));
    *out = low;
}

/* u: seconds of the fall over 1 s, looping (the arms' flail). */
void sai_figure_fall(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    const float k = c->scale;
    apex(c, out);
    sa_figure_params down;
    sai_figure_rest(c, &down);
    down.root = sai_v2(0.0f, -2.0f * k);
    const float foot_y = fminf(down.root.y - c->hip_height + 70.0f * k, 0.0f);
    down.foot[0] = sai_v2(10.0f * k, foot_y);
    down.foot[1] = sai_v2(-8.0f * k, foot_y);
    down.lean = 0.02f;
    down.head_tilt = -0.1f;
    down.arm_angle[0] = 2.6f;
    down.arm_angle[1] = 2.2f;
    down.arm_flex[0] = 0.35f;
    down.arm_flex[1] = 0.35f;
    down.hair_push = sai_v2(0.0f, -1.0f);
    /* 0 at the apex, 1 sinking at fall_full or faster. */
    const float d = sai_smooth(sai_saturate(-c->vy / c->fall_full));
    mix(out, &down, d);
    /* A long fall flails: the arms circle a little, more the faster it sinks. */
    const float flail = 0.22f * d * sai_sinf(2.0f * SA_PI * u);
    out->arm_angle[0] += flail;
    out->arm_angle[1] -= flail;
}
