/* clip.h: clips of any frames, sampled at any time or phase, and touchdowns measured. Every pose
 * finite with unit rotations, a frame's own time giving that frame exactly; markers in [0, 1),
 * sorted, within capacity. */
#include "fuzz.h"

#include <stickanim/clip.h>
#include <stickanim/soa.h>

enum { MAX_F = 6, MAX_J = 5, MAX_MARKERS = 6 };

static sa_transform clean(sa_transform t) {
    const double n = fz_quat_length(t.rotation);
    if (fz_finite_transform(t) && n * n >= 1.0 - 1e-5 && n * n <= 1.0 + 1e-5) return t;
    return sa_transform_sanitize(t);
}

static void check_pose(const sa_transform *p, size_t n) {
    for (size_t j = 0; j < n; ++j)
        FZ_CHECK(fz_finite_transform(p[j]) && fz_unit(p[j].rotation));
}

static void check_measure(fz_in *in, const sa_clip *clip) {
    int32_t parents[MAX_J];
    sa_transform rest[MAX_J];
    const size_t nj = clip->joint_count;
    for (size_t j = 0; j < nj; ++j) {
        parents[j] = (int32_t)(fz_u8(in) % (j + 1)) - 1;
        rest[j] = sa_transform_identity();
    }
    sa_skeleton sk;
    if (sa_skeleton_init(&sk, parents, rest, NULL, nj) != SA_OK) return;
    int32_t feet[3];
    const size_t nf = 1 + fz_below(in, 3);
    for (size_t f = 0; f < nf; ++f)
        feet[f] = (int32_t)fz_below(in, nj + 1);
    sa_clip_touchdown_config tc = sa_clip_touchdown_config_default();
    FZ_CHECK(sa_clip_touchdown_config_validate(&tc) == SA_OK);
    tc.down = fz_bool(in) ? fz_float(in) : fz_float_in(in, 0.0f, 1.0f);
    tc.up = fz_float_in(in, 0.0f, 1.0f);
    tc.min_air_time = fz_bool(in) ? fz_float(in) : fz_float_in(in, 0.0f, 0.5f);
    tc.absolute = fz_bool(in);
    const sa_clip_touchdown_config *threshold =
        fz_bool(in) && sa_clip_touchdown_config_validate(&tc) == SA_OK ? &tc : NULL;
    const size_t found = sa_clip_measure_touchdowns(clip, &sk, feet, nf, threshold, NULL, 0);
    sa_clip_touchdown out[MAX_MARKERS];
    const size_t cap = fz_below(in, MAX_MARKERS + 1);
    const size_t written = sa_clip_measure_touchdowns(clip, &sk, feet, nf, threshold, out, cap);
    FZ_CHECK2(written == (found < cap ? found : cap), written, found);
    for (size_t i = 0; i < written; ++i) {
        FZ_CHECK2(out[i].phase >= 0.0f && out[i].phase < 1.0f, out[i].phase, i);
        FZ_CHECK(out[i].foot < nf);
        if (i > 0) FZ_CHECK(out[i].phase >= out[i - 1].phase);
    }
    if (written > 0) {
        sa_clip c = *clip;
        FZ_CHECK(sa_clip_set_touchdowns(&c, out, written) == SA_OK);
    }
}

void sa_fuzz_clip(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    const size_t nf = 1 + fz_below(&in, MAX_F), nj = 1 + fz_below(&in, MAX_J);
    sa_transform frames[MAX_F * MAX_J];
    for (size_t i = 0; i < nf * nj; ++i)
        frames[i] = fz_transform(&in);
    const float rate = fz_bool(&in) ? 30.0f : fz_float(&in);
    const bool looping = fz_bool(&in);
    sa_clip clip;
    const sa_status st = sa_clip_init(&clip, frames, nf, nj, rate, looping);
    FZ_CHECK(st == ((rate >= 0.0f && fz_finite(rate)) ? SA_OK : SA_ERR_RANGE));
    if (st != SA_OK) return;
    const float dur = sa_clip_duration(&clip);
    FZ_CHECK(fz_finite(dur) && dur >= 0.0f);
    sa_transform out[MAX_J + 1];
    FZ_CHECK(sa_clip_sample_time(&clip, 0.0f, NULL, 0) == nj);
    FZ_CHECK(sa_clip_sample_time(&clip, 0.0f, out, nj - 1) == 0);
    /* Each frame at its own phase: that frame, exactly. */
    const double span = looping ? (double)nf : (double)(nf - 1);
    for (size_t f = 0; f < nf && span > 0.0; ++f) {
        const float phase = (float)((double)f / span);
        FZ_CHECK(sa_clip_sample_phase(&clip, phase, out, nj) == nj);
        for (size_t j = 0; j < nj; ++j) {
            const sa_transform want = clean(frames[f * nj + j]);
            FZ_CHECK(memcmp(&out[j], &want, sizeof want) == 0);
        }
    }
    while (fz_more(&in)) {
        const uint8_t op = fz_u8(&in);
        if (op % 5 == 4) {
            check_measure(&in, &clip);
            continue;
        }
        if (op % 5 == 3) {
            sa_clip_touchdown m[MAX_MARKERS];
            const size_t n = fz_below(&in, MAX_MARKERS + 1);
            for (size_t i = 0; i < n; ++i) {
                m[i].phase = fz_float_in(&in, 0.0f, 1.0f);
                m[i].foot = fz_below(&in, 3);
            }
            sa_clip c = clip;
            const sa_status s = sa_clip_set_touchdowns(&c, n ? m : NULL, n);
            if (s == SA_OK)
                FZ_CHECK(sa_clip_validate(&c) == SA_OK);
            else
                FZ_CHECK(c.touchdowns == clip.touchdowns &&
                         c.touchdown_count == clip.touchdown_count);
            continue;
        }
        const float at = fz_float(&in);
        const size_t n = (op & 1) ? sa_clip_sample_time(&clip, at, out, nj + 1)
                                  : sa_clip_sample_phase(&clip, at, out, nj + 1);
        FZ_CHECK(n == nj);
        check_pose(out, nj);
        if (op & 1) { /* the SoA sample: the same pose, packed */
            sa_soa_transform got[2], want[2];
            FZ_CHECK(sa_soa_sample_time(&clip, at, got, 2) == SA_SOA_GROUPS(nj));
            FZ_CHECK(sa_soa_pack(out, nj, want, 2) == SA_SOA_GROUPS(nj));
            FZ_CHECK(memcmp(got, want, SA_SOA_GROUPS(nj) * sizeof *got) == 0);
            FZ_CHECK(sa_soa_sample_time(&clip, at, NULL, 0) == SA_SOA_GROUPS(nj));
            FZ_CHECK(sa_soa_sample_time(&clip, at, got, 0) == 0);
        }
    }
}
