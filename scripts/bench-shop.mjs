#!/usr/bin/env node
// npm run bench:shop — speed figures of the public shop.
// 1. Lighthouse 12 (mobile, default throttling, Debian's Chromium) on /domaine-demo and on a product page of the
//    production build (api + gateway started here on free ports, fresh PGlite database with the demo seed):
//    performance score, LCP, TBT, CLS, bytes of JavaScript transferred. Aim: score ≥ 95, TBT ≤ 100 ms,
//    JS ≤ 200 KB, LCP ≤ 1.8 s on the product page.
// 2. autocannon (50 connections, loopback, 10 s) on the product-listing endpoint with 5,000 seeded products in one
//    shop (SEED_CATALOG_EXTRA): p50 / p99 latency, on the embedded database and, when BENCH_DATABASE_URL (or
//    TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database created there and dropped afterwards.
// Each page is measured BENCH_RUNS times (default 3) and the median run is printed, with every run's score.
// BENCH_ONLY=lighthouse stops after the Lighthouse table. BENCH_DETAIL=1 also prints, for each median run, where the
// main thread went (Lighthouse's bootup-time per script and its longest tasks); BENCH_SAVE=<dir> writes each median
// run's Lighthouse JSON there (open it in https://googlechrome.github.io/lighthouse/viewer/ or read its audits).
// Needs the builds (api/dist, gateway/dist, shell/dist, mfe-*/dist). CHROME_PATH defaults to /usr/bin/chromium.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cleanup, freePort, freshPostgres, startApi, startChild, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const BENCH_PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const fmtMs = (n) => `${Math.round(n)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Where the main thread went in one run: JavaScript per script (bootup-time) and the longest tasks. */
function printDetail(u, adult, a) {
  const short = (url) => String(url).replace(/^https?:\/\/[^/]+/, '');
  console.log(
    `\n${u}${adult ? '' : ' (age gate)'}: TBT ${fmtMs(a['total-blocking-time'].numericValue)}, main thread ${fmtMs(a['mainthread-work-breakdown']?.numericValue ?? 0)}`,
  );
  for (const i of (a['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 6))
    console.log(`  ${fmtMs(i.duration).padStart(8)}  ${i.groupLabel}`);
  console.log('  JavaScript per script (total / scripting / parse+compile):');
  for (const i of (a['bootup-time']?.details?.items ?? []).slice(0, 8))
    console.log(
      `  ${fmtMs(i.total).padStart(8)} ${fmtMs(i.scripting).padStart(8)} ${fmtMs(i.scriptParseCompile).padStart(8)}  ${short(i.url)}`,
    );
  console.log('  longest tasks (start, duration):');
  for (const i of (a['long-tasks']?.details?.items ?? []).slice(0, 8))
    console.log(`  ${fmtMs(i.startTime).padStart(8)} ${fmtMs(i.duration).padStart(8)}  ${short(i.url)}`);
}

async function lighthouseRuns(origin, urls) {
  const req = createRequire(path.join(root, 'e2e', 'package.json'));
  const lighthouse = (await import(pathToFileURL(req.resolve('lighthouse')).href)).default;
  const lhPath = req.resolve('lighthouse');
  const chromeLauncher = await import(pathToFileURL(createRequire(lhPath).resolve('chrome-launcher')).href);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows = [];
  // The adult visitor's cookie must be in the browser (the age gate reads document.cookie): set it through the
  // DevTools protocol and keep it (disableStorageReset). The first visit runs with no cookie: it sees the gate.
  const puppeteer = (await import(pathToFileURL(createRequire(lhPath).resolve('puppeteer-core')).href)).default;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const cookies = async (adult) => {
    const page = await browser.newPage();
    const client = await page.createCDPSession();
    await client.send('Network.clearBrowserCookies');
    await client.send('Network.clearBrowserCache'); // disableStorageReset keeps the cache too: each run starts cold
    if (adult) await page.setCookie({ name: 'wz_adult', value: '1', url: origin });
    await page.close();
  };
  try {
    for (const [u, adult] of urls) {
      // Lighthouse's own advice: several runs, report the median one (scores move a few points between runs)
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        let result;
        for (let attempt = 1; ; attempt++) {
          await cookies(adult);
          result = await lighthouse(`${origin}${u}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          });
          if (!result.lhr.runtimeError) break;
          // a trace Lighthouse itself could not read (NO_NAVSTART…) is run again once
          if (attempt === 2) throw new Error(`Lighthouse on ${u}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        }
        const a = result.lhr.audits;
        for (const k of ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
          if (a[k]?.numericValue === undefined) throw new Error(`Lighthouse on ${u}: no ${k} (${a[k]?.errorMessage ?? 'not measured'})`);
        }
        runs.push(result.lhr);
      }
      const scores = runs.map((l) => Math.round((l.categories.performance.score ?? 0) * 100));
      const lhr = runs.slice().sort((x, y) => x.categories.performance.score - y.categories.performance.score)[Math.floor(runs.length / 2)];
      const a = lhr.audits;
      if (process.env.BENCH_SAVE) {
        mkdirSync(process.env.BENCH_SAVE, { recursive: true });
        writeFileSync(path.join(process.env.BENCH_SAVE, `${u.replace(/\W+/g, '_')}${adult ? '' : '_gate'}.json`), JSON.stringify(lhr));
      }
      if (process.env.BENCH_DETAIL) printDetail(u, adult, a);
      const js = (a['network-requests']?.details?.items ?? [])
        .filter((i) => i.resourceType === 'Script')
        .reduce((sum, i) => sum + (i.transferSize || 0), 0);
      rows.push({
        page: u,
        visitor: adult ? 'adult (cookie)' : 'first visit (age gate)',
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        runs: scores.join(' / '),
        FCP: fmtMs(a['first-contentful-paint'].numericValue),
        LCP: fmtMs(a['largest-contentful-paint'].numericValue),
        TBT: fmtMs(a['total-blocking-time'].numericValue),
        CLS: a['cumulative-layout-shift'].numericValue.toFixed(3),
        'JS transferred': kb(js),
      });
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return rows;
}

async function autocannonRun(apiPort) {
  const req = createRequire(path.join(root, 'package.json'));
  const autocannon = req('autocannon');
  const shop = await (await fetch(`http://127.0.0.1:${apiPort}/v1/shops/by-name/domaine-demo`)).json();
  const first = await (await fetch(`http://127.0.0.1:${apiPort}/v1/products?shopIds=[${shop.id}]&limit=1`)).json();
  const url = `http://127.0.0.1:${apiPort}/v1/products?shopIds=${encodeURIComponent(JSON.stringify([shop.id]))}&origin=shop&limit=24&filter=${encodeURIComponent(JSON.stringify({ color: ['red'] }))}`;
  const result = await autocannon({ url, connections: 50, duration: Number(process.env.BENCH_SECONDS || 10) });
  return {
    products: first.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

try {
  const { port: apiPort } = await startApi(0);
  const gwPort = await freePort();
  startChild('node', ['dist/server.js'], { PORT: String(gwPort), API_URL: `http://127.0.0.1:${apiPort}` }, path.join(root, 'gateway'));
  const origin = `http://127.0.0.1:${gwPort}`;
  await waitFor(`${origin}/healthz`);
  const galets = (await (await fetch(`${origin}/v1/products?filter=${encodeURIComponent('{"search":"Galets"}')}`)).json()).items[0];
  console.log(`Lighthouse 12, mobile, default throttling — ${CHROME_PATH} — median of ${RUNS} run(s)`);
  const product = `/domaine-demo/${galets.id}-les-galets-rouges`;
  console.table(
    await lighthouseRuns(origin, [
      ['/domaine-demo', true],
      [product, true],
      ['/domaine-demo', false],
    ]),
  );
  console.log('Aim: score ≥ 95, TBT ≤ 100 ms, JavaScript ≤ 200 KB on the wire, LCP ≤ 1.8 s on the product page.');

  if (process.env.BENCH_ONLY === 'lighthouse') process.exit(0);
  const extra = Math.max(0, BENCH_PRODUCTS - 30);
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const pgUrl = pgAdmin ? freshPostgres(pgAdmin) : null;
  if (pgAdmin && !pgUrl) console.warn(`\nPostgreSQL at ${pgAdmin} refused a new database: listing measured on the embedded database only.`);
  const targets = [['embedded PGlite', '']].concat(pgUrl ? [['PostgreSQL', pgUrl]] : []);
  for (const [label, url] of targets) {
    const api = await startApi(extra, url);
    const r = await autocannonRun(api.port);
    api.child.kill('SIGTERM'); // the next target is measured alone
    console.log(
      `\nGET /v1/products on ${label} (colour filter, 24 per page), ${r.products} products in Domaine de Démo, 50 connections, loopback:`,
    );
    console.log(`  p50 ${r.p50} ms · p99 ${r.p99} ms · ${r.rps} req/s · errors ${r.errors}`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
