#include <stdio.h>
#include <stdlib.h>
#include <stickanim/stickanim.h>

int main(int argc, char **argv) {
    const int frames = argc > 1 ? atoi(argv[1]) : 120; /* 2 s at 60 fps */
    sa_figure fig;                                     /* a plain struct you own: no heap */
    sa_figure_init(&fig, NULL);                        /* NULL: the reference figure */
    sa_figure_input in = sa_figure_input_default();
    in.motion = SA_FIGURE_MOTION_WALK;
    for (int i = 0; i < frames; ++i) {
        if (i == 30) in.jump++;                    /* a press bumps a counter */
        sa_figure_update(&fig, &in, 1.0f / 60.0f); /* once a frame, with its dt */
        const sa_figure_pose *p = sa_figure_get_pose(&fig);
        const sa_vec2 head = p->joints[SA_FIGURE_JOINT_HEAD]; /* canvas units, y down */
        const sa_vec2 foot = p->joints[SA_FIGURE_JOINT_FOOT_NEAR];
        printf("%3d %-5s head %6.1f %6.1f  foot %6.1f %6.1f %s  ground %7.1f\n", i,
               sa_figure_motion_name(p->motion), (double)head.x, (double)head.y, (double)foot.x,
               (double)foot.y, p->contact[0].planted ? "planted" : "lifted ", p->scroll);
    }
    return 0;
}
