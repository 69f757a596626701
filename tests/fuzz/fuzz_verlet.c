/* verlet.h: pinned chains. Always finite; point 0 on the pin; every segment its spacing after a
 * step; no free point inside a circle after a collision. */
#include "fuzz.h"

#include <stickanim/verlet.h>

enum { MAX_POINTS = 8 };

/* The spacing as the chain reads it. */
static float spacing_of(float s) {
    if (!fz_finite(s) || s < 0.0f) return SA_VERLET_DEFAULT_SPACING;
    return s > SA_VERLET_MAX_SPACING ? SA_VERLET_MAX_SPACING : s;
}

static bool chain_finite(const sa_verlet_point *p, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (!fz_finite_v2(p[i].pos) || !fz_finite_v2(p[i].prev)) return false;
    return true;
}

static double chain_coord(const sa_verlet_point *p, size_t n) {
    double m = 0.0;
    for (size_t i = 0; i < n; ++i)
        m = fmax(m, fz_absmax2(p[i].pos));
    return m;
}

static void check_spacing(const sa_verlet_point *p, size_t n, float spacing) {
    const double coord = chain_coord(p, n);
    if (coord > 1e7) return; /* float steps there are larger than the tolerance means */
    for (size_t i = 1; i < n; ++i) {
        const double d = fz_dist2(p[i].pos, p[i - 1].pos);
        FZ_CHECK2(fabs(d - spacing) <= 1e-4 * spacing + fz_length_tol(spacing, coord), d, spacing);
    }
}

void sa_fuzz_verlet(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    sa_verlet_point pts[MAX_POINTS];
    const size_t n = 1 + fz_below(&in, MAX_POINTS);
    const sa_vec2 pin0 = fz_v2(&in), dir = fz_v2(&in);
    const float sp0 = fz_float(&in);
    const sa_status st = sa_verlet_chain_init(pts, n, pin0, dir, sp0);
    FZ_CHECK(st == SA_OK || st == SA_ERR_NOT_FINITE);
    FZ_CHECK(chain_finite(pts, n));
    if (st == SA_OK) check_spacing(pts, n, spacing_of(sp0));
    FZ_CHECK(sa_verlet_chain_init(NULL, n, pin0, dir, sp0) == SA_ERR_NULL);
    FZ_CHECK(sa_verlet_chain_init(pts, 0, pin0, dir, sp0) == SA_ERR_COUNT);
    while (fz_more(&in)) {
        const uint8_t op = fz_u8(&in);
        if (op % 8 == 7) { /* corrupt a point now and then: the next step repairs it */
            pts[fz_below(&in, n)].pos = fz_v2(&in);
            continue;
        }
        if (op % 8 == 6) {
            const sa_vec2 centre = fz_v2(&in);
            const float radius = fz_float(&in);
            const bool was_finite = chain_finite(pts, n);
            sa_verlet_chain_collide_circle(pts, n, centre, radius);
            if (!was_finite) continue;
            FZ_CHECK(chain_finite(pts, n));
            if (fz_finite_v2(centre) && fz_finite(radius) && radius > 0.0f && radius < 1e6f &&
                fz_absmax2(centre) < 1e6 && chain_coord(pts, n) < 1e6) {
                for (size_t i = 1; i < n; ++i) {
                    const double d = fz_dist2(pts[i].pos, centre);
                    FZ_CHECK2(d >= radius - 1e-3 * (1.0 + radius), d, radius);
                }
            }
            continue;
        }
        sa_verlet_config c = sa_verlet_config_default();
        const bool use_config = fz_bool(&in);
        c.spacing = fz_float(&in);
        c.drag = fz_float_in(&in, 0.0f, 1.0f);
        c.accel = fz_bool(&in) ? sa_verlet_hair_accel(fz_float(&in), fz_float(&in)) : fz_v2(&in);
        c.iterations = fz_below(&in, 80);
        const sa_vec2 pin = fz_v2(&in);
        const float dt = fz_float_in(&in, 0.0f, 0.05f);
        sa_verlet_chain_step(pts, n, pin, use_config ? &c : NULL, dt);
        FZ_CHECK(chain_finite(pts, n));
        if (fz_finite_v2(pin)) FZ_CHECK(pts[0].pos.x == pin.x && pts[0].pos.y == pin.y);
        check_spacing(pts, n, use_config ? spacing_of(c.spacing) : SA_VERLET_DEFAULT_SPACING);
        for (size_t i = 0; i < n; ++i)
            FZ_CHECK(fz_finite_v2(sa_verlet_point_velocity(pts[i])));
    }
}
