/* A leg's two-bone IK behind its reach guard, aiming once: what the figure's solve runs per leg.
 * Not installed. */
#ifndef STICKANIM_INTERNAL_IK_LEG_H
#define STICKANIM_INTERNAL_IK_LEG_H

#include <stickanim/ik.h>

/* The middle joint sa_ik_two_bone(root, g, len1, len2, bend) of the guarded target
 * g = sa_ik_reach_guard(root, target, len1, len2, margin), written to *guarded; bit for bit,
 * with the root -> target direction taken once when the guard keeps the target. */
sa_vec2 sai_ik_guarded_two_bone(sa_vec2 root, sa_vec2 target, float len1, float len2, float margin,
                                float bend, sa_vec2 *guarded);

#endif
