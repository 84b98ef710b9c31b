import request from 'supertest';
import { eq } from 'drizzle-orm';
import { shopMembers, users } from '../../platform/db/tables';
import { eventSlots, events } from '../catalog';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { shopClock, shopDate } from './events.schedule';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('back-office events', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let domaineId: number;
  const db = () => ctx.handle.db;

  const visite = {
    title: 'Visite du chai à barriques',
    description: 'Une heure et demie dans le chai',
    location: 'Chai principal',
    durationMinutes: 90,
    languages: ['fr', 'en'],
    message: 'Prévoyez des chaussures fermées',
    mandatoryReservation: true,
    rates: [
      { name: 'Adulte', priceCents: 1500 },
      { name: 'Planche', priceCents: 800, optional: true },
      { name: 'Taxe de séjour', priceCents: 100, touristTax: true },
    ],
    placesPerSlot: 6,
    online: true,
  };
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, token: string, body?: object) => {
    const r = request(ctx.app)[method](`/v1${path}`).set(bearer(token));
    return body ? r.send(body) : r;
  };
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };
  const createEvent = async (over: Record<string, unknown> = {}) => {
    const res = await call('post', '/events', owner, { ...visite, ...over });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };
  /** A Monday at least a week ahead. */
  const futureMonday = () => {
    let t = Date.now() + 7 * DAY;
    while (new Date(t).getUTCDay() !== 1) t += DAY;
    return Date.parse(`${isoDay(t)}T00:00:00Z`);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates an event, refuses a bad one with the field named, changes it, and lists it with its next slot and places', async () => {
    const bad = async (body: object, field: string, message: string) => {
      const res = await call('post', '/events', owner, { ...visite, ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field, message });
    };
    await bad({ title: '  ' }, 'title', 'Le titre est obligatoire');
    await bad({ placesPerSlot: 0 }, 'placesPerSlot', 'Le nombre de places par créneau doit être un entier entre 1 et 10000');
    await bad(
      { rates: [{ name: 'Planche', priceCents: 800, optional: true }] },
      'rates',
      'Ajoutez au moins un tarif qui compte des participants',
    );
    await bad(
      {
        rates: [
          { name: 'Adulte', priceCents: 1500 },
          { name: 'adulte', priceCents: 900 },
        ],
      },
      'rates.1.name',
      'Ce nom de tarif est déjà utilisé',
    );
    await bad({ rates: [{ name: 'Adulte', priceCents: -1 }] }, 'rates.0.priceCents', 'Le prix doit être un montant positif en centimes');
    await bad({ languages: ['xx'] }, 'languages.0', 'Langue inconnue');

    const created = await call('post', '/events', owner, visite);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: visite.title,
      durationMinutes: 90,
      placesPerSlot: 6,
      online: true,
      rates: [
        { name: 'Adulte', priceCents: 1500, optional: false, touristTax: false },
        { name: 'Planche', priceCents: 800, optional: true, touristTax: false },
        { name: 'Taxe de séjour', priceCents: 100, optional: false, touristTax: true },
      ],
      slots: [],
      nextSlot: null,
      message: 'Événement créé',
    });
    const id = created.body.id as number;
    const day = isoDay(Date.now() + 10 * DAY);
    const made = await call('post', `/events/${id}/slots`, owner, { mode: 'oneOff', date: day, time: '10:00' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('1 créneau créé');

    const put = await call('put', `/events/${id}`, owner, { ...visite, title: 'Visite du chai', placesPerSlot: 8, online: false });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Visite du chai', placesPerSlot: 8, online: false, message: 'Événement mis à jour' });
    // the slot already made keeps its 6 places; the schedule it came from is kept
    expect(put.body.slots).toEqual([expect.objectContaining({ places: 6, placesLeft: 6, booked: 0, allDay: false })]);
    expect(put.body.schedule.rules).toEqual([expect.objectContaining({ mode: 'oneOff', date: day, time: '10:00', places: 6, slots: 1 })]);

    const list = await call('get', '/events?q=chai&pageSize=50', owner);
    expect(list.status).toBe(200);
    const item = list.body.items.find((e: { id: number }) => e.id === id);
    expect(item).toMatchObject({ title: 'Visite du chai', online: false, upcomingSlots: 1, placesBooked: 0, placesLeft: 6 });
    expect(shopDate(new Date(item.nextSlot.start))).toBe(day);
    expect(shopClock(new Date(item.nextSlot.start))).toBe('10:00');
    expect((await call('get', '/events?online=false', owner)).body.items.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await call('get', '/events?online=maybe', owner)).body).toMatchObject({ field: 'online' });

    // offline: not on the shop's public pages
    const pub = await request(ctx.app).get('/v1/shops/domaine-demo/events');
    expect(pub.status).toBe(200);
    expect(pub.body.map((e: { id: number }) => e.id)).not.toContain(id);
    await call('put', `/events/${id}`, owner, { ...visite, online: true });
    const again = await request(ctx.app).get('/v1/shops/domaine-demo/events');
    expect(again.body.find((e: { id: number }) => e.id === id)).toMatchObject({
      slots: [expect.objectContaining({ places: 6, placesLeft: 6 })],
    });
  });

  it('recurring: Tue and Sat at 10:00 and 15:00 over 3 weeks minus one exception → exactly those slots, once, in one go', async () => {
    const { id } = await createEvent({ title: 'Dégustation du samedi' });
    const monday = futureMonday();
    const at = (dayOffset: number) => isoDay(monday + dayOffset * DAY);
    const schedule = {
      mode: 'recurring',
      from: at(0),
      to: at(20),
      weekdays: [2, 6],
      times: ['10:00', '15:00'],
      exceptions: [at(12)], // the second Saturday
      name: 'Visite guidée',
    };
    const res = await call('post', `/events/${id}/slots`, owner, schedule);
    expect(res.status).toBe(201);
    const expected = [1, 5, 8, 15, 19].flatMap((d) => [`${at(d)} 10:00`, `${at(d)} 15:00`]);
    const label = (s: { start: string }) => `${shopDate(new Date(s.start))} ${shopClock(new Date(s.start))}`;
    expect(res.body.created.map(label)).toEqual(expected);
    expect(res.body).toMatchObject({ duplicates: 0, past: 0, message: '10 créneaux créés' });
    expect(res.body.created.every((s: { places: number; name: string }) => s.places === 6 && s.name === 'Visite guidée')).toBe(true);
    expect(res.body.created.every((s: { start: string; end: string }) => Date.parse(s.end) - Date.parse(s.start) === 90 * 60_000)).toBe(
      true,
    );

    // the same schedule over a longer range: only the new week is made, nothing twice
    const more = await call('post', `/events/${id}/slots`, owner, { ...schedule, to: at(27) });
    expect(more.status).toBe(201);
    expect(more.body.created.map(label)).toEqual([`${at(22)} 10:00`, `${at(22)} 15:00`, `${at(26)} 10:00`, `${at(26)} 15:00`]);
    expect(more.body).toMatchObject({ duplicates: 10, message: '4 créneaux créés (10 déjà existants, non recréés)' });
    const rows = await db().select().from(eventSlots).where(eq(eventSlots.eventId, id));
    expect(rows).toHaveLength(14);
    const [ev] = await db().select().from(events).where(eq(events.id, id));
    expect((ev.schedule as { rules: unknown[] }).rules).toHaveLength(2);

    // period mode: days without hours; a past schedule and a too long one are refused, naming the field
    const period = await call('post', `/events/${id}/slots`, owner, { mode: 'period', from: at(30), to: at(31), name: 'Journée' });
    expect(period.status).toBe(201);
    expect(period.body.created).toEqual([
      expect.objectContaining({ allDay: true, name: 'Journée' }),
      expect.objectContaining({ allDay: true }),
    ]);
    const past = await call('post', `/events/${id}/slots`, owner, { mode: 'oneOff', date: '2020-01-01', time: '10:00' });
    expect(past.body).toMatchObject({ field: 'date', message: 'Ce planning ne produit aucun créneau à venir' });
    expect(past.status).toBe(400);
    const huge = await call('post', `/events/${id}/slots`, owner, {
      mode: 'recurring',
      from: at(0),
      to: at(300),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: ['09:00', '10:00', '11:00', '12:00'],
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      field: 'schedule',
      message: 'Ce planning produirait plus de 1000 créneaux : réduisez la période ou les horaires',
    });
    const noDuration = await createEvent({ title: 'Sans durée', durationMinutes: null });
    const refused = await call('post', `/events/${noDuration.id}/slots`, owner, { mode: 'oneOff', date: at(3), time: '10:00' });
    expect(refused.body).toMatchObject({
      field: 'durationMinutes',
      message: "Renseignez la durée de l'événement pour créer des créneaux horaires",
    });
    expect((await db().select().from(eventSlots).where(eq(eventSlots.eventId, noDuration.id))).length).toBe(0);
  });

  it('10 bookings of 1 place at once on a 6-place slot through the checkout: 6 succeed, 4 are told the slot is full, never below 0', async () => {
    const { id } = await createEvent({ title: 'Atelier assemblage' });
    const made = await call('post', `/events/${id}/slots`, owner, { mode: 'oneOff', date: isoDay(Date.now() + 12 * DAY), time: '14:00' });
    const slotId = made.body.created[0].id as number;
    const order = {
      seller: { id: domaineId },
      products: [],
      reservations: [{ eventId: id, selectedSlot: { id: slotId }, selectedPrices: [{ name: 'Adulte', quantity: 1 }] }],
    };
    const priced = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [order] });
    expect(priced.status).toBe(200);
    expect(priced.body[0].price.totalTTC).toBe(1600); // 15 € + 1 € of tourist tax
    const address = {
      firstname: 'Béatrice',
      lastname: 'Acheteuse',
      street: '12 rue des Vignes',
      zipcode: '69002',
      city: 'Lyon',
      country: 'FR',
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(ctx.app)
          .post('/v1/orders')
          .set(bearer(buyer))
          .send({
            order,
            deliveryAddress: null,
            billingAddress: address,
            phone: '+33612345678',
            shipping: {},
            paymentMethod: 'check',
            acceptTerms: true,
            expectedTotalTTC: priced.body[0].price.totalTTC,
            idempotencyKey: `events-parallel-${Date.now()}-${i}`,
          }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 201, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.body.message).toBe('Ce créneau est complet');
      expect(r.body.errors[0]).toMatchObject({ field: 'reservations[0]' });
    }
    const [slot] = await db().select().from(eventSlots).where(eq(eventSlots.id, slotId));
    expect(slot.placesLeft).toBe(0);
    const detail = await call('get', `/events/${id}`, owner);
    expect(detail.body).toMatchObject({ placesBooked: 6, placesLeft: 0 });
    expect(detail.body.slots).toEqual([expect.objectContaining({ id: slotId, places: 6, placesLeft: 0, booked: 6 })]);

    // a booked slot cannot be deleted; an empty one can, once
    const refused = await call('delete', `/events/${id}/slots/${slotId}`, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ce créneau a déjà des réservations : il ne peut pas être supprimé');
    const other = await call('post', `/events/${id}/slots`, owner, { mode: 'oneOff', date: isoDay(Date.now() + 13 * DAY), time: '14:00' });
    const emptyId = other.body.created[0].id as number;
    const deleted = await call('delete', `/events/${id}/slots/${emptyId}`, owner);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Créneau supprimé' });
    expect((await call('delete', `/events/${id}/slots/${emptyId}`, owner)).body).toMatchObject({ message: 'Créneau introuvable' });
  });

  it('the checkout books online events only, and a whole-day slot until it ends (not a started hourly one)', async () => {
    const { id } = await createEvent({ title: 'Journée portes ouvertes' });
    const hour = 3_600_000;
    const [wholeDay, started] = await db()
      .insert(eventSlots)
      .values([
        {
          shopId: domaineId,
          eventId: id,
          startsAt: new Date(Date.now() - hour),
          endsAt: new Date(Date.now() + 23 * hour),
          places: 10,
          placesLeft: 10,
        },
        {
          shopId: domaineId,
          eventId: id,
          startsAt: new Date(Date.now() - hour),
          endsAt: new Date(Date.now() + hour),
          places: 10,
          placesLeft: 10,
        },
      ])
      .returning();
    const problems = async (slotId: number) => {
      const res = await request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .send({
          orders: [
            {
              seller: { id: domaineId },
              products: [],
              reservations: [{ eventId: id, selectedSlot: { id: slotId }, selectedPrices: [{ name: 'Adulte', quantity: 1 }] }],
            },
          ],
        });
      return res.body[0].problems.map((p: { message: string }) => p.message);
    };
    expect(await problems(wholeDay.id)).toEqual([]);
    expect(await problems(started.id)).toEqual(["Aucun créneau n'est disponible"]);
    const listed = (await request(ctx.app).get('/v1/shops/domaine-demo/events')).body.find((e: { id: number }) => e.id === id);
    expect(listed.slots.map((x: { id: number }) => x.id)).toEqual([wholeDay.id]);
    // offline: its id no longer books at the checkout
    const ev = (await call('get', `/events/${id}`, owner)).body;
    await call('put', `/events/${id}`, owner, { ...visite, title: ev.title, online: false });
    expect(await problems(wholeDay.id)).toEqual(["Aucun événement n'est proposé pour le moment"]);
  });

  it('accessEvent reads, createEvent writes; another shop, an unknown or malformed id → 404', async () => {
    const { id } = await createEvent({ title: 'Balade privée' });
    const day = isoDay(Date.now() + 15 * DAY);
    const slotId = (await call('post', `/events/${id}/slots`, owner, { mode: 'oneOff', date: day, time: '09:00' })).body.created[0].id;

    await iamWith({ seeAllOrder: true });
    expect((await call('get', '/events', iam)).status).toBe(403);
    expect((await call('get', `/events/${id}`, iam)).status).toBe(403);
    await iamWith({ accessEvent: true });
    expect((await call('get', '/events', iam)).status).toBe(200);
    expect((await call('get', `/events/${id}`, iam)).body.title).toBe('Balade privée');
    const denied = await call('post', '/events', iam, visite);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("Vous n'avez pas les droits nécessaires pour effectuer cette action.");
    expect((await call('put', `/events/${id}`, iam, visite)).status).toBe(403);
    expect((await call('post', `/events/${id}/slots`, iam, { mode: 'oneOff', date: day, time: '11:00' })).status).toBe(403);
    expect((await call('delete', `/events/${id}/slots/${slotId}`, iam)).status).toBe(403);
    await iamWith({ accessEvent: true, createEvent: true });
    expect((await call('post', `/events/${id}/slots`, iam, { mode: 'oneOff', date: day, time: '11:00' })).status).toBe(201);
    expect((await call('get', '/events', buyer)).status).toBe(403);
    expect((await request(ctx.app).get('/v1/events')).status).toBe(401);

    // another shop: its own (empty) list, and 404 on this shop's event whatever the verb
    expect((await call('get', '/events', owner2)).body.items.map((e: { id: number }) => e.id)).not.toContain(id);
    const notFound = [
      await call('get', `/events/${id}`, owner2),
      await call('put', `/events/${id}`, owner2, visite),
      await call('post', `/events/${id}/slots`, owner2, { mode: 'oneOff', date: day, time: '12:00' }),
      await call('delete', `/events/${id}/slots/${slotId}`, owner2),
      await call('get', '/events/999999', owner),
      await call('get', '/events/abc', owner),
    ];
    expect(notFound.map((r) => [r.status, r.body.message])).toEqual(Array(6).fill([404, 'Événement introuvable']));
    expect((await call('delete', `/events/${id}/slots/999999`, owner)).body.message).toBe('Créneau introuvable');
    // the slot of another event of the shop is not found under this one
    const second = await createEvent({ title: 'Autre' });
    expect((await call('delete', `/events/${second.id}/slots/${slotId}`, owner)).status).toBe(404);
    const [title] = await db().select({ t: events.title }).from(events).where(eq(events.id, id));
    expect(title.t).toBe('Balade privée');
    expect((await db().select().from(eventSlots).where(eq(eventSlots.id, slotId))).length).toBe(1);
  });
});
