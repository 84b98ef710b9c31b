export { enqueue, nudgeJobs, onJobEnqueued, type EnqueueOptions, type EnqueueResult } from './queue';
export {
  JOB_DEFAULTS,
  PermanentJobError,
  backoffMs,
  createJobWorker,
  type JobHandler,
  type JobWorker,
  type JobWorkerOptions,
  type RunOutcome,
} from './worker';
export { MAIL_JOB, enqueueMail, mailJobHandler } from './mail.job';
export { jobWorkerEnv } from './jobs.env';
