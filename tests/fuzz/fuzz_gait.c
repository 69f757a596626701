/* gait.h: mixing gaits, foot paths, hip bob, ground speed and the mix for a speed. */
#include "fuzz.h"

#include <stickanim/gait.h>

static sa_gait read_gait(fz_in *in) {
    sa_gait g;
    g.stride = fz_float(in);
    g.cadence = fz_float(in);
    g.duty = fz_float_in(in, 0.0f, 1.0f);
    g.step_height = fz_float(in);
    g.bob = fz_float(in);
    g.bob_shift = fz_float(in);
    g.lean = fz_float(in);
    return g;
}

static bool gait_sane(const sa_gait *g) {
    return fz_finite(g->stride) && fz_finite(g->cadence) && fz_finite(g->duty) &&
           fz_finite(g->step_height) && fz_finite(g->bob) && fz_finite(g->bob_shift) &&
           fz_finite(g->lean) && g->duty >= SA_GAIT_DUTY_MIN && g->duty <= SA_GAIT_DUTY_MAX &&
           g->step_height >= 0.0f && g->bob >= 0.0f;
}

void sa_fuzz_gait(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        const uint8_t pick = fz_u8(&in);
        sa_gait ga = read_gait(&in), gb = read_gait(&in);
        const sa_gait *a = (pick & 1) ? &ga : NULL, *b = (pick & 2) ? &gb : NULL;
        const float t = fz_float(&in), phase = fz_float(&in), speed = fz_float(&in);
        const sa_gait m = sa_gait_mix(a, b, t);
        FZ_CHECK(gait_sane(&m));
        /* t = 0 gives a exactly (after its repairs); that is also how the repaired gait reads. */
        const sa_gait sa = sa_gait_mix(a, b, 0.0f);
        FZ_CHECK(gait_sane(&sa));
        const sa_gait_foot f = sa_gait_sample(a, phase);
        /* |stride|/2 as a float: exact but for a denormal stride, where halving rounds. */
        const double half = (double)fabsf(0.5f * sa.stride);
        FZ_CHECK2(fz_finite(f.x) && fabs((double)f.x) <= half, f.x, sa.stride);
        FZ_CHECK2(fz_finite(f.lift) && f.lift >= 0.0f && f.lift <= sa.step_height, f.lift,
                  sa.step_height);
        if (f.planted) FZ_CHECK(f.lift == 0.0f);
        const float hip = sa_gait_hip_offset(a, phase);
        FZ_CHECK2(fz_finite(hip) && hip <= 0.0f && hip >= -sa.bob, hip, sa.bob);
        FZ_CHECK(fz_finite(sa_gait_ground_speed(a)));
        FZ_CHECK(fz_finite(sa_gait_ground_speed(&m)));
        const float k = sa_gait_mix_for_speed(a, b, speed);
        FZ_CHECK2(k >= 0.0f && k <= 1.0f, k, speed);
        if (sa_gait_validate(&ga) == SA_OK) FZ_CHECK(gait_sane(&ga));
        const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
        FZ_CHECK(sa_gait_validate(&walk) == SA_OK && sa_gait_validate(&run) == SA_OK);
        FZ_CHECK(walk.stride == 44.0f && walk.duty == 0.62f && run.stride == 60.0f &&
                 run.duty == 0.40f);
    } while (fz_more(&in));
}
