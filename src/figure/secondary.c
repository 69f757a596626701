#include "pipeline.h"

#include "internal/scalar.h"

/* The back of the head, a little above its centre, where the hair is pinned. */
static sa_vec2 hair_pin(const sa_vec2 *j, float head_radius) {
    const sa_vec2 n = sai_v2_sub(j[SA_FIGURE_JOINT_HEAD], j[SA_FIGURE_JOINT_NECK]);
    const float l = sai_v2_length(n);
    const sa_vec2 up = l > 1e-6f ? sai_v2_scale(n, 1.0f / l) : sai_v2(0.0f, -1.0f);
    const sa_vec2 fwd = sai_v2(-up.y, up.x);
    return sai_v2_add(j[SA_FIGURE_JOINT_HEAD], sai_v2_add(sai_v2_scale(fwd, -0.9f * head_radius),
                                                          sai_v2_scale(up, 0.3f * head_radius)));
}

void sai_figure_rest_secondary(sa_figure *fig, const sa_vec2 *j) {
    fig->head.pos = j[SA_FIGURE_JOINT_HEAD];
    fig->head.vel = sai_v2(0.0f, 0.0f);
    (void)sa_verlet_chain_init(fig->hair, SA_VERLET_HAIR_POINTS,
                               hair_pin(j, fig->config.head_radius), sai_v2(-0.3f, 1.0f),
                               fig->config.hair_spacing);
}

/* Head on its spring, hair on its chain, both in figure space; the neck keeps its length because
 * the spring only picks the head's direction from the chest. */
void sai_figure_secondary(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float dt) {
    const sa_figure_config *cfg = &fig->config;
    sa_spring2_step(&fig->head, j[SA_FIGURE_JOINT_HEAD], cfg->head_stiffness, cfg->head_damping,
                    dt);
    if (!sai_v2_finite(fig->head.pos) || !sai_v2_finite(fig->head.vel)) {
        fig->head.pos = j[SA_FIGURE_JOINT_HEAD];
        fig->head.vel = sai_v2(0.0f, 0.0f);
    }
    const sa_vec2 chest = j[SA_FIGURE_JOINT_CHEST];
    const sa_vec2 to = sai_v2_sub(fig->head.pos, chest);
    const float l = sai_v2_length(to);
    if (l > 1e-3f && sai_finite(l)) {
        const sa_vec2 n = sai_v2_scale(to, 1.0f / l);
        j[SA_FIGURE_JOINT_NECK] = sai_v2_add(chest, sai_v2_scale(n, cfg->neck));
        j[SA_FIGURE_JOINT_HEAD] =
            sai_v2_add(j[SA_FIGURE_JOINT_NECK], sai_v2_scale(n, cfg->head_radius));
    }
    if (!cfg->hair) {
        (void)sa_verlet_chain_init(fig->hair, SA_VERLET_HAIR_POINTS, hair_pin(j, cfg->head_radius),
                                   sai_v2(0.0f, 1.0f), cfg->hair_spacing);
        return;
    }
    sa_verlet_config vc = sa_verlet_config_default();
    vc.spacing = cfg->hair_spacing;
    vc.drag = cfg->hair_drag;
    const sa_vec2 wind = sa_verlet_hair_accel(p->ground_speed, 0.0f);
    vc.accel = sai_v2_add(wind, sai_v2_scale(p->hair_push, cfg->hair_jump_kick));
    sa_verlet_chain_step(fig->hair, SA_VERLET_HAIR_POINTS, hair_pin(j, cfg->head_radius), &vc, dt);
    bool ok = true;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        ok = ok && sai_v2_finite(fig->hair[i].pos) && sai_v2_finite(fig->hair[i].prev);
    if (!ok) sai_figure_rest_secondary(fig, j);
}

static bool all_finite(const sa_vec2 *v, int n) {
    for (int i = 0; i < n; ++i)
        if (!sai_v2_finite(v[i])) return false;
    return true;
}

void sai_figure_write_pose(sa_figure *fig, const sa_figure_params *p, const sa_vec2 *j, float dt) {
    if (!all_finite(j, SA_FIGURE_JOINT_COUNT)) {
        /* Unreachable with a validated config; kept so no NaN can ever reach the caller. */
        const sa_figure_params rest = sa_figure_params_rest(&fig->config);
        sa_vec2 r[SA_FIGURE_JOINT_COUNT];
        sai_figure_solve_joints(&fig->config, &rest, r);
        sai_figure_rest_secondary(fig, r);
        sai_figure_write_pose(fig, &rest, r, dt);
        return;
    }
    sa_figure_pose *pose = &fig->pose;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        pose->unsquashed[i] = j[i];
    const sa_squash sq =
        sa_squash_make(sai_v2(j[SA_FIGURE_JOINT_PELVIS].x, 0.0f), p->squash, SA_SQUASH_K);
    pose->squash = sq;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        pose->joints[i] = j[i];
    sa_squash_apply(sq, pose->joints, SA_FIGURE_JOINT_COUNT);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        pose->hair[i] = fig->hair[i].pos;
    sa_squash_apply(sq, pose->hair, SA_VERLET_HAIR_POINTS);
    pose->head_radius = fig->config.head_radius * sa_squash_radius_scale(sq);
    pose->ground_speed = p->ground_speed > 0.0f ? p->ground_speed : 0.0f;
    pose->dt = dt;
    pose->motion = sai_figure_row(sa_fade_target(&fig->fade))->motion;
    pose->spear = p->spear;
    pose->phase = fig->phase;
    pose->gait = fig->gait;
    pose->thrust = fig->thrust_time >= 0.0f ? fig->thrust_time / SAI_FIGURE_THRUST_SECONDS : -1.0f;
}
