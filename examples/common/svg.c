#include "svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void ex_str_free(ex_str *s) {
    free(s->data);
    s->data = NULL;
    s->len = s->cap = 0;
}

static int reserve(ex_str *s, size_t extra) {
    if (s->failed) return 1;
    if (s->len + extra + 1 <= s->cap) return 0;
    size_t cap = s->cap ? s->cap : 256;
    while (cap < s->len + extra + 1)
        cap *= 2;
    char *grown = (char *)realloc(s->data, cap);
    if (!grown) {
        s->failed = 1;
        return 1;
    }
    s->data = grown;
    s->cap = cap;
    return 0;
}

void ex_str_append(ex_str *s, const char *text) {
    const size_t n = strlen(text);
    if (reserve(s, n)) return;
    memcpy(s->data + s->len, text, n + 1);
    s->len += n;
}

void ex_str_printf(ex_str *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(s, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(s->data + s->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    s->len += (size_t)n;
}

/* Tenths of a unit as an integer; coordinates are far inside long's range once clamped. */
static long tenths(float v) {
    if (!(v == v)) return 0;
    const float c = v > 1e8f ? 1e8f : (v < -1e8f ? -1e8f : v);
    return lroundf(c * 10.0f);
}

void ex_svg_number(ex_str *s, float v) {
    const long t = tenths(v), mag = t < 0 ? -t : t;
    const char *sign = t < 0 ? "-" : "";
    if (mag % 10 == 0)
        ex_str_printf(s, "%s%ld", sign, mag / 10);
    else if (mag < 10)
        ex_str_printf(s, "%s.%ld", sign, mag);
    else
        ex_str_printf(s, "%s%ld.%ld", sign, mag / 10, mag % 10);
}

/* Separates two integers with a space unless the second's minus sign already does. */
static void pair(ex_str *s, long x, long y) {
    ex_str_printf(s, y < 0 ? "%ld%ld" : "%ld %ld", x, y);
}

void ex_svg_polygon(ex_str *s, const sa_vec2 *pts, size_t count) {
    if (count > 1 && pts[count - 1].x == pts[0].x && pts[count - 1].y == pts[0].y) --count;
    if (count == 0) {
        ex_str_append(s, "M0 0");
        return;
    }
    long px = tenths(pts[0].x), py = tenths(pts[0].y);
    ex_str_append(s, "M");
    pair(s, px, py);
    for (size_t i = 1; i < count; ++i) {
        const long x = tenths(pts[i].x), y = tenths(pts[i].y);
        ex_str_append(s, i == 1 ? "l" : (x - px < 0 ? "" : " "));
        pair(s, x - px, y - py);
        px = x;
        py = y;
    }
    ex_str_append(s, "z");
}

void ex_svg_circle(ex_str *s, sa_vec2 centre, float radius) {
    const long r = tenths(radius);
    ex_str_append(s, "M");
    pair(s, tenths(centre.x) - r, tenths(centre.y));
    ex_str_printf(s, "a%ld %ld 0 1 0 %ld 0a%ld %ld 0 1 0 %ld 0z", r, r, 2 * r, r, r, -2 * r);
}
