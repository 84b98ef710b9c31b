import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { parisMidnight } from 'shared-kernel/domain';
import { notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { orderLines, orders } from '../orders';
import { products } from '../catalog';
import { campaignRecipients, campaigns, type RecipientStatus } from '../marketing';
import { agentCommissionRates, agentCommissions } from '../team';
import { analyticsReports } from './analytics.tables';
import { commissionOf } from './analytics.service';

describe('analytics (modules/analytics)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let shopId: number;
  let ids: Record<'owner' | 'iam' | 'agent', number>;
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    // the demo's second shop has these modules off: the routes answer 403 then (platform/module-switches.test.ts)
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"analytics":{"active":true}}'`);
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const all = await db().select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => all.find((u) => u.email === email)!.id;
    ids = { owner: idOf('owner@demo.test'), iam: idOf('iam@demo.test'), agent: idOf('agent@demo.test') };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('overview: the revenue equals the orders of the seller list over the same period (excluded statuses left out)', async () => {
    const from = '2026-01-01';
    const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const start = parisMidnight(Number(from.slice(0, 4)), 0, 1).getTime();
    // one order is cancelled: it leaves the revenue
    const [cancelled] = await db().select().from(orders).where(eq(orders.shopId, shopId)).limit(1);
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));

    const list = await call('get', '/orders?as=seller&pageSize=100', owner);
    expect(list.status).toBe(200);
    let expected = 0;
    let count = 0;
    for (const o of list.body.items as { id: number; status: string; createdAt: string }[]) {
      if (['aborted', 'expired', 'cancelled', 'refused'].includes(o.status)) continue;
      if (Date.parse(o.createdAt) < start) continue;
      const detail = await call('get', `/orders/${o.id}`, owner);
      expected += detail.body.price.totalHT as number;
      count += 1;
    }
    expect(count).toBeGreaterThan(3);

    const res = await call('get', `/analytics/overview?from=${from}&to=${to}`, owner);
    expect(res.status).toBe(200);
    expect(res.body.kpis.revenueCents).toBe(expected);
    expect(res.body.kpis.orders).toBe(count);
    expect(res.body.kpis.averageBasketCents).toBe(Math.round(expected / count));
    const monthsTotal = (res.body.months as { revenueCents: number }[]).reduce((s, m) => s + m.revenueCents, 0);
    expect(monthsTotal).toBe(expected);
    expect(res.body.topProducts.length).toBeGreaterThan(0);

    // the same total through the custom report by month plus non-product lines
    const custom = await call('get', `/analytics/custom?from=${from}&to=${to}&dimension=month`, owner);
    expect(custom.status).toBe(200);
    const [{ other }] = (
      (await db().execute(sql`select coalesce(sum(l.total_ht), 0)::int as other from order_lines l join orders o on o.id = l.order_id
        where o.shop_id = ${shopId} and l.kind <> 'product' and o.status not in ('aborted','expired','cancelled','refused')
          and o.created_at >= ${new Date(start).toISOString()}::timestamptz`)) as unknown as { rows: { other: number }[] }
    ).rows;
    const orderLevel = (
      (await db()
        .execute(sql`select coalesce(sum(total_ht), 0)::int - coalesce(sum((select coalesce(sum(total_ht),0) from order_lines l where l.order_id = o.id)), 0)::int as gap
        from orders o where o.shop_id = ${shopId} and o.status not in ('aborted','expired','cancelled','refused')
          and o.created_at >= ${new Date(start).toISOString()}::timestamptz`)) as unknown as { rows: { gap: number }[] }
    ).rows[0].gap;
    expect(custom.body.totals.revenueCents + other + orderLevel).toBe(expected);
    await db().update(orders).set({ status: cancelled.status }).where(eq(orders.id, cancelled.id));
  });

  it('answers a French 400 naming the field on a bad period or dimension', async () => {
    const bad = await call('get', '/analytics/overview?from=2026-13-01', owner);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, field: 'from', message: 'La date de début doit être une date au format AAAA-MM-JJ' });
    const reversed = await call('get', '/analytics/overview?from=2026-05-01&to=2026-04-01', owner);
    expect(reversed.status).toBe(400);
    expect(reversed.body.field).toBe('to');
    const dim = await call('get', '/analytics/custom?dimension=colour', owner);
    expect(dim.status).toBe(400);
    expect(dim.body.field).toBe('dimension');
    const budget = await call('put', '/analytics/budget', owner, { month: '2026-02', targetCents: -5 });
    expect(budget.status).toBe(400);
    expect(budget.body.field).toBe('targetCents');
  });

  it('§6: iam without accessAnalytics → 403, with it → 200; agents and buyers → 403', async () => {
    expect((await call('get', '/analytics/overview', iam)).status).toBe(403);
    expect((await call('get', '/analytics/reports', iam)).status).toBe(403);
    expect((await call('get', '/analytics/commissions', iam)).status).toBe(403);
    expect((await call('get', '/analytics/overview', agent)).status).toBe(403);
    const buyer = await loginAs(ctx.app, 'buyer@demo.test');
    expect((await call('get', '/analytics/overview', buyer)).status).toBe(403);
    await db()
      .update(shopMembers)
      .set({ authorizations: { accessAnalytics: true } })
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
    expect((await call('get', '/analytics/overview', iam)).status).toBe(200);
    // reading the budget is allowed, editing needs manageBudget
    expect((await call('get', '/analytics/budget', iam)).status).toBe(200);
    expect((await call('put', '/analytics/budget', iam, { month: '2026-02', targetCents: 100 })).status).toBe(403);
    await db()
      .update(shopMembers)
      .set({ authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true } })
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
  });

  it('saved reports: save, list, open, delete; another shop → 404, never the report', async () => {
    const saved = await call('post', '/analytics/reports', owner, {
      name: 'Par client',
      definition: { dimension: 'client', from: '2026-01-01', to: '2026-03-31', typology: 'Caviste' },
    });
    expect(saved.status).toBe(201);
    const list = await call('get', '/analytics/reports', owner);
    expect((list.body as { name: string }[]).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Par client', 'Ventes par gamme (12 derniers mois)']),
    );
    const one = await call('get', `/analytics/reports/${saved.body.id}`, owner);
    expect(one.body.definition).toMatchObject({ dimension: 'client', typology: 'Caviste' });

    const other = await call('get', `/analytics/reports/${saved.body.id}`, owner2);
    expect(other.status).toBe(404);
    expect(other.body.name).toBeUndefined();
    expect((await call('delete', `/analytics/reports/${saved.body.id}`, owner2)).status).toBe(404);
    expect((await call('get', '/analytics/reports', owner2)).body).toEqual([]);

    const empty = await call('post', '/analytics/reports', owner, {
      name: ' ',
      definition: { dimension: 'month', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'name', message: 'Ce champ ne peut pas être vide' });

    expect((await call('delete', `/analytics/reports/${saved.body.id}`, owner)).status).toBe(200);
    expect((await call('get', `/analytics/reports/${saved.body.id}`, owner)).status).toBe(404);
  });

  it('budget: a target per month against the actual revenue, percent achieved', async () => {
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).slice(0, 4));
    const month = `${year}-01`;
    const put = await call('put', '/analytics/budget', owner, { month, targetCents: 250_000 });
    expect(put.status).toBe(200);
    const b = await call('get', `/analytics/budget?year=${year}`, owner);
    const jan = (b.body.months as { month: string; targetCents: number; actualCents: number; percent: number | null }[]).find(
      (m) => m.month === month,
    )!;
    expect(jan.targetCents).toBe(250_000);
    expect(jan.percent).toBe(Math.round((jan.actualCents * 1000) / 250_000) / 10);
    expect(b.body.canEdit).toBe(true);
    const other = await call('get', `/analytics/budget?year=${year}`, owner2);
    expect(other.body.months.find((m: { month: string }) => m.month === month).targetCents).toBeNull();
  });

  it('objectives: CRUD scoped by shop, actual = revenue of the orders credited to the member', async () => {
    const created = await call('post', '/analytics/objectives', owner, {
      userId: ids.agent,
      periodStart: '2024-01-01',
      periodEnd: '2028-12-31',
      targetCents: 100_000,
      label: 'Tout',
    });
    expect(created.status).toBe(201);
    const [{ total }] = (
      (await db()
        .execute(sql`select coalesce(sum(total_ht), 0)::int as total from orders where shop_id = ${shopId} and agent_id = ${ids.agent}
        and status not in ('aborted','expired','cancelled','refused')`)) as unknown as { rows: { total: number }[] }
    ).rows;
    expect(total).toBeGreaterThan(0);
    expect(created.body.actualCents).toBe(total);
    expect(created.body.percent).toBe(Math.round((total * 1000) / 100_000) / 10);

    const owner2Id = (await db().select().from(users).where(eq(users.email, 'owner2@demo.test')))[0].id;
    const foreign = await call('post', '/analytics/objectives', owner, {
      userId: owner2Id,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      targetCents: 1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('userId');
    expect(
      (
        await call('put', `/analytics/objectives/${created.body.id}`, owner2, {
          userId: ids.agent,
          periodStart: '2026-01-01',
          periodEnd: '2026-01-31',
          targetCents: 1,
        })
      ).status,
    ).toBe(404);
    expect((await call('delete', `/analytics/objectives/${created.body.id}`, owner2)).status).toBe(404);
    expect((await call('delete', `/analytics/objectives/${created.body.id}`, owner)).status).toBe(200);
  });

  describe('commissions', () => {
    let other: { id: number; token: string };

    beforeAll(async () => {
      // a second agent of the domaine with one paid order and a default rate
      const [u] = await db()
        .insert(users)
        .values({
          email: 'agent-b@demo.test',
          username: 'Bruno Agent',
          role: 'agent',
          firstname: 'Bruno',
          lastname: 'Agent',
          passwordHash: 'x',
        } as typeof users.$inferInsert)
        .returning();
      await db().insert(shopMembers).values({ userId: u.id, shopId, kind: 'agent', authorizations: null });
      const [o] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shopId), eq(orders.paymentStatus, 'paid'), sql`${orders.agentId} is null`))
        .limit(1);
      await db().update(orders).set({ agentId: u.id }).where(eq(orders.id, o.id));
      await db().insert(agentCommissionRates).values({ shopId, agentId: u.id, scope: 'default', rateBp: 1000 });
      other = { id: u.id, token: '' };
    });

    it('computes one row per paid order exactly to the cent, once, and never changes a paid one', async () => {
      // a gamme rate on the first product line of one of the agent's orders
      const agentOrders = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shopId), eq(orders.agentId, ids.agent), eq(orders.paymentStatus, 'paid')));
      expect(agentOrders.length).toBe(5);
      const seededDue = await db()
        .select()
        .from(agentCommissions)
        .where(and(eq(agentCommissions.agentId, ids.agent), eq(agentCommissions.status, 'due')));
      const target = agentOrders.find((o) => o.id === seededDue[0].orderId)!;
      const [line] = await db()
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, target.id), eq(orderLines.kind, 'product')));
      await db().update(products).set({ gamme: 'Prestige' }).where(eq(products.id, line.productId!));
      const put = await call('put', `/analytics/commissions/rates/${ids.agent}`, owner, {
        rates: [
          { scope: 'default', rateBp: 333 },
          { scope: 'gamme', value: 'Prestige', rateBp: 1250 },
        ],
      });
      expect(put.status).toBe(200);

      const first = await call('get', '/analytics/commissions', owner);
      expect(first.status).toBe(200);
      const mine = (
        first.body.items as { id: number; orderId: number; agentId: number; amountCents: number; status: string; baseCents: number }[]
      ).filter((c) => c.agentId === ids.agent);
      expect(mine).toHaveLength(5);
      const row = mine.find((c) => c.orderId === target.id)!;
      // every product line of that order whose product is in the gamme at 12,5 %, the rest at 3,33 %
      const lines = await db()
        .select({ totalHT: orderLines.totalHT, gamme: products.gamme })
        .from(orderLines)
        .leftJoin(products, eq(products.id, orderLines.productId))
        .where(and(eq(orderLines.orderId, target.id), eq(orderLines.kind, 'product')));
      const inGamme = lines.filter((l) => l.gamme === 'Prestige').reduce((s, l) => s + l.totalHT, 0);
      const expected = Math.round((inGamme * 1250 + (target.totalHT - inGamme) * 333) / 10_000);
      expect(row.status).toBe('due');
      expect(row.baseCents).toBe(target.totalHT);
      expect(row.amountCents).toBe(expected);
      if (row.status === 'due' && mine.some((c) => c.status === 'due' && c.orderId !== target.id)) {
        const plain = mine.find((c) => c.orderId !== target.id && c.status === 'due')!;
        const o = agentOrders.find((x) => x.id === plain.orderId)!;
        const productsOf = await db()
          .select({ totalHT: orderLines.totalHT, gamme: products.gamme })
          .from(orderLines)
          .leftJoin(products, eq(products.id, orderLines.productId))
          .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product')));
        const g = productsOf.filter((l) => l.gamme === 'Prestige').reduce((s, l) => s + l.totalHT, 0);
        expect(plain.amountCents).toBe(Math.round((g * 1250 + (o.totalHT - g) * 333) / 10_000));
      }

      // read again: same rows, same ids
      const again = await call('get', '/analytics/commissions', owner);
      expect(again.body.items).toEqual(first.body.items);
      const count = await db().select().from(agentCommissions).where(eq(agentCommissions.shopId, shopId));
      expect(count).toHaveLength(6);

      // the two seeded paid ones keep their amounts when the rates change; due ones follow
      const paidBefore = mine.filter((c) => c.status === 'paid');
      expect(paidBefore).toHaveLength(2);
      await call('put', `/analytics/commissions/rates/${ids.agent}`, owner, { rates: [{ scope: 'default', rateBp: 0 }] });
      const after = (await call('get', '/analytics/commissions', owner)).body.items as typeof mine;
      for (const p of paidBefore) expect(after.find((c) => c.id === p.id)!.amountCents).toBe(p.amountCents);
      expect(after.filter((c) => c.agentId === ids.agent && c.status === 'due').every((c) => c.amountCents === 0)).toBe(true);
    });

    it('the pure rule: gamme per line, else typology, else default; rounded half up to the cent', () => {
      const rates = [
        { scope: 'default', value: null, rateBp: 500 },
        { scope: 'typology', value: 'Restaurateur', rateBp: 750 },
        { scope: 'gamme', value: 'Prestige', rateBp: 1000 },
      ];
      expect(commissionOf({ totalHT: 10_001, typology: null, lines: [] }, rates)).toEqual({
        baseCents: 10_001,
        rateBp: 500,
        amountCents: 500,
      });
      expect(commissionOf({ totalHT: 10_010, typology: 'restaurateur', lines: [] }, rates)!.amountCents).toBe(751); // 750.75
      expect(
        commissionOf(
          {
            totalHT: 30_000,
            typology: 'Caviste',
            lines: [
              { gamme: 'Prestige', totalHT: 10_000 },
              { gamme: 'Classique', totalHT: 15_000 },
            ],
          },
          rates,
        )!.amountCents,
      ).toBe(1000 + 1000); // 10 % of 100 € + 5 % of the other 200 €
      expect(commissionOf({ totalHT: 100, typology: null, lines: [] }, [])).toBeNull();
    });

    it('an agent sees only his own, whatever agentId he sends; he cannot mark paid nor read rates', async () => {
      const mine = await call('get', `/analytics/commissions?agentId=${other.id}`, agent);
      expect(mine.status).toBe(200);
      expect(mine.body.items.length).toBe(5);
      expect((mine.body.items as { agentId: number }[]).every((c) => c.agentId === ids.agent)).toBe(true);
      expect(mine.body.canManage).toBe(false);
      const all = await call('get', '/analytics/commissions', owner);
      expect((all.body.items as { agentId: number }[]).some((c) => c.agentId === other.id)).toBe(true);
      const filtered = await call('get', `/analytics/commissions?agentId=${other.id}`, owner);
      expect((filtered.body.items as { agentId: number }[]).every((c) => c.agentId === other.id)).toBe(true);
      const id = (mine.body.items as { id: number; status: string }[]).find((c) => c.status === 'due')!.id;
      expect((await call('post', `/analytics/commissions/${id}/pay`, agent)).status).toBe(403);
      expect((await call('get', '/analytics/commissions/rates', agent)).status).toBe(403);
      // another shop's owner: not found
      expect((await call('post', `/analytics/commissions/${id}/pay`, owner2)).status).toBe(404);
    });

    it('mark paid → commissionPaid to the agent once; a second time → 400', async () => {
      const list = (await call('get', '/analytics/commissions?status=due', owner)).body.items as { id: number; agentId: number }[];
      const c = list.find((x) => x.agentId === ids.agent)!;
      const paid = await call('post', `/analytics/commissions/${c.id}/pay`, owner);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'paid', message: 'Commission marquée payée' });
      expect(paid.body.paidAt).toBeTruthy();
      const again = await call('post', `/analytics/commissions/${c.id}/pay`, owner);
      expect(again.status).toBe(400);
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ids.agent), eq(notifications.type, 'commissionPaid')));
      expect(notes.filter((n) => n.redirectLink === `/dashboard/analytics/commissions?commission=${c.id}`)).toHaveLength(1);
    });

    it('a due commission older than 30 days → one commissionDelay to the owner, once', async () => {
      const [row] = await db()
        .select()
        .from(agentCommissions)
        .where(and(eq(agentCommissions.agentId, other.id), eq(agentCommissions.status, 'due')));
      const old = new Date(Date.now() - 40 * 86_400_000);
      await db().update(orders).set({ validatedAt: old, createdAt: old }).where(eq(orders.id, row.orderId));
      await call('get', '/analytics/commissions', owner);
      await call('get', '/analytics/commissions', owner);
      const notes = await db()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, ids.owner),
            eq(notifications.type, 'commissionDelay'),
            eq(notifications.redirectLink, `/dashboard/analytics/commissions?commission=${row.id}`),
          ),
        );
      expect(notes).toHaveLength(1);
    });
  });

  describe('campaigns', () => {
    let shop2: number;
    const made: Record<'a' | 'b' | 'c' | 'draft' | 'other', number> = { a: 0, b: 0, c: 0, draft: 0, other: 0 };
    const at = (iso: string) => new Date(iso);
    type Rec = { status: RecipientStatus; sent?: boolean; opened?: boolean; clicked?: boolean; unsubscribed?: boolean };
    let seq = 0;

    async function campaign(
      shop: number,
      name: string,
      status: 'draft' | 'sending' | 'sent',
      startedAt: string | null,
      sentAt: string | null,
      recipients: Rec[],
    ): Promise<number> {
      const [c] = await db()
        .insert(campaigns)
        .values({
          shopId: shop,
          name,
          subject: `Objet ${name}`,
          status,
          startedAt: startedAt ? at(startedAt) : null,
          sentAt: sentAt ? at(sentAt) : null,
        })
        .returning();
      const when = at(startedAt ?? '2023-01-01T00:00:00Z');
      if (recipients.length)
        await db()
          .insert(campaignRecipients)
          .values(
            recipients.map((r) => {
              seq += 1;
              return {
                campaignId: c.id,
                shopId: shop,
                email: `r${seq}@analytics.test`,
                token: `analytics-token-${seq}-${c.id}`,
                status: r.status,
                sentAt: r.sent ? when : null,
                openedAt: r.opened ? when : null,
                clickedAt: r.clicked ? when : null,
                unsubscribedAt: r.unsubscribed ? when : null,
              };
            }),
          );
      return c.id;
    }
    const many = (n: number, r: Rec): Rec[] => Array.from({ length: n }, () => r);

    beforeAll(async () => {
      const [m] = await db()
        .select({ shopId: shopMembers.shopId })
        .from(shopMembers)
        .innerJoin(users, eq(users.id, shopMembers.userId))
        .where(and(eq(users.email, 'owner2@demo.test'), eq(shopMembers.kind, 'owner')));
      shop2 = m.shopId;
      expect(shop2).not.toBe(shopId);
      // A, sent in January: 10 recipients — 3 sent, 2 opened, 2 clicked, 1 opened then unsubscribed, 1 failed, 1 bounced
      made.a = await campaign(shopId, 'A janvier', 'sent', '2023-01-10T09:00:00Z', '2023-01-10T10:00:00Z', [
        ...many(3, { status: 'sent', sent: true }),
        ...many(2, { status: 'opened', sent: true, opened: true }),
        ...many(2, { status: 'clicked', sent: true, opened: true, clicked: true }),
        { status: 'unsubscribed', sent: true, opened: true, unsubscribed: true },
        { status: 'failed', sent: true },
        { status: 'bounced', sent: true },
      ]);
      // B, being sent, started 28/02 23:30 UTC = 1 March 00:30 in Paris: a March campaign; 2 still queued
      made.b = await campaign(shopId, 'B mars', 'sending', '2023-02-28T23:30:00Z', null, [
        ...many(2, { status: 'queued' }),
        ...many(2, { status: 'sent', sent: true }),
        { status: 'clicked', sent: true, opened: true, clicked: true },
      ]);
      // C, sent 31/03 22:30 UTC = 1 April in Paris: after the period
      made.c = await campaign(shopId, 'C avril', 'sent', '2023-03-31T21:00:00Z', '2023-03-31T22:30:00Z', [
        { status: 'opened', sent: true, opened: true },
      ]);
      // a draft never counts, even with a date in the period
      made.draft = await campaign(shopId, 'Brouillon', 'draft', '2023-01-20T09:00:00Z', null, [{ status: 'queued' }]);
      // another shop's campaign in the period
      made.other = await campaign(shop2, 'Autre boutique', 'sent', '2023-02-15T09:00:00Z', '2023-02-15T10:00:00Z', [
        ...many(4, { status: 'opened', sent: true, opened: true }),
      ]);
    });

    it('per campaign, totals and months computed by hand; sending ones included, drafts and other periods left out', async () => {
      const res = await call('get', '/analytics/campaigns?from=2023-01-01&to=2023-03-31', owner);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ from: '2023-01-01', to: '2023-03-31', total: 2 });
      expect(res.body.items.map((c: { id: number }) => c.id)).toEqual([made.b, made.a]);
      const [b, a] = res.body.items;
      expect(a).toEqual({
        id: made.a,
        name: 'A janvier',
        subject: 'Objet A janvier',
        status: 'sent',
        startedAt: '2023-01-10T09:00:00.000Z',
        sentAt: '2023-01-10T10:00:00.000Z',
        recipients: 10,
        queued: 0,
        sent: 10,
        delivered: 8,
        failed: 1,
        bounced: 1,
        opened: 5,
        clicked: 2,
        unsubscribed: 1,
        openRate: 0.625,
        clickRate: 0.25,
        unsubscribeRate: 0.125,
      });
      expect(b).toMatchObject({
        id: made.b,
        status: 'sending',
        sentAt: null,
        startedAt: '2023-02-28T23:30:00.000Z',
        recipients: 5,
        queued: 2,
        sent: 3,
        delivered: 3,
        opened: 1,
        clicked: 1,
        unsubscribed: 0,
        openRate: 0.3333,
        clickRate: 0.3333,
        unsubscribeRate: 0,
      });
      expect(res.body.totals).toEqual({
        campaigns: 2,
        recipients: 15,
        queued: 2,
        sent: 13,
        delivered: 11,
        failed: 1,
        bounced: 1,
        opened: 6,
        clicked: 3,
        unsubscribed: 1,
        openRate: 0.5455,
        clickRate: 0.2727,
        unsubscribeRate: 0.0909,
      });
      const months = res.body.months as { month: string; campaigns: number; opened: number; clicked: number; openRate: number }[];
      expect(months.map((m) => [m.month, m.campaigns, m.opened, m.clicked, m.openRate])).toEqual([
        ['2023-01', 1, 5, 2, 0.625],
        ['2023-02', 0, 0, 0, 0],
        ['2023-03', 1, 1, 1, 0.3333],
      ]);

      // C belongs to April (Paris time)
      const april = await call('get', '/analytics/campaigns?from=2023-04-01&to=2023-04-30', owner);
      expect(april.body.items.map((c: { id: number }) => c.id)).toEqual([made.c]);
    });

    it('the same figures as the campaign page (GET /campaigns)', async () => {
      await db().execute(sql`update shops set integration = integration || '{"campaigns":{"active":true}}' where id = ${shopId}`);
      const page = await call('get', '/campaigns?pageSize=100', owner);
      expect(page.status).toBe(200);
      const report = await call('get', '/analytics/campaigns?from=2023-01-01&to=2023-03-31', owner);
      for (const id of [made.a, made.b]) {
        const stats = (page.body.items as { id: number; stats: Record<string, number> }[]).find((c) => c.id === id)!.stats;
        const row = (report.body.items as Record<string, number>[]).find((c) => c.id === id)!;
        for (const k of ['recipients', 'queued', 'sent', 'delivered', 'failed', 'bounced', 'opened', 'clicked', 'unsubscribed']) {
          expect([k, row[k]]).toEqual([k, stats[k]]);
        }
        for (const k of ['openRate', 'clickRate', 'unsubscribeRate']) expect([k, row[k]]).toEqual([k, stats[k]]);
      }
    });

    it('another shop sees only its own campaign, never these', async () => {
      // (the analytics module is switched on for every shop in the first beforeAll)
      const res = await call('get', '/analytics/campaigns?from=2023-01-01&to=2023-03-31', owner2);
      expect(res.status).toBe(200);
      expect(res.body.items.map((c: { id: number }) => c.id)).toEqual([made.other]);
      expect(res.body.totals).toMatchObject({ campaigns: 1, recipients: 4, opened: 4, openRate: 1 });
      const mine = await call('get', '/analytics/campaigns?from=2023-01-01&to=2023-03-31', owner);
      expect(mine.body.items.map((c: { id: number }) => c.id)).not.toContain(made.other);
    });

    it('a bad date → 400 in French naming the field; iam without campaignsAnalytics → 403, with it → 200', async () => {
      const bad = await call('get', '/analytics/campaigns?from=2023-02-30', owner);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        success: false,
        field: 'from',
        message: 'La date de début doit être une date au format AAAA-MM-JJ',
      });
      const badTo = await call('get', '/analytics/campaigns?from=2023-01-01&to=demain', owner);
      expect(badTo.status).toBe(400);
      expect(badTo.body).toMatchObject({ field: 'to', message: 'La date de fin doit être une date au format AAAA-MM-JJ' });
      const reversed = await call('get', '/analytics/campaigns?from=2023-05-01&to=2023-04-01', owner);
      expect(reversed.status).toBe(400);
      expect(reversed.body.field).toBe('to');

      expect((await call('get', '/analytics/campaigns', iam)).status).toBe(403);
      await db()
        .update(shopMembers)
        .set({ authorizations: { campaignsAnalytics: true } })
        .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
      const ok = await call('get', '/analytics/campaigns?from=2023-01-01&to=2023-01-31', iam);
      expect(ok.status).toBe(200);
      expect(ok.body.items.map((c: { id: number }) => c.id)).toEqual([made.a]);
      await db()
        .update(shopMembers)
        .set({ authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true } })
        .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
    });
  });

  it('activities: counts per person and kind', async () => {
    const res = await call('get', '/analytics/activities', owner);
    expect(res.status).toBe(200);
    const sum = (res.body.rows as { total: number }[]).reduce((s, r) => s + r.total, 0);
    expect(sum).toBe(res.body.totals.total);
  });

  it('keeps the seeded report of the demo shop only', async () => {
    const reports = await db().select().from(analyticsReports).where(eq(analyticsReports.shopId, shopId));
    expect(reports.length).toBeGreaterThanOrEqual(1);
  });
});
