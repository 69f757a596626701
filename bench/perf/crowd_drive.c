/* stickanim_crowd_drive MODE FRAMES [many]: a crowd of 64 figures spread over their cycles (figure
 * i warmed 30 + 13 i mod 200 frames, asking for 110 + 37 i mod 270 units/s), then FRAMES frames
 * at 60 fps, one sa_figure_update() per figure (or one sa_figure_update_many() a frame with
 * `many`). MODE 0: mixed motions with hair; 1: mixed without hair; 2 + m: every figure in
 * motion m with hair. For instruction counts under callgrind (bench/perf/instructions.sh): the
 * difference between two FRAMES counts is the frames' own cost, without the warm-up's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/figure.h>

enum { CROWD = 64 };

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s MODE FRAMES [many]\n", argv[0]);
        return 2;
    }
    const int mode = atoi(argv[1]), frames = atoi(argv[2]);
    const bool many = argc > 3 && strcmp(argv[3], "many") == 0;
    static sa_figure figs[CROWD];
    static sa_figure_input in[CROWD];
    sa_figure_config cfg = sa_figure_config_default();
    cfg.hair = mode != 1;
    for (int i = 0; i < CROWD; ++i) {
        (void)sa_figure_init(&figs[i], &cfg);
        in[i] = sa_figure_input_default();
        in[i].motion = (sa_figure_motion)(mode >= 2 ? mode - 2 : i % 9);
        in[i].speed = (float)(110 + (i * 37) % 270);
        const int warm = 30 + (i * 13) % 200;
        for (int f = 0; f < warm; ++f)
            sa_figure_update(&figs[i], &in[i], 1.0f / 60.0f);
    }
    for (int f = 0; f < frames; ++f) {
        if (many) {
            (void)sa_figure_update_many(figs, CROWD, in, CROWD, 1.0f / 60.0f);
        } else {
            for (int i = 0; i < CROWD; ++i)
                sa_figure_update(&figs[i], &in[i], 1.0f / 60.0f);
        }
    }
    double sum = 0.0; /* (printed, so no update is optimised away) */
    for (int i = 0; i < CROWD; ++i)
        sum += (double)sa_figure_get_pose(&figs[i])->joints[SA_FIGURE_JOINT_HEAD].x;
    printf("%g\n", sum);
    return 0;
}
