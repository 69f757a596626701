/* Sampling the library's own keyframe tables (the figure's motions), without sa_track_sample()'s
 * checks of input that such a table never is. Not installed. */
#ifndef STICKANIM_INTERNAL_TRACK_TABLE_H
#define STICKANIM_INTERNAL_TRACK_TABLE_H

#include <stickanim/track.h>

#include "scalar.h"

/* sai_ease_apply(ease, u), bit for bit, for the u of a t inside a segment (t0 < t <= t1), the
 * tables' usual easings without its switch and saturate: that u is already in [0, 1], since the
 * rounded t - t0 is positive and at most the rounded t1 - t0 (rounding keeps order), so their
 * quotient rounds into (0, 1], and the float of it into [0, 1]. */
SAI_INLINE float sai_track_table_ease(sa_ease ease, float u) {
    switch (ease) {
    case SA_EASE_SMOOTH:
        return u * u * (3.0f - 2.0f * u);
    case SA_EASE_IN_QUAD:
        return u * u;
    case SA_EASE_OUT_CUBIC: {
        const float v = 1.0f - u;
        return 1.0f - v * v * v;
    }
    default:
        return sai_ease_apply(ease, u);
    }
}

/* The eased double blend of keys k0 and k1 at a t in (k0->t, k1->t] (sa_track_sample()'s, for
 * finite values far inside the range: no repair, no narrowing). */
SAI_INLINE float sai_track_table_blend(const sa_track_key *k0, const sa_track_key *k1, float t) {
    const double t0 = (double)k0->t, span_len = (double)k1->t - t0;
    const double u = span_len > 0.0 ? ((double)t - t0) / span_len : 1.0;
    const double e = (double)sai_track_table_ease(k0->ease, (float)u);
    return (float)((double)k0->v * (1.0 - e) + (double)k1->v * e);
}

/* One step of sai_track_sample_table()'s scan: stop at key lo if it is at or after t. */
#define SAI_TRACK_TABLE_STOP(lo)                                                                   \
    if (count > (lo) && !(keys[lo].t < t)) return sai_track_table_blend(&keys[(lo)-1], &keys[lo], t)

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
     * search finds, in fewer steps for a table's few keys. Written out, so that each key where
     * the scan can stop blends its own segment: for a table of a known count (the motions' own),
     * the compiler then knows each segment's keys and folds their times, values and easing into
     * its blend (a loop would share one blend of loaded keys among them all). */
    SAI_TRACK_TABLE_STOP(1);
    SAI_TRACK_TABLE_STOP(2);
    SAI_TRACK_TABLE_STOP(3);
    SAI_TRACK_TABLE_STOP(4);
    SAI_TRACK_TABLE_STOP(5);
    SAI_TRACK_TABLE_STOP(6);
    SAI_TRACK_TABLE_STOP(7);
    for (size_t lo = 8; lo < count; ++lo)
        if (!(keys[lo].t < t)) return sai_track_table_blend(&keys[lo - 1], &keys[lo], t);
    return keys[count - 1].v;
}
#undef SAI_TRACK_TABLE_STOP

/* sa_track_multi_sample(track, t, out, track->channels), bit for bit, for a track that
 * sa_track_multi_validate() accepts with values far inside the float range (|v| < 1e30). */
void sai_track_multi_sample_table(const sa_track_multi *track, float t, float *out);

#endif
