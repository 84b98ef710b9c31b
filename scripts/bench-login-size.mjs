// `npm run bench`: what the browser downloads for a page of the running product (default: the
// login page), with the bytes on the wire (compressed) per resource. Needs `npm start` running.
//   BASE_URL=http://localhost:3000 npm run bench -- /auth/login /domaine-demo
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const require = createRequire(join(ROOT, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/auth/login'];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const path of paths) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const rows = [];
  page.on('requestfinished', async (req) => {
    const sizes = await req.sizes().catch(() => null);
    const res = await req.response();
    if (!sizes || !res) return;
    rows.push({ url: req.url().replace(base, ''), wire: sizes.responseBodySize, encoding: res.headers()['content-encoding'] ?? '-' });
  });
  const started = Date.now();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const elapsed = Date.now() - started;
  await page.waitForTimeout(300);
  rows.sort((a, b) => b.wire - a.wire);
  const total = rows.reduce((s, r) => s + r.wire, 0);
  console.log(`\n${path}: ${rows.length} requests, ${(total / 1024).toFixed(1)} KB on the wire, network idle after ${elapsed} ms`);
  for (const r of rows.slice(0, Number(process.env.ROWS ?? 15)))
    console.log(`  ${(r.wire / 1024).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(5)} ${r.url}`);
  await context.close();
}
await browser.close();
