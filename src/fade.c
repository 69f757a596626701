#include <stickanim/fade.h>

#include "internal/fade_target.h"
#include "internal/scalar.h"

static sa_fade_layer empty_layer(void) {
    sa_fade_layer l;
    l.id = 0;
    l.weight = 0.0f;
    l.time = 0.0f;
    for (size_t k = 0; k < SA_FADE_USER_VALUES; ++k)
        l.user[k] = 0.0f;
    return l;
}

void sa_fade_init(sa_fade *f, int32_t id) {
    if (!f) return;
    for (size_t i = 0; i < SA_FADE_MAX_LAYERS; ++i)
        f->layers[i] = empty_layer();
    f->layers[0].id = id;
    f->layers[0].weight = 1.0f;
    f->count = 1;
}

static void remove_layer(sa_fade *f, size_t at, size_t n) {
    for (size_t i = at; i + 1 < n; ++i)
        f->layers[i] = f->layers[i + 1];
    f->layers[n - 1] = empty_layer();
}

/* Weights: bad ones count as 0, and the target receives what the others leave (it never goes
 * negative: if the others sum past 1 they are scaled down and the target gets 0). */
SAI_INLINE void settle_weights(sa_fade *f, size_t n) {
    double others = 0.0; /* in double: eight weights near FLT_MAX must not sum to infinity */
    for (size_t i = 0; i + 1 < n; ++i) {
        f->layers[i].weight = sai_positive_or(f->layers[i].weight, 0.0f);
        others += (double)f->layers[i].weight;
    }
    if (others > 1.0) {
        for (size_t i = 0; i + 1 < n; ++i)
            f->layers[i].weight = sai_saturate((float)((double)f->layers[i].weight / others));
        f->layers[n - 1].weight = 0.0f;
    } else {
        f->layers[n - 1].weight = (float)(1.0 - others);
    }
}

/* Repairs a corrupted fade of n live layers (count clamped, bad times 0, weights settled); a
 * well-formed fade is left bit for bit as it is. */
static void repair(sa_fade *f, size_t n) {
    if (f->count == n && sa_fade_is_valid(f)) return;
    f->count = n;
    for (size_t i = 0; i < n; ++i)
        f->layers[i].time = sai_positive_or(f->layers[i].time, 0.0f);
    settle_weights(f, n);
}

/* Makes room for one more layer: repairs a corrupted fade and, when the stack is full, merges the
 * two weakest non-target layers (on ties the older one counts as weaker). Returns the count. */
static size_t make_room(sa_fade *f, size_t n) {
    repair(f, n);
    if (n < SA_FADE_MAX_LAYERS) return n;
    const size_t a = sa_fade_weakest(f, SA_FADE_MAX_LAYERS);
    (void)sa_fade_merge(f, a, sa_fade_weakest(f, a));
    return sai_fade_live_count(f);
}

size_t sa_fade_weakest(const sa_fade *f, size_t skip) {
    if (!f) return SA_FADE_MAX_LAYERS;
    const size_t n = sai_fade_live_count(f);
    size_t best = SA_FADE_MAX_LAYERS;
    for (size_t i = 0; i + 1 < n; ++i) {
        if (i == skip) continue;
        const float w = sai_positive_or(f->layers[i].weight, 0.0f);
        if (best == SA_FADE_MAX_LAYERS || w < sai_positive_or(f->layers[best].weight, 0.0f))
            best = i;
    }
    return best;
}

size_t sa_fade_merge(sa_fade *f, size_t from, size_t into) {
    if (!f) return SA_FADE_MAX_LAYERS;
    const size_t n = sai_fade_live_count(f);
    if (n == 0 || from >= n - 1 || into >= n || into == from) return SA_FADE_MAX_LAYERS;
    f->layers[into].weight = sai_positive_or(f->layers[into].weight, 0.0f) +
                             sai_positive_or(f->layers[from].weight, 0.0f);
    remove_layer(f, from, n);
    f->count = n - 1;
    return into > from ? into - 1 : into;
}

void sa_fade_push(sa_fade *f, int32_t id) {
    if (!f) return;
    size_t n = sai_fade_live_count(f);
    if (n == 0) {
        sa_fade_init(f, id);
        return;
    }
    n = make_room(f, n);
    f->layers[n] = empty_layer();
    f->layers[n].id = id;
    f->count = n + 1;
}

void sa_fade_switch(sa_fade *f, int32_t id) {
    if (!f) return;
    const size_t n = sai_fade_live_count(f);
    if (n > 0 && f->layers[n - 1].id == id) {
        repair(f, n); /* no new layer, but a corrupted fade is still repaired */
        return;
    }
    sa_fade_push(f, id);
}

void sa_fade_step(sa_fade *f, float rate, float dt) {
    if (!f) return;
    size_t n = sai_fade_live_count(f);
    if (n == 0) return;
    if (!(dt > 0.0f)) {
        repair(f, n); /* no time passes, but a corrupted fade is still repaired */
        return;
    }
    if (rate > 0.0f && n > 1) {               /* (a lone target has nothing to fade) */
        const float e = sai_expf(-rate * dt); /* rate·dt = +inf gives 0: snap to the target */
        for (size_t i = 0; i + 1 < n; ++i)
            f->layers[i].weight = sai_positive_or(f->layers[i].weight, 0.0f) * e;
        for (size_t i = n - 1; i-- > 0;) {
            if (f->layers[i].weight < SA_FADE_MIN_WEIGHT) {
                remove_layer(f, i, n);
                --n;
            }
        }
    }
    settle_weights(f, n);
    for (size_t i = 0; i < n; ++i) {
        const float t = sai_positive_or(f->layers[i].time, 0.0f) + dt;
        f->layers[i].time = t <= FLT_MAX ? t : FLT_MAX;
    }
    f->count = n;
}

int32_t sa_fade_target(const sa_fade *f) {
    /* (sa_fade_target_layer(f).id, without copying the layer) */
    return f ? sai_fade_target(f) : 0;
}

sa_fade_layer sa_fade_target_layer(const sa_fade *f) {
    if (!f) return empty_layer();
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1] : empty_layer();
}

float *sa_fade_target_user(sa_fade *f) {
    if (!f) return NULL;
    const size_t n = sai_fade_live_count(f);
    return n > 0 ? f->layers[n - 1].user : NULL;
}

float sa_fade_weight(const sa_fade *f, int32_t id) {
    if (!f) return 0.0f;
    const size_t n = sai_fade_live_count(f);
    float w = 0.0f;
    for (size_t i = 0; i < n; ++i)
        if (f->layers[i].id == id) w += sai_positive_or(f->layers[i].weight, 0.0f);
    return sai_saturate(w);
}

void sa_fade_finish(sa_fade *f) {
    if (!f) return;
    const size_t n = sai_fade_live_count(f);
    if (n == 0) return;
    f->layers[0] = f->layers[n - 1];
    f->layers[0].weight = 1.0f;
    f->layers[0].time = sai_positive_or(f->layers[0].time, 0.0f);
    for (size_t i = 1; i < n; ++i)
        f->layers[i] = empty_layer();
    f->count = 1;
}

bool sa_fade_is_valid(const sa_fade *f) {
    if (!f || f->count < 1 || f->count > SA_FADE_MAX_LAYERS) return false;
    double sum = 0.0;
    for (size_t i = 0; i < f->count; ++i) {
        const float w = f->layers[i].weight, t = f->layers[i].time;
        if (!(w >= 0.0f && w <= 1.0f) || !(t >= 0.0f && t <= FLT_MAX)) return false;
        sum += (double)w;
    }
    return fabs(sum - 1.0) <= 1e-4;
}
