/**
 * @file abi.h
 * @brief The ABI a binding can check at load: a version number, and the size and alignment of
 *        every public struct.
 *
 * A binding (Python ctypes, a wasm shim, hand-written Rust or C#) mirrors the library's structs
 * in its own language. At load it compares sa_abi_version() with the version it was written for,
 * and sa_abi_type_size() / sa_abi_type_align() of each struct it mirrors with its own idea of
 * them, and refuses to run on a mismatch instead of reading the wrong bytes.
 *
 * **The rule.** ::SA_ABI_VERSION is one integer, bumped by one in the same change as anything
 * that breaks a binding written against the previous one: a field of a public struct added,
 * removed, reordered or retyped (its layout changes, whether or not its size does), an array
 * length in a struct (::SA_FIGURE_JOINT_COUNT, ::SA_VERLET_HAIR_POINTS, ...) changed, a public
 * function's parameters or result changed, an enum value renumbered. Adding a new function, a new
 * struct (appended to ::sa_abi_type) or a new enum value before its `_COUNT_` does not bump it.
 * The library's version (sa_version()) follows releases; this follows the bytes. The test suite
 * records every struct's size and alignment for the current version (on 64-bit platforms) and fails
 * on a layout change made without the bump.
 */
#ifndef STICKANIM_ABI_H
#define STICKANIM_ABI_H

#include <stickanim/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The ABI version these headers describe; sa_abi_version() is the library's. */
#define SA_ABI_VERSION 3

/**
 * @brief The library's ABI version (see the rule above).
 *
 * A C program compares it with ::SA_ABI_VERSION to detect headers and a shared library from
 * different builds; a binding compares it with the version it mirrors.
 */
SA_API int32_t sa_abi_version(void);

/**
 * @brief Every public struct, for sa_abi_type_size() and sa_abi_type_align(). Values are stable
 *        across versions: new types are only appended.
 */
typedef enum sa_abi_type {
    SA_ABI_TYPE_VEC2 = 0,                         /**< ::sa_vec2 */
    SA_ABI_TYPE_VEC3 = 1,                         /**< ::sa_vec3 */
    SA_ABI_TYPE_QUAT = 2,                         /**< ::sa_quat */
    SA_ABI_TYPE_TRANSFORM = 3,                    /**< ::sa_transform */
    SA_ABI_TYPE_IK_ARM_POSE = 4,                  /**< ::sa_ik_arm_pose */
    SA_ABI_TYPE_IK_CONFIG = 5,                    /**< ::sa_ik_config */
    SA_ABI_TYPE_IK_RESULT = 6,                    /**< ::sa_ik_result */
    SA_ABI_TYPE_GAIT = 7,                         /**< ::sa_gait */
    SA_ABI_TYPE_GAIT_FOOT = 8,                    /**< ::sa_gait_foot */
    SA_ABI_TYPE_TRACK_KEY = 9,                    /**< ::sa_track_key */
    SA_ABI_TYPE_TRACK_MULTI = 10,                 /**< ::sa_track_multi */
    SA_ABI_TYPE_SQUASH = 11,                      /**< ::sa_squash */
    SA_ABI_TYPE_SPRING1 = 12,                     /**< ::sa_spring1 */
    SA_ABI_TYPE_SPRING2 = 13,                     /**< ::sa_spring2 */
    SA_ABI_TYPE_VERLET_POINT = 14,                /**< ::sa_verlet_point */
    SA_ABI_TYPE_VERLET_CONFIG = 15,               /**< ::sa_verlet_config */
    SA_ABI_TYPE_FADE_LAYER = 16,                  /**< ::sa_fade_layer */
    SA_ABI_TYPE_FADE = 17,                        /**< ::sa_fade */
    SA_ABI_TYPE_SKELETON = 18,                    /**< ::sa_skeleton */
    SA_ABI_TYPE_SKELETON_LOCAL_TO_MODEL_JOB = 19, /**< ::sa_skeleton_local_to_model_job */
    SA_ABI_TYPE_POSE_LAYER = 20,                  /**< ::sa_pose_layer */
    SA_ABI_TYPE_POSE_BLEND_JOB = 21,              /**< ::sa_pose_blend_job */
    SA_ABI_TYPE_INERTIAL_SCALAR = 22,             /**< ::sa_inertial_scalar */
    SA_ABI_TYPE_INERTIAL_QUAT = 23,               /**< ::sa_inertial_quat */
    SA_ABI_TYPE_CLIP_TOUCHDOWN = 24,              /**< ::sa_clip_touchdown */
    SA_ABI_TYPE_CLIP = 25,                        /**< ::sa_clip */
    SA_ABI_TYPE_BLEND_TREE_LOCO_CONFIG = 26,      /**< ::sa_blend_tree_loco_config */
    SA_ABI_TYPE_BLEND_TREE_POINT = 27,            /**< ::sa_blend_tree_point */
    SA_ABI_TYPE_BLEND_TREE_SPACE = 28,            /**< ::sa_blend_tree_space */
    SA_ABI_TYPE_BLEND_TREE_FRAME = 29,            /**< ::sa_blend_tree_frame */
    SA_ABI_TYPE_MODE_INPUT = 30,                  /**< ::sa_mode_input */
    SA_ABI_TYPE_MODE_MACHINE_CONFIG = 31,         /**< ::sa_mode_machine_config */
    SA_ABI_TYPE_MODE_MACHINE = 32,                /**< ::sa_mode_machine */
    SA_ABI_TYPE_MODE_LAYER = 33,                  /**< ::sa_mode_layer */
    SA_ABI_TYPE_FOOTSTEPS_EVENT = 34,             /**< ::sa_footsteps_event */
    SA_ABI_TYPE_FOOTSTEPS_LAYER = 35,             /**< ::sa_footsteps_layer */
    SA_ABI_TYPE_FOOTSTEPS_JOB = 36,               /**< ::sa_footsteps_job */
    SA_ABI_TYPE_LIMB_CONFIG = 37,                 /**< ::sa_limb_config */
    SA_ABI_TYPE_LIMB_STYLE = 38,                  /**< ::sa_limb_style */
    SA_ABI_TYPE_FIGURE_CONFIG = 39,               /**< ::sa_figure_config */
    SA_ABI_TYPE_FIGURE_INPUT = 40,                /**< ::sa_figure_input */
    SA_ABI_TYPE_FIGURE_BONE = 41,                 /**< ::sa_figure_bone */
    SA_ABI_TYPE_FIGURE_PARAMS = 42,               /**< ::sa_figure_params */
    SA_ABI_TYPE_FIGURE_CONTACT = 43,              /**< ::sa_figure_contact */
    SA_ABI_TYPE_FIGURE_POSE = 44,                 /**< ::sa_figure_pose */
    SA_ABI_TYPE_FIGURE_HEAD = 45,                 /**< ::sa_figure_head */
    SA_ABI_TYPE_FIGURE_FOOT_LOCK = 46,            /**< ::sa_figure_foot_lock */
    SA_ABI_TYPE_FIGURE = 47,                      /**< ::sa_figure */
    SA_ABI_TYPE_FIGURE_BODY = 48,                 /**< ::sa_figure_body */
    SA_ABI_TYPE_FIGURE_EVENT = 49,                /**< ::sa_figure_event */
    SA_ABI_TYPE_CLIP_TOUCHDOWN_CONFIG = 50,       /**< ::sa_clip_touchdown_config */
    SA_ABI_TYPE_CLIP_BUILDER_CHANNEL = 51,        /**< ::sa_clip_builder_channel */
    SA_ABI_TYPE_CLIP_BUILDER_JOB = 52,            /**< ::sa_clip_builder_job */
    SA_ABI_TYPE_MAT4 = 53,                        /**< ::sa_mat4 */
    SA_ABI_TYPE_SKIN_JOB = 54,                    /**< ::sa_skin_job */
    SA_ABI_TYPE_FIGURE_MOVE_TRACK = 55,           /**< ::sa_figure_move_track */
    SA_ABI_TYPE_FIGURE_MOVE_EVENT = 56,           /**< ::sa_figure_move_event */
    SA_ABI_TYPE_FIGURE_MOVE = 57,                 /**< ::sa_figure_move */
    SA_ABI_TYPE_FIGURE_MOVE_LAYER = 58,           /**< ::sa_figure_move_layer */
    SA_ABI_TYPE_SOA_VEC3 = 59,                    /**< ::sa_soa_vec3 */
    SA_ABI_TYPE_SOA_QUAT = 60,                    /**< ::sa_soa_quat */
    SA_ABI_TYPE_SOA_TRANSFORM = 61,               /**< ::sa_soa_transform */
    SA_ABI_TYPE_SOA_LAYER = 62,                   /**< ::sa_soa_layer */
    SA_ABI_TYPE_SOA_BLEND_JOB = 63,               /**< ::sa_soa_blend_job */
    SA_ABI_TYPE_SOA_LOCAL_TO_MODEL_JOB = 64,      /**< ::sa_soa_local_to_model_job */
    SA_ABI_TYPE_FIGURE_SPEAR_CACHE = 65,          /**< ::sa_figure_spear_cache */
    SA_ABI_TYPE_FIGURE_LOCO_CACHE = 66,           /**< ::sa_figure_loco_cache */
    SA_ABI_TYPE_FIGURE_GAIT_CACHE = 67,           /**< ::sa_figure_gait_cache */
    SA_ABI_TYPE_FIGURE_CACHE = 68,                /**< ::sa_figure_cache */
    SA_ABI_TYPE_FIGURE_WALK_RUN_CACHE = 69,       /**< ::sa_figure_walk_run_cache */
    SA_ABI_TYPE_COUNT_,                           /**< Number of types; not a type. */
    SA_ABI_TYPE_FORCE_U32_ = 0x7FFFFFFF           /**< Pins the enum to 32 bits; not a type. */
} sa_abi_type;

/**
 * @brief `sizeof` the struct in this build of the library, bytes.
 * @return The size, > 0; 0 for a value that is not an ::sa_abi_type.
 */
SA_API size_t sa_abi_type_size(sa_abi_type type);

/**
 * @brief `_Alignof` the struct in this build of the library, bytes (a power of two).
 * @return The alignment, > 0; 0 for a value that is not an ::sa_abi_type.
 */
SA_API size_t sa_abi_type_align(sa_abi_type type);

/**
 * @brief The struct's C name, e.g. "sa_figure_pose", for a binding's error messages.
 * @return A static string (never NULL); "unknown" for a value that is not an ::sa_abi_type.
 */
SA_API const char *sa_abi_type_name(sa_abi_type type);

#ifdef __cplusplus
}
#endif

#endif
