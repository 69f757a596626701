// Headless browser test of the web example: opens the page in Debian's Chromium through
// playwright-core, presses the game's keys, reads the figure's state back from the page
// (window.stickanim.state()) and checks that the figure jumps, thrusts, that the motion lab
// switches motions without a pop, that the Platformer's level is played start to end through
// every mode of the body (by keys and by a scripted bot), that the page pauses off-screen and under
// reduced motion, and that it loads both from file:// and from a plain static server; and that the generated ES
// module (bindings/js/stickanim.mjs) loads, checks the ABI and walks a figure. Saves screenshots.
//
// usage: node test_web.mjs [--page DIR] [--chromium /usr/bin/chromium] [--out DIR]
//   --page      folder holding index.html, web.js, stickanim_wasm.js (default: this folder)
//   --out       where the screenshots go (default: --page)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, checker, launch, newPage } from './browser_test.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = await parseArgs(here);
const { check, failed } = checker();
const f1 = v => (typeof v === 'number' ? v.toFixed(1) : String(v));

const browser = await launch(args, ['--disable-gpu']);

async function openPage(url, contextOptions = {}) {
  const { context, page, errors } = await newPage(browser, { width: 1000, height: 700 }, contextOptions);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 15000 });
  const ready = await page.evaluate(() => document.documentElement.dataset.ready);
  if (ready !== '1') {
    const status = await page.textContent('#status');
    throw new Error(`page did not start: ${status}; ${errors.join('; ')}`);
  }
  return { context, page, errors };
}

const state = page => page.evaluate(() => window.stickanim.state());
// Samples the state once per animation frame for `ms` milliseconds.
const sample = (page, ms) => page.evaluate(async ms => {
  const out = [], t0 = performance.now();
  while (performance.now() - t0 < ms) {
    await new Promise(r => requestAnimationFrame(r));
    out.push(window.stickanim.state());
  }
  return out;
}, ms);
async function waitFor(page, pred, ms, what) {
  const t0 = Date.now();
  for (;;) {
    const s = await state(page);
    if (pred(s)) return s;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}: ${JSON.stringify({ motion: s.motion, rootY: s.rootY, airborne: s.airborne, thrusting: s.thrusting })}`);
    await page.waitForTimeout(30);
  }
}
const grounded = s => !s.airborne && Math.abs(s.rootY) < 6 && !s.thrusting;
const tipAhead = s => s.spearTip.x - s.anchorX;

try {
  // ---- file:// : the game -------------------------------------------------------------------------
  const url = pathToFileURL(path.join(args.page, 'index.html')).href;
  const { context, page, errors } = await openPage(url);
  let s = await state(page);
  check(s.ready && s.mode === 'game', 'page loads from file:// in Spear Run mode', url);
  check(s.abiVersion === 3 && s.bones === 12 && s.motions.includes('spear_run') && s.joints.knee_near,
    'the page checked the ABI and took joint names, motion names and bones from the library',
    `ABI ${s.abiVersion}, ${s.bones} bones, motions ${s.motions.join(' ')}`);
  check(Math.abs(s.scale * 440 - s.canvasHeight) < 0.5, 'the canvas shows a scene 440 units tall',
    `${s.canvasHeight} px high, ${s.scale.toFixed(3)} px/unit`);
  const frames0 = s.frames;
  await page.waitForTimeout(300);
  s = await state(page);
  check(s.frames > frames0 + 5, 'animation runs', `${s.frames - frames0} frames in 300 ms`);
  // The spear shows as the hands take hold of it (spear⁴): wait for the fade from idle to settle.
  s = await waitFor(page, x => x.motion === 'spear_run' && grounded(x) && x.spear > 0.9, 3000,
    'the spear run with the spear in hand');
  check(s.spear > 0.9, 'the runner carries the spear', `spear ${f1(s.spear)}`);
  check(s.groundSpeed > 150, 'the runner runs', `ground speed ${f1(s.groundSpeed)} units/s`);

  await page.click('#view');
  for (const key of ['Space', 'ArrowUp']) {
    await waitFor(page, grounded, 3000, 'landing');
    const before = await state(page);
    await page.keyboard.press(key);
    const run = await sample(page, 1100);
    const minRoot = Math.min(...run.map(x => x.rootY));
    const minHead = Math.min(...run.map(x => x.joints.head.y));
    check(minRoot < -60, `${key} jumps: the root rises`, `root y ${f1(before.rootY)} -> min ${f1(minRoot)}`);
    check(minHead < before.joints.head.y - 60, `${key} jumps: the head rises`,
      `head y ${f1(before.joints.head.y)} -> min ${f1(minHead)}`);
    check(run.some(x => x.airborne), `${key}: the figure reports being airborne`);
    const slowest = Math.min(...run.map(x => x.groundSpeed));
    check(slowest > 150, `${key}: a running jump, the ground keeps scrolling`, `slowest ${f1(slowest)} units/s`);
  }
  await waitFor(page, grounded, 3000, 'landing');
  await page.waitForTimeout(300);
  for (const key of ['f', 'ArrowRight']) {
    await waitFor(page, grounded, 3000, 'the end of the last move');
    const rest = await sample(page, 400);
    const restMax = Math.max(...rest.map(tipAhead));
    await page.keyboard.press(key);
    const run = await sample(page, 700);
    const thrustMax = Math.max(...run.map(tipAhead));
    check(run.some(x => x.thrusting), `${key} starts a thrust`);
    check(thrustMax > restMax + 20, `${key} thrusts: the spear tip moves forward`,
      `tip ahead of the root ${f1(restMax)} -> max ${f1(thrustMax)} units`);
  }
  // Play: a simple bot presses Space when a rock is ~230 units ahead and F when a target is
  // ~190 units ahead. Rocks jumped over and targets speared must score; one screenshot is taken
  // just after a thrust at a target.
  await page.keyboard.press('r');
  const pressed = new Set();
  let shot = false;
  const t0 = Date.now();
  while (Date.now() - t0 < 12000) {
    s = await state(page);
    for (const o of s.objects) {
      if (o.done || pressed.has(o.id)) continue;
      if (o.kind === 'rock' && o.x < 240 && o.x > 120) {
        pressed.add(o.id); await page.keyboard.press('Space');
      } else if (o.kind === 'target' && o.x < 200 && o.x > 140 && !s.airborne) {
        pressed.add(o.id); await page.keyboard.press('f');
        if (!shot && s.motion === 'spear_run') {
          await page.waitForTimeout(140);
          await page.screenshot({ path: path.join(args.out, 'web_spear_run.png') });
          shot = true;
        }
      }
    }
    if (s.cleared >= 2 && s.speared >= 2 && shot) break;
    await page.waitForTimeout(15);
  }
  s = await state(page);
  check(s.cleared >= 1, 'jumping over a rock scores', `${s.cleared} rocks cleared, ${s.bumps} bumped`);
  check(s.speared >= 1, 'spearing a target scores', `${s.speared} targets speared`);
  check(s.score === s.cleared + 3 * s.speared, 'the score counts them', `score ${s.score}`);
  if (!shot) await page.screenshot({ path: path.join(args.out, 'web_spear_run.png') });

  // A 250 ms hitch (the main thread busy) still advances the figure by at most 50 ms.
  const hitch = await page.evaluate(async () => {
    await new Promise(r => requestAnimationFrame(r));
    const t = performance.now();
    while (performance.now() - t < 250) { /* busy */ }
    const dts = [];
    for (let i = 0; i < 3; i++) {
      await new Promise(r => requestAnimationFrame(r));
      dts.push(window.stickanim.state().dt);
    }
    return Math.max(...dts);
  });
  check(hitch > 0 && hitch <= 0.0501, 'dt is capped at 50 ms after a hitch', `largest step ${(hitch * 1000).toFixed(1)} ms`);

  // The scene keeps 440 units of height at another size.
  await page.setViewportSize({ width: 480, height: 420 });
  await page.waitForTimeout(200);
  s = await state(page);
  check(Math.abs(s.scale * 440 - s.canvasHeight) < 0.5, 'a smaller window still shows 440 units',
    `${s.canvasHeight} px high, ${s.scale.toFixed(3)} px/unit`);
  await page.setViewportSize({ width: 1000, height: 700 });

  // ---- the motion lab -------------------------------------------------------------------------------
  await page.click('#mode-lab');
  s = await state(page);
  check(s.mode === 'lab', 'the motion lab opens');
  for (const m of ['walk', 'run', 'throw', 'jump', 'spear_form', 'wave']) {
    await page.click(`#lab button[data-motion="${m}"]`);
    try {
      s = await waitFor(page, x => x.motion === m, 3000, `the lab to show ${m}`);
      check(true, `lab button "${m}" switches the motion`, `showing ${s.motion}`);
    } catch (e) { check(false, `lab button "${m}" switches the motion`, e.message); }
  }
  await page.click('#lab button[data-motion="walk"]');
  await page.waitForTimeout(1500);
  s = await state(page);
  check(Math.abs(s.groundSpeed - 106) < 15, 'walk scrolls the ground at ~106 units/s', f1(s.groundSpeed));
  await page.click('#lab button[data-motion="run"]');
  await page.waitForTimeout(2000);
  s = await state(page);
  check(Math.abs(s.groundSpeed - 383) < 40, 'run scrolls the ground at ~383 units/s', f1(s.groundSpeed));

  // No pop. From one saved moment the figure is run twice at 60 fps, once carrying on with
  // motion A and once switched to motion B; D(k) is the largest distance between the two runs'
  // body joints k frames later. A fade moves the figure a little of the way each frame (1/8 of
  // it in the first frame at the default fade rate), so D(1) is a small part of D's largest
  // value over the next 30 frames; a pop is a snap, D(1) close to the whole difference. Arms
  // blend by angle, so the first eighth of a wide swing is up to ~0.4 of the hand's chord.
  // Checked: D(1) <= 0.5 * max D(1..30) + 2 units, for switches in every pairing the lab offers,
  // one of them mid-air, one in the middle of another fade, and throw -> form from every part of
  // the throw.
  const pop = await page.evaluate(() => {
    const sa = window.stickanim;
    const names = ['pelvis', 'chest', 'neck', 'head', 'shoulder', 'hip', 'knee_near', 'foot_near',
      'knee_far', 'foot_far', 'elbow_near', 'hand_near', 'elbow_far', 'hand_far'];
    const track = n => { const out = []; for (let i = 0; i < n; i++) out.push(sa.step(1).joints); return out; };
    const results = [];
    const sw = (to, label) => {
      const from = sa.state().labMotion;
      sa.snapshot();
      const a = track(30);
      sa.restore();
      sa.setLabMotion(to);
      const b = track(30);
      const d = a.map((ja, k) => Math.max(...names.map(j => Math.hypot(ja[j].x - b[k][j].x, ja[j].y - b[k][j].y))));
      results.push({ label: label || `${from} -> ${to}`, d1: d[0], dmax: Math.max(...d) });
    };
    sa.setLabMotion('walk'); track(150);
    sw('run'); track(40);
    sw('throw'); track(37);
    sw('jump'); track(23);
    sw('spear_form'); track(71);
    sw('walk');
    sa.setLabMotion('jump'); track(120);
    for (let i = 0; i < 200 && sa.state().rootY > -120; i++) track(1);
    sw('walk', 'jump (in the air) -> walk'); track(60);
    sa.setLabMotion('spear_form'); track(6);
    sw('throw', 'walk -> form, 6 frames later -> throw (mid-fade)');
    for (let off = 0; off < 84; off += 7) { // throw -> form from every part of the throw
      sa.setLabMotion('throw'); track(150 + off);
      sw('spear_form', `throw (+${off} frames) -> form`);
    }
    sa.setLabMotion('spear_form'); track(300); sw('run'); track(10); sw('spear_form', 'run -> form');
    sa.setPaused(false);
    return results;
  });
  for (const w of pop) {
    check(w.d1 <= 0.5 * w.dmax + 2, `no pop: ${w.label}`,
      `first frame moves ${f1(w.d1)} units off the old motion's path, of ${f1(w.dmax)} within 30 frames`);
  }

  await page.check('#skeleton');
  await page.locator('#speed').fill('0.5');
  s = await state(page);
  check(s.skeleton === true, 'the skeleton view toggles on');
  check(Math.abs(s.timeScale - 0.5) < 1e-6, 'the speed slider sets the time scale', String(s.timeScale));
  await page.click('#lab button[data-motion="spear_form"]');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(args.out, 'web_motion_lab.png') });

  // ---- motion definitions: the sword combo over the run, a move pasted as JSON, a bad one --------
  {
    await page.uncheck('#skeleton');
    // The page's example moves are the JSON files of examples/moves/ (moves.js is generated).
    const names = ['flinch', 'sword_combo', 'wave'];
    const files = {};
    for (const n of names) files[n] = JSON.parse(await readFile(path.join(here, '..', 'moves', `${n}.json`), 'utf8'));
    const embedded = await page.evaluate(() => window.STICKANIM_MOVES);
    check(names.every(n => JSON.stringify(embedded[n]) === JSON.stringify(files[n])) &&
      Object.keys(embedded).length === names.length,
    'the page\'s moves are examples/moves/*.json (moves.js current: else rebuild web_sync)', Object.keys(embedded).join(' '));
    const combo = await page.evaluate(() => {
      const w = window.stickanim;
      w.setLabMotion('run');
      w.step(150); // the run settled
      w.playMove('sword_combo');
      const out = [];
      for (let i = 0; i < 110; i++) {
        const s = w.step(1);
        out.push({ blade: s.blade, motion: s.motion, gs: s.groundSpeed, hand: s.joints.hand_near,
          tip: s.bladeTip, head: s.joints.head, r: s.headRadius });
      }
      const s = w.state();
      return { out, events: s.moveEvents, moves: s.moves };
    });
    const sword = combo.moves.indexOf('sword_combo');
    const bladeMax = Math.max(...combo.out.map(x => x.blade));
    check(bladeMax > 0.99, 'the sword combo shows the blade', `blade up to ${f1(bladeMax)}`);
    const gsMin = Math.min(...combo.out.map(x => x.gs));
    check(combo.out.every(x => x.motion === 'run') && gsMin > 300,
      'the legs keep running under the combo', `ground speed >= ${f1(gsMin)} units/s`);
    const hits = [0, 1, 2].map(i => combo.events.filter(e => e.move === sword && e.index === i).length);
    check(hits.every(h => h === 1) && combo.events.length === 3,
      'the combo\'s three hit events fire once each', `hits ${hits.join(' ')}`);
    const reach = Math.max(...combo.out.map(x => x.tip.x - x.head.x));
    check(reach > 40, 'the sword swings out ahead of the body', `tip up to ${f1(reach)} units ahead of the head`);
    await page.evaluate(() => window.stickanim.playMove('sword_combo'));
    await page.evaluate(() => window.stickanim.step(22));
    await page.screenshot({ path: path.join(args.out, 'web_sword_combo.png') });
    await page.evaluate(() => window.stickanim.step(120));
    // A designer pastes a definition as JSON: played without recompiling anything.
    const salute = JSON.stringify({
      name: 'salute', duration: 1.2, parts: ['arm near', 'head'], 'fade in': 0.2, 'fade out': 0.3,
      tracks: { 'arm angle near': [[0, 2.0], [1, 2.0]], 'arm flex near': [[0, 1.9], [1, 1.9]],
        'head tilt': [[0, -0.05], [1, -0.05]] },
      events: [{ name: 'up', time: 0.3 }],
    });
    await page.fill('#move-json', salute);
    await page.click('#move-play');
    const sal = await page.evaluate(() => {
      const w = window.stickanim, s = w.step(40);
      return { hand: s.joints.hand_near, shoulder: s.joints.shoulder, status: s.moveStatus, moves: s.moves };
    });
    check(sal.hand.y < sal.shoulder.y - 10 && /Playing "salute"/.test(sal.status),
      'a definition pasted as JSON plays: the near hand rises', `hand ${f1(sal.hand.y - sal.shoulder.y)} below the shoulder; ${sal.status}`);
    await page.fill('#move-json', JSON.stringify({ name: 'broken', duration: 1, tracks: { lean: [[0.6, 0], [0.2, 1]] } }));
    await page.click('#move-play');
    const bad = await page.evaluate(() => window.stickanim.state().moveStatus);
    check(/Not played/.test(bad) && /lean/.test(bad), 'a bad definition is refused with its status', bad);
    await page.evaluate(() => window.stickanim.setPaused(false));
  }

  // ---- pauses off-screen (IntersectionObserver) ------------------------------------------------------
  await page.evaluate(() => { document.getElementById('spacer').style.height = '3000px'; });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(400);
  const off1 = await state(page);
  await page.waitForTimeout(300);
  const off2 = await state(page);
  check(off1.offscreen && off2.frames === off1.frames, 'pauses when the canvas is off-screen',
    `frames ${off1.frames} -> ${off2.frames}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  const on = await state(page);
  check(!on.offscreen && on.frames > off2.frames, 'resumes when the canvas is back', `frames ${off2.frames} -> ${on.frames}`);
  // ---- pauses while the tab is hidden (headless Chromium never hides a tab: fake the signal) --
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const hid1 = await state(page);
  await page.waitForTimeout(300);
  const hid2 = await state(page);
  check(hid1.hidden && hid2.frames === hid1.frames, 'pauses while the tab is hidden',
    `frames ${hid1.frames} -> ${hid2.frames}`);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(300);
  const vis = await state(page);
  check(!vis.hidden && vis.frames > hid2.frames, 'resumes when the tab is shown', `frames ${hid2.frames} -> ${vis.frames}`);
  check(errors.length === 0, 'no errors in the page (file://)', errors.join('; '));
  await context.close();

  // ---- the Platformer: the level played start to end ------------------------------------------------
  // First with the real keys (turning, a jump), then by script: a bot holds → and presses Space,
  // ↑ at the ladder, steps the page frame by frame (window.stickanim.step) and records the body's
  // modes. Every frame: joints finite, and the feet never below the level's ground while the
  // body walks on it. A foot's drawn end is about 4 units across: one within 4 units of a stair's
  // edge may stand at either step's height (the figure sees the ground as straight lines between
  // the heights it asked for, and a foot can come down half a unit short of the edge it aimed past).
  {
    const { context: cl, page: pl, errors: el } = await openPage(url);
    await pl.click('#mode-level');
    let s = await state(pl);
    check(s.mode === 'level' && s.level && s.level.grounded, 'the Platformer opens with the body on the ground',
      `body at ${f1(s.level.x)}, ${f1(s.level.y)}`);
    await pl.click('#view');
    await pl.keyboard.down('ArrowLeft');
    s = await waitFor(pl, x => x.facing === 'left' && x.level.x < 30, 3000, 'facing left');
    await pl.keyboard.up('ArrowLeft');
    check(s.facing === 'left' && s.turn < 0, '← walks left and the figure turns to face left',
      `facing ${s.facing}, turn ${f1(s.turn)}, body x ${f1(s.level.x)}`);
    await pl.keyboard.down('ArrowRight');
    s = await waitFor(pl, x => x.facing === 'right' && x.turn > 0.99 && x.level.vx > 100, 3000, 'facing right');
    await pl.keyboard.up('ArrowRight');
    check(s.facing === 'right', '→ walks right and the figure turns back', `turn ${f1(s.turn)}, vx ${f1(s.level.vx)}`);
    await waitFor(pl, x => x.level.grounded && Math.abs(x.level.vx) < 1, 3000, 'the body to stop');
    // Sampled from before the key goes down, every frame, so a slow machine (where the key's
    // round trip can outlast the rise) still sees the jump mode.
    const sampling = sample(pl, 1500);
    await pl.keyboard.press('Space');
    const air = await sampling;
    const top = Math.min(...air.map(x => x.level.y));
    check(air.some(x => x.bodyMode === 'jump') && top < -120, 'Space jumps: the body rises, the figure shows the jump mode',
      `body rose to y ${f1(top)}; modes ${[...new Set(air.map(x => x.bodyMode))].join(' ')}`);
    await waitFor(pl, x => x.level.grounded, 3000, 'landing');
    await pl.keyboard.press('r');

    // The bot, one frame per call (screenshots between calls).
    await pl.evaluate(() => {
      const sa = window.stickanim, Lv = window.StickLevel;
      const bot = { phase: 'start', worstBelow: 0, finite: true, modes: [], dust: 0, frames: 0, facing: [] };
      sa.hold('right', true);
      bot.step = () => {
        let s = sa.state();
        const lv = s.level;
        if (bot.phase === 'start' && lv.x > 120) { sa.levelJump(); bot.phase = 'run'; }
        if (bot.phase === 'run' && lv.y > 600 && lv.x > Lv.LADDER.x - 20) {
          sa.hold('right', false); sa.hold('up', true); bot.phase = 'climb';
        }
        if (bot.phase === 'climb' && lv.onLadder && lv.y < Lv.LADDER.top + 120) { // a few rungs down, then up
          sa.hold('up', false); sa.hold('down', true); bot.phase = 'down';
        }
        if (bot.phase === 'down' && lv.y > Lv.LADDER.top + 170) { sa.hold('down', false); sa.hold('up', true); bot.phase = 'up'; }
        if (bot.phase === 'up' && lv.y <= Lv.LADDER.top + 0.01) { sa.hold('up', false); sa.hold('right', true); bot.phase = 'on'; }
        s = sa.step(1);
        bot.frames++;
        const b = s.level;
        for (const j of Object.values(s.joints)) bot.finite = bot.finite && Number.isFinite(j.x) && Number.isFinite(j.y);
        if (b.grounded && s.bodyMode === 'loco') {
          for (const f of [s.joints.foot_near, s.joints.foot_far]) {
            const wx = b.x + f.x, under = Math.max(...[-4, 0, 4].map(dx => Lv.groundAt(wx + dx, b.y)));
            bot.worstBelow = Math.max(bot.worstBelow, b.y + f.y - under);
          }
        }
        if (bot.modes[bot.modes.length - 1] !== s.bodyMode) bot.modes.push(s.bodyMode);
        bot.dust = Math.max(bot.dust, b.dust);
        return { mode: s.bodyMode, x: b.x, y: b.y, finished: b.finished, phase: bot.phase, onLadder: b.onLadder };
      };
      window.__levelBot = bot;
    });
    const shots = { stairs: x => x.x > 560 && x.mode === 'loco', sit: x => x.mode === 'sit',
      climb: x => x.phase === 'up' && x.y < 420, swim: x => x.mode === 'swim' && x.x > 1900,
      knock: x => x.mode === 'ragdoll', getup: x => x.mode === 'getup', end: x => x.finished };
    const taken = new Set();
    let r = null;
    for (let i = 0; i < 60 * 60; i++) {
      r = await pl.evaluate(() => window.__levelBot.step());
      for (const [name, when] of Object.entries(shots)) {
        if (!taken.has(name) && when(r)) {
          await pl.waitForTimeout(i % 2 ? 30 : 0); // let the redraw reach the screen
          await pl.screenshot({ path: path.join(args.out, `web_level_${name}.png`) });
          taken.add(name);
        }
      }
      if (r.finished) break;
    }
    const bot = await pl.evaluate(() => {
      const b = window.__levelBot;
      return { modes: b.modes, worstBelow: b.worstBelow, finite: b.finite, dust: b.dust, frames: b.frames };
    });
    const seq = bot.modes.join(' ');
    const after = (a, b) => bot.modes.some((m, i) => m === a && bot.modes[i + 1] === b);
    check(r.finished, 'the bot plays the level start to end', `${bot.frames} frames (${f1(bot.frames / 60)} s)`);
    for (const m of ['jump', 'fall', 'land', 'sit', 'climb', 'swim', 'ragdoll', 'getup']) {
      check(bot.modes.includes(m), `the level shows the ${m} mode`, seq);
    }
    check(after('fall', 'land'), 'the ledge: a fall, then a soft landing', seq);
    check(after('fall', 'sit'), 'the high drop: a fall, then the sit', seq);
    check(after('ragdoll', 'getup') && after('getup', 'loco'), 'the swinging ball: knocked down, then up and walking', seq);
    check(bot.finite, 'the joints stay finite all the way');
    check(bot.worstBelow < 2, 'walking the slope, the stairs and the rest, the feet never sink into the ground',
      `at most ${bot.worstBelow.toFixed(2)} units below it`);
    check(bot.dust > 0, 'footstep events leave dust marks');
    check(taken.size === Object.keys(shots).length, 'screenshots of the level', [...taken].map(n => `web_level_${n}.png`).join(' '));
    check(el.length === 0, 'no errors in the page (Platformer)', el.join('; '));
    await cl.close();
  }

  // ---- a phone: touch controls at 390 x 844 ---------------------------------------------------------
  {
    const { context: cp, page: pp, errors: ep } = await openPage(url, {
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const pad = await pp.locator('#touch').isVisible();
    check(pad, 'a phone shows the on-screen Jump and Thrust');
    for (const id of ['#touch-jump', '#touch-thrust']) {
      const box = await pp.locator(id).boundingBox();
      check(box && box.width >= 60 && box.height >= 60, `${id} is big enough for a finger`,
        box ? `${box.width.toFixed(0)} x ${box.height.toFixed(0)} px` : 'not laid out');
    }
    await waitFor(pp, x => x.motion === 'spear_run' && grounded(x), 3000, 'the spear run (phone)');
    let before = await state(pp);
    await pp.tap('#touch-jump');
    const up = await sample(pp, 1100);
    const minRoot = Math.min(...up.map(x => x.rootY));
    check(minRoot < -60, 'tapping Jump jumps: the root rises', `root y ${f1(before.rootY)} -> min ${f1(minRoot)}`);
    await waitFor(pp, grounded, 3000, 'landing (phone)');
    await pp.waitForTimeout(300);
    await waitFor(pp, grounded, 3000, 'the end of the jump (phone)');
    const rest = await sample(pp, 400);
    const restMax = Math.max(...rest.map(tipAhead));
    await pp.tap('#touch-thrust');
    const th = await sample(pp, 700);
    const thrustMax = Math.max(...th.map(tipAhead));
    check(th.some(x => x.thrusting) && thrustMax > restMax + 20, 'tapping Thrust thrusts: the spear tip moves forward',
      `tip ahead of the root ${f1(restMax)} -> max ${f1(thrustMax)} units`);
    await pp.screenshot({ path: path.join(args.out, 'web_phone.png') });
    await pp.tap('#mode-lab');
    check(!(await pp.locator('#touch').isVisible()), 'the lab hides Jump and Thrust');
    for (const m of ['walk', 'run', 'throw', 'jump', 'spear_form', 'wave']) {
      const b = pp.locator(`#lab button[data-motion="${m}"]`);
      await b.tap();
      const box = await b.boundingBox();
      before = await state(pp);
      check(before.labMotion === m && box && box.height >= 40, `tapping the lab's "${m}" switches to it`,
        `lab motion ${before.labMotion}, button ${box ? box.height.toFixed(0) : '?'} px high`);
    }
    await pp.tap('#mode-game');
    check(await pp.locator('#touch').isVisible(), 'back in the game, Jump and Thrust show again');
    // The Platformer's pad: ← → ↓ ↑ Jump, big enough for a finger; a finger held on → walks right.
    await pp.tap('#mode-level');
    check(!(await pp.locator('#touch').isVisible()) && await pp.locator('#touch-level').isVisible(),
      'the Platformer shows its own pad instead of Jump and Thrust');
    for (const id of ['#touch-left', '#touch-right', '#touch-up', '#touch-down', '#touch-level-jump']) {
      const box = await pp.locator(id).boundingBox();
      check(box && box.width >= 56 && box.height >= 56 && box.x >= 0 && box.x + box.width <= 390,
        `${id} is on screen and big enough for a finger`, box ? `${box.width.toFixed(0)} x ${box.height.toFixed(0)} px at x ${box.x.toFixed(0)}` : 'not laid out');
    }
    const x0 = (await state(pp)).level.x;
    // A held finger: pointerdown now, pointerup later (a tap would let go at once).
    const hold = async (id, ms) => {
      const box = await pp.locator(id).boundingBox();
      await pp.dispatchEvent(id, 'pointerdown', { pointerType: 'touch', isPrimary: true, clientX: box.x + 5, clientY: box.y + 5 });
      await pp.waitForTimeout(ms);
      await pp.dispatchEvent(id, 'pointerup', { pointerType: 'touch', isPrimary: true });
    };
    await hold('#touch-right', 700);
    let ps = await state(pp);
    check(ps.level.x > x0 + 60 && ps.facing === 'right', 'holding → walks right', `body x ${f1(x0)} -> ${f1(ps.level.x)}`);
    await hold('#touch-left', 500);
    ps = await state(pp);
    check(ps.facing === 'left', 'holding ← turns the figure left', `facing ${ps.facing}`);
    await waitFor(pp, x => x.level.grounded && Math.abs(x.level.vx) < 1, 3000, 'the body to stop (phone)');
    await pp.tap('#touch-level-jump');
    const jp = await sample(pp, 800);
    check(jp.some(x => x.bodyMode === 'jump'), 'tapping Jump jumps in the Platformer',
      `lowest body y ${f1(Math.min(...jp.map(x => x.level.y)))}`);
    await pp.screenshot({ path: path.join(args.out, 'web_level_phone.png') });
    await pp.tap('#mode-game');
    check(await pp.locator('#touch').isVisible() && !(await pp.locator('#touch-level').isVisible()),
      'back in the game, the Platformer pad hides');
    check(ep.length === 0, 'no errors in the page (phone)', ep.join('; '));
    await cp.close();
  }

  // ---- prefers-reduced-motion: starts paused on one frame ---------------------------------------------
  {
    const { context: c2, page: p2, errors: e2 } = await openPage(url, { reducedMotion: 'reduce' });
    const a = await state(p2);
    await p2.waitForTimeout(400);
    const b = await state(p2);
    check(a.reducedMotion && b.paused && b.frames === a.frames, 'reduced motion: starts paused on one frame',
      `frames ${a.frames} -> ${b.frames}`);
    await p2.click('#pause');
    await p2.waitForTimeout(300);
    const c = await state(p2);
    check(c.frames > b.frames, 'reduced motion: Play starts it', `frames ${b.frames} -> ${c.frames}`);
    check(e2.length === 0, 'no errors in the page (reduced motion)', e2.join('; '));
    await c2.close();
  }

  // ---- a plain static server ------------------------------------------------------------------------
  {
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png' };
    // /bindings/stickanim.mjs is the generated ES module (bindings/js), for the check below.
    const server = createServer(async (req, res) => {
      const url = new URL(req.url, 'http://x').pathname;
      const name = path.basename(url) || 'index.html';
      const file = url === '/bindings/stickanim.mjs' ? path.join(here, '..', '..', 'bindings', 'js', 'stickanim.mjs')
        : path.join(args.page, name);
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': types[path.extname(name)] || 'application/octet-stream' });
        res.end(body);
      } catch { res.writeHead(404); res.end(); }
    });
    await new Promise(r => server.listen(0, '127.0.0.1', r));
    const { port } = server.address();
    const { context: c3, page: p3, errors: e3 } = await openPage(`http://127.0.0.1:${port}/`);
    const a = await state(p3);
    await p3.waitForTimeout(300);
    const b = await state(p3);
    check(b.ready && b.frames > a.frames, 'page loads and runs from a static server', `port ${port}`);
    // The generated ES module (bindings/js/stickanim.mjs) in Chromium: import it, load the
    // page's wasm, check the ABI and walk a figure 120 frames.
    const esm = await p3.evaluate(async () => {
      const S = await import('/bindings/stickanim.mjs');
      const sa = await S.load(fetch('/stickanim.wasm').then(r => r.arrayBuffer()));
      const fig = new sa.SaFigure();
      sa.sa_figure_init(fig, null);
      const input = sa.sa_figure_input_default();
      input.motion = S.SaFigureMotion.WALK;
      const bones = sa.SaFigureBone.array(S.SA_FIGURE_BONE_COUNT);
      sa.sa_figure_bones(null, bones, bones.length);
      let finite = true, worst = 0, pose = null;
      for (let i = 0; i < 120; i++) {
        sa.sa_figure_update(fig, input, 1 / 60);
        pose = sa.sa_figure_get_pose(fig);
        finite = finite && [...pose.joints, ...pose.hair].every(Number.isFinite);
        const u = pose.unsquashed;
        for (const b of bones) {
          worst = Math.max(worst, Math.abs(Math.hypot(u[2 * b.from] - u[2 * b.to], u[2 * b.from + 1] - u[2 * b.to + 1]) - b.length));
        }
      }
      let refused = false;
      class Drifted extends S.Struct {}
      Object.assign(Drifted, { C_NAME: 'sa_figure', SIZE: S.SaFigure.SIZE + 8, ALIGN: S.SaFigure.ALIGN, ABI_TYPE: S.SA_ABI_TYPE_FIGURE });
      try { sa.checkAbi([Drifted]); } catch (e) { refused = e instanceof S.AbiMismatch; }
      return { abi: sa.checkAbi(), expected: S.SA_ABI_VERSION, missing: sa.missing.length, finite, worst, speed: pose.ground_speed, refused };
    });
    check(esm.abi === esm.expected && esm.missing === 0 && esm.refused, 'the generated ES module loads in Chromium and checks the ABI',
      `ABI ${esm.abi}, ${esm.missing} functions missing, a drifted struct refused: ${esm.refused}`);
    check(esm.finite && esm.worst < 1e-3 && esm.speed > 100, 'the ES module walks a figure 120 frames in Chromium',
      `joints finite ${esm.finite}, bones within ${esm.worst.toExponential(1)}, ground speed ${f1(esm.speed)}`);
    check(e3.length === 0, 'no errors in the page (http)', e3.join('; '));
    await c3.close();
    server.close();
  }
} catch (e) {
  check(false, 'test ran to the end', e.stack || String(e));
} finally {
  await browser.close();
}
console.log(failed() ? `test_web: ${failed()} check(s) failed` : `test_web: all passed; screenshots in ${args.out}`);
process.exit(failed() ? 1 : 0);
