/* The mode machine's update with its switches dated within the frame, for the figure, whose
 * moments inside a frame must see the body's modes change at the same moments at any frame rate.
 * Not installed. */
#ifndef STICKANIM_INTERNAL_MODE_MACHINE_DATED_H
#define STICKANIM_INTERNAL_MODE_MACHINE_DATED_H

#include <stickanim/mode_machine.h>

/* sa_mode_input_default(), inline: the figure builds one for every moment of a frame. */
static inline sa_mode_input sai_mode_input_default_inline(void) {
    sa_mode_input in;
    in.grounded = true;
    in.vertical_velocity = 0.0f;
    in.landing_speed = 0.0f;
    in.speed = 0.0f;
    in.in_water = false;
    in.on_ladder = false;
    in.ladder_direction = 0.0f;
    in.jump = 0;
    in.knocked_down = false;
    in.pelvis_forward.x = 0.0f;
    in.pelvis_forward.y = 1.0f;
    in.pelvis_forward.z = 0.0f;
    return in;
}

/* What a dated update did. */
typedef struct sai_mode_frame {
    sa_mode at_start; /* the mode the input's rules chose, from the frame's start */
    float timer_at;   /* seconds into the frame a timer's rule switched from it; else INFINITY */
} sai_mode_frame;

/* The body's vertical velocity over a frame: vy_start at its start (up positive, as
 * sa_mode_input::vertical_velocity), the input's at frame_dt seconds, in a line between (as
 * gravity makes it). A step of a frame may be its first dt seconds (a moment inside it). */
typedef struct sai_mode_ramp {
    float vy_start, frame_dt;
} sai_mode_ramp;

/* sa_mode_machine_update() of a frame whose input holds from its start: the rules the input
 * decides switch at the frame's start (the new layer dt old at its end), a timer's rule (land,
 * sit, the get-up's clip, a jump's first moments in the water) where its time runs out within
 * the frame, and with a `ramp` (NULL: none; a non-finite start or a frame_dt not > 0: none) a
 * fall rule (a jump going down, a body off a ledge) where the velocity crosses its speed, at
 * most one of these a frame (the next at the next frame's start). `switched` says whether
 * either switched. m is not NULL; out is written. Returns the mode at the frame's end. */
sa_mode sai_mode_machine_update_dated(sa_mode_machine *m, const sa_mode_input *input, float dt,
                                      const sai_mode_ramp *ramp, sai_mode_frame *out);

#endif
