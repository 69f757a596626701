/* figure.h's motion definitions: definitions built from the bytes (any parameter ids, key counts,
 * times, values, eases, durations, fades, masks, events; hostile numbers included) are checked by
 * sa_figure_move_validate(), registered with sa_figure_set_moves() (which must accept exactly the
 * sets whose every definition validates) and played as the motion and as layers under an input
 * script. Every pose number finite, the blade within [0, 1], every bone its length, every event a
 * registered definition's with a real index. */
#include "fuzz.h"

#include <stickanim/figure.h>

enum { MAX_MOVES = 3, MAX_TRACKS = 6, MAX_KEYS = 6, MAX_EVENTS = 4, MAX_FRAMES = 40 };

typedef struct fz_moves {
    sa_figure_move move[MAX_MOVES];
    sa_figure_move_track tracks[MAX_MOVES][MAX_TRACKS];
    sa_track_key keys[MAX_MOVES][MAX_TRACKS][MAX_KEYS];
    sa_figure_move_event events[MAX_MOVES][MAX_EVENTS];
} fz_moves;

/* A number a move file could hold, or sometimes anything. */
static float number(fz_in *in, float lo, float hi) {
    return fz_u8(in) < 24 ? fz_float(in) : fz_float_in(in, lo, hi);
}

static void read_move(fz_in *in, fz_moves *s, int m) {
    sa_figure_move *d = &s->move[m];
    memset(d, 0, sizeof *d);
    d->name = fz_bool(in) ? "fuzzed" : NULL;
    d->duration = number(in, 0.0f, 3.0f);
    d->loop = fz_bool(in);
    d->additive = fz_bool(in);
    d->parts = fz_u8(in) < 16 ? fz_u32(in) : (uint32_t)(fz_u8(in) & SA_FIGURE_PART_ALL);
    d->fade_in = number(in, 0.0f, 0.5f);
    d->fade_out = number(in, 0.0f, 0.5f);
    d->travel = number(in, 0.0f, 200.0f);
    d->track_count = fz_below(in, MAX_TRACKS + 1);
    d->tracks = fz_u8(in) < 4 ? NULL : s->tracks[m];
    for (size_t t = 0; t < d->track_count; ++t) {
        sa_figure_move_track *tr = &s->tracks[m][t];
        tr->param = fz_u8(in) < 8 ? (sa_figure_param)fz_u32(in)
                                  : (sa_figure_param)fz_below(in, SA_FIGURE_PARAM_COUNT_);
        tr->count = fz_below(in, MAX_KEYS + 1);
        tr->keys = fz_u8(in) < 4 ? NULL : s->keys[m][t];
        float time = 0.0f;
        for (size_t k = 0; k < tr->count; ++k) {
            sa_track_key *key = &s->keys[m][t][k];
            time += number(in, 0.0f, 0.4f);
            key->t = fz_u8(in) < 16 ? number(in, -0.5f, 1.5f) : time;
            key->v = number(in, -4.0f, 4.0f);
            key->ease = fz_u8(in) < 8 ? (sa_ease)fz_u32(in) : (sa_ease)fz_below(in, 9);
        }
    }
    d->event_count = fz_below(in, MAX_EVENTS + 1);
    d->events = fz_u8(in) < 4 ? NULL : s->events[m];
    for (size_t e = 0; e < d->event_count; ++e) {
        s->events[m][e].name = "event";
        s->events[m][e].time = number(in, 0.0f, 1.0f);
    }
}

/* Every bone of the un-squashed joints has its config length, to the float steps of where the
 * figure is (a figure a million units down holds its joints to 1/16 of a unit). */
static void check_bones(const sa_figure_config *cfg, const sa_vec2 *j) {
    sa_figure_bone bones[SA_FIGURE_BONE_COUNT];
    FZ_CHECK(sa_figure_bones(cfg, bones, SA_FIGURE_BONE_COUNT) == SA_FIGURE_BONE_COUNT);
    double coord = 0.0;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        coord = fmax(coord, fz_absmax2(j[i]));
    for (int b = 0; b < SA_FIGURE_BONE_COUNT; ++b) {
        const double len = bones[b].length, d = fz_dist2(j[bones[b].from], j[bones[b].to]);
        FZ_CHECK2(fabs(d - len) <= 1e-3 * len + fz_length_tol(len, coord), d, len);
    }
}

static void check_pose(const sa_figure *fig, size_t registered) {
    const sa_figure_pose *p = sa_figure_get_pose(fig);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        FZ_CHECK2(fz_finite_v2(p->joints[i]) && fz_finite_v2(p->unsquashed[i]), p->joints[i].x, i);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        FZ_CHECK2(fz_finite_v2(p->hair[i]), p->hair[i].x, i);
    FZ_CHECK2(p->blade >= 0.0f && p->blade <= 1.0f, p->blade, 0);
    FZ_CHECK(fz_finite_v2(p->blade_tip));
    FZ_CHECK2(fz_finite(p->ground_speed), p->ground_speed, 0);
    FZ_CHECK2(p->spear >= 0.0f && p->spear <= 1.0f, p->spear, 0);
    FZ_CHECK2(p->thrust == -1.0f || (p->thrust >= 0.0f && p->thrust < 1.0f), p->thrust, 0);
    const uint32_t m = (uint32_t)p->motion;
    FZ_CHECK2(m < (uint32_t)SA_FIGURE_MOTION_COUNT_ ||
                  (m >= SA_FIGURE_MOVE_BASE && m < SA_FIGURE_MOVE_BASE + registered),
              m, registered);
    check_bones(&fig->config, p->unsquashed);
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(fig, ev, SA_FIGURE_MAX_EVENTS);
    for (size_t i = 0; i < n; ++i) {
        FZ_CHECK2(fz_finite(ev[i].time) && ev[i].time >= 0.0f && ev[i].time <= p->dt + 1e-6f,
                  ev[i].time, p->dt);
        if (ev[i].kind != SA_FIGURE_EVENT_MOVE) continue;
        const uint32_t id = (uint32_t)ev[i].move - SA_FIGURE_MOVE_BASE;
        FZ_CHECK2(id < registered, id, registered);
        FZ_CHECK2(ev[i].index >= 0 && (size_t)ev[i].index < fig->moves[id].event_count, ev[i].index,
                  0);
    }
}

void sa_fuzz_moves(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    static fz_moves s;
    const int count = 1 + (int)fz_below(&in, MAX_MOVES);
    bool all_valid = true;
    for (int m = 0; m < count; ++m) {
        read_move(&in, &s, m);
        size_t bad = 0;
        const sa_status st = sa_figure_move_validate(&s.move[m], &bad);
        FZ_CHECK2(st == SA_OK ? bad == SA_TRACK_NO_KEY
                              : (bad == SA_TRACK_NO_KEY || bad < s.move[m].track_count),
                  st, bad);
        all_valid = all_valid && st == SA_OK;
    }
    FZ_CHECK(sa_figure_move_validate(NULL, NULL) == SA_ERR_NULL);
    sa_figure fig;
    sa_figure_config cfg = fz_bool(&in) ? sa_figure_config_default()
                                        : sa_figure_config_scaled(fz_float_in(&in, 0.3f, 3.0f));
    FZ_CHECK(sa_figure_init(&fig, &cfg) == SA_OK);
    size_t bad = 0;
    const sa_status st = sa_figure_set_moves(&fig, s.move, (size_t)count, &bad);
    FZ_CHECK2((st == SA_OK) == all_valid, st, all_valid);
    FZ_CHECK(st == SA_OK ? bad == SA_TRACK_NO_KEY : bad < (size_t)count);
    const size_t registered = st == SA_OK ? (size_t)count : 0u;
    FZ_CHECK(fig.move_count == registered);
    FZ_CHECK(sa_figure_set_moves(NULL, s.move, 1, NULL) == SA_ERR_NULL);
    sa_figure_input input = sa_figure_input_default();
    for (int frame = 0; frame < MAX_FRAMES && fz_more(&in); ++frame) {
        const uint8_t what = fz_u8(&in);
        if (what & 1) {
            const uint8_t m = fz_u8(&in);
            input.motion = m < 128   ? (sa_figure_motion)(m % (uint8_t)SA_FIGURE_MOTION_COUNT_)
                           : m < 250 ? SA_FIGURE_MOTION_MOVE(m % (MAX_MOVES + 1))
                                     : (sa_figure_motion)fz_u32(&in);
        }
        if (what & 2) {
            const uint8_t m = fz_u8(&in);
            input.move = m < 250 ? SA_FIGURE_MOTION_MOVE(m % (MAX_MOVES + 1))
                                 : (sa_figure_motion)fz_u32(&in);
            input.move_counter += 1u;
        }
        if (what & 4) input.thrust += 1u;
        if (what & 8) input.jump += 1u;
        if (what & 16)
            input.facing = input.facing == SA_FIGURE_FACING_LEFT ? SA_FIGURE_FACING_RIGHT
                                                                 : SA_FIGURE_FACING_LEFT;
        const float dt = (what & 32) ? fz_float(&in) : fz_float_in(&in, 0.0f, 0.12f);
        sa_figure_update(&fig, (what & 64) ? NULL : &input, dt);
        check_pose(&fig, registered);
        FZ_CHECK(sa_figure_move_name(&fig, input.motion) != NULL);
    }
    FZ_CHECK(sa_figure_move_name(NULL, input.move) != NULL);
    const sa_figure_param p = (sa_figure_param)fz_u32(&in);
    FZ_CHECK(sa_figure_param_name(p) != NULL);
    const uint32_t part = sa_figure_param_part(p);
    FZ_CHECK(part == 0u || (part & (part - 1u)) == 0u);
    FZ_CHECK((part != 0u) == ((uint32_t)p < (uint32_t)SA_FIGURE_PARAM_COUNT_));
    /* Unregistering leaves none. */
    FZ_CHECK(sa_figure_set_moves(&fig, NULL, 0, NULL) == SA_OK && fig.move_count == 0);
}
