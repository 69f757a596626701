#include "canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SUBLINES = 5, MAX_CROSSINGS = 512, MAX_POLY = 1100, CIRCLE_SIDES = 48 };

int ex_canvas_init(ex_canvas *c, int width, int height) {
    memset(c, 0, sizeof *c);
    if (width <= 0 || height <= 0) return 1;
    c->width = width;
    c->height = height;
    c->rgb = (unsigned char *)calloc((size_t)width * (size_t)height * 3u, 1u);
    c->cover = (float *)calloc((size_t)width + 1u, sizeof(float));
    c->scale = 1.0f;
    if (!c->rgb || !c->cover) {
        ex_canvas_free(c);
        return 1;
    }
    return 0;
}

void ex_canvas_free(ex_canvas *c) {
    free(c->rgb);
    free(c->cover);
    c->rgb = NULL;
    c->cover = NULL;
}

void ex_canvas_view(ex_canvas *c, float x0, float y0, float w) {
    c->x0 = x0;
    c->y0 = y0;
    c->scale = (float)c->width / w;
}

void ex_canvas_view_fit(ex_canvas *c, float x0, float y0, float w, float h) {
    const float sx = (float)c->width / w, sy = (float)c->height / h;
    c->scale = sx < sy ? sx : sy;
    c->x0 = x0 - 0.5f * ((float)c->width / c->scale - w);
    c->y0 = y0 - 0.5f * ((float)c->height / c->scale - h);
}

void ex_canvas_view_scene(ex_canvas *c) { ex_canvas_view(c, -EX_VIEW_X, -EX_VIEW_TOP, EX_VIEW_W); }

static unsigned char byte_of(float v) {
    const float c = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return (unsigned char)lroundf(c * 255.0f);
}

void ex_canvas_clear(ex_canvas *c, ex_rgb colour) {
    const unsigned char r = byte_of(colour.r), g = byte_of(colour.g), b = byte_of(colour.b);
    const size_t n = (size_t)c->width * (size_t)c->height;
    for (size_t i = 0; i < n; ++i) {
        c->rgb[3 * i] = r;
        c->rgb[3 * i + 1] = g;
        c->rgb[3 * i + 2] = b;
    }
}

typedef struct crossing {
    float x;
    int winding;
} crossing;

/* Adds the horizontal span [xl, xr) of one sub-scanline to the row's coverage, with fractional
 * coverage at both ends. */
static void add_span(float *cover, int width, float xl, float xr, float weight) {
    if (xl < 0.0f) xl = 0.0f;
    if (xr > (float)width) xr = (float)width;
    if (!(xr > xl)) return;
    const int il = (int)xl, ir = (int)xr;
    if (il == ir) {
        cover[il] += (xr - xl) * weight;
        return;
    }
    cover[il] += ((float)(il + 1) - xl) * weight;
    for (int i = il + 1; i < ir; ++i)
        cover[i] += weight;
    if (ir < width) cover[ir] += (xr - (float)ir) * weight;
}

static void blend(unsigned char *px, ex_rgb colour, float alpha) {
    const float a = alpha > 1.0f ? 1.0f : alpha;
    px[0] = byte_of(((float)px[0] / 255.0f) * (1.0f - a) + colour.r * a);
    px[1] = byte_of(((float)px[1] / 255.0f) * (1.0f - a) + colour.g * a);
    px[2] = byte_of(((float)px[2] / 255.0f) * (1.0f - a) + colour.b * a);
}

/* Scanline fill with the non-zero rule, SUBLINES samples per pixel row, exact coverage across. */
static void fill_pixels(ex_canvas *c, const sa_vec2 *p, size_t n, ex_rgb colour, float opacity) {
    if (n < 3 || !(opacity > 0.0f)) return;
    float ymin = p[0].y, ymax = p[0].y, xmin = p[0].x, xmax = p[0].x;
    for (size_t i = 1; i < n; ++i) {
        ymin = fminf(ymin, p[i].y);
        ymax = fmaxf(ymax, p[i].y);
        xmin = fminf(xmin, p[i].x);
        xmax = fmaxf(xmax, p[i].x);
    }
    if (!(ymax > 0.0f) || !(ymin < (float)c->height) || !(xmax > 0.0f) || !(xmin < (float)c->width))
        return;
    const int row0 = ymin < 0.0f ? 0 : (int)ymin;
    const int row1 = ymax >= (float)c->height ? c->height - 1 : (int)ymax;
    const int col0 = xmin < 0.0f ? 0 : (int)xmin;
    const int col1 = xmax >= (float)(c->width - 1) ? c->width - 1 : (int)xmax + 1;
    crossing xs[MAX_CROSSINGS];
    for (int row = row0; row <= row1; ++row) {
        for (int i = col0; i <= col1; ++i)
            c->cover[i] = 0.0f;
        for (int s = 0; s < SUBLINES; ++s) {
            const float y = (float)row + ((float)s + 0.5f) / (float)SUBLINES;
            int nx = 0;
            for (size_t i = 0; i < n && nx < MAX_CROSSINGS; ++i) {
                const sa_vec2 a = p[i], b = p[(i + 1) % n];
                if (a.y == b.y) continue;
                const bool up = a.y < b.y;
                const float lo = up ? a.y : b.y, hi = up ? b.y : a.y;
                if (y < lo || y >= hi) continue;
                xs[nx].x = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y);
                xs[nx].winding = up ? 1 : -1;
                ++nx;
            }
            for (int i = 1; i < nx; ++i) { /* insertion sort: few crossings */
                const crossing k = xs[i];
                int j = i - 1;
                while (j >= 0 && xs[j].x > k.x) {
                    xs[j + 1] = xs[j];
                    --j;
                }
                xs[j + 1] = k;
            }
            int wind = 0;
            for (int i = 0; i + 1 < nx; ++i) {
                wind += xs[i].winding;
                if (wind != 0)
                    add_span(c->cover, c->width, xs[i].x, xs[i + 1].x, 1.0f / (float)SUBLINES);
            }
        }
        unsigned char *line = c->rgb + (size_t)row * (size_t)c->width * 3u;
        for (int i = col0; i <= col1; ++i)
            if (c->cover[i] > 0.0f) blend(line + 3 * i, colour, c->cover[i] * opacity);
    }
}

static sa_vec2 to_pixel(const ex_canvas *c, sa_vec2 p) {
    return sa_v2((p.x - c->x0) * c->scale, (p.y - c->y0) * c->scale);
}

void ex_canvas_fill_polygon(ex_canvas *c, const sa_vec2 *pts, size_t count, ex_rgb colour,
                            float opacity) {
    sa_vec2 px[MAX_POLY];
    if (count > MAX_POLY) count = MAX_POLY;
    for (size_t i = 0; i < count; ++i)
        px[i] = to_pixel(c, pts[i]);
    fill_pixels(c, px, count, colour, opacity);
}

void ex_canvas_fill_circle(ex_canvas *c, sa_vec2 centre, float radius, ex_rgb colour,
                           float opacity) {
    sa_vec2 px[CIRCLE_SIDES];
    for (int i = 0; i < CIRCLE_SIDES; ++i) {
        const float a = 2.0f * SA_PI * (float)i / (float)CIRCLE_SIDES;
        px[i] = to_pixel(c, sa_v2(centre.x + radius * cosf(a), centre.y + radius * sinf(a)));
    }
    fill_pixels(c, px, CIRCLE_SIDES, colour, opacity);
}

void ex_canvas_draw(ex_canvas *c, const ex_scene *scene, const ex_pose *pose) {
    ex_canvas_clear(c, ex_paper());
    for (int k = 0; k < ex_ground_dot_count(EX_DOT_SPACING); ++k)
        ex_canvas_fill_circle(
            c, sa_v2(ex_ground_dot_x(pose->ground_scroll, k, EX_DOT_SPACING), EX_DOT_Y), EX_DOT_R,
            ex_dot_colour(), 1.0f);
    for (int i = 0; i < EX_PART_COUNT; ++i) {
        const ex_shape *s = &scene->shape[i];
        if (s->is_circle)
            ex_canvas_fill_circle(c, s->centre, s->radius, s->fill, s->opacity);
        else if (s->count > 0)
            ex_canvas_fill_polygon(c, scene->points + s->first, s->count, s->fill, s->opacity);
    }
}

void ex_canvas_blit(ex_canvas *dst, const ex_canvas *src, int x, int y) {
    for (int row = 0; row < src->height; ++row) {
        const int ty = y + row;
        if (ty < 0 || ty >= dst->height) continue;
        for (int col = 0; col < src->width; ++col) {
            const int tx = x + col;
            if (tx < 0 || tx >= dst->width) continue;
            memcpy(dst->rgb + ((size_t)ty * (size_t)dst->width + (size_t)tx) * 3u,
                   src->rgb + ((size_t)row * (size_t)src->width + (size_t)col) * 3u, 3u);
        }
    }
}
