/* The body of the local -> model job for callers that validated already (skeleton.c, soa.c).
 * Not installed. */
#ifndef STICKANIM_INTERNAL_SKELETON_RUN_H
#define STICKANIM_INTERNAL_SKELETON_RUN_H

#include <stickanim/skeleton.h>

/* model[i] = model[parent(i)] o local[i] for the n joints of a valid skeleton's `parents`, with
 * root (NULL: the identity) above the roots; the rule of sa_skeleton_local_to_model_run(). */
void sai_skeleton_local_to_model(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root, sa_transform *model, size_t n);

#endif
