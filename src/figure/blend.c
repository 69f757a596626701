#include "pipeline.h"

#include <stddef.h>
#include <string.h>

#include "internal/scalar.h"

/* ---- the parameters as one flat array of floats ------------------------------------------- */

/* Blending and repairs read sa_figure_params as SAI_FIGURE_PARAM_FLOATS floats, so a new
 * parameter is blended and repaired without being listed here (a ranged one adds a line to
 * param_ranges below). */
#define SAI_FIGURE_PARAM_FLOATS (sizeof(sa_figure_params) / sizeof(float))
_Static_assert(sizeof(sa_figure_params) % sizeof(float) == 0 &&
                   _Alignof(sa_figure_params) == _Alignof(float),
               "sa_figure_params must hold only floats (and sa_vec2s)");

/* The parameters with a range; every other one is only made finite. */
typedef struct sai_param_range {
    size_t offset; /* offsetof the field */
    size_t floats; /* its size in floats */
    float lo, hi;
} sai_param_range;

#define SAI_FIELD(name)                                                                            \
    offsetof(sa_figure_params, name), sizeof(((sa_figure_params *)0)->name) / (sizeof(float))

/* Positions, distances and speeds are kept within ±1e9 units and angles within ±1e6 rad: far
 * beyond any motion (a figure at the largest config lengths, 1e6, moves within about 1e8), and
 * small enough that a joint, the sum of a position and a few config lengths, stays finite
 * (root.x = FLT_MAX solved into ±infinity). */
#define SAI_FIGURE_FAR   1e9f
#define SAI_FIGURE_TURNS 1e6f

static const sai_param_range param_ranges[] = {
    {SAI_FIELD(root), -SAI_FIGURE_FAR, SAI_FIGURE_FAR},
    {SAI_FIELD(lean), -SA_PI, SA_PI},
    {SAI_FIELD(head_tilt), -SA_PI, SA_PI},
    {SAI_FIELD(foot), -SAI_FIGURE_FAR, SAI_FIGURE_FAR},
    {SAI_FIELD(arm_angle), -SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    {SAI_FIELD(arm_flex), -SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    {SAI_FIELD(spear), 0.0f, 1.0f},
    {SAI_FIELD(spear_grip), -SAI_FIGURE_FAR, SAI_FIGURE_FAR},
    {SAI_FIELD(spear_angle), -SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    {SAI_FIELD(spear_gap), 0.0f, SAI_FIGURE_FAR},
    {SAI_FIELD(spear_slide), 0.0f, 1.0f},
    {SAI_FIELD(squash), 0.5f, 1.5f},
    {SAI_FIELD(hair_push), -SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    {SAI_FIELD(ground_speed), 0.0f, SAI_FIGURE_FAR},
    {SAI_FIELD(blade), 0.0f, 1.0f},
    {SAI_FIELD(blade_angle), -SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
};

sa_figure_params sai_figure_sanitize(const sa_figure_params *in, const sa_figure_params *rest) {
    float v[SAI_FIGURE_PARAM_FLOATS], r[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, in, sizeof v);
    memcpy(r, rest, sizeof r);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        v[k] = sai_finite_or(v[k], r[k]);
    for (size_t i = 0; i < sizeof param_ranges / sizeof param_ranges[0]; ++i) {
        const sai_param_range *f = &param_ranges[i];
        for (size_t k = 0; k < f->floats; ++k)
            v[f->offset / sizeof(float) + k] =
                sai_clamp(v[f->offset / sizeof(float) + k], f->lo, f->hi);
    }
    sa_figure_params out;
    memcpy(&out, v, sizeof out);
    return out;
}

sa_figure_params sa_figure_params_rest(const sa_figure_config *cfg) {
    sa_figure_config store;
    const sa_figure_config *c = sai_figure_config_or_default(cfg, &store);
    const sai_figure_ctx ctx = sai_figure_context(c, 0.0f, 0.0f);
    sa_figure_params p;
    sai_figure_idle(&ctx, 0.0f, &p);
    return p;
}

/* ---- evaluate and blend ------------------------------------------------------------------- */

/* Just before the end: a one-shot holds its last frame, not its first. */
#define SAI_FIGURE_ONCE_END 0.9999f

/* The merge offset is dropped once every parameter of it is below this (units or radians). */
#define SAI_FIGURE_OFFSET_SETTLED 1e-5f

void sai_figure_evaluate(const sa_figure_config *cfg, const sai_figure_ctx *c, int32_t id,
                         float time, sa_figure_params *out) {
    const int32_t first = (int32_t)sai_figure_motion_count;
    if (id >= first && c->moves && (size_t)(id - first) < c->move_count) {
        sai_figure_move_evaluate(&c->moves[id - first], c, time, out);
        return;
    }
    const sai_figure_motion_row *row = sai_figure_row(id);
    float u = 0.0f;
    const float duration = sai_figure_row_duration(cfg, row);
    if (duration > 0.0f) {
        const float played = time / duration;
        u = row->play == SAI_FIGURE_ONCE ? fminf(played, SAI_FIGURE_ONCE_END)
                                         : sai_phase_wrap(played);
    }
    row->evaluate(c, u, out);
    if (row->flags & SAI_FIGURE_THRUSTS) sai_figure_apply_thrust(c, out);
    /* Motions without the spear carry it low (their spear fields are the carry's), so the shaft
     * moves continuously while it fades in or out; `spear` says how much the hands hold it. */
    /* The body's jump, fall and landing keep the spear of a motion that holds it (Spear Run):
     * carried low in both hands, as the jump one-shots carry it. */
    const bool keeps =
        c->holds_spear && (row->flags & SAI_FIGURE_MODE_ROW) &&
        (row->mode == SA_MODE_JUMP || row->mode == SA_MODE_FALL || row->mode == SA_MODE_LAND);
    if (keeps) sai_figure_spear_carry(c, out);
    const bool holds = (row->flags & SAI_FIGURE_HOLDS_SPEAR) || keeps;
    out->spear = holds ? 1.0f : 0.0f;
    if (holds) sai_figure_spear_arm_angles(cfg, out);
}

/* acc += p · w over the parameters as floats. */
static void accumulate(float *acc, const sa_figure_params *p, float w) {
    float v[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, p, sizeof v);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        acc[k] += v[k] * w;
}

/* Squared distance between two parameter sets as float arrays: which layer shows the pose
 * nearest another (positions dominate, which is what shows). */
static float params_distance2(const sa_figure_params *a, const sa_figure_params *b) {
    float va[SAI_FIGURE_PARAM_FLOATS], vb[SAI_FIGURE_PARAM_FLOATS];
    memcpy(va, a, sizeof va);
    memcpy(vb, b, sizeof vb);
    float d = 0.0f;
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        d += (va[k] - vb[k]) * (va[k] - vb[k]);
    return sai_finite_or(d, FLT_MAX);
}

static float total_weight(const sa_fade *f) {
    float total = 0.0f;
    for (size_t i = 0; i < f->count && i < SA_FADE_MAX_LAYERS; ++i)
        total += sai_saturate(f->layers[i].weight);
    return total;
}

void sai_figure_merge_weakest(sa_figure *fig, const sai_figure_ctx *c) {
    sa_fade *f = &fig->fade;
    const size_t from = sa_fade_weakest(f, SA_FADE_MAX_LAYERS);
    const float total = total_weight(f);
    if (from >= SA_FADE_MAX_LAYERS || !(total > 0.0f)) return;
    sa_figure_params p[SA_FADE_MAX_LAYERS];
    for (size_t i = 0; i < f->count && i < SA_FADE_MAX_LAYERS; ++i)
        sai_figure_evaluate(&fig->config, c, f->layers[i].id,
                            sai_finite_or(f->layers[i].time, 0.0f), &p[i]);
    size_t into = SA_FADE_MAX_LAYERS;
    float nearest = INFINITY;
    for (size_t i = 0; i < f->count && i < SA_FADE_MAX_LAYERS; ++i) {
        const float d = params_distance2(&p[from], &p[i]);
        if (i != from && d < nearest) {
            nearest = d;
            into = i;
        }
    }
    const float w = sai_saturate(f->layers[from].weight) / total;
    if (sa_fade_merge(f, from, into) >= SA_FADE_MAX_LAYERS) return;
    /* The blend loses w·p[from] and gains w·p[into]; the offset keeps the difference, so the
     * blended parameters stay what they were. */
    float o[SAI_FIGURE_PARAM_FLOATS];
    memcpy(o, &fig->merge_offset, sizeof o);
    accumulate(o, &p[from], w);
    accumulate(o, &p[into], -w);
    memcpy(&fig->merge_offset, o, sizeof o);
}

void sai_figure_fade_merge_offset(sa_figure *fig, float dt) {
    float o[SAI_FIGURE_PARAM_FLOATS];
    memcpy(o, &fig->merge_offset, sizeof o);
    const float e = sai_expf(-fig->config.fade_rate * dt);
    bool settled = true;
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k) {
        o[k] = sai_finite_or(o[k] * e, 0.0f);
        settled = settled && fabsf(o[k]) < SAI_FIGURE_OFFSET_SETTLED;
    }
    if (settled) memset(o, 0, sizeof o);
    memcpy(&fig->merge_offset, o, sizeof o);
}

sa_figure_params sai_figure_blend(const sa_figure *fig, const sai_figure_ctx *c) {
    float acc[SAI_FIGURE_PARAM_FLOATS] = {0};
    float total = 0.0f;
    for (size_t i = 0; i < fig->fade.count && i < SA_FADE_MAX_LAYERS; ++i) {
        const float w = sai_saturate(fig->fade.layers[i].weight);
        if (!(w > 0.0f)) continue;
        sa_figure_params p;
        sai_figure_evaluate(&fig->config, c, fig->fade.layers[i].id,
                            sai_finite_or(fig->fade.layers[i].time, 0.0f), &p);
        accumulate(acc, &p, w);
        total += w;
    }
    sa_figure_params rest;
    sai_figure_idle(c, 0.0f, &rest);
    if (!(total > 0.0f)) return rest;
    /* The weights sum to 1 (fade.h); divide anyway so rounding never scales the figure. */
    const float inv = 1.0f / total;
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        acc[k] *= inv;
    accumulate(acc, &fig->merge_offset, 1.0f);
    sa_figure_params out;
    memcpy(&out, acc, sizeof out);
    out = sai_figure_sanitize(&out, &rest);
    sai_figure_apply_layers(fig, c, &out);
    return sai_figure_sanitize(&out, &rest);
}
