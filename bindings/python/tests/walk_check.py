#!/usr/bin/env python3
"""A figure walks 120 frames through the installed binding: every joint finite, every bone its
length in every frame. Run by test_install.py inside a fresh venv (and usable by hand:
STICKANIM_LIBRARY=build/libstickanim.so python3 bindings/python/tests/walk_check.py)."""

import math
import sys

import stickanim as sa

fig, inp = sa.Figure(), sa.sa_figure_input_default()
assert sa.sa_figure_init(fig, None) == sa.Status.OK
inp.motion = sa.FigureMotion.WALK
bones = (sa.FigureBone * sa.SA_FIGURE_BONE_COUNT)()
assert sa.sa_figure_bones(None, bones, len(bones)) == sa.SA_FIGURE_BONE_COUNT
worst = 0.0
for frame in range(120):
    sa.sa_figure_update(fig, inp, 1.0 / 60.0)
    pose = sa.sa_figure_get_pose(fig).contents
    for j in list(pose.joints) + list(pose.unsquashed) + list(pose.hair):
        assert math.isfinite(j.x) and math.isfinite(j.y), "frame %d: a joint is not finite" % frame
    for b in bones:
        a, c = pose.unsquashed[b.from_], pose.unsquashed[b.to]
        worst = max(worst, abs(math.hypot(a.x - c.x, a.y - c.y) - b.length))
assert worst < 1e-3, "a bone changed length by %g" % worst
assert pose.ground_speed > 100.0, "the walk does not move the ground (%g)" % pose.ground_speed
print("walk_check: stickanim %s (ABI %d) from %s, library %s: 120 frames, joints finite, "
      "bones within %.1g of their length" % (sa.__version__, sa.ABI_VERSION, sa.__file__,
                                            sa.library_path, worst))
sys.exit(0)
