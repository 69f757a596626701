/**
 * @file mode_machine.h
 * @brief Layer 3: the animation's mode state machine (loco, jump, fall, land, sit, swim, climb,
 *        ragdoll, get-up), its cross-fades and the get-up morph factor.
 *
 * Walking and running mix (blend_tree.h), but jumping, falling and swimming do not mix with
 * walking: the animation is always in exactly one *mode*. Each frame the game hands the machine
 * a plain ::sa_mode_input read from its character body, and the machine runs the rules of the
 * reference (the explainer "Poses, one after another") from top to bottom, later ones overriding
 * earlier ones:
 *
 * 0. knocked down -> ragdoll; when the ragdoll is released -> get-up, which plays to its end;
 * 1. on a ladder -> climb, and nothing else is asked (a ladder wins over everything);
 * 2. a new jump (the body's jump counter differs from the last one seen) -> jump; a jump going
 *    down (vertical velocity < 0) -> fall; loco, land or sit off the ground and sinking faster
 *    than `fall_speed` -> fall (walking off a ledge);
 * 3. jump or fall touching the ground -> sit when landing faster than `hard_landing_speed`,
 *    land otherwise;
 * 4. land ends after `land_time`, or sooner when the speed rises above `land_exit_speed` (once
 *    it has shown for 1/60 s, the reference's frame, at any frame length); sit ends after
 *    `sit_time`; swim and climb end when the water or the ladder is gone (-> loco on
 *    the ground, fall in the air);
 * 5. in water -> swim, last, so water wins over everything but the start of a jump out of it
 *    (the first `water_jump_time` seconds of a jump).
 *
 * Every switch fades. The machine keeps an ::sa_fade (fade.h) whose layers each show one mode:
 * its weight (all weights sum to 1), its mode time (seconds since the layer was pushed: the
 * reference's modeT), and its *play time*, which advances at the layer's own *time scale*
 * (get-up clips play faster; climbing runs the cycle backwards going down). The game samples
 * each layer's clip at its play time and blends the poses by the weights (pose.h), reading the
 * layers with sa_mode_machine_layer_count() and sa_mode_machine_layer().
 *
 * Two fade styles (::sa_mode_fade_style): the cross-fade blends two or more poses while a fade
 * lasts; inertialization cuts to the new mode (one layer, one pose) and hides the cut with a
 * decaying offset from inertial.h, timed by sa_mode_machine_inertial_time() and
 * sa_mode_machine_inertial_halflife(). Leaving the ragdoll is always a cut, hidden by the get-up
 * morph: remember the ragdoll pose on the switch frame (a plain copy) and morph it into
 * the get-up clip with k = sa_mode_machine_getup_k() (sa_pose_morph() in pose.h).
 *
 * How the rules, the fades, the two styles and the get-up fit together, with the reasons for the
 * defaults and one frame of a game in code: @ref mode_machine_page.
 *
 * Units: the input's speeds are in the game's distance units per second, times in seconds, y up.
 * The config's speed thresholds are the reference's, in its cells per second; set
 * @ref sa_mode_machine_config::units_per_cell (100 for a centimetre rig whose cell is a metre)
 * and every one of them follows. No allocation: the machine is a plain struct the caller owns.
 */
#ifndef STICKANIM_MODE_MACHINE_H
#define STICKANIM_MODE_MACHINE_H

#include <stickanim/fade.h>
#include <stickanim/inertial.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The animation modes; values are stable and index the config's fade_rate array. */
typedef enum sa_mode {
    SA_MODE_LOCO = 0,               /**< On the ground: idle, walk, run mixed by speed. */
    SA_MODE_JUMP = 1,               /**< Taking off and rising. */
    SA_MODE_FALL = 2,               /**< In the air, going down. */
    SA_MODE_LAND = 3,               /**< A short, soft landing, then back to loco. */
    SA_MODE_SIT = 4,                /**< Landed hard: fallen onto the bottom. */
    SA_MODE_SWIM = 5,               /**< In water: treading or paddling (mixed by speed). */
    SA_MODE_CLIMB = 6,              /**< On a ladder; the cycle runs backwards going down. */
    SA_MODE_RAGDOLL = 7,            /**< Knocked down: physics moves the bones, no clip plays. */
    SA_MODE_GETUP = 8,              /**< Getting up from the ragdoll: a get-up clip and a morph. */
    SA_MODE_COUNT_,                 /**< Number of modes; not a mode. */
    SA_MODE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a mode. */
} sa_mode;

/** @brief Which get-up clip to play. */
typedef enum sa_mode_getup_side {
    SA_MODE_GETUP_SIDE_BACK = 0,               /**< Lying on the back (belly up). */
    SA_MODE_GETUP_SIDE_FRONT = 1,              /**< Lying on the front (belly down). */
    SA_MODE_GETUP_SIDE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a side. */
} sa_mode_getup_side;

/** @brief How a switch between modes is hidden. */
typedef enum sa_mode_fade_style {
    /** Blend the old and new modes' poses by fading weights (two or more poses per frame). */
    SA_MODE_FADE_STYLE_CROSSFADE = 0,
    /** Cut to the new mode and decay the recorded pose offset with a critically damped spring. */
    SA_MODE_FADE_STYLE_INERTIALIZE = 1,
    SA_MODE_FADE_STYLE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a style. */
} sa_mode_fade_style;

/**
 * @brief What the machine reads from the game's character body each frame. Plain data; get an
 *        idle body from sa_mode_input_default().
 *
 * Non-finite numbers are treated as 0 (a NaN pelvis direction as lying on the back).
 */
typedef struct sa_mode_input {
    /** True while the body stands on the ground. Default true. */
    bool grounded;
    /** Vertical velocity, units/s, up positive (going down is negative). Default 0. */
    float vertical_velocity;
    /**
     * Speed of the impact on the frame the body touched down, units/s, >= 0 (0 otherwise; negative
     * counts as 0). The machine takes the larger of this and -vertical_velocity, so a body that
     * reports either works. Default 0.
     */
    float landing_speed;
    /** Horizontal speed over the ground (or through the water), units/s, >= 0. Default 0. */
    float speed;
    /** True while the body is in water deep enough to swim. Default false. */
    bool in_water;
    /** True while the body holds a ladder. Default false. */
    bool on_ladder;
    /**
     * Climbing direction, in [-1, 1] (clamped): +1 going up, -1 going down, 0 holding still;
     * values in between slow the cycle. It is the climb layer's time scale. Default 0.
     */
    float ladder_direction;
    /** The body's jump counter: it changes (by any amount) each time the body jumps. Default 0. */
    uint32_t jump;
    /** True while the body is knocked down and the ragdoll's physics moves it. Default false. */
    bool knocked_down;
    /**
     * The pelvis's front (belly) direction in world space, y up, any length. Read on the frame
     * the ragdoll is released: y >= 0 (belly up) picks the back get-up clip, y < 0 the front one.
     * A game with only a flag passes (0, 1, 0) for the back and (0, -1, 0) for the front.
     * Default (0, 1, 0).
     */
    sa_vec3 pelvis_forward;
} sa_mode_input;

/**
 * @brief Smallest fade rate and get-up time scale the machine uses, 1/s: 0.001 (a half-life of
 *        about 23 minutes). A positive rate below it is raised to it, so every half-life and
 *        every fade is finite.
 */
#define SA_MODE_MACHINE_MIN_RATE 1e-3f

/**
 * @brief Largest value of any number in ::sa_mode_machine_config (speeds, times, rates, time
 *        scale): 1e6. A larger one is lowered to it when the machine is initialised.
 */
#define SA_MODE_MACHINE_MAX_VALUE 1e6f

/**
 * @brief Thresholds, durations and fade rates; sa_mode_machine_config_default() gives the
 *        reference's values.
 *
 * The speed thresholds (hard_landing_speed, land_exit_speed, fall_speed) are in reference cells
 * per second and are multiplied by units_per_cell where they are compared with the input's
 * speeds. Bounds, applied when the machine is initialised: a non-finite or negative field (a
 * rate, time scale or units_per_cell <= 0, an unknown style) is replaced by its default; the
 * speeds and times are kept in [0, ::SA_MODE_MACHINE_MAX_VALUE], the fade rates and the get-up
 * time scale in [::SA_MODE_MACHINE_MIN_RATE, ::SA_MODE_MACHINE_MAX_VALUE] (a rate of 1e-40 is
 * 0.001).
 */
typedef struct sa_mode_machine_config {
    /** Landing faster than this (cells/s) sits instead of landing, >= 0. Default 10. */
    float hard_landing_speed;
    /** The land mode ends after this many seconds, >= 0. Default 0.5. */
    float land_time;
    /**
     * Land ends sooner when the speed rises above this (cells/s), >= 0, once it has shown for
     * 1/60 s. Default 0.35, where the blend tree is fully moving.
     */
    float land_exit_speed;
    /** The sit mode ends after this many seconds (then loco), >= 0. Default 1. */
    float sit_time;
    /**
     * Off the ground and sinking faster than this (cells/s), loco, land and sit turn into fall
     * (walking off a ledge); slower sinking is a step down and keeps the mode. >= 0. Default 2.
     */
    float fall_speed;
    /** Water does not override a jump younger than this (s): jumping out. >= 0. Default 0.25. */
    float water_jump_time;
    /** Time scale of the get-up clips, > 0. Default 1.35. */
    float getup_time_scale;
    /** Length of the back get-up clip at its own pace, seconds, >= 0. Default 1.5. */
    float getup_back_length;
    /** Length of the front get-up clip at its own pace, seconds, >= 0. Default 1.5. */
    float getup_front_length;
    /** Seconds the get-up morph takes from the ragdoll pose into the clip, >= 0. Default 0.3. */
    float morph_time;
    /**
     * Fade rate in 1/s toward each target mode, indexed by ::sa_mode, > 0 (exponential catch-up:
     * about 95% done after 3/rate seconds; in the inertialization style the spring's half-life is
     * 2 * ln 2 / rate). Defaults: loco 10, jump 15, fall 6, land 20, sit 15, swim 3, climb 8,
     * ragdoll 30, get-up 10 (unused when leaving the ragdoll: that is a cut).
     */
    float fade_rate[SA_MODE_COUNT_];
    /** Cross-fade or inertialization. Default ::SA_MODE_FADE_STYLE_CROSSFADE. */
    sa_mode_fade_style style;
    /** Game units per reference cell, > 0: the speed thresholds above are in cells/s and are
     *  compared with the input's speeds (game units/s) times this. Default 1; 100 for
     *  centimetres when a cell is a metre. */
    float units_per_cell;
    /**
     * A speed step, cells/s, >= 0: in loco, when the input's speed changes by more than this
     * (times units_per_cell) from one update to the next (0 -> run in one frame, a speed slider
     * dragged), the blend tree's pose jumps although the mode stays loco; the machine counts it
     * as a switch, loco to loco: a new loco layer (a cut when inertializing), `switched` set and
     * the inertialization clock restarted, so the game hides the step as any other switch. 0 turns
     * the rule off. Default 0.5: 0 -> walk (1.4), 0 -> run (2.8) and walk -> run (1.9 -> 2.8) in
     * one update trip it; a body accelerating at up to 30 cells/s^2 updated at 60 Hz never does.
     */
    float speed_step;
} sa_mode_machine_config;

/**
 * @brief The machine's state. Plain data owned by the caller; set it up with
 *        sa_mode_machine_init() and read it through the functions below or directly.
 */
typedef struct sa_mode_machine {
    /** The configuration: a sanitised copy of the one given to sa_mode_machine_init(). */
    sa_mode_machine_config config;
    /**
     * The fading layers: each layer's id is its ::sa_mode and its user values hold its play time
     * and time scale. Read them with sa_mode_machine_layer().
     */
    sa_fade fade;
    /** The current mode (the fade's target). */
    sa_mode mode;
    /** The mode before the last switch (= mode until the first switch). */
    sa_mode previous;
    /** True when the last update switched modes, or stepped the speed inside loco by more than
     *  the config's speed_step (then mode and previous are both loco): record inertialization
     *  offsets now. */
    bool switched;
    /** The get-up clip chosen when the ragdoll was released. */
    sa_mode_getup_side getup_side;
    /** The last jump counter seen. */
    uint32_t jump_seen;
    /** The last speed seen (units/s), for the speed step rule. */
    float speed_seen;
    /** False until the first update, which adopts the jump counter without jumping. */
    bool started;
} sa_mode_machine;

/** @brief One fading layer as the game uses it to sample and blend clips. */
typedef struct sa_mode_layer {
    /** The mode this layer shows. */
    sa_mode mode;
    /** Blend weight in [0, 1]; the layers' weights sum to 1. */
    float weight;
    /** Seconds since the layer was pushed (the reference's modeT), >= 0. */
    float mode_time;
    /** Clip time in seconds, advanced at the layer's time scale; negative down a ladder. */
    float play_time;
    /** The layer's clip speed: 1, getup_time_scale for get-up, the ladder direction for climb. */
    float time_scale;
} sa_mode_layer;

/** @brief The reference's values: sit above 10, land 0.5 s, morph 0.3 s, get-up 1.35x (see the
 *         fields for the rest). */
SA_API sa_mode_machine_config sa_mode_machine_config_default(void);

/** @brief An input with nothing happening: grounded, still, jump counter 0, belly up. */
SA_API sa_mode_input sa_mode_input_default(void);

/**
 * @brief Sets a machine up in loco (one layer, weight 1, play time 0, time scale 1).
 * @param m      The machine; NULL returns ::SA_ERR_NULL.
 * @param config NULL means sa_mode_machine_config_default(). Bad fields take their defaults
 *               (see ::sa_mode_machine_config); the machine is still set up.
 * @return ::SA_OK, or ::SA_ERR_NULL.
 */
SA_API sa_status sa_mode_machine_init(sa_mode_machine *m, const sa_mode_machine_config *config);

/**
 * @brief Advances the machine by one frame: fades and clocks first, then the rules, then a
 *        switch when the mode changed (a new layer at weight 0 and time 0, so the new clip
 *        starts at its first frame; a cut in the inertialization style and on leaving the ragdoll).
 * @param m     The machine; NULL does nothing and returns ::SA_MODE_LOCO. A machine never set up
 *              (fade count 0 or corrupted) is set up with the default config first.
 * @param input This frame's body state; NULL is sa_mode_input_default().
 * @param dt    Frame time in seconds, >= 0; <= 0, NaN or infinite is treated as 0 (the rules still
 *              run).
 * @return The current mode after the update.
 */
SA_API sa_mode sa_mode_machine_update(sa_mode_machine *m, const sa_mode_input *input, float dt);

/**
 * @brief Number of fading layers.
 * @return A count in [1, ::SA_FADE_MAX_LAYERS]; 0 for NULL or a machine not set up.
 */
SA_API size_t sa_mode_machine_layer_count(const sa_mode_machine *m);

/**
 * @brief Layer @p index, oldest first: 0 is the oldest, count - 1 the current mode.
 * @return The layer; an index out of range (or NULL) gives a loco layer with weight 0, times 0
 *         and time scale 1.
 */
SA_API sa_mode_layer sa_mode_machine_layer(const sa_mode_machine *m, size_t index);

/** @brief Summed weight of the layers showing @p mode, in [0, 1]; 0 for NULL or an unknown mode. */
SA_API float sa_mode_machine_weight(const sa_mode_machine *m, sa_mode mode);

/** @brief Seconds in the current mode (the target layer's modeT), >= 0; 0 for NULL. */
SA_API float sa_mode_machine_mode_time(const sa_mode_machine *m);

/**
 * @brief The get-up morph factor: how much of the remembered ragdoll pose is left.
 *
 * k = 1 - smoothstep(t / morph_time) with t the get-up layer's mode time: exactly 1 on the frame
 * the get-up starts, smooth (zero slope at both ends), exactly 0 from morph_time on. Pass it to
 * pose.h's morph: `sa_pose_morph(remembered, clip_pose, k, n, out, n)`.
 * @return k in [0, 1]; 0 when the machine is not getting up, or for NULL.
 */
SA_API float sa_mode_machine_getup_k(const sa_mode_machine *m);

/**
 * @brief Seconds since the last switch, for inertialization: the current layer's mode time.
 * @return >= 0; 0 for NULL.
 */
SA_API float sa_mode_machine_inertial_time(const sa_mode_machine *m);

/**
 * @brief Half-life (s) of the inertialization spring for the current mode: 2 * ln 2 / its fade
 *        rate, the rate bounded as ::sa_mode_machine_config says (also when the config was
 *        changed after sa_mode_machine_init()).
 * @return Finite and > 0, at most 2 * ln 2 / ::SA_MODE_MACHINE_MIN_RATE (about 1386 s); the loco
 *         default's (about 0.139 s) for NULL.
 */
SA_API float sa_mode_machine_inertial_halflife(const sa_mode_machine *m);

/**
 * @brief sa_inertial_factor() for the machine's current switch: its half-life and the time since.
 *
 * The k for pose.h's sa_pose_apply_offset(): 1 on the switch frame, decaying to 0.
 * @return k in [0, 1]; 0 for NULL.
 */
SA_API float sa_mode_machine_inertial_k(const sa_mode_machine *m);

/** @brief The mode's name in lower case ("loco", "jump", ...); "unknown" for other values. */
SA_API const char *sa_mode_name(sa_mode mode);

#ifdef __cplusplus
}
#endif

#endif
