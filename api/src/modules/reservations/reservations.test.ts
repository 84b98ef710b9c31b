import request from 'supertest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { jobs, notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { createLogger } from '../../platform/logger';
import { eventSlots, events } from '../catalog';
import { crmClients } from '../clients';
import { nextDay, shopDate, shopTime } from '../events';
import { orderLines, orders } from '../orders';
import { invoices, salesPayments } from '../sales';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { createReservationReminders } from './index';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('reservations back office', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let domaineId: number;
  let clientId: number;
  let otherClientId: number;
  let ownerId: number;
  const db = () => ctx.handle.db;
  let dayOffset = 20;

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string, body?: object) => {
    const r = request(ctx.app)[method](`/v1${path}`).set(bearer(token));
    return body ? r.send(body) : r;
  };
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };
  /** An event of the domaine (15 € a person, an 8 € option, a 1 € tourist tax) and `slots` one-off slots on distinct days. */
  const makeEvent = async (places: number, slots = 1) => {
    const ev = await call('post', '/events', owner, {
      title: `Visite ${dayOffset}`,
      durationMinutes: 90,
      rates: [
        { name: 'Adulte', priceCents: 1500 },
        { name: 'Planche', priceCents: 800, optional: true },
        { name: 'Taxe de séjour', priceCents: 100, touristTax: true },
      ],
      placesPerSlot: places,
    });
    expect(ev.status).toBe(201);
    const ids: number[] = [];
    for (let i = 0; i < slots; i++) {
      const made = await call('post', `/events/${ev.body.id}/slots`, owner, {
        mode: 'oneOff',
        date: isoDay(Date.now() + dayOffset++ * DAY),
        time: '10:00',
      });
      ids.push(made.body.created[0].id);
    }
    return { eventId: ev.body.id as number, slotIds: ids };
  };
  const book = (token: string, body: Record<string, unknown>) => call('post', '/reservations', token, body);
  const slotRow = async (id: number) => (await db().select().from(eventSlots).where(eq(eventSlots.id, id)))[0];
  const adults = (n: number, planche = 0) => [
    { name: 'Adulte', quantity: n },
    { name: 'Planche', quantity: planche },
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    const brasserieId = (await request(ctx.app).get('/v1/shops/brasserie-demo')).body.id;
    // the brasserie has the module off in the demo: on here, so that its owner reaches the routes (and gets 404s)
    await db().execute(sql`update shops set integration = integration || '{"reservations":{"active":true}}'`);
    const [c] = await db()
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, domaineId), isNotNull(crmClients.email), eq(crmClients.status, 'active')))
      .limit(1);
    clientId = c.id;
    const [other] = await db().insert(crmClients).values({ shopId: brasserieId, firstname: 'Autre', lastname: 'Boutique' }).returning();
    otherClientId = other.id;
    [{ id: ownerId }] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
  });
  afterAll(async () => {
    await iamWith({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    await ctx.close();
  });

  it('books for a client as the checkout prices it, takes the counting places only, notifies and mails; bad input names the field', async () => {
    const { eventId, slotIds } = await makeEvent(10);
    const slotId = slotIds[0];
    const base = { clientId, eventId, slotId, prices: adults(2, 1), settle: { mode: 'later' } };
    const bad = async (body: object, status: number, field: string, message: string) => {
      const res = await book(owner, { ...base, ...body });
      expect({ status: res.status, body: res.body }).toEqual({ status, body: { success: false, field, message } });
    };
    await bad({ clientId: undefined }, 400, 'clientId', 'Le client est obligatoire');
    await bad({ clientId: otherClientId }, 400, 'clientId', 'Client introuvable');
    await bad({ prices: [{ name: 'Sénior', quantity: 1 }] }, 400, 'prices.0.name', "Le tarif « Sénior » n'existe pas pour cet événement");
    await bad({ prices: adults(0, 2) }, 400, 'prices', 'Ajoutez au moins un participant');
    await bad(
      { prices: [{ name: 'Adulte', quantity: 1.5 }] },
      400,
      'prices.0.quantity',
      'La quantité doit être un nombre entier entre 0 et 1000',
    );
    await bad({ settle: { mode: 'now' } }, 400, 'settle.method', 'Choisissez le moyen de paiement');
    await bad({ settle: { mode: 'soon' } }, 400, 'settle.mode', 'Le règlement vaut now (maintenant) ou later (plus tard)');
    const other = await makeEvent(5);
    await bad({ slotId: other.slotIds[0] }, 400, 'slotId', "Aucun créneau n'est disponible");
    await bad({ slotId: 999999 }, 400, 'slotId', "Aucun créneau n'est disponible");
    expect((await slotRow(slotId)).placesLeft).toBe(10);

    // the checkout's price of the same booking
    const cart = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({
        orders: [
          {
            seller: { id: domaineId },
            products: [],
            reservations: [{ eventId, selectedSlot: { id: slotId }, selectedPrices: adults(2, 1) }],
          },
        ],
      });
    expect(cart.body[0].price.totalTTC).toBe(2 * 1500 + 800 + 2 * 100);

    await iamWith({ seeAllResa: true, createResa: true });
    const res = await book(iam, base);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'validated', paymentStatus: 'pending', totalTTC: cart.body[0].price.totalTTC, invoice: null });
    expect(res.body.message).toBe(`Réservation ${res.body.number} enregistrée`);
    const [o] = await db().select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(o).toMatchObject({
      shopId: domaineId,
      clientId,
      source: 'backoffice',
      hasReservations: true,
      hasProducts: false,
      totalTTC: 4000,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, o.id));
    expect(lines.map((l) => [l.kind, l.label.split(' — ')[1], l.quantity, l.reserved, l.totalTTC]).sort()).toEqual(
      [
        ['reservation', 'Adulte', 2, 2, 3000],
        ['reservation', 'Planche', 1, 0, 800],
        ['touristTax', 'Taxe de séjour', 2, 0, 200],
      ].sort(),
    );
    expect((await slotRow(slotId)).placesLeft).toBe(8);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'newResa'), eq(notifications.redirectLink, `/dashboard/reservations/${o.id}`)));
    expect(notes.map((n) => n.userId)).toEqual([ownerId]);
    expect(notes[0].content).toContain(`Nouvelle réservation ${o.number}`);
    const [mail] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `reservation-confirmation:${o.id}:${slotId}`));
    expect(mail.kind).toBe('mail');
    expect((mail.payload as { to: string }).to).toBe(o.buyerEmail);

    // the slot view lists the booking with its participants
    const day = shopDate((await slotRow(slotId)).startsAt);
    const view = await call('get', `/reservations/slots?from=${day}&to=${day}&eventId=${eventId}`, owner);
    expect(view.status).toBe(200);
    expect(view.body.days).toEqual([
      {
        date: day,
        slots: [
          expect.objectContaining({
            id: slotId,
            places: 10,
            placesLeft: 8,
            booked: 2,
            checkInOpen: false,
            bookings: [
              expect.objectContaining({
                orderId: o.id,
                persons: 2,
                options: 1,
                totalTTC: 4000,
                checkedInAt: null,
                lines: [
                  expect.objectContaining({ rate: 'Adulte', quantity: 2, optional: false }),
                  expect.objectContaining({ rate: 'Planche', optional: true }),
                ],
              }),
            ],
          }),
        ],
      },
    ]);
    expect((await call('get', `/reservations/slots?from=${day}&to=2020-01-01`, owner)).body).toMatchObject({ field: 'to' });
    expect((await call('get', '/reservations/slots?from=2026-13-01', owner)).body).toMatchObject({ field: 'from' });
  });

  it('settled now: the sales module invoices it and records the payment; the invoice is then credited when cancelled', async () => {
    const { eventId, slotIds } = await makeEvent(6);
    const res = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(3), settle: { mode: 'now', method: 'cash' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      paymentStatus: 'paid',
      totalTTC: 4800,
      message: `Réservation ${res.body.number} enregistrée et réglée`,
    });
    expect(res.body.invoice.number).toMatch(/^F\d{4}-\d{5}$/);
    const [inv] = await db().select().from(invoices).where(eq(invoices.id, res.body.invoice.id));
    expect(inv).toMatchObject({ orderId: res.body.orderId, totalTTC: 4800, paid: 4800, paymentStatus: 'paid' });
    expect((await slotRow(slotIds[0])).placesLeft).toBe(3);

    const detail = await call('get', `/reservations/${res.body.orderId}`, owner);
    expect(detail.body).toMatchObject({ active: true, invoiced: true, paid: true, bookings: [expect.objectContaining({ persons: 3 })] });

    // cancelled with a credit note kept as the client's credit: places back, once
    const cancelled = await call('post', `/reservations/${res.body.orderId}/cancel`, owner, { refund: 'credit' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.creditNote.number).toMatch(/^AV\d{4}-\d{5}$/);
    expect(cancelled.body.message).toBe(`Réservation annulée : avoir ${cancelled.body.creditNote.number}`);
    const [credit] = await db().select().from(invoices).where(eq(invoices.id, cancelled.body.creditNote.id));
    expect(credit).toMatchObject({ kind: 'credit', relatedInvoiceId: inv.id, totalTTC: 4800, creditRemaining: 4800 });
    expect((await slotRow(slotIds[0])).placesLeft).toBe(6);
    const [o] = await db().select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(o.status).toBe('cancelled');
    const again = await call('post', `/reservations/${res.body.orderId}/cancel`, owner, { refund: 'credit' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Cette réservation est déjà annulée');
    expect((await slotRow(slotIds[0])).placesLeft).toBe(6);
    expect((await call('post', `/reservations/${res.body.orderId}/cancel`, owner, { refund: 'maybe' })).body).toMatchObject({
      field: 'refund',
      message: 'Le remboursement vaut refund (rembourser), credit (avoir) ou none (aucun)',
    });

    // refunded: the credit note records the payment out, by the method it was paid with
    const paid = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'now', method: 'cheque' } });
    const refunded = await call('post', `/reservations/${paid.body.orderId}/cancel`, owner, { refund: 'refund' });
    expect(refunded.status).toBe(200);
    const out = await db().select().from(salesPayments).where(eq(salesPayments.creditNoteId, refunded.body.creditNote.id));
    expect(out).toEqual([expect.objectContaining({ direction: 'out', method: 'cheque', amount: 1600 })]);
    expect((await db().select().from(orders).where(eq(orders.id, paid.body.orderId)))[0].paymentStatus).toBe('refunded');

    // settled later and cancelled without refund: places back, no document
    const later = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(2), settle: { mode: 'later' } });
    expect((await slotRow(slotIds[0])).placesLeft).toBe(4);
    const none = await call('post', `/reservations/${later.body.orderId}/cancel`, owner, { refund: 'none' });
    expect(none.body).toEqual({ success: true, message: 'Réservation annulée', creditNote: null });
    expect((await slotRow(slotIds[0])).placesLeft).toBe(6);

    // a reservation of the public checkout (the demo one, waiting for its cheque): its places and payment let go
    const [shopOrder] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, domaineId), eq(orders.source, 'shop'), eq(orders.hasReservations, true)));
    const [held] = await db()
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, shopOrder.id), eq(orderLines.kind, 'reservation'), sql`${orderLines.reserved} > 0`));
    const before = (await slotRow(held.slotId!)).placesLeft;
    const checkout = await call('post', `/reservations/${shopOrder.id}/cancel`, owner, { refund: 'none' });
    expect(checkout.status).toBe(200);
    expect((await slotRow(held.slotId!)).placesLeft).toBe(before + held.reserved);
    const after = (await db().select().from(orders).where(eq(orders.id, shopOrder.id)))[0];
    expect(after.status).toBe('cancelled');
    expect(after.paymentStatus).toBe('cancelled');
  });

  it('the last places booked at once: never below zero, the others told the slot is full', async () => {
    const { eventId, slotIds } = await makeEvent(3);
    const results = await Promise.all(
      Array.from({ length: 7 }, () => book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'later' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body).toEqual({ success: false, message: 'Ce créneau est complet', field: 'slotId' });
    expect((await slotRow(slotIds[0])).placesLeft).toBe(0);
    const held = await db()
      .select({ n: sql<number>`coalesce(sum(${orderLines.reserved}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.slotId, slotIds[0]));
    expect(held[0].n).toBe(3);
  });

  it('books an event that is not online, and cancelled from the order screen (sales action) gives its places back', async () => {
    const { eventId, slotIds } = await makeEvent(5);
    // not on the shop's pages: the checkout refuses it, the staff still books it
    await db().update(events).set({ online: false }).where(eq(events.id, eventId));
    const res = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(3, 1), settle: { mode: 'later' } });
    expect(res.status).toBe(201);
    expect((await slotRow(slotIds[0])).placesLeft).toBe(2);
    const cancel = await call('post', `/sales/orders/${res.body.orderId}/actions/cancel`, owner, { reason: 'Client empêché' });
    expect(cancel.status).toBe(200);
    expect((await slotRow(slotIds[0])).placesLeft).toBe(5);
    const held = await db()
      .select({ n: sql<number>`coalesce(sum(${orderLines.reserved}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.orderId, res.body.orderId));
    expect(held[0].n).toBe(0);
  });

  it('moves a booking to another slot of the event: places given back and taken at once; full, past or foreign slots refused', async () => {
    const { eventId, slotIds } = await makeEvent(4, 3);
    const [a, b, c] = slotIds;
    const res = await book(owner, { clientId, eventId, slotId: a, prices: adults(2, 1), settle: { mode: 'later' } });
    const detail = await call('get', `/reservations/${res.body.orderId}`, owner);
    const lineId = detail.body.bookings[0].lineId as number;

    const moved = await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: b });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ message: 'Réservation déplacée', booking: { slotId: b, persons: 2, options: 1, totalTTC: 4000 } });
    expect([(await slotRow(a)).placesLeft, (await slotRow(b)).placesLeft]).toEqual([4, 2]);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, res.body.orderId));
    expect(lines.every((l) => l.slotId === b)).toBe(true);

    // c full: refused with what is left, nothing moved
    await book(owner, { clientId, eventId, slotId: c, prices: adults(3), settle: { mode: 'later' } });
    const full = await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: c });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({
      success: false,
      field: 'slotId',
      message: 'Nombre maximum de places atteint pour ce créneau : il reste 1 place(s)',
    });
    expect([(await slotRow(b)).placesLeft, (await slotRow(c)).placesLeft]).toEqual([2, 1]);

    const [past] = await db()
      .insert(eventSlots)
      .values({
        shopId: domaineId,
        eventId,
        startsAt: new Date(Date.now() - 2 * DAY),
        endsAt: new Date(Date.now() - 2 * DAY + 3_600_000),
        places: 4,
        placesLeft: 4,
      })
      .returning();
    const tooLate = await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: past.id });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe('Ce créneau est passé : choisissez un créneau à venir');
    const foreign = await makeEvent(4);
    expect((await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: foreign.slotIds[0] })).body).toMatchObject({
      field: 'slotId',
      message: "Aucun créneau n'est disponible",
    });
    expect((await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: b })).body.message).toBe(
      'La réservation est déjà sur ce créneau',
    );
    expect((await call('post', `/reservations/lines/${lineId}/move`, owner, {})).body).toMatchObject({ field: 'slotId' });
  });

  it('check-in only on the slot’s day (shop time), with who; undone the same day; a checked-in booking does not move', async () => {
    const { eventId, slotIds } = await makeEvent(8, 2);
    const res = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(2), settle: { mode: 'later' } });
    const lineId = (await call('get', `/reservations/${res.body.orderId}`, owner)).body.bookings[0].lineId as number;
    const early = await call('post', `/reservations/lines/${lineId}/check-in`, owner);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Le pointage n'est possible que le jour du créneau");

    // the day has come: the slot starts at midnight today, shop time
    const today = shopDate(new Date());
    const start = shopTime(today, '00:00');
    await db()
      .update(eventSlots)
      .set({ startsAt: start, endsAt: new Date(start.getTime() + 90 * 60_000) })
      .where(eq(eventSlots.id, slotIds[0]));
    const done = await call('post', `/reservations/lines/${lineId}/check-in`, owner);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: 'Participants pointés', booking: { checkedInBy: { id: ownerId } } });
    expect(done.body.booking.checkedInAt).not.toBeNull();
    const view = await call('get', `/reservations/slots?from=${today}&to=${today}&eventId=${eventId}`, owner);
    expect(view.body.days[0].slots[0]).toMatchObject({
      checkInOpen: true,
      bookings: [expect.objectContaining({ checkedInBy: { id: ownerId, name: expect.any(String) } })],
    });
    const move = await call('post', `/reservations/lines/${lineId}/move`, owner, { slotId: slotIds[1] });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe('Les participants sont déjà pointés : annulez le pointage avant de déplacer la réservation');
    const undone = await call('delete', `/reservations/lines/${lineId}/check-in`, owner);
    expect(undone.body).toMatchObject({ message: 'Pointage annulé', booking: { checkedInAt: null, checkedInBy: null } });

    // yesterday's slot: over
    await db()
      .update(eventSlots)
      .set({ startsAt: new Date(start.getTime() - DAY), endsAt: new Date(start.getTime() - DAY + 3_600_000) })
      .where(eq(eventSlots.id, slotIds[0]));
    expect((await call('post', `/reservations/lines/${lineId}/check-in`, owner)).status).toBe(409);
  });

  it('queues the reminder of tomorrow’s bookings once', async () => {
    const { eventId, slotIds } = await makeEvent(8);
    const res = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(2), settle: { mode: 'later' } });
    const tomorrow = nextDay(shopDate(new Date()));
    const start = shopTime(tomorrow, '10:00');
    await db()
      .update(eventSlots)
      .set({ startsAt: start, endsAt: new Date(start.getTime() + 90 * 60_000) })
      .where(eq(eventSlots.id, slotIds[0]));
    const reminders = createReservationReminders({ db: db(), logger: createLogger('silent') });
    const key = `reservation-reminder:${res.body.orderId}:${slotIds[0]}:${tomorrow}`;
    expect(await reminders.sendDue()).toBeGreaterThanOrEqual(1);
    expect(await reminders.sendDue()).toBe(0);
    const queued = await db().select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(queued).toHaveLength(1);
    expect((queued[0].payload as { subject: string }).subject).toMatch(/^Rappel : Visite \d+ demain — /);
    const lines = await db()
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, res.body.orderId), eq(orderLines.kind, 'reservation')));
    expect(lines.every((l) => l.reminderSentAt !== null)).toBe(true);
  });

  it('scoping: another shop’s ids → 404; seeAllResa reads, createResa writes; module off → 403', async () => {
    const { eventId, slotIds } = await makeEvent(5);
    const res = await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'later' } });
    const lineId = (await call('get', `/reservations/${res.body.orderId}`, owner)).body.bookings[0].lineId as number;
    const notFound = [
      await call('get', `/reservations/${res.body.orderId}`, owner2),
      await call('post', `/reservations/${res.body.orderId}/cancel`, owner2, { refund: 'none' }),
      await call('post', `/reservations/lines/${lineId}/move`, owner2, { slotId: slotIds[0] }),
      await call('post', `/reservations/lines/${lineId}/check-in`, owner2),
      await call('delete', `/reservations/lines/${lineId}/check-in`, owner2),
      await call('get', `/reservations/slots?eventId=${eventId}`, owner2),
      await call('get', `/reservations/events?eventId=${eventId}`, owner2),
      await call('get', '/reservations/abc', owner),
      await call('post', '/reservations/lines/0/move', owner, { slotId: slotIds[0] }),
    ];
    expect(notFound.map((r) => r.status)).toEqual(Array(9).fill(404));
    expect(notFound[0].body).toEqual({ success: false, message: 'Réservation introuvable' });
    // another shop's client and slot are not bookable
    expect(
      (await book(owner2, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'later' } })).body,
    ).toMatchObject({
      field: 'clientId',
    });
    // an order without reservation is not one
    const [plain] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.shopId, domaineId), eq(orders.hasReservations, false)))
      .limit(1);
    expect((await call('get', `/reservations/${plain.id}`, owner)).status).toBe(404);

    await iamWith({ seeAllResa: true });
    expect((await call('get', '/reservations/slots', iam)).status).toBe(200);
    expect((await call('get', `/reservations/${res.body.orderId}`, iam)).status).toBe(200);
    const denied = [
      await book(iam, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'later' } }),
      await call('post', `/reservations/${res.body.orderId}/cancel`, iam, { refund: 'none' }),
      await call('post', `/reservations/lines/${lineId}/move`, iam, { slotId: slotIds[0] }),
      await call('post', `/reservations/lines/${lineId}/check-in`, iam),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    await iamWith({ createResa: true });
    expect((await call('get', '/reservations/slots', iam)).status).toBe(403);
    expect((await call('get', '/reservations/events', iam)).status).toBe(200);
    expect((await call('get', '/reservations/slots', buyer)).status).toBe(403);
    expect((await request(ctx.app).get('/v1/reservations/slots')).status).toBe(401);

    await db()
      .update(shops)
      .set({ integration: sql`${shops.integration} || '{"reservations":{"active":false}}'` })
      .where(eq(shops.id, domaineId));
    try {
      const off = await call('get', '/reservations/slots', owner);
      expect(off.status).toBe(403);
      expect(off.body.message).toBe('Ce module n’est pas activé pour votre boutique');
      expect((await book(owner, { clientId, eventId, slotId: slotIds[0], prices: adults(1), settle: { mode: 'later' } })).status).toBe(403);
    } finally {
      await db()
        .update(shops)
        .set({ integration: sql`${shops.integration} || '{"reservations":{"active":true}}'` })
        .where(eq(shops.id, domaineId));
    }
    expect((await slotRow(slotIds[0])).placesLeft).toBe(4);
  });
});
