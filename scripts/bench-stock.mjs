#!/usr/bin/env node
// npm run bench:stock — the back-office catalogue and stock endpoints at volume.
// Starts the built api (api/dist) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped
// afterwards) with the demo seed plus generated wines (BENCH_PRODUCTS, 5,000 products in Domaine de Démo), then adds
// BENCH_MOVEMENTS (50,000) stock movements spread over the shop's formats and warehouses, 10,000 of them in one month
// of the bonded warehouse. autocannon (BENCH_CONNECTIONS=20, BENCH_SECONDS=10 s each, loopback) loads the owner's
// lists; the DRM of that month is computed BENCH_DRM_RUNS times one after the other.
// Goals: products list and stock table p99 ≤ 50 ms at 20 connections; DRM of a month with 10,000
// movements ≤ 300 ms. Needs the api build (`npm run build` or `npm start` once).
import { autocannon, benchLists, cleanup, freshPostgres, json, ownerToken, PgClient, startApi } from './bench-lib.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS || 50_000);
const DRM_MOVEMENTS = Number(process.env.BENCH_DRM_MOVEMENTS || 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const DRM_RUNS = Number(process.env.BENCH_DRM_RUNS || 20);

/** The month before last (Europe/Paris calendar is close enough for a bench: the 15th is far from the edges). */
function benchMonth() {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 2, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Movements inserted in bulk (the bench measures reads, not the write path): entries then exits, never below zero. */
async function addMovements(pgUrl, month) {
  const c = new PgClient({ connectionString: pgUrl });
  await c.connect();
  try {
    const { rows: shop } = await c.query(`select id from shops where url_shop = 'domaine-demo'`);
    const shopId = shop[0].id;
    const { rows: wh } = await c.query(`select id, duty_status from warehouses where shop_id = $1 order by id`, [shopId]);
    if (!wh.length) throw new Error('the demo shop has no warehouse: is the stock seed there?');
    const bonded = (wh.find((w) => w.duty_status === 'suspended') ?? wh[0]).id;
    const others = MOVEMENTS - DRM_MOVEMENTS;
    // 1) spread over the last year, every warehouse, every format: entries of 12 units
    await c.query(
      `insert into stock_movements (shop_id, warehouse_id, format_id, product_id, vintage_id, quantity, kind, unit_ml, occurred_at, created_at)
       select $1, w.id, f.id, f.product_id, f.vintage_id, 12, 'production', round(coalesce(f.unity_value, 0.75) * 1000)::int,
              now() - interval '1 day' * (100 + (g % 250)), now()
         from generate_series(1, $2::int) g
         join lateral (select id from warehouses where shop_id = $1 order by id offset (g % $3::int) limit 1) w on true
         join lateral (select id, product_id, vintage_id, unity_value from product_formats where shop_id = $1 order by id offset (g % (select count(*) from product_formats where shop_id = $1)) limit 1) f on true`,
      [shopId, others, wh.length],
    );
    // 2) the DRM month of the bonded warehouse: production, sales, exports, samples, losses (bottles of 75 cl mostly)
    await c.query(
      `insert into stock_movements (shop_id, warehouse_id, format_id, product_id, vintage_id, quantity, kind, unit_ml, occurred_at, created_at)
       select $1, $2, f.id, f.product_id, f.vintage_id,
              case when g % 5 = 0 then 24 else -1 end,
              (array['production','sale','export','sample','loss'])[1 + g % 5],
              round(coalesce(f.unity_value, 0.75) * 1000)::int,
              ($3::date + interval '14 days' + interval '1 minute' * (g % 10000)), now()
         from generate_series(1, $4::int) g
         join lateral (select id, product_id, vintage_id, unity_value from product_formats where shop_id = $1 order by id offset (g % 400) limit 1) f on true`,
      [shopId, bonded, `${month}-01`, DRM_MOVEMENTS],
    );
    // keep the levels consistent with the movements (the lists read stock_levels)
    await c.query(
      `insert into stock_levels (shop_id, warehouse_id, format_id, on_hand)
       select $1, warehouse_id, format_id, greatest(0, sum(quantity)) from stock_movements where shop_id = $1 group by warehouse_id, format_id
       on conflict (warehouse_id, format_id) do update set on_hand = excluded.on_hand`,
      [shopId],
    );
    // what autovacuum does after a bulk insert (PostgreSQL ≥ 13 vacuums on inserts too): statistics and the
    // visibility map that lets counts use index-only scans
    await c.query('vacuum analyze');
    const { rows: n } = await c.query(`select count(*)::int as n from stock_movements where shop_id = $1`, [shopId]);
    return { bonded, movements: n[0].n };
  } finally {
    await c.end();
  }
}

try {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgUrl = freshPostgres(pgAdmin);
  if (!pgUrl) throw new Error(`PostgreSQL at ${pgAdmin} refused a new database: this bench measures PostgreSQL only.`);
  const api = await startApi(Math.max(0, PRODUCTS - 30), pgUrl);
  const base = `http://127.0.0.1:${api.port}/v1`;
  const month = benchMonth();
  const { bonded, movements } = await addMovements(pgUrl, month);
  const jwt = await ownerToken(base);
  const headers = { authorization: `Bearer ${jwt}` };
  const cases = [
    { label: `GET /v1/catalogue/products (owner, ${PRODUCTS} products, page of 20 by name)`, path: '/catalogue/products?pageSize=20' },
    {
      label: 'GET /v1/catalogue/products (search "Cuvée", red, page 3)',
      path: '/catalogue/products?pageSize=20&page=3&q=Cuv%C3%A9e&color=red',
    },
    { label: `GET /v1/stock/levels (${movements} movements, page of 20)`, path: '/stock/levels?pageSize=20' },
    { label: 'GET /v1/stock/movements (newest first, page of 20)', path: '/stock/movements?pageSize=20' },
  ];
  await benchLists(autocannon, base, headers, cases, { connections: CONNECTIONS, seconds: SECONDS });

  // the DRM: one request at a time, as the owner opens it
  const drmPath = `${base}/excise/drm?warehouseId=${bonded}&month=${month}`;
  const first = await json(await fetch(drmPath, { headers }));
  const times = [];
  for (let i = 0; i < DRM_RUNS; i++) {
    const t0 = performance.now();
    await json(await fetch(drmPath, { headers }));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.table([
    {
      endpoint: `GET /v1/excise/drm (${DRM_MOVEMENTS} movements in ${month}, ${first.categories?.length ?? '?'} categories)`,
      runs: DRM_RUNS,
      median: `${q(0.5)} ms`,
      max: `${times.at(-1).toFixed(1)} ms`,
      '≤ 300 ms': times.at(-1) <= 300 ? 'yes' : 'no',
    },
  ]);
  console.log('Goals: lists p99 ≤ 50 ms at 20 connections, no error; the DRM of a month of 10,000 movements ≤ 300 ms.');
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
