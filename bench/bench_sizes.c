#include "bench.h"

#include <stickanim/stickanim.h>

/* The size of every struct that holds state between calls (what a crowd keeps per member), plus
 * the figure's pose and the per-frame inputs a game fills. */
void bench_sizes(void) {
#define SIZE_ROW(type) bench_report_size("sizeof(" #type ")", sizeof(type))
    SIZE_ROW(sa_figure);
    SIZE_ROW(sa_figure_pose);
    SIZE_ROW(sa_figure_input);
    SIZE_ROW(sa_figure_config);
    SIZE_ROW(sa_fade);
    SIZE_ROW(sa_mode_machine);
    SIZE_ROW(sa_spring1);
    SIZE_ROW(sa_spring2);
    SIZE_ROW(sa_inertial_scalar);
    SIZE_ROW(sa_inertial_quat);
    SIZE_ROW(sa_verlet_point);
    SIZE_ROW(sa_squash);
    SIZE_ROW(sa_gait);
    SIZE_ROW(sa_track_multi);
    SIZE_ROW(sa_clip);
    SIZE_ROW(sa_skeleton);
    SIZE_ROW(sa_blend_tree_space);
    SIZE_ROW(sa_transform);
#undef SIZE_ROW
}
