#include <stickanim/footsteps.h>

#include "internal/scalar.h"

/* All phase arithmetic is in double: the difference of two float phases and an integer count of
 * cycles is exact there, so the end of one frame's interval is bit for bit the start of the next
 * one and a marker on the boundary fires exactly once. */

sa_footsteps_job sa_footsteps_job_default(void) {
    sa_footsteps_job j;
    j.phase_from = 0.0f;
    j.phase_to = 0.0f;
    j.cycles = 0.0f;
    j.dt = 0.0f;
    j.layers = NULL;
    j.layer_count = 0;
    j.threshold = SA_FOOTSTEPS_DEFAULT_THRESHOLD;
    j.surfaces = NULL;
    j.surface_count = 0;
    j.default_surface = SA_FOOTSTEPS_SURFACE_GRASS;
    j.layer_phase_from = NULL;
    j.layer_phase_to = NULL;
    j.out = NULL;
    j.capacity = 0;
    return j;
}

/* Phases are wrapped in float (sai_phase_wrap), so a stored phase in [0, 1) passes unchanged and a
 * wrapped marker phase is a float in [0, 1) that the event can report exactly. */

static bool marker_ok(const sa_clip_touchdown *t) { return sai_finite(t->phase); }

static bool in_unit(float v) { return v >= 0.0f && v < 1.0f; }

sa_status sa_footsteps_validate(const sa_footsteps_job *job) {
    if (!job || (!job->layers && job->layer_count > 0)) return SA_ERR_NULL;
    if (!job->surfaces && job->surface_count > 0) return SA_ERR_NULL;
    if (!job->layer_phase_from != !job->layer_phase_to) return SA_ERR_NULL;
    for (size_t i = 0; i < job->layer_count; ++i) {
        if (!job->layers[i].touchdowns && job->layers[i].touchdown_count > 0) return SA_ERR_NULL;
    }
    if (!sai_finite(job->phase_from) || !sai_finite(job->phase_to) || !sai_finite(job->dt) ||
        !sai_finite(job->threshold))
        return SA_ERR_NOT_FINITE;
    if (!in_unit(job->phase_from) || !in_unit(job->phase_to) || job->dt < 0.0f ||
        job->threshold < 0.0f)
        return SA_ERR_RANGE;
    for (size_t i = 0; i < job->layer_count; ++i) {
        const sa_footsteps_layer *l = &job->layers[i];
        if (!sai_finite(l->weight)) return SA_ERR_NOT_FINITE;
        if (!(l->weight >= 0.0f && l->weight <= 1.0f)) return SA_ERR_RANGE;
        if (job->layer_phase_from) { /* and layer_phase_to: both or neither, checked above */
            const float a = job->layer_phase_from[i], b = job->layer_phase_to[i];
            if (!sai_finite(a) || !sai_finite(b)) return SA_ERR_NOT_FINITE;
            if (!in_unit(a) || !in_unit(b)) return SA_ERR_RANGE;
        }
        for (size_t m = 0; m < l->touchdown_count; ++m) {
            if (!marker_ok(&l->touchdowns[m])) return SA_ERR_NOT_FINITE;
            if (!in_unit(l->touchdowns[m].phase)) return SA_ERR_RANGE;
        }
    }
    return SA_OK;
}

static bool layer_fires(const sa_footsteps_layer *l, float threshold) {
    return l->weight > 0.0f && l->weight >= threshold && l->touchdowns && l->touchdown_count > 0;
}

static bool has_foot(const sa_footsteps_layer *l, size_t foot) {
    for (size_t i = 0; i < l->touchdown_count; ++i)
        if (l->touchdowns[i].foot == foot && marker_ok(&l->touchdowns[i])) return true;
    return false;
}

/* Each foot fires from one layer: the heaviest firing layer with markers for it (lowest index on
 * a tie), so blending clips never doubles a step. */
static bool owns_foot(const sa_footsteps_job *job, size_t layer, size_t foot, float threshold) {
    const float w = job->layers[layer].weight;
    for (size_t m = 0; m < job->layer_count; ++m) {
        if (m == layer) continue;
        const sa_footsteps_layer *o = &job->layers[m];
        if (!layer_fires(o, threshold)) continue;
        if ((o->weight > w || (o->weight == w && m < layer)) && has_foot(o, foot)) return false;
    }
    return true;
}

/* Inserts keeping the buffer sorted by time (stable: after equal times); while running, an
 * event's time holds its fraction of the frame. When full, the latest event is dropped. Returns
 * false when the event is later than everything kept in a full buffer (so later crossings of the
 * same marker need not be tried). */
static bool insert(sa_footsteps_event *events, size_t capacity, size_t *count,
                   sa_footsteps_event ev) {
    const size_t n = *count;
    if (n == capacity && (n == 0 || ev.time >= events[n - 1].time)) return false;
    size_t at = n < capacity ? n : capacity - 1;
    while (at > 0 && events[at - 1].time > ev.time) {
        if (at < capacity) events[at] = events[at - 1];
        --at;
    }
    events[at] = ev;
    if (n < capacity) *count = n + 1;
    return true;
}

/* A phase interval: from and to (wrapped), the signed distance between them with whole cycles
 * chosen so it is nearest the advance (the shorter way without one), and those whole cycles. */
typedef struct sai_interval {
    double from, to, delta, turns;
} sai_interval;

static sai_interval interval_of(float phase_from, float phase_to, float cycles) {
    sai_interval v;
    v.from = (double)sai_phase_wrap(phase_from);
    v.to = (double)sai_phase_wrap(phase_to);
    const double d = v.to - v.from; /* exact */
    if (sai_finite(cycles)) {
        const double c =
            (double)sai_clamp(cycles, -SA_FOOTSTEPS_MAX_CYCLES, SA_FOOTSTEPS_MAX_CYCLES);
        v.delta = d + floor(c - d + 0.5);
    } else {
        v.delta = d >= 0.5 ? d - 1.0 : (d < -0.5 ? d + 1.0 : d);
    }
    v.turns = v.delta - d; /* an integer */
    return v;
}

size_t sa_footsteps_run(const sa_footsteps_job *job) {
    if (!job || !job->layers || job->layer_count == 0) return 0;
    sa_footsteps_event *out = job->out;
    sa_footsteps_event *events = out;
    const size_t capacity = events ? job->capacity : 0;

    const sai_interval shared = interval_of(job->phase_from, job->phase_to, job->cycles);
    const bool own = job->layer_phase_from && job->layer_phase_to;
    const float threshold = job->threshold != job->threshold
                                ? SA_FOOTSTEPS_DEFAULT_THRESHOLD
                                : sai_clamp(job->threshold, 0.0f, FLT_MAX);
    const double dt = (double)sai_positive_or(job->dt, 0.0f);

    size_t count = 0;
    double total = 0.0;

    for (size_t li = 0; li < job->layer_count; ++li) {
        const sa_footsteps_layer *l = &job->layers[li];
        if (!layer_fires(l, threshold)) continue;
        const sai_interval v =
            own ? interval_of(job->layer_phase_from[li], job->layer_phase_to[li], job->cycles)
                : shared;
        if (v.delta == 0.0) continue;
        const double from = v.from, to = v.to, delta = v.delta, turns = v.turns;
        for (size_t mi = 0; mi < l->touchdown_count; ++mi) {
            const sa_clip_touchdown *t = &l->touchdowns[mi];
            if (!marker_ok(t) || !owns_foot(job, li, t->foot, threshold)) continue;
            const double m = (double)sai_phase_wrap(t->phase);
            const double a = from - m, b = (to - m) + turns; /* start and end, relative to m */
            /* Forwards: integers k with a < k <= b; backwards: b <= k < a, latest k first. */
            double k0, k1, step;
            if (delta > 0.0) {
                k0 = floor(a) + 1.0;
                k1 = floor(b);
                step = 1.0;
            } else {
                k0 = ceil(a) - 1.0;
                k1 = ceil(b);
                step = -1.0;
            }
            const double n = (k1 - k0) * step + 1.0;
            if (!(n > 0.0)) continue;
            total += n;
            sa_footsteps_event ev;
            ev.foot = t->foot;
            ev.surface = (job->surfaces && t->foot < job->surface_count) ? job->surfaces[t->foot]
                                                                         : job->default_surface;
            ev.phase = (float)m;
            ev.layer = li;
            for (double i = 0.0; i < n; i += 1.0) {
                const double k = k0 + step * i;
                const double frac = (k - a) / delta; /* in (0, 1] */
                ev.time = (float)frac;
                if (!insert(events, capacity, &count, ev)) break;
            }
        }
    }
    if (!out) return total < (double)SIZE_MAX ? (size_t)total : SIZE_MAX;
    for (size_t i = 0; i < count; ++i)
        events[i].time = (float)((double)events[i].time * dt);
    return count;
}
