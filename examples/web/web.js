/* The web example's page: loads libstickanim (WebAssembly, embedded as base64 by
 * stickanim_wasm.js so file:// works) through the generated binding (stickanim_binding.js, which
 * scripts/gen_js.py writes from api/stickanim_api.json: it checks the ABI at load and gives every
 * sa_* function and every struct as a view over wasm memory), advances the figure each animation
 * frame and draws it on a canvas. Three modes: Stickman Spear Run (a small game), the motion
 * lab and the Platformer (level.js: a game's physics body drives the figure's modes). A classic
 * script, no modules and no build step. window.stickanim exposes the state for tests. */
(function () {
  'use strict';

  // ---- what the page takes from the library -----------------------------------------------------
  // Joint indices by the library's names (sa_figure_joint_name: "knee near" -> P.KNEE_NEAR),
  // then the hair points after them (P.HAIR0 ...); filled at load.
  const P = {};
  const LIMB_POINTS = 64; // room for one limb outline (sa_limb_outline says how many it needs)
  // sa_figure_motion's names from the library, spaces as '_' ("spear run" -> 'spear_run'), and
  // the figure's bones (sa_figure_bones: [from, to, side]); filled at load.
  const MOTIONS = [];
  const M = {};
  const MODES = []; // sa_mode's names ("loco", "jump", "fall", ...), by value
  const BONES = [];
  const SIDE_CENTRE = 0;

  const SCENE_H = 440;   // canvas units visible vertically, whatever the element's size
  const GROUND_AT = 350; // where the ground line sits in those units
  const ANCHOR_AT = 0.3; // the figure's root at this fraction of the width
  const DT_CAP = 0.05;   // seconds: a hitch never skips a rock; 30 fps keeps real time

  const canvas = document.getElementById('view');
  const ctx = canvas.getContext('2d');
  const statusEl = document.getElementById('status');
  const reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  let sa = null;    // the loaded module (stickanim_binding.js): sa.sa_figure_update(...), sa.SaFigure ...
  let fig = null;   // the figure (sa_figure) and what the page asks of it (sa_figure_input), in wasm memory
  let input = null;
  let saved = null; // one saved copy of both, for tests (snapshot / restore)
  let limbCfg = []; // the four limbs' ribbon configs (sa_limb_config)
  let limbOut = null; // where sa_limb_outline writes, LIMB_POINTS sa_vec2
  let HAIR_POINTS = 0;
  let frame = null; // what the page draws, read from the pose after each step (readFrame)
  let events = null; // where sa_figure_events writes (SA_FIGURE_MAX_EVENTS sa_figure_event)
  let restBody = null; // sa_figure_body_default(): the scripted figure, for the other modes
  const level = window.StickLevel ? window.StickLevel.create() : null;
  const LEVEL_FEET_AT = 300, LEVEL_BODY_AT = 0.4; // the body's feet point on screen (scene units)

  // ---- page state ------------------------------------------------------------------------------
  const S = {
    mode: 'game',        // 'game' | 'lab' | 'level'
    labMotion: 'walk',
    skeleton: false,
    timeScale: 1,
    userPaused: reduceMotion, // reduced motion: start paused on one frame
    hidden: document.hidden,
    offscreen: false,
    frames: 0,           // figure updates so far
    groundScroll: 0,     // units the ground dots have moved
    // game
    distance: 0, score: 0, best: 0, bumps: 0, cleared: 0, speared: 0, objects: [], nextSpawn: 500,
    rng: 12345,
    flash: 0, lastEvent: '',
    touch: false,        // touch controls shown (a touch screen, or a first touch)
  };

  function running() { return sa && !S.userPaused && !S.hidden && !S.offscreen; }

  function rand() { // small deterministic LCG so a run is the same each time
    S.rng = (Math.imul(S.rng, 1664525) + 1013904223) >>> 0;
    return S.rng / 4294967296;
  }

  // ---- loading ---------------------------------------------------------------------------------
  function decodeBase64(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  async function load() {
    if (typeof window.STICKANIM_WASM_BASE64 !== 'string') {
      throw new Error('stickanim_wasm.js did not load (build the "web" target or use the committed copy)');
    }
    if (!window.StickAnim) throw new Error('stickanim_binding.js did not load');
    // load() refuses a module whose ABI version, struct sizes and alignments or function
    // signatures are not the binding's (AbiMismatch).
    sa = await window.StickAnim.load(decodeBase64(window.STICKANIM_WASM_BASE64));
    for (let i = 0; ; i++) {
      const name = sa.sa_figure_joint_name(i);
      if (name === 'unknown') break;
      P[name.toUpperCase().replace(/ /g, '_')] = i;
      P.HAIR0 = i + 1;
    }
    fig = new sa.SaFigure();
    input = sa.sa_figure_input_default();
    restBody = sa.sa_figure_body_default();
    events = sa.SaFigureEvent.array(16);
    for (let i = 0; ; i++) {
      const name = sa.sa_mode_name(i);
      if (!name || name === 'unknown') break;
      MODES.push(name);
    }
    saved = { fig: new sa.SaFigure(), input: new sa.SaFigureInput() };
    HAIR_POINTS = sa.sa_figure_get_pose(fig).hair.length / 2;
    P.POINTS = P.HAIR0 + HAIR_POINTS;
    for (let i = 0; ; i++) {
      const name = sa.sa_figure_motion_name(i);
      if (name === 'unknown') break;
      MOTIONS.push(name.replace(/ /g, '_'));
      M[MOTIONS[i]] = i;
    }
    const bones = sa.SaFigureBone.array(window.StickAnim.SA_FIGURE_BONE_COUNT);
    sa.sa_figure_bones(null, bones, bones.length);
    for (const b of bones) BONES.push([b.from, b.to, b.side]);
    bones.free();
    // Legs get the default ribbon, arms a thinner one; the far side is styled thinner (its colour
    // and opacity are the page's).
    const { SA_LIMB_SIDE_FAR, SA_LIMB_SIDE_NEAR } = window.StickAnim;
    limbCfg = [0, 1, 2, 3].map(l => {
      const cfg = sa.sa_limb_config_default();
      if (l & 1) { cfg.root_width = 7.0; cfg.tip_width = 4.5; }
      return sa.sa_limb_config_styled(cfg, sa.sa_limb_style_for(l < 2 ? SA_LIMB_SIDE_FAR : SA_LIMB_SIDE_NEAR));
    });
    limbOut = sa.SaVec2.array(LIMB_POINTS);
    sa.sa_figure_init(fig, null);
    initMoves();
    readFrame();
  }

  // Far leg, far arm, near leg, near arm: the joints of each limb's outline.
  const limbChains = () => [[P.HIP, P.KNEE_FAR, P.FOOT_FAR], [P.SHOULDER, P.ELBOW_FAR, P.HAND_FAR],
    [P.HIP, P.KNEE_NEAR, P.FOOT_NEAR], [P.SHOULDER, P.ELBOW_NEAR, P.HAND_NEAR]];

  // Copies what the page draws out of the pose (typed arrays over wasm memory are only valid
  // until the memory grows, so none is kept).
  function readFrame() {
    const pose = sa.sa_figure_get_pose(fig);
    const joints = pose.joints.slice(), hair = pose.hair.slice();
    const limbs = [];
    let limbCount = 0;
    for (const [l, chain] of limbChains().entries()) {
      const at = j => ({ x: joints[2 * j], y: joints[2 * j + 1] });
      limbCount = sa.sa_limb_outline(at(chain[0]), at(chain[1]), at(chain[2]), limbCfg[l], limbOut, LIMB_POINTS);
      limbs.push(new Float32Array(sa.memory.buffer, limbOut.ptr, 2 * limbCount).slice());
    }
    frame = {
      joints, hair, limbs, limbCount,
      headR: pose.head_radius,
      groundSpeed: pose.ground_speed,
      motion: pose.motion,
      target: input.motion,
      spear: pose.spear,
      blade: pose.blade, bladeTip: { x: pose.blade_tip.x, y: pose.blade_tip.y },
      rootY: pose.unsquashed[2 * P.PELVIS + 1] + fig.config.hip_height, // pelvis offset from standing
      dt: pose.dt,
      phase: pose.phase,
      thrust: pose.thrust >= 0,                          // a spear-run thrust plays
      airborne: pose.motion === M.jump && pose.airborne, // in a jump, both feet off the ground
      gait: pose.gait,
      mode: pose.mode, facing: pose.facing, turn: pose.turn,
    };
  }

  function pt(i) {
    const a = i < P.HAIR0 ? frame.joints : frame.hair, k = i < P.HAIR0 ? i : i - P.HAIR0;
    return { x: a[2 * k], y: a[2 * k + 1] };
  }

  // ---- modes and moves ---------------------------------------------------------------------------
  function setMode(mode) {
    if (mode === 'level' && !level) return;
    const was = S.mode;
    S.mode = mode;
    for (const m of ['game', 'lab', 'level']) {
      document.getElementById('mode-' + m).setAttribute('aria-pressed', String(mode === m));
    }
    document.getElementById('lab').hidden = mode !== 'lab';
    document.getElementById('moves').hidden = mode !== 'lab';
    document.getElementById('game-hint').hidden = mode !== 'game';
    document.getElementById('level-hint').hidden = mode !== 'level';
    if (sa && (mode === 'level' || was === 'level')) {
      // Into, out of or restarting the level: a fresh figure (the body's modes, the ragdoll and
      // the feet's world points belong to the level), facing right, scripted again outside it.
      sa.sa_figure_init(fig, null);
      registerMoves();
      input.body.set(restBody);
      input.facing = 0;
      input.jump = 0; input.thrust = 0;
    }
    if (mode === 'level') level.reset();
    if (sa) input.motion = mode === 'game' ? M.spear_run : mode === 'lab' ? M[S.labMotion] : M.locomote;
    if (sa) readFrame();
    if (mode === 'game') resetGame();
    markLabButtons();
    showTouch();
    if (!running()) redraw();
  }

  function setLabMotion(name) {
    if (!(name in M)) return;
    S.labMotion = name;
    if (S.mode !== 'lab') setMode('lab');
    else if (sa) input.motion = M[name];
    markLabButtons();
  }

  function markLabButtons() {
    for (const b of document.querySelectorAll('#lab button[data-motion]')) {
      b.setAttribute('aria-pressed', String(b.dataset.motion === S.labMotion));
    }
  }

  // Triggers: the figure acts once per change of its counters (a press is never lost or doubled).
  function jump() { if (sa && S.mode === 'game') input.jump = (input.jump + 1) >>> 0; }
  function thrust() { if (sa && S.mode === 'game') input.thrust = (input.thrust + 1) >>> 0; }

  function resetGame() {
    S.distance = 0; S.score = 0; S.bumps = 0; S.cleared = 0; S.speared = 0; S.objects = [];
    S.nextSpawn = 500; S.rng = 12345; S.flash = 0;
  }

  function setPaused(p) {
    S.userPaused = p;
    const b = document.getElementById('pause');
    b.textContent = p ? 'Play' : 'Pause';
    b.setAttribute('aria-pressed', String(p));
    kick();
  }

  // ---- the game: obstacles to jump, targets to spear --------------------------------------------
  // Rocks sit on the ground: jump when one is ~160-300 units ahead (at the run's 383 units/s the
  // feet are off the ground 0.37-0.83 s after the key). Targets hang at the height the spear tip
  // travels in a thrust (~95 units up, 128 -> 155 units ahead): thrust as one comes within reach.
  const TARGET_Y = -98, TARGET_R = 14;
  function stepGame(dt, speed) {
    S.distance += speed * dt;
    const ground = 0, ax = 0; // figure space: origin on the ground under the figure
    const viewW = canvas.clientWidth / scale();
    if (S.distance + viewW > S.nextSpawn) {
      const target = rand() < 0.45;
      S.objects.push(target
        ? { kind: 'target', x: S.nextSpawn + viewW, y: ground + TARGET_Y + 8 * (rand() - 0.5), r: TARGET_R, done: false }
        : { kind: 'rock', x: S.nextSpawn + viewW, w: 26 + 14 * rand(), h: 22 + 14 * rand(), done: false });
      S.nextSpawn += 560 + 420 * rand();
    }
    const feetLow = Math.max(pt(P.FOOT_NEAR).y, pt(P.FOOT_FAR).y);
    const tip = pt(P.SPEAR_TIP);
    for (const o of S.objects) {
      const sx = ax + (o.x - S.distance); // object's x in figure coordinates
      if (o.done) { o.fade = (o.fade || 0) + dt; continue; }
      if (o.kind === 'rock') {
        if (Math.abs(sx - ax) < o.w / 2 + 8 && feetLow > ground - o.h) {
          o.done = true; o.hit = true; S.bumps++; S.flash = 0.35; S.lastEvent = 'bump';
        } else if (sx < ax - o.w / 2 - 12) {
          o.done = true; S.score += 1; S.cleared++; S.lastEvent = 'cleared';
        }
      } else {
        if (frame.thrust && Math.hypot(tip.x - sx, tip.y - o.y) < o.r + 6) {
          o.done = true; o.hit = true; S.score += 3; S.speared++; S.lastEvent = 'target';
        } else if (sx < ax - 80) {
          o.done = true; S.lastEvent = 'missed';
        }
      }
    }
    S.objects = S.objects.filter(o => ax + (o.x - S.distance) > -200 && (o.fade || 0) < 0.6);
    S.best = Math.max(S.best, S.score);
  }

  // ---- drawing ---------------------------------------------------------------------------------
  function scale() { return Math.max(1e-3, canvas.clientHeight / SCENE_H); }

  function resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  }

  const INK = [35, 32, 28];
  function rgba(c, shade, a) {
    return `rgba(${Math.round(c[0] * shade)},${Math.round(c[1] * shade)},${Math.round(c[2] * shade)},${a})`;
  }

  function drawLimb(l, fallback, near) {
    const n = frame.limbCount;
    const style = near ? { shade: 1, alpha: 1 } : { shade: 0.62, alpha: 0.42 };
    if (n > 0) {
      const o = frame.limbs[l];
      ctx.beginPath();
      ctx.moveTo(o[0], o[1]);
      for (let i = 1; i < n; i++) ctx.lineTo(o[2 * i], o[2 * i + 1]);
      ctx.closePath();
      ctx.fillStyle = rgba(INK, style.shade, style.alpha);
      ctx.fill('nonzero');
    } else { // no limb module: round-capped strokes
      const [a, b, c] = fallback.map(pt);
      ctx.beginPath(); ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y); ctx.lineTo(c.x, c.y);
      ctx.lineWidth = near ? 8 : 6.5; ctx.lineCap = 'round'; ctx.lineJoin = 'round';
      ctx.strokeStyle = rgba(INK, style.shade, style.alpha); ctx.stroke();
    }
  }

  function line(a, b, width, color) {
    ctx.beginPath(); ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y);
    ctx.lineWidth = width; ctx.lineCap = 'round'; ctx.strokeStyle = color; ctx.stroke();
  }

  function drawSpear() {
    const tail = pt(P.SPEAR_BUTT), tip = pt(P.SPEAR_TIP);
    const dx = tip.x - tail.x, dy = tip.y - tail.y, len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len;
    line(tail, tip, 3.2, '#7a5530');
    ctx.beginPath(); // the blade
    ctx.moveTo(tip.x + ux * 14, tip.y + uy * 14);
    ctx.lineTo(tip.x - uy * 5, tip.y + ux * 5);
    ctx.lineTo(tip.x + uy * 5, tip.y - ux * 5);
    ctx.closePath(); ctx.fillStyle = '#6f7478'; ctx.fill();
  }

  function drawFigure() {
    const ink = rgba(INK, 1, 1);
    drawLimb(0, [P.HIP, P.KNEE_FAR, P.FOOT_FAR], false);
    drawLimb(1, [P.SHOULDER, P.ELBOW_FAR, P.HAND_FAR], false);
    // hair: a tapered chain from the back of the head
    ctx.beginPath();
    const h0 = pt(P.HAIR0); ctx.moveTo(h0.x, h0.y);
    for (let i = 1; i < HAIR_POINTS; i++) { const h = pt(P.HAIR0 + i); ctx.lineTo(h.x, h.y); }
    ctx.lineWidth = 4; ctx.lineJoin = 'round'; ctx.lineCap = 'round';
    ctx.strokeStyle = rgba([70, 52, 40], 1, 1); ctx.stroke();
    line(pt(P.PELVIS), pt(P.CHEST), 10, ink);
    line(pt(P.CHEST), pt(P.NECK), 6, ink);
    const head = pt(P.HEAD);
    ctx.beginPath(); ctx.arc(head.x, head.y, Math.max(1, frame.headR), 0, Math.PI * 2);
    ctx.fillStyle = ink; ctx.fill();
    drawLimb(2, [P.HIP, P.KNEE_NEAR, P.FOOT_NEAR], true);
    if (frame.spear > 0.01) { ctx.globalAlpha = Math.min(1, frame.spear); drawSpear(); ctx.globalAlpha = 1; }
    if (frame.blade > 0.01) { // a sword: a steel blade from the near hand to the pose's blade tip
      ctx.globalAlpha = Math.min(1, frame.blade);
      line(pt(P.HAND_NEAR), frame.bladeTip, 3, '#6f7478');
      ctx.globalAlpha = 1;
    }
    drawLimb(3, [P.SHOULDER, P.ELBOW_NEAR, P.HAND_NEAR], true);
  }

  function drawSkeleton() { // the library's bones; the spear is drawn by the figure itself
    for (const [a, b, side] of BONES) {
      if (side === SIDE_CENTRE && a === P.SPEAR_BUTT) continue;
      line(pt(a), pt(b), 1.5, 'rgba(30,110,200,0.9)');
    }
    const hinges = [P.KNEE_NEAR, P.KNEE_FAR, P.ELBOW_NEAR, P.ELBOW_FAR];
    for (let i = 0; i < P.SPEAR_BUTT; i++) {
      const p = pt(i);
      ctx.beginPath(); ctx.arc(p.x, p.y, 3, 0, Math.PI * 2);
      ctx.fillStyle = hinges.includes(i) ? '#d0402a' : '#1e6ec8';
      ctx.fill();
    }
  }

  function drawScene() {
    resize();
    const dpr = canvas.width / Math.max(1, canvas.clientWidth);
    const k = scale();
    const viewW = canvas.clientWidth / k;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#f5f1e6';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (S.flash > 0 && S.mode === 'game') { // a bump: a short red tint that fades
      ctx.fillStyle = `rgba(200,70,40,${(0.25 * S.flash / 0.35).toFixed(3)})`;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    // scene units: 440 tall; the figure's own ground and anchor are moved to ours
    const ground = 0, ax = 0; // figure space: origin on the ground under the figure
    ctx.setTransform(k * dpr, 0, 0, k * dpr, 0, 0);
    ctx.translate(viewW * ANCHOR_AT - ax, GROUND_AT - ground);
    const left = ax - viewW * ANCHOR_AT, right = left + viewW;

    // ground: a line and soft dots scrolling at the reported ground speed
    if (S.mode !== 'level') line({ x: left, y: ground }, { x: right, y: ground }, 1.5, 'rgba(60,50,40,0.35)');
    const gap = 28, phase = (((left + S.groundScroll) % gap) + gap) % gap;
    ctx.fillStyle = 'rgba(60,50,40,0.28)';
    for (let x = left - phase; S.mode !== 'level' && x < right + gap; x += gap) { // dot i sits at i·gap − scroll
      ctx.beginPath(); ctx.arc(x, ground + 9, 2.2, 0, Math.PI * 2); ctx.fill();
    }

    if (S.mode === 'game') drawObjects(ground, ax);
    if (S.mode === 'level') {
      ctx.setTransform(k * dpr, 0, 0, k * dpr, 0, 0);
      ctx.translate(viewW * LEVEL_BODY_AT - level.camX, LEVEL_FEET_AT - level.camY);
      const l = level.camX - viewW * LEVEL_BODY_AT, t = level.camY - LEVEL_FEET_AT;
      level.draw(ctx, l, l + viewW, t, t + SCENE_H);
      ctx.translate(level.body.x, level.body.y); // the pose is relative to the body's feet point
    }
    drawFigure();
    if (S.skeleton && S.mode === 'lab') drawSkeleton();

    // HUD in scene units, top left
    ctx.setTransform(k * dpr, 0, 0, k * dpr, 0, 0);
    ctx.fillStyle = '#23201c';
    ctx.font = '600 18px system-ui, sans-serif';
    if (S.mode === 'game') {
      ctx.fillText(`Score ${S.score}`, 16, 30);
      ctx.font = '14px system-ui, sans-serif';
      ctx.fillText(`best ${S.best} · bumps ${S.bumps}`, 16, 50);
    } else if (S.mode === 'level') {
      ctx.fillText(`Platformer: ${MODES[frame.mode] || '?'}`, 16, 30);
      ctx.font = '14px system-ui, sans-serif';
      const st = level.state();
      ctx.fillText(st.finished ? 'You made it! (R restarts)' : `modes seen: ${st.seen.join(' ')}`, 16, 50);
    } else {
      const showing = MOTIONS[frame.motion] || '?';
      ctx.fillText(`Motion lab: ${labelOf(showing)}`, 16, 30);
    }
    if (!running()) {
      ctx.font = '14px system-ui, sans-serif';
      ctx.fillText(S.userPaused ? 'paused (press Play)' : 'paused', 16, SCENE_H - 16);
    }
  }

  function labelOf(m) {
    return { idle: 'idle', walk: 'walk', run: 'run', throw: 'unarmed throw', jump: 'jump',
      form: 'spear form', spear_run: 'spear run', locomote: 'locomotion' }[m] || m;
  }

  function drawObjects(ground, ax) {
    for (const o of S.objects) {
      const sx = ax + (o.x - S.distance);
      const a = o.done ? Math.max(0, 1 - (o.fade || 0) / 0.6) : 1;
      if (o.kind === 'rock') {
        ctx.fillStyle = o.hit ? `rgba(181,69,43,${a})` : `rgba(110,100,88,${a})`;
        ctx.beginPath();
        ctx.moveTo(sx - o.w / 2, ground);
        ctx.quadraticCurveTo(sx - o.w / 2, ground - o.h, sx, ground - o.h);
        ctx.quadraticCurveTo(sx + o.w / 2, ground - o.h, sx + o.w / 2, ground);
        ctx.closePath(); ctx.fill();
      } else {
        line({ x: sx, y: o.y - o.r }, { x: sx, y: ground - 500 }, 1.5, `rgba(120,95,60,${a})`); // hangs on a cord
        const r = o.hit ? o.r * (1 + (o.fade || 0) * 2) : o.r;
        ctx.beginPath(); ctx.arc(sx, o.y, r, 0, Math.PI * 2);
        ctx.fillStyle = o.hit ? `rgba(230,180,60,${a * 0.8})` : `rgba(220,205,160,${a})`; ctx.fill();
        ctx.lineWidth = 2.5; ctx.strokeStyle = `rgba(181,69,43,${a})`; ctx.stroke();
        ctx.beginPath(); ctx.arc(sx, o.y, r * 0.4, 0, Math.PI * 2); ctx.stroke();
      }
    }
  }

  // ---- motion definitions as data ---------------------------------------------------------------
  // The example moves (moves.js, from examples/moves/*.json) and one pasted as JSON are parsed
  // here into sa_figure_move structs in wasm memory (the library does no I/O and no parsing) and
  // registered on the figure: definition i plays as a layer over the lab's motion.
  const EASES = ['linear', 'smooth', 'in quad', 'out quad', 'in out quad', 'in cubic', 'out cubic',
    'in out cubic', 'out back'];
  const PARTS = { legs: 1, spine: 2, head: 4, 'arm near': 8, 'arm far': 16, prop: 32, all: 63 };
  let PARAMS = null; // sa_figure_param_name() -> id
  const MV = { names: [], structs: [], memory: [], set: null, playing: -1, events: [] };

  function cString(text) { // a NUL-terminated copy in wasm memory (kept with its definition)
    const bytes = new TextEncoder().encode(text);
    const p = sa.alloc(bytes.length + 1, 1);
    const u8 = new Uint8Array(sa.memory.buffer, p, bytes.length + 1);
    u8.set(bytes); u8[bytes.length] = 0;
    return p;
  }

  // JSON text -> an sa_figure_move in wasm memory, or throws with what is wrong.
  function parseMove(text) {
    if (!PARAMS) {
      PARAMS = {};
      for (let i = 0; ; i++) { const n = sa.sa_figure_param_name(i); if (n === 'unknown') break; PARAMS[n] = i; }
    }
    const j = JSON.parse(text);
    const keep = [];
    const tracks = Object.entries(j.tracks || {});
    const ts = sa.SaFigureMoveTrack.array(Math.max(1, tracks.length)); keep.push(ts);
    tracks.forEach(([name, keys], t) => {
      if (!(name in PARAMS)) throw new Error(`unknown parameter "${name}"`);
      if (!Array.isArray(keys)) throw new Error(`track "${name}" is not a list of keys`);
      const ks = sa.SaTrackKey.array(Math.max(1, keys.length)); keep.push(ks);
      keys.forEach((k, i) => {
        const ease = k.length > 2 ? EASES.indexOf(k[2]) : 1;
        if (ease < 0) throw new Error(`unknown ease "${k[2]}"`);
        ks.get(i).set({ t: Number(k[0]), v: Number(k[1]), ease });
      });
      ts.get(t).set({ param: PARAMS[name], keys: ks.ptr, count: keys.length });
    });
    const evs = j.events || [];
    const es = sa.SaFigureMoveEvent.array(Math.max(1, evs.length)); keep.push(es);
    const strings = [];
    evs.forEach((e, i) => { const p = cString(String(e.name || '')); strings.push(p); es.get(i).set({ name: p, time: Number(e.time) }); });
    let parts = 0;
    for (const p of j.parts || ['all']) {
      if (!(p in PARTS)) throw new Error(`unknown part "${p}"`);
      parts |= PARTS[p];
    }
    const name = cString(String(j.name || 'move')); strings.push(name);
    const m = new sa.SaFigureMove({
      name, tracks: ts.ptr, track_count: tracks.length, events: es.ptr, event_count: evs.length,
      duration: Number(j.duration), loop: !!j.loop, additive: !!j.additive, parts,
      fade_in: Number(j['fade in'] || 0), fade_out: Number(j['fade out'] || 0), travel: Number(j.travel || 0),
    });
    const bad = new Uint32Array(sa.memory.buffer, sa.alloc(4, 4), 1);
    const st = sa.sa_figure_move_validate(m, bad.byteOffset);
    const badTrack = new Uint32Array(sa.memory.buffer, bad.byteOffset, 1)[0];
    sa.free(bad.byteOffset);
    const release = () => { m.free(); for (const a of keep) a.free(); for (const p of strings) sa.free(p); };
    if (st !== 0) {
      release();
      const where = badTrack !== window.StickAnim.SA_TRACK_NO_KEY ? ` (track "${tracks[badTrack][0]}")` : '';
      throw new Error(`${sa.sa_status_string(st)}${where}`);
    }
    return { name: String(j.name || 'move'), struct: m, release, events: evs.length };
  }

  // Registers every parsed definition (their structs copied into one array) on the figure.
  function registerMoves() {
    if (!sa || !MV.structs.length) return;
    if (MV.set) MV.set.free();
    MV.set = sa.SaFigureMove.array(MV.structs.length);
    MV.structs.forEach((m, i) => MV.set.get(i).set(m.struct));
    sa.sa_figure_set_moves(fig, MV.set, MV.structs.length, null);
  }

  function initMoves() {
    const pick = document.getElementById('move-pick');
    const files = window.STICKANIM_MOVES || {};
    for (const [file, def] of Object.entries(files)) {
      MV.structs.push(parseMove(JSON.stringify(def)));
      MV.names.push(file);
      const o = document.createElement('option'); o.value = file; o.textContent = def.name || file;
      pick.appendChild(o);
    }
    registerMoves();
    const show = () => { document.getElementById('move-json').value = JSON.stringify(files[pick.value], null, 1); };
    pick.addEventListener('change', show);
    if (MV.names.length) { pick.value = MV.names.includes('sword_combo') ? 'sword_combo' : MV.names[0]; show(); }
    document.getElementById('move-play').addEventListener('click', () => playMoveText(document.getElementById('move-json').value));
  }

  // Plays the definition given as JSON text as a layer: a pasted one is registered after the
  // examples (replacing the last pasted one). Returns '' or what is wrong with it.
  function playMoveText(text) {
    const status = document.getElementById('move-status');
    let m;
    try { m = parseMove(text); } catch (e) { status.textContent = 'Not played: ' + e.message; return e.message; }
    const examples = Object.keys(window.STICKANIM_MOVES || {}).length;
    if (MV.structs.length > examples) MV.structs.pop().release();
    MV.structs.push(m);
    registerMoves();
    playMove(MV.structs.length - 1);
    status.textContent = `Playing "${m.name}" over the ${S.labMotion.replace(/_/g, ' ')}`;
    return '';
  }

  // Presses definition i as a layer (the sword combo by default: X).
  function playMove(i = MV.names.indexOf('sword_combo')) {
    if (!sa || !(i >= 0 && i < MV.structs.length)) return;
    input.move = window.StickAnim.SA_FIGURE_MOVE_BASE + i;
    input.move_counter = (input.move_counter + 1) >>> 0;
    MV.playing = i;
    MV.events = [];
  }

  function countMoveEvents() {
    const n = sa.sa_figure_events(fig, events, events.length);
    for (let i = 0; i < n; i++) {
      const e = events.get(i);
      if (e.kind !== window.StickAnim.SA_FIGURE_EVENT_MOVE) continue;
      MV.events.push({ move: e.move - window.StickAnim.SA_FIGURE_MOVE_BASE, index: e.index, frame: S.frames });
    }
  }

  // ---- the loop ----------------------------------------------------------------------------------
  let rafId = 0, lastT = 0;

  function advance(dt) { // one figure step of dt seconds (already capped and scaled)
    if (S.mode === 'level') { // the body moves first, then the figure follows it
      level.step(dt);
      level.fill(input, sa.sa_figure_get_pose(fig), M);
    }
    sa.sa_figure_update(fig, input, dt);
    readFrame();
    S.frames++;
    countMoveEvents();
    if (S.mode === 'level') {
      const steps = [], n = sa.sa_figure_events(fig, events, events.length);
      for (let i = 0; i < n; i++) {
        const e = events.get(i);
        if (e.kind !== window.StickAnim.SA_FIGURE_EVENT_FOOTSTEP) continue;
        steps.push({ x: level.body.x + pt(e.foot === 0 ? P.FOOT_NEAR : P.FOOT_FAR).x });
      }
      level.after(dt, frame.mode, MODES[frame.mode], steps);
    }
    // The library's ground speed plants the feet; a jump from the run is a running jump, so
    // the world keeps scrolling through it.
    const speed = frame.groundSpeed;
    S.groundScroll += speed * dt;
    if (S.mode === 'game') stepGame(dt, speed);
    S.flash = Math.max(0, S.flash - dt);
  }

  function tick(t) {
    rafId = 0;
    if (!running()) { lastT = 0; redraw(); return; }
    const dt = lastT ? Math.min(DT_CAP, Math.max(0, (t - lastT) / 1000)) : 1 / 60;
    lastT = t;
    advance(dt * (S.mode === 'lab' ? S.timeScale : 1));
    drawScene();
    rafId = requestAnimationFrame(tick);
  }

  function kick() { if (running() && !rafId) { lastT = 0; rafId = requestAnimationFrame(tick); } }
  function redraw() { if (sa) drawScene(); }

  // ---- input -------------------------------------------------------------------------------------
  const LEVEL_KEYS = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down',
    KeyA: 'left', KeyD: 'right', KeyW: 'up', KeyS: 'down' };
  window.addEventListener('keyup', e => {
    if (S.mode === 'level' && LEVEL_KEYS[e.code]) level.hold(LEVEL_KEYS[e.code], false);
  });
  window.addEventListener('blur', () => { if (level) for (const k of Object.keys(level.keys)) level.hold(k, false); });
  window.addEventListener('keydown', e => {
    if (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') return;
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    if ((e.key === 'x' || e.key === 'X') && S.mode !== 'level') { playMove(); e.preventDefault(); return; }
    if (S.mode === 'level') {
      if (LEVEL_KEYS[e.code]) { if (!e.repeat) level.hold(LEVEL_KEYS[e.code], true); e.preventDefault(); }
      else if (e.code === 'Space') { level.jump(); e.preventDefault(); }
      else if (e.key === 'r' || e.key === 'R') setMode('level');
    } else if (S.mode === 'game') {
      if (e.code === 'Space' || e.key === 'ArrowUp') { jump(); e.preventDefault(); }
      else if (e.key === 'f' || e.key === 'F' || e.key === 'ArrowRight') { thrust(); e.preventDefault(); }
      else if (e.key === 'r' || e.key === 'R') resetGame();
    }
  });
  document.getElementById('mode-game').addEventListener('click', () => setMode('game'));
  document.getElementById('mode-lab').addEventListener('click', () => setMode('lab'));
  document.getElementById('mode-level').addEventListener('click', () => setMode('level'));
  document.getElementById('pause').addEventListener('click', () => setPaused(!S.userPaused));
  for (const b of document.querySelectorAll('#lab button[data-motion]')) {
    b.addEventListener('click', () => setLabMotion(b.dataset.motion));
  }
  document.getElementById('skeleton').addEventListener('change', e => {
    S.skeleton = e.target.checked; if (!running()) redraw();
  });
  const speed = document.getElementById('speed'), speedOut = document.getElementById('speed-out');
  speed.addEventListener('input', () => {
    S.timeScale = Number(speed.value); speedOut.textContent = `${S.timeScale.toFixed(2)}×`;
  });
  // Buttons keep focus after a click; give the keys back to the game.
  for (const b of document.querySelectorAll('button')) b.addEventListener('mouseup', () => b.blur());

  setupTouchControls();

  document.addEventListener('visibilitychange', () => { S.hidden = document.hidden; kick(); });
  if ('IntersectionObserver' in window) {
    new IntersectionObserver(entries => {
      for (const e of entries) S.offscreen = !e.isIntersecting;
      kick();
    }).observe(canvas);
  }
  if ('ResizeObserver' in window) new ResizeObserver(() => { if (!running()) redraw(); }).observe(canvas);

  // ---- touch: on-screen Jump and Thrust ----------------------------------------------------------
  // Pointer events, acted on at pointerdown (no click delay); shown on a touch screen, or from the
  // first touch anywhere. The lab's buttons are plain buttons, which take taps as clicks.
  // The Platformer's pad (← → Jump ↑ ↓) holds its arrows while a finger is on them.
  function showTouch() {
    const pad = document.getElementById('touch'), lpad = document.getElementById('touch-level');
    if (pad) pad.hidden = !(S.touch && S.mode !== 'level');
    if (lpad) lpad.hidden = !(S.touch && S.mode === 'level');
  }
  function setupTouchControls() {
    const pad = document.getElementById('touch');
    if (!pad) return;
    const show = () => { S.touch = true; showTouch(); };
    if (navigator.maxTouchPoints > 0 || matchMedia('(pointer: coarse)').matches) show();
    window.addEventListener('pointerdown', e => { if (e.pointerType === 'touch' && !S.touch) show(); }, true);
    const held = k => down => { if (level && S.mode === 'level') level.hold(k, down); };
    for (const [id, act, release] of [['touch-jump', jump], ['touch-thrust', thrust],
      ['touch-level-jump', () => level && level.jump()],
      ...['left', 'right', 'up', 'down'].map(k => [`touch-${k}`, () => held(k)(true), () => held(k)(false)])]) {
      const b = document.getElementById(id);
      if (!b) continue;
      b.addEventListener('pointerdown', e => {
        e.preventDefault(); // no focus, no emulated mouse events, no text selection
        b.classList.add('down');
        act();
      });
      for (const end of ['pointerup', 'pointercancel', 'pointerleave']) {
        b.addEventListener(end, () => { b.classList.remove('down'); if (release) release(); });
      }
      b.addEventListener('contextmenu', e => e.preventDefault()); // a long press is not a menu
    }
  }

  // ---- what tests (and the curious) can read -------------------------------------------------------
  function state() {
    if (!sa) return { ready: false };
    const joints = {};
    for (const [name, i] of Object.entries(P)) if (i < P.POINTS && name !== 'POINTS') joints[name.toLowerCase()] = pt(i);
    for (let i = 0; i < HAIR_POINTS; i++) joints['hair' + i] = pt(P.HAIR0 + i);
    return {
      ready: true,
      mode: S.mode,
      motion: MOTIONS[frame.motion],
      target: MOTIONS[frame.target],
      labMotion: S.labMotion,
      abiVersion: sa.sa_abi_version(), motions: MOTIONS.slice(), bones: BONES.length,
      rootY: frame.rootY,
      groundY: 0,
      anchorX: 0,
      phase: frame.phase,
      dt: frame.dt, // the last step, seconds (capped at 50 ms)
      gait: frame.gait,
      groundSpeed: frame.groundSpeed,
      airborne: frame.airborne,
      thrusting: frame.thrust,
      spear: frame.spear,
      spearTip: pt(P.SPEAR_TIP),
      spearButt: pt(P.SPEAR_BUTT),
      headRadius: frame.headR,
      limbPoints: frame.limbCount,
      joints,
      score: S.score, best: S.best, bumps: S.bumps, cleared: S.cleared, speared: S.speared,
      lastEvent: S.lastEvent,
      // rocks and targets, x relative to the figure (ahead > 0)
      objects: S.objects.map(o => ({ id: o.x, kind: o.kind, x: o.x - S.distance, y: o.y,
        done: o.done, hit: !!o.hit })),
      frames: S.frames,
      paused: !running(),
      userPaused: S.userPaused, hidden: S.hidden, offscreen: S.offscreen,
      reducedMotion: reduceMotion,
      skeleton: S.skeleton, timeScale: S.timeScale,
      scale: scale(),
      canvasHeight: canvas.clientHeight,
      // the Platformer: the pose's mode, facing and turn, and the level's body
      bodyMode: MODES[frame.mode], facing: frame.facing === 1 ? 'left' : 'right', turn: frame.turn,
      level: level && S.mode === 'level' ? level.state() : null,
      // motion definitions: the sword and what has played
      blade: frame.blade, bladeTip: frame.bladeTip,
      moves: MV.names.slice(), moveEvents: MV.events.slice(),
      moveStatus: document.getElementById('move-status').textContent,
    };
  }

  window.stickanim = {
    state,
    setMode, setLabMotion, jump, thrust, setPaused,
    /** Plays example move `name` (a file of examples/moves/, default the sword combo) as a layer. */
    playMove(name = 'sword_combo') { playMove(MV.names.indexOf(name)); },
    /** Plays a motion definition given as JSON text; returns '' or why it was not played. */
    playMoveText,
    /** The Platformer's keys, as the keyboard and the touch pad hold them ('left', 'right',
     *  'up', 'down'; down true or false), and its jump. */
    hold(key, down) { if (level && S.mode === 'level') level.hold(key, down); },
    levelJump() { if (level && S.mode === 'level') level.jump(); },
    /** Saves the figure (tests: run one moment twice); pauses the loop. */
    snapshot() { setPaused(true); saved.fig.set(fig); saved.input.set(input); },
    /** Puts the saved figure back and redraws it. */
    restore() { fig.set(saved.fig); input.set(saved.input); readFrame(); redraw(); return state(); },
    /** Steps the figure by hand (tests): pauses the loop, then advances n frames of dt seconds. */
    step(n = 1, dt = 1 / 60) {
      setPaused(true);
      for (let i = 0; i < n; i++) advance(Math.min(DT_CAP, dt));
      redraw();
      return state();
    },
  };

  load().then(() => {
    setMode('game');
    redraw(); // reduced motion: this one frame stays on screen until Play
    if (reduceMotion) setPaused(true);
    statusEl.textContent = reduceMotion
      ? 'Reduced motion is on: paused on one frame. Press Play to animate.'
      : '';
    document.documentElement.dataset.ready = '1';
    kick();
  }).catch(err => {
    statusEl.textContent = 'Could not start the WebAssembly module: ' + err.message;
    document.documentElement.dataset.ready = 'error';
    console.error(err);
  });
})();
