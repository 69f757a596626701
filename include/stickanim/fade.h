/**
 * @file fade.h
 * @brief Layer 1: a small fixed stack of fading layers, the one cross-fade mechanism every
 *        controller uses (the stick figure's motions, the 3D mode machine's modes).
 *
 * A fade holds up to ::SA_FADE_MAX_LAYERS layers, oldest first; the newest one is the *target*,
 * the thing that should be showing. Each layer says what it shows (an `id` in the caller's own
 * numbering), how much of it shows (`weight`) and for how long it has existed (`time`). The
 * weights of all layers are never negative and always sum to 1, so a caller blends whatever the
 * layers show by their weights and never has to renormalise.
 *
 * Switching never pops: sa_fade_switch() pushes a new layer at weight 0 and leaves every other
 * weight as it was; sa_fade_step() then moves weight to the target by exponential catch-up (the
 * reference's "catch up a little every frame", made frame-rate independent). A switch in the middle
 * of a fade simply fades from whatever is showing now: older layers keep fading out with their
 * own times, so nothing restarts. When the stack is full, the two weakest non-target layers
 * merge (the weaker one's weight goes to the stronger one), so no weight is ever lost. That merge
 * shows the weaker layer's weight as the stronger one's from then on; a caller for whom two layers
 * can show different things makes room itself first, with sa_fade_weakest() and sa_fade_merge(),
 * and accounts for the change (the stick figure merges the weakest layer into the one showing the
 * nearest pose and keeps the difference as an offset that fades out as the layer would have), so
 * a full stack never changes what shows.
 *
 * Typical use, once per frame (sa_fade_switch() is already a no-op when @p wanted is the target):
 * @code
 * sa_fade_switch(&f, wanted);
 * sa_fade_step(&f, rate_for(wanted), dt);
 * for (size_t i = 0; i < f.count; ++i)
 *     blend_in(f.layers[i].id, f.layers[i].time, f.layers[i].weight);
 * @endcode
 *
 * Each layer also carries ::SA_FADE_USER_VALUES numbers of the caller's own
 * (sa_fade_layer::user: a clip's play time and speed, say), so a caller never packs them into the
 * id. The fade never reads them; it starts them at 0 when it pushes a layer, keeps them with the
 * layer wherever it moves in the stack, and keeps the stronger layer's when two merge (the weaker
 * layer's values are dropped with it). Read and write them freely; sa_fade_target_user() reaches
 * the target's.
 *
 * Bad input: NULL pointers make every function a no-op; queries return 0 (sa_fade_target_layer()
 * a layer of zeros, sa_fade_target_user() NULL). A fade whose fields
 * were corrupted (count out of [1, ::SA_FADE_MAX_LAYERS], negative or NaN weights, a sum other
 * than 1, NaN times) is repaired by the next sa_fade_switch(), sa_fade_push() or sa_fade_step()
 * (a step repairs even when no time passes):
 * count is clamped, bad weights count as 0, the rest is renormalised (all zero gives the target
 * weight 1), bad times become 0. A fade with count 0 reads as empty: sa_fade_switch() or
 * sa_fade_push() on it initialises it.
 */
#ifndef STICKANIM_FADE_H
#define STICKANIM_FADE_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Most layers a fade keeps; when a switch finds it full, the two weakest non-target
 *        layers merge first.
 */
#define SA_FADE_MAX_LAYERS 8

/**
 * @brief A layer whose weight falls below this after a step is removed; its weight goes to the
 *        target. Small enough to be invisible, large enough that finished fades leave the stack.
 */
#define SA_FADE_MIN_WEIGHT 1e-4f

/** @brief Number of caller values each layer carries (sa_fade_layer::user), >= 2. */
#define SA_FADE_USER_VALUES 2

/** @brief One layer of a fade: what it shows, how much, since when, and the caller's values. */
typedef struct sa_fade_layer {
    /** What the layer shows: a motion, a mode, ... in the caller's own numbering (any value). */
    int32_t id;
    /** How much of it shows, in [0, 1]; the weights of all layers of a fade sum to 1. */
    float weight;
    /** Seconds since this layer was pushed, >= 0 (advanced by sa_fade_step()). */
    float time;
    /** The caller's own values for this layer, any float (0 when pushed); the fade never reads
     *  or repairs them. */
    float user[SA_FADE_USER_VALUES];
} sa_fade_layer;

/** @brief A fixed stack of fading layers; plain data, owned and stored by the caller. */
typedef struct sa_fade {
    /** The layers, oldest first; `layers[count - 1]` is the target (the newest). */
    sa_fade_layer layers[SA_FADE_MAX_LAYERS];
    /** Number of layers in use, in [1, ::SA_FADE_MAX_LAYERS] once initialised. */
    size_t count;
} sa_fade;

/**
 * @brief Starts a fade settled on one layer: @p id at weight 1, time 0.
 * @param f  The fade to initialise; NULL does nothing.
 * @param id What the layer shows; any value.
 */
SA_API void sa_fade_init(sa_fade *f, int32_t id);

/**
 * @brief Makes @p id the target: the fade starts moving toward it from whatever shows now.
 *
 * A no-op when the newest layer already shows @p id. Otherwise pushes a NEW layer (weight 0,
 * time 0) on top, even if an older, fading layer shows the same id: that one keeps its own time
 * and fades out, so nothing restarts visibly. No weight changes, so a switch never pops. When the
 * stack is full, first merges the two weakest non-target layers (the weaker one's weight is added
 * to the stronger, which keeps its id and time), so the sum stays 1.
 *
 * @param f  The fade; NULL does nothing. An empty fade (count 0) is initialised with @p id.
 * @param id What the new target shows; any value.
 */
SA_API void sa_fade_switch(sa_fade *f, int32_t id);

/**
 * @brief Like sa_fade_switch(), but always pushes a new layer, even when the target already
 *        shows @p id: a restart (a second jump over a jump still playing) that fades in from
 *        whatever shows now while the older layer keeps its own time and fades out.
 * @param f  The fade; NULL does nothing. An empty fade (count 0) is initialised with @p id.
 * @param id What the new target shows; any value.
 */
SA_API void sa_fade_push(sa_fade *f, int32_t id);

/**
 * @brief Advances the fade by @p dt seconds with exponential catch-up toward the target.
 *
 * With e = exp(-rate * dt), the target's weight w becomes w + (1 - w)(1 - e) and every other
 * layer's weight is multiplied by e, so the sum stays 1 (renormalised against rounding: the
 * target receives exactly what the others leave). Because exp(-r * a) * exp(-r * b) = exp(-r * (a +
 * b)), sixty steps of 1/60 s give the same weights as one step of 1 s: the fade does not depend on
 * the frame rate. Layers whose weight falls below ::SA_FADE_MIN_WEIGHT are removed and their weight
 * given to the target. Every layer's time advances by @p dt (saturating at FLT_MAX).
 *
 * @param f    The fade; NULL or empty does nothing.
 * @param rate Catch-up rate in 1/s, >= 0: about 63% of the remaining way is covered in 1/rate
 *             seconds (e.g. 12 for a fast landing, 3 for slow swimming). <= 0 or NaN: no weight
 *             changes (times still advance); +infinity snaps to the target at once.
 * @param dt   Frame time in seconds. <= 0 or NaN: nothing changes at all.
 */
SA_API void sa_fade_step(sa_fade *f, float rate, float dt);

/**
 * @brief The weakest layer below the target, skipping layer @p skip: the layer a switch on a full
 *        stack merges first (sa_fade_weakest(f, ::SA_FADE_MAX_LAYERS)), and the one it merges into
 *        (sa_fade_weakest(f, first)).
 * @param f    The fade; read only.
 * @param skip Index of a layer not to consider; ::SA_FADE_MAX_LAYERS (or any index >= count)
 *             skips none.
 * @return The index, in [0, count - 1), of the non-target layer of least weight other than
 *         @p skip; on ties the older (lower) index. ::SA_FADE_MAX_LAYERS when there is none (only
 *         the target, or the target and @p skip), for NULL or for an empty fade. NaN weights count
 *         as 0.
 */
SA_API size_t sa_fade_weakest(const sa_fade *f, size_t skip);

/**
 * @brief Merges layer @p from into layer @p into: @p into's weight grows by @p from's and
 *        @p from is removed (the layers above it move down one, keeping their order).
 *
 * @p into keeps its id, time and user values; @p from's are dropped. The weights still sum to 1,
 * but whatever @p from showed now shows as @p into: a caller whose layers show different things
 * changes @p into's id (and user values) to something showing both, or accepts the jump. This is
 * what sa_fade_switch() and sa_fade_push() do on a full stack, with sa_fade_weakest()'s pair.
 *
 * @param f    The fade; NULL or empty does nothing.
 * @param from Index of a non-target layer, in [0, count - 1).
 * @param into Index of any other layer, in [0, count), the target included.
 * @return The index @p into's layer has after the merge (@p into - 1 when @p from was below it);
 *         ::SA_FADE_MAX_LAYERS, with nothing changed, for NULL, an empty fade, @p from the target
 *         or out of range, @p into out of range or equal to @p from.
 */
SA_API size_t sa_fade_merge(sa_fade *f, size_t from, size_t into);

/**
 * @brief The id of the newest layer (the target).
 * @return 0 for NULL or an empty fade.
 */
SA_API int32_t sa_fade_target(const sa_fade *f);

/**
 * @brief The newest layer (the target): its id, weight, time and user values.
 * @return A copy of the layer; all zeros for NULL or an empty fade.
 */
SA_API sa_fade_layer sa_fade_target_layer(const sa_fade *f);

/**
 * @brief The target layer's user values (::SA_FADE_USER_VALUES floats), to read or write.
 * @return A pointer into @p f, valid until the next sa_fade_init(), sa_fade_switch(),
 *         sa_fade_push(), sa_fade_step() or sa_fade_finish() on it (they may move the layer);
 *         NULL for NULL or an empty fade.
 */
SA_API float *sa_fade_target_user(sa_fade *f);

/**
 * @brief Summed weight of every layer showing @p id.
 * @return A value in [0, 1]; 0 when no layer shows @p id, for NULL or for an empty fade.
 */
SA_API float sa_fade_weight(const sa_fade *f, int32_t id);

/**
 * @brief Ends the fade at once: only the target remains, at weight 1, keeping its time and user
 *        values.
 *
 * For teleports and cuts, where a visible jump is wanted. NULL or an empty fade does nothing.
 */
SA_API void sa_fade_finish(sa_fade *f);

/**
 * @brief True when @p f is well formed: count in [1, ::SA_FADE_MAX_LAYERS], every weight finite
 *        and in [0, 1], every time finite and >= 0, and the weights summing to 1 within 1e-4.
 * @return false for NULL.
 */
SA_API bool sa_fade_is_valid(const sa_fade *f);

#ifdef __cplusplus
}
#endif

#endif
