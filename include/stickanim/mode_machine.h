/**
 * @file mode_machine.h
 * @brief Layer 3: the animation's mode state machine (loco, jump, fall, land, sit, swim, climb,
 *        ragdoll, get-up), its cross-fades, the get-up morph and inertialization.
 *
 * Walking and running mix (see blend_tree.h), but jumping, falling and swimming do not mix with
 * walking: the animation is always in exactly one *mode*. Each frame the game hands the machine
 * a plain ::sa_mode_input read from its character body, and the machine runs the seed's rules
 * from top to bottom, later ones overriding earlier ones:
 *
 * 0. knocked down → ragdoll; when the ragdoll is released → get-up (which plays to its end);
 * 1. on a ladder → climb, and nothing else is asked (a ladder wins over everything);
 * 2. a new jump (the body's jump counter differs from the last one the machine saw) → jump;
 *    a jump going down (vertical velocity < 0) → fall; off the ground and sinking faster than
 *    `fall_speed` from loco, land or sit → fall (walking off a ledge);
 * 3. touching the ground in jump or fall → sit when landing faster than `hard_landing_speed`
 *    (seed: 10), land otherwise;
 * 4. land ends after `land_time` (0.5 s) or sooner when moving on (speed above
 *    `land_exit_speed`); sit ends after `sit_time`; swim and climb end when water or ladder are
 *    gone (→ loco on the ground, fall in the air);
 * 5. in water → swim, last, so water wins over everything except the start of a jump out of it
 *    (the first `water_jump_time` seconds of a jump).
 *
 * Every switch fades. The machine keeps an ::sa_fade (fade.h) whose layers each show one mode,
 * with its weight (all weights sum to 1), its `mode_time` (seconds since the layer was pushed: the
 * seed's modeT) and per-layer extras: a *play time* that advances at the layer's own *time
 * scale* (get-up clips play 1.35× faster; climbing runs the cycle backwards going down). A switch
 * in the middle of a fade fades from what shows now; the target's fade rate comes from the
 * config per mode (landing fast, swimming slow).
 *
 * Two fade styles, chosen per machine (::sa_mode_fade_style):
 * - **cross-fade** (default): the game samples every layer's clip and blends the poses by the
 *   layers' weights (pose.h);
 * - **inertialization**: a switch cuts to the new mode at once (one layer, weight 1: only one
 *   pose is evaluated); on the frame ::sa_mode_machine::switched is true the game records, per
 *   joint, the offset between the pose it showed and the new pose (sa_inertial_scalar_record(),
 *   sa_inertial_quat_record()) and from then on adds the offset decayed by a critically damped
 *   spring (sa_inertial_scalar_apply(), sa_inertial_quat_apply(), sa_inertial_quats_apply()),
 *   with sa_mode_machine_inertial_time() and sa_mode_machine_inertial_halflife(). This is the
 *   technique of Bollo's inertialization talk and Holden's articles ("dead blending").
 *
 * Get-up: leaving the ragdoll is always a cut (the ragdoll layer's weight is dropped), because the
 * get-up morph provides the continuity: the game remembers the ragdoll pose on the frame the
 * get-up starts, samples the get-up clip named by ::sa_mode_machine::getup_side at the get-up
 * layer's play time, and morphs every joint from the remembered pose with
 * k = sa_mode_machine_getup_k(): exactly 1 on the first frame (the ragdoll pose), going smoothly
 * to exactly 0 after `morph_time` (the clip alone).
 *
 * Units: speeds in the game's distance units per second (the seed uses cells/s), times in
 * seconds, y up. No allocation: the machine is a plain struct the caller owns.
 */
#ifndef STICKANIM_MODE_MACHINE_H
#define STICKANIM_MODE_MACHINE_H

#include <stickanim/fade.h>
#include <stickanim/pose.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The animation modes; values are stable and index the config's fade_rate array. */
typedef enum sa_mode {
    SA_MODE_LOCO = 0,    /**< On the ground: idle, walk, run mixed by speed (blend_tree.h). */
    SA_MODE_JUMP = 1,    /**< Taking off and rising. */
    SA_MODE_FALL = 2,    /**< In the air, going down. */
    SA_MODE_LAND = 3,    /**< A short, soft landing, then back to loco. */
    SA_MODE_SIT = 4,     /**< Landed hard: fallen onto the bottom. */
    SA_MODE_SWIM = 5,    /**< In water: treading or paddling (mixed by speed). */
    SA_MODE_CLIMB = 6,   /**< On a ladder; the cycle runs backwards going down. */
    SA_MODE_RAGDOLL = 7, /**< Knocked down: physics moves the bones, no clip plays. */
    SA_MODE_GETUP = 8,   /**< Getting up from the ragdoll with a get-up clip and a morph. */
    SA_MODE_COUNT_,      /**< Number of modes; not a mode. */
    SA_MODE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a mode. */
} sa_mode;

/** @brief Which get-up clip to play. */
typedef enum sa_getup_side {
    SA_GETUP_SIDE_BACK = 0,                    /**< Lying on the back (belly up). */
    SA_GETUP_SIDE_FRONT = 1,                   /**< Lying on the front (belly down). */
    SA_GETUP_SIDE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a side. */
} sa_getup_side;

/** @brief How a switch between modes is hidden. */
typedef enum sa_mode_fade_style {
    /** Blend the old and new modes' poses by fading weights (two or more poses per frame). */
    SA_MODE_FADE_STYLE_CROSSFADE = 0,
    /** Cut to the new mode and decay the recorded pose offset with a critically damped spring. */
    SA_MODE_FADE_STYLE_INERTIALIZE = 1,
    SA_MODE_FADE_STYLE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a style. */
} sa_mode_fade_style;

/**
 * @brief What the machine reads from the game's character body each frame. Plain data.
 *
 * Non-finite numbers are treated as 0 (a NaN pelvis direction as lying on the back).
 */
typedef struct sa_mode_input {
    /** True while the body stands on the ground. */
    bool grounded;
    /** Vertical velocity, units/s, up positive (going down is negative). */
    float vertical_velocity;
    /**
     * Speed of the impact on the frame the body touched down, units/s, ≥ 0 (0 otherwise). The
     * machine takes the larger of this and −vertical_velocity, so a body that reports either
     * works.
     */
    float landing_speed;
    /** Horizontal speed over the ground (or through the water), units/s, ≥ 0. */
    float speed;
    /** True while the body is in water deep enough to swim. */
    bool in_water;
    /** True while the body holds a ladder. */
    bool on_ladder;
    /**
     * Climbing direction on the ladder: +1 going up, −1 going down, 0 holding still; values in
     * between slow the cycle. It becomes the climb layer's time scale (clamped to [−1, 1]).
     */
    float ladder_direction;
    /** The body's jump counter: it changes (by any amount) each time the body jumps. */
    int32_t jump_count;
    /** True while the body is knocked down and the ragdoll's physics moves it. */
    bool knocked_down;
    /**
     * The pelvis's front (belly) direction in world space, y up, any length. Read on the frame
     * the ragdoll is released: y ≥ 0 (belly up) picks the back get-up clip, y < 0 the front one.
     * A game with only a flag passes (0, 1, 0) for the back and (0, −1, 0) for the front.
     */
    sa_vec3 pelvis_forward;
} sa_mode_input;

/**
 * @brief Thresholds, durations and fade rates; get the seed's values from
 *        sa_mode_machine_config_default().
 *
 * Non-finite or negative values are replaced by their defaults when the machine is initialised.
 */
typedef struct sa_mode_machine_config {
    /** Landing faster than this (units/s) sits instead of landing. Seed: 10. */
    float hard_landing_speed;
    /** The land mode ends after this many seconds. Seed: 0.5. */
    float land_time;
    /**
     * Land ends sooner when the speed rises above this (units/s). Default 0.35: the speed where
     * the blend tree is fully moving (the top of its smooth(0.05, 0.35) range).
     */
    float land_exit_speed;
    /** The sit mode ends after this many seconds (then loco). Default 1.0. */
    float sit_time;
    /**
     * Off the ground and sinking faster than this (units/s) turns loco, land or sit into fall
     * (walking off a ledge); slower sinking is a step down and keeps the mode. Default 2.
     */
    float fall_speed;
    /** Water does not override a jump younger than this (s): jumping out. Default 0.25. */
    float water_jump_time;
    /** Time scale of the get-up clips. Seed: 1.35. */
    float getup_time_scale;
    /** Length of the back get-up clip at its own pace, seconds. Default 1.5. */
    float getup_back_length;
    /** Length of the front get-up clip at its own pace, seconds. Default 1.5. */
    float getup_front_length;
    /** Duration of the get-up morph from the ragdoll pose into the clip, seconds. Seed: 0.3. */
    float morph_time;
    /**
     * Fade rate in 1/s toward each target mode, indexed by ::sa_mode (exponential catch-up:
     * about 95% done after 3/rate seconds). Defaults: loco 10 (0.3 s), jump 15 (a snappy
     * take-off, 0.2 s), fall 6 (0.5 s, falling starts gently), land 20 (fast, 0.15 s), sit 15,
     * swim 3 (slow, 1 s), climb 8 (0.4 s), ragdoll 30 (physics takes over almost at once),
     * get-up 10 (unused when leaving the ragdoll: that is a cut hidden by the morph). In the
     * inertialization style the spring's half-life is 2·ln 2 / rate, so its decay e^(−rate·t)·(1 +
     * rate·t) is as quick as the fade's. A rate ≤ 0 is replaced by its default.
     */
    float fade_rate[SA_MODE_COUNT_];
    /** Cross-fade (default) or inertialization. */
    sa_mode_fade_style style;
} sa_mode_machine_config;

/** @brief Per-layer extras the machine keeps next to its fade (indexed by the layer's slot). */
typedef struct sa_mode_layer_extra {
    /** Clip time in seconds: advances by dt × time_scale (may run backwards). */
    float play_time;
    /** How fast the layer's clip plays: 1, getup_time_scale, or the ladder direction. */
    float time_scale;
} sa_mode_layer_extra;

/** @brief Per-layer extra slots: one more than the fade's layers, so one is always free. */
#define SA_MODE_SLOTS (SA_FADE_MAX_LAYERS + 1)

/**
 * @brief The machine's state. Plain data owned by the caller; set it up with
 *        sa_mode_machine_init() and read it through the functions below or directly.
 */
typedef struct sa_mode_machine {
    /** The configuration (a sanitised copy of the one given to sa_mode_machine_init()). */
    sa_mode_machine_config config;
    /** The fading layers; each id is (slot << 8) | mode. Use sa_mode_machine_layer() to read. */
    sa_fade fade;
    /** Per-layer extras, indexed by the slot in the layer's id. */
    sa_mode_layer_extra extra[SA_MODE_SLOTS];
    /** The current mode (the fade's target). */
    sa_mode mode;
    /** The mode before the last switch (= mode until the first switch). */
    sa_mode previous;
    /** True when the last update switched modes: record inertialization offsets now. */
    bool switched;
    /** The get-up clip chosen when the ragdoll was released. */
    sa_getup_side getup_side;
    /** The last jump counter seen. */
    int32_t seen_jump;
    /** False until the first update, which adopts the jump counter without jumping. */
    bool started;
} sa_mode_machine;

/** @brief One fading layer as the game uses it to sample and blend clips. */
typedef struct sa_mode_layer {
    sa_mode mode;     /**< The mode this layer shows. */
    float weight;     /**< Blend weight in [0, 1]; the layers' weights sum to 1. */
    float mode_time;  /**< Seconds since the layer was pushed (the seed's modeT), ≥ 0. */
    float play_time;  /**< Clip time (s) at the layer's time scale; negative down a ladder. */
    float time_scale; /**< The layer's clip speed (1; 1.35 for get-up; ±1 for climbing). */
} sa_mode_layer;

/** @brief The seed's values: sit above 10, land 0.5 s, morph 0.3 s, get-up 1.35× (see fields). */
SA_API sa_mode_machine_config sa_mode_machine_config_default(void);

/** @brief An input with nothing happening: grounded, still, jump counter 0, belly up. */
SA_API sa_mode_input sa_mode_input_default(void);

/**
 * @brief Sets a machine up in loco (one layer, weight 1).
 * @param m      The machine; NULL returns ::SA_ERR_NULL.
 * @param config NULL means sa_mode_machine_config_default(). Non-finite or negative fields (and
 *               rates ≤ 0, an unknown style) take their defaults; the machine is still set up.
 * @return ::SA_OK, or ::SA_ERR_NULL.
 */
SA_API sa_status sa_mode_machine_init(sa_mode_machine *m, const sa_mode_machine_config *config);

/**
 * @brief Advances the machine by one frame: fades and clocks first, then the rules, then a
 *        switch when the mode changed (a new layer at weight 0 and time 0, so the new clip
 *        starts at its first frame; a cut in the inertialization style and on leaving the ragdoll).
 * @param m     The machine; NULL does nothing and returns ::SA_MODE_LOCO. A machine never set up
 *              (fade count ≤ 0) is set up with the default config first.
 * @param input This frame's body state; NULL is sa_mode_input_default().
 * @param dt    Frame time in seconds; ≤ 0, NaN or infinite is treated as 0 (the rules still run).
 * @return The current mode after the update.
 */
SA_API sa_mode sa_mode_machine_update(sa_mode_machine *m, const sa_mode_input *input, float dt);

/** @brief Number of fading layers, in [1, ::SA_FADE_MAX_LAYERS]; 0 for NULL or a machine not set
 * up. */
SA_API int32_t sa_mode_machine_layer_count(const sa_mode_machine *m);

/**
 * @brief Layer @p index (0 = oldest, count − 1 = the current mode).
 * @return The layer; an index out of range (or NULL) gives a loco layer with weight 0.
 */
SA_API sa_mode_layer sa_mode_machine_layer(const sa_mode_machine *m, int32_t index);

/** @brief Summed weight of the layers showing @p mode, in [0, 1]; 0 for NULL. */
SA_API float sa_mode_machine_weight(const sa_mode_machine *m, sa_mode mode);

/** @brief Seconds in the current mode (the target layer's modeT); 0 for NULL. */
SA_API float sa_mode_machine_mode_time(const sa_mode_machine *m);

/**
 * @brief The get-up morph factor: how much of the remembered ragdoll pose is left.
 *
 * k = 1 − smooth(t / morph_time) with t the get-up layer's mode time: exactly 1 on the frame the
 * get-up starts, smooth (zero slope at both ends), exactly 0 from morph_time on. Pass it to
 * pose.h's morph as `sa_pose_morph(ragdoll_pose, clip_pose, k, out)`.
 * @return k in [0, 1]; 0 when the machine is not getting up, or for NULL.
 */
SA_API float sa_mode_machine_getup_k(const sa_mode_machine *m);

/**
 * @brief Seconds since the last switch, for inertialization: the current layer's mode time.
 * @return ≥ 0; 0 for NULL.
 */
SA_API float sa_mode_machine_inertial_time(const sa_mode_machine *m);

/**
 * @brief Half-life (s) of the inertialization spring for the current mode: 2·ln 2 / its fade rate.
 * @return > 0; the loco default for NULL.
 */
SA_API float sa_mode_machine_inertial_halflife(const sa_mode_machine *m);

/**
 * @name Get-up morph on poses
 * The game's part of leaving the ragdoll, on caller-owned pose buffers (pose.h): on the frame the
 * get-up starts (::sa_mode_machine::switched with mode ::SA_MODE_GETUP) remember the ragdoll's
 * pose with sa_getup_remember(); every get-up frame sample the get-up clip named by
 * ::sa_mode_machine::getup_side at the get-up layer's play time and pass it to sa_getup_morph().
 * @{
 */

/**
 * @brief Remembers the ragdoll's pose: copies @p joint_count transforms into @p memory.
 * @param pose        The ragdoll's last pose (local transforms, as pose.h uses).
 * @param joint_count Number of joints, 1 … ::SA_SKELETON_MAX_JOINTS.
 * @param memory      Caller-owned buffer receiving the copy.
 * @param capacity    Number of transforms @p memory can hold, ≥ @p joint_count.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL pointer; ::SA_ERR_COUNT for 0 joints;
 *         ::SA_ERR_TOO_MANY_JOINTS above ::SA_SKELETON_MAX_JOINTS; ::SA_ERR_CAPACITY when
 *         @p capacity is too small. Nothing is written on error.
 */
SA_API sa_status sa_getup_remember(const sa_transform *pose, size_t joint_count,
                                   sa_transform *memory, size_t capacity);

/**
 * @brief The get-up morph: sa_pose_morph(remembered, clip_pose, sa_mode_machine_getup_k(m)).
 *
 * Exactly the remembered ragdoll pose on the frame the get-up starts (k = 1), exactly
 * @p clip_pose from morph_time on and whenever the machine is not getting up (k = 0). Joints
 * turn along the shortest arc, so a joint left almost exactly half a turn away from the moving
 * clip may switch arcs during the morph; every other joint moves smoothly.
 * @param m           The machine (NULL: k = 0).
 * @param remembered  The pose remembered with sa_getup_remember().
 * @param clip_pose   The get-up clip sampled at the get-up layer's play time.
 * @param joint_count Number of joints in each pose.
 * @param out         Output pose; may be @p remembered or @p clip_pose.
 *
 * Does nothing when a pose pointer is NULL or @p joint_count is 0.
 */
SA_API void sa_getup_morph(const sa_mode_machine *m, const sa_transform *remembered,
                           const sa_transform *clip_pose, size_t joint_count, sa_transform *out);

/** @} */

/** @brief The mode's name in lower case ("loco", "jump", ...); "unknown" for other values. */
SA_API const char *sa_mode_name(sa_mode mode);

/**
 * @name Inertialization
 * A recorded offset (old pose − new pose, and the difference of their velocities) decays with a
 * critically damped spring of half-life h: with y = 2·ln 2 / h,
 * x(t) = e^(−y·t)·(x0 + (v0 + y·x0)·t). The offset is exactly x0 at t = 0 (the new pose plus the
 * offset is the old pose: no pop), its slope is v0 (no velocity pop either), and it reaches 0
 * smoothly without overshoot. It is a closed form of the time since the switch, so it does not
 * depend on the frame rate and needs no per-frame state.
 * @{
 */

/**
 * @brief The decayed offset x(t) of a critically damped spring started at offset @p x0 with
 *        velocity @p v0.
 * @param x0       Offset at the switch (old − new), any unit.
 * @param v0       Velocity of the offset at the switch, units/s.
 * @param halflife Seconds, > 0; ≤ 0 or NaN means "already decayed" (returns 0).
 * @param t        Seconds since the switch; ≤ 0 or NaN gives x0.
 * @return x(t); 0 when x0 or v0 is not finite.
 */
SA_API float sa_inertial_decay(float x0, float v0, float halflife, float t);

/**
 * @brief How much of a recorded offset is left at time @p t when its velocity was 0:
 *        e^(−y·t)·(1 + y·t) with y = 2·ln 2 / @p halflife.
 *
 * The k to pass to pose.h's sa_pose_apply_offset(new_pose, sa_pose_difference(old, new), k) to
 * inertialize a whole pose: the same decay as sa_inertial_quat_apply() with zero velocities.
 * @param halflife Seconds, > 0; ≤ 0 or NaN gives 0.
 * @param t        Seconds since the switch; ≤ 0 or NaN gives 1.
 * @return k in [0, 1], exactly 1 at t = 0, decreasing smoothly (zero slope at the start) to 0.
 */
SA_API float sa_inertial_factor(float halflife, float t);

/**
 * @brief sa_inertial_factor() for the machine's current switch: its half-life and the time since.
 * @return k in [0, 1]; 0 for NULL.
 */
SA_API float sa_mode_machine_inertial_k(const sa_mode_machine *m);

/** @brief A recorded offset of one scalar channel (a translation component, a blend parameter). */
typedef struct sa_inertial_scalar {
    float offset;   /**< Old value − new value at the switch. */
    float velocity; /**< Old velocity − new velocity at the switch (units/s). */
} sa_inertial_scalar;

/**
 * @brief Records the offset of one scalar channel at a switch.
 * @param from          The value shown before the switch (including any offset still decaying).
 * @param from_velocity Its velocity, units/s (0 when unknown).
 * @param to            The new mode's value at the switch.
 * @param to_velocity   Its velocity, units/s (0 when unknown).
 * @return The offset; non-finite inputs give a zero offset.
 */
SA_API sa_inertial_scalar sa_inertial_scalar_record(float from, float from_velocity, float to,
                                                    float to_velocity);

/**
 * @brief The new value plus the recorded offset decayed to time @p t.
 * @param rec      The offset from sa_inertial_scalar_record().
 * @param to       The new mode's value this frame.
 * @param halflife Spring half-life in seconds (sa_mode_machine_inertial_halflife()).
 * @param t        Seconds since the switch (sa_mode_machine_inertial_time()).
 * @return to + x(t); @p to itself when the offset is not finite.
 */
SA_API float sa_inertial_scalar_apply(sa_inertial_scalar rec, float to, float halflife, float t);

/** @brief A recorded rotation offset of one joint, as a rotation vector (axis × angle). */
typedef struct sa_inertial_quat {
    sa_vec3 offset; /**< Rotation from the new to the old rotation, axis × angle (radians), angle ≤
                       π. */
    sa_vec3 velocity; /**< Old angular velocity − new angular velocity, rad/s (world-space axis). */
} sa_inertial_quat;

/**
 * @brief Records the rotation offset of one joint at a switch: the shortest rotation d with
 *        d·to = from, as a rotation vector.
 * @param from             Rotation shown before the switch (normalised here; bad gives identity).
 * @param from_angular_vel Its angular velocity, rad/s (zero when unknown).
 * @param to               The new mode's rotation at the switch.
 * @param to_angular_vel   Its angular velocity, rad/s.
 * @return The offset; non-finite velocities count as zero.
 */
SA_API sa_inertial_quat sa_inertial_quat_record(sa_quat from, sa_vec3 from_angular_vel, sa_quat to,
                                                sa_vec3 to_angular_vel);

/**
 * @brief The new rotation with the recorded offset decayed to time @p t applied: exp(x(t))·to.
 * @param rec      The offset from sa_inertial_quat_record().
 * @param to       The new mode's rotation this frame (normalised here).
 * @param halflife Spring half-life in seconds.
 * @param t        Seconds since the switch.
 * @return A unit quaternion: equal to the old rotation at t = 0 (up to sign and rounding), to
 *         @p to once the offset has decayed.
 */
SA_API sa_quat sa_inertial_quat_apply(sa_inertial_quat rec, sa_quat to, float halflife, float t);

/**
 * @brief sa_inertial_quat_apply() over @p count joints: out[i] = exp(x_i(t))·to[i].
 * @param rec   Recorded offsets, @p count of them.
 * @param to    The new mode's rotations this frame, @p count of them.
 * @param out   Output rotations, @p count of them; may be the same array as @p to.
 * @param count Number of joints; ≤ 0 does nothing.
 * @param halflife Spring half-life in seconds.
 * @param t     Seconds since the switch.
 * @return ::SA_OK, ::SA_ERR_NULL when a pointer is NULL (count > 0), ::SA_ERR_COUNT when count < 0.
 */
SA_API sa_status sa_inertial_quats_apply(const sa_inertial_quat *rec, const sa_quat *to,
                                         sa_quat *out, int32_t count, float halflife, float t);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
