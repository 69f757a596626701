#!/usr/bin/env python3
"""Animates the stick figure from Python through ctypes and checks what the C tests check:
bones keep their length in every frame of every motion, planted feet stay put in the world, the
ground stops when the figure does, and no NaN ever comes out. Also exercises the solvers.

    STICKANIM_LIB=build/libstickanim.so python3 examples/python/test_figure.py [-v]
    python3 examples/python/test_figure.py --lib build/libstickanim.so
"""

import ctypes
import math
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stickanim as sa  # noqa: E402

LIB = None
DT = 1.0 / 60.0


def dist(a, b):
    return math.hypot(a.x - b.x, a.y - b.y)


def bones(cfg):
    """(from joint, to joint, length) of every bone the figure promises to keep: the library's
    bone list (sa_figure_bones)."""
    return [(b.from_, b.to, b.length) for b in LIB.bones(cfg)]


class FigureThroughFFI(unittest.TestCase):
    def setUp(self):
        self.lib = LIB

    def test_abi_is_checked_at_load(self):
        self.assertEqual(self.lib.sa_abi_version(), sa.SA_ABI_VERSION)
        for cls, t in sa.MIRRORED.items():
            self.assertEqual(self.lib.sa_abi_type_size(t), ctypes.sizeof(cls), cls.__name__)
        # A mirror that drifted from the C struct (a field missing: the joints) is refused, naming the struct.
        class ShortPose(ctypes.Structure):
            _fields_ = sa.FigurePose._fields_[1:]
        with self.assertRaises(sa.AbiMismatch) as caught:
            sa.check_abi(self.lib._lib, {ShortPose: sa.SA_ABI_TYPE_FIGURE_POSE})
        self.assertIn("sa_figure_pose", str(caught.exception))

    def test_joint_names_and_bones_come_from_the_library(self):
        names = [self.lib.joint_name(j) for j in range(sa.SA_FIGURE_JOINT_COUNT)]
        self.assertEqual(names[sa.SA_FIGURE_JOINT_PELVIS], "pelvis")
        self.assertEqual(len(set(names)), sa.SA_FIGURE_JOINT_COUNT)
        self.assertEqual(self.lib.joint_name(sa.SA_FIGURE_JOINT_COUNT), "unknown")
        bones_ = self.lib.bones()
        self.assertEqual(len(bones_), sa.SA_FIGURE_BONE_COUNT)
        ends = {b.from_ for b in bones_} | {b.to for b in bones_}
        self.assertEqual(ends, set(range(sa.SA_FIGURE_JOINT_COUNT)))

    def test_airborne_in_a_jump(self):
        fig = sa.StickFigure(self.lib)
        self.assertFalse(fig.pose().airborne)
        fig.jump()
        seen = [fig.update(DT, motion=sa.SA_FIGURE_MOTION_IDLE).airborne for _ in range(60)]
        self.assertTrue(any(seen))

    def test_struct_mirror_matches_the_library(self):
        fig = sa.StickFigure(self.lib)
        got = ctypes.cast(self.lib.sa_figure_get_pose(ctypes.byref(fig.fig)), ctypes.c_void_p).value
        self.assertEqual(got, ctypes.addressof(fig.fig.pose),
                         "sa_figure's layout in stickanim.py differs from the C struct")
        cfg = self.lib.sa_figure_config_default()
        self.assertEqual(self.lib.sa_figure_config_validate(ctypes.byref(cfg)), sa.SA_OK)
        self.assertAlmostEqual(cfg.thigh, 37.0)
        self.assertAlmostEqual(cfg.hip_height, 66.0)
        self.assertAlmostEqual(cfg.head_stiffness, 260.0)
        self.assertAlmostEqual(cfg.hair_drag, 0.86, delta=1e-6)  # the last fields line up too
        self.assertAlmostEqual(fig.fig.config.thigh, 37.0)  # the figure keeps its config first
        self.assertEqual(self.lib.sa_figure_init(None, None), sa.SA_ERR_NULL)

    def test_every_motion_has_a_name_of_its_own(self):
        names = [self.lib.motion_name(m) for m in range(sa.SA_FIGURE_MOTION_COUNT)]
        self.assertEqual(names[sa.SA_FIGURE_MOTION_WALK], "walk")
        self.assertEqual(len(set(names)), len(names))
        self.assertNotIn("unknown", names)
        self.assertEqual(self.lib.motion_name(sa.SA_FIGURE_MOTION_COUNT), "unknown")
        self.assertEqual(self.lib.motion_name(-1), "unknown")

    def test_bones_keep_their_length_in_every_motion(self):
        rng = random.Random(5)
        fig = sa.StickFigure(self.lib)
        cfg = fig.config
        checks = bones(cfg)
        motions = list(range(sa.SA_FIGURE_MOTION_COUNT))
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
                                           msg="bone %d-%d in %s" % (a, b, self.lib.motion_name(motion)))
                for q in list(p.joints) + list(p.hair):
                    self.assertTrue(math.isfinite(q.x) and math.isfinite(q.y))
                frames += 1
        self.assertGreater(frames, 1000)

    def planted_drift(self, motion, speed=0.0):
        """Largest world-space drift of a foot over any stance, and the ground speed seen."""
        fig = sa.StickFigure(self.lib)
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
                            (self.lib.motion_name(motion), ground, drift))
            if motion == sa.SA_FIGURE_MOTION_LOCOMOTE:
                self.assertAlmostEqual(ground, speed, delta=0.5)
        _, walk = self.planted_drift(sa.SA_FIGURE_MOTION_WALK)
        _, run = self.planted_drift(sa.SA_FIGURE_MOTION_RUN)
        self.assertAlmostEqual(walk, 44 * 1.5 / 0.62, delta=1.0)  # stride x cadence / duty
        self.assertAlmostEqual(run, 60 * 2.55 / 0.40, delta=1.0)

    def test_ground_stops_when_the_figure_does(self):
        fig = sa.StickFigure(self.lib)
        for motion in (sa.SA_FIGURE_MOTION_IDLE, sa.SA_FIGURE_MOTION_THROW, sa.SA_FIGURE_MOTION_JUMP,
                       sa.SA_FIGURE_MOTION_SPEAR_FORM):
            for _ in range(120):
                fig.update(DT, sa.SA_FIGURE_MOTION_RUN)
            for _ in range(180):  # 3 s: the fade away from the run is over
                p = fig.update(DT, motion)
            self.assertEqual(p.ground_speed, 0.0, self.lib.motion_name(motion))

    def test_zero_dt_changes_nothing_and_dt_is_capped(self):
        fig = sa.StickFigure(self.lib)
        p = fig.update(0.5, sa.SA_FIGURE_MOTION_RUN)  # a hitch: capped at 0.1 s
        self.assertLessEqual(p.dt, 0.1001)
        before = [(q.x, q.y) for q in p.joints]
        p = fig.update(0.0)
        self.assertEqual(before, [(q.x, q.y) for q in p.joints])
        p = fig.update(float("nan"))
        self.assertEqual(before, [(q.x, q.y) for q in p.joints])


class SolversThroughFFI(unittest.TestCase):
    def setUp(self):
        self.lib = LIB

    def test_two_bone_ik_keeps_both_lengths(self):
        rng = random.Random(9)
        for _ in range(2000):
            hip = sa.v2(rng.uniform(-100, 100), rng.uniform(-100, 100))
            target = sa.v2(hip.x + rng.uniform(-70, 70), hip.y + rng.uniform(-70, 70))
            foot = self.lib.sa_ik_reach_guard(hip, target, 37.0, 37.0, 1.5)
            knee = self.lib.sa_ik_two_bone(hip, foot, 37.0, 37.0, -1.0)
            self.assertAlmostEqual(dist(hip, knee), 37.0, delta=1e-3)
            if dist(hip, foot) > 0.02:
                self.assertAlmostEqual(dist(knee, foot), 37.0, delta=1e-3)
        arm = self.lib.sa_ik_arm_fk(sa.v2(0, 0), 0.0, 0.0, 27.0, 25.0)
        self.assertAlmostEqual(arm.hand.y, 52.0, delta=1e-4)  # angle 0 hangs straight down

    def test_gait_ground_speed_plants_the_feet(self):
        if not self.lib.has("sa_gait_walk"):
            self.skipTest("gait.h not in this build")
        walk, run = self.lib.sa_gait_walk(), self.lib.sa_gait_run()
        self.assertAlmostEqual(self.lib.sa_gait_ground_speed(ctypes.byref(walk)), 106.45, delta=0.01)
        self.assertAlmostEqual(self.lib.sa_gait_ground_speed(ctypes.byref(run)), 382.5, delta=0.01)
        t = self.lib.sa_gait_mix_for_speed(ctypes.byref(walk), ctypes.byref(run), 250.0)
        mix = self.lib.sa_gait_mix(ctypes.byref(walk), ctypes.byref(run), t)
        self.assertAlmostEqual(self.lib.sa_gait_ground_speed(ctypes.byref(mix)), 250.0, delta=0.05)
        self.assertTrue(self.lib.sa_gait_sample(ctypes.byref(walk), 0.1).planted)

    def test_spring_and_squash(self):
        if not self.lib.has("sa_spring2_step") or not self.lib.has("sa_squash_point"):
            self.skipTest("spring.h or squash.h not in this build")
        s = self.lib.sa_spring2_at_rest(sa.v2(0, 0))
        for _ in range(300):
            self.lib.sa_spring2_step(ctypes.byref(s), sa.v2(10, -5), 260.0, 26.0, DT)
        self.assertAlmostEqual(s.pos.x, 10.0, delta=1e-2)
        sq = self.lib.sa_squash_make(sa.v2(0, 0), 0.82, 0.7)
        foot = self.lib.sa_squash_point(sq, sa.v2(5, 0))
        self.assertAlmostEqual(foot.y, 0.0)  # the ground point stays on the ground
        self.assertAlmostEqual(sq.sx, 1 + (1 - 0.82) * 0.7, delta=1e-5)

    def test_verlet_chain_keeps_its_spacing(self):
        if not self.lib.has("sa_verlet_chain_step"):
            self.skipTest("verlet.h not in this build")
        pts = (sa.VerletPoint * 4)()
        config = self.lib.sa_verlet_config_default()
        self.lib.sa_verlet_chain_init(pts, 4, sa.v2(0, 0), sa.v2(-1, 0), 9.0)
        for k in range(240):
            self.lib.sa_verlet_chain_step(pts, 4, sa.v2(math.sin(k * 0.1) * 20, 0),
                                          ctypes.byref(config), DT)
        for i in range(3):
            self.assertAlmostEqual(dist(pts[i].pos, pts[i + 1].pos), 9.0, delta=0.5)

    def test_limb_outline_is_closed_and_tapers(self):
        cfg = self.lib.sa_limb_config_default()
        out = self.lib.limb_outline(sa.v2(0, 0), sa.v2(8, 37), sa.v2(0, 74), cfg)
        self.assertEqual(len(out), 2 * (2 * cfg.bone_samples + 1) + 2 * cfg.cap_samples + 1)
        self.assertEqual((out[0].x, out[0].y), (out[-1].x, out[-1].y))
        m = 2 * cfg.bone_samples + 1
        right_root = 2 * m + cfg.cap_samples - 1
        self.assertAlmostEqual(dist(out[0], out[right_root]), cfg.root_width, delta=1e-3)
        self.assertAlmostEqual(dist(out[m - 1], out[m + cfg.cap_samples]), cfg.tip_width, delta=1e-3)
        n = self.lib.sa_limb_outline(sa.v2(0, 0), sa.v2(1, 1), sa.v2(2, 2), ctypes.byref(cfg),
                                     (sa.Vec2 * 3)(), 3)
        self.assertEqual(n, 0)  # too small a buffer: nothing written
        far = self.lib.sa_limb_style_for(sa.SA_LIMB_SIDE_FAR)
        self.assertAlmostEqual(far.opacity, 0.42, delta=1e-6)
        self.assertLess(far.draw_order, self.lib.sa_limb_style_for(sa.SA_LIMB_SIDE_NEAR).draw_order)


def main():
    global LIB
    args = sys.argv[1:]
    path = None
    if "--lib" in args:
        i = args.index("--lib")
        path = args[i + 1]
        del args[i:i + 2]
    LIB = sa.Library(path)
    print("libstickanim %s from %s%s" % (LIB.version(), LIB.path,
          (" (not bound: %s)" % ", ".join(LIB.missing)) if LIB.missing else ""))
    unittest.main(argv=[sys.argv[0]] + args)


if __name__ == "__main__":
    main()
