#include "test_support.h"

#include <string.h>

#include <stickanim/abi.h>
#include <stickanim/stickanim.h>

/* Bad input first: a value that is not a type has size 0, alignment 0 and the name "unknown". */
static void test_abi_unknown_type_is_zero(void **state) {
    (void)state;
    const sa_abi_type bad[] = {SA_ABI_TYPE_COUNT_, (sa_abi_type)-1, (sa_abi_type)12345,
                               SA_ABI_TYPE_FORCE_U32_};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_int_equal(sa_abi_type_size(bad[i]), 0);
        assert_int_equal(sa_abi_type_align(bad[i]), 0);
        assert_string_equal(sa_abi_type_name(bad[i]), "unknown");
    }
}

static void test_abi_version_matches_header(void **state) {
    (void)state;
    assert_int_equal(sa_abi_version(), SA_ABI_VERSION);
    assert_true(sa_abi_version() >= 1);
}

/* Every query agrees with the compiler's sizeof and _Alignof here, and names its C type. */
static void test_abi_every_type_matches_sizeof_and_alignof(void **state) {
    (void)state;
    int checked = 0;
#define CHECK(value, type)                                                                         \
    do {                                                                                           \
        assert_int_equal(sa_abi_type_size(value), sizeof(type));                                   \
        assert_int_equal(sa_abi_type_align(value), _Alignof(type));                                \
        assert_string_equal(sa_abi_type_name(value), #type);                                       \
        ++checked;                                                                                 \
    } while (0)
    CHECK(SA_ABI_TYPE_VEC2, sa_vec2);
    CHECK(SA_ABI_TYPE_VEC3, sa_vec3);
    CHECK(SA_ABI_TYPE_QUAT, sa_quat);
    CHECK(SA_ABI_TYPE_TRANSFORM, sa_transform);
    CHECK(SA_ABI_TYPE_IK_ARM_POSE, sa_ik_arm_pose);
    CHECK(SA_ABI_TYPE_IK_CONFIG, sa_ik_config);
    CHECK(SA_ABI_TYPE_IK_RESULT, sa_ik_result);
    CHECK(SA_ABI_TYPE_GAIT, sa_gait);
    CHECK(SA_ABI_TYPE_GAIT_FOOT, sa_gait_foot);
    CHECK(SA_ABI_TYPE_TRACK_KEY, sa_track_key);
    CHECK(SA_ABI_TYPE_TRACK_MULTI, sa_track_multi);
    CHECK(SA_ABI_TYPE_SQUASH, sa_squash);
    CHECK(SA_ABI_TYPE_SPRING1, sa_spring1);
    CHECK(SA_ABI_TYPE_SPRING2, sa_spring2);
    CHECK(SA_ABI_TYPE_VERLET_POINT, sa_verlet_point);
    CHECK(SA_ABI_TYPE_VERLET_CONFIG, sa_verlet_config);
    CHECK(SA_ABI_TYPE_FADE_LAYER, sa_fade_layer);
    CHECK(SA_ABI_TYPE_FADE, sa_fade);
    CHECK(SA_ABI_TYPE_SKELETON, sa_skeleton);
    CHECK(SA_ABI_TYPE_SKELETON_LOCAL_TO_MODEL_JOB, sa_skeleton_local_to_model_job);
    CHECK(SA_ABI_TYPE_POSE_LAYER, sa_pose_layer);
    CHECK(SA_ABI_TYPE_POSE_BLEND_JOB, sa_pose_blend_job);
    CHECK(SA_ABI_TYPE_INERTIAL_SCALAR, sa_inertial_scalar);
    CHECK(SA_ABI_TYPE_INERTIAL_QUAT, sa_inertial_quat);
    CHECK(SA_ABI_TYPE_CLIP_TOUCHDOWN, sa_clip_touchdown);
    CHECK(SA_ABI_TYPE_CLIP, sa_clip);
    CHECK(SA_ABI_TYPE_BLEND_TREE_LOCO_CONFIG, sa_blend_tree_loco_config);
    CHECK(SA_ABI_TYPE_BLEND_TREE_POINT, sa_blend_tree_point);
    CHECK(SA_ABI_TYPE_BLEND_TREE_SPACE, sa_blend_tree_space);
    CHECK(SA_ABI_TYPE_BLEND_TREE_FRAME, sa_blend_tree_frame);
    CHECK(SA_ABI_TYPE_MODE_INPUT, sa_mode_input);
    CHECK(SA_ABI_TYPE_MODE_MACHINE_CONFIG, sa_mode_machine_config);
    CHECK(SA_ABI_TYPE_MODE_MACHINE, sa_mode_machine);
    CHECK(SA_ABI_TYPE_MODE_LAYER, sa_mode_layer);
    CHECK(SA_ABI_TYPE_FOOTSTEPS_EVENT, sa_footsteps_event);
    CHECK(SA_ABI_TYPE_FOOTSTEPS_LAYER, sa_footsteps_layer);
    CHECK(SA_ABI_TYPE_FOOTSTEPS_JOB, sa_footsteps_job);
    CHECK(SA_ABI_TYPE_LIMB_CONFIG, sa_limb_config);
    CHECK(SA_ABI_TYPE_LIMB_STYLE, sa_limb_style);
    CHECK(SA_ABI_TYPE_FIGURE_CONFIG, sa_figure_config);
    CHECK(SA_ABI_TYPE_FIGURE_INPUT, sa_figure_input);
    CHECK(SA_ABI_TYPE_FIGURE_BONE, sa_figure_bone);
    CHECK(SA_ABI_TYPE_FIGURE_PARAMS, sa_figure_params);
    CHECK(SA_ABI_TYPE_FIGURE_CONTACT, sa_figure_contact);
    CHECK(SA_ABI_TYPE_FIGURE_POSE, sa_figure_pose);
    CHECK(SA_ABI_TYPE_FIGURE_HEAD, sa_figure_head);
    CHECK(SA_ABI_TYPE_FIGURE_FOOT_LOCK, sa_figure_foot_lock);
    CHECK(SA_ABI_TYPE_FIGURE, sa_figure);
    CHECK(SA_ABI_TYPE_FIGURE_BODY, sa_figure_body);
    CHECK(SA_ABI_TYPE_FIGURE_EVENT, sa_figure_event);
    CHECK(SA_ABI_TYPE_CLIP_TOUCHDOWN_CONFIG, sa_clip_touchdown_config);
    CHECK(SA_ABI_TYPE_CLIP_BUILDER_CHANNEL, sa_clip_builder_channel);
    CHECK(SA_ABI_TYPE_CLIP_BUILDER_JOB, sa_clip_builder_job);
    CHECK(SA_ABI_TYPE_MAT4, sa_mat4);
    CHECK(SA_ABI_TYPE_SKIN_JOB, sa_skin_job);
    CHECK(SA_ABI_TYPE_FIGURE_MOVE_TRACK, sa_figure_move_track);
    CHECK(SA_ABI_TYPE_FIGURE_MOVE_EVENT, sa_figure_move_event);
    CHECK(SA_ABI_TYPE_FIGURE_MOVE, sa_figure_move);
    CHECK(SA_ABI_TYPE_FIGURE_MOVE_LAYER, sa_figure_move_layer);
    CHECK(SA_ABI_TYPE_SOA_VEC3, sa_soa_vec3);
    CHECK(SA_ABI_TYPE_SOA_QUAT, sa_soa_quat);
    CHECK(SA_ABI_TYPE_SOA_TRANSFORM, sa_soa_transform);
    CHECK(SA_ABI_TYPE_SOA_LAYER, sa_soa_layer);
    CHECK(SA_ABI_TYPE_SOA_BLEND_JOB, sa_soa_blend_job);
    CHECK(SA_ABI_TYPE_SOA_LOCAL_TO_MODEL_JOB, sa_soa_local_to_model_job);
    CHECK(SA_ABI_TYPE_FIGURE_SPEAR_CACHE, sa_figure_spear_cache);
    CHECK(SA_ABI_TYPE_FIGURE_LOCO_CACHE, sa_figure_loco_cache);
    CHECK(SA_ABI_TYPE_FIGURE_GAIT_CACHE, sa_figure_gait_cache);
    CHECK(SA_ABI_TYPE_FIGURE_CACHE, sa_figure_cache);
    CHECK(SA_ABI_TYPE_FIGURE_WALK_RUN_CACHE, sa_figure_walk_run_cache);
#undef CHECK
    /* The list above covers every value of the enum. */
    assert_int_equal(checked, (int)SA_ABI_TYPE_COUNT_);
    for (int t = 0; t < (int)SA_ABI_TYPE_COUNT_; ++t) {
        const size_t a = sa_abi_type_align((sa_abi_type)t);
        assert_true(a > 0 && (a & (a - 1)) == 0);
        assert_int_equal(sa_abi_type_size((sa_abi_type)t) % a, 0);
    }
}

/* The rule in abi.h: a layout change bumps SA_ABI_VERSION. The sizes and alignments recorded
 * here for the current version, on 64-bit platforms, catch a change made without the bump: if
 * this fails, bump SA_ABI_VERSION (and the bindings' copies of it) and record the new numbers. */
static void test_abi_layouts_are_those_of_this_version(void **state) {
    (void)state;
#if UINTPTR_MAX == UINT64_MAX && SA_ABI_VERSION == 3
    static const size_t recorded[][2] = {
        {8, 4},   {12, 4},  {16, 4},   {40, 4}, {16, 4},  {32, 4},  {28, 4}, {28, 4},  {12, 4},
        {12, 4},  {48, 8},  {16, 4},   {8, 4},  {16, 4},  {16, 4},  {24, 8}, {20, 4},  {168, 8},
        {32, 8},  {40, 8},  {24, 8},   {48, 8}, {8, 4},   {24, 4},  {16, 8}, {56, 8},  {40, 4},
        {32, 8},  {792, 8}, {248, 8},  {44, 4}, {88, 4},  {288, 8}, {20, 4}, {32, 8},  {24, 8},
        {96, 8},  {24, 8},  {16, 4},   {84, 4}, {120, 4}, {16, 4},  {96, 4}, {16, 8},  {440, 8},
        {44, 4},  {64, 8},  {2744, 8}, {88, 4}, {40, 8},  {20, 4},  {40, 8}, {64, 8},  {64, 4},
        {136, 8}, {24, 8},  {16, 8},   {64, 8}, {8, 4},   {48, 4},  {64, 4}, {160, 4}, {24, 8},
        {48, 8},  {40, 8},  {44, 4},   {88, 4}, {12, 4},  {180, 4}, {36, 4}};
    assert_int_equal(sizeof recorded / sizeof recorded[0], SA_ABI_TYPE_COUNT_);
    for (int t = 0; t < (int)SA_ABI_TYPE_COUNT_; ++t) {
        if (sa_abi_type_size((sa_abi_type)t) != recorded[t][0] ||
            sa_abi_type_align((sa_abi_type)t) != recorded[t][1])
            fail_msg("%s is %zu bytes (align %zu), ABI version %d recorded %zu (align %zu): bump "
                     "SA_ABI_VERSION",
                     sa_abi_type_name((sa_abi_type)t), sa_abi_type_size((sa_abi_type)t),
                     sa_abi_type_align((sa_abi_type)t), SA_ABI_VERSION, recorded[t][0],
                     recorded[t][1]);
    }
#else
    skip();
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abi_unknown_type_is_zero),
        cmocka_unit_test(test_abi_version_matches_header),
        cmocka_unit_test(test_abi_every_type_matches_sizeof_and_alignof),
        cmocka_unit_test(test_abi_layouts_are_those_of_this_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
