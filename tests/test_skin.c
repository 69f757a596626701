#include "test_support.h"

#include <string.h>

#include <stickanim/skin.h>

enum { NJ = 20, NV = 500 };

/* ---- a double-precision reference, independent of the library's matrix code --------------- */

typedef struct dmat {
    double m[16]; /* column-major, as sa_mat4 */
} dmat;

static dmat dmat_from(const sa_mat4 *a) {
    dmat r;
    for (int i = 0; i < 16; ++i)
        r.m[i] = a->m[i];
    return r;
}

static dmat dmat_mul(const dmat *a, const dmat *b) {
    dmat r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            double s = 0;
            for (int k = 0; k < 4; ++k)
                s += a->m[4 * k + row] * b->m[4 * c + k];
            r.m[4 * c + row] = s;
        }
    return r;
}

/* T·R·S of a transform, in double (the quaternion normalised in double). */
static dmat dmat_from_transform(sa_transform t) {
    const double n = test_quat_length(t.rotation);
    const double x = t.rotation.x / n, y = t.rotation.y / n, z = t.rotation.z / n,
                 w = t.rotation.w / n;
    const double r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w),     2 * (x * z - y * w),
                         2 * (x * y - z * w),     1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
                         2 * (x * z + y * w),     2 * (y * z - x * w),     1 - 2 * (x * x + y * y)};
    const double s[3] = {t.scale.x, t.scale.y, t.scale.z};
    dmat m;
    for (int c = 0; c < 3; ++c) {
        for (int row = 0; row < 3; ++row)
            m.m[4 * c + row] = r[3 * c + row] * s[c];
        m.m[4 * c + 3] = 0;
    }
    m.m[12] = t.translation.x, m.m[13] = t.translation.y, m.m[14] = t.translation.z, m.m[15] = 1;
    return m;
}

/* Inverse of an affine matrix in double: the 3×3 part by cofactors, then the translation. */
static dmat dmat_invert_affine(const dmat *a) {
    const double *m = a->m;
    const double c00 = m[5] * m[10] - m[9] * m[6], c01 = m[9] * m[2] - m[1] * m[10],
                 c02 = m[1] * m[6] - m[5] * m[2];
    const double det = m[0] * c00 + m[4] * c01 + m[8] * c02;
    dmat r;
    r.m[0] = c00 / det;
    r.m[1] = c01 / det;
    r.m[2] = c02 / det;
    r.m[4] = (m[8] * m[6] - m[4] * m[10]) / det;
    r.m[5] = (m[0] * m[10] - m[8] * m[2]) / det;
    r.m[6] = (m[4] * m[2] - m[0] * m[6]) / det;
    r.m[8] = (m[4] * m[9] - m[8] * m[5]) / det;
    r.m[9] = (m[8] * m[1] - m[0] * m[9]) / det;
    r.m[10] = (m[0] * m[5] - m[4] * m[1]) / det;
    r.m[3] = r.m[7] = r.m[11] = 0;
    for (int row = 0; row < 3; ++row)
        r.m[12 + row] = -(r.m[row] * m[12] + r.m[4 + row] * m[13] + r.m[8 + row] * m[14]);
    r.m[15] = 1;
    return r;
}

/* A random 20-joint tree (parents before children) with non-uniform scales, a rest pose and a
 * moved pose. */
typedef struct rig {
    int32_t parents[NJ];
    sa_transform rest[NJ], pose[NJ];
    sa_skeleton skeleton;
} rig;

static sa_transform random_local(test_rng *r) {
    return sa_transform_make(test_rng_v3(r, -1, 1), test_rng_rotation(r),
                             test_rng_v3(r, 0.6f, 1.5f));
}

static void make_rig(rig *g, uint32_t seed) {
    test_rng r = test_rng_make(seed);
    for (int j = 0; j < NJ; ++j) {
        g->parents[j] = j == 0 ? -1 : (int32_t)(test_rng_next(&r) % (uint32_t)j);
        g->rest[j] = random_local(&r);
        g->pose[j] = random_local(&r);
    }
    assert_int_equal(sa_skeleton_init(&g->skeleton, g->parents, g->rest, NULL, NJ), SA_OK);
}

/* Model matrices of a pose, in double. */
static void ref_model(const rig *g, const sa_transform *pose, dmat *out) {
    for (int j = 0; j < NJ; ++j) {
        const dmat l = dmat_from_transform(pose[j]);
        out[j] = g->parents[j] < 0 ? l : dmat_mul(&out[g->parents[j]], &l);
    }
}

typedef struct mesh {
    float pos[NV * 3], nrm[NV * 3];
    uint16_t joints[NV * 4];
    float weights[NV * 4];
} mesh;

static void make_mesh(mesh *m, uint32_t seed, size_t matrix_count) {
    test_rng r = test_rng_make(seed);
    for (int v = 0; v < NV; ++v) {
        for (int c = 0; c < 3; ++c) {
            m->pos[3 * v + c] = test_rng_range(&r, -3, 3);
            m->nrm[3 * v + c] = test_rng_range(&r, -1, 1);
        }
        float sum = 0;
        for (int i = 0; i < 4; ++i) {
            m->joints[4 * v + i] = (uint16_t)(test_rng_next(&r) % matrix_count);
            m->weights[4 * v + i] = test_rng_range(&r, 0, 1);
            sum += m->weights[4 * v + i];
        }
        for (int i = 0; i < 4; ++i)
            m->weights[4 * v + i] /= sum; /* glTF's rule: they sum to 1 (up to rounding) */
    }
}

static sa_skin_job mesh_job(const mesh *m, const sa_mat4 *matrices, size_t count, float *out,
                            float *out_normals) {
    sa_skin_job job = sa_skin_job_default();
    job.matrices = matrices;
    job.matrix_count = count;
    job.vertex_count = NV;
    job.influences = 4;
    job.joint_indices = m->joints;
    job.joint_weights = m->weights;
    job.in_positions = m->pos;
    job.in_normals = m->nrm;
    job.out_normals = out_normals;
    job.out = out;
    job.capacity = NV;
    return job;
}

/* Position and normal of vertex v skinned in double by the double skinning matrices. */
static void ref_skin(const mesh *m, const dmat *skin, int v, double *p, double *n) {
    double sum = 0;
    for (int i = 0; i < 4; ++i)
        sum += m->weights[4 * v + i];
    dmat b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 4; ++i) {
        const dmat *s = &skin[m->joints[4 * v + i]];
        for (int e = 0; e < 16; ++e)
            b.m[e] += m->weights[4 * v + i] / sum * s->m[e];
    }
    const double x = m->pos[3 * v], y = m->pos[3 * v + 1], z = m->pos[3 * v + 2];
    for (int row = 0; row < 3; ++row)
        p[row] = b.m[row] * x + b.m[4 + row] * y + b.m[8 + row] * z + b.m[12 + row];
    /* The normal: (M⁻¹)ᵀ·n, normalised. */
    const dmat inv = dmat_invert_affine(&b);
    const double nx = m->nrm[3 * v], ny = m->nrm[3 * v + 1], nz = m->nrm[3 * v + 2];
    double len = 0;
    for (int row = 0; row < 3; ++row) {
        n[row] = inv.m[4 * row] * nx + inv.m[4 * row + 1] * ny + inv.m[4 * row + 2] * nz;
        len += n[row] * n[row];
    }
    for (int row = 0; row < 3; ++row)
        n[row] /= sqrt(len);
}

static void test_skin_bad_input_is_rejected_with_a_status(void **state) {
    (void)state;
    static mesh m;
    make_mesh(&m, 71, 4);
    sa_mat4 mats[4];
    for (int i = 0; i < 4; ++i)
        mats[i] = sa_mat4_identity();
    static float out[NV * 3], out_n[NV * 3];
    for (int i = 0; i < NV * 3; ++i)
        out[i] = out_n[i] = -9;
    const sa_skin_job good = mesh_job(&m, mats, 4, out, out_n);
    assert_int_equal(sa_skin_validate(&good), SA_OK);
    assert_int_equal(sa_skin_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_skin_run(NULL), 0);

    static mesh bad_mesh;
    bad_mesh = m;
    bad_mesh.joints[4 * 7 + 2] = 4; /* out of range */
    static mesh nan_mesh, neg_mesh;
    nan_mesh = m;
    nan_mesh.weights[4 * 9 + 1] = NAN;
    neg_mesh = m;
    neg_mesh.weights[4 * 9 + 1] = -0.25f;
    sa_mat4 nan_mats[4];
    memcpy(nan_mats, mats, sizeof mats);
    nan_mats[2].m[13] = INFINITY;

    /* Refused by the run: nothing written, 0 returned. */
    sa_skin_job refused[16];
    sa_status why[16];
    size_t n = 0;
#define CASE(status, edit)                                                                         \
    do {                                                                                           \
        sa_skin_job *job = &refused[n];                                                            \
        *job = good;                                                                               \
        edit;                                                                                      \
        why[n++] = status;                                                                         \
    } while (0)
    CASE(SA_ERR_NULL, job->matrices = NULL);
    CASE(SA_ERR_NULL, job->joint_indices = NULL);
    CASE(SA_ERR_NULL, job->joint_weights = NULL);
    CASE(SA_ERR_NULL, job->in_positions = NULL);
    CASE(SA_ERR_NULL, job->in_normals = NULL);
    CASE(SA_ERR_COUNT, job->matrix_count = 0);
    CASE(SA_ERR_COUNT, job->vertex_count = 0);
    CASE(SA_ERR_COUNT, job->influences = 0);
    CASE(SA_ERR_COUNT, job->influences = 5);
    CASE(SA_ERR_RANGE, job->in_positions_stride = 8);  /* below 3 floats */
    CASE(SA_ERR_RANGE, job->joint_indices_stride = 9); /* not a multiple of 2 */
    CASE(SA_ERR_RANGE, job->out_stride = 14);          /* not a multiple of 4 */
    CASE(SA_ERR_RANGE, job->in_positions = (const float *)(const void *)((const char *)m.pos + 2));
    CASE(SA_ERR_CAPACITY, job->capacity = NV - 1);
#undef CASE
    for (size_t i = 0; i < n; ++i) {
        if (sa_skin_validate(&refused[i]) != why[i])
            fail_msg("case %zu: %s, expected %s", i,
                     sa_status_string(sa_skin_validate(&refused[i])), sa_status_string(why[i]));
        assert_int_equal(sa_skin_run(&refused[i]), 0);
    }
    for (int i = 0; i < NV * 3; ++i) {
        assert_near(out[i], -9, 0);
        assert_near(out_n[i], -9, 0);
    }
    /* Reported by validate, repaired by the run (the bad influence counts 0). */
    sa_skin_job repaired[4] = {good, good, good, good};
    repaired[0].joint_indices = bad_mesh.joints;
    repaired[1].joint_weights = nan_mesh.weights;
    repaired[2].joint_weights = neg_mesh.weights;
    repaired[3].matrices = nan_mats;
    const sa_status reported[4] = {SA_ERR_RANGE, SA_ERR_NOT_FINITE, SA_ERR_RANGE,
                                   SA_ERR_NOT_FINITE};
    for (int i = 0; i < 4; ++i) {
        assert_int_equal(sa_skin_validate(&repaired[i]), reported[i]);
        assert_int_equal(sa_skin_run(&repaired[i]), NV);
        for (int e = 0; e < NV * 3; ++e) {
            assert_finite(out[e]);
            assert_finite(out_n[e]);
        }
    }
    /* One influence needs no weights. */
    sa_skin_job single = good;
    single.influences = 1;
    single.joint_weights = NULL;
    single.joint_indices_stride = 4 * sizeof(uint16_t);
    assert_int_equal(sa_skin_validate(&single), SA_OK);
    /* The count-only call. */
    sa_skin_job ask = good;
    ask.out = NULL;
    ask.capacity = 0;
    assert_int_equal(sa_skin_validate(&ask), SA_OK);
    assert_int_equal(sa_skin_run(&ask), NV);

    /* Skinning matrices: bad indices, counts, capacity. */
    sa_mat4 sm[4];
    const int32_t joints[3] = {0, 3, 1}, bad_joints[3] = {0, 4, 1}, neg_joints[3] = {0, -1, 1};
    assert_int_equal(sa_skin_matrices(mats, 4, joints, NULL, 3, sm, 4), 3);
    assert_int_equal(sa_skin_matrices(mats, 4, joints, NULL, 3, NULL, 0), 3);
    assert_int_equal(sa_skin_matrices(NULL, 4, joints, NULL, 3, sm, 4), 0);
    assert_int_equal(sa_skin_matrices(mats, 0, joints, NULL, 3, sm, 4), 0);
    assert_int_equal(sa_skin_matrices(mats, 4, joints, NULL, 0, sm, 4), 0);
    assert_int_equal(sa_skin_matrices(mats, 4, bad_joints, NULL, 3, sm, 4), 0);
    assert_int_equal(sa_skin_matrices(mats, 4, neg_joints, NULL, 3, NULL, 0), 0);
    assert_int_equal(sa_skin_matrices(mats, 4, joints, NULL, 3, sm, 2), 0);
    assert_int_equal(sa_skin_matrices(mats, 2, NULL, NULL, 3, sm, 4), 0); /* more than model */
}

/* The whole path (model matrices, skinning matrices, the job) against the same computed in double:
 * 20 joints with non-uniform scales, 500 vertices of 4 influences. */
static void test_skin_matches_a_double_precision_reference(void **state) {
    (void)state;
    for (uint32_t seed = 1; seed <= 10; ++seed) {
        static rig g;
        make_rig(&g, seed);
        static mesh m;
        make_mesh(&m, seed + 100, NJ);
        /* Inverse bind matrices from the rest pose, as an exporter writes them. */
        sa_mat4 rest_model[NJ], inverse_bind[NJ], model[NJ], skin[NJ];
        assert_int_equal(
            sa_skeleton_local_to_model_matrices(&g.skeleton, g.rest, NULL, rest_model, NJ), NJ);
        for (int j = 0; j < NJ; ++j)
            inverse_bind[j] = sa_mat4_invert(rest_model[j]);
        assert_int_equal(sa_skeleton_local_to_model_matrices(&g.skeleton, g.pose, NULL, model, NJ),
                         NJ);
        assert_int_equal(sa_skin_matrices(model, NJ, NULL, inverse_bind, NJ, skin, NJ), NJ);
        static float out[NV * 3], out_n[NV * 3];
        const sa_skin_job job = mesh_job(&m, skin, NJ, out, out_n);
        assert_int_equal(sa_skin_validate(&job), SA_OK);
        assert_int_equal(sa_skin_run(&job), NV);

        dmat ref_rest[NJ], ref_pose[NJ], ref_skin_m[NJ], ref_job_m[NJ];
        ref_model(&g, g.rest, ref_rest);
        ref_model(&g, g.pose, ref_pose);
        for (int j = 0; j < NJ; ++j) {
            const dmat inv = dmat_invert_affine(&ref_rest[j]);
            ref_skin_m[j] = dmat_mul(&ref_pose[j], &inv);
            ref_job_m[j] = dmat_from(&skin[j]);
        }
        double worst_job = 0, worst_path = 0, worst_normal = 0, size = 0;
        for (int v = 0; v < NV; ++v) {
            double p[3], n[3], pp[3], pn[3];
            ref_skin(&m, ref_job_m, v, p, n);    /* the job alone, on its own matrices */
            ref_skin(&m, ref_skin_m, v, pp, pn); /* the whole path */
            double dn = 0, lo = 0;
            for (int c = 0; c < 3; ++c) {
                worst_job = fmax(worst_job, fabs(out[3 * v + c] - p[c]));
                worst_path = fmax(worst_path, fabs(out[3 * v + c] - pp[c]));
                size = fmax(size, fabs(pp[c]));
                dn += out_n[3 * v + c] * n[c];
                lo += (double)out_n[3 * v + c] * out_n[3 * v + c];
            }
            worst_normal = fmax(worst_normal, 1 - dn);
            assert_near(lo, 1, 1e-6);
        }
        /* The job in float against double on the same matrices: a few float roundings of the
         * largest coordinate (measured: 1e-7 of it). The whole path: the rounding of 20-joint
         * chains (measured: 5e-7). Normals within 1e-3 rad (measured: 3e-4): four unrelated
         * joints blend into a nearly singular matrix, whose inverse transpose magnifies rounding.
         */
        assert_true(worst_job <= 1e-6 * size);
        assert_true(worst_path <= 5e-6 * size);
        assert_true(acos(1 - worst_normal) <= 1e-3);
    }
}

/* Weights need not sum to 1: they are divided by their sum. All zero (or unusable): the vertex
 * keeps its bind position and normal. */
static void test_skin_weights_not_summing_to_one_are_normalised(void **state) {
    (void)state;
    sa_mat4 mats[3];
    mats[0] = sa_mat4_from_transform(
        sa_transform_make(sa_v3(1, 0, 0), sa_quat_identity(), sa_v3(1, 1, 1)));
    mats[1] = sa_mat4_from_transform(sa_transform_make(
        sa_v3(0, 3, 0), sa_quat_from_axis_angle(sa_v3(0, 0, 1), 1.0f), sa_v3(2, 2, 2)));
    mats[2] = sa_mat4_from_transform(
        sa_transform_make(sa_v3(0, 0, 5), sa_quat_identity(), sa_v3(1, 1, 1)));
    enum { V = 8 };
    const float pos[V * 3] = {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3,
                              1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3};
    const float nrm[V * 3] = {0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 2,
                              0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 2};
    const uint16_t joints[V * 2] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 0, 9, 0, 1, 0, 1};
    const float weights[V * 2] = {
        0.5f,  0.5f, /* sums to 1 */
        2.0f,  2.0f, /* sums to 4: the same as 0.5, 0.5 */
        0.0f,  0.0f, /* sums to 0: not skinned */
        -1,    1,    /* a negative weight counts 0: joint 1 alone */
        NAN,   3,    /* NaN counts 0: joint 2 alone */
        1,     1,    /* joint 9 is out of range: joint 0 alone */
        0.3f,  0.3f, /* sums to 0.6: the same as 0.5, 0.5 */
        2e30f, 1,    /* above 1e30 counts 0: joint 1 alone */
    };
    float out[V * 3], out_n[V * 3];
    sa_skin_job job = sa_skin_job_default();
    job.matrices = mats;
    job.matrix_count = 3;
    job.vertex_count = V;
    job.influences = 2;
    job.joint_indices = joints;
    job.joint_weights = weights;
    job.in_positions = pos;
    job.in_normals = nrm;
    job.out_normals = out_n;
    job.out = out;
    job.capacity = V;
    assert_int_equal(sa_skin_run(&job), V);
    const sa_vec3 p = sa_v3(1, 2, 3);
    const sa_vec3 a = sa_mat4_transform_point(mats[0], p), b = sa_mat4_transform_point(mats[1], p),
                  c = sa_mat4_transform_point(mats[2], p);
    const sa_vec3 half = sa_v3_lerp(a, b, 0.5f);
    const sa_vec3 want[V] = {half, half, p, b, c, a, half, b};
    for (int v = 0; v < V; ++v) {
        assert_near(out[3 * v], want[v].x, 1e-5);
        assert_near(out[3 * v + 1], want[v].y, 1e-5);
        assert_near(out[3 * v + 2], want[v].z, 1e-5);
    }
    /* Not skinned: the bind normal, normalised. */
    assert_near(out_n[3 * 2 + 2], 1, 0);
    assert_near(out_n[3 * 2], 0, 0);
    /* sa_skin_validate() reports a weight above 1e30, alone in its job. */
    sa_skin_job huge = job;
    huge.vertex_count = 1;
    huge.joint_indices = joints + 14;
    huge.joint_weights = weights + 14;
    huge.in_positions = pos + 21;
    huge.in_normals = nrm + 21;
    assert_int_equal(sa_skin_validate(&huge), SA_ERR_RANGE);
    huge.joint_weights = weights + 12; /* 0.3, 0.3 */
    assert_int_equal(sa_skin_validate(&huge), SA_OK);
    /* The same weights, twice as large, give the same vertex, bit for bit or nearly. */
    for (int e = 0; e < 3; ++e)
        assert_near(out[3 + e], out[e], 1e-6);
}

/* Non-uniform scale: a surface's normal stays perpendicular to it; a mirror keeps normals
 * pointing to the same side of the surface as (M⁻¹)ᵀ puts them. */
static void test_skin_normals_stay_perpendicular_under_non_uniform_scale(void **state) {
    (void)state;
    test_rng r = test_rng_make(72);
    for (int i = 0; i < 2000; ++i) {
        sa_vec3 s = test_rng_v3(&r, 0.2f, 3);
        if (i % 2) s.y = -s.y; /* a mirror */
        const sa_mat4 m = sa_mat4_from_transform(
            sa_transform_make(test_rng_v3(&r, -2, 2), test_rng_rotation(&r), s));
        /* A surface through the origin spanned by u and w, its normal u × w. */
        const sa_vec3 u = test_rng_v3(&r, -1, 1), w = test_rng_v3(&r, -1, 1);
        const sa_vec3 n = sa_v3_cross(u, w);
        if (sa_v3_length(n) < 0.1f) continue;
        const float pos[9] = {0, 0, 0, u.x, u.y, u.z, w.x, w.y, w.z};
        const float nrm[9] = {n.x, n.y, n.z, n.x, n.y, n.z, n.x, n.y, n.z};
        const uint16_t joints[3] = {0, 0, 0};
        float out[9], out_n[9];
        sa_skin_job job = sa_skin_job_default();
        job.matrices = &m;
        job.matrix_count = 1;
        job.vertex_count = 3;
        job.influences = 1;
        job.joint_indices = joints;
        job.joint_weights = NULL;
        job.in_positions = pos;
        job.in_normals = nrm;
        job.out_normals = out_n;
        job.out = out;
        job.capacity = 3;
        assert_int_equal(sa_skin_run(&job), 3);
        const sa_vec3 o = sa_v3(out[0], out[1], out[2]);
        const sa_vec3 du = sa_v3_normalize(sa_v3_sub(sa_v3(out[3], out[4], out[5]), o));
        const sa_vec3 dw = sa_v3_normalize(sa_v3_sub(sa_v3(out[6], out[7], out[8]), o));
        const sa_vec3 nn = sa_v3(out_n[0], out_n[1], out_n[2]);
        assert_near(sa_v3_dot(nn, du), 0, 2e-5);
        assert_near(sa_v3_dot(nn, dw), 0, 2e-5);
        assert_near(sa_v3_length(nn), 1, 1e-6);
        /* (M⁻¹)ᵀ·n: on the side of the mapped u × w when det > 0, the other side when det < 0. */
        const float side = sa_v3_dot(nn, sa_v3_cross(du, dw));
        if (s.y > 0)
            assert_true(side > 0);
        else
            assert_true(side < 0);
    }
}

/* Interleaved buffers (position, normal and padding in one 32-byte vertex) give what packed ones
 * give; skinning in place gives the same again. */
static void test_skin_strided_and_in_place_buffers_agree(void **state) {
    (void)state;
    static rig g;
    make_rig(&g, 5);
    static mesh m;
    make_mesh(&m, 73, NJ);
    sa_mat4 model[NJ];
    assert_int_equal(sa_skeleton_local_to_model_matrices(&g.skeleton, g.pose, NULL, model, NJ), NJ);
    static float out[NV * 3], out_n[NV * 3];
    const sa_skin_job packed = mesh_job(&m, model, NJ, out, out_n);
    assert_int_equal(sa_skin_run(&packed), NV);
    typedef struct vertex {
        float pos[3], nrm[3], pad[2];
    } vertex;
    static vertex vb[NV];
    for (int v = 0; v < NV; ++v) {
        memcpy(vb[v].pos, &m.pos[3 * v], sizeof vb[v].pos);
        memcpy(vb[v].nrm, &m.nrm[3 * v], sizeof vb[v].nrm);
        vb[v].pad[0] = vb[v].pad[1] = 42;
    }
    sa_skin_job strided = packed;
    strided.in_positions = vb[0].pos;
    strided.in_positions_stride = sizeof(vertex);
    strided.in_normals = vb[0].nrm;
    strided.in_normals_stride = sizeof(vertex);
    strided.out = vb[0].pos; /* in place */
    strided.out_stride = sizeof(vertex);
    strided.out_normals = vb[0].nrm;
    strided.out_normals_stride = sizeof(vertex);
    assert_int_equal(sa_skin_validate(&strided), SA_OK);
    assert_int_equal(sa_skin_run(&strided), NV);
    for (int v = 0; v < NV; ++v) {
        assert_memory_equal(vb[v].pos, &out[3 * v], sizeof vb[v].pos);
        assert_memory_equal(vb[v].nrm, &out_n[3 * v], sizeof vb[v].nrm);
        assert_near(vb[v].pad[0], 42, 0);
        assert_near(vb[v].pad[1], 42, 0);
    }
}

/* The rest pose skins the mesh to its bind pose; a NaN position falls back to its bind one. */
static void test_skin_rest_pose_gives_the_bind_mesh(void **state) {
    (void)state;
    static rig g;
    make_rig(&g, 9);
    static mesh m;
    make_mesh(&m, 74, NJ);
    sa_mat4 rest_model[NJ], inverse_bind[NJ], skin[NJ];
    assert_int_equal(sa_skeleton_local_to_model_matrices(&g.skeleton, g.rest, NULL, rest_model, NJ),
                     NJ);
    for (int j = 0; j < NJ; ++j)
        inverse_bind[j] = sa_mat4_invert(rest_model[j]);
    assert_int_equal(sa_skin_matrices(rest_model, NJ, NULL, inverse_bind, NJ, skin, NJ), NJ);
    m.pos[3 * 11 + 1] = NAN;
    static float out[NV * 3], out_n[NV * 3];
    const sa_skin_job job = mesh_job(&m, skin, NJ, out, out_n);
    assert_int_equal(sa_skin_run(&job), NV);
    for (int v = 0; v < NV; ++v) {
        double len = 0;
        for (int c = 0; c < 3; ++c)
            len += (double)m.nrm[3 * v + c] * m.nrm[3 * v + c];
        for (int c = 0; c < 3; ++c) {
            if (v == 11) continue;
            assert_near(out[3 * v + c], m.pos[3 * v + c], 5e-5);
            assert_near(out_n[3 * v + c], m.nrm[3 * v + c] / sqrt(len), 5e-5);
        }
    }
    assert_near(out[3 * 11], m.pos[3 * 11], 0);
    assert_near(out[3 * 11 + 1], 0, 0);
    assert_near(out[3 * 11 + 2], m.pos[3 * 11 + 2], 0);
}

/* The rig: a joint scaled (1, 2, 1) and a child turned a quarter about z: a tip one unit
 * along the child's x lands at (0, 2, 0) through the matrices, and a vertex on it skins there. */
static void test_skin_follows_non_uniform_scale_above_a_rotated_joint(void **state) {
    (void)state;
    const int32_t parents[3] = {-1, 0, 1};
    const sa_transform local[3] = {
        sa_transform_make(sa_v3(0, 0, 0), sa_quat_identity(), sa_v3(1, 2, 1)),
        sa_transform_make(sa_v3(0, 0, 0), sa_quat_from_axis_angle(sa_v3(0, 0, 1), SA_PI / 2),
                          sa_v3(1, 1, 1)),
        sa_transform_make(sa_v3(1, 0, 0), sa_quat_identity(), sa_v3(1, 1, 1))};
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, local, NULL, 3), SA_OK);
    sa_mat4 model[3];
    assert_int_equal(sa_skeleton_local_to_model_matrices(&sk, local, NULL, model, 3), 3);
    assert_near(model[2].m[12], 0, 1e-6);
    assert_near(model[2].m[13], 2, 1e-6);
    assert_near(model[2].m[14], 0, 1e-6);
    /* The mesh modelled at the origin of the tip's space, with the tip as its only joint. */
    const float pos[3] = {0, 0, 0};
    const uint16_t joint = 2;
    float out[3];
    sa_skin_job job = sa_skin_job_default();
    job.matrices = model;
    job.matrix_count = 3;
    job.vertex_count = 1;
    job.influences = 1;
    job.joint_indices = &joint;
    job.in_positions = pos;
    job.out = out;
    job.capacity = 1;
    assert_int_equal(sa_skin_run(&job), 1);
    assert_near(out[0], 0, 1e-6);
    assert_near(out[1], 2, 1e-6);
    assert_near(out[2], 0, 1e-6);
}

/* Normals of any length come out unit length (the careful path for tiny and huge ones, where
 * the squared length underflows or overflows a float), and a zero normal stays zero. */
static void test_skin_normals_of_any_length_come_out_unit(void **state) {
    (void)state;
    const sa_mat4 identity = sa_mat4_identity();
    const uint16_t joints[4] = {0, 0, 0, 0};
    const float weights[4] = {1, 1, 1, 1};
    const float pos[12] = {0};
    const float nrm[12] = {1e-20f, 0, 0, 3e20f, 4e20f, 0, 0, 0, 0, 0, -2e-30f, 0};
    const double want[12] = {1, 0, 0, 0.6, 0.8, 0, 0, 0, 0, 0, -1, 0};
    float out[12], out_n[12];
    sa_skin_job job = sa_skin_job_default();
    job.matrices = &identity;
    job.matrix_count = 1;
    job.vertex_count = 4;
    job.influences = 1;
    job.joint_indices = joints;
    job.joint_weights = weights;
    job.in_positions = pos;
    job.in_normals = nrm;
    job.out_normals = out_n;
    job.out = out;
    job.capacity = 12;
    assert_int_equal(sa_skin_run(&job), 4);
    for (int k = 0; k < 12; ++k)
        assert_near(out_n[k], want[k], 1e-6);
}

/* A vertex whose position skins finitely but whose normal overflows (the inverse transpose of a
 * scale of 1e20 multiplies two of its elements: 1e40) is a result that is not finite: it gets its
 * bind position and its normalised bind normal (sa_skin_run). Without normals the same vertex
 * skins. */
static void test_skin_normal_overflow_gives_the_bind_vertex(void **state) {
    (void)state;
    const sa_mat4 big = sa_mat4_from_transform(
        sa_transform_make(sa_v3(0, 0, 0), sa_quat_identity(), sa_v3(1e20f, 1e20f, 1e20f)));
    const float pos[3] = {1e-30f, 0, 0}, nrm[3] = {0, 3, 4};
    float out[3], out_n[3];
    sa_skin_job job = sa_skin_job_default();
    job.matrices = &big;
    job.matrix_count = 1;
    job.vertex_count = 1;
    job.influences = 1;
    const uint16_t joint = 0;
    job.joint_indices = &joint;
    job.in_positions = pos;
    job.out = out;
    job.capacity = 1;
    assert_int_equal(sa_skin_run(&job), 1);
    assert_near(out[0], 1e-10, 1e-16); /* skinned: 1e-30 · 1e20 */
    job.in_normals = nrm;
    job.out_normals = out_n;
    assert_int_equal(sa_skin_run(&job), 1);
    for (int e = 0; e < 3; ++e)
        assert_true(out[e] == pos[e]);
    assert_near(out_n[0], 0, 0);
    assert_near(out_n[1], 0.6, 1e-6);
    assert_near(out_n[2], 0.8, 1e-6);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_skin_bad_input_is_rejected_with_a_status),
        cmocka_unit_test(test_skin_matches_a_double_precision_reference),
        cmocka_unit_test(test_skin_weights_not_summing_to_one_are_normalised),
        cmocka_unit_test(test_skin_normals_stay_perpendicular_under_non_uniform_scale),
        cmocka_unit_test(test_skin_strided_and_in_place_buffers_agree),
        cmocka_unit_test(test_skin_rest_pose_gives_the_bind_mesh),
        cmocka_unit_test(test_skin_follows_non_uniform_scale_above_a_rotated_joint),
        cmocka_unit_test(test_skin_normals_of_any_length_come_out_unit),
        cmocka_unit_test(test_skin_normal_overflow_gives_the_bind_vertex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
