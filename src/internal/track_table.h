/* Sampling the library's own keyframe tables (the figure's motions), without sa_track_sample()'s
 * checks of input that such a table never is. Not installed. */
#ifndef STICKANIM_INTERNAL_TRACK_TABLE_H
#define STICKANIM_INTERNAL_TRACK_TABLE_H

#include <stickanim/track.h>

#include "scalar.h"

/* sa_track_sample(keys, count, t), bit for bit, for a table that sa_track_validate() accepts with
 * count >= 1 and values far inside the float range (|v| < 1e30): no NULL or empty table, no
 * non-finite value to repair, no blend that could overflow. Inline: the motions sample a dozen
 * tables of a known count per evaluation. */
SAI_INLINE float sai_track_sample_table(const sa_track_key *keys, size_t count, float t) {
    /* locate() and blend() on one key array: before the first key (or at a NaN t) and after the
     * last, blend(v, v, 0) is v itself for a finite v; inside, the same eased double blend,
     * which for finite values far inside the range needs neither repair nor narrowing. */
    if (!(t > keys[0].t)) return keys[0].v;
    /* The first key in [1, count) at or after t: on sorted keys a scan finds the one locate()'s
     * search finds, in fewer steps for a table's few keys. */
    size_t lo = 1;
    while (lo < count && keys[lo].t < t)
        ++lo;
    if (lo == count) return keys[count - 1].v;
    const sa_track_key *k0 = &keys[lo - 1], *k1 = &keys[lo];
    const double t0 = (double)k0->t, span_len = (double)k1->t - t0;
    const double u = span_len > 0.0 ? ((double)t - t0) / span_len : 1.0;
    /* (sai_ease_apply()'s smoothstep, the tables' usual easing, without the switch) */
    const double e = (double)(k0->ease == SA_EASE_SMOOTH ? sai_smooth((float)u)
                                                         : sai_ease_apply(k0->ease, (float)u));
    return (float)((double)k0->v * (1.0 - e) + (double)k1->v * e);
}

/* sa_track_multi_sample(track, t, out, track->channels), bit for bit, for a track that
 * sa_track_multi_validate() accepts with values far inside the float range (|v| < 1e30). */
void sai_track_multi_sample_table(const sa_track_multi *track, float t, float *out);

#endif
