// Every query of the analytics module. Revenue = orders.total_ht of the shop, statuses aborted, expired, cancelled and
// refused excluded, dated by created_at in Europe/Paris; quantities from order_lines of kind 'product'.
// The aggregations are plain SQL (sql``) over the orders, clients, tasks, team and campaigns tables, always scoped by shop_id.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { REVENUE_EXCLUDED_STATUSES, type CustomDimension } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { notifications } from '../../platform/db/tables';
import { agentCommissionRates, agentCommissions, teamObjectives } from '../team';
import { analyticsReports, shopBudgets } from './analytics.tables';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const excluded = sql.raw(REVENUE_EXCLUDED_STATUSES.map((s) => `'${s}'`).join(', '));

/** Orders of `shopId` that count as revenue, created between the Paris midnights of `from` and the day after `to`. */
function revenueWhere(shopId: number, from: string, to: string): SQL {
  return sql`o.shop_id = ${shopId} and o.status not in (${excluded})
    and o.created_at >= (${from}::date)::timestamp at time zone 'Europe/Paris'
    and o.created_at < ((${to}::date + 1))::timestamp at time zone 'Europe/Paris'`;
}

const NAME = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.firstname, ${alias}.lastname)), ''), ${alias}.username, ${alias}.email)`);

/** The client of an order: its client file (crm_clients of the shop for the buyer), else the buyer's name. */
const CLIENT_JOIN = sql`left join lateral (
    select c.id, c.company, c.firstname, c.lastname, c.typology, c.department from crm_clients c
    where c.shop_id = o.shop_id and c.user_id = o.buyer_id and c.status <> 'erased' order by c.id limit 1) c on true
  left join shop_members sm on sm.shop_id = o.shop_id and sm.user_id = o.buyer_id and sm.kind = 'client'`;
const CLIENT_KEY = sql`coalesce('c' || c.id::text, 'b' || o.buyer_id::text)`;
const CLIENT_NAME = sql`coalesce(nullif(c.company, ''), nullif(trim(concat_ws(' ', c.firstname, c.lastname)), ''), o.buyer_name)`;
const TYPOLOGY = sql`coalesce(nullif(c.typology, ''), sm.typology)`;
const DEPARTMENT = sql`coalesce(nullif(c.department, ''), case when o.delivery_address->>'zipcode' like '97%' then left(o.delivery_address->>'zipcode', 3) else left(o.delivery_address->>'zipcode', 2) end)`;

// ------------------------------------------------------------------ overview

export async function revenueByMonth(db: DbOrTx, shopId: number, from: string, to: string) {
  return rows<{ month: string; revenue: number; orders: number }>(
    db,
    sql`select to_char(o.created_at at time zone 'Europe/Paris', 'YYYY-MM') as month,
        coalesce(sum(o.total_ht), 0)::float8 as revenue, count(*)::int as orders
      from orders o where ${revenueWhere(shopId, from, to)} group by 1 order by 1`,
  );
}

export async function topProducts(db: DbOrTx, shopId: number, from: string, to: string, limit = 10) {
  return rows<{ product_id: number | null; name: string; quantity: number; revenue: number }>(
    db,
    sql`select l.product_id, coalesce(p.name, min(l.label)) as name,
        sum(l.quantity + l.add_quantity)::float8 as quantity, sum(l.total_ht)::float8 as revenue
      from order_lines l join orders o on o.id = l.order_id left join products p on p.id = l.product_id
      where l.kind = 'product' and ${revenueWhere(shopId, from, to)}
      group by l.product_id, p.name order by revenue desc, name limit ${limit}`,
  );
}

export async function topClients(db: DbOrTx, shopId: number, from: string, to: string, limit = 10) {
  return rows<{ key: string; name: string; orders: number; revenue: number }>(
    db,
    sql`select ${CLIENT_KEY} as key, min(${CLIENT_NAME}) as name, count(*)::int as orders, sum(o.total_ht)::float8 as revenue
      from orders o ${CLIENT_JOIN}
      where ${revenueWhere(shopId, from, to)}
      group by 1 order by revenue desc, name limit ${limit}`,
  );
}

// ------------------------------------------------------------------ activities

export async function activityCounts(db: DbOrTx, shopId: number, from: string, to: string) {
  return rows<{ user_id: number | null; name: string | null; kind: string; n: number }>(
    db,
    sql`with a as (
        select i.user_id, i.kind from client_interactions i
        where i.shop_id = ${shopId} and i.kind <> 'task'
          and i.occurred_at >= (${from}::date)::timestamp at time zone 'Europe/Paris'
          and i.occurred_at < ((${to}::date + 1))::timestamp at time zone 'Europe/Paris'
        union all
        select coalesce(t.done_by, t.assignee_user_id) as user_id, 'task' as kind from tasks t
        where t.shop_id = ${shopId} and t.done_at is not null
          and t.done_at >= (${from}::date)::timestamp at time zone 'Europe/Paris'
          and t.done_at < ((${to}::date + 1))::timestamp at time zone 'Europe/Paris')
      select a.user_id, ${NAME('u')} as name, a.kind, count(*)::int as n
      from a left join users u on u.id = a.user_id group by a.user_id, u.firstname, u.lastname, u.username, u.email, a.kind`,
  );
}

// ------------------------------------------------------------------ budget

export async function budgetsOfYear(db: DbOrTx, shopId: number, year: number) {
  return rows<{ month: string; target_cents: number }>(
    db,
    sql`select to_char(month, 'YYYY-MM') as month, target_cents from shop_budgets
      where shop_id = ${shopId} and month >= ${`${year}-01-01`}::date and month < ${`${year + 1}-01-01`}::date order by month`,
  );
}

export async function setBudget(db: DbOrTx, shopId: number, month: string, targetCents: number | null) {
  const day = `${month}-01`;
  if (targetCents === null) {
    await db.delete(shopBudgets).where(and(eq(shopBudgets.shopId, shopId), eq(shopBudgets.month, day)));
    return;
  }
  await db
    .insert(shopBudgets)
    .values({ shopId, month: day, targetCents })
    .onConflictDoUpdate({ target: [shopBudgets.shopId, shopBudgets.month], set: { targetCents, updatedAt: new Date() } });
}

// ------------------------------------------------------------------ campaigns

/**
 * The shop's campaigns sent or being sent in the period (dated by the end of their sending, else its start, Paris
 * time — the date the campaign list shows), newest first, with the counts of their recipients, counted as the
 * campaigns module counts them (statsOf): by the timestamps, so that an opened or clicked mail also counts as sent.
 */
export async function campaignStats(db: DbOrTx, shopId: number, from: string, to: string) {
  return rows<{
    id: number;
    name: string;
    subject: string;
    status: 'sending' | 'sent';
    started_at: Date | string | null;
    sent_at: Date | string | null;
    month: string;
    recipients: number;
    queued: number;
    sent: number;
    failed: number;
    bounced: number;
    opened: number;
    clicked: number;
    unsubscribed: number;
  }>(
    db,
    sql`select c.id, c.name, c.subject, c.status, c.started_at, c.sent_at,
        to_char(coalesce(c.sent_at, c.started_at) at time zone 'Europe/Paris', 'YYYY-MM') as month,
        count(r.id)::int as recipients,
        count(r.id) filter (where r.status = 'queued')::int as queued,
        count(r.sent_at)::int as sent,
        count(r.id) filter (where r.status = 'failed')::int as failed,
        count(r.id) filter (where r.status = 'bounced')::int as bounced,
        count(r.opened_at)::int as opened,
        count(r.clicked_at)::int as clicked,
        count(r.unsubscribed_at)::int as unsubscribed
      from campaigns c left join campaign_recipients r on r.campaign_id = c.id and r.shop_id = c.shop_id
      where c.shop_id = ${shopId} and c.status in ('sending', 'sent')
        and coalesce(c.sent_at, c.started_at) >= (${from}::date)::timestamp at time zone 'Europe/Paris'
        and coalesce(c.sent_at, c.started_at) < ((${to}::date + 1))::timestamp at time zone 'Europe/Paris'
      group by c.id
      order by coalesce(c.sent_at, c.started_at) desc, c.id desc`,
  );
}

// ------------------------------------------------------------------ custom report

export interface CustomFilters {
  gamme?: string;
  typology?: string;
  agentId?: number;
}

const DIMENSION: Record<CustomDimension, { key: SQL; label: SQL }> = {
  product: { key: sql`coalesce(l.product_id::text, l.label)`, label: sql`coalesce(p.name, l.label)` },
  gamme: { key: sql`coalesce(nullif(p.gamme, ''), '')`, label: sql`coalesce(nullif(p.gamme, ''), '')` },
  client: { key: CLIENT_KEY, label: CLIENT_NAME },
  typology: { key: sql`coalesce(${TYPOLOGY}, '')`, label: sql`coalesce(${TYPOLOGY}, '')` },
  agent: { key: sql`coalesce(o.agent_id::text, '')`, label: sql`coalesce(${NAME('ag')}, '')` },
  department: { key: sql`coalesce(${DEPARTMENT}, '')`, label: sql`coalesce(${DEPARTMENT}, '')` },
  month: {
    key: sql`to_char(o.created_at at time zone 'Europe/Paris', 'YYYY-MM')`,
    label: sql`to_char(o.created_at at time zone 'Europe/Paris', 'YYYY-MM')`,
  },
};

/** Revenue excl. VAT (product lines) and quantities by a dimension over the period. */
export async function customReport(db: DbOrTx, shopId: number, from: string, to: string, dimension: CustomDimension, f: CustomFilters) {
  const d = DIMENSION[dimension];
  const filters: SQL[] = [];
  if (f.gamme) filters.push(sql`and p.gamme = ${f.gamme}`);
  if (f.typology) filters.push(sql`and ${TYPOLOGY} = ${f.typology}`);
  if (f.agentId) filters.push(sql`and o.agent_id = ${f.agentId}`);
  return rows<{ key: string; label: string; revenue: number; quantity: number; orders: number }>(
    db,
    sql`select ${d.key} as key, min(${d.label}) as label, sum(l.total_ht)::float8 as revenue,
        sum(l.quantity + l.add_quantity)::float8 as quantity, count(distinct o.id)::int as orders
      from order_lines l join orders o on o.id = l.order_id left join products p on p.id = l.product_id
      left join users ag on ag.id = o.agent_id
      ${CLIENT_JOIN}
      where l.kind = 'product' and ${revenueWhere(shopId, from, to)} ${sql.join(filters, sql` `)}
      group by 1 order by ${dimension === 'month' ? sql`1` : sql`revenue desc, 2`}`,
  );
}

export async function filterOptions(db: DbOrTx, shopId: number) {
  const [gammes, typologies] = await Promise.all([
    rows<{ v: string }>(
      db,
      sql`select distinct gamme as v from products where shop_id = ${shopId} and coalesce(gamme, '') <> '' order by 1`,
    ),
    rows<{ v: string }>(
      db,
      sql`select v from (select typology as v from crm_clients where shop_id = ${shopId}
        union select typology from shop_members where shop_id = ${shopId} and kind = 'client') t where coalesce(v, '') <> '' order by 1`,
    ),
  ]);
  return { gammes: gammes.map((r) => r.v), typologies: typologies.map((r) => r.v) };
}

// ------------------------------------------------------------------ team

export async function teamMembers(db: DbOrTx, shopId: number) {
  return rows<{ id: number; name: string; kind: 'owner' | 'iam' | 'agent' }>(
    db,
    sql`select u.id, ${NAME('u')} as name, m.kind from shop_members m join users u on u.id = m.user_id
      where m.shop_id = ${shopId} and m.kind in ('owner', 'iam', 'agent') order by m.kind, name`,
  );
}

export async function shopOwnerIds(db: DbOrTx, shopId: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(db, sql`select user_id from shop_members where shop_id = ${shopId} and kind = 'owner'`);
  return r.map((x) => x.user_id);
}

// ------------------------------------------------------------------ saved reports

export async function listReports(db: DbOrTx, shopId: number) {
  return db
    .select()
    .from(analyticsReports)
    .where(eq(analyticsReports.shopId, shopId))
    .orderBy(desc(analyticsReports.createdAt), desc(analyticsReports.id));
}

export async function findReport(db: DbOrTx, shopId: number, id: number) {
  const [r] = await db
    .select()
    .from(analyticsReports)
    .where(and(eq(analyticsReports.shopId, shopId), eq(analyticsReports.id, id)));
  return r ?? null;
}

export async function insertReport(db: DbOrTx, values: typeof analyticsReports.$inferInsert) {
  const [r] = await db.insert(analyticsReports).values(values).returning();
  return r;
}

export async function deleteReport(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(analyticsReports)
    .where(and(eq(analyticsReports.shopId, shopId), eq(analyticsReports.id, id)))
    .returning({ id: analyticsReports.id });
  return r.length > 0;
}

// ------------------------------------------------------------------ objectives

/** Objectives with the revenue of the orders credited to their member over their period. */
export async function listObjectives(db: DbOrTx, shopId: number) {
  return rows<{
    id: number;
    user_id: number;
    user_name: string;
    period_start: string;
    period_end: string;
    target_cents: number;
    label: string | null;
    actual: number;
  }>(
    db,
    sql`select ob.id, ob.user_id, ${NAME('u')} as user_name, to_char(ob.period_start, 'YYYY-MM-DD') as period_start,
        to_char(ob.period_end, 'YYYY-MM-DD') as period_end, ob.target_cents, ob.label,
        (select coalesce(sum(o.total_ht), 0)::float8 from orders o
          where o.agent_id = ob.user_id and o.shop_id = ob.shop_id and o.status not in (${excluded})
            and o.created_at >= (ob.period_start)::timestamp at time zone 'Europe/Paris'
            and o.created_at < ((ob.period_end + 1))::timestamp at time zone 'Europe/Paris') as actual
      from team_objectives ob join users u on u.id = ob.user_id
      where ob.shop_id = ${shopId} order by ob.period_start desc, ob.id desc`,
  );
}

export async function findObjective(db: DbOrTx, shopId: number, id: number) {
  const [r] = await db
    .select()
    .from(teamObjectives)
    .where(and(eq(teamObjectives.shopId, shopId), eq(teamObjectives.id, id)));
  return r ?? null;
}

export async function insertObjective(db: DbOrTx, values: typeof teamObjectives.$inferInsert) {
  const [r] = await db.insert(teamObjectives).values(values).returning();
  return r;
}

export async function updateObjective(db: DbOrTx, shopId: number, id: number, values: Partial<typeof teamObjectives.$inferInsert>) {
  await db
    .update(teamObjectives)
    .set(values)
    .where(and(eq(teamObjectives.shopId, shopId), eq(teamObjectives.id, id)));
}

export async function deleteObjective(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(teamObjectives)
    .where(and(eq(teamObjectives.shopId, shopId), eq(teamObjectives.id, id)))
    .returning({ id: teamObjectives.id });
  return r.length > 0;
}

// ------------------------------------------------------------------ commission rates

export async function ratesOf(db: DbOrTx, shopId: number, agentId?: number) {
  return db
    .select()
    .from(agentCommissionRates)
    .where(and(eq(agentCommissionRates.shopId, shopId), agentId === undefined ? undefined : eq(agentCommissionRates.agentId, agentId)))
    .orderBy(asc(agentCommissionRates.agentId), asc(agentCommissionRates.scope), asc(agentCommissionRates.value));
}

export async function replaceRates(
  db: DbOrTx,
  shopId: number,
  agentId: number,
  rates: { scope: 'default' | 'typology' | 'gamme'; value: string | null; rateBp: number }[],
) {
  await db.delete(agentCommissionRates).where(and(eq(agentCommissionRates.shopId, shopId), eq(agentCommissionRates.agentId, agentId)));
  if (rates.length) await db.insert(agentCommissionRates).values(rates.map((r) => ({ shopId, agentId, ...r })));
}

// ------------------------------------------------------------------ commissions

/** Serialises the commission computation of a shop (transaction-scoped advisory lock). */
export async function lockCommissions(tx: DbOrTx, shopId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics.commissions'), ${shopId})`);
}

/** Paid orders credited to an agent, with what the commission needs: the client typology and the product lines. */
export async function paidAgentOrders(db: DbOrTx, shopId: number) {
  return rows<{
    order_id: number;
    agent_id: number;
    total_ht: number;
    typology: string | null;
    period_month: string;
    lines: { gamme: string | null; totalHT: number }[] | null;
  }>(
    db,
    sql`select o.id as order_id, o.agent_id, o.total_ht, ${TYPOLOGY} as typology,
        to_char(date_trunc('month', coalesce(o.validated_at, o.created_at) at time zone 'Europe/Paris'), 'YYYY-MM-DD') as period_month,
        (select json_agg(json_build_object('gamme', p.gamme, 'totalHT', l.total_ht)) from order_lines l
          left join products p on p.id = l.product_id where l.order_id = o.id and l.kind = 'product') as lines
      from orders o ${CLIENT_JOIN}
      where o.shop_id = ${shopId} and o.agent_id is not null and o.payment_status = 'paid' and o.status not in (${excluded})`,
  );
}

export interface CommissionValues {
  orderId: number;
  agentId: number;
  baseCents: number;
  rateBp: number;
  amountCents: number;
  periodMonth: string;
}

/** One row per (order, agent): inserted once; a due row follows the current rates, a paid one never changes. */
export async function upsertCommission(db: DbOrTx, shopId: number, v: CommissionValues) {
  await db
    .insert(agentCommissions)
    .values({ shopId, ...v })
    .onConflictDoUpdate({
      target: [agentCommissions.orderId, agentCommissions.agentId],
      set: { baseCents: v.baseCents, rateBp: v.rateBp, amountCents: v.amountCents, periodMonth: v.periodMonth },
      setWhere: sql`${agentCommissions.status} = 'due' and (${agentCommissions.amountCents} <> ${v.amountCents}
        or ${agentCommissions.rateBp} <> ${v.rateBp} or ${agentCommissions.baseCents} <> ${v.baseCents}
        or ${agentCommissions.periodMonth} <> ${v.periodMonth}::date)`,
    });
}

/** Due commissions whose order is no longer paid or no longer credited to that agent are removed. */
export async function removeStaleDue(db: DbOrTx, shopId: number) {
  await db.execute(sql`delete from agent_commissions ac where ac.shop_id = ${shopId} and ac.status = 'due'
    and not exists (select 1 from orders o where o.id = ac.order_id and o.shop_id = ac.shop_id and o.agent_id = ac.agent_id
      and o.payment_status = 'paid' and o.status not in (${excluded}))`);
}

export interface CommissionFilter {
  agentId?: number;
  month?: string;
  status?: 'due' | 'paid';
}

export async function listCommissions(db: DbOrTx, shopId: number, f: CommissionFilter, id?: number) {
  const where: SQL[] = [sql`ac.shop_id = ${shopId}`];
  if (f.agentId !== undefined) where.push(sql`ac.agent_id = ${f.agentId}`);
  if (f.month) where.push(sql`ac.period_month = ${`${f.month}-01`}::date`);
  if (f.status) where.push(sql`ac.status = ${f.status}`);
  if (id !== undefined) where.push(sql`ac.id = ${id}`);
  return rows<{
    id: number;
    agent_id: number;
    agent_name: string;
    order_id: number;
    order_number: string;
    client_name: string;
    base_cents: number;
    rate_bp: number;
    amount_cents: number;
    period_month: string;
    status: 'due' | 'paid';
    paid_at: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select ac.id, ac.agent_id, ${NAME('u')} as agent_name, ac.order_id, o.number as order_number, ${CLIENT_NAME} as client_name,
        ac.base_cents, ac.rate_bp, ac.amount_cents, to_char(ac.period_month, 'YYYY-MM-DD') as period_month, ac.status,
        ac.paid_at, ac.created_at
      from agent_commissions ac join orders o on o.id = ac.order_id join users u on u.id = ac.agent_id ${CLIENT_JOIN}
      where ${sql.join(where, sql` and `)}
      order by ac.period_month desc, o.number desc, ac.id desc`,
  );
}

export async function markCommissionPaid(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const r = await db
    .update(agentCommissions)
    .set({ status: 'paid', paidAt: new Date() })
    .where(and(eq(agentCommissions.shopId, shopId), eq(agentCommissions.id, id), eq(agentCommissions.status, 'due')))
    .returning({ id: agentCommissions.id });
  return r.length > 0;
}

/** Due commissions of orders paid more than 30 days ago whose owner has not been told yet (commissionDelay). */
export async function lateWithoutNotice(db: DbOrTx, shopId: number) {
  return rows<{ id: number; order_number: string; agent_name: string; amount_cents: number }>(
    db,
    sql`select ac.id, o.number as order_number, ${NAME('u')} as agent_name, ac.amount_cents
      from agent_commissions ac join orders o on o.id = ac.order_id join users u on u.id = ac.agent_id
      where ac.shop_id = ${shopId} and ac.status = 'due'
        and coalesce(o.validated_at, o.created_at) < now() - interval '30 days'
        and not exists (select 1 from notifications n where n.type = 'commissionDelay'
          and n.redirect_link = '/dashboard/analytics/commissions?commission=' || ac.id::text)`,
  );
}

export async function notify(db: DbOrTx, values: { userId: number; type: string; content: string; redirectLink: string }) {
  await db.insert(notifications).values(values);
}
