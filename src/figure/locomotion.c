#include "motions.h"

#include <string.h>

#include "internal/gait_mix.h"
#include "internal/scalar.h"
#include "internal/xform.h"

/* Where a foot is in its cycle as a smooth 0..1 loop: stance maps to [0, 0.5), swing to [0.5, 1),
 * so cos(2π s) is +1 with the foot in front (touchdown) and −1 at the back (lift-off). p is a
 * wrapped phase, [0, 1) (sai_phase_wrap() would keep it). */
static float foot_cycle(float p, float duty) {
    const float d = sai_clamp(duty, 0.05f, 0.95f);
    return p < d ? 0.5f * p / d : 0.5f + 0.5f * (p - d) / (1.0f - d);
}

/* The part of a locomotion evaluation that does not depend on the phase. */
static void gait_frame(const sai_figure_ctx *c, sa_figure_loco_cache *v) {
    const float k = c->scale, t = sai_saturate(c->gait_mix);
    /* A body slower than the walk or faster than the run strides shorter or longer (its lift
     * with it), so the ground still goes by at its speed. */
    /* (repaired once here, so the samples below skip sa_gait's repair of each call; the
     * context's own gait, the walk/run mix, is sane) */
    sa_gait scaled = c->gait;
    if (c->stride_scale != 1.0f) {
        scaled.stride *= c->stride_scale;
        scaled.step_height *= c->stride_scale < 1.0f ? c->stride_scale : 1.0f;
        scaled = sai_gait_sane(&scaled);
    }
    const sa_gait *g = &scaled;
    v->head_tilt = sai_lerp(0.04f, 0.10f, t);
    /* Feet go forward with the lean so they stay under the centre of mass (the reference's
     * rule): by half the spine's forward offset, as gait.h suggests. */
    const float under = 0.5f * c->spine * sai_sinf(g->lean);
    /* Sink the pelvis just enough that a stance foot at either end of the stride is within the
     * legs' guarded reach at the bob's high point, so it stays planted rather than dragged. */
    const float reach = c->leg_reach;
    const float x_max = 0.5f * g->stride * k + fabsf(under);
    const float high = c->hip_height + fabsf(g->bob) * k;
    const float low = reach > x_max ? sqrtf(reach * reach - x_max * x_max) : 0.0f;
    v->crouch = high > low ? high - low : 0.0f;
    v->under = under;
    v->swing_amp = sai_lerp(0.5f, 0.85f, t);
    v->swing_mid = sai_lerp(0.04f, 0.15f, t);
    v->flex_base = sai_lerp(0.25f, 1.35f, t);
    v->flex_fwd = sai_lerp(0.55f, 0.5f, t);
    v->ground_speed = sai_gait_ground_speed_sane(g) * k;
    v->gait = scaled;
}

/* What gait_frame(c) reads (a context's gait is the walk/run mix at gait_mix, so these decide
 * it), as sa_figure_loco_cache::in keeps them. */
static void gait_frame_inputs(const sai_figure_ctx *c, float in[6]) {
    in[0] = c->gait_mix;
    in[1] = c->stride_scale;
    in[2] = c->scale;
    in[3] = c->hip_height;
    in[4] = c->spine;
    in[5] = c->leg_reach;
}

/* Whether the figure's cache holds gait_frame(c): it was last asked for these inputs. */
static bool gait_frame_cached(const sai_figure_ctx *c, const sa_figure_loco_cache *m) {
    float in[6];
    gait_frame_inputs(c, in);
    return m->known && memcmp(in, m->in, sizeof in) == 0;
}

/* The walk or run at the context's phase from its phase-free part v. */
SAI_INLINE void locomote(const sai_figure_ctx *c, const sa_figure_loco_cache *v,
                         sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    const sa_gait *g = &v->gait;
    const float k = c->scale;
    sa_figure_params *p = out;
    p->lean = g->lean;
    p->head_tilt = v->head_tilt;
    p->root = sai_v2(0.0f, sai_gait_hip_offset_sane(g, c->phase) * k + v->crouch);
    for (int i = 0; i < 2; ++i) {
        /* (wrapped once here: the sampler's wrap keeps a wrapped phase) */
        const float ph = sai_phase_wrap(c->phase + 0.5f * (float)i);
        const sa_gait_foot f = sai_gait_sample_sane(g, ph);
        p->foot[i] = sai_v2(f.x * k + v->under, -f.lift * k);
        if (!c->arms) continue;
        /* Each arm swings against the leg on its side; the elbow flexes more going forward. */
        const float s = -sai_cosf(2.0f * SA_PI * foot_cycle(ph, g->duty));
        p->arm_angle[i] = v->swing_mid + v->swing_amp * s;
        p->arm_flex[i] = v->flex_base + v->flex_fwd * sai_saturate(0.5f + 0.5f * s);
    }
    p->ground_speed = v->ground_speed;
}

/* locomote()'s x of foot i alone, from the phase-free part v. */
SAI_INLINE float foot_x(const sai_figure_ctx *c, const sa_figure_loco_cache *v, int i) {
    const float ph = sai_phase_wrap(c->phase + 0.5f * (float)i);
    return sai_gait_sample_sane(&v->gait, ph).x * c->scale + v->under;
}

/* locomote() when the cache does not hold the phase-free part: computed into the cache, or
 * here without one. Out of line, so the usual call keeps a small frame: the figure's cache
 * holds it but while the gait mix eases. */
SAI_COLD_FN void locomote_afresh(const sai_figure_ctx *c, sa_figure_params *out) {
    sa_figure_loco_cache own, *m = c->cache ? &c->cache->loco : &own;
    gait_frame(c, m);
    if (c->cache) {
        gait_frame_inputs(c, m->in);
        m->known = true;
    }
    locomote(c, m, out);
}

/* Walk and run from one phase and the current gait mix (no clock of its own: u is unused). The
 * ground scrolls at stride·cadence/duty, so a stance foot sliding from +stride/2 to −stride/2
 * stays still in the world. */
void sai_figure_locomotion(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    (void)u;
    if (SAI_LIKELY(c->cache && gait_frame_cached(c, &c->cache->loco)))
        locomote(c, &c->cache->loco, out);
    else
        locomote_afresh(c, out);
}

float sai_figure_locomotion_foot_x(const sai_figure_ctx *c, int i) {
    if (SAI_LIKELY(c->cache && gait_frame_cached(c, &c->cache->loco)))
        return foot_x(c, &c->cache->loco, i);
    sa_figure_loco_cache own;
    gait_frame(c, &own);
    return foot_x(c, &own, i);
}
