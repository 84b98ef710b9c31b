/**
 * Demo analytics. Idempotent and fast; never keeps the app from starting.
 * Domaine de Démo: monthly budgets for the last 12 months, one saved report, commission rates and an objective for
 * the demo agent, five of the paid history orders credited to him (two of their commissions already paid).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { analyticsReports, createAnalyticsService, shopBudgets } from '../modules/analytics';
import { orders } from '../modules/orders';
import { agentCommissionRates, agentCommissions, teamObjectives } from '../modules/team';

export async function seedAnalytics(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db);
  } catch (err) {
    logger?.error({ err }, 'seedAnalytics failed: no demo analytics data');
  }
}

const REPORT_NAME = 'Ventes par gamme (12 derniers mois)';

function monthStart(offset: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 10);
}

async function seed(db: Db): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [agent] = await db.select().from(users).where(eq(users.email, 'agent@demo.test'));
  const [owner] = await db.select().from(users).where(eq(users.email, 'owner@demo.test'));
  if (!shop || !agent || !owner) return;
  const shopId = shop.id;

  // 1. budgets: the last 12 months (this one included), growing a little
  for (let i = -11; i <= 0; i++) {
    await db
      .insert(shopBudgets)
      .values({ shopId, month: monthStart(i), targetCents: 150_000 + (i + 11) * 10_000 })
      .onConflictDoNothing();
  }

  // 2. one saved report
  const [report] = await db
    .select()
    .from(analyticsReports)
    .where(and(eq(analyticsReports.shopId, shopId), eq(analyticsReports.name, REPORT_NAME)));
  if (!report)
    await db.insert(analyticsReports).values({
      shopId,
      name: REPORT_NAME,
      createdBy: owner.id,
      definition: { dimension: 'gamme', from: monthStart(-11), to: new Date().toISOString().slice(0, 10) },
    });

  // 3. commission rates and an objective of the demo agent
  const rates = await db
    .select()
    .from(agentCommissionRates)
    .where(and(eq(agentCommissionRates.shopId, shopId), eq(agentCommissionRates.agentId, agent.id)));
  if (rates.length === 0)
    await db.insert(agentCommissionRates).values([
      { shopId, agentId: agent.id, scope: 'default', value: null, rateBp: 500 },
      { shopId, agentId: agent.id, scope: 'typology', value: 'Restaurateur', rateBp: 750 },
    ]);
  const objectives = await db
    .select()
    .from(teamObjectives)
    .where(and(eq(teamObjectives.shopId, shopId), eq(teamObjectives.userId, agent.id)));
  if (objectives.length === 0)
    await db.insert(teamObjectives).values({
      shopId,
      userId: agent.id,
      periodStart: monthStart(-1),
      periodEnd: new Date(Date.parse(`${monthStart(1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
      targetCents: 200_000,
      label: 'Objectif des deux derniers mois',
    });

  // 4. five paid orders credited to the agent (only when none is yet), their commissions, two of them paid
  const credited = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.agentId, agent.id)));
  if (credited.length === 0) {
    const paid = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.paymentStatus, 'paid'), isNull(orders.agentId)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(5);
    if (paid.length === 0) return;
    await db
      .update(orders)
      .set({ agentId: agent.id })
      .where(
        inArray(
          orders.id,
          paid.map((p) => p.id),
        ),
      );
    const [member] = await db
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, owner.id), eq(shopMembers.kind, 'owner')));
    if (!member) return;
    const service = createAnalyticsService({ db });
    await service.commissions(member, {});
    const due = await db
      .select({ id: agentCommissions.id })
      .from(agentCommissions)
      .where(and(eq(agentCommissions.shopId, shopId), eq(agentCommissions.agentId, agent.id), eq(agentCommissions.status, 'due')))
      .orderBy(asc(agentCommissions.periodMonth), asc(agentCommissions.id))
      .limit(2);
    for (const c of due) await service.markPaid(member, c.id);
  }
}
