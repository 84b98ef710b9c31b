import crypto from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app';
import { loadConfig, type AppConfig } from '../platform/config';
import type { DbHandle } from '../platform/db/client';
import { createLogger } from '../platform/logger';
import { seedDemo } from '../seed/demo';
import { createTestDb } from './test-db';

export interface TestContext {
  app: Express;
  handle: DbHandle;
  config: AppConfig;
  secret: Uint8Array;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<AppConfig, 'loginRateLimit'>> & { loginRateLimit?: Partial<AppConfig['loginRateLimit']> };

/** Fresh migrated database with the demo data and an app over it. */
export async function createTestContext(overrides: ConfigOverrides = {}, opts: { seed?: boolean } = {}): Promise<TestContext> {
  const handle = await createTestDb();
  if (opts.seed !== false) await seedDemo(handle.db, undefined, { NODE_ENV: 'test' });
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/wz-api-test-unused' });
  const config: AppConfig = {
    ...base,
    ...overrides,
    loginRateLimit: { ...base.loginRateLimit, maxPerAccount: 1000, maxPerIp: 1000, ...overrides.loginRateLimit },
  };
  const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));
  const app = createApp({ db: handle.db, config, logger: createLogger('silent'), jwtSecret: secret });
  return { app, handle, config, secret, close: () => handle.close() };
}

export const PASSWORDS: Record<string, string> = {
  'admin@demo.test': 'Admin1234',
  'owner@demo.test': 'Owner1234',
  'owner2@demo.test': 'Owner1234',
  'iam@demo.test': 'Iam12345',
  'agent@demo.test': 'Agent1234',
  'buyer@demo.test': 'Buyer1234',
  'master@demo.test': 'Master1234',
};

export async function loginAs(app: Express, email: string): Promise<string> {
  const res = await request(app).post('/v1/auth/login').send({ email, password: PASSWORDS[email] });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
