#!/usr/bin/env node
// npm run bench:api — api throughput against what this machine can do.
// Starts the built api (api/dist) on a fresh database with the demo seed plus generated wines (5,000 products in
// Domaine de Démo, BENCH_PRODUCTS), and a bare Express 5 app (scripts/bench-bare-server.mjs) answering each
// endpoint's exact bytes. autocannon (BENCH_CONNECTIONS=20 connections, BENCH_SECONDS=10 s each, loopback) loads
// the bare route, then the endpoint, in the same run: absolute figures on a shared 2-core machine are noise,
// the ratio endpoint req/s ÷ bare req/s is not. PostgreSQL (a fresh database on BENCH_DATABASE_URL or
// TEST_DATABASE_URL, dropped afterwards) when set, else the embedded PGlite (single connection: development only).
// Goals: anonymous listing ≥ 0.5, signed-in listing ≥ 0.2, get-cart-price ≥ 0.25, product detail ≥ 0.3,
// p99 ≤ 30 ms. BENCH_ONLY=listing,cart… runs a subset. Needs the api build (`npm run build` or `npm start` once).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { autocannon, cleanup, freePort, freshPostgres, startApi, startChild, waitFor } from './bench-lib.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
const GOALS = { 'listing-anonymous': 0.5, 'listing-signed-in': 0.2, 'cart-price': 0.25, 'product-detail': 0.3 };

const json = async (res) => {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
};

async function load(opts) {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts };
}

try {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const pgUrl = pgAdmin ? freshPostgres(pgAdmin) : null;
  if (pgAdmin && !pgUrl) console.warn(`PostgreSQL at ${pgAdmin} refused a new database: measured on the embedded database.`);
  const api = await startApi(Math.max(0, PRODUCTS - 30), pgUrl ?? '');
  const base = `http://127.0.0.1:${api.port}/v1`;

  // The requests: what a visitor of the Domaine's shop page sends.
  const shop = await json(await fetch(`${base}/shops/by-name/domaine-demo`));
  const listPath = `/products?shopIds=${encodeURIComponent(JSON.stringify([shop.id]))}&origin=shop&limit=24&filter=${encodeURIComponent(JSON.stringify({ color: ['red'] }))}`;
  const { jwt } = await json(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@demo.test', password: 'Buyer1234' }),
    }),
  );
  const auth = { authorization: `Bearer ${jwt}` };
  const page = await json(await fetch(`${base}${listPath}`));
  const buyable = page.items.filter((p) => p.formats.some((f) => f.price && (f.stock ?? 1) > 6)).slice(0, 6);
  const cartBody = JSON.stringify({
    orders: [
      {
        seller: { id: shop.id },
        products: buyable.map((p, i) => {
          const f = p.formats.find((x) => x.price && (x.stock ?? 1) > 6);
          return {
            idTmp: `b${i}`,
            id: p.id,
            quantity: 1 + (i % 3),
            chosenFormat: { id: f.id },
            chosenVintage: p.vintages[0] ? { id: p.vintages[0].id } : null,
          };
        }),
        reservations: [],
      },
    ],
  });
  const cases = [
    {
      name: 'listing-anonymous',
      label: `GET /v1/products (${page.total} matching of ${PRODUCTS}, 24 a page, colour filter, anonymous)`,
      path: listPath,
    },
    { name: 'listing-signed-in', label: 'GET /v1/products (same, signed-in buyer)', path: listPath, headers: auth },
    { name: 'product-detail', label: 'GET /v1/products/:id (anonymous)', path: `/products/${buyable[0].id}` },
    {
      name: 'cart-price',
      label: `POST /v1/orders/get-cart-price (${buyable.length} lines, signed-in buyer)`,
      path: '/orders/get-cart-price',
      method: 'POST',
      body: cartBody,
      headers: { ...auth, 'content-type': 'application/json' },
    },
  ].filter((c) => !ONLY || ONLY.some((o) => c.name.startsWith(o)));

  // The yardstick answers each endpoint's bytes.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wz-bench-bare-'));
  for (const c of cases) {
    const res = await fetch(`${base}${c.path}`, { method: c.method ?? 'GET', headers: c.headers, body: c.body });
    if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    c.bytes = Buffer.from(await res.arrayBuffer());
    writeFileSync(path.join(dir, `${c.name}.json`), c.bytes);
  }
  const barePort = await freePort();
  startChild(process.execPath, [path.join(ROOT, 'scripts', 'bench-bare-server.mjs'), dir, String(barePort)], {}, ROOT);
  await waitFor(`http://127.0.0.1:${barePort}/`);

  console.log(
    `api on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${SECONDS} s each, loopback, ${os.cpus().length} cores`,
  );
  const rows = [];
  for (const c of cases) {
    const common = { method: c.method ?? 'GET', headers: c.headers ?? {}, body: c.body };
    // warm both (JIT, caches, pools), then measure the bare route and the endpoint back to back
    await autocannon({ url: `http://127.0.0.1:${barePort}/${c.name}`, ...common, connections: CONNECTIONS, amount: 200 });
    await autocannon({ url: `${base}${c.path}`, ...common, connections: CONNECTIONS, amount: 200 });
    const bare = await load({ url: `http://127.0.0.1:${barePort}/${c.name}`, ...common });
    const end = await load({ url: `${base}${c.path}`, ...common });
    const ratio = end.rps / bare.rps;
    rows.push({
      endpoint: c.label,
      bytes: c.bytes.length,
      'req/s': Math.round(end.rps),
      p50: `${end.p50} ms`,
      p99: `${end.p99} ms`,
      errors: end.errors,
      'bare Express 5 req/s': Math.round(bare.rps),
      'bare p99': `${bare.p99} ms`,
      ratio: ratio.toFixed(3),
      goal: `≥ ${GOALS[c.name]}`,
      'ratio met': ratio >= GOALS[c.name] && !end.errors ? 'yes' : 'no',
      'p99 ≤ 30 ms': end.p99 <= 30 ? 'yes' : 'no',
    });
  }
  console.table(rows);
  console.log(
    "Goals: ratio as shown and p99 ≤ 30 ms at 20 connections, no error. The bare route's p99 shows what the machine's own noise adds.",
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
