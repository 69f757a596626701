/**
 * @file gait.h
 * @brief Layer 1: the walk/run cycle in one phase variable: foot paths, hip bob, ground speed.
 *
 * A gait cycle is driven by a single number, the *phase*, looping over [0, 1) (advance it with
 * sa_phase_advance()). The near foot uses `phase`, the far foot `phase + 0.5`, so the feet are
 * always half a cycle apart. Each foot's cycle starts at touchdown:
 *
 * - **stance**, phase in [0, duty): the foot is planted and slides linearly, relative to the hip,
 *   from +stride/2 (in front) to -stride/2 (behind), lift 0;
 * - **swing**, phase in [duty, 1): with u = (phase - duty) / (1 - duty) it returns forward along a
 *   smoothstep, x = -stride/2 + stride * smooth(u), lifted by step_height * sin(piu).
 *
 * Duty above 0.5 gives double support (a walk), below 0.5 a flight phase (a run).
 *
 * **Foot planting.** A planted foot stays still on the ground when the ground moves under the
 * figure at sa_gait_ground_speed() = stride * cadence/duty, and the phase advances at the same
 * gait's cadence; this holds for every sa_gait_mix() of two gaits. stride * cadence (no duty) makes
 * the stance foot skate.
 *
 * **Units.** Canvas units with y pointing down, as the reference figure uses (leg 74 units, about
 * 1.2 cm a unit). Why the walk and the run have the values they have, and how they compare with
 * people, is in @ref gait_page (`docs/gait.md`).
 *
 * **Bad input.** Every function is total. A NULL gait reads as sa_gait_walk() (the second gait of
 * sa_gait_mix() and sa_gait_mix_for_speed() as sa_gait_run()); a non-finite field reads as the
 * walk's value for that field; duty is clamped to [::SA_GAIT_DUTY_MIN, ::SA_GAIT_DUTY_MAX]; a
 * negative step_height or bob reads as 0; a non-finite phase reads as 0. sa_gait_validate()
 * reports such a gait at setup time.
 *
 * Typical frame:
 * @code
 * sa_gait walk = sa_gait_walk(), run = sa_gait_run();
 * sa_gait g = sa_gait_mix(&walk, &run, gait_blend);  // 0 = walk, 1 = run
 * phase = sa_phase_advance(phase, g.cadence * dt);    // vecmath.h
 * sa_gait_foot near = sa_gait_sample(&g, phase);
 * sa_gait_foot far  = sa_gait_sample(&g, phase + 0.5f);
 * float hip_y  = ground_y - hip_height + sa_gait_hip_offset(&g, phase);
 * ground_scroll += sa_gait_ground_speed(&g) * dt;    // the ground moves back by this
 * ground_scroll = fmodf(ground_scroll, dot_spacing); // keep it small (float precision)
 * @endcode
 */
#ifndef STICKANIM_GAIT_H
#define STICKANIM_GAIT_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Smallest duty factor the sampler uses; lower values (and NaN handling) clamp to it. */
#define SA_GAIT_DUTY_MIN 0.01f
/** @brief Largest duty factor the sampler uses; higher values clamp to it. */
#define SA_GAIT_DUTY_MAX 0.99f

/**
 * @brief One gait: stride, cadence, duty and the body's motion over the cycle. Mix two with
 *        sa_gait_mix(); get the reference figure's with sa_gait_walk() and sa_gait_run().
 *
 * All fields are plain floats so FFI bindings can fill the struct directly.
 */
typedef struct sa_gait {
    /**
     * Distance a foot travels relative to the hip during one stance, canvas units. The stance
     * foot slides from +stride/2 to -stride/2. Walk 44, run 60. Any finite value; negative
     * mirrors the foot path (the figure walks backwards, ground speed negative).
     */
    float stride;
    /**
     * Gait cycles per second (one cycle = two steps). Walk 1.5, run 2.55. Any finite value;
     * negative runs the cycle backwards (with a negative ground speed, so feet stay planted).
     */
    float cadence;
    /**
     * Duty factor: the fraction of a cycle each foot is on the ground, in (0, 1). Above 0.5 both
     * feet are down for part of each cycle (walking); below 0.5 neither is for part of it (the
     * run's flight phase). Walk 0.62, run 0.40. Clamped to [::SA_GAIT_DUTY_MIN,
     * ::SA_GAIT_DUTY_MAX] when used.
     */
    float duty;
    /** Peak foot lift in the middle of the swing, canvas units, >= 0. Walk 8, run 22. */
    float step_height;
    /**
     * Hip bob amplitude, canvas units, >= 0: the hip rises from its lowest point (offset 0) to
     * bob above it (offset -bob, y down) twice per cycle. Walk 4, run 7.
     */
    float bob;
    /**
     * Phase (in cycles) at which the hip is at its lowest; it is highest a quarter cycle later,
     * and the pattern repeats every half cycle. Any finite value. Walk 0.06 (= duty/2 - 1/4:
     * highest in the middle of single support), run 0.20 (= duty/2: lowest in mid-stance,
     * highest in mid-flight).
     */
    float bob_shift;
    /**
     * Forward lean of the torso in radians (positive leans toward +x, the direction of travel).
     * Walk 0.05 (about 3 deg), run 0.18 (about 10 deg). The sampler does not use it: it is carried
     * here so it mixes with the rest of the gait. The figure tilts the spine by it and moves the
     * feet forward by about spine * sin(lean)/2 so they stay under the centre of mass, as the
     * reference figure does.
     */
    float lean;
} sa_gait;

/**
 * @brief Where one foot is in its cycle, relative to the hip.
 */
typedef struct sa_gait_foot {
    /** Forward distance of the foot from the point under the hip, canvas units (+x forward). */
    float x;
    /** Height of the foot above the ground, canvas units, >= 0 (subtract from y on the canvas). */
    float lift;
    /** True during stance (phase in [0, duty)): the foot is on the ground and must not slide. */
    bool planted;
} sa_gait_foot;

/**
 * @brief The walk: the reference figure's stride 44, cadence 1.5 and duty 0.62, with step height
 *        8, bob 4, bob shift 0.06 and lean 0.05 rad (about 3 deg) chosen to match a person's walk
 *        (@ref gait_page says how). Ground speed ~ 106 units/s.
 * @return {44, 1.5, 0.62, 8, 4, 0.06, 0.05}.
 */
SA_API sa_gait sa_gait_walk(void);

/**
 * @brief The run: the reference figure's stride 60, cadence 2.55 and duty 0.40, with step height
 *        22, bob 7, bob shift 0.20 and lean 0.18 rad (about 10 deg) chosen to match a person's run
 *        (@ref gait_page says how). Ground speed 382.5 units/s.
 *
 * At touchdown the foot is 30 units ahead of the hip: lower the hip about 7 units below the
 * walk's 66 to keep that foot within the legs' reach.
 *
 * @return {60, 2.55, 0.40, 22, 7, 0.20, 0.18}.
 */
SA_API sa_gait sa_gait_run(void);

/**
 * @brief Blends two gaits field by field: a * (1 - t) + b * t.
 *
 * Use it with the reference figure's gait blend (0 walk, 1 run), eased toward its target every
 * frame, so switching never pops. Feet stay planted at every mix when the mixed gait's own
 * sa_gait_ground_speed() drives the ground.
 *
 * @param a Gait at t = 0; NULL reads as sa_gait_walk(). Fields are sanitised first (see file).
 * @param b Gait at t = 1; NULL reads as sa_gait_run().
 * @param t Blend factor, clamped to [0, 1]; NaN reads as 0. t = 0 returns a exactly, t = 1 b.
 * @return A gait whose every field is finite and within the sanitised range.
 */
SA_API sa_gait sa_gait_mix(const sa_gait *a, const sa_gait *b, float t);

/**
 * @brief Samples one foot at a phase.
 *
 * @param g     The gait; NULL reads as sa_gait_walk().
 * @param phase Any real number of cycles: it is wrapped into [0, 1) (negatives too); NaN or
 *              infinite reads as 0. Use phase + 0.5 for the far foot.
 * @return The foot: x in [-|stride|/2, |stride|/2], lift in [0, step_height], planted during
 *         stance. x and lift are continuous in phase, across the stance/swing boundaries and the
 *         wrap at 1.
 */
SA_API sa_gait_foot sa_gait_sample(const sa_gait *g, float phase);

/**
 * @brief The hip's vertical offset at a phase: -bob * |sin(2pi * (phase - bob_shift))|.
 *
 * Add it to the hip's canvas y (y down): 0 is the hip's lowest point, -bob its highest. It
 * repeats every half cycle (once per step), so both feet see the same bob.
 *
 * @param g     The gait; NULL reads as sa_gait_walk().
 * @param phase Any real number of cycles; NaN or infinite reads as 0.
 * @return A value in [-bob, 0].
 */
SA_API float sa_gait_hip_offset(const sa_gait *g, float phase);

/**
 * @brief The speed at which the ground must move under the figure to keep the stance foot
 *        planted: stride * cadence / duty, canvas units per second.
 *
 * Walk ~ 106.45, run = 382.5. Computed in double and rounded once.
 *
 * @param g The gait; NULL reads as sa_gait_walk(). Duty is clamped as documented above.
 * @return The ground speed; finite for any input (clamped to +/-FLT_MAX for absurd gaits).
 */
SA_API float sa_gait_ground_speed(const sa_gait *g);

/**
 * @brief The blend factor t at which the mixed gait moves the ground at a given speed:
 *        sa_gait_ground_speed(sa_gait_mix(a, b, t)) == speed.
 *
 * The figure uses it to walk or run at any ground speed between the walk's and the run's with
 * feet that stay planted. The speed of a mix is (stride * cadence)/duty with each field linear in
 * t, so the equation is a quadratic in t; it is solved in closed form in double, and the float
 * nearest to the root that best reproduces @p speed through the float mix is returned, so the
 * result is exact to the last bit the float mix can resolve.
 *
 * @param a     Gait at t = 0 (usually the walk); NULL reads as sa_gait_walk().
 * @param b     Gait at t = 1 (usually the run); NULL reads as sa_gait_run().
 * @param speed Target ground speed, canvas units per second. NaN gives 0; +/-infinity reads as
 *              +/-FLT_MAX.
 * @return t in [0, 1]: the smallest t whose speed equals @p speed when there is one; otherwise
 *         (the speed is out of the mix's range) the t in [0, 1] whose speed is closest to it --
 *         for walk -> run that is 0 below the walk's speed and 1 above the run's.
 */
SA_API float sa_gait_mix_for_speed(const sa_gait *a, const sa_gait *b, float speed);

/**
 * @brief Checks a gait filled in by hand.
 * @param g The gait to check.
 * @return ::SA_ERR_NULL for NULL; ::SA_ERR_NOT_FINITE when a field is NaN or infinite;
 *         ::SA_ERR_RANGE when duty is outside [::SA_GAIT_DUTY_MIN, ::SA_GAIT_DUTY_MAX] or
 *         step_height or bob is negative; ::SA_OK otherwise. The per-frame functions accept any
 *         gait anyway (see the file's bad-input rules); this says what they would change.
 */
SA_API sa_status sa_gait_validate(const sa_gait *g);

#ifdef __cplusplus
}
#endif

#endif
