// The generated JS binding (bindings/js/stickanim.mjs) in Node: loads the wasm module (the
// committed examples/web/stickanim.wasm, or STICKANIM_WASM), checks the ABI, walks a figure
// 120 frames and checks what the C tests check. Run: node --test bindings/js/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as S from '../stickanim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmPath = process.env.STICKANIM_WASM || path.join(here, '..', '..', '..', 'examples', 'web', 'stickanim.wasm');
const sa = await S.load(readFileSync(wasmPath));

test('load checks the ABI: version, every struct, every function', () => {
  assert.equal(sa.sa_abi_version(), S.ABI_VERSION);
  assert.equal(S.ABI_VERSION, S.SA_ABI_VERSION);
  assert.equal(sa.checkAbi(), S.ABI_VERSION);
  assert.deepEqual(sa.missing, [], 'every sa_* function of the binding is exported');
  assert.deepEqual(sa.imports, [], 'the module imports nothing');
  const classes = Object.values(S).filter(v => typeof v === 'function' && v.prototype instanceof S.Struct);
  assert.equal(classes.length, S.SA_ABI_TYPE_COUNT_, 'a class for every struct');
  for (const C of classes) {
    assert.equal(sa.sa_abi_type_size(C.ABI_TYPE), C.SIZE, C.C_NAME);
    assert.equal(sa.sa_abi_type_align(C.ABI_TYPE), C.ALIGN, C.C_NAME);
    assert.equal(sa.sa_abi_type_name(C.ABI_TYPE), C.C_NAME);
  }
});

test('a struct that drifted from the module is refused, naming it', () => {
  class ShortPose extends S.Struct {}
  Object.assign(ShortPose, { C_NAME: 'sa_figure_pose', SIZE: S.SaFigurePose.SIZE - 4,
    ALIGN: S.SaFigurePose.ALIGN, ABI_TYPE: S.SA_ABI_TYPE_FIGURE_POSE });
  assert.throws(() => sa.checkAbi([ShortPose]), e => e instanceof S.AbiMismatch && /sa_figure_pose/.test(e.message));
});

test('a figure walks 120 frames: joints finite, bones keep their length', () => {
  const fig = new sa.SaFigure();
  assert.equal(sa.sa_figure_init(fig, null), S.SA_OK);
  const input = sa.sa_figure_input_default();
  input.motion = S.SaFigureMotion.WALK;
  const bones = sa.SaFigureBone.array(S.SA_FIGURE_BONE_COUNT);
  assert.equal(sa.sa_figure_bones(null, bones, bones.length), S.SA_FIGURE_BONE_COUNT);
  let worst = 0, pose = null;
  for (let frame = 0; frame < 120; frame++) {
    sa.sa_figure_update(fig, input, 1 / 60);
    pose = sa.sa_figure_get_pose(fig);
    for (const v of [...pose.joints, ...pose.unsquashed, ...pose.hair]) assert.ok(Number.isFinite(v), `frame ${frame}`);
    const u = pose.unsquashed;
    for (const b of bones) {
      const d = Math.hypot(u[2 * b.from] - u[2 * b.to], u[2 * b.from + 1] - u[2 * b.to + 1]);
      worst = Math.max(worst, Math.abs(d - b.length));
    }
  }
  assert.ok(worst < 1e-3, `a bone changed length by ${worst}`);
  assert.ok(Math.abs(pose.ground_speed - 106.45) < 0.5, `walk ground speed ${pose.ground_speed}`);
  assert.equal(pose.motion, S.SaFigureMotion.WALK);
  assert.equal(pose.joints.length, 2 * S.SA_FIGURE_JOINT_COUNT);
  assert.equal(fig.pose.ptr, pose.ptr, 'sa_figure_get_pose points into the figure at the JSON offset');
  bones.free();
  fig.free();
  input.free();
});

test('structs by value, plain objects, strings, enums', () => {
  const knee = sa.sa_ik_two_bone({ x: 0, y: 0 }, new sa.SaVec2({ x: 10, y: 60 }), 37, 37, -1);
  assert.ok(Math.abs(Math.hypot(knee.x, knee.y) - 37) < 1e-3);
  assert.deepEqual(sa.sa_figure_config_default().toObject().thigh, 37);
  assert.equal(sa.sa_figure_joint_name(S.SA_FIGURE_JOINT_KNEE_NEAR), 'knee near');
  assert.equal(sa.sa_figure_motion_name(-1), 'unknown');
  assert.equal(sa.sa_status_string(S.SaStatus.ERR_NULL).length > 0, true);
  assert.ok(Object.isFrozen(S.SaFigureMotion));
  assert.equal(S.SaFigureMotion.SPEAR_RUN, S.SA_FIGURE_MOTION_SPEAR_RUN);
  assert.equal(sa.sa_figure_init(null, null), S.SaStatus.ERR_NULL);
  const cfg = sa.sa_verlet_config_default();
  assert.equal(cfg.iterations, S.SA_VERLET_DEFAULT_ITERATIONS);
  const copy = new sa.SaVerletConfig(cfg);
  assert.deepEqual(copy.toObject(), cfg.toObject());
  assert.throws(() => copy.set({ nope: 1 }), TypeError);
});
