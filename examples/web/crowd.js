/* The web example's crowd page: 10 000 stick figures updated by one sa_figure_update_many() call
 * a frame, drawn with a handful of canvas paths.
 *
 * The figures and their inputs live in the WebAssembly memory (two arrays from the binding's
 * StructArray); each frame the page presses a few jumps and switches a few motions by writing
 * the inputs, calls sa_figure_update_many() once over the whole crowd, then reads every figure's
 * joints straight out of the memory (one Float32Array over it, the pose's offsets measured once)
 * and strokes the bones and heads as four paths, one per depth band. The bar shows the update's
 * time (ms a frame and ns a figure) and the draw's.
 *
 * window.crowdPage exposes the state for tests, and check(), which replays one figure through
 * sa_figure_update() beside the crowd and compares its joints with what the page draws.
 * A classic script: no modules, no build step. */
(function () {
  'use strict';

  const DT_CAP = 0.1;   // seconds: SA_FIGURE_MAX_DT, a hitch advances at most this much
  const BANDS = 4;      // depth bands (z < 2, 4, 8, 16), back to front: one path (colour, width) each
  const FIGURE_UNITS = 170; // about a figure's height in canvas units, head to foot
  const Z_FAR = 16;         // the farthest figures are this many times farther than the nearest

  const canvas = document.getElementById('view');
  const ctx = canvas.getContext('2d');
  const statusEl = document.getElementById('status');
  const statsEl = document.getElementById('stats');
  const countEl = document.getElementById('count');
  const pauseEl = document.getElementById('pause');

  let sa = null, C = null;
  let figs = null, inputs = null; // StructArrays in wasm memory
  let count = 0;
  let bones = [];                 // [from, to] joint pairs without the spear
  let spearBone = null;
  const O = {};                   // byte offsets measured from the binding's structs
  let depth = null, worldX = null, band = null, order = null, bandStart = null;
  let paused = false, lastTime = null, frames = 0, rng = 0x2545f491;
  let lastError = null;
  const timing = { update: 0, draw: 0, updateAvg: null, drawAvg: null };

  function setStatus(text, isError) {
    statusEl.textContent = text;
    statusEl.className = isError ? 'error' : '';
  }

  function random() { // xorshift32, so a reload shows the same crowd
    rng ^= rng << 13; rng >>>= 0; rng ^= rng >>> 17; rng ^= rng << 5; rng >>>= 0;
    return rng / 4294967296;
  }

  function decodeBase64(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  // Where a scalar field of a struct lives: write a marker through the binding's setter into a
  // zeroed struct and find it (the binding knows the layout; the page does not hard-code it).
  function offsetOf(Type, field, marker) {
    const s = new Type();
    new Uint8Array(sa.memory.buffer, s.ptr, Type.SIZE).fill(0);
    s[field] = marker;
    const f = new Float32Array(sa.memory.buffer, s.ptr, Type.SIZE >> 2);
    const u = new Int32Array(sa.memory.buffer, s.ptr, Type.SIZE >> 2);
    let at = -1;
    for (let k = 0; k < f.length && at < 0; k++) if (f[k] === marker || u[k] === marker) at = 4 * k;
    s.free();
    if (at < 0) throw new Error(`cannot find ${Type.C_NAME}.${field}`);
    return at;
  }

  function measureOffsets() {
    const one = new sa.SaFigure();
    sa.sa_figure_init(one, null);
    const pose = sa.sa_figure_get_pose(one);
    O.pose = pose.ptr - one.ptr;
    O.joints = pose.joints.byteOffset - pose.ptr;
    one.free();
    O.headRadius = offsetOf(sa.SaFigurePose, 'head_radius', 1234.5);
    O.groundSpeed = offsetOf(sa.SaFigurePose, 'ground_speed', 1234.5);
    O.spear = offsetOf(sa.SaFigurePose, 'spear', 1234.5);
    O.facing = offsetOf(sa.SaFigurePose, 'facing', 1234567);
    O.figure = sa.SaFigure.SIZE;
  }

  // ---- the crowd ---------------------------------------------------------------------------------
  // Mixed motions: mostly walking and running at many speeds, some spear runs, waves, throws,
  // jumps and the spear form, facing both ways.
  function pickMotion() {
    const M = C, u = random();
    if (u < 0.22) return [M.SA_FIGURE_MOTION_WALK, 0];
    if (u < 0.36) return [M.SA_FIGURE_MOTION_RUN, 0];
    if (u < 0.62) return [M.SA_FIGURE_MOTION_LOCOMOTE, 110 + 270 * random()];
    if (u < 0.72) return [M.SA_FIGURE_MOTION_SPEAR_RUN, 0];
    if (u < 0.79) return [M.SA_FIGURE_MOTION_WAVE, 0];
    if (u < 0.84) return [M.SA_FIGURE_MOTION_THROW, 0];
    if (u < 0.89) return [M.SA_FIGURE_MOTION_JUMP, 0];
    if (u < 0.94) return [M.SA_FIGURE_MOTION_SPEAR_FORM, 0];
    return [M.SA_FIGURE_MOTION_IDLE, 0];
  }

  function freeCrowd() {
    if (figs) figs.free();
    if (inputs) inputs.free();
    figs = inputs = null;
  }

  function makeCrowd(n) {
    freeCrowd();
    rng = 0x2545f491;
    count = n;
    figs = sa.SaFigure.array(n);
    inputs = sa.SaFigureInput.array(n);
    depth = new Float32Array(n); worldX = new Float32Array(n); band = new Uint8Array(n);
    const def = sa.sa_figure_input_default();
    for (let i = 0; i < n; i++) {
      const f = figs.get(i), input = inputs.get(i);
      sa.sa_figure_init(f, null);
      input.set(def);
      const [motion, speed] = pickMotion();
      input.motion = motion;
      input.speed = speed;
      input.facing = random() < 0.5 ? C.SA_FIGURE_FACING_LEFT : C.SA_FIGURE_FACING_RIGHT;
      // Spread them over their cycles: each starts its own number of frames in.
      const warm = Math.floor(random() * 40);
      for (let k = 0; k < warm; k++) sa.sa_figure_update(f, input, 1 / 60);
      // Spread evenly over the ground: the distance z in [1, Z_FAR] with a density growing with
      // z (the ground widens with distance), so most figures are far away and small.
      depth[i] = Math.sqrt(1 + random() * (Z_FAR * Z_FAR - 1));
      band[i] = BANDS - 1 - Math.min(BANDS - 1, Math.floor(Math.log2(depth[i])));
      worldX[i] = random();
    }
    def.free();
    // Figures sorted by band, so each band's path is one run over its figures.
    order = new Uint32Array(n);
    bandStart = new Uint32Array(BANDS + 1);
    for (let i = 0; i < n; i++) bandStart[band[i] + 1]++;
    for (let b = 0; b < BANDS; b++) bandStart[b + 1] += bandStart[b];
    const fill = bandStart.slice(0, BANDS);
    for (let i = 0; i < n; i++) order[fill[band[i]]++] = i;
    frames = 0;
  }

  // A few presses and switches a frame, as players and a game's AI would give.
  function stirInputs() {
    const presses = Math.max(1, count >> 9);
    for (let k = 0; k < presses; k++) {
      const input = inputs.get(Math.floor(random() * count));
      if (random() < 0.5) input.jump = input.jump + 1;
      else {
        const [motion, speed] = pickMotion();
        input.motion = motion;
        input.speed = speed;
      }
    }
  }

  // One frame of the whole crowd: one call.
  function update(dt) {
    stirInputs();
    const t0 = performance.now();
    const n = sa.sa_figure_update_many(figs, count, inputs, count, dt);
    timing.update = performance.now() - t0;
    if (n !== count) throw new Error(`sa_figure_update_many updated ${n} of ${count} figures`);
    timing.updateAvg = timing.updateAvg === null ? timing.update : 0.9 * timing.updateAvg + 0.1 * timing.update;
    // Each figure goes by at its ground speed (its feet stay planted), wrapping round.
    const mem = new Float32Array(sa.memory.buffer), i32 = new Int32Array(sa.memory.buffer);
    const w = canvasWidth();
    for (let i = 0; i < count; i++) {
      const p = (figs.ptr + i * O.figure + O.pose) >> 2;
      const dir = i32[p + (O.facing >> 2)] === C.SA_FIGURE_FACING_LEFT ? -1 : 1;
      const speed = mem[p + (O.groundSpeed >> 2)];
      worldX[i] += dir * speed * dt * scaleOf(i) / (w * 1.2);
      worldX[i] -= Math.floor(worldX[i]);
    }
    frames++;
  }

  // ---- drawing -----------------------------------------------------------------------------------
  const canvasWidth = () => canvas.width;
  const horizon = () => 0.06 * canvas.height;
  // Perspective: at distance z the ground is 1/z of the nearest row's depth below the horizon and
  // a figure 1/z of the nearest one's height (a fifth of the canvas).
  const baseline = i => horizon() + (0.97 * canvas.height - horizon()) / depth[i];
  const scaleOf = i => 0.2 * canvas.height / FIGURE_UNITS / depth[i];

  function resize() {
    const r = canvas.getBoundingClientRect(), dpr = Math.min(2, window.devicePixelRatio || 1);
    const w = Math.max(1, Math.round(r.width * dpr)), h = Math.max(1, Math.round(r.height * dpr));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  }

  // The joints of figure i as the page draws them: read from the wasm memory.
  function jointsOf(i, mem) {
    const j = (figs.ptr + i * O.figure + O.pose + O.joints) >> 2;
    return mem.subarray(j, j + 2 * C.SA_FIGURE_JOINT_COUNT);
  }

  function draw() {
    const t0 = performance.now();
    resize();
    const W = canvas.width, H = canvas.height;
    const sky = ctx.createLinearGradient(0, 0, 0, H);
    sky.addColorStop(0, '#141a21'); sky.addColorStop(1, '#2a3440');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, W, H);
    const mem = new Float32Array(sa.memory.buffer);
    const spans = W * 1.2, left = -0.1 * W;
    ctx.lineCap = 'round';
    for (let b = 0; b < BANDS; b++) {
      const light = 48 + 44 * (b / (BANDS - 1));
      ctx.strokeStyle = `hsl(205, ${18 + 10 * b}%, ${light}%)`;
      ctx.lineWidth = Math.max(1, (0.6 + 0.9 * b) * (H / 700));
      ctx.beginPath();
      for (let k = bandStart[b]; k < bandStart[b + 1]; k++) {
        const i = order[k];
        const s = scaleOf(i), ox = left + worldX[i] * spans, oy = baseline(i);
        const p = (figs.ptr + i * O.figure + O.pose) >> 2;
        const j = p + (O.joints >> 2);
        for (const [a, c] of bones) {
          ctx.moveTo(ox + s * mem[j + 2 * a], oy + s * mem[j + 2 * a + 1]);
          ctx.lineTo(ox + s * mem[j + 2 * c], oy + s * mem[j + 2 * c + 1]);
        }
        if (mem[p + (O.spear >> 2)] > 0.5) {
          const [a, c] = spearBone;
          ctx.moveTo(ox + s * mem[j + 2 * a], oy + s * mem[j + 2 * a + 1]);
          ctx.lineTo(ox + s * mem[j + 2 * c], oy + s * mem[j + 2 * c + 1]);
        }
        const hx = ox + s * mem[j + 2 * C.SA_FIGURE_JOINT_HEAD], hy = oy + s * mem[j + 2 * C.SA_FIGURE_JOINT_HEAD + 1];
        const r = Math.max(0.8, s * mem[p + (O.headRadius >> 2)]);
        ctx.moveTo(hx + r, hy);
        ctx.arc(hx, hy, r, 0, 2 * Math.PI);
      }
      ctx.stroke();
    }
    timing.draw = performance.now() - t0;
    timing.drawAvg = timing.drawAvg === null ? timing.draw : 0.9 * timing.drawAvg + 0.1 * timing.draw;
    statsEl.textContent = `${count.toLocaleString('en')} figures: update ${timing.updateAvg.toFixed(2)} ms ` +
      `(${(1e6 * timing.updateAvg / count).toFixed(0)} ns a figure, one sa_figure_update_many call), ` +
      `draw ${timing.drawAvg.toFixed(2)} ms`;
  }

  function tick(now) {
    try {
      if (!paused) {
        const dt = lastTime === null ? 1 / 60 : Math.min(DT_CAP, Math.max(1e-4, (now - lastTime) / 1000));
        update(dt);
        draw();
      }
    } catch (e) {
      lastError = String(e && e.message || e);
      setStatus(`error: ${lastError}`, true);
      throw e;
    }
    lastTime = now;
    requestAnimationFrame(tick);
  }

  // ---- start -------------------------------------------------------------------------------------
  async function start() {
    if (typeof window.STICKANIM_WASM_BASE64 !== 'string') {
      throw new Error('stickanim_wasm.js did not load (build the "web" target or use the committed copy)');
    }
    if (!window.StickAnim) throw new Error('stickanim_binding.js did not load');
    C = window.StickAnim;
    sa = await C.load(decodeBase64(window.STICKANIM_WASM_BASE64));
    measureOffsets();
    const list = sa.SaFigureBone.array(C.SA_FIGURE_BONE_COUNT);
    sa.sa_figure_bones(null, list, list.length);
    for (const b of list) {
      if (b.to === C.SA_FIGURE_JOINT_SPEAR_TIP) spearBone = [b.from, b.to];
      else bones.push([b.from, b.to]);
    }
    list.free();
    makeCrowd(Number(countEl.value));
    setStatus('One sa_figure_update_many() call a frame updates the whole crowd in the WebAssembly ' +
      'memory (SIMD128 build); the bones are drawn as four canvas paths.');
    update(1 / 60);
    draw();
    requestAnimationFrame(tick);
  }

  countEl.addEventListener('change', () => {
    if (!sa) return;
    makeCrowd(Number(countEl.value));
    timing.updateAvg = timing.drawAvg = null;
  });
  pauseEl.addEventListener('click', () => {
    paused = !paused;
    pauseEl.setAttribute('aria-pressed', String(paused));
    pauseEl.textContent = paused ? 'Play' : 'Pause';
  });

  const ready = start().catch(e => {
    lastError = String(e && e.message || e);
    setStatus(`error: ${lastError}`, true);
  });

  // ---- for tests ---------------------------------------------------------------------------------
  window.crowdPage = {
    ready,
    pause() { paused = true; },
    play() { paused = false; },
    /** Advances the crowd `n` frames of `dt` seconds and draws the last one. */
    step(n, dt) {
      for (let k = 0; k < n; k++) update(dt || 1 / 60);
      draw();
      return this.state();
    },
    state() {
      return {
        error: lastError, count, frames,
        update: timing.update, updateAvg: timing.updateAvg, draw: timing.draw, drawAvg: timing.drawAvg,
        stats: statsEl.textContent,
      };
    },
    /** Figure i's joints as the page draws them (a copy). */
    joints(i) { return Array.from(jointsOf(i, new Float32Array(sa.memory.buffer))); },
    /**
     * Replays figure i through sa_figure_update() beside the crowd for `n` frames (a copy of the
     * figure and of its input, the same dt, the same presses): returns whether its joints, as the
     * scalar call computes them, are bit for bit the joints the page draws, every frame.
     */
    check(i, n) {
      const twin = new sa.SaFigure(), input = new sa.SaFigureInput();
      twin.set(figs.get(i));
      let same = true, moved = false, worst = 0;
      const first = this.joints(i);
      for (let k = 0; k < n; k++) {
        const dt = k % 3 === 2 ? 1 / 30 : 1 / 60;
        // update() presses and switches before its call, so the figure's input after it is the
        // one the batch read: the twin takes a copy of it.
        update(dt);
        input.set(inputs.get(i));
        sa.sa_figure_update(twin, input, dt);
        const drawn = this.joints(i);
        const scalar = Array.from(sa.sa_figure_get_pose(twin).joints);
        for (let q = 0; q < drawn.length; q++) {
          if (!Object.is(drawn[q], scalar[q])) same = false;
          worst = Math.max(worst, Math.abs(drawn[q] - scalar[q]));
          if (drawn[q] !== first[q]) moved = true;
        }
      }
      draw();
      twin.free(); input.free();
      return { same, moved, worst };
    },
  };
})();
