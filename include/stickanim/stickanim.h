/**
 * @file stickanim.h
 * @brief Umbrella header: includes every public module of libstickanim, layer by layer.
 */
#ifndef STICKANIM_STICKANIM_H
#define STICKANIM_STICKANIM_H

/* Layer 0: math and base. */
#include <stickanim/base.h>
#include <stickanim/vecmath.h>

/* Layer 1: solvers, one frame at a time. */
#include <stickanim/ik.h>
#include <stickanim/gait.h>
#include <stickanim/track.h>
#include <stickanim/squash.h>
#include <stickanim/spring.h>
#include <stickanim/verlet.h>
#include <stickanim/fade.h>

/* Layer 2: rigs and poses. */
#include <stickanim/skeleton.h>
#include <stickanim/pose.h>
#include <stickanim/inertial.h>
#include <stickanim/clip.h>
#include <stickanim/soa.h>
#include <stickanim/clip_builder.h>
#include <stickanim/skin.h>

/* Layer 3: controllers. */
#include <stickanim/blend_tree.h>
#include <stickanim/mode_machine.h>
#include <stickanim/footsteps.h>

/* Layer 4: characters. */
#include <stickanim/limb.h>
#include <stickanim/figure.h>

/* For bindings: the ABI version and every public struct's size and alignment. */
#include <stickanim/abi.h>

#endif
