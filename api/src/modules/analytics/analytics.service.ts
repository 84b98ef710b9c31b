import {
  ANALYTICS_ACTIVITY_KINDS,
  ANALYTICS_MESSAGES as M,
  analyticsPercentOf,
  type AnalyticsActivities,
  type AnalyticsActivityKind,
  type AnalyticsAgentRates,
  type AnalyticsBudget,
  type AnalyticsBudgetBody,
  type AnalyticsCampaignFigures,
  type AnalyticsCampaigns,
  type AnalyticsCommission,
  type AnalyticsCommissionRate,
  type AnalyticsCommissions,
  type AnalyticsCustomReport,
  type AnalyticsObjective,
  type AnalyticsObjectives,
  type AnalyticsOverview,
  type AnalyticsSavedReport,
  type AnalyticsSavedReportBody,
  type CustomReportDefinition,
} from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { hasPermission } from '../../platform/auth/scope';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { figuresOf } from '../campaigns';
import * as repo from './analytics.repository';
import type { CommissionsQuery, CustomQuery, ObjectiveInput, PeriodQuery } from './analytics.schemas';

export const ANALYTICS_NOTIFICATIONS = { commissionPaid: 'commissionPaid', commissionDelay: 'commissionDelay' } as const;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const num = (v: number | string | null | undefined) => Math.round(Number(v ?? 0));

/** The months (YYYY-MM) from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The commission of one order (rounded to the cent, half up): each product line at the rate of its product's gamme
 * when the agent has one, everything else (lines without a gamme rate, shipping, order discounts: the rest of the
 * total excl. VAT) at the rate of the client's typology, else the default rate. `null` when the agent has no rate.
 */
export function commissionOf(
  order: { totalHT: number; typology: string | null; lines: { gamme: string | null; totalHT: number }[] },
  rates: { scope: string; value: string | null; rateBp: number }[],
): { baseCents: number; rateBp: number; amountCents: number } | null {
  if (rates.length === 0) return null;
  const norm = (s: string | null) => (s ?? '').trim().toLowerCase();
  const def = rates.find((r) => r.scope === 'default')?.rateBp;
  const typ = order.typology ? rates.find((r) => r.scope === 'typology' && norm(r.value) === norm(order.typology))?.rateBp : undefined;
  const fallback = typ ?? def ?? 0;
  let weighted = 0; // cents × bp
  let covered = 0;
  for (const l of order.lines) {
    const g = l.gamme ? rates.find((r) => r.scope === 'gamme' && norm(r.value) === norm(l.gamme))?.rateBp : undefined;
    if (g === undefined) continue;
    weighted += g * l.totalHT;
    covered += l.totalHT;
  }
  weighted += fallback * (order.totalHT - covered);
  const amountCents = Math.round(weighted / 10_000);
  const rateBp = order.totalHT > 0 ? Math.round(weighted / order.totalHT) : fallback;
  return { baseCents: order.totalHT, rateBp, amountCents };
}

type CampaignCounts = Pick<
  AnalyticsCampaignFigures,
  'recipients' | 'queued' | 'sent' | 'failed' | 'bounced' | 'opened' | 'clicked' | 'unsubscribed'
>;
const COUNT_KEYS = ['recipients', 'queued', 'sent', 'failed', 'bounced', 'opened', 'clicked', 'unsubscribed'] as const;
function sumCounts(list: CampaignCounts[]): CampaignCounts {
  const out = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as CampaignCounts;
  for (const c of list) for (const k of COUNT_KEYS) out[k] += num(c[k]);
  return out;
}

function dayOfParis(d = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
}

export function createAnalyticsService({ db }: { db: Db }) {
  async function teamMember(tx: DbOrTx, shopId: number, userId: number) {
    return (await repo.teamMembers(tx, shopId)).find((m) => m.id === userId) ?? null;
  }

  const canManageCommissions = (member: ShopMemberRow) =>
    member.kind === 'owner' || (member.kind === 'iam' && hasPermission(member, 'commissionsAnalytics'));

  /** Computes (idempotently) the commissions of every paid order credited to an agent, then tells the owner of late ones. */
  async function syncCommissions(shopId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockCommissions(tx, shopId);
      const [orders, allRates] = await Promise.all([repo.paidAgentOrders(tx, shopId), repo.ratesOf(tx, shopId)]);
      for (const o of orders) {
        const rates = allRates.filter((r) => r.agentId === o.agent_id);
        const c = commissionOf(
          {
            totalHT: num(o.total_ht),
            typology: o.typology,
            lines: (o.lines ?? []).map((l) => ({ gamme: l.gamme, totalHT: num(l.totalHT) })),
          },
          rates,
        );
        if (!c) continue;
        await repo.upsertCommission(tx, shopId, { orderId: o.order_id, agentId: o.agent_id, periodMonth: o.period_month, ...c });
      }
      await repo.removeStaleDue(tx, shopId);
      const late = await repo.lateWithoutNotice(tx, shopId);
      if (late.length) {
        const owners = await repo.shopOwnerIds(tx, shopId);
        for (const l of late)
          for (const userId of owners.length ? owners : [])
            await repo.notify(tx, {
              userId,
              type: ANALYTICS_NOTIFICATIONS.commissionDelay,
              content: `La commission de ${l.agent_name} (${formatCents(num(l.amount_cents))}) sur la commande ${l.order_number} est due depuis plus de 30 jours`,
              redirectLink: `/dashboard/analytics/commissions?commission=${l.id}`,
            });
      }
    });
  }

  const toCommission = (r: Awaited<ReturnType<typeof repo.listCommissions>>[number]): AnalyticsCommission => ({
    id: r.id,
    agentId: r.agent_id,
    agentName: r.agent_name,
    orderId: r.order_id,
    orderNumber: r.order_number,
    clientName: r.client_name,
    baseCents: num(r.base_cents),
    rateBp: num(r.rate_bp),
    amountCents: num(r.amount_cents),
    periodMonth: r.period_month,
    status: r.status,
    paidAt: iso(r.paid_at),
    createdAt: iso(r.created_at)!,
  });

  return {
    async overview(shopId: number, q: PeriodQuery): Promise<AnalyticsOverview> {
      const [months, products, clients] = await Promise.all([
        repo.revenueByMonth(db, shopId, q.from, q.to),
        repo.topProducts(db, shopId, q.from, q.to),
        repo.topClients(db, shopId, q.from, q.to),
      ]);
      const byMonth = new Map(months.map((m) => [m.month, m]));
      const allMonths = monthsBetween(q.from, q.to).map((month) => ({
        month,
        revenueCents: num(byMonth.get(month)?.revenue),
        orders: byMonth.get(month)?.orders ?? 0,
      }));
      const revenueCents = allMonths.reduce((s, m) => s + m.revenueCents, 0);
      const orders = allMonths.reduce((s, m) => s + m.orders, 0);
      return {
        from: q.from,
        to: q.to,
        kpis: { revenueCents, orders, averageBasketCents: orders ? Math.round(revenueCents / orders) : 0 },
        months: allMonths,
        topProducts: products.map((p) => ({
          productId: p.product_id,
          name: p.name,
          quantity: num(p.quantity),
          revenueCents: num(p.revenue),
        })),
        topClients: clients.map((c) => ({ key: c.key, name: c.name, orders: c.orders, revenueCents: num(c.revenue) })),
      };
    },

    async activities(shopId: number, q: PeriodQuery): Promise<AnalyticsActivities> {
      const counts = await repo.activityCounts(db, shopId, q.from, q.to);
      const zero = () => Object.fromEntries(ANALYTICS_ACTIVITY_KINDS.map((k) => [k, 0])) as Record<AnalyticsActivityKind, number>;
      const rows = new Map<string, AnalyticsActivities['rows'][number]>();
      const totals = { ...zero(), total: 0 };
      for (const c of counts) {
        const kind = (ANALYTICS_ACTIVITY_KINDS as readonly string[]).includes(c.kind) ? (c.kind as AnalyticsActivityKind) : 'other';
        const key = String(c.user_id ?? 'none');
        const row = rows.get(key) ?? { userId: c.user_id, name: c.name ?? 'Non attribué', counts: zero(), total: 0 };
        row.counts[kind] += c.n;
        row.total += c.n;
        totals[kind] += c.n;
        totals.total += c.n;
        rows.set(key, row);
      }
      return { from: q.from, to: q.to, rows: [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)), totals };
    },

    async budget(member: ShopMemberRow, year: number | undefined): Promise<AnalyticsBudget> {
      const y = year ?? Number(dayOfParis().slice(0, 4));
      const [targets, actual] = await Promise.all([
        repo.budgetsOfYear(db, member.shopId, y),
        repo.revenueByMonth(db, member.shopId, `${y}-01-01`, `${y}-12-31`),
      ]);
      const t = new Map(targets.map((r) => [r.month, num(r.target_cents)]));
      const a = new Map(actual.map((r) => [r.month, num(r.revenue)]));
      const months = monthsBetween(`${y}-01-01`, `${y}-12-31`).map((month) => {
        const targetCents = t.get(month) ?? null;
        const actualCents = a.get(month) ?? 0;
        return { month, targetCents, actualCents, percent: analyticsPercentOf(actualCents, targetCents) };
      });
      const targetCents = months.reduce((s, m) => s + (m.targetCents ?? 0), 0);
      const actualCents = months.reduce((s, m) => s + m.actualCents, 0);
      return {
        year: y,
        months,
        totals: { targetCents, actualCents, percent: analyticsPercentOf(actualCents, targetCents || null) },
        canEdit: hasPermission(member, 'manageBudget'),
      };
    },

    async setBudget(member: ShopMemberRow, body: AnalyticsBudgetBody) {
      await repo.setBudget(db, member.shopId, body.month, body.targetCents);
      return { ...(await this.budget(member, Number(body.month.slice(0, 4)))), message: M.budgetSaved };
    },

    async campaigns(shopId: number, q: PeriodQuery): Promise<AnalyticsCampaigns> {
      // the counts as numbers (whatever the driver gives back)
      const rows = (await repo.campaignStats(db, shopId, q.from, q.to)).map((r) => ({ ...r, ...sumCounts([r]) }));
      const items = rows.map((r) => ({
        id: r.id,
        name: r.name,
        subject: r.subject,
        status: r.status,
        startedAt: iso(r.started_at),
        sentAt: iso(r.sent_at),
        ...figuresOf(r),
      }));
      const months = monthsBetween(q.from, q.to).map((month) => {
        const of = rows.filter((r) => r.month === month);
        return { month, campaigns: of.length, ...figuresOf(sumCounts(of)) };
      });
      return {
        from: q.from,
        to: q.to,
        items,
        total: items.length,
        totals: { campaigns: items.length, ...figuresOf(sumCounts(rows)) },
        months,
      };
    },

    async custom(shopId: number, q: CustomQuery): Promise<AnalyticsCustomReport> {
      const [rows, options, members] = await Promise.all([
        repo.customReport(db, shopId, q.from, q.to, q.dimension, q),
        repo.filterOptions(db, shopId),
        repo.teamMembers(db, shopId),
      ]);
      // an order may appear under several keys (its products): the distinct count comes from the months (one each)
      const distinctOrders =
        q.dimension === 'month' || rows.length === 0
          ? rows.reduce((s, r) => s + r.orders, 0)
          : (await repo.customReport(db, shopId, q.from, q.to, 'month', q)).reduce((s, r) => s + r.orders, 0);
      const items = rows.map((r) => ({
        key: r.key,
        label: r.label,
        revenueCents: num(r.revenue),
        quantity: num(r.quantity),
        orders: r.orders,
      }));
      return {
        from: q.from,
        to: q.to,
        dimension: q.dimension,
        ...(q.gamme ? { gamme: q.gamme } : {}),
        ...(q.typology ? { typology: q.typology } : {}),
        ...(q.agentId ? { agentId: q.agentId } : {}),
        rows: items,
        totals: {
          revenueCents: items.reduce((s, r) => s + r.revenueCents, 0),
          quantity: items.reduce((s, r) => s + r.quantity, 0),
          orders: distinctOrders,
        },
        options: { ...options, agents: members.filter((m) => m.kind === 'agent').map((m) => ({ id: m.id, name: m.name })) },
      };
    },

    async reports(shopId: number): Promise<AnalyticsSavedReport[]> {
      return (await repo.listReports(db, shopId)).map((r) => ({
        id: r.id,
        name: r.name,
        definition: r.definition as unknown as CustomReportDefinition,
        createdAt: iso(r.createdAt)!,
      }));
    },

    async report(shopId: number, id: number): Promise<AnalyticsSavedReport> {
      const r = await repo.findReport(db, shopId, id);
      if (!r) throw notFound(M.reportNotFound);
      return { id: r.id, name: r.name, definition: r.definition as unknown as CustomReportDefinition, createdAt: iso(r.createdAt)! };
    },

    async saveReport(member: ShopMemberRow, body: AnalyticsSavedReportBody) {
      const r = await repo.insertReport(db, {
        shopId: member.shopId,
        name: body.name,
        definition: body.definition as unknown as Record<string, unknown>,
        createdBy: member.userId,
      });
      return { id: r.id, name: r.name, definition: body.definition, createdAt: iso(r.createdAt)!, message: M.reportSaved };
    },

    async deleteReport(shopId: number, id: number) {
      if (!(await repo.deleteReport(db, shopId, id))) throw notFound(M.reportNotFound);
      return { success: true as const, message: M.reportDeleted };
    },

    async objectives(shopId: number): Promise<AnalyticsObjectives> {
      const [items, members] = await Promise.all([repo.listObjectives(db, shopId), repo.teamMembers(db, shopId)]);
      return {
        items: items.map((o): AnalyticsObjective => ({
          id: o.id,
          userId: o.user_id,
          userName: o.user_name,
          periodStart: o.period_start,
          periodEnd: o.period_end,
          targetCents: num(o.target_cents),
          label: o.label,
          actualCents: num(o.actual),
          percent: analyticsPercentOf(num(o.actual), num(o.target_cents)) ?? 0,
        })),
        members,
      };
    },

    async saveObjective(member: ShopMemberRow, body: ObjectiveInput, id?: number) {
      if (id !== undefined && !(await repo.findObjective(db, member.shopId, id))) throw notFound(M.objectiveNotFound);
      if (!(await teamMember(db, member.shopId, body.userId))) throw badRequest(M.objectiveUser, 'userId');
      const values = {
        userId: body.userId,
        periodStart: body.periodStart,
        periodEnd: body.periodEnd,
        targetCents: body.targetCents,
        label: body.label || null,
      };
      let savedId = id;
      if (id === undefined) savedId = (await repo.insertObjective(db, { shopId: member.shopId, ...values })).id;
      else await repo.updateObjective(db, member.shopId, id, values);
      const saved = (await this.objectives(member.shopId)).items.find((o) => o.id === savedId)!;
      return { ...saved, message: M.objectiveSaved };
    },

    async deleteObjective(shopId: number, id: number) {
      if (!(await repo.deleteObjective(db, shopId, id))) throw notFound(M.objectiveNotFound);
      return { success: true as const, message: M.objectiveDeleted };
    },

    async rates(member: ShopMemberRow): Promise<AnalyticsAgentRates[]> {
      if (!canManageCommissions(member)) throw forbidden();
      const [members, rates] = await Promise.all([repo.teamMembers(db, member.shopId), repo.ratesOf(db, member.shopId)]);
      return members
        .filter((m) => m.kind === 'agent')
        .map((m) => ({
          agentId: m.id,
          agentName: m.name,
          rates: rates.filter((r) => r.agentId === m.id).map((r) => ({ scope: r.scope, value: r.value, rateBp: r.rateBp })),
        }));
    },

    async setRates(member: ShopMemberRow, agentId: number, rates: AnalyticsCommissionRate[]) {
      if (!canManageCommissions(member)) throw forbidden();
      const agent = await teamMember(db, member.shopId, agentId);
      if (!agent || agent.kind !== 'agent') throw notFound(M.agentNotFound);
      const seen = new Set<string>();
      const clean = rates.map((r, i) => {
        const value = r.scope === 'default' ? null : (r.value ?? '').trim();
        const key = `${r.scope}:${(value ?? '').toLowerCase()}`;
        if (seen.has(key)) throw badRequest('Ce taux est déjà défini', r.scope === 'default' ? `rates.${i}.scope` : `rates.${i}.value`);
        seen.add(key);
        return { scope: r.scope, value, rateBp: r.rateBp };
      });
      await db.transaction((tx) => repo.replaceRates(tx, member.shopId, agentId, clean));
      return {
        agentId,
        agentName: agent.name,
        rates: clean,
        message: M.ratesSaved,
      };
    },

    async commissions(member: ShopMemberRow, q: CommissionsQuery): Promise<AnalyticsCommissions> {
      const manage = canManageCommissions(member);
      if (!manage && member.kind !== 'agent') throw forbidden();
      await syncCommissions(member.shopId);
      // an agent only ever reads his own commissions, whatever agentId says
      const agentId = manage ? q.agentId : member.userId;
      const rows = (await repo.listCommissions(db, member.shopId, { agentId, month: q.month, status: q.status })).map(toCommission);
      const members = await repo.teamMembers(db, member.shopId);
      return {
        items: rows,
        totals: {
          dueCents: rows.filter((r) => r.status === 'due').reduce((s, r) => s + r.amountCents, 0),
          paidCents: rows.filter((r) => r.status === 'paid').reduce((s, r) => s + r.amountCents, 0),
        },
        agents: members.filter((m) => m.kind === 'agent' && (manage || m.id === member.userId)).map((m) => ({ id: m.id, name: m.name })),
        canManage: manage,
      };
    },

    async markPaid(member: ShopMemberRow, id: number) {
      if (!canManageCommissions(member)) throw forbidden();
      return db.transaction(async (tx) => {
        const [c] = await repo.listCommissions(tx, member.shopId, {}, id);
        if (!c) throw notFound(M.commissionNotFound);
        if (!(await repo.markCommissionPaid(tx, member.shopId, id))) throw badRequest(M.commissionAlreadyPaid, 'status');
        await repo.notify(tx, {
          userId: c.agent_id,
          type: ANALYTICS_NOTIFICATIONS.commissionPaid,
          content: `Votre commission de ${formatCents(num(c.amount_cents))} sur la commande ${c.order_number} a été payée`,
          redirectLink: `/dashboard/analytics/commissions?commission=${id}`,
        });
        const [after] = await repo.listCommissions(tx, member.shopId, {}, id);
        return { ...toCommission(after), message: M.commissionPaid };
      });
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
