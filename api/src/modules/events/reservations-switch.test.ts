// §1 module `reservations` held on the public side: while it is off the shop's public events answer nothing to book
// and a cart holding one of its reservations gets a problem on that reservation; switched on again, both come back.
// The other shops and the shop's products are untouched.
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import { eventSlots, events } from '../catalog';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('module `reservations` off: the public events of that shop are not bookable', () => {
  let ctx: TestContext;
  let owner: string;
  let buyer: string;
  let domaineId: number;
  let eventId: number;
  let slotId: number;

  const switchReservations = (active: boolean) =>
    request(ctx.app)
      .put('/v1/shops/me/settings/integrations')
      .set(bearer(owner))
      .send({ modules: { reservations: active }, importSource: 'default' });
  const publicEvents = () => request(ctx.app).get(`/v1/shops/${domaineId}/events`);
  const cartProblems = async () => {
    const res = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .set(bearer(buyer))
      .send({
        orders: [
          {
            seller: { id: domaineId },
            products: [],
            reservations: [{ eventId, selectedSlot: { id: slotId }, selectedPrices: [{ name: 'Participant', quantity: 2 }] }],
          },
        ],
      });
    expect(res.status).toBe(200);
    return res.body[0].problems as Array<{ field: string; message: string }>;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, buyer] = await Promise.all([loginAs(ctx.app, 'owner@demo.test'), loginAs(ctx.app, 'buyer@demo.test')]);
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    const db = ctx.handle.db;
    const [ev] = await db.select().from(events).where(eq(events.title, 'Atelier accords mets et vins'));
    eventId = ev.id;
    const listed = (await publicEvents()).body as Array<{ id: number; slots: Array<{ id: number; placesLeft: number }> }>;
    slotId = listed.find((e) => e.id === eventId)!.slots.find((s) => s.placesLeft >= 2)!.id;
    expect((await db.select().from(eventSlots).where(eq(eventSlots.id, slotId))).length).toBe(1);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers no event and puts a problem on the cart’s reservation, then books again once switched on', async () => {
    expect((await publicEvents()).body.map((e: { id: number }) => e.id)).toContain(eventId);
    expect(await cartProblems()).toEqual([]);

    expect((await switchReservations(false)).status).toBe(200);
    try {
      const off = await publicEvents();
      expect({ status: off.status, body: off.body }).toEqual({ status: 200, body: [] });
      // by url name too (the cart's picker and the shop page ask by id, links may use the name)
      expect((await request(ctx.app).get('/v1/shops/domaine-demo/events')).body).toEqual([]);
      expect(await cartProblems()).toEqual([{ field: 'reservations[0]', message: CART_MESSAGES.reservationsClosed, sellerId: domaineId }]);
      // the checkout refuses it with the same message on that reservation (the cart shows it on the line)
      const place = await request(ctx.app)
        .post('/v1/orders')
        .set(bearer(buyer))
        .send({
          order: {
            seller: { id: domaineId },
            products: [],
            reservations: [{ eventId, selectedSlot: { id: slotId }, selectedPrices: [{ name: 'Participant', quantity: 2 }] }],
          },
          deliveryAddress: null,
          billingAddress: null,
          phone: '+33612345678',
          shipping: {},
          paymentMethod: 'transfer',
          acceptTerms: true,
          expectedTotalTTC: 0,
          idempotencyKey: `reservations-off-${Date.now()}`,
        });
      expect(place.status).toBe(400);
      expect(place.body.errors).toContainEqual(
        expect.objectContaining({ field: 'reservations[0]', message: CART_MESSAGES.reservationsClosed }),
      );
      // the shop page itself stays open
      expect((await request(ctx.app).get('/v1/shops/by-name/domaine-demo')).status).toBe(200);
    } finally {
      expect((await switchReservations(true)).status).toBe(200);
    }
    expect((await publicEvents()).body.map((e: { id: number }) => e.id)).toContain(eventId);
    expect(await cartProblems()).toEqual([]);
  });
});
