#include <stdint.h>

#include <stickanim/figure.h>

#include "pipeline.h"

/* sa_figure_update_many(): many figures in one call, in groups of eight: two sets of four whose
 * hair runs at once in the four lanes of a vector, the two sets' steps together
 * (sai_figure_update8; a group of at most four, sai_figure_update4): each figure bit for bit as
 * sa_figure_update() leaves it. */

#define SAI_BATCH_LANES 4
/* Figures a group holds: two sets of lanes, whose hair steps together (sai_figure_update8). */
#define SAI_BATCH_GROUP 8

#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#endif

/* Asks for the cache line at p ahead of its use (a hint: nothing where the compiler has none). */
static inline void prefetch_line(const void *p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p, 1, 3); /* (for writing: the frame writes every figure it reads) */
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_prefetch((const char *)p, _MM_HINT_T0);
#else
    (void)p;
#endif
}

/* Brings figures [0, n) toward the cache while the group before them runs: a crowd larger than
 * the cache (10 000 figures are 26 MB) otherwise waits on memory at every figure's first touches,
 * which are scattered over its 2.6 KB where the hardware's stride prefetch does not follow. */
static void prefetch_figures(const sa_figure *figures, size_t n) {
    const char *bytes = (const char *)figures;
    for (size_t at = 0; at < n * sizeof *figures; at += 64)
        prefetch_line(bytes + at);
}

/* Figures [0, n) of a group, n <= SAI_BATCH_GROUP; figure i reads inputs[i * input_step] (step
 * 0: every figure reads the one input, which may be NULL). */
static void update_group(sa_figure *figures, size_t n, const sa_figure_input *inputs,
                         size_t input_step, float dt) {
    if (n == 1) { /* (no other lane: the scalar frame's own order of work) */
        sa_figure_update(figures, inputs, dt);
        return;
    }
    sa_figure *figs[SAI_BATCH_GROUP];
    const sa_figure_input *in[SAI_BATCH_GROUP];
    for (size_t i = 0; i < SAI_BATCH_GROUP; ++i) {
        figs[i] = i < n ? &figures[i] : NULL;
        in[i] = i < n && inputs ? &inputs[i * input_step] : NULL;
    }
    if (n <= SAI_BATCH_LANES)
        sai_figure_update4(figs, in, dt);
    else
        sai_figure_update8(figs, in, dt);
}

size_t sa_figure_update_many(sa_figure *figures, size_t count, const sa_figure_input *inputs,
                             size_t input_count, float dt) {
    if (!figures || count == 0 || count > SIZE_MAX / sizeof(sa_figure)) return 0;
    /* The scalar frame's own test of dt: a step it refuses changes nothing here either. */
    if (!(dt > 0.0f) || !sai_finite(dt)) return 0;
    if (input_count == 0) inputs = NULL;
    if (inputs && input_count != 1 && input_count < count) return 0;
    const size_t input_step = inputs && input_count >= count && count > 1 ? 1 : 0;
    for (size_t first = 0; first < count; first += SAI_BATCH_GROUP) {
        const size_t n = count - first < SAI_BATCH_GROUP ? count - first : SAI_BATCH_GROUP;
        const size_t after = first + n, ahead = count - after;
        prefetch_figures(figures + after, ahead < SAI_BATCH_GROUP ? ahead : SAI_BATCH_GROUP);
        update_group(figures + first, n, inputs ? inputs + first * input_step : NULL, input_step,
                     dt);
    }
    return count;
}
