#include <stickanim/clip_builder.h>

#include "internal/xform.h"

/* A frame time this close to a key, as a fraction of the key interval, takes the key itself:
 * float key times (1/24 s is not a float) then still land exactly on frames computed in double. */
#define SAI_KEY_SNAP 1e-4
/* Rotation keys are accepted when their squared length is within (1 ± 10%)². */
#define SAI_ROTATION_MIN_N2 0.81f
#define SAI_ROTATION_MAX_N2 1.21f

sa_clip_builder_job sa_clip_builder_job_default(void) {
    sa_clip_builder_job job;
    job.skeleton = NULL;
    job.channels = NULL;
    job.channel_count = 0;
    job.rate = SA_CLIP_DEFAULT_RATE;
    job.start = 0.0f;
    job.duration = 0.0f;
    job.looping = false;
    job.nlerp = false;
    job.clip = NULL;
    job.out = NULL;
    job.capacity = 0;
    return job;
}

static size_t components(sa_clip_builder_path path) {
    return path == SA_CLIP_BUILDER_PATH_ROTATION ? 4 : 3;
}

/* The key's value (not a cubic spline's tangents). */
static const float *key_value(const sa_clip_builder_channel *c, size_t k) {
    const size_t n = components(c->path);
    return c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE
               ? c->values + (3 * k + 1) * n
               : c->values + k * n;
}

static sa_status check_channel(const sa_clip_builder_channel *c, size_t joint_count) {
    if (c->joint < 0 || (size_t)c->joint >= joint_count) return SA_ERR_RANGE;
    if ((uint32_t)c->path >= (uint32_t)SA_CLIP_BUILDER_PATH_COUNT_) return SA_ERR_RANGE;
    if ((uint32_t)c->interpolation >= (uint32_t)SA_CLIP_BUILDER_INTERPOLATION_COUNT_)
        return SA_ERR_RANGE;
    if (c->key_count == 0 || c->key_count > SIZE_MAX / 12) return SA_ERR_COUNT;
    if (!c->times || !c->values) return SA_ERR_NULL;
    for (size_t k = 0; k < c->key_count; ++k) {
        if (!sai_finite(c->times[k])) return SA_ERR_NOT_FINITE;
        if (k > 0 && c->times[k] < c->times[k - 1]) return SA_ERR_UNSORTED;
    }
    const size_t per_key = components(c->path) *
                           (c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE ? 3 : 1);
    for (size_t i = 0; i < c->key_count * per_key; ++i) {
        if (!sai_finite(c->values[i])) return SA_ERR_NOT_FINITE;
    }
    if (c->path == SA_CLIP_BUILDER_PATH_ROTATION) {
        for (size_t k = 0; k < c->key_count; ++k) {
            const float *q = key_value(c, k);
            const float n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
            if (!(n2 >= SAI_ROTATION_MIN_N2 && n2 <= SAI_ROTATION_MAX_N2)) return SA_ERR_RANGE;
        }
    }
    return SA_OK;
}

/* The clip's length and frame count; the job's fields are already checked. */
typedef struct sai_frames {
    double start, duration; /* duration: the float the clip keeps, in double */
    size_t count;
    bool too_many;
} sai_frames;

static sai_frames plan_frames(const sa_clip_builder_job *job) {
    sai_frames p;
    p.start = (double)job->start;
    p.duration = (double)job->duration;
    if (!(job->duration > 0.0f)) {
        double last = p.start;
        for (size_t c = 0; c < job->channel_count; ++c) {
            const sa_clip_builder_channel *ch = &job->channels[c];
            const double t = (double)ch->times[ch->key_count - 1];
            last = t > last ? t : last;
        }
        p.duration = (double)sai_narrow(last - p.start);
    }
    const double rate = job->rate > 0.0f ? (double)job->rate : (double)SA_CLIP_DEFAULT_RATE;
    const double steps = p.duration * rate;
    p.too_many = !(steps < (double)SA_CLIP_BUILDER_MAX_FRAMES - 1.0);
    if (p.too_many) {
        p.count = 0;
        return p;
    }
    const size_t r = (size_t)floor(steps + 0.5);
    if (p.duration == 0.0)
        p.count = 1;
    else
        p.count = job->looping ? (r > 0 ? r : 1) : r + 1;
    return p;
}

sa_status sa_clip_builder_validate(const sa_clip_builder_job *job) {
    if (!job || !job->skeleton || !job->channels) return SA_ERR_NULL;
    const sa_status sk = sa_skeleton_validate(job->skeleton);
    if (sk != SA_OK) return sk;
    if (job->channel_count == 0) return SA_ERR_COUNT;
    if (!(job->rate >= 0.0f) || !sai_finite(job->rate)) return SA_ERR_RANGE;
    if (!(job->duration >= 0.0f) || !sai_finite(job->duration)) return SA_ERR_RANGE;
    if (!sai_finite(job->start)) return SA_ERR_NOT_FINITE;
    const size_t nj = job->skeleton->joint_count;
    bool taken[SA_SKELETON_MAX_JOINTS][SA_CLIP_BUILDER_PATH_COUNT_];
    memset(taken, 0, sizeof taken);
    for (size_t c = 0; c < job->channel_count; ++c) {
        const sa_clip_builder_channel *ch = &job->channels[c];
        const sa_status s = check_channel(ch, nj);
        if (s != SA_OK) return s;
        bool *t = &taken[ch->joint][ch->path];
        if (*t) return SA_ERR_MISMATCH;
        *t = true;
    }
    const sai_frames p = plan_frames(job);
    if (p.too_many) return SA_ERR_COUNT;
    if (job->out && job->capacity < p.count * nj) return SA_ERR_CAPACITY;
    return SA_OK;
}

/* A rotation key as a unit quaternion: unchanged when it already is one (so keys copy exactly). */
static sa_quat unit_key(const float *v) {
    const sa_quat q = sai_quat(v[0], v[1], v[2], v[3]);
    const float n2 = sai_quat_dot(q, q);
    return (n2 >= 1.0f - 1e-5f && n2 <= 1.0f + 1e-5f) ? q : sai_quat_normalize(q);
}

/* Cubic Hermite between values p0 and p1 with tangents m0 (out of key i) and m1 (into key i + 1),
 * scaled by the key interval, as glTF defines CUBICSPLINE. */
static float hermite(float p0, float m0, float p1, float m1, double seg, double u) {
    const double u2 = u * u, u3 = u2 * u;
    const double v = (2 * u3 - 3 * u2 + 1) * (double)p0 + (u3 - 2 * u2 + u) * seg * (double)m0 +
                     (-2 * u3 + 3 * u2) * (double)p1 + (u3 - u2) * seg * (double)m1;
    return sai_narrow(v);
}

static void set_key(const sa_clip_builder_channel *c, size_t k, sa_transform *x) {
    const float *v = key_value(c, k);
    if (c->path == SA_CLIP_BUILDER_PATH_ROTATION)
        x->rotation = unit_key(v);
    else if (c->path == SA_CLIP_BUILDER_PATH_TRANSLATION)
        x->translation = sai_v3(v[0], v[1], v[2]);
    else
        x->scale = sai_v3(v[0], v[1], v[2]);
}

/* Writes the channel's value between keys i and i + 1 (times[i] < times[i + 1]) at fraction u,
 * strictly inside (0, 1), into the transform's part. */
static void interpolate(const sa_clip_builder_channel *c, size_t i, double u, bool nlerp,
                        sa_transform *x) {
    const size_t n = components(c->path);
    const float *a = key_value(c, i), *b = key_value(c, i + 1);
    float v[4];
    if (c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_STEP) {
        set_key(c, i, x);
        return;
    }
    if (c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE) {
        const double seg = (double)c->times[i + 1] - (double)c->times[i];
        const float *out_tangent = a + n, *in_tangent = b - n;
        for (size_t k = 0; k < n; ++k)
            v[k] = hermite(a[k], out_tangent[k], b[k], in_tangent[k], seg, u);
    } else if (c->path == SA_CLIP_BUILDER_PATH_ROTATION) {
        const sa_quat qa = unit_key(a), qb = unit_key(b);
        x->rotation =
            nlerp ? sai_quat_nlerp_unit(qa, qb, (float)u) : sai_quat_slerp_unit(qa, qb, (float)u);
        return;
    } else {
        for (size_t k = 0; k < n; ++k)
            v[k] = sai_narrow((double)a[k] + ((double)b[k] - (double)a[k]) * u);
    }
    if (c->path == SA_CLIP_BUILDER_PATH_ROTATION) {
        x->rotation = sai_quat_normalize(sai_quat(v[0], v[1], v[2], v[3])); /* after the spline */
    } else if (c->path == SA_CLIP_BUILDER_PATH_TRANSLATION) {
        x->translation = sai_v3(v[0], v[1], v[2]);
    } else {
        x->scale = sai_v3(v[0], v[1], v[2]);
    }
}

/* Samples one channel at every frame, in time order, with one cursor walking its keys. */
static void sample_channel(const sa_clip_builder_channel *c, const sai_frames *p, bool looping,
                           bool nlerp, size_t joint_count, sa_transform *out) {
    const float *times = c->times;
    const size_t n = c->key_count;
    const double span = looping ? (double)p->count : (double)(p->count - 1);
    size_t cursor = 0; /* the last key at or before the frame's time, 0 before the first key */
    for (size_t f = 0; f < p->count; ++f) {
        double t = p->start;
        if (f > 0)
            t = !looping && f == p->count - 1 ? p->start + p->duration
                                              : p->start + p->duration * (double)f / span;
        while (cursor + 1 < n && (double)times[cursor + 1] <= t)
            ++cursor;
        sa_transform *x = &out[f * joint_count + (size_t)c->joint];
        if (cursor + 1 >= n || t < (double)times[0]) {
            set_key(c, t < (double)times[0] ? 0 : n - 1, x);
            continue;
        }
        const double t0 = (double)times[cursor], t1 = (double)times[cursor + 1];
        const double u = (t - t0) / (t1 - t0);
        if (u <= SAI_KEY_SNAP) {
            set_key(c, cursor, x);
        } else if (u >= 1.0 - SAI_KEY_SNAP) {
            size_t k = cursor + 1; /* the later of keys sharing that time */
            while (k + 1 < n && times[k + 1] == times[k])
                ++k;
            set_key(c, k, x);
        } else {
            interpolate(c, cursor, u, nlerp, x);
        }
    }
}

size_t sa_clip_builder_run(const sa_clip_builder_job *job) {
    if (sa_clip_builder_validate(job) != SA_OK) return 0;
    const size_t nj = job->skeleton->joint_count;
    const sai_frames p = plan_frames(job);
    if (!job->out) return p.count * nj; /* count-only call */
    for (size_t f = 0; f < p.count; ++f) {
        for (size_t j = 0; j < nj; ++j)
            job->out[f * nj + j] = sai_transform_clean(job->skeleton->rest[j]);
    }
    for (size_t c = 0; c < job->channel_count; ++c)
        sample_channel(&job->channels[c], &p, job->looping, job->nlerp, nj, job->out);
    if (job->clip) {
        const double span = job->looping ? (double)p.count : (double)(p.count - 1);
        const double requested =
            job->rate > 0.0f ? (double)job->rate : (double)SA_CLIP_DEFAULT_RATE;
        const float rate =
            p.duration > 0.0 && span > 0.0 ? sai_narrow(span / p.duration) : (float)requested;
        sa_clip_init(job->clip, job->out, p.count, nj, rate, job->looping);
        sa_clip_set_duration(job->clip, (float)p.duration);
    }
    return p.count * nj;
}
