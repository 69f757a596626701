#include <stickanim/blend_tree.h>

#include <string.h>

#include "internal/scalar.h"

/* The largest phase rate, in cycles per second, a frame reports. */
#define SAI_BLEND_TREE_RATE_MAX 1e6f

sa_blend_tree_loco_config sa_blend_tree_loco_config_default(void) {
    sa_blend_tree_loco_config c;
    c.idle_speed = 0.05f;
    c.moving_speed = 0.35f;
    c.walk_speed = 1.9f;
    c.run_speed = 2.8f;
    c.walk_anim = 1.4f;
    c.run_anim = 2.8f;
    c.walk_stride = 1.5f;
    c.run_stride = 2.0f;
    c.follow_speed = true;
    c.units_per_cell = 1.0f;
    return c;
}

sa_status sa_blend_tree_loco_config_validate(const sa_blend_tree_loco_config *c) {
    if (!c) return SA_ERR_NULL;
    const float f[9] = {c->idle_speed,  c->moving_speed, c->walk_speed,
                        c->run_speed,   c->walk_anim,    c->run_anim,
                        c->walk_stride, c->run_stride,   c->units_per_cell};
    for (int i = 0; i < 9; ++i)
        if (!sai_finite(f[i])) return SA_ERR_NOT_FINITE;
    if (c->idle_speed < 0.0f || !(c->moving_speed > c->idle_speed) ||
        !(c->walk_speed > c->moving_speed) || !(c->run_speed > c->walk_speed) ||
        !(c->walk_anim > 0.0f) || !(c->run_anim > 0.0f) || !(c->walk_stride > 0.0f) ||
        !(c->run_stride > 0.0f) || !(c->units_per_cell > 0.0f))
        return SA_ERR_RANGE;
    /* Scaled, the speeds must stay finite and apart (the scale is applied when building). */
    const float u = c->units_per_cell;
    for (int i = 0; i < 8; ++i)
        if (!sai_finite(f[i] * u)) return SA_ERR_RANGE;
    if (!(c->moving_speed * u > c->idle_speed * u) || !(c->walk_speed * u > c->moving_speed * u) ||
        !(c->run_speed * u > c->walk_speed * u) || !(c->walk_stride * u > 0.0f) ||
        !(c->run_stride * u > 0.0f) || !(c->walk_anim * u > 0.0f) || !(c->run_anim * u > 0.0f))
        return SA_ERR_RANGE;
    return SA_OK;
}

/* Cycles advanced in dt, in the reference's order of operations: dt·speed·(anim/move)/stride.
 * Inputs are already clean: dt ≥ 0 and finite, speed finite, anim ≥ 0, stride > 0. */
static float cycles_in(float dt, float speed, float move, float anim, float stride, bool follow) {
    float c;
    if (follow && sai_finite(move) && move > 0.0f)
        c = dt * speed * (anim / move) / stride;
    else
        c = dt * anim / stride;
    if (!(c == c)) return 0.0f; /* 0·inf when anim/move overflowed */
    return sai_clamp(c, -FLT_MAX, FLT_MAX);
}

float sa_blend_tree_cycle_rate(float speed, float move, float anim, float stride,
                               bool follow_speed) {
    speed = sai_finite_or(speed, 0.0f);
    anim = sai_nonneg_or(anim, 0.0f);
    stride = sai_positive_or(stride, 0.0f);
    if (stride == 0.0f) return 0.0f;
    return sai_clamp(cycles_in(1.0f, speed, move, anim, stride, follow_speed),
                     -SAI_BLEND_TREE_RATE_MAX, SAI_BLEND_TREE_RATE_MAX);
}

static float stretch_of(float move, float anim) {
    if (!(move > 0.0f) || !(anim > 0.0f)) return 1.0f;
    return sai_clamp(move / anim, 0.0f, SA_BLEND_TREE_MAX_STRETCH);
}

static sa_status check_point(const sa_blend_tree_point *p, size_t clip_count,
                             const sa_blend_tree_point *prev) {
    if (!sai_finite(p->at) || !sai_finite(p->move) || !sai_finite(p->anim) ||
        !sai_finite(p->stride))
        return SA_ERR_NOT_FINITE;
    if (p->clip >= clip_count) return SA_ERR_COUNT;
    if (prev && !(p->at > prev->at)) return SA_ERR_UNSORTED;
    if (p->move < 0.0f || p->anim < 0.0f || !(p->stride > 0.0f)) return SA_ERR_RANGE;
    if ((uint32_t)p->ease >= (uint32_t)SA_EASE_COUNT_) return SA_ERR_RANGE;
    return SA_OK;
}

sa_status sa_blend_tree_space_init(sa_blend_tree_space *space, size_t clip_count,
                                   bool follow_speed) {
    if (!space) return SA_ERR_NULL;
    const bool ok = clip_count >= 1 && clip_count <= SA_BLEND_TREE_MAX_CLIPS;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_POINTS; ++i) {
        sa_blend_tree_point *p = &space->points[i];
        p->at = 0.0f;
        p->clip = 0;
        p->ease = SA_EASE_LINEAR;
        p->move = 0.0f;
        p->anim = 0.0f;
        p->stride = 1.0f;
    }
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i) {
        space->markers[i] = NULL;
        space->marker_count[i] = 0;
    }
    space->point_count = 0;
    space->clip_count = ok ? clip_count : 1;
    space->follow_speed = follow_speed;
    return ok ? SA_OK : SA_ERR_COUNT;
}

sa_status sa_blend_tree_space_add(sa_blend_tree_space *space, const sa_blend_tree_point *point) {
    if (!space || !point) return SA_ERR_NULL;
    const size_t n = space->point_count;
    if (n >= SA_BLEND_TREE_MAX_POINTS) return SA_ERR_CAPACITY;
    const sa_blend_tree_point *prev = n > 0 ? &space->points[n - 1] : NULL;
    const sa_status st = check_point(point, space->clip_count, prev);
    if (st != SA_OK) return st;
    space->points[n] = *point;
    space->point_count = n + 1;
    return SA_OK;
}

static sa_status check_markers(const sa_clip_touchdown *markers, size_t count) {
    if (count > SA_BLEND_TREE_MAX_MARKERS) return SA_ERR_COUNT;
    if (count > 0 && !markers) return SA_ERR_NULL;
    for (size_t i = 0; i < count; ++i) {
        const float p = markers[i].phase;
        if (!(p >= 0.0f && p < 1.0f)) return SA_ERR_RANGE;
        if (i > 0 && p < markers[i - 1].phase) return SA_ERR_UNSORTED;
    }
    return SA_OK;
}

sa_status sa_blend_tree_space_set_markers(sa_blend_tree_space *space, size_t clip,
                                          const sa_clip_touchdown *markers, size_t count) {
    if (!space) return SA_ERR_NULL;
    if (clip >= space->clip_count || clip >= SA_BLEND_TREE_MAX_CLIPS) return SA_ERR_COUNT;
    const sa_status st = check_markers(markers, count);
    if (st != SA_OK) return st;
    space->markers[clip] = count > 0 ? markers : NULL;
    space->marker_count[clip] = count;
    return SA_OK;
}

sa_status sa_blend_tree_space_validate(const sa_blend_tree_space *space) {
    if (!space) return SA_ERR_NULL;
    if (space->clip_count < 1 || space->clip_count > SA_BLEND_TREE_MAX_CLIPS) return SA_ERR_COUNT;
    if (space->point_count < 1 || space->point_count > SA_BLEND_TREE_MAX_POINTS)
        return SA_ERR_COUNT;
    for (size_t i = 0; i < space->point_count; ++i) {
        const sa_status st =
            check_point(&space->points[i], space->clip_count, i > 0 ? &space->points[i - 1] : NULL);
        if (st != SA_OK) return st;
    }
    for (size_t c = 0; c < space->clip_count; ++c) {
        const sa_status st = check_markers(space->markers[c], space->marker_count[c]);
        if (st != SA_OK) return st;
    }
    return SA_OK;
}

/* ---- sync markers ---------------------------------------------------------------------------- */

/* A warp between the reference slot's phase and a slot's own: n matched marker pairs, both
 * unwrapped so they increase from the first pair (ref[0] in [0, 1), own[0] in [0, 1), each at
 * most one cycle on). n = 0 is the identity. Phases in double. */
typedef struct sai_warp {
    double ref[SA_BLEND_TREE_MAX_MARKERS];
    double own[SA_BLEND_TREE_MAX_MARKERS];
    size_t n;
} sai_warp;

/* A slot's markers as the step reads them: at most the maximum, and only finite phases (an
 * unvalidated space can only give odd warps). */
static size_t marker_view(const sa_blend_tree_space *sp, size_t slot) {
    if (!sp->markers[slot]) return 0;
    const size_t n = sp->marker_count[slot];
    return n < SA_BLEND_TREE_MAX_MARKERS ? n : SA_BLEND_TREE_MAX_MARKERS;
}

static double marker_phase(const sa_clip_touchdown *m) { return (double)sai_phase_wrap(m->phase); }

/* How far b is ahead of a around the cycle, in [0, 1). */
static double ahead(double a, double b) {
    const double d = b - a;
    return d - floor(d);
}

/* Matches the follower's markers to the reference's, by foot, keeping both orders around the
 * cycle: the longest common subsequence of feet, anchored at the first reference marker whose foot
 * the follower has, tried against each follower marker of that foot; the anchor with the most
 * pairs wins, then the one with the smallest phase offsets. At most 16 × 16 per anchor. */
static void build_warp(const sa_clip_touchdown *r, size_t m, const sa_clip_touchdown *f, size_t k,
                       sai_warp *w) {
    w->n = 0;
    size_t i0 = m;
    for (size_t i = 0; i < m && i0 == m; ++i)
        for (size_t j = 0; j < k; ++j)
            if (f[j].foot == r[i].foot && sai_finite(r[i].phase) && sai_finite(f[j].phase)) {
                i0 = i;
                break;
            }
    if (i0 == m) return;
    double best_cost = HUGE_VAL;
    for (size_t j0 = 0; j0 < k; ++j0) {
        if (f[j0].foot != r[i0].foot || !sai_finite(f[j0].phase)) continue;
        /* len[a][b]: the longest match of reference markers i0 + a … and follower markers j0 + b
         * … (cyclic, a ≥ 1 and b ≥ 1: after the anchor), filled from the ends. */
        unsigned char len[SA_BLEND_TREE_MAX_MARKERS + 1][SA_BLEND_TREE_MAX_MARKERS + 1];
        for (size_t a = m + 1; a-- > 1;) {
            for (size_t b = k + 1; b-- > 1;) {
                if (a == m || b == k) {
                    len[a][b] = 0;
                    continue;
                }
                const sa_clip_touchdown *ra = &r[(i0 + a) % m], *fb = &f[(j0 + b) % k];
                if (ra->foot == fb->foot && sai_finite(ra->phase) && sai_finite(fb->phase))
                    len[a][b] = (unsigned char)(len[a + 1][b + 1] + 1);
                else
                    len[a][b] = len[a + 1][b] > len[a][b + 1] ? len[a + 1][b] : len[a][b + 1];
            }
        }
        sai_warp t;
        t.n = 1;
        t.ref[0] = marker_phase(&r[i0]);
        t.own[0] = marker_phase(&f[j0]);
        double cost = ahead(t.ref[0], t.own[0]);
        cost = cost < 0.5 ? cost : 1.0 - cost;
        size_t a = 1, b = 1;
        while (a < m && b < k) {
            const sa_clip_touchdown *ra = &r[(i0 + a) % m], *fb = &f[(j0 + b) % k];
            if (ra->foot == fb->foot && sai_finite(ra->phase) && sai_finite(fb->phase) &&
                len[a][b] == len[a + 1][b + 1] + 1) {
                const double x = t.ref[0] + ahead(t.ref[0], marker_phase(ra));
                const double y = t.own[0] + ahead(t.own[0], marker_phase(fb));
                if (x >= t.ref[t.n - 1] && y >= t.own[t.n - 1]) { /* unsorted input: skipped */
                    t.ref[t.n] = x;
                    t.own[t.n] = y;
                    ++t.n;
                    const double c = ahead(marker_phase(ra), marker_phase(fb));
                    cost += c < 0.5 ? c : 1.0 - c;
                }
                ++a;
                ++b;
            } else if (len[a + 1][b] >= len[a][b + 1]) {
                ++a;
            } else {
                ++b;
            }
        }
        if (t.n > w->n || (t.n == w->n && cost < best_cost)) {
            *w = t;
            best_cost = cost;
        }
    }
}

/* Maps a phase along the pairs from one side to the other (from_ref: reference → own). Piecewise
 * linear between pairs, around the cycle; a single pair is a constant offset. Result in [0, 1). */
static float warp_map(const sai_warp *w, double x, bool from_ref) {
    if (w->n == 0) return sai_phase_wrap((float)x);
    const double *a = from_ref ? w->ref : w->own, *b = from_ref ? w->own : w->ref;
    const double xu = a[0] + ahead(a[0], x); /* in [a[0], a[0] + 1) */
    size_t s = 0;
    while (s + 1 < w->n && xu >= a[s + 1])
        ++s;
    const double a1 = s + 1 < w->n ? a[s + 1] : a[0] + 1.0;
    const double b1 = s + 1 < w->n ? b[s + 1] : b[0] + 1.0;
    const double len = a1 - a[s];
    const double u = len > 0.0 ? (xu - a[s]) / len : 0.0;
    const double y = b[s] + (u < 0.0 ? 0.0 : (u > 1.0 ? 1.0 : u)) * (b1 - b[s]);
    const float r = (float)(y - floor(y));
    return r >= 0.0f && r < 1.0f ? r : 0.0f;
}

sa_status sa_blend_tree_space_from_loco(sa_blend_tree_space *space,
                                        const sa_blend_tree_loco_config *config) {
    if (!space) return SA_ERR_NULL;
    const sa_blend_tree_loco_config c = config ? *config : sa_blend_tree_loco_config_default();
    sa_blend_tree_space_init(space, SA_BLEND_TREE_LOCO_CLIP_COUNT_, c.follow_speed);
    const sa_status st = sa_blend_tree_loco_config_validate(&c);
    if (st != SA_OK) return st;
    /* The idle point carries the walk clip's gait numbers, as the reference does: below
     * walk_speed the mix is all walk, so the cycle stops with the body. */
    /* Every speed and stride in game units; with the default scale 1 the reference's numbers
     * pass through exactly. */
    const float u = c.units_per_cell;
    const float walk = c.walk_speed * u, walk_anim = c.walk_anim * u,
                walk_stride = c.walk_stride * u;
    const sa_blend_tree_point pts[4] = {
        {c.idle_speed * u, SA_BLEND_TREE_LOCO_CLIP_IDLE, SA_EASE_SMOOTH, walk, walk_anim,
         walk_stride},
        {c.moving_speed * u, SA_BLEND_TREE_LOCO_CLIP_WALK, SA_EASE_LINEAR, walk, walk_anim,
         walk_stride},
        {walk, SA_BLEND_TREE_LOCO_CLIP_WALK, SA_EASE_LINEAR, walk, walk_anim, walk_stride},
        {c.run_speed * u, SA_BLEND_TREE_LOCO_CLIP_RUN, SA_EASE_LINEAR, c.run_speed * u,
         c.run_anim * u, c.run_stride * u},
    };
    /* Validate accepted the config, so its scaled points are finite, strictly ascending and
     * fit: every add succeeds (the test blend_tree_loco_configs_validate_accepts_build_spaces
     * sweeps that). */
    for (size_t i = 0; i < 4; ++i)
        (void)sa_blend_tree_space_add(space, &pts[i]);
    return SA_OK;
}

static size_t clamp_count(size_t n, size_t max) { return n < max ? n : max; }

/* Advances the phase by the frame's advance: the leader's own phase moves by it and the sync
 * phase (the reference slot's) follows; then every slot's own phase before and after. Without
 * markers, one phase for all, advanced as it always was. */
static void sync_step(const sa_blend_tree_space *space, size_t clips, sa_blend_tree_frame *f) {
    const float before = f->phase;
    size_t ref = clips;
    for (size_t c = 0; c < clips && ref == clips; ++c)
        if (marker_view(space, c) > 0) ref = c;
    if (ref == clips) {
        f->phase = sai_phase_advance(before, f->advance);
        for (size_t c = 0; c < clips; ++c) {
            f->clip_phase_from[c] = before;
            f->clip_phase[c] = f->phase;
        }
        return;
    }
    sai_warp warps[SA_BLEND_TREE_MAX_CLIPS];
    const sa_clip_touchdown *rm = space->markers[ref];
    const size_t rn = marker_view(space, ref);
    for (size_t c = 0; c < clips; ++c) {
        const size_t n = marker_view(space, c);
        if (c == ref || n == 0)
            warps[c].n = 0;
        else
            build_warp(rm, rn, space->markers[c], n, &warps[c]);
    }
    const sai_warp *lead = &warps[f->leader];
    if (lead->n == 0) {
        f->phase = sai_phase_advance(before, f->advance);
    } else {
        const float own = warp_map(lead, (double)before, true);
        f->phase = warp_map(lead, (double)sai_phase_advance(own, f->advance), false);
    }
    for (size_t c = 0; c < clips; ++c) {
        f->clip_phase_from[c] = warp_map(&warps[c], (double)before, true);
        f->clip_phase[c] = warp_map(&warps[c], (double)f->phase, true);
    }
}

sa_blend_tree_frame sa_blend_tree_space_step(const sa_blend_tree_space *space, float *phase,
                                             float x, float dt) {
    sa_blend_tree_frame f;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i)
        f.weights[i] = 0.0f;
    f.weight_count = 0;
    f.segment = 0;
    f.u = 0.0f;
    f.move = 0.0f;
    f.anim = 0.0f;
    f.stride = 1.0f;
    f.stretch = 1.0f;
    f.rate = 0.0f;
    f.advance = 0.0f;
    f.phase = sai_phase_wrap(phase ? *phase : 0.0f);
    f.leader = 0;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i)
        f.clip_phase[i] = f.clip_phase_from[i] = 0.0f;
    if (phase) *phase = f.phase;
    const size_t n = space ? clamp_count(space->point_count, SA_BLEND_TREE_MAX_POINTS) : 0;
    if (n == 0) return f;
    const size_t clips =
        space->clip_count < 1 ? 1 : clamp_count(space->clip_count, SA_BLEND_TREE_MAX_CLIPS);
    const sa_blend_tree_point *p = space->points;
    if (!(x == x)) x = 0.0f;

    /* Find the active segment: a single point at either end, else the first i with
     * at[i] ≤ x < at[i + 1]. The comparisons are written so that NaN thresholds fall through. */
    size_t a = 0, b = 0;
    if (x > p[0].at) {
        a = b = n - 1;
        for (size_t i = 0; i + 1 < n; ++i) {
            if (x < p[i + 1].at) {
                a = i;
                b = i + 1;
                break;
            }
        }
    }
    float u = 0.0f, w = 0.0f;
    if (a != b) {
        u = sai_saturate((x - p[a].at) / (p[b].at - p[a].at));
        w = sai_saturate(sai_ease_apply(p[a].ease, u));
    }
    f.segment = a;
    f.u = u;

    const size_t slot_a = clamp_count(p[a].clip, clips - 1);
    const size_t slot_b = clamp_count(p[b].clip, clips - 1);
    if (slot_a == slot_b) {
        f.weights[slot_a] = 1.0f;
    } else {
        f.weights[slot_a] = 1.0f - w;
        f.weights[slot_b] = w;
    }
    f.weight_count = clips;

    /* Gait numbers of an unvalidated point are made safe for cycles_in(). */
    const float ma = sai_nonneg_or(p[a].move, 0.0f), mb = sai_nonneg_or(p[b].move, 0.0f);
    const float aa = sai_nonneg_or(p[a].anim, 0.0f), ab = sai_nonneg_or(p[b].anim, 0.0f);
    const float st_a = sai_positive_or(p[a].stride, 1.0f);
    const float st_b = sai_positive_or(p[b].stride, 1.0f);
    f.move = sai_clamp(sai_lerp(ma, mb, u), 0.0f, FLT_MAX);
    f.anim = sai_clamp(sai_lerp(aa, ab, u), 0.0f, FLT_MAX);
    f.stride = sai_clamp(sai_lerp(st_a, st_b, u), FLT_MIN, FLT_MAX);
    const bool follow = space->follow_speed;
    const float fx = sai_finite_or(x, 0.0f); /* an infinite speed has no finite distance */
    f.rate = sai_clamp(cycles_in(1.0f, fx, f.move, f.anim, f.stride, follow),
                       -SAI_BLEND_TREE_RATE_MAX, SAI_BLEND_TREE_RATE_MAX);
    f.advance = cycles_in(sai_positive_or(dt, 0.0f), fx, f.move, f.anim, f.stride, follow);
    f.stretch = follow ? stretch_of(f.move, f.anim) : 1.0f;
    for (size_t c = 1; c < clips; ++c)
        if (f.weights[c] > f.weights[f.leader]) f.leader = c;
    sync_step(space, clips, &f);
    if (phase) *phase = f.phase;
    return f;
}

/* ---- stretch joints by name ----------------------------------------------------------------- */

/* A joint name cut into lower-case words: at every character that is not a letter or a digit,
 * where a lower-case letter meets an upper-case one ("LeftUpLeg": left, up, leg), before the last
 * capital of a run followed by a lower-case letter ("LThigh": l, thigh) and where letters meet
 * digits. Words of digits only ("01", "015") are dropped: exporters number their bones. */
enum { SAI_NAME_WORDS = 12, SAI_NAME_WORD_LEN = 16 };
typedef struct name_words {
    char word[SAI_NAME_WORDS][SAI_NAME_WORD_LEN];
    size_t count;
} name_words;

static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alnum(char c) { return is_lower(c) || is_upper(c) || is_digit(c); }

static bool word_starts_at(const char *s, size_t i) {
    const char p = s[i - 1], c = s[i], n = s[i + 1];
    if (!is_alnum(p)) return true;
    if (is_digit(p) != is_digit(c)) return true;
    if (is_lower(p) && is_upper(c)) return true;
    return is_upper(p) && is_upper(c) && is_lower(n);
}

static void end_word(name_words *w, size_t len, bool digits_only) {
    if (len == 0) return;
    if (digits_only) {
        w->word[w->count][0] = '\0';
        return;
    }
    w->word[w->count][len] = '\0';
    ++w->count;
}

static name_words split_name(const char *s) {
    name_words w;
    w.count = 0;
    size_t len = 0;
    bool digits = true;
    for (size_t i = 0; s[i] && w.count < SAI_NAME_WORDS; ++i) {
        const char c = s[i];
        if (!is_alnum(c)) {
            end_word(&w, len, digits);
            len = 0;
            digits = true;
            continue;
        }
        if (len > 0 && word_starts_at(s, i)) {
            end_word(&w, len, digits);
            len = 0;
            digits = true;
            if (w.count >= SAI_NAME_WORDS) break;
        }
        if (len + 1 < SAI_NAME_WORD_LEN)
            w.word[w.count][len++] = is_upper(c) ? (char)(c - 'A' + 'a') : c;
        digits = digits && is_digit(c);
    }
    if (w.count < SAI_NAME_WORDS) end_word(&w, len, digits);
    return w;
}

static bool word_is(const name_words *w, size_t i, const char *want) {
    return i < w->count && strcmp(w->word[i], want) == 0;
}

static bool has_word(const name_words *w, const char *want) {
    for (size_t i = 0; i < w->count; ++i)
        if (word_is(w, i, want)) return true;
    return false;
}

/* Side of a joint: 0 left, 1 right, -1 neither (or both). */
static int name_side(const name_words *w) {
    const bool left = has_word(w, "l") || has_word(w, "left");
    const bool right = has_word(w, "r") || has_word(w, "right");
    return left == right ? -1 : (left ? 0 : 1);
}

/* How surely the words name the upper segment of a limb whose upper word is `upper` ("thigh",
 * "upperarm") and whose plain word is `plain` ("leg", "arm"): 2 for the upper segment by name
 * ("thigh", "UpLeg", "upper_arm"), 1 for the plain word alone (mixamo's "LeftArm" is the upper
 * arm, a quadruped's "Leg01" the thigh: the one nearest the root wins), 0 for none. Helpers
 * (twist, roll, IK targets) and the lower segments (fore, lower) are never picked. */
static int limb_match(const name_words *w, const char *upper, const char *alt, const char *plain) {
    static const char *const helpers[] = {"fore", "lower",  "lo",  "twist", "roll", "ik",
                                          "pole", "target", "end", "nub",   "mch"};
    for (size_t k = 0; k < sizeof helpers / sizeof helpers[0]; ++k)
        if (has_word(w, helpers[k])) return 0;
    int best = 0;
    for (size_t i = 0; i < w->count; ++i) {
        if (word_is(w, i, upper) || word_is(w, i, alt)) return 2;
        if ((word_is(w, i, "up") || word_is(w, i, "upper")) && word_is(w, i + 1, plain)) return 2;
        if (word_is(w, i, plain)) best = 1;
    }
    return best;
}

static size_t joint_depth(const sa_skeleton *skeleton, size_t j) {
    size_t depth = 0;
    for (int32_t p = skeleton->parents[j]; p >= 0 && depth < skeleton->joint_count; ++depth)
        p = skeleton->parents[p];
    return depth;
}

size_t sa_blend_tree_stretch_weights(const sa_skeleton *skeleton, float *out, size_t capacity) {
    if (sa_skeleton_validate(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (!out) return n;
    if (capacity < n) return 0;
    for (size_t j = 0; j < n; ++j)
        out[j] = 0.0f;
    if (!skeleton->names) return n;
    /* The four limbs: left and right thigh, left and right upper arm. */
    int32_t best[4] = {-1, -1, -1, -1};
    int score[4] = {0, 0, 0, 0};
    size_t depth[4] = {0, 0, 0, 0};
    for (size_t j = 0; j < n; ++j) {
        if (!skeleton->names[j]) continue;
        const name_words w = split_name(skeleton->names[j]);
        const int side = name_side(&w);
        if (side < 0) continue;
        const int kinds[2] = {limb_match(&w, "thigh", "upleg", "leg"),
                              limb_match(&w, "upperarm", "uparm", "arm")};
        for (int k = 0; k < 2; ++k) {
            const size_t limb = (size_t)(2 * k + side);
            if (kinds[k] == 0 || kinds[k] < score[limb]) continue;
            const size_t d = joint_depth(skeleton, j);
            if (kinds[k] == score[limb] && d >= depth[limb]) continue;
            best[limb] = (int32_t)j;
            score[limb] = kinds[k];
            depth[limb] = d;
        }
    }
    for (size_t limb = 0; limb < 4; ++limb)
        if (best[limb] >= 0) out[best[limb]] = 1.0f;
    return n;
}
