/* Shared helpers for the cmocka tests: a deterministic random generator and float assertions
 * that print the values they compared. Header-only; each test file includes it once. */
#ifndef STICKANIM_TEST_SUPPORT_H
#define STICKANIM_TEST_SUPPORT_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include <stickanim/vecmath.h>

/* xorshift32: deterministic, so a failing case can be replayed from its seed. */
typedef struct test_rng {
    uint32_t state;
} test_rng;

static inline test_rng test_rng_make(uint32_t seed) {
    test_rng r;
    r.state = seed ? seed : 0x9E3779B9u;
    return r;
}

static inline uint32_t test_rng_next(test_rng *r) {
    uint32_t x = r->state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    r->state = x;
    return x;
}

/* Uniform float in [lo, hi). */
static inline float test_rng_range(test_rng *r, float lo, float hi) {
    const float u = (float)(test_rng_next(r) >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * u;
}

static inline sa_vec2 test_rng_v2(test_rng *r, float lo, float hi) {
    sa_vec2 v;
    v.x = test_rng_range(r, lo, hi);
    v.y = test_rng_range(r, lo, hi);
    return v;
}

/* A float from a list of nasty values or a random bit pattern. */
static inline float test_rng_nasty(test_rng *r) {
    static const float nasty[] = {0.0f,    -0.0f,    1e-30f, -1e-30f, 1e30f, -1e30f,
                                  3.4e38f, -3.4e38f, 1.0f,   -1.0f,   0.5f};
    const uint32_t pick = test_rng_next(r) % 16u;
    if (pick < sizeof nasty / sizeof nasty[0]) return nasty[pick];
    if (pick == 11) return NAN;
    if (pick == 12) return INFINITY;
    if (pick == 13) return -INFINITY;
    union {
        uint32_t u;
        float f;
    } bits;
    bits.u = test_rng_next(r);
    return bits.f;
}

#define assert_near(a, b, tol)                                                                     \
    test_assert_near((double)(a), (double)(b), (double)(tol), #a, #b, __FILE__, __LINE__)

static inline void test_assert_near(double a, double b, double tol, const char *ea, const char *eb,
                                    const char *file, int line) {
    if (!(fabs(a - b) <= tol)) {
        print_error("%s:%d: %s = %.9g, %s = %.9g, differ by %.3g > %.3g\n", file, line, ea, a, eb,
                    b, fabs(a - b), tol);
        fail();
    }
}

#define assert_finite(v) test_assert_finite((double)(v), #v, __FILE__, __LINE__)

static inline void test_assert_finite(double v, const char *ev, const char *file, int line) {
    if (!isfinite(v)) {
        print_error("%s:%d: %s = %g is not finite\n", file, line, ev, v);
        fail();
    }
}

#define assert_finite_v2(v)                                                                        \
    do {                                                                                           \
        assert_finite((v).x);                                                                      \
        assert_finite((v).y);                                                                      \
    } while (0)

static inline float test_distance(sa_vec2 a, sa_vec2 b) {
    return (float)hypot((double)a.x - (double)b.x, (double)a.y - (double)b.y);
}

/* ---- 3D helpers, computed in double independently of the library's quaternion code ---------- */

static inline sa_vec3 test_rng_v3(test_rng *r, float lo, float hi) {
    sa_vec3 v;
    v.x = test_rng_range(r, lo, hi);
    v.y = test_rng_range(r, lo, hi);
    v.z = test_rng_range(r, lo, hi);
    return v;
}

/* A random unit rotation from a random axis and an angle in (-3.2, 3.2) rad. */
static inline sa_quat test_rng_rotation(test_rng *r) {
    double ax, ay, az, n;
    do {
        ax = test_rng_range(r, -1, 1);
        ay = test_rng_range(r, -1, 1);
        az = test_rng_range(r, -1, 1);
        n = sqrt(ax * ax + ay * ay + az * az);
    } while (n < 0.1 || n > 1.0);
    const double h = 0.5 * test_rng_range(r, -3.2f, 3.2f);
    sa_quat q;
    q.x = (float)(ax / n * sin(h));
    q.y = (float)(ay / n * sin(h));
    q.z = (float)(az / n * sin(h));
    q.w = (float)cos(h);
    return q;
}

static inline double test_quat_length(sa_quat q) {
    return sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
}

/* Angle between two rotations (either sign of each), accurate near 0: 4·atan2(|a − b|, |a + b|)
 * on the normalised quaternions with b on a's side. */
static inline double test_quat_angle(sa_quat a, sa_quat b) {
    const double la = test_quat_length(a), lb = test_quat_length(b);
    const double dot =
        (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z + (double)a.w * b.w;
    const double sg = dot < 0 ? -1 : 1;
    const double ax = a.x / la, ay = a.y / la, az = a.z / la, aw = a.w / la;
    const double bx = sg * b.x / lb, by = sg * b.y / lb, bz = sg * b.z / lb, bw = sg * b.w / lb;
    const double d = sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz) +
                          (aw - bw) * (aw - bw));
    const double s = sqrt((ax + bx) * (ax + bx) + (ay + by) * (ay + by) + (az + bz) * (az + bz) +
                          (aw + bw) * (aw + bw));
    return 4.0 * atan2(d, s);
}

static inline double test_distance3(sa_vec3 a, sa_vec3 b) {
    const double dx = (double)a.x - b.x, dy = (double)a.y - b.y, dz = (double)a.z - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

#endif
