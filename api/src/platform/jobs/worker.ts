import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { jobs, type JobRow } from '../db/tables';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { onJobEnqueued } from './queue';

/** What runs a kind of job. */
export interface JobHandler<P = unknown> {
  /** Does the work; throwing retries the job later (a `PermanentJobError` fails it at once). Must be idempotent: a job may run again after a crash. */
  run(payload: P, job: JobRow): Promise<void>;
  /** What to keep of the payload once done (e.g. drop a mail's body, which holds single-use links). Default: keep it. */
  redact?(payload: P): unknown;
}

/** A failure that retrying cannot fix (malformed payload…): the job is marked failed without further attempts. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobWorkerOptions {
  db: Db;
  logger: Logger;
  handlers: Record<string, JobHandler<never>>;
  /** how often the table is polled when nothing happens (default 5 s) */
  pollIntervalMs?: number;
  /** a 'running' job locked longer than this is taken again: its worker crashed (default 5 min) */
  staleAfterMs?: number;
  /** first retry delay; doubled at every further failure (default 30 s) */
  backoffBaseMs?: number;
  /** retry delay cap (default 1 h) */
  backoffMaxMs?: number;
  /** a run taking longer fails (and is retried) (default 2 min, below staleAfterMs) */
  timeoutMs?: number;
  /** done jobs older than this are deleted (default 7 days; 0 keeps them) */
  retentionMs?: number;
  /** after a nudge, the table is polled every 100 ms for this long, for a job whose transaction is still committing (default 2 s) */
  nudgeWindowMs?: number;
  /** name of this worker in `locked_by` (default host:pid) */
  name?: string;
}

export type RunOutcome = 'none' | 'done' | 'retry' | 'failed' | 'lost';

export interface JobWorker {
  /** starts polling (and listening to in-process nudges) */
  start(): void;
  /** stops polling and waits for the job in progress */
  stop(): Promise<void>;
  /** look for due jobs now */
  nudge(): void;
  /** claims and runs one due job */
  runOne(): Promise<RunOutcome>;
  /** runs due jobs until none is left (waits for the loop in progress first); resolves with how many ran */
  drain(): Promise<number>;
}

export const JOB_DEFAULTS = {
  pollIntervalMs: 5_000,
  staleAfterMs: 5 * 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 3_600_000,
  timeoutMs: 2 * 60_000,
  retentionMs: 7 * 24 * 3_600_000,
  nudgeWindowMs: 2_000,
} as const;

/** Retry delay after the `attempts`-th failed run: base × 2^(attempts − 1), capped. */
export function backoffMs(
  attempts: number,
  baseMs: number = JOB_DEFAULTS.backoffBaseMs,
  maxMs: number = JOB_DEFAULTS.backoffMaxMs,
): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

const errorText = (err: unknown) =>
  (err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err)).slice(0, 2000);
const FAST_POLL_MS = 100;
const PURGE_EVERY_MS = 3_600_000;

/**
 * The job worker (DESIGN §4). Claims one due job at a time with `FOR UPDATE SKIP LOCKED` (several workers or
 * instances never take the same job), runs its handler outside any transaction, then marks it done — only if
 * its claim still holds — or schedules a retry with exponential backoff, or marks it failed after
 * `max_attempts` runs. A job left 'running' by a crash is taken again after `staleAfterMs`.
 */
export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const { db, logger } = opts;
  const handlers = opts.handlers as Record<string, JobHandler<unknown>>;
  const cfg = {
    pollIntervalMs: opts.pollIntervalMs ?? JOB_DEFAULTS.pollIntervalMs,
    staleAfterMs: opts.staleAfterMs ?? JOB_DEFAULTS.staleAfterMs,
    backoffBaseMs: opts.backoffBaseMs ?? JOB_DEFAULTS.backoffBaseMs,
    backoffMaxMs: opts.backoffMaxMs ?? JOB_DEFAULTS.backoffMaxMs,
    timeoutMs: opts.timeoutMs ?? JOB_DEFAULTS.timeoutMs,
    retentionMs: opts.retentionMs ?? JOB_DEFAULTS.retentionMs,
    nudgeWindowMs: opts.nudgeWindowMs ?? JOB_DEFAULTS.nudgeWindowMs,
  };
  const name = opts.name ?? `${os.hostname()}:${process.pid}`;
  const staleBefore = sql`now() - make_interval(secs => ${cfg.staleAfterMs / 1000})`;

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let fastUntil = 0;
  let lastPurge = 0;
  /** every loop runs on this chain: one job at a time per worker */
  let chain: Promise<unknown> = Promise.resolve();
  let queued = false;

  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };

  /** Jobs still 'running' long after their claim, with no run left: failed (their worker died on the last one). */
  async function failExhaustedStale(): Promise<void> {
    const rows = await db
      .update(jobs)
      .set({
        status: 'failed',
        lockedAt: null,
        lockedBy: null,
        doneAt: sql`now()`,
        lastError: sql`coalesce(${jobs.lastError} || ' — ', '') || 'Interrompu (arrêt du serveur pendant l''exécution), plus de tentative'`,
      })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore), gte(jobs.attempts, jobs.maxAttempts)))
      .returning({ id: jobs.id, kind: jobs.kind });
    for (const r of rows) logger.error({ jobId: r.id, kind: r.kind }, 'job failed: interrupted on its last attempt');
  }

  async function claim(): Promise<{ job: JobRow; token: string } | undefined> {
    const token = `${name}:${crypto.randomUUID()}`;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore), lt(jobs.attempts, jobs.maxAttempts)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', lockedAt: sql`now()`, lockedBy: token, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
    return job ? { job, token } : undefined;
  }

  async function runHandler(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`Aucun traitement pour les tâches « ${job.kind} »`);
    let t: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        handler.run(job.payload, job),
        new Promise<never>((_, reject) => {
          t = setTimeout(() => reject(new Error(`Délai dépassé (${cfg.timeoutMs} ms)`)), cfg.timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(t);
    }
  }

  async function runOne(): Promise<RunOutcome> {
    await failExhaustedStale();
    const claimed = await claim();
    if (!claimed) return 'none';
    const { job, token } = claimed;
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, token), eq(jobs.status, 'running'));
    const t0 = Date.now();
    try {
      await runHandler(job);
    } catch (err) {
      const permanent = err instanceof PermanentJobError;
      const last = permanent || job.attempts >= job.maxAttempts;
      const lastError = errorText(err);
      const retryMs = backoffMs(job.attempts, cfg.backoffBaseMs, cfg.backoffMaxMs);
      const rows = await db
        .update(jobs)
        .set(
          last
            ? { status: 'failed', lockedAt: null, lockedBy: null, lastError, doneAt: sql`now()` }
            : {
                status: 'pending',
                lockedAt: null,
                lockedBy: null,
                lastError,
                runAt: sql`now() + make_interval(secs => ${retryMs / 1000})`,
              },
        )
        .where(mine)
        .returning({ id: jobs.id });
      if (!rows.length) {
        logger.warn({ jobId: job.id, kind: job.kind, err }, 'job failed after its claim was lost (taken again as stale)');
        return 'lost';
      }
      if (last) {
        logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, 'job failed');
        return 'failed';
      }
      logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: retryMs, err }, 'job failed, will retry');
      return 'retry';
    }
    const handler = handlers[job.kind];
    const payload = handler?.redact ? (handler.redact(job.payload) ?? {}) : job.payload;
    const rows = await db
      .update(jobs)
      .set({ status: 'done', lockedAt: null, lockedBy: null, lastError: null, doneAt: sql`now()`, payload })
      .where(mine)
      .returning({ id: jobs.id });
    if (!rows.length) {
      logger.warn({ jobId: job.id, kind: job.kind }, 'job ran after its claim was lost (taken again as stale)');
      return 'lost';
    }
    logger.info({ jobId: job.id, kind: job.kind, attempts: job.attempts, ms: Date.now() - t0 }, 'job done');
    return 'done';
  }

  async function purge(): Promise<void> {
    if (!cfg.retentionMs || Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    const rows = await db
      .delete(jobs)
      .where(and(eq(jobs.status, 'done'), lt(jobs.doneAt, sql`now() - make_interval(secs => ${cfg.retentionMs / 1000})`)))
      .returning({ id: jobs.id });
    if (rows.length) logger.info({ deleted: rows.length }, 'old done jobs deleted');
  }

  async function loop(): Promise<number> {
    let n = 0;
    while (!stopped) {
      const outcome = await runOne();
      if (outcome === 'none') break;
      n += 1;
    }
    return n;
  }

  function schedule(ms: number) {
    if (!started || stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    timer = undefined;
    if (queued || stopped) return;
    queued = true;
    void exclusive(async () => {
      queued = false;
      try {
        await loop();
        await purge();
      } catch (err) {
        logger.error({ err }, 'job worker loop failed');
      }
    }).finally(() => {
      schedule(Date.now() < fastUntil ? FAST_POLL_MS : cfg.pollIntervalMs);
    });
  }

  function nudge() {
    if (!started || stopped) return;
    fastUntil = Date.now() + cfg.nudgeWindowMs;
    if (!queued) schedule(0);
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopped = false;
      unsubscribe = onJobEnqueued(nudge);
      logger.info({ worker: name, pollIntervalMs: cfg.pollIntervalMs }, 'job worker started');
      schedule(0);
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      if (started) logger.info({ worker: name }, 'job worker stopped');
      started = false;
    },
    nudge,
    runOne: () => exclusive(runOne),
    drain: () => exclusive(loop),
  };
}
