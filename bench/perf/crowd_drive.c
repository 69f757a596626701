/* stickanim_crowd_drive MODE FRAMES [many] [jitter]: a crowd of 64 figures spread over their cycles
 * (figure i warmed 30 + 13 i mod 200 frames, asking for 110 + 37 i mod 270 units/s), then FRAMES
 * frames at 60 fps, one sa_figure_update() per figure (or one sa_figure_update_many() a frame with
 * `many`). MODE 0: mixed motions with hair; 1: mixed without hair; 2 + m: every figure in
 * motion m with hair; 2 + SA_FIGURE_MOTION_COUNT_ (11): running with hair, a sword swing layer
 * pressed every frame (the benchmark's "run + a sword layer"). With `jitter` the FRAMES frames
 * last 1/60 s within 0.2 ms either way (a fixed sequence), as a game measures them, off the 1/120 s
 * moments (the benchmark's "60 fps +- 0.2 ms" rows). For instruction counts under
 * callgrind (bench/perf/instructions.sh): the difference between two FRAMES counts is the frames'
 * own cost, without the warm-up's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/figure.h>

enum { CROWD = 64 };

/* The benchmark's sword swing (bench_figure.c): an upper-body layer of 6 tracks. */
static const sa_track_key SWING_ARM[] = {{0.0f, 0.5f, SA_EASE_SMOOTH},
                                         {0.3f, 2.3f, SA_EASE_OUT_CUBIC},
                                         {0.5f, 1.1f, SA_EASE_SMOOTH},
                                         {1.0f, 0.5f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_FLEX[] = {{0.0f, 1.3f, SA_EASE_SMOOTH},
                                          {0.3f, 1.2f, SA_EASE_OUT_CUBIC},
                                          {0.5f, 0.1f, SA_EASE_SMOOTH},
                                          {1.0f, 1.3f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_ONE[] = {{0.0f, 1.0f, SA_EASE_SMOOTH}};
static const sa_figure_move_track SWING_TRACKS[] = {
    {SA_FIGURE_PARAM_ARM_ANGLE_NEAR, SWING_ARM, 4}, {SA_FIGURE_PARAM_ARM_FLEX_NEAR, SWING_FLEX, 4},
    {SA_FIGURE_PARAM_LEAN, SWING_FLEX, 4},          {SA_FIGURE_PARAM_HEAD_TILT, SWING_FLEX, 4},
    {SA_FIGURE_PARAM_BLADE, SWING_ONE, 1},          {SA_FIGURE_PARAM_BLADE_ANGLE, SWING_ARM, 4}};
static const sa_figure_move_event SWING_HIT[] = {{"hit", 0.5f}};
static const sa_figure_move SWING = {"swing",
                                     SWING_TRACKS,
                                     6,
                                     SWING_HIT,
                                     1,
                                     0.8f,
                                     false,
                                     false,
                                     SA_FIGURE_PART_SPINE | SA_FIGURE_PART_HEAD |
                                         SA_FIGURE_PART_ARM_NEAR | SA_FIGURE_PART_PROP,
                                     0.1f,
                                     0.2f,
                                     0.0f};

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s MODE FRAMES [many] [jitter]\n", argv[0]);
        return 2;
    }
    const int mode = atoi(argv[1]), frames = atoi(argv[2]);
    bool many = false, jitter = false;
    for (int a = 3; a < argc; ++a) {
        many = many || strcmp(argv[a], "many") == 0;
        jitter = jitter || strcmp(argv[a], "jitter") == 0;
    }
    static sa_figure figs[CROWD];
    static sa_figure_input in[CROWD];
    sa_figure_config cfg = sa_figure_config_default();
    cfg.hair = mode != 1;
    const bool sword = mode == 2 + (int)SA_FIGURE_MOTION_COUNT_;
    for (int i = 0; i < CROWD; ++i) {
        (void)sa_figure_init(&figs[i], &cfg);
        in[i] = sa_figure_input_default();
        in[i].motion = (sa_figure_motion)(sword       ? SA_FIGURE_MOTION_RUN
                                          : mode >= 2 ? mode - 2
                                                      : i % 9);
        in[i].speed = (float)(110 + (i * 37) % 270);
        if (sword) {
            (void)sa_figure_set_moves(&figs[i], &SWING, 1, NULL);
            in[i].move = SA_FIGURE_MOTION_MOVE(0);
        }
        const int warm = 30 + (i * 13) % 200;
        for (int f = 0; f < warm; ++f) {
            in[i].move_counter += sword ? 1u : 0u; /* (a press each frame) */
            sa_figure_update(&figs[i], &in[i], 1.0f / 60.0f);
        }
    }
    for (int f = 0; f < frames; ++f) {
        /* (a fixed sequence in [-0.2, 0.2] ms: 0.2 ms times (37 f mod 41) / 20 - 1) */
        const float dt =
            1.0f / 60.0f + (jitter ? 0.0002f * ((float)((f * 37) % 41) / 20.0f - 1.0f) : 0.0f);
        for (int i = 0; sword && i < CROWD; ++i)
            ++in[i].move_counter;
        if (many) {
            (void)sa_figure_update_many(figs, CROWD, in, CROWD, dt);
        } else {
            for (int i = 0; i < CROWD; ++i)
                sa_figure_update(&figs[i], &in[i], dt);
        }
    }
    double sum = 0.0; /* (printed, so no update is optimised away) */
    for (int i = 0; i < CROWD; ++i)
        sum += (double)sa_figure_get_pose(&figs[i])->joints[SA_FIGURE_JOINT_HEAD].x;
    printf("%g\n", sum);
    return 0;
}
