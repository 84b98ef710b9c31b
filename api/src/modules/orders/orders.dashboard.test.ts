// The dashboard's sales figures (GET /v1/orders/summary, /v1/orders/upcoming-reservations) on the demo data: calendar
// months in Paris, only accepted sales counted, the shop's figures to its staff only.
import request from 'supertest';
import { eq, inArray } from 'drizzle-orm';
import { salesSummarySchema, upcomingReservationsSchema } from 'shared-kernel/contracts';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { eventSlots } from '../catalog';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { createSalesDashboardService } from './orders.dashboard';
import { orderLines, orders } from './orders.tables';

describe('dashboard sales figures', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let domaineId: number;
  const db = () => ctx.handle.db;
  const get = (path: string, token: string) => request(ctx.app).get(path).set(bearer(token));

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    [{ id: domaineId }] = await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('counts the pending orders and the validated or invoiced sales of each Paris calendar month, to the cent', async () => {
    const all = await db().select({ id: orders.id }).from(orders).where(eq(orders.shopId, domaineId)).orderBy(orders.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const ids = all.map((o) => o.id);
    // every order out of the figures, then six of them placed on purpose (totals in cents)
    await db().update(orders).set({ status: 'refused' }).where(inArray(orders.id, ids));
    const set = (
      id: number,
      status: 'pending' | 'validated' | 'invoiced' | 'cancelled',
      createdAt: string,
      totalHT: number,
      totalTTC: number,
    ) =>
      db()
        .update(orders)
        .set({ status, createdAt: new Date(createdAt), totalHT, totalTTC })
        .where(eq(orders.id, id));
    await set(ids[0], 'validated', '2026-10-31T23:30:00Z', 10_000, 12_000); // 1 November 00:30 in Paris: November
    await set(ids[1], 'invoiced', '2026-11-24T10:00:00Z', 1_001, 1_201);
    await set(ids[2], 'validated', '2026-10-31T22:30:00Z', 5_000, 6_000); // 31 October 23:30 in Paris: October
    await set(ids[3], 'cancelled', '2026-11-10T10:00:00Z', 99_999, 99_999); // not a sale
    await set(ids[4], 'pending', '2026-11-12T10:00:00Z', 2_000, 2_400); // to validate, not yet a sale
    await db().update(orders).set({ hasProducts: true, hasReservations: false }).where(eq(orders.id, ids[4]));
    const booking = ids[6];
    await db().update(orders).set({ status: 'pending', hasProducts: false, hasReservations: true }).where(eq(orders.id, booking)); // a booking: listed with the reservations
    await set(ids[5], 'validated', '2026-09-30T21:59:00Z', 7_000, 8_400); // 30 September 23:59 in Paris: neither month

    const service = createSalesDashboardService({ db: db(), now: () => new Date('2026-11-25T10:00:00Z') });
    const member = { shopId: domaineId } as Parameters<typeof service.salesSummary>[0];
    expect(await service.salesSummary(member)).toEqual({
      toValidate: 1,
      currentMonth: { totalTTC: 13_201, totalHT: 11_001, count: 2 },
      previousMonth: { totalTTC: 6_000, totalHT: 5_000, count: 1 },
    });
  });

  it('GET /v1/orders/summary: the caller shop’s figures to its owner and to an iam with seeAllOrder; 403 otherwise', async () => {
    const res = await get('/v1/orders/summary', owner);
    expect(res.status).toBe(200);
    expect(salesSummarySchema.parse(res.body).toValidate).toBeGreaterThanOrEqual(1);
    const other = await get('/v1/orders/summary', owner2);
    expect(other.status).toBe(200);
    expect(other.body.toValidate).toBe(0); // Brasserie Démo has no order: never Domaine de Démo's figures
    expect((await get('/v1/orders/summary', iam)).status).toBe(200); // the demo iam has seeAllOrder
    const [m] = await db()
      .select({ id: shopMembers.id })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(eq(users.email, 'iam@demo.test'));
    await db()
      .update(shopMembers)
      .set({ authorizations: { createOrder: true } })
      .where(eq(shopMembers.id, m.id));
    const refused = await get('/v1/orders/summary', iam);
    expect(refused.status).toBe(403);
    expect((await get('/v1/orders/summary', buyer)).status).toBe(403);
    expect((await request(ctx.app).get('/v1/orders/summary')).status).toBe(401);
  });

  it('GET /v1/orders/upcoming-reservations: the buyer’s own booked slots, the shop’s to its owner (with the buyer’s name), soonest first, never a past slot', async () => {
    // the demo reservation (2 adults + a cheese platter: 2 places) on the next slot of the visit, waiting for its cheque
    await db().update(orders).set({ status: 'pending' }).where(eq(orders.hasReservations, true));
    const mine = upcomingReservationsSchema.parse((await get('/v1/orders/upcoming-reservations', buyer)).body);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      eventTitle: 'Visite des caves et dégustation',
      places: 2,
      buyerName: null,
      shopName: 'Domaine de Démo',
    });
    expect(Date.parse(mine.items[0].startsAt)).toBeGreaterThan(Date.now());

    const shop = upcomingReservationsSchema.parse((await get('/v1/orders/upcoming-reservations', owner)).body);
    expect(shop.items.map((r) => r.orderId)).toEqual([mine.items[0].orderId]);
    expect(shop.items[0].buyerName).toBeTruthy();
    expect((await get('/v1/orders/upcoming-reservations', owner2)).body.items).toEqual([]);

    // once its slot is past, it is no longer upcoming
    const [line] = await db().select({ slotId: orderLines.slotId }).from(orderLines).where(eq(orderLines.orderId, mine.items[0].orderId));
    await db()
      .update(eventSlots)
      .set({ startsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(eventSlots.id, line.slotId!));
    expect((await get('/v1/orders/upcoming-reservations', buyer)).body.items).toEqual([]);
  });
});
