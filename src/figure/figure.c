#include "pipeline.h"

#include "internal/scalar.h"

/* One frame of the figure: read the input, take its triggers, move the clocks, then evaluate and
 * blend the motions showing, solve the joints, add the secondary motion and write the pose. */
void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt) {
    if (!fig || !(dt > 0.0f) || !sai_finite(dt)) return;
    dt = dt < SAI_FIGURE_MAX_DT ? dt : SAI_FIGURE_MAX_DT;
    const sa_figure_input in = sai_figure_read_input(fig, input);
    const bool was_locomoting = sai_figure_locomoting(&fig->fade);
    sai_figure_take_input(fig, &in);
    const float gait_before = was_locomoting ? fig->gait : -1.0f;
    sai_figure_ease_gait(fig, in.speed, was_locomoting, dt);
    sai_figure_advance_clocks(fig, gait_before < 0.0f ? fig->gait : gait_before, dt);
    const sai_figure_ctx c =
        sai_figure_context(&fig->config, fig->gait, fig->phase, fig->thrust_time);
    const sa_figure_params p = sai_figure_feet(fig, sai_figure_blend(fig, &c), dt);
    sa_vec2 joints[SA_FIGURE_JOINT_COUNT];
    sai_figure_solve_joints(&fig->config, &p, joints);
    sai_figure_secondary(fig, &p, joints, dt);
    sai_figure_write_pose(fig, &p, joints, dt);
}

const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig) { return fig ? &fig->pose : NULL; }
