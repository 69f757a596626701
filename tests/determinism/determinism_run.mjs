// The determinism script, wasm side: determinism_run.c's script through the JS binding over the
// wasm module (STICKANIM_WASM, else the committed examples/web/stickanim.wasm), printing the same
// lines. check.sh compares the two outputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as S from '../../bindings/js/stickanim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const wasmPath = process.env.STICKANIM_WASM || path.join(here, '..', '..', 'examples', 'web', 'stickanim.wasm');
const sa = await S.load(readFileSync(wasmPath));
const JOINTS = 20, FRAMES = 30, CLIPS = 3, STEPS = 128, FIGURE_FRAMES = 240;
const f32 = Math.fround;
const lines = [];

function fnv1a(ptr, size) {
  const bytes = new Uint8Array(sa.memory.buffer, ptr, size);
  let h = 2166136261;
  for (let i = 0; i < size; i++) h = Math.imul(h ^ bytes[i], 16777619) >>> 0;
  return h >>> 0;
}
const hex = h => (h >>> 0).toString(16).padStart(8, '0');

function runFigures() {
  const dt = 1 / 60; // rounded to float once by the call, as (float)(1.0 / 60.0)
  for (let m = 0; m < S.SA_FIGURE_MOTION_COUNT_; m++) {
    const fig = new sa.SaFigure();
    sa.sa_figure_init(fig, null);
    const input = sa.sa_figure_input_default();
    input.motion = m;
    for (let f = 0; f < FIGURE_FRAMES; f++) {
      sa.sa_figure_update(fig, input, dt);
      const p = sa.sa_figure_get_pose(fig);
      let h = fnv1a(p.ptr + 0, 128);
      h = (h ^ Math.imul(fnv1a(p.ptr + 128, 128), 3)) >>> 0;
      h = (h ^ Math.imul(fnv1a(p.ptr + 256, 32), 5)) >>> 0;
      lines.push(`figure${m} ${f} ${hex(h)}`);
    }
    fig.free();
  }
}

// determinism_run.c's run_crowd(): one figure a motion through sa_figure_update_many().
function runCrowd() {
  const n = S.SA_FIGURE_MOTION_COUNT_;
  const figs = sa.SaFigure.array(n), inputs = sa.SaFigureInput.array(n);
  const def = sa.sa_figure_input_default();
  for (let m = 0; m < n; m++) {
    sa.sa_figure_init(figs.get(m), null);
    const input = inputs.get(m);
    input.set(def);
    input.motion = m;
    for (let f = 0; f < m % 3; f++) sa.sa_figure_update(figs.get(m), input, 1 / 144);
  }
  const dts = [1 / 60, 1 / 144, 1 / 30];
  for (let f = 0; f < FIGURE_FRAMES; f++) {
    sa.sa_figure_update_many(figs, n, inputs, n, dts[f % 3]);
    let h = 0;
    for (let m = 0; m < n; m++) {
      const p = sa.sa_figure_get_pose(figs.get(m));
      h = (h ^ Math.imul(fnv1a(p.ptr + 0, 128), 2 * m + 1)) >>> 0;
      h = (h ^ Math.imul(fnv1a(p.ptr + 256, 32), 5)) >>> 0;
    }
    lines.push(`crowd ${f} ${hex(h)}`);
  }
  figs.free();
  inputs.free();
}

function runPose3d() {
  const parentsList = [-1, 0, 1, 2, 3, 4, 3, 6, 7, 8, 3, 10, 11, 12, 0, 14, 15, 0, 17, 18];
  const parents = sa.alloc(4 * JOINTS, 4);
  for (let j = 0; j < JOINTS; j++) sa._dv().setInt32(parents + 4 * j, parentsList[j], true);
  const rest = sa.SaTransform.array(JOINTS);
  for (let j = 0; j < JOINTS; j++) {
    rest.get(j).set({ translation: { x: f32(0.125 * (j % 3) - 0.125), y: 0.25, z: 0 },
      rotation: { x: 0, y: 0, z: 0, w: 1 }, scale: { x: 1, y: 1, z: 1 } });
  }
  const sk = new sa.SaSkeleton();
  sa.sa_skeleton_init(sk, parents, rest, null, JOINTS);
  const clips = [], sampled = [];
  for (let c = 0; c < CLIPS; c++) {
    const frames = sa.SaTransform.array(FRAMES * JOINTS);
    for (let f = 0; f < FRAMES; f++) {
      for (let j = 0; j < JOINTS; j++) {
        const angle = f32(f32((f * JOINTS + j) * f32(0.01)) * (c + 1));
        const q = sa.sa_quat_from_axis_angle({ x: 1, y: 0.125 * (j % 3), z: 0 }, angle);
        const t = frames.get(f * JOINTS + j);
        t.set(rest.get(j).toObject());
        t.rotation.set(q.toObject ? q.toObject() : q);
      }
    }
    const clip = new sa.SaClip();
    sa.sa_clip_init(clip, frames, FRAMES, JOINTS, 30, true);
    clips.push(clip);
    sampled.push(sa.SaTransform.array(JOINTS));
  }
  const blended = sa.SaTransform.array(JOINTS), model = sa.SaTransform.array(JOINTS);
  const layers = sa.SaPoseLayer.array(CLIPS);
  const blend = new sa.SaPoseBlendJob(), l2m = new sa.SaSkeletonLocalToModelJob();
  for (let i = 0; i < STEPS; i++) {
    for (let c = 0; c < CLIPS; c++) sa.sa_clip_sample_time(clips[c], (i * (c + 1)) * 0.015625, sampled[c], JOINTS);
    const weights = [0.5, 0.25 + 0.125 * (i % 3), 0.125];
    for (let c = 0; c < CLIPS; c++) {
      const l = layers.get(c);
      l.pose = sampled[c];
      l.weight = weights[c];
      l.joint_weights = null;
    }
    blend.set({ layers: layers.ptr, layer_count: CLIPS, rest: rest.ptr, joint_count: JOINTS,
      out: blended.ptr, capacity: JOINTS });
    sa.sa_pose_blend_run(blend);
    l2m.set({ skeleton: sk.ptr, local: blended.ptr, root: 0, out: model.ptr, capacity: JOINTS });
    sa.sa_skeleton_local_to_model_run(l2m);
    lines.push(`pose3d ${i} ${hex(fnv1a(model.ptr, 40 * JOINTS))}`);
  }
}

runFigures();
runCrowd();
runPose3d();
process.stdout.write(lines.join('\n') + '\n');
