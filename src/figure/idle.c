#include "motions.h"

#include "internal/scalar.h"

void sai_figure_idle(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_idle_at(c, sai_sinf(2.0f * SA_PI * u), out);
}

void sai_figure_rest(const sai_figure_ctx *c, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
}
