/* The spear form's 18 waypoints: 17 poses and a closing key equal to the first, so the form loops
 * seamlessly. A waypoint repeated is a hold (the freeze-frame moment of a form); the segment into
 * each thrust eases out cubic, so the spear shoots out and decelerates into the pose. Distances
 * are reference units (scaled by the figure); grips keep both hands within the arms'
 * reach (at most 49 of 52 from the shoulder) and, on every path between poses, at least 15
 * from it, where two-bone IK would swing the elbow fast. The shaft and both arms keep out of the
 * head (at least 7 units past its circle, in every pose and on every path between): a 2D arm can
 * not reach over the head without crossing the face, so the high poses (the block, the crane)
 * raise the tip instead, the shaft crossing the body below the neck. */
#include "motions.h"

/* clang-format off */
/*                           angle  grip_x grip_y slide gap lean  shift crouch stance lift squash */
#define SAI_POSE_READY      {-1.45f, 14,  18, 0.30f, 26,  0.00f,  0, 0.6f, 14,  0, 1.00f}
#define SAI_POSE_GUARD      {-0.25f, 18,  20, 0.32f, 26,  0.08f, -2,    8, 34,  0, 0.97f}
#define SAI_POSE_HIGH_THR   {-0.12f, 34,  10, 0.30f, 20,  0.28f,  8,   12, 40,  0, 0.96f}
#define SAI_POSE_RECOIL     {-0.30f, 16,  18, 0.32f, 26,  0.02f, -4,    9, 34,  0, 0.98f}
#define SAI_POSE_LOW_SWEEP  { 0.50f, 26,  24, 0.35f, 20,  0.32f,  4,   20, 44,  0, 0.94f}
#define SAI_POSE_HIGH_BLOCK {-0.55f, 28, -20, 0.45f, 16, -0.05f,  0,    6, 30,  0, 1.03f}
#define SAI_POSE_LUNGE      { 0.22f, 30,  20, 0.30f, 22,  0.36f, 12,   18, 50,  0, 0.93f}
#define SAI_POSE_CRANE      {-0.80f, 26, -14, 0.40f, 22, -0.08f, -4, 0.6f, 12, 26, 1.04f}
#define SAI_POSE_STRIKE     { 0.60f, 30,  14, 0.32f, 24,  0.40f, 10,   22, 46,  0, 0.90f}
#define SAI_POSE_RETRACT    {-0.35f, 14,  16, 0.32f, 26,  0.00f, -3,    8, 32,  0, 1.00f}
#define SAI_POSE_SALUTE     {-1.45f, 14,  16, 0.30f, 26,  0.00f,  0,    2, 14,  0, 1.00f}
/* clang-format on */

const sai_form_waypoint sai_figure_form_waypoints[SAI_FORM_WAYPOINTS] = {
    {0.00f, SAI_POSE_READY, SAI_SMOOTH},      /*  1 ready: spear upright at the side */
    {0.05f, SAI_POSE_READY, SAI_SMOOTH},      /*  2 hold */
    {0.12f, SAI_POSE_GUARD, SAI_OUT3},        /*  3 step into guard, spear level */
    {0.17f, SAI_POSE_HIGH_THR, SAI_SMOOTH},   /*  4 high thrust */
    {0.21f, SAI_POSE_HIGH_THR, SAI_SMOOTH},   /*  5 hold */
    {0.28f, SAI_POSE_RECOIL, SAI_SMOOTH},     /*  6 recoil to guard */
    {0.35f, SAI_POSE_LOW_SWEEP, SAI_SMOOTH},  /*  7 low sweep, tip down */
    {0.42f, SAI_POSE_HIGH_BLOCK, SAI_SMOOTH}, /*  8 rising block, shaft slanted up past the face */
    {0.47f, SAI_POSE_HIGH_BLOCK, SAI_OUT3},   /*  9 hold */
    {0.53f, SAI_POSE_LUNGE, SAI_SMOOTH},      /* 10 lunging thrust */
    {0.58f, SAI_POSE_LUNGE, SAI_SMOOTH},      /* 11 hold */
    {0.66f, SAI_POSE_CRANE, SAI_OUT3},        /* 12 crane: knee up, tip chambered high */
    {0.72f, SAI_POSE_STRIKE, SAI_SMOOTH},     /* 13 downward strike */
    {0.76f, SAI_POSE_STRIKE, SAI_SMOOTH},     /* 14 hold */
    {0.84f, SAI_POSE_RETRACT, SAI_SMOOTH},    /* 15 retract to guard */
    {0.91f, SAI_POSE_SALUTE, SAI_SMOOTH},     /* 16 salute */
    {0.96f, SAI_POSE_SALUTE, SAI_SMOOTH},     /* 17 hold */
    {1.00f, SAI_POSE_READY, SAI_SMOOTH},      /* closing key = the first pose */
};

const sa_track_multi sai_figure_form_track = {&sai_figure_form_waypoints[0].t,
                                              sai_figure_form_waypoints[0].v,
                                              &sai_figure_form_waypoints[0].ease,
                                              SAI_FORM_WAYPOINTS,
                                              SAI_FORM_CHANNELS,
                                              sizeof(sai_form_waypoint)};
