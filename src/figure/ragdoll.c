#include "pipeline.h"

#include "internal/scalar.h"

/* Knocked down: the figure's bones become a verlet ragdoll (distance constraints of their
 * lengths, knees and elbows bending only the way they bend, the ground under it), thrown by the
 * body's velocity and the knock's impulse; the head stays on its spring on top of the ragdoll's
 * spine, the hair on its chain. Released, the get-up morphs from the pose the ragdoll lay in,
 * bone by bone in angle (so every bone keeps its length and the first frame is that pose). */

/* Gravity on the ragdoll at the reference figure's size, units/s², and the share of the knock's
 * impulse the legs and pelvis take (the upper body takes all of it, so the figure topples). */
#define SAI_RAG_GRAVITY    2000.0f
#define SAI_RAG_LEGS       0.3f
#define SAI_RAG_ITERATIONS 8
/* Fastest a joint below the ground rises out of it, units/s at the reference figure's size. */
#define SAI_RAG_RISE 900.0f
/* Velocity kept per 1/120 s in the air, and along the ground while touching it. */
#define SAI_RAG_DRAG     0.995f
#define SAI_RAG_FRICTION 0.6f
/* Farthest the ragdoll goes from the body, in hip heights (figure space), before it starts
 * again. */
#define SAI_RAG_FAR 1e4f

/* The ragdoll's bones: joint pairs and their lengths (set from the config). */
typedef struct rag_bone {
    int a, b;
    float length;
} rag_bone;

enum { RAG_BONES = 12 };

static void rag_bones(const sa_figure_config *c, rag_bone *out) {
    const rag_bone bones[RAG_BONES] = {
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_CHEST, c->spine},
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_SHOULDER, c->spine * SA_FIGURE_SHOULDER_AT},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_CHEST,
         c->spine * (1.0f - SA_FIGURE_SHOULDER_AT)},
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_KNEE_NEAR, c->thigh},
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_KNEE_FAR, c->thigh},
        {SA_FIGURE_JOINT_KNEE_NEAR, SA_FIGURE_JOINT_FOOT_NEAR, c->shin},
        {SA_FIGURE_JOINT_KNEE_FAR, SA_FIGURE_JOINT_FOOT_FAR, c->shin},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_NEAR, c->upper_arm},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_FAR, c->upper_arm},
        {SA_FIGURE_JOINT_ELBOW_NEAR, SA_FIGURE_JOINT_HAND_NEAR, c->forearm},
        {SA_FIGURE_JOINT_ELBOW_FAR, SA_FIGURE_JOINT_HAND_FAR, c->forearm},
        /* The spear is let go: it falls on its own. */
        {SA_FIGURE_JOINT_SPEAR_BUTT, SA_FIGURE_JOINT_SPEAR_TIP, c->spear_length},
    };
    for (int i = 0; i < RAG_BONES; ++i)
        out[i] = bones[i];
}

/* z of a × b. */
static float cross(sa_vec2 a, sa_vec2 b) { return a.x * b.y - a.y * b.x; }

/* The bone mid -> end turned about mid back to the nearer of its bend's limits (straight, or
 * folded onto the bone root -> mid) when it bends the wrong way: sign * cross(root -> mid,
 * mid -> end) < 0. Half of that turn moves the end, and the root and the middle joint move
 * against it by a quarter each, so the correction moves no mass on the whole: a limit that only
 * moves the end (or reflects it across the limit, twice as far) turns its push into speed the
 * body never had, and a ragdoll tumbling on the ground gained it at every turn (thousands of
 * units a second, carried far from the body). The next steps finish the turn. */
static void limit_bend(sa_verlet_point *r, int root, int mid, int end, float sign) {
    const sa_vec2 u = sai_v2_sub(r[mid].pos, r[root].pos), w = sai_v2_sub(r[end].pos, r[mid].pos);
    if (!(sign * cross(u, w) < 0.0f)) return;
    const float lu = sai_v2_length(u);
    if (!(lu > 1e-6f) || !sai_finite(lu)) return;
    const float along = sai_v2_dot(u, w) >= 0.0f ? 1.0f : -1.0f;
    const sa_vec2 to = sai_v2_add(r[mid].pos, sai_v2_scale(u, along * sai_v2_length(w) / lu));
    const sa_vec2 d = sai_v2_sub(to, r[end].pos);
    r[end].pos = sai_v2_add(r[end].pos, sai_v2_scale(d, 0.5f));
    r[mid].pos = sai_v2_sub(r[mid].pos, sai_v2_scale(d, 0.25f));
    r[root].pos = sai_v2_sub(r[root].pos, sai_v2_scale(d, 0.25f));
}

/* A knee bends forward and an elbow folds the forearm forward, as sa_figure_solve() bends them
 * (for the figure facing +x): the shin turns from the thigh the way +y turns from +x
 * (cross(thigh, shin) >= 0), the forearm from the upper arm the other way. */
static void limit_joints(sa_verlet_point *r) {
    for (int i = 0; i < 2; ++i) {
        limit_bend(r, SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_KNEE_NEAR + i,
                   SA_FIGURE_JOINT_FOOT_NEAR + i, 1.0f);
        limit_bend(r, SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_NEAR + i,
                   SA_FIGURE_JOINT_HAND_NEAR + i, -1.0f);
    }
}

static sa_vec2 toward(sa_vec2 from, sa_vec2 to, float length, sa_vec2 fallback) {
    const sa_vec2 d = sai_v2_sub(to, from);
    const float l = sai_v2_length(d);
    const sa_vec2 u = l > 1e-6f && sai_finite(l) ? sai_v2_scale(d, 1.0f / l) : fallback;
    return sai_v2_add(from, sai_v2_scale(u, length));
}

/* Every bone exactly its length, each joint along its bone's direction from the pelvis out, the
 * spear's tip from its butt. Velocities kept. */
static void exact_lengths(const sa_figure_config *c, sa_verlet_point *r) {
    const sa_vec2 down = sai_v2(0.0f, 1.0f), up = sai_v2(0.0f, -1.0f);
    rag_bone bones[RAG_BONES];
    rag_bones(c, bones);
    sa_vec2 moved[SA_FIGURE_JOINT_COUNT];
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        moved[i] = r[i].pos;
    moved[SA_FIGURE_JOINT_CHEST] =
        toward(moved[SA_FIGURE_JOINT_PELVIS], moved[SA_FIGURE_JOINT_CHEST], c->spine, up);
    moved[SA_FIGURE_JOINT_SHOULDER] = sai_v2_lerp(
        moved[SA_FIGURE_JOINT_PELVIS], moved[SA_FIGURE_JOINT_CHEST], SA_FIGURE_SHOULDER_AT);
    for (int i = 3; i < RAG_BONES; ++i)
        moved[bones[i].b] =
            toward(moved[bones[i].a], moved[bones[i].b], bones[i].length,
                   bones[i].b == SA_FIGURE_JOINT_SPEAR_TIP ? sai_v2(1.0f, 0.0f) : down);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        r[i].prev = sai_v2_add(r[i].prev, sai_v2_sub(moved[i], r[i].pos));
        r[i].pos = moved[i];
    }
    /* The hip is the pelvis, moving with it (no bone holds it: on its own it would keep a
     * velocity of its own, falling and sliding as nothing else does). */
    r[SA_FIGURE_JOINT_HIP] = r[SA_FIGURE_JOINT_PELVIS];
}

/* How deep the lowest of the joints j (but the neck and head, which the head's spring places) is
 * below the ground, ≥ 0. */
static float depth_below_ground(const sa_figure *fig, const sa_vec2 *j) {
    float below = 0.0f;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        if (i != SA_FIGURE_JOINT_NECK && i != SA_FIGURE_JOINT_HEAD)
            below = fmaxf(below, j[i].y - sai_figure_ground_at(fig, j[i].x));
    return sai_finite_or(below, 0.0f);
}

void sai_figure_ragdoll_start(sa_figure *fig, const sa_vec2 *j, sa_vec2 velocity, sa_vec2 impulse,
                              float h) {
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        const bool legs = i == SA_FIGURE_JOINT_PELVIS || i == SA_FIGURE_JOINT_HIP ||
                          (i >= SA_FIGURE_JOINT_KNEE_NEAR && i <= SA_FIGURE_JOINT_FOOT_FAR);
        const sa_vec2 v = sai_v2_add(velocity, sai_v2_scale(impulse, legs ? SAI_RAG_LEGS : 1.0f));
        fig->ragdoll[i].pos = j[i];
        fig->ragdoll[i].prev = sai_v2_sub(j[i], sai_v2_scale(v, h));
    }
    exact_lengths(&fig->config, fig->ragdoll);
    /* The next sub-step starts at the last moment of the figure's time, before the knock. */
    fig->ragdoll_wait = sai_clamp(sai_finite_or(fig->substep_lag, 0.0f), 0.0f, SA_FIGURE_SUBSTEP);
}

void sai_figure_ragdoll_step(sa_figure *fig, float h, sa_vec2 travel) {
    /* Knocked down during this sub-step (its first part went by before): only the rest moves it,
     * so the ragdoll starts from the pose the figure had. */
    if (fig->ragdoll_wait > 0.0f) {
        const float wait = fminf(fig->ragdoll_wait, h);
        travel = sai_v2_scale(travel, (h - wait) / h);
        h -= wait;
        fig->ragdoll_wait = 0.0f;
        if (!(h > 0.0f)) return;
    }
    const sa_figure_config *c = &fig->config;
    const float k = c->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    sa_verlet_point *r = fig->ragdoll;
    const float drag = sai_powf(SAI_RAG_DRAG, h / SA_FIGURE_SUBSTEP);
    /* The ragdoll is in the world, under gravity: the body's own travel (along the ground and
     * up or down) moves it the other way in figure space. Under it is the ground the body stands
     * on, or in the air and in water a floor at the body's feet point, which the body carries:
     * the game's body says where the figure is. A joint found below it (the ground came up: a
     * landing, a step) rises out at a bounded speed, so it never jumps. */
    const float rise = SAI_RAG_RISE * k * h;
    const sa_vec2 g = sai_v2(0.0f, SAI_RAG_GRAVITY * k * h * h);
    const sa_vec2 shift = sai_v2(-travel.x, -travel.y);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        /* prev is a step of SA_FIGURE_SUBSTEP back (a shorter step at a frame's end is put
         * back after the frame): the move this step is that one's, scaled to its length. */
        const sa_vec2 v =
            sai_v2_scale(sai_v2_sub(r[i].pos, r[i].prev), drag * (h / SA_FIGURE_SUBSTEP));
        r[i].prev = sai_v2_add(r[i].pos, shift);
        r[i].pos = sai_v2_add(sai_v2_add(sai_v2_add(r[i].pos, v), g), shift);
    }
    rag_bone bones[RAG_BONES];
    rag_bones(c, bones);
    for (int it = 0; it < SAI_RAG_ITERATIONS; ++it) {
        for (int b = 0; b < RAG_BONES; ++b) {
            sa_verlet_point *pa = &r[bones[b].a], *pb = &r[bones[b].b];
            const sa_vec2 d = sai_v2_sub(pb->pos, pa->pos);
            const float l = sai_v2_length(d);
            if (!(l > 1e-6f) || !sai_finite(l)) continue;
            const sa_vec2 fix = sai_v2_scale(d, 0.5f * (l - bones[b].length) / l);
            pa->pos = sai_v2_add(pa->pos, fix);
            pb->pos = sai_v2_sub(pb->pos, fix);
        }
        for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
            const float y = sai_figure_ground_at(fig, r[i].pos.x);
            if (r[i].pos.y > y) {
                r[i].pos.y = fmaxf(y, r[i].prev.y - rise);
                /* Friction: the ground takes most of its speed along it. */
                r[i].prev.x = sai_lerp(r[i].pos.x, r[i].prev.x, SAI_RAG_FRICTION);
            }
        }
    }
    /* The knees and elbows limited once the lengths and the ground have settled: inside the
     * iterations the limits fought the ground (a leg lying straight on it, pressed past straight
     * by the knee's weight, kicked the body up at every step). */
    limit_joints(r);
    exact_lengths(c, r);
    /* Lengths made exact may push a joint into the ground: the whole ragdoll lifts out of it. */
    sa_vec2 at[SA_FIGURE_JOINT_COUNT];
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        at[i] = r[i].pos;
    const float below = fminf(depth_below_ground(fig, at), rise);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        r[i].pos.y -= below;
        r[i].prev.y -= below;
    }
    /* Figure space is the body's: a ragdoll this far from it was carried past any meaning (a body
     * at +-FLT_MAX speed), where the floats no longer hold a pose: it starts again. */
    const float far = SAI_RAG_FAR * c->hip_height;
    bool ok = true;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        ok = ok && fabsf(r[i].pos.x) < far && fabsf(r[i].pos.y) < far && fabsf(r[i].prev.x) < far &&
             fabsf(r[i].prev.y) < far;
    if (!ok) {
        const sa_figure_params rest = sa_figure_params_rest(c);
        sa_vec2 j[SA_FIGURE_JOINT_COUNT];
        sai_figure_solve_joints(c, &rest, j);
        sai_figure_ragdoll_start(fig, j, sai_v2(0.0f, 0.0f), sai_v2(0.0f, 0.0f), h);
    }
}

sa_vec3 sai_figure_ragdoll_belly(const sa_figure *fig) {
    const sa_vec2 d = sai_v2_sub(fig->ragdoll[SA_FIGURE_JOINT_CHEST].pos,
                                 fig->ragdoll[SA_FIGURE_JOINT_PELVIS].pos);
    /* The belly is the spine's direction turned a quarter toward the front (+x when upright);
     * the mode machine's y points up. */
    sa_vec3 v;
    v.x = -d.y;
    v.y = -d.x;
    v.z = 0.0f;
    return v;
}

/* The get-up's angle b of the bone ending at joint r (the ragdoll's), taken the way it has turned
 * since the last sub-step (kept in r->prev, which the ragdoll does not use while getting up), not
 * the short way round from the ragdoll's angle a: b moves with the get-up, and the short way
 * turns over when b passes a's opposite (the bone thrown round by a whole turn times the morph's
 * progress). The first time, the short way. */
static float followed_angle(sa_verlet_point *r, float a, float b) {
    const bool followed = r->prev.y == 0.0f && sai_finite(r->prev.x) && fabsf(r->prev.x) < 1e4f;
    const float last = followed ? r->prev.x : a;
    const float to = last + remainderf(b - last, 2.0f * SA_PI);
    r->prev = sai_v2(to, 0.0f);
    return to;
}

static float angle_of(sa_vec2 from, sa_vec2 to) { return sai_atan2f(to.y - from.y, to.x - from.x); }

/* A knee's or elbow's bend (the lower bone's angle from the upper's, y down), measured on the
 * side the joint bends (limit_joints): a knee's near [0, π] (the shin turns back from a thigh
 * going forward), an elbow's near [−π, 0] (the forearm folds forward). A limb a hair past straight
 * or past fully folded reads just outside, not a turn away, so a blend of two bends goes the way
 * the joint bends. */
static float joint_bend(float bend, bool knee) {
    const float b = (knee ? 1.0f : -1.0f) * remainderf(bend, 2.0f * SA_PI);
    const float in = b < -0.5f * SA_PI ? b + 2.0f * SA_PI : b;
    return knee ? in : -in;
}

void sai_figure_morph_from_ragdoll(sa_figure *fig, float k, sa_vec2 *j) {
    if (!(k > 0.0f)) return;
    const sa_figure_config *c = &fig->config;
    sa_verlet_point *r = fig->ragdoll;
    const float t = 1.0f - sai_saturate(k);
    /* The chain from the pelvis out: each joint placed from its parent along the bone's angle,
     * lerped from the ragdoll's to the get-up's. */
    typedef struct link {
        int from, to;
        float length;
    } link;
    const link chain[] = {
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_CHEST, c->spine},
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_KNEE_NEAR, c->thigh},
        {SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_KNEE_FAR, c->thigh},
        {SA_FIGURE_JOINT_KNEE_NEAR, SA_FIGURE_JOINT_FOOT_NEAR, c->shin},
        {SA_FIGURE_JOINT_KNEE_FAR, SA_FIGURE_JOINT_FOOT_FAR, c->shin},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_NEAR, c->upper_arm},
        {SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_ELBOW_FAR, c->upper_arm},
        {SA_FIGURE_JOINT_ELBOW_NEAR, SA_FIGURE_JOINT_HAND_NEAR, c->forearm},
        {SA_FIGURE_JOINT_ELBOW_FAR, SA_FIGURE_JOINT_HAND_FAR, c->forearm},
        {SA_FIGURE_JOINT_SPEAR_BUTT, SA_FIGURE_JOINT_SPEAR_TIP, c->spear_length},
    };
    sa_vec2 out[SA_FIGURE_JOINT_COUNT];
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        out[i] = j[i]; /* the neck and head: the head's spring places them after */
    out[SA_FIGURE_JOINT_PELVIS] =
        sai_v2_lerp(r[SA_FIGURE_JOINT_PELVIS].pos, j[SA_FIGURE_JOINT_PELVIS], t);
    out[SA_FIGURE_JOINT_SPEAR_BUTT] =
        sai_v2_lerp(r[SA_FIGURE_JOINT_SPEAR_BUTT].pos, j[SA_FIGURE_JOINT_SPEAR_BUTT], t);
    bool ok = true;
    float angle[SA_FIGURE_JOINT_COUNT] = {0}; /* each bone's angle, by its end joint */
    for (size_t i = 0; i < sizeof chain / sizeof chain[0]; ++i) {
        const link *l = &chain[i];
        const float from = angle_of(r[l->from].pos, r[l->to].pos),
                    to = angle_of(j[l->from], j[l->to]);
        /* A shin or forearm turns with its bone above it, its bend at the knee or elbow blended:
         * two bends the joint allows blend to one it allows (bones turned each on its own could
         * fold a knee or an elbow backwards). */
        const int parent =
            l->from == SA_FIGURE_JOINT_KNEE_NEAR || l->from == SA_FIGURE_JOINT_KNEE_FAR ||
                    l->from == SA_FIGURE_JOINT_ELBOW_NEAR || l->from == SA_FIGURE_JOINT_ELBOW_FAR
                ? l->from
                : -1;
        float a;
        if (parent < 0) {
            a = from + (followed_angle(&r[l->to], from, to) - from) * t;
        } else {
            const int root = parent <= SA_FIGURE_JOINT_KNEE_FAR ? SA_FIGURE_JOINT_PELVIS
                                                                : SA_FIGURE_JOINT_SHOULDER;
            const bool knee = root == SA_FIGURE_JOINT_PELVIS;
            const float bend_from = joint_bend(from - angle_of(r[root].pos, r[parent].pos), knee);
            const float bend_to = joint_bend(to - angle_of(j[root], j[parent]), knee);
            a = angle[parent] + sai_lerp(bend_from, bend_to, t);
        }
        angle[l->to] = a;
        out[l->to] =
            sai_v2_add(out[l->from], sai_v2_scale(sai_v2(sai_cosf(a), sai_sinf(a)), l->length));
        if (l->to == SA_FIGURE_JOINT_CHEST) {
            out[SA_FIGURE_JOINT_HIP] = out[SA_FIGURE_JOINT_PELVIS];
            out[SA_FIGURE_JOINT_SHOULDER] = sai_v2_lerp(
                out[SA_FIGURE_JOINT_PELVIS], out[SA_FIGURE_JOINT_CHEST], SA_FIGURE_SHOULDER_AT);
        }
    }
    /* The neck and head keep the get-up's tilt from the spine (the head's spring swings them
     * from there). */
    const float tilt = angle_of(j[SA_FIGURE_JOINT_CHEST], j[SA_FIGURE_JOINT_NECK]) -
                       angle_of(j[SA_FIGURE_JOINT_PELVIS], j[SA_FIGURE_JOINT_CHEST]);
    const float up = angle_of(out[SA_FIGURE_JOINT_PELVIS], out[SA_FIGURE_JOINT_CHEST]) + tilt;
    const sa_vec2 along = sai_v2(sai_cosf(up), sai_sinf(up));
    out[SA_FIGURE_JOINT_NECK] =
        sai_v2_add(out[SA_FIGURE_JOINT_CHEST], sai_v2_scale(along, c->neck));
    out[SA_FIGURE_JOINT_HEAD] =
        sai_v2_add(out[SA_FIGURE_JOINT_NECK], sai_v2_scale(along, c->head_radius));
    /* Bones turning from the ragdoll's pose to the get-up's may sweep through the ground: the
     * body rises out of it instead (nothing of the ragdoll's pose was below it). */
    sa_vec2 lay[SA_FIGURE_JOINT_COUNT];
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        lay[i] = r[i].pos;
    /* (as deep as the ragdoll itself was, at its start: it was still rising out of it; and as
     * deep as the get-up's own pose is, at its end: a pose lying close to the ground may have a
     * hand or the spear in it, and the morph's end must not drop the body there at once) */
    const float below = fmaxf(depth_below_ground(fig, out) - k * depth_below_ground(fig, lay) -
                                  (1.0f - k) * depth_below_ground(fig, j),
                              0.0f);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        out[i].y -= below;
        ok = ok && sai_v2_finite(out[i]);
    }
    if (!ok) return;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        j[i] = out[i];
}
