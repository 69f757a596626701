#include "pipeline.h"

#include "internal/scalar.h"

/* Takes the input's triggers, moves the clocks by dt and blends the motions showing then. */
static sa_figure_params advance(sa_figure *fig, const sa_figure_input *in, float dt) {
    const bool was_locomoting = sai_figure_locomoting(&fig->fade);
    sai_figure_take_input(fig, in);
    const float gait_before = was_locomoting ? fig->gait : -1.0f;
    sai_figure_ease_gait(fig, in->speed, was_locomoting, dt);
    sai_figure_advance_clocks(fig, gait_before < 0.0f ? fig->gait : gait_before, dt);
    const sai_figure_ctx c =
        sai_figure_context(&fig->config, fig->gait, fig->phase, fig->thrust_time);
    return sai_figure_blend(fig, &c);
}

sa_figure_params sai_figure_params_at(const sai_figure_probe *pr, float s) {
    sa_figure g = *pr->before;
    return advance(&g, pr->in, s);
}

/* One frame of the figure: read the input, take its triggers, move the clocks, then evaluate and
 * blend the motions showing, hold the feet, solve the joints, add the secondary motion and write
 * the pose. The figure as it was before the frame stays at hand, so the feet can date their
 * events inside the frame by asking what the motions showed at any moment of it. */
void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt) {
    if (!fig || !(dt > 0.0f) || !sai_finite(dt)) return;
    dt = dt < SAI_FIGURE_MAX_DT ? dt : SAI_FIGURE_MAX_DT;
    const sa_figure_input in = sai_figure_read_input(fig, input);
    const sa_figure before = *fig;
    const sai_figure_probe probe = {&before, &in};
    const sa_figure_params p = sai_figure_feet(fig, advance(fig, &in, dt), dt, &probe);
    sa_vec2 joints[SA_FIGURE_JOINT_COUNT];
    sai_figure_solve_joints(&fig->config, &p, joints);
    sai_figure_secondary(fig, &p, joints, dt);
    sai_figure_write_pose(fig, &p, joints, dt);
}

const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig) { return fig ? &fig->pose : NULL; }
