#!/usr/bin/env python3
"""Animates the stick figure from Python through the generated ctypes binding
(bindings/python/stickanim) and checks what the C tests check: bones keep their length in every
frame of every motion, planted feet stay put in the world, the ground stops when the figure does,
and no NaN ever comes out. Also exercises the solvers and the binding's ABI check.

    STICKANIM_LIBRARY=build/libstickanim.so python3 examples/python/test_figure.py [-v]
    python3 examples/python/test_figure.py --lib build/libstickanim.so
"""

import ctypes
import math
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "bindings", "python"))
if "--lib" in sys.argv:  # the package loads the library at import: say which one first
    i = sys.argv.index("--lib")
    os.environ["STICKANIM_LIBRARY"] = sys.argv[i + 1]
    del sys.argv[i:i + 2]
import stickanim as sa  # noqa: E402

DT = 1.0 / 60.0


def dist(a, b):
    return math.hypot(a.x - b.x, a.y - b.y)


def bones(cfg=None):
    """(from joint, to joint, length) of every bone the figure promises to keep: the library's
    bone list (sa_figure_bones)."""
    buf = (sa.FigureBone * sa.SA_FIGURE_BONE_COUNT)()
    n = sa.sa_figure_bones(cfg, buf, len(buf))
    return [(b.from_, b.to, b.length) for b in buf[:n]]


def limb_outline(root, middle, tip, cfg):
    """The ribbon outline as a list of Vec2, sized with the library's own count-only call."""
    n = sa.sa_limb_outline(root, middle, tip, cfg, None, 0)
    if n == 0:
        raise ValueError("limb config out of range (bone_samples or cap_samples)")
    buf = (sa.Vec2 * n)()
    return list(buf[:sa.sa_limb_outline(root, middle, tip, cfg, buf, n)])


class StickFigure:
    """A figure in Python: the C struct lives in this object; update() and pose() call the C API."""

    def __init__(self, config=None):
        self.fig = sa.Figure()
        self.input = sa.sa_figure_input_default()
        self.config = config if config is not None else sa.sa_figure_config_default()
        status = sa.sa_figure_init(self.fig, self.config)
        if status != sa.SA_OK:
            raise ValueError(sa.sa_status_string(status))

    def update(self, dt, motion=None, speed=None):
        if motion is not None:
            self.input.motion = motion
        if speed is not None:
            self.input.speed = speed
        sa.sa_figure_update(self.fig, self.input, dt)
        return self.pose()

    def jump(self):
        self.input.jump = (self.input.jump + 1) & 0xFFFFFFFF

    def thrust(self):
        self.input.thrust = (self.input.thrust + 1) & 0xFFFFFFFF

    def pose(self):
        return sa.sa_figure_get_pose(self.fig).contents


class FigureThroughFFI(unittest.TestCase):
    def test_abi_is_checked_at_load(self):
        self.assertEqual(sa.sa_abi_version(), sa.SA_ABI_VERSION)
        self.assertEqual(sa.ABI_VERSION, sa.SA_ABI_VERSION)
        self.assertEqual(len(sa.STRUCTS), sa.SA_ABI_TYPE_COUNT_)  # every struct is checked
        for cls, t, c_name in sa.STRUCTS:
            self.assertEqual(sa.sa_abi_type_size(t), ctypes.sizeof(cls), c_name)
            self.assertEqual(sa.sa_abi_type_align(t), ctypes.alignment(cls), c_name)
            self.assertEqual(sa.sa_abi_type_name(t), c_name)
        # A struct that drifted from the C one (a field missing) is refused, naming the struct.
        class ShortPose(ctypes.Structure):
            _fields_ = sa.FigurePose._fields_[:-1]
        with self.assertRaises(sa.AbiMismatch) as caught:
            sa.check_abi([(ShortPose, sa.SA_ABI_TYPE_FIGURE_POSE, "sa_figure_pose")])
        self.assertIn("sa_figure_pose", str(caught.exception))

    @unittest.skipUnless(ctypes.sizeof(ctypes.c_void_p) == 8, "the JSON's layouts are for 64 bits")
    def test_every_field_is_where_clang_put_it(self):
        for cls, _, c_name in sa.STRUCTS:
            size, align, offsets = sa.LAYOUT_LP64[c_name]
            self.assertEqual((ctypes.sizeof(cls), ctypes.alignment(cls)), (size, align), c_name)
            for name, _ in cls._fields_:
                self.assertEqual(getattr(cls, name).offset, offsets[name], c_name + "." + name)

    def test_joint_names_and_bones_come_from_the_library(self):
        names = [sa.sa_figure_joint_name(j) for j in range(sa.SA_FIGURE_JOINT_COUNT)]
        self.assertEqual(names[sa.SA_FIGURE_JOINT_PELVIS], "pelvis")
        self.assertEqual(len(set(names)), sa.SA_FIGURE_JOINT_COUNT)
        self.assertEqual(sa.sa_figure_joint_name(sa.SA_FIGURE_JOINT_COUNT), "unknown")
        self.assertEqual([j.name for j in sa.FigureJoint][:2], ["PELVIS", "HIP"])
        bones_ = [sa.FigureBone(f, t, 0, n) for f, t, n in bones()]
        self.assertEqual(len(bones_), sa.SA_FIGURE_BONE_COUNT)
        ends = {b.from_ for b in bones_} | {b.to for b in bones_}
        self.assertEqual(ends, set(range(sa.SA_FIGURE_JOINT_COUNT)))

    def test_airborne_in_a_jump(self):
        fig = StickFigure()
        self.assertFalse(fig.pose().airborne)
        fig.jump()
        seen = [fig.update(DT, motion=sa.SA_FIGURE_MOTION_IDLE).airborne for _ in range(60)]
        self.assertTrue(any(seen))

    def test_struct_mirror_matches_the_library(self):
        fig = StickFigure()
        got = ctypes.cast(sa.sa_figure_get_pose(fig.fig), ctypes.c_void_p).value
        self.assertEqual(got, ctypes.addressof(fig.fig.pose),
                         "sa_figure's layout in the binding differs from the C struct")
        cfg = sa.sa_figure_config_default()
        self.assertEqual(sa.sa_figure_config_validate(cfg), sa.SA_OK)
        self.assertAlmostEqual(cfg.thigh, 37.0)
        self.assertAlmostEqual(cfg.hip_height, 66.0)
        self.assertAlmostEqual(cfg.head_stiffness, 260.0)
        self.assertAlmostEqual(cfg.hair_drag, 0.86, delta=1e-6)  # the last fields line up too
        self.assertAlmostEqual(fig.fig.config.thigh, 37.0)  # the figure keeps its config first
        self.assertEqual(sa.sa_figure_init(None, None), sa.Status.ERR_NULL)

    def test_every_motion_has_a_name_of_its_own(self):
        names = [sa.sa_figure_motion_name(m) for m in sa.FigureMotion]
        self.assertEqual(len(names), sa.SA_FIGURE_MOTION_COUNT_)
        self.assertEqual(names[sa.SA_FIGURE_MOTION_WALK], "walk")
        self.assertEqual(len(set(names)), len(names))
        self.assertNotIn("unknown", names)
        self.assertEqual(sa.sa_figure_motion_name(sa.SA_FIGURE_MOTION_COUNT_), "unknown")
        self.assertEqual(sa.sa_figure_motion_name(-1), "unknown")

    def test_bones_keep_their_length_in_every_motion(self):
        rng = random.Random(5)
        fig = StickFigure()
        cfg = fig.config
        checks = bones(cfg)
        motions = list(sa.FigureMotion)
        frames = 0
        for _ in range(60):  # 60 switches at random moments, some mid-jump or mid-thrust
            motion = rng.choice(motions)
            speed = rng.uniform(80.0, 400.0)
            for k in range(rng.randint(5, 90)):
                if rng.random() < 0.02:
                    fig.jump()
                if rng.random() < 0.03:
                    fig.thrust()
                p = fig.update(rng.uniform(0.0, 0.05), motion, speed)
                u = p.unsquashed
                for a, b, length in checks:
                    self.assertAlmostEqual(dist(u[a], u[b]), length, delta=1e-3,
                                           msg="bone %d-%d in %s" % (a, b, sa.sa_figure_motion_name(motion)))
                for q in list(p.joints) + list(p.hair):
                    self.assertTrue(math.isfinite(q.x) and math.isfinite(q.y))
                frames += 1
        self.assertGreater(frames, 1000)

    def planted_drift(self, motion, speed=0.0):
        """Largest world-space drift of a foot over any stance, and the ground speed seen."""
        fig = StickFigure()
        for _ in range(240):  # 4 s: the gait mix has settled
            fig.update(DT, motion, speed)
        scroll = 0.0
        worst = 0.0
        stance = {sa.SA_FIGURE_JOINT_FOOT_NEAR: [], sa.SA_FIGURE_JOINT_FOOT_FAR: []}
        stances = 0
        for _ in range(360):
            p = fig.update(DT, motion, speed)
            scroll += p.ground_speed * p.dt
            for foot, xs in stance.items():
                f = p.joints[foot]
                if abs(f.y) < 1e-3:  # on the ground
                    xs.append(f.x + scroll)  # world x: figure x plus the ground scrolled
                    worst = max(worst, max(xs) - min(xs))
                elif xs:
                    stances += 1
                    xs.clear()
        self.assertGreater(stances, 3, "feet never left the ground")
        return worst, p.ground_speed

    def test_planted_feet_stay_put_in_the_world(self):
        for motion, speed in ((sa.SA_FIGURE_MOTION_WALK, 0.0), (sa.SA_FIGURE_MOTION_RUN, 0.0),
                              (sa.SA_FIGURE_MOTION_LOCOMOTE, 150.0), (sa.SA_FIGURE_MOTION_LOCOMOTE, 250.0),
                              (sa.SA_FIGURE_MOTION_LOCOMOTE, 340.0)):
            drift, ground = self.planted_drift(motion, speed)
            self.assertLess(drift, 0.5, "%s at %.0f: foot drifts %.3f" %
                            (sa.sa_figure_motion_name(motion), ground, drift))
            if motion == sa.SA_FIGURE_MOTION_LOCOMOTE:
                self.assertAlmostEqual(ground, speed, delta=0.5)
        _, walk = self.planted_drift(sa.SA_FIGURE_MOTION_WALK)
        _, run = self.planted_drift(sa.SA_FIGURE_MOTION_RUN)
        self.assertAlmostEqual(walk, 44 * 1.5 / 0.62, delta=1.0)  # stride x cadence / duty
        self.assertAlmostEqual(run, 60 * 2.55 / 0.40, delta=1.0)

    def test_ground_stops_when_the_figure_does(self):
        fig = StickFigure()
        for motion in (sa.SA_FIGURE_MOTION_IDLE, sa.SA_FIGURE_MOTION_THROW, sa.SA_FIGURE_MOTION_JUMP,
                       sa.SA_FIGURE_MOTION_SPEAR_FORM):
            for _ in range(120):
                fig.update(DT, sa.SA_FIGURE_MOTION_RUN)
            for _ in range(180):  # 3 s: the fade away from the run is over
                p = fig.update(DT, motion)
            self.assertEqual(p.ground_speed, 0.0, sa.sa_figure_motion_name(motion))

    def test_zero_dt_changes_nothing_and_dt_is_capped(self):
        fig = StickFigure()
        p = fig.update(0.5, sa.SA_FIGURE_MOTION_RUN)  # a hitch: capped at 0.1 s
        self.assertLessEqual(p.dt, 0.1001)
        before = [(q.x, q.y) for q in p.joints]
        p = fig.update(0.0)
        self.assertEqual(before, [(q.x, q.y) for q in p.joints])
        p = fig.update(float("nan"))
        self.assertEqual(before, [(q.x, q.y) for q in p.joints])


class SolversThroughFFI(unittest.TestCase):
    def test_two_bone_ik_keeps_both_lengths(self):
        rng = random.Random(9)
        for _ in range(2000):
            hip = sa.Vec2(rng.uniform(-100, 100), rng.uniform(-100, 100))
            target = sa.Vec2(hip.x + rng.uniform(-70, 70), hip.y + rng.uniform(-70, 70))
            foot = sa.sa_ik_reach_guard(hip, target, 37.0, 37.0, 1.5)
            knee = sa.sa_ik_two_bone(hip, foot, 37.0, 37.0, -1.0)
            self.assertAlmostEqual(dist(hip, knee), 37.0, delta=1e-3)
            if dist(hip, foot) > 0.02:
                self.assertAlmostEqual(dist(knee, foot), 37.0, delta=1e-3)
        arm = sa.sa_ik_arm_fk(sa.Vec2(0, 0), 0.0, 0.0, 27.0, 25.0)
        self.assertAlmostEqual(arm.hand.y, 52.0, delta=1e-4)  # angle 0 hangs straight down

    def test_gait_ground_speed_plants_the_feet(self):
        walk, run = sa.sa_gait_walk(), sa.sa_gait_run()
        self.assertAlmostEqual(sa.sa_gait_ground_speed(walk), 106.45, delta=0.01)
        self.assertAlmostEqual(sa.sa_gait_ground_speed(run), 382.5, delta=0.01)
        t = sa.sa_gait_mix_for_speed(walk, run, 250.0)
        mix = sa.sa_gait_mix(walk, run, t)
        self.assertAlmostEqual(sa.sa_gait_ground_speed(mix), 250.0, delta=0.05)
        self.assertTrue(sa.sa_gait_sample(walk, 0.1).planted)

    def test_spring_and_squash(self):
        s = sa.sa_spring2_at_rest(sa.Vec2(0, 0))
        for _ in range(300):
            sa.sa_spring2_step(s, sa.Vec2(10, -5), 260.0, 26.0, DT)
        self.assertAlmostEqual(s.pos.x, 10.0, delta=1e-2)
        sq = sa.sa_squash_make(sa.Vec2(0, 0), 0.82, 0.7)
        foot = sa.sa_squash_point(sq, sa.Vec2(5, 0))
        self.assertAlmostEqual(foot.y, 0.0)  # the ground point stays on the ground
        self.assertAlmostEqual(sq.sx, 1 + (1 - 0.82) * 0.7, delta=1e-5)

    def test_verlet_chain_keeps_its_spacing(self):
        pts = (sa.VerletPoint * 4)()
        config = sa.sa_verlet_config_default()
        sa.sa_verlet_chain_init(pts, 4, sa.Vec2(0, 0), sa.Vec2(-1, 0), 9.0)
        for k in range(240):
            sa.sa_verlet_chain_step(pts, 4, sa.Vec2(math.sin(k * 0.1) * 20, 0), config, DT)
        for i in range(3):
            self.assertAlmostEqual(dist(pts[i].pos, pts[i + 1].pos), 9.0, delta=0.5)

    def test_limb_outline_is_closed_and_tapers(self):
        cfg = sa.sa_limb_config_default()
        out = limb_outline(sa.Vec2(0, 0), sa.Vec2(8, 37), sa.Vec2(0, 74), cfg)
        self.assertEqual(len(out), 2 * (2 * cfg.bone_samples + 1) + 2 * cfg.cap_samples + 1)
        self.assertEqual((out[0].x, out[0].y), (out[-1].x, out[-1].y))
        m = 2 * cfg.bone_samples + 1
        right_root = 2 * m + cfg.cap_samples - 1
        self.assertAlmostEqual(dist(out[0], out[right_root]), cfg.root_width, delta=1e-3)
        self.assertAlmostEqual(dist(out[m - 1], out[m + cfg.cap_samples]), cfg.tip_width, delta=1e-3)
        n = sa.sa_limb_outline(sa.Vec2(0, 0), sa.Vec2(1, 1), sa.Vec2(2, 2), cfg, (sa.Vec2 * 3)(), 3)
        self.assertEqual(n, 0)  # too small a buffer: nothing written
        far = sa.sa_limb_style_for(sa.SA_LIMB_SIDE_FAR)
        self.assertAlmostEqual(far.opacity, 0.42, delta=1e-6)
        self.assertLess(far.draw_order, sa.sa_limb_style_for(sa.SA_LIMB_SIDE_NEAR).draw_order)


def main():
    print("libstickanim %s from %s (binding %s, ABI %d)%s" % (
        sa.sa_version(), sa.library_path, sa.__version__, sa.ABI_VERSION,
        (" (not in the library: %s)" % ", ".join(sa.missing)) if sa.missing else ""))
    unittest.main()


if __name__ == "__main__":
    main()
