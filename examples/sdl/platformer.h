/* The third mode, "Platformer", without a window: a small level and the game's physics body that
 * walks it, driving the figure through sa_figure_body. The level is the web example's
 * (examples/web/level.js), piece for piece: a slope and stairs, a ledge (a soft landing), a high
 * drop (a hard landing: the sit), a ladder up a cliff, a pool with a ramp out, a swinging ball
 * that knocks the figure down, and the end flag. World units are the figure's (canvas units, y
 * down); the start's ground is y = 0. */
#ifndef STICKANIM_EXAMPLES_PLATFORMER_H
#define STICKANIM_EXAMPLES_PLATFORMER_H

#include <stdbool.h>
#include <stdint.h>

#include <stickanim/figure.h>

/* The level's pieces, for drawing. */
#define PLAT_LADDER_X      1270.0f
#define PLAT_LADDER_TOP    360.0f
#define PLAT_LADDER_BOTTOM 640.0f
#define PLAT_LADDER_RUNG   28.0f
#define PLAT_LEDGE_X0      1244.0f /* the ladder's top ledge, a one-way platform */
#define PLAT_LEDGE_X1      1300.0f
#define PLAT_POOL_X0       1700.0f
#define PLAT_POOL_X1       2320.0f /* the top of the ramp out */
#define PLAT_POOL_SURFACE  384.0f
#define PLAT_POOL_FLOOR    580.0f
#define PLAT_BALL_X        2560.0f /* the swinging ball's pivot, rope length and radius */
#define PLAT_BALL_Y        20.0f
#define PLAT_BALL_ROPE     268.0f
#define PLAT_BALL_R        22.0f
#define PLAT_END_X         2860.0f
#define PLAT_WORLD_X0      (-200.0f)
#define PLAT_WORLD_X1      3100.0f

/* Held keys (true while down), and presses since the last update. */
typedef struct plat_keys {
    bool left, right, up, down;
    int jump; /* Space presses (↑ jumps too, away from the ladder) */
} plat_keys;

typedef struct plat_body {
    float x, y, vx, vy; /* the feet point, units, y down; units/s */
    bool grounded, ladder, water;
} plat_body;

typedef struct plat_level {
    sa_figure fig;
    sa_figure_input in;
    plat_body body;
    plat_keys held; /* as of the last update */
    float time;
    float knocked, safe; /* seconds left knocked down / safe from the ball */
    sa_vec2 impulse;
    sa_mode mode; /* the pose's mode after the last update */
    bool seen[SA_MODE_COUNT_];
    bool seen_left, seen_right; /* the pose faced left / right */
    int knocks, footsteps;
    bool finished;
    float cam_x, cam_y;
    float dust_x[8], dust_y[8], dust_age[8]; /* footstep dust marks (age < 0: none) */
} plat_level;

/* Starts the level: the body standing at the start, a fresh figure. */
void plat_init(plat_level *l);

/* Advances by dt seconds (capped at 50 ms; 0, negative or NaN does nothing): the body moves with
 * `keys` (NULL: none held), then the figure follows it. */
void plat_update(plat_level *l, const plat_keys *keys, float dt);

/* The terrain's height at x, and the ground under a body whose feet are at y (the terrain, or
 * the ladder's top ledge when the feet are on or above it). */
float plat_terrain(float x);
float plat_ground(float x, float y);

/* The swinging ball's centre at time t. */
sa_vec2 plat_ball(float t);

/* True when the body is close enough to the ladder to grab it. */
bool plat_near_ladder(const plat_level *l);

#endif
