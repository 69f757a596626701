/* A tiny benchmark harness: each bench_<module>.c times its functions with bench_run() and prints
 * one line per function. Figures are nanoseconds per call, the median of several repetitions,
 * each repetition cycling through a table of varied inputs so branches are not all predicted. */
#ifndef STICKANIM_BENCH_H
#define STICKANIM_BENCH_H

#include <stddef.h>

/* Calls fn(ctx, i) for i in [0, calls) per repetition; returns the median ns per call. */
typedef void (*bench_fn)(void *ctx, size_t i);
double bench_run(bench_fn fn, void *ctx, size_t calls);

/* Prints "name  <ns> ns/call" in the common format (a JSON object with --json). */
void bench_report(const char *name, double ns_per_call);

/* Prints "name  <value> <unit>" (a JSON object {"name", json_key: value} with --json): rows whose
 * figure is not ns per call (ns per figure of a batch, a speed-up). */
void bench_report_unit(const char *name, double value, const char *unit, const char *json_key);

/* Prints "name  <bytes> bytes" (a JSON object with --json). */
void bench_report_size(const char *name, size_t bytes);

/* Keeps a result alive so the optimiser cannot drop the call that produced it. */
void bench_sink(const void *p, size_t size);

/* Deterministic inputs in [lo, hi). */
float bench_random(float lo, float hi);

/* One entry point per module; each module's file defines its own. */
void bench_ik(void);
void bench_gait(void);
void bench_track(void);
void bench_squash(void);
void bench_spring(void);
void bench_verlet(void);
void bench_fade(void);
void bench_pose(void);
void bench_skin(void);
void bench_blend_tree(void);
void bench_mode_machine(void);
void bench_footsteps(void);
void bench_figure(void);
void bench_crowd(void);
void bench_limb(void);
void bench_sizes(void);

#endif
