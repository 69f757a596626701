/* The figure's joints as a labelled diagram (SVG): the reference figure mid-stride in Spear Run,
 * every joint a dot named by sa_figure_joint, the bones between them, near limbs dark and far
 * limbs grey. docs/images/figure_joints.png is this file rendered by rsvg-convert. */
#include <stdio.h>

#include <stickanim/stickanim.h>

typedef struct label {
    sa_figure_joint joint;
    const char *name;
    int right; /* 1: the label goes in the right column, 0: the left */
} label;

static const label LABELS[] = {
    {SA_FIGURE_JOINT_HEAD, "HEAD (5)", 0},
    {SA_FIGURE_JOINT_NECK, "NECK (4)", 0},
    {SA_FIGURE_JOINT_CHEST, "CHEST (2)", 0},
    {SA_FIGURE_JOINT_SHOULDER, "SHOULDER (3)", 0},
    {SA_FIGURE_JOINT_ELBOW_NEAR, "ELBOW_NEAR (10)", 0},
    {SA_FIGURE_JOINT_SPEAR_BUTT, "SPEAR_BUTT (14)", 0},
    {SA_FIGURE_JOINT_HAND_NEAR, "HAND_NEAR (12)", 0},
    {SA_FIGURE_JOINT_PELVIS, "PELVIS = HIP (0, 1)", 0},
    {SA_FIGURE_JOINT_FOOT_NEAR, "FOOT_NEAR (8)", 0},
    {SA_FIGURE_JOINT_SPEAR_TIP, "SPEAR_TIP (15)", 1},
    {SA_FIGURE_JOINT_ELBOW_FAR, "ELBOW_FAR (11)", 1},
    {SA_FIGURE_JOINT_HAND_FAR, "HAND_FAR (13)", 1},
    {SA_FIGURE_JOINT_KNEE_FAR, "KNEE_FAR (7)", 1},
    {SA_FIGURE_JOINT_KNEE_NEAR, "KNEE_NEAR (6)", 1},
    {SA_FIGURE_JOINT_FOOT_FAR, "FOOT_FAR (9)", 1},
};
#define LABEL_COUNT (sizeof LABELS / sizeof LABELS[0])

/* Bones: {from, to, 1 for a near/middle bone drawn dark}. */
static const int BONES[][3] = {
    {SA_FIGURE_JOINT_HIP, SA_FIGURE_JOINT_KNEE_FAR, 0},
    {SA_FIGURE_JOINT_KNEE_FAR, SA_FIGURE_JOINT_FOOT_FAR, 0},
    {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_FAR, 0},
    {SA_FIGURE_JOINT_ELBOW_FAR, SA_FIGURE_JOINT_HAND_FAR, 0},
    {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_CHEST, 1},
    {SA_FIGURE_JOINT_CHEST, SA_FIGURE_JOINT_NECK, 1},
    {SA_FIGURE_JOINT_HIP, SA_FIGURE_JOINT_KNEE_NEAR, 1},
    {SA_FIGURE_JOINT_KNEE_NEAR, SA_FIGURE_JOINT_FOOT_NEAR, 1},
    {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_NEAR, 1},
    {SA_FIGURE_JOINT_ELBOW_NEAR, SA_FIGURE_JOINT_HAND_NEAR, 1},
};

#define SCALE 2.6f   /* svg units per canvas unit */
#define OX    360.0f /* where the figure's origin (the ground under it) is drawn */
#define OY    560.0f

static double sx(sa_vec2 p) { return (double)(OX + SCALE * p.x); }
static double sy(sa_vec2 p) { return (double)(OY + SCALE * p.y); }

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "figure_joints.svg";
    static sa_figure fig;
    sa_figure_init(&fig, NULL);
    sa_figure_input in = sa_figure_input_default();
    in.motion = SA_FIGURE_MOTION_SPEAR_RUN;
    for (int i = 0; i < 150; ++i) /* 2.5 s: the spear is in hand, the legs mid-stride */
        sa_figure_update(&fig, &in, 1.0f / 60.0f);
    const sa_figure_pose *p = sa_figure_get_pose(&fig);
    const sa_vec2 *j = p->unsquashed;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "joints: cannot write %s\n", path);
        return 1;
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"620\" "
               "viewBox=\"0 0 900 620\" font-family=\"sans-serif\" font-size=\"15\">\n"
               "<rect width=\"900\" height=\"620\" fill=\"#f5f1e6\"/>\n");
    fprintf(
        f,
        "<line x1=\"20\" y1=\"%g\" x2=\"880\" y2=\"%g\" stroke=\"#b7ae9b\" stroke-width=\"2\"/>\n",
        (double)OY, (double)OY);
    fprintf(f,
            "<text x=\"880\" y=\"%g\" text-anchor=\"end\" fill=\"#7a7262\">ground: y = 0 "
            "(figure space: canvas units, y down, facing +x)</text>\n",
            (double)OY + 30);
    fprintf(f,
            "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#8a5a2b\" stroke-width=\"5\" "
            "stroke-linecap=\"round\"/>\n",
            sx(j[SA_FIGURE_JOINT_SPEAR_BUTT]), sy(j[SA_FIGURE_JOINT_SPEAR_BUTT]),
            sx(j[SA_FIGURE_JOINT_SPEAR_TIP]), sy(j[SA_FIGURE_JOINT_SPEAR_TIP]));
    for (size_t b = 0; b < sizeof BONES / sizeof BONES[0]; ++b)
        fprintf(f,
                "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"9\" "
                "stroke-linecap=\"round\"/>\n",
                sx(j[BONES[b][0]]), sy(j[BONES[b][0]]), sx(j[BONES[b][1]]), sy(j[BONES[b][1]]),
                BONES[b][2] ? "#2b3a55" : "#a3a3a3");
    fprintf(f,
            "<circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"none\" stroke=\"#2b3a55\" "
            "stroke-width=\"6\"/>\n",
            sx(j[SA_FIGURE_JOINT_HEAD]), sy(j[SA_FIGURE_JOINT_HEAD]),
            (double)(SCALE * p->head_radius));
    /* Each column lists its labels top to bottom at their joints' heights, at least 24 apart. */
    double last[2] = {40.0, 40.0};
    for (size_t i = 0; i < LABEL_COUNT; ++i) {
        const label *l = &LABELS[i];
        const double x = sx(j[l->joint]), y = sy(j[l->joint]);
        const double ty = y > last[l->right] + 24.0 ? y : last[l->right] + 24.0;
        const double tx = l->right ? 720.0 : 180.0;
        last[l->right] = ty;
        fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#b5452b\"/>\n", x, y,
                tx + (l->right ? -6.0 : 6.0), ty - 5.0);
        fprintf(f, "<circle cx=\"%g\" cy=\"%g\" r=\"5\" fill=\"#b5452b\"/>\n", x, y);
        fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"%s\" fill=\"#23201c\">%s</text>\n", tx,
                ty, l->right ? "start" : "end", l->name);
    }
    fprintf(f, "<text x=\"20\" y=\"30\" font-size=\"18\" fill=\"#23201c\">sa_figure_pose::joints, "
               "indexed by SA_FIGURE_JOINT_*: near limbs dark, far limbs grey</text>\n</svg>\n");
    if (fclose(f) != 0) return 1;
    printf("wrote %s\n", path);
    return 0;
}
