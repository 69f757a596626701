#include <stickanim/math.h>

#include "internal/scalar.h"

float sa_clamp(float v, float lo, float hi) { return sai_clamp(v, lo, hi); }
float sa_saturate(float v) { return sai_saturate(v); }
float sa_lerp(float a, float b, float t) { return sai_lerp(a, b, t); }
float sa_smooth(float u) { return sai_smooth(u); }
bool sa_is_finite(float v) { return sai_finite(v); }

float sa_smooth_range(float e0, float e1, float x) {
    if (!(x == x)) return 0.0f;
    if (!(e1 > e0)) return x >= e0 ? 1.0f : 0.0f;
    return sai_smooth((x - e0) / (e1 - e0));
}

float sa_ease_apply(sa_ease e, float u) {
    u = sai_saturate(u);
    const float v = 1.0f - u;
    switch (e) {
    case SA_EASE_LINEAR: return u;
    case SA_EASE_SMOOTH: return u * u * (3.0f - 2.0f * u);
    case SA_EASE_IN_QUAD: return u * u;
    case SA_EASE_OUT_QUAD: return 1.0f - v * v;
    case SA_EASE_IN_OUT_QUAD: return u < 0.5f ? 2.0f * u * u : 1.0f - 2.0f * v * v;
    case SA_EASE_IN_CUBIC: return u * u * u;
    case SA_EASE_OUT_CUBIC: return 1.0f - v * v * v;
    case SA_EASE_IN_OUT_CUBIC: return u < 0.5f ? 4.0f * u * u * u : 1.0f - 4.0f * v * v * v;
    case SA_EASE_OUT_BACK: {
        /* Penner's back curve with the customary overshoot constant (about 10% past 1). */
        const float c1 = 1.70158f, c3 = c1 + 1.0f;
        return 1.0f - c3 * v * v * v + c1 * v * v;
    }
    case SA_EASE_COUNT_:
    case SA_EASE_FORCE_U32_: break;
    }
    return u;
}

sa_vec2 sa_v2(float x, float y) { return sai_v2(x, y); }
sa_vec2 sa_v2_add(sa_vec2 a, sa_vec2 b) { return sai_v2_add(a, b); }
sa_vec2 sa_v2_sub(sa_vec2 a, sa_vec2 b) { return sai_v2_sub(a, b); }
sa_vec2 sa_v2_scale(sa_vec2 v, float s) { return sai_v2_scale(v, s); }
float sa_v2_dot(sa_vec2 a, sa_vec2 b) { return sai_v2_dot(a, b); }
float sa_v2_length(sa_vec2 v) { return sai_v2_length(v); }
float sa_v2_distance(sa_vec2 a, sa_vec2 b) { return sai_v2_length(sai_v2_sub(a, b)); }
sa_vec2 sa_v2_lerp(sa_vec2 a, sa_vec2 b, float t) { return sai_v2_lerp(a, b, t); }
bool sa_v2_is_finite(sa_vec2 v) { return sai_v2_finite(v); }

sa_vec2 sa_v2_normalize(sa_vec2 v) {
    const float len = sai_v2_length(v);
    if (!(len > 0.0f) || !sai_finite(len)) return sai_v2(0.0f, 0.0f);
    return sai_v2(v.x / len, v.y / len);
}
