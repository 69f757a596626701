/* Writing SVG compactly: a growable string, numbers with one decimal and no trailing zeros, and
 * paths in integer tenths of a unit (draw them inside a `scale(.1)` group: integers are shorter
 * than decimals) with relative steps, each the difference of two rounded points so no rounding
 * error accumulates. The svg example animates these paths with SMIL. */
#ifndef STICKANIM_EXAMPLES_SVG_H
#define STICKANIM_EXAMPLES_SVG_H

#include <stddef.h>
#include <stdio.h>

#include <stickanim/vecmath.h>

typedef struct ex_str {
    char *data;
    size_t len, cap;
    int failed; /* set when an allocation failed; the string is then truncated */
} ex_str;

void ex_str_free(ex_str *s);
void ex_str_append(ex_str *s, const char *text);
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void ex_str_printf(ex_str *s, const char *fmt, ...);

/* A number rounded to tenths: "12.3", "-4", ".5", "-.5". */
void ex_svg_number(ex_str *s, float v);
/* "M x y l dx dy dx dy … z" in tenths for a closed polygon; a repeated last point is dropped. */
void ex_svg_polygon(ex_str *s, const sa_vec2 *pts, size_t count);
/* A circle (in tenths) as a path of two arcs, so it can share one animated `d` with polygons. */
void ex_svg_circle(ex_str *s, sa_vec2 centre, float radius);

#endif
