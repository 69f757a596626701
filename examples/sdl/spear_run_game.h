/* Stickman Spear Run without a window: the figure, the world that scrolls under it, the rocks to
 * jump over, the targets to spear and the score, as plain C state advanced by srg_update(). The
 * SDL example draws it and feeds it key presses; a test can drive it the same way with no window.
 * The rules are the web example's (examples/web/web.js): rocks score 1 when cleared, targets 3
 * when speared; the same spawn spacing, sizes, hit boxes and seeded random numbers, so the same
 * distance gives the same course. The second mode is the motion lab: the same figure shows a
 * motion picked from a list and fades into it, so switching never pops. */
#ifndef STICKANIM_EXAMPLES_SPEAR_RUN_GAME_H
#define STICKANIM_EXAMPLES_SPEAR_RUN_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include <stickanim/figure.h>

/* Each step is capped at this many seconds: a hitch never skips a rock, and a 30 fps display
 * (33.3 ms a frame) keeps real time. */
#define SRG_DT_CAP 0.05f
/* Targets hang where the spear tip travels in a thrust: this far above the ground (y down). */
#define SRG_TARGET_Y -98.0f
#define SRG_TARGET_R 14.0f
/* A rock or a target that is done fades out over this many seconds. */
#define SRG_FADE_S 0.6f
/* How long the red flash of a bump lasts, seconds. */
#define SRG_FLASH_S 0.35f

typedef enum srg_mode { SRG_MODE_RUN, SRG_MODE_LAB } srg_mode;

typedef enum srg_kind { SRG_ROCK, SRG_TARGET } srg_kind;

/* What happened last, for the HUD and tests. */
typedef enum srg_event {
    SRG_EVENT_NONE,
    SRG_EVENT_CLEARED, /* a rock passed under the feet: +1 */
    SRG_EVENT_BUMP,    /* a rock hit the feet */
    SRG_EVENT_TARGET,  /* a target speared: +3 */
    SRG_EVENT_MISSED   /* a target went by */
} srg_event;

/* A rock on the ground or a target hanging on a cord. x is in world units: the figure stands at
 * world x = srg_game::distance, so the object is x − distance ahead of it. */
typedef struct srg_object {
    srg_kind kind;
    float x;
    float y;    /* target: centre height, figure space (y down, ground 0) */
    float w, h; /* rock: width and height */
    float r;    /* target: radius */
    bool done;  /* scored, bumped or missed: no longer in play, fading out */
    bool hit;   /* bumped (rock) or speared (target) */
    float fade; /* seconds since done */
} srg_object;

enum { SRG_MAX_OBJECTS = 16 };

/* Key presses since the last update. Each press counts once, whatever the frame rate. */
typedef struct srg_input {
    int jump;   /* Space or ↑ */
    int thrust; /* F or → */
    int sword;  /* X: the sword combo (examples/moves/sword_combo.json) over the run or the lab */
} srg_input;

typedef struct srg_game {
    sa_figure fig;
    sa_figure_input in;
    srg_mode mode;
    sa_figure_motion lab_motion; /* what the lab shows */
    float view_w;                /* width of the view, units: objects appear beyond it */
    float distance;              /* world units run since the start of this run */
    float scroll;                /* ground scroll in both modes (dots at k·spacing − scroll) */
    int score, best, bumps, cleared, speared, missed;
    srg_object objects[SRG_MAX_OBJECTS];
    int object_count;
    float next_spawn; /* world x of the next object, minus view_w */
    uint32_t rng;
    float flash; /* seconds of bump flash left */
    srg_event last_event;
} srg_game;

/* Starts a game: the figure standing idle, fading into the Spear Run; `view_w` (units) is how
 * wide the view is (a bigger window sees further ahead; objects appear beyond its width). */
void srg_init(srg_game *g, float view_w);

/* Restarts the run (score, rocks and targets; the best score stays). */
void srg_restart(srg_game *g);

/* Switches between the game and the motion lab. Going back to the game restarts the run. The
 * figure fades into the new motion from wherever it is. */
void srg_set_mode(srg_game *g, srg_mode mode);

/* Picks the motion the lab shows (switches to the lab if needed). */
void srg_set_lab_motion(srg_game *g, sa_figure_motion motion);

/* Changes how wide the view is (window resized). */
void srg_set_view_width(srg_game *g, float view_w);

/* Advances the game by dt seconds (capped at SRG_DT_CAP; 0, negative or NaN does nothing). In the
 * game, `input`'s presses jump and thrust; in the lab they are ignored. NULL: no presses. */
void srg_update(srg_game *g, const srg_input *input, float dt);

/* The figure's pose after the last update (figure space: y down, ground 0, figure at x 0). */
const sa_figure_pose *srg_pose(const srg_game *g);

/* True when the sword combo's definition was read (from EX_MOVES_DIR/sword_combo.json). */
bool srg_has_sword(void);

/* True while a spear thrust plays (only then can the tip spear a target). */
bool srg_thrusting(const srg_game *g);

/* True in a jump while both feet are off the ground (sa_figure_pose::airborne). */
bool srg_airborne(const srg_game *g);

/* How far the pelvis is from its standing height, units, y down (a jump's apex is about −160). */
float srg_root_offset(const srg_game *g);

/* How far object `o` is ahead of the figure, units (negative once it is behind). */
float srg_ahead(const srg_game *g, const srg_object *o);

#endif
