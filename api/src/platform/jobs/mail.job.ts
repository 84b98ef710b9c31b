import { z } from 'zod';
import type { Db } from '../db/client';
import type { Mailer, MailMessage } from '../mail/mailer';
import { enqueue, type EnqueueOptions, type EnqueueResult } from './queue';
import { PermanentJobError, type JobHandler } from './worker';

export const MAIL_JOB = 'mail';

const mailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  /** files sent with the mail (a purchase order's PDF…), base64 in the job row until sent */
  attachments: z
    .array(z.object({ filename: z.string().min(1), content: z.string(), encoding: z.literal('base64'), contentType: z.string().min(1) }))
    .optional(),
  from: z.union([z.string().min(1), z.object({ name: z.string(), address: z.string().min(1) })]).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** Queues a mail in the caller's transaction: it is sent once the transaction has committed, never if it rolls back. */
export function enqueueMail(tx: Db, message: MailMessage, opts: Omit<EnqueueOptions, 'runAt'> = {}): Promise<EnqueueResult> {
  const { to, subject, text, html, replyTo, attachments, from, headers } = message;
  return enqueue(
    tx,
    MAIL_JOB,
    {
      to,
      subject,
      text,
      html,
      ...(replyTo ? { replyTo } : {}),
      ...(attachments?.length ? { attachments } : {}),
      ...(from ? { from } : {}),
      ...(headers && Object.keys(headers).length ? { headers } : {}),
    },
    opts,
  );
}

/**
 * 'mail' jobs: the message goes through the configured mailer (SMTP or .eml files). Once sent, only the
 * recipient and subject are kept: the body holds single-use links (validation, reset, grouped-order payment).
 */
export function mailJobHandler(mailer: Mailer): JobHandler<MailMessage> {
  return {
    async run(payload) {
      const parsed = mailPayloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError('Message invalide (to, subject, text et html sont attendus)');
      await mailer.send(parsed.data);
    },
    redact: (payload) => ({ to: payload?.to, subject: payload?.subject }),
  };
}
