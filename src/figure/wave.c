#include "motions.h"

#include "internal/scalar.h"

/* Waving hello with the near arm (normalised time): the arm rises, the elbow up in front of the
 * face (0 – 0.2), the forearm rocks out and back three times about the vertical, clear of the
 * head (0.2 – 0.8), while the body leans back a little and the head tilts up; then the arm comes
 * down (0.8 – 1). Starts and ends at rest, so it loops. */

static const sa_track_key arm_up[] = {{0, 0.08f, SAI_SMOOTH},
                                      {0.2f, 2.2f, SAI_SMOOTH},
                                      {0.8f, 2.2f, SAI_SMOOTH},
                                      {1, 0.08f, SAI_SMOOTH}};
static const sa_track_key arm_flex[] = {
    {0, 0.22f, SAI_SMOOTH},    {0.2f, 0.6f, SAI_SMOOTH},  {0.3f, 1.25f, SAI_SMOOTH},
    {0.4f, 0.5f, SAI_SMOOTH},  {0.5f, 1.25f, SAI_SMOOTH}, {0.6f, 0.5f, SAI_SMOOTH},
    {0.7f, 1.25f, SAI_SMOOTH}, {0.8f, 0.6f, SAI_SMOOTH},  {1, 0.22f, SAI_SMOOTH}};
static const sa_track_key lean[] = {{0, 0.03f, SAI_SMOOTH},
                                    {0.2f, -0.04f, SAI_SMOOTH},
                                    {0.8f, -0.04f, SAI_SMOOTH},
                                    {1, 0.03f, SAI_SMOOTH}};
static const sa_track_key head_tilt[] = {{0, 0.02f, SAI_SMOOTH},
                                         {0.2f, -0.12f, SAI_SMOOTH},
                                         {0.8f, -0.12f, SAI_SMOOTH},
                                         {1, 0.02f, SAI_SMOOTH}};

void sai_figure_wave(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest_pose(c, out);
    if (c->arms) {
        out->arm_angle[0] = SAI_TRACK(arm_up, u);
        out->arm_flex[0] = SAI_TRACK(arm_flex, u);
    }
    out->lean = SAI_TRACK(lean, u);
    out->head_tilt = SAI_TRACK(head_tilt, u);
}
