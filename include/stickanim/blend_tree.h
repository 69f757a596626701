/**
 * @file blend_tree.h
 * @brief Layer 3: 1D blend spaces: clip weights on one parameter, one shared phase advanced by
 *        distance, clips synced by their markers, and the stride stretch. The reference's
 *        idle/walk/run locomotion is a preset.
 *
 * A blend space (::sa_blend_tree_space) places clips at points on one parameter: the body's
 * speed, a turn rate. Each frame sa_blend_tree_space_step() gives every clip's weight, advances
 * the one phase all moving clips share and gives the stride stretch, all in one
 * ::sa_blend_tree_frame. The reference controllers' locomotion (idle, walk and run mixed by
 * speed) is the space sa_blend_tree_space_from_loco() builds from an
 * ::sa_blend_tree_loco_config, and is stepped like any other:
 *
 * @code
 * sa_blend_tree_space loco;
 * sa_blend_tree_space_from_loco(&loco, NULL); // the reference's numbers
 * // optional: sync walk and run by their feet (their clips' touchdown markers)
 * sa_blend_tree_space_set_markers(&loco, SA_BLEND_TREE_LOCO_CLIP_WALK, walk.touchdowns,
 *                                 walk.touchdown_count);
 * sa_blend_tree_space_set_markers(&loco, SA_BLEND_TREE_LOCO_CLIP_RUN, run.touchdowns,
 *                                 run.touchdown_count);
 * // each frame:
 * const sa_blend_tree_frame f = sa_blend_tree_space_step(&loco, &phase, speed, dt);
 * // sample idle on its own clock, walk at f.clip_phase[SA_BLEND_TREE_LOCO_CLIP_WALK] and run at
 * // f.clip_phase[SA_BLEND_TREE_LOCO_CLIP_RUN] (both f.phase when not synced); blend the three by
 * // f.weights[SA_BLEND_TREE_LOCO_CLIP_IDLE], [SA_BLEND_TREE_LOCO_CLIP_WALK] and
 * // [SA_BLEND_TREE_LOCO_CLIP_RUN]; then stretch the stride (pose.h):
 * sa_pose_lerp_masked(idle_pose, pose, f.stretch, stretch_weights, n, pose, n);
 * @endcode
 *
 * - The weights are never negative and sum to 1, so the caller blends the sampled poses by them
 *   and never renormalises.
 * - One phase in [0, 1) drives every moving clip, so walk and run stay in step while they mix.
 *   Following the speed, it advances by the *distance* moved (one cycle per stride), and stops
 *   when the body stands still, so planted feet do not slide.
 * - Clips whose feet land at different phases are *synced* by their markers
 *   (sa_blend_tree_space_set_markers()): the heaviest clip leads, the others are warped so their
 *   markers line up with its own, and each is sampled at its own phase
 *   (@ref sa_blend_tree_frame::clip_phase).
 * - A clip is not played faster when the body is faster than the clip was made for: it plays at
 *   its own pace and the legs swing further. The frame's `stretch` is that factor; apply it to
 *   the thighs and upper arms with sa_pose_lerp_masked() and the weights from
 *   sa_blend_tree_stretch_weights().
 *
 * The formulas, the preset's layout and why the phase follows distance: @ref blend_tree_page
 * (`docs/blend_tree.md`).
 *
 * Units: one length unit throughout: speeds in units per second, strides in units; phase in
 * cycles; dt in seconds. The loco preset's numbers are the reference's, in its "cells" (a cell is
 * about a metre): a game in other units sets @ref sa_blend_tree_loco_config::units_per_cell
 * (100 for a centimetre rig whose cell is a metre) and every speed and stride follows, so the
 * reference's defaults need no rescaling by hand. Controllers output weights and phases only:
 * pose data stays with the caller (see pose.h and clip.h).
 *
 * Setup functions (building a space) return an ::sa_status. sa_blend_tree_space_step() is
 * total: any space, NaN and infinities included, gives a finite frame as documented.
 */
#ifndef STICKANIM_BLEND_TREE_H
#define STICKANIM_BLEND_TREE_H

#include <stickanim/vecmath.h>
#include <stickanim/skeleton.h>
#include <stickanim/clip.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Most points a blend space holds. */
#define SA_BLEND_TREE_MAX_POINTS 16

/** @brief Most clips (weight slots) a blend space mixes: the length of
 *         @ref sa_blend_tree_frame::weights. */
#define SA_BLEND_TREE_MAX_CLIPS 16

/** @brief Most sync markers a blend space reads per clip (sa_blend_tree_space_set_markers()). */
#define SA_BLEND_TREE_MAX_MARKERS 16

/**
 * @brief Largest stride stretch a frame gives; larger factors are clamped to it (the legs would
 *        swing past a half turn long before that).
 */
#define SA_BLEND_TREE_MAX_STRETCH 4.0f

/**
 * @brief The reference's locomotion: speeds, the speeds the clips look best at, strides and the
 *        idle -> moving edge. sa_blend_tree_space_from_loco() turns it into a blend space; get the
 *        reference's values from sa_blend_tree_loco_config_default().
 */
typedef struct sa_blend_tree_loco_config {
    /** Speed at or below which the body shows only idle; >= 0. Default 0.05 (the reference's
     *  lower smooth edge). */
    float idle_speed;
    /** Speed at or above which idle has gone; > idle_speed and < walk_speed. Default 0.35 (the
     *  upper smooth edge). */
    float moving_speed;
    /** WALK_SPEED: the body speed at which only the walk clip shows; > moving_speed.
     *  Default 1.9. */
    float walk_speed;
    /** RUN_SPEED: the body speed at and above which only the run clip shows; > walk_speed.
     *  Default 2.8. */
    float run_speed;
    /** WALK_ANIM: the speed the walk clip looks best at (was made for); > 0. Default 1.4. */
    float walk_anim;
    /** RUN_ANIM: the speed the run clip looks best at; > 0. Default 2.8. */
    float run_anim;
    /** Distance one full walk cycle (two steps) covers when the walk clip plays at walk_anim;
     *  > 0. Default 1.5 (about 112 steps a minute at walk_anim; see @ref blend_tree_page). */
    float walk_stride;
    /** Distance one full run cycle covers when the run clip plays at run_anim; > 0. Default 2.0
     *  (168 steps a minute at run_anim). */
    float run_stride;
    /** "The cycle follows the speed": true (default) advances the phase by the distance moved;
     *  false plays the clips at their own pace, whatever the speed (the feet skate). */
    bool follow_speed;
    /** Game units per reference cell, > 0: every speed and stride above is in cells (per
     *  second) and is multiplied by this when the space is built, so the body's speed is given
     *  in the game's units. Default 1 (the game's unit is the cell); 100 for centimetres when a
     *  cell is a metre. */
    float units_per_cell;
} sa_blend_tree_loco_config;

/** @brief The weight slots of the locomotion preset: index @ref sa_blend_tree_frame::weights
 *         with these. */
typedef enum sa_blend_tree_loco_clip {
    SA_BLEND_TREE_LOCO_CLIP_IDLE = 0,               /**< The idle clip. */
    SA_BLEND_TREE_LOCO_CLIP_WALK = 1,               /**< The walk clip. */
    SA_BLEND_TREE_LOCO_CLIP_RUN = 2,                /**< The run clip. */
    SA_BLEND_TREE_LOCO_CLIP_COUNT_ = 3,             /**< Number of loco clips; not a clip. */
    SA_BLEND_TREE_LOCO_CLIP_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a clip. */
} sa_blend_tree_loco_clip;

/** @brief The reference's values: edges 0.05 and 0.35, WALK_SPEED 1.9, RUN_SPEED 2.8, WALK_ANIM
 *         1.4, RUN_ANIM 2.8, strides 1.5 and 2.0, the cycle following the speed, 1 unit per
 *         cell. */
SA_API sa_blend_tree_loco_config sa_blend_tree_loco_config_default(void);

/**
 * @brief Checks a loco config.
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_NOT_FINITE when a field is NaN or infinite;
 *         ::SA_ERR_RANGE when idle_speed < 0, moving_speed <= idle_speed, walk_speed <=
 *         moving_speed (the walk would never show alone), run_speed <= walk_speed, an anim
 *         speed or stride is <= 0, or units_per_cell is <= 0 (or so large that a speed overflows).
 */
SA_API sa_status sa_blend_tree_loco_config_validate(const sa_blend_tree_loco_config *config);

/**
 * @brief Cycles per second of a clip matched to body speed @p move that looks best at @p anim
 *        with stride @p stride, on a body moving at @p speed: the reference's phase rate.
 *
 * Following the speed: speed * (anim / move) / stride (signed: a negative speed runs the cycle
 * backwards, as climbing down does). Not following, or for a clip that does not move
 * (move <= 0, e.g. treading water): anim / stride, its own pace.
 *
 * @param speed  Body speed; NaN counts as 0. An infinite speed gives 0 (no finite rate).
 * @param move   Body speed the clip is matched to; NaN, infinite or <= 0: the clip's own pace.
 * @param anim   Speed the clip looks best at; NaN, infinite or < 0 counts as 0 (no advance).
 * @param stride Distance per cycle at @p anim; NaN, infinite or <= 0 gives 0 (no advance).
 * @param follow_speed True: the cycle follows the speed; false: its own pace.
 * @return A finite rate in cycles per second, capped to +/-1e6.
 */
SA_API float sa_blend_tree_cycle_rate(float speed, float move, float anim, float stride,
                                      bool follow_speed);

/**
 * @brief One point of a blend space: where on the parameter a clip shows alone, and the gait
 *        numbers of that clip for the phase.
 */
typedef struct sa_blend_tree_point {
    /** Parameter value (e.g. speed) at which this point shows alone. Points are sorted by it,
     *  strictly ascending. */
    float at;
    /** Weight slot this point's weight goes to, in [0, clip_count). Neighbouring points may share
     *  a slot (a plateau); an out-of-range slot is clamped into range per frame. */
    size_t clip;
    /** Curve of the segment from this point to the next (unused on the last point). The eased
     *  value is clamped to [0, 1], so ::SA_EASE_OUT_BACK cannot make a weight negative. */
    sa_ease ease;
    /** Body speed this point's clip is matched to (phase rate numerator), >= 0; 0 for a clip that
     *  does not move with the body (tread, idle), which then plays at its own pace. */
    float move;
    /** Speed the clip looks best at, >= 0 (for a clip that does not move: its stride per
     *  second). */
    float anim;
    /** Distance per cycle at anim, > 0 (for a clip that does not move: 1 gives anim
     *  cycles/s). */
    float stride;
} sa_blend_tree_point;

/**
 * @brief A 1D blend space: up to ::SA_BLEND_TREE_MAX_POINTS points sorted on one parameter,
 *        mixing up to ::SA_BLEND_TREE_MAX_CLIPS clips. Build it with sa_blend_tree_space_init()
 *        and sa_blend_tree_space_add(), or sa_blend_tree_space_from_loco().
 *
 * At a parameter x between two neighbouring points a and b, u = (x - a.at)/(b.at - a.at) and the
 * weight moves from a's slot to b's along a's ease: w_b = ease(u), w_a = 1 - w_b. Below the
 * first point the first shows alone, above the last the last. The gait numbers move, anim and
 * stride are mixed linearly by u (never eased, so the phase rate stays smooth); the phase rate
 * is sa_blend_tree_cycle_rate() of the mixed numbers, the stretch move / anim.
 *
 * Swimming, treading water (its own pace: move 0) into paddling (matched to 1.2 units/s):
 * @code
 * sa_blend_tree_space swim;
 * sa_blend_tree_space_init(&swim, 2, true);
 * const sa_blend_tree_point tread = {0.0f, 0, SA_EASE_SMOOTH, 0.0f, 0.6f, 1.0f}; // 0.6 kicks/s
 * const sa_blend_tree_point paddle = {1.2f, 1, SA_EASE_LINEAR, 1.2f, 1.0f, 1.6f};
 * sa_blend_tree_space_add(&swim, &tread);
 * sa_blend_tree_space_add(&swim, &paddle);
 * // each frame:
 * const sa_blend_tree_frame f = sa_blend_tree_space_step(&swim, &swim_phase, speed, dt);
 * // sample tread and paddle at swim_phase, blend them by f.weights[0] and f.weights[1]
 * @endcode
 */
typedef struct sa_blend_tree_space {
    /** The points, `point_count` of them, sorted by `at`. */
    sa_blend_tree_point points[SA_BLEND_TREE_MAX_POINTS];
    /** Points in use, in [0, ::SA_BLEND_TREE_MAX_POINTS]. */
    size_t point_count;
    /** Number of weight slots (clips), in [1, ::SA_BLEND_TREE_MAX_CLIPS]. */
    size_t clip_count;
    /** "The cycle follows the speed" (the parameter is then the body's speed); false: every
     *  clip plays at its own pace. */
    bool follow_speed;
    /** Each clip slot's sync markers, sorted by phase (usually its clip's touchdowns; set them
     *  with sa_blend_tree_space_set_markers()); NULL for a slot that is not synced. */
    const sa_clip_touchdown *markers[SA_BLEND_TREE_MAX_CLIPS];
    /** Number of sync markers of each slot, at most ::SA_BLEND_TREE_MAX_MARKERS; 0 for a slot
     *  that is not synced. */
    size_t marker_count[SA_BLEND_TREE_MAX_CLIPS];
} sa_blend_tree_space;

/** @brief One frame of a blend space: the clips' weights, the shared phase and the stretch. */
typedef struct sa_blend_tree_frame {
    /** Weight of each clip slot, each in [0, 1], summing to 1 over the first weight_count;
     *  slots from weight_count on are 0. For the loco preset, index it with
     *  ::sa_blend_tree_loco_clip. */
    float weights[SA_BLEND_TREE_MAX_CLIPS];
    /** Number of weight slots: the space's clip_count; 0 for a NULL or empty space. */
    size_t weight_count;
    /** Index of the lower point of the active segment (0 below the first point, point_count - 1
     *  above the last). */
    size_t segment;
    /** Linear position in the active segment, in [0, 1]. */
    float u;
    /** Mixed body speed the clips are matched to, >= 0. */
    float move;
    /** Mixed speed the clips look best at, >= 0. */
    float anim;
    /** Mixed stride, > 0. */
    float stride;
    /** Stride stretch move / anim, in [0, ::SA_BLEND_TREE_MAX_STRETCH]: for the loco preset
     *  1.9 / 1.4 ~ 1.357 at WALK_SPEED, 1 at RUN_SPEED. 1 when the clips do not move, do not
     *  follow the speed, or anim is 0. */
    float stretch;
    /** Cycles per second (sa_blend_tree_cycle_rate() of the mixed numbers), signed, finite. */
    float rate;
    /** Cycles the leader's phase advanced this frame, rate * dt, signed, not wrapped (footsteps.h's
     *  `cycles`; every slot passes the same number of whole cycles). */
    float advance;
    /** The shared phase after this frame, in [0, 1): the one phase every clip plays when no slot
     *  has sync markers; with markers, the sync phase, which is the phase of the first synced
     *  slot (the reference) and from which every slot's own phase follows. */
    float phase;
    /** The slot whose own phase advanced by `advance`: the heaviest (the first of the heaviest on
     *  a tie). With markers, every other synced slot is warped to line up with it. */
    size_t leader;
    /** Each slot's own phase after this frame, in [0, 1): sample the slot's clip here. A synced
     *  slot is warped so its markers line up with the other synced slots'; a slot without
     *  markers plays `phase`. Slots from weight_count on are 0. */
    float clip_phase[SA_BLEND_TREE_MAX_CLIPS];
    /** Each slot's own phase before this frame, in [0, 1): with clip_phase, the interval a
     *  footsteps layer of the slot passed (footsteps.h's per-layer phases). */
    float clip_phase_from[SA_BLEND_TREE_MAX_CLIPS];
} sa_blend_tree_frame;

/**
 * @brief Empties a blend space with @p clip_count weight slots (no points, no sync markers).
 * @param space        The space to empty.
 * @param clip_count   Number of clips the space mixes, in [1, ::SA_BLEND_TREE_MAX_CLIPS].
 * @param follow_speed Whether the phase follows the parameter as a speed.
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_COUNT for a bad clip_count (the space is
 *         still emptied, with one slot).
 */
SA_API sa_status sa_blend_tree_space_init(sa_blend_tree_space *space, size_t clip_count,
                                          bool follow_speed);

/**
 * @brief Appends a point to a blend space.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL space or point; ::SA_ERR_CAPACITY when the space is
 *         full; ::SA_ERR_NOT_FINITE for a non-finite field; ::SA_ERR_COUNT for a clip slot
 *         outside [0, clip_count); ::SA_ERR_UNSORTED when `at` is not above the last point's;
 *         ::SA_ERR_RANGE for a negative move or anim, a stride <= 0 or an unknown ease. Nothing is
 *         added on error.
 */
SA_API sa_status sa_blend_tree_space_add(sa_blend_tree_space *space,
                                         const sa_blend_tree_point *point);

/**
 * @brief Syncs a clip slot by its markers: the clips of synced slots are warped so that their
 *        markers line up, and walk and run blend without their feet skating.
 *
 * As Unreal's sync groups do. Clips whose feet touch down at different phases (a walk and a
 * gallop, a walk and a run with longer flights) cannot share one phase: while they blend, one
 * clip's planted foot is mixed with the other's swinging foot and slides. With markers, each
 * slot plays its own phase (@ref sa_blend_tree_frame::clip_phase): the leader, the heaviest slot,
 * advances by the distance moved; every other synced slot is placed, between the two of its
 * markers around it, as far as the leader is between the matching two of its own. Markers match
 * by foot, in order around the cycle: the most pairs that keep both clips' order (a gallop and a
 * walk, whose feet land in different orders, line up the feet that can); a slot with no foot in
 * common with the reference, or with a single one (then a constant offset), is warped that far.
 *
 * The shared phase stored between frames is then the phase of the first synced slot (the
 * reference); slots without markers (idle) play it unwarped. A space with no markers behaves
 * exactly as before.
 * @param space   The space.
 * @param clip    The slot, in [0, clip_count).
 * @param markers The slot's clip's markers (e.g. its touchdowns, measured with
 *                sa_clip_measure_touchdowns()), sorted by phase, each in [0, 1); kept by pointer,
 *                so they must outlive the space. NULL with @p count 0 unsyncs the slot.
 * @param count   Number of markers, at most ::SA_BLEND_TREE_MAX_MARKERS.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL space, or NULL markers with a count; ::SA_ERR_COUNT
 *         for a slot outside [0, clip_count) or more than ::SA_BLEND_TREE_MAX_MARKERS markers;
 *         ::SA_ERR_RANGE for a phase outside [0, 1) (or NaN); ::SA_ERR_UNSORTED when phases
 *         decrease. The space is untouched on error.
 */
SA_API sa_status sa_blend_tree_space_set_markers(sa_blend_tree_space *space, size_t clip,
                                                 const sa_clip_touchdown *markers, size_t count);

/**
 * @brief Checks a whole blend space (e.g. one filled in by hand or loaded from data), with the
 *        same rules as sa_blend_tree_space_init(), sa_blend_tree_space_add() and
 *        sa_blend_tree_space_set_markers().
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_COUNT for a clip_count outside [1,
 *         ::SA_BLEND_TREE_MAX_CLIPS] or a point_count outside [1, ::SA_BLEND_TREE_MAX_POINTS];
 *         otherwise the first point's error, then the first slot's marker error.
 */
SA_API sa_status sa_blend_tree_space_validate(const sa_blend_tree_space *space);

/**
 * @brief Builds the locomotion preset: the reference's idle/walk/run blend as a blend space.
 *
 * Four points, three slots (::sa_blend_tree_loco_clip): idle at idle_speed (smooth segment), walk
 * at moving_speed and again at walk_speed (the walk plateau), run at run_speed (linear from the
 * walk); every speed and stride times units_per_cell. The idle point carries the walk clip's gait
 * numbers, so the cycle stops when the body stands. Stepped with a speed >= 0 it gives the
 * reference's weights exactly (idle = 1 - smooth(idle_speed, moving_speed, speed), walk and run
 * split linearly between WALK_SPEED and RUN_SPEED), its phase rate and its stretch; see @ref
 * blend_tree_page.
 *
 * @param space  Receives the space.
 * @param config The locomotion numbers; NULL means sa_blend_tree_loco_config_default().
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL @p space; what sa_blend_tree_loco_config_validate()
 *         reports for an invalid config (the space is then left empty: its frames are all zero).
 */
SA_API sa_status sa_blend_tree_space_from_loco(sa_blend_tree_space *space,
                                               const sa_blend_tree_loco_config *config);

/**
 * @brief One frame of a blend space: the clips' weights at parameter @p x, the shared phase
 *        advanced by this frame, and the stride stretch.
 *
 * With sync markers (sa_blend_tree_space_set_markers()) the leader's own phase advances by
 * this frame's distance and the stored phase follows as the sync phase; every slot's own phase
 * is in the frame's clip_phase (after) and clip_phase_from (before).
 *
 * @param space The space; NULL or empty gives a frame with no weights (weight_count 0), no
 *              advance and the stored phase wrapped. An unvalidated space is still safe: counts
 *              are clamped, slots are clamped into range, unsorted or non-finite points or
 *              markers can only give odd (never bad) weights and phases.
 * @param phase Shared phase, read and written back wrapped into [0, 1) (a non-finite stored
 *              phase restarts at 0); NULL: weights only (the frame's phase is then 0 plus this
 *              frame's advance).
 * @param x     Blend parameter (the body's speed when the space follows the speed; negative runs
 *              the cycle backwards). NaN counts as 0; +/-infinity picks the last/first point, with
 *              no phase advance.
 * @param dt    Frame time in seconds; <= 0, NaN or infinite: no advance.
 * @return The frame (see ::sa_blend_tree_frame), every field finite.
 */
SA_API sa_blend_tree_frame sa_blend_tree_space_step(const sa_blend_tree_space *space, float *phase,
                                                    float x, float dt);

/**
 * @brief The per-joint weights of the reference's stride stretch: 1 on the two thighs and the two
 *        upper arms, found by name, 0 everywhere else. Pass them to sa_pose_lerp_masked() with
 *        the frame's stretch.
 *
 * The four limbs are found by the words of the joints' names, so any common naming scheme works:
 * a name is cut into words, case-insensitively, at every character that is not a letter or a
 * digit, where a lower-case letter meets a capital ("LeftUpLeg": left, up, leg), before the last
 * capital of a run ("LThigh": l, thigh) and where letters meet digits; words of digits only are
 * dropped, and so are prefixes that are not limb or side words ("mixamorig:", "b_", "Bip01",
 * "DEF-"). A joint is on the left with a word "l" or "left" (right: "r" or "right"). It is a
 * thigh with a word "thigh" or "upleg", or "up"/"upper" followed by "leg"; an upper arm with
 * "upperarm" or "uparm", or "up"/"upper" followed by "arm". Failing those, the plain word "leg"
 * (or "arm") names the limb, and of several the one nearest the root wins: mixamo's "LeftArm" is
 * its upper arm, a quadruped's "b_LeftLeg01_015" its thigh, above "b_LeftLeg02_016". Names with
 * a word "fore", "lower", "lo", "twist", "roll", "ik", "pole", "target", "end", "nub" or "mch"
 * (forearms, shins, helper bones) are never picked. So all of "thigh_l", "thigh.L", "l_thigh",
 * "LeftUpLeg", "mixamorig:LeftUpLeg", "LeftUpperLeg", "Bip01 L Thigh", "DEF-thigh.L" and
 * "b_LeftLeg01_015" are the left thigh. Of several joints that match alike, the one nearest the
 * root (then the first) wins. A limb with no match keeps weight 0; for other names set the
 * weights yourself.
 *
 * @param skeleton A valid skeleton; without names every weight is 0.
 * @param out      Receives joint_count weights, indexed by joint. NULL asks for the count only.
 * @param capacity Number of floats @p out can hold, >= joint_count.
 * @return The skeleton's joint_count (also for the count-only call); 0, with nothing written,
 *         for a NULL or invalid skeleton or a @p capacity below joint_count.
 */
SA_API size_t sa_blend_tree_stretch_weights(const sa_skeleton *skeleton, float *out,
                                            size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
