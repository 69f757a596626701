#include <stdint.h>

#include <stickanim/figure.h>

#include "internal/scalar.h"

/* sa_figure_update_many(): many figures in one call. Today each figure takes the scalar frame,
 * so the results are sa_figure_update()'s by construction; the figures go by in groups of
 * SAI_BATCH_LANES, the width a structure-of-arrays path (four lanes of internal/lanes.h) will
 * update at once, so that path replaces update_group() and nothing else. */

#define SAI_BATCH_LANES 4

/* Figures [0, n) of a group, n <= SAI_BATCH_LANES; figure i reads inputs[i * input_step] (step 0:
 * every figure reads the one input, which may be NULL). */
static void update_group(sa_figure *figures, size_t n, const sa_figure_input *inputs,
                         size_t input_step, float dt) {
    for (size_t i = 0; i < n; ++i)
        sa_figure_update(&figures[i], inputs ? &inputs[i * input_step] : NULL, dt);
}

size_t sa_figure_update_many(sa_figure *figures, size_t count, const sa_figure_input *inputs,
                             size_t input_count, float dt) {
    if (!figures || count == 0 || count > SIZE_MAX / sizeof(sa_figure)) return 0;
    /* The scalar frame's own test of dt: a step it refuses changes nothing here either. */
    if (!(dt > 0.0f) || !sai_finite(dt)) return 0;
    if (input_count == 0) inputs = NULL;
    if (inputs && input_count != 1 && input_count < count) return 0;
    const size_t input_step = inputs && input_count >= count && count > 1 ? 1 : 0;
    for (size_t first = 0; first < count; first += SAI_BATCH_LANES) {
        const size_t n = count - first < SAI_BATCH_LANES ? count - first : SAI_BATCH_LANES;
        update_group(figures + first, n, inputs ? inputs + first * input_step : NULL, input_step,
                     dt);
    }
    return count;
}
