import crypto from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app';
import { loadConfig, type AppConfig } from '../platform/config';
import type { DbHandle } from '../platform/db/client';
import { createLogger } from '../platform/logger';
import { createJobWorker, mailJobHandler, type JobWorker } from '../platform/jobs';
import { mailerFor } from '../modules/accounts';
import { seedDemo } from '../seed/demo';
import { createTestDb } from './test-db';
import { POS_STOCK_JOB, posStockJobHandler } from '../modules/pos';
import { shopDataJobHandlers } from '../modules/shop-data';
import { campaignJobHandlers } from '../modules/campaigns';

export interface TestContext {
  app: Express;
  handle: DbHandle;
  config: AppConfig;
  secret: Uint8Array;
  /** the job worker of this app (mails…): started unless `jobs: false`, stopped by close() */
  jobs: JobWorker;
  /** runs every due job now (e.g. the mails of the request just made) and resolves once none is left */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<AppConfig, 'loginRateLimit'>> & { loginRateLimit?: Partial<AppConfig['loginRateLimit']> };

/** Fresh migrated database with the demo data and an app over it. */
export async function createTestContext(
  overrides: ConfigOverrides = {},
  opts: { seed?: boolean; jobs?: boolean } = {},
): Promise<TestContext> {
  const handle = await createTestDb({ seeded: opts.seed !== false });
  if (opts.seed !== false && !handle.seeded) await seedDemo(handle.db, undefined, { NODE_ENV: 'test' });
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/wz-api-test-unused' });
  const config: AppConfig = {
    ...base,
    ...overrides,
    loginRateLimit: { ...base.loginRateLimit, maxPerAccount: 1000, maxPerIp: 1000, ...overrides.loginRateLimit },
  };
  const secret = new TextEncoder().encode(crypto.randomBytes(32).toString('hex'));
  const logger = createLogger('silent');
  const app = createApp({ db: handle.db, config, logger, jwtSecret: secret });
  // like server.ts: mails are jobs, sent by a worker (nudged in-process, so they arrive at once)
  const jobs = createJobWorker({
    db: handle.db,
    logger,
    handlers: {
      mail: mailJobHandler(mailerFor(config, logger)),
      [POS_STOCK_JOB]: posStockJobHandler(handle.db),
      ...shopDataJobHandlers({ db: handle.db, config, jwtSecret: secret, logger }),
      ...campaignJobHandlers({ db: handle.db, config, jwtSecret: secret, logger }),
    },
    pollIntervalMs: 1000,
  });
  if (opts.jobs !== false) jobs.start();
  return {
    app,
    handle,
    config,
    secret,
    jobs,
    drainJobs: () => jobs.drain(),
    async close() {
      await jobs.stop();
      await handle.close();
    },
  };
}

export const PASSWORDS: Record<string, string> = {
  'admin@demo.test': 'Admin1234',
  'owner@demo.test': 'Owner1234',
  'owner2@demo.test': 'Owner1234',
  'owner3@demo.test': 'Owner1234',
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

/** supertest's parser for a binary answer (PDFs, zips, spreadsheets): the body as a Buffer. */
export const binary = (res: unknown, cb: (err: Error | null, body: Buffer) => void) => {
  const r = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};
