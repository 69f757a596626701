/* The WebAssembly face of libstickanim for the web example: one fixed-size stick figure, a
 * handful of functions the page's JavaScript calls, and a frame buffer of floats in wasm memory
 * that the page reads through a Float32Array (no copies, no strings, no allocation). Example code,
 * so unlike src/ it keeps its state in file-scope variables: a wasm instance is one page.
 *
 * At load web.js checks the library's ABI version (saw_abi_version) and the frame layout
 * (saw_layout), and takes the joints' and motions' names (saw_joint_name, saw_motion_name) and
 * the figure's bones (saw_bones) from the library instead of typing them again.
 *
 * Frame layout (floats), mirrored by web.js:
 *   [0, 32)          the 16 joints (x, y), indexed by sa_figure_joint (SA_FIGURE_JOINT_PELVIS ...)
 *   [32, 40)         the 4 hair points (x, y)
 *   [SAW_F_*]        scalars: head radius, ground speed, motions, spear, root offset, ...
 *   [SAW_F_LIMBS..)  four soft-limb ribbon outlines (far leg, far arm, near leg, near arm),
 *                    SAW_LIMB_POINTS points (x, y) each, SAW_F_LIMB_COUNT of them used
 * Coordinates are figure space: canvas units, y down, origin on the ground under the figure. */
#include <stdint.h>

#include <stickanim/abi.h>
#include <stickanim/figure.h>
#include <stickanim/limb.h>

#define SAW_EXPORT(name) __attribute__((export_name(#name)))

#define SAW_HAIR0       SA_FIGURE_JOINT_COUNT
#define SAW_POINT_COUNT (SA_FIGURE_JOINT_COUNT + SA_VERLET_HAIR_POINTS)

enum saw_scalar {
    SAW_F_HEAD_R = 2 * SAW_POINT_COUNT, /* head radius (squash-scaled) */
    SAW_F_GROUND_SPEED,                 /* units/s the ground scrolls back (plants the feet) */
    SAW_F_MOTION,                       /* the motion showing, sa_figure_motion */
    SAW_F_TARGET,                       /* the motion the page asks for, sa_figure_motion */
    SAW_F_SPEAR,                        /* spear visibility, [0, 1] */
    SAW_F_ROOT_Y,                       /* pelvis offset from standing, y down (jump: < 0) */
    SAW_F_DT,                           /* the step the pose advanced by, s */
    SAW_F_PHASE,                        /* gait phase of the near foot, [0, 1) */
    SAW_F_THRUST,                       /* 1 while a spear-run thrust plays */
    SAW_F_AIRBORNE,                     /* 1 in a jump while both feet are off the ground */
    SAW_F_LIMB_COUNT,                   /* points used per limb outline */
    SAW_F_GAIT,                         /* walk (0) -> run (1) mix */
    SAW_F_LIMBS = SAW_F_HEAD_R + 16
};

#define SAW_LIMB_POINTS  64
#define SAW_FRAME_FLOATS (SAW_F_LIMBS + 4 * SAW_LIMB_POINTS * 2)

static float g_frame[SAW_FRAME_FLOATS];
static sa_figure g_fig;
static sa_figure_input g_in;
static sa_limb_config g_limb_cfg[4];

static void put(int32_t i, sa_vec2 p) {
    g_frame[2 * i] = p.x;
    g_frame[2 * i + 1] = p.y;
}

/* Legs get the default ribbon, arms a thinner one; the far side is styled thinner (its colour and
 * opacity are the page's). */
static void limb_configs(void) {
    for (int32_t l = 0; l < 4; ++l) {
        sa_limb_config cfg = sa_limb_config_default();
        if (l & 1) {
            cfg.root_width = 7.0f;
            cfg.tip_width = 4.5f;
        }
        g_limb_cfg[l] = sa_limb_config_styled(
            &cfg, sa_limb_style_for(l < 2 ? SA_LIMB_SIDE_FAR : SA_LIMB_SIDE_NEAR));
    }
}

static void write_frame(void) {
    static const int32_t chain[4][3] = {
        {SA_FIGURE_JOINT_HIP, SA_FIGURE_JOINT_KNEE_FAR, SA_FIGURE_JOINT_FOOT_FAR},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_FAR, SA_FIGURE_JOINT_HAND_FAR},
        {SA_FIGURE_JOINT_HIP, SA_FIGURE_JOINT_KNEE_NEAR, SA_FIGURE_JOINT_FOOT_NEAR},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_NEAR, SA_FIGURE_JOINT_HAND_NEAR},
    };
    const sa_figure_pose *p = sa_figure_get_pose(&g_fig);
    for (int32_t j = 0; j < SA_FIGURE_JOINT_COUNT; ++j)
        put(j, p->joints[j]);
    for (int32_t h = 0; h < SA_VERLET_HAIR_POINTS; ++h)
        put(SAW_HAIR0 + h, p->hair[h]);
    float root_y = p->unsquashed[SA_FIGURE_JOINT_PELVIS].y + g_fig.config.hip_height;
    g_frame[SAW_F_HEAD_R] = p->head_radius;
    g_frame[SAW_F_GROUND_SPEED] = p->ground_speed;
    g_frame[SAW_F_MOTION] = (float)p->motion;
    g_frame[SAW_F_TARGET] = (float)g_in.motion;
    g_frame[SAW_F_SPEAR] = p->spear;
    g_frame[SAW_F_ROOT_Y] = root_y;
    g_frame[SAW_F_DT] = p->dt;
    g_frame[SAW_F_PHASE] = p->phase;
    g_frame[SAW_F_THRUST] = p->thrust >= 0.0f ? 1.0f : 0.0f;
    g_frame[SAW_F_AIRBORNE] = p->motion == SA_FIGURE_MOTION_JUMP && p->airborne ? 1.0f : 0.0f;
    g_frame[SAW_F_GAIT] = p->gait;

    sa_vec2 pts[SAW_LIMB_POINTS];
    for (int32_t l = 0; l < 4; ++l) {
        size_t n = sa_limb_outline(p->joints[chain[l][0]], p->joints[chain[l][1]],
                                   p->joints[chain[l][2]], &g_limb_cfg[l], pts, SAW_LIMB_POINTS);
        float *o = g_frame + SAW_F_LIMBS + l * SAW_LIMB_POINTS * 2;
        for (size_t i = 0; i < n; ++i) {
            o[2 * i] = pts[i].x;
            o[2 * i + 1] = pts[i].y;
        }
        g_frame[SAW_F_LIMB_COUNT] = (float)n;
    }
}

/* Sets the figure up standing idle with the reference figure's proportions. */
SAW_EXPORT(saw_init) void saw_init(void) {
    sa_figure_init(&g_fig, 0);
    g_in = sa_figure_input_default();
    limb_configs();
    write_frame();
}

/* Asks for a motion (sa_figure_motion); the figure fades to it from wherever it is. */
SAW_EXPORT(saw_set_motion) void saw_set_motion(int32_t motion) {
    if (motion >= 0 && motion < (int32_t)SA_FIGURE_MOTION_COUNT_)
        g_in.motion = (sa_figure_motion)motion;
}

/* Triggers: the figure acts once per change of its counters (a press is never lost or doubled). */
SAW_EXPORT(saw_jump) void saw_jump(void) { g_in.jump += 1u; }
SAW_EXPORT(saw_thrust) void saw_thrust(void) { g_in.thrust += 1u; }

/* Advances the figure by dt seconds (the page caps it at 50 ms, the library at 0.1 s) and refreshes
 * the frame. */
SAW_EXPORT(saw_update) void saw_update(float dt) {
    sa_figure_update(&g_fig, &g_in, dt);
    write_frame();
}

/* One saved copy of the figure (a plain struct: copying it snapshots the character), so a test
 * can run the same moment twice, with and without a switch of motion. */
static sa_figure g_saved_fig;
static sa_figure_input g_saved_in;
SAW_EXPORT(saw_snapshot) void saw_snapshot(void) {
    g_saved_fig = g_fig;
    g_saved_in = g_in;
}
SAW_EXPORT(saw_restore) void saw_restore(void) {
    g_fig = g_saved_fig;
    g_in = g_saved_in;
    write_frame();
}

SAW_EXPORT(saw_frame) float *saw_frame(void) { return g_frame; }
SAW_EXPORT(saw_frame_floats) int32_t saw_frame_floats(void) { return SAW_FRAME_FLOATS; }
/* The library's ABI version (abi.h); web.js refuses a module of another version. */
SAW_EXPORT(saw_abi_version) int32_t saw_abi_version(void) { return sa_abi_version(); }

/* Names as NUL-terminated strings in wasm memory ("unknown" past the last one). */
SAW_EXPORT(saw_joint_name) const char *saw_joint_name(int32_t joint) {
    return sa_figure_joint_name((sa_figure_joint)joint);
}
SAW_EXPORT(saw_motion_name) const char *saw_motion_name(int32_t motion) {
    return sa_figure_motion_name((sa_figure_motion)motion);
}

/* The figure's bones, back to front (sa_figure_bones): from joint, to joint, side, as int32s;
 * saw_bone_count() of them. */
static int32_t g_bones[SA_FIGURE_BONE_COUNT * 3];
SAW_EXPORT(saw_bone_count) int32_t saw_bone_count(void) { return SA_FIGURE_BONE_COUNT; }
SAW_EXPORT(saw_bones) int32_t *saw_bones(void) {
    sa_figure_bone bones[SA_FIGURE_BONE_COUNT];
    const size_t n = sa_figure_bones(0, bones, SA_FIGURE_BONE_COUNT);
    for (size_t i = 0; i < n; ++i) {
        g_bones[3 * i] = (int32_t)bones[i].from;
        g_bones[3 * i + 1] = (int32_t)bones[i].to;
        g_bones[3 * i + 2] = (int32_t)bones[i].side;
    }
    return g_bones;
}

/* web.js checks this against its own copy of the layout. */
SAW_EXPORT(saw_layout) int32_t saw_layout(void) {
    return SAW_F_LIMBS * 1000 + SAW_LIMB_POINTS + SAW_POINT_COUNT * 100000;
}
