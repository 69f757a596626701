/* The fuzz checks: one function per public entry-point family that decodes bytes into calls and
 * checks what the headers promise of their results (finite outputs, values in their documented
 * ranges, counts within capacity, weights summing to 1, bones keeping their length), not only
 * that nothing crashes. The same functions run under libFuzzer (libfuzzer_main.c, clang with
 * ASan + UBSan) and in the normal suite's replay of the corpus and regression inputs (replay.c),
 * so every machine replays every input. See tests/fuzz/README.md. */
#ifndef STICKANIM_FUZZ_H
#define STICKANIM_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <stickanim/vecmath.h>

/* Every target, in the order the replay lists them: X(name) declares sa_fuzz_<name>(). */
#define SA_FUZZ_TARGETS(X)                                                                         \
    X(math)                                                                                        \
    X(ik)                                                                                          \
    X(gait)                                                                                        \
    X(track)                                                                                       \
    X(squash)                                                                                      \
    X(spring)                                                                                      \
    X(verlet)                                                                                      \
    X(fade)                                                                                        \
    X(pose)                                                                                        \
    X(clip)                                                                                        \
    X(inertial)                                                                                    \
    X(blend_tree)                                                                                  \
    X(mode_machine)                                                                                \
    X(footsteps)                                                                                   \
    X(limb)                                                                                        \
    X(figure)                                                                                      \
    X(rig)                                                                                         \
    X(moves)

#define SA_FUZZ_DECLARE(name) void sa_fuzz_##name(const uint8_t *data, size_t size);
SA_FUZZ_TARGETS(SA_FUZZ_DECLARE)
#undef SA_FUZZ_DECLARE

/* A failed check: prints where and what (and the input being replayed, if any), then aborts,
 * which libFuzzer reports as a crash and saves the input, and ctest as a failed test. */
void sa_fuzz_fail(const char *file, int line, const char *what, double a, double b);
/* The name of the input the replay runs now (NULL under libFuzzer). */
extern const char *sa_fuzz_current_input;

#define FZ_CHECK(cond)                                                                             \
    do {                                                                                           \
        if (!(cond)) sa_fuzz_fail(__FILE__, __LINE__, #cond, 0.0, 0.0);                            \
    } while (0)
/* A check that prints two values with the failure. */
#define FZ_CHECK2(cond, a, b)                                                                      \
    do {                                                                                           \
        if (!(cond)) sa_fuzz_fail(__FILE__, __LINE__, #cond, (double)(a), (double)(b));            \
    } while (0)

/* ---- decoding bytes ----------------------------------------------------------------------- */

/* The bytes still to read; reading past the end gives zeros, so every input decodes. */
typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline fz_in fz_make(const uint8_t *data, size_t size) {
    fz_in in;
    in.p = data;
    in.n = data ? size : 0;
    return in;
}

static inline bool fz_more(const fz_in *in) { return in->n > 0; }

static inline uint8_t fz_u8(fz_in *in) {
    if (in->n == 0) return 0;
    --in->n;
    return *in->p++;
}

static inline uint16_t fz_u16(fz_in *in) {
    const uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | (uint16_t)(fz_u8(in) << 8));
}

static inline uint32_t fz_u32(fz_in *in) {
    const uint32_t lo = fz_u16(in);
    return lo | ((uint32_t)fz_u16(in) << 16);
}

static inline bool fz_bool(fz_in *in) { return (fz_u8(in) & 1u) != 0; }

/* An integer in [0, n); n ≥ 1. */
static inline size_t fz_below(fz_in *in, size_t n) { return (size_t)fz_u16(in) % n; }

/* The values every float parameter should meet now and then. */
static const float fz_special[] = {
    0.0f,      -0.0f,     1.0f,    -1.0f,    0.5f,        2.0f,       NAN,        -NAN,
    INFINITY,  -INFINITY, FLT_MAX, -FLT_MAX, FLT_MIN,     -FLT_MIN,   1e-45f,     -1e-45f,
    1e-40f,    1e-30f,    1e30f,   -1e30f,   3e38f,       1e-6f,      1e6f,       -1e6f,
    0.999999f, 1.000001f, 1e20f,   1e-20f,   3.14159265f, 6.2831853f, 0.0166667f, 0.1f};
#define FZ_SPECIAL_COUNT (sizeof fz_special / sizeof fz_special[0])

/* A float: mostly an ordinary value (a 16-bit integer / 64, so within ±512 in steps of 1/64),
 * sometimes a raw bit pattern, sometimes one of fz_special[]. */
static inline float fz_float(fz_in *in) {
    const uint8_t tag = fz_u8(in);
    if (tag < 176) return (float)(int16_t)fz_u16(in) / 64.0f;
    if (tag < 216) {
        const uint32_t bits = fz_u32(in);
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    return fz_special[(size_t)(tag - 216) % FZ_SPECIAL_COUNT];
}

/* A float meant to lie in [lo, hi]: usually there (lo + (hi − lo)·k/65535), sometimes any
 * fz_float(), bad values included. */
static inline float fz_float_in(fz_in *in, float lo, float hi) {
    const uint8_t tag = fz_u8(in);
    if (tag < 224) return lo + (hi - lo) * ((float)fz_u16(in) / 65535.0f);
    return fz_float(in);
}

static inline sa_vec2 fz_v2(fz_in *in) {
    sa_vec2 v;
    v.x = fz_float(in);
    v.y = fz_float(in);
    return v;
}

static inline sa_vec3 fz_v3(fz_in *in) {
    sa_vec3 v;
    v.x = fz_float(in);
    v.y = fz_float(in);
    v.z = fz_float(in);
    return v;
}

static inline sa_quat fz_quat(fz_in *in) {
    sa_quat q;
    q.x = fz_float(in);
    q.y = fz_float(in);
    q.z = fz_float(in);
    q.w = fz_float(in);
    return q;
}

static inline sa_transform fz_transform(fz_in *in) {
    sa_transform t;
    t.translation = fz_v3(in);
    t.rotation = fz_quat(in);
    t.scale = fz_v3(in);
    return t;
}

/* ---- checking results --------------------------------------------------------------------- */

static inline bool fz_finite(float v) { return isfinite(v) != 0; }
static inline bool fz_finite_v2(sa_vec2 v) { return fz_finite(v.x) && fz_finite(v.y); }
static inline bool fz_finite_v3(sa_vec3 v) {
    return fz_finite(v.x) && fz_finite(v.y) && fz_finite(v.z);
}
static inline bool fz_finite_quat(sa_quat q) {
    return fz_finite(q.x) && fz_finite(q.y) && fz_finite(q.z) && fz_finite(q.w);
}
static inline bool fz_finite_transform(sa_transform t) {
    return fz_finite_v3(t.translation) && fz_finite_quat(t.rotation) && fz_finite_v3(t.scale);
}

static inline double fz_quat_length(sa_quat q) {
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
}
/* A unit quaternion to float precision. */
static inline bool fz_unit(sa_quat q) {
    return fz_finite_quat(q) && fabs(fz_quat_length(q) - 1.0) <= 1e-5;
}

static inline double fz_dist2(sa_vec2 a, sa_vec2 b) {
    return hypot((double)a.x - (double)b.x, (double)a.y - (double)b.y);
}
static inline double fz_dist3(sa_vec3 a, sa_vec3 b) {
    const double x = (double)a.x - b.x, y = (double)a.y - b.y, z = (double)a.z - b.z;
    return sqrt(x * x + y * y + z * z);
}
static inline double fz_absmax2(sa_vec2 v) { return fmax(fabs((double)v.x), fabs((double)v.y)); }
static inline double fz_absmax3(sa_vec3 v) {
    return fmax(fabs((double)v.x), fmax(fabs((double)v.y), fabs((double)v.z)));
}

/* How far apart two points a distance `len` apart may measure once rounded to floats near
 * coordinates of size `coord`: a relative 1e-5 of the length plus a few float steps at that
 * size (a point at 1e30 cannot hold a bone of 30 exactly). */
static inline double fz_length_tol(double len, double coord) {
    return 1e-5 * len + 8.0 * (coord + len) * (double)FLT_EPSILON + 1e-6;
}

#endif
