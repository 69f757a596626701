/* Fuzz checks for the rig's newer jobs: 4x4 matrices (vecmath.h), model matrices
 * (skeleton.h), skinning (skin.h) and the clip builder (clip_builder.h). Bad input gets its
 * status; finite input gives finite output; counts stay within capacity. */
#include "fuzz.h"

#include <stickanim/clip_builder.h>
#include <stickanim/skeleton.h>
#include <stickanim/skin.h>

enum { RIG_JOINTS = 6, RIG_VERTS = 8, RIG_KEYS = 6, RIG_FRAMES = 64 };

static bool mat4_finite(const sa_mat4 *m) {
    for (int i = 0; i < 16; ++i)
        if (!fz_finite(m->m[i])) return false;
    return true;
}

static void check_mat4(fz_in *in) {
    const sa_transform a = fz_transform(in), b = fz_transform(in);
    const sa_mat4 ma = sa_mat4_from_transform(a), mb = sa_mat4_from_transform(b);
    FZ_CHECK(sa_mat4_is_finite(ma) == mat4_finite(&ma));
    const sa_mat4 id = sa_mat4_identity();
    FZ_CHECK(mat4_finite(&id) && id.m[0] == 1.0f && id.m[15] == 1.0f && id.m[1] == 0.0f);
    const sa_mat4 inv = sa_mat4_invert(ma);
    /* The inverse of a bad or singular matrix is the identity; any other is finite. */
    if (!sa_mat4_is_finite(ma)) FZ_CHECK(memcmp(&inv, &id, sizeof id) == 0);
    (void)sa_mat4_mul(ma, mb);
    const sa_vec3 p = fz_v3(in);
    (void)sa_mat4_transform_point(ma, p);
    (void)sa_mat4_transform_vector(ma, p);
}

/* A skeleton of RIG_JOINTS joints in parent order, rest transforms from the bytes. */
static bool make_skeleton(fz_in *in, sa_skeleton *sk, int32_t *parents, sa_transform *rest) {
    for (int j = 0; j < RIG_JOINTS; ++j) {
        parents[j] = j == 0 ? -1 : (int32_t)fz_below(in, (size_t)j);
        rest[j] = fz_bool(in) ? fz_transform(in) : sa_transform_identity();
    }
    return sa_skeleton_init(sk, parents, rest, NULL, RIG_JOINTS) == SA_OK;
}

static void check_skin(fz_in *in, const sa_skeleton *sk, const sa_transform *local) {
    sa_mat4 model[RIG_JOINTS + 1], skin[RIG_JOINTS + 1];
    const size_t cap = fz_below(in, RIG_JOINTS + 2);
    const size_t n = sa_skeleton_local_to_model_matrices(sk, local, NULL, model, cap);
    FZ_CHECK2(n == 0 || n == RIG_JOINTS, n, cap);
    if (n == 0) return;
    int32_t joints[RIG_JOINTS];
    for (int j = 0; j < RIG_JOINTS; ++j)
        joints[j] = (int32_t)fz_below(in, RIG_JOINTS + 1) - (fz_u8(in) == 0 ? 1 : 0);
    const size_t count = 1 + fz_below(in, RIG_JOINTS);
    const size_t made = sa_skin_matrices(model, RIG_JOINTS, fz_bool(in) ? joints : NULL, NULL,
                                         count, skin, RIG_JOINTS + 1);
    FZ_CHECK2(made == 0 || made == count, made, count);
    if (made == 0) return;
    FZ_CHECK(sa_skin_matrices(model, RIG_JOINTS, NULL, NULL, count, NULL, 0) == count);
    float pos[RIG_VERTS * 3], nrm[RIG_VERTS * 3], wts[RIG_VERTS * 4], out[RIG_VERTS * 3],
        out_n[RIG_VERTS * 3];
    uint16_t idx[RIG_VERTS * 4];
    for (int i = 0; i < RIG_VERTS * 3; ++i) {
        pos[i] = fz_float_in(in, -10.0f, 10.0f);
        nrm[i] = fz_float_in(in, -1.0f, 1.0f);
    }
    for (int i = 0; i < RIG_VERTS * 4; ++i) {
        idx[i] = (uint16_t)fz_below(in, count + 1);
        wts[i] = fz_bool(in) ? fz_float(in) : fz_float_in(in, 0.0f, 1.0f);
    }
    sa_skin_job job = sa_skin_job_default();
    job.matrices = skin;
    job.matrix_count = count;
    job.vertex_count = 1 + fz_below(in, RIG_VERTS);
    job.influences = 1 + fz_below(in, 5);
    job.joint_indices = idx;
    job.joint_weights = wts;
    job.in_positions = pos;
    job.in_normals = fz_bool(in) ? nrm : NULL;
    job.out_normals = job.in_normals ? out_n : NULL;
    job.out = out;
    job.capacity = fz_below(in, RIG_VERTS + 1);
    const sa_status st = sa_skin_validate(&job);
    const size_t done = sa_skin_run(&job);
    FZ_CHECK2(done == 0 || done == job.vertex_count, done, job.vertex_count);
    if (st == SA_OK) FZ_CHECK2(done == job.vertex_count, done, st);
    if (done > 0 && sa_mat4_is_finite(skin[0]))
        for (size_t v = 0; v < done; ++v)
            for (int c = 0; c < 3; ++c)
                FZ_CHECK2(fz_finite(out[v * 3 + (size_t)c]) || !mat4_finite(&skin[0]), v, c);
    FZ_CHECK(sa_skin_validate(NULL) == SA_ERR_NULL && sa_skin_run(NULL) == 0);
}

static void check_builder(fz_in *in, const sa_skeleton *sk) {
    /* (room for a cubic spline's three rotations per key) */
    float times[3][RIG_KEYS], values[3][RIG_KEYS * 12];
    sa_clip_builder_channel ch[3];
    const size_t channels = 1 + fz_below(in, 3);
    for (size_t c = 0; c < channels; ++c) {
        const size_t keys = 1 + fz_below(in, RIG_KEYS);
        float t = fz_float_in(in, 0.0f, 0.5f);
        for (size_t k = 0; k < keys; ++k) {
            times[c][k] = fz_u8(in) == 0 ? fz_float(in) : t;
            t += fz_float_in(in, 0.0f, 0.4f);
            for (int q = 0; q < 12; ++q)
                values[c][k * 12 + (size_t)q] = fz_bool(in) ? fz_float(in) : fz_float_in(in, -1, 1);
        }
        ch[c].joint = (int32_t)fz_below(in, RIG_JOINTS + 1);
        ch[c].path = (sa_clip_builder_path)fz_below(in, 4);
        ch[c].interpolation = (sa_clip_builder_interpolation)fz_below(in, 4);
        ch[c].times = times[c];
        ch[c].values = values[c];
        ch[c].key_count = keys;
    }
    sa_transform frames[RIG_FRAMES * RIG_JOINTS];
    sa_clip clip;
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = sk;
    job.channels = ch;
    job.channel_count = channels;
    job.rate = fz_bool(in) ? fz_float(in) : fz_float_in(in, 1.0f, 60.0f);
    job.duration = fz_bool(in) ? fz_float(in) : fz_float_in(in, 0.0f, 1.0f);
    job.looping = fz_bool(in);
    job.nlerp = fz_bool(in);
    job.clip = &clip;
    job.out = frames;
    job.capacity = fz_below(in, RIG_FRAMES * RIG_JOINTS + 1);
    const sa_status st = sa_clip_builder_validate(&job);
    const size_t need = sa_clip_builder_run(&(sa_clip_builder_job){.skeleton = sk,
                                                                   .channels = ch,
                                                                   .channel_count = channels,
                                                                   .rate = job.rate,
                                                                   .start = job.start,
                                                                   .duration = job.duration,
                                                                   .looping = job.looping,
                                                                   .nlerp = job.nlerp});
    const size_t wrote = sa_clip_builder_run(&job);
    FZ_CHECK2(wrote <= job.capacity, wrote, job.capacity);
    if (wrote == 0) return;
    FZ_CHECK2(st == SA_OK && wrote == need, st, need);
    for (size_t i = 0; i < wrote; ++i)
        FZ_CHECK2(fz_finite_transform(frames[i]), i, wrote);
    FZ_CHECK(sa_clip_validate(&clip) == SA_OK);
    const float d = sa_clip_duration(&clip);
    FZ_CHECK2(fz_finite(d) && d >= 0.0f, d, 0);
    FZ_CHECK(sa_clip_set_duration(&clip, fz_float(in)) != SA_ERR_NULL);
    FZ_CHECK(sa_clip_set_duration(NULL, 1.0f) == SA_ERR_NULL);
}

void sa_fuzz_rig(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    check_mat4(&in);
    sa_skeleton sk;
    int32_t parents[RIG_JOINTS];
    sa_transform rest[RIG_JOINTS], local[RIG_JOINTS];
    if (!make_skeleton(&in, &sk, parents, rest)) return;
    for (int j = 0; j < RIG_JOINTS; ++j)
        local[j] = fz_bool(&in) ? fz_transform(&in) : rest[j];
    check_skin(&in, &sk, local);
    check_builder(&in, &sk);
    FZ_CHECK(sa_clip_builder_validate(NULL) == SA_ERR_NULL && sa_clip_builder_run(NULL) == 0);
}
