import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MarketingListFilters, UnmailableReason } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf } from '../../platform/list-query';
import { products } from '../catalog';
import { crmClients } from '../clients';
import { orderLines, orders } from '../orders';
import { campaignRecipients, emailModels, marketingListMembers, marketingLists, marketingOptOuts } from './marketing.tables';
import type { ListsListQuery, MembersListQuery, ModelsListQuery } from './marketing.schemas';

/** Every query of the marketing module. Each one is scoped by the shop id it is given. */

export type ListRow = typeof marketingLists.$inferSelect;
export type ModelRow = typeof emailModels.$inferSelect;

/** Orders that count for the last order date, the total spent and the products bought (as the client file). */
const UNCOUNTED = sql`('aborted', 'expired', 'cancelled', 'refused')`;

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** What a list stands for: a static list's members, or a dynamic list's saved filters. */
export type ListTarget = { id: number; kind: 'static' } | { id: number; kind: 'dynamic'; filters: MarketingListFilters };

/** The per-client totals (last counted order, total TTC in cents): orders taken for the client and their buyer's own. */
function spendOf(shopId: number): SQL {
  return sql`(select client_id, max(last_at) as last_at, sum(spent) as spent from (
      select ${orders.clientId} as client_id, max(${orders.createdAt}) as last_at, sum(${orders.totalTTC}) as spent
        from ${orders} where ${orders.shopId} = ${shopId} and ${orders.clientId} is not null and ${orders.status} not in ${UNCOUNTED}
        group by ${orders.clientId}
      union all
      select ${crmClients.id}, max(${orders.createdAt}), sum(${orders.totalTTC})
        from ${orders} join ${crmClients} on ${crmClients.shopId} = ${shopId} and ${crmClients.userId} = ${orders.buyerId}
        where ${orders.shopId} = ${shopId} and ${orders.clientId} is null and ${orders.status} not in ${UNCOUNTED}
        group by ${crmClients.id}
    ) x group by client_id)`;
}

const needsSpend = (f: MarketingListFilters) => !!(f.lastOrderFrom || f.lastOrderTo || f.spentMin != null || f.spentMax != null);

/** The conditions of a dynamic list's filters on crm_clients (and `spend` when needsSpend). */
function filterConditions(shopId: number, f: MarketingListFilters): SQL[] {
  const c: SQL[] = [];
  if (f.typologies?.length) c.push(inArray(crmClients.typology, f.typologies));
  if (f.kinds?.length) c.push(inArray(crmClients.kind, f.kinds));
  if (f.tags?.length) c.push(sql`${crmClients.tags} ?| ${textArray(f.tags)}`);
  if (f.departments?.length) c.push(inArray(crmClients.department, f.departments));
  if (f.agentUserIds?.length) c.push(inArray(crmClients.agentUserId, f.agentUserIds));
  if (f.consent !== undefined) c.push(eq(crmClients.marketingConsent, f.consent));
  for (const key of ['pipe', 'family', 'family2', 'custom', 'custom2'] as const) {
    const v = f.custom?.[key];
    if (v) c.push(sql`${crmClients.custom}->>${key} = ${v}`);
  }
  for (const key of ['listTag', 'listTag2'] as const) {
    const v = f.custom?.[key];
    if (v?.length) c.push(sql`coalesce(${crmClients.custom}->${key}, '[]'::jsonb) ?| ${textArray(v)}`);
  }
  if (f.lastOrderFrom) c.push(sql`spend.last_at >= ${f.lastOrderFrom}::date`);
  if (f.lastOrderTo) c.push(sql`spend.last_at < (${f.lastOrderTo}::date + 1)`);
  if (f.spentMin != null) c.push(sql`coalesce(spend.spent, 0) >= ${f.spentMin}`);
  if (f.spentMax != null) c.push(sql`coalesce(spend.spent, 0) <= ${f.spentMax}`);
  if (f.productIds?.length)
    c.push(sql`exists (select 1 from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${orderLines.shopId} = ${shopId} and ${orderLines.productId} in ${sql`(${sql.join(
        f.productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`}
        and ${orders.status} not in ${UNCOUNTED}
        and (${orders.clientId} = ${crmClients.id} or (${orders.clientId} is null and ${orders.buyerId} = ${crmClients.userId})))`);
  return c;
}

/** The condition "this client belongs to one of these lists". */
function membershipCondition(targets: ListTarget[], shopId: number): SQL {
  const parts: SQL[] = [];
  const staticIds = targets.filter((t) => t.kind === 'static').map((t) => t.id);
  if (staticIds.length)
    parts.push(
      sql`${crmClients.id} in (select ${marketingListMembers.clientId} from ${marketingListMembers} where ${marketingListMembers.listId} in (${sql.join(
        staticIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  for (const t of targets) if (t.kind === 'dynamic') parts.push(and(sql`true`, ...filterConditions(shopId, t.filters))!);
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * `with r as (…)`: the members of the lists (active client files of the shop) with their lower-cased address and the
 * reason they cannot be mailed (null: they get it), in one statement — noEmail, then unsubscribed (the shop's opt-outs),
 * bounced (an earlier campaign of the shop bounced on that address), noConsent.
 */
function membersCte(shopId: number, targets: ListTarget[]): SQL {
  const spend = targets.some((t) => t.kind === 'dynamic' && needsSpend(t.filters));
  return sql`with m as (
      select ${crmClients.id} as id, lower(nullif(trim(${crmClients.email}), '')) as e, ${crmClients.marketingConsent} as consent
      from ${crmClients} ${spend ? sql`left join ${spendOf(shopId)} spend on spend.client_id = ${crmClients.id}` : sql``}
      where ${crmClients.shopId} = ${shopId} and ${crmClients.status} = 'active' and ${membershipCondition(targets, shopId)}
    ),
    r as (
      select m.id, m.e, case
        when m.e is null then 'noEmail'
        when oo.email is not null then 'unsubscribed'
        when b.e is not null then 'bounced'
        when not m.consent then 'noConsent'
      end as reason
      from m
      left join ${marketingOptOuts} oo on oo.shop_id = ${shopId} and oo.email = m.e and oo.unsubscribed_at is not null
      left join (
        select distinct lower(${campaignRecipients.email}) as e from ${campaignRecipients}
        where ${campaignRecipients.shopId} = ${shopId} and ${campaignRecipients.status} = 'bounced'
      ) b on b.e = m.e
    )`;
}

export interface CountRow {
  total: number;
  recipients: number;
  mailable: number;
  noEmail: number;
  unsubscribed: number;
  bounced: number;
  noConsent: number;
}

/** The live count of lists, one SQL statement. */
export async function countMembers(db: DbOrTx, shopId: number, targets: ListTarget[]): Promise<CountRow> {
  const res = await db.execute(sql`${membersCte(shopId, targets)}
    select count(*)::int as total,
      (count(distinct e) filter (where reason is null))::int as recipients,
      (count(*) filter (where reason is null))::int as mailable,
      (count(*) filter (where reason = 'noEmail'))::int as "noEmail",
      (count(*) filter (where reason = 'unsubscribed'))::int as unsubscribed,
      (count(*) filter (where reason = 'bounced'))::int as bounced,
      (count(*) filter (where reason = 'noConsent'))::int as "noConsent"
    from r`);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    total: n('total'),
    recipients: n('recipients'),
    mailable: n('mailable'),
    noEmail: n('noEmail'),
    unsubscribed: n('unsubscribed'),
    bounced: n('bounced'),
    noConsent: n('noConsent'),
  };
}

export interface MemberRow {
  clientId: number;
  kind: string;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  typology: string | null;
  reason: UnmailableReason | null;
}

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

/** A page of the members of a list, with the reason each cannot be mailed. */
export async function listMembers(
  db: DbOrTx,
  shopId: number,
  target: ListTarget,
  q: MembersListQuery,
): Promise<{ rows: MemberRow[]; total: number }> {
  const conds: SQL[] = [sql`true`];
  if (q.filters.reason === 'ok') conds.push(sql`r.reason is null`);
  else if (q.filters.reason) conds.push(sql`r.reason = ${q.filters.reason}`);
  if (q.q) {
    const p = containsPattern(q.q);
    conds.push(
      sql`lower(coalesce(c.firstname, '') || ' ' || coalesce(c.lastname, '') || ' ' || coalesce(c.company, '') || ' ' || coalesce(c.email, '')) like ${p}`,
    );
  }
  const where = sql.join(conds, sql` and `);
  const order =
    q.sort.column === 'email'
      ? sql`lower(coalesce(c.email, '')) ${q.sort.direction === 'desc' ? sql`desc` : sql`asc`}, c.id`
      : sql`lower(coalesce(c.lastname, c.company, '')) ${q.sort.direction === 'desc' ? sql`desc` : sql`asc`}, c.id`;
  const base = membersCte(shopId, [target]);
  const [page, total] = await Promise.all([
    db.execute(sql`${base}
      select c.id as "clientId", c.kind, c.firstname, c.lastname, c.company, c.email, c.phone, c.mobile, c.typology, r.reason
      from r join crm_clients c on c.id = r.id where ${where} order by ${order} limit ${q.pageSize} offset ${q.offset}`),
    db.execute(sql`${base} select count(*)::int as n from r join crm_clients c on c.id = r.id where ${where}`),
  ]);
  return { rows: rowsOf(page) as unknown as MemberRow[], total: Number(rowsOf(total)[0]?.n ?? 0) };
}

/** Every member of a list (the CSV export), by name. */
export async function allMembers(db: DbOrTx, shopId: number, target: ListTarget, limit = 100_000): Promise<MemberRow[]> {
  const res = await db.execute(sql`${membersCte(shopId, [target])}
    select c.id as "clientId", c.kind, c.firstname, c.lastname, c.company, c.email, c.phone, c.mobile, c.typology, r.reason
    from r join crm_clients c on c.id = r.id order by lower(coalesce(c.lastname, c.company, '')), c.id limit ${limit}`);
  return rowsOf(res) as unknown as MemberRow[];
}

export interface RecipientRow {
  clientId: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  phone: string | null;
  mobile: string | null;
}

/** Who gets the mail: one row per lower-cased address (the oldest client file of that address). */
export async function mailableRecipients(db: DbOrTx, shopId: number, targets: ListTarget[]): Promise<RecipientRow[]> {
  if (!targets.length) return [];
  const res = await db.execute(sql`${membersCte(shopId, targets)}
    select distinct on (r.e) c.id as "clientId", r.e as email, c.firstname, c.lastname, c.company, c.phone, c.mobile
    from r join crm_clients c on c.id = r.id where r.reason is null order by r.e, c.id`);
  return rowsOf(res) as unknown as RecipientRow[];
}

// ---------------------------------------------------------------- lists

export async function listLists(db: DbOrTx, shopId: number, q: ListsListQuery) {
  const conds: SQL[] = [eq(marketingLists.shopId, shopId)];
  if (q.q) conds.push(ilike(marketingLists.name, containsPattern(q.q)));
  if (q.filters.kind) conds.push(eq(marketingLists.kind, q.filters.kind));
  const where = and(...conds);
  const memberCount = sql<number>`(select count(*)::int from ${marketingListMembers} mm join ${crmClients} on ${crmClients.id} = mm.client_id
    and ${crmClients.status} = 'active' where mm.list_id = ${marketingLists.id})`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ list: marketingLists, memberCount })
      .from(marketingLists)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { name: sql`lower(${marketingLists.name})`, createdAt: marketingLists.createdAt, updatedAt: marketingLists.updatedAt },
          marketingLists.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(marketingLists).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findList(db: DbOrTx, shopId: number, id: number): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(marketingLists)
    .where(and(eq(marketingLists.id, id), eq(marketingLists.shopId, shopId)));
  return row;
}

export async function findLists(db: DbOrTx, shopId: number, ids: number[]): Promise<ListRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(marketingLists)
    .where(and(eq(marketingLists.shopId, shopId), inArray(marketingLists.id, ids)));
}

export async function insertList(db: DbOrTx, values: typeof marketingLists.$inferInsert): Promise<ListRow> {
  const [row] = await db.insert(marketingLists).values(values).returning();
  return row;
}

export async function updateList(db: DbOrTx, shopId: number, id: number, values: Partial<typeof marketingLists.$inferInsert>) {
  await db
    .update(marketingLists)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(marketingLists.id, id), eq(marketingLists.shopId, shopId)));
}

export async function deleteList(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const done = await db
    .delete(marketingLists)
    .where(and(eq(marketingLists.id, id), eq(marketingLists.shopId, shopId)))
    .returning({ id: marketingLists.id });
  return done.length > 0;
}

export async function staticMemberCount(db: DbOrTx, listId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(marketingListMembers)
    .innerJoin(crmClients, and(eq(crmClients.id, marketingListMembers.clientId), eq(crmClients.status, 'active')))
    .where(eq(marketingListMembers.listId, listId));
  return Number(n);
}

/** The ids among `ids` that are client files of the shop (not erased). */
export async function clientIdsOfShop(db: DbOrTx, shopId: number, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({ id: crmClients.id })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.id, ids.slice(i, i + 5000)), sql`${crmClients.status} <> 'erased'`));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

export async function addMembers(db: DbOrTx, listId: number, clientIds: number[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < clientIds.length; i += 1000) {
    const rows = await db
      .insert(marketingListMembers)
      .values(clientIds.slice(i, i + 1000).map((clientId) => ({ listId, clientId })))
      .onConflictDoNothing()
      .returning({ clientId: marketingListMembers.clientId });
    added += rows.length;
  }
  return added;
}

export async function removeMembers(db: DbOrTx, listId: number, clientIds: number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < clientIds.length; i += 5000) {
    const rows = await db
      .delete(marketingListMembers)
      .where(and(eq(marketingListMembers.listId, listId), inArray(marketingListMembers.clientId, clientIds.slice(i, i + 5000))))
      .returning({ clientId: marketingListMembers.clientId });
    removed += rows.length;
  }
  return removed;
}

/** The client picker: active client files of the shop by name, company or address, and by the city of an address. */
export async function searchClients(db: DbOrTx, shopId: number, q: string | undefined, limit: number, offset: number, city?: string) {
  const conds: SQL[] = [eq(crmClients.shopId, shopId), eq(crmClients.status, 'active')];
  if (city)
    conds.push(
      sql`exists (select 1 from jsonb_array_elements(${crmClients.addresses}) a where lower(a->>'city') like ${containsPattern(city)})`,
    );
  if (q)
    conds.push(
      sql`lower(coalesce(${crmClients.firstname}, '') || ' ' || coalesce(${crmClients.lastname}, '') || ' ' || coalesce(${crmClients.company}, '') || ' ' || coalesce(${crmClients.email}, '')) like ${containsPattern(q)}`,
    );
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(crmClients)
      .where(where)
      .orderBy(sql`lower(coalesce(${crmClients.lastname}, ${crmClients.company}, ''))`, asc(crmClients.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(crmClients).where(where),
  ]);
  return { rows, total: Number(n) };
}

// ---------------------------------------------------------------- models

export async function listModels(db: DbOrTx, shopId: number, q: ModelsListQuery) {
  const conds: SQL[] = [eq(emailModels.shopId, shopId)];
  if (q.q) conds.push(ilike(emailModels.name, containsPattern(q.q)));
  if (q.filters.kind) conds.push(eq(emailModels.kind, q.filters.kind));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: emailModels.id,
        name: emailModels.name,
        kind: emailModels.kind,
        subject: emailModels.subject,
        createdAt: emailModels.createdAt,
        updatedAt: emailModels.updatedAt,
      })
      .from(emailModels)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { name: sql`lower(${emailModels.name})`, createdAt: emailModels.createdAt, updatedAt: emailModels.updatedAt },
          emailModels.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(emailModels).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findModel(db: DbOrTx, shopId: number, id: number): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(emailModels)
    .where(and(eq(emailModels.id, id), eq(emailModels.shopId, shopId)));
  return row;
}

export async function insertModel(db: DbOrTx, values: typeof emailModels.$inferInsert): Promise<ModelRow> {
  const [row] = await db.insert(emailModels).values(values).returning();
  return row;
}

export async function updateModel(db: DbOrTx, shopId: number, id: number, values: Partial<typeof emailModels.$inferInsert>) {
  const [row] = await db
    .update(emailModels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailModels.id, id), eq(emailModels.shopId, shopId)))
    .returning();
  return row;
}

export async function deleteModel(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const done = await db
    .delete(emailModels)
    .where(and(eq(emailModels.id, id), eq(emailModels.shopId, shopId)))
    .returning({ id: emailModels.id });
  return done.length > 0;
}

export async function findShop(db: DbOrTx, shopId: number) {
  const [s] = await db.select().from(shops).where(eq(shops.id, shopId));
  return s;
}

/** The product picker: the shop's products (not archived) by name. */
export async function searchProducts(db: DbOrTx, shopId: number, q: string | undefined, limit: number) {
  const conds: SQL[] = [eq(products.shopId, shopId), isNull(products.archivedAt)];
  if (q) conds.push(ilike(products.name, containsPattern(q)));
  return db
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(and(...conds))
    .orderBy(asc(sql`lower(${products.name})`), desc(products.id))
    .limit(limit);
}

export async function productIdsOfShop(db: DbOrTx, shopId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}
