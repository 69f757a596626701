/* A small procedural 3D walker: a 19-joint skeleton whose idle, walk, run, jump, fall, land, sit
 * and get-up clips are generated in code at 30 poses a second, driven through the speed blend
 * tree and the mode machine over a scripted run (stand, accelerate, run, jump, land, slow down,
 * stop, get knocked over, get up), with footstep events printed as they fire. It writes an SVG: a
 * chronophotograph strip of the whole run (every few frames, coloured by mode), the footprints
 * where steps fired, and the figure itself animated on top.
 *
 * usage: stickanim_walker3d [--skate] [out.svg]   (default walker3d.svg)
 *        --skate turns "the cycle follows the speed" off: the clips play at their own pace
 *        whatever the speed, and the feet skate over the ground. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/blend_tree.h>
#include <stickanim/clip.h>
#include <stickanim/footsteps.h>
#include <stickanim/ik.h>
#include <stickanim/mode_machine.h>
#include <stickanim/pose.h>
#include <stickanim/skeleton.h>

/* ---- the skeleton ------------------------------------------------------------------------- */

/* Facing +x, y up, so +z is the character's right. Lengths in metres (the blend tree's units). */
enum {
    J_PELVIS,
    J_SPINE,
    J_CHEST,
    J_NECK,
    J_HEAD,
    J_UPPERARM_L,
    J_FOREARM_L,
    J_HAND_L,
    J_UPPERARM_R,
    J_FOREARM_R,
    J_HAND_R,
    J_THIGH_L,
    J_SHIN_L,
    J_FOOT_L,
    J_TOE_L,
    J_THIGH_R,
    J_SHIN_R,
    J_FOOT_R,
    J_TOE_R,
    JOINTS
};

static const char *const joint_names[JOINTS] = {
    "pelvis", "spine",      "chest",     "neck",   "head",    "upperarm_l", "forearm_l",
    "hand_l", "upperarm_r", "forearm_r", "hand_r", "thigh_l", "shin_l",     "foot_l",
    "toe_l",  "thigh_r",    "shin_r",    "foot_r", "toe_r"};

static const int32_t joint_parents[JOINTS] = {SA_SKELETON_JOINT_NONE,
                                              J_PELVIS,
                                              J_SPINE,
                                              J_CHEST,
                                              J_NECK,
                                              J_CHEST,
                                              J_UPPERARM_L,
                                              J_FOREARM_L,
                                              J_CHEST,
                                              J_UPPERARM_R,
                                              J_FOREARM_R,
                                              J_PELVIS,
                                              J_THIGH_L,
                                              J_SHIN_L,
                                              J_FOOT_L,
                                              J_PELVIS,
                                              J_THIGH_R,
                                              J_SHIN_R,
                                              J_FOOT_R};

static const float THIGH = 0.48f, SHIN = 0.47f, ANKLE = 0.07f, HIP_DROP = 0.05f;
static const float UPPER_ARM = 0.28f, FOREARM = 0.26f, STAND_HIP = 1.02f;

static sa_transform offset(float x, float y, float z) {
    return sa_transform_make(sa_v3(x, y, z), sa_quat_identity(), sa_v3(1.0f, 1.0f, 1.0f));
}

static void build_rest(sa_transform *rest) {
    rest[J_PELVIS] = offset(0.0f, STAND_HIP, 0.0f);
    rest[J_SPINE] = offset(0.0f, 0.12f, 0.0f);
    rest[J_CHEST] = offset(0.0f, 0.24f, 0.0f);
    rest[J_NECK] = offset(0.0f, 0.22f, 0.0f);
    rest[J_HEAD] = offset(0.0f, 0.1f, 0.0f);
    rest[J_UPPERARM_L] = offset(0.0f, 0.18f, -0.19f);
    rest[J_FOREARM_L] = offset(0.0f, -UPPER_ARM, 0.0f);
    rest[J_HAND_L] = offset(0.0f, -FOREARM, 0.0f);
    rest[J_UPPERARM_R] = offset(0.0f, 0.18f, 0.19f);
    rest[J_FOREARM_R] = offset(0.0f, -UPPER_ARM, 0.0f);
    rest[J_HAND_R] = offset(0.0f, -FOREARM, 0.0f);
    rest[J_THIGH_L] = offset(0.0f, -HIP_DROP, -0.1f);
    rest[J_SHIN_L] = offset(0.0f, -THIGH, 0.0f);
    rest[J_FOOT_L] = offset(0.0f, -SHIN, 0.0f);
    rest[J_TOE_L] = offset(0.15f, -ANKLE + 0.01f, 0.0f);
    rest[J_THIGH_R] = offset(0.0f, -HIP_DROP, 0.1f);
    rest[J_SHIN_R] = offset(0.0f, -THIGH, 0.0f);
    rest[J_FOOT_R] = offset(0.0f, -SHIN, 0.0f);
    rest[J_TOE_R] = offset(0.15f, -ANKLE + 0.01f, 0.0f);
}

/* ---- pose helpers: every swing is a turn about the lateral axis (z), + swings forward -------- */

static void turn(sa_transform *pose, int joint, float radians) {
    pose[joint].rotation = sa_quat_from_axis_angle(sa_v3(0.0f, 0.0f, 1.0f), radians);
}

/* Places one leg so its ankle is at (fx, fy) relative to the ground point under the pelvis,
 * solving the knee with the library's two-bone IK (2D, y down) and keeping the foot flat. */
static float place_leg(sa_transform *pose, int thigh, float pelvis_y, float fx, float fy,
                       float foot_pitch) {
    const sa_vec2 hip = sa_v2(0.0f, 0.0f);
    const sa_vec2 want = sa_v2(fx, (pelvis_y - HIP_DROP) - fy);
    const sa_vec2 target = sa_ik_reach_guard(hip, want, THIGH, SHIN, 0.005f);
    const sa_vec2 knee = sa_ik_two_bone(hip, target, THIGH, SHIN, -1.0f);
    const float a_thigh = atan2f(knee.x - hip.x, knee.y - hip.y);
    const float a_shin = atan2f(target.x - knee.x, target.y - knee.y);
    turn(pose, thigh, a_thigh);
    turn(pose, thigh + 1, a_shin - a_thigh);
    turn(pose, thigh + 2, -a_shin + foot_pitch);
    return a_thigh;
}

static void place_arm(sa_transform *pose, int upper, float swing, float elbow) {
    turn(pose, upper, swing);
    turn(pose, upper + 1, elbow);
}

/* ---- the clips, generated in code --------------------------------------------------------- */

typedef struct gait {
    float stride;    /* metres per cycle when the clip plays at its anim speed */
    float duty;      /* fraction of the cycle a foot is on the ground */
    float hip;       /* pelvis height */
    float bob;       /* pelvis bob, twice a cycle */
    float bob_low;   /* phase of the lowest point (walk: the touchdown; run: mid-stance) */
    float lift;      /* swing foot lift */
    float lean;      /* chest lean forward, radians */
    float arm_swing; /* upper arm swing per radian of the opposite thigh */
    float elbow;     /* elbow flex, radians */
} gait;

/* One gait pose at phase p: the left foot touches down at p = 0, the right at p = 0.5. */
static void gait_pose(const sa_transform *rest, const gait *g, float p, sa_transform *pose) {
    memcpy(pose, rest, sizeof(sa_transform) * JOINTS);
    const float pelvis_y = g->hip - g->bob * fabsf(cosf(2.0f * SA_PI * (p - g->bob_low)));
    pose[J_PELVIS].translation.y = pelvis_y;
    turn(pose, J_SPINE, -0.4f * g->lean);
    turn(pose, J_CHEST, -0.6f * g->lean);
    turn(pose, J_NECK, 0.8f * g->lean);
    float thigh_angle[2];
    for (int side = 0; side < 2; ++side) {
        const float q = sa_phase_wrap(p + 0.5f * (float)side);
        const float reach = 0.5f * g->duty * g->stride; /* the foot covers duty·stride in stance */
        float fx, fy, pitch = 0.0f;
        if (q < g->duty) { /* stance: the foot slides back under the body at the clip's speed */
            fx = reach - 2.0f * reach * (q / g->duty);
            fy = ANKLE;
        } else { /* swing: back to the front, lifted */
            const float u = (q - g->duty) / (1.0f - g->duty);
            fx = -reach + 2.0f * reach * sa_smooth(u);
            fy = ANKLE + g->lift * sinf(SA_PI * u);
            pitch = -0.5f * sinf(SA_PI * u);
        }
        const int thigh = side == 0 ? J_THIGH_L : J_THIGH_R;
        thigh_angle[side] = place_leg(pose, thigh, pelvis_y, fx, fy, pitch);
    }
    /* Each arm swings with the opposite leg. */
    place_arm(pose, J_UPPERARM_L, g->arm_swing * thigh_angle[1], g->elbow);
    place_arm(pose, J_UPPERARM_R, g->arm_swing * thigh_angle[0], g->elbow);
}

enum { IDLE_FRAMES = 60, JUMP_FRAMES = 12, FALL_FRAMES = 24, LAND_FRAMES = 15, GETUP_FRAMES = 46 };

typedef struct clips {
    sa_transform idle[IDLE_FRAMES * JOINTS];
    sa_transform walk[64 * JOINTS];
    sa_transform run[64 * JOINTS];
    sa_transform jump[JUMP_FRAMES * JOINTS];
    sa_transform fall[FALL_FRAMES * JOINTS];
    sa_transform land[LAND_FRAMES * JOINTS];
    sa_transform sit[JOINTS];
    sa_transform getup[GETUP_FRAMES * JOINTS];
    sa_transform lying[JOINTS]; /* where the stand-in ragdoll comes to rest: on its back */
    sa_clip c_idle, c_walk, c_run, c_jump, c_fall, c_land, c_sit, c_getup;
    sa_clip_touchdown walk_marks[8], run_marks[8];
} clips;

static size_t cycle_frames(float stride, float anim) {
    /* A cycle lasts stride / anim seconds at the clip's own pace; 30 poses a second. */
    return (size_t)lroundf(SA_CLIP_DEFAULT_RATE * stride / anim);
}

static int build_clips(clips *c, const sa_transform *rest, const sa_skeleton *sk,
                       const sa_blend_tree_loco_config *loco) {
    /* Walk and run are made for the blend tree's anim speeds and strides, so at WALK_ANIM and
     * RUN_ANIM their planted feet move exactly with the ground. */
    const gait walk = {loco->walk_stride, 0.55f, 1.0f, 0.04f, 0.0f, 0.1f, 0.05f, 0.8f, 0.25f};
    const gait run = {loco->run_stride, 0.38f, 0.98f, 0.06f, 0.19f, 0.22f, 0.25f, 1.1f, 1.4f};
    const size_t nw = cycle_frames(walk.stride, loco->walk_anim);
    const size_t nr = cycle_frames(run.stride, loco->run_anim);
    for (size_t f = 0; f < nw; ++f)
        gait_pose(rest, &walk, (float)f / (float)nw, &c->walk[f * JOINTS]);
    for (size_t f = 0; f < nr; ++f)
        gait_pose(rest, &run, (float)f / (float)nr, &c->run[f * JOINTS]);

    /* Idle: feet apart under the hips, breathing, arms hanging a little forward. */
    const gait still = {0.0f, 1.0f, STAND_HIP - 0.02f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.15f};
    for (size_t f = 0; f < IDLE_FRAMES; ++f) {
        sa_transform *p = &c->idle[f * JOINTS];
        const float u = (float)f / (float)IDLE_FRAMES;
        gait_pose(rest, &still, 0.25f, p);
        p[J_PELVIS].translation.y += 0.008f * sinf(2.0f * SA_PI * u);
        place_leg(p, J_THIGH_L, p[J_PELVIS].translation.y, 0.04f, ANKLE, 0.0f);
        place_leg(p, J_THIGH_R, p[J_PELVIS].translation.y, -0.02f, ANKLE, 0.0f);
        turn(p, J_CHEST, 0.02f * sinf(2.0f * SA_PI * u));
        place_arm(p, J_UPPERARM_L, 0.08f + 0.03f * sinf(2.0f * SA_PI * u), 0.15f);
        place_arm(p, J_UPPERARM_R, 0.05f - 0.03f * sinf(2.0f * SA_PI * u), 0.2f);
    }
    /* Jump (one-shot, 0.37 s): push off from a crouch, tuck the legs, arms thrown up. */
    for (size_t f = 0; f < JUMP_FRAMES; ++f) {
        sa_transform *p = &c->jump[f * JOINTS];
        const float u = (float)f / (float)(JUMP_FRAMES - 1);
        memcpy(p, rest, sizeof(sa_transform) * JOINTS);
        const float py = STAND_HIP - 0.05f;
        p[J_PELVIS].translation.y = py;
        turn(p, J_CHEST, -0.15f);
        place_leg(p, J_THIGH_L, py, 0.2f * u, ANKLE + 0.35f * sa_smooth(u), 0.0f);
        place_leg(p, J_THIGH_R, py, -0.15f + 0.1f * u, ANKLE + 0.2f * sa_smooth(u), -0.4f);
        place_arm(p, J_UPPERARM_L, 0.3f + 2.2f * sa_smooth(u), 0.4f);
        place_arm(p, J_UPPERARM_R, -0.2f + 2.0f * sa_smooth(u), 0.5f);
    }
    /* Fall (looping 0.8 s): legs reach down for the ground, arms out and circling a little. */
    for (size_t f = 0; f < FALL_FRAMES; ++f) {
        sa_transform *p = &c->fall[f * JOINTS];
        const float w = 2.0f * SA_PI * (float)f / (float)FALL_FRAMES;
        memcpy(p, rest, sizeof(sa_transform) * JOINTS);
        const float py = STAND_HIP;
        place_leg(p, J_THIGH_L, py, 0.18f + 0.03f * sinf(w), ANKLE + 0.18f, 0.1f);
        place_leg(p, J_THIGH_R, py, -0.05f - 0.03f * sinf(w), ANKLE + 0.1f, 0.0f);
        place_arm(p, J_UPPERARM_L, 1.6f + 0.3f * sinf(w), 0.3f);
        place_arm(p, J_UPPERARM_R, 1.4f + 0.3f * cosf(w), 0.3f);
        turn(p, J_CHEST, 0.05f * sinf(w));
    }
    /* Land (one-shot, 0.47 s): the knees give, deepest early, then rise. */
    for (size_t f = 0; f < LAND_FRAMES; ++f) {
        sa_transform *p = &c->land[f * JOINTS];
        const float u = (float)f / (float)(LAND_FRAMES - 1);
        const float dip = 0.28f * sinf(SA_PI * sqrtf(u)) * (1.0f - 0.3f * u);
        memcpy(p, rest, sizeof(sa_transform) * JOINTS);
        const float py = STAND_HIP - 0.03f - dip;
        p[J_PELVIS].translation.y = py;
        turn(p, J_CHEST, -0.5f * dip);
        place_leg(p, J_THIGH_L, py, 0.18f, ANKLE, 0.0f);
        place_leg(p, J_THIGH_R, py, -0.12f, ANKLE, 0.0f);
        place_arm(p, J_UPPERARM_L, 0.9f - 2.0f * dip, 0.6f);
        place_arm(p, J_UPPERARM_R, 0.7f - 2.0f * dip, 0.6f);
    }
    /* Sit (a hard landing): on the bottom, legs forward, hands back on the ground. */
    {
        sa_transform *p = c->sit;
        memcpy(p, rest, sizeof(sa_transform) * JOINTS);
        p[J_PELVIS].translation.y = 0.12f;
        turn(p, J_SPINE, 0.25f);
        place_leg(p, J_THIGH_L, 0.12f, 0.75f, ANKLE, 0.0f);
        place_leg(p, J_THIGH_R, 0.12f, 0.6f, ANKLE + 0.1f, 0.0f);
        place_arm(p, J_UPPERARM_L, -0.7f, 0.1f);
        place_arm(p, J_UPPERARM_R, -0.7f, 0.1f);
    }
    /* Lying on the back: the pelvis turned a quarter turn back, so the legs point forward (+x)
     * and the head lies behind; limbs a little askew, as a ragdoll leaves them. */
    {
        sa_transform *p = c->lying;
        memcpy(p, rest, sizeof(sa_transform) * JOINTS);
        p[J_PELVIS].translation.y = 0.1f;
        turn(p, J_PELVIS, 0.5f * SA_PI);
        turn(p, J_NECK, 0.3f);
        turn(p, J_THIGH_L, 0.25f);
        turn(p, J_SHIN_L, -0.5f);
        turn(p, J_THIGH_R, -0.1f);
        turn(p, J_FOOT_L, -0.8f);
        turn(p, J_FOOT_R, -1.1f);
        place_arm(p, J_UPPERARM_L, -0.5f, 0.4f);
        place_arm(p, J_UPPERARM_R, 0.4f, 0.9f);
    }
    /* Get up from the back (one-shot, 1.5 s at its own pace; the machine plays it 1.35x): sit
     * up, pull the feet in, push up into a crouch, stand. Key poses eased into one another. */
    {
        static sa_transform key[4][JOINTS];
        memcpy(key[0], c->lying, sizeof key[0]);
        sa_transform *k1 = key[1], *k2 = key[2];
        memcpy(k1, rest, sizeof key[1]);
        /* Sitting up, knees raised, feet flat on the ground in front, leaning back on the hands. */
        k1[J_PELVIS].translation.y = 0.15f;
        turn(k1, J_SPINE, 0.35f);
        turn(k1, J_CHEST, 0.15f);
        turn(k1, J_NECK, -0.3f);
        turn(k1, J_THIGH_L, 2.3f);
        turn(k1, J_SHIN_L, -1.58f);
        turn(k1, J_FOOT_L, -0.72f);
        turn(k1, J_THIGH_R, 2.0f);
        turn(k1, J_SHIN_R, -1.2f);
        turn(k1, J_FOOT_R, -0.8f);
        place_arm(k1, J_UPPERARM_L, -0.9f, 0.0f);
        place_arm(k1, J_UPPERARM_R, -0.8f, 0.1f);
        memcpy(k2, rest, sizeof key[2]);
        k2[J_PELVIS].translation.y = 0.55f;
        turn(k2, J_SPINE, -0.5f);
        turn(k2, J_CHEST, -0.3f);
        turn(k2, J_NECK, 0.5f);
        place_leg(k2, J_THIGH_L, 0.55f, 0.25f, ANKLE, 0.0f);
        place_leg(k2, J_THIGH_R, 0.55f, 0.12f, ANKLE, 0.0f);
        place_arm(k2, J_UPPERARM_L, 0.8f, 0.4f);
        place_arm(k2, J_UPPERARM_R, 0.6f, 0.5f);
        memcpy(key[3], c->idle, sizeof key[3]);
        static const float at[4] = {0.0f, 0.3f, 0.65f, 1.0f};
        for (size_t f = 0; f < GETUP_FRAMES; ++f) {
            const float u = (float)f / (float)(GETUP_FRAMES - 1);
            int s = 0;
            while (s < 2 && u > at[s + 1])
                ++s;
            const float v = sa_smooth((u - at[s]) / (at[s + 1] - at[s]));
            sa_pose_lerp(key[s], key[s + 1], v, JOINTS, &c->getup[f * JOINTS], JOINTS);
        }
    }
    if (sa_clip_init(&c->c_idle, c->idle, IDLE_FRAMES, JOINTS, 0.0f, true) != SA_OK ||
        sa_clip_init(&c->c_walk, c->walk, nw, JOINTS, 0.0f, true) != SA_OK ||
        sa_clip_init(&c->c_run, c->run, nr, JOINTS, 0.0f, true) != SA_OK ||
        sa_clip_init(&c->c_jump, c->jump, JUMP_FRAMES, JOINTS, 0.0f, false) != SA_OK ||
        sa_clip_init(&c->c_fall, c->fall, FALL_FRAMES, JOINTS, 0.0f, true) != SA_OK ||
        sa_clip_init(&c->c_land, c->land, LAND_FRAMES, JOINTS, 0.0f, false) != SA_OK ||
        sa_clip_init(&c->c_sit, c->sit, 1, JOINTS, 0.0f, false) != SA_OK ||
        sa_clip_init(&c->c_getup, c->getup, GETUP_FRAMES, JOINTS, 0.0f, false) != SA_OK)
        return 1;
    /* Touchdown markers measured from the clips themselves: where each ankle comes down. */
    const int32_t feet[2] = {J_FOOT_L, J_FOOT_R};
    const size_t mw = sa_clip_measure_touchdowns(&c->c_walk, sk, feet, 2, NULL, c->walk_marks, 8);
    if (mw == 0 || sa_clip_set_touchdowns(&c->c_walk, c->walk_marks, mw) != SA_OK) return 1;
    const size_t mr = sa_clip_measure_touchdowns(&c->c_run, sk, feet, 2, NULL, c->run_marks, 8);
    if (mr == 0 || sa_clip_set_touchdowns(&c->c_run, c->run_marks, mr) != SA_OK) return 1;
    return 0;
}

/* ---- the scripted body -------------------------------------------------------------------- */

enum { FPS = 30, FRAMES = 10 * FPS + 15 };
static const float DT = 1.0f / (float)FPS, GRAVITY = 9.81f, JUMP_AT = 3.9f, JUMP_UP = 4.2f;
static const float KNOCK_AT = 7.4f, KNOCK_FOR = 1.1f;

typedef struct body {
    float x, y, vy, speed;
    uint32_t jumps;
    bool grounded, knocked;
    float landing_speed;
} body;

/* Wanted speed over time: stand, accelerate through walk into run, run, keep running over the
 * jump, slow down, stop. Then something knocks the body over, and it gets up again. */
static float wanted_speed(float t) {
    if (t < 0.6f) return 0.0f;
    if (t < 3.0f) return 3.3f * sa_smooth((t - 0.6f) / 2.4f);
    if (t < 5.4f) return 3.3f;
    if (t < 6.8f) return 3.3f * (1.0f - sa_smooth((t - 5.4f) / 1.4f));
    return 0.0f;
}

static void body_step(body *b, float t) {
    b->landing_speed = 0.0f;
    if (b->grounded && t >= JUMP_AT && b->jumps == 0) {
        b->jumps = 1;
        b->vy = JUMP_UP;
        b->grounded = false;
    }
    b->knocked = t >= KNOCK_AT && t < KNOCK_AT + KNOCK_FOR;
    b->speed = wanted_speed(t);
    b->x += b->speed * DT;
    if (!b->grounded) {
        b->vy -= GRAVITY * DT;
        b->y += b->vy * DT;
        if (b->y <= 0.0f) {
            b->landing_speed = -b->vy;
            b->y = 0.0f;
            b->vy = 0.0f;
            b->grounded = true;
        }
    }
}

/* Surfaces along the track: grass, then a stone path, then a wooden bridge. */
static sa_footsteps_surface surface_at(float x) {
    if (x < 4.0f) return SA_FOOTSTEPS_SURFACE_GRASS;
    if (x < 8.0f) return SA_FOOTSTEPS_SURFACE_STONE;
    return SA_FOOTSTEPS_SURFACE_WOOD;
}

static const char *surface_name(sa_footsteps_surface s) {
    switch (s) {
    case SA_FOOTSTEPS_SURFACE_GRASS:
        return "grass";
    case SA_FOOTSTEPS_SURFACE_STONE:
        return "stone";
    case SA_FOOTSTEPS_SURFACE_WOOD:
        return "wood";
    case SA_FOOTSTEPS_SURFACE_SNOW:
        return "snow";
    case SA_FOOTSTEPS_SURFACE_MUD:
        return "mud";
    default:
        return "other";
    }
}

/* ---- rendering ---------------------------------------------------------------------------- */

typedef struct frame_record {
    sa_vec3 joint[JOINTS];
    sa_mode mode;
} frame_record;

typedef struct step_record {
    float x, z;
    size_t foot;
} step_record;

static const float SCALE = 90.0f;

static sa_vec2 project(sa_vec3 p) {
    /* A cabinet projection seen from the runner's right and a little above: +x runs to the right
     * of the picture, y up, and the lateral axis (+z, toward the viewer) slants down-left, so the
     * near limbs sit a little lower and left of the far ones. */
    return sa_v2(40.0f + (p.x - 0.3f * p.z) * SCALE, 330.0f - (p.y - 0.25f * p.z) * SCALE);
}

static const char *mode_colour(sa_mode m) {
    switch (m) {
    case SA_MODE_LOCO:
        return "#3b6ea5";
    case SA_MODE_JUMP:
        return "#d1495b";
    case SA_MODE_FALL:
        return "#edae49";
    case SA_MODE_LAND:
        return "#00798c";
    case SA_MODE_SIT:
        return "#8f2d56";
    case SA_MODE_RAGDOLL:
        return "#7a7a7a";
    case SA_MODE_GETUP:
        return "#2a9d8f";
    default:
        return "#555";
    }
}

/* Bones as lines, far-side limbs (the left, z < 0) first and paler. */
static void draw_figure(FILE *out, const frame_record *f, const char *colour, float opacity,
                        float width) {
    static const int far_side[] = {J_UPPERARM_L, J_FOREARM_L, J_HAND_L, J_THIGH_L,
                                   J_SHIN_L,     J_FOOT_L,    J_TOE_L};
    static const int near_side[] = {J_SPINE,      J_CHEST,     J_NECK,   J_HEAD,
                                    J_THIGH_R,    J_SHIN_R,    J_FOOT_R, J_TOE_R,
                                    J_UPPERARM_R, J_FOREARM_R, J_HAND_R};
    fprintf(out, "<g stroke='%s' stroke-linecap='round' fill='none' opacity='%.2f'>", colour,
            (double)opacity);
    for (size_t i = 0; i < sizeof far_side / sizeof far_side[0]; ++i) {
        const int j = far_side[i];
        if (j == J_UPPERARM_L) continue; /* the shoulder bar: drawn with the chest */
        const sa_vec2 a = project(f->joint[joint_parents[j]]), b = project(f->joint[j]);
        fprintf(out,
                "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke-width='%.1f' "
                "stroke-opacity='0.45'/>",
                (double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)(width * 0.8f));
    }
    for (size_t i = 0; i < sizeof near_side / sizeof near_side[0]; ++i) {
        const int j = near_side[i];
        if (j == J_UPPERARM_R) continue;
        const sa_vec2 a = project(f->joint[joint_parents[j]]), b = project(f->joint[j]);
        fprintf(out, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke-width='%.1f'/>",
                (double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)width);
    }
    const sa_vec2 sl = project(f->joint[J_UPPERARM_L]), sr = project(f->joint[J_UPPERARM_R]);
    const sa_vec2 hl = project(f->joint[J_THIGH_L]), hr = project(f->joint[J_THIGH_R]);
    fprintf(out, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke-width='%.1f'/>",
            (double)sl.x, (double)sl.y, (double)sr.x, (double)sr.y, (double)width);
    fprintf(out, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke-width='%.1f'/>",
            (double)hl.x, (double)hl.y, (double)hr.x, (double)hr.y, (double)width);
    const sa_vec3 hc = f->joint[J_HEAD];
    const sa_vec2 head = project(sa_v3(hc.x, hc.y + 0.1f, hc.z));
    fprintf(out, "<circle cx='%.1f' cy='%.1f' r='%.1f' stroke-width='%.1f' fill='#f7f4ec'/></g>\n",
            (double)head.x, (double)head.y, (double)(0.11f * SCALE), (double)(width * 0.8f));
}

static int write_svg(const char *path, const frame_record *frames, int count,
                     const step_record *steps, int step_count) {
    FILE *out = fopen(path, "w");
    if (!out) return 1;
    float max_x = 0.0f;
    for (int i = 0; i < count; ++i)
        for (int j = 0; j < JOINTS; ++j)
            if (frames[i].joint[j].x > max_x) max_x = frames[i].joint[j].x;
    const int width = (int)(project(sa_v3(max_x + 0.5f, 0.0f, -0.5f)).x + 40.0f);
    const int height = 400;
    fprintf(out,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d' "
            "font-family='sans-serif' font-size='13'>\n<rect width='%d' height='%d' "
            "fill='#f7f4ec'/>\n",
            width, height, width, height, width, height);
    /* Ground bands by surface. */
    static const struct {
        float from, to;
        const char *fill, *name;
    } bands[] = {{-0.4f, 4.0f, "#cfe3b0", "grass"},
                 {4.0f, 8.0f, "#d9d6cf", "stone"},
                 {8.0f, 40.0f, "#e3c9a0", "wood"}};
    for (size_t b = 0; b < sizeof bands / sizeof bands[0]; ++b) {
        const float x0 = bands[b].from,
                    x1 = bands[b].to < max_x + 1.0f ? bands[b].to : max_x + 1.0f;
        if (x0 >= x1) continue;
        const sa_vec2 p[4] = {project(sa_v3(x0, 0.0f, -0.45f)), project(sa_v3(x1, 0.0f, -0.45f)),
                              project(sa_v3(x1, 0.0f, 0.45f)), project(sa_v3(x0, 0.0f, 0.45f))};
        fprintf(out, "<polygon fill='%s' points='%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f'/>",
                bands[b].fill, (double)p[0].x, (double)p[0].y, (double)p[1].x, (double)p[1].y,
                (double)p[2].x, (double)p[2].y, (double)p[3].x, (double)p[3].y);
        fprintf(out, "<text x='%.1f' y='%.1f' fill='#777'>%s</text>\n", (double)p[3].x + 4.0,
                (double)p[3].y + 16.0, bands[b].name);
    }
    /* Footprints where the footstep events fired. */
    for (int s = 0; s < step_count; ++s) {
        const sa_vec2 p = project(sa_v3(steps[s].x, 0.0f, steps[s].z));
        fprintf(out, "<ellipse cx='%.1f' cy='%.1f' rx='7' ry='3' fill='%s'/>\n", (double)p.x,
                (double)p.y, steps[s].foot == 0 ? "#6a4c93" : "#1982c4");
    }
    /* The chronophotograph: every 5th frame, coloured by mode. */
    for (int i = 0; i < count; i += 5)
        draw_figure(out, &frames[i], mode_colour(frames[i].mode), 0.35f, 2.0f);
    /* The runner, animated frame by frame (discrete visibility), looping. */
    const double total = (double)count / FPS;
    for (int i = 0; i < count; ++i) {
        const double on = (double)i / count, off = (double)(i + 1) / count;
        fprintf(out,
                "<g visibility='hidden'><animate attributeName='visibility' dur='%.3fs' "
                "repeatCount='indefinite' calcMode='discrete' ",
                total);
        if (i == 0)
            fprintf(out, "values='visible;hidden' keyTimes='0;%.5f'/>", off);
        else
            fprintf(out, "values='hidden;visible;hidden' keyTimes='0;%.5f;%.5f'/>", on, off);
        draw_figure(out, &frames[i], "#1d1d1d", 1.0f, 4.0f);
        fprintf(out, "<text x='12' y='24' fill='%s'>t %.2f s   %s</text></g>\n",
                mode_colour(frames[i].mode), (double)i / FPS, sa_mode_name(frames[i].mode));
    }
    static const sa_mode legend[] = {SA_MODE_LOCO, SA_MODE_JUMP,    SA_MODE_FALL,
                                     SA_MODE_LAND, SA_MODE_RAGDOLL, SA_MODE_GETUP};
    for (size_t m = 0; m < sizeof legend / sizeof legend[0]; ++m)
        fprintf(out, "<text x='%d' y='%d' fill='%s'>%s</text>", 12 + 62 * (int)m, height - 12,
                mode_colour(legend[m]), sa_mode_name(legend[m]));
    fprintf(out,
            "<text x='400' y='%d' fill='#6a4c93'>left step</text><text x='470' y='%d' "
            "fill='#1982c4'>right step</text>\n</svg>\n",
            height - 12, height - 12);
    return fclose(out) == 0 ? 0 : 1;
}

/* ---- the animation loop ------------------------------------------------------------------- */

typedef struct walker {
    sa_skeleton skeleton;
    sa_transform rest[JOINTS];
    clips clips;
    sa_blend_tree_loco_config loco;
    sa_blend_tree_space loco_space; /* the blend tree's locomotion preset, built from loco */
    sa_mode_machine machine;
    float stretch_weights[JOINTS]; /* 1 on the thighs and upper arms */
    float phase, idle_time;
    sa_transform layer_pose[SA_FADE_MAX_LAYERS][JOINTS];
    sa_transform scratch[3][JOINTS];
    sa_transform pose[JOINTS], model[JOINTS];
    sa_transform knock_pose[JOINTS], ragdoll_pose[JOINTS];
} walker;

static walker w; /* big enough to keep off the stack */

/* The loco pose: idle, walk and run sampled (walk and run each at its own phase, synced by
 * their touchdown markers), blended by the blend tree's weights, then the thighs and upper arms
 * stretched. */
static void loco_pose(walker *k, const sa_blend_tree_frame *b, sa_transform *out) {
    sa_clip_sample_time(&k->clips.c_idle, k->idle_time, k->scratch[0], JOINTS);
    sa_clip_sample_phase(&k->clips.c_walk, b->clip_phase[SA_BLEND_TREE_LOCO_CLIP_WALK],
                         k->scratch[1], JOINTS);
    sa_clip_sample_phase(&k->clips.c_run, b->clip_phase[SA_BLEND_TREE_LOCO_CLIP_RUN], k->scratch[2],
                         JOINTS);
    const sa_pose_layer layers[3] = {
        {k->scratch[0], b->weights[SA_BLEND_TREE_LOCO_CLIP_IDLE], NULL},
        {k->scratch[1], b->weights[SA_BLEND_TREE_LOCO_CLIP_WALK], NULL},
        {k->scratch[2], b->weights[SA_BLEND_TREE_LOCO_CLIP_RUN], NULL}};
    sa_pose_blend_job job;
    job.layers = layers;
    job.layer_count = 3;
    job.rest = k->rest;
    job.joint_count = JOINTS;
    job.out = out;
    job.capacity = JOINTS;
    sa_pose_blend_run(&job);
    sa_pose_lerp_masked(k->scratch[0], out, b->stretch, k->stretch_weights, JOINTS, out, JOINTS);
}

static const sa_clip *clip_for(const walker *k, sa_mode m) {
    switch (m) {
    case SA_MODE_JUMP:
        return &k->clips.c_jump;
    case SA_MODE_FALL:
        return &k->clips.c_fall;
    case SA_MODE_LAND:
        return &k->clips.c_land;
    case SA_MODE_SIT:
        return &k->clips.c_sit;
    case SA_MODE_GETUP:
        return &k->clips.c_getup; /* one clip: this body always lands on its back */
    default:
        return &k->clips.c_idle; /* swim and climb are not in this script */
    }
}

int main(int argc, char **argv) {
    const char *path = "walker3d.svg";
    bool skate = false; /* --skate: the cycle does not follow the speed, so the feet slide */
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--skate") == 0)
            skate = true;
        else
            path = argv[a];
    }
    walker *k = &w;
    build_rest(k->rest);
    if (sa_skeleton_init(&k->skeleton, joint_parents, k->rest, joint_names, JOINTS) != SA_OK) {
        fprintf(stderr, "walker3d: bad skeleton\n");
        return 1;
    }
    k->loco = sa_blend_tree_loco_config_default();
    k->loco.follow_speed = !skate;
    if (build_clips(&k->clips, k->rest, &k->skeleton, &k->loco) != 0) {
        fprintf(stderr, "walker3d: could not build the clips\n");
        return 1;
    }
    /* Sync markers: walk and run are warped so that their feet land together while they blend
     * (the run touches down at other phases than the walk). */
    if (sa_blend_tree_space_from_loco(&k->loco_space, &k->loco) != SA_OK ||
        sa_blend_tree_space_set_markers(&k->loco_space, SA_BLEND_TREE_LOCO_CLIP_WALK,
                                        k->clips.walk_marks,
                                        k->clips.c_walk.touchdown_count) != SA_OK ||
        sa_blend_tree_space_set_markers(&k->loco_space, SA_BLEND_TREE_LOCO_CLIP_RUN,
                                        k->clips.run_marks,
                                        k->clips.c_run.touchdown_count) != SA_OK ||
        sa_blend_tree_stretch_weights(&k->skeleton, k->stretch_weights, JOINTS) != JOINTS) {
        fprintf(stderr, "walker3d: could not set up the blend tree\n");
        return 1;
    }
    sa_mode_machine_init(&k->machine, NULL);

    printf("walker3d: %d joints; walk clip %zu frames, run clip %zu frames; touchdowns measured "
           "at walk",
           JOINTS, k->clips.c_walk.frame_count, k->clips.c_run.frame_count);
    for (size_t i = 0; i < k->clips.c_walk.touchdown_count; ++i)
        printf(" %s %.2f", k->clips.walk_marks[i].foot == 0 ? "L" : "R",
               (double)k->clips.walk_marks[i].phase);
    printf(", run");
    for (size_t i = 0; i < k->clips.c_run.touchdown_count; ++i)
        printf(" %s %.2f", k->clips.run_marks[i].foot == 0 ? "L" : "R",
               (double)k->clips.run_marks[i].phase);
    printf("\n");

    static frame_record frames[FRAMES];
    static step_record steps[256];
    int step_count = 0;
    body b = {0.0f, 0.0f, 0.0f, 0.0f, 0, true, false, 0.0f};
    float ragdoll_time = 0.0f;
    sa_mode shown = SA_MODE_LOCO;
    for (int i = 0; i < FRAMES; ++i) {
        const float t = (float)i * DT;
        body_step(&b, t);

        /* The mode machine reads the body. */
        sa_mode_input in = sa_mode_input_default();
        in.grounded = b.grounded;
        in.vertical_velocity = b.vy;
        in.landing_speed = b.landing_speed;
        in.speed = b.speed;
        in.jump = b.jumps;
        in.knocked_down = b.knocked;
        /* Belly direction, read when the ragdoll is released: it picks the get-up clip. */
        in.pelvis_forward = sa_quat_rotate(k->model[J_PELVIS].rotation, sa_v3(1.0f, 0.0f, 0.0f));
        const sa_mode mode = sa_mode_machine_update(&k->machine, &in, DT);
        if (mode == SA_MODE_RAGDOLL && shown != SA_MODE_RAGDOLL) {
            memcpy(k->knock_pose, k->pose, sizeof k->knock_pose); /* the pose it was hit in */
            ragdoll_time = 0.0f;
        }
        if (mode == SA_MODE_GETUP && shown == SA_MODE_RAGDOLL) /* remember where it lies */
            memcpy(k->ragdoll_pose, k->pose, sizeof k->ragdoll_pose);
        if (mode != shown) {
            printf("%5.2f s  mode %s -> %s (speed %.2f)\n", (double)t, sa_mode_name(shown),
                   sa_mode_name(mode), (double)b.speed);
            shown = mode;
        }

        /* The blend tree: weights and the shared phase from the ground speed (only on the
         * ground: in the air the legs do not walk). */
        const float phase_before = k->phase;
        const float ground_speed = b.grounded ? b.speed : 0.0f;
        const sa_blend_tree_frame lb =
            sa_blend_tree_space_step(&k->loco_space, &k->phase, ground_speed, DT);
        const float walk_w = lb.weights[SA_BLEND_TREE_LOCO_CLIP_WALK];
        const float run_w = lb.weights[SA_BLEND_TREE_LOCO_CLIP_RUN];
        k->idle_time += DT;
        ragdoll_time += DT;

        /* Footsteps, right after the animation step: the touchdown markers each clip's own
         * synced phase passed, from the walk and run clips by their weights (only one of them
         * fires). */
        const float loco_w = sa_mode_machine_weight(&k->machine, SA_MODE_LOCO);
        sa_footsteps_layer fl[2];
        fl[0].touchdowns = k->clips.walk_marks;
        fl[0].touchdown_count = k->clips.c_walk.touchdown_count;
        fl[0].weight = loco_w * walk_w;
        fl[1].touchdowns = k->clips.run_marks;
        fl[1].touchdown_count = k->clips.c_run.touchdown_count;
        fl[1].weight = loco_w * run_w;
        const sa_footsteps_surface under[2] = {surface_at(b.x), surface_at(b.x)};
        sa_footsteps_job fj = sa_footsteps_job_default();
        fj.phase_from = phase_before;
        fj.phase_to = k->phase;
        fj.cycles = lb.advance;
        fj.dt = DT;
        fj.layers = fl;
        fj.layer_count = 2;
        fj.surfaces = under;
        fj.surface_count = 2;
        const float layer_from[2] = {lb.clip_phase_from[SA_BLEND_TREE_LOCO_CLIP_WALK],
                                     lb.clip_phase_from[SA_BLEND_TREE_LOCO_CLIP_RUN]};
        const float layer_to[2] = {lb.clip_phase[SA_BLEND_TREE_LOCO_CLIP_WALK],
                                   lb.clip_phase[SA_BLEND_TREE_LOCO_CLIP_RUN]};
        fj.layer_phase_from = layer_from;
        fj.layer_phase_to = layer_to;
        sa_footsteps_event ev[8];
        fj.out = ev;
        fj.capacity = 8;
        int pending = 0; /* footprints placed under the foot once this frame's pose is known */
        const size_t fired = sa_footsteps_run(&fj);
        for (size_t e = 0; e < fired; ++e) {
            printf("%5.2f s  step  %-5s foot on %-5s (%s clip, phase %.2f)\n",
                   (double)(t - DT + ev[e].time), ev[e].foot == 0 ? "left" : "right",
                   surface_name(ev[e].surface), ev[e].layer == 0 ? "walk" : "run",
                   (double)ev[e].phase);
            if (step_count + pending < 256) steps[step_count + pending++].foot = ev[e].foot;
        }

        if (i % 15 == 0 && i < 7 * FPS)
            printf(
                "%5.2f s  speed %.2f  idle %.2f walk %.2f run %.2f  stretch %.2f  %.2f cycles/s\n",
                (double)t, (double)ground_speed, (double)lb.weights[SA_BLEND_TREE_LOCO_CLIP_IDLE],
                (double)walk_w, (double)run_w, (double)lb.stretch, (double)lb.rate);

        /* Every fading layer's pose, blended by the machine's weights. */
        const size_t layer_count = sa_mode_machine_layer_count(&k->machine);
        sa_pose_layer layers[SA_FADE_MAX_LAYERS];
        for (size_t l = 0; l < layer_count; ++l) {
            const sa_mode_layer ml = sa_mode_machine_layer(&k->machine, l);
            if (ml.mode == SA_MODE_LOCO) {
                loco_pose(k, &lb, k->layer_pose[l]);
            } else if (ml.mode == SA_MODE_RAGDOLL) {
                /* A stand-in for the game's ragdoll physics: the body topples onto its back. */
                const float u = sa_ease_apply(SA_EASE_IN_QUAD, ragdoll_time / 0.55f);
                sa_pose_lerp(k->knock_pose, k->clips.lying, u, JOINTS, k->layer_pose[l], JOINTS);
            } else {
                sa_clip_sample_time(clip_for(k, ml.mode), ml.play_time, k->layer_pose[l], JOINTS);
                /* Get-up: morph every joint from the remembered ragdoll pose into the clip. */
                if (ml.mode == SA_MODE_GETUP)
                    sa_pose_morph(k->ragdoll_pose, k->layer_pose[l],
                                  sa_mode_machine_getup_k(&k->machine), JOINTS, k->layer_pose[l],
                                  JOINTS);
            }
            layers[l].pose = k->layer_pose[l];
            layers[l].weight = ml.weight;
            layers[l].joint_weights = NULL;
        }
        sa_pose_blend_job job;
        job.layers = layers;
        job.layer_count = layer_count;
        job.rest = k->rest;
        job.joint_count = JOINTS;
        job.out = k->pose;
        job.capacity = JOINTS;
        sa_pose_blend_run(&job);

        /* Local → model, the body placed where it is in the world. */
        const sa_transform root = offset(b.x, b.y, 0.0f);
        sa_skeleton_local_to_model_job l2m;
        l2m.skeleton = &k->skeleton;
        l2m.local = k->pose;
        l2m.root = &root;
        l2m.out = k->model;
        l2m.capacity = JOINTS;
        if (sa_skeleton_local_to_model_run(&l2m) != (size_t)JOINTS) return 1;
        for (int j = 0; j < JOINTS; ++j)
            frames[i].joint[j] = k->model[j].translation;
        for (; pending > 0; --pending, ++step_count) {
            const int foot = steps[step_count].foot == 0 ? J_FOOT_L : J_FOOT_R;
            steps[step_count].x = k->model[foot].translation.x;
            steps[step_count].z = k->model[foot].translation.z;
        }
        frames[i].mode = mode;
    }
    if (write_svg(path, frames, FRAMES, steps, step_count) != 0) {
        fprintf(stderr, "walker3d: could not write %s\n", path);
        return 1;
    }
    printf("walker3d: %d frames, %d footsteps, wrote %s\n", FRAMES, step_count, path);
    return 0;
}
