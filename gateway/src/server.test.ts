// The real entry point in a child process: listens, then on SIGTERM stops accepting,
// finishes the in-flight request and exits 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import { close, deadPort, listen, makeFixture, type Fixture } from './test-fixtures';

const TSX = join(__dirname, '../../node_modules/.bin/tsx');

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function waitForOutput(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(text)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before '${text}':\n${out}`)));
  });
}

describe('server.ts', () => {
  let fx: Fixture;
  let api: Server;
  let apiUrl: string;

  beforeAll(async () => {
    fx = makeFixture();
    const fake = express();
    fake.get('/v1/slow', (_req, res) => {
      setTimeout(() => res.json({ slow: true }), 700);
    });
    api = createServer(fake);
    apiUrl = `http://127.0.0.1:${await listen(api)}`;
  });
  afterAll(async () => {
    await close(api);
    fx.cleanup();
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const port = await deadPort();
    const child = spawn(TSX, [join(__dirname, 'server.ts')], {
      env: {
        ...process.env,
        ROOT_DIR: fx.root,
        API_URL: apiUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitForOutput(child, 'Gateway ready');
      expect((await get(port, '/version.json')).status).toBe(200);

      const inFlight = get(port, '/v1/slow');
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ slow: true });
      expect(await exited).toBe(0);
      await expect(get(port, '/version.json')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
