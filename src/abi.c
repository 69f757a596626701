#include <stickanim/abi.h>

#include <stickanim/stickanim.h>

int32_t sa_abi_version(void) { return SA_ABI_VERSION; }

typedef struct sai_abi_row {
    size_t size, align;
    const char *name;
} sai_abi_row;

#define SAI_ABI_ROW(value, type) [value] = {sizeof(type), _Alignof(type), #type}

static const sai_abi_row sai_abi_rows[SA_ABI_TYPE_COUNT_] = {
    SAI_ABI_ROW(SA_ABI_TYPE_VEC2, sa_vec2),
    SAI_ABI_ROW(SA_ABI_TYPE_VEC3, sa_vec3),
    SAI_ABI_ROW(SA_ABI_TYPE_QUAT, sa_quat),
    SAI_ABI_ROW(SA_ABI_TYPE_TRANSFORM, sa_transform),
    SAI_ABI_ROW(SA_ABI_TYPE_IK_ARM_POSE, sa_ik_arm_pose),
    SAI_ABI_ROW(SA_ABI_TYPE_IK_CONFIG, sa_ik_config),
    SAI_ABI_ROW(SA_ABI_TYPE_IK_RESULT, sa_ik_result),
    SAI_ABI_ROW(SA_ABI_TYPE_GAIT, sa_gait),
    SAI_ABI_ROW(SA_ABI_TYPE_GAIT_FOOT, sa_gait_foot),
    SAI_ABI_ROW(SA_ABI_TYPE_TRACK_KEY, sa_track_key),
    SAI_ABI_ROW(SA_ABI_TYPE_TRACK_MULTI, sa_track_multi),
    SAI_ABI_ROW(SA_ABI_TYPE_SQUASH, sa_squash),
    SAI_ABI_ROW(SA_ABI_TYPE_SPRING1, sa_spring1),
    SAI_ABI_ROW(SA_ABI_TYPE_SPRING2, sa_spring2),
    SAI_ABI_ROW(SA_ABI_TYPE_VERLET_POINT, sa_verlet_point),
    SAI_ABI_ROW(SA_ABI_TYPE_VERLET_CONFIG, sa_verlet_config),
    SAI_ABI_ROW(SA_ABI_TYPE_FADE_LAYER, sa_fade_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_FADE, sa_fade),
    SAI_ABI_ROW(SA_ABI_TYPE_SKELETON, sa_skeleton),
    SAI_ABI_ROW(SA_ABI_TYPE_SKELETON_LOCAL_TO_MODEL_JOB, sa_skeleton_local_to_model_job),
    SAI_ABI_ROW(SA_ABI_TYPE_POSE_LAYER, sa_pose_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_POSE_BLEND_JOB, sa_pose_blend_job),
    SAI_ABI_ROW(SA_ABI_TYPE_INERTIAL_SCALAR, sa_inertial_scalar),
    SAI_ABI_ROW(SA_ABI_TYPE_INERTIAL_QUAT, sa_inertial_quat),
    SAI_ABI_ROW(SA_ABI_TYPE_CLIP_TOUCHDOWN, sa_clip_touchdown),
    SAI_ABI_ROW(SA_ABI_TYPE_CLIP, sa_clip),
    SAI_ABI_ROW(SA_ABI_TYPE_BLEND_TREE_LOCO_CONFIG, sa_blend_tree_loco_config),
    SAI_ABI_ROW(SA_ABI_TYPE_BLEND_TREE_POINT, sa_blend_tree_point),
    SAI_ABI_ROW(SA_ABI_TYPE_BLEND_TREE_SPACE, sa_blend_tree_space),
    SAI_ABI_ROW(SA_ABI_TYPE_BLEND_TREE_FRAME, sa_blend_tree_frame),
    SAI_ABI_ROW(SA_ABI_TYPE_MODE_INPUT, sa_mode_input),
    SAI_ABI_ROW(SA_ABI_TYPE_MODE_MACHINE_CONFIG, sa_mode_machine_config),
    SAI_ABI_ROW(SA_ABI_TYPE_MODE_MACHINE, sa_mode_machine),
    SAI_ABI_ROW(SA_ABI_TYPE_MODE_LAYER, sa_mode_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_FOOTSTEPS_EVENT, sa_footsteps_event),
    SAI_ABI_ROW(SA_ABI_TYPE_FOOTSTEPS_LAYER, sa_footsteps_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_FOOTSTEPS_JOB, sa_footsteps_job),
    SAI_ABI_ROW(SA_ABI_TYPE_LIMB_CONFIG, sa_limb_config),
    SAI_ABI_ROW(SA_ABI_TYPE_LIMB_STYLE, sa_limb_style),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_CONFIG, sa_figure_config),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_INPUT, sa_figure_input),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_BONE, sa_figure_bone),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_PARAMS, sa_figure_params),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_CONTACT, sa_figure_contact),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_POSE, sa_figure_pose),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_HEAD, sa_figure_head),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_FOOT_LOCK, sa_figure_foot_lock),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE, sa_figure),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_BODY, sa_figure_body),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_EVENT, sa_figure_event),
    SAI_ABI_ROW(SA_ABI_TYPE_CLIP_TOUCHDOWN_CONFIG, sa_clip_touchdown_config),
    SAI_ABI_ROW(SA_ABI_TYPE_CLIP_BUILDER_CHANNEL, sa_clip_builder_channel),
    SAI_ABI_ROW(SA_ABI_TYPE_CLIP_BUILDER_JOB, sa_clip_builder_job),
    SAI_ABI_ROW(SA_ABI_TYPE_MAT4, sa_mat4),
    SAI_ABI_ROW(SA_ABI_TYPE_SKIN_JOB, sa_skin_job),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_MOVE_TRACK, sa_figure_move_track),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_MOVE_EVENT, sa_figure_move_event),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_MOVE, sa_figure_move),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_MOVE_LAYER, sa_figure_move_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_VEC3, sa_soa_vec3),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_QUAT, sa_soa_quat),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_TRANSFORM, sa_soa_transform),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_LAYER, sa_soa_layer),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_BLEND_JOB, sa_soa_blend_job),
    SAI_ABI_ROW(SA_ABI_TYPE_SOA_LOCAL_TO_MODEL_JOB, sa_soa_local_to_model_job),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_SPEAR_CACHE, sa_figure_spear_cache),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_LOCO_CACHE, sa_figure_loco_cache),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_GAIT_CACHE, sa_figure_gait_cache),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_CACHE, sa_figure_cache),
    SAI_ABI_ROW(SA_ABI_TYPE_FIGURE_WALK_RUN_CACHE, sa_figure_walk_run_cache),
};

static const sai_abi_row *row(sa_abi_type type) {
    return (uint32_t)type < SA_ABI_TYPE_COUNT_ ? &sai_abi_rows[type] : NULL;
}

size_t sa_abi_type_size(sa_abi_type type) {
    const sai_abi_row *r = row(type);
    return r ? r->size : 0;
}

size_t sa_abi_type_align(sa_abi_type type) {
    const sai_abi_row *r = row(type);
    return r ? r->align : 0;
}

const char *sa_abi_type_name(sa_abi_type type) {
    const sai_abi_row *r = row(type);
    return r ? r->name : "unknown";
}
