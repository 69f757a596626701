/* The motion lab as one animated SVG file: every frame of the lab's script is computed at a fixed
 * frame rate, and each shape of the figure (soft-limb ribbons, head, hair, spear) becomes one
 * <path> whose `d` steps through those frames with a discrete SMIL <animate>. The ground dots
 * move by the ground speed the figure reports. Any browser plays the file; no script inside. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "scene.h"
#include "svg.h"

typedef struct options {
    const char *path;
    int fps;
    float density;
} options;

static int parse(int argc, char **argv, options *o) {
    o->path = "stickanim_lab.svg";
    o->fps = 30;
    o->density = 0.5f;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--fps") == 0 && i + 1 < argc) {
            o->fps = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--density") == 0 && i + 1 < argc) {
            o->density = (float)atof(argv[++i]);
        } else if (strcmp(argv[i], "--help") == 0 || argv[i][0] == '-') {
            return 1;
        } else {
            o->path = argv[i];
        }
    }
    return (o->fps < 1 || o->fps > 120 || !(o->density > 0.0f && o->density <= 4.0f)) ? 1 : 0;
}

/* Per part, the `d` of every frame joined by ';', and its opacity per frame. */
typedef struct track {
    ex_str d, opacity;
    ex_str first_d; /* the first frame's d: the path's base value, for renderers without SMIL */
    float first_opacity;
    int opacity_varies;
} track;

static void write_animate(FILE *f, const char *attr, const ex_str *values, float seconds) {
    fprintf(f,
            "<animate attributeName=\"%s\" dur=\"%.3gs\" calcMode=\"discrete\" "
            "repeatCount=\"indefinite\" values=\"%s\"/>",
            attr, (double)seconds, values->data ? values->data : "");
}

/* One <text> per run of frames showing the same motion, visible only during that run. */
static void write_labels(FILE *f, const char **names, int frames, float seconds) {
    int start = 0;
    for (int i = 1; i <= frames; ++i) {
        if (i < frames && strcmp(names[i], names[start]) == 0) continue;
        const double a = (double)start / frames, b = (double)i / frames;
        fprintf(f, "<text x=\"-248\" y=\"-334\" display=\"none\">%s", names[start]);
        if (start == 0 && i == frames)
            fprintf(f, "<set attributeName=\"display\" to=\"inline\"/>");
        else if (start == 0)
            fprintf(f,
                    "<animate attributeName=\"display\" dur=\"%.3gs\" calcMode=\"discrete\" "
                    "repeatCount=\"indefinite\" values=\"inline;none\" keyTimes=\"0;%.5f\"/>",
                    (double)seconds, b);
        else if (i == frames)
            fprintf(f,
                    "<animate attributeName=\"display\" dur=\"%.3gs\" calcMode=\"discrete\" "
                    "repeatCount=\"indefinite\" values=\"none;inline\" keyTimes=\"0;%.5f\"/>",
                    (double)seconds, a);
        else
            fprintf(f,
                    "<animate attributeName=\"display\" dur=\"%.3gs\" calcMode=\"discrete\" "
                    "repeatCount=\"indefinite\" values=\"none;inline;none\" "
                    "keyTimes=\"0;%.5f;%.5f\"/>",
                    (double)seconds, a, b);
        fprintf(f, "</text>\n");
        start = i;
    }
}

int main(int argc, char **argv) {
    options opt;
    if (parse(argc, argv, &opt)) {
        fprintf(stderr, "usage: %s [out.svg] [--fps 1..120 (30)] [--density 0.1..4 (0.5)]\n",
                argv[0]);
        return 2;
    }
    const float seconds = ex_lab_duration();
    const int frames = (int)(seconds * (float)opt.fps + 0.5f);
    ex_lab *lab = (ex_lab *)malloc(ex_lab_size());
    ex_scene *scene = (ex_scene *)malloc(sizeof *scene);
    track *tracks = (track *)calloc(EX_PART_COUNT, sizeof *tracks);
    const char **names = (const char **)calloc((size_t)frames, sizeof *names);
    ex_str ground = {0};
    if (!lab || !scene || !tracks || !names) {
        fprintf(stderr, "svg: out of memory\n");
        return 1;
    }
    /* The file loops, so it shows the lab's second lap: its first frame follows on from the end
     * of a lap (the figure idles there, settled), and the loop has no seam. */
    ex_lab_init(lab);
    float *scroll = (float *)malloc(sizeof(float) * (size_t)frames);
    ex_pose pose;
    if (!scroll) return 1;
    for (int i = 0; i < frames; ++i)
        ex_lab_step(lab, 1.0f / (float)opt.fps, &pose);
    const float lap_start = pose.ground_scroll;
    /* The dots' spacing is stretched a hair so a lap scrolls a whole number of spacings: the
     * dots are back where they started when the file loops. */
    ex_lab *lap = (ex_lab *)malloc(ex_lab_size());
    if (!lap) return 1;
    memcpy(lap, lab, ex_lab_size());
    for (int i = 0; i < frames; ++i)
        ex_lab_step(lap, 1.0f / (float)opt.fps, &pose);
    const float lap_scroll = pose.ground_scroll - lap_start;
    const float dots = roundf(lap_scroll / EX_DOT_SPACING);
    const float spacing = dots >= 1.0f ? lap_scroll / dots : EX_DOT_SPACING;
    free(lap);
    for (int i = 0; i < frames; ++i) {
        ex_lab_step(lab, 1.0f / (float)opt.fps, &pose);
        ex_scene_build(&pose, opt.density, scene);
        names[i] = pose.motion;
        scroll[i] = pose.ground_scroll - lap_start;
        if (i) ex_str_append(&ground, ";");
        ex_svg_number(&ground, -ex_ground_phase(scroll[i], spacing));
        for (int k = 0; k < EX_PART_COUNT; ++k) {
            const ex_shape *s = &scene->shape[k];
            track *t = &tracks[k];
            if (i) {
                ex_str_append(&t->d, ";");
                ex_str_append(&t->opacity, ";");
            } else {
                t->first_opacity = s->opacity;
            }
            if (s->is_circle)
                ex_svg_circle(&t->d, s->centre, s->radius);
            else
                ex_svg_polygon(&t->d, scene->points + s->first, s->count);
            if (i == 0 && s->is_circle) ex_svg_circle(&t->first_d, s->centre, s->radius);
            if (i == 0 && !s->is_circle)
                ex_svg_polygon(&t->first_d, scene->points + s->first, s->count);
            ex_str_printf(&t->opacity, "%.2g", (double)s->opacity);
            if (s->opacity != t->first_opacity) t->opacity_varies = 1;
        }
    }

    FILE *f = fopen(opt.path, "w");
    if (!f) {
        fprintf(stderr, "svg: cannot write %s\n", opt.path);
        return 1;
    }
    char hex[8];
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%g %g %g %g\" width=\"%g\" "
            "height=\"%g\">\n<title>libstickanim motion lab</title>\n",
            (double)-EX_VIEW_X, (double)-EX_VIEW_TOP, (double)EX_VIEW_W, (double)EX_VIEW_H,
            (double)EX_VIEW_W, (double)EX_VIEW_H);
    ex_rgb_hex(ex_paper(), hex);
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"/>\n",
            (double)-EX_VIEW_X, (double)-EX_VIEW_TOP, (double)EX_VIEW_W, (double)EX_VIEW_H, hex);
    ex_rgb_hex(ex_dot_colour(), hex);
    fprintf(f, "<g fill=\"%s\">", hex);
    fprintf(f,
            "<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"%.3gs\" "
            "calcMode=\"discrete\" repeatCount=\"indefinite\" values=\"%s\"/>\n",
            (double)seconds, ground.data ? ground.data : "0");
    for (int k = 0; k < ex_ground_dot_count(spacing); ++k)
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\"/>",
                (double)ex_ground_dot_x(0.0f, k, spacing), (double)EX_DOT_Y, (double)EX_DOT_R);
    fprintf(f, "\n</g>\n");
    fprintf(f, "<g transform=\"scale(.1)\">\n"); /* the paths are in tenths of a unit */
    for (int k = 0; k < EX_PART_COUNT; ++k) {
        const ex_shape *s = &scene->shape[k];
        ex_rgb_hex(s->fill, hex);
        /* The base d and opacity are the first frame's, so a renderer without SMIL animation
         * (rsvg-convert, an image viewer, a thumbnail) still shows the figure. */
        fprintf(f, "<path fill=\"%s\" d=\"%s\"", hex,
                tracks[k].first_d.data ? tracks[k].first_d.data : "");
        if (tracks[k].opacity_varies && tracks[k].first_opacity < 1.0f)
            fprintf(f, " opacity=\"%.2g\"", (double)tracks[k].first_opacity);
        else if (!tracks[k].opacity_varies && s->opacity < 1.0f)
            fprintf(f, " opacity=\"%.2g\"", (double)s->opacity);
        fprintf(f, "><desc>%s</desc>", s->name);
        write_animate(f, "d", &tracks[k].d, seconds);
        if (tracks[k].opacity_varies) write_animate(f, "opacity", &tracks[k].opacity, seconds);
        fprintf(f, "</path>\n");
    }
    fprintf(f, "</g>\n<g font-family=\"sans-serif\" font-size=\"15\" fill=\"#555\">\n");
    write_labels(f, names, frames, seconds);
    fprintf(f,
            "<text x=\"248\" y=\"62\" text-anchor=\"end\" font-size=\"11\">libstickanim %s"
            "</text>\n</g>\n</svg>\n",
            sa_version());
    const long size = ftell(f);
    int failed = ground.failed;
    for (int k = 0; k < EX_PART_COUNT; ++k)
        failed |= tracks[k].d.failed | tracks[k].opacity.failed | tracks[k].first_d.failed;
    if (fclose(f) != 0 || failed) {
        fprintf(stderr, "svg: failed writing %s\n", opt.path);
        return 1;
    }
    char detail[160];
    snprintf(detail, sizeof detail, "(%d frames at %d fps, %.1f s, %.0f KB): open it in a browser",
             frames, opt.fps, (double)seconds, (double)size / 1024.0);
    ex_print_wrote(opt.path, detail);
    for (int k = 0; k < EX_PART_COUNT; ++k) {
        ex_str_free(&tracks[k].d);
        ex_str_free(&tracks[k].opacity);
        ex_str_free(&tracks[k].first_d);
    }
    ex_str_free(&ground);
    free(tracks);
    free(scroll);
    free((void *)names);
    free(scene);
    free(lab);
    return 0;
}
