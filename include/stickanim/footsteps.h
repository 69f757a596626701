/**
 * @file footsteps.h
 * @brief Layer 3: footstep events on the beat: every touchdown marker the shared phase passed
 *        this frame becomes one event with the foot and the surface under it.
 *
 * Footsteps are not timed by a clock (the sound would drift away from the feet): each clip marks
 * the phases where each foot touches down (::sa_clip_touchdown, clip.h), and each frame, right
 * after the animation step, the game asks which markers the shared phase passed since the last
 * frame.
 *
 * - Forwards, backwards (climbing down runs the cycle backwards) and across the wrap from 1 to 0.
 * - More than one event per marker when the frame was long (a dt spike can pass several cycles):
 *   one event per touchdown crossed, none missed, none twice. The interval is half-open at the
 *   start -- (from, to] forwards, [to, from) backwards -- so a marker the phase stops exactly on
 *   fires once, in the frame that reached it, and not again in the next one.
 * - While clips blend, a step fires once: only layers whose weight is at or above a threshold
 *   (default 0.5) fire, and each foot fires from one layer only, the heaviest of those that have
 *   markers for it. With two clips mixing (weights summing to 1) exactly one fires at any time;
 *   other engines fire two or three times during such blends.
 * - Clips synced by their markers (blend_tree.h) each play their own phase: the job then takes
 *   each layer's own phases (@ref sa_footsteps_job::layer_phase_from and
 *   @ref sa_footsteps_job::layer_phase_to), so a layer's markers fire when its own feet land.
 *
 * Fill an ::sa_footsteps_job each frame and call sa_footsteps_run(): the events are a stream
 * (@ref api_conventions) written into the caller-owned buffer the job's `out` and `capacity`
 * name, in the order they happened within the frame; when the buffer is too small the earliest
 * ones are kept, and the count-only call (`out` NULL) tells how many there were.
 */
#ifndef STICKANIM_FOOTSTEPS_H
#define STICKANIM_FOOTSTEPS_H

#include <stickanim/clip.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Default weight a layer needs for its touchdowns to fire. */
#define SA_FOOTSTEPS_DEFAULT_THRESHOLD 0.5f

/** @brief Most cycles one frame may pass; larger advances are clamped to this (either sign). */
#define SA_FOOTSTEPS_MAX_CYCLES 1e6f

/**
 * @brief The ground under a foot, as the game reports it. Values are stable; a game adds its own
 *        surfaces from ::SA_FOOTSTEPS_SURFACE_USER on (any value passes through unchanged).
 */
typedef enum sa_footsteps_surface {
    SA_FOOTSTEPS_SURFACE_GRASS = 0, /**< Grass. */
    SA_FOOTSTEPS_SURFACE_STONE = 1, /**< Stone. */
    SA_FOOTSTEPS_SURFACE_WOOD = 2,  /**< Wood. */
    SA_FOOTSTEPS_SURFACE_SNOW = 3,  /**< Snow. */
    SA_FOOTSTEPS_SURFACE_MUD = 4,   /**< Mud. */
    SA_FOOTSTEPS_SURFACE_USER = 64, /**< First value for the game's own surfaces (64, 65, ...). */
    SA_FOOTSTEPS_SURFACE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a surface. */
} sa_footsteps_surface;

/** @brief One footstep: a foot touched down during this frame. */
typedef struct sa_footsteps_event {
    /** The foot, as numbered by the touchdown marker (e.g. 0 left, 1 right). */
    size_t foot;
    /** The surface under that foot (from the job's surfaces, else its default surface). */
    sa_footsteps_surface surface;
    /** Seconds into the frame when the phase passed the marker, in (0, dt] (0 when dt is not
     *  given): schedule the sound this late to keep sub-frame timing. */
    float time;
    /** The marker's phase in [0, 1). */
    float phase;
    /** Index of the layer whose marker fired, in [0, layer_count). */
    size_t layer;
} sa_footsteps_event;

/** @brief One blended clip's touchdown markers and its current weight. */
typedef struct sa_footsteps_layer {
    /** The clip's markers (any order; NULL when touchdown_count is 0). Markers with a NaN or
     *  infinite phase are ignored; other phases are wrapped into [0, 1). */
    const sa_clip_touchdown *touchdowns;
    /** Number of markers. */
    size_t touchdown_count;
    /** The layer's blend weight in [0, 1] (e.g. the blend tree's walk weight times the loco
     *  mode's weight). NaN counts as 0. */
    float weight;
} sa_footsteps_layer;

/**
 * @brief One frame of footstep detection. Get one with sa_footsteps_job_default(), fill in the
 *        phases, the layers, the surfaces and the output buffer, and run it with
 *        sa_footsteps_run().
 *
 * The job holds no state: one job per character and frame, run from any thread. sa_footsteps_run()
 * repairs bad fields as each field says; sa_footsteps_validate() reports them instead.
 */
typedef struct sa_footsteps_job {
    /** The shared phase at the end of the last frame (wrapped into [0, 1); NaN counts as 0). Pass
     *  exactly the value stored last frame as this frame's phase_to, so frames join seamlessly. */
    float phase_from;
    /** The shared phase after this frame's animation step (wrapped into [0, 1); NaN counts as
     *  0). */
    float phase_to;
    /** Signed cycles the phase moved this frame, unwrapped (the blend tree's `advance`; negative
     *  going backwards). It only decides the direction and how many whole cycles were passed:
     *  the exact interval comes from phase_from and phase_to. NaN or infinite: the shorter way
     *  from phase_from to phase_to. Clamped to +/-::SA_FOOTSTEPS_MAX_CYCLES. */
    float cycles;
    /** Frame time in seconds, only for the events' time (<= 0, NaN or infinite: times are 0). */
    float dt;
    /** The blended layers (NULL, or layer_count 0: no events). */
    const sa_footsteps_layer *layers;
    /** Number of layers. */
    size_t layer_count;
    /** Weight a layer needs to fire, at or above (default ::SA_FOOTSTEPS_DEFAULT_THRESHOLD).
     *  NaN gives the default; negative counts as 0 (every layer with weight above 0 may fire,
     *  still one layer per foot). */
    float threshold;
    /** Surface under each foot, indexed by foot (may be NULL: every foot on default_surface). */
    const sa_footsteps_surface *surfaces;
    /** Number of entries in surfaces (ignored when surfaces is NULL). */
    size_t surface_count;
    /** Surface for a foot without an entry in surfaces (default ::SA_FOOTSTEPS_SURFACE_GRASS). */
    sa_footsteps_surface default_surface;
    /** Optional: each layer's own phase at the end of the last frame, layer_count entries, in
     *  [0, 1) (NaN counts as 0), for clips synced by their markers, which each play their own
     *  phase (blend_tree.h: @ref sa_blend_tree_frame::clip_phase_from, indexed by slot). Read
     *  with layer_phase_to; NULL (the default): every layer passes phase_from -> phase_to. The
     *  job's `cycles` still gives the direction and the whole cycles passed. */
    const float *layer_phase_from;
    /** Optional: each layer's own phase after this frame, layer_count entries, in [0, 1)
     *  (@ref sa_blend_tree_frame::clip_phase); NULL (the default): the shared phase_to. Used only
     *  when layer_phase_from is given too. */
    const float *layer_phase_to;
    /** Receives the events, earliest first (ties keep layer and marker order); a stream: the
     *  first min(crossed, capacity) are written. NULL (the default) asks for the count only:
     *  sa_footsteps_run() then writes nothing and returns how many were crossed. */
    sa_footsteps_event *out;
    /** Number of events `out` can hold (default 0); any value is valid, 0 writes nothing.
     *  Ignored when `out` is NULL. */
    size_t capacity;
} sa_footsteps_job;

/** @brief A job with no layers, phases 0, threshold ::SA_FOOTSTEPS_DEFAULT_THRESHOLD (0.5), grass
 *         underfoot and no output buffer (`out` NULL, `capacity` 0: a count-only call). */
SA_API sa_footsteps_job sa_footsteps_job_default(void);

/**
 * @brief Checks a footsteps job without running it: what sa_footsteps_run() would repair (the
 *        layers' own phases, when given, as the shared ones).
 *
 * The output buffer is not checked: a NULL `out` is the count-only call and, the events being a
 * stream, any `capacity` is valid.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL @p job, layers NULL with layer_count above 0, a
 *         layer's touchdowns NULL with touchdown_count above 0, or surfaces NULL with
 *         surface_count above 0, or only one of layer_phase_from and layer_phase_to given;
 *         ::SA_ERR_NOT_FINITE for a NaN or infinite phase_from, phase_to, layer phase, dt,
 *         threshold, layer weight or marker phase (cycles may be NaN: see
 *         @ref sa_footsteps_job::cycles); ::SA_ERR_RANGE for a phase_from, phase_to, layer phase
 *         or marker phase outside [0, 1), a negative dt or threshold, or a layer weight outside
 *         [0, 1].
 */
SA_API sa_status sa_footsteps_validate(const sa_footsteps_job *job);

/**
 * @brief Finds every touchdown the phase passed this frame and writes one event per crossing
 *        into the job's `out`.
 *
 * Per frame and total: any job gives a documented result. Unlike the pose jobs it does not
 * refuse a job that sa_footsteps_validate() rejects: bad fields are repaired as each field of
 * ::sa_footsteps_job says (a layer with NULL touchdowns does not fire, a NULL surfaces array puts
 * every foot on default_surface), and only a job it cannot read gives 0.
 * @param job This frame's job; NULL, or layers NULL, writes nothing and returns 0.
 * @return The number of events written into `out`: the first min(crossed, `capacity`) of the
 *         touchdowns crossed this frame. The count-only call (`out` NULL) writes nothing and
 *         returns how many were crossed (at most SIZE_MAX); a smaller result from a real call
 *         means the latest events were dropped.
 */
SA_API size_t sa_footsteps_run(const sa_footsteps_job *job);

#ifdef __cplusplus
}
#endif

#endif
