// Headless Chromium test of the web example's crowd page (crowd.html): 10 000 figures load into
// the WebAssembly memory, one sa_figure_update_many() call a frame moves them (their joints and
// the canvas's pixels change between frames), the page reports a finite update and draw time, and
// the figures it draws are the ones the library computes: a figure replayed through the scalar
// sa_figure_update() beside the crowd has bit for bit the joints the page draws. No console error.
//
// usage: node test_crowd.mjs [--page DIR] [--chromium /usr/bin/chromium] [--out DIR]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, checker, launch, newPage } from './browser_test.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = await parseArgs(here);
const { check, finish } = checker();

const browser = await launch(args);
const { page, errors } = await newPage(browser, { width: 1200, height: 700 });
await page.goto(pathToFileURL(join(resolve(args.page), 'crowd.html')).href);
await page.evaluate(() => window.crowdPage.ready);
await page.evaluate(() => window.crowdPage.pause());

const st0 = await page.evaluate(() => window.crowdPage.state());
check(st0.error === null, `the page loads (${st0.error || 'no error'})`);
check(st0.count === 10000, `10 000 figures in the wasm memory (${st0.count})`);

// A coarse picture of the canvas: mean brightness of 8x8 blocks.
const blocks = () => page.evaluate(() => {
  const c = document.getElementById('view');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  const bw = Math.floor(c.width / 8), bh = Math.floor(c.height / 8), out = new Float32Array(bw * bh);
  for (let y = 0; y < bh * 8; y++) for (let x = 0; x < bw * 8; x++) {
    const p = 4 * (y * c.width + x);
    out[(y >> 3) * bw + (x >> 3)] += (d[p] + d[p + 1] + d[p + 2]) / 192;
  }
  return Array.from(out);
});
const j0 = await page.evaluate(() => [window.crowdPage.joints(0), window.crowdPage.joints(7777)]);
const a = await blocks();
const st1 = await page.evaluate(() => window.crowdPage.step(12));
const b = await blocks();
const j1 = await page.evaluate(() => [window.crowdPage.joints(0), window.crowdPage.joints(7777)]);

// Blocks with figure strokes in them: brighter than the darkest block of their row (the sky's
// gradient runs down the rows).
const bw = b.length / Math.round(b.length / Math.floor(1200 / 8));
const rowMin = [];
b.forEach((v, i) => { const r = Math.floor(i / bw); rowMin[r] = Math.min(rowMin[r] ?? Infinity, v); });
const lit = b.filter((v, i) => v > rowMin[Math.floor(i / bw)] + 8).length / b.length;
check(lit > 0.15, `figures drawn over the canvas (${(100 * lit).toFixed(1)}% of 8x8 blocks hold strokes)`);
const changed = a.filter((v, i) => Math.abs(v - b[i]) > 8).length / a.length;
check(changed > 0.05, `the picture moves between frames (${(100 * changed).toFixed(1)}% of blocks changed in 12 frames)`);
const movedJoints = j0.every((js, f) => js.some((v, q) => v !== j1[f][q]));
check(movedJoints, 'figures 0 and 7777 move between frames (their joints change)');
check(j1.every(js => js.every(Number.isFinite)), 'their joints are finite');
check(Number.isFinite(st1.update) && st1.update > 0 && Number.isFinite(st1.updateAvg) &&
  Number.isFinite(st1.draw) && st1.draw > 0,
`finite update and draw times (update ${st1.update.toFixed(2)} ms = ${(1e6 * st1.update / st1.count).toFixed(0)} ns a figure, draw ${st1.draw.toFixed(2)} ms)`);
check(/update [0-9.]+ ms \([0-9]+ ns a figure/.test(st1.stats) && /draw [0-9.]+ ms/.test(st1.stats),
  `the page shows them (${st1.stats})`);

// What the page draws is what the library computes: figures replayed through sa_figure_update().
for (const i of [0, 4321, 9999]) {
  const r = await page.evaluate(k => window.crowdPage.check(k, 90), i);
  check(r.same && r.moved, `figure ${i} over 90 frames: the drawn joints are the scalar sa_figure_update()'s bit for bit (${r.same ? 'identical' : `differ by up to ${r.worst}`}, ${r.moved ? 'moving' : 'still'})`);
}

await page.evaluate(() => window.crowdPage.step(30));
await page.screenshot({ path: join(args.out, 'crowd.png') });
// Running on its own (requestAnimationFrame) for a moment: no error.
await page.evaluate(() => window.crowdPage.play());
await page.waitForTimeout(1500);
const st2 = await page.evaluate(() => window.crowdPage.state());
check(st2.error === null && st2.frames > st1.frames, `it runs on its own (${st2.frames} frames, ${st2.stats})`);
check(errors.length === 0, `no console error (${errors.join('; ')})`);

await browser.close();
finish('all checks passed');
