/* Stickman Spear Run in an SDL2 window, with the motion lab as its second mode and the Platformer
 * (a level walked by a physics body that drives the figure's modes) as its third. The game states
 * are spear_run_game.c and platformer.c (no SDL in them); this file turns keys into their input,
 * draws each frame with the examples' shared scene and anti-aliased rasteriser into an RGB canvas,
 * and streams that canvas into an SDL texture. With --frames N it runs N fixed 1/60 s frames
 * instead of real time, feeding scripted (--script) or bot (--bot) key presses through SDL's own
 * event queue, checks what happened (--check) and saves a screenshot read back from the renderer
 * (--screenshot), so a test can run it with SDL_VIDEODRIVER=dummy. */
#define SDL_MAIN_HANDLED
#include <SDL.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "output.h"
#include "platformer.h"
#include "spear_run_game.h"

/* As on the reference's page: the scene is 440 units tall at any window size, the ground line sits
 * 350 units down and the figure at 30% of the width. */
#define SCENE_H   440.0f
#define GROUND_AT 350.0f
#define ANCHOR_AT 0.3f
#define FIXED_DT  (1.0f / 60.0f)

enum { MAX_SCRIPT = 64, MAX_PRESSED = 64 };

/* ---- a 5 × 7 pixel font for the HUD (SDL2 has no text drawing of its own) ------------------- */

typedef struct glyph {
    char c;
    unsigned char rows[7]; /* 5 bits a row, most significant bit on the left */
} glyph;

static const glyph FONT[] = {
    {'0', {0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E}},
    {'1', {0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E}},
    {'2', {0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F}},
    {'3', {0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E}},
    {'4', {0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02}},
    {'5', {0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E}},
    {'6', {0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E}},
    {'7', {0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08}},
    {'8', {0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E}},
    {'9', {0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C}},
    {'A', {0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11}},
    {'B', {0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E}},
    {'C', {0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E}},
    {'D', {0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C}},
    {'E', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F}},
    {'F', {0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10}},
    {'G', {0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F}},
    {'H', {0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11}},
    {'I', {0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E}},
    {'J', {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C}},
    {'K', {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11}},
    {'L', {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F}},
    {'M', {0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11}},
    {'N', {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11}},
    {'O', {0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}},
    {'P', {0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10}},
    {'Q', {0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D}},
    {'R', {0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11}},
    {'S', {0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E}},
    {'T', {0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04}},
    {'U', {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E}},
    {'V', {0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04}},
    {'W', {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A}},
    {'X', {0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11}},
    {'Y', {0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04}},
    {'Z', {0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F}},
    {':', {0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00}},
    {'/', {0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00}},
    {'-', {0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00}},
    {'+', {0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00}},
    {'.', {0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C}},
    {',', {0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08}},
    {'(', {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02}},
    {')', {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08}},
    {'[', {0x0E, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0E}},
    {']', {0x0E, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0E}},
    {'!', {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04}},
};

static const unsigned char *glyph_rows(char c) {
    if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    for (size_t i = 0; i < sizeof FONT / sizeof FONT[0]; ++i)
        if (FONT[i].c == c) return FONT[i].rows;
    return NULL; /* space and anything unknown: blank */
}

static unsigned char byte_of(float v) {
    const float c = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return (unsigned char)(c * 255.0f + 0.5f);
}

/* A solid rectangle in pixels, clipped. */
static void fill_rect_px(ex_canvas *c, int x, int y, int w, int h, ex_rgb colour) {
    const unsigned char r = byte_of(colour.r), g = byte_of(colour.g), b = byte_of(colour.b);
    for (int row = y < 0 ? 0 : y; row < y + h && row < c->height; ++row)
        for (int col = x < 0 ? 0 : x; col < x + w && col < c->width; ++col) {
            unsigned char *p = c->rgb + ((size_t)row * (size_t)c->width + (size_t)col) * 3u;
            p[0] = r;
            p[1] = g;
            p[2] = b;
        }
}

/* Text at pixel (x, y) (top left), each font pixel `px` pixels square. Returns its width. */
static int draw_text(ex_canvas *c, int x, int y, int px, const char *s, ex_rgb colour) {
    int cx = x;
    for (; *s; ++s, cx += 6 * px) {
        const unsigned char *rows = glyph_rows(*s);
        if (!rows) continue;
        for (int r = 0; r < 7; ++r)
            for (int b = 0; b < 5; ++b)
                if (rows[r] & (0x10 >> b)) fill_rect_px(c, cx + b * px, y + r * px, px, px, colour);
    }
    return cx - x;
}

/* ---- drawing in scene units ----------------------------------------------------------------- */

static ex_rgb rgb255(int r, int g, int b) {
    ex_rgb c;
    c.r = (float)r / 255.0f;
    c.g = (float)g / 255.0f;
    c.b = (float)b / 255.0f;
    return c;
}

/* A straight stroke `width` units wide from a to b (square ends). */
static void line(ex_canvas *c, sa_vec2 a, sa_vec2 b, float width, ex_rgb colour, float opacity) {
    const sa_vec2 d = sa_v2_sub(b, a);
    const float len = sa_v2_length(d);
    if (!(len > 1e-4f)) return;
    const sa_vec2 n = sa_v2_scale(sa_v2(-d.y, d.x), 0.5f * width / len);
    const sa_vec2 q[4] = {sa_v2_add(a, n), sa_v2_add(b, n), sa_v2_sub(b, n), sa_v2_sub(a, n)};
    ex_canvas_fill_polygon(c, q, 4, colour, opacity);
}

/* A ring between radii r0 < r1: the outer circle one way, the inner one back (non-zero rule). */
static void ring(ex_canvas *c, sa_vec2 centre, float r0, float r1, ex_rgb colour, float opacity) {
    enum { SIDES = 40 };
    sa_vec2 p[2 * (SIDES + 1)];
    for (int i = 0; i <= SIDES; ++i) {
        const float a = 2.0f * SA_PI * (float)i / (float)SIDES;
        p[i] = sa_v2(centre.x + r1 * cosf(a), centre.y + r1 * sinf(a));
        p[2 * SIDES + 1 - i] = sa_v2(centre.x + r0 * cosf(a), centre.y + r0 * sinf(a));
    }
    ex_canvas_fill_polygon(c, p, 2 * (SIDES + 1), colour, opacity);
}

/* A rock: two quadratic curves up to a rounded top, as the web page draws it. */
static void draw_rock(ex_canvas *c, float sx, const srg_object *o, float alpha) {
    enum { SEG = 12 };
    sa_vec2 p[2 * SEG + 1];
    const float hw = o->w / 2.0f, top = -o->h;
    for (int i = 0; i <= SEG; ++i) {
        const float t = (float)i / (float)SEG, u = 1.0f - t;
        /* left: (sx − hw, 0) → control (sx − hw, top) → (sx, top) */
        p[i] = sa_v2(u * u * (sx - hw) + 2.0f * u * t * (sx - hw) + t * t * sx,
                     2.0f * u * t * top + t * t * top);
        if (i > 0) /* right: (sx, top) → control (sx + hw, top) → (sx + hw, 0) */
            p[SEG + i] = sa_v2(u * u * sx + 2.0f * u * t * (sx + hw) + t * t * (sx + hw),
                               u * u * top + 2.0f * u * t * top);
    }
    ex_canvas_fill_polygon(c, p, 2 * SEG + 1, o->hit ? rgb255(181, 69, 43) : rgb255(110, 100, 88),
                           alpha);
}

/* A target on its cord: a pale disc with two red rings; speared, it swells gold and fades. */
static void draw_target(ex_canvas *c, float sx, const srg_object *o, float alpha) {
    const sa_vec2 centre = sa_v2(sx, o->y);
    const float r = o->hit ? o->r * (1.0f + o->fade * 2.0f) : o->r;
    line(c, sa_v2(sx, o->y - o->r), sa_v2(sx, -GROUND_AT - 10.0f), 1.5f, rgb255(120, 95, 60),
         alpha);
    ex_canvas_fill_circle(c, centre, r, o->hit ? rgb255(230, 180, 60) : rgb255(220, 205, 160),
                          o->hit ? alpha * 0.8f : alpha);
    ring(c, centre, r - 1.25f, r + 1.25f, rgb255(181, 69, 43), alpha);
    ring(c, centre, 0.4f * r - 1.25f, 0.4f * r + 1.25f, rgb255(181, 69, 43), alpha);
}

/* The lab's skeleton view: the library's bones as thin blue lines (the spear with its opacity),
 * joints as dots (knees and elbows red). */
static void draw_skeleton(ex_canvas *c, const sa_figure_pose *p) {
    sa_figure_bone bones[SA_FIGURE_BONE_COUNT];
    const size_t n = sa_figure_bones(NULL, bones, SA_FIGURE_BONE_COUNT);
    for (size_t i = 0; i < n; ++i) {
        const bool spear = bones[i].from == SA_FIGURE_JOINT_SPEAR_BUTT;
        if (spear && !(p->spear > 0.0f)) continue;
        line(c, p->joints[bones[i].from], p->joints[bones[i].to], 1.5f, rgb255(30, 110, 200),
             spear ? 0.9f * p->spear : 0.9f);
    }
    for (int j = 0; j < SA_FIGURE_JOINT_SPEAR_BUTT; ++j) {
        const bool hinge = j == SA_FIGURE_JOINT_KNEE_NEAR || j == SA_FIGURE_JOINT_KNEE_FAR ||
                           j == SA_FIGURE_JOINT_ELBOW_NEAR || j == SA_FIGURE_JOINT_ELBOW_FAR;
        ex_canvas_fill_circle(c, p->joints[j], 3.0f,
                              hinge ? rgb255(208, 64, 42) : rgb255(30, 110, 200), 1.0f);
    }
}

/* ---- the application ------------------------------------------------------------------------ */

typedef struct script_key {
    int frame;
    SDL_Keycode key;
} script_key;

typedef struct options {
    int frames;        /* > 0: run this many fixed 1/60 s frames, then quit (headless) */
    int width, height; /* window size, pixels */
    int bot;
    const char *check; /* "game", "lab" or "level" */
    const char *screenshot;
    int shot_frame;  /* < 0: automatic */
    int hitch_frame; /* this frame steps 250 ms (< 0: none) */
    script_key script[MAX_SCRIPT];
    int script_count;
} options;

/* What a headless run watched, for --check. */
typedef struct stats {
    int jumps, thrusts;         /* rising edges of airborne / thrusting */
    float root_min;             /* lowest root offset (a jump's apex), y down */
    float rest_tip, thrust_tip; /* farthest spear tip ahead, running vs thrusting */
    float max_dt;               /* the largest step the figure took */
    int lab_asked[SA_FIGURE_MOTION_COUNT_], lab_shown[SA_FIGURE_MOTION_COUNT_];
    float walk_speed, run_speed; /* ground speed once the lab's walk or run has settled */
    float max_step;              /* largest joint move in one frame */
    float switch_step;           /* largest first-frame change of a switch / change 30 later */
    int switches;
    int level_frames, level_finite; /* frames in the Platformer, and how many had finite joints */
    float level_below;              /* deepest a foot went into the level's ground, units */
    sa_mode level_modes[64];        /* the Platformer's modes in the order shown */
    int level_mode_count;
    int sword_hits[SA_FIGURE_MOVE_MAX_EVENTS]; /* the combo's events, as reported */
    float blade_max;                           /* most the sword showed */
    int sword_off_run;                         /* frames of a combo not over the run's legs */
} stats;

typedef struct app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    ex_canvas canvas;
    ex_scene *scene;
    srg_game *game;
    srg_input input;
    plat_level *level; /* the Platformer, shown while in_level */
    plat_keys keys;    /* its held keys and jump presses */
    int in_level;
    options opt;
    int skeleton, paused, hidden, quit;
    float time_scale; /* the lab's speed */
    int switched;     /* a motion or mode switch happened this frame */
    int frame;
    const char *shot_path; /* a screenshot wanted at the next render */
} app;

/* The Platformer's keys: ←/→ walk (and turn), ↑/↓ climb, Space and ↑ jump; held until released. */
static int level_key(app *a, SDL_Keycode key, int down) {
    plat_keys *k = &a->keys;
    switch (key) {
    case SDLK_LEFT:
    case SDLK_a:
        k->left = down;
        return 1;
    case SDLK_RIGHT:
    case SDLK_d:
        k->right = down;
        return 1;
    case SDLK_UP:
    case SDLK_w:
        k->up = down;
        return 1;
    case SDLK_DOWN:
    case SDLK_s:
        k->down = down;
        return 1;
    case SDLK_SPACE:
        k->jump += down;
        return 1;
    case SDLK_r:
        if (down) plat_init(a->level);
        return 1;
    default:
        return 0;
    }
}

static void enter_level(app *a, int on) {
    if (on && !a->in_level) plat_init(a->level);
    a->in_level = on;
    memset(&a->keys, 0, sizeof a->keys);
}

static void handle_key(app *a, SDL_Keycode key) {
    srg_game *g = a->game;
    if (a->in_level && level_key(a, key, 1)) return;
    if (key == SDLK_l) {
        enter_level(a, !a->in_level);
        a->switched = 1;
        return;
    }
    static const sa_figure_motion LAB_KEYS[7] = {
        SA_FIGURE_MOTION_WALK, SA_FIGURE_MOTION_RUN,        SA_FIGURE_MOTION_THROW,
        SA_FIGURE_MOTION_JUMP, SA_FIGURE_MOTION_SPEAR_FORM, SA_FIGURE_MOTION_SPEAR_RUN,
        SA_FIGURE_MOTION_WAVE,
    };
    if (key >= SDLK_1 && key <= SDLK_7) {
        enter_level(a, 0);
        srg_set_lab_motion(g, LAB_KEYS[key - SDLK_1]);
        a->switched = 1;
        return;
    }
    switch (key) {
    case SDLK_ESCAPE:
    case SDLK_q:
        a->quit = 1;
        break;
    case SDLK_TAB: /* game -> lab -> Platformer -> game */
    case SDLK_m:
        if (a->in_level) {
            enter_level(a, 0);
            srg_set_mode(g, SRG_MODE_RUN);
        } else if (g->mode == SRG_MODE_LAB)
            enter_level(a, 1);
        else
            srg_set_mode(g, SRG_MODE_LAB);
        a->switched = 1;
        break;
    case SDLK_SPACE:
    case SDLK_UP:
        if (g->mode == SRG_MODE_RUN) ++a->input.jump;
        break;
    case SDLK_f:
    case SDLK_RIGHT:
        if (g->mode == SRG_MODE_RUN) ++a->input.thrust;
        break;
    case SDLK_x: /* the sword combo, over whatever runs */
        ++a->input.sword;
        break;
    case SDLK_r:
        srg_restart(g);
        break;
    case SDLK_k:
        a->skeleton = !a->skeleton;
        break;
    case SDLK_p:
        a->paused = !a->paused;
        break;
    case SDLK_LEFTBRACKET:
        a->time_scale = fmaxf(0.25f, a->time_scale - 0.25f);
        break;
    case SDLK_RIGHTBRACKET:
        a->time_scale = fminf(2.0f, a->time_scale + 0.25f);
        break;
    default:
        break;
    }
}

static void push_key_event(app *a, SDL_Keycode key, int down) {
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.windowID = SDL_GetWindowID(a->window);
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    SDL_PushEvent(&e);
}

static void push_key(app *a, SDL_Keycode key) { push_key_event(a, key, 1); }

static void poll_events(app *a) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT)
            a->quit = 1;
        else if (e.type == SDL_KEYDOWN && !e.key.repeat)
            handle_key(a, e.key.keysym.sym);
        else if (e.type == SDL_KEYUP && a->in_level)
            level_key(a, e.key.keysym.sym, 0);
        else if (e.type == SDL_WINDOWEVENT) {
            /* Like the web page off-screen: a hidden or minimised window does not animate. */
            if (e.window.event == SDL_WINDOWEVENT_MINIMIZED ||
                e.window.event == SDL_WINDOWEVENT_HIDDEN)
                a->hidden = 1;
            else if (e.window.event == SDL_WINDOWEVENT_RESTORED ||
                     e.window.event == SDL_WINDOWEVENT_SHOWN ||
                     e.window.event == SDL_WINDOWEVENT_EXPOSED)
                a->hidden = 0;
        }
    }
}

/* Makes the canvas and texture match the renderer's output size (window resized, HiDPI). */
static int fit_canvas(app *a) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(a->renderer, &w, &h) != 0 || w < 1 || h < 1) {
        w = a->opt.width;
        h = a->opt.height;
    }
    if (a->texture && w == a->canvas.width && h == a->canvas.height) return 0;
    if (a->texture) SDL_DestroyTexture(a->texture);
    ex_canvas_free(&a->canvas);
    a->texture =
        SDL_CreateTexture(a->renderer, SDL_PIXELFORMAT_RGB24, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (!a->texture || ex_canvas_init(&a->canvas, w, h)) {
        fprintf(stderr, "sdl: cannot make a %d x %d canvas: %s\n", w, h, SDL_GetError());
        return 1;
    }
    srg_set_view_width(a->game, (float)w * SCENE_H / (float)h);
    return 0;
}

static void draw_hud(app *a) {
    ex_canvas *c = &a->canvas;
    const srg_game *g = a->game;
    const float k = (float)c->height / SCENE_H;
    const int big = k * 2.0f < 2.0f ? 2 : (int)(k * 2.0f + 0.5f);
    const int small = k < 1.0f ? 1 : (int)(k + 0.5f);
    const int x = (int)(16.0f * k);
    const ex_rgb ink = rgb255(35, 32, 28), soft = rgb255(95, 88, 78);
    char line1[96], line2[128];
    const char *hint;
    if (a->in_level) {
        const plat_level *l = a->level;
        snprintf(line1, sizeof line1, "PLATFORMER: %s", sa_mode_name(l->mode));
        snprintf(line2, sizeof line2, "%s", l->finished ? "YOU MADE IT! (R RESTARTS)" : "SEEN:");
        for (int m = 0; m < SA_MODE_COUNT_ && !l->finished; ++m)
            if (l->seen[m]) {
                const size_t used = strlen(line2);
                snprintf(line2 + used, sizeof line2 - used, " %s", sa_mode_name((sa_mode)m));
            }
        hint = "LEFT/RIGHT WALK   SPACE/UP JUMP   UP/DOWN CLIMB   R RESTART   TAB GAME   ESC QUIT";
    } else if (g->mode == SRG_MODE_RUN) {
        snprintf(line1, sizeof line1, "SCORE %d", g->score);
        snprintf(line2, sizeof line2, "BEST %d   CLEARED %d   SPEARED %d   BUMPS %d", g->best,
                 g->cleared, g->speared, g->bumps);
        hint = "SPACE/UP JUMP   F/RIGHT THRUST   X SWORD   R RESTART   TAB LAB   L PLATFORMER   "
               "ESC QUIT";
    } else {
        snprintf(line1, sizeof line1, "MOTION LAB: %s", sa_figure_motion_name(srg_pose(g)->motion));
        snprintf(line2, sizeof line2, "SPEED %.2fX   SKELETON %s", (double)a->time_scale,
                 a->skeleton ? "ON" : "OFF");
        hint = "1 WALK  2 RUN  3 THROW  4 JUMP  5 SPEAR FORM  6 SPEAR RUN  X SWORD  K SKELETON  [ "
               "] SPEED"
               "  TAB PLATFORMER";
    }
    draw_text(c, x, (int)(14.0f * k), big, line1, ink);
    draw_text(c, x, (int)(14.0f * k) + 10 * big, small, line2, soft);
    draw_text(c, x, c->height - (int)(12.0f * k) - 7 * small, small, hint, soft);
    if (a->paused)
        draw_text(c, x, (int)(14.0f * k) + 10 * big + 12 * small, small, "PAUSED (P)", ink);
}

/* The figure's shapes for a pose, drawn where the canvas's view puts figure space. */
static void draw_figure(app *a, const sa_figure_pose *p, float scroll) {
    ex_canvas *c = &a->canvas;
    ex_pose pose;
    ex_pose_from_figure(p, scroll, sa_figure_motion_name(p->motion), &pose);
    ex_scene_build(&pose, 1.0f, a->scene);
    for (int i = 0; i < EX_PART_COUNT; ++i) { /* far side first, near side last */
        const ex_shape *s = &a->scene->shape[i];
        if (s->is_circle)
            ex_canvas_fill_circle(c, s->centre, s->radius, s->fill, s->opacity);
        else if (s->count > 0)
            ex_canvas_fill_polygon(c, a->scene->points + s->first, s->count, s->fill, s->opacity);
    }
}

/* The Platformer: the level about the camera (the body's feet point at 40% of the width, 300
 * units down), then the figure drawn at the body's feet point. */
static void draw_level(app *a) {
    ex_canvas *c = &a->canvas;
    const plat_level *l = a->level;
    const float k = (float)c->height / SCENE_H, view_w = (float)c->width / k;
    const float left = l->cam_x - 0.4f * view_w, top = l->cam_y - 300.0f;
    const float right = left + view_w, bottom = top + SCENE_H;
    ex_canvas_view(c, left, top, view_w);
    ex_canvas_clear(c, ex_paper());
    const sa_vec2 water[4] = {
        sa_v2(PLAT_POOL_X0, PLAT_POOL_SURFACE), sa_v2(PLAT_POOL_X1, PLAT_POOL_SURFACE),
        sa_v2(PLAT_POOL_X1, PLAT_POOL_FLOOR + 2.0f), sa_v2(PLAT_POOL_X0, PLAT_POOL_FLOOR + 2.0f)};
    ex_canvas_fill_polygon(c, water, 4, rgb255(180, 205, 222), 1.0f);
    /* the ground: the terrain's outline, filled below (steps and drops straight down) */
    enum { MAX_GROUND = 1000 };
    sa_vec2 g[MAX_GROUND];
    size_t n = 0;
    const float x0 = left - 10.0f, x1 = right + 10.0f;
    float prev = plat_terrain(x0);
    g[n++] = sa_v2(x0, bottom + 50.0f);
    g[n++] = sa_v2(x0, prev);
    for (float x = x0; x <= x1 && n + 3 < MAX_GROUND; x += 4.0f) {
        const float y = plat_terrain(x);
        if (fabsf(y - prev) > 6.0f) g[n++] = sa_v2(x, prev);
        g[n++] = sa_v2(x, y);
        prev = y;
        /* a point in line with the two before it adds nothing: keep the outline a few segments */
        while (n >= 4) {
            const sa_vec2 p0 = g[n - 3], p1 = g[n - 2], p2 = g[n - 1];
            const float cross = (p1.x - p0.x) * (p2.y - p0.y) - (p1.y - p0.y) * (p2.x - p0.x);
            if (fabsf(cross) > 1e-3f * (1.0f + sa_v2_length(sa_v2_sub(p2, p0)))) break;
            g[n - 2] = p2;
            --n;
        }
    }
    g[n++] = sa_v2(x1, bottom + 50.0f);
    ex_canvas_fill_polygon(c, g, n, rgb255(217, 207, 184), 1.0f);
    for (size_t i = 2; i + 1 < n; ++i)
        line(c, g[i - 1], g[i], 2.0f, rgb255(60, 50, 40), 0.55f);
    line(c, sa_v2(PLAT_POOL_X0, PLAT_POOL_SURFACE), sa_v2(PLAT_POOL_X1, PLAT_POOL_SURFACE), 2.0f,
         rgb255(40, 100, 170), 0.8f);
    /* the ladder and its ledge */
    const ex_rgb wood = rgb255(122, 85, 48);
    line(c, sa_v2(PLAT_LEDGE_X0, PLAT_LADDER_TOP + 4.0f),
         sa_v2(PLAT_LEDGE_X1, PLAT_LADDER_TOP + 4.0f), 8.0f, rgb255(138, 106, 68), 1.0f);
    for (int side = -1; side <= 1; side += 2)
        line(c, sa_v2(PLAT_LADDER_X + 14.0f * (float)side, PLAT_LADDER_TOP - 30.0f),
             sa_v2(PLAT_LADDER_X + 14.0f * (float)side, PLAT_LADDER_BOTTOM), 3.0f, wood, 1.0f);
    for (float y = PLAT_LADDER_BOTTOM - PLAT_LADDER_RUNG; y > PLAT_LADDER_TOP - 30.0f;
         y -= PLAT_LADDER_RUNG)
        line(c, sa_v2(PLAT_LADDER_X - 14.0f, y), sa_v2(PLAT_LADDER_X + 14.0f, y), 3.0f, wood, 1.0f);
    /* the swinging ball on its rope, and its beam */
    const sa_vec2 ball = plat_ball(l->time);
    line(c, sa_v2(PLAT_BALL_X - 60.0f, PLAT_BALL_Y), sa_v2(PLAT_BALL_X + 60.0f, PLAT_BALL_Y), 6.0f,
         rgb255(93, 74, 51), 1.0f);
    line(c, sa_v2(PLAT_BALL_X, PLAT_BALL_Y), ball, 2.0f, rgb255(93, 74, 51), 1.0f);
    ex_canvas_fill_circle(c, ball, PLAT_BALL_R,
                          l->knocked > 0.0f ? rgb255(181, 69, 43) : rgb255(122, 85, 48), 1.0f);
    /* the end flag */
    line(c, sa_v2(PLAT_END_X, PLAT_LADDER_TOP), sa_v2(PLAT_END_X, PLAT_LADDER_TOP - 110.0f), 3.0f,
         rgb255(35, 32, 28), 1.0f);
    const sa_vec2 flag[3] = {sa_v2(PLAT_END_X, PLAT_LADDER_TOP - 110.0f),
                             sa_v2(PLAT_END_X + 44.0f, PLAT_LADDER_TOP - 96.0f),
                             sa_v2(PLAT_END_X, PLAT_LADDER_TOP - 82.0f)};
    ex_canvas_fill_polygon(c, flag, 3, l->finished ? rgb255(60, 140, 74) : rgb255(181, 69, 43),
                           1.0f);
    /* footstep dust */
    for (int i = 0; i < 8; ++i) {
        const float age = l->dust_age[i];
        if (age < 0.0f) continue;
        const float fade = 1.0f - age / 0.45f;
        for (int d = -1; d <= 1; ++d)
            ex_canvas_fill_circle(c,
                                  sa_v2(l->dust_x[i] + 7.0f * (float)d * (1.0f + 3.0f * age),
                                        l->dust_y[i] - 3.0f - 12.0f * age),
                                  2.5f * fade + 1.0f, rgb255(120, 100, 80), 0.5f * fade);
    }
    ex_canvas_view(c, left - l->body.x, top - l->body.y, view_w); /* figure space */
    draw_figure(a, sa_figure_get_pose(&l->fig), 0.0f);
    draw_hud(a);
}

static void draw_frame(app *a) {
    ex_canvas *c = &a->canvas;
    const srg_game *g = a->game;
    if (a->in_level) {
        draw_level(a);
        return;
    }
    const sa_figure_pose *p = srg_pose(g);
    const float k = (float)c->height / SCENE_H, view_w = (float)c->width / k;
    const float left = -ANCHOR_AT * view_w, right = left + view_w;
    ex_canvas_view(c, left, -GROUND_AT, view_w);
    ex_canvas_clear(c, ex_paper());
    if (g->flash > 0.0f && g->mode == SRG_MODE_RUN) { /* a bump: a short red tint that fades */
        const sa_vec2 all[4] = {sa_v2(left, -GROUND_AT), sa_v2(right, -GROUND_AT),
                                sa_v2(right, SCENE_H), sa_v2(left, SCENE_H)};
        ex_canvas_fill_polygon(c, all, 4, rgb255(200, 70, 40), 0.25f * g->flash / SRG_FLASH_S);
    }
    /* Ground dots at k·spacing − scroll: they move at the figure's reported ground speed. */
    const float sp = EX_DOT_SPACING, phase = ex_ground_phase(g->scroll, sp);
    for (float m = floorf(left / sp); m * sp - phase < right + sp; m += 1.0f)
        ex_canvas_fill_circle(c, sa_v2(m * sp - phase, EX_DOT_Y), EX_DOT_R, ex_dot_colour(), 1.0f);
    if (g->mode == SRG_MODE_RUN)
        for (int i = 0; i < g->object_count; ++i) {
            const srg_object *o = &g->objects[i];
            const float sx = srg_ahead(g, o);
            const float alpha = o->done ? fmaxf(0.0f, 1.0f - o->fade / SRG_FADE_S) : 1.0f;
            if (sx < left - 60.0f || sx > right + 60.0f) continue;
            if (o->kind == SRG_ROCK)
                draw_rock(c, sx, o, alpha);
            else
                draw_target(c, sx, o, alpha);
        }
    draw_figure(a, p, g->scroll);
    if (a->skeleton && g->mode == SRG_MODE_LAB) draw_skeleton(c, p);
    draw_hud(a);
}

/* Saves what the renderer shows now as a BMP (read back from SDL; the canvas if that fails). */
static int save_screenshot(app *a, const char *path) {
    const int w = a->canvas.width, h = a->canvas.height;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (!s) return 1;
    const char *source = "read back from the SDL renderer";
    if (SDL_RenderReadPixels(a->renderer, NULL, SDL_PIXELFORMAT_RGB24, s->pixels, s->pitch) != 0) {
        for (int y = 0; y < h; ++y)
            memcpy((unsigned char *)s->pixels + (size_t)y * (size_t)s->pitch,
                   a->canvas.rgb + (size_t)y * (size_t)w * 3u, (size_t)w * 3u);
        source = "from the canvas";
    }
    const int rc = SDL_SaveBMP(s, path);
    SDL_FreeSurface(s);
    if (rc != 0) {
        fprintf(stderr, "sdl: cannot write %s: %s\n", path, SDL_GetError());
        return 1;
    }
    char detail[96];
    snprintf(detail, sizeof detail, "(%d x %d, %s)", w, h, source);
    ex_print_wrote(path, detail);
    return 0;
}

static int render(app *a) {
    if (fit_canvas(a)) return 1;
    draw_frame(a);
    SDL_UpdateTexture(a->texture, NULL, a->canvas.rgb, a->canvas.width * 3);
    SDL_RenderClear(a->renderer);
    SDL_RenderCopy(a->renderer, a->texture, NULL, NULL);
    if (a->shot_path) {
        if (save_screenshot(a, a->shot_path)) return 1;
        a->shot_path = NULL;
    }
    SDL_RenderPresent(a->renderer);
    return 0;
}

/* ---- headless runs: scripted keys, a bot, checks -------------------------------------------- */

/* The web test's bot: Space when a rock is 120-240 units ahead, F when a target is 140-200 ahead
 * and the feet are on the ground; each object gets one press. Returns 1 when it thrust. */
static int bot(app *a, float *pressed, int *npressed) {
    const srg_game *g = a->game;
    int thrust = 0;
    if (g->mode != SRG_MODE_RUN) return 0;
    for (int i = 0; i < g->object_count; ++i) {
        const srg_object *o = &g->objects[i];
        const float ahead = srg_ahead(g, o);
        int seen = 0;
        for (int j = 0; j < *npressed && j < MAX_PRESSED; ++j)
            seen |= pressed[j] == o->x;
        if (o->done || seen) continue;
        SDL_Keycode key = SDLK_UNKNOWN;
        if (o->kind == SRG_ROCK && ahead < 240.0f && ahead > 120.0f)
            key = SDLK_SPACE;
        else if (o->kind == SRG_TARGET && ahead < 200.0f && ahead > 140.0f && !srg_airborne(g))
            key = SDLK_f;
        if (key == SDLK_UNKNOWN) continue;
        push_key(a, key);
        thrust |= key == SDLK_f;
        pressed[(*npressed)++ % MAX_PRESSED] = o->x; /* the last MAX_PRESSED presses */
    }
    return thrust;
}

/* How far apart two poses are: the largest distance between the same body joint (the spear and
 * the hair move fast by design). */
static float body_distance(const sa_vec2 *p, const sa_vec2 *q) {
    float d = 0.0f;
    for (int j = 0; j < SA_FIGURE_JOINT_SPEAR_BUTT; ++j)
        d = fmaxf(d, sa_v2_length(sa_v2_sub(p[j], q[j])));
    return d;
}

/* A switch must not pop (the web test's measure): from the moment before it, run the game on once
 * without the switch and once with it; the first frame after the switch may differ from the
 * unswitched one by at most half of how far the two have drifted apart 30 frames later. `before`
 * is the game as it was before the switch, `after` as it is one frame after. */
static void watch_switch(stats *st, const srg_game *before, const srg_game *after, float dt,
                         srg_game *scratch) {
    enum { LATER = 30 };
    sa_vec2 off1[SA_FIGURE_JOINT_COUNT], off30[SA_FIGURE_JOINT_COUNT];
    *scratch = *before; /* the game going on without the switch */
    srg_update(scratch, NULL, dt);
    memcpy(off1, srg_pose(scratch)->joints, sizeof off1);
    for (int i = 1; i < LATER; ++i)
        srg_update(scratch, NULL, dt);
    memcpy(off30, srg_pose(scratch)->joints, sizeof off30);
    *scratch = *after; /* and with it */
    const float first = body_distance(srg_pose(scratch)->joints, off1);
    for (int i = 1; i < LATER; ++i)
        srg_update(scratch, NULL, dt);
    const float later = body_distance(srg_pose(scratch)->joints, off30);
    st->switch_step = fmaxf(st->switch_step, first / fmaxf(later, 1.0f));
    ++st->switches;
}

static void watch(const app *a, stats *st, const sa_vec2 *before, int was_air, int was_thrust) {
    const srg_game *g = a->game;
    const sa_figure_pose *p = srg_pose(g);
    const int air = srg_airborne(g), thrust = srg_thrusting(g);
    st->jumps += air && !was_air;
    st->thrusts += thrust && !was_thrust;
    st->root_min = fminf(st->root_min, srg_root_offset(g));
    st->max_dt = fmaxf(st->max_dt, p->dt);
    const float tip = p->joints[SA_FIGURE_JOINT_SPEAR_TIP].x;
    if (g->mode == SRG_MODE_RUN && p->motion == SA_FIGURE_MOTION_SPEAR_RUN && p->spear > 0.99f) {
        if (thrust)
            st->thrust_tip = fmaxf(st->thrust_tip, tip);
        else if (!air && st->thrusts == 0)
            st->rest_tip = fmaxf(st->rest_tip, tip);
    }
    st->max_step = fmaxf(st->max_step, body_distance(p->joints, before));
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(&g->fig, ev, SA_FIGURE_MAX_EVENTS);
    for (size_t e = 0; e < n; ++e)
        if (ev[e].kind == SA_FIGURE_EVENT_MOVE && ev[e].index >= 0 &&
            ev[e].index < SA_FIGURE_MOVE_MAX_EVENTS)
            ++st->sword_hits[ev[e].index];
    st->blade_max = fmaxf(st->blade_max, p->blade);
    if (p->blade > 0.0f && p->motion != g->lab_motion && g->mode == SRG_MODE_LAB)
        ++st->sword_off_run;
    if (g->mode == SRG_MODE_LAB) {
        st->lab_asked[g->lab_motion] = 1;
        if (p->motion == g->lab_motion) st->lab_shown[g->lab_motion] = 1;
        if (p->motion == SA_FIGURE_MOTION_WALK && p->gait < 0.01f) st->walk_speed = p->ground_speed;
        if (p->motion == SA_FIGURE_MOTION_RUN && p->gait > 0.99f) st->run_speed = p->ground_speed;
    }
}

/* The Platformer's bot, as the web test's: turns left and back at the start, jumps once, walks
 * right, climbs the ladder (up, a few rungs down, up again) and walks on to the end, where the
 * water and the swinging ball take it through the rest of the modes. Keys go through SDL's event
 * queue, held from their key-down to their key-up. */
static void level_bot(app *a, int *phase, int frame) {
    const plat_level *l = a->level;
    const plat_body *b = &l->body;
    enum { TURN, BACK, JUMP, RUN, CLIMB_UP, CLIMB_DOWN, CLIMB_AGAIN, ON };
    if (*phase == TURN && frame == 0) push_key_event(a, SDLK_LEFT, 1);
    if (*phase == TURN && frame >= 20) {
        push_key_event(a, SDLK_LEFT, 0);
        push_key_event(a, SDLK_RIGHT, 1);
        *phase = JUMP;
    } else if (*phase == JUMP && b->x > 120.0f) {
        push_key_event(a, SDLK_SPACE, 1);
        push_key_event(a, SDLK_SPACE, 0);
        *phase = RUN;
    } else if (*phase == RUN && b->y > 600.0f && b->x > PLAT_LADDER_X - 20.0f) {
        push_key_event(a, SDLK_RIGHT, 0);
        push_key_event(a, SDLK_UP, 1);
        *phase = CLIMB_UP;
    } else if (*phase == CLIMB_UP && b->ladder && b->y < PLAT_LADDER_TOP + 120.0f) {
        push_key_event(a, SDLK_UP, 0);
        push_key_event(a, SDLK_DOWN, 1);
        *phase = CLIMB_DOWN;
    } else if (*phase == CLIMB_DOWN && b->y > PLAT_LADDER_TOP + 170.0f) {
        push_key_event(a, SDLK_DOWN, 0);
        push_key_event(a, SDLK_UP, 1);
        *phase = CLIMB_AGAIN;
    } else if (*phase == CLIMB_AGAIN && b->ladder && b->y <= PLAT_LADDER_TOP + 0.01f) {
        push_key_event(a, SDLK_UP, 0);
        push_key_event(a, SDLK_RIGHT, 1);
        *phase = ON;
    }
}

/* Every Platformer frame: finite joints, the feet never into the ground while the body walks on
 * it (a foot's drawn end is about 4 units across: within 4 units of a stair's edge it may stand
 * at either step's height), and the order of the modes. */
static void watch_level(const app *a, stats *st) {
    const plat_level *l = a->level;
    const sa_figure_pose *p = sa_figure_get_pose(&l->fig);
    int finite = 1;
    for (int j = 0; j < SA_FIGURE_JOINT_COUNT; ++j)
        finite &= isfinite(p->joints[j].x) && isfinite(p->joints[j].y);
    ++st->level_frames;
    st->level_finite += finite;
    st->max_dt = fmaxf(st->max_dt, p->dt);
    if (l->body.grounded && p->mode == SA_MODE_LOCO)
        for (int f = 0; f < 2; ++f) {
            const sa_vec2 foot = p->joints[SA_FIGURE_JOINT_FOOT_NEAR + f];
            const float wx = l->body.x + foot.x;
            const float under =
                fmaxf(plat_ground(wx, l->body.y),
                      fmaxf(plat_ground(wx - 4.0f, l->body.y), plat_ground(wx + 4.0f, l->body.y)));
            const float below = l->body.y + foot.y - under;
            st->level_below = fmaxf(st->level_below, below);
        }
    const int n = st->level_mode_count;
    if ((n == 0 || st->level_modes[n - 1] != p->mode) && n < 64)
        st->level_modes[st->level_mode_count++] = p->mode;
}

/* True when mode `x` was directly followed by mode `y`. */
static int followed(const stats *st, sa_mode x, sa_mode y) {
    for (int i = 0; i + 1 < st->level_mode_count; ++i)
        if (st->level_modes[i] == x && st->level_modes[i + 1] == y) return 1;
    return 0;
}

static int expect(int ok, const char *what, const char *detail, int *failed) {
    printf("  %s %s (%s)\n", ok ? "ok  " : "FAIL", what, detail);
    *failed += !ok;
    return ok;
}

static int check(const app *a, const stats *st) {
    const srg_game *g = a->game;
    char d[160];
    int failed = 0, total = 0;
    printf("sdl check %s:\n", a->opt.check);
    if (strcmp(a->opt.check, "level") == 0) {
        const plat_level *l = a->level;
        char seq[640] = "";
        for (int i = 0; i < st->level_mode_count; ++i) {
            const size_t used = strlen(seq);
            snprintf(seq + used, sizeof seq - used, "%s%s", i ? " " : "",
                     sa_mode_name(st->level_modes[i]));
        }
        snprintf(d, sizeof d, "%d frames, body at x %.0f", st->level_frames, (double)l->body.x);
        expect(a->in_level && l->finished, "the bot plays the Platformer start to end", d, &failed);
        int all = 1;
        for (int m = 0; m < SA_MODE_COUNT_; ++m)
            all &= l->seen[m];
        expect(all, "every mode shows: loco jump fall land sit swim climb ragdoll getup", seq,
               &failed);
        expect(followed(st, SA_MODE_FALL, SA_MODE_LAND) && followed(st, SA_MODE_FALL, SA_MODE_SIT),
               "the ledge lands soft, the high drop sits", seq, &failed);
        expect(followed(st, SA_MODE_RAGDOLL, SA_MODE_GETUP) &&
                   followed(st, SA_MODE_GETUP, SA_MODE_LOCO),
               "the swinging ball knocks it down, then it gets up", seq, &failed);
        snprintf(d, sizeof d, "faced left %s, right %s", l->seen_left ? "yes" : "no",
                 l->seen_right ? "yes" : "no");
        expect(l->seen_left && l->seen_right, "Left and Right turn the figure", d, &failed);
        snprintf(d, sizeof d, "%d of %d frames finite; feet at most %.2f units into the ground",
                 st->level_finite, st->level_frames, (double)st->level_below);
        expect(st->level_finite == st->level_frames && st->level_below < 2.0f,
               "joints finite, the feet on the ground (slope, stairs, ledges)", d, &failed);
        snprintf(d, sizeof d, "%d footsteps", l->footsteps);
        expect(l->footsteps > 10, "footstep events (dust)", d, &failed);
        snprintf(d, sizeof d, "largest step %.4f s", (double)st->max_dt);
        expect(st->max_dt <= SRG_DT_CAP + 1e-6f, "each step is capped at 50 ms", d, &failed);
        total = 7;
    } else if (strcmp(a->opt.check, "sword") == 0) {
        snprintf(d, sizeof d, "hits reported %d, %d, %d", st->sword_hits[0], st->sword_hits[1],
                 st->sword_hits[2]);
        expect(srg_has_sword() && st->sword_hits[0] == 2 && st->sword_hits[1] == 2 &&
                   st->sword_hits[2] == 2 && st->sword_hits[3] == 0,
               "X plays the sword combo: each of its three hits once a combo", d, &failed);
        snprintf(d, sizeof d, "blade up to %.2f, %d frames off the run", (double)st->blade_max,
                 st->sword_off_run);
        expect(st->blade_max > 0.99f && st->sword_off_run == 0 &&
                   g->lab_motion == SA_FIGURE_MOTION_RUN,
               "the blade shows while the legs keep running", d, &failed);
        total = 2;
    } else if (strcmp(a->opt.check, "game") == 0) {
        snprintf(d, sizeof d, "%d jumps, the root rose %.0f units", st->jumps,
                 (double)-st->root_min);
        expect(st->jumps >= 1 && st->root_min < -60.0f, "Space/Up jumps", d, &failed);
        snprintf(d, sizeof d, "%d thrusts, tip %.0f -> %.0f units ahead", st->thrusts,
                 (double)st->rest_tip, (double)st->thrust_tip);
        expect(st->thrusts >= 1 && st->thrust_tip > st->rest_tip + 20.0f, "F/Right thrusts", d,
               &failed);
        snprintf(d, sizeof d, "%d rocks cleared, %d bumped", g->cleared, g->bumps);
        expect(g->cleared >= 1, "jumping over a rock scores", d, &failed);
        snprintf(d, sizeof d, "%d targets speared, %d missed", g->speared, g->missed);
        expect(g->speared >= 1, "spearing a target scores", d, &failed);
        snprintf(d, sizeof d, "score %d", g->score);
        expect(g->score == g->cleared + 3 * g->speared && g->score > 0, "the score counts them", d,
               &failed);
        snprintf(d, sizeof d, "largest step %.4f s", (double)st->max_dt);
        expect(a->opt.hitch_frame >= 0 && a->opt.hitch_frame < a->opt.frames &&
                   st->max_dt <= SRG_DT_CAP + 1e-6f,
               "a 250 ms hitch (--hitch) advances 50 ms at most", d, &failed);
        total = 6;
    } else {
        int asked = 0, shown = 0;
        for (int m = 0; m < SA_FIGURE_MOTION_COUNT_; ++m) {
            asked += st->lab_asked[m];
            shown += st->lab_asked[m] && st->lab_shown[m];
        }
        snprintf(d, sizeof d, "%d of %d motions asked for were shown", shown, asked);
        expect(asked >= 6 && shown == asked, "keys 1-7 switch the motion", d, &failed);
        snprintf(d, sizeof d, "walk %.1f, run %.1f units/s", (double)st->walk_speed,
                 (double)st->run_speed);
        expect(fabsf(st->walk_speed - 106.0f) < 8.0f && fabsf(st->run_speed - 383.0f) < 15.0f,
               "the ground scrolls at the gait's speed", d, &failed);
        snprintf(d, sizeof d,
                 "%d switches; the first frame is at most %.2f of the change 30 frames later; "
                 "joints move up to %.1f units a frame",
                 st->switches, (double)st->switch_step, (double)st->max_step);
        expect(st->switches >= 6 && st->switch_step <= 0.5f, "switching never pops", d, &failed);
        total = 3;
    }
    printf("%d passed, %d failed\n", total - failed, failed);
    return failed ? 1 : 0;
}

/* ---- options -------------------------------------------------------------------------------- */

static void usage(const char *argv0) {
    fprintf(stderr,
            "usage: %s [--size WxH (960x540)] [--lab]\n"
            "  headless: --frames N [--script T:KEY,...] [--bot] [--check game|lab|level|sword]\n"
            "            [--screenshot FILE.bmp] [--shot-frame F] [--hitch F]\n"
            "  --frames runs N frames of 1/60 s as fast as it can, then quits; --script presses\n"
            "  SDL key names at T seconds (e.g. 0.5:Space,1:F,2:Tab,2.5:3); --bot jumps at rocks\n"
            "  and thrusts at targets (in the Platformer: plays the level to its end); --hitch\n"
            "  makes frame F a 250 ms step; --check verifies what happened and exits 1 if it\n"
            "  did not.\n"
            "  Keys: Space/Up jump, F/Right thrust, R restart, Tab/M game -> motion lab ->\n"
            "  Platformer, L Platformer, 1-7 walk, run, throw, jump, spear form, spear run, wave,\n"
            "  K skeleton, [ ] lab speed, P pause, Esc quit. Platformer: Left/Right walk,\n"
            "  Space/Up jump, Up/Down climb.\n",
            argv0);
}

static int parse_script(const char *s, options *o) {
    while (*s) {
        char name[32];
        double t = 0.0;
        int used = 0;
        if (sscanf(s, "%lf:%31[^,]%n", &t, name, &used) != 2 || t < 0.0) return 1;
        const SDL_Keycode key = SDL_GetKeyFromName(name);
        if (key == SDLK_UNKNOWN || o->script_count >= MAX_SCRIPT) return 1;
        o->script[o->script_count].frame = (int)(t * 60.0 + 0.5);
        o->script[o->script_count].key = key;
        ++o->script_count;
        s += used;
        if (*s == ',') ++s;
    }
    return 0;
}

static int parse(int argc, char **argv, options *o) {
    memset(o, 0, sizeof *o);
    o->width = 960;
    o->height = 540;
    o->shot_frame = -1;
    o->hitch_frame = -1;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const int has = i + 1 < argc;
        if (strcmp(a, "--frames") == 0 && has)
            o->frames = atoi(argv[++i]);
        else if (strcmp(a, "--size") == 0 && has) {
            if (sscanf(argv[++i], "%dx%d", &o->width, &o->height) != 2) return 1;
        } else if (strcmp(a, "--script") == 0 && has) {
            if (parse_script(argv[++i], o)) return 1;
        } else if (strcmp(a, "--bot") == 0)
            o->bot = 1;
        else if (strcmp(a, "--lab") == 0) {
            if (o->script_count >= MAX_SCRIPT) return 1;
            o->script[o->script_count].frame = 0;
            o->script[o->script_count++].key = SDLK_TAB;
        } else if (strcmp(a, "--check") == 0 && has)
            o->check = argv[++i];
        else if (strcmp(a, "--screenshot") == 0 && has)
            o->screenshot = argv[++i];
        else if (strcmp(a, "--shot-frame") == 0 && has)
            o->shot_frame = atoi(argv[++i]);
        else if (strcmp(a, "--hitch") == 0 && has)
            o->hitch_frame = atoi(argv[++i]);
        else
            return 1;
    }
    if (o->check && strcmp(o->check, "game") != 0 && strcmp(o->check, "lab") != 0 &&
        strcmp(o->check, "level") != 0 && strcmp(o->check, "sword") != 0)
        return 1;
    if ((o->check || o->bot) && o->frames <= 0) return 1;
    return (o->frames < 0 || o->width < 64 || o->height < 64 || o->width > 8192 || o->height > 8192)
               ? 1
               : 0;
}

/* ---- main ----------------------------------------------------------------------------------- */

static int run_headless(app *a) {
    stats st;
    memset(&st, 0, sizeof st);
    float pressed[MAX_PRESSED];
    int npressed = 0, shot_at = a->opt.shot_frame, level_phase = 0, level_frame = 0;
    sa_vec2 before[SA_FIGURE_JOINT_COUNT];
    srg_game *snap = (srg_game *)malloc(sizeof *snap),
             *scratch = (srg_game *)malloc(sizeof *scratch);
    if (!snap || !scratch) {
        free(snap);
        free(scratch);
        return 1;
    }
    for (a->frame = 0; a->frame < a->opt.frames && !a->quit; ++a->frame) {
        for (int i = 0; i < a->opt.script_count; ++i)
            if (a->opt.script[i].frame == a->frame) push_key(a, a->opt.script[i].key);
        /* The screenshot: 8 frames after the bot's first thrust at a target (the tip at the
         * target), unless a frame was given; the last frame otherwise. */
        if (a->opt.bot && !a->in_level && bot(a, pressed, &npressed) && shot_at < 0)
            shot_at = a->frame + 8;
        if (a->opt.bot && a->in_level) level_bot(a, &level_phase, level_frame++);
        a->switched = 0;
        a->input.jump = a->input.thrust = a->input.sword = 0;
        *snap = *a->game; /* a plain struct: copying it snapshots the figure and the world */
        poll_events(a);
        memcpy(before, srg_pose(a->game)->joints, sizeof before);
        const int was_air = srg_airborne(a->game), was_thrust = srg_thrusting(a->game);
        /* --hitch: one step of 250 ms, to show the cap. */
        const float dt = a->frame == a->opt.hitch_frame ? 0.25f : FIXED_DT;
        if (a->in_level) {
            plat_update(a->level, &a->keys, dt);
            a->keys.jump = 0;
            watch_level(a, &st);
            /* the screenshot: the figure swimming, unless a frame was given */
            if (shot_at < 0 && a->level->mode == SA_MODE_SWIM && a->level->body.x > 1900.0f)
                shot_at = a->frame;
        } else {
            srg_update(a->game, &a->input, a->game->mode == SRG_MODE_LAB ? dt * a->time_scale : dt);
            watch(a, &st, before, was_air, was_thrust);
        }
        if (a->switched && !a->in_level) watch_switch(&st, snap, a->game, FIXED_DT, scratch);
        if (a->opt.screenshot &&
            (a->frame == shot_at || (shot_at < 0 && a->frame + 1 == a->opt.frames)))
            a->shot_path = a->opt.screenshot;
        if (render(a)) break;
    }
    free(snap);
    free(scratch);
    if (a->frame < a->opt.frames && !a->quit) return 1;
    const srg_game *g = a->game;
    printf("sdl: %d frames, mode %s, motion %s, score %d (cleared %d, speared %d, bumps %d)\n",
           a->frame,
           a->in_level               ? "platformer"
           : g->mode == SRG_MODE_RUN ? "game"
                                     : "lab",
           sa_figure_motion_name(srg_pose(g)->motion), g->score, g->cleared, g->speared, g->bumps);
    return a->opt.check ? check(a, &st) : 0;
}

static int run_window(app *a) {
    const double freq = (double)SDL_GetPerformanceFrequency();
    Uint64 last = SDL_GetPerformanceCounter();
    while (!a->quit) {
        a->input.jump = a->input.thrust = a->input.sword = 0;
        poll_events(a);
        const Uint64 now = SDL_GetPerformanceCounter();
        float dt = (float)((double)(now - last) / freq);
        last = now;
        if (dt > SRG_DT_CAP) dt = SRG_DT_CAP; /* the game caps it too */
        if (a->hidden) {
            SDL_Delay(50);
            continue;
        }
        if (!a->paused && a->in_level) {
            plat_update(a->level, &a->keys, dt);
            a->keys.jump = 0;
        } else if (!a->paused)
            srg_update(a->game, &a->input, a->game->mode == SRG_MODE_LAB ? dt * a->time_scale : dt);
        if (render(a)) return 1;
        /* Without vsync, do not spin: about 120 frames a second at most. */
        const double spent = (double)(SDL_GetPerformanceCounter() - now) / freq;
        if (spent < 1.0 / 120.0) SDL_Delay((Uint32)((1.0 / 120.0 - spent) * 1000.0));
    }
    return 0;
}

int main(int argc, char **argv) {
    app a;
    memset(&a, 0, sizeof a);
    SDL_SetMainReady();
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl: SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
    if (parse(argc, argv, &a.opt)) { /* after SDL_Init: key names need it */
        usage(argv[0]);
        SDL_Quit();
        return 2;
    }
    a.time_scale = 1.0f;
    a.scene = (ex_scene *)malloc(sizeof *a.scene);
    a.game = (srg_game *)malloc(sizeof *a.game);
    a.level = (plat_level *)malloc(sizeof *a.level);
    const Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                         (a.opt.frames > 0 ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN);
    a.window = SDL_CreateWindow("Stickman Spear Run - libstickanim", SDL_WINDOWPOS_CENTERED,
                                SDL_WINDOWPOS_CENTERED, a.opt.width, a.opt.height, flags);
    if (a.window) {
        a.renderer = SDL_CreateRenderer(a.window, -1, SDL_RENDERER_PRESENTVSYNC);
        if (!a.renderer) a.renderer = SDL_CreateRenderer(a.window, -1, SDL_RENDERER_SOFTWARE);
    }
    int rc = 1;
    if (!a.scene || !a.game || !a.level || !a.window || !a.renderer) {
        fprintf(stderr, "sdl: cannot open a window: %s\n", SDL_GetError());
    } else {
        srg_init(a.game, (float)a.opt.width * SCENE_H / (float)a.opt.height);
        plat_init(a.level);
        if (a.opt.frames == 0) {
            SDL_RendererInfo info;
            if (SDL_GetRendererInfo(a.renderer, &info) == 0)
                printf("sdl: %s video, %s renderer. Space/Up jump, F/Right thrust, Tab lab, Esc "
                       "quit\n",
                       SDL_GetCurrentVideoDriver(), info.name);
        }
        rc = a.opt.frames > 0 ? run_headless(&a) : run_window(&a);
    }
    if (a.texture) SDL_DestroyTexture(a.texture);
    if (a.renderer) SDL_DestroyRenderer(a.renderer);
    if (a.window) SDL_DestroyWindow(a.window);
    ex_canvas_free(&a.canvas);
    free(a.game);
    free(a.level);
    free(a.scene);
    SDL_Quit();
    return rc;
}
