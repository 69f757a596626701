#!/usr/bin/env node
// Writes the web example's glTF character, so no third-party asset is committed:
//
//   examples/web/character.gltf      a small skinned biped (glTF 2.0, one embedded buffer)
//   examples/web/character_gltf.js   the same JSON as a classic script (window.STICKANIM_CHARACTER_GLTF)
//                                    for gltf.html opened from file://, where fetch() is refused
//
// The biped: 19 joints with Blender-style names (hips, spine, chest, head, upper_arm.L,
// forearm.L, hand.L, thigh.L, shin.L, foot.L, toe.L and the right side), y up, metres, facing +Z,
// a low-poly mesh of boxes (one per bone, the ends at knees, elbows and hips weighted half to the
// parent so the skin bends), COLOR_0 (left limbs blue, right limbs orange), and three looping
// clips as a real export has them: keys on a 24 fps grid plus an exact last key, keys that linear
// interpolation reproduces dropped (so the spacing is uneven, with gaps of up to 0.2 s), the end
// key duplicating the first:
//   Idle  2.4 s, breathing, CUBICSPLINE samplers;
//   Walk  1.0 s, 1.1 m/s (stride 1.1 m), feet down 60% of the cycle, left touchdown at phase 0;
//   Run   0.7 s, 3.0 m/s (stride 2.1 m), feet down 35% (a flight phase), left touchdown at 0.3,
//         so walk and run touch down at different phases and only sync markers keep them in step.
// Legs are placed with two-bone IK so a planted foot moves back at exactly the clip's speed.
//
// usage: node scripts/gen_character.mjs            (write both files)
//        node scripts/gen_character.mjs --check    (exit 1 when the committed files are stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_GLTF = join(root, 'examples', 'web', 'character.gltf');
const OUT_JS = join(root, 'examples', 'web', 'character_gltf.js');

// Rounded to 6 decimals first, so libm differences between Node versions do not change the file.
const r6 = x => Math.fround(Math.round(x * 1e6) / 1e6);

// ---- skeleton ------------------------------------------------------------------------------
const HIP_Y = 1.0, THIGH = 0.45, SHIN = 0.44, HIP_X = 0.1, HIP_DROP = 0.05;
const ANKLE_Y = HIP_Y - HIP_DROP - THIGH - SHIN; // 0.06
const joints = [
  ['root', -1, [0, 0, 0]],
  ['hips', 0, [0, HIP_Y, 0]],
  ['spine', 1, [0, 0.12, 0]],
  ['chest', 2, [0, 0.2, 0]],
  ['head', 3, [0, 0.28, 0]],
  ['upper_arm.L', 3, [0.21, 0.2, 0]],
  ['forearm.L', 5, [0, -0.28, 0]],
  ['hand.L', 6, [0, -0.25, 0]],
  ['upper_arm.R', 3, [-0.21, 0.2, 0]],
  ['forearm.R', 8, [0, -0.28, 0]],
  ['hand.R', 9, [0, -0.25, 0]],
  ['thigh.L', 1, [HIP_X, -HIP_DROP, 0]],
  ['shin.L', 11, [0, -THIGH, 0]],
  ['foot.L', 12, [0, -SHIN, 0]],
  ['toe.L', 13, [0, -0.04, 0.13]],
  ['thigh.R', 1, [-HIP_X, -HIP_DROP, 0]],
  ['shin.R', 15, [0, -THIGH, 0]],
  ['foot.R', 16, [0, -SHIN, 0]],
  ['toe.R', 17, [0, -0.04, 0.13]],
];
const J = Object.fromEntries(joints.map(([n], i) => [n, i]));
const modelPos = joints.map(() => [0, 0, 0]);
joints.forEach(([, p, t], i) => {
  const base = p < 0 ? [0, 0, 0] : modelPos[p];
  modelPos[i] = [base[0] + t[0], base[1] + t[1], base[2] + t[2]];
});

// ---- mesh: a box per bone -------------------------------------------------------------------
const pos = [], nrm = [], col = [], jnt = [], wgt = [], idx = [];
const GREY = [0.78, 0.78, 0.74], BLUE = [0.25, 0.45, 0.85], ORANGE = [0.9, 0.5, 0.2],
  SKIN = [0.95, 0.8, 0.65], DARK = [0.3, 0.3, 0.33];
// A box from y0 to y1 (model space), x in cx +/- hx, z in cz +/- hz. `low` and `high` are the
// influences ([[joint, weight], ...]) of the vertices at y0 and y1.
function box(cx, cz, hx, hz, y0, y1, low, high, color) {
  const xs = [cx - hx, cx + hx], zs = [cz - hz, cz + hz], ys = [y0, y1];
  const faces = [ // axis, sign
    [0, -1], [0, 1], [1, -1], [1, 1], [2, -1], [2, 1]];
  for (const [axis, sign] of faces) {
    const base = pos.length / 3;
    const corners = [];
    for (const a of [0, 1]) for (const b of [0, 1]) {
      const c = [0, 0, 0];
      const s = sign > 0 ? 1 : 0;
      if (axis === 0) { c[0] = xs[s]; c[1] = ys[a]; c[2] = zs[b]; }
      if (axis === 1) { c[1] = ys[s]; c[0] = xs[a]; c[2] = zs[b]; }
      if (axis === 2) { c[2] = zs[s]; c[0] = xs[a]; c[1] = ys[b]; }
      corners.push(c);
    }
    for (const c of corners) {
      pos.push(...c);
      const n = [0, 0, 0]; n[axis] = sign; nrm.push(...n);
      col.push(...color);
      const inf = Math.abs(c[1] - y1) < 1e-6 ? high : low;
      const js = [0, 0, 0, 0], ws = [0, 0, 0, 0];
      inf.forEach(([j, w], k) => { js[k] = j; ws[k] = w; });
      jnt.push(...js); wgt.push(...ws);
    }
    // Counter-clockwise seen from outside.
    const cross = (() => {
      const [p0, p1, p2] = corners;
      const u = p1.map((v, i) => v - p0[i]), v = p2.map((w, i) => w - p0[i]);
      const c = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      return c[axis] * sign;
    })();
    if (cross > 0) idx.push(base, base + 1, base + 2, base + 2, base + 1, base + 3);
    else idx.push(base, base + 2, base + 1, base + 1, base + 2, base + 3);
  }
}
const at = n => modelPos[J[n]];
const one = n => [[J[n], 1]];
const half = (a, b) => [[J[a], 0.5], [J[b], 0.5]];
box(0, 0, 0.17, 0.1, at('hips')[1] - 0.1, at('spine')[1], one('hips'), half('hips', 'spine'), GREY);
box(0, 0, 0.16, 0.1, at('spine')[1], at('chest')[1], half('hips', 'spine'), half('spine', 'chest'), GREY);
box(0, 0, 0.2, 0.11, at('chest')[1], at('head')[1] - 0.03, half('spine', 'chest'), one('chest'), GREY);
box(0, 0.01, 0.1, 0.11, at('head')[1], at('head')[1] + 0.24, one('head'), one('head'), SKIN);
box(0, 0.1, 0.06, 0.02, at('head')[1] + 0.08, at('head')[1] + 0.16, one('head'), one('head'), DARK); // a nose to see the facing
for (const [s, c] of [['L', BLUE], ['R', ORANGE]]) {
  const ua = at('upper_arm.' + s), fa = at('forearm.' + s), ha = at('hand.' + s);
  box(ua[0], 0, 0.05, 0.05, fa[1], ua[1] + 0.03, half('upper_arm.' + s, 'forearm.' + s), one('upper_arm.' + s), c);
  box(fa[0], 0, 0.045, 0.045, ha[1], fa[1], one('forearm.' + s), half('upper_arm.' + s, 'forearm.' + s), c);
  box(ha[0], 0, 0.04, 0.03, ha[1] - 0.1, ha[1], one('hand.' + s), one('hand.' + s), SKIN);
  const th = at('thigh.' + s), sh = at('shin.' + s), ft = at('foot.' + s);
  box(th[0], 0, 0.075, 0.08, sh[1], th[1] + 0.06, half('thigh.' + s, 'shin.' + s), half('hips', 'thigh.' + s), c);
  box(sh[0], 0, 0.06, 0.065, ft[1], sh[1], one('shin.' + s), half('thigh.' + s, 'shin.' + s), c);
  box(ft[0], 0.04, 0.055, 0.09, 0.0, ft[1] + 0.03, one('foot.' + s), one('foot.' + s), DARK);
  box(ft[0], 0.16, 0.05, 0.035, 0.0, 0.05, one('toe.' + s), one('toe.' + s), DARK);
}

// ---- animation ------------------------------------------------------------------------------
const qx = a => [Math.sin(a / 2), 0, 0, Math.cos(a / 2)];       // about +X (positive tips +Y to +Z)
const qy = a => [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
const qz = a => [0, 0, Math.sin(a / 2), Math.cos(a / 2)];
const qmul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]];
const frac = x => x - Math.floor(x);

// Ankle target (y, z) relative to the body for a foot at cycle phase p (0 = touchdown).
function footTarget(g, p) {
  const half = g.stride * g.duty / 2;
  if (p < g.duty) return [ANKLE_Y, half - g.stride * p];        // planted: moves back at the speed
  // Swing: a cubic whose end slopes keep the foot still on the ground (moving back at the body's
  // speed) at lift-off and at touchdown, so it lands without sliding.
  const u = (p - g.duty) / (1 - g.duty), m = -(1 - g.duty) / g.duty;
  const h = 3 * u * u - 2 * u * u * u + m * (2 * u * u * u - 3 * u * u + u);
  return [ANKLE_Y + g.lift * Math.sin(Math.PI * u), -half + 2 * half * h];
}

// Two-bone IK in the sagittal plane: [thigh angle, shin angle, foot angle] about +X.
function legIk(hipY, target) {
  const dy = target[0] - hipY, dz = target[1];
  let dist = Math.hypot(dy, dz);
  dist = Math.min(dist, THIGH + SHIN - 1e-4);
  const phi = Math.atan2(dz, -dy);       // swing forward (+Z) is a rotation by -phi about +X
  const alpha = Math.acos((THIGH * THIGH + dist * dist - SHIN * SHIN) / (2 * THIGH * dist));
  const beta = Math.acos((THIGH * THIGH + SHIN * SHIN - dist * dist) / (2 * THIGH * SHIN));
  const thigh = -(phi + alpha), shin = Math.PI - beta;
  return [thigh, shin, -(thigh + shin)];
}

// Local TRS of every animated joint at time t of a gait.
function gaitPose(g, t) {
  const c = t / g.period;
  const hipY = g.hip + g.bob * Math.cos(4 * Math.PI * (c - g.left - g.duty / 2));
  const out = { hips: { t: [0, hipY, 0] } };
  const sideOf = { L: g.left, R: g.left + 0.5 };
  for (const s of ['L', 'R']) {
    const p = frac(c - sideOf[s]);
    const [th, sh, ft] = legIk(hipY - HIP_DROP, footTarget(g, p));
    out['thigh.' + s] = { r: qx(th) };
    out['shin.' + s] = { r: qx(sh) };
    out['foot.' + s] = { r: qx(ft) };
    // Arms swing against the legs (the left arm forward while the right foot is planted).
    const swing = g.arm * Math.cos(2 * Math.PI * (c - sideOf[s] - g.duty / 2));
    const out_ = s === 'L' ? 1 : -1;
    out['upper_arm.' + s] = { r: qmul(qz(out_ * 0.12), qx(-swing)) };
    out['forearm.' + s] = { r: qx(-g.elbow) };
  }
  const twist = 0.12 * Math.cos(2 * Math.PI * (c - g.left - g.duty / 2));
  out.spine = { r: qmul(qx(g.lean), qy(0.5 * twist)) };
  out.chest = { r: qy(0.6 * twist) };
  return out;
}

const WALK = { period: 1.0, stride: 1.1, duty: 0.6, left: 0.0, hip: 0.9, bob: 0.015, lift: 0.1, arm: 0.35, elbow: 0.25, lean: 0.04 };
const RUN = { period: 0.7, stride: 2.1, duty: 0.35, left: 0.3, hip: 0.87, bob: -0.03, lift: 0.22, arm: 0.7, elbow: 1.3, lean: 0.16 };

function idlePose(t) {
  const b = Math.sin(2 * Math.PI * t / 2.4);
  const hipY = HIP_Y - 0.03 + 0.006 * b;
  const out = { hips: { t: [0, hipY, 0] } };
  for (const s of ['L', 'R']) {
    const [th, sh, ft] = legIk(hipY - HIP_DROP, [ANKLE_Y, 0]);
    out['thigh.' + s] = { r: qx(th) };
    out['shin.' + s] = { r: qx(sh) };
    out['foot.' + s] = { r: qx(ft) };
    out['upper_arm.' + s] = { r: qz((s === 'L' ? 1 : -1) * (0.1 + 0.02 * b)) };
    out['forearm.' + s] = { r: qx(-0.15) };
  }
  out.chest = { r: qx(-0.03 * b) };
  out.head = { r: qy(0.15 * Math.sin(2 * Math.PI * t / 2.4 * 0.5)) };
  return out;
}

// Keys on a 24 fps grid plus the exact end; keys that linear interpolation reproduces within
// `tol` are dropped, as exporters do.
function keyTimes(duration) {
  const t = [];
  for (let i = 0; i / 24 < duration - 1e-9; ++i) t.push(i / 24);
  t.push(duration);
  return t;
}
function reduce(times, values, comps, tol) {
  const keep = [0];
  for (let i = 1; i < times.length - 1; ++i) {
    const a = keep[keep.length - 1];
    // Can i be dropped, i.e. is every key from a+1 to i on the line from a to i+1?
    let ok = times[i + 1] - times[a] <= 0.21;
    for (let k = a + 1; ok && k <= i; ++k) {
      const u = (times[k] - times[a]) / (times[i + 1] - times[a]);
      for (let c = 0; c < comps; ++c) {
        const lin = values[a * comps + c] + u * (values[(i + 1) * comps + c] - values[a * comps + c]);
        if (Math.abs(lin - values[k * comps + c]) > tol) { ok = false; break; }
      }
    }
    if (!ok) keep.push(i);
  }
  keep.push(times.length - 1);
  return [keep.map(i => times[i]), keep.flatMap(i => values.slice(i * comps, (i + 1) * comps))];
}

function buildClip(name, duration, poseAt, cubic) {
  const times = keyTimes(duration);
  const poses = times.map(t => poseAt(t));
  const channels = [];
  for (const jn of Object.keys(poses[0])) {
    for (const [key, path, comps] of [['t', 'translation', 3], ['r', 'rotation', 4]]) {
      if (!poses[0][jn][key]) continue;
      let vals = poses.flatMap(p => p[jn][key]);
      if (key === 'r') { // one hemisphere, so linear interpolation takes the short way
        for (let i = comps; i < vals.length; i += comps) {
          let d = 0;
          for (let c = 0; c < 4; ++c) d += vals[i + c] * vals[i - comps + c];
          if (d < 0) for (let c = 0; c < 4; ++c) vals[i + c] = -vals[i + c];
        }
      }
      if (cubic) {
        // CUBICSPLINE: in-tangent, value, out-tangent per key (derivatives per second).
        const n = times.length, out = [];
        for (let i = 0; i < n; ++i) {
          const a = Math.max(0, i - 1), b = Math.min(n - 1, i + 1);
          const tan = [];
          for (let c = 0; c < comps; ++c) tan.push((vals[b * comps + c] - vals[a * comps + c]) / (times[b] - times[a]));
          out.push(...tan, ...vals.slice(i * comps, (i + 1) * comps), ...tan);
        }
        channels.push({ joint: J[jn], path, interpolation: 'CUBICSPLINE', times, values: out });
      } else {
        const [t, v] = reduce(times, vals, comps, 2e-4);
        channels.push({ joint: J[jn], path, interpolation: 'LINEAR', times: t, values: v });
      }
    }
  }
  // The root holds still: a STEP channel, as exporters write constant tracks.
  channels.push({ joint: J.root, path: 'translation', interpolation: 'STEP', times: [0, duration], values: [0, 0, 0, 0, 0, 0] });
  return { name, channels };
}

const clips = [
  buildClip('Idle', 2.4, idlePose, true),
  buildClip('Walk', WALK.period, t => gaitPose(WALK, t), false),
  buildClip('Run', RUN.period, t => gaitPose(RUN, t), false),
];

// ---- glTF -----------------------------------------------------------------------------------
const chunks = [];
let byteLength = 0;
const bufferViews = [], accessors = [];
function addView(typed, target) {
  const pad = (4 - (byteLength % 4)) % 4;
  if (pad) { chunks.push(new Uint8Array(pad)); byteLength += pad; }
  const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
  chunks.push(bytes);
  const view = { buffer: 0, byteOffset: byteLength, byteLength: bytes.length };
  if (target) view.target = target;
  byteLength += bytes.length;
  bufferViews.push(view);
  return bufferViews.length - 1;
}
function addAccessor(values, type, componentType, target, minmax) {
  const comps = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 }[type];
  const typed = componentType === 5126 ? new Float32Array(values.map(r6))
    : componentType === 5123 ? new Uint16Array(values) : new Uint8Array(values);
  const a = { bufferView: addView(typed, target), componentType, count: values.length / comps, type };
  if (minmax) {
    a.min = []; a.max = [];
    for (let c = 0; c < comps; ++c) {
      let lo = Infinity, hi = -Infinity;
      for (let i = c; i < typed.length; i += comps) { lo = Math.min(lo, typed[i]); hi = Math.max(hi, typed[i]); }
      a.min.push(lo); a.max.push(hi);
    }
  }
  accessors.push(a);
  return accessors.length - 1;
}

const ARRAY = 34962, ELEMENTS = 34963;
const attributes = {
  POSITION: addAccessor(pos, 'VEC3', 5126, ARRAY, true),
  NORMAL: addAccessor(nrm, 'VEC3', 5126, ARRAY),
  COLOR_0: addAccessor(col, 'VEC3', 5126, ARRAY),
  JOINTS_0: addAccessor(jnt, 'VEC4', 5123, ARRAY),
  WEIGHTS_0: addAccessor(wgt, 'VEC4', 5126, ARRAY),
};
const indices = addAccessor(idx, 'SCALAR', 5123, ELEMENTS);
const ibm = [];
for (const p of modelPos) ibm.push(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p[0], -p[1], -p[2], 1);
const inverseBindMatrices = addAccessor(ibm, 'MAT4', 5126);

const animations = clips.map(clip => {
  const samplers = [], channels = [];
  for (const ch of clip.channels) {
    const input = addAccessor(ch.times, 'SCALAR', 5126, null, true);
    const output = addAccessor(ch.values, ch.path === 'rotation' ? 'VEC4' : 'VEC3', 5126);
    samplers.push({ input, output, interpolation: ch.interpolation });
    channels.push({ sampler: samplers.length - 1, target: { node: ch.joint, path: ch.path } });
  }
  return { name: clip.name, channels, samplers };
});

const nodes = joints.map(([name, , t], i) => {
  const n = { name, translation: t.map(r6) };
  const kids = joints.map(([, p], k) => (p === i ? k : -1)).filter(k => k >= 0);
  if (kids.length) n.children = kids;
  return n;
});
nodes.push({ name: 'Character', mesh: 0, skin: 0 });
nodes.push({ name: 'Armature', children: [J.root, nodes.length - 1] });

const bin = new Uint8Array(byteLength);
let off = 0;
for (const c of chunks) { bin.set(c, off); off += c.length; }

const gltf = {
  asset: { version: '2.0', generator: 'libstickanim scripts/gen_character.mjs' },
  scene: 0,
  scenes: [{ name: 'Scene', nodes: [nodes.length - 1] }],
  nodes,
  meshes: [{ name: 'Character', primitives: [{ attributes, indices, mode: 4 }] }],
  skins: [{ name: 'Armature', joints: joints.map((_, i) => i), skeleton: J.root, inverseBindMatrices }],
  animations,
  accessors,
  bufferViews,
  buffers: [{ byteLength, uri: 'data:application/octet-stream;base64,' + Buffer.from(bin).toString('base64') }],
};

const gltfText = JSON.stringify(gltf) + '\n';
const jsText = '// Generated by scripts/gen_character.mjs: the glTF character as a classic script, for\n' +
  '// gltf.html opened from file:// (where fetch() is refused). Do not edit.\n' +
  'window.STICKANIM_CHARACTER_GLTF = ' + gltfText.trimEnd() + ';\n';

if (process.argv.includes('--check')) {
  let stale = [];
  for (const [path, text] of [[OUT_GLTF, gltfText], [OUT_JS, jsText]]) {
    let have = null;
    try { have = readFileSync(path, 'utf8'); } catch { /* missing */ }
    if (have !== text) stale.push(path);
  }
  if (stale.length) {
    console.error(`gen_character: stale: ${stale.join(', ')}; run node scripts/gen_character.mjs`);
    process.exit(1);
  }
  console.log('gen_character: character.gltf and character_gltf.js are current');
} else {
  writeFileSync(OUT_GLTF, gltfText);
  writeFileSync(OUT_JS, jsText);
  console.log(`gen_character: wrote ${OUT_GLTF} (${joints.length} joints, ${pos.length / 3} vertices, ` +
    `${idx.length / 3} triangles, clips ${clips.map(c => `${c.name} ${c.channels.length} channels`).join(', ')}) and ${OUT_JS}`);
}
