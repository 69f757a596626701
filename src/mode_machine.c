#include <stickanim/mode_machine.h>

#include "internal/scalar.h"
#include "internal/xform.h"

#define SAI_LN2 0.69314718055994530942f

/* Layer ids pack the per-layer extras' slot above the mode, so two layers of the same mode (a
 * fading one and a new one) keep separate clocks. */
enum { MODE_BITS = 8, MODE_MASK = 0xFF };

static int32_t pack_id(sa_mode mode, int32_t slot) { return (slot << MODE_BITS) | (int32_t)mode; }
static sa_mode id_mode(int32_t id) {
    const int32_t m = id & MODE_MASK;
    return m < (int32_t)SA_MODE_COUNT_ ? (sa_mode)m : SA_MODE_LOCO;
}
static int32_t id_slot(int32_t id) {
    const int32_t s = (id >> MODE_BITS) & 0xFF;
    return s < SA_MODE_SLOTS ? s : 0;
}

static const float default_rates[SA_MODE_COUNT_] = {10.0f, 15.0f, 6.0f,  20.0f, 15.0f,
                                                    3.0f,  8.0f,  30.0f, 10.0f};

sa_mode_machine_config sa_mode_machine_config_default(void) {
    sa_mode_machine_config c;
    c.hard_landing_speed = 10.0f;
    c.land_time = 0.5f;
    c.land_exit_speed = 0.35f;
    c.sit_time = 1.0f;
    c.fall_speed = 2.0f;
    c.water_jump_time = 0.25f;
    c.getup_time_scale = 1.35f;
    c.getup_back_length = 1.5f;
    c.getup_front_length = 1.5f;
    c.morph_time = 0.3f;
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = default_rates[i];
    c.style = SA_MODE_FADE_STYLE_CROSSFADE;
    return c;
}

sa_mode_input sa_mode_input_default(void) {
    sa_mode_input in;
    in.grounded = true;
    in.vertical_velocity = 0.0f;
    in.landing_speed = 0.0f;
    in.speed = 0.0f;
    in.in_water = false;
    in.on_ladder = false;
    in.ladder_direction = 0.0f;
    in.jump_count = 0;
    in.knocked_down = false;
    in.pelvis_forward.x = 0.0f;
    in.pelvis_forward.y = 1.0f;
    in.pelvis_forward.z = 0.0f;
    return in;
}

static float nonneg_or(float v, float fallback) {
    return (v >= 0.0f && v <= FLT_MAX) ? v : fallback;
}
static float positive_or(float v, float fallback) {
    return (v > 0.0f && v <= FLT_MAX) ? v : fallback;
}

static sa_mode_machine_config sanitize_config(const sa_mode_machine_config *in) {
    const sa_mode_machine_config d = sa_mode_machine_config_default();
    if (!in) return d;
    sa_mode_machine_config c;
    c.hard_landing_speed = nonneg_or(in->hard_landing_speed, d.hard_landing_speed);
    c.land_time = nonneg_or(in->land_time, d.land_time);
    c.land_exit_speed = nonneg_or(in->land_exit_speed, d.land_exit_speed);
    c.sit_time = nonneg_or(in->sit_time, d.sit_time);
    c.fall_speed = nonneg_or(in->fall_speed, d.fall_speed);
    c.water_jump_time = nonneg_or(in->water_jump_time, d.water_jump_time);
    c.getup_time_scale = positive_or(in->getup_time_scale, d.getup_time_scale);
    c.getup_back_length = nonneg_or(in->getup_back_length, d.getup_back_length);
    c.getup_front_length = nonneg_or(in->getup_front_length, d.getup_front_length);
    c.morph_time = nonneg_or(in->morph_time, d.morph_time);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = positive_or(in->fade_rate[i], d.fade_rate[i]);
    c.style =
        in->style == SA_MODE_FADE_STYLE_INERTIALIZE ? SA_MODE_FADE_STYLE_INERTIALIZE : SA_MODE_FADE_STYLE_CROSSFADE;
    return c;
}

static void clear_extras(sa_mode_machine *m) {
    for (int32_t s = 0; s < SA_MODE_SLOTS; ++s) {
        m->extra[s].play_time = 0.0f;
        m->extra[s].time_scale = 1.0f;
    }
}

sa_status sa_mode_machine_init(sa_mode_machine *m, const sa_mode_machine_config *config) {
    if (!m) return SA_ERR_NULL;
    m->config = sanitize_config(config);
    clear_extras(m);
    sa_fade_init(&m->fade, pack_id(SA_MODE_LOCO, 0));
    m->mode = SA_MODE_LOCO;
    m->previous = SA_MODE_LOCO;
    m->switched = false;
    m->getup_side = SA_GETUP_SIDE_BACK;
    m->seen_jump = 0;
    m->started = false;
    return SA_OK;
}

/* ---- rules ----------------------------------------------------------------------------------- */

typedef struct body {
    bool grounded, in_water, on_ladder, knocked_down;
    float vy, landing, speed, ladder_dir;
    int32_t jumps;
    bool belly_up;
} body;

static body read_input(const sa_mode_input *in) {
    const sa_mode_input d = sa_mode_input_default();
    if (!in) in = &d;
    body b;
    b.grounded = in->grounded;
    b.in_water = in->in_water;
    b.on_ladder = in->on_ladder;
    b.knocked_down = in->knocked_down;
    b.vy = sai_finite_or(in->vertical_velocity, 0.0f);
    const float landing = nonneg_or(in->landing_speed, 0.0f);
    b.landing = landing > -b.vy ? landing : -b.vy;
    b.speed = sai_finite_or(in->speed, 0.0f);
    b.ladder_dir = sai_clamp(sai_finite_or(in->ladder_direction, 0.0f), -1.0f, 1.0f);
    b.jumps = in->jump_count;
    b.belly_up = !(in->pelvis_forward.y < 0.0f); /* NaN reads as lying on the back */
    return b;
}

static float getup_length(const sa_mode_machine *m) {
    return m->getup_side == SA_GETUP_SIDE_FRONT ? m->config.getup_front_length
                                           : m->config.getup_back_length;
}

/* The seed's list of ifs, top to bottom; later rules override earlier ones. `t` is the time in
 * the current mode at the end of this frame, `play` the current layer's clip time. Sets *restart
 * when the mode must start over even though it does not change (a new jump while jumping). */
static sa_mode decide(const sa_mode_machine *m, const body *b, bool new_jump, float t, float play,
                      bool *restart) {
    const sa_mode_machine_config *c = &m->config;
    sa_mode mode = m->mode;
    *restart = false;

    if (b->knocked_down) return SA_MODE_RAGDOLL;
    if (mode == SA_MODE_RAGDOLL) return SA_MODE_GETUP;
    if (mode == SA_MODE_GETUP) {
        if (play < getup_length(m)) return SA_MODE_GETUP;
        mode = SA_MODE_LOCO; /* the get-up clip has ended: the ordinary rules take over */
    }

    if (b->on_ladder) return SA_MODE_CLIMB; /* a ladder wins over everything */
    if (mode == SA_MODE_CLIMB) mode = b->grounded ? SA_MODE_LOCO : SA_MODE_FALL;

    if (new_jump) {
        *restart = mode == SA_MODE_JUMP;
        mode = SA_MODE_JUMP;
    } else if (mode == SA_MODE_JUMP && b->vy < 0.0f) {
        mode = SA_MODE_FALL; /* going down */
    } else if ((mode == SA_MODE_LOCO || mode == SA_MODE_LAND || mode == SA_MODE_SIT) &&
               !b->grounded && b->vy < -c->fall_speed) {
        mode = SA_MODE_FALL; /* walked off a ledge */
    }

    if (b->grounded &&
        (mode == SA_MODE_FALL || (mode == SA_MODE_JUMP && !new_jump && b->vy <= 0.0f)))
        mode = b->landing > c->hard_landing_speed ? SA_MODE_SIT : SA_MODE_LAND;

    if (mode == m->mode) {
        if (mode == SA_MODE_LAND && (t >= c->land_time || b->speed > c->land_exit_speed))
            mode = SA_MODE_LOCO;
        else if (mode == SA_MODE_SIT && t >= c->sit_time)
            mode = SA_MODE_LOCO;
    }
    if (mode == SA_MODE_SWIM && !b->in_water) mode = b->grounded ? SA_MODE_LOCO : SA_MODE_FALL;

    /* Water last: it wins over everything but the start of a jump out of it. */
    if (b->in_water) {
        const bool jump_start = mode == SA_MODE_JUMP &&
                                (new_jump || (m->mode == SA_MODE_JUMP && t < c->water_jump_time));
        if (!jump_start) {
            *restart = false;
            mode = SA_MODE_SWIM;
        }
    }
    return mode;
}

/* ---- update ---------------------------------------------------------------------------------- */

static int32_t free_slot(const sa_mode_machine *m) {
    bool used[SA_MODE_SLOTS] = {false};
    for (size_t i = 0; i < m->fade.count; ++i)
        used[id_slot(m->fade.layers[i].id)] = true;
    for (int32_t s = 0; s < SA_MODE_SLOTS; ++s)
        if (!used[s]) return s;
    return 0; /* unreachable: there is one more slot than layers */
}

static float scale_for(const sa_mode_machine *m, sa_mode mode, const body *b) {
    if (mode == SA_MODE_GETUP) return m->config.getup_time_scale;
    if (mode == SA_MODE_CLIMB) return b->ladder_dir;
    return 1.0f;
}

static void push(sa_mode_machine *m, sa_mode mode, const body *b) {
    const int32_t slot = free_slot(m);
    m->extra[slot].play_time = 0.0f;
    m->extra[slot].time_scale = scale_for(m, mode, b);
    sa_fade_switch(&m->fade, pack_id(mode, slot));
    /* Leaving the ragdoll is hidden by the get-up morph, and inertialization hides every switch
     * with the decaying offset: both cut to the new layer. */
    if (mode == SA_MODE_GETUP || m->config.style == SA_MODE_FADE_STYLE_INERTIALIZE)
        sa_fade_finish(&m->fade);
    m->previous = m->mode;
    m->mode = mode;
    m->switched = true;
}

static const sa_fade_layer *target_layer(const sa_mode_machine *m) {
    return &m->fade.layers[m->fade.count - 1];
}

sa_mode sa_mode_machine_update(sa_mode_machine *m, const sa_mode_input *input, float dt) {
    if (!m) return SA_MODE_LOCO;
    if (m->fade.count == 0 || m->fade.count > SA_FADE_MAX_LAYERS) sa_mode_machine_init(m, NULL);
    if (!(dt > 0.0f && dt <= FLT_MAX)) dt = 0.0f;
    if ((uint32_t)m->mode >= (uint32_t)SA_MODE_COUNT_) m->mode = id_mode(target_layer(m)->id);
    const body b = read_input(input);

    /* The current climb layer follows the ladder direction every frame. */
    if (m->mode == SA_MODE_CLIMB) m->extra[id_slot(target_layer(m)->id)].time_scale = b.ladder_dir;
    /* Fades and clocks first, so a layer pushed below starts at time 0 on this frame. */
    if (dt > 0.0f) {
        sa_fade_step(&m->fade, m->config.fade_rate[m->mode], dt);
        for (size_t i = 0; i < m->fade.count; ++i) {
            sa_mode_layer_extra *e = &m->extra[id_slot(m->fade.layers[i].id)];
            const float p =
                sai_finite_or(e->play_time, 0.0f) + dt * sai_finite_or(e->time_scale, 1.0f);
            e->play_time = sai_clamp(p, -FLT_MAX, FLT_MAX);
        }
    }

    const bool new_jump = m->started && b.jumps != m->seen_jump;
    m->seen_jump = b.jumps;
    m->started = true;

    const sa_fade_layer *cur = target_layer(m);
    bool restart = false;
    const sa_mode next =
        decide(m, &b, new_jump, cur->time, m->extra[id_slot(cur->id)].play_time, &restart);
    m->switched = false;
    if (next != m->mode || restart) {
        if (next == SA_MODE_GETUP) m->getup_side = b.belly_up ? SA_GETUP_SIDE_BACK : SA_GETUP_SIDE_FRONT;
        push(m, next, &b);
    }
    return m->mode;
}

/* ---- queries --------------------------------------------------------------------------------- */

static bool ready(const sa_mode_machine *m) {
    return m && m->fade.count >= 1 && m->fade.count <= SA_FADE_MAX_LAYERS;
}

int32_t sa_mode_machine_layer_count(const sa_mode_machine *m) {
    return ready(m) ? (int32_t)m->fade.count : 0;
}

sa_mode_layer sa_mode_machine_layer(const sa_mode_machine *m, int32_t index) {
    sa_mode_layer l;
    l.mode = SA_MODE_LOCO;
    l.weight = 0.0f;
    l.mode_time = 0.0f;
    l.play_time = 0.0f;
    l.time_scale = 1.0f;
    if (!ready(m) || index < 0 || (size_t)index >= m->fade.count) return l;
    const sa_fade_layer *f = &m->fade.layers[index];
    const sa_mode_layer_extra *e = &m->extra[id_slot(f->id)];
    l.mode = id_mode(f->id);
    l.weight = sai_saturate(f->weight);
    l.mode_time = nonneg_or(f->time, 0.0f);
    l.play_time = sai_finite_or(e->play_time, 0.0f);
    l.time_scale = sai_finite_or(e->time_scale, 1.0f);
    return l;
}

float sa_mode_machine_weight(const sa_mode_machine *m, sa_mode mode) {
    if (!ready(m)) return 0.0f;
    float w = 0.0f;
    for (size_t i = 0; i < m->fade.count; ++i)
        if (id_mode(m->fade.layers[i].id) == mode) w += sai_saturate(m->fade.layers[i].weight);
    return sai_saturate(w);
}

float sa_mode_machine_mode_time(const sa_mode_machine *m) {
    return ready(m) ? nonneg_or(target_layer(m)->time, 0.0f) : 0.0f;
}

float sa_mode_machine_getup_k(const sa_mode_machine *m) {
    if (!ready(m) || m->mode != SA_MODE_GETUP) return 0.0f;
    const float t = sa_mode_machine_mode_time(m);
    const float len = m->config.morph_time;
    if (!(len > 0.0f)) return 0.0f;
    return 1.0f - sai_smooth(t / len);
}

float sa_mode_machine_inertial_time(const sa_mode_machine *m) {
    return sa_mode_machine_mode_time(m);
}

float sa_mode_machine_inertial_halflife(const sa_mode_machine *m) {
    float rate = default_rates[SA_MODE_LOCO];
    if (ready(m) && (uint32_t)m->mode < (uint32_t)SA_MODE_COUNT_)
        rate = positive_or(m->config.fade_rate[m->mode], rate);
    return 2.0f * SAI_LN2 / rate;
}

const char *sa_mode_name(sa_mode mode) {
    switch (mode) {
    case SA_MODE_LOCO:
        return "loco";
    case SA_MODE_JUMP:
        return "jump";
    case SA_MODE_FALL:
        return "fall";
    case SA_MODE_LAND:
        return "land";
    case SA_MODE_SIT:
        return "sit";
    case SA_MODE_SWIM:
        return "swim";
    case SA_MODE_CLIMB:
        return "climb";
    case SA_MODE_RAGDOLL:
        return "ragdoll";
    case SA_MODE_GETUP:
        return "getup";
    case SA_MODE_COUNT_:
    case SA_MODE_FORCE_U32_:
        break;
    }
    return "unknown";
}

/* ---- inertialization ------------------------------------------------------------------------- */

/* The spring's decay at one time, shared by every channel of a pose: e^(-yt) is computed once. */
typedef struct decay {
    double y, t, e;
    int kind; /* 0: t <= 0, the offset itself; 1: fully decayed; 2: decaying */
} decay;

static decay decay_at(float halflife, float t) {
    decay d = {0.0, 0.0, 0.0, 0};
    if (!(t > 0.0f)) return d;
    d.kind = 1;
    if (!(halflife > 0.0f)) return d;
    d.y = 2.0 * (double)SAI_LN2 / (double)halflife;
    d.t = (double)t;
    const double yt = d.y * d.t;
    if (!(yt < 700.0)) return d; /* e^(-yt) underflows; also catches t = +inf */
    d.e = exp(-yt);
    d.kind = 2;
    return d;
}

static float decay_apply(const decay *d, float x0, float v0) {
    if (!sai_finite(x0) || !sai_finite(v0)) return 0.0f;
    if (d->kind == 0) return x0;
    if (d->kind == 1) return 0.0f;
    return sai_narrow(d->e * ((double)x0 + ((double)v0 + d->y * (double)x0) * d->t));
}

float sa_inertial_decay(float x0, float v0, float halflife, float t) {
    const decay d = decay_at(halflife, t);
    return decay_apply(&d, x0, v0);
}

sa_inertial_scalar sa_inertial_scalar_record(float from, float from_velocity, float to,
                                             float to_velocity) {
    sa_inertial_scalar r = {0.0f, 0.0f};
    const float x = from - to, v = from_velocity - to_velocity;
    if (sai_finite(x)) r.offset = x;
    if (sai_finite(v)) r.velocity = v;
    return r;
}

float sa_inertial_scalar_apply(sa_inertial_scalar rec, float to, float halflife, float t) {
    const float out = to + sa_inertial_decay(rec.offset, rec.velocity, halflife, t);
    return sai_finite(out) ? out : to;
}

/* Rotation vector (axis × angle) of a unit quaternion, along the shortest arc (angle ≤ π). */
static sa_vec3 qlog(sa_quat q) {
    const double sign = q.w < 0.0f ? -1.0 : 1.0;
    const double x = sign * (double)q.x, y = sign * (double)q.y, z = sign * (double)q.z;
    const double w = sign * (double)q.w;
    const double s = sqrt(x * x + y * y + z * z);
    const double k = s < 1e-12 ? 2.0 : 2.0 * atan2(s, w) / s;
    return sai_v3((float)(x * k), (float)(y * k), (float)(z * k));
}

static sa_quat qexp(sa_vec3 r) {
    const float angle = sqrtf(r.x * r.x + r.y * r.y + r.z * r.z);
    if (!(angle > 1e-6f) || !(angle <= FLT_MAX))
        return sai_quat_normalize(sai_quat(0.5f * r.x, 0.5f * r.y, 0.5f * r.z, 1.0f));
    const float k = sinf(0.5f * angle) / angle;
    return sai_quat(r.x * k, r.y * k, r.z * k, cosf(0.5f * angle)); /* unit up to rounding */
}

static sa_vec3 sane_v3(sa_vec3 v) {
    return sai_v3(sai_finite_or(v.x, 0.0f), sai_finite_or(v.y, 0.0f), sai_finite_or(v.z, 0.0f));
}

sa_inertial_quat sa_inertial_quat_record(sa_quat from, sa_vec3 from_angular_vel, sa_quat to,
                                         sa_vec3 to_angular_vel) {
    const sa_quat a = sai_quat_normalize(from), b = sai_quat_normalize(to);
    const sa_quat d = sai_quat_normalize(sai_quat_mul_raw(a, sai_quat_conjugate(b)));
    sa_inertial_quat r;
    r.offset = qlog(d);
    const sa_vec3 va = sane_v3(from_angular_vel), vb = sane_v3(to_angular_vel);
    r.velocity = sane_v3(sai_v3(va.x - vb.x, va.y - vb.y, va.z - vb.z));
    return r;
}

static sa_quat quat_apply(const decay *d, const sa_inertial_quat *rec, sa_quat to) {
    const sa_vec3 x0 = sane_v3(rec->offset), v0 = sane_v3(rec->velocity);
    const sa_vec3 x =
        sai_v3(decay_apply(d, x0.x, v0.x), decay_apply(d, x0.y, v0.y), decay_apply(d, x0.z, v0.z));
    return sai_quat_normalize(sai_quat_mul_raw(qexp(x), sai_quat_normalize(to)));
}

sa_quat sa_inertial_quat_apply(sa_inertial_quat rec, sa_quat to, float halflife, float t) {
    const decay d = decay_at(halflife, t);
    return quat_apply(&d, &rec, to);
}

sa_status sa_inertial_quats_apply(const sa_inertial_quat *rec, const sa_quat *to, sa_quat *out,
                                  int32_t count, float halflife, float t) {
    if (count < 0) return SA_ERR_COUNT;
    if (count == 0) return SA_OK;
    if (!rec || !to || !out) return SA_ERR_NULL;
    const decay d = decay_at(halflife, t);
    for (int32_t i = 0; i < count; ++i)
        out[i] = quat_apply(&d, &rec[i], to[i]);
    return SA_OK;
}

float sa_inertial_factor(float halflife, float t) {
    return sai_saturate(sa_inertial_decay(1.0f, 0.0f, halflife, t));
}

float sa_mode_machine_inertial_k(const sa_mode_machine *m) {
    if (!ready(m)) return 0.0f;
    return sa_inertial_factor(sa_mode_machine_inertial_halflife(m),
                              sa_mode_machine_inertial_time(m));
}

/* ---- get-up morph on poses ------------------------------------------------------------------- */

sa_status sa_getup_remember(const sa_transform *pose, size_t joint_count, sa_transform *memory,
                            size_t capacity) {
    if (!pose || !memory) return SA_ERR_NULL;
    if (joint_count == 0) return SA_ERR_COUNT;
    if (joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    if (capacity < joint_count) return SA_ERR_CAPACITY;
    for (size_t j = 0; j < joint_count; ++j)
        memory[j] = pose[j];
    return SA_OK;
}

void sa_getup_morph(const sa_mode_machine *m, const sa_transform *remembered,
                    const sa_transform *clip_pose, size_t joint_count, sa_transform *out) {
    sa_pose_morph(remembered, clip_pose, sa_mode_machine_getup_k(m), joint_count, out);
}
