/* stickanim_figure_hash [many]: one 64-bit FNV-1a hash of everything figures show (every pose
 * value and event, tests/figure_output.h) over 48 random sessions of 7 figures and 400 frames:
 * random motions, speeds, jumps, thrusts, turns, a game's body in every third session (moving,
 * falling, knocked down, in water, over uneven ground), hair in every other, and one frame in ten
 * of a random dt up to 0.1 s. `many` updates through sa_figure_update_many() instead of
 * sa_figure_update(). A change meant to keep the figure's output bit for bit keeps the hash; the
 * two ways print the same hash. (A development tool: the suite's own tests hold the batch to the
 * scalar frame.) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/figure.h>

#include "figure_output.h"

static uint64_t hash = 1469598103934665603u;

static void hash_bytes(const void *p, size_t n) {
    const unsigned char *c = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) {
        hash ^= c[i];
        hash *= 1099511628211u;
    }
}

static uint32_t rng = 12345u;

static uint32_t next_random(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* Uniform in [lo, hi). */
static float random_in(float lo, float hi) {
    return lo + (hi - lo) * (float)(next_random() % 100000u) / 100000.0f;
}

static bool one_in(uint32_t n) { return next_random() % n == 0u; }

static void vary_body(sa_figure_body *b, int frame) {
    if (frame == 0) {
        *b = sa_figure_body_default();
        b->active = true;
        b->grounded = true;
    }
    if (one_in(50)) b->velocity.x = random_in(-400.0f, 400.0f);
    if (one_in(80)) {
        b->grounded = !b->grounded;
        b->velocity.y = b->grounded ? 0.0f : random_in(-500.0f, 500.0f);
    }
    if (one_in(300)) {
        b->knocked_down = true;
        b->impulse = sa_v2(random_in(-300.0f, 300.0f), -200.0f);
    } else if (one_in(60)) {
        b->knocked_down = false;
    }
    if (one_in(200)) b->in_water = !b->in_water;
    if (one_in(70)) {
        b->ground_given = true;
        for (int g = 0; g < SA_FIGURE_GROUND_PROBES; ++g)
            b->ground[g] = random_in(-20.0f, 20.0f);
    }
    b->position.x += b->velocity.x / 60.0f;
}

static void vary_input(sa_figure_input *in, bool body, int frame) {
    if (one_in(60)) in->motion = (sa_figure_motion)(next_random() % 9u);
    if (one_in(40)) in->speed = random_in(0.0f, 500.0f);
    if (one_in(90)) in->jump++;
    if (one_in(90)) in->thrust++;
    if (one_in(120)) in->facing = (sa_figure_facing)(next_random() % 2u);
    if (body) vary_body(&in->body, frame);
}

static void hash_output(const sa_figure *fig) {
    sa_figure_pose pose;
    figure_pose_values(sa_figure_get_pose(fig), &pose);
    hash_bytes(&pose, sizeof pose);
    sa_figure_event events[SA_FIGURE_MAX_EVENTS];
    const size_t n = figure_event_values(fig, events);
    hash_bytes(events, n * sizeof events[0]);
}

int main(int argc, char **argv) {
    const bool many = argc > 1 && strcmp(argv[1], "many") == 0;
    enum { SESSIONS = 48, FIGURES = 7, FRAMES = 400 };
    static sa_figure figs[FIGURES];
    sa_figure_input in[FIGURES];
    for (int session = 0; session < SESSIONS; ++session) {
        sa_figure_config cfg = sa_figure_config_default();
        cfg.hair = session % 2 == 0;
        for (int k = 0; k < FIGURES; ++k) {
            (void)sa_figure_init(&figs[k], &cfg);
            in[k] = sa_figure_input_default();
        }
        for (int frame = 0; frame < FRAMES; ++frame) {
            for (int k = 0; k < FIGURES; ++k)
                vary_input(&in[k], session % 3 == 0, frame);
            const float dt = one_in(10) ? random_in(0.0f, 0.1f) : 1.0f / 60.0f;
            if (many) {
                (void)sa_figure_update_many(figs, FIGURES, in, FIGURES, dt);
            } else {
                for (int k = 0; k < FIGURES; ++k)
                    sa_figure_update(&figs[k], &in[k], dt);
            }
            for (int k = 0; k < FIGURES; ++k)
                hash_output(&figs[k]);
        }
    }
    printf("%016llx\n", (unsigned long long)hash);
    return 0;
}
