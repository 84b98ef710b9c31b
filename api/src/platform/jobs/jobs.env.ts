import type { JobWorkerOptions } from './worker';

type EnvOptions = Pick<JobWorkerOptions, 'pollIntervalMs' | 'staleAfterMs' | 'backoffBaseMs' | 'timeoutMs' | 'retentionMs'>;

/**
 * Worker settings from the environment (read here: the platform config belongs to everyone).
 * Unset or invalid values keep the defaults (JOB_DEFAULTS). `JOBS_WORKER=0` runs no worker in this instance
 * (jobs are still enqueued; another instance runs them).
 */
export function jobWorkerEnv(env: NodeJS.ProcessEnv = process.env): { enabled: boolean; options: EnvOptions } {
  const num = (name: string, min: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) && n >= min ? n : undefined;
  };
  const options: EnvOptions = {};
  const poll = num('JOBS_POLL_INTERVAL_MS', 100);
  const stale = num('JOBS_STALE_AFTER_MS', 1000);
  const backoff = num('JOBS_BACKOFF_BASE_MS', 0);
  const timeout = num('JOBS_TIMEOUT_MS', 100);
  const days = num('JOBS_RETENTION_DAYS', 0);
  if (poll !== undefined) options.pollIntervalMs = poll;
  if (stale !== undefined) options.staleAfterMs = stale;
  if (backoff !== undefined) options.backoffBaseMs = backoff;
  if (timeout !== undefined) options.timeoutMs = timeout;
  if (days !== undefined) options.retentionMs = days * 24 * 3_600_000;
  return { enabled: env.JOBS_WORKER !== '0', options };
}
