#include "pipeline.h"

#include "internal/scalar.h"

/* Takes the input's triggers, moves the clocks by dt and blends the motions showing then. */
static sa_figure_params advance(sa_figure *fig, const sa_figure_input *in, float dt) {
    const bool was_locomoting = sai_figure_locomoting(&fig->fade);
    sai_figure_take_input(fig, in);
    const float mean_gait = sai_figure_ease_gait(fig, in->speed, was_locomoting, dt);
    sai_figure_advance_clocks(fig, mean_gait, dt);
    const sai_figure_ctx c =
        sai_figure_context(&fig->config, fig->gait, fig->phase, fig->thrust_time);
    return sai_figure_blend(fig, &c);
}

/* The blended parameters s seconds into the frame, as a frame of s from `before` would show. */
static sa_figure_params params_at(const sa_figure *before, const sa_figure_input *in, float s) {
    sa_figure g = *before;
    return advance(&g, in, s);
}

/* What the sub-steps carry from one moment to the next: a frame ending between two moments
 * shows them carried on to its end, then puts them back as they were at the last moment. */
typedef struct carried {
    double scroll;
    sa_figure_foot_lock feet[2];
    sa_figure_head head;
    sa_verlet_point hair[SA_VERLET_HAIR_POINTS];
} carried;

/* The ground's speed at a sub-step: none when the frame ends standing (the pose promises a speed
 * of exactly 0 then; what the fade's last sliver would have scrolled is far below a unit). */
static double speed_of(const sa_figure_params *p, bool moving) {
    return moving && p->ground_speed > 0.0f ? (double)p->ground_speed : 0.0;
}

/* One sub-step of h seconds to the parameters p: the feet, then the head and hair on the body's
 * spine solved into j (the whole body when `whole`, for the pose). */
static sa_figure_params sub_step(sa_figure *fig, sa_figure_params p, float h, bool moving,
                                 bool whole, sa_vec2 *j) {
    p = sai_figure_feet_step(fig, p, h, fig->scroll + speed_of(&p, moving) * (double)h);
    if (whole) sai_figure_solve_joints(&fig->config, &p, j);
    sai_figure_secondary_step(fig, &p, j, h);
    return p;
}

/* One frame of the figure: read the input, take its triggers, move the clocks, then at every
 * SA_FIGURE_SUBSTEP moment of the figure's time inside the frame evaluate and blend the motions
 * showing, hold the feet, solve the body and move the head and hair; carry them on to the frame's
 * end (kept only when it is such a moment), and write the pose. So the feet's decisions and the
 * secondary motion happen at the same moments, in the same steps, at any frame rate. */
void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt) {
    if (!fig || !(dt > 0.0f) || !sai_finite(dt)) return;
    dt = dt < SAI_FIGURE_MAX_DT ? dt : SAI_FIGURE_MAX_DT;
    const sa_figure_input in = sai_figure_read_input(fig, input);
    const sa_figure before = *fig;
    const float lag = sai_clamp(sai_finite_or(fig->substep_lag, 0.0f), 0.0f, SA_FIGURE_SUBSTEP);
    const sa_figure_params end = advance(fig, &in, dt);
    const bool moving = end.ground_speed > 0.0f;
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    /* The moments inside the frame, seconds from its start; one within 1e-6 s of its end is its
     * end. */
    float last = -lag, next = SA_FIGURE_SUBSTEP - lag;
    for (int32_t n = 2; next < dt - 1e-6f && n < 64; ++n) {
        (void)sub_step(fig, params_at(&before, &in, next), SA_FIGURE_SUBSTEP, moving, false, j);
        last = next;
        next = (float)n * SA_FIGURE_SUBSTEP - lag;
    }
    if (last > -lag) sai_figure_secondary_check(fig, j); /* what is kept is finite */
    /* The frame's end: a moment itself, or the last moment's state carried on to it and put back
     * after the pose is written. */
    const bool on_moment = next <= dt + 1e-6f;
    carried kept;
    kept.scroll = fig->scroll;
    kept.feet[0] = fig->feet[0];
    kept.feet[1] = fig->feet[1];
    kept.head = fig->head;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        kept.hair[i] = fig->hair[i];
    sa_figure_params p =
        sub_step(fig, end, on_moment ? SA_FIGURE_SUBSTEP : dt - last, moving, true, j);
    sai_figure_secondary_check(fig, j);
    if (!on_moment) sai_figure_feet_carried(fig, kept.feet);
    /* A game scrolls its ground by ground_speed · dt: the frame's mean speed, so its ground stays
     * where the feet's is. */
    const double scroll_before = fig->pose.scroll;
    const double mean = moving ? (fig->scroll - scroll_before) / (double)dt : 0.0;
    p.ground_speed = mean > 0.0 ? sai_narrow(mean) : 0.0f;
    sai_figure_write_pose(fig, &p, j, dt);
    fig->pose.scroll = scroll_before + (double)p.ground_speed * (double)dt;
    if (on_moment) {
        fig->substep_lag = 0.0f;
    } else {
        fig->scroll = kept.scroll;
        fig->feet[0] = kept.feet[0];
        fig->feet[1] = kept.feet[1];
        fig->head = kept.head;
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
            fig->hair[i] = kept.hair[i];
        fig->substep_lag = dt - last;
    }
}

const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig) { return fig ? &fig->pose : NULL; }
