/* The motion lab as image files: frames spread over the whole lab, a contact sheet of them, and a
 * contact sheet of one gait cycle (walk above, run below); or, with --motion, a contact sheet of
 * one play of one motion. PPM always (no dependency); PNG too when built with libpng. Everything is
 * drawn by the shared rasteriser from the same scene the SVG and terminal examples use. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "canvas.h"
#include "move_json.h"
#include "output.h"

#ifdef EX_HAVE_PNG
#include <png.h>
#endif

enum { GAIT_POSES = 8, MAX_FRAMES = 240 };

/* The --motion sheet: pixels per scene unit (the same in every sheet, so they compare), and the
 * paper left around the union of the poses, units. */
static const float MOTION_SCALE = 1.25f, MOTION_MARGIN = 14.0f;

typedef struct options {
    const char *dir;
    const char *docs;
    const char *motion; /* NULL: the lab's pictures */
    const char *body;   /* a body scenario instead (ex_body_sheet_poses) */
    const char *move;   /* a motion definition's JSON file instead (ex_move_sheet_poses) */
    const char *over;   /* ... played as a layer over this motion (NULL: as the motion) */
    int frames, width;
    float at; /* < 0: not asked for */
} options;

static int parse(int argc, char **argv, options *o) {
    o->dir = "stickanim_frames";
    o->docs = NULL;
    o->motion = NULL;
    o->body = NULL;
    o->move = NULL;
    o->over = NULL;
    o->frames = 12;
    o->width = 520;
    o->at = -1.0f;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const int has = i + 1 < argc;
        if (strcmp(a, "--frames") == 0 && has)
            o->frames = atoi(argv[++i]);
        else if (strcmp(a, "--width") == 0 && has)
            o->width = atoi(argv[++i]);
        else if (strcmp(a, "--at") == 0 && has)
            o->at = (float)atof(argv[++i]);
        else if (strcmp(a, "--docs") == 0 && has)
            o->docs = argv[++i];
        else if (strcmp(a, "--motion") == 0 && has)
            o->motion = argv[++i];
        else if (strcmp(a, "--body") == 0 && has)
            o->body = argv[++i];
        else if (strcmp(a, "--move") == 0 && has)
            o->move = argv[++i];
        else if (strcmp(a, "--over") == 0 && has)
            o->over = argv[++i];
        else if (a[0] == '-')
            return 1;
        else
            o->dir = a;
    }
    return (o->frames < 1 || o->frames > MAX_FRAMES || o->width < 64 || o->width > 4096 ||
            o->at > ex_lab_duration())
               ? 1
               : 0;
}

static int write_ppm(const char *path, const ex_canvas *c) {
    FILE *f = fopen(path, "wb");
    if (!f) return 1;
    fprintf(f, "P6\n%d %d\n255\n", c->width, c->height);
    const size_t n = (size_t)c->width * (size_t)c->height * 3u;
    const int ok = fwrite(c->rgb, 1, n, f) == n;
    return (fclose(f) == 0 && ok) ? 0 : 1;
}

#ifdef EX_HAVE_PNG
static int write_png(const char *path, const ex_canvas *c) {
    FILE *f = fopen(path, "wb");
    if (!f) return 1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        return 1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)c->width, (png_uint_32)c->height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < c->height; ++y)
        png_write_row(png, c->rgb + (size_t)y * (size_t)c->width * 3u);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0 ? 0 : 1;
}
#endif

/* Writes <dir>/<name>.ppm and, with libpng, <dir>/<name>.png (only the PNG for pictures, when it
 * can); prints what it wrote. */
static int save(const char *dir, const char *name, const ex_canvas *c, int quiet, int picture) {
    char path[1024];
    int png = 0;
#ifdef EX_HAVE_PNG
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    if (write_png(path, c)) {
        fprintf(stderr, "frames: cannot write %s\n", path);
        return 1;
    }
    png = 1;
    if (picture) {
        ex_print_wrote(path, "");
        return 0;
    }
#endif
    snprintf(path, sizeof path, "%s/%s.ppm", dir, name);
    if (write_ppm(path, c)) {
        fprintf(stderr, "frames: cannot write %s\n", path);
        return 1;
    }
    if (!quiet) ex_print_wrote(path, png ? "(and .png)" : "");
    (void)picture;
    return 0;
}

static int make_dir(const char *dir) {
    if (mkdir(dir, 0777) == 0 || errno == EEXIST) return 0;
    fprintf(stderr, "frames: cannot create %s\n", dir);
    return 1;
}

/* A grid of cells, each showing one pose in the same view, separated by thin lines. */
static void sheet_cell(ex_canvas *sheet, ex_canvas *cell, ex_scene *scene, const ex_pose *pose,
                       int col, int row) {
    ex_scene_build(pose, 1.0f, scene);
    ex_canvas_draw(cell, scene, pose);
    ex_canvas_blit(sheet, cell, col * (cell->width + 2), row * (cell->height + 2));
}

/* The lab's pose at a moment of its script, stepped there at 60 fps from the start. */
static ex_pose lab_at(ex_lab *lab, float seconds) {
    ex_pose pose;
    ex_lab_init(lab);
    const int steps = (int)(seconds * 60.0f + 0.5f);
    for (int i = 0; i < (steps > 0 ? steps : 1); ++i)
        ex_lab_step(lab, 1.0f / 60.0f, &pose);
    return pose;
}

static int save_moment(ex_lab *lab, ex_scene *scene, ex_canvas *frame, float seconds,
                       const char *dir, const char *name, int picture) {
    const ex_pose pose = lab_at(lab, seconds);
    ex_scene_build(&pose, 1.0f, scene);
    ex_canvas_draw(frame, scene, &pose);
    return save(dir, name, frame, 0, picture);
}

/* Grows box (x0, y0, x1, y1) around every shape of the scene that shows. */
static void scene_extend(const ex_scene *scene, float box[4]) {
    for (int i = 0; i < EX_PART_COUNT; ++i) {
        const ex_shape *sh = &scene->shape[i];
        if (sh->opacity <= 0.02f || (!sh->is_circle && sh->count == 0)) continue;
        const size_t n = sh->is_circle ? 1 : sh->count;
        const float r = sh->is_circle ? sh->radius : 0.0f;
        for (size_t k = 0; k < n; ++k) {
            const sa_vec2 p = sh->is_circle ? sh->centre : scene->points[sh->first + k];
            box[0] = fminf(box[0], p.x - r);
            box[1] = fminf(box[1], p.y - r);
            box[2] = fmaxf(box[2], p.x + r);
            box[3] = fmaxf(box[3], p.y + r);
        }
    }
}

/* "motion_<name>", spaces as underscores. */
static void motion_file_name(int motion, char *out, size_t size) {
    snprintf(out, size, "motion_%s", ex_motion_name(motion));
    for (char *c = out; *c; ++c)
        if (*c == ' ') *c = '_';
}

static void print_motions(FILE *f) {
    for (int m = 0; m < ex_motion_count(); ++m)
        fprintf(f, "%s\"%s\"", m ? ", " : "", ex_motion_name(m));
    fprintf(f, " (or 0-%d)\n", ex_motion_count() - 1);
}

/* --motion: one play of one motion, opt->frames poses in rows of 4, every cell the same view:
 * the union of the poses (and the ground dots) with a margin, at MOTION_SCALE. */
static int motion_sheet(const options *opt, int motion, ex_scene *scene, ex_pose *poses) {
    static ex_move move;
    char label[96];
    if (opt->move) {
        char err[160];
        if (ex_move_load(opt->move, &move, err, sizeof err)) {
            fprintf(stderr, "frames: %s: %s\n", opt->move, err);
            return 1;
        }
        snprintf(label, sizeof label, "move_%s%s%s", move.name, opt->over ? "_over_" : "",
                 opt->over ? ex_motion_name(motion) : "");
        for (char *c = label; *c; ++c)
            if (*c == ' ') *c = '_';
    }
    const float seconds =
        opt->move   ? ex_move_sheet_poses(&move.move, opt->over ? motion : -1, poses, opt->frames)
        : opt->body ? ex_body_sheet_poses(opt->body, poses, opt->frames)
                    : ex_motion_sheet_poses(motion, poses, opt->frames);
    if (!(seconds > 0.0f)) {
        fprintf(stderr,
                "frames: unknown body scenario \"%s\" (jump, ledge, hard, swim, swim_turn, climb, "
                "turn, knock, knock_front, run)\n",
                opt->body);
        return 1;
    }
    float box[4] = {0.0f, 0.0f, 0.0f, EX_DOT_Y + EX_DOT_R};
    for (int i = 0; i < opt->frames; ++i) {
        ex_scene_build(&poses[i], 1.0f, scene);
        scene_extend(scene, box);
    }
    const float w = box[2] - box[0] + 2.0f * MOTION_MARGIN,
                h = box[3] - box[1] + 2.0f * MOTION_MARGIN;
    const int cols = opt->frames < 4 ? opt->frames : 4, rows = (opt->frames + cols - 1) / cols;
    const int cw = (int)ceilf(w * MOTION_SCALE), ch = (int)ceilf(h * MOTION_SCALE);
    ex_canvas cell, sheet;
    if (ex_canvas_init(&cell, cw, ch) ||
        ex_canvas_init(&sheet, cols * (cw + 2) - 2, rows * (ch + 2) - 2))
        return 1;
    ex_canvas_view_fit(&cell, box[0] - MOTION_MARGIN, box[1] - MOTION_MARGIN, w, h);
    ex_canvas_clear(&sheet, ex_rgb_grey(0.8f));
    for (int i = 0; i < opt->frames; ++i)
        sheet_cell(&sheet, &cell, scene, &poses[i], i % cols, i / cols);
    char name[96];
    if (opt->move)
        snprintf(name, sizeof name, "%s", label);
    else if (opt->body)
        snprintf(name, sizeof name, "body_%s", opt->body);
    else
        motion_file_name(motion, name, sizeof name);
    const int failed = save(opt->dir, name, &sheet, 0, 0);
    if (!failed)
        printf("%s: %d poses over %.3f s\n",
               opt->move   ? name
               : opt->body ? opt->body
                           : ex_motion_name(motion),
               opt->frames, (double)seconds);
    ex_canvas_free(&sheet);
    ex_canvas_free(&cell);
    return failed;
}

int main(int argc, char **argv) {
    options opt;
    if (parse(argc, argv, &opt)) {
        fprintf(
            stderr,
            "usage: %s [out_dir (stickanim_frames)] [--frames 1..%d (12)] [--width px (520)]\n"
            "          [--at SECONDS: also write the lab at that moment as at_<ms>]\n"
            "          [--docs dir: also write the README pictures there]\n"
            "          [--motion NAME|NUMBER: instead, write motion_<name>, --frames poses\n"
            "           of one play of that motion]\n"
            "          [--body jump|ledge|hard|swim|swim_turn|climb|turn|knock|run: instead, write "
            "body_<name>,\n"
            "           --frames poses of a game's body driving the figure]\n"
            "          [--move FILE.json [--over MOTION]: instead, write move_<name>, --frames\n"
            "           poses of one play of that motion definition (examples/moves/), as\n"
            "           the motion or as a layer over MOTION]\n",
            argv[0], MAX_FRAMES);
        return 2;
    }
    const char *motion_arg = opt.move ? opt.over : opt.motion;
    const int motion = motion_arg ? ex_motion_find(motion_arg) : -1;
    if (motion_arg && motion < 0) {
        fprintf(stderr, "frames: unknown motion \"%s\"; the motions are ", motion_arg);
        print_motions(stderr);
        return 2;
    }
    if (make_dir(opt.dir) || (opt.docs && make_dir(opt.docs))) return 1;
    ex_lab *lab = (ex_lab *)malloc(ex_lab_size());
    ex_scene *scene = (ex_scene *)malloc(sizeof *scene);
    ex_pose *poses = (ex_pose *)malloc(sizeof(ex_pose) * (size_t)(opt.frames + 2 * GAIT_POSES));
    ex_canvas frame, cell, sheet;
    const int height = (int)((float)opt.width * EX_VIEW_H / EX_VIEW_W);
    if (!lab || !scene || !poses || ex_canvas_init(&frame, opt.width, height)) {
        fprintf(stderr, "frames: out of memory\n");
        return 1;
    }
    ex_canvas_view_scene(&frame);
    if (opt.motion || opt.body || opt.move) {
        const int failed = motion_sheet(&opt, motion, scene, poses);
        ex_canvas_free(&frame);
        free(poses);
        free(scene);
        free(lab);
        return failed;
    }

    /* Frames spread evenly over the lab's script, so every motion shows up. */
    const int fps = 60;
    const int total = (int)(ex_lab_duration() * (float)fps);
    ex_lab_init(lab);
    int next = 0;
    for (int i = 0; i < total && next < opt.frames; ++i) {
        ex_pose pose;
        ex_lab_step(lab, 1.0f / (float)fps, &pose);
        if (i < (int)((long)(next * 2 + 1) * total / (2 * opt.frames))) continue;
        poses[next] = pose;
        ex_scene_build(&pose, 1.0f, scene);
        ex_canvas_draw(&frame, scene, &pose);
        char name[64];
        snprintf(name, sizeof name, "frame_%03d", next);
        if (save(opt.dir, name, &frame, next > 0 && next + 1 < opt.frames, 0)) return 1;
        ++next;
    }
    if (next > 2) printf("  (%d frames in all)\n", next);
    if (opt.at >= 0.0f) {
        char name[64];
        snprintf(name, sizeof name, "at_%05d", (int)(opt.at * 1000.0f + 0.5f));
        if (save_moment(lab, scene, &frame, opt.at, opt.dir, name, 0)) return 1;
    }
    if (opt.docs) { /* the Spear Run's thrust, closer up */
        ex_canvas close;
        if (ex_canvas_init(&close, 520, 364)) return 1;
        ex_canvas_view_fit(&close, -170.0f, -250.0f, 380.0f, 266.0f);
        const int failed =
            save_moment(lab, scene, &close, EX_LAB_HIGHLIGHT, opt.docs, "spear_run", 1);
        ex_canvas_free(&close);
        if (failed) return 1;
    }

    /* Contact sheet of those frames: 4 columns. */
    const int cols = next < 4 ? next : 4, rows = (next + cols - 1) / cols;
    const float box_x = -170.0f, box_y = -330.0f, box_w = 340.0f, box_h = 360.0f;
    const int cw = 240, ch = (int)((float)cw * box_h / box_w);
    if (ex_canvas_init(&cell, cw, ch) ||
        ex_canvas_init(&sheet, cols * (cw + 2) - 2, rows * (ch + 2) - 2))
        return 1;
    ex_canvas_view_fit(&cell, box_x, box_y, box_w, box_h); /* closer than the full scene */
    ex_canvas_clear(&sheet, ex_rgb_grey(0.8f));
    for (int i = 0; i < next; ++i)
        sheet_cell(&sheet, &cell, scene, &poses[i], i % cols, i / cols);
    if (save(opt.dir, "motion_lab", &sheet, 0, 0) ||
        (opt.docs && save(opt.docs, "motion_lab", &sheet, 0, 1)))
        return 1;
    ex_canvas_free(&sheet);
    ex_canvas_free(&cell);

    /* One gait cycle, walk and run, GAIT_POSES poses each, zoomed onto the figure. */
    ex_pose *walk = poses + opt.frames, *run = walk + GAIT_POSES;
    const float walk_s = ex_gait_cycle(0.0f, walk, GAIT_POSES);
    const float run_s = ex_gait_cycle(1.0f, run, GAIT_POSES);
    const int gw = 150, gh = 196;
    if (ex_canvas_init(&cell, gw, gh) ||
        ex_canvas_init(&sheet, GAIT_POSES * (gw + 2) - 2, 2 * (gh + 2) - 2))
        return 1;
    ex_canvas_view_fit(&cell, -80.0f, -188.0f, 160.0f, 209.0f);
    ex_canvas_clear(&sheet, ex_rgb_grey(0.8f));
    for (int i = 0; i < GAIT_POSES; ++i) {
        sheet_cell(&sheet, &cell, scene, &walk[i], i, 0);
        sheet_cell(&sheet, &cell, scene, &run[i], i, 1);
    }
    if (save(opt.dir, "gait_cycle", &sheet, 0, 0) ||
        (opt.docs && save(opt.docs, "gait_cycle", &sheet, 0, 1)))
        return 1;
    printf("gait cycle: walk %.3f s, run %.3f s, %d poses each (top: walk, bottom: run)\n",
           (double)walk_s, (double)run_s, GAIT_POSES);
    ex_canvas_free(&sheet);
    ex_canvas_free(&cell);
    ex_canvas_free(&frame);
    free(poses);
    free(scene);
    free(lab);
    return 0;
}
