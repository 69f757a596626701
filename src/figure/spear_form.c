#include "motions.h"

#include "internal/fmath4.h"
#include "internal/scalar.h"

/* The 17-pose spear form: the waypoints (spear_form_poses.c) sampled as one multi-channel track,
 * sai_track_multi_sample_table(&sai_figure_form_track, u, out) bit for bit, inline on their own
 * layout (a waypoint a key, its channels side by side). */

/* The first waypoint in [1, SAI_FORM_WAYPOINTS) at or after t, SAI_FORM_WAYPOINTS when none, by
 * locate()'s search: its branches follow t, which moves little from one moment to the next (a
 * search without them waits on each step's load). */
static size_t form_segment(float t) {
    const sai_form_waypoint *w = sai_figure_form_waypoints;
    size_t lo = 1, hi = SAI_FORM_WAYPOINTS;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (w[mid].t >= t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* Two side-by-side channels of the blend v0 (1 - e) + v1 e in double, each rounded to float. */
#if SAI_HAS_LANES
static void blend_pair(const float *v0, const float *v1, double e, float *out) {
    const sai_d2 a = {(double)v0[0], (double)v0[1]}, b = {(double)v1[0], (double)v1[1]};
    const sai_d2 r = a * (1.0 - e) + b * e;
    out[0] = (float)r[0];
    out[1] = (float)r[1];
}
#endif

/* The channels of waypoints k0 and k1 blended by e, as locate() and blend() give them for finite
 * values far inside the range (no repair, no narrowing). */
SAI_INLINE void blend_waypoints(const sai_form_waypoint *k0, const sai_form_waypoint *k1, double e,
                                float *out) {
    size_t c = 0;
#if SAI_HAS_LANES
    for (; c + 2 <= SAI_FORM_CHANNELS; c += 2)
        blend_pair(&k0->v[c], &k1->v[c], e, &out[c]);
#endif
    for (; c < SAI_FORM_CHANNELS; ++c)
        out[c] = (float)((double)k0->v[c] * (1.0 - e) + (double)k1->v[c] * e);
}

static void sample_form(float t, float *out) {
    const sai_form_waypoint *w = sai_figure_form_waypoints;
    /* Before the first key (or at a NaN t) and after the last, the blend of a key with itself
     * at e = 0, which is its values. */
    if (!(t > w[0].t)) {
        memcpy(out, w[0].v, sizeof w[0].v);
        return;
    }
    const size_t lo = form_segment(t);
    if (lo == SAI_FORM_WAYPOINTS) {
        memcpy(out, w[SAI_FORM_WAYPOINTS - 1].v, sizeof w[0].v);
        return;
    }
    const sai_form_waypoint *k0 = &w[lo - 1], *k1 = &w[lo];
    const double t0 = (double)k0->t, span_len = (double)k1->t - t0;
    const double u = span_len > 0.0 ? ((double)t - t0) / span_len : 1.0;
    /* (sai_ease_apply()'s smoothstep, the usual easing, without the switch) */
    const float e =
        k0->ease == SA_EASE_SMOOTH ? sai_smooth((float)u) : sai_ease_apply(k0->ease, (float)u);
    blend_waypoints(k0, k1, (double)e, out);
}

void sai_figure_spear_form(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    const float k = c->scale;
    float v[SAI_FORM_CHANNELS];
    sample_form(u, v);
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
