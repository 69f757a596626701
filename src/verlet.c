#include <stickanim/verlet.h>

#include "internal/scalar.h"
#include "internal/verlet_hair.h"
#include "internal/verlet_lanes.h"
#include "internal/xform.h"

/* The reference's constants are per frame at 60 fps: 1 / SA_VERLET_REFERENCE_DT, exactly.
 * docs/verlet.md explains the per-second update below. */
static const float REF_RATE = 60.0f;

typedef struct chain_cfg {
    float spacing, drag;
    sa_vec2 accel; /* (the rest direction, direction_or_down(accel), is taken where needed) */
    size_t iterations;
} chain_cfg;

/* NaN, infinite or negative is the default; larger than the maximum is the maximum. */
static float clamp_spacing(float s) {
    return sai_clamp(sai_nonneg_or(s, SA_VERLET_DEFAULT_SPACING), 0.0f, SA_VERLET_MAX_SPACING);
}

/* Unit vector along v, or straight down when v has no usable direction. */
static sa_vec2 direction_or_down(sa_vec2 v) { return sai_v2_normalize_or(v, sai_v2(0.0f, 1.0f)); }

/* sane_cfg() of a config with a field out of range, or none. */
static chain_cfg repaired_cfg(const sa_verlet_config *config) {
    const sa_verlet_config d = sa_verlet_config_default();
    const sa_verlet_config *p = config ? config : &d;
    chain_cfg c;
    c.spacing = clamp_spacing(p->spacing);
    c.drag = p->drag == p->drag ? sai_saturate(p->drag) : SA_VERLET_DEFAULT_DRAG;
    c.accel = sai_v2_finite_or(p->accel, sai_v2(0.0f, 0.0f));
    c.iterations =
        p->iterations > SA_VERLET_MAX_ITERATIONS ? SA_VERLET_MAX_ITERATIONS : p->iterations;
    return c;
}

SAI_INLINE chain_cfg sane_cfg(const sa_verlet_config *config) {
    /* Every field in range (nearly always): the repairs would give each as it is. */
    if (config && config->spacing >= 0.0f && config->spacing <= SA_VERLET_MAX_SPACING &&
        config->drag >= 0.0f && config->drag <= 1.0f && sai_v2_finite(config->accel) &&
        config->iterations <= SA_VERLET_MAX_ITERATIONS) {
        chain_cfg c;
        c.spacing = config->spacing;
        c.drag = config->drag;
        c.accel = config->accel;
        c.iterations = config->iterations;
        return c;
    }
    return repaired_cfg(config);
}

static void lay_out(sa_verlet_point *pts, size_t n, sa_vec2 pin, sa_vec2 dir, float spacing) {
    for (size_t i = 0; i < n; ++i) {
        const float d = spacing * (float)i;
        pts[i].pos = sai_v2(pin.x + dir.x * d, pin.y + dir.y * d);
        pts[i].prev = pts[i].pos;
    }
}

/* x - x is 0 for a finite x and NaN for an infinite or NaN one: the chain is finite when the sum
 * of those is 0. No branch per coordinate (the answer is nearly always yes). */
SAI_INLINE bool chain_finite(const sa_verlet_point *pts, size_t n) {
    float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f}; /* one sum per coordinate: a vector's lanes */
    for (size_t i = 0; i < n; ++i) {
        zero[0] += pts[i].pos.x - pts[i].pos.x;
        zero[1] += pts[i].pos.y - pts[i].pos.y;
        zero[2] += pts[i].prev.x - pts[i].prev.x;
        zero[3] += pts[i].prev.y - pts[i].prev.y;
    }
    return (zero[0] + zero[1]) + (zero[2] + zero[3]) == 0.0f;
}

/* Length of (dx, dy) without overflow or underflow in the squares. */
static inline float seg_length(float dx, float dy) {
    const float l2 = dx * dx + dy * dy;
    if (l2 < FLT_MAX && l2 > 1e-30f) return sqrtf(l2);
    return sai_hypotf(dx, dy);
}

/* Squares of a segment's length the constraint takes as they are (plain squares): in (1e-30,
 * SAI_PLAIN_SQUARE_MAX). Above it (a length of 1e15) reach / l2 could fall out of the normal
 * floats; the rest take the careful length, sai_hypotf(). */
#define SAI_PLAIN_SQUARE_MAX 1e30f
SAI_INLINE bool plain_square1(float l2) { return l2 > 1e-30f && l2 < SAI_PLAIN_SQUARE_MAX; }

/* d * (reach / |d|) of a plain square l2 = |d|^2, as (d * (reach / l2)) * sqrt(l2): the root and
 * the quotient do not wait for each other, nor the quotient's products for the root, which the
 * last product alone waits for (the hair's constraint is a chain of these, each waiting for the
 * last: reach / sqrt(l2) waited for the root before it divided, then multiplied twice). For
 * reach in [0, 1e6] the result is at most 1e21 and within 2 ulp of d * reach / |d|. */
SAI_INLINE sa_vec2 reach_along(sa_vec2 d, float reach, float l2) {
    const float q = reach / l2, root = sqrtf(l2);
    return sai_v2((d.x * q) * root, (d.y * q) * root);
}

/* The relax passes pull each pair toward its length by one Newton step of 1 / len from the rest
 * length: reach / len ~ (reach / spacing) (1.5 - 0.5 len^2 / spacing^2), products and sums where
 * the exact correction waits for a root and a quotient (the hair's constraint is a chain of 21 of
 * those, each waiting for the last: most of its time). The step never carries a pair past its
 * rest length (at a length 10% off it lands 1.5% short, at 20% 6.5%), and the passes repeat it.
 * Outside the band of lengths 0.8 to 1.2 times spacing the step is the exact one (far from it the
 * Newton step falls short, and past sqrt(3) times spacing it would fold the pair back); the last
 * pass, set_lengths(), is exact. */
typedef struct relax_band {
    float pull; /* 0.5 / spacing^2, 0 below 1e-12 spacing (no square in the band; pull finite) */
    float half_pull; /* pull / 2, the unpinned pairs' (exactly half, as is their t) */
    float spacing;
} relax_band;

SAI_INLINE relax_band band_of(float spacing) {
    relax_band b;
    b.pull = spacing >= 1e-12f ? 0.5f / (spacing * spacing) : 0.0f;
    b.half_pull = b.pull * 0.5f;
    b.spacing = spacing;
    return b;
}

/* A pair's t: len^2 pull, half the square's share of spacing^2, for the pinned pair; half that
 * for the others, which their step takes (len^2 (pull / 2) is (len^2 pull) / 2 exactly: a power
 * of two scales without rounding in the band, and one product less waits in the chain). */
SAI_INLINE float pair_t(float l2, const relax_band *b, bool pinned) {
    return l2 * (pinned ? b->pull : b->half_pull);
}

/* Whether a pair's t is in the band: lengths 0.8 to 1.2 times spacing, len^2 pull in [0.32, 0.72]
 * (false for NaN; the unpinned pairs' halves of it, the same test halved exactly). */
SAI_INLINE bool in_band(float t, bool pinned) {
    return pinned ? fabsf(t - 0.52f) <= 0.2f : fabsf(t - 0.26f) <= 0.1f;
}

/* The Newton step on the pair (a, b) = (a, a + d), its t (pair_t) in the band: the pinned pair's
 * far point goes to a + d (1.5 - t), the others' two points d (0.75 - t) either side of their
 * middle a + d / 2. Each written as a part that waits only for d and one that waits for t (the
 * chain of the passes waits on t, then a product and a sum). */
SAI_INLINE void newton_move(sa_vec2 *a, sa_vec2 *b, sa_vec2 d, float t, bool pinned) {
    if (pinned) {
        *b = sai_v2_sub(sai_v2_add(*a, sai_v2_scale(d, 1.5f)), sai_v2_scale(d, t));
        return;
    }
    const sa_vec2 by_t = sai_v2_scale(d, t);
    *b = sai_v2_sub(sai_v2_add(*a, sai_v2_scale(d, 1.25f)), by_t);
    *a = sai_v2_add(sai_v2_sub(*a, sai_v2_scale(d, 0.25f)), by_t);
}

/* The exact step on the pair (a, b) = (a, a + d) by the correction u = d reach / |d|: the pinned
 * pair's far point spacing along it from the pin, the others' two points spacing / 2 either side
 * of their middle. */
SAI_INLINE void exact_move(sa_vec2 *a, sa_vec2 *b, sa_vec2 d, sa_vec2 u, bool pinned) {
    if (pinned) {
        *b = sai_v2_add(*a, u);
        return;
    }
    const sa_vec2 m = sai_v2_add(*a, sai_v2_scale(d, 0.5f));
    *a = sai_v2_sub(m, u);
    *b = sai_v2_add(m, u);
}

/* Follow the leader: every segment exactly spacing long, keeping its direction. */
static void set_lengths(sa_verlet_point *pts, size_t n, float spacing, sa_vec2 accel) {
    for (size_t i = 1; i < n; ++i) {
        const sa_vec2 a = pts[i - 1].pos;
        const float dx = pts[i].pos.x - a.x, dy = pts[i].pos.y - a.y, l2 = dx * dx + dy * dy;
        const bool plain = plain_square1(l2);
        const float len = plain ? 0.0f : sai_hypotf(dx, dy);
        sa_vec2 d;
        if (plain || (len > 1e-30f && sai_finite(len))) {
            /* (at most 1e6 / 1e-30: finite, and |dx| <= len) */
            d = plain ? reach_along(sai_v2(dx, dy), spacing, l2)
                      : sai_v2_scale(sai_v2(dx, dy), spacing / len);
        } else {
            const sa_vec2 rest_dir = direction_or_down(accel);
            d = sai_v2(rest_dir.x * spacing, rest_dir.y * spacing);
        }
        pts[i].pos = sai_v2(a.x + d.x, a.y + d.y);
    }
}

sa_verlet_config sa_verlet_config_default(void) {
    sa_verlet_config p;
    p.spacing = SA_VERLET_DEFAULT_SPACING;
    p.drag = SA_VERLET_DEFAULT_DRAG;
    p.accel = sai_v2(0.0f, SA_VERLET_GRAVITY);
    p.iterations = SA_VERLET_DEFAULT_ITERATIONS;
    return p;
}

sa_status sa_verlet_chain_init(sa_verlet_point *points, size_t count, sa_vec2 pin,
                               sa_vec2 direction, float spacing) {
    if (!points) return SA_ERR_NULL;
    if (count == 0) return SA_ERR_COUNT;
    const bool finite = sai_v2_finite(pin) && sai_v2_finite(direction) && sai_finite(spacing);
    pin = sai_v2_finite_or(pin, sai_v2(0.0f, 0.0f));
    lay_out(points, count, pin, direction_or_down(direction), clamp_spacing(spacing));
    return finite ? SA_OK : SA_ERR_NOT_FINITE;
}

/* Squares of lengths in [lo, hi] with 1e-30 < lo and hi < SAI_PLAIN_SQUARE_MAX are plain
 * (plain_square1). hi is updated as a maxss does, to a NaN square itself; a NaN or
 * infinite square makes the points it moves NaN and every later square NaN, so the last one is,
 * and so is hi. */
typedef struct square_range {
    float lo, hi;
} square_range;

SAI_INLINE void square_range_add(square_range *r, float l2) {
    r->lo = r->lo < l2 ? r->lo : l2;
    r->hi = r->hi > l2 ? r->hi : l2;
}

/* One pair of a relax pass (from the pin outward: each pair pulled back to its spacing, both
 * points sharing the correction except the pinned first one, the reference's constraint with the
 * Newton step in the band): a moves unless pinned, and b. Not `careful`, every square is taken as
 * plain and *r gathers those out of the band, which the caller tests once for the whole pass: a
 * square in the band is plain (with spacing s in [1e-12, 1e6] it is within [0.6 s^2, 1.5 s^2],
 * and a smaller s has pull 0, so t = 0 and none in the band: SA_VERLET_MAX_SPACING is 1e6), and a
 * NaN square is out of it. (x and y as two floats: a vector's lanes would add a shuffle to the
 * chain of the pass, which is what its time is; the exact step a branch, so the Newton step does
 * not wait for it.) */
SAI_INLINE void relax_pair(sa_vec2 *a, sa_vec2 *b, const relax_band *band, bool pinned,
                           bool careful, square_range *r) {
    const sa_vec2 d = sai_v2_sub(*b, *a);
    const float l2 = sai_v2_dot(d, d), t = pair_t(l2, band, pinned);
    if (SAI_LIKELY(in_band(t, pinned))) {
        newton_move(a, b, d, t, pinned);
        return;
    }
    const float reach = pinned ? band->spacing : band->spacing * 0.5f;
    sa_vec2 u;
    if (!careful) {
        square_range_add(r, l2);
        u = reach_along(d, reach, l2);
    } else if (plain_square1(l2)) {
        u = reach_along(d, reach, l2);
    } else {
        const float len = sai_hypotf(d.x, d.y);
        if (!(len > 1e-30f)) return;
        u = sai_v2_scale(d, reach / len);
    }
    exact_move(a, b, d, u, pinned);
}

/* The relax passes over any chain: relax_pair() of each pair, careful. */
static void relax(sa_verlet_point *pts, size_t n, const relax_band *band) {
    for (size_t i = 0; i + 1 < n; ++i)
        relax_pair(&pts[i].pos, &pts[i + 1].pos, band, i == 0, true, NULL);
}

/* One segment of set_lengths() on the hair held in locals: b put spacing from a; `careful` and
 * *r as in relax_pair(). */
SAI_INLINE void set_length(sa_vec2 a, sa_vec2 *b, const chain_cfg *c, bool careful,
                           square_range *r) {
    const sa_vec2 d = sai_v2_sub(*b, a);
    sa_vec2 dd;
    const float l2 = sai_v2_dot(d, d);
    if (!careful) {
        square_range_add(r, l2);
        dd = reach_along(d, c->spacing, l2);
    } else {
        const bool plain = plain_square1(l2);
        const float len = plain ? 0.0f : sai_hypotf(d.x, d.y);
        if (plain) {
            dd = reach_along(d, c->spacing, l2);
        } else if (len > 1e-30f && sai_finite(len)) {
            dd = sai_v2_scale(d, c->spacing / len);
        } else {
            dd = sai_v2_scale(direction_or_down(c->accel), c->spacing);
        }
    }
    *b = sai_v2_add(a, dd);
}

/* The hair's SA_VERLET_HAIR_POINTS positions, held in locals by the functions that take it. */
typedef struct hair_pos {
    sa_vec2 p[SA_VERLET_HAIR_POINTS];
} hair_pos;

/* One relax pass over the hair's points: relax_pair() of each pair. */
SAI_INLINE void relax_hair_pass(sa_vec2 *p0, sa_vec2 *p1, sa_vec2 *p2, sa_vec2 *p3,
                                const relax_band *band, bool careful, square_range *r) {
    relax_pair(p0, p1, band, true, careful, r);
    relax_pair(p1, p2, band, false, careful, r);
    relax_pair(p2, p3, band, false, careful, r);
}

/* relax() and set_lengths() on the hair's SA_VERLET_HAIR_POINTS (4) points held in named locals,
 * each pass written out, so the compiler keeps them in registers and the passes are the chain of
 * dependent operations alone (a store and reload in it, or loop bookkeeping, costs more than the
 * arithmetic): the same operations in the same order, so the same results bit for bit. The
 * default count of passes (the hair's) is written out in full but where careful (nearly never).
 * Returns false, the points untouched, when not careful and a square was not plain. */
_Static_assert(SA_VERLET_HAIR_POINTS == 4, "relax_hair() writes out four points");
_Static_assert(SA_VERLET_DEFAULT_ITERATIONS == 6, "relax_hair() writes out six passes");
SAI_INLINE bool relax_hair(hair_pos *h, const chain_cfg *c, bool careful) {
    sa_vec2 p0 = h->p[0], p1 = h->p[1], p2 = h->p[2], p3 = h->p[3];
    const relax_band band = band_of(c->spacing);
    square_range r = {FLT_MAX, 0.0f};
    if (!careful && c->iterations == SA_VERLET_DEFAULT_ITERATIONS) {
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
        relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
    } else {
        for (size_t it = 0; it < c->iterations; ++it)
            relax_hair_pass(&p0, &p1, &p2, &p3, &band, careful, &r);
    }
    set_length(p0, &p1, c, careful, &r);
    set_length(p1, &p2, c, careful, &r);
    set_length(p2, &p3, c, careful, &r);
    if (!careful && !(r.lo > 1e-30f && r.hi < SAI_PLAIN_SQUARE_MAX)) return false;
    h->p[1] = p1;
    h->p[2] = p2;
    h->p[3] = p3;
    return true;
}

/* relax_hair() careful: a length was not a plain root (nearly never). The points by value, so
 * the caller's stay in registers. */
SAI_COLD_FN hair_pos relax_hair_careful(hair_pos h, const chain_cfg *c) {
    (void)relax_hair(&h, c, true);
    return h;
}

/* Nearly always every length is a plain root: the passes without a test of it per pair, and again
 * with them when one was not. */
static void constrain_hair(sa_verlet_point *pts, const chain_cfg *c) {
    hair_pos h;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        h.p[i] = pts[i].pos;
    if (!relax_hair(&h, c, false)) h = relax_hair_careful(h, c);
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i)
        pts[i].pos = h.p[i];
}

SAI_INLINE void constrain(sa_verlet_point *pts, size_t n, const chain_cfg *c) {
    if (n == SA_VERLET_HAIR_POINTS) {
        constrain_hair(pts, c);
        return;
    }
    const relax_band band = band_of(c->spacing);
    for (size_t it = 0; it < c->iterations; ++it)
        relax(pts, n, &band);
    set_lengths(pts, n, c->spacing, c->accel);
}

/* One step of h > 0 seconds. prev is parked on the position before the move, and the velocity
 * is rebuilt from where the point actually went: v = (after - before) / h, stored as
 * prev = pos - v / 60. */
SAI_INLINE void advance(sa_verlet_point *pts, size_t n, sa_vec2 pin, const chain_cfg *c, float h,
                        float keep, float gain) {
    const float ax = c->accel.x * gain, ay = c->accel.y * gain;
    for (size_t i = 1; i < n; ++i) {
        const sa_vec2 x = pts[i].pos;
        const float vx = (x.x - pts[i].prev.x) * REF_RATE * keep + ax;
        const float vy = (x.y - pts[i].prev.y) * REF_RATE * keep + ay;
        pts[i].prev = x;
        pts[i].pos = sai_v2(x.x + vx * h, x.y + vy * h);
    }
    pts[0].prev = pts[0].pos;
    pts[0].pos = pin;
    constrain(pts, n, c);
    const float r = 1.0f / (REF_RATE * h);
    for (size_t i = 0; i < n; ++i) {
        const sa_vec2 x = pts[i].pos;
        pts[i].prev = sai_v2(x.x - (x.x - pts[i].prev.x) * r, x.y - (x.y - pts[i].prev.y) * r);
    }
}

/* No time passes: prev holds each point's offset pos - prev while the points move. */
static void follow(sa_verlet_point *pts, size_t n, sa_vec2 pin, const chain_cfg *c) {
    for (size_t i = 0; i < n; ++i)
        pts[i].prev = sai_v2_sub(pts[i].pos, pts[i].prev);
    pts[0].pos = pin;
    constrain(pts, n, c);
    for (size_t i = 0; i < n; ++i)
        pts[i].prev = sai_v2_sub(pts[i].pos, pts[i].prev);
}

/* Over h seconds the velocity keeps keep = exp(-lambda h) = drag^(60 h), and a constant
 * acceleration adds a * gain with gain = (1 - exp(-lambda h)) / lambda (h without drag), lambda =
 * -60 ln(drag). The default drag over 1/120 s (a figure's sub-step) and 1/60 s are the values the
 * formula gives, bit for bit (printed with %a from the same operations): no log and exp per step.
 */
SAI_INLINE void drag_factors(float drag, float h, float *keep, float *gain) {
    if (drag == SA_VERLET_DEFAULT_DRAG && h == 1.0f / 120.0f) {
        *keep = 0x1.dacf2cp-1f;
        *gain = 0x1.070648p-7f;
        return;
    }
    if (drag == SA_VERLET_DEFAULT_DRAG && h == 1.0f / 60.0f) {
        *keep = 0x1.b851ecp-1f;
        *gain = 0x1.faf184p-7f;
        return;
    }
    /* (the default drag's rate, -REF_RATE * sai_logf(SA_VERLET_DEFAULT_DRAG) bit for bit, printed
     * with %a: a step of any other length, a frame's carried end, takes no log) */
    const float lambda = drag == SA_VERLET_DEFAULT_DRAG ? 0x1.219476p+3f
                         : drag > 0.0f                  ? -REF_RATE * sai_logf(drag)
                                                        : INFINITY;
    const float lh = lambda * h;
    *keep = sai_expf(-lh);
    *gain = lh < 1e-6f ? h : -sai_expm1f(-lh) / lambda;
}

/* sa_verlet_chain_step() on a usable chain, inlined where count is a constant (the hair's). */
SAI_INLINE void chain_step(sa_verlet_point *points, size_t count, sa_vec2 pin, const chain_cfg c,
                           float dt) {
    pin = sai_v2_finite_or(pin, sai_v2_finite_or(points[0].pos, sai_v2(0.0f, 0.0f)));
    if (!chain_finite(points, count))
        lay_out(points, count, pin, direction_or_down(c.accel), c.spacing);

    const float t = (dt >= SA_VERLET_MIN_DT && dt <= SA_VERLET_MAX_DT) ? dt
                    : (dt > SA_VERLET_MAX_DT)                          ? SA_VERLET_MAX_DT
                                                                       : 0.0f;
    if (t > 0.0f) {
        /* Sub-steps of at most 1/60 s (1% of slack so a 60 fps timer's 16.67 ms is one), the pin
         * moving linearly over the frame: a 30 fps frame is two 60 fps steps. */
        const float x = t * REF_RATE - 0.01f; /* in (-0.01, 60]: its ceiling, without libm */
        const int32_t m = (int32_t)x + ((float)(int32_t)x < x ? 1 : 0);
        const int32_t steps = m < 1 ? 1 : m;
        const float h = t / (float)steps;
        /* Drag is exponential decay at rate lambda = -60 ln(drag): over h the velocity keeps
         * exp(-lambda h) = drag^(60 h), and a constant acceleration adds exactly
         * a (1 - exp(-lambda h)) / lambda (a h without drag), so the forced motion does not
         * depend on h; the plain a h overshoots it by about lambda h / 2. */
        float keep, gain;
        drag_factors(c.drag, h, &keep, &gain);
        if (steps == 1) { /* (a figure's sub-step: the loop below with j = steps) */
            advance(points, count, pin, &c, h, keep, gain);
        } else {
            const sa_vec2 from = points[0].pos;
            for (int32_t j = 1; j <= steps; ++j) {
                const sa_vec2 at =
                    j == steps ? pin : sai_v2_lerp(from, pin, (float)j / (float)steps);
                advance(points, count, at, &c, h, keep, gain);
            }
        }
    } else {
        follow(points, count, pin, &c);
    }
    if (!chain_finite(points, count))
        lay_out(points, count, pin, direction_or_down(c.accel), c.spacing);
}

void sa_verlet_chain_step(sa_verlet_point *points, size_t count, sa_vec2 pin,
                          const sa_verlet_config *config, float dt) {
    if (!points || count == 0) return;
    /* (the hair's four points: every loop over them unrolled, the points held in registers) */
    if (count == SA_VERLET_HAIR_POINTS)
        chain_step(points, SA_VERLET_HAIR_POINTS, pin, sane_cfg(config), dt);
    else
        chain_step(points, count, pin, sane_cfg(config), dt);
}

/* advance() of the hair: its points held in locals from the load to the store (the passes'
 * careful rerun out of line). Returns chain_finite() of what it stores. */
SAI_INLINE bool advance_hair(sa_verlet_point *pts, sa_vec2 pin, const chain_cfg *c, float h,
                             float keep, float gain) {
    const float ax = c->accel.x * gain, ay = c->accel.y * gain;
    sa_vec2 was[SA_VERLET_HAIR_POINTS];
    hair_pos at;
    was[0] = pts[0].pos;
    at.p[0] = pin;
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sa_vec2 x = pts[i].pos;
        const float vx = (x.x - pts[i].prev.x) * REF_RATE * keep + ax;
        const float vy = (x.y - pts[i].prev.y) * REF_RATE * keep + ay;
        was[i] = x;
        at.p[i] = sai_v2(x.x + vx * h, x.y + vy * h);
    }
    if (!SAI_LIKELY(relax_hair(&at, c, false))) at = relax_hair_careful(at, c);
    const float r = 1.0f / (REF_RATE * h);
    float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f}; /* (chain_finite()'s sums) */
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sa_vec2 x = at.p[i];
        const sa_vec2 prev = sai_v2(x.x - (x.x - was[i].x) * r, x.y - (x.y - was[i].y) * r);
        pts[i].pos = x;
        pts[i].prev = prev;
        zero[0] += x.x - x.x;
        zero[1] += x.y - x.y;
        zero[2] += prev.x - prev.x;
        zero[3] += prev.y - prev.y;
    }
    return (zero[0] + zero[1]) + (zero[2] + zero[3]) == 0.0f;
}

/* chain_step() of the hair, out of line: the steps sai_verlet_hair_step() does not take itself. */
SAI_COLD_FN void hair_chain_step(sa_verlet_point *points, sa_vec2 pin, const chain_cfg *c,
                                 float dt) {
    chain_step(points, SA_VERLET_HAIR_POINTS, pin, *c, dt);
}

void sai_verlet_hair_step(sa_verlet_point *points, sa_vec2 pin, float spacing, float drag,
                          sa_vec2 accel, float dt) {
    /* What sane_cfg() leaves of the default config with these fields in range; the iterations
     * a constant, so the passes unroll. */
    chain_cfg c;
    c.spacing = spacing;
    c.drag = drag;
    c.accel = sai_v2_finite_or(accel, sai_v2(0.0f, 0.0f));
    c.iterations = SA_VERLET_DEFAULT_ITERATIONS;
    /* A figure's step, nearly always: chain_step() of a finite chain and pin over a step of time
     * taken in one advance (dt * 60 - 0.01 at most 1, the ceiling chain_step() counts; h = dt). */
    const float pin_zero = (pin.x - pin.x) + (pin.y - pin.y); /* (0 for a finite pin) */
    if (SAI_LIKELY(dt >= SA_VERLET_MIN_DT && dt * REF_RATE - 0.01f <= 1.0f && pin_zero == 0.0f &&
                   chain_finite(points, SA_VERLET_HAIR_POINTS))) {
        float keep, gain;
        drag_factors(c.drag, dt, &keep, &gain);
        if (!SAI_LIKELY(advance_hair(points, pin, &c, dt, keep, gain)))
            lay_out(points, SA_VERLET_HAIR_POINTS, pin, direction_or_down(c.accel), c.spacing);
        return;
    }
    hair_chain_step(points, pin, &c, dt);
}

#if SAI_HAS_LANES
/* What sa_verlet_chain_step() takes for each lane on the common path: one step of h, the pin
 * reached at its end, all of it in the float operations advance() and constrain_hair() do. */
typedef struct step4 {
    sai_f4 pin_x, pin_y, ax, ay, keep, h, rate, spacing;
    sai_f4 pull, half_pull; /* each lane's relax_band (spacing above) */
} step4;

/* The lanes of `in` that the common path covers: a finite pin, a config in range (as sane_cfg()
 * leaves it), a step of time (at least SA_VERLET_MIN_DT) taken in one advance; *s for them. */
static sai_i4 lanes_of(step4 *s, const sai_hair4_step *in) {
    const sai_f4 dt = in->dt;
    /* (the scalar step's count of advances is the ceiling of x: one while x <= 1) */
    const sai_f4 x = dt * REF_RATE - 0.01f;
    const sai_i4 covered = sai_f4_finite(in->pin_x) & sai_f4_finite(in->pin_y) &
                           sai_f4_finite(in->accel_x) & sai_f4_finite(in->accel_y) &
                           (in->spacing >= 0.0f) & (in->spacing <= SA_VERLET_MAX_SPACING) &
                           (in->drag >= 0.0f) & (in->drag <= 1.0f) & (dt >= SA_VERLET_MIN_DT) &
                           (dt <= SA_VERLET_MAX_DT) & (x <= 1.0f);
    sai_f4 keep = sai_f4_splat(0.0f), gain = keep;
    s->pull = keep;
    s->half_pull = keep;
    for (int k = 0; k < 4; ++k) {
        if (!covered[k]) continue;
        float keep_k, gain_k;
        drag_factors(in->drag[k], dt[k], &keep_k, &gain_k);
        keep[k] = keep_k;
        gain[k] = gain_k;
        const relax_band b = band_of(in->spacing[k]);
        s->pull[k] = b.pull;
        s->half_pull[k] = b.half_pull;
    }
    s->pin_x = in->pin_x;
    s->pin_y = in->pin_y;
    s->ax = in->accel_x * gain;
    s->ay = in->accel_y * gain;
    s->keep = keep;
    s->h = dt;
    s->rate = 1.0f / (REF_RATE * dt);
    s->spacing = in->spacing;
    return covered;
}

/* Whether the squares l2 are such that seg_length() takes their root, per lane. */
SAI_INLINE sai_i4 plain_square(sai_f4 l2) { return (l2 < FLT_MAX) & (l2 > 1e-30f); }

/* square_range in lanes: square_range_add() lane by lane (a maxps keeps a NaN square). */
typedef struct square_range4 {
    sai_f4 lo, hi;
} square_range4;

SAI_INLINE void square_range4_add(square_range4 *r, sai_f4 l2) {
    r->lo = sai_f4_min_fast(r->lo, l2); /* (a NaN square is kept by hi) */
#if defined(__SSE2__)
    r->hi = (sai_f4)_mm_max_ps((__m128)r->hi, (__m128)l2); /* l2 where either is NaN */
#else
    r->hi = sai_f4_select(r->hi > l2, r->hi, l2);
#endif
}

/* Lanes whose squares in r were all plain (plain_square1). */
SAI_INLINE sai_i4 square_range4_plain(const square_range4 *r) {
    return (r->lo > 1e-30f) & (r->hi < SAI_PLAIN_SQUARE_MAX);
}

/* relax_pair() in lanes, not careful: (xa, ya) moves unless pinned, and (xb, yb); *r gathers the
 * squares when a lane's is out of the band (those in it are plain, as relax_pair() says). The
 * exact step is taken only then (nearly never). */
SAI_INLINE void relax_pair4(sai_f4 *xa, sai_f4 *ya, sai_f4 *xb, sai_f4 *yb, const step4 *s,
                            bool pinned, square_range4 *r) {
    const sai_f4 dx = *xb - *xa, dy = *yb - *ya;
    const sai_f4 l2 = dx * dx + dy * dy, t = l2 * (pinned ? s->pull : s->half_pull);
    /* (newton_move() lane by lane) */
    sai_f4 nxa = *xa, nya = *ya, nxb, nyb;
    if (pinned) {
        nxb = (*xa + dx * 1.5f) - dx * t;
        nyb = (*ya + dy * 1.5f) - dy * t;
    } else {
        const sai_f4 bx = dx * t, by = dy * t;
        nxb = (*xa + dx * 1.25f) - bx;
        nyb = (*ya + dy * 1.25f) - by;
        nxa = (*xa - dx * 0.25f) + bx;
        nya = (*ya - dy * 0.25f) + by;
    }
    /* (in_band() lane by lane) */
    const sai_f4 off = (sai_f4)((sai_i4)(t - (pinned ? 0.52f : 0.26f)) & INT32_MAX);
    const sai_i4 out = ~(off <= (pinned ? 0.2f : 0.1f));
    if (SAI_LIKELY(!sai_lanes_any(out))) {
        *xa = nxa;
        *ya = nya;
        *xb = nxb;
        *yb = nyb;
        return;
    }
    square_range4_add(r, l2);
    /* (exact_move() with reach_along() lane by lane, in the lanes out of the band) */
    const sai_f4 q = (pinned ? s->spacing : s->spacing * 0.5f) / l2, root = sai_f4_sqrt(l2);
    const sai_f4 ux = (dx * q) * root, uy = (dy * q) * root;
    sai_f4 exa = *xa, eya = *ya, exb, eyb;
    if (pinned) {
        exb = *xa + ux;
        eyb = *ya + uy;
    } else {
        const sai_f4 mx = *xa + dx * 0.5f, my = *ya + dy * 0.5f;
        exa = mx - ux;
        eya = my - uy;
        exb = mx + ux;
        eyb = my + uy;
    }
    *xa = sai_f4_select(out, exa, nxa);
    *ya = sai_f4_select(out, eya, nya);
    *xb = sai_f4_select(out, exb, nxb);
    *yb = sai_f4_select(out, eyb, nyb);
}

/* set_length() in lanes: (xb, yb) put spacing from (xa, ya); *r gathers the square. */
SAI_INLINE void set_length4(sai_f4 xa, sai_f4 ya, sai_f4 *xb, sai_f4 *yb, sai_f4 spacing,
                            square_range4 *r) {
    const sai_f4 dx = *xb - xa, dy = *yb - ya;
    const sai_f4 l2 = dx * dx + dy * dy;
    square_range4_add(r, l2);
    const sai_f4 q = spacing / l2, root = sai_f4_sqrt(l2); /* (reach_along()) */
    *xb = xa + (dx * q) * root;
    *yb = ya + (dy * q) * root;
}

/* advance() and constrain_hair() of one step in lanes, from from[g] into c[g] (every number of
 * it) for each of `sets` sets of four chains (1 or 2: a constant where it is inlined); plain[g]
 * loses the lanes a length took off the common path. The sets' passes go pair by pair, set after
 * set: each pass is a chain of roots and quotients each waiting for the last, and two chains in
 * step keep the processor busy while each waits. */
SAI_INLINE void advance4_sets(const sai_hair4 *const *from, sai_hair4 *const *c, const step4 *s,
                              sai_i4 *plain, int sets) {
    sai_f4 x0[2], y0[2], x1[2], y1[2], x2[2], y2[2], x3[2], y3[2];
    square_range4 r[2];
    for (int g = 0; g < sets; ++g) {
        for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
            const sai_f4 vx = (from[g]->x[i] - from[g]->px[i]) * REF_RATE * s[g].keep + s[g].ax;
            const sai_f4 vy = (from[g]->y[i] - from[g]->py[i]) * REF_RATE * s[g].keep + s[g].ay;
            c[g]->px[i] = from[g]->x[i];
            c[g]->py[i] = from[g]->y[i];
            c[g]->x[i] = from[g]->x[i] + vx * s[g].h;
            c[g]->y[i] = from[g]->y[i] + vy * s[g].h;
        }
        c[g]->px[0] = from[g]->x[0];
        c[g]->py[0] = from[g]->y[0];
        x0[g] = s[g].pin_x;
        y0[g] = s[g].pin_y;
        x1[g] = c[g]->x[1];
        y1[g] = c[g]->y[1];
        x2[g] = c[g]->x[2];
        y2[g] = c[g]->y[2];
        x3[g] = c[g]->x[3];
        y3[g] = c[g]->y[3];
        r[g] = (square_range4){sai_f4_splat(FLT_MAX), sai_f4_splat(0.0f)};
    }
    for (int it = 0; it < SA_VERLET_DEFAULT_ITERATIONS; ++it) {
        for (int g = 0; g < sets; ++g)
            relax_pair4(&x0[g], &y0[g], &x1[g], &y1[g], &s[g], true, &r[g]);
        for (int g = 0; g < sets; ++g)
            relax_pair4(&x1[g], &y1[g], &x2[g], &y2[g], &s[g], false, &r[g]);
        for (int g = 0; g < sets; ++g)
            relax_pair4(&x2[g], &y2[g], &x3[g], &y3[g], &s[g], false, &r[g]);
    }
    for (int g = 0; g < sets; ++g)
        set_length4(x0[g], y0[g], &x1[g], &y1[g], s[g].spacing, &r[g]);
    for (int g = 0; g < sets; ++g)
        set_length4(x1[g], y1[g], &x2[g], &y2[g], s[g].spacing, &r[g]);
    for (int g = 0; g < sets; ++g)
        set_length4(x2[g], y2[g], &x3[g], &y3[g], s[g].spacing, &r[g]);
    for (int g = 0; g < sets; ++g) {
        plain[g] &= square_range4_plain(&r[g]);
        sai_hair4 *cg = c[g];
        cg->x[0] = x0[g];
        cg->y[0] = y0[g];
        cg->x[1] = x1[g];
        cg->y[1] = y1[g];
        cg->x[2] = x2[g];
        cg->y[2] = y2[g];
        cg->x[3] = x3[g];
        cg->y[3] = y3[g];
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
            cg->px[i] = cg->x[i] - (cg->x[i] - cg->px[i]) * s[g].rate;
            cg->py[i] = cg->y[i] - (cg->y[i] - cg->py[i]) * s[g].rate;
        }
    }
}

/* sqrt of two doubles in place, each rounded as sqrt(). */
SAI_INLINE void sqrt_two(double *v) {
#if defined(__SSE2__)
    __m128d x;
    memcpy(&x, v, sizeof x);
    x = _mm_sqrt_pd(x);
    memcpy(v, &x, sizeof x);
#elif defined(__wasm_simd128__)
    v128_t x = wasm_v128_load(v);
    wasm_v128_store(v, wasm_f64x2_sqrt(x));
#else
    v[0] = sqrt(v[0]);
    v[1] = sqrt(v[1]);
#endif
}

/* Two lanes of double for onto_circle() and the normal's length: half h of four lanes (lanes 2h
 * and 2h + 1), one register with SSE2. */
typedef double sai_d2 __attribute__((vector_size(16)));
typedef int64_t sai_l2 __attribute__((vector_size(16)));
#define SAI_D2_SELECT(m, a, b) ((sai_d2)(((sai_l2)(a) & (m)) | ((sai_l2)(b) & ~(m))))
#define SAI_D2_ABS(v)          ((sai_d2)((sai_l2)(v) & (INT64_MAX)))

SAI_INLINE sai_d2 d2_of(sai_f4 v, int h) {
    return (sai_d2){(double)v[2 * h], (double)v[2 * h + 1]};
}
SAI_INLINE sai_d2 d2_sqrt(sai_d2 v) {
    double two[2];
    memcpy(two, &v, sizeof two);
    sqrt_two(two);
    memcpy(&v, two, sizeof v);
    return v;
}

/* sqrt(x^2 + y^2) per lane, the squares and their root in double, rounded to float once. */
SAI_INLINE sai_f4 length_in_double(sai_f4 x, sai_f4 y) {
    sai_f4 l;
    for (int h = 0; h < 2; ++h) {
        const sai_d2 xd = d2_of(x, h), yd = d2_of(y, h), root = d2_sqrt(xd * xd + yd * yd);
        l[2 * h] = (float)root[0];
        l[2 * h + 1] = (float)root[1];
    }
    return l;
}

/* onto_circle(a, q, (cx, cy), r, len) in double in half h of the lanes: *qx, *qy where the point
 * goes in its lanes inside, and *off set in those where it is not the common path. The other
 * half of the lanes is left as it is. */
static void onto_circle2(int h, sai_f4 ax, sai_f4 ay, sai_f4 len, sai_f4 cx, sai_f4 cy, sai_f4 r,
                         sai_i4 inside, sai_f4 *qx, sai_f4 *qy, sai_i4 *off) {
    const sai_d2 cxd = d2_of(cx, h), cyd = d2_of(cy, h), rd = d2_of(r, h), ll = d2_of(len, h);
    const sai_d2 ex = d2_of(ax, h) - cxd, ey = d2_of(ay, h) - cyd;
    const sai_d2 d = d2_sqrt(ex * ex + ey * ey);
    sai_l2 bad = ~((d > 1e-9) & (d + ll >= rd) & (SAI_D2_ABS(d - rd) <= ll));
    const sai_d2 cphi = (rd * rd + d * d - ll * ll) / (2.0 * rd * d);
    const sai_d2 one = {1.0, 1.0};
    const sai_d2 cp = SAI_D2_SELECT(cphi < -1.0, -one, SAI_D2_SELECT(cphi > 1.0, one, cphi));
    const sai_d2 sp = d2_sqrt(1.0 - cp * cp);
    const sai_d2 ux = ex / d, uy = ey / d;
    const sai_d2 side = -uy * (d2_of(*qx, h) - cxd) + ux * (d2_of(*qy, h) - cyd);
    const sai_d2 sn = SAI_D2_SELECT(side < 0.0, -sp, sp);
    const sai_d2 ox = cxd + rd * (cp * ux - sn * uy), oy = cyd + rd * (cp * uy + sn * ux);
    bad |= ~((SAI_D2_ABS(ox) <= (double)FLT_MAX) & (SAI_D2_ABS(oy) <= (double)FLT_MAX));
    for (int j = 0; j < 2; ++j) {
        const int k = 2 * h + j;
        if (!inside[k]) continue;
        (*off)[k] |= bad[j] ? -1 : 0;
        (*qx)[k] = (float)ox[j];
        (*qy)[k] = (float)oy[j];
    }
}

/* sa_verlet_chain_collide_circle(chain k, SA_VERLET_HAIR_POINTS, (cx, cy)[k], r[k]) in the lanes
 * of `lanes` whose points take its common path (the circle usable, the chain finite, no length
 * whose square underflows or overflows, a point inside met by the segment's circle): each lane
 * the same float and double operations. Returns the lanes done; the others keep their chains. */
sai_i4 sai_verlet_hair_collide4(sai_hair4 *c, sai_f4 cx, sai_f4 cy, sai_f4 r, sai_i4 lanes) {
    const sai_f4 big = sai_f4_splat(FLT_MAX);
    sai_i4 off = ~(lanes & sai_hair4_finite(c) & (cx - cx == 0.0f) & (cy - cy == 0.0f) &
                   (r > 0.0f) & (r <= big));
    if (sai_lanes_true(off)) return ~off;
    const sai_f4 r2 = r * r;
    /* No point inside in any lane (as often as not): none moves, and each velocity moves by
     * q - old = 0 (which turns -0 into +0). */
    sai_i4 inside_any = {0, 0, 0, 0};
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_f4 out_x = c->x[i] - cx, out_y = c->y[i] - cy;
        inside_any |= out_x * out_x + out_y * out_y < r2;
    }
    if (!sai_lanes_any(inside_any & ~off)) {
        for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
            c->px[i] = sai_f4_select(off, c->px[i], c->px[i] + (c->x[i] - c->x[i]));
            c->py[i] = sai_f4_select(off, c->py[i], c->py[i] + (c->y[i] - c->y[i]));
        }
        return ~off;
    }
    sai_hair4 n; /* points 1.. as the pass leaves them (point 0 stays) */
    n.x[0] = c->x[0];
    n.y[0] = c->y[0];
    sai_f4 lead_x = n.x[0], lead_y = n.y[0];
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_f4 ax = n.x[i - 1], ay = n.y[i - 1], old_x = c->x[i], old_y = c->y[i];
        const sai_f4 ldx = old_x - lead_x, ldy = old_y - lead_y;
        const sai_i4 moved = (ax != lead_x) | (ay != lead_y);
        lead_x = old_x;
        lead_y = old_y;
        /* The segment's length, and where the point goes after a moved leader (seg_length()). */
        const sai_f4 len2 = ldx * ldx + ldy * ldy, len = sai_f4_sqrt(len2);
        sai_f4 qx = old_x, qy = old_y;
        if (sai_lanes_any(moved & ~off)) {
            const sai_f4 ex_ = old_x - ax, ey_ = old_y - ay, l2 = ex_ * ex_ + ey_ * ey_;
            const sai_f4 k = len / sai_f4_sqrt(l2);
            off |= moved & ~plain_square(l2);
            qx = sai_f4_select(moved, ax + ex_ * k, old_x);
            qy = sai_f4_select(moved, ay + ey_ * k, old_y);
            off |= ~((qx - qx == 0.0f) & (qy - qy == 0.0f));
        }
        const sai_f4 out_x = qx - cx, out_y = qy - cy;
        const sai_i4 inside = out_x * out_x + out_y * out_y < r2;
        off |= (moved | inside) & ~plain_square(len2);
        /* onto_circle() in each half of the lanes with a point inside (as often as not only
         * one) */
        const sai_i4 live = inside & ~off;
        for (int h = 0; h < 2; ++h)
            if (live[2 * h] | live[2 * h + 1])
                onto_circle2(h, ax, ay, len, cx, cy, r, inside, &qx, &qy, &off);
        /* The velocity moves along; what points into the circle is taken out. */
        sai_f4 prev_x = c->px[i] + (qx - old_x), prev_y = c->py[i] + (qy - old_y);
        if (sai_lanes_any(inside & ~off)) {
            /* direction_or_down(q - c): its plain case, the length's root in double */
            const sai_f4 vx = qx - cx, vy = qy - cy;
            const sai_f4 avx = (sai_f4)((sai_i4)vx & INT32_MAX),
                         avy = (sai_f4)((sai_i4)vy & INT32_MAX);
            const sai_f4 m = sai_f4_select(avx > avy, avx, avy);
            off |= inside & ~((m >= 0x1p-60f) & (m <= 0x1p100f));
            const sai_f4 l = length_in_double(vx, vy), nx = vx / l, ny = vy / l;
            const sai_f4 vn = (qx - prev_x) * nx + (qy - prev_y) * ny;
            const sai_i4 into = inside & (vn < 0.0f);
            prev_x = sai_f4_select(into, prev_x + nx * vn, prev_x);
            prev_y = sai_f4_select(into, prev_y + ny * vn, prev_y);
        }
        off |= ~((prev_x - prev_x == 0.0f) & (prev_y - prev_y == 0.0f));
        n.x[i] = qx;
        n.y[i] = qy;
        n.px[i] = prev_x;
        n.py[i] = prev_y;
    }
    const bool all = !sai_lanes_any(off);
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        c->x[i] = all ? n.x[i] : sai_f4_select(off, c->x[i], n.x[i]);
        c->y[i] = all ? n.y[i] : sai_f4_select(off, c->y[i], n.y[i]);
        c->px[i] = all ? n.px[i] : sai_f4_select(off, c->px[i], n.px[i]);
        c->py[i] = all ? n.py[i] : sai_f4_select(off, c->py[i], n.py[i]);
    }
    return ~off;
}

/* The lanes of `lanes` the common path covers for chains `from` and step `in`, *s for them. */
static sai_i4 covered_lanes(const sai_hair4 *from, const sai_hair4_step *in, sai_i4 lanes,
                            step4 *s) {
    sai_i4 covered = lanes & sai_hair4_finite(from);
    if (sai_lanes_any(covered)) covered &= lanes_of(s, in);
    return covered;
}

/* What sai_verlet_hair_step4() leaves after the advance of the covered lanes (plain: the lanes
 * whose lengths stayed plain): the others of `to` back to their chains of `from`. */
static sai_i4 finish_step4(const sai_hair4 *from, sai_hair4 *to, sai_i4 covered, sai_i4 plain) {
    covered &= plain & sai_hair4_finite(to);
    if (!sai_lanes_true(covered)) sai_hair4_select(covered, to, from, to);
    return covered;
}

sai_i4 sai_verlet_hair_step4(const sai_hair4 *from, sai_hair4 *to, const sai_hair4_step *in,
                             sai_i4 lanes) {
    step4 s[1];
    const sai_i4 covered = covered_lanes(from, in, lanes, &s[0]);
    if (!sai_lanes_any(covered)) {
        *to = *from;
        return covered;
    }
    sai_i4 plain[1] = {sai_lanes_all()};
    const sai_hair4 *const f[2] = {from, NULL};
    sai_hair4 *const t[2] = {to, NULL};
    advance4_sets(f, t, s, plain, 1);
    return finish_step4(from, to, covered, plain[0]);
}

void sai_verlet_hair_step4x2(const sai_hair4 *const from[2], sai_hair4 *const to[2],
                             const sai_hair4_step *const in[2], const sai_i4 lanes[2],
                             sai_i4 done[2]) {
    step4 s[2];
    const sai_i4 covered[2] = {covered_lanes(from[0], in[0], lanes[0], &s[0]),
                               covered_lanes(from[1], in[1], lanes[1], &s[1])};
    if (!sai_lanes_any(covered[0]) || !sai_lanes_any(covered[1])) {
        /* (a set with nothing to step: each on its own) */
        for (int g = 0; g < 2; ++g)
            done[g] = sai_verlet_hair_step4(from[g], to[g], in[g], lanes[g]);
        return;
    }
    sai_i4 plain[2] = {sai_lanes_all(), sai_lanes_all()};
    advance4_sets(from, to, s, plain, 2);
    for (int g = 0; g < 2; ++g)
        done[g] = finish_step4(from[g], to[g], covered[g], plain[g]);
}
#endif

/* The point on the circle (c, r) at distance len from a, on q's side of the line c -> a: the two
 * circles meet where cos(phi) = (r^2 + d^2 - len^2) / (2 r d), phi measured at c from a. Returns
 * false when they do not meet (a deep inside the circle); the point is finite. */
SAI_INLINE bool onto_circle(sa_vec2 a, sa_vec2 q, sa_vec2 c, float r, float len, sa_vec2 *out) {
    const double ex = (double)a.x - (double)c.x, ey = (double)a.y - (double)c.y;
    /* (sai_hypot_d() to the bit: differences of floats square far inside the double range) */
    const double d = sqrt(ex * ex + ey * ey), rr = (double)r, ll = (double)len;
    if (!(d > 1e-9) || !(d + ll >= rr) || !(fabs(d - rr) <= ll)) return false;
    const double cphi = (rr * rr + d * d - ll * ll) / (2.0 * rr * d);
    const double cp = cphi < -1.0 ? -1.0 : (cphi > 1.0 ? 1.0 : cphi);
    const double sp = sqrt(1.0 - cp * cp);
    const double ux = ex / d, uy = ey / d; /* c -> a, and its normal (-uy, ux) */
    const double side = -uy * ((double)q.x - (double)c.x) + ux * ((double)q.y - (double)c.y);
    const double s = side < 0.0 ? -sp : sp;
    /* (finite: sai_narrow() is) */
    *out = sai_v2(sai_narrow((double)c.x + (double)r * (cp * ux - s * uy)),
                  sai_narrow((double)c.y + (double)r * (cp * uy + s * ux)));
    return true;
}

/* direction_or_down(v) inline where v is plain (its larger component's magnitude in [2^-60,
 * 2^100], as a point on the circle nearly always is from its centre; false for a NaN): no
 * scaling, and v / |v| with the length's root in double as sai_hypotf() takes it (it is finite),
 * the same bits. */
SAI_INLINE sa_vec2 normal_of(sa_vec2 v) {
    const float ax = fabsf(v.x), ay = fabsf(v.y);
    const bool plain = ax <= 0x1p100f && ay <= 0x1p100f && (ax >= 0x1p-60f || ay >= 0x1p-60f);
    if (!SAI_LIKELY(plain)) return direction_or_down(v);
    const double dx = (double)v.x, dy = (double)v.y;
    const float len = (float)sqrt(dx * dx + dy * dy);
    return sai_v2(v.x / len, v.y / len);
}

/* Where a point at old goes after its leader moved from lead to a: along a -> old, keeping its
 * segment's length len. */
SAI_INLINE sa_vec2 follow_leader(sa_vec2 old, sa_vec2 a, sa_vec2 lead, float len) {
    const float dx = old.x - a.x, dy = old.y - a.y, l2 = dx * dx + dy * dy;
    /* (seg_length()'s plain case: the root of a square in (1e-30, FLT_MAX) is above 1e-30 and
     * finite, so it is the quotient's) */
    if (l2 < FLT_MAX && l2 > 1e-30f)
        return sai_v2_add(a, sai_v2_scale(sai_v2(dx, dy), len / sqrtf(l2)));
    const float l = sai_hypotf(dx, dy);
    return l > 1e-30f && sai_finite(l) ? sai_v2_add(a, sai_v2_scale(sai_v2(dx, dy), len / l))
                                       : sai_v2_add(a, sai_v2_sub(old, lead));
}

/* Point pt of a chain in collide_circle: its leader now at *at, before the pass at lead (moved
 * when they differ), the point inside the circle (r2 its radius squared) unless the leader moved.
 * Returns whether it moved, and leaves *at where it is now (the next point's leader: in a
 * register, where a load of pt->pos would wait for its store). (Inline, and onto_circle() in it:
 * the hair's points each take it in line, as often as not all three, a chain of roots and quotients
 * from point to point that a call per point would hold up, and a call would put every value the
 * pass holds in registers to memory and back.) */
SAI_INLINE bool collide_point(sa_verlet_point *pt, sa_vec2 *at, sa_vec2 lead, bool moved,
                              sa_vec2 centre, float radius, float r2) {
    const sa_vec2 old = pt->pos, a = *at;
    *at = old; /* (unless it moves) */
    /* The segment's length: a moved leader's point keeps it, and one inside keeps it on the
     * circle. */
    const float len = seg_length(old.x - lead.x, old.y - lead.y);
    /* The leader was moved: follow it, keeping this segment's length. */
    sa_vec2 q = moved ? follow_leader(old, a, lead, len) : old;
    const sa_vec2 out = sai_v2_sub(q, centre);
    /* (a point whose leader stayed comes here inside: the caller's test of the same numbers) */
    const bool inside = !moved || sai_v2_dot(out, out) < r2;
    /* (a q onto_circle() gives is finite: only the others are tested) */
    if (!inside) {
        if (!sai_v2_finite(q)) return false;
    } else if (!onto_circle(a, q, centre, radius, len, &q)) {
        /* The leader is too deep to keep the length: straight out instead. */
        const sa_vec2 dir = direction_or_down(sai_v2_finite_or(out, sai_v2(0.0f, 0.0f)));
        q = sai_v2_add(centre, sai_v2_scale(dir, radius));
        if (!sai_v2_finite(q)) return false;
    }
    /* The velocity moves along; what points into the circle is taken out. */
    sa_vec2 prev = sai_v2_add(pt->prev, sai_v2_sub(q, old));
    if (inside) {
        const sa_vec2 n = normal_of(sai_v2_sub(q, centre));
        const float vn = sai_v2_dot(sai_v2_sub(q, prev), n);
        if (vn < 0.0f) prev = sai_v2_add(prev, sai_v2_scale(n, vn));
    }
    if (!sai_v2_finite(prev)) prev = q;
    pt->pos = q;
    pt->prev = prev;
    *at = q;
    return q.x != old.x || q.y != old.y;
}

/* Where collide_circle's pass is: the point before the next, where it was before the pass and
 * where it is now, and whether the pass moved it. */
typedef struct collide_pass {
    sa_vec2 lead, at;
    bool moved;
} collide_pass;

/* The pass over point pt of a chain on the circle (centre, radius), r2 = radius^2. */
SAI_INLINE void collide_next(sa_verlet_point *pt, collide_pass *pass, sa_vec2 centre, float radius,
                             float r2) {
    const sa_vec2 old = pt->pos;
    if (!pass->moved) {
        const sa_vec2 out = sai_v2_sub(old, centre);
        if (!(sai_v2_dot(out, out) < r2)) {
            /* As nearly always: the point stays, and its velocity moves by 0 (which turns -0
             * into +0); both stay finite. */
            pt->prev = sai_v2_add(pt->prev, sai_v2(0.0f, 0.0f));
            pass->lead = old;
            pass->at = old;
            return;
        }
    }
    const sa_vec2 from = pass->lead;
    pass->lead = old;
    pass->moved = collide_point(pt, &pass->at, from, pass->moved, centre, radius, r2);
}

/* sa_verlet_chain_collide_circle() on a usable chain and circle. */
SAI_INLINE void collide_circle(sa_verlet_point *points, size_t count, sa_vec2 centre,
                               float radius) {
    if (!chain_finite(points, count)) return;
    const float r2 = radius * radius;
    collide_pass pass = {points[0].pos, points[0].pos, false};
    for (size_t i = 1; i < count; ++i)
        collide_next(&points[i], &pass, centre, radius, r2);
}

void sa_verlet_chain_collide_circle(sa_verlet_point *points, size_t count, sa_vec2 centre,
                                    float radius) {
    if (!points || count < 2 || !sai_v2_finite(centre) || !(radius > 0.0f) || !sai_finite(radius))
        return;
    if (count == SA_VERLET_HAIR_POINTS)
        sai_verlet_hair_collide(points, centre, radius); /* (the circle checked again) */
    else
        collide_circle(points, count, centre, radius);
}

void sai_verlet_hair_collide(sa_verlet_point *points, sa_vec2 centre, float radius) {
    if (!sai_v2_finite(centre) || !(radius > 0.0f) || !sai_finite(radius)) return;
    /* collide_circle() with its three points written out: the first knows its leader stayed,
     * the last has no follower to tell whether it moved. */
    _Static_assert(SA_VERLET_HAIR_POINTS == 4, "the hair's collision writes out three points");
    if (!chain_finite(points, SA_VERLET_HAIR_POINTS)) return;
    const float r2 = radius * radius;
    collide_pass pass = {points[0].pos, points[0].pos, false};
    collide_next(&points[1], &pass, centre, radius, r2);
    collide_next(&points[2], &pass, centre, radius, r2);
    collide_next(&points[3], &pass, centre, radius, r2);
}

sa_vec2 sa_verlet_hair_accel(float speed, float extra_wind) {
    return sai_verlet_hair_accel(speed, extra_wind);
}

sa_vec2 sa_verlet_point_velocity(sa_verlet_point pt) {
    if (!sai_v2_finite(pt.pos) || !sai_v2_finite(pt.prev)) return sai_v2(0.0f, 0.0f);
    const double k = 1.0 / (double)SA_VERLET_REFERENCE_DT;
    return sai_v2(sai_narrow(((double)pt.pos.x - (double)pt.prev.x) * k),
                  sai_narrow(((double)pt.pos.y - (double)pt.prev.y) * k));
}
