#!/usr/bin/env node
// npm run bench:marketing — lists and campaigns at volume.
// Starts the built api (api/dist) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped
// afterwards) with the demo seed, inserts BENCH_CLIENTS (50,000) clients in the Domaine de Démo (most with marketing
// consent, some without an email or consent), then times:
// - the count of a dynamic list (GET /v1/marketing/lists/:id/count, BENCH_COUNTS times, median and worst);
// - a campaign sent to that list: POST /v1/campaigns/:id/send queues every recipient (the goal counts 20,000 and more),
//   then the sending runs for BENCH_SEND_SECONDS (10 s) at the shop's rate, the api's memory sampled meanwhile.
// Goals: a dynamic list of 50,000 clients counts in ≤ 200 ms; a campaign to 20,000 recipients is queued in
// ≤ 10 s and sent at the configured rate with memory flat. Needs the api build (`npm run build` or `npm start` once).
import { readFileSync } from 'node:fs';
import { cleanup, freshPostgres, json, ownerToken, PgClient, startApi } from './bench-lib.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS || 50_000);
const COUNTS = Number(process.env.BENCH_COUNTS || 20);
const SEND_SECONDS = Number(process.env.BENCH_SEND_SECONDS || 10);

/** The clients, in one statement: 1 in 25 without an email, 1 in 10 without consent. */
async function addClients(pgUrl) {
  const c = new PgClient({ connectionString: pgUrl });
  await c.connect();
  try {
    const { rows } = await c.query(`select id from shops where url_shop = 'domaine-demo'`);
    const shopId = rows[0].id;
    await c.query(
      `insert into crm_clients (shop_id, kind, code, typology, firstname, lastname, email, department, tags, custom,
                                addresses, marketing_consent, marketing_consent_at, status, created_at, updated_at)
       select $1, (array['private','private','professional'])[1 + g % 3], 'MK' || lpad(g::text, 6, '0'),
              case when g % 3 = 2 then 'professionnel' else 'particulier' end,
              'Prénom' || g, 'Nom' || g,
              case when g % 25 = 0 then null else 'bench' || g || '@bench.test' end,
              lpad(((g % 95) + 1)::text, 2, '0'), '[]'::jsonb, '{}'::jsonb, '[]'::jsonb,
              g % 10 <> 0, case when g % 10 <> 0 then now() end, 'active', now(), now()
         from generate_series(1, $2::int) g`,
      [shopId, CLIENTS],
    );
    await c.query('vacuum analyze');
  } finally {
    await c.end();
  }
}

const rssOf = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

try {
  const pgAdmin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgUrl = freshPostgres(pgAdmin);
  if (!pgUrl) throw new Error(`PostgreSQL at ${pgAdmin} refused a new database: this bench measures PostgreSQL only.`);
  const api = await startApi(0, pgUrl);
  const base = `http://127.0.0.1:${api.port}/v1`;
  await addClients(pgUrl);
  const jwt = await ownerToken(base);
  const headers = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' };
  const post = async (p, body) => json(await fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) }));

  // the dynamic list: private and professional clients, every department
  const list = await post('/marketing/lists', { name: 'Bench', kind: 'dynamic', filters: { kinds: ['private', 'professional'] } });
  const times = [];
  let count;
  for (let i = 0; i < COUNTS; i++) {
    const t = performance.now();
    count = await json(await fetch(`${base}/marketing/lists/${list.id}/count`, { headers }));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.table([
    {
      'dynamic list': `${CLIENTS} clients`,
      counted: JSON.stringify(count).slice(0, 120),
      median: `${median.toFixed(0)} ms`,
      worst: `${times[times.length - 1].toFixed(0)} ms`,
      '≤ 200 ms': times[times.length - 1] <= 200 ? 'yes' : 'no',
    },
  ]);

  // the campaign: queued by the send, then sent for a while at the shop's rate
  const models = await json(await fetch(`${base}/marketing/models`, { headers }));
  const modelId = models.items?.[0]?.id;
  if (!modelId) throw new Error('no email model in the demo data');
  const campaign = await post('/campaigns', { name: 'Bench', modelId, listIds: [list.id], subject: 'Bench {{firstname}}' });
  const rssBefore = rssOf(api.child.pid);
  const t0 = performance.now();
  const sent = await post(`/campaigns/${campaign.id}/send`, {});
  const queued = performance.now() - t0;
  const samples = [];
  for (let s = 0; s < SEND_SECONDS; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(rssOf(api.child.pid));
  }
  const after = await json(await fetch(`${base}/campaigns/${campaign.id}`, { headers }));
  const recipients = sent.stats?.recipients ?? after.stats?.recipients ?? JSON.stringify(after.stats ?? {}).slice(0, 80);
  console.table([
    {
      campaign: `to list ${list.id}`,
      recipients,
      'queued in': `${(queued / 1000).toFixed(2)} s`,
      '≤ 10 s': queued <= 10_000 ? 'yes' : 'no',
      [`after ${SEND_SECONDS} s`]: JSON.stringify(after.stats ?? {}).slice(0, 120),
      'api RSS before → max': `${rssBefore} → ${Math.max(...samples.filter(Boolean))} MB`,
    },
  ]);
  console.log(
    'Goals: a dynamic list of 50,000 clients counts in ≤ 200 ms; a campaign to 20,000 recipients is queued in ≤ 10 s, sent at the configured rate with memory flat.',
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
