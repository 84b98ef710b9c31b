/**
 * Campaigns: compose (a model, lists, subject, preview text), test, send now or at a date, cancel a
 * scheduled one; the figures and the recipients; the settings of the shop's campaigns (shops.settings.campaigns); the
 * public tracking links (open pixel, click redirect, unsubscribe and tracking preferences by the recipient's token).
 */
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { enqueue, enqueueMail, nudgeJobs } from '../../platform/jobs';
import { paginated } from '../../platform/list-query';
import type { Logger } from '../../platform/logger';
import { campaignMail, sampleFields, trackableLinks, type LinkKey } from './campaigns.mail';
import { recipientsOfLists, renderModel } from './campaigns.ports';
import type { AnalyticsCampaignFigures } from 'shared-kernel/contracts';
import * as repo from './campaigns.repository';
import {
  CAMPAIGN_MESSAGES as M,
  STATUS_LABELS,
  type CampaignDetail,
  type CampaignInput,
  type CampaignItem,
  type CampaignSettings,
  type CampaignSettingsInput,
  type CampaignStats,
  type CampaignsQuery,
  type Preferences,
  type RecipientItem,
  type RecipientsQuery,
} from './campaigns.schemas';
import { CAMPAIGN_START_JOB, createCampaignSender, settingsOf, type StartPayload } from './campaigns.sender';

export interface CampaignsDeps {
  db: Db;
  config: Pick<AppConfig, 'accounts'>;
  links: LinkKey;
  logger?: Logger;
}

const EDITABLE = ['draft', 'scheduled', 'cancelled'] as const;
const SENDABLE = ['draft', 'scheduled', 'cancelled'] as const;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10000) / 10000 : 0);

/** A campaign's counts → its figures: delivered = sent − failed − bounced (both were sent first), rates over delivered. */
export function figuresOf(x: Omit<repo.RawStats, 'campaignId'>): AnalyticsCampaignFigures {
  const delivered = Math.max(0, x.sent - x.failed - x.bounced);
  return {
    recipients: x.recipients,
    queued: x.queued,
    sent: x.sent,
    delivered,
    failed: x.failed,
    bounced: x.bounced,
    opened: x.opened,
    clicked: x.clicked,
    unsubscribed: x.unsubscribed,
    openRate: rate(x.opened, delivered),
    clickRate: rate(x.clicked, delivered),
    unsubscribeRate: rate(x.unsubscribed, delivered),
  };
}

export function statsFrom(s: repo.RawStats | undefined): CampaignStats {
  const x = s ?? { recipients: 0, queued: 0, sent: 0, failed: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0 };
  return { ...figuresOf(x), bounceRate: rate(x.bounced, x.sent) };
}

/** j•••@example.fr */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${(local ?? '').slice(0, 1)}•••@${domain ?? ''}`;
}

export function createCampaignsService(deps: CampaignsDeps) {
  const { db, config, links } = deps;
  const sender = createCampaignSender(deps);

  function itemOf(c: repo.CampaignRow, stats: repo.RawStats | undefined, modelName: string | null): CampaignItem {
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      subject: c.subject,
      previewText: c.previewText,
      modelId: c.modelId,
      modelName,
      listIds: c.listIds ?? [],
      scheduledAt: iso(c.scheduledAt),
      startedAt: iso(c.startedAt),
      sentAt: iso(c.sentAt),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      stats: statsFrom(stats),
    };
  }

  async function found(shopId: number, id: number): Promise<repo.CampaignRow> {
    const c = await repo.findCampaign(db, shopId, id);
    if (!c) throw notFound(M.notFound);
    return c;
  }

  async function checkRefs(shopId: number, input: Pick<CampaignInput, 'modelId' | 'listIds'>): Promise<void> {
    if (input.modelId != null && !(await repo.modelsOf(db, shopId, [input.modelId])).length) {
      throw new HttpError(400, M.modelNotFound, 'modelId');
    }
    if (input.listIds.length && (await repo.listsOf(db, shopId, input.listIds)).length !== input.listIds.length) {
      throw new HttpError(400, M.listNotFound, 'listIds');
    }
  }

  /** What a send or a schedule needs: a model and lists, still in the shop. */
  async function checkReady(c: repo.CampaignRow): Promise<void> {
    if (c.modelId == null) throw new HttpError(400, M.modelNeeded, 'modelId');
    if (!c.listIds?.length) throw new HttpError(400, M.listsNeeded, 'listIds');
    await checkRefs(c.shopId, { modelId: c.modelId, listIds: c.listIds });
  }

  async function settings(shopId: number): Promise<CampaignSettings & { shopName: string }> {
    const shop = await repo.shopOf(db, shopId);
    if (!shop) throw notFound();
    return { ...settingsOf(shop), shopName: shop.name };
  }

  async function detail(shopId: number, id: number): Promise<CampaignDetail> {
    const c = await found(shopId, id);
    const [stats, models, lists] = await Promise.all([
      repo.statsOf(db, [c.id]),
      repo.modelsOf(db, shopId, c.modelId ? [c.modelId] : []),
      repo.listsOf(db, shopId, c.listIds ?? []),
    ]);
    const editable = (EDITABLE as readonly string[]).includes(c.status);
    return {
      ...itemOf(c, stats.get(c.id), models[0]?.name ?? null),
      lists,
      actions: {
        edit: editable,
        send: (SENDABLE as readonly string[]).includes(c.status),
        schedule: (SENDABLE as readonly string[]).includes(c.status),
        cancel: c.status === 'scheduled',
        delete: editable,
      },
    };
  }

  return {
    sender,

    async list(shopId: number, q: CampaignsQuery) {
      const { rows, total } = await repo.listCampaigns(db, shopId, q);
      const ids = rows.map((r) => r.id);
      const modelIds = [...new Set(rows.map((r) => r.modelId).filter((x): x is number => x != null))];
      const [stats, models] = await Promise.all([repo.statsOf(db, ids), repo.modelsOf(db, shopId, modelIds)]);
      const names = new Map(models.map((m) => [m.id, m.name]));
      return paginated(
        rows.map((r) => itemOf(r, stats.get(r.id), r.modelId ? (names.get(r.modelId) ?? null) : null)),
        total,
        q,
      );
    },

    detail,

    async create(shopId: number, userId: number, input: CampaignInput): Promise<CampaignDetail> {
      await checkRefs(shopId, input);
      const c = await repo.insertCampaign(db, {
        shopId,
        name: input.name,
        modelId: input.modelId ?? null,
        listIds: input.listIds,
        subject: input.subject,
        previewText: input.previewText,
        createdBy: userId,
      });
      return detail(shopId, c.id);
    },

    async update(shopId: number, id: number, input: CampaignInput): Promise<CampaignDetail> {
      const c = await found(shopId, id);
      if (!(EDITABLE as readonly string[]).includes(c.status)) throw new HttpError(409, M.notEditable);
      await checkRefs(shopId, input);
      const moved = await repo.moveStatus(db, id, [...EDITABLE], {
        status: c.status,
        name: input.name,
        modelId: input.modelId ?? null,
        listIds: input.listIds,
        subject: input.subject,
        previewText: input.previewText,
      });
      if (!moved) throw new HttpError(409, M.notEditable);
      return detail(shopId, id);
    },

    async remove(shopId: number, id: number): Promise<void> {
      const c = await found(shopId, id);
      if (!(EDITABLE as readonly string[]).includes(c.status)) throw new HttpError(409, M.notDeletable);
      await db.transaction(async (tx) => {
        const locked = await repo.lockCampaign(tx, shopId, id);
        if (!locked || !(EDITABLE as readonly string[]).includes(locked.status)) throw new HttpError(409, M.notDeletable);
        await repo.deleteCampaign(tx, id);
      });
    },

    /** The models and lists the compose form picks from. */
    options: (shopId: number) => repo.pickables(db, shopId),

    /** How many people the lists reach now (consent and opt-outs applied, deduplicated by email). */
    async audience(shopId: number, listIds: number[]): Promise<{ count: number }> {
      if (!listIds.length) return { count: 0 };
      await checkRefs(shopId, { modelId: null, listIds });
      return { count: (await recipientsOfLists(db, shopId, listIds)).length };
    },

    /** The email as a recipient sees it (sample merge fields, no tracking): the HTML sent, or the model's until then. */
    async preview(shopId: number, id: number) {
      const c = await found(shopId, id);
      const s = await settings(shopId);
      let html = c.html;
      if (html == null) html = c.modelId ? (await renderModel(db, shopId, c.modelId)).html : '';
      const first = await repo.firstRecipient(db, c.id);
      const fields = { ...sampleFields(s.shopName, s.senderName), ...(first?.fields ?? {}) };
      const mail = campaignMail({
        campaign: { subject: c.subject, previewText: c.previewText, html },
        shop: { name: s.shopName },
        settings: s,
        platformFrom: config.accounts.mailFrom,
        publicUrl: config.accounts.publicUrl,
        to: 'apercu@example.invalid',
        fields,
        links,
      });
      return { subject: mail.subject, previewText: c.previewText, html: mail.html };
    },

    /** A test to 1–10 addresses: the merge fields of the first recipient of the lists (or sample values), no tracking. */
    async sendTest(shopId: number, id: number, emails: string[]) {
      const c = await found(shopId, id);
      if (c.modelId == null && c.html == null) throw new HttpError(400, M.modelNeeded, 'modelId');
      const s = await settings(shopId);
      const html = c.html ?? (await renderModel(db, shopId, c.modelId!)).html;
      const first = c.listIds?.length ? (await recipientsOfLists(db, shopId, c.listIds))[0] : undefined;
      const fields = { ...sampleFields(s.shopName, s.senderName), ...(first?.fields ?? {}) };
      await db.transaction(async (tx) => {
        for (const to of emails) {
          await enqueueMail(
            tx as Db,
            campaignMail({
              campaign: { subject: c.subject, previewText: c.previewText, html },
              shop: { name: s.shopName },
              settings: s,
              platformFrom: config.accounts.mailFrom,
              publicUrl: config.accounts.publicUrl,
              to,
              fields,
              links,
              test: true,
            }),
          );
        }
      });
      nudgeJobs();
      return {
        sent: emails.length,
        message: emails.length > 1 ? `Test envoyé à ${emails.length} adresses` : `Test envoyé à ${emails[0]}`,
      };
    },

    async sendNow(shopId: number, id: number, now = new Date()): Promise<CampaignDetail> {
      const c = await found(shopId, id);
      if (!(SENDABLE as readonly string[]).includes(c.status)) throw new HttpError(409, M.notSendable(STATUS_LABELS[c.status]));
      await checkReady(c);
      const { html, recipients } = await sender.prepare(c);
      if (!recipients.length) throw new HttpError(409, M.noRecipient);
      await db.transaction(async (tx) => {
        const locked = await repo.lockCampaign(tx, shopId, id);
        if (!locked || !(SENDABLE as readonly string[]).includes(locked.status)) {
          throw new HttpError(409, M.notSendable(STATUS_LABELS[locked?.status ?? c.status]));
        }
        await sender.startInTx(tx, locked, html, recipients, now);
      });
      nudgeJobs();
      return detail(shopId, id);
    },

    async schedule(shopId: number, id: number, at: Date, now = new Date()): Promise<CampaignDetail> {
      if (at.getTime() <= now.getTime()) throw new HttpError(400, M.scheduledPast, 'scheduledAt');
      const c = await found(shopId, id);
      if (!(SENDABLE as readonly string[]).includes(c.status)) throw new HttpError(409, M.notSendable(STATUS_LABELS[c.status]));
      await checkReady(c);
      await db.transaction(async (tx) => {
        const moved = await repo.moveStatus(tx, id, [...SENDABLE], { status: 'scheduled', scheduledAt: at });
        if (!moved) throw new HttpError(409, M.notSendable(STATUS_LABELS[c.status]));
        await enqueue(tx as Db, CAMPAIGN_START_JOB, { campaignId: id, scheduledAt: at.toISOString() } satisfies StartPayload, {
          runAt: at,
        });
      });
      return detail(shopId, id);
    },

    async cancel(shopId: number, id: number): Promise<CampaignDetail> {
      await found(shopId, id);
      const moved = await repo.moveStatus(db, id, ['scheduled'], { status: 'cancelled' });
      if (!moved) throw new HttpError(409, M.notScheduled);
      return detail(shopId, id);
    },

    async recipients(shopId: number, id: number, q: RecipientsQuery) {
      await found(shopId, id);
      const { rows, total } = await repo.listRecipients(db, id, q);
      return paginated(
        rows.map((r): RecipientItem => ({
          id: r.id,
          clientId: r.clientId,
          email: r.email,
          name: r.name ?? ([r.fields?.firstname, r.fields?.lastname].filter(Boolean).join(' ') || ''),
          status: r.status,
          error: r.error,
          sentAt: iso(r.sentAt),
          openedAt: iso(r.openedAt),
          clickedAt: iso(r.clickedAt),
          unsubscribedAt: iso(r.unsubscribedAt),
        })),
        total,
        q,
      );
    },

    async getSettings(shopId: number): Promise<CampaignSettings> {
      const { shopName: _s, ...rest } = await settings(shopId);
      return rest;
    },

    async saveSettings(shopId: number, input: CampaignSettingsInput): Promise<CampaignSettings & { message: string }> {
      await repo.saveCampaignSettings(db, shopId, input);
      const { shopName: _s, ...rest } = await settings(shopId);
      return { ...rest, message: M.saved };
    },

    // ------------------------------------------------------------ public, by the recipient's token

    async open(token: string, now = new Date()): Promise<void> {
      const r = await repo.recipientByToken(db, token);
      if (!r || !r.r.sentAt) return;
      const out = await repo.findOptOut(db, r.r.shopId, r.r.email);
      if (out?.trackingOffAt) return;
      await repo.recordOpen(db, r.r.id, now);
    },

    /** The link to go to; 404 for an unknown token, a bad signature or a link the campaign does not hold. */
    async click(token: string, url: string, signature: string, now = new Date()): Promise<string> {
      const r = await repo.recipientByToken(db, token);
      if (!r || !links.verify(token, url, signature) || !/^https?:\/\//i.test(url) || !trackableLinks(r.html ?? '').has(url)) {
        throw notFound(M.linkNotFound);
      }
      const out = await repo.findOptOut(db, r.r.shopId, r.r.email);
      if (!out?.trackingOffAt) await repo.recordClick(db, r.r.id, now);
      return url;
    },

    async preferences(token: string): Promise<Preferences> {
      const r = await repo.recipientByToken(db, token);
      if (!r) throw notFound(M.linkNotFound);
      const out = await repo.findOptOut(db, r.r.shopId, r.r.email);
      return { shopName: r.shopName, email: maskEmail(r.r.email), unsubscribed: !!out?.unsubscribedAt, trackingOff: !!out?.trackingOffAt };
    },

    async setPreferences(token: string, change: { unsubscribed?: boolean; trackingOff?: boolean }, now = new Date()): Promise<Preferences> {
      const r = await repo.recipientByToken(db, token);
      if (!r) throw notFound(M.linkNotFound);
      await db.transaction(async (tx) => {
        await repo.upsertOptOut(tx, r.r.shopId, r.r.email, r.r.campaignId, change, now);
        if (change.unsubscribed) {
          await repo.markUnsubscribed(tx, r.r.id, now);
          await repo.dropQueuedOf(tx, r.r.shopId, r.r.email, now);
        }
      });
      const out = await repo.findOptOut(db, r.r.shopId, r.r.email);
      return { shopName: r.shopName, email: maskEmail(r.r.email), unsubscribed: !!out?.unsubscribedAt, trackingOff: !!out?.trackingOffAt };
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
