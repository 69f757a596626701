/* The web example's third mode, "Platformer": a small level and the physics body that walks it.
 * The body is the game's (gravity, a jump velocity, the ground as a function of x, a ladder, a
 * pool, a swinging ball); each frame it fills the figure's sa_figure_input.body (velocity,
 * grounded, water line, ladder rung, knocked down, and the ground's height under the points the
 * last pose asked about), and the figure shows the mode that goes with it. Nothing here knows how
 * the figure is drawn: web.js draws the pose at the body's feet point, and this file the level.
 * A classic script: it sets window.StickLevel. World units are the figure's (canvas units, y
 * down); the start's ground is y = 0. */
(function () {
  'use strict';

  const GRAVITY = 2600, JUMP_SPEED = 912; // the library's lab body: a 160-unit jump
  const WALK = 220, ACCEL = 1400;         // units/s, units/s²
  const CLIMB = 90, SWIM = 150;           // units/s on the ladder and in the water
  const STEP_UP = 24;                     // a rise the feet walk up (a stair is 20)
  const KNOCK_S = 1.5, SAFE_S = 3;        // knocked down for, then safe from the ball for

  // ---- the level ---------------------------------------------------------------------------------
  // The terrain (solid below its surface), left to right: a wall, flat start, a slope up, stairs
  // down, a ledge (a soft landing), a high drop (a hard landing: the sit), a cliff with a ladder up
  // it, a pool with a ramp out, the ball, the end flag and a wall.
  const SLOPE = [200, 400, -80];        // x from, x to, the top's y
  const STAIRS = [500, 660, 20];        // x from, x to, step height (4 steps of 40)
  const LEDGE_X = 820, LEDGE_Y = 120;   // soft: a 120-unit drop
  const DROP_X = 1040, DROP_Y = 640;    // hard: a 520-unit drop
  const CLIFF_X = 1300, TOP_Y = 360;    // the cliff's face and its top
  const LADDER = { x: 1270, top: TOP_Y, bottom: DROP_Y, rung: 28, ledge: [1244, CLIFF_X] };
  const POOL = { x0: 1700, floor: 580, surface: 384, ramp: [2020, 2320] };
  const BALL = { x: 2560, y: TOP_Y - 340, length: 268, r: 22, swing: 1.05, period: 2.6 };
  const END_X = 2860, WALLS = [-150, 3000], WORLD_X = [-200, 3100];

  function terrain(x) {
    if (x < WALLS[0]) return -200;
    if (x >= WALLS[1]) return TOP_Y - 200;
    if (x < SLOPE[0]) return 0;
    if (x < SLOPE[1]) return SLOPE[2] * (x - SLOPE[0]) / (SLOPE[1] - SLOPE[0]);
    if (x < STAIRS[0]) return SLOPE[2];
    if (x < STAIRS[1]) return SLOPE[2] + STAIRS[2] * Math.floor((x - STAIRS[0]) / 40 + 1);
    if (x < LEDGE_X) return 0;
    if (x < DROP_X) return LEDGE_Y;
    if (x < CLIFF_X) return DROP_Y;
    if (x < POOL.x0) return TOP_Y;
    if (x < POOL.ramp[0]) return POOL.floor;
    if (x < POOL.ramp[1]) return POOL.floor + (TOP_Y - POOL.floor) * (x - POOL.ramp[0]) / (POOL.ramp[1] - POOL.ramp[0]);
    return TOP_Y;
  }

  // The ground under a body whose feet are at y: the terrain, or the ladder's top ledge (a
  // one-way platform: stood on from above, walked under from below).
  function groundAt(x, y) {
    const t = terrain(x);
    if (x >= LADDER.ledge[0] && x < LADDER.ledge[1] && y <= LADDER.top + 2) return Math.min(t, LADDER.top);
    return t;
  }

  // The ground the feet can reach from the body's feet point (x0, y0) toward x: followed in small
  // steps, it stops at a drop or a wall taller than a step and goes on flat from there. So the
  // figure, which sees the ground as straight lines between the heights it asked for, never
  // slopes the ground down into a drop (or up a wall) and sinks a foot into the edge.
  function reachable(x0, y0, x) {
    const n = Math.ceil(Math.abs(x - x0) / 4), dx = n ? (x - x0) / n : 0;
    let h = groundAt(x0, y0);
    for (let i = 1; i <= n; i++) {
      const g = groundAt(x0 + i * dx, h);
      if (Math.abs(g - h) > STEP_UP) break;
      h = g;
    }
    return h;
  }

  function ballAt(t) { // the ball's centre and velocity at time t
    const w = 2 * Math.PI / BALL.period, a = BALL.swing * Math.sin(w * t), da = BALL.swing * w * Math.cos(w * t);
    return { x: BALL.x + BALL.length * Math.sin(a), y: BALL.y + BALL.length * Math.cos(a),
      vx: BALL.length * Math.cos(a) * da, vy: -BALL.length * Math.sin(a) * da };
  }

  // ---- the body ----------------------------------------------------------------------------------
  function create() {
    const L = {};
    L.reset = function () {
      L.t = 0;
      L.body = { x: 40, y: 0, vx: 0, vy: 0, grounded: true, ladder: false, water: false };
      L.keys = { left: false, right: false, up: false, down: false };
      L.jumps = 0; L.facing = 0;       // the input's counter and facing (0 right, 1 left)
      L.knocked = 0; L.safe = 0;       // seconds left knocked down / safe from the ball
      L.impulse = { x: 0, y: 0 };
      L.mode = 0;                      // the pose's mode after the last update (SA_MODE_*)
      L.dust = [];                     // footstep marks: { x, y, age }
      L.seen = {};                     // modes seen, by name
      L.knocks = 0; L.finished = false;
      L.camX = L.body.x; L.camY = L.body.y;
    };
    L.reset();

    // Keys: held ←/→/↑/↓; the jump is a press. ↑ climbs at the ladder and jumps elsewhere.
    L.hold = function (key, down) {
      if (!(key in L.keys)) return;
      const was = L.keys[key];
      L.keys[key] = down;
      if (down && !was && key === 'left') L.facing = 1;
      if (down && !was && key === 'right') L.facing = 0;
      if (down && !was && key === 'up' && !nearLadder()) L.jump();
    };
    L.jump = function () {
      const b = L.body;
      if (!b.grounded || b.ladder || b.water || L.knocked > 0 || L.mode === 4 /* sit */) return;
      b.vy = -JUMP_SPEED; b.grounded = false;
      L.jumps = (L.jumps + 1) >>> 0; // the figure's jump counter: the same frame as the velocity
    };
    function nearLadder() { return Math.abs(L.body.x - LADDER.x) < 32 && L.body.y > LADDER.top - 4 && L.body.y <= LADDER.bottom + 1; }

    // One physics step, before the figure's update.
    L.step = function (dt) {
      const b = L.body, k = L.keys;
      L.t += dt;
      L.safe = Math.max(0, L.safe - dt);
      if (L.knocked > 0) { L.knocked -= dt; if (L.knocked <= 0) { L.knocked = 0; L.safe = SAFE_S; } }
      const busy = L.knocked > 0 || L.mode === 7 || L.mode === 8 || L.mode === 4; // down, up, sitting
      const want = busy ? 0 : (k.right ? WALK : 0) - (k.left ? WALK : 0);
      // the ladder: ↑ or ↓ at it grabs it; at either end ←/→ steps off
      if (!b.ladder && !busy && ((k.up && b.y > LADDER.top + 1) || (k.down && b.y <= LADDER.top + 1)) && nearLadder()) {
        b.ladder = true; b.x = LADDER.x; b.vx = 0; b.vy = 0;
      }
      if (b.ladder) {
        b.vx = 0; b.vy = k.up ? -CLIMB : k.down ? CLIMB : 0;
        b.y += b.vy * dt;
        const atTop = b.y <= LADDER.top, atBottom = b.y >= LADDER.bottom;
        b.y = Math.min(LADDER.bottom, Math.max(LADDER.top, b.y));
        if ((atTop && want > 0) || (atBottom && (want !== 0 || k.down))) { b.ladder = false; b.vy = 0; }
        else { b.grounded = false; b.water = false; return; }
      }
      b.vx += Math.max(-ACCEL * dt, Math.min(ACCEL * dt, want - b.vx));
      const depth = b.y - POOL.surface, inPool = b.x > POOL.x0 && b.x < POOL.ramp[1];
      b.water = inPool && depth > 70;
      if (b.water) { // floats with the feet 90 under the surface, slowed by the water
        b.vx = Math.max(-SWIM, Math.min(SWIM, b.vx));
        b.vy += (30 * (POOL.surface + 90 - b.y) - 11 * b.vy) * dt;
      } else {
        b.vy += GRAVITY * dt;
      }
      // horizontal: walls are rises taller than a step, kept a foot's length (12) away
      const nx = Math.max(WORLD_X[0] + 20, Math.min(WORLD_X[1] - 20, b.x + b.vx * dt));
      if (groundAt(nx + 12 * Math.sign(b.vx), b.y) < b.y - STEP_UP) b.vx = 0; else b.x = nx;
      // vertical: stand on the ground under the feet
      const g = groundAt(b.x, b.y);
      const wasGrounded = b.grounded;
      b.y += b.vy * dt;
      if (b.y >= g || (wasGrounded && b.vy >= 0 && b.y >= g - STEP_UP && !b.water)) {
        b.y = g; if (b.vy > 0) b.vy = 0;
      }
      b.grounded = !b.water && b.y >= groundAt(b.x, b.y) - 1e-3 && b.vy >= 0;
      // the ball
      const ball = ballAt(L.t);
      if (L.knocked <= 0 && L.safe <= 0 && !busy) {
        const cy = Math.max(b.y - 120, Math.min(b.y - 30, ball.y)); // nearest point of the torso
        if (Math.hypot(ball.x - b.x, ball.y - cy) < BALL.r + 12) {
          L.knocked = KNOCK_S; L.knocks++;
          L.impulse = { x: Math.sign(ball.vx || 1) * 240, y: -260 };
          b.vx = 0;
        }
      }
      if (L.knocked > 0) b.vx = 0;
      if (b.x >= END_X) L.finished = true;
    };

    // What the figure is told this frame: the body, in the figure's terms.
    L.fill = function (input, pose, M) {
      const b = L.body, body = input.body;
      input.motion = M.locomote;
      input.jump = L.jumps;
      input.facing = L.facing;
      body.active = true;
      body.grounded = b.grounded;
      body.velocity.x = b.vx; body.velocity.y = b.vy;
      body.in_water = b.water;
      body.water_line = POOL.surface - b.y;
      body.on_ladder = b.ladder;
      body.ladder_rung = LADDER.bottom - b.y;
      body.knocked_down = L.knocked > 0;
      body.impulse.x = L.impulse.x; body.impulse.y = L.impulse.y;
      body.position.x = b.x; body.position.y = b.y;
      body.ground_given = true;
      const probes = pose.ground_probe, ground = body.ground;
      for (let i = 0; i < probes.length; i++) ground[i] = reachable(b.x, b.y, probes[i]);
    };

    // After the figure's update: its mode, footstep dust, the camera.
    L.after = function (dt, mode, modeName, footsteps) {
      L.mode = mode;
      L.seen[modeName] = true;
      for (const f of footsteps) L.dust.push({ x: f.x, y: groundAt(f.x, L.body.y), age: 0 });
      for (const d of L.dust) d.age += dt;
      L.dust = L.dust.filter(d => d.age < 0.45);
      const a = 1 - Math.exp(-6 * dt);
      L.camX += (L.body.x - L.camX) * a;
      L.camY += (L.body.y - L.camY) * a;
      L.camY = Math.max(L.body.y - 100, Math.min(L.body.y + 110, L.camY)); // the body stays in view
    };

    L.state = function () {
      const b = L.body;
      return { x: b.x, y: b.y, vx: b.vx, vy: b.vy, grounded: b.grounded, onLadder: b.ladder,
        inWater: b.water, knocked: L.knocked > 0, knocks: L.knocks, facing: L.facing ? 'left' : 'right',
        finished: L.finished, seen: Object.keys(L.seen), keys: { ...L.keys }, dust: L.dust.length,
        ground: groundAt(b.x, b.y), nearLadder: nearLadder(), time: L.t };
    };

    // ---- drawing: the level in world units (the caller set the camera's transform) ------------
    L.draw = function (ctx, left, right, top, bottom) {
      const x0 = left - 10, x1 = right + 10;
      // water behind the ground
      ctx.fillStyle = 'rgba(70,140,200,0.35)';
      ctx.fillRect(POOL.x0, POOL.surface, POOL.ramp[1] - POOL.x0, POOL.floor - POOL.surface + 2);
      // the ground: the terrain's outline, filled below
      ctx.beginPath();
      ctx.moveTo(x0, bottom + 50);
      let prev = terrain(x0);
      ctx.lineTo(x0, prev);
      for (let x = x0; x <= x1; x += 4) {
        const y = terrain(x);
        if (Math.abs(y - prev) > 6) ctx.lineTo(x, prev); // a step or a drop: straight down
        ctx.lineTo(x, y); prev = y;
      }
      ctx.lineTo(x1, bottom + 50); ctx.closePath();
      ctx.fillStyle = '#d9cfb8'; ctx.fill();
      ctx.lineWidth = 2; ctx.strokeStyle = 'rgba(60,50,40,0.55)'; ctx.stroke();
      // the water's surface over everything below it
      ctx.beginPath(); ctx.moveTo(POOL.x0, POOL.surface);
      for (let x = POOL.x0; x <= POOL.ramp[1]; x += 8) ctx.lineTo(x, POOL.surface + 2 * Math.sin(x / 18 + L.t * 3));
      ctx.lineWidth = 2; ctx.strokeStyle = 'rgba(40,100,170,0.8)'; ctx.stroke();
      // the ladder and its ledge
      ctx.fillStyle = '#8a6a44';
      ctx.fillRect(LADDER.ledge[0], LADDER.top, LADDER.ledge[1] - LADDER.ledge[0], 8);
      ctx.strokeStyle = '#7a5530'; ctx.lineWidth = 3;
      ctx.beginPath();
      for (const dx of [-14, 14]) { ctx.moveTo(LADDER.x + dx, LADDER.top - 30); ctx.lineTo(LADDER.x + dx, LADDER.bottom); }
      for (let y = LADDER.bottom - LADDER.rung; y > LADDER.top - 30; y -= LADDER.rung) {
        ctx.moveTo(LADDER.x - 14, y); ctx.lineTo(LADDER.x + 14, y);
      }
      ctx.stroke();
      // the ball on its rope, and its beam
      const ball = ballAt(L.t);
      ctx.strokeStyle = '#5d4a33'; ctx.lineWidth = 6;
      ctx.beginPath(); ctx.moveTo(BALL.x - 60, BALL.y); ctx.lineTo(BALL.x + 60, BALL.y); ctx.stroke();
      ctx.lineWidth = 2; ctx.beginPath(); ctx.moveTo(BALL.x, BALL.y); ctx.lineTo(ball.x, ball.y); ctx.stroke();
      ctx.beginPath(); ctx.arc(ball.x, ball.y, BALL.r, 0, Math.PI * 2);
      ctx.fillStyle = L.knocked > 0 ? '#b5452b' : '#7a5530'; ctx.fill();
      // the end: a flag
      ctx.strokeStyle = '#23201c'; ctx.lineWidth = 3;
      ctx.beginPath(); ctx.moveTo(END_X, TOP_Y); ctx.lineTo(END_X, TOP_Y - 110); ctx.stroke();
      ctx.fillStyle = L.finished ? '#3c8c4a' : '#b5452b';
      ctx.beginPath(); ctx.moveTo(END_X, TOP_Y - 110); ctx.lineTo(END_X + 44, TOP_Y - 96); ctx.lineTo(END_X, TOP_Y - 82); ctx.fill();
      // footstep dust
      for (const d of L.dust) {
        const a = 1 - d.age / 0.45;
        ctx.fillStyle = `rgba(120,100,80,${(0.5 * a).toFixed(3)})`;
        for (const dx of [-7, 0, 7]) {
          ctx.beginPath(); ctx.arc(d.x + dx * (1 + d.age * 3), d.y - 3 - d.age * 12, 2.5 * a + 1, 0, Math.PI * 2); ctx.fill();
        }
      }
    };
    return L;
  }

  window.StickLevel = { create, terrain, groundAt, reachable, ballAt, LADDER, POOL, BALL, END_X,
    SPOTS: { slope: SLOPE[0], stairs: STAIRS[0], ledge: LEDGE_X, drop: DROP_X, ladder: LADDER.x, pool: POOL.x0, ball: BALL.x, end: END_X } };
})();
