#!/usr/bin/env node
// npm run bench:accounting — the FEC of a big year.
// Starts the built api (api/dist) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped
// afterwards) with the demo seed, posts the demo's entries, then adds BENCH_LINES (100,000) entry lines to the current
// fiscal year in bulk SQL (balanced entries of 4 lines in the OD journal, numbered with no gap, validated on their day
// in the first round and today in the second: the bench measures the FEC, not posting). It downloads GET /v1/accounting/fec?year= and times it to the last byte, sampling the api
// process' resident memory (VmRSS) every 20 ms; then doubles the year and does it again: a streamed FEC takes about
// twice the time and the same memory. The api runs with its old space capped at BENCH_HEAP MB (128; '' for none): a
// year held in memory would not fit, and without the cap V8 lets garbage pile up before collecting, which reads as
// growth. BENCH_ROUNDS (2) sets how many times the year is grown. The check (GET /accounting/fec/check) is timed too
// and must find no problem (it keeps one balance per entry of the year: it is not streamed in constant memory).
// Goal: a year of 100,000 lines in ≤ 5 s, memory that does not grow with the year's size.
import { readFileSync } from 'node:fs';
import { cleanup, freshPostgres, json, ownerToken, PgClient, startApi } from './bench-lib.mjs';

const LINES = Number(process.env.BENCH_LINES || 100_000);
const HEAP = process.env.BENCH_HEAP ?? '128';

/** Adds `lines` entry lines (lines / 4 entries) to the current fiscal year of Domaine de Démo, after its last OD number. */
async function addEntries(pgUrl, lines, round) {
  const c = new PgClient({ connectionString: pgUrl });
  await c.connect();
  try {
    const { rows: shop } = await c.query(`select id from shops where url_shop = 'domaine-demo'`);
    const shopId = shop[0].id;
    const year = new Date().getFullYear();
    const fy = `${year}-01-01`;
    const { rows: last } = await c.query(
      `select coalesce(max(num), 0)::int as n from accounting_entries where shop_id = $1 and journal = 'OD' and fiscal_year = $2`,
      [shopId, fy],
    );
    const start = last[0].n;
    const entries = Math.floor(lines / 4);
    await c.query(
      `insert into accounting_entries (shop_id, journal, fiscal_year, num, date, piece_ref, piece_date, label, amount, source_kind,
         source_id, valid_date)
       select $1, 'OD', $2::date, $3 + g, d, 'OD-' || ($3 + g), d, 'Écriture de volume ' || ($3 + g), 12000 + g % 1000, 'till', 1000000 + $3 + g,
         case when $5::int = 1 then d else current_date end
       from generate_series(1, $4::int) g, lateral (select ($2::date + ((g * 300) / $4))::date as d) x`,
      [shopId, fy, start, entries, round],
    );
    await c.query(
      `insert into accounting_entry_lines (entry_id, shop_id, journal, date, position, account, auxiliary, auxiliary_label, label, debit,
         credit, is_client)
       select e.id, e.shop_id, e.journal, e.date, p, (array['530', '7071', '445712', '7085'])[p + 1], null, null, e.label,
         case p when 0 then e.amount else 0 end,
         case p when 1 then e.amount - 2000 - 500 when 2 then 2000 when 3 then 500 else 0 end, false
       from accounting_entries e, generate_series(0, 3) p
       where e.shop_id = $1 and e.journal = 'OD' and e.fiscal_year = $2 and e.num > $3`,
      [shopId, fy, start],
    );
    await c.query('vacuum analyze');
    const { rows: n } = await c.query(
      `select count(*)::int as n from accounting_entry_lines l join accounting_entries e on e.id = l.entry_id
       where e.shop_id = $1 and e.fiscal_year = $2`,
      [shopId, fy],
    );
    return n[0].n;
  } finally {
    await c.end();
  }
}

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;

async function download(base, headers, year, pid) {
  const before = rss(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/accounting/fec?year=${year}`, { headers });
  if (!res.ok) throw new Error(`FEC: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines++;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  return { ms, bytes, records: newlines - 1, before, peak };
}

try {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgUrl = freshPostgres(pgAdmin);
  if (!pgUrl) throw new Error(`PostgreSQL at ${pgAdmin} refused a new database: this bench measures PostgreSQL only.`);
  // BENCH_HEAP (MB) caps the api's old space: a FEC held in memory would not fit, a streamed one does
  const api = await startApi(0, pgUrl, HEAP ? { NODE_OPTIONS: `--max-old-space-size=${HEAP}` } : {});
  const base = `http://127.0.0.1:${api.port}/v1`;
  const jwt = await ownerToken(base);
  const headers = { authorization: `Bearer ${jwt}` };
  // the settings of the demo: a calendar fiscal year
  await json(await fetch(`${base}/accounting/entries?pageSize=1`, { headers }));
  const year = new Date().getFullYear();
  const rows = [];
  for (const round of Array.from({ length: Number(process.env.BENCH_ROUNDS || 2) }, (_, i) => i + 1)) {
    const total = await addEntries(pgUrl, LINES, round);
    const d = await download(base, headers, year, api.child.pid);
    const t0 = performance.now();
    const check = await json(await fetch(`${base}/accounting/fec/check?year=${year}`, { headers }));
    const checkMs = performance.now() - t0;
    rows.push({
      'lines in the year': total,
      'FEC download': `${(d.ms / 1000).toFixed(2)} s`,
      'records / size': `${d.records} / ${mb(d.bytes)}`,
      'api RSS before → peak': `${mb(d.before)} → ${mb(d.peak)} (+${mb(d.peak - d.before)})`,
      check: `${(checkMs / 1000).toFixed(2)} s, ${check.problems.length} problem(s)`,
      goal: round === 1 ? (d.ms <= 5000 && check.problems.length === 0 ? 'met (≤ 5 s)' : 'NOT met') : '',
    });
  }
  console.log(`FEC of the current fiscal year, api on PostgreSQL, loopback${HEAP ? `, api old space capped at ${HEAP} MB` : ''}`);
  console.table(rows);
} finally {
  cleanup();
}
