/**
 * @file footsteps.h
 * @brief Layer 3: footstep events on the beat: every touchdown marker the shared phase passed
 *        this frame becomes one event with the foot and the surface under it.
 *
 * Footsteps are not timed by a clock (the sound would drift away from the feet): each clip marks
 * the phases where each foot touches down (::sa_touchdown, clip.h), and each frame, right after
 * the animation step, the game asks which markers the shared phase passed since the last frame.
 *
 * - Forwards, backwards (climbing down runs the cycle backwards) and across the wrap from 1 to 0.
 * - More than one event per marker when the frame was long (a dt spike can pass several cycles):
 *   one event per touchdown crossed, none missed, none twice. The interval is half-open at the
 *   start — (from, to] forwards, [to, from) backwards — so a marker the phase stops exactly on
 *   fires once, in the frame that reached it, and not again in the next one.
 * - While clips blend, a step fires once: only layers whose weight is at or above a threshold
 *   (default 0.5) fire, and each foot fires from one layer only, the heaviest of those that have
 *   markers for it. With two clips mixing (weights summing to 1) exactly one fires at any time;
 *   other engines fire two or three times during such blends.
 *
 * Events go into a caller-owned buffer in the order they happened within the frame; when the
 * buffer is too small the earliest ones are kept and the total count tells what was dropped.
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
 *        surfaces from ::SA_SURFACE_USER on (any value passes through unchanged).
 */
typedef enum sa_surface {
    SA_SURFACE_GRASS = 0, /**< Grass. */
    SA_SURFACE_STONE = 1, /**< Stone. */
    SA_SURFACE_WOOD = 2,  /**< Wood. */
    SA_SURFACE_SNOW = 3,  /**< Snow. */
    SA_SURFACE_MUD = 4,   /**< Mud. */
    SA_SURFACE_USER = 64, /**< First value for the game's own surfaces (64, 65, ...). */
    SA_SURFACE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a surface. */
} sa_surface;

/** @brief One footstep: a foot touched down during this frame. */
typedef struct sa_footstep {
    /** The foot, as numbered by the touchdown marker (e.g. 0 left, 1 right). */
    int32_t foot;
    /** The surface under that foot (from the job's surfaces, else its default surface). */
    sa_surface surface;
    /** Seconds into the frame when the phase passed the marker, in (0, dt] (0 when dt is not
     *  given): schedule the sound this late to keep sub-frame timing. */
    float time;
    /** The marker's phase in [0, 1). */
    float phase;
    /** Index of the layer whose marker fired. */
    int32_t layer;
} sa_footstep;

/** @brief One blended clip's touchdown markers and its current weight. */
typedef struct sa_footstep_layer {
    /** The clip's markers (any order; NULL when touchdown_count is 0). Markers with a NaN or
     *  infinite phase or a negative foot are ignored; other phases are wrapped into [0, 1). */
    const sa_touchdown *touchdowns;
    /** Number of markers. */
    size_t touchdown_count;
    /** The layer's blend weight in [0, 1] (e.g. the blend tree's walk weight times the loco
     *  mode's weight). NaN counts as 0. */
    float weight;
} sa_footstep_layer;

/**
 * @brief One frame of footstep detection. Get one with sa_footsteps_job_default() and fill in
 *        the phases, the layers and the surfaces.
 */
typedef struct sa_footsteps_job {
    /** The shared phase at the end of the last frame (wrapped into [0, 1); NaN counts as 0). Pass
     *  exactly the value stored last frame as this frame's phase_to, so frames join seamlessly. */
    float phase_from;
    /** The shared phase after this frame's animation step (wrapped; NaN counts as 0). */
    float phase_to;
    /** Signed cycles the phase moved this frame, unwrapped (the blend tree's `advance`; negative
     *  going backwards). It only decides the direction and how many whole cycles were passed:
     *  the exact interval comes from phase_from and phase_to. NaN or infinite: the shorter way
     *  from phase_from to phase_to. Clamped to ±::SA_FOOTSTEPS_MAX_CYCLES. */
    float cycles;
    /** Frame time in seconds, only for the events' time (≤ 0 or NaN: times are 0). */
    float dt;
    /** The blended layers (NULL when layer_count is 0: no events). */
    const sa_footstep_layer *layers;
    /** Number of layers. */
    size_t layer_count;
    /** Weight a layer needs to fire, at or above (default ::SA_FOOTSTEPS_DEFAULT_THRESHOLD).
     *  NaN gives the default; negative counts as 0 (every layer with weight above 0 may fire,
     *  still one layer per foot). */
    float threshold;
    /** Surface under each foot, indexed by foot (may be NULL). */
    const sa_surface *surfaces;
    /** Number of entries in surfaces. */
    size_t surface_count;
    /** Surface for a foot without an entry in surfaces (default ::SA_SURFACE_GRASS). */
    sa_surface default_surface;
} sa_footsteps_job;

/** @brief A job with no layers, phases 0, threshold 0.5 and grass underfoot. */
SA_API sa_footsteps_job sa_footsteps_job_default(void);

/**
 * @brief Finds every touchdown the phase passed this frame and writes one event per crossing.
 *
 * @param job      This frame's job; NULL gives no events.
 * @param events   Output buffer, earliest event first (ties keep layer and marker order); may
 *                 be NULL when @p capacity is 0 (to count only).
 * @param capacity Number of events @p events can hold.
 * @param crossed  Optional: receives the number of touchdowns crossed this frame. More than the
 *                 return value means the buffer overflowed and the latest events were dropped.
 * @return Number of events written, ≤ @p capacity.
 */
SA_API size_t sa_footsteps_collect(const sa_footsteps_job *job, sa_footstep *events,
                                   size_t capacity, size_t *crossed);

#ifdef __cplusplus
}
#endif

#endif
