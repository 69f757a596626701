#include "lab.h"

#include <math.h>
#include <string.h>

#include <stickanim/figure.h>

/* The script: each step asks for one motion from its start time on; jumps and thrusts are
 * triggered at their own times (some mid-motion, to show that switching never pops). */
typedef struct lab_step {
    float start;
    sa_figure_motion motion;
    float speed;
    const char *name;
} lab_step;

static const lab_step SCRIPT[] = {
    {0.0f, SA_FIGURE_MOTION_IDLE, 0.0f, "idle"},
    {1.5f, SA_FIGURE_MOTION_WALK, 0.0f, "walk"},
    {5.0f, SA_FIGURE_MOTION_LOCOMOTE, 240.0f, "walk-run mix at 240 units/s"},
    {7.0f, SA_FIGURE_MOTION_RUN, 0.0f, "run"},
    {9.5f, SA_FIGURE_MOTION_JUMP, 0.0f, "jump"},
    {11.7f, SA_FIGURE_MOTION_THROW, 0.0f, "unarmed throw"},
    {14.5f, SA_FIGURE_MOTION_SPEAR_FORM, 0.0f, "spear form (17 poses)"},
    {28.6f, SA_FIGURE_MOTION_SPEAR_RUN, 0.0f, "Spear Run: run, thrust, jump"},
    {33.6f, SA_FIGURE_MOTION_IDLE, 0.0f, "idle"},
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
    ex_pose_from_figure(fp, lab->scroll, s->name, out);
}

float ex_gait_cycle(float gait, ex_pose *out, int count) {
    sa_figure fig;
    sa_figure_init(&fig, NULL);
    sa_figure_input in = sa_figure_input_default();
    in.motion = gait < 0.5f ? SA_FIGURE_MOTION_WALK : SA_FIGURE_MOTION_RUN;
    const char *name = gait < 0.5f ? "walk" : "run";
    const float dt = 1.0f / 600.0f;
    float scroll = 0.0f;
    for (int i = 0; i < 3000; ++i)
        sa_figure_update(&fig, &in, dt); /* 5 s: the gait has settled */
    float prev = sa_figure_get_pose(&fig)->phase;
    for (int i = 0; i < 60000; ++i) { /* wait for the phase to wrap: the cycle starts */
        sa_figure_update(&fig, &in, dt);
        const float ph = sa_figure_get_pose(&fig)->phase;
        const bool wrapped = ph < prev;
        prev = ph;
        if (wrapped) break;
    }
    ex_pose_from_figure(sa_figure_get_pose(&fig), scroll, name, &out[0]);
    float elapsed = 0.0f;
    int k = 1;
    for (int i = 0; i < 60000; ++i) { /* one pose each time the phase passes k / count */
        sa_figure_update(&fig, &in, dt);
        const sa_figure_pose *fp = sa_figure_get_pose(&fig);
        elapsed += fp->dt;
        scroll += fp->ground_speed * fp->dt;
        if (fp->phase < prev) break;
        prev = fp->phase;
        for (; k < count && fp->phase >= (float)k / (float)count; ++k)
            ex_pose_from_figure(fp, scroll, name, &out[k]);
    }
    for (; k < count; ++k)
        out[k] = out[k - 1];
    return elapsed;
}
