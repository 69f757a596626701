/* The motion lab in the terminal: the same scene the other examples draw, rasterised into a small
 * canvas and printed as coloured half blocks (two pixels per character cell) at a fixed frame
 * rate. Ctrl-C stops it and restores the terminal. When stdout is not a terminal (or with
 * --ascii, or NO_COLOR set) it prints plain ASCII frames with no escape codes and no waiting. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <sys/ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "canvas.h"

static volatile sig_atomic_t stop_requested = 0;
static void on_signal(int sig) {
    (void)sig;
    stop_requested = 1;
}

typedef struct options {
    int frames, fps, cols, rows, every;
    float from;
    int ascii, forever;
} options;

static void usage(const char *argv0) {
    fprintf(
        stderr,
        "usage: %s [--frames N] [--fps F (30)] [--cols C] [--rows R] [--from SECONDS] [--every K]\n"
        "          [--forever] [--ascii]\n"
        "  Plays N frames (default: 4 s of the lab from the run through the jump; --forever\n"
        "  loops the whole lab until Ctrl-C). --every K draws one frame in K (default 1 on a\n"
        "  terminal, 30 otherwise). --ascii prints plain characters instead of colours.\n"
        "  The picture fills the terminal (80 x 24 when its size is unknown).\n",
        argv0);
}

static int parse(int argc, char **argv, options *o) {
    o->frames = -1;
    o->fps = 30;
    o->cols = 0;
    o->rows = 0;
    o->every = -1;
    o->from = 8.0f;
    o->ascii = 0;
    o->forever = 0;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const int has = i + 1 < argc;
        if (strcmp(a, "--frames") == 0 && has)
            o->frames = atoi(argv[++i]);
        else if (strcmp(a, "--fps") == 0 && has)
            o->fps = atoi(argv[++i]);
        else if (strcmp(a, "--cols") == 0 && has)
            o->cols = atoi(argv[++i]);
        else if (strcmp(a, "--rows") == 0 && has)
            o->rows = atoi(argv[++i]);
        else if (strcmp(a, "--every") == 0 && has)
            o->every = atoi(argv[++i]);
        else if (strcmp(a, "--from") == 0 && has)
            o->from = (float)atof(argv[++i]);
        else if (strcmp(a, "--ascii") == 0)
            o->ascii = 1;
        else if (strcmp(a, "--forever") == 0)
            o->forever = 1;
        else
            return 1;
    }
    return (o->fps < 1 || o->fps > 120 || o->cols < 0 || o->cols > 400 || o->rows < 0 ||
            o->rows > 200 || o->every == 0 || o->frames < -1 || !(o->from >= 0.0f))
               ? 1
               : 0;
}

/* Darkness of a pixel against the paper, 0..1. */
static float ink_of(const unsigned char *px) {
    const float lum = (0.299f * px[0] + 0.587f * px[1] + 0.114f * px[2]) / 255.0f;
    const float paper = 0.95f;
    const float d = (paper - lum) / paper;
    return d < 0.0f ? 0.0f : (d > 1.0f ? 1.0f : d);
}

static void print_ascii(const ex_canvas *c, const ex_pose *pose, double t) {
    static const char ramp[] = " .:-=+*#%@";
    printf("t = %5.2f s  %s  (ground speed %.0f units/s)\n", t, pose->motion,
           (double)pose->ground_speed);
    for (int row = 0; row + 1 < c->height; row += 2) {
        char line[512];
        int n = 0;
        for (int x = 0; x < c->width && n < 510; ++x) {
            const unsigned char *top = c->rgb + ((size_t)row * (size_t)c->width + (size_t)x) * 3u;
            const unsigned char *bot = top + (size_t)c->width * 3u;
            const float ink = 0.5f * (ink_of(top) + ink_of(bot));
            line[n++] = ramp[(int)(ink * 9.0f + 0.5f)];
        }
        while (n > 0 && line[n - 1] == ' ')
            --n;
        line[n] = '\0';
        printf("%s\n", line);
    }
}

/* Half blocks: the upper pixel is the foreground colour, the lower one the background. Colour
 * codes are only sent when they change. */
static void print_colour(const ex_canvas *c, const ex_pose *pose, double t) {
    printf("\x1b[H\x1b[0m t = %5.2f s  %-32s ground speed %4.0f units/s\x1b[K\n", t, pose->motion,
           (double)pose->ground_speed);
    for (int row = 0; row + 1 < c->height; row += 2) {
        int fg = -1, bg = -1;
        for (int x = 0; x < c->width; ++x) {
            const unsigned char *top = c->rgb + ((size_t)row * (size_t)c->width + (size_t)x) * 3u;
            const unsigned char *bot = top + (size_t)c->width * 3u;
            const int f = top[0] << 16 | top[1] << 8 | top[2],
                      b = bot[0] << 16 | bot[1] << 8 | bot[2];
            if (f != fg) printf("\x1b[38;2;%d;%d;%dm", top[0], top[1], top[2]);
            if (b != bg) printf("\x1b[48;2;%d;%d;%dm", bot[0], bot[1], bot[2]);
            fg = f;
            bg = b;
            fputs("\xe2\x96\x80", stdout); /* U+2580 upper half block */
        }
        fputs("\x1b[0m\n", stdout);
    }
    fflush(stdout);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_until(double when) {
    const double wait = when - now_seconds();
    if (wait <= 0.0) return;
    struct timespec ts;
    ts.tv_sec = (time_t)wait;
    ts.tv_nsec = (long)((wait - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL); /* a signal ends the wait early; the loop then sees the stop flag */
}

int main(int argc, char **argv) {
    options opt;
    if (parse(argc, argv, &opt)) {
        usage(argv[0]);
        return 2;
    }
    const int tty = isatty(STDOUT_FILENO);
    const int colour = tty && !opt.ascii && !getenv("NO_COLOR");
    if (opt.every < 0) opt.every = tty ? 1 : 30;
    if (opt.frames < 0) opt.frames = 4 * opt.fps;
    const float dt = 1.0f / (float)opt.fps;

    ex_lab *lab = (ex_lab *)malloc(ex_lab_size());
    ex_scene *scene = (ex_scene *)malloc(sizeof *scene);
    ex_canvas canvas;
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    if (tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
        if (!opt.cols) opt.cols = ws.ws_col < 400 ? ws.ws_col : 400;
        if (!opt.rows) opt.rows = ws.ws_row < 200 ? ws.ws_row : 200;
    }
    if (!opt.cols) opt.cols = 80;
    if (!opt.rows) opt.rows = 24;
    const int pixel_rows = 2 * (opt.rows > 4 ? opt.rows - 2 : 2); /* a status line and a prompt */
    if (!lab || !scene || ex_canvas_init(&canvas, opt.cols, pixel_rows)) {
        fprintf(stderr, "terminal: out of memory\n");
        return 1;
    }
    /* The part of the scene the figure uses: jump apex, spear tip, the ground dots. */
    ex_canvas_view_fit(&canvas, -150.0f, -330.0f, 330.0f, 350.0f);
    ex_lab_init(lab);
    ex_pose pose;
    const int skip = (int)(opt.from * (float)opt.fps);
    for (int i = 0; i < skip; ++i)
        ex_lab_step(lab, dt, &pose); /* fast-forward, not drawn */

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (colour) printf("\x1b[?25l\x1b[2J"); /* hide the cursor, clear */

    const double start = now_seconds();
    int drawn = 0;
    for (int i = 0; (opt.forever || i < opt.frames) && !stop_requested; ++i) {
        ex_lab_step(lab, dt, &pose);
        if (i % opt.every != 0) continue;
        ex_scene_build(&pose, 1.0f, scene);
        ex_canvas_draw(&canvas, scene, &pose);
        const double t = (double)(skip + i + 1) / opt.fps;
        if (colour) {
            print_colour(&canvas, &pose, t);
            sleep_until(start + (double)(i + 1) / opt.fps);
        } else {
            print_ascii(&canvas, &pose, t);
        }
        ++drawn;
    }
    if (colour) printf("\x1b[0m\x1b[?25h"); /* restore colours and the cursor */
    if (colour)
        printf("%s%d frames drawn at %d fps (%d x %d cells)\n",
               stop_requested ? "\ninterrupted: " : "", drawn, opt.fps, canvas.width,
               canvas.height / 2);
    else
        printf("%d frames drawn as plain text (%d x %d characters)\n", drawn, canvas.width,
               canvas.height / 2);
    ex_canvas_free(&canvas);
    free(scene);
    free(lab);
    return 0;
}
