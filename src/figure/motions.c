#include "motions.h"

/* The figure's motion table: every motion it can play, one row each; a row's index is the id of
 * the fade layer that plays it. Every public motion has its looping row; the jump trigger plays
 * the one-shot whose carry (locomotes, holds the spear) matches the motion asked for. */

#define SAI_JUMP_SECONDS SAI_FIGURE_JUMP_SECONDS
#define SAI_JUMP_LANDS   (SAI_JUMP_SECONDS * SAI_FIGURE_JUMP_LANDS) /* back in the stride */
#define SAI_GETUP        (SAI_FIGURE_GETUP_SECONDS / SAI_FIGURE_GETUP_SPEED) /* seconds it plays */

/* clang-format off */
const sai_figure_motion_row sai_figure_motions[SAI_FIGURE_ROW_COUNT] = {
/*   motion                        name           evaluate                        duration          play             hand_back         gait                   flags, mode */
    {SA_FIGURE_MOTION_IDLE,       "idle",        sai_figure_idle,                3.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  0, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_WALK,       "walk",        sai_figure_locomotion,          0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_WALK,  SAI_FIGURE_LOCOMOTES, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_RUN,        "run",         sai_figure_locomotion,          0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_RUN,   SAI_FIGURE_LOCOMOTES, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_LOCOMOTE,   "locomote",    sai_figure_locomotion,          0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_SPEED, SAI_FIGURE_LOCOMOTES, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_THROW,      "throw",       sai_figure_throw,               1.4f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  0, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_JUMP,       "jump",        sai_figure_jump,                SAI_JUMP_SECONDS, SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  0, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_SPEAR_FORM, "spear form",  sai_figure_spear_form,          14.0f,            SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_HOLDS_SPEAR, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_SPEAR_RUN,  "spear run",   sai_figure_spear_run,           0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_RUN,   SAI_FIGURE_LOCOMOTES | SAI_FIGURE_HOLDS_SPEAR | SAI_FIGURE_THRUSTS, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_WAVE,       "wave",        sai_figure_wave,                2.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  0, SA_MODE_LOCO},
    /* The jump trigger's one-shots: standing, running, and both with the spear kept in hand. */
    {SA_FIGURE_MOTION_JUMP,       "jump",        sai_figure_jump,                SAI_JUMP_SECONDS, SAI_FIGURE_ONCE, SAI_JUMP_SECONDS, SAI_FIGURE_GAIT_KEEP,  0, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_JUMP,       "jump",        sai_figure_jump_running,        SAI_JUMP_SECONDS, SAI_FIGURE_ONCE, SAI_JUMP_LANDS,   SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_LOCOMOTES, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_JUMP,       "jump",        sai_figure_jump_spear,          SAI_JUMP_SECONDS, SAI_FIGURE_ONCE, SAI_JUMP_SECONDS, SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_HOLDS_SPEAR, SA_MODE_LOCO},
    {SA_FIGURE_MOTION_JUMP,       "jump",        sai_figure_jump_spear_running,  SAI_JUMP_SECONDS, SAI_FIGURE_ONCE, SAI_JUMP_LANDS,   SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_LOCOMOTES | SAI_FIGURE_HOLDS_SPEAR | SAI_FIGURE_THRUSTS, SA_MODE_LOCO},
    /* The body's modes (sa_figure_body): chosen by the mode machine, never by a motion asked for. */
    {SA_FIGURE_MOTION_JUMP,       "rise",        sai_figure_rise,                0.3f,             SAI_FIGURE_ONCE, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_JUMP},
    {SA_FIGURE_MOTION_JUMP,       "fall",        sai_figure_fall,                1.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_FALL},
    {SA_FIGURE_MOTION_IDLE,       "land",        sai_figure_land,                0.5f,             SAI_FIGURE_ONCE, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_LAND},
    {SA_FIGURE_MOTION_IDLE,       "sit",         sai_figure_sit,                 1.0f,             SAI_FIGURE_ONCE, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_SIT},
    {SA_FIGURE_MOTION_IDLE,       "swim",        sai_figure_swim,                1.2f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_SWIM},
    {SA_FIGURE_MOTION_IDLE,       "climb",       sai_figure_climb,               0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_CLIMB},
    {SA_FIGURE_MOTION_IDLE,       "ragdoll",     sai_figure_ragdoll,             0.0f,             SAI_FIGURE_LOOP, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_RAGDOLL},
    {SA_FIGURE_MOTION_IDLE,       "get up back", sai_figure_getup_back,          SAI_GETUP,        SAI_FIGURE_ONCE, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_GETUP},
    {SA_FIGURE_MOTION_IDLE,       "get up front",sai_figure_getup_front,         SAI_GETUP,        SAI_FIGURE_ONCE, 0.0f,             SAI_FIGURE_GAIT_KEEP,  SAI_FIGURE_MODE_ROW, SA_MODE_GETUP},
};
/* clang-format on */

const size_t sai_figure_motion_count = sizeof sai_figure_motions / sizeof sai_figure_motions[0];
_Static_assert(sizeof sai_figure_motions / sizeof sai_figure_motions[0] == SAI_FIGURE_ROW_COUNT,
               "SAI_FIGURE_ROW_COUNT counts the table's rows");

/* What the pipeline reads of a registered motion definition shown as the motion (moves.c
 * evaluates it): a loop that keeps the gait; its root motion scrolls the ground through its
 * ground speed. */
static const sai_figure_motion_row move_row = {
    SA_FIGURE_MOTION_IDLE, "move", sai_figure_idle, 0.0f, SAI_FIGURE_LOOP, 0.0f,
    SAI_FIGURE_GAIT_KEEP,  0u,     SA_MODE_LOCO};

const sai_figure_motion_row *sai_figure_row_past(int32_t id) {
    if (id >= 0 && id < (int32_t)sai_figure_motion_count + SA_FIGURE_MAX_MOVES) return &move_row;
    return &sai_figure_motions[sai_figure_row_for(SA_FIGURE_MOTION_IDLE)];
}

int32_t sai_figure_row_scan(sa_figure_motion m) {
    int32_t idle = 0;
    for (size_t i = 0; i < sai_figure_motion_count; ++i) {
        const sai_figure_motion_row *r = &sai_figure_motions[i];
        if (r->play != SAI_FIGURE_LOOP || (r->flags & SAI_FIGURE_MODE_ROW)) continue;
        if (r->motion == m) return (int32_t)i;
        if (r->motion == SA_FIGURE_MOTION_IDLE) idle = (int32_t)i;
    }
    return idle;
}

int32_t sai_figure_row_for_mode(sa_mode m) {
    /* Idle unless a mode row matches (every mode but loco has one); the first match wins. */
    int32_t row = sai_figure_row_for(SA_FIGURE_MOTION_IDLE);
    for (size_t i = sai_figure_motion_count; i-- > 0;)
        if ((sai_figure_motions[i].flags & SAI_FIGURE_MODE_ROW) && sai_figure_motions[i].mode == m)
            row = (int32_t)i;
    return row;
}

int32_t sai_figure_row_for_getup(sa_mode_getup_side side) {
    const int32_t back = sai_figure_row_for_mode(SA_MODE_GETUP);
    return side == SA_MODE_GETUP_SIDE_FRONT ? back + 1 : back;
}

int32_t sai_figure_row_jump_from(int32_t from) {
    const uint32_t carry = SAI_FIGURE_LOCOMOTES | SAI_FIGURE_HOLDS_SPEAR;
    const uint32_t want = sai_figure_row(from)->flags & carry;
    /* The looping jump unless a one-shot's carry matches (every carry has one); the first wins. */
    int32_t row = sai_figure_row_for(SA_FIGURE_MOTION_JUMP);
    for (size_t i = sai_figure_motion_count; i-- > 0;) {
        const sai_figure_motion_row *r = &sai_figure_motions[i];
        if (r->play == SAI_FIGURE_ONCE && !(r->flags & SAI_FIGURE_MODE_ROW) &&
            (r->flags & carry) == want)
            row = (int32_t)i;
    }
    return row;
}

const char *sa_figure_motion_name(sa_figure_motion motion) {
    const sai_figure_motion_row *r = sai_figure_row(sai_figure_row_for(motion));
    return r->motion == motion ? r->name : "unknown";
}

float sa_figure_motion_duration(sa_figure_motion motion) {
    const sai_figure_motion_row *r = sai_figure_row(sai_figure_row_for(motion));
    return r->motion == motion ? r->duration : 0.0f;
}
