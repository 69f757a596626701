#include "lab.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/figure.h>

/* The script: each step asks for one motion from its start time on; jumps and thrusts are
 * triggered at their own times (some mid-motion, to show that switching never pops). */
typedef struct lab_step {
    float start;
    sa_figure_motion motion;
    float speed;
    const char *name; /* the caption; NULL: the motion's name (sa_figure_motion_name) */
} lab_step;

#define LAB_LOCOMOTE_SPEED 240.0f /* units/s: the lab's walk-run mix */

static const lab_step SCRIPT[] = {
    {0.0f, SA_FIGURE_MOTION_IDLE, 0.0f, NULL},
    {1.5f, SA_FIGURE_MOTION_WALK, 0.0f, NULL},
    {5.0f, SA_FIGURE_MOTION_LOCOMOTE, LAB_LOCOMOTE_SPEED, "walk-run mix at 240 units/s"},
    {7.0f, SA_FIGURE_MOTION_RUN, 0.0f, NULL},
    {9.5f, SA_FIGURE_MOTION_JUMP, 0.0f, NULL},
    {11.7f, SA_FIGURE_MOTION_THROW, 0.0f, "unarmed throw"},
    {14.5f, SA_FIGURE_MOTION_SPEAR_FORM, 0.0f, "spear form (17 poses)"},
    {28.6f, SA_FIGURE_MOTION_SPEAR_RUN, 0.0f, "Spear Run: run, thrust, jump"},
    {33.6f, SA_FIGURE_MOTION_IDLE, 0.0f, NULL},
};
enum { STEPS = (int)(sizeof SCRIPT / sizeof SCRIPT[0]) };
static const float DURATION = 35.0f;
static const float JUMPS[] = {31.6f};
static const float THRUSTS[] = {29.7f, 30.6f, 32.9f};

struct ex_lab {
    sa_figure fig;
    sa_figure_input input;
    float time, scroll;
};

size_t ex_lab_size(void) { return sizeof(ex_lab); }
float ex_lab_duration(void) { return DURATION; }

void ex_lab_init(ex_lab *lab) {
    memset(lab, 0, sizeof *lab);
    sa_figure_init(&lab->fig, NULL);
    lab->input = sa_figure_input_default();
}

static int step_at(float t) {
    int k = 0;
    while (k + 1 < STEPS && SCRIPT[k + 1].start <= t)
        ++k;
    return k;
}

/* Counts the events in [from, to): the lab's triggers fire once as the clock passes them. */
static uint32_t passed(const float *times, int n, float from, float to) {
    uint32_t c = 0;
    for (int i = 0; i < n; ++i)
        if (times[i] >= from && times[i] < to) ++c;
    return c;
}

void ex_pose_from_figure(const sa_figure_pose *fp, float scroll, const char *name, ex_pose *out) {
    const sa_vec2 *j = fp->joints;
    out->pelvis = j[SA_FIGURE_JOINT_PELVIS];
    out->hip = j[SA_FIGURE_JOINT_HIP];
    out->chest = j[SA_FIGURE_JOINT_CHEST];
    out->shoulder = j[SA_FIGURE_JOINT_SHOULDER];
    out->neck = j[SA_FIGURE_JOINT_NECK];
    out->head = j[SA_FIGURE_JOINT_HEAD];
    out->head_radius = fp->head_radius;
    out->knee[EX_NEAR] = j[SA_FIGURE_JOINT_KNEE_NEAR];
    out->knee[EX_FAR] = j[SA_FIGURE_JOINT_KNEE_FAR];
    out->foot[EX_NEAR] = j[SA_FIGURE_JOINT_FOOT_NEAR];
    out->foot[EX_FAR] = j[SA_FIGURE_JOINT_FOOT_FAR];
    out->elbow[EX_NEAR] = j[SA_FIGURE_JOINT_ELBOW_NEAR];
    out->elbow[EX_FAR] = j[SA_FIGURE_JOINT_ELBOW_FAR];
    out->hand[EX_NEAR] = j[SA_FIGURE_JOINT_HAND_NEAR];
    out->hand[EX_FAR] = j[SA_FIGURE_JOINT_HAND_FAR];
    out->spear = fp->spear;
    out->spear_butt = j[SA_FIGURE_JOINT_SPEAR_BUTT];
    out->spear_tip = j[SA_FIGURE_JOINT_SPEAR_TIP];
    out->blade = fp->blade;
    out->blade_tip = fp->blade_tip;
    out->hair_count = SA_VERLET_HAIR_POINTS < EX_MAX_HAIR ? SA_VERLET_HAIR_POINTS : EX_MAX_HAIR;
    for (int i = 0; i < out->hair_count; ++i)
        out->hair[i] = fp->hair[i];
    out->ground_speed = fp->ground_speed;
    out->ground_scroll = scroll;
    out->motion = name;
}

void ex_lab_step(ex_lab *lab, float dt, ex_pose *out) {
    float t1 = lab->time + dt;
    if (t1 >= DURATION) t1 -= DURATION * floorf(t1 / DURATION);
    const float t0 = t1 - dt; /* may be negative right after the wrap: events at 0 still fire */
    const lab_step *s = &SCRIPT[step_at(t1)];
    lab->input.motion = s->motion;
    lab->input.speed = s->speed;
    lab->input.jump += passed(JUMPS, (int)(sizeof JUMPS / sizeof JUMPS[0]), t0, t1);
    lab->input.thrust += passed(THRUSTS, (int)(sizeof THRUSTS / sizeof THRUSTS[0]), t0, t1);
    sa_figure_update(&lab->fig, &lab->input, dt);
    const sa_figure_pose *fp = sa_figure_get_pose(&lab->fig);
    lab->scroll += fp->ground_speed * fp->dt;
    lab->time = t1;
    ex_pose_from_figure(fp, lab->scroll, s->name ? s->name : sa_figure_motion_name(s->motion), out);
}

/* ---- one motion on its own, for contact sheets ------------------------------------------ */

enum { SOLO_HZ = 600 }; /* the sheets step the figure at 600 Hz */

/* A figure on its own with a fixed input; scroll is the ground's distance since it was zeroed. */
typedef struct solo {
    sa_figure fig;
    sa_figure_input in;
    float scroll;
    const char *name;
} solo;

static void solo_init(solo *s, sa_figure_motion motion, const char *name) {
    sa_figure_init(&s->fig, NULL);
    s->in = sa_figure_input_default();
    s->in.motion = motion;
    s->in.speed = LAB_LOCOMOTE_SPEED; /* read by the locomote motion only */
    s->scroll = 0.0f;
    s->name = name;
}

static const sa_figure_pose *solo_step(solo *s) {
    sa_figure_update(&s->fig, &s->in, 1.0f / (float)SOLO_HZ);
    const sa_figure_pose *fp = sa_figure_get_pose(&s->fig);
    s->scroll += fp->ground_speed * fp->dt;
    return fp;
}

static void solo_warm_up(solo *s, int steps) {
    for (int i = 0; i < steps; ++i)
        solo_step(s);
}

static void solo_pose(const solo *s, ex_pose *out) {
    ex_pose_from_figure(sa_figure_get_pose(&s->fig), s->scroll, s->name, out);
}

/* One gait cycle: steps on until the near foot's phase wraps (the cycle starts there), then writes
 * a pose each time the phase passes k / count. Returns the cycle's length in seconds. */
static float solo_gait_cycle(solo *s, ex_pose *out, int count) {
    float prev = sa_figure_get_pose(&s->fig)->phase;
    for (int i = 0; i < 60000; ++i) {
        const float ph = solo_step(s)->phase;
        const bool wrapped = ph < prev;
        prev = ph;
        if (wrapped) break;
    }
    s->scroll = 0.0f;
    solo_pose(s, &out[0]);
    float elapsed = 0.0f;
    int k = 1;
    for (int i = 0; i < 60000; ++i) {
        const sa_figure_pose *fp = solo_step(s);
        elapsed += fp->dt;
        if (fp->phase < prev) break;
        prev = fp->phase;
        for (; k < count && fp->phase >= (float)k / (float)count; ++k)
            solo_pose(s, &out[k]);
    }
    for (; k < count; ++k)
        out[k] = out[k - 1];
    return elapsed;
}

/* One play of `steps` steps from where the figure is: pose k after k·steps/count of them. */
static void solo_play(solo *s, long steps, ex_pose *out, int count) {
    s->scroll = 0.0f;
    for (long i = 0, k = 0;; ++i) {
        for (; k < count && i * count >= k * steps; ++k)
            solo_pose(s, &out[k]);
        if (k == count) return;
        solo_step(s);
    }
}

float ex_gait_cycle(float gait, ex_pose *out, int count) {
    solo s;
    const bool walk = gait < 0.5f;
    const sa_figure_motion m = walk ? SA_FIGURE_MOTION_WALK : SA_FIGURE_MOTION_RUN;
    solo_init(&s, m, sa_figure_motion_name(m));
    solo_warm_up(&s, 5 * SOLO_HZ); /* 5 s: the gait has settled */
    return solo_gait_cycle(&s, out, count);
}

int ex_motion_count(void) { return (int)SA_FIGURE_MOTION_COUNT_; }

const char *ex_motion_name(int motion) { return sa_figure_motion_name((sa_figure_motion)motion); }

/* Whether `typed` is `name`, ignoring case and reading '_' as ' '. */
static bool same_name(const char *typed, const char *name) {
    for (; *typed && *name; ++typed, ++name) {
        const int c = *typed == '_' ? ' ' : tolower((unsigned char)*typed);
        if (c != *name) return false;
    }
    return *typed == *name;
}

int ex_motion_find(const char *name) {
    if (!name || !*name) return -1;
    if (isdigit((unsigned char)name[0])) {
        char *end;
        const long m = strtol(name, &end, 10);
        return (*end == '\0' && m < ex_motion_count()) ? (int)m : -1;
    }
    for (int m = 0; m < ex_motion_count(); ++m)
        if (same_name(name, ex_motion_name(m))) return m;
    return -1;
}

float ex_motion_sheet_poses(int motion, ex_pose *out, int count) {
    if (motion < 0 || motion >= ex_motion_count() || count < 1) return 0.0f;
    solo s;
    solo_init(&s, (sa_figure_motion)motion, ex_motion_name(motion));
    const float seconds = sa_figure_motion_duration((sa_figure_motion)motion);
    if (seconds <= 0.0f) { /* gait-driven: ~1 s for the fade, then one gait cycle */
        solo_warm_up(&s, SOLO_HZ);
        return solo_gait_cycle(&s, out, count);
    }
    /* A clock-driven motion starts its play when first asked for: warming up for whole plays
     * leaves the figure at the start of the next one. */
    const long steps = lroundf(seconds * (float)SOLO_HZ);
    const long plays = (SOLO_HZ + steps - 1) / steps; /* at least 1 s */
    solo_warm_up(&s, (int)(plays * steps));
    solo_play(&s, steps, out, count);
    return (float)steps / (float)SOLO_HZ;
}

float ex_move_sheet_poses(const sa_figure_move *move, int over, ex_pose *out, int count) {
    if (count < 1 || sa_figure_move_validate(move, NULL) != SA_OK) return 0.0f;
    solo s;
    solo_init(&s, over >= 0 ? (sa_figure_motion)over : SA_FIGURE_MOTION_MOVE(0),
              move->name ? move->name : "move");
    if (sa_figure_set_moves(&s.fig, move, 1, NULL) != SA_OK) return 0.0f;
    const long steps = lroundf(move->duration * (float)SOLO_HZ);
    if (over >= 0) {
        solo_warm_up(&s, SOLO_HZ * 3 / 2);
        s.in.move = SA_FIGURE_MOTION_MOVE(0);
        ++s.in.move_counter;
    } else {
        /* Warm up for whole plays: the pictures start at the start of one. */
        const long plays = (SOLO_HZ + steps - 1) / steps;
        solo_warm_up(&s, (int)(plays * steps));
    }
    solo_play(&s, steps, out, count);
    return (float)steps / (float)SOLO_HZ;
}

/* ---- the game's body driving the figure, for contact sheets ------------------------------ */

/* A small physics body as a platformer has one: gravity, a jump impulse, a floor at `floor_y`
 * (world y, down), water and a ladder. The figure is drawn at the body's feet point. */
enum { BODY_HZ = 120 };
#define BODY_GRAVITY 2600.0f
#define BODY_JUMP    912.0f /* sqrt(2 g 160): the scripted jump's height */

typedef struct body_script {
    float x, y, vx, vy, floor_y;
    bool water, ladder;
} body_script;

/* The body at time t of scenario `name`; what the game would do with its keys, in code. */
static bool body_drive(const char *name, float t, body_script *b, sa_figure_input *in) {
    in->motion = SA_FIGURE_MOTION_LOCOMOTE;
    if (strcmp(name, "jump") == 0) {
        if (t >= 0.3f && b->floor_y == 0.0f && b->y >= 0.0f && in->jump == 0u) {
            in->jump = 1u;
            b->vy = -BODY_JUMP;
        }
        return t < 1.6f;
    }
    if (strcmp(name, "ledge") == 0 || strcmp(name, "hard") == 0) {
        const float drop = name[0] == 'l' ? 240.0f : 560.0f;
        b->vx = b->y > b->floor_y - 1.0f && b->floor_y > 0.0f ? 0.0f : 140.0f;
        if (b->x > 60.0f) b->floor_y = drop;
        return t < 2.6f;
    }
    if (strcmp(name, "swim") == 0) {
        b->water = true;
        b->vx = t < 1.0f ? 0.0f : fminf(220.0f, 120.0f * (t - 1.0f));
        return t < 4.0f;
    }
    if (strcmp(name, "swim_turn") == 0) {
        /* Swimming right, then turning round and swimming left: the legs trail behind. */
        b->water = true;
        in->facing = t < 1.5f ? SA_FIGURE_FACING_RIGHT : SA_FIGURE_FACING_LEFT;
        b->vx = t < 1.5f ? fminf(220.0f, 160.0f * t) : -220.0f;
        return t < 2.3f;
    }
    if (strcmp(name, "climb") == 0) {
        b->ladder = true;
        b->vx = 0.0f;
        b->vy = t < 1.6f ? -70.0f : t < 2.0f ? 0.0f : 70.0f;
        return t < 3.0f;
    }
    if (strcmp(name, "turn") == 0) {
        /* Turn on the spot, walk left, turn mid-walk and walk right. */
        in->facing = t < 0.3f || t >= 1.6f ? SA_FIGURE_FACING_RIGHT : SA_FIGURE_FACING_LEFT;
        b->vx = t < 0.8f ? 0.0f : t < 1.6f ? -120.0f : 120.0f;
        return t < 2.4f;
    }
    if (strcmp(name, "knock") == 0 || strcmp(name, "knock_front") == 0) {
        /* Walking, knocked back (or forward) at 0.5 s, released at 2 s. */
        const float push = name[5] ? 260.0f : -260.0f;
        b->vx = t < 0.5f ? 100.0f : 0.0f;
        in->body.knocked_down = t >= 0.5f && t < 2.0f;
        in->body.impulse.x = push;
        in->body.impulse.y = -300.0f;
        return t < 3.6f;
    }
    if (strcmp(name, "spear_jump") == 0) {
        /* Spear Run at the run's speed, a jump at 0.6 s. */
        in->motion = SA_FIGURE_MOTION_SPEAR_RUN;
        b->vx = 383.0f;
        if (t >= 0.6f && in->jump == 0u) {
            in->jump = 1u;
            b->vy = -BODY_JUMP;
        }
        return t < 1.8f;
    }
    if (strcmp(name, "run") == 0) {
        b->vx = fminf(380.0f, 200.0f * t);
        return t < 2.5f;
    }
    return false;
}

static void body_physics(body_script *b, float dt) {
    if (!b->ladder && !b->water) b->vy += BODY_GRAVITY * dt;
    if (b->water) b->vy = 0.0f;
    b->x += b->vx * dt;
    b->y += b->vy * dt;
    if (!b->ladder && b->y >= b->floor_y) {
        b->y = b->floor_y;
        if (b->vy > 0.0f) b->vy = 0.0f;
    }
}

float ex_body_sheet_poses(const char *scenario, ex_pose *out, int count) {
    if (!scenario || count < 1) return 0.0f;
    sa_figure_input in = sa_figure_input_default();
    body_script b = {0};
    float seconds = 0.0f;
    while (body_drive(scenario, seconds, &b, &in) && seconds < 60.0f)
        seconds += 1.0f / (float)BODY_HZ;
    if (seconds <= 0.0f) return 0.0f;
    sa_figure fig;
    sa_figure_init(&fig, NULL);
    in = sa_figure_input_default();
    b = (body_script){0};
    const long steps = lroundf(seconds * (float)BODY_HZ);
    float scroll = 0.0f;
    for (long i = 0, k = 0; k < count; ++i) {
        const float t = (float)i / (float)BODY_HZ;
        body_drive(scenario, t, &b, &in);
        body_physics(&b, 1.0f / (float)BODY_HZ);
        in.body.active = true;
        in.body.grounded = !b.ladder && !b.water && b.y >= b.floor_y && b.vy >= 0.0f;
        in.body.velocity.x = b.vx;
        in.body.velocity.y = b.vy;
        in.body.in_water = b.water;
        in.body.water_line = -100.0f;
        in.body.on_ladder = b.ladder;
        in.body.ladder_rung = fmodf(-b.y, 28.0f);
        sa_figure_update(&fig, &in, 1.0f / (float)BODY_HZ);
        const sa_figure_pose *fp = sa_figure_get_pose(&fig);
        scroll += fp->ground_speed * fp->dt;
        for (; k < count && i * count >= k * steps; ++k)
            ex_pose_from_figure(fp, scroll, sa_mode_name(fp->mode), &out[k]);
    }
    return seconds;
}
