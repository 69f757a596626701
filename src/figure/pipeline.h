/* The figure's frame as a pipeline of stages, one file each: state.c (config, input, triggers,
 * clocks), blend.c (evaluate the fade's layers and blend their parameters), solve.c (IK),
 * secondary.c (head spring, hair, squash, the pose). figure.c runs them in order. Not installed. */
#ifndef STICKANIM_FIGURE_PIPELINE_H
#define STICKANIM_FIGURE_PIPELINE_H

#include "internal/fade_target.h"
#include "internal/scalar.h"
#include "internal/squash_point.h"
#include "motions.h"

/* ---- squash without the work of a squash that scales by 1 (most motions) ------------------ */

/* sa_squash_make(pivot, sy, SA_SQUASH_K); at sy = 1 with a finite pivot, no call. */
static inline sa_squash sai_figure_squash(sa_vec2 pivot, float sy) {
    if (!(sy == 1.0f) || !sai_v2_finite(pivot)) return sai_squash_make(pivot, sy, SA_SQUASH_K);
    sa_squash s;
    s.pivot = pivot;
    s.sx = 1.0f;
    s.sy = 1.0f;
    return s;
}
/* True when s scales by 1 both ways: it leaves a finite point where it is (to rounding far below
 * a millionth of a unit). */
static inline bool sai_figure_squash_none(sa_squash s) { return s.sx == 1.0f && s.sy == 1.0f; }
/* sa_squash_point(s, p) of a squash sai_figure_squash() made (sane: no repair), without the work
 * when s scales by 1 and p is finite. */
static inline sa_vec2 sai_figure_squash_point(sa_squash s, sa_vec2 p) {
    return sai_figure_squash_none(s) && sai_v2_finite(p) ? p : sai_squash_point_sane(s, p);
}

/* Longest step a frame advances by, seconds: SA_FIGURE_MAX_DT (0.1, only against real hitches;
 * the head and hair sub-step, so no frame rate slows the clocks). */
#define SAI_FIGURE_MAX_DT SA_FIGURE_MAX_DT

/* ---- state.c: config, input, triggers and clocks ------------------------------------------ */

/* cfg when it validates, else the default config written to *store. */
const sa_figure_config *sai_figure_config_or_default(const sa_figure_config *cfg,
                                                     sa_figure_config *store);
/* What every motion reads this frame. */
sai_figure_ctx sai_figure_context(const sa_figure_config *cfg, float gait, float phase);
/* What every motion reads this frame, with the body's state (sai_figure_ctx). */
sai_figure_ctx sai_figure_context_of(const sa_figure *fig);
/* The same written into *c (the frame's advances: no copy of the context's 150 bytes), its
 * evaluations through cache (the figure's, or NULL: they compute all). */
void sai_figure_context_in(const sa_figure *fig, sa_figure_cache *cache, sai_figure_ctx *c);
/* The body's modes run on a config from the figure's (sa_figure_config::hard_landing_speed). */
sa_mode_machine_config sai_figure_mode_config(const sa_figure_config *cfg);
/* Records an event of the frame being built (dropped past SA_FIGURE_MAX_EVENTS). */
void sai_figure_event_add(sa_figure *fig, sa_figure_event e);
/* An event of `kind` at `time` seconds into the frame in body mode `mode`, every other field
 * at its documented "not this kind" value (no foot, no move, index -1). */
sa_figure_event sai_figure_event_of(sa_figure_event_kind kind, float time, sa_mode mode);
/* This frame's input, repaired: NULL keeps the motion idle and the counters as seen; an unknown
 * motion is idle; a body that is not active is left as given (nothing reads it). */
sa_figure_input sai_figure_read_input(const sa_figure *fig, const sa_figure_input *input);
/* The same written into *in (the frame's own: no copy of the input). */
void sai_figure_read_input_into(const sa_figure *fig, const sa_figure_input *input,
                                sa_figure_input *in);
/* Pushes fade layer id (a full stack makes room first without a pop); switches to it unless it
 * is the target already. */
void sai_figure_push_layer(sa_figure *fig, int32_t id);
void sai_figure_switch_layer(sa_figure *fig, int32_t id);
/* True when row id locomotes. */
SAI_INLINE bool sai_figure_row_locomotes(int32_t id) {
    return (sai_figure_row(id)->flags & SAI_FIGURE_LOCOMOTES) != 0;
}
/* True when a layer of a locomoting row shows. */
SAI_INLINE bool sai_figure_locomoting(const sa_fade *fade) {
    float w = 0.0f;
    for (size_t i = 0; i < fade->count && i < SA_FADE_MAX_LAYERS; ++i)
        if (sai_figure_row_locomotes(fade->layers[i].id)) w += fade->layers[i].weight;
    return w > 0.0f;
}
/* The weight the fade's locomoting rows show `e` seconds on, stepped at `rate` (e = 0: now): as
 * sa_fade_step() leaves the layers, the others fading by e^(-rate e), the target the rest. */
SAI_INLINE float sai_figure_locomotion_after(const sa_fade *fade, float rate, float e) {
    const size_t n = fade->count < SA_FADE_MAX_LAYERS ? fade->count : SA_FADE_MAX_LAYERS;
    if (n == 0) return 0.0f;
    const float k = e > 0.0f ? sai_expf(-rate * e) : 1.0f;
    float others = 0.0f, w = 0.0f;
    for (size_t i = 0; i + 1 < n; ++i) {
        const float wi = fade->layers[i].weight * k;
        others += wi;
        if (sai_figure_row_locomotes(fade->layers[i].id)) w += wi;
    }
    if (sai_figure_row_locomotes(fade->layers[n - 1].id))
        w += e > 0.0f ? 1.0f - others : fade->layers[n - 1].weight;
    return w;
}
/* Locomotion this faint is gone: the gait starts at its target when it comes back (a weight far
 * above the fade's least, below which a layer leaves at the end of a frame). */
#define SAI_GAIT_GONE 1e-3f
/* How much of the pose shows the body's `mode` (the fade's weight on its rows), 0 to 1. */
SAI_INLINE float sai_figure_mode_share(const sa_fade *fade, sa_mode mode) {
    float w = 0.0f;
    for (size_t i = 0; i < fade->count && i < SA_FADE_MAX_LAYERS; ++i)
        if (sai_figure_row(fade->layers[i].id)->mode == mode) w += fade->layers[i].weight;
    return sai_saturate(w);
}
/* How fast the swim's share a cut out of the ragdoll took away fades out, 1/s. */
#define SAI_SWIM_CUT_RATE 10.0f
/* How much of the pose is a swim. A swimmer's feet trail far behind the body, not under it: in a
 * turn they narrow with it (sai_figure_face_pose) and are not carried over at its middle
 * (sai_figure_feet_mirror), where feet on the ground, or tucked under a body in the air, keep
 * their places; the share makes the change between the two continuous. */
SAI_INLINE float sai_figure_swim_share(const sa_fade *fade) {
    float w = 0.0f;
    for (size_t i = 0; i < fade->count && i < SA_FADE_MAX_LAYERS; ++i) {
        const sa_fade_layer *l = &fade->layers[i];
        if (sai_figure_row(l->id)->mode == SA_MODE_SWIM) w += l->weight;
        /* (a cut out of the ragdoll keeps the share it took away, fading out: the feet do not
         * jump between narrowed and not) */
        const float cut = l->user[SAI_LAYER_SWIM_CUT];
        if (cut != 0.0f && sai_finite(cut))
            w += l->weight * cut * sai_expf(-SAI_SWIM_CUT_RATE * sai_finite_or(l->time, 0.0f));
    }
    return sai_saturate(w);
}
/* What taking a frame's input leaves for the rest of it: a row the body's modes switch to within
 * the frame, `at` seconds into it (INFINITY: none; a timer's end or a fall, sai_figure_take_body),
 * and with a body its vertical velocity over the frame (up positive): in a line from vy_from at
 * its start to the input's at frame_dt seconds (a step: vy_from is the input's). */
typedef struct sai_figure_later {
    int32_t row;
    float at;
    float vy_from, frame_dt;
} sai_figure_later;
/* Switches to the motion asked for (cutting a jump short), starts a jump on a press of the jump
 * counter and a thrust on a press of the thrust counter; a body's modes may switch again later
 * in the frame (*later). */
void sai_figure_take_input(sa_figure *fig, const sa_figure_input *in, float dt, float frame_dt,
                           sai_figure_later *later);
/* The walk/run mix the motion `in` asks for wants, for the figure as it is before this frame's
 * advance (the same for every moment of the frame: compute it once); a speed's mix is kept in
 * the figure's cache. */
float sai_figure_gait_target(sa_figure *fig, const sa_figure_input *in);
/* A frame's start: the part of its context that stays through it written into *c (the config's,
 * the moves, the figure's cache: sai_figure_advance_state() writes the rest), its input read into
 * *in (sai_figure_read_input_into()) and the gait's target for it (sai_figure_gait_target(),
 * returned); without a body its triggers taken too (sai_figure_take_input(): they do not depend
 * on dt, and nothing switches later) and *quiet set to sai_figure_quiet() of the figure then
 * (with a body, false: each advance takes them). One call, the row asked for looked up once.
 * *steady says whether every advance of the frame is steady but for what depends on its length
 * (sai_figure_advance_steadily; c's part they all leave the same is written then). */
typedef struct sai_figure_steady {
    /* No body, a quiet figure without registered moves, its gait at the target and the fade's
     * target alone on the row asked for (a loop: it does not hand back), the cache's walk/run
     * entry at the mix. Every advance of the frame finds them so: a steady one keeps them, a
     * moment's in place is put back, any other runs on a copy or is the frame's last. */
    bool known;
    float gait; /* the mix every advance leaves, the target saturated (the cache entry's) */
} sai_figure_steady;
float sai_figure_frame_input(sa_figure *fig, const sa_figure_input *input, float dt,
                             sa_figure_input *in, bool *quiet, sai_figure_ctx *c,
                             sai_figure_steady *steady);
/* Eases the walk/run mix toward `target` (sai_figure_gait_target) and puts it there `starts`
 * seconds into the frame, where locomotion comes back (0: from its start; INFINITY: it does not),
 * and what the body sets (sai_figure_ease_body; *later from the input's taking); returns the
 * mix's mean over the frame. */
float sai_figure_ease_gait(sa_figure *fig, const sa_figure_input *in, const sai_figure_later *later,
                           float target, float starts, float dt);
/* Advances the gait phase (at the cadence of the frame's mean mix, the cached gait's when it is
 * the mix of cache's entry; cache may be NULL), the thrust, the fade (switching to later->row at
 * later->at) and hands a finished jump back. */
void sai_figure_advance_clocks(sa_figure *fig, const sa_figure_cache *cache, float mean_gait,
                               float dt, const sai_figure_later *later);
/* One advance of a frame, dt seconds from the figure as it is (its triggers taken: *later):
 * sai_figure_ease_gait(), then sai_figure_advance_clocks() at the mean mix, through c's cache,
 * then the part of c (from sai_figure_frame_input()) that the clocks and body set. Without
 * `quiet` it looks whether the layers play or a merge fades; with it (sai_figure_quiet() of the
 * figure after the triggers) it knows none does. (One call for the three: each is small.) */
void sai_figure_advance_state(sa_figure *fig, const sa_figure_input *in,
                              const sai_figure_later *later, float gait_target, float starts,
                              float dt, bool quiet, sai_figure_ctx *c);
/* The same of a steady advance (no body, the gait at its target, a quiet figure without moves,
 * the fade's target alone and not handing back, the phase within a cycle, the cache's walk/run
 * entry at the mix): true when it was one, and then of the figure it wrote only its
 * stride_scale, gait, phase and fade.layers[0]; false, nothing written, for any other. */
bool sai_figure_advance_steady(sa_figure *fig, const sa_figure_input *in,
                               const sai_figure_later *later, float gait_target, float starts,
                               float dt, bool quiet, sai_figure_ctx *c);
/* The same in a frame sai_figure_frame_input() found steady (its gait `gait`; starts as
 * sai_figure_advance_state's), which asks only what depends on dt: the same answer and writes,
 * but for the context's part every advance of the frame leaves the same (its mix, gait, thrust's
 * time and body's part), which the frame's input wrote. */
bool sai_figure_advance_steadily(sa_figure *fig, float gait, float starts, float dt,
                                 sai_figure_ctx *c);

/* ---- body.c: the game's body and its modes ----------------------------------------------- */

/* The body repaired: a non-finite number keeps its value in `last` (the body as last seen; 0
 * without one), a non-finite ground height is the body's feet point's. */
sa_figure_body sai_figure_read_body(const sa_figure_body *in, const sa_figure_body *last);
/* Runs the body's modes on this frame's body (its first dt seconds of frame_dt), records
 * take-off, landing and mode events, and returns the row to show from the frame's start: the
 * mode's, or on the ground `wanted` (the motion asked for; idle while a locomoting body stands);
 * a timer's end within the frame, or the vertical velocity's crossing of a fall's speed (in a
 * line from the last frame's over frame_dt), switches to *later's row at its time. */
int32_t sai_figure_take_body(sa_figure *fig, const sa_figure_input *in, int32_t wanted, float dt,
                             float frame_dt, sai_figure_later *later);
/* Writes sa_figure_pose::ground_probe: where the ground is wanted next update (after the pose is
 * faced to the screen). */
void sai_figure_ground_probes(sa_figure *fig);
/* The game's ground under figure x (its own space), as a figure y: 0 without a body or without
 * the game's ground. */
float sai_figure_ground_at(const sa_figure *fig, float x);
/* The highest of the game's ground under figure x and at the probes within `reach` of it, as a
 * figure y (a foot in the air clears a stair's edge between two probes). */
float sai_figure_ground_highest(const sa_figure *fig, float x, float reach);
/* True while the figure stands on a ground: without a body, or a body grounded, out of water and
 * off a ladder. (Inline, as the next: each sub-step asks.) */
SAI_INLINE bool sai_figure_has_ground(const sa_figure *fig) {
    const sa_figure_body *b = &fig->body;
    return !b->active || (b->grounded && !b->in_water && !b->on_ladder);
}
/* In the water or on a ladder no ground lies under the feet for a step to clear: a step started
 * there has lift 0, no arc, and goes with its motion. (A swimmer's feet hang below the ground's
 * line: an arc clearing it would hold them up there for the step and drop them at its end.) */
SAI_INLINE bool sai_figure_steps_without_ground(const sa_figure *fig) {
    const sa_figure_body *b = &fig->body;
    return b->active && (b->in_water || b->on_ladder);
}
/* True while the body lies knocked down and the ragdoll moves the bones. */
SAI_INLINE bool sai_figure_ragdolling(const sa_figure *fig) {
    return fig->body.active && fig->modes.mode == SA_MODE_RAGDOLL;
}
/* The get-up's morph factor `to_end` seconds before the end of the frame the body's modes last
 * moved to (1: the ragdoll's pose; 0 when not getting up); sai_figure_getup_morph() is its part
 * while getting up. */
float sai_figure_getup_morph(const sa_figure *fig, float to_end);
SAI_INLINE float sai_figure_getup_k(const sa_figure *fig, float to_end) {
    if (!fig->body.active || fig->modes.mode == SA_MODE_RAGDOLL ||
        fig->modes.previous != SA_MODE_RAGDOLL)
        return 0.0f;
    return sai_figure_getup_morph(fig, to_end);
}
/* How long, `to_end` seconds before the end of the frame the modes last moved to, the body has
 * stood since its get-up's morph ended (0 while it runs; INFINITY when not getting up: nothing
 * holds a turn back); sai_figure_getup_stood() is its part while getting up. A turn the morph
 * held back starts where the morph ends, not at the moment before. */
float sai_figure_getup_stood(const sa_figure *fig, float to_end);
SAI_INLINE float sai_figure_stood(const sa_figure *fig, float to_end) {
    if (!fig->body.active || fig->modes.mode == SA_MODE_RAGDOLL ||
        fig->modes.previous != SA_MODE_RAGDOLL)
        return INFINITY;
    return sai_figure_getup_stood(fig, to_end);
}
/* True in the frame that reads the release of a knock (the get-up's first): it shows the
 * ragdoll's pose, exactly. (Inline: every frame asks.) */
SAI_INLINE bool sai_figure_getup_released(const sa_figure *fig) {
    return fig->modes.switched && sai_figure_getup_k(fig, 0.0f) > 0.0f;
}
/* Back to the scripted figure when the game stops giving a body. */
void sai_figure_drop_body(sa_figure *fig);
/* Eases what the body's speed sets (stride, swim mix; the stride is at its target at the frame's
 * end when `snaps`: locomotion came back, as the gait does) and advances the climb's cycle;
 * without a body the stride is 1 (inline: the rest, sai_figure_ease_active_body(), is the
 * body's). */
void sai_figure_ease_active_body(sa_figure *fig, const sa_figure_input *in,
                                 const sai_figure_later *later, float speed, bool eases, float dt);
SAI_INLINE void sai_figure_ease_body(sa_figure *fig, const sa_figure_input *in,
                                     const sai_figure_later *later, float speed, bool eases,
                                     float dt) {
    if (in->body.active)
        sai_figure_ease_active_body(fig, in, later, speed, eases, dt);
    else
        fig->stride_scale = 1.0f;
}
/* A turn's progress where the figure's own space flips (a hair before its middle). */
#define SAI_TURN_MIDDLE (0.5f - 1e-4f)
/* A turn this near its end (a fraction of the sub-step's 1/24) has ended. */
#define SAI_TURN_SNAP 1e-4f
/* +1 while the figure's own space faces right on screen, −1 left (flipped in a turn's middle). */
SAI_INLINE float sai_figure_facing_sign(const sa_figure *fig) {
    return fig->turn < SAI_TURN_MIDDLE ? 1.0f : -1.0f;
}
/* The body's speed along the way the figure faces, units/s (0 without a body). */
SAI_INLINE float sai_figure_forward_speed(const sa_figure *fig) {
    /* (the figure's own space as it is now: a turn flips it at a sub-step, not at a frame) */
    return fig->body.active ? sai_figure_facing_sign(fig) * fig->body.velocity.x : 0.0f;
}
/* The scripted jump's take-off and landing events, from the pose's airborne flag before the
 * frame (a body's come from its grounded flag instead). */
void sai_figure_flight_events(sa_figure *fig, bool was_airborne, float dt);
/* The rate the fade moves at: the body's mode's (its mode machine config) while a body mode row is
 * the target, else the config's fade rate. */
float sai_figure_fade_rate(const sa_figure *fig);

/* ---- moves.c: motion definitions, their layers and events ------------------------------- */

/* sa_figure_move_layer::move of a free layer and of the built-in thrust's. */
#define SAI_FIGURE_LAYER_FREE   (-2)
#define SAI_FIGURE_LAYER_THRUST (-1)

/* Every layer free. */
void sai_figure_layers_init(sa_figure *fig);
/* True when every layer is free as sai_figure_layers_init() leaves it, bit for bit (as nearly
 * always): none plays, and advancing the layers leaves them so. */
SAI_INLINE bool sai_figure_layers_idle(const sa_figure *fig) {
    static const sa_figure_move_layer idle[SA_FIGURE_MOVE_LAYERS] = {{SAI_FIGURE_LAYER_FREE, 0.0f},
                                                                     {SAI_FIGURE_LAYER_FREE, 0.0f},
                                                                     {SAI_FIGURE_LAYER_FREE, 0.0f},
                                                                     {SAI_FIGURE_LAYER_FREE, 0.0f}};
    _Static_assert(SA_FIGURE_MOVE_LAYERS == 4, "sai_figure_layers_idle() lists every layer");
    _Static_assert(sizeof idle == SA_FIGURE_MOVE_LAYERS * 8, "a layer is its two fields");
    return memcmp(fig->layers, idle, sizeof idle) == 0;
}
/* The registered definition motion id m names, or NULL. */
const sa_figure_move *sai_figure_move_of(const sa_figure *fig, sa_figure_motion m);
/* Move m as the whole body `time` seconds into it (the rest pose where it has no track). */
void sai_figure_move_evaluate(const sa_figure_move *m, const sai_figure_ctx *c, float time,
                              sa_figure_params *out);
/* The thrust's layer at c->thrust_time added into a thrusting row's parameters p. */
void sai_figure_apply_thrust(const sai_figure_ctx *c, sa_figure_params *p);
/* The registered definitions' layers playing, oldest first, over the blended parameters p. False
 * when none plays (p is left as it was; always when sai_figure_layers_idle()). */
bool sai_figure_apply_layers(const sa_figure *fig, const sai_figure_ctx *c, sa_figure_params *p);
/* True when a layer plays `move` (a registered index or SAI_FIGURE_LAYER_THRUST). */
bool sai_figure_layer_playing(const sa_figure *fig, int32_t move);
/* Starts a layer of `move` unless it plays already or every layer is taken; true when started. */
bool sai_figure_layer_start(sa_figure *fig, int32_t move);
/* Seconds into the thrust's layer; -1 when none plays. (Inline: a frame asks several times.) */
SAI_INLINE float sai_figure_thrust_time(const sa_figure *fig) {
    for (int i = 0; i < SA_FIGURE_MOVE_LAYERS; ++i)
        if (fig->layers[i].move == SAI_FIGURE_LAYER_THRUST) return fig->layers[i].time;
    return -1.0f;
}
/* Moves every layer's clock on by dt, records the events it passes, frees the finished (nothing to
 * do when sai_figure_layers_idle()). */
void sai_figure_advance_layers(sa_figure *fig, float dt);
/* The events of fade layer `id` (a registered definition shown as the motion) from t0 to t1
 * seconds into it, t0 being `shift` seconds into the frame. */
void sai_figure_base_move_events(sa_figure *fig, int32_t id, float t0, float t1, float shift);

/* ---- ragdoll.c: knocked down and getting up ---------------------------------------------- */

/* The ragdoll from the joints j (figure space), moving at `velocity` (the legs with a share of
 * `impulse`, the rest with all of it), units/s, over a first step of h seconds. */
void sai_figure_ragdoll_start(sa_figure *fig, const sa_vec2 *j, sa_vec2 velocity, sa_vec2 impulse,
                              float h);
/* One sub-step of h seconds; meanwhile the body travelled `travel` (forward along the ground,
 * down), units: the ragdoll stays in the world. */
void sai_figure_ragdoll_step(sa_figure *fig, float h, sa_vec2 travel);
/* The ragdoll's belly direction, y up (sa_mode_input::pelvis_forward). */
sa_vec3 sai_figure_ragdoll_belly(const sa_figure *fig);
/* The joints j (a get-up's) morphed from the ragdoll's last pose, k of the way back (1: the
 * ragdoll's pose; 0: j unchanged), bone by bone in angle so lengths are kept. */
void sai_figure_morph_from_ragdoll(sa_figure *fig, float k, sa_vec2 *j);

/* ---- blend.c: evaluate and blend ---------------------------------------------------------- */

/* Makes room on a full fade stack without changing what shows: merges the weakest layer into the
 * layer whose pose is nearest it and adds what that changes in the blend to fig->merge_offset. */
void sai_figure_merge_weakest(sa_figure *fig, const sai_figure_ctx *c);
/* What shows under `before` kept under `after` (the same fade read with another context): the
 * difference of the two blends added to the merge offset, which fades it out (a change of what a
 * row shows, not of the row, without a pop). */
void sai_figure_keep_shown(sa_figure *fig, const sai_figure_ctx *before,
                           const sai_figure_ctx *after);
/* Fades the merge offset out at the fade rate, as the merged layer's weight would have. */
void sai_figure_fade_merge_offset(sa_figure *fig, float dt);
/* True when every bit of the merge offset is 0 (no merge fading, as nearly always): fading it
 * leaves it so. */
SAI_INLINE bool sai_figure_merge_offset_none(const sa_figure *fig) {
    _Static_assert(sizeof fig->merge_offset % 8 == 0, "the offset is whole 64-bit words");
    const unsigned char *bytes = (const unsigned char *)&fig->merge_offset;
    uint64_t any = 0u;
    /* (word by word: a copy of the whole offset into an array left its stores to the stack) */
    for (size_t k = 0; k < sizeof fig->merge_offset; k += 8) {
        uint64_t w;
        memcpy(&w, bytes + k, sizeof w);
        any |= w;
    }
    return any == 0u;
}
/* True when no layer plays and no merge is fading (as nearly always): a frame's advances leave
 * them so until the fade switches (a push may merge), so a frame without a body asks once. */
#if defined(__GNUC__) || defined(__clang__)
/* (both at once, 16 bytes at a time: the layers' bits that differ from a free layer's and the
 * offset's bits or-ed into one vector, tested once) */
typedef uint64_t sai_figure_u64x2 __attribute__((vector_size(16)));
SAI_INLINE sai_figure_u64x2 sai_figure_u64x2_at(const void *p) {
    sai_figure_u64x2 v;
    memcpy(&v, p, sizeof v);
    return v;
}
SAI_INLINE bool sai_figure_quiet(const sa_figure *fig) {
    static const sa_figure_move_layer free2[2] = {{SAI_FIGURE_LAYER_FREE, 0.0f},
                                                  {SAI_FIGURE_LAYER_FREE, 0.0f}};
    _Static_assert(sizeof fig->layers == 2 * sizeof free2, "the layers are two vectors");
    _Static_assert(sizeof fig->merge_offset % 16 == 0, "the offset is whole vectors");
    const sai_figure_u64x2 idle = sai_figure_u64x2_at(free2);
    const unsigned char *layers = (const unsigned char *)fig->layers;
    sai_figure_u64x2 any =
        (sai_figure_u64x2_at(layers) ^ idle) | (sai_figure_u64x2_at(layers + sizeof free2) ^ idle);
    const unsigned char *offset = (const unsigned char *)&fig->merge_offset;
    for (size_t k = 0; k < sizeof fig->merge_offset; k += 16)
        any |= sai_figure_u64x2_at(offset + k);
    return (any[0] | any[1]) == 0u;
}
#else
SAI_INLINE bool sai_figure_quiet(const sa_figure *fig) {
    return sai_figure_layers_idle(fig) && sai_figure_merge_offset_none(fig);
}
#endif
/* Every layer of the fade evaluated and blended by its weight, plus the merge offset, repaired. */
sa_figure_params sai_figure_blend(const sa_figure *fig, const sai_figure_ctx *c);
/* The same written into *out (the frame's advances: no copy of the parameters). */
void sai_figure_blend_into(const sa_figure *fig, const sai_figure_ctx *c, sa_figure_params *out);
/* Non-finite fields become rest's, then each field is clamped to its range. */
sa_figure_params sai_figure_sanitize(const sa_figure_params *in, const sa_figure_params *rest);

/* ---- feet.c: foot locking ----------------------------------------------------------------- */

/* What the feet need to be mirrored at a turn's middle inside a sub-step of h seconds, in a part
 * of it (a turn's step) starting `start` seconds in: the pose's share of the swim at the
 * sub-step's moment (sai_figure_swim_share() of the fade then, not at the frame's end); whether
 * the body had no ground for a step's arc (sai_figure_steps_without_ground() of the body then: a
 * turn's middle in the part of a sub-step the last frame showed is that frame's); and the motion's
 * parameters at the sub-step's end (NULL: not known), between whose foot targets and the last
 * ones a foot following its motion is at the middle's moment. */
typedef struct sai_figure_mirror {
    float swim;
    bool no_arc;
    float start, h;
    const sa_figure_params *p;
} sai_figure_mirror;

/* The ground under a body over one sub-step of the feet: there for its last `since` seconds (h,
 * or less on the frame a body lands), or, when it left the body during the sub-step, for its
 * first `until` seconds (else 0), the ground having scrolled on to `until_scroll` by then and
 * the motion's parameters then `then` (NULL: taken between the last ones and these). */
typedef struct sai_figure_feet_ground {
    float since, until;
    double until_scroll;
    const sa_figure_params *then;
} sai_figure_feet_ground;
/* One sub-step of the feet, h seconds, to the motion's parameters *p, the ground scrolling on to
 * `scroll` (world x = drawn x + scroll): keeps each foot the motion puts on the ground where it
 * touched down (stepping when the motion moves it too far, letting go when it lifts or the leg
 * cannot reach), writes the pose's contacts, and puts those foot targets (and the pelvis) in *p.
 * Lift-offs, touchdowns and steps are dated inside the sub-step. While a turn is under way (for
 * the sub-step's last `turning` seconds; 0: not turning), held feet do not step (one due before
 * it began does); without `holds` (knocked down, getting up) no foot is held. Without `targets` the
 * foot targets of *p are left as the motion's (a moment inside a frame whose body only its trunk
 * and head read; the locks and contacts are the same). *g says when the ground was under the
 * body: a foot is not held from before it came, and the part of the sub-step before it left is
 * stepped on it. */
void sai_figure_feet_step(sa_figure *fig, sa_figure_params *p, float h, double scroll,
                          float turning, bool holds, bool targets, const sai_figure_feet_ground *g);
/* After a sub-step carried on past the last moment (to be put back to `kept`, the locks as they
 * were then): a foot it brought down is not reported planted yet (the next moment dates the
 * touchdown, so a contact's x never changes while planted). */
void sai_figure_feet_carried(sa_figure *fig, const sa_figure_foot_lock *kept);
/* Both feet planted where the rest parameters p put them, nothing scrolled. */
void sai_figure_feet_rest(sa_figure *fig, const sa_figure_params *p);
/* The figure turned around (its own space mirrored about x = 0): the feet keep their places in
 * the world, a foot following its motion steps from its mirrored place, and the scroll and the
 * contacts mirror, `at` seconds into a sub-step *m tells of. */
void sai_figure_feet_mirror(sa_figure *fig, const sai_figure_mirror *m, float at);
/* True when foot i is held or coming down onto a fixed point: *x is that point, figure x. */
bool sai_figure_feet_down_at(const sa_figure *fig, int i, float *x);

/* ---- solve.c: parameters -> joints -------------------------------------------------------- */

void sai_figure_solve_joints(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j);
/* Only the spine, neck and head of that (pelvis, hip, chest, shoulder, neck, head). */
SAI_INLINE void sai_figure_solve_spine(const sa_figure_config *cfg, const sa_figure_params *p,
                                       sa_vec2 *j);
/* Only the trunk of that (pelvis, hip, chest, shoulder): what the head's spring stands on, which
 * places the neck and head itself (sai_figure_secondary_solved). */
SAI_INLINE void sai_figure_solve_trunk(const sa_figure_config *cfg, const sa_figure_params *p,
                                       sa_vec2 *j);
/* sai_figure_solve_joints() but for the neck and head (left as they were): the trunk and the
 * limbs of a body whose head the head's spring places. */
void sai_figure_solve_body(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j);
/* A spear row's own arm angles: its hands by IK on its own shaft, so spear and FK layers blend
 * angle by angle. */
void sai_figure_spear_arm_angles(const sa_figure_config *cfg, sa_figure_params *p);
/* The same through the figure's cache entry (NULL: solved): solved only when its inputs differ
 * from the entry's. The angles are a function of the shaft (angle, grip, gap) and the arms'
 * lengths alone, and a Spear Run or a jump's carry holds the same shaft at every moment, a form
 * through its holds. */
void sai_figure_spear_arm_angles_cached(const sa_figure_config *cfg, sa_figure_params *p,
                                        sa_figure_spear_cache *cache);

/* Unit vector of a bone leaning by angle a from straight up (y down): (sin a, −cos a). */
SAI_INLINE sa_vec2 sai_figure_up_dir(float a) {
    float s, c;
    sai_sincosf(a, &s, &c);
    return sai_v2(s, -c);
}
/* (inline: every sub-step solves the trunk) */
SAI_INLINE void sai_figure_solve_trunk(const sa_figure_config *cfg, const sa_figure_params *p,
                                       sa_vec2 *j) {
    const sa_vec2 pelvis = sai_v2(p->root.x, p->root.y - cfg->hip_height);
    const sa_vec2 u = sai_figure_up_dir(p->lean);
    j[SA_FIGURE_JOINT_PELVIS] = pelvis;
    j[SA_FIGURE_JOINT_HIP] = pelvis;
    j[SA_FIGURE_JOINT_CHEST] = sai_v2_add(pelvis, sai_v2_scale(u, cfg->spine));
    j[SA_FIGURE_JOINT_SHOULDER] =
        sai_v2_add(pelvis, sai_v2_scale(u, cfg->spine * SA_FIGURE_SHOULDER_AT));
}
SAI_INLINE void sai_figure_solve_spine(const sa_figure_config *cfg, const sa_figure_params *p,
                                       sa_vec2 *j) {
    sai_figure_solve_trunk(cfg, p, j);
    const sa_vec2 n = sai_figure_up_dir(p->lean + p->head_tilt);
    j[SA_FIGURE_JOINT_NECK] = sai_v2_add(j[SA_FIGURE_JOINT_CHEST], sai_v2_scale(n, cfg->neck));
    j[SA_FIGURE_JOINT_HEAD] =
        sai_v2_add(j[SA_FIGURE_JOINT_NECK], sai_v2_scale(n, cfg->head_radius));
}

/* ---- solve4.c: four figures' solves at once -------------------------------------------------- */

/* sai_figure_solve_body(cfgs[k], params[k], joints[k]) for each k whose joints[k] is not NULL,
 * four in the lanes of a vector (internal/lanes.h): each figure's joints bit for bit the scalar's.
 */
void sai_figure_solve_body4(const sa_figure_config *const cfgs[4],
                            const sa_figure_params *const params[4], sa_vec2 *const joints[4]);

/* ---- figure.c: the frame -------------------------------------------------------------------- */

/* sa_figure_update() of figs[0..3] (a NULL figure is none) with inputs[k] (NULL: the defaults),
 * their hair run four at once: each figure bit for bit as the scalar frame leaves it. */
void sai_figure_update4(sa_figure *const figs[4], const sa_figure_input *const inputs[4], float dt);
/* The same of figs[0..7] (two sets of four, their hair stepped together: sai_figure_hair_run8). */
void sai_figure_update8(sa_figure *const figs[8], const sa_figure_input *const inputs[8], float dt);

/* ---- secondary.c: head, hair, squash and the pose ----------------------------------------- */

/* Head and hair at rest on the joints j. */
/* The head's direction a sub-step left, (sin a, -cos a) of its angle a from straight up (the
 * spine's and the neck's tilt), which the next sub-step of the frame starts from: it turns by the
 * same angle unless something put the head back between them (then `angle` differs, bit for bit,
 * and the direction is computed again). `known` is false at a frame's start. */
typedef struct sai_figure_head_dir {
    float angle;
    sa_vec2 up;
    bool known;
} sai_figure_head_dir;

/* The most hair steps a log holds: a frame's moments before its end (figure.c). */
#define SAI_HAIR_MAX_STEPS 16

/* What one step of the hair reads of the frame: the pin and the head's centre it moves to, the
 * acceleration on it, the radius it keeps from the head, the step's length (s) and the ground
 * under it (a figure y; y down), which it lies on rather than hangs through. */
typedef struct sai_hair_step {
    sa_vec2 pin, head, accel;
    float clearance, h;
    float floor;
} sai_hair_step;

/* The hair's sub-steps of part of a frame, recorded as the head moves and run after it (nothing
 * else in the frame reads the hair in between), so a batch runs the hair of four figures at once
 * (sai_figure_hair_run4). */
typedef struct sai_hair_log {
    int32_t count;
    float next_h; /* the hair's step at the next sub-step, s (0: none then) */
    sai_hair_step step[SAI_HAIR_MAX_STEPS];
} sai_hair_log;

void sai_figure_rest_secondary(sa_figure *fig, const sa_vec2 *j);
/* The head's spring taken from the pose j drawn (figure space: its spine, its neck's tilt from
 * it, its chest), keeping its rates: a knock starts the ragdoll there, and the part of the
 * sub-step the last frame showed is not stepped again toward the ragdoll's aim. */
void sai_figure_head_from_pose(sa_figure *fig, const sa_vec2 *j);
/* Solves the spine of p into j (sai_figure_solve_spine) and moves the head on its angle spring
 * over h seconds to it (the neck and head of j moved), and logs the hair's step on its chain to
 * it into *hair; without hair in the config, lays the hair out hanging from the head. */
SAI_INLINE void sai_figure_secondary_step(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j,
                                          float h, sai_figure_head_dir *dir, sai_hair_log *hair);
/* The same on a body already in j (its pelvis, chest and shoulder), lying or getting up: the
 * ragdoll's, a morph's; the head rests on the ground the ragdoll lies on. */
void sai_figure_secondary_on(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float h,
                             sai_figure_head_dir *dir, sai_hair_log *hair);
/* The same on the spine solved from p into j (sai_figure_solve_spine): its angles taken from p. */
void sai_figure_secondary_solved(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float h,
                                 sai_figure_head_dir *dir, sai_hair_log *hair);
SAI_INLINE void sai_figure_secondary_step(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j,
                                          float h, sai_figure_head_dir *dir, sai_hair_log *hair) {
    /* (the spring places the neck and head: the spine's would be written over) */
    sai_figure_solve_trunk(&fig->config, p, j);
    sai_figure_secondary_solved(fig, p, j, h, dir, hair);
}
/* Runs the hair's logged steps in order and empties the log. */
void sai_figure_hair_run(sa_figure *fig, sai_hair_log *hair);
/* The same for four figures at once (a NULL figure, or an empty log, is no lane): the hair of
 * each bit for bit as sai_figure_hair_run() leaves it. */
void sai_figure_hair_run4(sa_figure *const figs[4], sai_hair_log *const logs[4]);
/* sai_figure_hair_run4() of figs[0..3] and of figs[4..7], the two sets' chains stepped together
 * (while one set's chain of roots waits, the other's runs). */
void sai_figure_hair_run8(sa_figure *const figs[8], sai_hair_log *const logs[8]);
/* After the sub-steps (the last one's j): puts head and hair at rest on j if anything went
 * non-finite. */
void sai_figure_secondary_check(sa_figure *fig, const sa_vec2 *j);
/* (sai_figure_facing_sign: with the body's, above) */
/* Advances the turn toward `facing` by dt; at its middle the figure's own space is mirrored
 * (sai_figure_feet_mirror, with *m). (Inline when there already, as nearly always.) */
SAI_INLINE void sai_figure_turn(sa_figure *fig, sa_figure_facing facing, float dt,
                                const sai_figure_mirror *m);
/* The same toward turn progress `target` (0 or 1), not there yet (out of line). */
void sai_figure_turn_toward(sa_figure *fig, float target, float dt, const sai_figure_mirror *m);
SAI_INLINE void sai_figure_turn(sa_figure *fig, sa_figure_facing facing, float dt,
                                const sai_figure_mirror *m) {
    const float target = facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f;
    /* Already there (nearly always): the step would give the target itself, no flip. */
    if (fig->turn == target) {
        fig->turn = target;
        return;
    }
    sai_figure_turn_toward(fig, target, dt, m);
}
/* The pose from the figure's own space (facing +x) to the screen: mirrored when facing left, x
 * scaled by the turn but for the feet. */
void sai_figure_face_pose(sa_figure *fig);
/* Squash last, then the pose. The joints j are finite: solved from sanitized parameters
 * (sai_figure_sanitize() keeps a joint finite), the ragdoll's, the morph's and the feet's each
 * checked where they are made. */
void sai_figure_write_pose(sa_figure *fig, const sa_figure_params *p, const sa_vec2 *j, float dt);

#endif
