#include "motions.h"

#include "internal/scalar.h"

/* Swimming at the water's surface (the reference's swim blend: treading when slow, paddling when
 * fast, mixed by speed, c->swim_mix). Treading: upright, the arms scull and the legs cycle below.
 * Paddling: the body near horizontal, the arms sweep over and back, the legs kick behind. The
 * head's centre stays above the water line in both. u: the stroke, 1.2 s a cycle. */

/* Root and lean that put the head's centre `above` over the water line with the spine leaning
 * by `lean`. */
static sa_vec2 float_root(const sai_figure_ctx *c, float lean, float above) {
    const sa_figure_config *cfg = c->cfg;
    const float head_y = c->water_line - above;
    const float up = (cfg->spine + cfg->neck + cfg->head_radius) * sai_cosf(lean);
    const float pelvis_y = head_y + up;
    const float along = (cfg->spine + cfg->neck + cfg->head_radius) * sai_sinf(lean);
    return sai_v2(-0.5f * along, pelvis_y + c->hip_height);
}

void sai_figure_swim(const sai_figure_ctx *c, float u, sa_figure_params *out) {
    const float k = c->scale, m = sai_smooth(sai_saturate(c->swim_mix));
    const float w = 2.0f * SA_PI * u;
    sai_figure_rest(c, out);
    out->lean = sai_lerp(0.18f + 0.04f * sai_sinf(w), 1.3f, m);
    out->head_tilt = sai_lerp(0.0f, -0.9f, m);
    out->root = float_root(c, out->lean, sai_lerp(0.55f, 0.35f, m) * c->cfg->head_radius);
    out->root.y += sai_lerp(1.5f * sai_sinf(2.0f * w), 1.0f * sai_sinf(2.0f * w), m) * k;
    const sa_vec2 pelvis = sai_v2(out->root.x, out->root.y - c->hip_height);
    for (int i = 0; i < 2; ++i) {
        const float s = sai_sinf(w + SA_PI * (float)i), q = sai_cosf(w + SA_PI * (float)i);
        /* Treading: the feet pedal in small circles under the pelvis. */
        const sa_vec2 tread =
            sai_v2(pelvis.x + (4.0f + 9.0f * s) * k, pelvis.y + (60.0f + 6.0f * q) * k);
        /* Paddling: the feet kick behind the pelvis, along the body. */
        const sa_vec2 kick =
            sai_v2(pelvis.x - 64.0f * k,
                   pelvis.y + (14.0f + 7.0f * sai_sinf(2.0f * w + SA_PI * (float)i)) * k);
        out->foot[i] = sai_v2_lerp(tread, kick, m);
        /* Sculling: the forearms sweep in and out at the waist; the stroke: reach forward along
         * the water (π/2 with the body horizontal) and pull down and back under the body. */
        const float scull = 0.75f + 0.35f * s, stroke = 0.45f + 1.15f * s;
        out->arm_angle[i] = sai_lerp(scull, stroke, m);
        out->arm_flex[i] = sai_lerp(1.1f + 0.3f * q, 0.3f + 0.2f * q, m);
    }
    out->squash = 1.0f;
    out->hair_push = sai_v2(0.0f, 0.0f);
}
