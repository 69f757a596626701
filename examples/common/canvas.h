/* A small anti-aliased rasteriser: filled polygons and circles blended into an 8-bit RGB image.
 * The frames example writes its images with it and the terminal example prints it as coloured
 * half blocks; both draw an ex_scene through ex_canvas_draw_scene(). */
#ifndef STICKANIM_EXAMPLES_CANVAS_H
#define STICKANIM_EXAMPLES_CANVAS_H

#include "scene.h"

typedef struct ex_canvas {
    int width, height;
    unsigned char *rgb; /* width·height·3 bytes, rows top to bottom */
    float *cover;       /* one row of coverage, width + 1 floats */
    /* Scene → pixel mapping: px = (x − x0)·scale, py = (y − y0)·scale. */
    float x0, y0, scale;
} ex_canvas;

/* Allocates a width × height canvas; returns 0 on success. Free with ex_canvas_free(). */
int ex_canvas_init(ex_canvas *c, int width, int height);
void ex_canvas_free(ex_canvas *c);

/* Maps the scene rectangle starting at (x0, y0), `w` units wide, onto the canvas width (the
 * height follows from the same scale). */
void ex_canvas_view(ex_canvas *c, float x0, float y0, float w);
/* Fits the scene rectangle (x0, y0, w, h) into the canvas, keeping its aspect, centred. */
void ex_canvas_view_fit(ex_canvas *c, float x0, float y0, float w, float h);
/* The standard view: the whole EX_VIEW_* rectangle. */
void ex_canvas_view_scene(ex_canvas *c);

void ex_canvas_clear(ex_canvas *c, ex_rgb colour);
void ex_canvas_fill_polygon(ex_canvas *c, const sa_vec2 *pts, size_t count, ex_rgb colour,
                            float opacity);
void ex_canvas_fill_circle(ex_canvas *c, sa_vec2 centre, float radius, ex_rgb colour,
                           float opacity);

/* Paper, ground dots at the pose's scroll, then every shape of the scene in order. */
void ex_canvas_draw(ex_canvas *c, const ex_scene *scene, const ex_pose *pose);

/* Copies `src` into `dst` with its top-left corner at pixel (x, y), clipped. */
void ex_canvas_blit(ex_canvas *dst, const ex_canvas *src, int x, int y);

#endif
