/* Which instruction set the SoA jobs' loops run in (soa.c). On x86-64 with GCC or clang the hot
 * loops are compiled twice, for the baseline (SSE2) and for AVX2 (its VEX three-operand forms
 * save register copies; the float operations are the same, so the bits are), and the CPU picks
 * one at run time. Elsewhere (wasm, other CPUs, a build for AVX2 already) there is one copy.
 * Not installed. */
#ifndef STICKANIM_INTERNAL_SOA_ISA_H
#define STICKANIM_INTERNAL_SOA_ISA_H

#include <stdbool.h>

#include "lanes.h"

#if SAI_HAS_LANES && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) &&           \
    !defined(__AVX2__)
#define SAI_SOA_AVX2 1
/* Compiles one function for AVX2 (not FMA: a fused multiply-add would round differently). */
#define SAI_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define SAI_SOA_AVX2 0
#endif

/* For the tests: with force true the SoA jobs run their SSE2 copy even where the CPU has AVX2;
 * false lets the CPU choose again. Returns whether the jobs now run the AVX2 copy. A job running
 * meanwhile on another thread takes either copy (both give the same bits). Not exported. */
bool sai_soa_force_sse2(bool force);

#endif
