"""ctypes binding of libstickanim's shared library: the stick figure and the solvers.

The C API was made for this: plain structs of floats and 32-bit integers, enums pinned to 32 bits,
no callbacks, no allocation. Each struct below mirrors its C header field by field, and loading
checks the mirror against the library (abi.h): the library's sa_abi_version() must be the
SA_ABI_VERSION this file was written for, and every mirrored struct must have the library's size
and alignment (sa_abi_type_size / sa_abi_type_align); otherwise Library() raises AbiMismatch
saying which struct differs. Names (joints, motions) and the figure's bones come from the library.

Finding the library: the STICKANIM_LIB environment variable (a path to libstickanim.so, set by
CTest), else load(path), else the system's search (ctypes.util.find_library).
"""

import ctypes
import ctypes.util
import os

c_float, c_int32, c_uint32, c_size_t, c_bool = (
    ctypes.c_float, ctypes.c_int32, ctypes.c_uint32, ctypes.c_size_t, ctypes.c_bool)

# ---- enums (values are the C ones, stable across versions) ----------------------------------
SA_OK, SA_ERR_NULL, SA_ERR_COUNT, SA_ERR_UNSORTED, SA_ERR_NOT_FINITE = 0, 1, 2, 3, 4
SA_ERR_PARENT_ORDER, SA_ERR_CAPACITY, SA_ERR_TOO_MANY_JOINTS, SA_ERR_RANGE, SA_ERR_MISMATCH = 5, 6, 7, 8, 9

(SA_FIGURE_MOTION_IDLE, SA_FIGURE_MOTION_WALK, SA_FIGURE_MOTION_RUN, SA_FIGURE_MOTION_LOCOMOTE,
 SA_FIGURE_MOTION_THROW, SA_FIGURE_MOTION_JUMP, SA_FIGURE_MOTION_SPEAR_FORM,
 SA_FIGURE_MOTION_SPEAR_RUN, SA_FIGURE_MOTION_WAVE) = range(9)
SA_FIGURE_MOTION_COUNT = 9  # motions are 0 .. SA_FIGURE_MOTION_COUNT - 1; Library.motion_name names them

(SA_FIGURE_JOINT_PELVIS, SA_FIGURE_JOINT_HIP, SA_FIGURE_JOINT_CHEST, SA_FIGURE_JOINT_SHOULDER, SA_FIGURE_JOINT_NECK, SA_FIGURE_JOINT_HEAD,
 SA_FIGURE_JOINT_KNEE_NEAR, SA_FIGURE_JOINT_KNEE_FAR, SA_FIGURE_JOINT_FOOT_NEAR, SA_FIGURE_JOINT_FOOT_FAR, SA_FIGURE_JOINT_ELBOW_NEAR,
 SA_FIGURE_JOINT_ELBOW_FAR, SA_FIGURE_JOINT_HAND_NEAR, SA_FIGURE_JOINT_HAND_FAR, SA_FIGURE_JOINT_SPEAR_BUTT,
 SA_FIGURE_JOINT_SPEAR_TIP) = range(16)
SA_FIGURE_JOINT_COUNT = 16
SA_VERLET_HAIR_POINTS = 4
SA_FADE_MAX_LAYERS = 8
SA_FIGURE_PARAM_FLOATS = 22  # sa_figure_params is a plain array of this many floats

SA_LIMB_SIDE_FAR, SA_LIMB_SIDE_NEAR = 0, 1
SA_FIGURE_SIDE_CENTRE, SA_FIGURE_SIDE_NEAR, SA_FIGURE_SIDE_FAR = 0, 1, 2
SA_FIGURE_BONE_COUNT = 12

# abi.h: the ABI version this file mirrors, and the sa_abi_type numbers of the structs it mirrors.
SA_ABI_VERSION = 2
SA_ABI_TYPE_VEC2, SA_ABI_TYPE_IK_ARM_POSE, SA_ABI_TYPE_GAIT, SA_ABI_TYPE_GAIT_FOOT = 0, 4, 7, 8
SA_ABI_TYPE_TRACK_KEY, SA_ABI_TYPE_SQUASH, SA_ABI_TYPE_SPRING1, SA_ABI_TYPE_SPRING2 = 9, 11, 12, 13
SA_ABI_TYPE_VERLET_POINT, SA_ABI_TYPE_VERLET_CONFIG, SA_ABI_TYPE_FADE_LAYER = 14, 15, 16
SA_ABI_TYPE_FADE, SA_ABI_TYPE_LIMB_CONFIG, SA_ABI_TYPE_LIMB_STYLE = 17, 37, 38
SA_ABI_TYPE_FIGURE_CONFIG, SA_ABI_TYPE_FIGURE_INPUT, SA_ABI_TYPE_FIGURE_BONE = 39, 40, 41
SA_ABI_TYPE_FIGURE_CONTACT, SA_ABI_TYPE_FIGURE_POSE, SA_ABI_TYPE_FIGURE_HEAD = 43, 44, 45
SA_ABI_TYPE_FIGURE_FOOT_LOCK, SA_ABI_TYPE_FIGURE = 46, 47


# ---- structs --------------------------------------------------------------------------------
class Vec2(ctypes.Structure):
    _fields_ = [("x", c_float), ("y", c_float)]

    def __iter__(self):
        return iter((self.x, self.y))

    def __repr__(self):
        return "Vec2(%.3f, %.3f)" % (self.x, self.y)


class ArmPose(ctypes.Structure):
    _fields_ = [("elbow", Vec2), ("hand", Vec2)]


class Gait(ctypes.Structure):
    _fields_ = [(n, c_float) for n in
                ("stride", "cadence", "duty", "step_height", "bob", "bob_shift", "lean")]


class Foot(ctypes.Structure):
    _fields_ = [("x", c_float), ("lift", c_float), ("planted", c_bool)]


class Key(ctypes.Structure):
    _fields_ = [("t", c_float), ("v", c_float), ("ease", c_int32)]


class Spring1(ctypes.Structure):
    _fields_ = [("pos", c_float), ("vel", c_float)]


class Spring2(ctypes.Structure):
    _fields_ = [("pos", Vec2), ("vel", Vec2)]


class Squash(ctypes.Structure):
    _fields_ = [("pivot", Vec2), ("sx", c_float), ("sy", c_float)]


class VerletPoint(ctypes.Structure):
    _fields_ = [("pos", Vec2), ("prev", Vec2)]


class VerletConfig(ctypes.Structure):
    _fields_ = [("spacing", c_float), ("drag", c_float), ("accel", Vec2),
                ("iterations", c_size_t)]


class FadeLayer(ctypes.Structure):
    _fields_ = [("id", c_int32), ("weight", c_float), ("time", c_float), ("user", c_float * 2)]


class Fade(ctypes.Structure):
    _fields_ = [("layers", FadeLayer * SA_FADE_MAX_LAYERS), ("count", ctypes.c_size_t)]


class LimbConfig(ctypes.Structure):
    _fields_ = [("root_width", c_float), ("tip_width", c_float),
                ("bone_samples", c_size_t), ("cap_samples", c_size_t)]


class LimbStyle(ctypes.Structure):
    _fields_ = [("width_scale", c_float), ("shade", c_float), ("opacity", c_float),
                ("draw_order", c_uint32)]


class FigureConfig(ctypes.Structure):
    _fields_ = [(n, c_float) for n in (
        "spine", "neck", "head_radius", "upper_arm", "forearm", "thigh", "shin", "hip_height",
        "spear_length", "fade_rate", "gait_rate", "head_stiffness", "head_damping")] + [
        ("hair", c_bool)] + [(n, c_float) for n in ("hair_spacing", "hair_drag", "hair_jump_kick")]


class FigureInput(ctypes.Structure):
    _fields_ = [("motion", c_int32), ("speed", c_float), ("jump", c_uint32), ("thrust", c_uint32)]


class FigureContact(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("planted", c_bool)]


class FigurePose(ctypes.Structure):
    _fields_ = [("joints", Vec2 * SA_FIGURE_JOINT_COUNT), ("unsquashed", Vec2 * SA_FIGURE_JOINT_COUNT),
                ("hair", Vec2 * SA_VERLET_HAIR_POINTS), ("head_radius", c_float),
                ("squash", Squash), ("ground_speed", c_float), ("dt", c_float),
                ("motion", c_int32), ("spear", c_float), ("phase", c_float), ("gait", c_float),
                ("thrust", c_float), ("scroll", ctypes.c_double), ("contact", FigureContact * 2),
                ("airborne", c_bool)]


class FigureBone(ctypes.Structure):
    _fields_ = [("from_", c_int32), ("to", c_int32), ("side", c_int32), ("length", c_float)]


class FigureFootLock(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("from_", ctypes.c_double), ("to", ctypes.c_double),
                ("offset", Vec2)] + [(n, c_float) for n in (
                    "from_y", "time", "duration", "lift", "last_x", "last_y")] + [
                ("state", c_uint32)]


class FigureHead(ctypes.Structure):
    _fields_ = [("tilt", Spring1), ("spine", c_float), ("spine_rate", c_float), ("target", c_float),
                ("chest", Vec2), ("chest_vel", Vec2), ("hair_accel", Vec2)]


class Figure(ctypes.Structure):
    """The caller-owned figure: allocate one in Python, the library never allocates."""
    _fields_ = [("config", FigureConfig), ("merge_offset", c_float * SA_FIGURE_PARAM_FLOATS),
                ("fade", Fade), ("phase", c_float), ("gait", c_float),
                ("thrust_time", c_float), ("jump_seen", c_uint32), ("thrust_seen", c_uint32),
                ("wanted", c_int32), ("substep_lag", c_float),
                ("head", FigureHead), ("hair", VerletPoint * SA_VERLET_HAIR_POINTS),
                ("scroll", ctypes.c_double), ("feet", FigureFootLock * 2),
                ("pose", FigurePose)]


# The mirrored structs and their sa_abi_type: checked against the library at load.
MIRRORED = {
    Vec2: SA_ABI_TYPE_VEC2, ArmPose: SA_ABI_TYPE_IK_ARM_POSE, Gait: SA_ABI_TYPE_GAIT,
    Foot: SA_ABI_TYPE_GAIT_FOOT, Key: SA_ABI_TYPE_TRACK_KEY, Squash: SA_ABI_TYPE_SQUASH,
    Spring1: SA_ABI_TYPE_SPRING1, Spring2: SA_ABI_TYPE_SPRING2,
    VerletPoint: SA_ABI_TYPE_VERLET_POINT, VerletConfig: SA_ABI_TYPE_VERLET_CONFIG,
    FadeLayer: SA_ABI_TYPE_FADE_LAYER, Fade: SA_ABI_TYPE_FADE, LimbConfig: SA_ABI_TYPE_LIMB_CONFIG,
    LimbStyle: SA_ABI_TYPE_LIMB_STYLE, FigureConfig: SA_ABI_TYPE_FIGURE_CONFIG,
    FigureInput: SA_ABI_TYPE_FIGURE_INPUT, FigureBone: SA_ABI_TYPE_FIGURE_BONE,
    FigureContact: SA_ABI_TYPE_FIGURE_CONTACT, FigurePose: SA_ABI_TYPE_FIGURE_POSE,
    FigureHead: SA_ABI_TYPE_FIGURE_HEAD, FigureFootLock: SA_ABI_TYPE_FIGURE_FOOT_LOCK,
    Figure: SA_ABI_TYPE_FIGURE,
}


class AbiMismatch(OSError):
    """The loaded library's ABI is not the one this file mirrors (see abi.h)."""


# ---- loading --------------------------------------------------------------------------------
_P = ctypes.POINTER

# name: (result type, argument types, required)
_SIGNATURES = {
    "sa_version": (ctypes.c_char_p, [], True),
    # abi.h
    "sa_abi_version": (c_int32, [], True),
    "sa_abi_type_size": (c_size_t, [c_int32], True),
    "sa_abi_type_align": (c_size_t, [c_int32], True),
    "sa_abi_type_name": (ctypes.c_char_p, [c_int32], True),
    "sa_status_string": (ctypes.c_char_p, [c_int32], True),
    # ik.h
    "sa_ik_two_bone": (Vec2, [Vec2, Vec2, c_float, c_float, c_float], True),
    "sa_ik_reach_guard": (Vec2, [Vec2, Vec2, c_float, c_float, c_float], True),
    "sa_ik_arm_fk": (ArmPose, [Vec2, c_float, c_float, c_float, c_float], True),
    # gait.h
    "sa_gait_walk": (Gait, [], False),
    "sa_gait_run": (Gait, [], False),
    "sa_gait_mix": (Gait, [_P(Gait), _P(Gait), c_float], False),
    "sa_gait_sample": (Foot, [_P(Gait), c_float], False),
    "sa_gait_ground_speed": (c_float, [_P(Gait)], False),
    "sa_gait_mix_for_speed": (c_float, [_P(Gait), _P(Gait), c_float], False),
    # track.h
    "sa_track_sample": (c_float, [_P(Key), c_size_t, c_float], False),
    # spring.h
    "sa_spring2_step": (None, [_P(Spring2), Vec2, c_float, c_float, c_float], False),
    "sa_spring2_at_rest": (Spring2, [Vec2], False),
    # squash.h
    "sa_squash_make": (Squash, [Vec2, c_float, c_float], False),
    "sa_squash_point": (Vec2, [Squash, Vec2], False),
    # verlet.h
    "sa_verlet_config_default": (VerletConfig, [], False),
    "sa_verlet_chain_init": (c_int32, [_P(VerletPoint), c_size_t, Vec2, Vec2, c_float], False),
    "sa_verlet_chain_step": (None, [_P(VerletPoint), c_size_t, Vec2, _P(VerletConfig), c_float],
                             False),
    # limb.h
    "sa_limb_config_default": (LimbConfig, [], True),
    "sa_limb_outline": (c_size_t, [Vec2, Vec2, Vec2, _P(LimbConfig), _P(Vec2), c_size_t], True),
    "sa_limb_style_for": (LimbStyle, [c_int32], True),
    # figure.h
    "sa_figure_config_default": (FigureConfig, [], True),
    "sa_figure_config_validate": (c_int32, [_P(FigureConfig)], True),
    "sa_figure_input_default": (FigureInput, [], True),
    "sa_figure_init": (c_int32, [_P(Figure), _P(FigureConfig)], True),
    "sa_figure_update": (None, [_P(Figure), _P(FigureInput), c_float], True),
    "sa_figure_get_pose": (_P(FigurePose), [_P(Figure)], True),
    "sa_figure_motion_name": (ctypes.c_char_p, [c_int32], True),
    "sa_figure_joint_name": (ctypes.c_char_p, [c_int32], True),
    "sa_figure_bones": (c_size_t, [_P(FigureConfig), _P(FigureBone), c_size_t], True),
}


def check_abi(lib, mirrored=None):
    """Raises AbiMismatch unless the library's ABI version and the size and alignment of every
    mirrored struct are the ones this file was written for."""
    try:
        version = lib.sa_abi_version()
    except AttributeError:
        raise AbiMismatch("%s has no sa_abi_version(): it predates ABI version %d that "
                          "stickanim.py mirrors" % (lib._name, SA_ABI_VERSION)) from None
    if version != SA_ABI_VERSION:
        raise AbiMismatch("%s has ABI version %d, stickanim.py mirrors version %d: use the "
                          "stickanim.py of the same build" % (lib._name, version, SA_ABI_VERSION))
    wrong = []
    for cls, t in (mirrored or MIRRORED).items():
        size, align = lib.sa_abi_type_size(t), lib.sa_abi_type_align(t)
        if (size, align) != (ctypes.sizeof(cls), ctypes.alignment(cls)):
            wrong.append("%s: library %d bytes (align %d), stickanim.py %s %d bytes (align %d)" % (
                lib.sa_abi_type_name(t).decode(), size, align, cls.__name__,
                ctypes.sizeof(cls), ctypes.alignment(cls)))
    if wrong:
        raise AbiMismatch("stickanim.py's structs differ from %s's (ABI version %d):\n  %s" % (
            lib._name, version, "\n  ".join(wrong)))


class Library:
    """The loaded library: every C function under its C name (sa_...)."""

    def __init__(self, path=None):
        path = path or os.environ.get("STICKANIM_LIB") or ctypes.util.find_library("stickanim")
        if not path:
            raise OSError("libstickanim not found: set STICKANIM_LIB to the path of libstickanim.so")
        self.path = path
        self._lib = ctypes.CDLL(path)
        for name in ("sa_abi_version", "sa_abi_type_size", "sa_abi_type_align", "sa_abi_type_name"):
            fn = getattr(self._lib, name, None)
            if fn is not None:
                fn.restype, fn.argtypes = _SIGNATURES[name][0], _SIGNATURES[name][1]
        check_abi(self._lib)
        self.missing = []
        for name, (res, args, required) in _SIGNATURES.items():
            try:
                fn = getattr(self._lib, name)
            except AttributeError:
                if required:
                    raise
                self.missing.append(name)
                continue
            fn.restype = res
            fn.argtypes = args
            setattr(self, name, fn)

    def has(self, name):
        return hasattr(self, name)

    def version(self):
        return self.sa_version().decode()

    def motion_name(self, motion):
        """The motion's name from the library's motion table ("walk", ...; "unknown" if none)."""
        return self.sa_figure_motion_name(motion).decode()

    def joint_name(self, joint):
        """The joint's name from the library ("pelvis", "knee near", ...; "unknown" if none)."""
        return self.sa_figure_joint_name(joint).decode()

    def bones(self, config=None):
        """The figure's bones from the library, back to front: a list of FigureBone (from_, to,
        side, length for `config`, default the reference figure)."""
        buf = (FigureBone * SA_FIGURE_BONE_COUNT)()
        cfg = ctypes.byref(config) if config is not None else None
        n = self.sa_figure_bones(cfg, buf, SA_FIGURE_BONE_COUNT)
        return list(buf[:n])

    def limb_outline(self, root, middle, tip, config=None):
        """The ribbon outline as a list of Vec2 (sized with the library's own size query)."""
        cfg = config or self.sa_limb_config_default()
        n = self.sa_limb_outline(root, middle, tip, ctypes.byref(cfg), None, 0)  # count only
        if n == 0:
            raise ValueError("limb config out of range (bone_samples or cap_samples)")
        buf = (Vec2 * n)()
        written = self.sa_limb_outline(root, middle, tip, ctypes.byref(cfg), buf, n)
        return list(buf[:written])


class StickFigure:
    """A figure in Python: the C struct lives in this object; update() and pose() call the C API."""

    def __init__(self, lib, config=None):
        self.lib = lib
        self.fig = Figure()
        self.input = lib.sa_figure_input_default()
        cfg = config if config is not None else lib.sa_figure_config_default()
        self.config = cfg
        status = lib.sa_figure_init(ctypes.byref(self.fig), ctypes.byref(cfg))
        if status != SA_OK:
            raise ValueError(lib.sa_status_string(status).decode())

    def update(self, dt, motion=None, speed=None):
        if motion is not None:
            self.input.motion = motion
        if speed is not None:
            self.input.speed = speed
        self.lib.sa_figure_update(ctypes.byref(self.fig), ctypes.byref(self.input), dt)
        return self.pose()

    def jump(self):
        self.input.jump = (self.input.jump + 1) & 0xFFFFFFFF

    def thrust(self):
        self.input.thrust = (self.input.thrust + 1) & 0xFFFFFFFF

    def pose(self):
        return self.lib.sa_figure_get_pose(ctypes.byref(self.fig)).contents


def v2(x, y):
    return Vec2(x, y)
