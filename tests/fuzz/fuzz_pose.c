/* skeleton.h and pose.h: skeletons from any parent order, local → model, and every pose
 * function. Every transform written finite with a unit rotation; counts as documented; a blend
 * is a weighted average (inside the box of what it averages), a single layer copied exactly;
 * lerps exact at their ends; a model joint the same (to float rounding) whichever way it is
 * computed. */
#include "fuzz.h"

#include <stickanim/blend_tree.h>
#include <stickanim/pose.h>
#include <stickanim/skeleton.h>
#include <stickanim/soa.h>

enum { MAX_J = 12, MAX_LAYERS = 4 };

static const char *const joint_names[MAX_J] = {"root",     "spine",   "chest",   "neck",
                                               "head",     "thigh_l", "thigh_r", "LeftArm",
                                               "RightArm", NULL,      "x",       "y"};

/* How the library reads a transform: bit for bit when already clean (finite, huge parts too;
 * unit rotation), else sanitized. */
static sa_transform clean(sa_transform t) {
    const double n = fz_quat_length(t.rotation);
    const double n2 = n * n;
    if (fz_finite_transform(t) && n2 >= 1.0 - 1e-5 && n2 <= 1.0 + 1e-5) return t;
    return sa_transform_sanitize(t);
}

static bool same(sa_transform a, sa_transform b) { return memcmp(&a, &b, sizeof a) == 0; }

static double largest_part(sa_vec3 v) { return fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z))); }

/* sa_skeleton_joint_model() against the job's joint j: the same to float rounding (the job may
 * renormalise a rotation product by one Newton step where the walk divides by its length, a last
 * bit apart), which a translation carries in proportion to the translations it sums down the
 * chain; the scale is the same product either way. */
static bool joint_model_agrees(const sa_skeleton *sk, const sa_transform *model, int32_t j,
                               sa_transform one) {
    if (memcmp(&one.scale, &model[j].scale, sizeof one.scale) != 0) return false;
    const sa_quat a = one.rotation, b = model[j].rotation;
    const double dq = fmax(fmax(fabs((double)a.x - b.x), fabs((double)a.y - b.y)),
                           fmax(fabs((double)a.z - b.z), fabs((double)a.w - b.w)));
    double reach = 1.0; /* the translations summed down the chain */
    for (int32_t k = j; k != SA_SKELETON_JOINT_NONE; k = sk->parents[k])
        reach += largest_part(model[k].translation);
    const sa_vec3 t = one.translation, u = model[j].translation;
    const double dt =
        fmax(fabs((double)t.x - u.x), fmax(fabs((double)t.y - u.y), fabs((double)t.z - u.z)));
    return dq <= 1e-6 && dt <= 1e-5 * reach;
}

static void check_pose(const sa_transform *p, size_t n) {
    for (size_t j = 0; j < n; ++j) {
        FZ_CHECK(fz_finite_transform(p[j]));
        FZ_CHECK2(fz_unit(p[j].rotation), fz_quat_length(p[j].rotation), j);
    }
}

/* v inside [lo, hi] up to the rounding of an average of values as large as the box. */
static bool in_box(float v, float lo, float hi) {
    const double slack = 1e-5 * fmax(fabs((double)lo), fabs((double)hi)) + 1e-30;
    return (double)v >= (double)lo - slack && (double)v <= (double)hi + slack;
}

static void check_blend(fz_in *in, const sa_transform (*poses)[MAX_J], size_t nl, size_t nj,
                        const sa_transform *rest) {
    sa_pose_layer layers[MAX_LAYERS];
    float jw[MAX_LAYERS][MAX_J];
    for (size_t i = 0; i < nl; ++i) {
        layers[i].pose = poses[i];
        layers[i].weight = fz_float_in(in, 0.0f, 1.0f);
        layers[i].joint_weights = NULL;
        if (fz_bool(in)) {
            for (size_t j = 0; j < nj; ++j)
                jw[i][j] = fz_float_in(in, 0.0f, 1.0f);
            layers[i].joint_weights = jw[i];
        }
    }
    sa_transform out[MAX_J + 1];
    sa_pose_blend_job job;
    job.layers = layers;
    job.layer_count = nl;
    job.rest = fz_bool(in) ? rest : NULL;
    job.joint_count = nj;
    job.out = out;
    job.capacity = nj + fz_below(in, 2);
    const size_t n = sa_pose_blend_run(&job);
    FZ_CHECK(n == (sa_pose_blend_validate(&job) == SA_OK ? nj : 0));
    check_pose(out, n);
    for (size_t j = 0; j < n; ++j) {
        /* The weights as the blend reads them. */
        size_t count = 0, only = 0;
        float lo[6] = {INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY};
        float hi[6] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY};
        for (size_t i = 0; i < nl; ++i) {
            const float w = layers[i].weight;
            float lw = (fz_finite(w) && w > 0.0f) ? fminf(w, 1e30f) : 0.0f;
            if (layers[i].joint_weights) {
                const float x = layers[i].joint_weights[j];
                lw *= (x >= 0.0f && x <= 1.0f) ? x : (x > 1.0f ? 1.0f : 0.0f);
            }
            if (!(lw > 0.0f)) continue;
            ++count;
            only = i;
            const sa_transform c = clean(poses[i][j]);
            const float v[6] = {c.translation.x, c.translation.y, c.translation.z,
                                c.scale.x,       c.scale.y,       c.scale.z};
            for (int k = 0; k < 6; ++k) {
                lo[k] = fminf(lo[k], v[k]);
                hi[k] = fmaxf(hi[k], v[k]);
            }
        }
        if (count == 0) {
            FZ_CHECK(same(out[j], clean(job.rest ? job.rest[j] : poses[0][j])));
        } else if (count == 1) {
            FZ_CHECK(same(out[j], clean(poses[only][j])));
        } else {
            const float v[6] = {out[j].translation.x, out[j].translation.y, out[j].translation.z,
                                out[j].scale.x,       out[j].scale.y,       out[j].scale.z};
            for (int k = 0; k < 6; ++k)
                FZ_CHECK2(in_box(v[k], lo[k], hi[k]), v[k], k);
        }
    }
    job.out = NULL;
    FZ_CHECK(sa_pose_blend_run(&job) == (sa_pose_blend_validate(&job) == SA_OK ? nj : 0));
}

static void check_pairs(fz_in *in, const sa_transform *a, const sa_transform *b, size_t nj) {
    sa_transform out[MAX_J];
    float w[MAX_J];
    for (size_t j = 0; j < nj; ++j)
        w[j] = fz_float_in(in, 0.0f, 1.0f);
    const float t = fz_float_in(in, -1.0f, 2.0f);
    FZ_CHECK(sa_pose_lerp(a, b, t, nj, NULL, 0) == nj);
    FZ_CHECK(sa_pose_lerp(a, b, t, nj, out, nj - 1) == 0);
    FZ_CHECK(sa_pose_lerp(a, b, t, nj, out, nj) == nj);
    check_pose(out, nj);
    FZ_CHECK(sa_pose_lerp(a, b, 0.0f, nj, out, nj) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK(same(out[j], clean(a[j])));
    FZ_CHECK(sa_pose_lerp(a, b, 1.0f, nj, out, nj) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK(same(out[j], clean(b[j])));
    FZ_CHECK(sa_pose_lerp_masked(a, b, t, fz_bool(in) ? w : NULL, nj, out, nj) == nj);
    check_pose(out, nj);
    FZ_CHECK(sa_pose_morph(a, b, t, nj, out, nj) == nj);
    check_pose(out, nj);
    FZ_CHECK(sa_pose_difference(a, b, nj, out, nj) == nj);
    check_pose(out, nj);
    sa_transform offset[MAX_J];
    memcpy(offset, out, sizeof(sa_transform) * nj);
    const float k = fz_float(in);
    FZ_CHECK(sa_pose_apply_offset(b, offset, k, nj, out, nj) == nj);
    check_pose(out, nj);
    FZ_CHECK(sa_pose_apply_offset(b, offset, 0.0f, nj, out, nj) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK(same(out[j], clean(b[j])));
    FZ_CHECK(sa_pose_lerp(NULL, b, t, nj, out, nj) == 0);
}

static void check_skeleton(fz_in *in, const sa_skeleton *sk, const sa_transform *local) {
    const size_t nj = sk->joint_count;
    sa_transform model[MAX_J];
    sa_transform root = fz_transform(in);
    sa_skeleton_local_to_model_job job = {sk, local, fz_bool(in) ? &root : NULL, model, MAX_J};
    FZ_CHECK(sa_skeleton_local_to_model_validate(&job) == SA_OK);
    FZ_CHECK(sa_skeleton_local_to_model_run(&job) == nj);
    check_pose(model, nj);
    if (!job.root) {
        for (size_t j = 0; j < nj; ++j)
            FZ_CHECK(joint_model_agrees(sk, model, (int32_t)j,
                                        sa_skeleton_joint_model(sk, local, (int32_t)j)));
    }
    job.capacity = nj - 1;
    FZ_CHECK(sa_skeleton_local_to_model_validate(&job) == SA_ERR_CAPACITY);
    FZ_CHECK(sa_skeleton_local_to_model_run(&job) == 0);
    job.out = NULL;
    FZ_CHECK(sa_skeleton_local_to_model_run(&job) == nj);
    /* Subtrees: the joint itself and only joints after it. */
    float weights[MAX_J];
    for (size_t j = 0; j < MAX_J; ++j)
        weights[j] = -1.0f;
    const int32_t at = (int32_t)fz_below(in, MAX_J + 1) - 1;
    const size_t written = sa_skeleton_fill_subtree(sk, at, 1.0f, weights, MAX_J);
    FZ_CHECK(written <= nj);
    if (at >= 0 && (size_t)at < nj) {
        FZ_CHECK(written >= 1 && weights[at] == 1.0f);
        size_t marked = 0;
        for (size_t j = 0; j < MAX_J; ++j) {
            if (weights[j] == 1.0f) {
                ++marked;
                FZ_CHECK(j >= (size_t)at && j < nj);
            }
        }
        FZ_CHECK(marked == written);
        FZ_CHECK(sa_skeleton_fill_subtree(sk, at, 1.0f, NULL, 0) == written);
    } else {
        FZ_CHECK(written == 0);
    }
    /* The stride stretch's weights: 1 on the limbs it finds by name, 0 elsewhere. */
    float sw[MAX_J];
    FZ_CHECK(sa_blend_tree_stretch_weights(sk, NULL, 0) == nj);
    FZ_CHECK(sa_blend_tree_stretch_weights(sk, sw, nj - 1) == 0);
    FZ_CHECK(sa_blend_tree_stretch_weights(sk, sw, MAX_J) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK(sw[j] == 0.0f || (sw[j] == 1.0f && sk->names && sk->names[j]));
    const char *name = joint_names[fz_below(in, MAX_J)];
    const int32_t found = sa_skeleton_find(sk, name);
    int32_t first = SA_SKELETON_JOINT_NONE;
    for (size_t j = 0; name && sk->names && j < nj && first == SA_SKELETON_JOINT_NONE; ++j)
        if (sk->names[j] && strcmp(sk->names[j], name) == 0) first = (int32_t)j;
    FZ_CHECK(found == first);
}

/* soa.h: the same poses in groups of four, padding lanes full of anything, give the AoS blend's
 * and the AoS local -> model's results bit for bit; pack and unpack are exact. */
enum { MAX_G = (MAX_J + 3) / 4 };
static void check_soa(fz_in *in, const sa_transform (*poses)[MAX_J], size_t nl, size_t nj,
                      const sa_transform *rest, const sa_skeleton *sk) {
    static sa_soa_transform packed[MAX_LAYERS + 1][MAX_G];
    static sa_transform cleaned[MAX_LAYERS + 1][MAX_J]; /* what the groups hold */
    sa_transform back[MAX_J];
    FZ_CHECK(sa_soa_pack(poses[0], nj, NULL, 0) == SA_SOA_GROUPS(nj));
    FZ_CHECK(sa_soa_pack(poses[0], nj, packed[0], SA_SOA_GROUPS(nj) - 1) == 0);
    for (size_t i = 0; i <= nl; ++i) {
        const sa_transform *p = i < nl ? poses[i] : rest;
        FZ_CHECK(sa_soa_pack(p, nj, packed[i], MAX_G) == SA_SOA_GROUPS(nj));
        FZ_CHECK(sa_soa_unpack(packed[i], nj, cleaned[i], MAX_J) == nj);
        for (size_t j = 0; j < nj; ++j)
            FZ_CHECK(same(cleaned[i][j], clean(p[j])));
        float *last = (float *)(void *)&packed[i][SA_SOA_GROUPS(nj) - 1];
        for (size_t c = 0; c < 10; ++c)
            for (size_t k = nj % 4 ? nj % 4 : 4; k < 4; ++k)
                last[4 * c + k] = fz_float(in); /* never read into a real joint */
    }
    FZ_CHECK(sa_soa_unpack(packed[0], nj, NULL, 0) == nj);
    sa_pose_layer layers[MAX_LAYERS];
    sa_soa_layer soa_layers[MAX_LAYERS];
    float jw[MAX_LAYERS][MAX_J];
    for (size_t i = 0; i < nl; ++i) {
        layers[i].pose = cleaned[i];
        soa_layers[i].pose = packed[i];
        layers[i].weight = soa_layers[i].weight = fz_float(in);
        layers[i].joint_weights = soa_layers[i].joint_weights = NULL;
        if (fz_bool(in)) {
            for (size_t j = 0; j < nj; ++j)
                jw[i][j] = fz_float(in);
            layers[i].joint_weights = soa_layers[i].joint_weights = jw[i];
        }
    }
    const bool with_rest = fz_bool(in);
    sa_transform want[MAX_J];
    sa_soa_transform out[MAX_G];
    const sa_pose_blend_job job = {layers, nl, with_rest ? cleaned[nl] : NULL, nj, want, MAX_J};
    FZ_CHECK(sa_pose_blend_run(&job) == nj);
    sa_soa_blend_job soa_job = {soa_layers, nl, with_rest ? packed[nl] : NULL, nj, out, MAX_G};
    FZ_CHECK(sa_soa_blend_validate(&soa_job) == SA_OK);
    FZ_CHECK(sa_soa_blend_run(&soa_job) == SA_SOA_GROUPS(nj));
    FZ_CHECK(sa_soa_unpack(out, nj, back, MAX_J) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK2(same(back[j], want[j]), (double)back[j].rotation.w, j);
    soa_job.capacity = SA_SOA_GROUPS(nj) - 1;
    FZ_CHECK(sa_soa_blend_validate(&soa_job) == SA_ERR_CAPACITY);
    FZ_CHECK(sa_soa_blend_run(&soa_job) == 0);
    if (!sk) return;
    sa_transform model[MAX_J];
    const sa_transform root = fz_transform(in);
    const sa_transform *rootp = fz_bool(in) ? &root : NULL;
    const sa_skeleton_local_to_model_job aos = {sk, cleaned[0], rootp, want, MAX_J};
    FZ_CHECK(sa_skeleton_local_to_model_run(&aos) == nj);
    sa_soa_local_to_model_job l2m = {sk, packed[0], rootp, model, MAX_J};
    FZ_CHECK(sa_soa_local_to_model_validate(&l2m) == SA_OK);
    FZ_CHECK(sa_soa_local_to_model_run(&l2m) == nj);
    for (size_t j = 0; j < nj; ++j)
        FZ_CHECK2(same(model[j], want[j]), (double)model[j].translation.x, j);
    l2m.capacity = nj - 1;
    FZ_CHECK(sa_soa_local_to_model_validate(&l2m) == SA_ERR_CAPACITY);
    FZ_CHECK(sa_soa_local_to_model_run(&l2m) == 0);
    sa_mat4 mw[MAX_J], mg[MAX_J];
    FZ_CHECK(sa_skeleton_local_to_model_matrices(sk, cleaned[0], rootp, mw, MAX_J) == nj);
    FZ_CHECK(sa_soa_local_to_model_matrices(sk, packed[0], rootp, mg, MAX_J) == nj);
    FZ_CHECK(memcmp(mw, mg, nj * sizeof *mw) == 0);
    FZ_CHECK(sa_soa_local_to_model_matrices(sk, packed[0], rootp, NULL, 0) == nj);
    FZ_CHECK(sa_soa_local_to_model_matrices(sk, packed[0], rootp, mg, nj - 1) == 0);
}

void sa_fuzz_pose(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    const size_t nj = 1 + fz_below(&in, MAX_J), nl = 1 + fz_below(&in, MAX_LAYERS);
    int32_t parents[MAX_J];
    sa_transform rest[MAX_J], poses[MAX_LAYERS][MAX_J];
    for (size_t j = 0; j < nj; ++j) {
        const uint8_t p = fz_u8(&in);
        parents[j] = p < 250 ? (int32_t)(p % (j + 1)) - 1 : (int32_t)fz_u32(&in);
        rest[j] = fz_bool(&in) ? sa_transform_identity() : fz_transform(&in);
    }
    for (size_t i = 0; i < nl; ++i)
        for (size_t j = 0; j < nj; ++j)
            poses[i][j] = fz_transform(&in);
    sa_skeleton sk;
    const sa_status st =
        sa_skeleton_init(&sk, parents, rest, fz_bool(&in) ? joint_names : NULL, nj);
    bool order_ok = true, finite = true;
    for (size_t j = 0; j < nj; ++j) {
        order_ok = order_ok && (parents[j] == SA_SKELETON_JOINT_NONE ||
                                (parents[j] >= 0 && (size_t)parents[j] < j));
        finite = finite && fz_finite_transform(rest[j]);
    }
    FZ_CHECK(st == (!order_ok ? SA_ERR_PARENT_ORDER : (!finite ? SA_ERR_NOT_FINITE : SA_OK)));
    if (st == SA_OK) FZ_CHECK(sa_skeleton_validate(&sk) == SA_OK);
    if (st == SA_OK) check_skeleton(&in, &sk, poses[0]);
    check_blend(&in, (const sa_transform(*)[MAX_J])poses, nl, nj, rest);
    check_pairs(&in, poses[0], poses[nl - 1], nj);
    check_soa(&in, (const sa_transform(*)[MAX_J])poses, nl, nj, rest, st == SA_OK ? &sk : NULL);
}
