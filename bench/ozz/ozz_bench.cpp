// The 3D frame side by side with ozz-animation on the same data: a 20-joint skeleton, three
// looping clips (30 keys at 30 Hz) sampled forward at 60 Hz, a blend of the three, local -> model.
// Rows: the whole frame, the three samples, the blend alone, local -> model alone, with poses as
// arrays of sa_transform (pose.h, skeleton.h) and again in groups of four joints (soa.h); each measured
// in interleaved rounds (ours, ozz, ours, ...) and reported as the median ns per frame with the
// ratio ours / ozz, and the fastest round of each (on a shared machine the least disturbed). Built
// by run.sh outside the library (none of ozz's code enters ours).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "ozz/animation/offline/animation_builder.h"
#include "ozz/animation/offline/raw_animation.h"
#include "ozz/animation/offline/raw_skeleton.h"
#include "ozz/animation/offline/skeleton_builder.h"
#include "ozz/animation/runtime/animation.h"
#include "ozz/animation/runtime/blending_job.h"
#include "ozz/animation/runtime/local_to_model_job.h"
#include "ozz/animation/runtime/sampling_job.h"
#include "ozz/animation/runtime/skeleton.h"
#include "ozz/base/maths/simd_math.h"
#include "ozz/base/maths/soa_transform.h"

#include <stickanim/stickanim.h>

namespace {

constexpr int kJoints = 20, kKeys = 30, kClips = 3, kFrames = 2048, kRounds = 15, kRows = 9;
const int32_t kParents[kJoints] = {-1, 0,  1,  2,  3, 4,  3,  6, 7,  8,
                                   3,  10, 11, 12, 0, 14, 15, 0, 17, 18};

uint32_t g_state = 0x2545F491u;
float random_in(float lo, float hi) {
    g_state ^= g_state << 13;
    g_state ^= g_state >> 17;
    g_state ^= g_state << 5;
    return lo + (hi - lo) * (float)(g_state >> 8) * (1.0f / 16777216.0f);
}

struct Data {
    sa_transform rest[kJoints];
    sa_transform frames[kClips][kKeys * kJoints];
    float weights[kFrames][kClips];
};

void make_data(Data &d) {
    for (int j = 0; j < kJoints; ++j)
        d.rest[j] = sa_transform_make(sa_v3(random_in(-0.1f, 0.1f), random_in(0.1f, 0.4f), 0),
                                      sa_quat_identity(), sa_v3(1, 1, 1));
    const float amplitude[kClips] = {0.05f, 0.5f, 0.9f};
    for (int c = 0; c < kClips; ++c)
        for (int f = 0; f < kKeys; ++f) {
            const float p = 2.0f * SA_PI * (float)f / (float)kKeys;
            for (int j = 0; j < kJoints; ++j) {
                sa_transform t = d.rest[j];
                const float swing = amplitude[c] * (0.5f + 0.5f * random_in(0, 1));
                t.rotation = sa_quat_from_axis_angle(sa_v3(1, random_in(-0.2f, 0.2f), 0),
                                                     swing * (p + (float)j) * 0.3f);
                d.frames[c][f * kJoints + j] = t;
            }
        }
    for (int i = 0; i < kFrames; ++i) {
        const float w0 = random_in(0, 1), w1 = random_in(0, 1 - w0);
        d.weights[i][0] = w0;
        d.weights[i][1] = w1;
        d.weights[i][2] = 1 - w0 - w1;
    }
}

// ---- ours
struct Ours {
    sa_skeleton skeleton;
    sa_clip clips[kClips];
    sa_transform sampled[kClips][kJoints], blended[kJoints], model[kJoints];
    // Matrices and groups aligned to 16 bytes, as soa.h recommends (and as ozz's types are).
    alignas(16) sa_mat4 matrices[kJoints];
    // The SoA path (soa.h): the same poses in groups of four joints.
    alignas(16) sa_soa_transform sampled_soa[kClips][SA_SOA_GROUPS(kJoints)];
    alignas(16) sa_soa_transform rest_soa[SA_SOA_GROUPS(kJoints)];
    alignas(16) sa_soa_transform blended_soa[SA_SOA_GROUPS(kJoints)];
    const Data *d;
    void init(const Data &data) {
        d = &data;
        sa_skeleton_init(&skeleton, kParents, data.rest, nullptr, kJoints);
        for (int c = 0; c < kClips; ++c)
            sa_clip_init(&clips[c], data.frames[c], kKeys, kJoints, 30.0f, true);
        sa_soa_pack(data.rest, kJoints, rest_soa, SA_SOA_GROUPS(kJoints));
    }
    void sample(int i) {
        const float t = (float)i * (1.0f / 60.0f);
        for (int c = 0; c < kClips; ++c)
            sa_clip_sample_time(&clips[c], t, sampled[c], kJoints);
    }
    void blend(int i) {
        sa_pose_layer layers[kClips];
        for (int c = 0; c < kClips; ++c) {
            layers[c].pose = sampled[c];
            layers[c].weight = d->weights[i % kFrames][c];
            layers[c].joint_weights = nullptr;
        }
        sa_pose_blend_job job = {layers, kClips, d->rest, kJoints, blended, kJoints};
        sa_pose_blend_run(&job);
    }
    void local_to_model() {
        sa_skeleton_local_to_model_job job = {&skeleton, blended, nullptr, model, kJoints};
        sa_skeleton_local_to_model_run(&job);
    }
    void sample_soa(int i) {
        const float t = (float)i * (1.0f / 60.0f);
        for (int c = 0; c < kClips; ++c)
            sa_soa_sample_time(&clips[c], t, sampled_soa[c], SA_SOA_GROUPS(kJoints));
    }
    void blend_soa(int i) {
        sa_soa_layer layers[kClips];
        for (int c = 0; c < kClips; ++c) {
            layers[c].pose = sampled_soa[c];
            layers[c].weight = d->weights[i % kFrames][c];
            layers[c].joint_weights = nullptr;
        }
        sa_soa_blend_job job = {layers, kClips, rest_soa, kJoints, blended_soa,
                                SA_SOA_GROUPS(kJoints)};
        sa_soa_blend_run(&job);
    }
    void local_to_model_soa_matrices() {
        sa_soa_local_to_model_matrices(&skeleton, blended_soa, nullptr, matrices, kJoints);
    }
    void local_to_model_soa() {
        sa_soa_local_to_model_job job = {&skeleton, blended_soa, nullptr, model, kJoints};
        sa_soa_local_to_model_run(&job);
    }
};

// ---- ozz
namespace oa = ozz::animation;
struct Ozz {
    ozz::unique_ptr<oa::Skeleton> skeleton;
    ozz::unique_ptr<oa::Animation> clips[kClips];
    oa::SamplingJob::Context contexts[kClips];
    std::vector<ozz::math::SoaTransform> sampled[kClips], blended;
    std::vector<ozz::math::Float4x4> model;
    const Data *d;

    static void add_children(oa::offline::RawSkeleton::Joint &joint, int index, const Data &data) {
        for (int j = index + 1; j < kJoints; ++j) {
            if (kParents[j] != index) continue;
            oa::offline::RawSkeleton::Joint child;
            child.name = "j" + std::to_string(j);
            const sa_transform &r = data.rest[j];
            child.transform.translation =
                ozz::math::Float3(r.translation.x, r.translation.y, r.translation.z);
            child.transform.rotation =
                ozz::math::Quaternion(r.rotation.x, r.rotation.y, r.rotation.z, r.rotation.w);
            child.transform.scale = ozz::math::Float3(r.scale.x, r.scale.y, r.scale.z);
            joint.children.push_back(child);
            add_children(joint.children.back(), j, data);
        }
    }
    void init(const Data &data) {
        d = &data;
        oa::offline::RawSkeleton raw;
        raw.roots.resize(1);
        raw.roots[0].name = "j0";
        const sa_transform &r0 = data.rest[0];
        raw.roots[0].transform.translation =
            ozz::math::Float3(r0.translation.x, r0.translation.y, r0.translation.z);
        raw.roots[0].transform.rotation = ozz::math::Quaternion::identity();
        raw.roots[0].transform.scale = ozz::math::Float3::one();
        add_children(raw.roots[0], 0, data);
        skeleton = oa::offline::SkeletonBuilder()(raw);
        // The builder orders joints depth first, children in order: the same order as kParents.
        for (int j = 0; j < kJoints; ++j)
            if (skeleton->joint_parents()[j] != kParents[j])
                std::printf("joint order differs at %d\n", j);
        for (int c = 0; c < kClips; ++c) {
            oa::offline::RawAnimation anim;
            anim.duration = 1.0f;
            anim.tracks.resize(kJoints);
            for (int j = 0; j < kJoints; ++j) {
                for (int f = 0; f <= kKeys; ++f) { // the last key closes the loop
                    const sa_transform &t = data.frames[c][(f % kKeys) * kJoints + j];
                    const float time = (float)f / (float)kKeys;
                    anim.tracks[j].translations.push_back(
                        {time,
                         ozz::math::Float3(t.translation.x, t.translation.y, t.translation.z)});
                    anim.tracks[j].rotations.push_back(
                        {time, ozz::math::Quaternion(t.rotation.x, t.rotation.y, t.rotation.z,
                                                     t.rotation.w)});
                    anim.tracks[j].scales.push_back(
                        {time, ozz::math::Float3(t.scale.x, t.scale.y, t.scale.z)});
                }
            }
            clips[c] = oa::offline::AnimationBuilder()(anim);
            contexts[c].Resize(kJoints);
            sampled[c].resize(skeleton->num_soa_joints());
        }
        blended.resize(skeleton->num_soa_joints());
        model.resize(skeleton->num_joints());
    }
    void sample(int i) {
        const float t = (float)i * (1.0f / 60.0f);
        for (int c = 0; c < kClips; ++c) {
            oa::SamplingJob job;
            job.animation = clips[c].get();
            job.context = &contexts[c];
            job.ratio = t - (float)(int)t;
            job.output = ozz::make_span(sampled[c]);
            job.Run();
        }
    }
    void blend(int i) {
        oa::BlendingJob::Layer layers[kClips];
        for (int c = 0; c < kClips; ++c) {
            layers[c].transform = ozz::make_span(sampled[c]);
            layers[c].weight = d->weights[i % kFrames][c];
        }
        oa::BlendingJob job;
        job.layers = layers;
        job.rest_pose = skeleton->joint_rest_poses();
        job.output = ozz::make_span(blended);
        job.Run();
    }
    void local_to_model() {
        oa::LocalToModelJob job;
        job.skeleton = skeleton.get();
        job.input = ozz::make_span(blended);
        job.output = ozz::make_span(model);
        job.Run();
    }
};

volatile float g_sink;

template <class F> double time_frames(F &&fn) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kFrames; ++i)
        fn(i);
    const auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / kFrames;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
    const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
    static Data data;
    make_data(data);
    static Ours ours;
    static Ozz oz;
    ours.init(data);
    oz.init(data);
    struct Row {
        const char *name;
        std::vector<double> a, b;
    } rows[kRows] = {{"frame: 3 samples + blend + local->model", {}, {}},
                     {"3 clips sampled forward at 60 Hz", {}, {}},
                     {"blend of 3 layers", {}, {}},
                     {"local -> model", {}, {}},
                     {"SoA frame (soa.h)", {}, {}},
                     {"SoA 3 clips sampled (sample + pack)", {}, {}},
                     {"SoA blend of 3 layers", {}, {}},
                     {"SoA local -> model", {}, {}},
                     {"SoA local -> model, matrices (as ozz)", {}, {}}};
    for (int i = 0; i < 64; ++i) { // warm up, and fill the inputs of the partial rows
        ours.sample(i), ours.blend(i), ours.local_to_model();
        ours.sample_soa(i), ours.blend_soa(i), ours.local_to_model_soa();
        ours.local_to_model_soa_matrices();
        oz.sample(i), oz.blend(i), oz.local_to_model();
    }
    for (int r = 0; r < kRounds; ++r) {
        rows[0].a.push_back(
            time_frames([](int i) { ours.sample(i), ours.blend(i), ours.local_to_model(); }));
        rows[0].b.push_back(
            time_frames([](int i) { oz.sample(i), oz.blend(i), oz.local_to_model(); }));
        rows[1].a.push_back(time_frames([](int i) { ours.sample(i); }));
        rows[1].b.push_back(time_frames([](int i) { oz.sample(i); }));
        rows[2].a.push_back(time_frames([](int i) { ours.blend(i); }));
        rows[2].b.push_back(time_frames([](int i) { oz.blend(i); }));
        rows[3].a.push_back(time_frames([](int) { ours.local_to_model(); }));
        rows[3].b.push_back(time_frames([](int) { oz.local_to_model(); }));
        rows[4].a.push_back(time_frames(
            [](int i) { ours.sample_soa(i), ours.blend_soa(i), ours.local_to_model_soa(); }));
        rows[4].b.push_back(
            time_frames([](int i) { oz.sample(i), oz.blend(i), oz.local_to_model(); }));
        rows[5].a.push_back(time_frames([](int i) { ours.sample_soa(i); }));
        rows[5].b.push_back(time_frames([](int i) { oz.sample(i); }));
        rows[6].a.push_back(time_frames([](int i) { ours.blend_soa(i); }));
        rows[6].b.push_back(time_frames([](int i) { oz.blend(i); }));
        rows[7].a.push_back(time_frames([](int) { ours.local_to_model_soa(); }));
        rows[7].b.push_back(time_frames([](int) { oz.local_to_model(); }));
        rows[8].a.push_back(time_frames([](int) { ours.local_to_model_soa_matrices(); }));
        rows[8].b.push_back(time_frames([](int) { oz.local_to_model(); }));
    }
    g_sink = ours.model[kJoints - 1].translation.x + ozz::math::GetX(oz.model[kJoints - 1].cols[3]);
    if (json) std::printf("[\n");
    for (int k = 0; k < kRows; ++k) {
        const double a = median(rows[k].a), b = median(rows[k].b);
        const double amin = *std::min_element(rows[k].a.begin(), rows[k].a.end());
        const double bmin = *std::min_element(rows[k].b.begin(), rows[k].b.end());
        if (json)
            std::printf("  {\"row\": \"%s\", \"stickanim_ns\": %.1f, \"ozz_ns\": %.1f, "
                        "\"ratio\": %.3f, \"stickanim_min_ns\": %.1f, \"ozz_min_ns\": %.1f, "
                        "\"min_ratio\": %.3f}%s\n",
                        rows[k].name, a, b, a / b, amin, bmin, amin / bmin, k < kRows - 1 ? "," : "");
        else
            std::printf("%-42s stickanim %7.1f ns  ozz %7.1f ns  ratio %.2fx   (fastest rounds: "
                        "%7.1f / %7.1f ns = %.2fx)\n",
                        rows[k].name, a, b, a / b, amin, bmin, amin / bmin);
    }
    if (json) std::printf("]\n");
    return 0;
}
