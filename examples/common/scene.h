/* What the examples draw, independent of how: an ex_pose turned into an ordered list of filled
 * shapes (soft-limb ribbons from limb.h, the head, the hair, the spear) plus the ground dots. The
 * SVG writer and the rasteriser both consume this list, so every backend draws the same picture. */
#ifndef STICKANIM_EXAMPLES_SCENE_H
#define STICKANIM_EXAMPLES_SCENE_H

#include "lab.h"

/* The visible scene in scene units: 520 wide, 440 tall (the reference figure's scene height),
 * ground at y = 0. */
#define EX_VIEW_X   260.0f
#define EX_VIEW_TOP 360.0f
#define EX_VIEW_W   520.0f
#define EX_VIEW_H   440.0f
/* Ground dots: spacing, height below the ground line, radius. */
#define EX_DOT_SPACING 40.0f
#define EX_DOT_Y       10.0f
#define EX_DOT_R       2.6f

typedef struct ex_rgb {
    float r, g, b; /* 0..1 */
} ex_rgb;

/* Every shape of the figure, in draw order: far side first, near side last. */
typedef enum ex_part {
    EX_PART_FAR_LEG,
    EX_PART_FAR_ARM,
    EX_PART_HAIR,
    EX_PART_TORSO,
    EX_PART_NECK,
    EX_PART_HEAD,
    EX_PART_NEAR_LEG,
    EX_PART_SPEAR,
    EX_PART_SPEAR_HEAD,
    EX_PART_BLADE,
    EX_PART_NEAR_ARM,
    EX_PART_COUNT
} ex_part;

enum { EX_SCENE_POINTS = 1024 };

/* One filled shape: a closed polygon of `count` points starting at points[first] (count 0: not
 * shown this frame), or a circle when is_circle. */
typedef struct ex_shape {
    const char *name;
    ex_rgb fill;
    float opacity;
    bool is_circle;
    sa_vec2 centre;
    float radius;
    size_t first, count;
} ex_shape;

typedef struct ex_scene {
    ex_shape shape[EX_PART_COUNT];
    sa_vec2 points[EX_SCENE_POINTS];
    size_t used;
} ex_scene;

/* Colours of the paper and the ground dots. */
ex_rgb ex_paper(void);
ex_rgb ex_dot_colour(void);
ex_rgb ex_rgb_grey(float v);
/* "#rrggbb" for SVG; `out` holds at least 8 chars. */
void ex_rgb_hex(ex_rgb c, char out[8]);

/* Builds the figure's shapes for one pose. `density` scales the ribbons' point counts: 1 is the
 * library default (47 points a limb), lower values give smaller SVG files. */
void ex_scene_build(const ex_pose *pose, float density, ex_scene *scene);

/* Ground dots `spacing` units apart (EX_DOT_SPACING, or close to it): how many cover the view plus
 * one spacing, how far they have moved left of their rest places for a given scroll (in
 * [0, spacing)), and the x of dot k (k = 0 at or left of the view's left edge). */
int ex_ground_dot_count(float spacing);
float ex_ground_phase(float scroll, float spacing);
float ex_ground_dot_x(float scroll, int k, float spacing);

#endif
