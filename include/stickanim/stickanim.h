/**
 * @file stickanim.h
 * @brief Umbrella header: includes every public module of libstickanim.
 */
#ifndef STICKANIM_STICKANIM_H
#define STICKANIM_STICKANIM_H

#include <stickanim/base.h>
#include <stickanim/math.h>
#include <stickanim/ik.h>

#endif
