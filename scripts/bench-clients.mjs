#!/usr/bin/env node
// npm run bench:clients — the client file at volume.
// Starts the built api (api/dist) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped
// afterwards) with the demo seed, then inserts BENCH_CLIENTS (50,000) clients in bulk in Domaine de Démo (a few linked
// to the demo buyer accounts, so the orders filters have something to join). autocannon (BENCH_CONNECTIONS=20,
// BENCH_SECONDS=10 s each, loopback) loads GET /v1/crm/clients: default page, a search, filters, the orders filters
// and sorts. Then a generated CSV of BENCH_IMPORT_ROWS (10,000) rows goes through the api: upload, dry run, run,
// polled until completed — timed end to end.
// Goals: the client list p99 ≤ 50 ms at 20 connections, no error; an import of 10,000 rows ≤ 30 s.
// Needs the api build (`npm run build` or `npm start` once).
import { autocannon, benchLists, cleanup, freshPostgres, json, ownerToken, PgClient, startApi } from './bench-lib.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS || 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS || 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);

/** 50,000 clients inserted in one statement (the bench measures the list, not the write path). */
async function addClients(pgUrl) {
  const c = new PgClient({ connectionString: pgUrl });
  await c.connect();
  try {
    const { rows: shop } = await c.query(`select id from shops where url_shop = 'domaine-demo'`);
    const shopId = shop[0].id;
    const { rows: max } = await c.query(
      `select coalesce(max(nullif(substring(code from '(\\d+)$'), '')::int), 0) as n from crm_clients where shop_id = $1`,
      [shopId],
    );
    const start = Number(max[0].n);
    await c.query(
      `insert into crm_clients (shop_id, kind, code, typology, civility, firstname, lastname, company, siret, email, mobile,
                                addresses, tags, custom, department, status, created_at, updated_at)
       select $1,
              (array['private','private','professional','prospect'])[1 + g % 4],
              'CL' || lpad(($2::int + g)::text, 5, '0'),
              case when g % 4 = 2 then 'professionnel' else 'particulier' end,
              case when g % 2 = 0 then 'mrs' else 'mr' end,
              (array['Camille','Louis','Emma','Jules','Léa','Hugo','Chloé','Arthur','Manon','Paul'])[1 + g % 10],
              (array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau','Simon','Laurent'])[1 + g % 12] || ' ' || g,
              case when g % 4 in (2, 3) then 'Cave ' || g else null end,
              null,
              'client' || g || '@bench.test',
              '06' || lpad((g % 100000000)::text, 8, '0'),
              jsonb_build_array(jsonb_build_object('kind', 'delivery', 'isDefault', true, 'zipcode', lpad(((g % 95) + 1)::text, 2, '0') || '000', 'city', 'Ville ' || (g % 500))),
              case when g % 7 = 0 then '["Salon 2025"]'::jsonb else '[]'::jsonb end,
              '{}'::jsonb,
              lpad(((g % 95) + 1)::text, 2, '0'),
              'active',
              now() - interval '1 minute' * g,
              now()
         from generate_series(1, $3::int) g`,
      [shopId, start, CLIENTS],
    );
    // a few of them are buyer accounts that ordered (the orders filters join their orders)
    await c.query(
      `update crm_clients set user_id = b.buyer_id
         from (select buyer_id, row_number() over (order by buyer_id) as r from (select distinct buyer_id from orders where shop_id = $1) o) b
        where crm_clients.shop_id = $1 and crm_clients.code = 'CL' || lpad(($2::int + b.r::int)::text, 5, '0')`,
      [shopId, start],
    );
    await c.query('vacuum analyze');
    const { rows: n } = await c.query(`select count(*)::int as n from crm_clients where shop_id = $1`, [shopId]);
    return n[0].n;
  } finally {
    await c.end();
  }
}

/** A valid SIRET (Luhn) from 13 digits. */
function siretOf(digits13) {
  for (let d = 0; d <= 9; d++) {
    const s = digits13 + d;
    let sum = 0;
    for (let i = 0; i < 14; i++) {
      let x = Number(s[13 - i]);
      if (i % 2 === 1) {
        x *= 2;
        if (x > 9) x -= 9;
      }
      sum += x;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}

/** The import file: French headers, ';', a BOM; one row in 50 in error (bad mail), one in 100 a duplicate of an existing client. */
function importCsv(rows) {
  const lines = ['\uFEFFCivilité;Prénom;Nom;Société;Mail;Mobile;SIRET;Adresse;Code postal;Ville;Typologie;Tags;Notes'];
  for (let i = 1; i <= rows; i++) {
    const pro = i % 3 === 0;
    const email = i % 50 === 0 ? 'pas-un-mail' : i % 100 === 1 ? `client${i}@bench.test` : `import${i}@bench.test`;
    lines.push(
      [
        i % 2 ? 'M.' : 'Mme',
        'Prénom',
        `Import ${i}`,
        pro ? `Domaine Import ${i}` : '',
        email,
        `06${10_000_000 + i}`,
        pro ? siretOf(String(5_000_000_000_000 + i * 7)) : '',
        `${i} rue des Vignes`,
        `${String((i % 95) + 1).padStart(2, '0')}100`,
        'Beaune',
        pro ? 'Professionnel' : 'Particulier',
        i % 5 === 0 ? 'Salon 2026, Import' : 'Import',
        '',
      ].join(';'),
    );
  }
  return lines.join('\r\n');
}

try {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgUrl = freshPostgres(pgAdmin);
  if (!pgUrl) throw new Error(`PostgreSQL at ${pgAdmin} refused a new database: this bench measures PostgreSQL only.`);
  const api = await startApi(0, pgUrl);
  const base = `http://127.0.0.1:${api.port}/v1`;
  const clients = await addClients(pgUrl);
  const jwt = await ownerToken(base);
  const headers = { authorization: `Bearer ${jwt}` };
  const cases = [
    { label: `GET /v1/crm/clients (${clients} clients, page of 20 by name)`, path: '/crm/clients?pageSize=20' },
    { label: 'GET /v1/crm/clients (search "durand 12")', path: '/crm/clients?pageSize=20&q=durand%2012' },
    { label: 'GET /v1/crm/clients (search by mail "client4242@")', path: '/crm/clients?pageSize=20&q=client4242%40' },
    {
      label: 'GET /v1/crm/clients (professionals of dept 21, tag, newest first)',
      path: '/crm/clients?pageSize=20&kind=professional&department=21&tag=Salon%202025&sort=-createdAt',
    },
    { label: 'GET /v1/crm/clients (spent ≥ 100 €, by total spent)', path: '/crm/clients?pageSize=20&spentMin=10000&sort=-totalSpent' },
    {
      label: 'GET /v1/crm/clients (last order in the last year, by last order)',
      path: `/crm/clients?pageSize=20&lastOrderFrom=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&sort=-lastOrderAt`,
    },
  ];
  await benchLists(autocannon, base, headers, cases, { connections: CONNECTIONS, seconds: SECONDS });

  // the import: upload → dry run → run → polled until completed, as the wizard does
  const csv = Buffer.from(importCsv(IMPORT_ROWS), 'utf8');
  const t0 = performance.now();
  const uploaded = await json(
    await fetch(`${base}/crm/imports?filename=bench-clients.csv`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: csv,
    }),
  );
  const tUpload = performance.now();
  const runBody = (dryRun) => JSON.stringify({ mapping: uploaded.suggestedMapping, duplicates: 'merge', dryRun });
  const report = await json(
    await fetch(`${base}/crm/imports/${uploaded.import.id}/run`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: runBody(true),
    }),
  );
  const tDry = performance.now();
  await json(
    await fetch(`${base}/crm/imports/${uploaded.import.id}/run`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: runBody(false),
    }),
  );
  let imp;
  for (;;) {
    imp = await json(await fetch(`${base}/crm/imports/${uploaded.import.id}`, { headers }));
    if (imp.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const tEnd = performance.now();
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.table([
    {
      import: `${IMPORT_ROWS} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV)`,
      status: imp.status,
      created: imp.created,
      merged: imp.merged,
      errors: imp.errorCount,
      'dry run report': `${report.create} create / ${report.merge} merge / ${report.error} error`,
      upload: s(tUpload - t0),
      'dry run': s(tDry - tUpload),
      run: s(tEnd - tDry),
      'end to end': s(tEnd - t0),
      '≤ 30 s': imp.status === 'completed' && tEnd - t0 <= 30_000 ? 'yes' : 'no',
    },
  ]);
  console.log('Goals: client list p99 ≤ 50 ms at 20 connections, no error; an import of 10,000 rows ≤ 30 s end to end.');
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
