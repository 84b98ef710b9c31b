import { eq, sql } from 'drizzle-orm';
import { createTestDb } from '../../test/test-db';
import { openPostgres, type Db, type DbHandle } from '../db/client';
import { jobs, type JobRow } from '../db/tables';
import { createLogger } from '../logger';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  backoffMs,
  createJobWorker,
  enqueue,
  enqueueMail,
  jobWorkerEnv,
  mailJobHandler,
  PermanentJobError,
  type JobHandler,
  type JobWorkerOptions,
} from '.';

const logger = createLogger('silent');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

let handle: DbHandle & { name: string };
const db = () => handle.db;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await db().delete(jobs);
});

const rowOf = async (id: number): Promise<JobRow> => (await db().select().from(jobs).where(eq(jobs.id, id)))[0];
/** seconds from the database's now() to the job's run_at */
const dueInSeconds = async (id: number): Promise<number> => {
  const res = await db().execute(sql`select extract(epoch from (run_at - now()))::float8 as s from jobs where id = ${id}`);
  return Number((res as unknown as { rows: Array<{ s: number }> }).rows[0].s);
};
const worker = (handlers: JobWorkerOptions['handlers'], over: Partial<JobWorkerOptions> = {}) =>
  createJobWorker({ db: db(), logger, handlers, ...over });
const inTx = <T>(fn: (tx: Db) => Promise<T>) => db().transaction(async (t) => fn(t));

describe('enqueue', () => {
  it('commits the job with the caller’s transaction, and a rolled-back transaction leaves no job', async () => {
    await expect(
      inTx(async (tx) => {
        await enqueue(tx, 'mail', { to: 'a@example.test' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await db().select().from(jobs)).toHaveLength(0);

    const { id, created } = await inTx((tx) => enqueue(tx, 'mail', { to: 'b@example.test' }, { maxAttempts: 3 }));
    expect(created).toBe(true);
    expect(await rowOf(id!)).toMatchObject({
      kind: 'mail',
      status: 'pending',
      attempts: 0,
      maxAttempts: 3,
      payload: { to: 'b@example.test' },
      lockedAt: null,
    });
  });

  it('creates one job for the same dedupe key, even from two transactions', async () => {
    const first = await inTx((tx) => enqueue(tx, 'mail', { n: 1 }, { dedupeKey: 'order-confirmation:42' }));
    const second = await inTx((tx) => enqueue(tx, 'mail', { n: 2 }, { dedupeKey: 'order-confirmation:42' }));
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: null, created: false });
    const rows = await db().select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toEqual({ n: 1 });
    // no key: no deduplication
    await inTx((tx) => enqueue(tx, 'mail', { n: 3 }));
    await inTx((tx) => enqueue(tx, 'mail', { n: 3 }));
    expect(await db().select().from(jobs)).toHaveLength(3);
  });

  it('creates one job when concurrent transactions use the same dedupe key', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => inTx((tx) => enqueue(tx, 'mail', { i }, { dedupeKey: 'same' }))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db().select().from(jobs)).toHaveLength(1);
  });

  it('refuses a job without kind or with a bad maxAttempts', async () => {
    await expect(enqueue(db(), '', {})).rejects.toThrow('kind');
    await expect(enqueue(db(), 'mail', {}, { maxAttempts: 0 })).rejects.toThrow('maxAttempts');
    expect(await db().select().from(jobs)).toHaveLength(0);
  });
});

describe('worker', () => {
  it('runs a due job once, marks it done; a future job waits for its run_at', async () => {
    const seen: unknown[] = [];
    const w = worker({
      echo: {
        run: async (p: unknown) => {
          seen.push(p);
        },
      },
    });
    const { id } = await enqueue(db(), 'echo', { hello: 'world' });
    const later = await enqueue(db(), 'echo', { later: true }, { runAt: new Date(Date.now() + 3_600_000) });
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([{ hello: 'world' }]);
    expect(await rowOf(id!)).toMatchObject({ status: 'done', attempts: 1, lockedAt: null, lockedBy: null, lastError: null });
    expect((await rowOf(id!)).doneAt).toBeInstanceOf(Date);
    expect(await rowOf(later.id!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await w.runOne()).toBe('none');
  });

  it('retries a failing job with exponential backoff, then marks it failed with the error', async () => {
    let calls = 0;
    const w = worker(
      {
        flaky: {
          run: async () => {
            calls += 1;
            throw new Error(`SMTP indisponible (${calls})`);
          },
        },
      },
      { backoffBaseMs: 30_000 },
    );
    const { id } = await enqueue(db(), 'flaky', {}, { maxAttempts: 3 });

    expect(await w.runOne()).toBe('retry');
    let row = await rowOf(id!);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP indisponible (1)', lockedAt: null, lockedBy: null });
    expect(await dueInSeconds(id!)).toBeGreaterThan(28);
    expect(await dueInSeconds(id!)).toBeLessThanOrEqual(30.5);
    expect(await w.runOne()).toBe('none'); // not due yet

    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id!)); // time passes
    expect(await w.runOne()).toBe('retry');
    row = await rowOf(id!);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'SMTP indisponible (2)' });
    expect(await dueInSeconds(id!)).toBeGreaterThan(58); // 30 s × 2
    expect(await dueInSeconds(id!)).toBeLessThanOrEqual(60.5);

    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id!));
    expect(await w.runOne()).toBe('failed');
    row = await rowOf(id!);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP indisponible (3)', lockedAt: null });
    expect(row.doneAt).toBeInstanceOf(Date);
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id!));
    expect(await w.runOne()).toBe('none'); // failed jobs are never run again
    expect(calls).toBe(3);
  });

  it('backoff doubles from the base and is capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000);
  });

  it('fails at once on a PermanentJobError, retries an unknown kind and a run that takes too long', async () => {
    const w = worker(
      {
        broken: {
          run: async () => {
            throw new PermanentJobError('Message invalide');
          },
        },
        slow: { run: () => new Promise<void>(() => undefined) },
      },
      { timeoutMs: 50 },
    );
    const broken = await enqueue(db(), 'broken', {});
    expect(await w.runOne()).toBe('failed');
    expect(await rowOf(broken.id!)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PermanentJobError: Message invalide' });

    const unknown = await enqueue(db(), 'nobody', {});
    expect(await w.runOne()).toBe('retry');
    expect(await rowOf(unknown.id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Aucun traitement pour les tâches « nobody »',
    });
    await db().delete(jobs).where(eq(jobs.id, unknown.id!));

    const slow = await enqueue(db(), 'slow', {});
    expect(await w.runOne()).toBe('retry');
    expect(await rowOf(slow.id!)).toMatchObject({ status: 'pending', lastError: 'Délai dépassé (50 ms)' });
  });

  it('takes a stale running job again (its worker crashed); a recent one is left alone; one without attempts left fails', async () => {
    const runs: number[] = [];
    const w = worker(
      {
        echo: {
          run: async (_p: unknown, job: JobRow) => {
            runs.push(job.id);
          },
        },
      },
      { staleAfterMs: 5 * 60_000 },
    );
    const crashed = await enqueue(db(), 'echo', {});
    const busy = await enqueue(db(), 'echo', {});
    const exhausted = await enqueue(db(), 'echo', {}, { maxAttempts: 2 });
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, crashed.id!));
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'live-worker', lockedAt: sql`now() - interval '1 minute'` })
      .where(eq(jobs.id, busy.id!));
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 2, lockedBy: 'dead-worker', lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, exhausted.id!));

    expect(await w.drain()).toBe(1);
    expect(runs).toEqual([crashed.id]);
    expect(await rowOf(crashed.id!)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await rowOf(busy.id!)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'live-worker' });
    const ex = await rowOf(exhausted.id!);
    expect(ex).toMatchObject({ status: 'failed', attempts: 2, lockedBy: null });
    expect(ex.lastError).toContain('Interrompu');
  });

  it('does not mark done a job whose claim was lost meanwhile (taken again as stale by another worker)', async () => {
    const w = worker({
      echo: {
        run: async (_p: unknown, job: JobRow) => {
          await db()
            .update(jobs)
            .set({ lockedBy: 'other-worker', lockedAt: sql`now()` })
            .where(eq(jobs.id, job.id));
        },
      },
    });
    const { id } = await enqueue(db(), 'echo', {});
    expect(await w.runOne()).toBe('lost');
    expect(await rowOf(id!)).toMatchObject({ status: 'running', lockedBy: 'other-worker' });
  });

  it('two workers running at once never run the same job twice', async () => {
    // On PostgreSQL each worker has its own connection pool (FOR UPDATE SKIP LOCKED does the work);
    // PGlite has one connection, the statements are serialised.
    const second: DbHandle = onPostgres ? await openSecondHandle() : handle;
    try {
      const runs = new Map<number, string[]>();
      const handler = (who: string): JobHandler<unknown> => ({
        run: async (_p, job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), who]);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) ids.push((await enqueue(db(), 'echo', { i })).id!);
      const a = createJobWorker({ db: db(), logger, handlers: { echo: handler('a') }, name: 'a' });
      const b = createJobWorker({ db: second.db, logger, handlers: { echo: handler('b') }, name: 'b' });
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(30);
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
      expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
      if (onPostgres) {
        expect(na).toBeGreaterThan(0);
        expect(nb).toBeGreaterThan(0);
      }
      const left = await db()
        .select()
        .from(jobs)
        .where(sql`${jobs.status} <> 'done'`);
      expect(left).toHaveLength(0);
    } finally {
      if (second !== handle) await second.close();
    }
  });

  it('started, it sends a job at once after its transaction commits (in-process nudge), and stops cleanly', async () => {
    const sent: string[] = [];
    const w = worker(
      {
        echo: {
          run: async (p: unknown) => {
            sent.push((p as { to: string }).to);
          },
        },
      },
      { pollIntervalMs: 60_000 },
    );
    w.start();
    try {
      await new Promise((r) => setTimeout(r, 50)); // the first poll finds nothing; the next one is a minute away
      const t0 = Date.now();
      await inTx((tx) => enqueue(tx, 'echo', { to: 'prompt@example.test' }));
      while (!sent.length && Date.now() - t0 < 3000) await new Promise((r) => setTimeout(r, 20));
      expect(sent).toEqual(['prompt@example.test']);
      expect(Date.now() - t0).toBeLessThan(1500);
    } finally {
      await w.stop();
    }
    await enqueue(db(), 'echo', { to: 'after-stop@example.test' });
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual(['prompt@example.test']);
  });
});

describe("'mail' jobs", () => {
  const message: MailMessage = {
    to: 'claire@example.test',
    subject: 'Validez votre adresse mail',
    text: 'lien https://x/?token=secret',
    html: '<a href="https://x/?token=secret">lien</a>',
  };
  const fakeMailer = () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      mode: 'file',
      send: async (m) => {
        sent.push(m);
        return { messageId: `m${sent.length}` };
      },
      close: () => undefined,
    };
    return { mailer, sent };
  };

  it('sends the queued message through the mailer, then keeps only its recipient and subject', async () => {
    const { mailer, sent } = fakeMailer();
    const { id } = await inTx((tx) => enqueueMail(tx, message, { dedupeKey: 'validate:1' }));
    expect(await worker({ mail: mailJobHandler(mailer) }).drain()).toBe(1);
    expect(sent).toEqual([message]);
    const row = await rowOf(id!);
    expect(row.status).toBe('done');
    expect(row.payload).toEqual({ to: 'claire@example.test', subject: 'Validez votre adresse mail' });
    expect(JSON.stringify(row.payload)).not.toContain('secret');
  });

  it('fails a malformed mail at once, without sending anything', async () => {
    const { mailer, sent } = fakeMailer();
    const { id } = await enqueue(db(), 'mail', { to: 'x@example.test' });
    expect(await worker({ mail: mailJobHandler(mailer) }).runOne()).toBe('failed');
    expect(sent).toHaveLength(0);
    expect(await rowOf(id!)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rowOf(id!)).lastError).toContain('Message invalide');
  });

  it('retries a mail the mailer could not send', async () => {
    let fail = true;
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      mode: 'smtp',
      send: async (m) => {
        if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        sent.push(m);
        return { messageId: 'ok' };
      },
      close: () => undefined,
    };
    const w = worker({ mail: mailJobHandler(mailer) });
    const { id } = await enqueueMail(db(), message);
    expect(await w.runOne()).toBe('retry');
    expect(await rowOf(id!)).toMatchObject({ status: 'pending', lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    fail = false;
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id!));
    expect(await w.runOne()).toBe('done');
    expect(sent).toHaveLength(1);
  });
});

describe('jobWorkerEnv', () => {
  it('reads the JOBS_* variables, ignores invalid values', () => {
    expect(jobWorkerEnv({})).toEqual({ enabled: true, options: {} });
    expect(
      jobWorkerEnv({
        JOBS_WORKER: '0',
        JOBS_POLL_INTERVAL_MS: '2000',
        JOBS_STALE_AFTER_MS: '60000',
        JOBS_BACKOFF_BASE_MS: '1000',
        JOBS_TIMEOUT_MS: '5000',
        JOBS_RETENTION_DAYS: '2',
      }),
    ).toEqual({
      enabled: false,
      options: { pollIntervalMs: 2000, staleAfterMs: 60000, backoffBaseMs: 1000, timeoutMs: 5000, retentionMs: 2 * 24 * 3_600_000 },
    });
    expect(jobWorkerEnv({ JOBS_POLL_INTERVAL_MS: 'abc', JOBS_STALE_AFTER_MS: '-1', JOBS_TIMEOUT_MS: '' })).toEqual({
      enabled: true,
      options: {},
    });
  });
});

async function openSecondHandle(): Promise<DbHandle> {
  const url = new URL((process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)!);
  url.pathname = `/${handle.name}`;
  return openPostgres(url.toString());
}
