#include "spear_run_game.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "move_json.h"

/* Objects appear this far apart, world units: SPAWN_GAP + SPAWN_JITTER · random. */
#define SPAWN_FIRST  500.0f
#define SPAWN_GAP    560.0f
#define SPAWN_JITTER 420.0f
#define RNG_SEED     12345u

/* The web example's small LCG, so a run is the same course every time. */
static float rand01(srg_game *g) {
    g->rng = g->rng * 1664525u + 1013904223u;
    return (float)(g->rng >> 8) / 16777216.0f;
}

void srg_restart(srg_game *g) {
    g->distance = 0.0f;
    g->score = g->bumps = g->cleared = g->speared = g->missed = 0;
    g->object_count = 0;
    g->next_spawn = SPAWN_FIRST;
    g->rng = RNG_SEED;
    g->flash = 0.0f;
    g->last_event = SRG_EVENT_NONE;
}

/* The sword combo, as data: read once from the example moves (one source with the frames
 * example, the tests and the web lab), registered on the figure as its definition 0. */
static ex_move sword;
static int sword_state; /* 0 not read yet, 1 read, -1 failed */

bool srg_has_sword(void) {
    if (sword_state == 0) {
        char err[160];
        sword_state =
            ex_move_load(EX_MOVES_DIR "/sword_combo.json", &sword, err, sizeof err) ? -1 : 1;
        if (sword_state < 0) fprintf(stderr, "spear run: no sword combo: %s\n", err);
    }
    return sword_state > 0;
}

void srg_init(srg_game *g, float view_w) {
    memset(g, 0, sizeof *g);
    sa_figure_init(&g->fig, NULL);
    if (srg_has_sword()) (void)sa_figure_set_moves(&g->fig, &sword.move, 1, NULL);
    g->in = sa_figure_input_default();
    g->mode = SRG_MODE_RUN;
    g->lab_motion = SA_FIGURE_MOTION_WALK;
    srg_set_view_width(g, view_w);
    srg_restart(g);
}

void srg_set_view_width(srg_game *g, float view_w) {
    g->view_w = (view_w > 100.0f && view_w < 1.0e5f) ? view_w : 782.0f;
}

void srg_set_mode(srg_game *g, srg_mode mode) {
    if (mode == SRG_MODE_RUN && g->mode != SRG_MODE_RUN) srg_restart(g);
    g->mode = mode;
}

void srg_set_lab_motion(srg_game *g, sa_figure_motion motion) {
    if ((int)motion < 0 || (int)motion >= (int)SA_FIGURE_MOTION_COUNT_) return;
    g->lab_motion = motion;
    g->mode = SRG_MODE_LAB;
}

const sa_figure_pose *srg_pose(const srg_game *g) { return sa_figure_get_pose(&g->fig); }

bool srg_thrusting(const srg_game *g) { return sa_figure_get_pose(&g->fig)->thrust >= 0.0f; }

bool srg_airborne(const srg_game *g) {
    const sa_figure_pose *p = srg_pose(g);
    return p->motion == SA_FIGURE_MOTION_JUMP && p->airborne;
}

float srg_root_offset(const srg_game *g) {
    return srg_pose(g)->unsquashed[SA_FIGURE_JOINT_PELVIS].y + g->fig.config.hip_height;
}

float srg_ahead(const srg_game *g, const srg_object *o) { return o->x - g->distance; }

static void spawn(srg_game *g) {
    if (g->object_count >= SRG_MAX_OBJECTS) return;
    srg_object *o = &g->objects[g->object_count++];
    memset(o, 0, sizeof *o);
    o->x = g->next_spawn + g->view_w;
    if (rand01(g) < 0.45f) {
        o->kind = SRG_TARGET;
        o->y = SRG_TARGET_Y + 8.0f * (rand01(g) - 0.5f);
        o->r = SRG_TARGET_R;
    } else {
        o->kind = SRG_ROCK;
        o->w = 26.0f + 14.0f * rand01(g);
        o->h = 22.0f + 14.0f * rand01(g);
    }
    g->next_spawn += SPAWN_GAP + SPAWN_JITTER * rand01(g);
}

/* The world moves under the figure at its ground speed; rocks must pass under the feet, targets
 * must meet the tip of a thrusting spear. */
static void step_world(srg_game *g, const sa_figure_pose *p, float dt) {
    g->distance += p->ground_speed * dt;
    if (g->distance + g->view_w > g->next_spawn) spawn(g);
    const float feet_low =
        fmaxf(p->joints[SA_FIGURE_JOINT_FOOT_NEAR].y, p->joints[SA_FIGURE_JOINT_FOOT_FAR].y);
    const sa_vec2 tip = p->joints[SA_FIGURE_JOINT_SPEAR_TIP];
    const bool thrusting = srg_thrusting(g);
    for (int i = 0; i < g->object_count; ++i) {
        srg_object *o = &g->objects[i];
        const float sx = srg_ahead(g, o);
        if (o->done) {
            o->fade += dt;
            continue;
        }
        if (o->kind == SRG_ROCK) {
            if (fabsf(sx) < o->w / 2.0f + 8.0f && feet_low > -o->h) {
                o->done = o->hit = true;
                ++g->bumps;
                g->flash = SRG_FLASH_S;
                g->last_event = SRG_EVENT_BUMP;
            } else if (sx < -o->w / 2.0f - 12.0f) {
                o->done = true;
                g->score += 1;
                ++g->cleared;
                g->last_event = SRG_EVENT_CLEARED;
            }
        } else {
            if (thrusting && hypotf(tip.x - sx, tip.y - o->y) < o->r + 6.0f) {
                o->done = o->hit = true;
                g->score += 3;
                ++g->speared;
                g->last_event = SRG_EVENT_TARGET;
            } else if (sx < -80.0f) {
                o->done = true;
                ++g->missed;
                g->last_event = SRG_EVENT_MISSED;
            }
        }
    }
    int kept = 0; /* drop what is far behind or faded out */
    for (int i = 0; i < g->object_count; ++i) {
        const srg_object *o = &g->objects[i];
        if (srg_ahead(g, o) > -200.0f && o->fade < SRG_FADE_S) g->objects[kept++] = *o;
    }
    g->object_count = kept;
    if (g->score > g->best) g->best = g->score;
}

void srg_update(srg_game *g, const srg_input *input, float dt) {
    if (!(dt > 0.0f)) return;
    if (dt > SRG_DT_CAP) dt = SRG_DT_CAP;
    if (g->mode == SRG_MODE_RUN) {
        g->in.motion = SA_FIGURE_MOTION_SPEAR_RUN;
        if (input) { /* edge-triggered counters: one change per press */
            g->in.jump += (uint32_t)(input->jump > 0 ? input->jump : 0);
            g->in.thrust += (uint32_t)(input->thrust > 0 ? input->thrust : 0);
        }
    } else {
        g->in.motion = g->lab_motion;
    }
    if (input && input->sword > 0) { /* a layer: the legs keep the gait */
        g->in.move = SA_FIGURE_MOTION_MOVE(0);
        g->in.move_counter += (uint32_t)input->sword;
    }
    sa_figure_update(&g->fig, &g->in, dt);
    const sa_figure_pose *p = srg_pose(g);
    g->scroll += p->ground_speed * p->dt;
    if (g->mode == SRG_MODE_RUN) step_world(g, p, p->dt);
    g->flash = fmaxf(0.0f, g->flash - dt);
}
