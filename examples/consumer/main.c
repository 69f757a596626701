/* The smallest program using libstickanim the way a game does: solve a leg and run the figure, and
 * check the library's promises — bones keep their length, and NaN input never gives NaN output.
 * The checks hold however this file is compiled: the tests build it with -ffast-math too, so
 * finiteness is tested on the bits (isfinite() may be folded to true there) and NaN is made from
 * bits. With -DCONSUMER_EXPECT_ASSERTS it also fails when NDEBUG is defined (a Debug parent whose
 * flags were overridden). Exits non-zero on any failure. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

static int failures = 0;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "consumer: FAILED: %s\n", what);
        ++failures;
    }
}

static int finite_bits(float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits & 0x7F800000u) != 0x7F800000u;
}

static int finite_bits_d(double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits & 0x7FF0000000000000u) != 0x7FF0000000000000u;
}

static float from_bits(uint32_t bits) {
    volatile uint32_t b = bits; /* opaque to the optimiser */
    const uint32_t copy = b;
    float v;
    memcpy(&v, &copy, sizeof v);
    return v;
}

int main(void) {
    const float nan = from_bits(0x7FC00000u), inf = from_bits(0x7F800000u);
    const sa_vec2 hip = {0.0f, 0.0f}, foot = {10.0f, 60.0f};
    const sa_vec2 knee = sa_ik_two_bone(hip, foot, 37.0f, 37.0f, -1.0f);
    const float thigh = hypotf(knee.x - hip.x, knee.y - hip.y);
    const float shin = hypotf(foot.x - knee.x, foot.y - knee.y);
    printf("stickanim %s (header %s): knee (%.2f, %.2f), thigh %.3f, shin %.3f\n", sa_version(),
           SA_VERSION_STRING, (double)knee.x, (double)knee.y, (double)thigh, (double)shin);
    check(strcmp(sa_version(), SA_VERSION_STRING) == 0, "library and header versions agree");
    check(fabsf(thigh - 37.0f) < 1e-3f && fabsf(shin - 37.0f) < 1e-3f, "bones keep their length");

    /* The NaN guarantees. */
    check(!sa_is_finite(nan), "sa_is_finite(NaN) is false");
    check(!sa_is_finite(inf), "sa_is_finite(inf) is false");
    check(sa_is_finite(1.0f), "sa_is_finite(1) is true");
    const sa_vec2 bad_foot = {nan, 60.0f};
    const sa_vec2 k = sa_ik_two_bone(hip, bad_foot, 37.0f, 37.0f, -1.0f);
    check(finite_bits(k.x) && finite_bits(k.y), "sa_ik_two_bone with a NaN target is finite");

    static sa_figure fig;
    const sa_figure_config cfg = sa_figure_config_default();
    check(sa_figure_init(&fig, &cfg) == SA_OK, "sa_figure_init");
    sa_figure_input in = sa_figure_input_default();
    in.motion = SA_FIGURE_MOTION_LOCOMOTE;
    in.speed = nan;
    int pose_finite = 1;
    for (int frame = 0; frame < 120; ++frame) {
        sa_figure_update(&fig, &in, frame == 60 ? nan : 1.0f / 60.0f);
        const sa_figure_pose *p = sa_figure_get_pose(&fig);
        for (int j = 0; j < SA_FIGURE_JOINT_COUNT; ++j)
            pose_finite &= finite_bits(p->joints[j].x) && finite_bits(p->joints[j].y);
        pose_finite &= finite_bits(p->ground_speed) && finite_bits_d(p->scroll);
    }
    check(pose_finite, "sa_figure_update with a NaN speed (and one NaN dt) stays finite");

#ifdef CONSUMER_EXPECT_ASSERTS
#ifdef NDEBUG
    check(0, "NDEBUG is not defined in a Debug build of the parent");
#endif
#endif
#ifdef __FAST_MATH__
    printf("consumer: built with -ffast-math\n");
#endif
    return failures == 0 ? 0 : 1;
}
