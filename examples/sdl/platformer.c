#include "platformer.h"

#include <math.h>
#include <string.h>

/* The body: the library's lab body (a 160-unit jump under 2600 units/s²), walking at 220. */
#define GRAVITY    2600.0f
#define JUMP_SPEED 912.0f
#define WALK       220.0f
#define ACCEL      1400.0f
#define CLIMB      90.0f
#define SWIM       150.0f
#define STEP_UP    24.0f /* a rise the feet walk up (a stair is 20) */
#define KNOCK_S    1.5f  /* knocked down for, then safe from the ball for */
#define SAFE_S     3.0f
#define DT_CAP     0.05f

/* The terrain, left to right: a wall, flat start, a slope up, stairs down, a ledge (a soft
 * landing), a high drop (a hard landing: the sit), a cliff with the ladder, the pool with a ramp
 * out, and a wall after the end flag. */
#define SLOPE_X0   200.0f
#define SLOPE_X1   400.0f
#define SLOPE_TOP  (-80.0f)
#define STAIRS_X0  500.0f
#define STAIRS_X1  660.0f
#define STAIR      20.0f
#define LEDGE_X    820.0f
#define LEDGE_Y    120.0f
#define DROP_X     1040.0f
#define CLIFF_X    1300.0f
#define RAMP_X0    2020.0f
#define WALL_X0    (-150.0f)
#define WALL_X1    3000.0f
#define BALL_SWING 1.05f
#define BALL_T     2.6f

float plat_terrain(float x) {
    if (x < WALL_X0) return -200.0f;
    if (x >= WALL_X1) return PLAT_LADDER_TOP - 200.0f;
    if (x < SLOPE_X0) return 0.0f;
    if (x < SLOPE_X1) return SLOPE_TOP * (x - SLOPE_X0) / (SLOPE_X1 - SLOPE_X0);
    if (x < STAIRS_X0) return SLOPE_TOP;
    if (x < STAIRS_X1) return SLOPE_TOP + STAIR * floorf((x - STAIRS_X0) / 40.0f + 1.0f);
    if (x < LEDGE_X) return 0.0f;
    if (x < DROP_X) return LEDGE_Y;
    if (x < CLIFF_X) return PLAT_LADDER_BOTTOM;
    if (x < PLAT_POOL_X0) return PLAT_LADDER_TOP;
    if (x < RAMP_X0) return PLAT_POOL_FLOOR;
    if (x < PLAT_POOL_X1)
        return PLAT_POOL_FLOOR +
               (PLAT_LADDER_TOP - PLAT_POOL_FLOOR) * (x - RAMP_X0) / (PLAT_POOL_X1 - RAMP_X0);
    return PLAT_LADDER_TOP;
}

float plat_ground(float x, float y) {
    const float t = plat_terrain(x);
    if (x >= PLAT_LEDGE_X0 && x < PLAT_LEDGE_X1 && y <= PLAT_LADDER_TOP + 2.0f)
        return fminf(t, PLAT_LADDER_TOP);
    return t;
}

/* The ground the feet can reach from (x0, y0) toward x: it stops at a drop or a wall taller than
 * a step and goes on flat from there, so the figure (which sees the ground as straight lines
 * between the heights it asked for) never slopes it into a drop and sinks a foot into the edge. */
static float reachable(float x0, float y0, float x) {
    const int n = (int)ceilf(fabsf(x - x0) / 4.0f);
    const float dx = n > 0 ? (x - x0) / (float)n : 0.0f;
    float h = plat_ground(x0, y0);
    for (int i = 1; i <= n && i < 1000; ++i) {
        const float g = plat_ground(x0 + (float)i * dx, h);
        if (fabsf(g - h) > STEP_UP) break;
        h = g;
    }
    return h;
}

static float ball_angle(float t) { return BALL_SWING * sinf(2.0f * SA_PI * t / BALL_T); }

sa_vec2 plat_ball(float t) {
    const float a = ball_angle(t);
    return sa_v2(PLAT_BALL_X + PLAT_BALL_ROPE * sinf(a), PLAT_BALL_Y + PLAT_BALL_ROPE * cosf(a));
}

bool plat_near_ladder(const plat_level *l) {
    const plat_body *b = &l->body;
    return fabsf(b->x - PLAT_LADDER_X) < 32.0f && b->y > PLAT_LADDER_TOP - 4.0f &&
           b->y <= PLAT_LADDER_BOTTOM + 1.0f;
}

void plat_init(plat_level *l) {
    memset(l, 0, sizeof *l);
    sa_figure_init(&l->fig, NULL);
    l->in = sa_figure_input_default();
    l->in.motion = SA_FIGURE_MOTION_LOCOMOTE;
    l->body.x = 40.0f;
    l->body.grounded = true;
    l->cam_x = l->body.x;
    for (int i = 0; i < 8; ++i)
        l->dust_age[i] = -1.0f;
}

static void jump(plat_level *l) {
    plat_body *b = &l->body;
    if (!b->grounded || b->ladder || b->water || l->knocked > 0.0f || l->mode == SA_MODE_SIT)
        return;
    b->vy = -JUMP_SPEED;
    b->grounded = false;
    ++l->in.jump; /* the figure's jump counter changes the same frame as the velocity */
}

/* The ladder: ↑ or ↓ at it grabs it, ↑/↓ climb, at either end ←/→ steps off. Returns true while
 * the body holds it. */
static bool climb(plat_level *l, const plat_keys *k, float want, bool busy, float dt) {
    plat_body *b = &l->body;
    const bool at_top = b->y <= PLAT_LADDER_TOP + 1.0f;
    if (!b->ladder && !busy && ((k->up && !at_top) || (k->down && at_top)) && plat_near_ladder(l)) {
        b->ladder = true;
        b->x = PLAT_LADDER_X;
        b->vx = b->vy = 0.0f;
    }
    if (!b->ladder) return false;
    b->vx = 0.0f;
    b->vy = k->up ? -CLIMB : k->down ? CLIMB : 0.0f;
    b->y += b->vy * dt;
    const bool top = b->y <= PLAT_LADDER_TOP, bottom = b->y >= PLAT_LADDER_BOTTOM;
    b->y = fminf(PLAT_LADDER_BOTTOM, fmaxf(PLAT_LADDER_TOP, b->y));
    if ((top && want > 0.0f) || (bottom && (want != 0.0f || k->down))) {
        b->ladder = false;
        b->vy = 0.0f;
        return false;
    }
    b->grounded = b->water = false;
    return true;
}

/* One physics step of the body (before the figure's update), as the web page's. */
static void step_body(plat_level *l, const plat_keys *k, float dt) {
    plat_body *b = &l->body;
    l->safe = fmaxf(0.0f, l->safe - dt);
    if (l->knocked > 0.0f) {
        l->knocked -= dt;
        if (l->knocked <= 0.0f) {
            l->knocked = 0.0f;
            l->safe = SAFE_S;
        }
    }
    const bool busy = l->knocked > 0.0f || l->mode == SA_MODE_RAGDOLL || l->mode == SA_MODE_GETUP ||
                      l->mode == SA_MODE_SIT;
    const float want = busy ? 0.0f : (k->right ? WALK : 0.0f) - (k->left ? WALK : 0.0f);
    if (climb(l, k, want, busy, dt)) return;
    b->vx += fmaxf(-ACCEL * dt, fminf(ACCEL * dt, want - b->vx));
    b->water = b->x > PLAT_POOL_X0 && b->x < PLAT_POOL_X1 && b->y - PLAT_POOL_SURFACE > 70.0f;
    if (b->water) { /* floats with the feet 90 under the surface, slowed by the water */
        b->vx = fmaxf(-SWIM, fminf(SWIM, b->vx));
        b->vy += (30.0f * (PLAT_POOL_SURFACE + 90.0f - b->y) - 11.0f * b->vy) * dt;
    } else {
        b->vy += GRAVITY * dt;
    }
    /* horizontal: walls are rises taller than a step, kept a foot's length (12) away */
    const float nx = fmaxf(PLAT_WORLD_X0 + 20.0f, fminf(PLAT_WORLD_X1 - 20.0f, b->x + b->vx * dt));
    if (plat_ground(nx + (b->vx > 0.0f   ? 12.0f
                          : b->vx < 0.0f ? -12.0f
                                         : 0.0f),
                    b->y) < b->y - STEP_UP)
        b->vx = 0.0f;
    else
        b->x = nx;
    /* vertical: stand on the ground under the feet (down a step while walking) */
    const float g = plat_ground(b->x, b->y);
    const bool was_grounded = b->grounded;
    b->y += b->vy * dt;
    if (b->y >= g || (was_grounded && b->vy >= 0.0f && b->y >= g - STEP_UP && !b->water)) {
        b->y = g;
        if (b->vy > 0.0f) b->vy = 0.0f;
    }
    b->grounded = !b->water && b->y >= plat_ground(b->x, b->y) - 1e-3f && b->vy >= 0.0f;
    /* the swinging ball: a hit on the torso knocks the body down */
    const sa_vec2 ball = plat_ball(l->time);
    if (l->knocked <= 0.0f && l->safe <= 0.0f && !busy) {
        const float cy = fmaxf(b->y - 120.0f, fminf(b->y - 30.0f, ball.y));
        if (hypotf(ball.x - b->x, ball.y - cy) < PLAT_BALL_R + 12.0f) {
            const float swing = cosf(2.0f * SA_PI * l->time / BALL_T); /* > 0: moving right */
            l->knocked = KNOCK_S;
            ++l->knocks;
            l->impulse = sa_v2(swing >= 0.0f ? 240.0f : -240.0f, -260.0f);
        }
    }
    if (l->knocked > 0.0f) b->vx = 0.0f;
    if (b->x >= PLAT_END_X) l->finished = true;
}

/* What the figure is told: the body, in the figure's terms. */
static void fill_input(plat_level *l) {
    const plat_body *b = &l->body;
    sa_figure_body *body = &l->in.body;
    const sa_figure_pose *p = sa_figure_get_pose(&l->fig);
    l->in.motion = SA_FIGURE_MOTION_LOCOMOTE;
    body->active = true;
    body->grounded = b->grounded;
    body->velocity = sa_v2(b->vx, b->vy);
    body->in_water = b->water;
    body->water_line = PLAT_POOL_SURFACE - b->y;
    body->on_ladder = b->ladder;
    body->ladder_rung = PLAT_LADDER_BOTTOM - b->y;
    body->knocked_down = l->knocked > 0.0f;
    body->impulse = l->impulse;
    body->position = sa_v2(b->x, b->y);
    body->ground_given = true;
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        body->ground[i] = reachable(b->x, b->y, p->ground_probe[i]);
}

void plat_update(plat_level *l, const plat_keys *keys, float dt) {
    if (!(dt > 0.0f)) return;
    if (dt > DT_CAP) dt = DT_CAP;
    plat_keys k;
    memset(&k, 0, sizeof k);
    if (keys) k = *keys;
    if (k.left && !l->held.left) l->in.facing = SA_FIGURE_FACING_LEFT;
    if (k.right && !l->held.right) l->in.facing = SA_FIGURE_FACING_RIGHT;
    for (int i = 0; i < k.jump; ++i)
        jump(l);
    if (k.up && !l->held.up && !plat_near_ladder(l)) jump(l);
    l->held = k;
    l->time += dt;
    step_body(l, &k, dt);
    fill_input(l);
    sa_figure_update(&l->fig, &l->in, dt);
    const sa_figure_pose *p = sa_figure_get_pose(&l->fig);
    l->mode = p->mode;
    if ((int)p->mode >= 0 && (int)p->mode < (int)SA_MODE_COUNT_) l->seen[p->mode] = true;
    l->seen_left |= p->facing == SA_FIGURE_FACING_LEFT && p->turn < -0.99f;
    l->seen_right |= p->facing == SA_FIGURE_FACING_RIGHT && p->turn > 0.99f;
    /* footstep dust where the foot came down */
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(&l->fig, ev, SA_FIGURE_MAX_EVENTS);
    for (int i = 0; i < 8; ++i)
        if (l->dust_age[i] >= 0.0f)
            l->dust_age[i] = l->dust_age[i] + dt > 0.45f ? -1.0f : l->dust_age[i] + dt;
    for (size_t e = 0; e < n; ++e) {
        if (ev[e].kind != SA_FIGURE_EVENT_FOOTSTEP) continue;
        const int slot = l->footsteps++ % 8;
        const sa_vec2 foot =
            p->joints[ev[e].foot == 0 ? SA_FIGURE_JOINT_FOOT_NEAR : SA_FIGURE_JOINT_FOOT_FAR];
        l->dust_x[slot] = l->body.x + foot.x;
        l->dust_y[slot] = plat_ground(l->dust_x[slot], l->body.y);
        l->dust_age[slot] = 0.0f;
    }
    /* the camera follows the body, keeping it in view */
    const float a = 1.0f - expf(-6.0f * dt);
    l->cam_x += (l->body.x - l->cam_x) * a;
    l->cam_y += (l->body.y - l->cam_y) * a;
    l->cam_y = fmaxf(l->body.y - 100.0f, fminf(l->body.y + 110.0f, l->cam_y));
}
