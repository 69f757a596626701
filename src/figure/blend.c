#include "pipeline.h"

#include <stddef.h>
#include <string.h>

#include "internal/lanes.h"
#include "internal/scalar.h"

/* ---- the parameters as one flat array of floats ------------------------------------------- */

/* Blending and repairs read sa_figure_params as SAI_FIGURE_PARAM_FLOATS floats, so a new
 * parameter is blended without being listed here (its range is a line in param_lo and param_hi
 * below). */
#define SAI_FIGURE_PARAM_FLOATS (sizeof(sa_figure_params) / sizeof(float))
_Static_assert(sizeof(sa_figure_params) % sizeof(float) == 0 &&
                   _Alignof(sa_figure_params) == _Alignof(float),
               "sa_figure_params must hold only floats (and sa_vec2s)");

/* Positions, distances and speeds are kept within ±1e9 units and angles within ±1e6 rad: far
 * beyond any motion (a figure at the largest config lengths, 1e6, moves within about 1e8), and
 * small enough that a joint, the sum of a position and a few config lengths, stays finite
 * (root.x = FLT_MAX solved into ±infinity). */
#define SAI_FIGURE_FAR   1e9f
#define SAI_FIGURE_TURNS 1e6f

/* Every parameter's range, as two parameter sets (lowest, highest) read float by float, so the
 * repair is one loop the compiler can vectorise. A new parameter gets its line in both. */
#define SAI_FIGURE_RANGED_FLOATS 24
_Static_assert(SAI_FIGURE_PARAM_FLOATS == SAI_FIGURE_RANGED_FLOATS,
               "a new sa_figure_params field needs its range in param_lo and param_hi");
static const sa_figure_params param_lo = {
    .root = {-SAI_FIGURE_FAR, -SAI_FIGURE_FAR},
    .lean = -SA_PI,
    .head_tilt = -SA_PI,
    .foot = {{-SAI_FIGURE_FAR, -SAI_FIGURE_FAR}, {-SAI_FIGURE_FAR, -SAI_FIGURE_FAR}},
    .arm_angle = {-SAI_FIGURE_TURNS, -SAI_FIGURE_TURNS},
    .arm_flex = {-SAI_FIGURE_TURNS, -SAI_FIGURE_TURNS},
    .spear = 0.0f,
    .spear_grip = {-SAI_FIGURE_FAR, -SAI_FIGURE_FAR},
    .spear_angle = -SAI_FIGURE_TURNS,
    .spear_gap = 0.0f,
    .spear_slide = 0.0f,
    .squash = 0.5f,
    .hair_push = {-SAI_FIGURE_TURNS, -SAI_FIGURE_TURNS},
    .ground_speed = 0.0f,
    .blade = 0.0f,
    .blade_angle = -SAI_FIGURE_TURNS,
};
static const sa_figure_params param_hi = {
    .root = {SAI_FIGURE_FAR, SAI_FIGURE_FAR},
    .lean = SA_PI,
    .head_tilt = SA_PI,
    .foot = {{SAI_FIGURE_FAR, SAI_FIGURE_FAR}, {SAI_FIGURE_FAR, SAI_FIGURE_FAR}},
    .arm_angle = {SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    .arm_flex = {SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    .spear = 1.0f,
    .spear_grip = {SAI_FIGURE_FAR, SAI_FIGURE_FAR},
    .spear_angle = SAI_FIGURE_TURNS,
    .spear_gap = SAI_FIGURE_FAR,
    .spear_slide = 1.0f,
    .squash = 1.5f,
    .hair_push = {SAI_FIGURE_TURNS, SAI_FIGURE_TURNS},
    .ground_speed = SAI_FIGURE_FAR,
    .blade = 1.0f,
    .blade_angle = SAI_FIGURE_TURNS,
};

/* True when every one of the parameters' floats v is finite (a bit test per float, no branch
 * inside the loop). */
static bool floats_finite(const float *v) {
    uint32_t bits[SAI_FIGURE_PARAM_FLOATS];
    memcpy(bits, v, sizeof bits);
    uint32_t bad = 0u;
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        bad |= (uint32_t)((bits[k] & 0x7F800000u) == 0x7F800000u);
    return bad == 0u;
}

/* True when every parameter is finite. */
static bool params_finite(const sa_figure_params *in) {
    float v[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, in, sizeof v);
    return floats_finite(v);
}

/* Each of the (finite) parameters' floats v clamped to its range in place: sai_clamp's result for
 * ranges with lo <= hi. */
static void clamp_floats(float *v) {
    float lo[SAI_FIGURE_PARAM_FLOATS], hi[SAI_FIGURE_PARAM_FLOATS];
    memcpy(lo, &param_lo, sizeof lo);
    memcpy(hi, &param_hi, sizeof hi);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k) {
        const float a = v[k] < lo[k] ? lo[k] : v[k];
        v[k] = a > hi[k] ? hi[k] : a;
    }
}

/* Each (finite) parameter clamped to its range. */
static sa_figure_params clamp_params(const sa_figure_params *in) {
    float v[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, in, sizeof v);
    clamp_floats(v);
    sa_figure_params out;
    memcpy(&out, v, sizeof out);
    return out;
}

sa_figure_params sai_figure_sanitize(const sa_figure_params *in, const sa_figure_params *rest) {
    if (params_finite(in)) return clamp_params(in);
    float v[SAI_FIGURE_PARAM_FLOATS], r[SAI_FIGURE_PARAM_FLOATS];
    float lo[SAI_FIGURE_PARAM_FLOATS], hi[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, in, sizeof v);
    memcpy(r, rest, sizeof r);
    memcpy(lo, &param_lo, sizeof lo);
    memcpy(hi, &param_hi, sizeof hi);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        v[k] = sai_clamp(sai_finite_or(v[k], r[k]), lo[k], hi[k]);
    sa_figure_params out;
    memcpy(&out, v, sizeof out);
    return out;
}

sa_figure_params sa_figure_params_rest(const sa_figure_config *cfg) {
    sa_figure_config store;
    const sa_figure_config *c = sai_figure_config_or_default(cfg, &store);
    const sai_figure_ctx ctx = sai_figure_context(c, 0.0f, 0.0f);
    sa_figure_params p;
    sai_figure_rest(&ctx, &p);
    return p;
}

/* ---- evaluate and blend ------------------------------------------------------------------- */

/* Just before the end: a one-shot holds its last frame, not its first. */
#define SAI_FIGURE_ONCE_END 0.9999f

/* The merge offset is dropped once every parameter of it is below this (units or radians). */
#define SAI_FIGURE_OFFSET_SETTLED 1e-5f

/* The parameters of fade layer `id` at `time` seconds into it (its row's evaluate, normalised
 * time, the spear from the row). A motion holding the spear turns its arms onto its shaft (IK
 * angles) when `arms`; else its arm angles are its row's, and *held (when not NULL) is set.
 * Inline: the blend runs it for every layer at every moment. */
SAI_INLINE void evaluate(const sa_figure_config *cfg, const sai_figure_ctx *c,
                         const sa_fade_layer *layer, bool arms, bool *held, sa_figure_params *out) {
    const int32_t id = layer->id;
    const float time = sai_finite_or(layer->time, 0.0f);
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
        u = row->play == SAI_FIGURE_ONCE ? sai_fminf(played, SAI_FIGURE_ONCE_END)
                                         : sai_phase_wrap(played);
    }
    if (row->evaluate == sai_figure_rise) {
        /* A rise shows the take-off its flight began with, which its layer keeps: a later
         * take-off (onto a ladder, into the water, off a ledge) must not change it under it. */
        sai_figure_ctx own = *c;
        own.rise = sai_figure_layer_rise(layer);
        sai_figure_rise(&own, u, out);
    } else {
        row->evaluate(c, u, out);
    }
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
    if (holds && arms)
        sai_figure_spear_arm_angles_cached(cfg, out, c->cache ? &c->cache->spear : NULL);
    else if (holds)
        *held = true;
}

/* acc += p · w over the parameters as floats. */
static void accumulate(float *acc, const sa_figure_params *p, float w) {
    float v[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, p, sizeof v);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        acc[k] += v[k] * w;
}

/* acc = 0 + p · w over the parameters as floats: the blend's sum started from its first layer
 * (without zeroing acc first; 0 + x is x but for −0, which it makes +0 as the sum from 0 did). */
static void start_sum(float *acc, const sa_figure_params *p, float w) {
    float v[SAI_FIGURE_PARAM_FLOATS];
    memcpy(v, p, sizeof v);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        acc[k] = 0.0f + v[k] * w;
}

#if SAI_HAS_LANES
/* The parameters' floats as rows of four lanes. */
#define SAI_FIGURE_PARAM_ROWS (SAI_FIGURE_PARAM_FLOATS / 4)
_Static_assert(SAI_FIGURE_PARAM_FLOATS % 4 == 0, "the parameters are whole rows of four floats");

/* clamp_floats() of a row: v < lo ? lo : v, then a > hi ? hi : a, lane by lane (a maxps and a
 * minps on x86, whose results are those expressions', NaN and signed zeros included). */
SAI_INLINE sai_f4 clamp_row(sai_f4 v, sai_f4 lo, sai_f4 hi) {
#if defined(__SSE2__)
    const sai_f4 a = (sai_f4)_mm_max_ps((__m128)lo, (__m128)v); /* lo > v ? lo : v */
    return (sai_f4)_mm_min_ps((__m128)hi, (__m128)a);           /* hi < a ? hi : a */
#else
    const sai_f4 a = sai_f4_select(v < lo, lo, v);
    return sai_f4_select(a > hi, hi, a);
#endif
}

/* The blend's end in rows: out = sum · inv + offset (offset · 1 is offset itself), clamped to the
 * ranges, in one pass; with `lone`, out = (sum + 0) + offset, what that gives for the sum
 * 0 + p · 1 of one layer p at weight 1 (inv 1) read straight from p. False, *out untouched, when a
 * float of the result is not finite (sum may be out: every row is read before one is written). */
SAI_INLINE bool finish_rows(const float *sum, float inv, bool lone, const sa_figure_params *offset,
                            sa_figure_params *out) {
    sai_f4 v[SAI_FIGURE_PARAM_ROWS];
    sai_f4 nan_if_not_finite = {0.0f, 0.0f, 0.0f, 0.0f}; /* (x − x: 0 when x is finite) */
    for (size_t r = 0; r < SAI_FIGURE_PARAM_ROWS; ++r) {
        const sai_f4 s = sai_f4_load(sum + 4 * r);
        v[r] =
            (lone ? s + 0.0f : s * inv) + sai_f4_load((const float *)(const void *)offset + 4 * r);
        nan_if_not_finite += v[r] - v[r];
    }
    if (!sai_lanes_true(nan_if_not_finite == 0.0f)) return false;
    for (size_t r = 0; r < SAI_FIGURE_PARAM_ROWS; ++r)
        sai_f4_store((float *)(void *)out + 4 * r,
                     clamp_row(v[r], sai_f4_load((const float *)(const void *)&param_lo + 4 * r),
                               sai_f4_load((const float *)(const void *)&param_hi + 4 * r)));
    return true;
}
#endif

/* accumulate(), in rows where there are lanes (read straight from p, not through a copy). */
SAI_INLINE void accumulate_layer(float *acc, const sa_figure_params *p, float w) {
#if SAI_HAS_LANES
    for (size_t r = 0; r < SAI_FIGURE_PARAM_ROWS; ++r)
        sai_f4_store(acc + 4 * r, sai_f4_load(acc + 4 * r) +
                                      sai_f4_load((const float *)(const void *)p + 4 * r) * w);
#else
    accumulate(acc, p, w);
#endif
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
        evaluate(&fig->config, c, &f->layers[i], true, NULL, &p[i]);
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
    /* No merge fading (the usual case): nothing to do, as the loop below would leave it 0. */
    uint32_t bits[SAI_FIGURE_PARAM_FLOATS], any = 0u;
    memcpy(bits, &fig->merge_offset, sizeof bits);
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        any |= bits[k];
    if (any == 0u) return;
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

/* p repaired (sai_figure_sanitize) against the idle rest pose, computed only when a field is not
 * finite. */
static sa_figure_params repaired(const sa_figure_params *p, const sai_figure_ctx *c) {
    if (params_finite(p)) return clamp_params(p);
    sa_figure_params rest;
    sai_figure_rest(c, &rest);
    return sai_figure_sanitize(p, &rest);
}

/* *p = repaired(p, c) in place: in rows where there are lanes (the finite test and the clamp of
 * finish_rows()), the layers' parameters being finite nearly always. */
static void repair_in_place(sa_figure_params *p, const sai_figure_ctx *c) {
#if SAI_HAS_LANES
    sai_f4 v[SAI_FIGURE_PARAM_ROWS];
    sai_i4 bad = {0, 0, 0, 0};
    const sai_i4 exponent = {0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000};
    for (size_t r = 0; r < SAI_FIGURE_PARAM_ROWS; ++r) {
        v[r] = sai_f4_load((const float *)(const void *)p + 4 * r);
        bad |= ((sai_i4)v[r] & exponent) == exponent;
    }
    if (!sai_lanes_any(bad)) {
        for (size_t r = 0; r < SAI_FIGURE_PARAM_ROWS; ++r)
            sai_f4_store((float *)(void *)p + 4 * r,
                         clamp_row(v[r],
                                   sai_f4_load((const float *)(const void *)&param_lo + 4 * r),
                                   sai_f4_load((const float *)(const void *)&param_hi + 4 * r)));
        return;
    }
#endif
    *p = repaired(p, c);
}

/* out = the blend's sum acc (of weights adding up to `total`) divided by the weights, plus the
 * merge offset, repaired: the blend's end without lanes, or with a float not finite. */
static void finish_floats(const sa_figure *fig, const sai_figure_ctx *c, float *acc, float total,
                          sa_figure_params *out) {
    /* The weights sum to 1 (fade.h); divide anyway so rounding never scales the figure. */
    const float inv = 1.0f / total;
    for (size_t k = 0; k < SAI_FIGURE_PARAM_FLOATS; ++k)
        acc[k] *= inv;
    accumulate(acc, &fig->merge_offset, 1.0f);
    if (floats_finite(acc)) {
        clamp_floats(acc); /* (repaired() of finite parameters, in place) */
        memcpy(out, acc, sizeof *out);
    } else {
        memcpy(out, acc, sizeof *out);
        *out = repaired(out, c);
    }
}

/* The first fade layer from i on with a weight (saturated, into *w) above 0; n when none. */
SAI_INLINE size_t next_shown(const sa_fade *f, size_t i, size_t n, float *w) {
    for (; i < n; ++i) {
        *w = sai_saturate(f->layers[i].weight);
        if (*w > 0.0f) break;
    }
    return i;
}

/* sai_figure_blend_into(), the spear motions' arms turned onto their shafts when `arms`; else
 * *held says whether a motion showing holds the spear (its arm angles are then its row's).
 * Inline in sai_figure_blend_into()'s first pass (every moment's); blend_layers() elsewhere. */
SAI_INLINE void blend_layers_inline(const sa_figure *fig, const sai_figure_ctx *c, bool arms,
                                    bool *held, sa_figure_params *out) {
    const sa_fade *f = &fig->fade;
    const size_t n = f->count < SA_FADE_MAX_LAYERS ? f->count : SA_FADE_MAX_LAYERS;
    float first = 0.0f, w = 0.0f;
    size_t i = next_shown(f, 0, n, &first);
    if (i == n) {
        sai_figure_rest(c, out);
        return;
    }
    /* The sum 0 + p0 · w0 + p1 · w1 + ... of the layers showing, its weights' (0 + w0 + ...), the
     * first layer's evaluated into *out: alone at weight 1 (as nearly always), the sum is read from
     * there (finish_rows), not built. */
    evaluate(&fig->config, c, &f->layers[i], arms, held, out);
    float acc[SAI_FIGURE_PARAM_FLOATS];
    float total = first; /* (0 + w0: w0 > 0) */
    bool alone = true;
    while ((i = next_shown(f, i + 1, n, &w)) < n) {
        if (alone) start_sum(acc, out, first);
        alone = false;
        sa_figure_params p;
        evaluate(&fig->config, c, &f->layers[i], arms, held, &p);
        accumulate_layer(acc, &p, w);
        total += w;
    }
#if SAI_HAS_LANES
    const bool lone = alone && first == 1.0f;
    bool finished;
    if (lone) {
        finished =
            finish_rows((const float *)(const void *)out, 1.0f, true, &fig->merge_offset, out);
    } else {
        if (alone) start_sum(acc, out, first);
        finished = finish_rows(acc, 1.0f / total, false, &fig->merge_offset, out);
    }
    if (!finished) {
        if (lone) start_sum(acc, out, first); /* (*out still the layer's) */
        finish_floats(fig, c, acc, total, out);
    }
#else
    if (alone) start_sum(acc, out, first);
    finish_floats(fig, c, acc, total, out);
#endif
    /* (repaired parameters repair to themselves: finite, and clamping is idempotent) */
    if (!sai_figure_layers_idle(fig) && sai_figure_apply_layers(fig, c, out))
        repair_in_place(out, c);
}

static void blend_layers(const sa_figure *fig, const sai_figure_ctx *c, bool arms, bool *held,
                         sa_figure_params *out) {
    blend_layers_inline(fig, c, arms, held, out);
}

void sai_figure_blend_into(const sa_figure *fig, const sai_figure_ctx *c, sa_figure_params *out) {
    /* The arm angles of a blend whose spear is 1 are never read (the solve holds both hands on
     * the shaft by IK then): a spear motion's own IK angles are computed only for a blend that
     * shows them, one with a spear below 1 (a fade with another motion, a layer, a merge). */
    bool held = false;
    blend_layers_inline(fig, c, false, &held, out);
    if (held && out->spear != 1.0f && c->arms) blend_layers(fig, c, true, &held, out);
}

sa_figure_params sai_figure_blend(const sa_figure *fig, const sai_figure_ctx *c) {
    sa_figure_params out;
    sai_figure_blend_into(fig, c, &out);
    return out;
}

void sai_figure_keep_shown(sa_figure *fig, const sai_figure_ctx *before,
                           const sai_figure_ctx *after) {
    bool held = false;
    sa_figure_params was, now;
    blend_layers(fig, before, true, &held, &was);
    blend_layers(fig, after, true, &held, &now);
    float o[SAI_FIGURE_PARAM_FLOATS];
    memcpy(o, &fig->merge_offset, sizeof o);
    accumulate(o, &was, 1.0f);
    accumulate(o, &now, -1.0f);
    /* (never a non-finite offset: the blend would repair every frame to the rest pose) */
    if (!floats_finite(o)) return;
    memcpy(&fig->merge_offset, o, sizeof o);
}
