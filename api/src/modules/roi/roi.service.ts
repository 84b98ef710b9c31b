import type { Db } from '../../platform/db/client';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { roiMail } from './roi.mail';
import { ROI_MESSAGES, type SendRoiBody } from './roi.schemas';

export function createRoiService(deps: { db: Db; publicUrl: string }) {
  return {
    /** Queues the mail of the simulation (a 'mail' job, sent by the worker). */
    async send(body: SendRoiBody) {
      await enqueueMail(deps.db, roiMail(body, deps.publicUrl));
      nudgeJobs();
      return { success: true as const, message: ROI_MESSAGES.queued };
    },
  };
}
