/* The mode machine's update with its switches dated within the frame, for the figure, whose
 * moments inside a frame must see the body's modes change at the same moments at any frame rate.
 * Not installed. */
#ifndef STICKANIM_INTERNAL_MODE_MACHINE_DATED_H
#define STICKANIM_INTERNAL_MODE_MACHINE_DATED_H

#include <stickanim/mode_machine.h>

/* What a dated update did. */
typedef struct sai_mode_frame {
    sa_mode at_start; /* the mode the input's rules chose, from the frame's start */
    float timer_at;   /* seconds into the frame a timer's rule switched from it; else INFINITY */
} sai_mode_frame;

/* sa_mode_machine_update() of a frame whose input holds from its start: the rules the input
 * decides switch at the frame's start (the new layer dt old at its end), a timer's rule (land,
 * sit, the get-up's clip, a jump's first moments in the water) where its time runs out within
 * the frame, at most one a frame (the next at the next frame's start). `switched` says whether
 * either switched. m is not NULL; out is written. Returns the mode at the frame's end. */
sa_mode sai_mode_machine_update_dated(sa_mode_machine *m, const sa_mode_input *input, float dt,
                                      sai_mode_frame *out);

#endif
