/**
 * The order mails: written in the order's transaction (so a rolled-back order mails nobody), then the job worker is
 * nudged once the transaction has committed. The "effects" are what runs after the commit.
 */
import type { DbOrTx } from '../../platform/db/client';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';

/** Something to do once the transaction has committed. */
export type Effect = () => Promise<unknown>;

/** Runs the effects in order; a failing one is logged and never fails the request (the order is committed). */
export async function runEffects(logger: Logger, effects: Effect[]): Promise<void> {
  for (const e of effects) {
    try {
      await e();
    } catch (err) {
      logger.error({ err }, 'order side effect failed (mail)');
    }
  }
}

/**
 * A mail about data written in `tx`: queued in `tx` (idempotent by `dedupeKey`), the worker nudged after the commit.
 * With a `mailer` (the demo seed) it is sent directly after the commit instead.
 */
export async function mailInTx(
  mailer: Mailer | undefined,
  tx: DbOrTx,
  mail: MailMessage,
  dedupeKey: string,
  effects: Effect[],
): Promise<void> {
  if (mailer) {
    const direct = mailer;
    effects.push(() => direct.send(mail));
    return;
  }
  await enqueueMail(tx, mail, { dedupeKey });
  effects.push(async () => nudgeJobs());
}
