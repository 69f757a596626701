#include <stickanim/gait.h>

#include <string.h>

#include "internal/gait_mix.h"
#include "internal/scalar.h"

sa_gait sa_gait_walk(void) { return sai_gait_walk_inline(); }
sa_gait sa_gait_run(void) { return sai_gait_run_inline(); }

/* The one place the bad-input rules of gait.h live: every other function reads gaits through it. */
static sa_gait sane_gait(const sa_gait *g, bool second) {
    if (!g) return second ? sa_gait_run() : sa_gait_walk();
    /* A sane gait (every gait the library makes) is itself: one test instead of seven repairs. */
    if (sai_finite(g->stride) && sai_finite(g->cadence) && sai_finite(g->bob_shift) &&
        sai_finite(g->lean) && g->duty >= SA_GAIT_DUTY_MIN && g->duty <= SA_GAIT_DUTY_MAX &&
        g->step_height >= 0.0f && g->step_height <= FLT_MAX && g->bob >= 0.0f && g->bob <= FLT_MAX)
        return *g;
    const sa_gait walk = sa_gait_walk();
    sa_gait s;
    s.stride = sai_finite_or(g->stride, walk.stride);
    s.cadence = sai_finite_or(g->cadence, walk.cadence);
    s.duty = sai_clamp(sai_finite_or(g->duty, walk.duty), SA_GAIT_DUTY_MIN, SA_GAIT_DUTY_MAX);
    s.step_height = sai_nonneg_or(sai_finite_or(g->step_height, walk.step_height), 0.0f);
    s.bob = sai_nonneg_or(sai_finite_or(g->bob, walk.bob), 0.0f);
    s.bob_shift = sai_finite_or(g->bob_shift, walk.bob_shift);
    s.lean = sai_finite_or(g->lean, walk.lean);
    return s;
}

sa_gait sai_gait_sane(const sa_gait *g) { return sane_gait(g, false); }

sa_gait_foot sa_gait_sample(const sa_gait *g, float phase) {
    const sa_gait s = sane_gait(g, false);
    return sai_gait_sample_sane(&s, phase);
}

float sa_gait_hip_offset(const sa_gait *g, float phase) {
    const sa_gait s = sane_gait(g, false);
    return sai_gait_hip_offset_sane(&s, phase);
}

float sa_gait_ground_speed(const sa_gait *g) {
    const sa_gait s = sane_gait(g, false);
    return sai_gait_ground_speed_sane(&s);
}

/* a·(1 − t) + b·t, rounded once: exact at both ends, and in double it cannot overflow. */
static float mix_field(float a, float b, float t) {
    return sai_narrow((double)a * (1.0 - (double)t) + (double)b * (double)t);
}

static sa_gait mix_sane(const sa_gait *a, const sa_gait *b, float t) {
    sa_gait m;
    m.stride = mix_field(a->stride, b->stride, t);
    m.cadence = mix_field(a->cadence, b->cadence, t);
    m.duty = sai_clamp(mix_field(a->duty, b->duty, t), SA_GAIT_DUTY_MIN, SA_GAIT_DUTY_MAX);
    m.step_height = sai_nonneg_or(mix_field(a->step_height, b->step_height, t), 0.0f);
    m.bob = sai_nonneg_or(mix_field(a->bob, b->bob, t), 0.0f);
    m.bob_shift = mix_field(a->bob_shift, b->bob_shift, t);
    m.lean = mix_field(a->lean, b->lean, t);
    return m;
}

sa_gait sa_gait_mix(const sa_gait *a, const sa_gait *b, float t) {
    const sa_gait sa = sane_gait(a, false), sb = sane_gait(b, true);
    return mix_sane(&sa, &sb, sai_saturate(t));
}

sa_gait sai_gait_walk_run(float t) {
    /* Every field of both gaits is nonzero and in range, so a mix at either end is that end
     * exactly (mix_field's 0 · other adds +0 to a nonzero value). */
    const float u = sai_saturate(t);
    if (u == 0.0f) return sa_gait_walk();
    if (u == 1.0f) return sa_gait_run();
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    return mix_sane(&walk, &run, u);
}

float sai_gait_walk_run_cadence(float t) {
    /* (mix_sane's cadence of the walk and the run, as sai_gait_walk_run mixes them) */
    const float u = sai_saturate(t);
    if (u == 0.0f) return sa_gait_walk().cadence;
    if (u == 1.0f) return sa_gait_run().cadence;
    return mix_field(sa_gait_walk().cadence, sa_gait_run().cadence, u);
}

/* Real roots of c2·t² + c1·t + c0 in the stable form (no cancellation when c2 is tiny). Returns
 * how many were written; -1 when every t is a root. */
static int solve_quadratic(double c2, double c1, double c0, double roots[2]) {
    if (c2 == 0.0) {
        if (c1 == 0.0) return c0 == 0.0 ? -1 : 0;
        roots[0] = -c0 / c1;
        return 1;
    }
    const double disc = c1 * c1 - 4.0 * c2 * c0;
    if (disc < 0.0) return 0;
    const double q = -0.5 * (c1 + (c1 < 0.0 ? -sqrt(disc) : sqrt(disc)));
    if (q == 0.0) { /* c1 = 0 and c0 = 0: a double root at 0 */
        roots[0] = 0.0;
        return 1;
    }
    roots[0] = q / c2;
    roots[1] = c0 / q;
    return 2;
}

/* |ground speed of mix_sane(a, b, t) − speed|: the mix's stride, cadence and duty alone, as
 * mix_sane makes them (the ground speed reads no other field). */
static double speed_error(const sa_gait *a, const sa_gait *b, float t, double speed) {
    sa_gait m;
    m.stride = mix_field(a->stride, b->stride, t);
    m.cadence = mix_field(a->cadence, b->cadence, t);
    m.duty = sai_clamp(mix_field(a->duty, b->duty, t), SA_GAIT_DUTY_MIN, SA_GAIT_DUTY_MAX);
    return fabs((double)sai_gait_ground_speed_sane(&m) - speed);
}

/* nextafterf(t, 0.0f) and nextafterf(t, 1.0f) for t in [0, 1], bit for bit, by the float's
 * bits (a positive float's neighbours are its bits' neighbours). */
static float toward_zero(float t) {
    if (!(t > 0.0f)) return 0.0f;
    uint32_t bits;
    memcpy(&bits, &t, sizeof bits);
    --bits;
    memcpy(&t, &bits, sizeof t);
    return t;
}
static float toward_one(float t) {
    if (!(t < 1.0f)) return 1.0f;
    uint32_t bits = 0u;
    if (t > 0.0f) memcpy(&bits, &t, sizeof bits);
    ++bits; /* (from ±0: the least positive float) */
    memcpy(&t, &bits, sizeof t);
    return t;
}

float sa_gait_mix_for_speed(const sa_gait *a, const sa_gait *b, float speed) {
    const sa_gait sa = sane_gait(a, false), sb = sane_gait(b, true);
    return sai_gait_mix_for_speed_sane(&sa, &sb, speed);
}

float sai_gait_mix_for_speed_sane(const sa_gait *a, const sa_gait *b, float speed) {
    if (speed != speed) return 0.0f;
    const double v = (double)sai_clamp(speed, -FLT_MAX, FLT_MAX);
    const sa_gait sa = *a, sb = *b;
    /* speed(t) = s(t)·c(t) / d(t) with s, c, d linear in t and d > 0 on [0, 1]. */
    const double s0 = (double)sa.stride, ds = (double)sb.stride - s0;
    const double c0 = (double)sa.cadence, dc = (double)sb.cadence - c0;
    const double d0 = (double)sa.duty, dd = (double)sb.duty - d0;
    const double qa = ds * dc, qb = s0 * dc + c0 * ds, qc = s0 * c0; /* s·c = qa t² + qb t + qc */

    double best = -1.0, roots[2];
    const int n = solve_quadratic(qa, qb - v * dd, qc - v * d0, roots);
    if (n < 0) best = 0.0;
    /* A root a rounding error outside [0, 1] is the end itself. */
    for (int i = 0; i < n; ++i) {
        const double r = roots[i] < 0.0
                             ? (roots[i] > -1e-9 ? 0.0 : -1.0)
                             : (roots[i] > 1.0 && roots[i] < 1.0 + 1e-9 ? 1.0 : roots[i]);
        if (r >= 0.0 && r <= 1.0 && (best < 0.0 || r < best)) best = r;
    }

    if (best < 0.0) {
        /* Out of reach, so speed(t) − v has one sign on [0, 1]: the closest speed is the curve's
         * maximum (v above it) or minimum (v below), at an end or where
         * (s·c)'·d − (s·c)·d' = qa·dd·t² + 2·qa·d0·t + (qb·d0 − qc·dd) vanishes. Comparing speeds,
         * not |speed − v|, stays exact when v is huge. */
        double cand[4] = {0.0, 1.0, 0.0, 0.0};
        int nc = 2;
        double crit[2];
        const int m = solve_quadratic(qa * dd, 2.0 * qa * d0, qb * d0 - qc * dd, crit);
        for (int i = 0; i < m; ++i)
            if (crit[i] > 0.0 && crit[i] < 1.0) cand[nc++] = crit[i];
        const double side = v > qc / d0 ? 1.0 : -1.0;
        double best_speed = 0.0;
        for (int i = 0; i < nc; ++i) {
            const double t = cand[i];
            const double sp = side * (s0 + ds * t) * (c0 + dc * t) / (d0 + dd * t);
            if (i == 0 || sp > best_speed) {
                best = t;
                best_speed = sp;
            }
        }
    }

    /* The double root rounded to float, then a walk over its float neighbours while one of them
     * reproduces the speed better through the float mix the caller will actually run (rounding in
     * the mix makes the float curve a little rough, so the nearest float is not always best). */
    float t = sai_saturate((float)best);
    double err = speed_error(&sa, &sb, t, v);
    for (int step = 0; step < 8; ++step) {
        const float lo = toward_zero(t), hi = toward_one(t);
        const double err_lo = speed_error(&sa, &sb, lo, v), err_hi = speed_error(&sa, &sb, hi, v);
        if (err_lo < err && err_lo <= err_hi) {
            t = lo;
            err = err_lo;
        } else if (err_hi < err) {
            t = hi;
            err = err_hi;
        } else {
            break;
        }
    }
    return t;
}

sa_status sa_gait_validate(const sa_gait *g) {
    if (!g) return SA_ERR_NULL;
    if (!sai_finite(g->stride) || !sai_finite(g->cadence) || !sai_finite(g->duty) ||
        !sai_finite(g->step_height) || !sai_finite(g->bob) || !sai_finite(g->bob_shift) ||
        !sai_finite(g->lean))
        return SA_ERR_NOT_FINITE;
    if (!(g->duty >= SA_GAIT_DUTY_MIN && g->duty <= SA_GAIT_DUTY_MAX) || g->step_height < 0.0f ||
        g->bob < 0.0f)
        return SA_ERR_RANGE;
    return SA_OK;
}
