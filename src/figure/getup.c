#include "motions.h"

#include "internal/scalar.h"

/* Getting up after a knock-down (the reference's get-up clips, 1.5 s each at their own pace,
 * played at 1.35×), from lying on the back (feet toward +x, head behind) or on the front (face
 * down, head toward +x), to standing. The first frame is hidden by the morph from the ragdoll's
 * pose; the last is the rest pose, so the loco motion takes over without a seam. Tracks are in
 * reference units on normalised time; root y is how far the pelvis is below standing. */

/* From the back: lying, sitting up, feet drawn in, crouched over them, rising, standing. */
static const sa_track_key back_root_x[] = {{0, -20, SAI_SMOOTH},
                                           {0.3f, -15, SAI_SMOOTH},
                                           {0.55f, -2, SAI_SMOOTH},
                                           {0.8f, 0, SAI_SMOOTH},
                                           {1, 0, SAI_SMOOTH}};
static const sa_track_key back_root_y[] = {{0, 58, SAI_SMOOTH},
                                           {0.3f, 54, SAI_SMOOTH},
                                           {0.55f, 30, SAI_SMOOTH},
                                           {0.8f, 10, SAI_SMOOTH},
                                           {1, 0.6f, SAI_SMOOTH}};
static const sa_track_key back_lean[] = {{0, -1.45f, SAI_SMOOTH},
                                         {0.3f, -0.15f, SAI_SMOOTH},
                                         {0.55f, 0.6f, SAI_SMOOTH},
                                         {0.8f, 0.25f, SAI_SMOOTH},
                                         {1, 0.03f, SAI_SMOOTH}};
static const sa_track_key back_foot_near[] = {{0, 45, SAI_SMOOTH},
                                              {0.3f, 30, SAI_SMOOTH},
                                              {0.55f, 8, SAI_SMOOTH},
                                              {0.8f, 7, SAI_SMOOTH},
                                              {1, 7, SAI_SMOOTH}};
static const sa_track_key back_foot_far[] = {{0, 40, SAI_SMOOTH},
                                             {0.3f, 24, SAI_SMOOTH},
                                             {0.55f, -4, SAI_SMOOTH},
                                             {0.8f, -7, SAI_SMOOTH},
                                             {1, -7, SAI_SMOOTH}};
static const sa_track_key back_arm[] = {{0, 1.5f, SAI_SMOOTH},
                                        {0.3f, 1.2f, SAI_SMOOTH},
                                        {0.55f, 0.9f, SAI_SMOOTH},
                                        {0.8f, 0.3f, SAI_SMOOTH},
                                        {1, 0.08f, SAI_SMOOTH}};

/* From the front: lying face down, pushing up on the arms, knees drawn under, rising, standing. */
static const sa_track_key front_root_x[] = {{0, -10, SAI_SMOOTH},
                                            {0.3f, -12, SAI_SMOOTH},
                                            {0.55f, -8, SAI_SMOOTH},
                                            {0.8f, 0, SAI_SMOOTH},
                                            {1, 0, SAI_SMOOTH}};
static const sa_track_key front_root_y[] = {{0, 58, SAI_SMOOTH},
                                            {0.3f, 41, SAI_SMOOTH},
                                            {0.55f, 32, SAI_SMOOTH},
                                            {0.8f, 10, SAI_SMOOTH},
                                            {1, 0.6f, SAI_SMOOTH}};
static const sa_track_key front_lean[] = {{0, 1.45f, SAI_SMOOTH},
                                          {0.3f, 1.0f, SAI_SMOOTH},
                                          {0.55f, 0.7f, SAI_SMOOTH},
                                          {0.8f, 0.25f, SAI_SMOOTH},
                                          {1, 0.03f, SAI_SMOOTH}};
static const sa_track_key front_foot_near[] = {{0, -60, SAI_SMOOTH},
                                               {0.3f, -45, SAI_SMOOTH},
                                               {0.55f, -6, SAI_SMOOTH},
                                               {0.8f, 7, SAI_SMOOTH},
                                               {1, 7, SAI_SMOOTH}};
static const sa_track_key front_foot_far[] = {{0, -55, SAI_SMOOTH},
                                              {0.3f, -42, SAI_SMOOTH},
                                              {0.55f, -12, SAI_SMOOTH},
                                              {0.8f, -7, SAI_SMOOTH},
                                              {1, -7, SAI_SMOOTH}};
static const sa_track_key front_arm[] = {{0, 0.0f, SAI_SMOOTH},
                                         {0.3f, 0.1f, SAI_SMOOTH},
                                         {0.55f, 0.4f, SAI_SMOOTH},
                                         {0.8f, 0.2f, SAI_SMOOTH},
                                         {1, 0.08f, SAI_SMOOTH}};

#define SAI_KEYS(a) (a), sizeof(a) / sizeof((a)[0])

static void getup(const sai_figure_ctx *c, float u, const sa_track_key *rx, size_t nrx,
                  const sa_track_key *ry, size_t nry, const sa_track_key *ln, size_t nln,
                  const sa_track_key *f0, size_t nf0, const sa_track_key *f1, size_t nf1,
                  const sa_track_key *arm, size_t narm, sa_figure_params *out) {
    const float k = c->scale;
    sai_figure_rest(c, out);
    out->root =
        sai_v2(sai_track_sample_table(rx, nrx, u) * k, sai_track_sample_table(ry, nry, u) * k);
    out->lean = sai_track_sample_table(ln, nln, u);
    out->head_tilt = 0.0f;
    out->foot[0] = sai_v2(sai_track_sample_table(f0, nf0, u) * k, 0.0f);
    out->foot[1] = sai_v2(sai_track_sample_table(f1, nf1, u) * k, 0.0f);
    const float a = sai_track_sample_table(arm, narm, u);
    out->arm_angle[0] = a;
    out->arm_angle[1] = a - 0.1f;
    out->arm_flex[0] = 0.25f;
    out->arm_flex[1] = 0.25f;
    out->squash = 1.0f;
}

void sai_figure_getup_back(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    getup(c, u, SAI_KEYS(back_root_x), SAI_KEYS(back_root_y), SAI_KEYS(back_lean),
          SAI_KEYS(back_foot_near), SAI_KEYS(back_foot_far), SAI_KEYS(back_arm), out);
}

void sai_figure_getup_front(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    getup(c, u, SAI_KEYS(front_root_x), SAI_KEYS(front_root_y), SAI_KEYS(front_lean),
          SAI_KEYS(front_foot_near), SAI_KEYS(front_foot_far), SAI_KEYS(front_arm), out);
}

/* Knocked down: the ragdoll moves the bones, not this; it stands in the fade as the rest pose. */
void sai_figure_ragdoll(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    sai_figure_rest(c, out);
    (void)u;
}
