/* Four hair chains at once, one a lane of internal/lanes.h: the steps of verlet.c that a figure's
 * hair takes at nearly every sub-step, with exactly the scalar path's float operations in the same
 * order in each lane, so every lane is bit for bit what sa_verlet_chain_step() leaves. What that
 * path does not cover (a non-finite chain or pin, a step longer than 1/60 s or too short to count
 * as time, a length whose square underflows or overflows) is left to the scalar call. Not
 * installed. */
#ifndef STICKANIM_INTERNAL_VERLET_LANES_H
#define STICKANIM_INTERNAL_VERLET_LANES_H

#include <stickanim/verlet.h>

#include "lanes.h"

#if SAI_HAS_LANES

/* SA_VERLET_HAIR_POINTS points of four chains: point i's position (x, y) and previous position
 * (px, py), chain k in lane k. */
typedef struct sai_hair4 {
    sai_f4 x[SA_VERLET_HAIR_POINTS], y[SA_VERLET_HAIR_POINTS];
    sai_f4 px[SA_VERLET_HAIR_POINTS], py[SA_VERLET_HAIR_POINTS];
} sai_hair4;

/* sqrt per lane, rounded as the scalar sqrtf(). */
SAI_INLINE sai_f4 sai_f4_sqrt(sai_f4 v) {
#if defined(__SSE2__)
    return (sai_f4)_mm_sqrt_ps((__m128)v);
#elif defined(__wasm_simd128__)
    return (sai_f4)wasm_f32x4_sqrt((v128_t)v);
#else
    sai_f4 r;
    for (int k = 0; k < 4; ++k)
        r[k] = sqrtf(v[k]);
    return r;
#endif
}

/* Lanes where all of c's numbers are finite. */
SAI_INLINE sai_i4 sai_hair4_finite(const sai_hair4 *c) {
    sai_f4 zero = sai_f4_splat(0.0f);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        zero += ((c->x[i] - c->x[i]) + (c->y[i] - c->y[i])) +
                ((c->px[i] - c->px[i]) + (c->py[i] - c->py[i]));
    return zero == 0.0f;
}

/* Lane by lane: a's chain where m is set, else b's. */
SAI_INLINE void sai_hair4_select(sai_i4 m, const sai_hair4 *a, const sai_hair4 *b, sai_hair4 *out) {
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        out->x[i] = sai_f4_select(m, a->x[i], b->x[i]);
        out->y[i] = sai_f4_select(m, a->y[i], b->y[i]);
        out->px[i] = sai_f4_select(m, a->px[i], b->px[i]);
        out->py[i] = sai_f4_select(m, a->py[i], b->py[i]);
    }
}

/* One step of four chains, chain k's in lane k: sa_verlet_chain_step(chain k,
 * SA_VERLET_HAIR_POINTS, (pin_x[k], pin_y[k]), &config, dt[k]) with config the default but for
 * spacing[k], drag[k] and accel (accel_x[k], accel_y[k]). */
typedef struct sai_hair4_step {
    sai_f4 pin_x, pin_y, accel_x, accel_y, spacing, drag, dt;
} sai_hair4_step;

/* The step *in of the chains `from` into `to` for the lanes set in `lanes` that the common path
 * covers; returns those lanes. The others of `to` hold their chains of `from`, for the scalar
 * call. */
sai_i4 sai_verlet_hair_step4(const sai_hair4 *from, sai_hair4 *to, const sai_hair4_step *in,
                             sai_i4 lanes);
/* The same for two sets of four chains at once, done[g] = sai_verlet_hair_step4(from[g], to[g],
 * in[g], lanes[g]) bit for bit: their constraint passes interleaved, so each set's chain of
 * dependent roots and quotients runs while the other's waits. */
void sai_verlet_hair_step4x2(const sai_hair4 *const from[2], sai_hair4 *const to[2],
                             const sai_hair4_step *const in[2], const sai_i4 lanes[2],
                             sai_i4 done[2]);

/* sa_verlet_chain_collide_circle(chain k, SA_VERLET_HAIR_POINTS, (cx[k], cy[k]), r[k]) for the
 * lanes k set in `lanes` that its common path covers; returns those lanes. The others keep their
 * chains, for the scalar call. */
sai_i4 sai_verlet_hair_collide4(sai_hair4 *c, sai_f4 cx, sai_f4 cy, sai_f4 r, sai_i4 lanes);

#endif
#endif
