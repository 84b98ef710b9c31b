// The yardstick of `npm run bench:api`: a bare Express 5 app (the api's own express, JSON body parser on) that
// answers GET or POST /<name> with the bytes of <dir>/<name>.json — the same bytes the api endpoint answered.
//   node scripts/bench-bare-server.mjs <dir> <port>
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const [dir, port] = process.argv.slice(2);
const express = createRequire(path.join(ROOT, 'api', 'package.json'))('express');
const bodies = new Map(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), readFileSync(path.join(dir, f))]),
);
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json({ limit: '1mb' }));
app.all('/:name', (req, res) => {
  const body = bodies.get(req.params.name);
  if (!body) {
    res.status(404).end();
    return;
  }
  res.type('application/json').send(body);
});
app.get('/', (_req, res) => {
  res.json({ ok: true });
});
app.listen(Number(port), '127.0.0.1');
