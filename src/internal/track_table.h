/* Sampling the library's own keyframe tables (the figure's motions), without sa_track_sample()'s
 * checks of input that such a table never is. Not installed. */
#ifndef STICKANIM_INTERNAL_TRACK_TABLE_H
#define STICKANIM_INTERNAL_TRACK_TABLE_H

#include <stickanim/track.h>

/* sa_track_sample(keys, count, t), bit for bit, for a table that sa_track_validate() accepts with
 * count >= 1 and values far inside the float range (|v| < 1e30): no NULL or empty table, no
 * non-finite value to repair, no blend that could overflow. */
float sai_track_sample_table(const sa_track_key *keys, size_t count, float t);
/* sa_track_multi_sample(track, t, out, track->channels), bit for bit, for a track that
 * sa_track_multi_validate() accepts with values far inside the float range (|v| < 1e30). */
void sai_track_multi_sample_table(const sa_track_multi *track, float t, float *out);

#endif
