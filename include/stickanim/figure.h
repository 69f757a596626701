/**
 * @file figure.h
 * @brief Layer 4: the reference figure, a complete procedural 2D stick-figure character.
 *
 * "The reference figure" is the stick figure of the article *Animating a Stick Figure with
 * Two-Bone IK on HTML Canvas* (its motion lab and the game Stickman Spear Run); its numbers are
 * this figure's defaults (see @ref api_conventions).
 *
 * A game needs a handful of calls:
 * @code
 * sa_figure_config cfg = sa_figure_config_default();
 * sa_figure fig;
 * sa_figure_init(&fig, &cfg);
 * sa_figure_input in = sa_figure_input_default();
 * in.motion = SA_FIGURE_MOTION_RUN;
 * sa_figure_update(&fig, &in, dt);                 // every frame
 * const sa_figure_pose *p = sa_figure_get_pose(&fig);
 * // Draw the bones between p->joints[...], a head of radius p->head_radius at
 * // p->joints[SA_FIGURE_JOINT_HEAD], the hair through p->hair[...], the spear from
 * // SA_FIGURE_JOINT_SPEAR_BUTT to SA_FIGURE_JOINT_SPEAR_TIP with opacity p->spear, and scroll the
 * // ground backward by p->ground_speed * p->dt.
 * @endcode
 *
 * **Figure space.** Canvas units with y pointing down, as in the reference. The origin is the point
 * on the ground under the figure: the ground is y = 0, the figure faces +x, and the standing hip is
 * at (0, -hip_height). The figure stays at the origin while the ground scrolls past (world x =
 * figure x + sa_figure_pose::scroll, the distance scrolled). "Near" limbs are on the viewer's side
 * (drawn last), "far" limbs behind.
 *
 * **Pipeline** (`src/figure/`, one file per stage and one per motion, with one table listing the
 * motions): every motion turns its own time into pose *parameters* (::sa_figure_params); the fade
 * (fade.h) gives each motion a weight; the parameters are blended by those weights; the feet are
 * locked (a foot the motion puts on the ground stays where it touched down in the world until the
 * motion lifts it, and steps when the motion moves it along the ground; see
 * sa_figure_pose::contact); two-bone IK then places the knees and elbows (so limbs keep their
 * length while blending); the head follows on a spring in angle space (spring.h) within
 * ::SA_FIGURE_NECK_CONE of the spine, the hair on a verlet chain (verlet.h) that drapes over the
 * head, never through it, and squash and stretch
 * (squash.h) is applied last, about the ground point.
 *
 * **In a game world**, the game's physics body drives the figure through the modes of
 * mode_machine.h (walking at its speed, jumping, falling, landing, swimming, climbing, knocked
 * down and getting up), facing either way, on the game's uneven ground, with events: see
 * ::sa_figure_body and @ref figure_world_page.
 *
 * Every function is total: NULL pointers, NaN or infinite numbers and unknown enum values get the
 * documented safe result, and no NaN ever reaches the pose. Nothing allocates; ::sa_figure is a
 * plain struct the caller owns (copy it to snapshot the character). Distinct figures may be
 * updated from different threads.
 */
#ifndef STICKANIM_FIGURE_H
#define STICKANIM_FIGURE_H

#include <stickanim/fade.h>
#include <stickanim/footsteps.h>
#include <stickanim/gait.h>
#include <stickanim/mode_machine.h>
#include <stickanim/vecmath.h>
#include <stickanim/spring.h>
#include <stickanim/squash.h>
#include <stickanim/track.h>
#include <stickanim/verlet.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The reference figure's standing hip height, canvas units (66): motion distances scale
 *        by hip_height / this.
 */
#define SA_FIGURE_REFERENCE_HIP_HEIGHT 66.0f

/**
 * @brief Where the shoulder sits on the spine, as a fraction of the spine from the pelvis.
 *
 * The shoulder is on the pelvis -> chest line, this far up; the arms hang from it.
 */
#define SA_FIGURE_SHOULDER_AT 0.92f

/**
 * @brief The figure's body plan and its secondary-motion settings.
 *
 * Get the reference figure's values from sa_figure_config_default() (or sa_figure_config_scaled()
 * for a bigger or smaller figure) and change what you need. Lengths are canvas units. The motions
 * are designed for the reference figure's proportions and scale their distances (strides, jump
 * height, spear reach) by hip_height / ::SA_FIGURE_REFERENCE_HIP_HEIGHT, so a figure scaled
 * uniformly moves exactly like the reference figure, only bigger.
 */
typedef struct sa_figure_config {
    float spine;       /**< Pelvis -> chest, > 0. Default 54. */
    float neck;        /**< Chest -> base of the head, > 0. Default 13. */
    float head_radius; /**< Head radius (the head centre is this far past the neck), > 0.
                          Default 12. */
    float upper_arm;   /**< Shoulder -> elbow, > 0. Default 27. */
    float forearm;     /**< Elbow -> hand, > 0. Default 25. */
    float thigh;       /**< Hip -> knee, > 0. Default 37. */
    float shin;        /**< Knee -> foot, > 0. Default 37. */
    /**
     * Standing hip height above the ground, > 0. Default 66, shorter than thigh + shin (74) so
     * the knees are always slightly bent. Also the motions' scale (see above).
     */
    float hip_height;
    /** Spear length, butt -> tip, > 0. Default 150 (the game's long spear). */
    float spear_length;
    /**
     * How fast a switch of motion fades in, 1/s, > 0: the new motion's weight w becomes
     * w + (1 - w)(1 - e^(-rate * dt)) each frame (fade.h). Default 8 (95% after 0.37 s).
     */
    float fade_rate;
    /**
     * How fast the walk <-> run mix eases toward its target, 1/s, > 0 (exponential, frame-rate
     * independent). Default 4 (95% after 0.75 s).
     */
    float gait_rate;
    /** Head spring stiffness, 1/s^2, > 0: pulls the neck's angle toward the pose's (see
     *  ::sa_figure_head). Default ::SA_SPRING_HEAD_STIFFNESS (260). */
    float head_stiffness;
    /** Head spring damping, 1/s, >= 0, on the neck's angle. Default ::SA_SPRING_HEAD_DAMPING (26:
     *  a hint of cartoon wobble). */
    float head_damping;
    /**
     * True simulates the hair chain (default true). False skips it: the hair hangs straight down
     * from its pin every frame, which saves the chain's cost for a game that draws no hair.
     */
    bool hair;
    /** Distance between hair points, > 0. Default ::SA_VERLET_DEFAULT_SPACING (9). */
    float hair_spacing;
    /** Hair air drag per 1/60 s, in [0, 1]. Default ::SA_VERLET_DEFAULT_DRAG (0.86). */
    float hair_drag;
    /**
     * Extra backward wind on the hair while a jump is in the air, units/s^2, >= 0 (the
     * reference's kick). Default 1500 (about the wind of a run). The rest of the hair's
     * acceleration is sa_verlet_hair_accel() of the ground speed: gravity plus a backward wind
     * growing with speed.
     */
    float hair_jump_kick;
    /**
     * How high the scripted jump (sa_figure_input::jump without a body) lifts the pelvis at its
     * apex, canvas units, > 0 and at most 4 * hip_height. Default 160 (the reference's).
     */
    float jump_height;
    /** How long the scripted jump lasts, press to settled, seconds, in [0.4, 4]. Default 1.1 (the
     *  reference's; take-off at a third, landing at three quarters of it). */
    float jump_duration;
    /**
     * With a body (::sa_figure_body): landing faster than this, units/s, sits on the bottom
     * instead of a soft landing, > 0. Default 1400 at the reference figure's size (the landing
     * speed of a fall from about 2.5 times the scripted jump's height under the gravity that
     * jump implies); the thresholds of the body's modes are set from it (fall when sinking faster
     * than a fifth of it). Scales with hip_height in sa_figure_config_scaled().
     */
    float hard_landing_speed;
    /** With a body on a ladder: the distance between rungs, canvas units, > 0. Default 28. */
    float rung_spacing;
} sa_figure_config;

/**
 * @brief The reference figure: bones 54/13/12/27/25/37/37, hip height 66, spear 150, fades at 8/s,
 *        gait eases at 4/s, head spring 260/26, hair 9 apart with drag 0.86, jump kick 1500.
 */
SA_API sa_figure_config sa_figure_config_default(void);

/**
 * @brief The reference figure with every length multiplied by @p scale (rates, drag and the hair's
 *        accelerations unchanged).
 * @param scale > 0; NaN, infinite or <= 0 gives scale 1. Clamped to [1e-3 / 9, 1e6 / 150] (the
 *              shortest default length, the hair spacing 9, and the longest, the spear 150,
 *              kept within the lengths' bounds of sa_figure_config_validate()).
 * @return A config sa_figure_config_validate() accepts, for every @p scale.
 */
SA_API sa_figure_config sa_figure_config_scaled(float scale);

/**
 * @brief Checks a config: every field finite and in its documented range, within bounds that
 *        keep every frame of a figure finite.
 *
 * The bounds: every length (spine, neck, head_radius, upper_arm, forearm, thigh, shin,
 * hip_height, spear_length, hair_spacing, jump_height, rung_spacing) in [1e-3, 1e6], and
 * jump_height at most 4 * hip_height; fade_rate, gait_rate, head_stiffness and
 * hard_landing_speed in (0, 1e6]; jump_duration in [0.4, 4]; head_damping and hair_jump_kick in
 * [0, 1e6]; hair_drag in [0, 1].
 * Within them the figure's arithmetic stays far inside the float range, so a config this
 * accepts gives finite poses whatever the inputs (the fuzz target `figure` checks it).
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_NOT_FINITE when a field is NaN or infinite;
 *         ::SA_ERR_RANGE when a field is out of range.
 */
SA_API sa_status sa_figure_config_validate(const sa_figure_config *cfg);

/**
 * @brief The motions the figure can show. Values are stable across versions.
 */
typedef enum sa_figure_motion {
    SA_FIGURE_MOTION_IDLE = 0, /**< Standing, breathing. */
    /** The reference walk (ground speed ~ 106 at the reference figure's size). */
    SA_FIGURE_MOTION_WALK = 1,
    /** The reference run (ground speed ~ 383 at the reference figure's size). */
    SA_FIGURE_MOTION_RUN = 2,
    /**
     * Locomotion at sa_figure_input::speed: the figure picks the walk/run mix whose ground speed
     * (stride * cadence / duty) is exactly that speed, so the feet stay planted.
     */
    SA_FIGURE_MOTION_LOCOMOTE = 3,
    SA_FIGURE_MOTION_THROW = 4, /**< The unarmed throw (loops while asked for; about 1.4 s). */
    SA_FIGURE_MOTION_JUMP = 5,  /**< The reference jump (loops while asked for; about 1.1 s). */
    SA_FIGURE_MOTION_SPEAR_FORM = 6, /**< The 17-pose spear form (loops seamlessly; about 14 s). */
    /** Running with the long spear; sa_figure_input::thrust triggers a two-handed thrust. */
    SA_FIGURE_MOTION_SPEAR_RUN = 7,
    /** Waving hello with the near arm, standing (loops while asked for; about 2 s). */
    SA_FIGURE_MOTION_WAVE = 8,
    /** Number of built-in motions; not a motion. A figure's registered motion definitions are
     *  SA_FIGURE_MOTION_MOVE(i), from ::SA_FIGURE_MOVE_BASE on (see ::sa_figure_move). */
    SA_FIGURE_MOTION_COUNT_,
    SA_FIGURE_MOTION_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a motion. */
} sa_figure_motion;

/** @brief Which way the figure faces on screen. Values are stable across versions. */
typedef enum sa_figure_facing {
    SA_FIGURE_FACING_RIGHT = 0, /**< Facing +x (the figure's own frame; the default). */
    SA_FIGURE_FACING_LEFT = 1,  /**< Facing -x: the pose is drawn mirrored about the body. */
    SA_FIGURE_FACING_COUNT_,    /**< Number of facings; not a facing. */
    SA_FIGURE_FACING_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a facing. */
} sa_figure_facing;

/**
 * @brief How many points the figure asks the ground's height at: 9 (sa_figure_pose::ground_probe,
 *        sa_figure_body::ground).
 */
#define SA_FIGURE_GROUND_PROBES 9

/**
 * @brief The game's physics body, as the game has it anyway: what the figure's modes follow.
 *
 * With sa_figure_body::active false (the default) the figure is the scripted character it has
 * always been: it plays sa_figure_input::motion on a flat ground at y = 0 and the jump counter
 * plays the scripted jump. With sa_figure_body::active true the game's body drives it through an
 * ::sa_mode_machine (mode_machine.h) run on these fields each update, with the reference's rules:
 * on the ground the figure shows sa_figure_input::motion (::SA_FIGURE_MOTION_LOCOMOTE follows the
 * body's horizontal speed, idle when it stands); a change of the jump counter is a jump (the body
 * owns the height: the figure shows the take-off, the rise and the tuck from the vertical
 * velocity); going down is a fall (also off a ledge); touching down is a soft landing whose depth
 * follows the landing speed, or a sit on the bottom above sa_figure_config::hard_landing_speed;
 * water is a swim and a ladder a climb. sa_figure_pose::mode says which, and every change of mode
 * fades.
 *
 * Coordinates are the figure's space (canvas units, y down) with the origin at the body's feet
 * point: the game draws the pose at its body's position. A non-finite number keeps its value from
 * the last update (0 the first time): a glitch in the game's body moves nothing.
 */
typedef struct sa_figure_body {
    /** True when the game gives a body (default false: the scripted figure). */
    bool active;
    /** True while the body stands on the ground (its feet point is on it). Default true. */
    bool grounded;
    /** The body's velocity, units/s, screen axes: +x right, +y down (so a jump's rise is -y). */
    sa_vec2 velocity;
    /** True while the body is in water deep enough to swim. Default false. */
    bool in_water;
    /** The water's surface, as a y of figure space (negative: above the body's feet point): a
     *  swimming figure floats with its head above it and its body just below. Default 0. */
    float water_line;
    /** True while the body holds a ladder; its vertical velocity climbs it. Default false. */
    bool on_ladder;
    /** The y of any one rung of the ladder in figure space; the others are
     *  sa_figure_config::rung_spacing apart. The hands and feet grip rungs. Default 0. */
    float ladder_rung;
    /**
     * True while the body is knocked down: the figure falls as a ragdoll (its bones as distance
     * constraints, knees and elbows bending only their way, the ground under it) until this
     * turns false, then gets up from its back or its front, whichever it lies on, morphing from
     * the ragdoll's pose in 0.3 s (the get-up plays at 1.35x, the reference's numbers). A game
     * may move its body to follow the ragdoll's pelvis meanwhile. Default false.
     */
    bool knocked_down;
    /** The knock's velocity, units/s, screen axes, added on the frame @ref knocked_down turns
     *  true: the upper body takes all of it, the legs less, so the figure topples. */
    sa_vec2 impulse;
    /**
     * The body's feet point in the game's world, canvas units, y down. Only read with
     * @ref ground_given true, it anchors the ground heights and the planted feet in the world.
     */
    sa_vec2 position;
    /**
     * True when @ref ground holds the game's ground under the points the last pose asked about;
     * false (the default) stands the figure on a flat ground at the body's feet point.
     */
    bool ground_given;
    /**
     * The ground's height (world y, down positive, like @ref position) at the world x of each of
     * the last pose's sa_figure_pose::ground_probe, one per probe. The figure's ground is the
     * straight line between neighbouring probes (sorted by x), flat past the outermost ones; a
     * foot planted on it keeps its world height until it lifts. Read while the body stands on
     * the ground and @ref ground_given is true; a non-finite height counts as the body's feet
     * point's, and heights are kept within 4 * hip_height of it.
     */
    float ground[SA_FIGURE_GROUND_PROBES];
} sa_figure_body;

/** @brief A body that is not there (active false, grounded, still, dry, no ladder). */
SA_API sa_figure_body sa_figure_body_default(void);

/**
 * @brief What the game asks of the figure this frame.
 *
 * The two triggers are **edge-triggered counters**: the figure remembers the last value it saw
 * (0 after sa_figure_init()) and acts once each time the value changes, so a game increments a
 * counter on a key press and a missed frame never loses or repeats a press. Get a zeroed input
 * (idle, no triggers) from sa_figure_input_default().
 */
typedef struct sa_figure_input {
    /**
     * The motion wanted. Asking for another motion fades to it from wherever the figure is, at
     * any moment (also mid-jump or mid-thrust), as often as wanted: even a different motion every
     * frame never makes the pose jump. An unknown value is treated as ::SA_FIGURE_MOTION_IDLE.
     * With a body (@ref body) it shows while the body is on the ground (the loco mode); the other
     * modes show their own motions.
     */
    sa_figure_motion motion;
    /**
     * Ground speed wanted for ::SA_FIGURE_MOTION_LOCOMOTE, units/s, clamped to [walk, run] ground
     * speed (~ [106, 383] at the reference figure's size); NaN gives the walk's. Ignored by the
     * other motions, and with a body (@ref body), whose own horizontal speed is followed instead.
     */
    float speed;
    /**
     * Jump counter: each change starts one jump from whatever the figure is doing (with the spear
     * when it holds one); when the jump ends the figure fades back to @ref motion. Asking for
     * another motion during the jump cuts it short (with a fade). From a motion that locomotes
     * (walk, run, locomote, Spear Run) it is a running jump, a leap out of the stride: no
     * crouch, the pelvis keeps the gait's height and bob until take-off, a foot on the ground
     * stays put until the rising hip lifts it, the legs split in the air with the arms in
     * counter-swing, and from the landing on (0.88 s after the press with the default
     * sa_figure_config::jump_duration, which scales it) the pose is the gait's own; the ground
     * keeps scrolling at the gait's speed throughout. From the others it is the reference's
     * standing jump, with the ground still.
     */
    uint32_t jump;
    /**
     * Thrust counter: each change starts one two-handed spear thrust while the figure shows
     * ::SA_FIGURE_MOTION_SPEAR_RUN (about 0.5 s). A change while another motion shows, or while a
     * thrust is still playing, is seen and ignored.
     */
    uint32_t thrust;
    /**
     * The registered motion definition (SA_FIGURE_MOTION_MOVE(i), see ::sa_figure_move) a change
     * of @ref move_counter plays as a layer. Default ::SA_FIGURE_MOTION_IDLE (none).
     */
    sa_figure_motion move;
    /**
     * Layer counter: each change plays @ref move once as a layer over whatever motion shows (a
     * sword swing over the run). A change naming no registered definition, naming one still
     * playing as a layer, or with ::SA_FIGURE_MOVE_LAYERS layers playing, is seen and ignored.
     */
    uint32_t move_counter;
    /** Which way the figure faces (default right). A change turns the figure around. */
    sa_figure_facing facing;
    /** The surface under the feet, reported in footstep events. Default grass. */
    sa_footsteps_surface surface;
    /** The game's body; inactive by default (see ::sa_figure_body). */
    sa_figure_body body;
} sa_figure_input;

/** @brief Idle, speed 0, counters 0. */
SA_API sa_figure_input sa_figure_input_default(void);

/**
 * @brief A motion's name for labels and logs: "idle", "walk", "run", "locomote", "throw",
 *        "jump", "spear form", "spear run", "wave".
 * @return A static string (never NULL); "unknown" for a value that is not a motion.
 */
SA_API const char *sa_figure_motion_name(sa_figure_motion motion);

/**
 * @brief Seconds one play of a motion lasts at the reference figure's pace: 3 for idle's breath,
 *        1.4 for the throw, 1.1 for the jump, 14 for the spear form, 2 for the wave.
 * @return The length of the motion's own clock, > 0; 0 for the motions the gait phase drives
 *         (walk, run, locomote, Spear Run: one gait cycle lasts 1 / cadence, which follows the
 *         walk/run mix) and for a value that is not a motion.
 */
SA_API float sa_figure_motion_duration(sa_figure_motion motion);

/**
 * @brief Index into sa_figure_pose::joints. Values are stable across versions (FFI users may
 *        read the array by these numbers).
 *
 * Bones, each keeping its config length in every frame of the un-squashed pose:
 * pelvis -> chest (spine), chest -> neck (neck), neck -> head (head_radius), hip -> knee -> foot
 * (thigh, shin), shoulder -> elbow -> hand (upper_arm, forearm), spear butt -> tip (spear_length).
 * The shoulder sits on the spine at ::SA_FIGURE_SHOULDER_AT.
 */
typedef enum sa_figure_joint {
    SA_FIGURE_JOINT_PELVIS = 0,   /**< Bottom of the spine. */
    SA_FIGURE_JOINT_HIP = 1,      /**< Where the legs attach; the same point as the pelvis in 2D. */
    SA_FIGURE_JOINT_CHEST = 2,    /**< Top of the spine. */
    SA_FIGURE_JOINT_SHOULDER = 3, /**< Where the arms attach, on the spine just below the chest. */
    SA_FIGURE_JOINT_NECK = 4,     /**< Top of the neck: the base of the head. */
    SA_FIGURE_JOINT_HEAD = 5, /**< Head centre (draw a circle of sa_figure_pose::head_radius). */
    SA_FIGURE_JOINT_KNEE_NEAR = 6, /**< Near knee. */
    SA_FIGURE_JOINT_KNEE_FAR = 7,  /**< Far knee. */
    SA_FIGURE_JOINT_FOOT_NEAR = 8, /**< Near foot (ankle/contact point; on the ground in stance). */
    SA_FIGURE_JOINT_FOOT_FAR = 9,  /**< Far foot. */
    SA_FIGURE_JOINT_ELBOW_NEAR = 10, /**< Near elbow. */
    SA_FIGURE_JOINT_ELBOW_FAR = 11,  /**< Far elbow. */
    SA_FIGURE_JOINT_HAND_NEAR = 12,  /**< Near hand (the rear hand on the spear). */
    SA_FIGURE_JOINT_HAND_FAR = 13,   /**< Far hand (the front hand on the spear). */
    SA_FIGURE_JOINT_SPEAR_BUTT =
        14, /**< Spear's rear end; meaningful when sa_figure_pose::spear > 0. */
    SA_FIGURE_JOINT_SPEAR_TIP =
        15,                     /**< Spear's point; meaningful when sa_figure_pose::spear > 0. */
    SA_FIGURE_JOINT_COUNT = 16, /**< Number of joints; not a joint. */
    SA_FIGURE_JOINT_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a joint. */
} sa_figure_joint;

/**
 * @brief A joint's name for labels, logs and bindings: "pelvis", "hip", "chest", "shoulder",
 *        "neck", "head", "knee near", "knee far", "foot near", "foot far", "elbow near",
 *        "elbow far", "hand near", "hand far", "spear butt", "spear tip".
 * @return A static string (never NULL); "unknown" for a value that is not a joint.
 */
SA_API const char *sa_figure_joint_name(sa_figure_joint joint);

/** @brief Which side of the figure a bone is on, for drawing order and styling. */
typedef enum sa_figure_side {
    SA_FIGURE_SIDE_CENTRE = 0,             /**< The trunk, the head and the spear. */
    SA_FIGURE_SIDE_NEAR = 1,               /**< The viewer's side: drawn over the rest. */
    SA_FIGURE_SIDE_FAR = 2,                /**< The far side: drawn first, behind the rest. */
    SA_FIGURE_SIDE_COUNT_,                 /**< Number of sides; not a side. */
    SA_FIGURE_SIDE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a side. */
} sa_figure_side;

/** @brief Number of bones sa_figure_bones() writes: 12. */
#define SA_FIGURE_BONE_COUNT 12

/**
 * @brief One bone of the figure: a segment between two joints, for drawing and for checks.
 *
 * In the un-squashed pose (sa_figure_pose::unsquashed) the distance between the two joints is
 * sa_figure_bone::length in every frame; the drawn joints (sa_figure_pose::joints) are the same
 * points squashed.
 */
typedef struct sa_figure_bone {
    sa_figure_joint from; /**< The joint nearer the pelvis (the spear: its butt). */
    sa_figure_joint to;   /**< The joint farther from it (the spear: its tip). */
    sa_figure_side side;  /**< Near, far or centre. */
    /** Its length, canvas units: the config's spine, neck, head_radius (neck -> head centre),
     *  thigh, shin, upper_arm, forearm or spear_length. */
    float length;
} sa_figure_bone;

/**
 * @brief The figure's bones as data, in back-to-front drawing order.
 *
 * The 12 bones, in this order: far thigh (hip -> far knee), far shin, far upper arm (shoulder ->
 * far elbow), far forearm; spine (pelvis -> chest), neck (chest -> neck), head (neck -> head
 * centre: draw a circle of sa_figure_pose::head_radius about the head joint rather than a line);
 * near thigh, near shin; the spear (spear butt -> tip: draw it while sa_figure_pose::spear > 0,
 * with that opacity); near upper arm, near forearm (the near hand closes over the shaft). Every
 * joint is an end of at least one bone (the hip and the shoulder through the limbs; the hip is the
 * pelvis's point and the shoulder lies on the spine at ::SA_FIGURE_SHOULDER_AT).
 *
 * @param cfg      Body plan for the lengths; NULL or invalid means sa_figure_config_default().
 * @param out      Where to write the bones; NULL is the count-only call: nothing is written and
 *                 ::SA_FIGURE_BONE_COUNT is returned.
 * @param capacity Number of elements @p out can hold; fewer than ::SA_FIGURE_BONE_COUNT writes
 *                 nothing and returns 0 (the bones are written whole or not at all).
 * @return ::SA_FIGURE_BONE_COUNT, or 0 when @p capacity is too small.
 */
SA_API size_t sa_figure_bones(const sa_figure_config *cfg, sa_figure_bone *out, size_t capacity);

/**
 * @brief Pose parameters: what one motion wants at one moment, before IK.
 *
 * Every motion produces these; sa_figure_update() blends them linearly by the fade weights
 * and then solves the joints with sa_figure_solve() (motions without the spear give its fields
 * as carried low at the hip, so the shaft moves continuously while it fades in or out). A game may
 * also build its own and solve them. Distances are figure-space canvas units (already scaled),
 * angles radians. Every field is a float or an ::sa_vec2, so the struct is a plain array of
 * floats (the figure blends and repairs it as one; a binding may copy it as one).
 */
typedef struct sa_figure_params {
    /** Pelvis offset from its standing place (0, -hip_height): +x forward, +y down (crouch, bob,
     * jump). */
    sa_vec2 root;
    /** Spine lean from vertical, radians; positive leans forward. */
    float lean;
    /** Extra tilt of the neck and head past the spine, radians; positive nods forward. */
    float head_tilt;
    /**
     * Foot targets in figure space: [0] near, [1] far. The legs reach for them with IK (knees
     * forward) after the reach guard pulls a target farther than thigh + shin - 1.5 back (1.5 at
     * the reference figure's size, scaled with hip_height). sa_figure_update() holds a target on
     * the ground where the foot touched down (see sa_figure_pose::contact); sa_figure_solve()
     * reaches for the targets as given.
     */
    sa_vec2 foot[2];
    /** Upper-arm angles for arm FK ([0] near, [1] far): 0 hangs down, positive swings forward. */
    float arm_angle[2];
    /** Elbow flex relative to the upper arm ([0] near, [1] far); positive bends the forearm
     * forward. */
    float arm_flex[2];
    /**
     * How much the hands hold the spear, in [0, 1]: 1 for the spear motions, 0 for the others.
     * Blended, spear^4 is the weight by which the arms blend from their FK angles to the IK
     * solution on the shaft (the spear motions give, as FK angles, those of their own IK
     * solution, so a fade moves the arms at its own pace), and the spear's visibility
     * (sa_figure_pose::spear). At exactly 1 the arms are the IK solution and arm_angle and
     * arm_flex are not read.
     */
    float spear;
    /** Midpoint between the two hands on the shaft, relative to the shoulder. */
    sa_vec2 spear_grip;
    /** Spear direction, radians: 0 points the tip straight forward (+x), positive tips it down. */
    float spear_angle;
    /** Distance between the two hands along the shaft, >= 0. */
    float spear_gap;
    /** Where the grip midpoint is along the shaft, as a fraction from the butt, in [0, 1]. */
    float spear_slide;
    /** Vertical squash sy (1: none; 0.84 crouch, 1.14 take-off, 0.82 landing); sx follows. */
    float squash;
    /** Extra push on the hair this moment (the jump's kick), in units of the config's
     * hair_jump_kick. */
    sa_vec2 hair_push;
    /** Ground speed this motion scrolls the world at, units/s (0 unless locomoting). */
    float ground_speed;
    /** How much the near hand holds a sword, in [0, 1] (0 in the built-in motions): the pose's
     *  sa_figure_pose::blade. */
    float blade;
    /** The sword's angle from the near forearm's direction (elbow -> hand), radians; positive
     *  turns it as a positive sa_figure_params::spear_angle does (tip down from forward). */
    float blade_angle;
} sa_figure_params;

/**
 * @brief Where one foot stands on the ground: sa_figure_pose::contact, for footprints and tests.
 *
 * sa_figure_update() holds each foot its motion brings within 1 unit of the ground (units scale
 * with hip_height / ::SA_FIGURE_REFERENCE_HIP_HEIGHT) at the world point where it got there,
 * through fades, gait changes, speed changes and jumps, until the motion lifts it again (by 0.25
 * units). A held foot whose motion has moved on more than 6 units steps (only while the other
 * foot is held and not being lifted, whose lift waits for such a step to come down; at 1.5 units
 * once the motion's foot has stood still for 0.4 s, so a standing figure settles into its
 * stance), as does one the leg can no longer reach (a take-off): it lifts along an arc
 * (0.1-0.35 s, clearing the ground by 2-9 units) and comes down at a point fixed in the world. A
 * foot that leaves the ground never skims along it.
 *
 * A held foot is **planted** from when it is within 0.1 units of the ground until the hold ends
 * or it rises 0.3 units off the ground: its drawn joint (sa_figure_pose::joints) then stays at
 * world x = sa_figure_contact::x, within 0.3 of the ground. Why and how: @ref foot_locking_page.
 */
typedef struct sa_figure_contact {
    /**
     * World x of the contact point, canvas units: figure x + sa_figure_pose::scroll at the moment
     * the foot touched down (the figure-space x of the foot now is x - scroll). Kept after
     * the foot lifts, until it touches down again; the rest pose's foot x after sa_figure_init().
     */
    double x;
    /** True while the foot is planted at x on the ground (both after sa_figure_init()). x never
     *  changes while it stays true: a foot that lifts and comes down again within one update (a
     *  long frame holds a quick step) turns planted at its new x in the next. */
    bool planted;
} sa_figure_contact;

/**
 * @brief The figure's pose after an update: everything a renderer needs, as plain arrays.
 *
 * Read it through sa_figure_get_pose(); it stays valid until the next sa_figure_update().
 */
typedef struct sa_figure_pose {
    /** Joint positions in figure space, squashed: draw these. Index with ::sa_figure_joint. */
    sa_vec2 joints[SA_FIGURE_JOINT_COUNT];
    /**
     * The same joints before squash and stretch. Bones keep their exact lengths here; @ref joints
     * is this array passed through @ref squash (sa_squash_point()), which is the only change.
     */
    sa_vec2 unsquashed[SA_FIGURE_JOINT_COUNT];
    /**
     * Hair points, squashed; [0] is pinned to the back of the head, the rest trail behind. With
     * config hair on, [1..] are never inside the drawn head (the circle of @ref head_radius about
     * joints[::SA_FIGURE_JOINT_HEAD]): the chain drapes over the head, bends at most 90 deg at a
     * point and springs back from lying over it.
     */
    sa_vec2 hair[SA_VERLET_HAIR_POINTS];
    /** Head radius after squash (config head_radius * (sx + sy) / 2). */
    float head_radius;
    /** The squash applied last: pivot on the ground under the pelvis, sx = 1 + (1 - sy) * 0.7. */
    sa_squash squash;
    /**
     * How far the ground scrolls backward per second over this frame, units/s: the
     * locomotion's stride * cadence / duty times its fade weight, averaged over the frame's
     * ::SA_FIGURE_SUBSTEP moments, so the planted feet stay put in the world at any frame rate;
     * exactly 0 whenever the figure is not locomoting (a running jump locomotes; see
     * sa_figure_input::jump) and no merge of a full fade stack is fading
     * (sa_figure::merge_offset). Facing left it is negative (screen axes, like @ref scroll).
     * With a body (::sa_figure_body) it is the body's own speed along x, over the frame.
     */
    float ground_speed;
    /**
     * The time step this pose advanced by, seconds, in [0, ::SA_FIGURE_MAX_DT]: the dt given,
     * capped at 0.1 s (only a hitch is shortened). Scroll the ground by ground_speed * dt.
     */
    float dt;
    /** The motion showing (the fade's target); ::SA_FIGURE_MOTION_JUMP during a triggered jump. */
    sa_figure_motion motion;
    /**
     * The spear's visibility, in [0, 1]: how much the hands hold it, the blended
     * sa_figure_params::spear to the fourth (1 in the spear motions, 0 in the others; in a fade
     * it shows only as the arms come onto the shaft). Draw it when > 0, with this opacity. While
     * it is above 0.05 the shaft, both arms and the hair keep out of the drawn head (the circle
     * of sa_figure_pose::head_radius about the head joint) in every frame.
     */
    float spear;
    /** Gait phase of the near foot, in [0, 1); the far foot is half a cycle later. */
    float phase;
    /** Current walk (0) -> run (1) mix of the gait. */
    float gait;
    /**
     * Progress of the Spear Run thrust playing, in [0, 1) (about half a second from 0 to 1); -1
     * when none is. A game tests spear hits while it is >= 0.
     */
    float thrust;
    /**
     * Ground scrolled since sa_figure_init(), canvas units: the sum of ground_speed * dt over
     * every update (in double, so it stays exact over hours), in screen axes like the pose (it
     * grows while the figure walks right and shrinks while it walks left, so it is >= 0 for a
     * figure that has only ever faced right). World x = figure x + scroll.
     */
    double scroll;
    /**
     * Each foot's contact with the ground ([0] near, [1] far): whether it is planted and the world
     * x where it touched down. A game places a footprint at contact[i].x when planted turns true.
     */
    sa_figure_contact contact[2];
    /**
     * True while both feet are off the ground: neither sa_figure_contact::planted. So it turns
     * true when the second foot leaves the ground (it rises 0.3 units off it, or its hold ends as
     * a step lifts it) and false as soon as one foot is planted again (within 0.1 units of the
     * ground). True through a jump's flight, and for a moment in each flight phase of a run
     * (a game that wants "in a jump" also checks @ref motion == ::SA_FIGURE_MOTION_JUMP); false
     * standing, walking and after sa_figure_init().
     */
    bool airborne;
    /** The mode the body is in (::SA_MODE_LOCO without a body, or with one on the ground). */
    sa_mode mode;
    /** The way the figure faces: the input's, from the middle of a turn on (when it is seen in
     *  profile). */
    sa_figure_facing facing;
    /**
     * Where a turn around is, in [-1, 1]: 1 faces right, -1 left, and a turn goes from one to the
     * other in ::SA_FIGURE_TURN_SECONDS, as cos of its progress (smooth at both ends). The drawn
     * x of every point but the feet is turn * x about the figure's origin, so the body narrows
     * through profile (0) and comes out mirrored; the feet keep their places on the ground.
     * Facing left, every x of the pose (@ref joints, @ref unsquashed, @ref hair, @ref scroll,
     * the contacts' x, @ref ground_speed) is mirrored: screen axes, +x right, whichever way the
     * figure faces.
     */
    float turn;
    /**
     * Where the figure wants to know the ground's height next update: world x (the body's
     * sa_figure_body::position.x plus screen x). Probes 0 and 1 are under the near and far foot,
     * 2 and 3 where each will come down next (predicted from the gait), 4 to 8 from half a hip
     * height behind the body to half ahead; every one within 4 hip heights of the body (and
     * within the float range). A game samples its ground there and passes the heights in
     * sa_figure_body::ground. Without a body: the screen x of those points.
     */
    float ground_probe[SA_FIGURE_GROUND_PROBES];
    /**
     * How much the near hand holds a sword, in [0, 1] (sa_figure_params::blade; 0 unless a motion
     * definition shows one). Draw it when > 0, with this opacity: a straight blade from the near
     * hand (joints[::SA_FIGURE_JOINT_HAND_NEAR]) to @ref blade_tip.
     */
    float blade;
    /** The sword's tip, like @ref joints (squashed, screen axes): ::SA_FIGURE_BLADE_LENGTH scaled
     *  from the near hand, along the near forearm turned by sa_figure_params::blade_angle. */
    sa_vec2 blade_tip;
} sa_figure_pose;

/** @brief The sword's length at the reference figure's size, canvas units: 40 (scaled with
 *         hip_height). */
#define SA_FIGURE_BLADE_LENGTH 40.0f

/** @brief How long a turn around takes, seconds: 0.2. */
#define SA_FIGURE_TURN_SECONDS 0.2f

/** @brief What happened during an update: the kinds of ::sa_figure_event. Values are stable. */
typedef enum sa_figure_event_kind {
    /** A foot was planted on the ground (its contact turned planted): foot, surface, x. */
    SA_FIGURE_EVENT_FOOTSTEP = 0,
    /** The body left the ground (a body's grounded turned false, or a scripted jump took off). */
    SA_FIGURE_EVENT_TAKE_OFF = 1,
    /** The body came down (grounded turned true; speed is the landing speed). */
    SA_FIGURE_EVENT_LANDING = 2,
    /** The mode changed (mode is the new one): at the update's start for a switch the body's
     *  input asks for, where its time runs out for a land's, a sit's or the get-up's end. */
    SA_FIGURE_EVENT_MODE = 3,
    /** The Spear Run thrust's hit window opened: test spear hits until it closes. */
    SA_FIGURE_EVENT_HIT_START = 4,
    /** The thrust's hit window closed. */
    SA_FIGURE_EVENT_HIT_END = 5,
    /** A registered motion definition's event (sa_figure_move::events): move, index. */
    SA_FIGURE_EVENT_MOVE = 6,
    SA_FIGURE_EVENT_KIND_COUNT_,                 /**< Number of kinds; not a kind. */
    SA_FIGURE_EVENT_KIND_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a kind. */
} sa_figure_event_kind;

/** @brief Most events one update records; later ones in the same update are dropped: 16. */
#define SA_FIGURE_MAX_EVENTS 16

/** @brief One thing that happened during an update, for sounds and effects. */
typedef struct sa_figure_event {
    sa_figure_event_kind kind; /**< What happened. */
    /** Seconds into the update when it happened, in [0, dt]: schedule a sound this late. */
    float time;
    /** The foot of a footstep (0 near, 1 far); -1 for the other kinds. */
    int32_t foot;
    /** The surface under a footstep (sa_figure_input::surface). */
    sa_footsteps_surface surface;
    /** The mode after a mode change; the mode at the time for the other kinds. */
    sa_mode mode;
    /** Landing speed of a landing, units/s, >= 0; 0 for the other kinds. */
    float speed;
    /** World x of a footstep (sa_figure_contact::x); 0 for the other kinds. */
    double x;
    /** The definition of a ::SA_FIGURE_EVENT_MOVE (SA_FIGURE_MOTION_MOVE(i));
     * ::SA_FIGURE_MOTION_IDLE for the other kinds. */
    sa_figure_motion move;
    /** The index of a ::SA_FIGURE_EVENT_MOVE in its definition's events; -1 for the other kinds. */
    int32_t index;
} sa_figure_event;

/**
 * @brief Longest time one sa_figure_update() advances by, seconds: 0.1.
 *
 * Only a real hitch (a frame longer than a tenth of a second) is shortened, so the figure's clocks
 * keep real time at any frame rate down to 10 fps. The head moves in sub-steps of at most
 * ::SA_FIGURE_SUBSTEP and the hair in steps of at most ::SA_FIGURE_HAIR_STEP, so a long frame never
 * flings them.
 */
#define SA_FIGURE_MAX_DT 0.1f

/**
 * @brief The sub-step of the head and the foot locks, seconds: 1/120.
 *
 * The head and the foot locks move in steps of exactly this length at fixed moments of the
 * figure's own time (every 1/120 s since sa_figure_init()), the motions evaluated and the body
 * solved at each of those moments, and the hair at every other one (::SA_FIGURE_HAIR_STEP); a
 * frame ending between two of them shows the state at the last one carried on to the frame's end,
 * but the next frame goes on from that last moment. So every
 * decision (a foot lifting, stepping, landing) and every swing of the head and hair happens at the
 * same moments whatever the frame rate: runs of the same input at 30, 60 and 144 fps agree at the
 * moments they share, and a frame a little longer moves everything only a little further
 * (@ref foot_locking_page).
 */
#define SA_FIGURE_SUBSTEP (1.0f / 120.0f)

/**
 * @brief The step of the hair, seconds: 1/60, at every other ::SA_FIGURE_SUBSTEP moment.
 *
 * The reference steps its hair once a frame at 60 fps, six constraint passes a step; the figure
 * steps it as often, at fixed moments of its own time (every 1/60 s since sa_figure_init()): a
 * frame ending between two of them shows the hair's last step carried on to the frame's end, and
 * the next frame goes on from that step. So every frame rate shows the same hair at the moments
 * they share, and the hair costs one step (not two) a 60 fps frame.
 */
#define SA_FIGURE_HAIR_STEP (2.0f * SA_FIGURE_SUBSTEP)

/**
 * @brief Largest angle between the neck and the spine's direction, radians: 45 deg (pi/4).
 *
 * The head swings on its spring within this cone about the line pelvis -> chest, in every frame
 * (jumps, landings, switches, any dt); at the cone's edge its swing outward stops.
 */
#define SA_FIGURE_NECK_CONE 0.78539816f

/**
 * @brief The pose parameters a motion definition's track may drive, by number: each is one float
 *        of ::sa_figure_params. Values are stable across versions.
 *
 * Distances (root, feet, spear grip and gap, ground speed) are written in reference units (the
 * reference figure's size) and scaled by hip_height / ::SA_FIGURE_REFERENCE_HIP_HEIGHT when the
 * figure plays them, as the built-in motions scale theirs; angles are radians, the rest plain
 * numbers. Each parameter belongs to one body part (::sa_figure_part), named below.
 */
typedef enum sa_figure_param {
    SA_FIGURE_PARAM_ROOT_X = 0,             /**< sa_figure_params::root x (legs; distance). */
    SA_FIGURE_PARAM_ROOT_Y = 1,             /**< sa_figure_params::root y (legs; distance). */
    SA_FIGURE_PARAM_LEAN = 2,               /**< sa_figure_params::lean (spine). */
    SA_FIGURE_PARAM_HEAD_TILT = 3,          /**< sa_figure_params::head_tilt (head). */
    SA_FIGURE_PARAM_FOOT_NEAR_X = 4,        /**< Near foot target x (legs; distance). */
    SA_FIGURE_PARAM_FOOT_NEAR_Y = 5,        /**< Near foot target y (legs; distance). */
    SA_FIGURE_PARAM_FOOT_FAR_X = 6,         /**< Far foot target x (legs; distance). */
    SA_FIGURE_PARAM_FOOT_FAR_Y = 7,         /**< Far foot target y (legs; distance). */
    SA_FIGURE_PARAM_ARM_ANGLE_NEAR = 8,     /**< Near upper-arm angle (near arm). */
    SA_FIGURE_PARAM_ARM_ANGLE_FAR = 9,      /**< Far upper-arm angle (far arm). */
    SA_FIGURE_PARAM_ARM_FLEX_NEAR = 10,     /**< Near elbow flex (near arm). */
    SA_FIGURE_PARAM_ARM_FLEX_FAR = 11,      /**< Far elbow flex (far arm). */
    SA_FIGURE_PARAM_SPEAR = 12,             /**< sa_figure_params::spear, [0, 1] (prop). */
    SA_FIGURE_PARAM_SPEAR_GRIP_X = 13,      /**< Spear grip x from the shoulder (prop; distance). */
    SA_FIGURE_PARAM_SPEAR_GRIP_Y = 14,      /**< Spear grip y from the shoulder (prop; distance). */
    SA_FIGURE_PARAM_SPEAR_ANGLE = 15,       /**< sa_figure_params::spear_angle (prop). */
    SA_FIGURE_PARAM_SPEAR_GAP = 16,         /**< sa_figure_params::spear_gap (prop; distance). */
    SA_FIGURE_PARAM_SPEAR_SLIDE = 17,       /**< sa_figure_params::spear_slide, [0, 1] (prop). */
    SA_FIGURE_PARAM_SQUASH = 18,            /**< sa_figure_params::squash (spine). */
    SA_FIGURE_PARAM_HAIR_PUSH_X = 19,       /**< sa_figure_params::hair_push x (head). */
    SA_FIGURE_PARAM_HAIR_PUSH_Y = 20,       /**< sa_figure_params::hair_push y (head). */
    SA_FIGURE_PARAM_GROUND_SPEED = 21,      /**< sa_figure_params::ground_speed (legs; distance). */
    SA_FIGURE_PARAM_BLADE = 22,             /**< sa_figure_params::blade, [0, 1] (prop). */
    SA_FIGURE_PARAM_BLADE_ANGLE = 23,       /**< sa_figure_params::blade_angle (prop). */
    SA_FIGURE_PARAM_COUNT_,                 /**< Number of parameters; not a parameter. */
    SA_FIGURE_PARAM_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a parameter. */
} sa_figure_param;

/**
 * @brief Body parts, as bits of a motion definition's mask (sa_figure_move::parts).
 *
 * A layer (a definition played by sa_figure_input::move_counter) drives only the parameters of
 * the parts in its mask; the others keep the motion underneath. Values are stable.
 */
typedef enum sa_figure_part {
    /** Root, feet and ground speed: the gait keeps these unless a layer takes them. */
    SA_FIGURE_PART_LEGS = 0x1,
    SA_FIGURE_PART_SPINE = 0x2,            /**< Lean and squash. */
    SA_FIGURE_PART_HEAD = 0x4,             /**< Head tilt and the hair's push. */
    SA_FIGURE_PART_ARM_NEAR = 0x8,         /**< Near upper-arm angle and elbow flex. */
    SA_FIGURE_PART_ARM_FAR = 0x10,         /**< Far upper-arm angle and elbow flex. */
    SA_FIGURE_PART_PROP = 0x20,            /**< The spear's fields and the blade's. */
    SA_FIGURE_PART_ALL = 0x3F,             /**< Every part: the whole body. */
    SA_FIGURE_PART_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a part. */
} sa_figure_part;

/**
 * @brief A parameter's name, for data files and labels: "root x", "root y", "lean", "head tilt",
 *        "foot near x", "foot near y", "foot far x", "foot far y", "arm angle near",
 *        "arm angle far", "arm flex near", "arm flex far", "spear", "spear grip x",
 *        "spear grip y", "spear angle", "spear gap", "spear slide", "squash", "hair push x",
 *        "hair push y", "ground speed", "blade", "blade angle".
 * @return A static string (never NULL); "unknown" for a value that is not a parameter.
 */
SA_API const char *sa_figure_param_name(sa_figure_param param);

/** @brief One keyframed parameter of a motion definition. */
typedef struct sa_figure_move_track {
    sa_figure_param param; /**< The parameter it drives; at most one track per parameter. */
    /**
     * Keys over the definition's normalised time (0 its start, 1 its end), values in the
     * parameter's unit (distances in reference units), with per-key easing (track.h): at least
     * 1, times in [0, 1], ascending, values within +-1e6 (far beyond any pose), all finite.
     */
    const sa_track_key *keys;
    size_t count; /**< Number of keys, in [1, ::SA_FIGURE_MOVE_MAX_KEYS]. */
} sa_figure_move_track;

/** @brief A named moment of a motion definition (a hit frame, a footfall for a sound). */
typedef struct sa_figure_move_event {
    /** Its name, for the game (the figure only reports its index); may be NULL. */
    const char *name;
    /** When, as normalised time of the definition, in [0, 1]. */
    float time;
} sa_figure_move_event;

/** @brief Most tracks one motion definition holds: ::SA_FIGURE_PARAM_COUNT_ (24). */
#define SA_FIGURE_MOVE_MAX_TRACKS 24
/** @brief Most keys one track holds: 256. */
#define SA_FIGURE_MOVE_MAX_KEYS 256
/** @brief Most events one motion definition holds: 16. */
#define SA_FIGURE_MOVE_MAX_EVENTS 16
/** @brief Most motion definitions one figure registers (sa_figure_set_moves()): 64. */
#define SA_FIGURE_MAX_MOVES 64
/** @brief Most layers playing at once (sa_figure_input::move_counter; the built-in thrust is one):
 *         4. */
#define SA_FIGURE_MOVE_LAYERS 4
/** @brief The id of registered motion definition 0: 256. Definition i is
 *         SA_FIGURE_MOTION_MOVE(i); the ids never collide with the built-in ::sa_figure_motion
 *         values. */
#define SA_FIGURE_MOVE_BASE 256
/** @brief The ::sa_figure_motion id of registered motion definition @p i. */
#define SA_FIGURE_MOTION_MOVE(i) ((sa_figure_motion)(SA_FIGURE_MOVE_BASE + (int)(i)))

/**
 * @brief A game's own motion as data: caller-owned, read in place, never copied or freed.
 *
 * Played in two ways once registered on a figure (sa_figure_set_moves()):
 * - **as the motion** (sa_figure_input::motion = SA_FIGURE_MOTION_MOVE(i)): the whole body, faded
 *   in and out like a built-in motion; a parameter without a track has the rest pose's value;
 *   sa_figure_move::loop repeats it while asked for, a one-shot holds its last frame;
 * - **as a layer** (sa_figure_input::move = SA_FIGURE_MOTION_MOVE(i), then a change of
 *   sa_figure_input::move_counter): once over whatever motion shows, on the parts of
 * sa_figure_move::parts only (a parameter of those parts without a track has the rest pose's value,
 * or with sa_figure_move::additive adds nothing), weighted in over sa_figure_move::fade_in seconds
 * and out over the last sa_figure_move::fade_out. Without ::SA_FIGURE_PART_LEGS the legs keep the
 * gait and the feet their locks.
 *
 * It is authored facing right (+x forward, the figure's own space) and plays mirrored facing left;
 * its distances scale with the body plan. Its events are reported once each time its play passes
 * them (::SA_FIGURE_EVENT_MOVE). Check it with sa_figure_move_validate().
 */
typedef struct sa_figure_move {
    const char *name; /**< For labels (sa_figure_move_name()); may be NULL ("move"). */
    const sa_figure_move_track *tracks; /**< The tracks; NULL only with track_count 0. */
    size_t track_count;                 /**< At most ::SA_FIGURE_MOVE_MAX_TRACKS. */
    const sa_figure_move_event *events; /**< The events; NULL only with event_count 0. */
    size_t event_count;                 /**< At most ::SA_FIGURE_MOVE_MAX_EVENTS. */
    float duration;                     /**< Seconds one play lasts, in [0.05, 60]. */
    bool loop;                          /**< True repeats it while it is the motion asked for. */
    /** True adds the tracks to the motion underneath (a layer only): an offset, as the built-in
     *  thrust is to Spear Run's carry. */
    bool additive;
    uint32_t
        parts;     /**< ::sa_figure_part bits a layer drives; nonzero, within SA_FIGURE_PART_ALL. */
    float fade_in; /**< A layer's weight rises over this many seconds, >= 0. */
    float fade_out; /**< ... and falls over the last this many, >= 0; fade_in + fade_out <=
                         duration. */
    /** Root motion: how far one play moves the body forward, reference units, in [0, 1e4]: the
     *  ground scrolls by it at a steady speed (added to the ground-speed track). */
    float travel;
} sa_figure_move;

/** @brief One layer playing on a figure (private state of ::sa_figure, public only so the figure
 *         can be copied). */
typedef struct sa_figure_move_layer {
    /** The registered definition's index; -1 the built-in Spear Run thrust; -2 a free layer. */
    int32_t move;
    float time; /**< Seconds into its play. */
} sa_figure_move_layer;

/**
 * @brief The head's secondary motion and what it saw of the body at the last sub-step (private).
 * private).
 *
 * The head swings on a spring in angle space about the top of the spine: `tilt` is the neck's
 * angle from the spine's direction (positive nods forward), pulled toward the pose's own neck angle
 * with the config's head stiffness and damping (damping against the head's turning in figure
 * space, so it lags the body's turns), kicked by the chest's changes of velocity (so it lags the
 * body's lurches), and kept within +/-::SA_FIGURE_NECK_CONE.
 */
typedef struct sa_figure_head {
    sa_spring1 tilt;    /**< Neck angle from the spine's direction, radians, and its rate, rad/s. */
    float spine;        /**< The spine's angle from straight up at the last sub-step, radians. */
    float spine_rate;   /**< How fast the spine turned over the last sub-step, rad/s. */
    float target;       /**< The pose's neck angle from the spine's direction then, radians. */
    sa_vec2 chest;      /**< The chest at the last sub-step (figure space). */
    sa_vec2 chest_vel;  /**< The chest's velocity over the last sub-step, units/s. */
    sa_vec2 hair_accel; /**< The hair's acceleration at the last sub-step, units/s^2. */
} sa_figure_head;

/**
 * @brief One foot's lock on the ground: private state of ::sa_figure (plain data, public only so
 *        the figure can be copied). World x = figure x + scroll, of the drawn (squashed) foot.
 */
typedef struct sa_figure_foot_lock {
    double x;       /**< World x where the foot is held, or last touched down. */
    double from;    /**< A step: world x where it started. */
    double to;      /**< A step landing: world x where it comes down. */
    sa_vec2 offset; /**< A step following the motion: where it started, less the motion's target;
                         a step landing: y is the height it comes down from (drawn figure y). */
    float from_y;   /**< A step: height where it started (drawn figure y). */
    float time;     /**< Seconds into the step. */
    float duration; /**< Seconds the step lasts. */
    float lift;     /**< How high the step clears the ground at its middle, canvas units. */
    float last_x;   /**< The motion's foot target at the last sub-step, drawn figure x. */
    float last_y;   /**< The motion's foot target at the last sub-step, drawn figure y. */
    float ground;   /**< World y of the ground where the foot is held (game's ground given). */
    uint32_t state; /**< 0 follows the motion, 1 held, 2 stepping with the motion, 3 stepping
                         down onto sa_figure_foot_lock::to. */
} sa_figure_foot_lock;

/** @brief The spear carry's arm angles for one shaft (an entry of ::sa_figure_cache). */
typedef struct sa_figure_spear_cache {
    /** The inputs: spear angle, grip x and y, spear gap, upper arm and forearm length. */
    float in[6];
    float arm_angle[2]; /**< The arms' angles for them, radians. */
    float arm_flex[2];  /**< The elbows' flex for them, radians. */
    bool known;         /**< False: the entry holds nothing. */
} sa_figure_spear_cache;

/** @brief What a walk or run evaluation derives from its gait mix and body plan, not from the
 *         phase (an entry of ::sa_figure_cache). */
typedef struct sa_figure_loco_cache {
    /** The inputs: gait mix, stride scale, scale, hip height, spine and leg reach. */
    float in[6];
    sa_gait gait;       /**< The walk/run mix, stride-scaled (reference units). */
    float head_tilt;    /**< Radians. */
    float under;        /**< How far the feet go forward under the lean, units. */
    float crouch;       /**< How far the pelvis sinks, units. */
    float swing_amp;    /**< The arms' swing, radians. */
    float swing_mid;    /**< The arms' swing's middle, radians. */
    float flex_base;    /**< The elbows' flex, radians. */
    float flex_fwd;     /**< ... and what it adds going forward, radians. */
    float ground_speed; /**< The gait's ground speed, units/s. */
    bool known;         /**< False: the entry holds nothing. */
} sa_figure_loco_cache;

/** @brief The walk/run mix a speed-driven motion eases to, for one speed (an entry of
 *         ::sa_figure_cache). */
typedef struct sa_figure_gait_cache {
    float speed; /**< The input: the speed in reference units, clamped to the walk's and run's. */
    float mix;   /**< The mix whose ground speed it is, [0, 1]. */
    bool known;  /**< False: the entry holds nothing. */
} sa_figure_gait_cache;

/** @brief The walk/run gait mix at one mix (an entry of ::sa_figure_cache). */
typedef struct sa_figure_walk_run_cache {
    float mix;    /**< The input: walk (0) -> run (1). */
    sa_gait gait; /**< sa_gait_mix() of sa_gait_walk() and sa_gait_run() at it. */
    bool known;   /**< False: the entry holds nothing. */
} sa_figure_walk_run_cache;

/**
 * @brief Values derived from the figure's inputs, kept to skip recomputing them (private part of
 *        ::sa_figure, public only so the figure can be copied).
 *
 * Not state: each entry holds the inputs it was computed from and is used only when they are the
 * same, bit for bit, so the figure behaves the same with it zeroed or copied.
 */
typedef struct sa_figure_cache {
    sa_figure_spear_cache spear;       /**< The spear carry's arm IK. */
    sa_figure_loco_cache loco;         /**< The walk and run's phase-free part. */
    sa_figure_gait_cache gait;         /**< The walk/run mix for the input speed. */
    sa_figure_walk_run_cache walk_run; /**< The gait at the figure's walk/run mix. */
} sa_figure_cache;

/**
 * @brief A stick figure: its config, motion state, secondary-motion state and current pose.
 *
 * A plain struct the caller owns (stack, array, anything); no heap. Set it up with
 * sa_figure_init(); treat the fields as private (they are public only so the struct can be
 * embedded and copied).
 */
typedef struct sa_figure {
    sa_figure_config config; /**< Body plan (validated). */
    /** What the merges of a full @ref fade stack changed in the blended parameters, added back
     *  so nothing jumps; fades out at the fade rate (zero when no merge is fading). */
    sa_figure_params merge_offset;
    /** Motion layers and their weights; ids are rows of the motion table. A layer's `user[0]` is
     *  sa_figure::rise_speed as it was pushed: a jump's rise keeps the take-off it shows. Its
     *  `user[1]` is the swim's share of the pose a cut out of the ragdoll took away (0 but on
     *  the row cut to): the share goes on from what it was, fading out. */
    sa_fade fade;
    float phase;          /**< Gait phase, [0, 1). */
    float gait;           /**< Walk -> run mix, [0, 1]. */
    uint32_t jump_seen;   /**< Last jump counter seen. */
    uint32_t thrust_seen; /**< Last thrust counter seen. */
    uint32_t move_seen;   /**< Last layer counter seen. */
    /** How fast the body's vertical velocity changed over the last frame, units/s^2 (up
     *  positive; 0 without a body). While it goes on changing so (under gravity) the body's
     *  fall rules see it cross their speeds where it does inside a frame, at any frame rate;
     *  any other change is taken as a step at the frame's start. Any value is safe: one not
     *  finite makes the next frame's velocity a step. */
    float vy_change;
    /** The registered motion definitions (sa_figure_set_moves()): the caller's array. */
    const sa_figure_move *moves;
    size_t move_count; /**< How many, <= ::SA_FIGURE_MAX_MOVES. */
    /** The layers playing (sa_figure_input::move_counter and the built-in thrust). */
    sa_figure_move_layer layers[SA_FIGURE_MOVE_LAYERS];
    sa_figure_motion wanted; /**< Motion asked for last frame. */
    /** Seconds from the last ::SA_FIGURE_SUBSTEP moment to the current pose, [0, 1/120): the
     *  head and foot locks are kept as they were at that moment (the hair as it was at its last
     *  step, that moment or the one before: sa_figure::hair_between). */
    float substep_lag;
    sa_figure_head head;                         /**< Head and hair driver state. */
    sa_verlet_point hair[SA_VERLET_HAIR_POINTS]; /**< Hair chain state (figure space). */
    double scroll; /**< Ground the foot locks scrolled, to the last sub-step moment, units. */
    sa_figure_foot_lock feet[2]; /**< Foot locks: [0] near, [1] far. */
    sa_mode_machine modes;       /**< The body's modes (used while a body is active). */
    sa_figure_body body;         /**< The body as last seen (its grounded edge, its speeds). */
    float fall_speed;            /**< Fastest the body sank in this flight, units/s, >= 0. */
    float rise_speed;            /**< How fast the body rose at its last take-off, units/s, >= 0. */
    float landing;               /**< The landing's depth showing, in [0, 1] (eased). */
    float landing_target;        /**< The last landing's depth, in [0, 1]. */
    float stride_scale;          /**< The body's locomotion stride factor, eased. */
    float climb_phase;           /**< The climb's cycle, [0, 1). */
    float swim;                  /**< Treading (0) -> paddling (1), eased. */
    float vy;                    /**< The body's vertical velocity, up positive, eased. */
    float air;                   /**< 0 on the ground -> 1 in the air, eased. */
    bool moving;                 /**< The body locomotes (not standing idle). */
    bool in_flight;              /**< A scripted jump has taken off and not landed yet. */
    bool jump_pending;           /**< A scripted jump was pressed and has not taken off yet. */
    /** 1 when the last ::SA_FIGURE_SUBSTEP moment fell between two of the hair's steps (they come
     *  every ::SA_FIGURE_HAIR_STEP, at every other moment), else 0 (any other value: its low bit
     *  is read). */
    uint8_t hair_between;
    float turn;              /**< A turn's progress, [0, 1]: 0 faces right, 1 left. */
    sa_figure_facing facing; /**< The facing asked for by the last update's input. */
    sa_figure_event events[SA_FIGURE_MAX_EVENTS]; /**< The last update's events. */
    size_t event_count;                           /**< How many of them, <= 16. */
    /** The ragdoll (figure space) while knocked down; its last pose while getting up (each
     *  point's `prev` then holds the get-up's angle of the bone ending there as last followed,
     *  radians in x, y 0; y FLT_MAX before the first). */
    sa_verlet_point ragdoll[SA_FIGURE_JOINT_COUNT];
    /** Seconds of the next sub-step before the knock-down, >= 0; getting up, the seconds the
     *  frame that read the release lasted (the get-up's morph runs from that frame's start). */
    float ragdoll_wait;
    /** The rate sa_figure::vy_change had in the body's last steady flight, units/s^2 (up
     *  positive; 0 before one, which takes the gravity the config's hard landing implies): the
     *  gravity a take-off's velocity goes on at from the frame's start. Any value is safe: one
     *  that leaves the take-off's start not finite makes it a step. */
    float vy_gravity;
    /** Seconds after the last ::SA_FIGURE_SUBSTEP moment at which the body's ground came or left
     *  (at the input of a frame that ended before the next moment), 0 when it did not: the next
     *  frame steps the part of the sub-step before it with the ground as it was, however many
     *  frames the sub-step spans (a frame rate above 120 fps). Any value is safe: one outside
     *  (0, sa_figure::substep_lag] is none. */
    float ground_changed;
    /** The parameters the figure blended where sa_figure::ground_changed fell, when the ground
     *  left there (that frame's end's when it blended none): the part of the sub-step before it
     *  is stepped on the ground to them. Any values are safe (the feet repair what is not). */
    sa_figure_params ground_then;
    sa_figure_pose pose;   /**< The current pose. */
    sa_figure_cache cache; /**< Derived values kept across frames (not state). */
} sa_figure;

/**
 * @brief Sets up a figure standing idle, head and hair at rest.
 * @param fig Figure to set up; NULL: nothing happens (::SA_ERR_NULL).
 * @param cfg Body plan; NULL means sa_figure_config_default(). A config that fails
 *            sa_figure_config_validate() is replaced by the default (the figure still works) and
 *            that error is returned.
 * @return ::SA_OK, or the reason the config was rejected.
 */
SA_API sa_status sa_figure_init(sa_figure *fig, const sa_figure_config *cfg);

/**
 * @brief Advances the figure by @p dt seconds and rebuilds its pose.
 *
 * @param fig   Figure; NULL: nothing happens.
 * @param input This frame's wishes; NULL is treated as sa_figure_input_default() (idle) with
 *              the counters unchanged (no trigger).
 * @param dt    Seconds since the last update. Every clock (fade, gait phase, jump, thrust)
 *              advances by the whole dt, so the figure keeps real time at any frame rate; only a
 *              hitch longer than ::SA_FIGURE_MAX_DT (0.1 s) is shortened to it. The head and
 *              the foot locks move in sub-steps of ::SA_FIGURE_SUBSTEP at fixed moments of the
 *              figure's time (the motions evaluated and the body solved at each), the hair in
 *              steps of ::SA_FIGURE_HAIR_STEP at every other one, so the
 *              same inputs at 30, 60 or 144 fps give the same motion at the same moments. 0,
 * negative, NaN or infinite: nothing changes (the pose stays as it was and the counters are read on
 *              the next real step).
 */
SA_API void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt);

/**
 * @brief Advances @p count figures by @p dt seconds: sa_figure_update() over an array, the call
 *        a crowd makes once per frame.
 *
 * The results are bit-identical to calling sa_figure_update() on each figure in turn (every
 * byte of every pose, every event), whatever the slice sizes, the thread or the build.
 *
 * A **slice interface**: a job system splits a crowd into contiguous ranges and gives each to a
 * thread, passing `figures + first` (and `inputs + first` for one input per figure). Nothing is
 * shared between figures and the library keeps no state, so two threads may update disjoint
 * ranges of the same arrays at once; a shared input and registered motion definitions
 * (sa_figure_set_moves()) are only read, so threads may share them too.
 *
 * @param figures     The figures, each set up with sa_figure_init(); NULL: nothing happens.
 * @param count       How many figures @p figures holds; 0, or more than any array can hold
 *                    (above SIZE_MAX / sizeof(::sa_figure)): nothing happens.
 * @param inputs      This frame's wishes, read only, as @p input_count says:
 *                    - @p input_count == @p count (or more): figure i takes inputs[i];
 *                    - @p input_count == 1: every figure takes inputs[0] (one input for a crowd);
 *                    - @p inputs NULL or @p input_count 0: every figure is updated as with a NULL
 *                      input to sa_figure_update() (idle, counters unchanged).
 *                    Any other @p input_count (between 1 and @p count, both excluded) is a
 *                    mismatch: nothing happens. Never more than @p count inputs are read.
 * @param input_count How many inputs @p inputs holds.
 * @param dt          Seconds since the last update, as for sa_figure_update(); 0, negative, NaN
 *                    or infinite: nothing happens.
 * @return The number of figures updated: @p count, or 0 when nothing happened.
 */
SA_API size_t sa_figure_update_many(sa_figure *figures, size_t count, const sa_figure_input *inputs,
                                    size_t input_count, float dt);

/**
 * @brief The figure's current pose.
 * @return A pointer into @p fig (valid until its next update); NULL when @p fig is NULL.
 */
SA_API const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig);

/**
 * @brief The events of the last sa_figure_update(), earliest first (a stream: see
 *        @ref api_conventions).
 *
 * Each happening is reported by exactly one update: a footstep when a foot's contact turns
 * planted, take-off and landing when the body leaves or meets the ground, a mode change, the
 * thrust's hit window opening and closing. The events stay readable until the next update.
 *
 * @param fig      The figure; NULL gives 0.
 * @param out      Receives the first min(count, capacity) events; NULL is the count-only call.
 * @param capacity Number of elements @p out can hold.
 * @return The number written, or for the count-only call the number there are.
 */
SA_API size_t sa_figure_events(const sa_figure *fig, sa_figure_event *out, size_t capacity);

/**
 * @brief Solves joints from pose parameters: the IK step of sa_figure_update(), without the head
 *        spring, hair or squash.
 *
 * Pelvis from params->root, chest along the lean, neck and head along lean + head_tilt; legs by
 * the reach guard and two-bone IK with the knees forward; arms by FK from the angles, blended to
 * two-bone IK onto the spear shaft by params->spear^4 (both elbows bend as a person's do, never
 * backwards: the rear elbow points back, the front one down); the spear from its grip, angle and
 * slide. Every bone keeps its length.
 *
 * @param cfg    Body plan; NULL or invalid means sa_figure_config_default().
 * @param params Parameters; NULL means the idle rest pose. Non-finite fields are treated as the
 *               rest pose's values.
 * @param out      Where to write the joints, indexed by ::sa_figure_joint; NULL is the count-only
 *                 call: nothing is written and ::SA_FIGURE_JOINT_COUNT is returned.
 * @param capacity Number of elements @p out can hold; fewer than ::SA_FIGURE_JOINT_COUNT writes
 *                 nothing and returns 0 (the joints are written whole or not at all).
 * @return The number of joints written: ::SA_FIGURE_JOINT_COUNT, or 0 when @p capacity is too
 *         small; ::SA_FIGURE_JOINT_COUNT for the count-only call.
 */
SA_API size_t sa_figure_solve(const sa_figure_config *cfg, const sa_figure_params *params,
                              sa_vec2 *out, size_t capacity);

/**
 * @brief The rest pose's parameters (idle at time 0) for @p cfg (NULL: the default config).
 */
SA_API sa_figure_params sa_figure_params_rest(const sa_figure_config *cfg);

/** @brief The part (one ::sa_figure_part bit) parameter @p param belongs to; 0 for a value that is
 *         not a parameter. */
SA_API uint32_t sa_figure_param_part(sa_figure_param param);

/**
 * @brief Checks a motion definition once at setup.
 * @param move      The definition.
 * @param bad_track Optional (may be NULL): receives the index of the first track at fault, or
 *                  ::SA_TRACK_NO_KEY when none is.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL @p move, or tracks / events / a track's keys NULL
 *         with a nonzero count; ::SA_ERR_COUNT for too many tracks or events, or a track with 0
 *         or too many keys; ::SA_ERR_NOT_FINITE for a NaN or infinite number (duration, fades,
 *         travel, a key's time or value, an event's time); ::SA_ERR_UNSORTED for a track's keys
 *         out of order; ::SA_ERR_RANGE for a duration, fade, travel, key time or event time out
 *         of range, an unknown parameter, two tracks of one parameter, a key's ease not an
 *         ::sa_ease, or @ref sa_figure_move::parts empty or with unknown bits. The first problem
 *         found is reported.
 */
SA_API sa_status sa_figure_move_validate(const sa_figure_move *move, size_t *bad_track);

/**
 * @brief Registers the game's motion definitions on a figure, without copying them: the figure
 *        points at @p moves, which must outlive it (or the next call) and stay as they were
 *        validated (register them again after changing them).
 *
 * Definition i is then SA_FIGURE_MOTION_MOVE(i) in sa_figure_input::motion and
 * sa_figure_input::move. Registering again replaces the set: what plays definition i (a layer, or
 * the motion showing) goes on with the new set's definition i, so registering the same
 * definitions again (or more after them) changes nothing that shows; one whose index is no
 * longer registered stops at once (a layer) or shows the rest pose while it fades out (the
 * motion; the figure fades to idle). A refused set stops them all. NULL with count 0 unregisters
 * all.
 *
 * @param fig   The figure; NULL gives ::SA_ERR_NULL.
 * @param moves The definitions; NULL with a nonzero @p count gives ::SA_ERR_NULL.
 * @param count How many, at most ::SA_FIGURE_MAX_MOVES (else ::SA_ERR_COUNT).
 * @param bad   Optional: receives the index of the first definition that failed
 *              sa_figure_move_validate(), or ::SA_TRACK_NO_KEY.
 * @return ::SA_OK, or the first failing definition's sa_figure_move_validate() status: then
 *         nothing is registered (the figure keeps no definitions).
 */
SA_API sa_status sa_figure_set_moves(sa_figure *fig, const sa_figure_move *moves, size_t count,
                                     size_t *bad);

/**
 * @brief A motion's name on this figure: a registered definition's (its name, or "move" when it
 *        has none), else sa_figure_motion_name().
 */
SA_API const char *sa_figure_move_name(const sa_figure *fig, sa_figure_motion motion);

#ifdef __cplusplus
}
#endif

#endif
