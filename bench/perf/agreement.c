/* stickanim_agreement [SESSIONS] [body|calm|script]: how far apart the same random sessions are
 * drawn at 30, 60 and 144 fps from 120 fps. A session is a game's input as a function of time: its
 * changes (a body's speed, jump, the water, a ladder, a knock (not `calm`), a turn around; or a
 * script's motion, speed, jump and thrust presses and turns) come at multiples of 1/6 s, the
 * moments every one of these frame rates reaches, and a body's jump lands on one too (it is in
 * the air 2/3 s). A frame takes the changes as they are at its start and the body's height and
 * vertical velocity at its end, as a game's physics gives them. The poses are compared at those
 * moments: what is left apart is the figure's own doing, and what a frame rate cannot know (a
 * velocity that changes inside a frame). Prints, per frame rate, the largest joint distance and
 * how many sessions went past 1 and 3 units; with knocks, also past 3 units without the moments
 * a ragdoll or a get-up shows (a ragdoll is chaotic: a body knocked down in the air lands on
 * sub-steps whose fall the frames sample differently, and the difference grows). LIST=1 lists
 * the sessions past 3 units; SHOW=N [SHOW_FPS=60] prints session N's distances moment by
 * moment. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/figure.h>

enum { RATES = 4, REF = 2, SECONDS = 12, STEPS_PER_SECOND = 6 };
static const int RATE[RATES] = {30, 60, 120, 144};

#define GRAVITY 2600.0 /* units/s^2, screen y down */
#define AIR     (2.0 / 3.0)

static uint32_t next(uint32_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}
static double range(uint32_t *s, double lo, double hi) {
    return lo + (hi - lo) * (double)(next(s) % 100000u) / 100000.0;
}

/* The game's side of one session: what changes at step k (time k / STEPS_PER_SECOND). */
typedef struct change {
    double vx, climb;
    sa_vec2 impulse;
    uint32_t motion;
    float speed;
    bool jump, thrust, water, ladder, knock, left;
} change;

typedef struct session {
    change at[SECONDS * STEPS_PER_SECOND];
    bool body;
} session;

static void make_session(session *s, uint32_t seed, bool body, bool knocks) {
    uint32_t r = seed * 2654435761u + 1u;
    s->body = body;
    change c;
    memset(&c, 0, sizeof c);
    c.motion = SA_FIGURE_MOTION_LOCOMOTE;
    c.speed = 140.0f;
    for (int k = 0; k < SECONDS * STEPS_PER_SECOND; ++k) {
        const uint32_t roll = next(&r) % 100u;
        c.jump = c.thrust = false;
        if (roll < 14) c.vx = range(&r, -320.0, 320.0);
        if (roll >= 14 && roll < 22) c.jump = true;
        if (roll >= 22 && roll < 25) c.water = !c.water;
        if (roll >= 25 && roll < 28) c.ladder = !c.ladder;
        if (roll >= 28 && roll < 31 && knocks) c.knock = !c.knock;
        if (roll >= 31 && roll < 40) c.left = !c.left;
        if (roll >= 40 && roll < 46) c.climb = range(&r, -80.0, 80.0) * (double)(roll % 2);
        if (!body && roll >= 46 && roll < 52)
            c.motion = next(&r) % (uint32_t)SA_FIGURE_MOTION_COUNT_;
        if (!body && roll >= 52 && roll < 60) c.speed = (float)range(&r, 60.0, 420.0);
        if (!body && roll >= 60 && roll < 66) c.thrust = true;
        c.impulse = (sa_vec2){(float)range(&r, -400.0, 400.0), (float)range(&r, -400.0, 0.0)};
        s->at[k] = c;
    }
}

/* The game's body over the frame from t0 to t1: its changes as they are at t0 (a change at a step
 * shows from the frame that starts there, at every rate), its height and vertical velocity at t1,
 * stepped exactly between changes (a jump from the floor lands on a step; leaving a ladder or the
 * water puts the body back on the floor). */
typedef struct body_state {
    double jump_at, ladder_y; /* (the height on a ladder at the last step taken) */
    bool air;
    uint32_t jumps, thrusts;
} body_state;

static sa_figure_input input_at(const session *s, double t0, double t1, body_state *b, int *step) {
    const int last = SECONDS * STEPS_PER_SECOND - 1;
    int k = (int)floor(t0 * STEPS_PER_SECOND + 1e-9);
    k = k < last ? k : last;
    if (b->air && t0 - b->jump_at >= AIR - 1e-9) b->air = false;
    for (; *step <= k; ++*step) {
        const change *c = &s->at[*step];
        const change *before = *step > 0 ? &s->at[*step - 1] : NULL;
        b->ladder_y = before && before->ladder && c->ladder
                          ? b->ladder_y + before->climb / STEPS_PER_SECOND
                          : 0.0;
        if (c->jump && !b->air && !c->water && !c->ladder) {
            b->air = true;
            b->jump_at = (double)*step / STEPS_PER_SECOND;
            ++b->jumps;
        }
        if (c->water || c->ladder) b->air = false;
        b->thrusts += c->thrust ? 1u : 0u;
    }
    const change *c = &s->at[k];
    const double v0 = GRAVITY * AIR / 2.0, a = t1 - b->jump_at;
    const double y = b->air      ? -v0 * a + 0.5 * GRAVITY * a * a
                     : c->ladder ? b->ladder_y + c->climb * (t1 - (double)k / STEPS_PER_SECOND)
                                 : 0.0;
    const double vy = b->air ? -v0 + GRAVITY * a : (c->ladder ? c->climb : 0.0);
    sa_figure_input in = sa_figure_input_default();
    in.facing = c->left ? SA_FIGURE_FACING_LEFT : SA_FIGURE_FACING_RIGHT;
    in.jump = b->jumps;
    in.thrust = b->thrusts;
    if (!s->body) {
        in.motion = (sa_figure_motion)c->motion;
        in.speed = c->speed;
        return in;
    }
    in.motion = SA_FIGURE_MOTION_LOCOMOTE;
    in.body.active = true;
    in.body.grounded = !b->air && !c->water && !c->ladder;
    in.body.velocity = (sa_vec2){(float)c->vx, (float)vy};
    in.body.in_water = c->water;
    in.body.water_line = -90.0f;
    in.body.on_ladder = c->ladder;
    in.body.ladder_rung = (float)fmod(-y, 28.0);
    in.body.knocked_down = c->knock;
    in.body.impulse = c->impulse;
    return in;
}

/* One session at `rate` fps: the poses at every step's moment into out. */
static void play(const session *s, int rate, sa_figure_pose *out, bool *ragdoll) {
    sa_figure f;
    sa_figure_init(&f, NULL);
    body_state b;
    memset(&b, 0, sizeof b);
    int step = 0;
    const float dt = 1.0f / (float)rate;
    for (int n = 1; n <= SECONDS * rate; ++n) {
        const sa_figure_input in = input_at(s, (double)(n - 1) / rate, (double)n / rate, &b, &step);
        sa_figure_update(&f, &in, dt);
        if (n % (rate / STEPS_PER_SECOND) == 0 && rate % STEPS_PER_SECOND == 0) {
            const int k = n / (rate / STEPS_PER_SECOND) - 1;
            out[k] = f.pose;
            ragdoll[k] = f.pose.mode == SA_MODE_RAGDOLL || f.pose.mode == SA_MODE_GETUP;
        }
    }
}

static double apart(const sa_figure_pose *a, const sa_figure_pose *b) {
    double worst = 0.0;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        worst = fmax(worst, hypot((double)a->joints[i].x - (double)b->joints[i].x,
                                  (double)a->joints[i].y - (double)b->joints[i].y));
    return worst;
}

int main(int argc, char **argv) {
    const int sessions = argc > 1 ? atoi(argv[1]) : 100;
    const char *kind = argc > 2 ? argv[2] : "body";
    const bool list = getenv("LIST") != NULL;
    const int show = getenv("SHOW") ? atoi(getenv("SHOW")) : -1;
    const int show_rate = getenv("SHOW_FPS") ? atoi(getenv("SHOW_FPS")) : 60;
    const bool body = strcmp(kind, "script") != 0, knocks = strcmp(kind, "body") == 0;
    enum { MOMENTS = SECONDS * STEPS_PER_SECOND };
    static session s;
    static sa_figure_pose pose[RATES][MOMENTS];
    static bool lying[RATES][MOMENTS];
    double worst[RATES] = {0}, worst_up[RATES] = {0};
    int over1[RATES] = {0}, over3[RATES] = {0}, over3_up[RATES] = {0};
    for (int n = 0; n < sessions; ++n) {
        make_session(&s, (uint32_t)n, body, knocks);
        for (int r = 0; r < RATES; ++r)
            play(&s, RATE[r], pose[r], lying[r]);
        for (int r = 0; r < RATES; ++r) {
            if (r == REF) continue;
            double d = 0.0, up = 0.0;
            for (int k = 0; k < MOMENTS; ++k) {
                const double e = apart(&pose[r][k], &pose[REF][k]);
                if (show == n && RATE[r] == show_rate)
                    printf("  session %d at %.3f s: %.3f apart, modes %s / %s\n", n,
                           (double)(k + 1) / STEPS_PER_SECOND, e, sa_mode_name(pose[r][k].mode),
                           sa_mode_name(pose[REF][k].mode));
                d = fmax(d, e);
                if (!lying[r][k] && !lying[REF][k]) up = fmax(up, e);
            }
            worst[r] = fmax(worst[r], d);
            worst_up[r] = fmax(worst_up[r], up);
            over1[r] += d > 1.0;
            over3[r] += d > 3.0;
            over3_up[r] += up > 3.0;
            if (list && d > 3.0)
                printf("session %d at %d fps: %.3f apart (%.3f not knocked down)\n", n, RATE[r], d,
                       up);
        }
    }
    printf("%d %s sessions of %d s, inputs changing at multiples of 1/%d s; joints compared there "
           "with %d fps\n",
           sessions, kind, SECONDS, STEPS_PER_SECOND, RATE[REF]);
    printf("%-6s %12s %12s %12s %24s\n", "fps", "worst", "> 1 unit", "> 3 units",
           knocks ? "> 3, not knocked down" : "");
    for (int r = 0; r < RATES; ++r) {
        if (r == REF) continue;
        printf("%-6d %12.3f %12d %12d", RATE[r], worst[r], over1[r], over3[r]);
        if (knocks) printf(" %14d (%.3f)", over3_up[r], worst_up[r]);
        printf("\n");
    }
    return 0;
}
