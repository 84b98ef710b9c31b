import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, parseDurationSeconds } from './config';
import { createJwtService, resolveJwtSecret } from './auth/jwt';

describe('config', () => {
  it('parses durations', () => {
    expect(parseDurationSeconds('7d', 1)).toBe(604800);
    expect(parseDurationSeconds('15m', 1)).toBe(900);
    expect(parseDurationSeconds('3600', 1)).toBe(3600);
    expect(parseDurationSeconds(undefined, 42)).toBe(42);
    expect(() => parseDurationSeconds('soon', 1)).toThrow();
  });

  it('reads env with defaults', () => {
    const c = loadConfig({ NODE_ENV: 'test', LOGIN_RATE_LIMIT_MAX: '5', LOGIN_RATE_LIMIT_WINDOW_MS: '1000', JWT_TTL: '1h' });
    expect(c).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      logLevel: 'silent',
      jwtTtlSeconds: 3600,
      loginRateLimit: { maxPerAccount: 5, windowMs: 1000, maxPerIp: 50 },
    });
    expect(c.dataDir.endsWith(path.join('.data', 'pglite'))).toBe(true);
  });
});

describe('jwt secret', () => {
  it('is generated once in DATA_DIR/jwt-secret with mode 0600 and reused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-jwt-'));
    const a = resolveJwtSecret({ dataDir: dir });
    const b = resolveJwtSecret({ dataDir: dir });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    const token = await createJwtService(a, 60).sign({ sub: 1, kind: 'user', tv: 0 });
    expect(await createJwtService(b, 60).verify(token)).toMatchObject({ sub: 1, kind: 'user', tv: 0, exp: expect.any(Number) });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a short JWT_SECRET', () => {
    expect(() => resolveJwtSecret({ jwtSecret: 'short', dataDir: '/tmp' })).toThrow();
  });
});
