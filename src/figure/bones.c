/* The figure's body as data: its joints' names and its bones, for drawing and bindings. */
#include "pipeline.h"

#include <stddef.h>
#include <string.h>

const char *sa_figure_joint_name(sa_figure_joint joint) {
    static const char *const names[SA_FIGURE_JOINT_COUNT] = {
        "pelvis",    "hip",      "chest",      "shoulder", "neck",       "head",
        "knee near", "knee far", "foot near",  "foot far", "elbow near", "elbow far",
        "hand near", "hand far", "spear butt", "spear tip"};
    return (uint32_t)joint < SA_FIGURE_JOINT_COUNT ? names[joint] : "unknown";
}

/* A bone's ends and side, with its length as a field of the config. */
typedef struct sai_bone_row {
    sa_figure_joint from, to;
    sa_figure_side side;
    size_t length; /* offsetof(sa_figure_config, ...) */
} sai_bone_row;

#define SAI_BONE(a, b, side, field)                                                                \
    {                                                                                              \
        SA_FIGURE_JOINT_##a, SA_FIGURE_JOINT_##b, SA_FIGURE_SIDE_##side,                           \
            offsetof(sa_figure_config, field)                                                      \
    }

static const sai_bone_row sai_bones[SA_FIGURE_BONE_COUNT] = {
    SAI_BONE(HIP, KNEE_FAR, FAR, thigh),
    SAI_BONE(KNEE_FAR, FOOT_FAR, FAR, shin),
    SAI_BONE(SHOULDER, ELBOW_FAR, FAR, upper_arm),
    SAI_BONE(ELBOW_FAR, HAND_FAR, FAR, forearm),
    SAI_BONE(PELVIS, CHEST, CENTRE, spine),
    SAI_BONE(CHEST, NECK, CENTRE, neck),
    SAI_BONE(NECK, HEAD, CENTRE, head_radius),
    SAI_BONE(HIP, KNEE_NEAR, NEAR, thigh),
    SAI_BONE(KNEE_NEAR, FOOT_NEAR, NEAR, shin),
    SAI_BONE(SPEAR_BUTT, SPEAR_TIP, CENTRE, spear_length),
    SAI_BONE(SHOULDER, ELBOW_NEAR, NEAR, upper_arm),
    SAI_BONE(ELBOW_NEAR, HAND_NEAR, NEAR, forearm),
};

size_t sa_figure_bones(const sa_figure_config *cfg, sa_figure_bone *out, size_t capacity) {
    if (!out) return SA_FIGURE_BONE_COUNT;
    if (capacity < SA_FIGURE_BONE_COUNT) return 0;
    sa_figure_config store;
    const sa_figure_config *c = sai_figure_config_or_default(cfg, &store);
    for (size_t i = 0; i < SA_FIGURE_BONE_COUNT; ++i) {
        const sai_bone_row *r = &sai_bones[i];
        float length;
        memcpy(&length, (const char *)c + r->length, sizeof length);
        out[i] = (sa_figure_bone){r->from, r->to, r->side, length};
    }
    return SA_FIGURE_BONE_COUNT;
}
