/** Every query of the campaigns. Each takes a db or a transaction. */
import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { jobs, notifications, shopMembers, shops, type ShopMemberRow } from '../../platform/db/tables';
import { containsPattern, orderByOf } from '../../platform/list-query';
import { crmClients } from '../clients';
import {
  campaignRecipients,
  campaigns,
  emailModels,
  marketingLists,
  marketingOptOuts,
  type CampaignStatus,
  type RecipientStatus,
} from '../marketing';
import type { CampaignsQuery, RecipientsQuery } from './campaigns.schemas';

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The mail job of a recipient: one dedupe key per recipient, so a recipient is mailed once whatever happens. */
export const mailKeyOf = (campaignId: number, recipientId: number) => `campaign-mail:${campaignId}:${recipientId}`;

// ---------------------------------------------------------------- campaigns

export async function findCampaign(db: DbOrTx, shopId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.shopId, shopId)));
  return row;
}

export async function findCampaignById(db: DbOrTx, id: number, lock = false): Promise<CampaignRow | undefined> {
  const q = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function lockCampaign(db: DbOrTx, shopId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.shopId, shopId)))
    .for('update');
  return row;
}

export async function listCampaigns(db: DbOrTx, shopId: number, q: CampaignsQuery): Promise<{ rows: CampaignRow[]; total: number }> {
  const conds: SQL[] = [eq(campaigns.shopId, shopId)];
  if (q.filters.status?.length) conds.push(inArray(campaigns.status, q.filters.status));
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(sql`(lower(${campaigns.name}) like ${p} or lower(${campaigns.subject}) like ${p})`);
  }
  const where = and(...conds);
  const [list, [{ n }]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          {
            name: sql`lower(${campaigns.name})`,
            createdAt: campaigns.createdAt,
            scheduledAt: campaigns.scheduledAt,
            sentAt: campaigns.sentAt,
          },
          campaigns.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows: list, total: Number(n) };
}

export interface RawStats {
  campaignId: number;
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

/** Counts per campaign (by the timestamps, so that an opened mail also counts as sent). */
export async function statsOf(db: DbOrTx, campaignIds: number[]): Promise<Map<number, RawStats>> {
  if (!campaignIds.length) return new Map();
  const r = await db
    .select({
      campaignId: campaignRecipients.campaignId,
      recipients: sql<number>`count(*)::int`,
      queued: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'queued')::int`,
      sent: sql<number>`count(${campaignRecipients.sentAt})::int`,
      failed: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'failed')::int`,
      bounced: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'bounced')::int`,
      opened: sql<number>`count(${campaignRecipients.openedAt})::int`,
      clicked: sql<number>`count(${campaignRecipients.clickedAt})::int`,
      unsubscribed: sql<number>`count(${campaignRecipients.unsubscribedAt})::int`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, campaignIds))
    .groupBy(campaignRecipients.campaignId);
  return new Map(r.map((x) => [x.campaignId, x]));
}

export async function insertCampaign(db: DbOrTx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row;
}

export async function updateCampaign(db: DbOrTx, id: number, values: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(campaigns.id, id))
    .returning();
  return row;
}

/** Moves a campaign from one status to another only if it still has it (two workers or requests: one wins). */
export async function moveStatus(
  db: DbOrTx,
  id: number,
  from: CampaignStatus[],
  values: Partial<typeof campaigns.$inferInsert> & { status: CampaignStatus },
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
    .returning();
  return row;
}

export async function deleteCampaign(db: DbOrTx, id: number): Promise<void> {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

export async function modelsOf(db: DbOrTx, shopId: number, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (!ids.length) return [];
  return db
    .select({ id: emailModels.id, name: emailModels.name })
    .from(emailModels)
    .where(and(eq(emailModels.shopId, shopId), inArray(emailModels.id, ids)));
}

export async function listsOf(
  db: DbOrTx,
  shopId: number,
  ids: number[],
): Promise<Array<{ id: number; name: string; kind: 'static' | 'dynamic' }>> {
  if (!ids.length) return [];
  return db
    .select({ id: marketingLists.id, name: marketingLists.name, kind: marketingLists.kind })
    .from(marketingLists)
    .where(and(eq(marketingLists.shopId, shopId), inArray(marketingLists.id, ids)))
    .orderBy(asc(marketingLists.name));
}

/** What the compose form picks from: the shop's models and lists, by name. */
export async function pickables(db: DbOrTx, shopId: number) {
  const [models, lists] = await Promise.all([
    db
      .select({ id: emailModels.id, name: emailModels.name, kind: emailModels.kind, subject: emailModels.subject })
      .from(emailModels)
      .where(eq(emailModels.shopId, shopId))
      .orderBy(asc(emailModels.name), asc(emailModels.id)),
    db
      .select({ id: marketingLists.id, name: marketingLists.name, kind: marketingLists.kind })
      .from(marketingLists)
      .where(eq(marketingLists.shopId, shopId))
      .orderBy(asc(marketingLists.name), asc(marketingLists.id)),
  ]);
  return { models, lists };
}

// ---------------------------------------------------------------- recipients

/**
 * Queues the recipients in one statement per 5,000 (a JSON array of rows): one row per (campaign, email), ON CONFLICT DO
 * NOTHING (queued twice = queued once), an unguessable token each, the people who unsubscribed from the shop left out.
 */
export async function queueRecipients(
  db: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'shopId'>,
  recipients: Array<{ clientId: number | null; email: string; fields: Record<string, string> }>,
): Promise<number> {
  let n = 0;
  for (let i = 0; i < recipients.length; i += 5000) {
    const chunk = recipients.slice(i, i + 5000);
    const data = JSON.stringify(chunk.map((r) => ({ client_id: r.clientId, email: r.email.trim().toLowerCase(), fields: r.fields ?? {} })));
    const res = await rows<{ n: number }>(
      db,
      sql`with ins as (
        insert into campaign_recipients (campaign_id, shop_id, client_id, email, fields, token)
        select ${campaign.id}, ${campaign.shopId}, x.client_id, x.email, coalesce(x.fields, '{}'::jsonb),
          replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
        from jsonb_to_recordset(${data}::jsonb) as x(client_id int, email text, fields jsonb)
        where x.email <> '' and not exists (
          select 1 from marketing_opt_outs o
          where o.shop_id = ${campaign.shopId} and o.email = x.email and o.unsubscribed_at is not null)
        on conflict (campaign_id, email) do nothing
        returning 1)
      select count(*)::int as n from ins`,
    );
    n += res[0]?.n ?? 0;
  }
  return n;
}

/** Queued recipients of a campaign, locked for this transaction; rows another worker holds are skipped. */
export async function claimQueued(db: DbOrTx, campaignId: number, limit: number): Promise<RecipientRow[]> {
  return db
    .select()
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'queued')))
    .orderBy(asc(campaignRecipients.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function countQueued(db: DbOrTx, campaignId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, 'queued')));
  return Number(n);
}

export async function firstRecipient(db: DbOrTx, campaignId: number): Promise<RecipientRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.id))
    .limit(1);
  return row;
}

/** The opt-outs of these addresses (lower-cased) in a shop. */
export async function optOutsOf(
  db: DbOrTx,
  shopId: number,
  emails: string[],
): Promise<Map<string, { unsubscribed: boolean; trackingOff: boolean }>> {
  if (!emails.length) return new Map();
  const r = await db
    .select({ email: marketingOptOuts.email, u: marketingOptOuts.unsubscribedAt, t: marketingOptOuts.trackingOffAt })
    .from(marketingOptOuts)
    .where(and(eq(marketingOptOuts.shopId, shopId), inArray(marketingOptOuts.email, emails)));
  return new Map(r.map((x) => [x.email, { unsubscribed: x.u != null, trackingOff: x.t != null }]));
}

export async function setRecipients(
  db: DbOrTx,
  ids: number[],
  values: Partial<Pick<RecipientRow, 'status' | 'error' | 'sentAt' | 'unsubscribedAt'>>,
): Promise<void> {
  if (!ids.length) return;
  await db.update(campaignRecipients).set(values).where(inArray(campaignRecipients.id, ids));
}

/** Mail jobs of a campaign's sent recipients still waiting or running, and the failed ones not yet recorded. */
export async function mailJobsOf(
  db: DbOrTx,
  campaignId: number,
): Promise<{ pending: number; failed: Array<{ id: number; email: string; error: string | null }> }> {
  const r = await rows<{ id: number; email: string; status: string; error: string | null }>(
    db,
    sql`select r.id, r.email, j.status, j.last_error as error
      from ${campaignRecipients} r
      join ${jobs} j on j.dedupe_key = 'campaign-mail:' || r.campaign_id || ':' || r.id
      where r.campaign_id = ${campaignId} and r.status = 'sent' and j.status in ('pending', 'running', 'failed')`,
  );
  return {
    pending: r.filter((x) => x.status !== 'failed').length,
    failed: r.filter((x) => x.status === 'failed').map(({ id, email, error }) => ({ id, email, error })),
  };
}

export async function listRecipients(
  db: DbOrTx,
  campaignId: number,
  q: RecipientsQuery,
): Promise<{ rows: Array<RecipientRow & { name: string | null }>; total: number }> {
  const conds: SQL[] = [eq(campaignRecipients.campaignId, campaignId)];
  if (q.filters.status?.length) conds.push(inArray(campaignRecipients.status, q.filters.status));
  if (q.q) conds.push(ilike(campaignRecipients.email, containsPattern(q.q)));
  const where = and(...conds);
  const [list, [{ n }]] = await Promise.all([
    db
      .select({
        r: campaignRecipients,
        name: sql<string | null>`nullif(trim(coalesce(${crmClients.firstname}, '') || ' ' || coalesce(${crmClients.lastname}, '')), '')`,
        company: crmClients.company,
      })
      .from(campaignRecipients)
      .leftJoin(crmClients, and(eq(crmClients.id, campaignRecipients.clientId), eq(crmClients.shopId, campaignRecipients.shopId)))
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { email: campaignRecipients.email, status: campaignRecipients.status, sentAt: campaignRecipients.sentAt },
          campaignRecipients.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(campaignRecipients).where(where),
  ]);
  return { rows: list.map((x) => ({ ...x.r, name: x.name ?? x.company ?? null })), total: Number(n) };
}

// ---------------------------------------------------------------- tracking (public, by token)

export async function recipientByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ r: campaignRecipients, shopName: shops.name, html: campaigns.html })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .innerJoin(shops, eq(shops.id, campaignRecipients.shopId))
    .where(eq(campaignRecipients.token, token));
  return row;
}

/** First open: 'sent' → 'opened' (a later status stays). */
export async function recordOpen(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({
      openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${now})`,
      status: sql`case when ${campaignRecipients.status} = 'sent' then 'opened' else ${campaignRecipients.status} end`,
    })
    .where(eq(campaignRecipients.id, id));
}

/** A click is also an open: 'sent' / 'opened' → 'clicked'. */
export async function recordClick(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({
      openedAt: sql`coalesce(${campaignRecipients.openedAt}, ${now})`,
      clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, ${now})`,
      status: sql`case when ${campaignRecipients.status} in ('sent', 'opened') then 'clicked' else ${campaignRecipients.status} end`,
    })
    .where(eq(campaignRecipients.id, id));
}

export async function findOptOut(db: DbOrTx, shopId: number, email: string) {
  const [row] = await db
    .select()
    .from(marketingOptOuts)
    .where(and(eq(marketingOptOuts.shopId, shopId), eq(marketingOptOuts.email, email)));
  return row;
}

/** Sets (true) or clears (false) the unsubscription and / or the tracking opt-out of an address; the first date is kept. */
export async function upsertOptOut(
  db: DbOrTx,
  shopId: number,
  email: string,
  campaignId: number,
  change: { unsubscribed?: boolean; trackingOff?: boolean },
  now: Date,
): Promise<void> {
  const u = change.unsubscribed;
  const t = change.trackingOff;
  await db
    .insert(marketingOptOuts)
    .values({ shopId, email, campaignId, unsubscribedAt: u ? now : null, trackingOffAt: t ? now : null })
    .onConflictDoUpdate({
      target: [marketingOptOuts.shopId, marketingOptOuts.email],
      set: {
        unsubscribedAt:
          u === undefined ? sql`${marketingOptOuts.unsubscribedAt}` : u ? sql`coalesce(${marketingOptOuts.unsubscribedAt}, ${now})` : null,
        trackingOffAt:
          t === undefined ? sql`${marketingOptOuts.trackingOffAt}` : t ? sql`coalesce(${marketingOptOuts.trackingOffAt}, ${now})` : null,
        ...(u ? { campaignId } : {}),
      },
    });
}

export async function markUnsubscribed(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, ${now})`, status: 'unsubscribed' })
    .where(and(eq(campaignRecipients.id, id), sql`${campaignRecipients.status} not in ('queued', 'failed', 'bounced')`));
}

/** A person who unsubscribed from a shop: their queued mails of every campaign of the shop are not sent. */
export async function dropQueuedOf(db: DbOrTx, shopId: number, email: string, now: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: 'unsubscribed', unsubscribedAt: now, error: 'Désinscrit avant l’envoi : mail non envoyé' })
    .where(and(eq(campaignRecipients.shopId, shopId), eq(campaignRecipients.email, email), eq(campaignRecipients.status, 'queued')));
}

// ---------------------------------------------------------------- shops: settings, names, staff

export async function shopOf(db: DbOrTx, shopId: number) {
  const [row] = await db
    .select({ id: shops.id, name: shops.name, settings: shops.settings, contactEmail: shops.contactEmail })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}

/** Writes shops.settings.campaigns (the other settings untouched). */
export async function saveCampaignSettings(db: DbOrTx, shopId: number, value: object): Promise<void> {
  await db
    .update(shops)
    .set({
      settings: sql`coalesce(${shops.settings}, '{}'::jsonb) || ${JSON.stringify({ campaigns: value })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(shops.id, shopId));
}

export async function findShopStaff(db: DbOrTx, shopId: number): Promise<ShopMemberRow[]> {
  return db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), inArray(shopMembers.kind, ['owner', 'iam']), isNull(shopMembers.suspendedAt)));
}

export async function insertNotifications(
  db: DbOrTx,
  list: Array<{ userId: number; type: string; content: string; redirectLink: string }>,
): Promise<void> {
  if (list.length) await db.insert(notifications).values(list);
}

export type { RecipientStatus };
