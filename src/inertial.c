#include <stickanim/inertial.h>

#include "internal/scalar.h"
#include "internal/xform.h"

/* The spring's decay at one time, shared by every channel of a pose: e^(-yt) is computed once. */
typedef struct sai_decay {
    double y, t, e;
    int kind; /* 0: t <= 0, the offset itself; 1: fully decayed; 2: decaying */
} sai_decay;

static sai_decay decay_at(float halflife, float t) {
    sai_decay d = {0.0, 0.0, 0.0, 0};
    if (!(t > 0.0f)) return d;
    d.kind = 1;
    if (!(halflife > 0.0f)) return d;
    d.y = 2.0 * (double)SAI_LN2 / (double)halflife;
    d.t = (double)t;
    const double yt = d.y * d.t;
    if (!(yt < 700.0)) return d; /* e^(-yt) underflows; also catches t = +inf */
    d.e = sai_exp_d(-yt);
    d.kind = 2;
    return d;
}

static float decay_apply(const sai_decay *d, float x0, float v0) {
    if (!sai_finite(x0) || !sai_finite(v0)) return 0.0f;
    if (d->kind == 0) return x0;
    if (d->kind == 1) return 0.0f;
    return sai_narrow(d->e * ((double)x0 + ((double)v0 + d->y * (double)x0) * d->t));
}

float sa_inertial_decay(float x0, float v0, float halflife, float t) {
    const sai_decay d = decay_at(halflife, t);
    return decay_apply(&d, x0, v0);
}

float sa_inertial_factor(float halflife, float t) {
    return sai_saturate(sa_inertial_decay(1.0f, 0.0f, halflife, t));
}

sa_inertial_scalar sa_inertial_scalar_record(float from, float from_velocity, float to,
                                             float to_velocity) {
    sa_inertial_scalar r;
    r.offset = sai_finite_or(from - to, 0.0f);
    r.velocity = sai_finite_or(from_velocity - to_velocity, 0.0f);
    return r;
}

float sa_inertial_scalar_apply(sa_inertial_scalar rec, float to, float halflife, float t) {
    const float out = to + sa_inertial_decay(rec.offset, rec.velocity, halflife, t);
    return sai_finite_or(out, sai_finite_or(to, 0.0f));
}

/* Rotation vector (axis × angle) of a unit quaternion, along the shortest arc (angle ≤ π). */
static sa_vec3 quat_log(sa_quat q) {
    const double sign = q.w < 0.0f ? -1.0 : 1.0;
    const double x = sign * (double)q.x, y = sign * (double)q.y, z = sign * (double)q.z;
    const double w = sign * (double)q.w;
    const double s = sqrt(x * x + y * y + z * z);
    const double k = s < 1e-12 ? 2.0 : 2.0 * sai_atan2_d(s, w) / s;
    return sai_v3((float)(x * k), (float)(y * k), (float)(z * k));
}

static sa_quat quat_exp(sa_vec3 r) {
    const float angle = sqrtf(r.x * r.x + r.y * r.y + r.z * r.z);
    if (!(angle > 1e-6f) || !(angle <= FLT_MAX))
        return sai_quat_normalize(sai_quat(0.5f * r.x, 0.5f * r.y, 0.5f * r.z, 1.0f));
    const float k = sai_sinf(0.5f * angle) / angle;
    return sai_quat(r.x * k, r.y * k, r.z * k, sai_cosf(0.5f * angle)); /* unit up to rounding */
}

static const sa_vec3 zero3 = {0.0f, 0.0f, 0.0f};

sa_inertial_quat sa_inertial_quat_record(sa_quat from, sa_vec3 from_angular_vel, sa_quat to,
                                         sa_vec3 to_angular_vel) {
    const sa_quat a = sai_quat_normalize(from), b = sai_quat_normalize(to);
    const sa_quat d = sai_quat_normalize(sai_quat_mul_raw(a, sai_quat_conjugate(b)));
    sa_inertial_quat r;
    r.offset = quat_log(d);
    const sa_vec3 va = sai_v3_finite_or(from_angular_vel, zero3);
    const sa_vec3 vb = sai_v3_finite_or(to_angular_vel, zero3);
    r.velocity = sai_v3_finite_or(sai_v3_sub(va, vb), zero3);
    return r;
}

static sa_quat quat_apply(const sai_decay *d, const sa_inertial_quat *rec, sa_quat to) {
    const sa_vec3 x0 = sai_v3_finite_or(rec->offset, zero3);
    const sa_vec3 v0 = sai_v3_finite_or(rec->velocity, zero3);
    const sa_vec3 x =
        sai_v3(decay_apply(d, x0.x, v0.x), decay_apply(d, x0.y, v0.y), decay_apply(d, x0.z, v0.z));
    return sai_quat_normalize(sai_quat_mul_raw(quat_exp(x), sai_quat_normalize(to)));
}

sa_quat sa_inertial_quat_apply(sa_inertial_quat rec, sa_quat to, float halflife, float t) {
    const sai_decay d = decay_at(halflife, t);
    return quat_apply(&d, &rec, to);
}

size_t sa_inertial_quats_apply(const sa_inertial_quat *rec, const sa_quat *to, size_t count,
                               float halflife, float t, sa_quat *out, size_t capacity) {
    if (!rec || !to || count == 0) return 0;
    if (!out) return count;
    if (capacity < count) return 0;
    const sai_decay d = decay_at(halflife, t);
    for (size_t i = 0; i < count; ++i)
        out[i] = quat_apply(&d, &rec[i], to[i]);
    return count;
}
