/* What a figure shows, compared byte for byte without the padding: the value of every field of
 * its pose and of its events. Padding bytes are not compared because they are not values (a
 * struct written from a local may carry whatever the stack held), so memcmp of whole poses could
 * tell apart two figures that show the same. Used by the batch's tests (test_figure.c,
 * fuzz/fuzz_figure.c, threads/threads.c). */
#ifndef STICKANIM_TEST_FIGURE_OUTPUT_H
#define STICKANIM_TEST_FIGURE_OUTPUT_H

#include <stdbool.h>
#include <string.h>

#include <stickanim/figure.h>

/* p's values in a zeroed pose, field by field. */
static inline void figure_pose_values(const sa_figure_pose *p, sa_figure_pose *out) {
    memset(out, 0, sizeof *out);
    memcpy(out->joints, p->joints, sizeof p->joints);
    memcpy(out->unsquashed, p->unsquashed, sizeof p->unsquashed);
    memcpy(out->hair, p->hair, sizeof p->hair);
    out->head_radius = p->head_radius;
    out->squash.pivot = p->squash.pivot;
    out->squash.sx = p->squash.sx;
    out->squash.sy = p->squash.sy;
    out->ground_speed = p->ground_speed;
    out->dt = p->dt;
    out->motion = p->motion;
    out->spear = p->spear;
    out->phase = p->phase;
    out->gait = p->gait;
    out->thrust = p->thrust;
    out->scroll = p->scroll;
    for (int i = 0; i < 2; ++i) {
        out->contact[i].x = p->contact[i].x;
        out->contact[i].planted = p->contact[i].planted;
    }
    out->airborne = p->airborne;
    out->mode = p->mode;
    out->facing = p->facing;
    out->turn = p->turn;
    memcpy(out->ground_probe, p->ground_probe, sizeof p->ground_probe);
    out->blade = p->blade;
    out->blade_tip = p->blade_tip;
}

/* The events of f's last update in a zeroed array, field by field; their count. */
static inline size_t figure_event_values(const sa_figure *f, sa_figure_event *out) {
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(f, ev, SA_FIGURE_MAX_EVENTS);
    memset(out, 0, SA_FIGURE_MAX_EVENTS * sizeof *out);
    for (size_t i = 0; i < n; ++i) {
        out[i].kind = ev[i].kind;
        out[i].time = ev[i].time;
        out[i].foot = ev[i].foot;
        out[i].surface = ev[i].surface;
        out[i].mode = ev[i].mode;
        out[i].speed = ev[i].speed;
        out[i].x = ev[i].x;
        out[i].move = ev[i].move;
        out[i].index = ev[i].index;
    }
    return n;
}

/* a and b show the same: every value of their poses and events, bit for bit. */
static inline bool figure_same_output(const sa_figure *a, const sa_figure *b) {
    sa_figure_pose pa, pb;
    figure_pose_values(sa_figure_get_pose(a), &pa);
    figure_pose_values(sa_figure_get_pose(b), &pb);
    sa_figure_event ea[SA_FIGURE_MAX_EVENTS], eb[SA_FIGURE_MAX_EVENTS];
    const size_t na = figure_event_values(a, ea), nb = figure_event_values(b, eb);
    return memcmp(&pa, &pb, sizeof pa) == 0 && na == nb && memcmp(ea, eb, sizeof ea) == 0;
}

#endif
