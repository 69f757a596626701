/* The web example's 3D page: a skinned glTF character played by libstickanim and drawn with WebGL.
 *
 * JavaScript parses the .gltf / .glb (the library never does I/O): nodes, the skin (joints,
 * inverse bind matrices), the skinned mesh (POSITION, NORMAL, COLOR_0, JOINTS_0, WEIGHTS_0,
 * indices) and the animations (LINEAR, STEP and CUBICSPLINE samplers). Everything else goes
 * through the generated binding (stickanim_binding.js): the skeleton (sa_skeleton_init), the
 * clips (the clip builder, sa_clip_builder_run, at 30 frames a second with the exact duration),
 * the feet's touchdowns (sa_clip_measure_touchdowns) as the clips' sync markers, the loco blend
 * tree (sa_blend_tree_space_from_loco + sa_blend_tree_space_set_markers: walk and run warped so
 * their feet land together; the speed on a slider), the stride stretch, the mode machine in the
 * inertialization style (a speed step is a switch: the shown pose's offset decays, no pop),
 * footsteps (sa_footsteps_run with each layer's own phase: a mark on the ground where each fires),
 * the model matrices and the skinning job (sa_skin_matrices, sa_skin_run).
 *
 * The generated character (character_gltf.js, from scripts/gen_character.mjs) plays at start; any
 * glTF with a skin and clips dropped on the page (or chosen with the file input) replaces it.
 * window.gltfPage exposes the state for tests. A classic script: no modules, no build step. */
(function () {
  'use strict';

  const DT_CAP = 0.05;       // seconds: a hitch advances at most this much
  const RATE = 30;           // frames a second the clips are built at
  const MAX_MARKERS = 16;    // SA_BLEND_TREE_MAX_MARKERS
  const MAX_MARKS = 48;      // footstep marks kept on the ground
  const T_SIZE = 40;         // sizeof(sa_transform) in wasm32: 10 floats
  const M_SIZE = 64;         // sizeof(sa_mat4)

  const canvas = document.getElementById('view');
  const statusEl = document.getElementById('status');
  const speedEl = document.getElementById('speed');
  const speedOut = document.getElementById('speed_out');
  const selects = { idle: document.getElementById('clip_idle'), walk: document.getElementById('clip_walk'),
    run: document.getElementById('clip_run') };
  const fileEl = document.getElementById('file');

  let sa = null;     // the binding (StickAnim.load)
  let C = null;      // window.StickAnim's constants
  let gl = null, prog = null;
  let ch = null;     // the character being played
  let paused = false;
  let lastError = null;

  function setStatus(text, isError) {
    statusEl.textContent = text;
    statusEl.className = isError ? 'error' : '';
  }

  // ---- small helpers -----------------------------------------------------------------------------
  const f32 = (ptr, n) => new Float32Array(sa.memory.buffer, ptr, n);
  const i32 = (ptr, n) => new Int32Array(sa.memory.buffer, ptr, n);
  const u16 = (ptr, n) => new Uint16Array(sa.memory.buffer, ptr, n);

  function decodeBase64(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  // A joint name cut into lower-case words, as the library does for the stretch joints.
  function words(name) {
    return String(name || '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .replace(/([A-Za-z])([0-9])/g, '$1 $2').replace(/([0-9])([A-Za-z])/g, '$1 $2')
      .toLowerCase().split(/[^a-z0-9]+/).filter(w => w && !/^[0-9]+$/.test(w));
  }

  // ---- glTF parsing ------------------------------------------------------------------------------
  const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
  const READ = {
    5120: [1, (d, o) => d.getInt8(o), 127], 5121: [1, (d, o) => d.getUint8(o), 255],
    5122: [2, (d, o) => d.getInt16(o, true), 32767], 5123: [2, (d, o) => d.getUint16(o, true), 65535],
    5125: [4, (d, o) => d.getUint32(o, true), 0], 5126: [4, (d, o) => d.getFloat32(o, true), 0],
  };

  /** { json, buffers: Uint8Array[] } from a .glb's bytes. */
  function parseGlb(bytes) {
    const d = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (d.getUint32(0, true) !== 0x46546C67) throw new Error('not a .glb (no glTF magic)');
    if (d.getUint32(4, true) !== 2) throw new Error(`glTF binary version ${d.getUint32(4, true)}, not 2`);
    let json = null, bin = null;
    for (let o = 12; o + 8 <= bytes.byteLength;) {
      const len = d.getUint32(o, true), type = d.getUint32(o + 4, true);
      const chunk = bytes.subarray(o + 8, o + 8 + len);
      if (type === 0x4E4F534A) json = JSON.parse(new TextDecoder().decode(chunk));
      else if (type === 0x004E4942 && !bin) bin = chunk;
      o += 8 + len + ((4 - (len % 4)) % 4);
    }
    if (!json) throw new Error('.glb without a JSON chunk');
    return { json, glbBin: bin };
  }

  /** Resolves a glTF's buffers: data: URIs, the .glb's binary chunk, or other files given. */
  function resolveBuffers(json, glbBin, files) {
    return (json.buffers || []).map((b, i) => {
      if (b.uri === undefined) {
        if (i === 0 && glbBin) return glbBin;
        throw new Error(`buffer ${i} has no uri and there is no .glb binary chunk`);
      }
      const m = /^data:[^,]*?(;base64)?,(.*)$/s.exec(b.uri);
      if (m) return m[1] ? decodeBase64(m[2]) : new TextEncoder().encode(decodeURIComponent(m[2]));
      const name = decodeURIComponent(b.uri).split('/').pop();
      const f = files && files.get(name);
      if (!f) throw new Error(`the glTF needs ${name}: drop it together with the .gltf`);
      return f;
    });
  }

  /** An accessor's values as a flat array: Float32Array for floats and normalized integers, else
   *  the integer type. */
  function readAccessor(doc, index) {
    const a = doc.json.accessors[index];
    if (!a) throw new Error(`accessor ${index} is missing`);
    const comps = COMPONENTS[a.type];
    const rd = READ[a.componentType];
    if (!comps || !rd) throw new Error(`accessor ${index}: unknown type ${a.type}/${a.componentType}`);
    const float = a.componentType === 5126 || a.normalized;
    const Out = float ? Float32Array : { 5120: Int8Array, 5121: Uint8Array, 5122: Int16Array,
      5123: Uint16Array, 5125: Uint32Array }[a.componentType];
    const out = new Out(a.count * comps);
    const norm = a.normalized ? rd[2] : 0;
    const put = (i, v) => { out[i] = norm ? Math.max(v / norm, -1) : v; };
    if (a.bufferView !== undefined) {
      const v = doc.json.bufferViews[a.bufferView];
      const buf = doc.buffers[v.buffer];
      const d = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      // Matrices of 1- and 2-byte components pad their columns to 4 bytes; floats never need it.
      const colBytes = a.type.startsWith('MAT') ? Math.ceil(Math.sqrt(comps) * rd[0] / 4) * 4 : 0;
      const rows = a.type.startsWith('MAT') ? Math.sqrt(comps) : comps;
      const elem = colBytes ? colBytes * rows : comps * rd[0];
      const stride = v.byteStride || elem;
      const base = (v.byteOffset || 0) + (a.byteOffset || 0);
      for (let i = 0; i < a.count; i++) {
        for (let c = 0; c < comps; c++) {
          const o = colBytes ? base + i * stride + Math.floor(c / rows) * colBytes + (c % rows) * rd[0]
            : base + i * stride + c * rd[0];
          put(i * comps + c, rd[1](d, o));
        }
      }
    }
    if (a.sparse) {
      const s = a.sparse;
      const idx = readView(doc, s.indices.bufferView, s.indices.byteOffset, s.count, 1, s.indices.componentType);
      const val = readView(doc, s.values.bufferView, s.values.byteOffset, s.count, comps, a.componentType);
      for (let k = 0; k < s.count; k++)
        for (let c = 0; c < comps; c++) put(idx[k] * comps + c, val[k * comps + c]);
    }
    return { data: out, comps, count: a.count };
  }

  function readView(doc, view, offset, count, comps, type) {
    const v = doc.json.bufferViews[view], buf = doc.buffers[v.buffer], rd = READ[type];
    const d = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const out = new Array(count * comps);
    const base = (v.byteOffset || 0) + (offset || 0);
    for (let i = 0; i < count * comps; i++) out[i] = rd[1](d, base + i * rd[0]);
    return out;
  }

  // A node's local transform as translation, rotation (x y z w) and scale.
  function nodeTrs(n) {
    if (n.matrix) {
      const m = n.matrix;
      let sx = Math.hypot(m[0], m[1], m[2]), sy = Math.hypot(m[4], m[5], m[6]), sz = Math.hypot(m[8], m[9], m[10]);
      const det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);
      if (det < 0) sx = -sx;
      const r = [m[0] / sx, m[1] / sx, m[2] / sx, m[4] / sy, m[5] / sy, m[6] / sy, m[8] / sz, m[9] / sz, m[10] / sz];
      // Column-major r: r[0..2] is the first column.
      const tr = r[0] + r[4] + r[8];
      let q;
      if (tr > 0) {
        const s = Math.sqrt(tr + 1) * 2;
        q = [(r[5] - r[7]) / s, (r[6] - r[2]) / s, (r[1] - r[3]) / s, 0.25 * s];
      } else if (r[0] > r[4] && r[0] > r[8]) {
        const s = Math.sqrt(1 + r[0] - r[4] - r[8]) * 2;
        q = [0.25 * s, (r[3] + r[1]) / s, (r[6] + r[2]) / s, (r[5] - r[7]) / s];
      } else if (r[4] > r[8]) {
        const s = Math.sqrt(1 + r[4] - r[0] - r[8]) * 2;
        q = [(r[3] + r[1]) / s, 0.25 * s, (r[7] + r[5]) / s, (r[6] - r[2]) / s];
      } else {
        const s = Math.sqrt(1 + r[8] - r[0] - r[4]) * 2;
        q = [(r[6] + r[2]) / s, (r[7] + r[5]) / s, 0.25 * s, (r[1] - r[3]) / s];
      }
      return { t: [m[12], m[13], m[14]], r: q, s: [sx, sy, sz] };
    }
    return { t: n.translation || [0, 0, 0], r: n.rotation || [0, 0, 0, 1], s: n.scale || [1, 1, 1] };
  }

  // ---- the character: skeleton, mesh, clips --------------------------------------------------------
  function allocator() {
    const ptrs = [];
    const alloc = (bytes, align = 8) => { const p = sa.alloc(bytes, align); ptrs.push(p); return p; };
    alloc.freeAll = () => { for (const p of ptrs) sa.free(p); ptrs.length = 0; };
    return alloc;
  }

  function buildCharacter(doc, label) {
    const json = doc.json;
    if (!json.skins || !json.skins.length) throw new Error('the glTF has no skin');
    const nodes = json.nodes || [];
    let skinIndex = nodes.findIndex(n => n.skin !== undefined && n.mesh !== undefined);
    skinIndex = skinIndex >= 0 ? nodes[skinIndex].skin : 0;
    const skin = json.skins[skinIndex];
    const alloc = allocator();
    const c = { label, alloc, json };

    // Skeleton: the skin's joints and all their ancestors, parents first (scene order).
    const parentOf = new Array(nodes.length).fill(-1);
    nodes.forEach((n, i) => (n.children || []).forEach(k => { parentOf[k] = i; }));
    const needed = new Set();
    for (const j of skin.joints) for (let k = j; k >= 0 && !needed.has(k); k = parentOf[k]) needed.add(k);
    const order = [];
    const visit = k => { order.push(k); for (const kid of nodes[k].children || []) if (needed.has(kid)) visit(kid); };
    nodes.forEach((n, i) => { if (needed.has(i) && (parentOf[i] < 0 || !needed.has(parentOf[i]))) visit(i); });
    const n = order.length;
    if (n > 256) throw new Error(`${n} joints: the library takes at most 256`);
    const jointOf = new Map(order.map((node, j) => [node, j]));
    c.n = n;
    c.jointOf = jointOf;
    c.names = order.map(k => nodes[k].name || `node${k}`);
    c.parents = order.map(k => (parentOf[k] >= 0 && jointOf.has(parentOf[k]) ? jointOf.get(parentOf[k]) : -1));
    c.parentsPtr = alloc(4 * n, 4);
    i32(c.parentsPtr, n).set(c.parents);
    c.restPtr = alloc(T_SIZE * n, 4);
    const rest = f32(c.restPtr, 10 * n);
    order.forEach((k, j) => {
      const { t, r, s } = nodeTrs(nodes[k]);
      rest.set([t[0], t[1], t[2], r[0], r[1], r[2], r[3], s[0], s[1], s[2]], 10 * j);
    });
    c.namesPtr = alloc(4 * n, 4);
    const namePtrs = c.names.map(name => {
      const bytes = new TextEncoder().encode(name);
      const p = alloc(bytes.length + 1, 1);
      new Uint8Array(sa.memory.buffer, p, bytes.length + 1).set([...bytes, 0]);
      return p;
    });
    i32(c.namesPtr, n).set(namePtrs);
    c.skeleton = new sa.SaSkeleton();
    const st = sa.sa_skeleton_init(c.skeleton, c.parentsPtr, c.restPtr, c.namesPtr, n);
    if (st !== C.SA_OK) throw new Error(`sa_skeleton_init: ${sa.sa_status_string(st)}`);

    // Rest model matrices: the rig's size, feet and ground.
    c.modelPtr = alloc(M_SIZE * n, 4);
    sa.sa_skeleton_local_to_model_matrices(c.skeleton, c.restPtr, null, c.modelPtr, n);
    const restModel = Array.from(f32(c.modelPtr, 16 * n));
    const restPos = j => [restModel[16 * j + 12], restModel[16 * j + 13], restModel[16 * j + 14]];

    buildMesh(c, doc, skinIndex, skin, jointOf);
    pickFeet(c, restPos);

    // Size: the feet's common ancestor (the pelvis) above the feet, at rest.
    const chain = j => { const a = []; for (let k = j; k >= 0; k = c.parents[k]) a.push(k); return a; };
    let common = chain(c.feet[0]);
    for (const f of c.feet.slice(1)) { const s = new Set(chain(f)); common = common.filter(k => s.has(k)); }
    c.pelvis = common.length ? common[0] : 0;
    const footY = Math.min(...c.feet.map(f => restPos(f)[1]));
    c.legLength = Math.max(restPos(c.pelvis)[1] - footY, 1e-3);
    c.unitsPerCell = c.legLength / 0.95;   // the reference's cell is about a metre, its hips 0.95 up

    for (const key of ['idle', 'walk', 'run', 'blend', 'shown', 'offset', 'scratch'])
      c[key + 'Ptr'] = alloc(T_SIZE * n, 4);
    c.clips = (json.animations || []).map((a, i) => buildClip(c, doc, a, i)).filter(x => x);
    if (!c.clips.length) throw new Error('the glTF has no animation of the skin\'s joints');
    // A still clip of the rest pose, for a file without an idle.
    c.restClip = new sa.SaClip();
    sa.sa_clip_init(c.restClip, c.restPtr, 1, n, 0, true);

    c.stretchPtr = alloc(4 * n, 4);
    sa.sa_blend_tree_stretch_weights(c.skeleton, c.stretchPtr, n);
    c.stretchJoints = Array.from(f32(c.stretchPtr, n)).map((w, j) => (w > 0 ? c.names[j] : null)).filter(x => x);
    c.skinMatPtr = alloc(M_SIZE * c.skinCount, 4);
    c.phasePtr = alloc(4, 4);
    c.layerPhasePtr = alloc(16, 4); // walk, run: from; walk, run: to
    c.layers = sa.SaPoseLayer.array(3);
    c.blendJob = new sa.SaPoseBlendJob({ layers: c.layers, layer_count: 3, rest: c.restPtr, joint_count: n,
      out: c.blendPtr, capacity: n });
    c.stepLayers = sa.SaFootstepsLayer.array(2);
    c.events = sa.SaFootstepsEvent.array(8);
    c.footJob = sa.sa_footsteps_job_default();
    c.skinJob = sa.sa_skin_job_default();
    Object.assign(c.skinJob, {
      matrices: c.skinMatPtr, matrix_count: c.skinCount, vertex_count: c.vertexCount, influences: 4,
      joint_indices: c.jointsPtr, joint_weights: c.weightsPtr, in_positions: c.posPtr,
      in_normals: c.nrmPtr, out_normals: c.outNrmPtr, out: c.outPosPtr, capacity: c.vertexCount,
    });
    const vs = sa.sa_skin_validate(c.skinJob);
    if (vs !== C.SA_OK) console.warn(`sa_skin_validate: ${sa.sa_status_string(vs)} (repaired per vertex)`);
    return c;
  }

  function buildMesh(c, doc, skinIndex, skin, jointOf) {
    const json = doc.json, alloc = c.alloc;
    const pos = [], nrm = [], col = [], jts = [], wts = [], idx = [];
    let vertexCount = 0;
    (json.nodes || []).forEach(node => {
      if (node.skin !== skinIndex || node.mesh === undefined) return;
      for (const p of json.meshes[node.mesh].primitives) {
        const at = p.attributes;
        if ((p.mode !== undefined && p.mode !== 4) || at.POSITION === undefined || at.JOINTS_0 === undefined ||
            at.WEIGHTS_0 === undefined) continue;
        const P = readAccessor(doc, at.POSITION), Jn = readAccessor(doc, at.JOINTS_0), W = readAccessor(doc, at.WEIGHTS_0);
        const count = P.count;
        const I = p.indices !== undefined ? readAccessor(doc, p.indices).data : Array.from({ length: count }, (_, i) => i);
        let N = at.NORMAL !== undefined ? readAccessor(doc, at.NORMAL).data : null;
        if (!N) N = vertexNormals(P.data, I, count);
        const K = at.COLOR_0 !== undefined ? readAccessor(doc, at.COLOR_0) : null;
        for (let i = 0; i < count; i++) {
          pos.push(P.data[3 * i], P.data[3 * i + 1], P.data[3 * i + 2]);
          nrm.push(N[3 * i], N[3 * i + 1], N[3 * i + 2]);
          if (K) col.push(K.data[K.comps * i], K.data[K.comps * i + 1], K.data[K.comps * i + 2]);
          else col.push(0.8, 0.78, 0.74);
          for (let k = 0; k < 4; k++) { jts.push(Jn.data[4 * i + k]); wts.push(W.data[4 * i + k]); }
        }
        for (const v of I) idx.push(v + vertexCount);
        vertexCount += count;
      }
    });
    if (!vertexCount) throw new Error('no skinned triangles (POSITION, JOINTS_0, WEIGHTS_0) on the skin\'s meshes');
    c.vertexCount = vertexCount;
    c.indices = vertexCount > 65535 ? new Uint32Array(idx) : new Uint16Array(idx);
    c.colors = new Float32Array(col);
    c.posPtr = alloc(12 * vertexCount, 4); f32(c.posPtr, 3 * vertexCount).set(pos);
    c.nrmPtr = alloc(12 * vertexCount, 4); f32(c.nrmPtr, 3 * vertexCount).set(nrm);
    c.outPosPtr = alloc(12 * vertexCount, 4);
    c.outNrmPtr = alloc(12 * vertexCount, 4);
    c.jointsPtr = alloc(8 * vertexCount, 2); u16(c.jointsPtr, 4 * vertexCount).set(jts);
    c.weightsPtr = alloc(16 * vertexCount, 4); f32(c.weightsPtr, 4 * vertexCount).set(wts);
    // The skin's joints as skeleton joints, and its inverse bind matrices.
    c.skinCount = skin.joints.length;
    c.skinJointsPtr = alloc(4 * c.skinCount, 4);
    i32(c.skinJointsPtr, c.skinCount).set(skin.joints.map(k => jointOf.get(k)));
    c.ibmPtr = 0;
    if (skin.inverseBindMatrices !== undefined) {
      c.ibmPtr = alloc(M_SIZE * c.skinCount, 4);
      f32(c.ibmPtr, 16 * c.skinCount).set(readAccessor(doc, skin.inverseBindMatrices).data.subarray(0, 16 * c.skinCount));
    }
  }

  function vertexNormals(P, I, count) {
    const N = new Float32Array(3 * count);
    for (let t = 0; t + 2 < I.length; t += 3) {
      const [a, b, d] = [I[t], I[t + 1], I[t + 2]];
      const u = [0, 1, 2].map(k => P[3 * b + k] - P[3 * a + k]), v = [0, 1, 2].map(k => P[3 * d + k] - P[3 * a + k]);
      const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
      for (const i of [a, b, d]) for (let k = 0; k < 3; k++) N[3 * i + k] += n[k];
    }
    return N;
  }

  // Feet: joints named foot/ankle/paw/hoof (else toe), the first of each chain; else the lowest
  // leaf joints at rest.
  function pickFeet(c, restPos) {
    const isA = (j, re) => words(c.names[j]).some(w => re.test(w));
    const firstOfChain = list => list.filter(j => { for (let k = c.parents[j]; k >= 0; k = c.parents[k]) if (list.includes(k)) return false; return true; });
    let feet = firstOfChain([...Array(c.n).keys()].filter(j => isA(j, /^(foot|feet|ankle|paw|hoof|fetlock)$/)));
    if (feet.length < 2) feet = firstOfChain([...Array(c.n).keys()].filter(j => isA(j, /^(toe|toes|toebase)$/)));
    if (feet.length < 2) {
      const leaves = [...Array(c.n).keys()].filter(j => !c.parents.includes(j));
      leaves.sort((a, b) => restPos(a)[1] - restPos(b)[1]);
      feet = leaves.slice(0, 2);
    }
    c.feet = feet.slice(0, 4);
    c.feetPtr = c.alloc(4 * c.feet.length, 4);
    i32(c.feetPtr, c.feet.length).set(c.feet);
  }

  const PATHS = { translation: 0, rotation: 1, scale: 2 };
  const INTERP = { LINEAR: 0, STEP: 1, CUBICSPLINE: 2 };

  // One glTF animation as an sa_clip (looping), with its touchdowns and its speed.
  function buildClip(c, doc, anim, index) {
    const alloc = c.alloc;
    const chans = [];
    for (const chn of anim.channels || []) {
      const node = chn.target && chn.target.node;
      const j = c.jointOf.has(node) ? c.jointOf.get(node) : -1;
      if (j < 0 || PATHS[chn.target.path] === undefined) continue;
      const s = anim.samplers[chn.sampler];
      const times = readAccessor(doc, s.input).data;
      const values = Float32Array.from(readAccessor(doc, s.output).data);
      chans.push({ joint: j, path: PATHS[chn.target.path], interp: INTERP[s.interpolation || 'LINEAR'] ?? 0,
        times: Float32Array.from(times), values });
    }
    if (!chans.length) return null;
    let start = Infinity, end = -Infinity;
    for (const h of chans) { start = Math.min(start, h.times[0]); end = Math.max(end, h.times[h.times.length - 1]); }
    const duration = Math.max(end - start, 1 / RATE);
    // Root motion: a translation channel of the pelvis or above that ends elsewhere than it
    // starts is made in place; its distance over the clip is the clip's speed.
    let rootSpeed = null;
    for (const h of chans) {
      if (h.path !== 0 || h.interp === 2) continue;
      let isAbove = false;
      for (let k = c.pelvis; k >= 0; k = c.parents[k]) if (k === h.joint) isAbove = true;
      if (!isAbove || h.times.length < 2) continue;
      const last = h.values.length - 3;
      const d = [h.values[last] - h.values[0], 0, h.values[last + 2] - h.values[2]];
      const p = c.parents[h.joint];
      const m = p >= 0 ? modelMatrix(c, p) : [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
      const dm = [m[0] * d[0] + m[8] * d[2], m[1] * d[0] + m[9] * d[2], m[2] * d[0] + m[10] * d[2]];
      const dist = Math.hypot(dm[0], dm[2]);
      if (dist < 0.05 * c.legLength) continue;
      const t0 = h.times[0], t1 = h.times[h.times.length - 1];
      for (let i = 0; i < h.times.length; i++) {
        const u = (h.times[i] - t0) / (t1 - t0);
        h.values[3 * i] -= u * d[0];
        h.values[3 * i + 2] -= u * d[2];
      }
      rootSpeed = { speed: dist / duration, forward: [dm[0] / dist, dm[2] / dist] };
      break;
    }
    const chArr = sa.SaClipBuilderChannel.array(chans.length);
    chans.forEach((h, k) => {
      const tp = alloc(4 * h.times.length, 4); f32(tp, h.times.length).set(h.times);
      const vp = alloc(4 * h.values.length, 4); f32(vp, h.values.length).set(h.values);
      chArr.get(k).set({ joint: h.joint, path: h.path, interpolation: h.interp, times: tp, values: vp,
        key_count: h.times.length });
    });
    const job = sa.sa_clip_builder_job_default();
    Object.assign(job, { skeleton: c.skeleton, channels: chArr, channel_count: chans.length, rate: RATE,
      start: start, duration: duration, looping: true });
    const count = sa.sa_clip_builder_run(job);
    if (!count) {
      console.warn(`clip ${anim.name}: ${sa.sa_status_string(sa.sa_clip_builder_validate(job))}`);
      return null;
    }
    const frames = alloc(T_SIZE * count, 4);
    const clip = new sa.SaClip();
    Object.assign(job, { out: frames, capacity: count, clip });
    if (sa.sa_clip_builder_run(job) !== count) return null;
    // Touchdowns of the feet: the clip's sync markers.
    const marks = sa.SaClipTouchdown.array(MAX_MARKERS);
    const found = sa.sa_clip_measure_touchdowns(clip, c.skeleton, c.feetPtr, c.feet.length, null, marks, MAX_MARKERS);
    if (found > 0) sa.sa_clip_set_touchdowns(clip, marks, found);
    const out = { index, name: anim.name || `animation ${index}`, clip, marks, markCount: found,
      duration: sa.sa_clip_duration(clip), frames: clip.frame_count };
    const measured = rootSpeed || stanceSpeed(c, clip);
    out.speed = measured.speed;
    out.forward = measured.forward;
    out.stride = out.speed * out.duration;
    out.markers = Array.from({ length: found }, (_, i) => ({ phase: marks.get(i).phase, foot: marks.get(i).foot }));
    return out;
  }

  function modelMatrix(c, j) {
    // The rest model matrices were computed into c.modelPtr at build time and may since hold a
    // pose: recompute.
    sa.sa_skeleton_local_to_model_matrices(c.skeleton, c.restPtr, null, c.modelPtr, c.n);
    return Array.from(f32(c.modelPtr + M_SIZE * j, 16));
  }

  // In-place clips: the feet's backward speed while they are down (model space, along z).
  function stanceSpeed(c, clip) {
    const K = 48, dur = sa.sa_clip_duration(clip);
    const tracks = c.feet.map(() => []);
    for (let k = 0; k < K; k++) {
      sa.sa_clip_sample_phase(clip, k / K, c.scratchPtr, c.n);
      sa.sa_skeleton_local_to_model_matrices(c.skeleton, c.scratchPtr, null, c.modelPtr, c.n);
      const m = f32(c.modelPtr, 16 * c.n);
      c.feet.forEach((f, i) => tracks[i].push([m[16 * f + 12], m[16 * f + 13], m[16 * f + 14]]));
    }
    // The body moves opposite to its planted feet, in whatever horizontal direction it faces.
    const vx = [], vz = [];
    for (const tr of tracks) {
      const ys = tr.map(p => p[1]);
      const lo = Math.min(...ys), hi = Math.max(...ys);
      if (hi - lo < 0.01 * c.legLength) continue;
      for (let k = 0; k < K; k++) {
        const a = tr[k], b = tr[(k + 1) % K];
        if (a[1] <= lo + 0.1 * (hi - lo) && b[1] <= lo + 0.1 * (hi - lo)) {
          vx.push(-(b[0] - a[0]) / (dur / K));
          vz.push(-(b[2] - a[2]) / (dur / K));
        }
      }
    }
    if (!vx.length) return { speed: 0, forward: [0, 1] };
    const median = v => v.slice().sort((a, b) => a - b)[v.length >> 1];
    const mx = median(vx), mz = median(vz), speed = Math.hypot(mx, mz);
    return { speed, forward: speed > 0 ? [mx / speed, mz / speed] : [0, 1] };
  }

  // ---- playing: loco blend tree, mode machine, footsteps ------------------------------------------
  function pickClips(c) {
    const find = re => c.clips.find(k => re.test(k.name));
    const moving = c.clips.filter(k => k.speed > 0.05 * c.legLength).sort((a, b) => a.speed - b.speed);
    const walk = find(/walk/i) || moving[0] || c.clips[0];
    const run = find(/run|gallop|jog|sprint|trot/i) || moving[moving.length - 1] || walk;
    const idle = find(/idle|stand|breath|survey|rest|wait/i) || null;
    return { idle, walk, run, guessed: !find(/walk/i) };
  }

  function setupLoco(c, pick) {
    c.pick = pick;
    const u = c.unitsPerCell;
    const walk = pick.walk, run = pick.run;
    let ws = walk.speed > 1e-3 ? walk.speed : 1.1 * u;
    let rs = run.speed > 1e-3 ? run.speed : 2 * ws;
    if (run === walk || rs < ws * 1.2) rs = Math.max(rs, ws * 1.6);
    c.walkSpeed = ws; c.runSpeed = rs;
    c.forward = walk.forward || [0, 1];
    const cfg = sa.sa_blend_tree_loco_config_default();
    Object.assign(cfg, {
      units_per_cell: u,
      idle_speed: Math.min(0.05, 0.04 * ws / u), moving_speed: Math.min(0.35, 0.3 * ws / u),
      walk_speed: ws / u, run_speed: rs / u, walk_anim: ws / u, run_anim: rs / u,
      walk_stride: Math.max(ws * walk.duration, 1e-3) / u, run_stride: Math.max(rs * run.duration, 1e-3) / u,
      follow_speed: true,
    });
    const st = sa.sa_blend_tree_loco_config_validate(cfg);
    if (st !== C.SA_OK) throw new Error(`loco config: ${sa.sa_status_string(st)}`);
    c.space = new sa.SaBlendTreeSpace();
    sa.sa_blend_tree_space_from_loco(c.space, cfg);
    c.synced = [];
    for (const [slot, k] of [[C.SA_BLEND_TREE_LOCO_CLIP_WALK, walk], [C.SA_BLEND_TREE_LOCO_CLIP_RUN, run]]) {
      if (k.markCount > 0 && !c.noSync) {
        const s = sa.sa_blend_tree_space_set_markers(c.space, slot, k.marks, k.markCount);
        if (s === C.SA_OK) c.synced.push(slot);
      }
    }
    const mcfg = sa.sa_mode_machine_config_default();
    mcfg.style = C.SA_MODE_FADE_STYLE_INERTIALIZE;
    mcfg.units_per_cell = u;
    c.machine = new sa.SaModeMachine();
    sa.sa_mode_machine_init(c.machine, mcfg);
    c.input = sa.sa_mode_input_default();
    f32(c.phasePtr, 1)[0] = 0;
    c.idleTime = 0;
    c.started = false;
    speedEl.max = String(Math.ceil(rs * 1.25 * 20) / 20);
    speedEl.step = String(Math.max(0.01, Math.round(ws * 0.02 * 100) / 100));
  }

  const world = { x: 0, z: 0, speed: 0, marks: [], steps: 0, switches: 0, frames: 0, contacts: [],
    open: [], ground: 0, height: 1, time: 0, lastPhase: 0 };

  function footWorld(c, f) {
    const m = f32(c.modelPtr + M_SIZE * f, 16);
    return [m[12] + world.x, m[13], m[14] + world.z];
  }

  function step(dt) {
    const c = ch;
    if (!c) return;
    dt = Math.min(Math.max(dt, 0), DT_CAP);
    const n = c.n, speed = world.speed;
    // The mode machine reads the body: a speed step (0 -> run) is a switch, inertialized below.
    c.input.speed = speed;
    sa.sa_mode_machine_update(c.machine, c.input, dt);
    const switched = c.started && c.machine.switched;
    // The blend tree: weights, each clip's synced phase, the stride stretch.
    const f = sa.sa_blend_tree_space_step(c.space, c.phasePtr, speed, dt);
    const w = Array.from(f.weights.subarray(0, 3));
    const phase = Array.from(f.clip_phase.subarray(0, 3)), from = Array.from(f.clip_phase_from.subarray(0, 3));
    const stretch = f.stretch, advance = f.advance, sharedPhase = f.phase;
    f.free();
    c.idleTime += dt;
    const idle = c.pick.idle ? c.pick.idle.clip : c.restClip;
    sa.sa_clip_sample_time(idle, c.idleTime, c.idlePtr, n);
    sa.sa_clip_sample_phase(c.pick.walk.clip, phase[1], c.walkPtr, n);
    sa.sa_clip_sample_phase(c.pick.run.clip, phase[2], c.runPtr, n);
    c.layers.set([{ pose: c.idlePtr, weight: w[0], joint_weights: 0 }, { pose: c.walkPtr, weight: w[1], joint_weights: 0 },
      { pose: c.runPtr, weight: w[2], joint_weights: 0 }]);
    sa.sa_pose_blend_run(c.blendJob);
    sa.sa_pose_lerp_masked(c.idlePtr, c.blendPtr, stretch, c.stretchPtr, n, c.blendPtr, n);
    // Inertialization: on a switch, the offset from the new pose to the one shown; it decays.
    if (switched) {
      sa.sa_pose_difference(c.shownPtr, c.blendPtr, n, c.offsetPtr, n);
      world.switches++;
    }
    if (!c.started) { sa.sa_pose_difference(c.blendPtr, c.blendPtr, n, c.offsetPtr, n); c.started = true; }
    sa.sa_pose_apply_offset(c.blendPtr, c.offsetPtr, sa.sa_mode_machine_inertial_k(c.machine), n, c.shownPtr, n);
    world.inertialK = sa.sa_mode_machine_inertial_k(c.machine);
    world.weights = w; world.phases = phase; world.stretch = stretch;
    // The body moves on the ground.
    world.x += c.forward[0] * speed * dt;
    world.z += c.forward[1] * speed * dt;
    world.time += dt;
    // Model matrices, skinning matrices, the skin.
    sa.sa_skeleton_local_to_model_matrices(c.skeleton, c.shownPtr, null, c.modelPtr, n);
    sa.sa_skin_matrices(c.modelPtr, n, c.skinJointsPtr, c.ibmPtr, c.skinCount, c.skinMatPtr, c.skinCount);
    sa.sa_skin_run(c.skinJob);
    // Footsteps: the markers each layer's own phase passed, from walk and run by their weights.
    const loco = sa.sa_mode_machine_weight(c.machine, C.SA_MODE_LOCO);
    c.stepLayers.set([
      { touchdowns: c.pick.walk.marks, touchdown_count: c.pick.walk.markCount, weight: Math.min(1, loco * w[1]) },
      { touchdowns: c.pick.run.marks, touchdown_count: c.pick.run.markCount, weight: Math.min(1, loco * w[2]) }]);
    f32(c.layerPhasePtr, 4).set([from[1], from[2], phase[1], phase[2]]);
    Object.assign(c.footJob, { phase_from: world.lastPhase, phase_to: sharedPhase, cycles: advance, dt,
      layers: c.stepLayers, layer_count: 2, layer_phase_from: c.layerPhasePtr, layer_phase_to: c.layerPhasePtr + 8,
      out: c.events, capacity: 8 });
    world.lastPhase = sharedPhase;
    const fired = sa.sa_footsteps_run(c.footJob);
    for (let e = 0; e < fired; e++) {
      const ev = c.events.get(e);
      const foot = c.feet[ev.foot] ?? c.feet[0];
      const p = footWorld(c, foot);
      world.marks.push({ x: p[0], z: p[2], foot: ev.foot, layer: ev.layer });
      if (world.marks.length > MAX_MARKS) world.marks.shift();
      world.steps++;
      world.open = world.open.filter(o => o.foot !== ev.foot);
      world.open.push({ foot: ev.foot, joint: foot, points: [p], yMin: p[1], speed, layer: ev.layer });
    }
    // Planted feet: from its footstep until it lifts (1% of the leg above the lowest point of the
    // contact), how far the foot moves on the ground while it is down.
    const lift = 0.01 * c.legLength;
    world.open = world.open.filter(o => {
      const p = footWorld(c, o.joint);
      if (p[1] > o.yMin + lift || o.points.length > 240) {
        const down = o.points.filter(q => q[1] <= o.yMin + lift);
        let drift = 0;
        for (const a of down) for (const b of down) drift = Math.max(drift, Math.hypot(a[0] - b[0], a[2] - b[2]));
        world.contacts.push({ foot: o.foot, drift, frames: down.length, speed: o.speed, layer: o.layer });
        if (world.contacts.length > 200) world.contacts.shift();
        return false;
      }
      o.points.push(p);
      o.yMin = Math.min(o.yMin, p[1]);
      return true;
    });
    world.frames++;
  }

  // ---- WebGL ----------------------------------------------------------------------------------------
  const VS = `attribute vec3 aPos; attribute vec3 aNormal; attribute vec3 aColor;
uniform mat4 uViewProj; uniform vec3 uOffset;
varying vec3 vN; varying vec3 vC; varying vec3 vW;
void main() { vec3 w = aPos + uOffset; vW = w; vN = aNormal; vC = aColor; gl_Position = uViewProj * vec4(w, 1.0); }`;
  const FS = `precision mediump float;
varying vec3 vN; varying vec3 vC; varying vec3 vW;
uniform float uChecker; uniform float uCell; uniform vec3 uLight;
void main() {
  vec3 c = vC;
  if (uChecker > 0.5) { vec2 g = floor(vW.xz / uCell); c = mix(vec3(0.34, 0.43, 0.31), vec3(0.42, 0.51, 0.37), mod(g.x + g.y, 2.0)); }
  float d = max(dot(normalize(vN), uLight), 0.0);
  gl_FragColor = vec4(c * (0.38 + 0.62 * d), 1.0);
}`;

  function initGl() {
    gl = canvas.getContext('webgl', { antialias: true, preserveDrawingBuffer: true });
    if (!gl) throw new Error('WebGL is not available');
    gl.getExtension('OES_element_index_uint');
    const sh = (type, src) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, src); gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
      return s;
    };
    prog = gl.createProgram();
    gl.attachShader(prog, sh(gl.VERTEX_SHADER, VS));
    gl.attachShader(prog, sh(gl.FRAGMENT_SHADER, FS));
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(prog));
    prog.a = { pos: gl.getAttribLocation(prog, 'aPos'), nrm: gl.getAttribLocation(prog, 'aNormal'), col: gl.getAttribLocation(prog, 'aColor') };
    prog.u = {};
    for (const k of ['uViewProj', 'uOffset', 'uChecker', 'uCell', 'uLight']) prog.u[k] = gl.getUniformLocation(prog, k);
    prog.buf = { pos: gl.createBuffer(), nrm: gl.createBuffer(), col: gl.createBuffer(), idx: gl.createBuffer(),
      gpos: gl.createBuffer(), gnrm: gl.createBuffer(), gcol: gl.createBuffer() };
  }

  function uploadCharacter(c) {
    gl.bindBuffer(gl.ARRAY_BUFFER, prog.buf.col);
    gl.bufferData(gl.ARRAY_BUFFER, c.colors, gl.STATIC_DRAW);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, prog.buf.idx);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, c.indices, gl.STATIC_DRAW);
  }

  function perspective(fovy, aspect, near, far) {
    const f = 1 / Math.tan(fovy / 2), nf = 1 / (near - far);
    return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * nf, -1, 0, 0, 2 * far * near * nf, 0];
  }
  function lookAt(e, t, up) {
    const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    const norm = a => { const l = Math.hypot(...a) || 1; return a.map(v => v / l); };
    const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const z = norm(sub(e, t)), x = norm(cross(up, z)), y = cross(z, x);
    return [x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, -dot(x, e), -dot(y, e), -dot(z, e), 1];
  }
  function mul(a, b) {
    const o = new Array(16).fill(0);
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
    return o;
  }

  function attrib(loc, buf, data, usage) {
    gl.bindBuffer(gl.ARRAY_BUFFER, buf);
    if (data) gl.bufferData(gl.ARRAY_BUFFER, data, usage);
    gl.enableVertexAttribArray(loc);
    gl.vertexAttribPointer(loc, 3, gl.FLOAT, false, 0, 0);
  }

  function draw(showCharacter = true) {
    const c = ch;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr)), h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    gl.viewport(0, 0, w, h);
    gl.clearColor(0.55, 0.7, 0.85, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    if (!c) return;
    gl.enable(gl.DEPTH_TEST);
    gl.useProgram(prog);
    const H = world.height, g = world.ground;
    const [fx, fz] = c.forward; // side (fz, -fx): +x for a body walking along +z
    // The camera follows the body, from the side and a little ahead.
    const target = [world.x + c.center[0], g + 0.55 * H, world.z + c.center[2]];
    const eye = [target[0] + 1.7 * H * fz + 0.9 * H * fx, target[1] + 0.3 * H, target[2] - 1.7 * H * fx + 0.9 * H * fz];
    const vp = mul(perspective(40 * Math.PI / 180, w / h, 0.05 * H, 60 * H), lookAt(eye, target, [0, 1, 0]));
    gl.uniformMatrix4fv(prog.u.uViewProj, false, new Float32Array(vp));
    const light = [0.45, 0.8, 0.4], ll = Math.hypot(...light);
    gl.uniform3f(prog.u.uLight, light[0] / ll, light[1] / ll, light[2] / ll);
    gl.uniform1f(prog.u.uCell, 0.5 * H);
    // Ground: a big quad around the body, checkered in world space so it scrolls.
    const R = 30 * H, cx = target[0], cz = target[2];
    const gp = new Float32Array([cx - R, g, cz - R, cx + R, g, cz - R, cx - R, g, cz + R, cx + R, g, cz + R]);
    gl.uniform3f(prog.u.uOffset, 0, 0, 0);
    gl.uniform1f(prog.u.uChecker, 1);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
    attrib(prog.a.pos, prog.buf.gpos, gp, gl.DYNAMIC_DRAW);
    attrib(prog.a.nrm, prog.buf.gnrm, new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0]), gl.DYNAMIC_DRAW);
    attrib(prog.a.col, prog.buf.gcol, new Float32Array(12), gl.DYNAMIC_DRAW);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    // Footstep marks: a dark footprint where each footstep fired, just above the ground.
    gl.uniform1f(prog.u.uChecker, 0);
    if (world.marks.length) {
      const mp = [], mn = [], mc = [];
      const a = 0.07 * H, b = 0.12 * H, y = g + 0.003 * H;
      for (const m of world.marks) {
        const col = m.foot % 2 ? [0.45, 0.22, 0.1] : [0.1, 0.18, 0.45];
        // Long along the walking direction (fx, fz), narrow across it (fz, -fx).
        const q = [[-a, -b], [a, -b], [-a, b], [a, -b], [a, b], [-a, b]];
        for (const [u, v] of q) { mp.push(m.x + u * fz + v * fx, y, m.z - u * fx + v * fz); mn.push(0, 1, 0); mc.push(...col); }
      }
      attrib(prog.a.pos, prog.buf.gpos, new Float32Array(mp), gl.DYNAMIC_DRAW);
      attrib(prog.a.nrm, prog.buf.gnrm, new Float32Array(mn), gl.DYNAMIC_DRAW);
      attrib(prog.a.col, prog.buf.gcol, new Float32Array(mc), gl.DYNAMIC_DRAW);
      gl.drawArrays(gl.TRIANGLES, 0, mp.length / 3);
    }
    if (!showCharacter) return;
    // The skinned character.
    gl.uniform3f(prog.u.uOffset, world.x, 0, world.z);
    attrib(prog.a.pos, prog.buf.pos, f32(c.outPosPtr, 3 * c.vertexCount), gl.DYNAMIC_DRAW);
    attrib(prog.a.nrm, prog.buf.nrm, f32(c.outNrmPtr, 3 * c.vertexCount), gl.DYNAMIC_DRAW);
    attrib(prog.a.col, prog.buf.col, null);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, prog.buf.idx);
    gl.drawElements(gl.TRIANGLES, c.indices.length, c.indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT, 0);
  }

  // ---- loading, UI, loop ------------------------------------------------------------------------------
  function fillSelects(c) {
    for (const [key, sel] of Object.entries(selects)) {
      sel.textContent = '';
      if (key === 'idle') sel.add(new Option('(rest pose)', '-1'));
      for (const k of c.clips) sel.add(new Option(`${k.name} (${k.duration.toFixed(2)} s)`, String(k.index)));
      const chosen = c.pick[key];
      sel.value = chosen ? String(chosen.index) : '-1';
    }
  }

  function useCharacter(c) {
    if (ch && ch.alloc) ch.alloc.freeAll();
    ch = c;
    const pick = pickClips(c);
    setupLoco(c, pick);
    uploadCharacter(c);
    fillSelects(c);
    world.x = 0; world.z = 0; world.marks = []; world.contacts = []; world.open = []; world.steps = 0;
    world.switches = 0; world.frames = 0; world.lastPhase = 0; world.time = 0;
    // One frame at rest gives the ground (the lowest skinned vertex) and the height.
    world.speed = 0;
    step(0);
    const P = f32(c.outPosPtr, 3 * c.vertexCount);
    let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < c.vertexCount; i++) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], P[3 * i + k]); hi[k] = Math.max(hi[k], P[3 * i + k]); }
    world.ground = lo[1];
    world.height = Math.max(hi[1] - lo[1], 1e-3);
    c.center = [(lo[0] + hi[0]) / 2, 0, (lo[2] + hi[2]) / 2];
    world.frames = 0;
    setSpeed(c.walkSpeed); // a new character starts walking at its walk clip's speed
    describe(c, pick);
  }

  function describe(c, pick) {
    const mk = k => (k ? `${k.name} ${k.speed.toFixed(2)} u/s, markers ${k.markers.map(m => `${m.foot}@${m.phase.toFixed(2)}`).join(' ') || 'none'}` : 'rest pose');
    const guess = pick.guessed ? ' (no clip named walk: pick the clips below)' : '';
    setStatus(`${c.label}: ${c.n} joints, ${c.vertexCount} vertices, feet ${c.feet.map(f => c.names[f]).join(', ')}; ` +
      `stretch ${c.stretchJoints.join(', ') || 'none'}; idle ${mk(pick.idle)}; walk ${mk(pick.walk)}; run ${mk(pick.run)}${guess}`);
  }

  function loadDoc(doc, label) {
    try {
      const c = buildCharacter(doc, label);
      useCharacter(c);
      lastError = null;
      return true;
    } catch (e) {
      lastError = String(e && e.message || e);
      setStatus(`${label}: ${lastError}`, true);
      console.warn(`gltf: ${label}: ${lastError}`);
      return false;
    }
  }

  /** Loads files (File objects or {name, bytes}): one .glb or .gltf, plus any .bin it names. */
  async function loadFiles(list) {
    const files = new Map();
    let main = null;
    for (const f of list) {
      const bytes = f instanceof Blob ? new Uint8Array(await f.arrayBuffer()) : new Uint8Array(f.bytes);
      files.set(f.name, bytes);
      if (/\.(glb|gltf)$/i.test(f.name) && !main) main = f.name;
    }
    if (!main) { setStatus('drop a .gltf (with its .bin) or a .glb', true); return false; }
    try {
      const bytes = files.get(main);
      let json, glbBin = null;
      if (/\.glb$/i.test(main)) ({ json, glbBin } = parseGlb(bytes));
      else json = JSON.parse(new TextDecoder().decode(bytes));
      return loadDoc({ json, buffers: resolveBuffers(json, glbBin, files) }, main);
    } catch (e) {
      lastError = String(e && e.message || e);
      setStatus(`${main}: ${lastError}`, true);
      console.warn(`gltf: ${main}: ${lastError}`);
      return false;
    }
  }

  function onSelect() {
    if (!ch) return;
    const byIndex = v => ch.clips.find(k => String(k.index) === v) || null;
    const pick = { idle: byIndex(selects.idle.value), walk: byIndex(selects.walk.value) || ch.pick.walk,
      run: byIndex(selects.run.value) || ch.pick.run, guessed: false };
    setupLoco(ch, pick);
    world.lastPhase = 0;
    describe(ch, pick);
  }

  function setSpeed(v) {
    world.speed = Math.max(0, Math.min(Number(v), Number(speedEl.max)));
    speedEl.value = String(world.speed);
    speedOut.textContent = world.speed.toFixed(2);
  }

  let last = null;
  function frame(now) {
    if (!paused) {
      const dt = last === null ? 0 : (now - last) / 1000;
      step(dt);
      draw();
    }
    last = now;
    requestAnimationFrame(frame);
  }

  async function start() {
    C = window.StickAnim;
    sa = await C.load(decodeBase64(window.STICKANIM_WASM_BASE64));
    initGl();
    speedEl.addEventListener('input', () => setSpeed(speedEl.value));
    for (const sel of Object.values(selects)) sel.addEventListener('change', onSelect);
    fileEl.addEventListener('change', () => { if (fileEl.files.length) loadFiles(fileEl.files); });
    window.addEventListener('dragover', e => { e.preventDefault(); document.body.classList.add('dragging'); });
    window.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
    window.addEventListener('drop', e => {
      e.preventDefault();
      document.body.classList.remove('dragging');
      if (e.dataTransfer && e.dataTransfer.files.length) loadFiles(e.dataTransfer.files);
    });
    const json = window.STICKANIM_CHARACTER_GLTF;
    setSpeed(speedEl.value);
    if (json) loadDoc({ json, buffers: resolveBuffers(json, null, null) }, 'character.gltf');
    else setStatus('character_gltf.js did not load: drop a glTF', true);
    requestAnimationFrame(frame);
  }

  // For tests: the state, stepping by hand, loading bytes as if dropped, reading the canvas.
  window.gltfPage = {
    ready: null,
    pause(p = true) { paused = p; last = null; },
    step(count = 1, dt = 1 / 60) { for (let i = 0; i < count; i++) step(dt); draw(); return this.state(); },
    setSpeed,
    /** Starts the character over: body at the origin, phase 0, no marks (for repeatable tests). */
    reset() {
      if (!ch) return;
      setupLoco(ch, ch.pick);
      Object.assign(world, { x: 0, z: 0, marks: [], contacts: [], open: [], steps: 0, switches: 0, frames: 0,
        lastPhase: 0, time: 0 });
    },
    /** Sync markers on (default) or off (walk and run share one phase), for comparison. */
    setSync(on) { if (ch) { ch.noSync = !on; onSelect(); } },
    load(name, bytes) { return loadFiles([{ name, bytes }]); },
    pick(idle, walk, run) {
      selects.idle.value = String(idle); selects.walk.value = String(walk); selects.run.value = String(run); onSelect();
    },
    state() {
      const c = ch;
      return {
        error: lastError, label: c && c.label, joints: c && c.n, vertices: c && c.vertexCount,
        feet: c ? c.feet.map(f => c.names[f]) : [], stretchJoints: c ? c.stretchJoints : [],
        clips: c ? c.clips.map(k => ({ name: k.name, duration: k.duration, frames: k.frames, speed: k.speed,
          markers: k.markers })) : [],
        pick: c ? { idle: c.pick.idle && c.pick.idle.name, walk: c.pick.walk.name, run: c.pick.run.name } : null,
        synced: c ? c.synced.length : 0, walkSpeed: c && c.walkSpeed, runSpeed: c && c.runSpeed,
        legLength: c && c.legLength, speed: world.speed, x: world.x, z: world.z, frames: world.frames,
        steps: world.steps, marks: world.marks.length, switches: world.switches, inertialK: world.inertialK,
        weights: world.weights, stretch: world.stretch, contacts: world.contacts.slice(), height: world.height,
        ground: world.ground, mode: c ? sa.sa_mode_name(c.machine.mode) : null,
      };
    },
    /** Pixels of the canvas that are not the sky, and how many change when the character is hidden. */
    pixels() {
      const w = canvas.width, h = canvas.height, a = new Uint8Array(w * h * 4), b = new Uint8Array(w * h * 4);
      draw(false); gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, b);
      draw(true); gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, a);
      let notSky = 0, character = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (Math.abs(a[i] - 140) + Math.abs(a[i + 1] - 179) + Math.abs(a[i + 2] - 217) > 12) notSky++;
        if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) character++;
      }
      return { width: w, height: h, notSky: notSky / (w * h), character: character / (w * h) };
    },
  };
  window.gltfPage.ready = start().catch(e => {
    lastError = String(e && e.message || e);
    setStatus(lastError, true);
    throw e;
  });
})();
