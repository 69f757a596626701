/**
 * @file blend_tree.h
 * @brief Layer 3: the speed blend tree: clip weights on a 1D parameter, one shared phase
 *        advanced by distance, and the stride stretch.
 *
 * The seed's locomotion ("The real code: walk, run, or both") mixes three clips by the body's
 * speed instead of switching between them:
 *
 * @code
 * loco  = smooth(0.05, 0.35, speed)                 // 0 standing, 1 moving
 * t     = clamp((speed - WALK_SPEED) / (RUN_SPEED - WALK_SPEED), 0, 1)
 * idle  = 1 - loco;  walk = loco * (1 - t);  run = loco * t
 * move  = lerp(WALK_SPEED, RUN_SPEED, t);  anim = lerp(WALK_ANIM, RUN_ANIM, t)
 * stride = lerp(walk_stride, run_stride, t)
 * phase = (phase + dt * speed * (anim / move) / stride) % 1
 * stretch = move / anim
 * @endcode
 *
 * - The weights are never negative and sum to 1, so the caller blends the three sampled poses by
 *   them and never renormalises.
 * - One phase in [0, 1) drives every moving clip, so walk and run stay in step while they mix.
 *   It advances by the *distance* walked: one cycle (two steps) per stride·stretch (the stride
 *   the stretched legs take), and it stops when the body stands still, so planted feet do not
 *   slide.
 * - The clip is not played faster when the body is faster than the clip was made for (that looks
 *   like a cartoon): it plays at the clip's own pace at `move`, and the legs swing further instead.
 *   `stretch = move / anim` is that factor; sa_blend_tree_stretch() applies it to the thighs and
 *   upper arms by slerping from the idle pose past the clip's pose.
 * - With "the cycle follows the speed" switched off the clip plays at its own pace
 *   (`phase += dt · anim / stride`) whatever the speed: the feet skate. The seed's demo has this
 *   switch to show why the distance matters.
 *
 * The same machinery serves any 1D blend (swimming: tread ↔ paddle by speed; a lean by turn
 * rate) through a generic blend space, ::sa_blend_tree_space: sorted points on the parameter,
 * each naming an output weight slot; between two neighbours the weight moves from one to the
 * other along an easing curve. Two neighbouring points may name the same slot, which gives a
 * plateau where one clip shows alone (the seed's walk between 0.35 and 1.9):
 * sa_blend_tree_space_from_loco() builds exactly that layout from a loco config.
 *
 * Units: one length unit throughout (the seed's "cells"; metres work the same): speeds in units
 * per second, strides in units; phase in cycles; dt in seconds. Controllers output weights and
 * phases only: pose data stays with the caller (see pose.h and clip.h for sampling and blending).
 *
 * Every per-frame function is total: a NULL config means the defaults, bad config fields are
 * repaired as documented on each field, NaN inputs are documented per parameter, and no output
 * is ever NaN or infinite. Setup functions return an ::sa_status.
 */
#ifndef STICKANIM_BLEND_TREE_H
#define STICKANIM_BLEND_TREE_H

#include <stickanim/math.h>
#include <stickanim/skeleton.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Most points a generic blend space holds. */
#define SA_BLEND_TREE_MAX_POINTS 16

/**
 * @brief Largest stride stretch factor sa_blend_tree_stretch() applies; larger factors are
 *        clamped to it (the legs would swing past a half turn long before that).
 */
#define SA_BLEND_TREE_MAX_STRETCH 4.0f

/**
 * @brief The seed's locomotion blend: speeds, the speeds the clips look best at, strides and
 *        the idle → moving edge. Get the seed's values from sa_blend_tree_loco_config_default().
 *
 * A per-frame function repairs a bad field on the fly: a NaN, infinite or out-of-range value is
 * replaced by its default (and `moving_speed` ≤ `idle_speed` makes the idle → moving change a
 * step at `idle_speed`, `run_speed` ≤ `walk_speed` makes walk → run a step at `walk_speed`).
 * sa_blend_tree_loco_validate() reports such fields instead.
 */
typedef struct sa_blend_tree_loco_config {
    /** Speed at or below which the body shows only idle; ≥ 0. Default 0.05 (the seed's lower
     *  smooth edge). */
    float idle_speed;
    /** Speed at or above which idle has gone; > idle_speed. Default 0.35 (upper smooth edge). */
    float moving_speed;
    /** WALK_SPEED: the body speed at which only the walk clip shows; > 0. Default 1.9. */
    float walk_speed;
    /** RUN_SPEED: the body speed at and above which only the run clip shows; > walk_speed.
     *  Default 2.8. */
    float run_speed;
    /** WALK_ANIM: the speed the walk clip looks best at (was made for); > 0. Default 1.4. */
    float walk_anim;
    /** RUN_ANIM: the speed the run clip looks best at; > 0. Default 2.8. */
    float run_anim;
    /**
     * Distance one full walk cycle (two steps) covers when the walk clip plays at walk_anim; > 0.
     * Default 1.5: 1.4 / 1.5 ≈ 0.93 cycles/s, about 112 steps a minute, a person's ordinary walk
     * (in metres: a 0.75 m step). A clip made for other proportions states its own stride.
     */
    float walk_stride;
    /**
     * Distance one full run cycle covers when the run clip plays at run_anim; > 0. Default 2.0:
     * 2.8 / 2.0 = 1.4 cycles/s, 168 steps a minute, an ordinary running cadence (a 1 m step).
     */
    float run_stride;
    /** "The cycle follows the speed": true (default) advances the phase by the distance walked;
     *  false plays the clip at its own pace, whatever the speed (the feet skate). */
    bool follow_speed;
} sa_blend_tree_loco_config;

/** @brief One frame of the locomotion blend: weights, the shared phase and the stride stretch. */
typedef struct sa_blend_tree_loco {
    /** Weight of the idle clip, in [0, 1]: 1 − loco. */
    float idle;
    /** Weight of the walk clip, in [0, 1]: loco·(1 − t). */
    float walk;
    /** Weight of the run clip, in [0, 1]: loco·t. idle + walk + run = 1. */
    float run;
    /** loco = smooth(idle_speed, moving_speed, speed), in [0, 1]: 0 standing, 1 moving. */
    float loco;
    /** t, in [0, 1]: how far between walk_speed and run_speed (the seed's `blend.run`). */
    float t;
    /** The body speed the mixed clip is matched to: lerp(walk_speed, run_speed, t). */
    float move;
    /** The speed the mixed clip looks best at: lerp(walk_anim, run_anim, t). */
    float anim;
    /** The mixed clip's stride (distance per cycle at anim): lerp(walk_stride, run_stride, t). */
    float stride;
    /** Stride stretch for sa_blend_tree_stretch(): move / anim (default config: 1.357 walking,
     *  1 running), at most ::SA_BLEND_TREE_MAX_STRETCH; 1 when the cycle does not follow the
     *  speed (the clip plays as made: its own pace, its own stride). */
    float stretch;
    /** Cycles per second at this speed: speed·(anim / move) / stride when following the speed,
     *  anim / stride when not. Never negative. */
    float rate;
    /** Cycles advanced this frame, rate·dt, not wrapped (for footstep detection); ≥ 0. */
    float advance;
    /** The shared phase after this frame, in [0, 1). */
    float phase;
} sa_blend_tree_loco;

/** @brief The seed's values: edges 0.05 and 0.35, WALK_SPEED 1.9, RUN_SPEED 2.8, WALK_ANIM 1.4,
 *         RUN_ANIM 2.8, strides 1.5 and 2.0, the cycle following the speed. */
SA_API sa_blend_tree_loco_config sa_blend_tree_loco_config_default(void);

/**
 * @brief Checks a loco config.
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_NOT_FINITE when a field is NaN or infinite;
 *         ::SA_ERR_RANGE when idle_speed < 0, moving_speed ≤ idle_speed, walk_speed ≤ 0,
 *         run_speed ≤ walk_speed, or an anim speed or stride is ≤ 0.
 */
SA_API sa_status sa_blend_tree_loco_validate(const sa_blend_tree_loco_config *config);

/**
 * @brief One frame of the seed's idle/walk/run blend: weights by speed, and the shared phase
 *        advanced by the distance walked.
 *
 * @param config Blend parameters; NULL means sa_blend_tree_loco_config_default(). Bad fields are
 *               repaired as ::sa_blend_tree_loco_config says.
 * @param phase  The shared phase, read and written back wrapped into [0, 1). NULL: evaluate the
 *               weights only (the returned phase is then 0 + this frame's advance, wrapped). A
 *               NaN, infinite or out-of-range stored phase is wrapped (non-finite counts as 0).
 * @param speed  The body's ground speed, ≥ 0. Negative or NaN counts as 0 (standing); +infinity
 *               gives all-run weights and no phase advance (no finite distance).
 * @param dt     Frame time in seconds. ≤ 0, NaN or infinite: no advance.
 * @return The weights (exactly all-idle at speed ≤ idle_speed, all-walk at walk_speed, all-run
 *         at run_speed and above, with the default config), the stretch and the new phase.
 */
SA_API sa_blend_tree_loco sa_blend_tree_loco_step(const sa_blend_tree_loco_config *config,
                                                  float *phase, float speed, float dt);

/**
 * @brief Cycles per second of a clip matched to body speed @p move that looks best at @p anim
 *        with stride @p stride, on a body moving at @p speed: the seed's phase rate.
 *
 * Following the speed: speed·(anim / move) / stride (signed: a negative speed runs the cycle
 * backwards, as climbing down does). Not following, or for a clip that does not move
 * (move ≤ 0, e.g. treading water): anim / stride, its own pace.
 *
 * @param speed  Body speed; NaN counts as 0. An infinite speed gives 0 (no finite rate).
 * @param move   Body speed the clip is matched to; NaN, infinite or ≤ 0: the clip's own pace.
 * @param anim   Speed the clip looks best at; NaN, infinite or < 0 counts as 0 (no advance).
 * @param stride Distance per cycle at @p anim; NaN, infinite or ≤ 0 gives 0 (no advance).
 * @param follow_speed True: the cycle follows the speed; false: its own pace.
 * @return A finite rate in cycles per second, capped to ±1e6.
 */
SA_API float sa_blend_tree_cycle_rate(float speed, float move, float anim, float stride,
                                      bool follow_speed);

/**
 * @brief Moves a phase by @p cycles (either sign) and wraps it into [0, 1).
 *
 * Computed in double precision, so a tiny step on a phase near 1 is not lost and a large one
 * wraps correctly (the seed's `% 1`, but never negative).
 * @param phase  Current phase; NaN or infinite counts as 0, out-of-range values are wrapped.
 * @param cycles Cycles to add; NaN or infinite counts as 0.
 * @return The new phase in [0, 1).
 */
SA_API float sa_blend_tree_phase_advance(float phase, float cycles);

/**
 * @brief One point of a generic 1D blend space: where on the parameter a clip shows alone, and
 *        the gait numbers of that clip for the phase.
 */
typedef struct sa_blend_tree_point {
    /** Parameter value (e.g. speed) at which this point shows alone. Points are sorted by it,
     *  strictly ascending. */
    float at;
    /** Output weight slot this point's weight goes to, in [0, clip_count). Neighbouring points
     *  may share a slot (a plateau); an out-of-range slot is clamped into range per frame. */
    int32_t clip;
    /** Curve of the segment from this point to the next (unused on the last point). The eased
     *  value is clamped to [0, 1], so ::SA_EASE_OUT_BACK cannot make a weight negative. */
    sa_ease ease;
    /** Body speed this point's clip is matched to (phase rate numerator); 0 for a clip that does
     *  not move with the body (tread, idle), which then plays at its own pace. */
    float move;
    /** Speed the clip looks best at (for a clip that does not move: its stride per second). */
    float anim;
    /** Distance per cycle at anim (for a clip that does not move: 1 gives anim cycles/s). */
    float stride;
} sa_blend_tree_point;

/**
 * @brief A generic 1D blend space: up to ::SA_BLEND_TREE_MAX_POINTS points sorted on one
 *        parameter. Build it with sa_blend_tree_space_init() and sa_blend_tree_space_add().
 *
 * At a parameter x between two neighbouring points a and b, u = (x − a.at)/(b.at − a.at) and the
 * weight moves from a's slot to b's along a's ease: w_b = ease(u), w_a = 1 − w_b. Below the
 * first point the first shows alone, above the last the last. The gait numbers move, anim and
 * stride are mixed linearly by u (never eased, so the phase rate stays smooth), and the phase
 * rate and stretch follow from them as in the loco blend.
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
 * float w[2];
 * const sa_blend_tree_frame f = sa_blend_tree_space_step(&swim, &swim_phase, speed, dt, w, 2);
 * // sample tread and paddle at swim_phase, blend by w[0] and w[1]
 * @endcode
 */
typedef struct sa_blend_tree_space {
    /** The points, `count` of them, sorted by `at`. */
    sa_blend_tree_point points[SA_BLEND_TREE_MAX_POINTS];
    /** Points in use, in [0, ::SA_BLEND_TREE_MAX_POINTS]. */
    int32_t count;
    /** Number of output weight slots (clips), ≥ 1. */
    int32_t clip_count;
    /** "The cycle follows the speed" (the parameter is then the body's speed); false: every
     *  clip plays at its own pace. */
    bool follow_speed;
} sa_blend_tree_space;

/** @brief One frame of a generic blend space (the weights go to the caller's array). */
typedef struct sa_blend_tree_frame {
    /** Weight slots written: clip_count, or the capacity when smaller; 0 for an empty space. */
    int32_t weight_count;
    /** Index of the lower point of the active segment (0 below the first point, count − 1
     *  above the last). */
    int32_t segment;
    /** Linear position in the active segment, in [0, 1]. */
    float u;
    /** Mixed body speed the clips are matched to. */
    float move;
    /** Mixed speed the clips look best at. */
    float anim;
    /** Mixed stride. */
    float stride;
    /** Stride stretch move / anim, in [0, ::SA_BLEND_TREE_MAX_STRETCH]; 1 when the clips do not
     *  move, do not follow the speed, or anim is 0. */
    float stretch;
    /** Cycles per second (sa_blend_tree_cycle_rate() of the mixed numbers). */
    float rate;
    /** Cycles advanced this frame, signed, not wrapped. */
    float advance;
    /** The shared phase after this frame, in [0, 1). */
    float phase;
} sa_blend_tree_frame;

/**
 * @brief Empties a blend space with @p clip_count weight slots.
 * @param space The space to empty.
 * @param clip_count Number of clips the space mixes, in [1, ::SA_BLEND_TREE_MAX_POINTS].
 * @param follow_speed Whether the phase follows the parameter as a speed.
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_COUNT for a bad clip_count (the space is
 *         still emptied, with one slot).
 */
SA_API sa_status sa_blend_tree_space_init(sa_blend_tree_space *space, int32_t clip_count,
                                          bool follow_speed);

/**
 * @brief Appends a point to a blend space.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL space or point; ::SA_ERR_CAPACITY when the space is
 *         full; ::SA_ERR_NOT_FINITE for a non-finite field; ::SA_ERR_COUNT for a clip slot
 *         outside [0, clip_count); ::SA_ERR_UNSORTED when `at` is not above the last point's;
 *         ::SA_ERR_RANGE for a negative move or anim, a stride ≤ 0 or an unknown ease. Nothing is
 *         added on error.
 */
SA_API sa_status sa_blend_tree_space_add(sa_blend_tree_space *space,
                                         const sa_blend_tree_point *point);

/**
 * @brief Checks a whole blend space (e.g. one filled in by hand or loaded from data), with the
 *        same rules as sa_blend_tree_space_init() and sa_blend_tree_space_add().
 * @return ::SA_OK; ::SA_ERR_COUNT for count < 1 or > max; otherwise the first point's error.
 */
SA_API sa_status sa_blend_tree_space_validate(const sa_blend_tree_space *space);

/**
 * @brief Builds the generic space equal to a loco config: four points: idle at idle_speed,
 *        walk at moving_speed (smooth segment), walk at walk_speed, run at run_speed (linear);
 *        slots 0 idle, 1 walk, 2 run.
 *
 * It gives the same weights, phase and stretch as sa_blend_tree_loco_step() whenever
 * moving_speed < walk_speed (true of the defaults). The idle point carries the walk clip's gait
 * numbers, as in the seed, so the cycle stops when the body stands.
 * @return ::SA_OK; ::SA_ERR_NULL; what sa_blend_tree_loco_validate() reports for an invalid
 *         config; ::SA_ERR_RANGE when moving_speed ≥ walk_speed (the walk plateau would vanish;
 *         use sa_blend_tree_loco_step() for such a config). The space is left empty on error.
 */
SA_API sa_status sa_blend_tree_space_from_loco(sa_blend_tree_space *space,
                                               const sa_blend_tree_loco_config *config);

/**
 * @brief One frame of a generic blend space: weights at parameter @p x and the shared phase.
 *
 * @param space    The space; NULL or empty writes nothing and returns a zero frame (phase kept).
 *                 An unvalidated space is still safe: count is clamped, slots are clamped into
 *                 range, unsorted or non-finite points can only give odd (never bad) weights.
 * @param phase    Shared phase, read and written back in [0, 1); NULL: weights only.
 * @param x        Blend parameter (the body's speed when the space follows the speed). NaN
 *                 counts as the first point's `at`; ±infinity picks the last/first point (and no
 *                 phase advance).
 * @param dt       Frame time in seconds; ≤ 0, NaN or infinite: no advance.
 * @param weights  Output, one weight per clip slot, each in [0, 1], summing to 1; may be NULL
 *                 when @p capacity is 0.
 * @param capacity Length of @p weights; slots beyond it are not written (then the written ones
 *                 may sum to less than 1).
 */
SA_API sa_blend_tree_frame sa_blend_tree_space_step(const sa_blend_tree_space *space, float *phase,
                                                    float x, float dt, float *weights,
                                                    int32_t capacity);

/**
 * @brief The stride stretch on a joint set: each listed joint's rotation becomes
 *        slerp(idle, pose, stretch): from the idle pose, through the clip's pose and, for a
 *        stretch above 1, further along the same arc (sa_quat_slerp() extrapolating).
 *
 * Only rotations change; translations and scales stay as the pose has them. Call it on the
 * blended loco pose with ::sa_blend_tree_loco::stretch: a thigh that the walk clip swings 20°
 * forward of the idle pose swings 20°·1.357 at WALK_SPEED, so the stride covers the distance the
 * clip alone would not. Stretch 1 leaves the listed joints exactly as they are; 0 gives the idle
 * rotations. (pose.h's sa_pose_lerp_masked() does the same with per-joint weights instead of a
 * list, and also moves translations.)
 *
 * @param idle        The idle pose: @p joint_count local transforms (the arcs start here).
 * @param pose        The blended pose, changed in place at the listed joints.
 * @param joint_count Length of both poses.
 * @param joints      Indices of the joints to stretch (thighs and upper arms by default, see
 *                    sa_blend_tree_stretch_joints()); indices outside [0, joint_count) are skipped.
 * @param joint_list_count Length of @p joints.
 * @param stretch     Factor, clamped to [0, ::SA_BLEND_TREE_MAX_STRETCH]; NaN or infinite counts
 *                    as 1 (no change).
 * @return Number of joints stretched; 0 (nothing changed) when a pointer is NULL or a count is 0.
 *         Every rotation written is a unit quaternion, also from non-unit or non-finite input.
 */
SA_API size_t sa_blend_tree_stretch(const sa_transform *idle, sa_transform *pose,
                                    size_t joint_count, const int32_t *joints,
                                    size_t joint_list_count, float stretch);

/**
 * @brief Finds the default stretch set in a skeleton by joint name: the two thighs and the two
 *        upper arms, as the seed stretches them.
 *
 * Each of the four limbs is looked up under common names, first match wins (exact,
 * case-sensitive): left thigh "thigh_l", "thigh.L", "l_thigh", "left_thigh", "LeftUpLeg",
 * "mixamorig:LeftUpLeg", "LeftUpperLeg", "LeftThigh" (and the same with r/R/right/Right for the
 * right side); left upper arm "upperarm_l", "upper_arm_l", "upper_arm.L", "l_upperarm",
 * "left_upper_arm", "LeftArm", "mixamorig:LeftArm", "LeftUpperArm" (and the right ones). A limb
 * with no match is left out. For other names pass your own index list to
 * sa_blend_tree_stretch().
 *
 * @param skeleton A skeleton with names (see skeleton.h); no names finds nothing.
 * @param joints   Receives the joint indices, in the order left thigh, right thigh, left upper
 *                 arm, right upper arm (missing ones skipped).
 * @param capacity Length of @p joints; 4 is always enough.
 * @return Number of indices written (0 for NULL pointers or a skeleton without names).
 */
SA_API size_t sa_blend_tree_stretch_joints(const sa_skeleton *skeleton, int32_t *joints,
                                           size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
