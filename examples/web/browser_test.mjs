// What the headless Chromium tests of the web pages share (test_web.mjs, test_gltf.mjs,
// test_crowd.mjs): their command line, their checks, the browser launch and a page that collects
// console errors.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

// --page DIR (the folder holding the pages; default `here`), --chromium PATH and --out DIR
// (where screenshots go; default --page, created). An unknown option exits with status 2.
export async function parseArgs(here) {
  const args = { page: here, chromium: '/usr/bin/chromium', out: null };
  for (let i = 2; i < process.argv.length; i += 2) {
    const k = process.argv[i].replace(/^--/, '');
    if (!(k in args)) { console.error(`unknown option ${process.argv[i]}`); process.exit(2); }
    args[k] = process.argv[i + 1];
  }
  args.out = args.out || args.page;
  await mkdir(args.out, { recursive: true });
  return args;
}

// check(ok, what, detail) prints one line per check; failed() counts the failures;
// finish(name) prints the verdict and exits 1 if any check failed.
export function checker() {
  let failures = 0;
  return {
    check(ok, what, detail = '') {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
      if (!ok) failures++;
    },
    failed: () => failures,
    finish(verdict) {
      console.log(failures ? `${failures} check(s) failed` : verdict);
      process.exit(failures ? 1 : 0);
    },
  };
}

// Headless Chromium with the flags this machine needs (as root, no background traffic on a
// closed network), plus `extra` flags; playwright-core gives each launch a new empty profile.
export function launch(args, extra = []) {
  return chromium.launch({
    executablePath: args.chromium,
    headless: true,
    args: ['--no-sandbox', ...extra, '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// A new page (in a context of its own, `viewport` and `contextOptions`) whose page errors and
// console errors collect in `errors`.
export async function newPage(browser, viewport, contextOptions = {}) {
  const context = await browser.newContext({ viewport, ...contextOptions });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', e => errors.push(`pageerror: ${e.message}`));
  page.on('console', m => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return { context, page, errors };
}
