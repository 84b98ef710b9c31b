/**
 * Sending a campaign, restart-safe and exactly once per recipient:
 *
 * - start (`startInTx`, in the caller's transaction: the send-now request, or the `campaign-start` job at the
 *   scheduled date): the campaign keeps the HTML it sends (the model rendered and sanitised again), its recipients are
 *   queued in bulk (one row per (campaign, email), ON CONFLICT DO NOTHING, the people who unsubscribed left out), it
 *   becomes 'sending' and the first `campaign-send` job is queued — all or nothing.
 * - each `campaign-send` job sends one batch at the shop's rate (settings: mails per minute) in small transactions:
 *   queued rows claimed with FOR UPDATE SKIP LOCKED, the opt-outs checked again, one 'mail' job per recipient
 *   (dedupe key `campaign-mail:<campaign>:<recipient>`) and the rows marked 'sent' in the same transaction. A crash
 *   rolls the transaction in progress back (its rows stay queued); the job runs again and goes on from there. The next
 *   batch is a job with run_at (dedupe key per step: a job run twice never forks the chain).
 * - once nothing is queued, the job waits for the mail jobs: a failed one marks its recipient failed (or bounced: the
 *   server refused the address) and raises `mailFail`; when none is left, the campaign is 'sent' and `endedNewsletter`
 *   is raised (by the conditional move sending → sent: once).
 */
import { hasPermission } from '../../platform/auth/scope';
import type { AppConfig } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/client';
import { enqueue, enqueueMail, nudgeJobs, type JobHandler } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { campaignMail, sampleFields, type LinkKey } from './campaigns.mail';
import { recipientsOfLists, renderModel, sanitizeEmailHtml, type ListRecipient } from './campaigns.ports';
import * as repo from './campaigns.repository';
import { DEFAULT_RATE, RATE_MAX, RATE_MIN, type CampaignSettings } from './campaigns.schemas';

export const CAMPAIGN_SEND_JOB = 'campaign-send';
export const CAMPAIGN_START_JOB = 'campaign-start';

/** rows per transaction */
const CHUNK = 50;
/** how long to wait for the mail jobs before looking again */
const WAIT_MAILS_MS = 30_000;

export interface SendPayload {
  campaignId: number;
  step: number;
}
export interface StartPayload {
  campaignId: number;
  /** the date it was scheduled for: a job of an earlier schedule does nothing */
  scheduledAt: string;
}

export interface SenderDeps {
  db: Db;
  config: Pick<AppConfig, 'accounts'>;
  links: LinkKey;
  logger?: Logger;
  /** tests: called after each recipient's mail is queued, inside its transaction (throw to simulate a crash) */
  onQueued?: (recipientId: number) => void;
  /** rows per transaction (default 50) */
  chunkSize?: number;
}

/** The campaigns settings of a shop (shops.settings.campaigns) with their defaults. */
export function settingsOf(shop: { name: string; settings: unknown }): CampaignSettings {
  const raw = ((shop.settings as Record<string, unknown> | null)?.campaigns ?? {}) as Partial<CampaignSettings>;
  const rate = Number(raw.ratePerMinute);
  return {
    senderName: typeof raw.senderName === 'string' && raw.senderName ? raw.senderName : shop.name,
    senderEmail: typeof raw.senderEmail === 'string' && raw.senderEmail ? raw.senderEmail : null,
    replyTo: typeof raw.replyTo === 'string' && raw.replyTo ? raw.replyTo : null,
    postalAddress: typeof raw.postalAddress === 'string' && raw.postalAddress ? raw.postalAddress : null,
    ratePerMinute: Number.isInteger(rate) && rate >= RATE_MIN && rate <= RATE_MAX ? rate : DEFAULT_RATE,
  };
}

/** One batch per run: a sixth of a minute's rate (at least one mail), the next run when that share of a minute is over. */
export function pace(ratePerMinute: number): { perRun: number; delayMs: number } {
  const perRun = Math.max(1, Math.floor(ratePerMinute / 6));
  return { perRun, delayMs: Math.round((perRun * 60_000) / ratePerMinute) };
}

const BOUNCE = /\b5[0-5]\d\b[\s-]*5\.\d|recipients? (were|was) rejected|user unknown|mailbox (unavailable|not found)|no such user/i;

/** Owner and iam holding createCampaign. */
async function notify(db: DbOrTx, shopId: number, type: 'mailFail' | 'endedNewsletter', campaignId: number, content: string) {
  const staff = (await repo.findShopStaff(db, shopId)).filter((m) => m.kind === 'owner' || hasPermission(m, 'createCampaign'));
  await repo.insertNotifications(
    db,
    staff.map((m) => ({ userId: m.userId, type, content, redirectLink: `/dashboard/crm/campaigns/${campaignId}` })),
  );
}

export function createCampaignSender(deps: SenderDeps) {
  const { db, config, links, logger } = deps;
  const publicUrl = config.accounts.publicUrl;

  /**
   * Starts a campaign in the caller's transaction (the campaign row locked by the caller): keeps its HTML, queues its
   * recipients, makes it 'sending' and queues the first batch. Returns how many recipients were queued.
   */
  async function startInTx(tx: DbOrTx, campaign: repo.CampaignRow, html: string, recipients: ListRecipient[], now = new Date()) {
    const queued = await repo.queueRecipients(tx, campaign, recipients);
    await repo.updateCampaign(tx, campaign.id, { html: sanitizeEmailHtml(html), status: 'sending', startedAt: now, sentAt: null });
    await enqueue(tx as Db, CAMPAIGN_SEND_JOB, { campaignId: campaign.id, step: 0 } satisfies SendPayload, {
      dedupeKey: `campaign-send:${campaign.id}:0`,
    });
    return queued;
  }

  /** The HTML and recipients of a campaign about to start (read before its transaction). */
  async function prepare(campaign: repo.CampaignRow): Promise<{ html: string; recipients: ListRecipient[] }> {
    const model = campaign.modelId ? await renderModel(db, campaign.shopId, campaign.modelId) : { subject: null, html: '' };
    const recipients = await recipientsOfLists(db, campaign.shopId, campaign.listIds ?? []);
    return { html: model.html, recipients };
  }

  /** The `campaign-start` job: a scheduled campaign whose date has come (unless cancelled or scheduled again since). */
  async function runStart(payload: StartPayload, now = new Date()): Promise<void> {
    const before = await repo.findCampaignById(db, payload.campaignId);
    if (!before || before.status !== 'scheduled' || before.scheduledAt?.toISOString() !== payload.scheduledAt) return;
    if (before.scheduledAt.getTime() > now.getTime()) throw new Error('campaign-start: run before its date');
    const { html, recipients } = await prepare(before);
    const started = await db.transaction(async (tx) => {
      const c = await repo.findCampaignById(tx, payload.campaignId, true);
      if (!c || c.status !== 'scheduled' || c.scheduledAt?.toISOString() !== payload.scheduledAt) return false;
      await startInTx(tx, c, html, recipients, now);
      return true;
    });
    if (started) nudgeJobs();
  }

  /** Queues (and marks sent) up to `limit` recipients in one transaction; how many rows it took. */
  async function sendChunk(campaignId: number, limit: number, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const c = await repo.findCampaignById(tx, campaignId);
      if (!c || c.status !== 'sending') return 0;
      const batch = await repo.claimQueued(tx, campaignId, limit);
      if (!batch.length) return 0;
      const shop = await repo.shopOf(tx, c.shopId);
      const settings = settingsOf(shop ?? { name: '', settings: null });
      const outs = await repo.optOutsOf(
        tx,
        c.shopId,
        batch.map((r) => r.email),
      );
      const skipped: number[] = [];
      const sent: number[] = [];
      for (const r of batch) {
        const out = outs.get(r.email);
        if (out?.unsubscribed) {
          skipped.push(r.id);
          continue;
        }
        const fields = { ...blankSample(), ...r.fields };
        fields.shopName ||= shop?.name ?? '';
        fields.signature ||= settings.senderName;
        const message = campaignMail({
          campaign: { subject: c.subject, previewText: c.previewText, html: c.html ?? '' },
          shop: { name: shop?.name ?? '' },
          settings,
          platformFrom: config.accounts.mailFrom,
          publicUrl,
          recipient: { email: r.email, token: r.token, trackingOff: !!out?.trackingOff },
          to: r.email,
          fields,
          links,
        });
        await enqueueMail(tx as Db, message, { dedupeKey: repo.mailKeyOf(campaignId, r.id) });
        sent.push(r.id);
        deps.onQueued?.(r.id);
      }
      await repo.setRecipients(tx, sent, { status: 'sent', sentAt: now });
      await repo.setRecipients(tx, skipped, {
        status: 'unsubscribed',
        unsubscribedAt: now,
        error: 'Désinscrit avant l’envoi : mail non envoyé',
      });
      return batch.length;
    });
  }

  /** Failed mail jobs → their recipients failed or bounced, `mailFail`; whether mails are still waiting. */
  async function collectFailures(c: repo.CampaignRow): Promise<boolean> {
    const { pending, failed } = await repo.mailJobsOf(db, c.id);
    if (failed.length) {
      await db.transaction(async (tx) => {
        const bounced = failed.filter((f) => BOUNCE.test(f.error ?? ''));
        const others = failed.filter((f) => !BOUNCE.test(f.error ?? ''));
        for (const [list, status] of [
          [bounced, 'bounced'],
          [others, 'failed'],
        ] as const) {
          for (const f of list) await repo.setRecipients(tx, [f.id], { status, error: (f.error ?? '').slice(0, 500) || null });
        }
        const names = failed
          .slice(0, 3)
          .map((f) => f.email)
          .join(', ');
        await notify(
          tx,
          c.shopId,
          'mailFail',
          c.id,
          failed.length === 1
            ? `La campagne « ${c.name} » n’a pas pu être envoyée à ${names}`
            : `La campagne « ${c.name} » n’a pas pu être envoyée à ${failed.length} destinataires (${names}${failed.length > 3 ? '…' : ''})`,
        );
      });
    }
    return pending > 0;
  }

  /** The `campaign-send` job: one batch, then the next job (or the wait for the mails, or the end). */
  async function runSend(payload: SendPayload, now = new Date()): Promise<'next' | 'waiting' | 'ended' | 'idle'> {
    const c = await repo.findCampaignById(db, payload.campaignId);
    if (!c || c.status !== 'sending') return 'idle';
    const shop = await repo.shopOf(db, c.shopId);
    const { perRun, delayMs } = pace(settingsOf(shop ?? { name: '', settings: null }).ratePerMinute);
    let done = 0;
    while (done < perRun) {
      const n = await sendChunk(c.id, Math.min(deps.chunkSize ?? CHUNK, perRun - done), now);
      if (!n) break;
      done += n;
    }
    const next = (ms: number) =>
      db.transaction(async (tx) => {
        await enqueue(tx as Db, CAMPAIGN_SEND_JOB, { campaignId: c.id, step: payload.step + 1 } satisfies SendPayload, {
          dedupeKey: `campaign-send:${c.id}:${payload.step + 1}`,
          // counted from this run's clock (`now`: the start of the run, unless the caller gives its own)
          runAt: new Date(now.getTime() + ms),
        });
      });
    if ((await repo.countQueued(db, c.id)) > 0) {
      await next(delayMs);
      nudgeJobs();
      return 'next';
    }
    if (await collectFailures(c)) {
      await next(WAIT_MAILS_MS);
      return 'waiting';
    }
    const ended = await db.transaction(async (tx) => {
      const moved = await repo.moveStatus(tx, c.id, ['sending'], { status: 'sent', sentAt: new Date() });
      if (!moved) return false;
      const s = (await repo.statsOf(tx, [c.id])).get(c.id);
      const sent = s?.sent ?? 0;
      const failed = (s?.failed ?? 0) + (s?.bounced ?? 0);
      await notify(
        tx,
        c.shopId,
        'endedNewsletter',
        c.id,
        `La campagne « ${c.name} » est envoyée : ${sent} mail${sent > 1 ? 's' : ''} envoyé${sent > 1 ? 's' : ''}` +
          (failed ? `, ${failed} en échec` : '') +
          '.',
      );
      return true;
    });
    if (ended) logger?.info({ campaignId: c.id }, 'campaign sent');
    return ended ? 'ended' : 'idle';
  }

  const jobHandlers = (): Record<string, JobHandler<never>> => ({
    [CAMPAIGN_SEND_JOB]: { run: async (p: SendPayload) => void (await runSend(p)) } as JobHandler<never>,
    [CAMPAIGN_START_JOB]: { run: (p: StartPayload) => runStart(p) } as JobHandler<never>,
  });

  return { startInTx, prepare, runStart, runSend, sendChunk, jobHandlers };
}

/** Every merge field present (empty), so that a field the recipient lacks is blank rather than a sample value. */
function blankSample(): Record<string, string> {
  return Object.fromEntries(Object.keys(sampleFields('', '')).map((k) => [k, '']));
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
