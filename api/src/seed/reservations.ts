import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users, type ShopMemberRow } from '../platform/db/tables';
import type { UserAuthContext } from '../platform/auth/middleware';
import { createLogger, type Logger } from '../platform/logger';
import { eventSlots, events } from '../modules/catalog';
import { crmClients } from '../modules/clients';
import { shopDate, shopTime } from '../modules/events';
import { orders, type OrdersService } from '../modules/orders';
import { createReservationsService, type ReservationInput } from '../modules/reservations';
import { billingSettings, createSalesService } from '../modules/sales';

/**
 * Demo reservations of Domaine de Démo, after the sales documents (a reservation settled now is invoiced):
 * a slot of the visit today with two bookings (one settled in cash and checked in, one to settle later), and bookings on
 * the next slots of the walk (paid by card) and of the food and wine workshop (to settle later). Everything goes
 * through the reservations service (the checkout's prices, the places taken, the invoice and payment, the mails and the
 * `newResa` notification). Idempotent: nothing is done once the shop has a back-office reservation.
 */
export async function seedReservations(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db, logger ?? createLogger('silent'));
  } catch (err) {
    logger?.error({ err }, 'seedReservations failed: no demo reservations');
  }
}

async function seed(db: Db, logger: Logger): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  const done = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shopId, shop.id), eq(orders.source, 'backoffice'), eq(orders.hasReservations, true)))
    .limit(1);
  if (done.length) return;
  if (!(await db.select({ id: billingSettings.shopId }).from(billingSettings).where(eq(billingSettings.shopId, shop.id))).length) return;
  const staff = await db
    .select({ m: shopMembers, email: users.email })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(eq(shopMembers.shopId, shop.id));
  const owner = staff.find((s) => s.m.kind === 'owner')?.m;
  // a booking taken by the iam: the owner hears of it (newResa)
  const iam = staff.find((s) => s.m.kind === 'iam')?.m ?? owner;
  if (!owner || !iam) return;
  const clients = await db
    .select()
    .from(crmClients)
    .where(
      and(
        eq(crmClients.shopId, shop.id),
        eq(crmClients.status, 'active'),
        sql`${crmClients.email} is not null`,
        sql`${crmClients.userId} is null`,
      ),
    )
    .orderBy(asc(crmClients.id))
    .limit(4);
  if (clients.length < 4) return;
  const evs = await db.select().from(events).where(eq(events.shopId, shop.id));
  const event = (title: string) => evs.find((e) => e.title === title);
  const visit = event('Visite des caves et dégustation');
  const walk = event('Balade dans les vignes');
  const workshop = event('Atelier accords mets et vins');
  if (!visit || !walk || !workshop) return;

  // the reservations service only needs the orders module to cancel a checkout order: not here
  const sales = createSalesService({ db, orders: {} as OrdersService });
  const service = createReservationsService({ db, sales, orders: {} as OrdersService, logger });
  const as = (m: ShopMemberRow) => ({ auth: { user: { id: m.userId }, memberships: [m] } as unknown as UserAuthContext, member: m });
  const nextSlot = async (eventId: number) =>
    (
      await db
        .select()
        .from(eventSlots)
        .where(and(eq(eventSlots.eventId, eventId), sql`${eventSlots.startsAt} > now()`, sql`${eventSlots.placesLeft} >= 4`))
        .orderBy(asc(eventSlots.startsAt))
        .limit(1)
    )[0];
  const book = (m: ShopMemberRow, input: ReservationInput, now?: Date) => {
    const who = as(m);
    return service.create(who.auth, who.member, input, now);
  };

  // today: a visit this afternoon (shop time), booked yesterday
  const today = shopDate(new Date());
  const start = shopTime(today, '14:00');
  const [todaySlot] = await db
    .insert(eventSlots)
    .values({
      shopId: shop.id,
      eventId: visit.id,
      name: 'Après-midi',
      startsAt: start,
      endsAt: new Date(start.getTime() + 90 * 60_000),
      places: 12,
      placesLeft: 12,
    })
    .returning();
  const yesterday = new Date(start.getTime() - 86_400_000);
  const family = await book(
    owner,
    {
      clientId: clients[0].id,
      eventId: visit.id,
      slotId: todaySlot.id,
      prices: [
        { name: 'Adulte', quantity: 2 },
        { name: 'Enfant', quantity: 1 },
        { name: 'Planche de fromages', quantity: 1 },
      ],
      settle: { mode: 'now', method: 'cash' },
      notes: 'Une poussette',
    },
    yesterday,
  );
  await book(
    iam,
    {
      clientId: clients[1].id,
      eventId: visit.id,
      slotId: todaySlot.id,
      prices: [{ name: 'Adulte', quantity: 4 }],
      settle: { mode: 'later' },
      notes: null,
    },
    yesterday,
  );
  // the family has arrived
  const detail = await service.detail(shop.id, family.orderId);
  const who = as(owner);
  await service.checkIn(who.auth, who.member, detail.bookings[0].lineId, true);

  // the next slots of the walk and of the workshop
  const walkSlot = await nextSlot(walk.id);
  if (walkSlot)
    await book(owner, {
      clientId: clients[2].id,
      eventId: walk.id,
      slotId: walkSlot.id,
      prices: [{ name: 'Adulte', quantity: 3 }],
      settle: { mode: 'now', method: 'card' },
      notes: null,
    });
  const workshopSlot = await nextSlot(workshop.id);
  if (workshopSlot)
    await book(iam, {
      clientId: clients[3].id,
      eventId: workshop.id,
      slotId: workshopSlot.id,
      prices: [{ name: 'Participant', quantity: 2 }],
      settle: { mode: 'later' },
      notes: null,
    });
}
