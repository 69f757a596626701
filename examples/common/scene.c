#include "scene.h"

#include <math.h>
#include <stdio.h>

#include <stickanim/limb.h>

static ex_rgb rgb(float r, float g, float b) {
    ex_rgb c;
    c.r = r;
    c.g = g;
    c.b = b;
    return c;
}

static ex_rgb shade(ex_rgb c, float k) { return rgb(c.r * k, c.g * k, c.b * k); }

ex_rgb ex_rgb_grey(float v) { return rgb(v, v, v); }
ex_rgb ex_paper(void) { return rgb(0.969f, 0.957f, 0.925f); }
ex_rgb ex_dot_colour(void) { return rgb(0.72f, 0.69f, 0.62f); }
static ex_rgb ink(void) { return rgb(0.17f, 0.23f, 0.32f); }
static ex_rgb hair_colour(void) { return rgb(0.80f, 0.33f, 0.20f); }
static ex_rgb wood(void) { return rgb(0.55f, 0.40f, 0.22f); }
static ex_rgb steel(void) { return rgb(0.45f, 0.50f, 0.57f); }

static int channel(float v) {
    const float c = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    return (int)lroundf(c * 255.0f);
}

void ex_rgb_hex(ex_rgb c, char out[8]) {
    snprintf(out, 8, "#%02x%02x%02x", channel(c.r), channel(c.g), channel(c.b));
}

static size_t scaled(size_t n, float density) {
    const float v = roundf((float)n * density);
    return v < 1.0f ? 1 : (size_t)v;
}

/* A ribbon through three points, appended to the scene's point pool. */
static void ribbon(ex_scene *s, ex_part part, sa_vec2 a, sa_vec2 b, sa_vec2 c, float w0, float w1,
                   sa_limb_side side, float density) {
    sa_limb_config cfg = sa_limb_config_default();
    cfg.root_width = w0;
    cfg.tip_width = w1;
    cfg.bone_samples = scaled(cfg.bone_samples, density);
    cfg.cap_samples = scaled(cfg.cap_samples, density < 0.34f ? 0.34f : density);
    cfg = sa_limb_config_styled(&cfg, sa_limb_style_for(side));
    ex_shape *sh = &s->shape[part];
    sh->first = s->used;
    sh->count = sa_limb_outline(a, b, c, &cfg, s->points + s->used, EX_SCENE_POINTS - s->used);
    s->used += sh->count;
}

static void style(ex_scene *s, ex_part part, const char *name, ex_rgb fill, sa_limb_side side) {
    const sa_limb_style st = sa_limb_style_for(side);
    ex_shape *sh = &s->shape[part];
    sh->name = name;
    sh->fill = shade(fill, st.shade);
    sh->opacity = st.opacity;
    sh->is_circle = false;
    sh->first = sh->count = 0;
}

static void spear_head(ex_scene *s, sa_vec2 butt, sa_vec2 tip) {
    const sa_vec2 d = sa_v2_normalize(sa_v2_sub(tip, butt)), n = sa_v2(-d.y, d.x);
    const sa_vec2 pts[5] = {
        sa_v2_add(tip, sa_v2_scale(d, 16.0f)),
        sa_v2_add(tip, sa_v2_add(sa_v2_scale(n, 4.2f), sa_v2_scale(d, 3.0f))),
        sa_v2_add(tip, sa_v2_scale(n, 1.6f)),
        sa_v2_sub(tip, sa_v2_scale(n, 1.6f)),
        sa_v2_add(tip, sa_v2_sub(sa_v2_scale(d, 3.0f), sa_v2_scale(n, 4.2f))),
    };
    ex_shape *sh = &s->shape[EX_PART_SPEAR_HEAD];
    if (s->used + 5 > EX_SCENE_POINTS) return;
    sh->first = s->used;
    sh->count = 5;
    for (int i = 0; i < 5; ++i)
        s->points[s->used++] = pts[i];
}

void ex_scene_build(const ex_pose *p, float density, ex_scene *s) {
    const sa_limb_side F = SA_LIMB_SIDE_FAR, N = SA_LIMB_SIDE_NEAR;
    s->used = 0;
    style(s, EX_PART_FAR_LEG, "far leg", ink(), F);
    style(s, EX_PART_FAR_ARM, "far arm", ink(), F);
    style(s, EX_PART_HAIR, "hair", hair_colour(), N);
    style(s, EX_PART_TORSO, "torso", ink(), N);
    style(s, EX_PART_NECK, "neck", ink(), N);
    style(s, EX_PART_HEAD, "head", ink(), N);
    style(s, EX_PART_NEAR_LEG, "near leg", ink(), N);
    style(s, EX_PART_SPEAR, "spear", wood(), N);
    style(s, EX_PART_SPEAR_HEAD, "spear head", steel(), N);
    style(s, EX_PART_BLADE, "blade", steel(), N);
    style(s, EX_PART_NEAR_ARM, "near arm", ink(), N);

    ribbon(s, EX_PART_FAR_LEG, p->hip, p->knee[EX_FAR], p->foot[EX_FAR], 9.0f, 5.5f, F, density);
    ribbon(s, EX_PART_FAR_ARM, p->shoulder, p->elbow[EX_FAR], p->hand[EX_FAR], 7.0f, 4.5f, F,
           density);
    if (p->hair_count >= 3) { /* one ribbon through the chain's root, middle and end */
        const int last = p->hair_count - 1;
        const sa_vec2 mid = sa_v2_lerp(p->hair[last / 2], p->hair[(last + 1) / 2], 0.5f);
        ribbon(s, EX_PART_HAIR, p->hair[0], mid, p->hair[last], 7.0f, 1.5f, N, density * 0.5f);
    }
    ribbon(s, EX_PART_TORSO, p->pelvis, sa_v2_lerp(p->pelvis, p->chest, 0.5f), p->chest, 10.0f,
           9.0f, N, density * 0.125f);
    ribbon(s, EX_PART_NECK, p->chest, sa_v2_lerp(p->chest, p->neck, 0.5f), p->neck, 5.0f, 5.0f, N,
           density * 0.125f);
    ex_shape *head = &s->shape[EX_PART_HEAD];
    head->is_circle = true;
    head->centre = p->head;
    head->radius = p->head_radius;
    ribbon(s, EX_PART_NEAR_LEG, p->hip, p->knee[EX_NEAR], p->foot[EX_NEAR], 9.0f, 5.5f, N, density);
    if (p->spear > 0.01f) {
        s->shape[EX_PART_SPEAR].opacity = p->spear;
        s->shape[EX_PART_SPEAR_HEAD].opacity = p->spear;
        ribbon(s, EX_PART_SPEAR, p->spear_butt, sa_v2_lerp(p->spear_butt, p->spear_tip, 0.5f),
               p->spear_tip, 3.2f, 2.6f, N, density * 0.25f);
        spear_head(s, p->spear_butt, p->spear_tip);
    }
    if (p->blade > 0.01f) { /* a sword: a steel blade from the near hand, tapering to its tip */
        s->shape[EX_PART_BLADE].opacity = p->blade;
        ribbon(s, EX_PART_BLADE, p->hand[EX_NEAR], sa_v2_lerp(p->hand[EX_NEAR], p->blade_tip, 0.5f),
               p->blade_tip, 4.0f, 1.5f, N, density * 0.25f);
    }
    ribbon(s, EX_PART_NEAR_ARM, p->shoulder, p->elbow[EX_NEAR], p->hand[EX_NEAR], 7.0f, 4.5f, N,
           density);
}

int ex_ground_dot_count(float spacing) { return (int)(EX_VIEW_W / spacing) + 2; }

float ex_ground_phase(float scroll, float spacing) {
    float phase = fmodf(scroll, spacing);
    if (!(phase >= 0.0f)) phase = phase < 0.0f ? phase + spacing : 0.0f;
    return phase;
}

float ex_ground_dot_x(float scroll, int k, float spacing) {
    return -EX_VIEW_X - ex_ground_phase(scroll, spacing) + spacing * (float)k;
}
