/* squash.h: squash and stretch about a pivot. Scales in range, always finite, the pivot fixed,
 * the ground line kept, apply() equal to point() on each point. */
#include "fuzz.h"

#include <stickanim/squash.h>

static bool scale_ok(float s) { return s >= SA_SQUASH_SCALE_MIN && s <= SA_SQUASH_SCALE_MAX; }

void sa_fuzz_squash(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        const sa_vec2 pivot = fz_v2(&in);
        const float sy = fz_float(&in), k = fz_float(&in);
        sa_squash s;
        const int how = fz_u8(&in) % 4;
        switch (how) {
        case 0:
            s = sa_squash_make(pivot, sy, k);
            break;
        case 1:
            s = sa_squash_make_area(pivot, sy);
            if (fz_finite(sy) && scale_ok(sy))
                FZ_CHECK2(fabs((double)s.sx * s.sy - 1.0) <= 1e-6, s.sx, s.sy);
            break;
        case 2:
            s = sa_squash_identity();
            break;
        default: /* filled in by hand */
            s.pivot = pivot;
            s.sx = k;
            s.sy = sy;
            break;
        }
        if (how != 3) FZ_CHECK(scale_ok(s.sx) && scale_ok(s.sy) && fz_finite_v2(s.pivot));
        const float r = sa_squash_radius_scale(s);
        FZ_CHECK2(scale_ok(r), r, s.sx);
        const sa_squash clean = sa_squash_make(s.pivot, s.sy, 0.0f); /* only for the pivot */
        sa_vec2 pts[4];
        for (int i = 0; i < 4; ++i)
            pts[i] = fz_v2(&in);
        sa_vec2 applied[4];
        memcpy(applied, pts, sizeof pts);
        sa_squash_apply(s, applied, 4);
        for (int i = 0; i < 4; ++i) {
            const sa_vec2 q = sa_squash_point(s, pts[i]);
            FZ_CHECK(fz_finite_v2(q));
            FZ_CHECK(memcmp(&q, &applied[i], sizeof q) == 0);
            /* The ground line (the pivot's y) stays on it; the pivot maps onto itself. */
            if (pts[i].y == clean.pivot.y) FZ_CHECK2(q.y == clean.pivot.y, q.y, clean.pivot.y);
        }
        const sa_vec2 pv = sa_squash_point(s, clean.pivot);
        FZ_CHECK(pv.x == clean.pivot.x && pv.y == clean.pivot.y);
        sa_squash_apply(s, NULL, 4);
    } while (fz_more(&in));
}
