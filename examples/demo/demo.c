/* A leg reaching for a moving target: ASCII frames in the terminal and an animated SVG file. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

enum { FRAMES = 60, COLS = 64, ROWS = 22 };
static const float THIGH = 37.0f, SHIN = 37.0f;

typedef struct leg_frame {
    sa_vec2 hip, knee, foot, target;
} leg_frame;

static leg_frame solve_frame(int i) {
    const float t = (float)i / (float)FRAMES * 2.0f * SA_PI;
    leg_frame f;
    f.hip = sa_v2(0.0f, 0.0f);
    /* A circle that swings the target past full reach (74) and back in close. */
    f.target = sa_v2(40.0f * cosf(t), 50.0f + 35.0f * sinf(t));
    f.foot = sa_ik_reach_guard(f.hip, f.target, THIGH, SHIN, SA_IK_LEG_MARGIN);
    f.knee = sa_ik_two_bone(f.hip, f.foot, THIGH, SHIN, -1.0f);
    return f;
}

static void plot_line(char grid[ROWS][COLS + 1], sa_vec2 a, sa_vec2 b, char c) {
    for (int s = 0; s <= 40; ++s) {
        const sa_vec2 p = sa_v2_lerp(a, b, (float)s / 40.0f);
        const int x = (int)lroundf(p.x * 0.35f + COLS / 2.0f), y = (int)lroundf(p.y * 0.2f + 1.0f);
        if (x >= 0 && x < COLS && y >= 0 && y < ROWS) grid[y][x] = c;
    }
}

static void print_ascii(const leg_frame *f, int index) {
    char grid[ROWS][COLS + 1];
    for (int y = 0; y < ROWS; ++y) {
        memset(grid[y], ' ', COLS);
        grid[y][COLS] = '\0';
    }
    plot_line(grid, f->hip, f->knee, '#');
    plot_line(grid, f->knee, f->foot, '*');
    plot_line(grid, f->target, f->target, 'x');
    printf("frame %d: knee (%.1f, %.1f)  foot (%.1f, %.1f)  target (%.1f, %.1f)\n", index,
           (double)f->knee.x, (double)f->knee.y, (double)f->foot.x, (double)f->foot.y,
           (double)f->target.x, (double)f->target.y);
    for (int y = 0; y < ROWS; ++y)
        printf("|%s|\n", grid[y]);
}

static void write_values(FILE *out, const leg_frame *frames, int which) {
    for (int i = 0; i <= FRAMES; ++i) {
        const leg_frame *f = &frames[i % FRAMES];
        const sa_vec2 a = which == 0 ? f->hip : f->knee, b = which == 0 ? f->knee : f->foot;
        fprintf(out, "%.2f,%.2f %.2f,%.2f%s", (double)a.x, (double)a.y, (double)b.x, (double)b.y,
                i < FRAMES ? ";" : "");
    }
}

static int write_svg(const char *path, const leg_frame *frames) {
    FILE *out = fopen(path, "w");
    if (!out) return 1;
    fprintf(out,
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='-100 -20 200 140' width='400' "
            "height='280'>\n<rect x='-100' y='-20' width='200' height='140' fill='#f7f4ec'/>\n");
    const char *colors[2] = {"#222", "#555"};
    for (int bone = 0; bone < 2; ++bone) {
        fprintf(out,
                "<polyline fill='none' stroke='%s' stroke-width='6' stroke-linecap='round' "
                "points='0,0 0,0'>\n<animate attributeName='points' dur='3s' "
                "repeatCount='indefinite' values='",
                colors[bone]);
        write_values(out, frames, bone);
        fprintf(out, "'/>\n</polyline>\n");
    }
    fprintf(out, "<circle r='3' fill='#d33'>\n<animate attributeName='cx' dur='3s' "
                 "repeatCount='indefinite' values='");
    for (int i = 0; i <= FRAMES; ++i)
        fprintf(out, "%.2f%s", (double)frames[i % FRAMES].target.x, i < FRAMES ? ";" : "");
    fprintf(out, "'/>\n<animate attributeName='cy' dur='3s' repeatCount='indefinite' values='");
    for (int i = 0; i <= FRAMES; ++i)
        fprintf(out, "%.2f%s", (double)frames[i % FRAMES].target.y, i < FRAMES ? ";" : "");
    fprintf(out, "'/>\n</circle>\n<circle r='4' fill='#222'/>\n</svg>\n");
    return fclose(out) == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    const char *svg_path = argc > 1 ? argv[1] : "leg.svg";
    leg_frame frames[FRAMES];
    float worst = 0.0f;
    for (int i = 0; i < FRAMES; ++i) {
        frames[i] = solve_frame(i);
        const float err = fabsf(sa_v2_distance(frames[i].hip, frames[i].knee) - THIGH) +
                          fabsf(sa_v2_distance(frames[i].knee, frames[i].foot) - SHIN);
        if (err > worst) worst = err;
    }
    printf("libstickanim %s: a leg (thigh %.0f, shin %.0f) reaching for a circling target\n",
           sa_version(), (double)THIGH, (double)SHIN);
    for (int i = 0; i < FRAMES; i += FRAMES / 3)
        print_ascii(&frames[i], i);
    if (write_svg(svg_path, frames) != 0) {
        fprintf(stderr, "demo: cannot write %s\n", svg_path);
        return 1;
    }
    printf(
        "largest bone length error over %d frames: %.2g units\nwrote %s (open it in a browser)\n",
        FRAMES, (double)worst, svg_path);
    return 0;
}
