import { jobs } from '../db/tables';
import type { Db } from '../db/client';

export interface EnqueueOptions {
  /** Idempotency: a second job with the same key is not created (the first one stays, whatever its status). */
  dedupeKey?: string;
  /** Not before this date (default: now). */
  runAt?: Date;
  /** Runs before the job is marked failed (default 5). */
  maxAttempts?: number;
}

export interface EnqueueResult {
  /** the new job's id; null when a job with the same dedupe key already exists */
  id: number | null;
  created: boolean;
}

const listeners = new Set<() => void>();

/** In-process workers register here to be woken up when a job is enqueued (see `nudgeJobs`). */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Wakes the in-process workers up. `enqueue` does it itself; callers that know when their transaction has
 * committed call it again then, so the job runs at once (the worker also keeps looking for ~2 s after a nudge).
 */
export function nudgeJobs(): void {
  for (const l of [...listeners]) {
    try {
      l();
    } catch {
      /* a listener never breaks the caller */
    }
  }
}

/**
 * Adds a job. Pass the caller's transaction: the job is committed — or rolled back — with the data it
 * describes (an order and its confirmation mail). Other instances see it once committed; workers of this
 * process are nudged.
 */
export async function enqueue(tx: Db, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<EnqueueResult> {
  if (!kind) throw new Error('enqueue: kind is required');
  if (opts.maxAttempts !== undefined && (!Number.isInteger(opts.maxAttempts) || opts.maxAttempts < 1)) {
    throw new Error('enqueue: maxAttempts must be a positive integer');
  }
  const values: typeof jobs.$inferInsert = {
    kind,
    payload: (payload ?? {}) as unknown,
    dedupeKey: opts.dedupeKey ?? null,
    ...(opts.runAt ? { runAt: opts.runAt } : {}),
    ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
  };
  const rows = opts.dedupeKey
    ? await tx.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id })
    : await tx.insert(jobs).values(values).returning({ id: jobs.id });
  if (rows[0]) setImmediate(nudgeJobs);
  return rows[0] ? { id: rows[0].id, created: true } : { id: null, created: false };
}
