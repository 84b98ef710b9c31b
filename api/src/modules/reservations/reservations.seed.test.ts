import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { notifications, users } from '../../platform/db/tables';
import { shopDate } from '../events';
import { orders } from '../orders';
import { seedReservations } from '../../seed/reservations';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

// The demo seed leaves the reservations out under tests (other modules count the demo orders): they are seeded here.
describe('demo reservations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a visit today with two bookings (one checked in), upcoming ones, the owner notified; seeded once', async () => {
    const db = ctx.handle.db;
    await seedReservations(db);
    await seedReservations(db);
    const owner = await loginAs(ctx.app, 'owner@demo.test');
    const today = shopDate(new Date());
    const res = await request(ctx.app).get(`/v1/reservations/slots?from=${today}&to=${today}`).set(bearer(owner));
    expect(res.status).toBe(200);
    const visit = res.body.days[0].slots.find((s: { eventTitle: string }) => s.eventTitle === 'Visite des caves et dégustation');
    expect(visit).toMatchObject({ checkInOpen: true, places: 12, placesLeft: 5 });
    expect(
      visit.bookings.map((b: { persons: number; options: number; paymentStatus: string; checkedInAt: string | null }) => [
        b.persons,
        b.options,
        b.paymentStatus,
        !!b.checkedInAt,
      ]),
    ).toEqual([
      [3, 1, 'paid', true],
      [4, 0, 'pending', false],
    ]);
    const booked = await db
      .select()
      .from(orders)
      .where(and(eq(orders.source, 'backoffice'), eq(orders.hasReservations, true)));
    expect(booked).toHaveLength(4);
    expect(booked.filter((o) => o.paymentStatus === 'paid')).toHaveLength(2);
    const [o] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
    const heard = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, o.id), eq(notifications.type, 'newResa')));
    expect(heard).toHaveLength(2);
  });
});
