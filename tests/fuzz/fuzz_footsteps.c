/* footsteps.h: any job. The stream's counts (written = min(crossed, capacity)), each event's
 * layer, foot, surface, phase and time as documented, earliest first. */
#include "fuzz.h"

#include <stickanim/footsteps.h>

enum { MAX_LAYERS = 4, MAX_MARKERS = 5, MAX_EVENTS = 12, MAX_SURFACES = 3 };

void sa_fuzz_footsteps(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_clip_touchdown markers[MAX_LAYERS][MAX_MARKERS];
    sa_footsteps_layer layers[MAX_LAYERS];
    sa_footsteps_surface surfaces[MAX_SURFACES];
    sa_footsteps_event events[MAX_EVENTS];
    do {
        sa_footsteps_job job = sa_footsteps_job_default();
        const size_t nl = fz_below(&in, MAX_LAYERS + 1);
        for (size_t i = 0; i < nl; ++i) {
            const size_t nm = fz_below(&in, MAX_MARKERS + 1);
            for (size_t k = 0; k < nm; ++k) {
                markers[i][k].phase = fz_float_in(&in, 0.0f, 1.0f);
                markers[i][k].foot = fz_below(&in, 4);
            }
            layers[i].touchdowns = (nm > 0 || fz_bool(&in)) ? markers[i] : NULL;
            layers[i].touchdown_count = nm;
            layers[i].weight = fz_float_in(&in, 0.0f, 1.0f);
        }
        job.layers = (nl > 0 || fz_bool(&in)) ? layers : NULL;
        job.layer_count = nl;
        job.phase_from = fz_float_in(&in, 0.0f, 1.0f);
        job.phase_to = fz_float_in(&in, 0.0f, 1.0f);
        job.cycles = fz_float_in(&in, -3.0f, 3.0f);
        job.dt = fz_float_in(&in, 0.0f, 0.1f);
        if (fz_bool(&in)) job.threshold = fz_float_in(&in, 0.0f, 1.0f);
        const size_t ns = fz_below(&in, MAX_SURFACES + 1);
        for (size_t s = 0; s < ns; ++s)
            surfaces[s] = (sa_footsteps_surface)fz_below(&in, 70);
        job.surfaces = ns > 0 ? surfaces : NULL;
        job.surface_count = ns;
        job.default_surface = (sa_footsteps_surface)fz_below(&in, 70);
        (void)sa_footsteps_validate(&job);
        const size_t crossed = sa_footsteps_run(&job);
        job.out = events;
        job.capacity = fz_below(&in, MAX_EVENTS + 1);
        const size_t written = sa_footsteps_run(&job);
        FZ_CHECK2(written == (crossed < job.capacity ? crossed : job.capacity), written, crossed);
        const double dt = (fz_finite(job.dt) && job.dt > 0.0f) ? (double)job.dt : 0.0;
        for (size_t e = 0; e < written; ++e) {
            const sa_footsteps_event *ev = &events[e];
            FZ_CHECK(ev->layer < nl);
            const sa_footsteps_layer *l = &layers[ev->layer];
            bool marked = false;
            for (size_t k = 0; k < l->touchdown_count; ++k) {
                const float p = l->touchdowns[k].phase;
                const float wrapped = sa_phase_wrap(p);
                marked = marked || (l->touchdowns[k].foot == ev->foot && wrapped == ev->phase);
            }
            FZ_CHECK(marked);
            FZ_CHECK2(ev->phase >= 0.0f && ev->phase < 1.0f, ev->phase, e);
            FZ_CHECK2(ev->time >= 0.0f && (double)ev->time <= dt, ev->time, dt);
            if (e > 0) FZ_CHECK(ev->time >= events[e - 1].time);
            const sa_footsteps_surface want = (job.surfaces && ev->foot < job.surface_count)
                                                  ? surfaces[ev->foot]
                                                  : job.default_surface;
            FZ_CHECK(ev->surface == want);
        }
    } while (fz_more(&in));
    FZ_CHECK(sa_footsteps_run(NULL) == 0);
    FZ_CHECK(sa_footsteps_validate(NULL) == SA_ERR_NULL);
}
