#include <stickanim/figure.h>

#include <stickanim/gait.h>
#include <stickanim/ik.h>

#include "figure/stages.h"
#include "internal/scalar.h"

/* Fade layer ids: the low byte is the motion evaluated; ID_SPEAR marks a triggered jump that keeps
 * the spear in hand, ID_RUNNING one taken from a locomoting motion (the legs keep the gait on the
 * ground and the ground keeps scrolling); bits from ID_SERIAL_SHIFT number triggered jumps, so
 * every jump is a layer of
 * its own (a new jump over a fading one never restarts that one visibly). */
enum { M_IDLE = 0, M_LOCO = 1, M_THROW = 2, M_JUMP = 3, M_FORM = 4, M_SPEAR_RUN = 5 };
#define ID_MOTION(id)   ((id)&0xFF)
#define ID_SPEAR        0x100
#define ID_RUNNING      0x200
#define ID_SERIAL_SHIFT 10
#define ID_SERIAL_MAX   0x1FFFFF

#define MAX_DT     0.033f
#define SQUASH_K   0.7f
#define HAIR_ITERS 6

sa_figure_config sa_figure_config_default(void) {
    sa_figure_config c;
    c.spine = 54.0f;
    c.neck = 13.0f;
    c.head_radius = 12.0f;
    c.upper_arm = 27.0f;
    c.forearm = 25.0f;
    c.thigh = 37.0f;
    c.shin = 37.0f;
    c.hip_height = 66.0f;
    c.spear_length = 150.0f;
    c.fade_rate = 8.0f;
    c.gait_rate = 4.0f;
    c.head_stiffness = 260.0f;
    c.head_damping = 26.0f;
    c.hair = 1;
    c.hair_spacing = 9.0f;
    c.hair_drag = 0.86f;
    c.hair_jump_kick = 1500.0f;
    return c;
}

sa_figure_config sa_figure_config_scaled(float scale) {
    const float s = (sai_finite(scale) && scale > 0.0f) ? scale : 1.0f;
    sa_figure_config c = sa_figure_config_default();
    c.spine *= s;
    c.neck *= s;
    c.head_radius *= s;
    c.upper_arm *= s;
    c.forearm *= s;
    c.thigh *= s;
    c.shin *= s;
    c.hip_height *= s;
    c.spear_length *= s;
    c.hair_spacing *= s;
    return c;
}

sa_status sa_figure_config_validate(const sa_figure_config *cfg) {
    if (!cfg) return SA_ERR_NULL;
    const float positive[] = {
        cfg->spine,     cfg->neck,           cfg->head_radius, cfg->upper_arm,    cfg->forearm,
        cfg->thigh,     cfg->shin,           cfg->hip_height,  cfg->spear_length, cfg->fade_rate,
        cfg->gait_rate, cfg->head_stiffness, cfg->hair_spacing};
    const float non_negative[] = {cfg->head_damping, cfg->hair_jump_kick, cfg->hair_drag};
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; ++i)
        if (!sai_finite(positive[i])) return SA_ERR_NOT_FINITE;
    for (size_t i = 0; i < sizeof non_negative / sizeof non_negative[0]; ++i)
        if (!sai_finite(non_negative[i])) return SA_ERR_NOT_FINITE;
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; ++i)
        if (!(positive[i] > 0.0f)) return SA_ERR_RANGE;
    for (size_t i = 0; i < sizeof non_negative / sizeof non_negative[0]; ++i)
        if (!(non_negative[i] >= 0.0f)) return SA_ERR_RANGE;
    if (cfg->hair_drag > 1.0f) return SA_ERR_RANGE;
    return SA_OK;
}

sa_figure_input sa_figure_input_default(void) {
    sa_figure_input in;
    in.motion = SA_FIGURE_MOTION_IDLE;
    in.speed = 0.0f;
    in.jump = 0u;
    in.thrust = 0u;
    return in;
}

/* ---- stages' context --------------------------------------------------------------------- */

static sai_figure_ctx make_ctx(const sa_figure_config *cfg, float gait_mix, float phase,
                               float thrust_time) {
    sai_figure_ctx c;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    c.scale = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    c.hip_height = cfg->hip_height;
    c.gait_mix = sai_saturate(gait_mix);
    c.gait = sa_gait_mix(&walk, &run, c.gait_mix);
    c.phase = phase;
    c.thrust_time = thrust_time;
    const float reach = cfg->thigh + cfg->shin - (SA_IK_LEG_MARGIN + 0.5f) * c.scale;
    c.leg_reach = reach > 0.0f ? reach : 0.0f;
    c.spine = cfg->spine;
    return c;
}

static const sa_figure_config *sane_config(const sa_figure_config *cfg, sa_figure_config *store) {
    if (cfg && sa_figure_config_validate(cfg) == SA_OK) return cfg;
    *store = sa_figure_config_default();
    return store;
}

sa_figure_params sa_figure_params_rest(const sa_figure_config *cfg) {
    sa_figure_config store;
    const sa_figure_config *c = sane_config(cfg, &store);
    const sai_figure_ctx ctx = make_ctx(c, 0.0f, 0.0f, -1.0f);
    sa_figure_params p;
    sai_figure_idle(&ctx, 0.0f, &p);
    return p;
}

/* ---- solve: parameters -> joints ------------------------------------------------------------ */

static float fin(float v, float fallback) { return sai_finite(v) ? v : fallback; }
static sa_vec2 fin2(sa_vec2 v, sa_vec2 fallback) {
    return sai_v2(fin(v.x, fallback.x), fin(v.y, fallback.y));
}

static sa_figure_params sanitize(const sa_figure_params *in, const sa_figure_params *rest) {
    sa_figure_params p;
    p.root = fin2(in->root, rest->root);
    p.lean = sai_clamp(fin(in->lean, rest->lean), -SA_PI, SA_PI);
    p.head_tilt = sai_clamp(fin(in->head_tilt, rest->head_tilt), -SA_PI, SA_PI);
    for (int i = 0; i < 2; ++i) {
        p.foot[i] = fin2(in->foot[i], rest->foot[i]);
        p.arm_angle[i] = fin(in->arm_angle[i], rest->arm_angle[i]);
        p.arm_flex[i] = fin(in->arm_flex[i], rest->arm_flex[i]);
    }
    p.spear = sai_saturate(in->spear);
    p.spear_grip = fin2(in->spear_grip, rest->spear_grip);
    p.spear_angle = fin(in->spear_angle, rest->spear_angle);
    p.spear_gap = fin(in->spear_gap, rest->spear_gap);
    p.spear_gap = p.spear_gap > 0.0f ? p.spear_gap : 0.0f;
    p.spear_slide = sai_clamp(fin(in->spear_slide, rest->spear_slide), 0.0f, 1.0f);
    p.squash = sai_clamp(fin(in->squash, 1.0f), 0.5f, 1.5f);
    p.hair_push = fin2(in->hair_push, rest->hair_push);
    p.ground_speed = fin(in->ground_speed, 0.0f);
    p.ground_speed = p.ground_speed > 0.0f ? p.ground_speed : 0.0f;
    return p;
}

/* Unit vector of a bone leaning by angle a from straight up (y down): (sin a, −cos a). */
static sa_vec2 up_dir(float a) { return sai_v2(sinf(a), -cosf(a)); }

/* The end of a bone of length len from joint toward target; straight down when they coincide. */
static sa_vec2 toward(sa_vec2 joint, sa_vec2 target, float len) {
    const sa_vec2 d = sai_v2_sub(target, joint);
    const float l = sai_v2_length(d);
    if (!(l > 1e-6f) || !sai_finite(l)) return sai_v2(joint.x, joint.y + len);
    return sai_v2_add(joint, sai_v2_scale(d, len / l));
}

/* The rear (near) elbow bends one way and the front (far) elbow the other, so they bend away
 * from each other along the shaft. */
static const float spear_bend[2] = {1.0f, -1.0f};

static void spear_hands(const sa_figure_params *p, sa_vec2 shoulder, sa_vec2 *hands) {
    const sa_vec2 d = sai_v2(cosf(p->spear_angle), sinf(p->spear_angle));
    const sa_vec2 mid = sai_v2_add(shoulder, p->spear_grip);
    hands[0] = sai_v2_sub(mid, sai_v2_scale(d, 0.5f * p->spear_gap));
    hands[1] = sai_v2_add(mid, sai_v2_scale(d, 0.5f * p->spear_gap));
}

/* The FK angles (seed convention: 0 hangs down, + forward; flex relative to the upper arm) of the
 * two-bone IK solution reaching rel (the hand target relative to the shoulder). Upper-arm angles
 * are kept in [−0.75π, 1.25π) and the flex in (−π, π]; the spear poses keep away from both wraps,
 * so the angles move continuously and blend linearly with FK arms. */
static void arm_ik_angles(const sa_figure_config *cfg, sa_vec2 rel, float bend, float *up_out,
                          float *flex_out) {
    const sa_vec2 elbow =
        sa_ik_two_bone(sai_v2(0.0f, 0.0f), rel, cfg->upper_arm, cfg->forearm, bend);
    const sa_vec2 hand = toward(elbow, rel, cfg->forearm);
    float up = atan2f(elbow.x, elbow.y);
    if (up < -0.75f * SA_PI) up += 2.0f * SA_PI;
    float fore = atan2f(hand.x - elbow.x, hand.y - elbow.y) - up;
    while (fore > SA_PI)
        fore -= 2.0f * SA_PI;
    while (fore <= -SA_PI)
        fore += 2.0f * SA_PI;
    *up_out = up;
    *flex_out = fore;
}

/* A spear layer's own arm angles: its hands on its own shaft, so spear and FK layers blend angle
 * by angle. */
static void spear_arm_angles(const sa_figure_config *cfg, sa_figure_params *p) {
    sa_vec2 grips[2];
    spear_hands(p, sai_v2(0.0f, 0.0f), grips);
    for (int i = 0; i < 2; ++i)
        arm_ik_angles(cfg, grips[i], spear_bend[i], &p->arm_angle[i], &p->arm_flex[i]);
}

static void solve(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j) {
    const float scale = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const sa_vec2 pelvis = sai_v2(p->root.x, p->root.y - cfg->hip_height);
    const sa_vec2 u = up_dir(p->lean);
    j[SA_FIGURE_JOINT_PELVIS] = pelvis;
    j[SA_FIGURE_JOINT_HIP] = pelvis;
    j[SA_FIGURE_JOINT_CHEST] = sai_v2_add(pelvis, sai_v2_scale(u, cfg->spine));
    const sa_vec2 shoulder =
        sai_v2_add(pelvis, sai_v2_scale(u, cfg->spine * SA_FIGURE_SHOULDER_AT));
    j[SA_FIGURE_JOINT_SHOULDER] = shoulder;
    const sa_vec2 n = up_dir(p->lean + p->head_tilt);
    j[SA_FIGURE_JOINT_NECK] = sai_v2_add(j[SA_FIGURE_JOINT_CHEST], sai_v2_scale(n, cfg->neck));
    j[SA_FIGURE_JOINT_HEAD] = sai_v2_add(j[SA_FIGURE_JOINT_NECK], sai_v2_scale(n, cfg->head_radius));
    for (int i = 0; i < 2; ++i) {
        /* The seed's reach guard (1.5 units at its size, scaled with the figure). */
        const sa_vec2 target =
            sa_ik_reach_guard(pelvis, p->foot[i], cfg->thigh, cfg->shin, SA_IK_LEG_MARGIN * scale);
        /* A negative bend puts the knee forward (+x) for a figure facing +x. */
        const sa_vec2 knee = sa_ik_two_bone(pelvis, target, cfg->thigh, cfg->shin, -1.0f);
        j[SA_FIGURE_JOINT_KNEE_NEAR + i] = knee;
        j[SA_FIGURE_JOINT_FOOT_NEAR + i] = toward(knee, target, cfg->shin);
    }
    sa_vec2 grips[2];
    spear_hands(p, shoulder, grips);
    for (int i = 0; i < 2; ++i) {
        /* The blended angles already carry each spear motion's own IK angles (their hands on
         * their own shafts), so only the remainder is corrected toward IK on the blended shaft:
         * by spear^4, which is 1 when only spear motions show (hands exactly on the shaft) and
         * nearly 0 while a spear motion fades against an FK one (the arms then move at the
         * fade's pace, not twice it). Angles blend linearly, so the elbow never flips. */
        float up = p->arm_angle[i], flex = p->arm_flex[i];
        const float s2 = p->spear * p->spear, correct = s2 * s2;
        if (correct > 0.0f) {
            float up_ik, flex_ik;
            arm_ik_angles(cfg, sai_v2_sub(grips[i], shoulder), spear_bend[i], &up_ik, &flex_ik);
            up = sai_lerp(up, up_ik, correct);
            flex = sai_lerp(flex, flex_ik, correct);
        }
        const sa_arm_pose arm = sa_arm_fk(shoulder, up, flex, cfg->upper_arm, cfg->forearm);
        const sa_vec2 elbow = arm.elbow, hand = arm.hand;
        j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = elbow;
        j[SA_FIGURE_JOINT_HAND_NEAR + i] = hand;
    }
    const sa_vec2 d = sai_v2(cosf(p->spear_angle), sinf(p->spear_angle));
    const sa_vec2 mid = sai_v2_add(shoulder, p->spear_grip);
    j[SA_FIGURE_JOINT_SPEAR_BUTT] = sai_v2_sub(mid, sai_v2_scale(d, p->spear_slide * cfg->spear_length));
    j[SA_FIGURE_JOINT_SPEAR_TIP] = sai_v2_add(j[SA_FIGURE_JOINT_SPEAR_BUTT], sai_v2_scale(d, cfg->spear_length));
}

size_t sa_figure_solve(const sa_figure_config *cfg, const sa_figure_params *params, sa_vec2 *out,
                       size_t capacity) {
    if (!out || capacity < SA_FIGURE_JOINT_COUNT) return 0;
    sa_figure_config store;
    const sa_figure_config *c = sane_config(cfg, &store);
    const sa_figure_params rest = sa_figure_params_rest(c);
    const sa_figure_params p = sanitize(params ? params : &rest, &rest);
    solve(c, &p, out);
    return SA_FIGURE_JOINT_COUNT;
}

/* ---- motions, fade and blend -------------------------------------------------------------- */

static bool is_spear_motion(sa_figure_motion m) {
    return m == SA_FIGURE_MOTION_SPEAR_RUN || m == SA_FIGURE_MOTION_SPEAR_FORM;
}

static int32_t layer_id(sa_figure_motion m) {
    switch (m) {
    case SA_FIGURE_MOTION_WALK:
    case SA_FIGURE_MOTION_RUN:
    case SA_FIGURE_MOTION_LOCOMOTE:
        return M_LOCO;
    case SA_FIGURE_MOTION_THROW:
        return M_THROW;
    case SA_FIGURE_MOTION_JUMP:
        return M_JUMP;
    case SA_FIGURE_MOTION_SPEAR_FORM:
        return M_FORM;
    case SA_FIGURE_MOTION_SPEAR_RUN:
        return M_SPEAR_RUN;
    default:
        return M_IDLE;
    }
}

static sa_figure_motion showing(const sa_figure *f) {
    switch (ID_MOTION(sa_fade_target(&f->fade))) {
    case M_LOCO: {
        const sa_figure_motion w = f->wanted;
        return (w == SA_FIGURE_MOTION_WALK || w == SA_FIGURE_MOTION_RUN) ? w : SA_FIGURE_MOTION_LOCOMOTE;
    }
    case M_THROW:
        return SA_FIGURE_MOTION_THROW;
    case M_JUMP:
        return SA_FIGURE_MOTION_JUMP;
    case M_FORM:
        return SA_FIGURE_MOTION_SPEAR_FORM;
    case M_SPEAR_RUN:
        return SA_FIGURE_MOTION_SPEAR_RUN;
    default:
        return SA_FIGURE_MOTION_IDLE;
    }
}

static bool is_loco_layer(int32_t id) {
    return ID_MOTION(id) == M_LOCO || ID_MOTION(id) == M_SPEAR_RUN ||
           (ID_MOTION(id) == M_JUMP && (id & ID_RUNNING));
}

static bool locomotes(sa_figure_motion m) {
    return m == SA_FIGURE_MOTION_WALK || m == SA_FIGURE_MOTION_RUN || m == SA_FIGURE_MOTION_LOCOMOTE ||
           m == SA_FIGURE_MOTION_SPEAR_RUN;
}

static void eval_layer(const sa_figure *f, const sai_figure_ctx *c, int32_t id, float time,
                       sa_figure_params *p) {
    switch (ID_MOTION(id)) {
    case M_LOCO:
        sai_figure_locomotion(c, p);
        break;
    case M_THROW:
        sai_figure_throw(c, time, p);
        break;
    case M_JUMP: {
        /* A triggered jump plays once and then holds its last (rest) frame while it fades out. */
        const bool once = (id >> ID_SERIAL_SHIFT) != 0;
        const float t = once ? fminf(time, SAI_FIGURE_JUMP_SECONDS * 0.9999f) : time;
        sai_figure_jump(c, t, p);
        if (id & ID_RUNNING) {
            /* A running jump: on the ground the feet stay on the gait's planted path, in the air
             * they tuck; the ground keeps scrolling at the gait's speed throughout. */
            sa_figure_params loco;
            sai_figure_locomotion(c, &loco);
            const float air = sai_figure_jump_airborne(t);
            for (int i = 0; i < 2; ++i)
                p->foot[i] = sai_v2_lerp(loco.foot[i], p->foot[i], air);
            p->ground_speed = loco.ground_speed;
        }
        if (id & ID_SPEAR) {
            sai_figure_ctx no_thrust = *c;
            no_thrust.thrust_time = -1.0f;
            sai_figure_spear_carry(&no_thrust, p);
        }
        break;
    }
    case M_FORM:
        sai_figure_spear_form(c, time, p);
        break;
    case M_SPEAR_RUN:
        sai_figure_spear_run(c, p);
        break;
    default:
        sai_figure_idle(c, time, p);
        break;
    }
    if (p->spear > 0.0f) spear_arm_angles(&f->config, p);
}

static void accumulate(sa_figure_params *acc, const sa_figure_params *p, float w) {
    acc->root = sai_v2_add(acc->root, sai_v2_scale(p->root, w));
    acc->lean += p->lean * w;
    acc->head_tilt += p->head_tilt * w;
    for (int i = 0; i < 2; ++i) {
        acc->foot[i] = sai_v2_add(acc->foot[i], sai_v2_scale(p->foot[i], w));
        acc->arm_angle[i] += p->arm_angle[i] * w;
        acc->arm_flex[i] += p->arm_flex[i] * w;
    }
    acc->squash += p->squash * w;
    acc->hair_push = sai_v2_add(acc->hair_push, sai_v2_scale(p->hair_push, w));
    acc->ground_speed += p->ground_speed * w;
    /* Motions without the spear carry it low (its fields come from the carry), so the shaft
     * moves continuously while it fades in or out; `spear` says how much the hands hold it. */
    acc->spear += p->spear * w;
    acc->spear_grip = sai_v2_add(acc->spear_grip, sai_v2_scale(p->spear_grip, w));
    acc->spear_angle += p->spear_angle * w;
    acc->spear_gap += p->spear_gap * w;
    acc->spear_slide += p->spear_slide * w;
}

static sa_figure_params blend_layers(const sa_figure *f, const sai_figure_ctx *c) {
    sa_figure_params acc, rest;
    sai_figure_idle(c, 0.0f, &rest);
    acc.root = sai_v2(0.0f, 0.0f);
    acc.lean = acc.head_tilt = 0.0f;
    for (int i = 0; i < 2; ++i) {
        acc.foot[i] = sai_v2(0.0f, 0.0f);
        acc.arm_angle[i] = acc.arm_flex[i] = 0.0f;
    }
    acc.squash = 0.0f;
    acc.hair_push = sai_v2(0.0f, 0.0f);
    acc.ground_speed = 0.0f;
    acc.spear = acc.spear_angle = acc.spear_gap = acc.spear_slide = 0.0f;
    acc.spear_grip = sai_v2(0.0f, 0.0f);
    float total = 0.0f;
    for (size_t i = 0; i < f->fade.count && i < SA_FADE_MAX_LAYERS; ++i) {
        const sa_fade_layer *l = &f->fade.layers[i];
        const float w = sai_saturate(l->weight);
        if (!(w > 0.0f)) continue;
        sa_figure_params p;
        eval_layer(f, c, l->id, sai_finite_or(l->time, 0.0f), &p);
        accumulate(&acc, &p, w);
        total += w;
    }
    if (!(total > 0.0f)) return rest;
    /* The weights sum to 1 (fade.h); divide anyway so rounding never scales the figure. */
    const float inv = 1.0f / total;
    sa_figure_params out = acc;
    out.root = sai_v2_scale(acc.root, inv);
    out.lean *= inv;
    out.head_tilt *= inv;
    for (int i = 0; i < 2; ++i) {
        out.foot[i] = sai_v2_scale(acc.foot[i], inv);
        out.arm_angle[i] *= inv;
        out.arm_flex[i] *= inv;
    }
    out.squash *= inv;
    out.hair_push = sai_v2_scale(acc.hair_push, inv);
    out.ground_speed *= inv;
    out.spear_grip = sai_v2_scale(acc.spear_grip, inv);
    out.spear_angle *= inv;
    out.spear_gap *= inv;
    out.spear_slide *= inv;
    out.spear = sai_saturate(acc.spear * inv);
    return sanitize(&out, &rest);
}

/* ---- secondary motion and the pose -------------------------------------------------------- */

/* The back of the head, a little above its centre, where the hair is pinned. */
static sa_vec2 hair_pin(const sa_vec2 *j, float head_radius) {
    const sa_vec2 n = sai_v2_sub(j[SA_FIGURE_JOINT_HEAD], j[SA_FIGURE_JOINT_NECK]);
    const float l = sai_v2_length(n);
    const sa_vec2 up = l > 1e-6f ? sai_v2_scale(n, 1.0f / l) : sai_v2(0.0f, -1.0f);
    const sa_vec2 fwd = sai_v2(-up.y, up.x);
    return sai_v2_add(j[SA_FIGURE_JOINT_HEAD], sai_v2_add(sai_v2_scale(fwd, -0.9f * head_radius),
                                                   sai_v2_scale(up, 0.3f * head_radius)));
}

static void rest_secondary(sa_figure *f, const sa_vec2 *j) {
    f->head.pos = j[SA_FIGURE_JOINT_HEAD];
    f->head.vel = sai_v2(0.0f, 0.0f);
    (void)sa_verlet_chain_init(f->hair, SA_VERLET_HAIR_POINTS, hair_pin(j, f->config.head_radius),
                               sai_v2(-0.3f, 1.0f), f->config.hair_spacing);
}

static bool all_finite(const sa_vec2 *v, int n) {
    for (int i = 0; i < n; ++i)
        if (!sai_v2_finite(v[i])) return false;
    return true;
}

static void write_pose(sa_figure *f, const sa_figure_params *p, const sa_vec2 *joints, float dt) {
    sa_figure_pose *pose = &f->pose;
    const sa_figure_config *cfg = &f->config;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        pose->unsquashed[i] = joints[i];
    const sa_squash sq =
        sa_squash_make(sai_v2(joints[SA_FIGURE_JOINT_PELVIS].x, 0.0f), p->squash, SQUASH_K);
    pose->squash = sq;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        pose->joints[i] = joints[i];
    sa_squash_apply(sq, pose->joints, SA_FIGURE_JOINT_COUNT);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        pose->hair[i] = f->hair[i].pos;
    sa_squash_apply(sq, pose->hair, SA_VERLET_HAIR_POINTS);
    pose->head_radius = cfg->head_radius * sa_squash_radius_scale(sq);
    pose->ground_speed = p->ground_speed > 0.0f ? p->ground_speed : 0.0f;
    pose->dt = dt;
    pose->motion = showing(f);
    pose->spear = p->spear;
    pose->phase = f->phase;
    pose->gait = f->gait;
    pose->thrust = f->thrust_time >= 0.0f ? f->thrust_time / SAI_FIGURE_THRUST_SECONDS : -1.0f;
}

/* Head on its spring, hair on its chain, both in figure space; the neck keeps its length because
 * the spring only picks the head's direction from the chest. */
static void secondary(sa_figure *f, const sa_figure_params *p, sa_vec2 *j, float dt) {
    const sa_figure_config *cfg = &f->config;
    sa_spring2_step(&f->head, j[SA_FIGURE_JOINT_HEAD], cfg->head_stiffness, cfg->head_damping, dt);
    if (!sai_v2_finite(f->head.pos) || !sai_v2_finite(f->head.vel)) {
        f->head.pos = j[SA_FIGURE_JOINT_HEAD];
        f->head.vel = sai_v2(0.0f, 0.0f);
    }
    const sa_vec2 chest = j[SA_FIGURE_JOINT_CHEST];
    const sa_vec2 to = sai_v2_sub(f->head.pos, chest);
    const float l = sai_v2_length(to);
    if (l > 1e-3f && sai_finite(l)) {
        const sa_vec2 n = sai_v2_scale(to, 1.0f / l);
        j[SA_FIGURE_JOINT_NECK] = sai_v2_add(chest, sai_v2_scale(n, cfg->neck));
        j[SA_FIGURE_JOINT_HEAD] = sai_v2_add(j[SA_FIGURE_JOINT_NECK], sai_v2_scale(n, cfg->head_radius));
    }
    if (!cfg->hair) {
        (void)sa_verlet_chain_init(f->hair, SA_VERLET_HAIR_POINTS, hair_pin(j, cfg->head_radius),
                                   sai_v2(0.0f, 1.0f), cfg->hair_spacing);
        return;
    }
    sa_verlet_config vp = sa_verlet_config_default();
    vp.spacing = cfg->hair_spacing;
    vp.drag = cfg->hair_drag;
    vp.iterations = HAIR_ITERS;
    const sa_vec2 wind = sa_verlet_hair_accel(p->ground_speed, 0.0f);
    vp.accel = sai_v2_add(wind, sai_v2_scale(p->hair_push, cfg->hair_jump_kick));
    sa_verlet_chain_step(f->hair, SA_VERLET_HAIR_POINTS, hair_pin(j, cfg->head_radius), &vp, dt);
    bool ok = true;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        ok = ok && sai_v2_finite(f->hair[i].pos) && sai_v2_finite(f->hair[i].prev);
    if (!ok) rest_secondary(f, j);
}

sa_status sa_figure_init(sa_figure *fig, const sa_figure_config *cfg) {
    if (!fig) return SA_ERR_NULL;
    const sa_status st = cfg ? sa_figure_config_validate(cfg) : SA_OK;
    *fig = (sa_figure){0};
    fig->config = (cfg && st == SA_OK) ? *cfg : sa_figure_config_default();
    sa_fade_init(&fig->fade, M_IDLE);
    fig->phase = 0.0f;
    fig->gait = 0.0f;
    fig->thrust_time = -1.0f;
    fig->jump_layer = -1;
    fig->wanted = SA_FIGURE_MOTION_IDLE;
    const sai_figure_ctx c = make_ctx(&fig->config, 0.0f, 0.0f, -1.0f);
    sa_figure_params p;
    sai_figure_idle(&c, 0.0f, &p);
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    solve(&fig->config, &p, j);
    rest_secondary(fig, j);
    write_pose(fig, &p, j, 0.0f);
    return st;
}

static float gait_target(const sa_figure *f, sa_figure_motion m, float speed) {
    switch (m) {
    case SA_FIGURE_MOTION_WALK:
        return 0.0f;
    case SA_FIGURE_MOTION_RUN:
    case SA_FIGURE_MOTION_SPEAR_RUN:
        return 1.0f;
    case SA_FIGURE_MOTION_LOCOMOTE: {
        const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
        const float k = f->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
        const float lo = sa_gait_ground_speed(&walk), hi = sa_gait_ground_speed(&run);
        const float s = sai_clamp(sai_finite_or(speed / k, lo), lo, hi);
        return sai_saturate(sa_gait_mix_for_speed(&walk, &run, s));
    }
    default:
        return f->gait;
    }
}

static float loco_weight(const sa_fade *fade) {
    float w = 0.0f;
    for (size_t i = 0; i < fade->count && i < SA_FADE_MAX_LAYERS; ++i)
        if (is_loco_layer(fade->layers[i].id)) w += fade->layers[i].weight;
    return w;
}

void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt) {
    if (!fig || !(dt > 0.0f) || !sai_finite(dt)) return;
    dt = dt < MAX_DT ? dt : MAX_DT;
    sa_figure_input in = sa_figure_input_default();
    if (input) {
        in = *input;
    } else {
        in.jump = fig->jump_seen;
        in.thrust = fig->thrust_seen;
    }
    const sa_figure_motion wanted =
        ((uint32_t)in.motion < (uint32_t)SA_FIGURE_MOTION_COUNT_) ? in.motion : SA_FIGURE_MOTION_IDLE;

    /* Asking for another motion cuts a triggered jump short; a new press starts a new jump. */
    if (wanted != fig->wanted) fig->jump_layer = -1;
    fig->wanted = wanted;
    if (in.jump != fig->jump_seen) {
        fig->jump_seen = in.jump;
        fig->jump_serial = fig->jump_serial >= ID_SERIAL_MAX ? 1 : fig->jump_serial + 1;
        fig->jump_layer = M_JUMP | (is_spear_motion(wanted) ? ID_SPEAR : 0) |
                          (locomotes(wanted) ? ID_RUNNING : 0) |
                          (fig->jump_serial << ID_SERIAL_SHIFT);
    }
    if (in.thrust != fig->thrust_seen) {
        fig->thrust_seen = in.thrust;
        if (wanted == SA_FIGURE_MOTION_SPEAR_RUN && fig->jump_layer < 0 && fig->thrust_time < 0.0f)
            fig->thrust_time = 0.0f;
    }
    const bool was_locomoting = loco_weight(&fig->fade) > 0.0f;
    sa_fade_switch(&fig->fade, fig->jump_layer >= 0 ? fig->jump_layer : layer_id(wanted));

    /* One phase for every gait; the walk/run mix eases toward its target (or starts there when
     * the figure was not locomoting at all). */
    const float target = gait_target(fig, wanted, in.speed);
    if (!was_locomoting) {
        fig->gait = target;
    } else {
        fig->gait += (target - fig->gait) * (1.0f - expf(-fig->config.gait_rate * dt));
        if (fabsf(target - fig->gait) < 1e-5f) fig->gait = target;
    }
    fig->gait = sai_saturate(fig->gait);
    sai_figure_ctx c = make_ctx(&fig->config, fig->gait, fig->phase, fig->thrust_time);
    fig->phase = sa_phase_advance(fig->phase, c.gait.cadence * dt);
    if (!(fig->phase >= 0.0f && fig->phase < 1.0f)) fig->phase = 0.0f;
    c.phase = fig->phase;
    if (fig->thrust_time >= 0.0f) {
        fig->thrust_time += dt;
        if (fig->thrust_time >= SAI_FIGURE_THRUST_SECONDS) fig->thrust_time = -1.0f;
    }
    sa_fade_step(&fig->fade, fig->config.fade_rate, dt);
    /* A standing jump hands back to the wanted motion when it has settled; a running jump as
     * soon as it lands, so the gait fades back in while the knees absorb the landing. */
    const float jump_end = (fig->jump_layer >= 0 && (fig->jump_layer & ID_RUNNING))
                               ? SAI_FIGURE_JUMP_SECONDS * SAI_FIGURE_JUMP_LANDS
                               : SAI_FIGURE_JUMP_SECONDS;
    if (fig->jump_layer >= 0 && fig->fade.count > 0 &&
        fig->fade.layers[fig->fade.count - 1].id == fig->jump_layer &&
        fig->fade.layers[fig->fade.count - 1].time >= jump_end) {
        fig->jump_layer = -1;
        sa_fade_switch(&fig->fade, layer_id(wanted));
    }

    c.thrust_time = fig->thrust_time;
    const sa_figure_params p = blend_layers(fig, &c);
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    solve(&fig->config, &p, j);
    secondary(fig, &p, j, dt);
    if (!all_finite(j, SA_FIGURE_JOINT_COUNT)) {
        /* Unreachable with a validated config; kept so no NaN can ever reach the caller. */
        sa_figure_params rest;
        sai_figure_idle(&c, 0.0f, &rest);
        solve(&fig->config, &rest, j);
        rest_secondary(fig, j);
        write_pose(fig, &rest, j, dt);
        return;
    }
    write_pose(fig, &p, j, dt);
}

const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig) { return fig ? &fig->pose : NULL; }
