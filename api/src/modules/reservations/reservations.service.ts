/**
 * The reservations back office. A reservation is an order with 'reservation' lines (the places taken on a
 * slot, `reserved`) and 'touristTax' lines, priced by the checkout's own `buildOrder` (same rates, tourist tax and
 * VAT as the public shop) and numbered in the orders' series.
 *
 * - create: one transaction (order, lines, places taken by the orders module's conditional update: never overbooked,
 *   history, `newResa` notification); settled now, the sales module then issues the invoice and records the payment
 *   (its numbering, its lettering; the caller acts there with the rights of the reservation flow, as primeurs do), or
 *   without billing settings the order is marked paid; the confirmation mail is queued last, with the final state.
 * - move: an order's participants on a slot (every line of that order on that slot) go to another slot of the same
 *   event: places given back on one and taken on the other in one transaction, the slot rows in id order.
 * - cancel: credit notes through the sales module when invoiced (refund or credit), then the order is cancelled and
 *   its places given back in one transaction (a checkout order through the orders module: its online payments too).
 * - check-in: on the slot's day (shop time), who and when.
 */
import {
  ACCOUNTING_RULE_MESSAGES,
  CART_MESSAGES,
  creditNoteInputSchema,
  orderActionInputSchema,
  paymentInputSchema,
  SALES_PAYMENT_METHOD_LABELS,
  type CartProblem,
  type CheckoutPaymentMethod,
} from 'shared-kernel/contracts';
import { ORDER_STATUS, toCents, vatRateOf, type OrderStatus, type VatType } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, closedPeriodOf, monthLabel, notFound } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { syncOrdersLoyalty } from '../loyalty';
import type { CrmClientRow } from '../clients';
import { findFutureSlots, nextDay, shopDate, shopTime } from '../events';
import { buildOrder, giveBackPlaces, nextCounterValue, placesLeftOf, takePlaces, type OrderRow, type OrdersService } from '../orders';
import { parisDate, type SalesService } from '../sales';
import { confirmationMail } from './reservations.mails';
import { mailBookingOf } from './reservations.reminders';
import * as repo from './reservations.repository';
import {
  RESERVATION_MESSAGES as M,
  type Booking,
  type BookableEvent,
  type CancelInput,
  type ReservationDetail,
  type ReservationInput,
  type SettleMethod,
  type SlotsAnswer,
  type SlotsQuery,
} from './reservations.schemas';
import { bookingsOf, checkInOpen, slotDetails, slotInfo } from './reservations.view';

export interface ReservationsDeps {
  db: Db;
  sales: SalesService;
  orders: OrdersService;
  logger: Logger;
}

const CLOSED: OrderStatus[] = ['cancelled', 'refused', 'aborted', 'expired'];
const statusLabel = (s: OrderStatus) => ORDER_STATUS[s]?.label ?? s;
const paidSome = (o: Pick<OrderRow, 'paymentStatus'>) => o.paymentStatus === 'paid' || o.paymentStatus === 'partial';
const MAX_DAYS = 62;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** How a reservation settled now shows on the order (the checkout's methods; the sales payment keeps the exact one). */
const ORDER_METHOD: Record<SettleMethod, CheckoutPaymentMethod> = {
  transfer: 'transfer',
  card: 'stripe',
  cheque: 'check',
  cash: 'cash',
  billOfExchange: 'bill',
  directDebit: 'stripeSepa',
  paypal: 'transfer',
  other: 'transfer',
};

/** The sales rights the reservation flow acts with for its own orders (an iam holding createResa). */
const SALES_FLAGS = { createOrder: true, billOrder: true, seeAllPayment: true } as const;
function salesStaff(auth: UserAuthContext, member: ShopMemberRow): { auth: UserAuthContext; member: ShopMemberRow } {
  if (member.kind !== 'iam' || member.authorizations == null) return { auth, member };
  const elevated = { ...member, authorizations: { ...member.authorizations, ...SALES_FLAGS } } as ShopMemberRow;
  return { member: elevated, auth: { ...auth, memberships: auth.memberships.map((m) => (m.id === member.id ? elevated : m)) } };
}

/** The client's billing address as an order keeps it (the invoice reads the client file itself). */
function addressOf(c: CrmClientRow) {
  const all = (c.addresses ?? []) as Array<{
    kind?: string;
    isDefault?: boolean;
    street?: string | null;
    streetNumber?: string | null;
    street2?: string | null;
    zipcode?: string | null;
    city?: string | null;
    country?: string | null;
  }>;
  const a = all.find((x) => x.kind === 'billing' && x.isDefault) ?? all.find((x) => x.kind === 'billing') ?? all[0];
  if (!a?.street || !a.city) return null;
  return {
    firstname: c.firstname ?? '',
    lastname: c.lastname ?? c.company ?? '',
    street: [a.streetNumber, a.street].filter(Boolean).join(' '),
    ...(a.street2 ? { street2: a.street2 } : {}),
    zipcode: a.zipcode ?? '',
    city: a.city,
    country: (a.country ?? 'FR').toUpperCase().slice(0, 2),
    ...(c.company ? { company: c.company } : {}),
  };
}

function nameOf(c: CrmClientRow): string {
  const person = [c.firstname, c.lastname].filter(Boolean).join(' ');
  return (c.kind === 'private' ? person || c.company : c.company || person) || '—';
}

/** A pricing problem of the checkout's engine as the back office answers it (the field of this form). */
function problemError(p: CartProblem): HttpError {
  if (p.message === CART_MESSAGES.noEvent) return new HttpError(400, M.eventNotFound, 'eventId');
  if (p.message === CART_MESSAGES.noSlot) return new HttpError(400, CART_MESSAGES.noSlot, 'slotId');
  if (p.message === CART_MESSAGES.emptyOrder) return new HttpError(400, M.noParticipant, 'prices');
  if (p.message === CART_MESSAGES.maxPlaces(0) || p.message.startsWith(CART_MESSAGES.maxPlaces(2).split(':')[0]))
    return new HttpError(409, p.message, 'slotId');
  return new HttpError(400, p.message, 'prices');
}

export function createReservationsService({ db, sales, orders, logger }: ReservationsDeps) {
  // ------------------------------------------------------------------ reading

  async function eventsById(dbx: DbOrTx, shopId: number) {
    const evs = await repo.findEvents(dbx, shopId);
    const byId = new Map(evs.map((e) => [e.id, e]));
    return (id: number | null) => (id == null ? undefined : byId.get(id));
  }

  /** The bookings of one order on one slot (undefined when it has none there). */
  async function bookingOf(dbx: DbOrTx, shopId: number, orderId: number, slotId: number | null): Promise<Booking | undefined> {
    const rows = await repo.findOrderBookingLines(dbx, orderId);
    return bookingsOf(rows, await eventsById(dbx, shopId)).get(`${orderId}:${slotId}`);
  }

  async function listSlots(shopId: number, q: SlotsQuery, now = new Date()): Promise<SlotsAnswer> {
    const today = shopDate(now);
    const from = q.from ?? today;
    const to = q.to ?? addDays(from, 6);
    if (to < from) throw new HttpError(400, M.rangeOrder, 'to');
    if (Date.parse(to) - Date.parse(from) > (MAX_DAYS - 1) * 86_400_000) throw new HttpError(400, M.rangeMax, 'to');
    if (q.eventId && !(await repo.findEvent(db, shopId, q.eventId))) throw notFound(M.eventNotFound);
    const slots = await repo.findSlotsBetween(db, shopId, shopTime(from), shopTime(nextDay(to)), q.eventId);
    const lines = await repo.findActiveBookingLines(
      db,
      shopId,
      slots.map((s) => s.slot.id),
    );
    const eventOf = new Map(slots.map((s) => [s.slot.eventId, { title: s.title, rates: s.rates }]));
    const bookings = bookingsOf(lines, (id) => (id == null ? undefined : eventOf.get(id)));
    const days = new Map<string, SlotsAnswer['days'][number]['slots']>();
    for (const s of slots) {
      const day = shopDate(s.slot.startsAt);
      const list = [...bookings.values()].filter((b) => b.slotId === s.slot.id);
      days.set(day, [...(days.get(day) ?? []), { ...slotInfo(s.slot, s.title, now), bookings: list }]);
    }
    return { from, to, today, days: [...days].map(([date, list]) => ({ date, slots: list })) };
  }

  /** The shop's events with their rates and slots to come (the reservation form, the move dialog). */
  async function bookableEvents(shopId: number, eventId: number | undefined, now = new Date()): Promise<BookableEvent[]> {
    const evs = await repo.findEvents(db, shopId, eventId);
    if (eventId && !evs.length) throw notFound(M.eventNotFound);
    const slots = await findFutureSlots(
      db,
      evs.map((e) => e.id),
      now,
    );
    return evs.map((e) => ({
      id: e.id,
      title: e.title,
      online: e.online,
      location: e.location,
      rates: (e.rates ?? []).map((r) => ({ name: r.name, priceCents: r.priceCents, optional: !!r.optional, touristTax: !!r.touristTax })),
      slots: slots.filter((s) => s.eventId === e.id).map((s) => slotInfo(s, e.title, now)),
    }));
  }

  async function detail(shopId: number, orderId: number, now = new Date()): Promise<ReservationDetail> {
    const o = await repo.findOrder(db, shopId, orderId);
    if (!o) throw notFound(M.orderNotFound);
    const rows = await repo.findOrderBookingLines(db, o.id);
    const bookings = [...bookingsOf(rows, await eventsById(db, shopId)).values()];
    if (!bookings.length) throw notFound(M.orderNotFound);
    const slots = await repo.findSlotsByIds(db, [...new Set(bookings.map((b) => b.slotId).filter((v): v is number => v != null))]);
    const invoices = await repo.findOrderInvoices(db, o.id);
    return {
      orderId: o.id,
      number: o.number,
      status: o.status,
      paymentStatus: o.paymentStatus,
      source: o.source,
      active: !CLOSED.includes(o.status),
      invoiced: invoices.length > 0,
      paid: paidSome(o) || invoices.some((i) => i.paid > 0),
      bookings: bookings.map((b) => {
        const s = slots.find((x) => x.slot.id === b.slotId);
        return { ...b, slot: s ? slotInfo(s.slot, s.title, now) : null };
      }),
    };
  }

  // ------------------------------------------------------------------ creating

  /** The lines of the priced reservation as the checkout snapshots them (cents; the tourist tax without VAT). */
  function snapshotLines(built: Awaited<ReturnType<typeof buildOrder>>, orderId: number) {
    const shopId = built.shop.id;
    const vatOn = built.cartOrder.seller.settings?.hasTVA !== false;
    const rates = built.cartOrder.seller.settings?.vatRate as Partial<Record<VatType, number>> | undefined;
    const out: Array<Parameters<typeof repo.insertLines>[1][number]> = [];
    for (const r of built.reservations) {
      const rate = vatOn ? vatRateOf(r.cart.vatType ?? 'standard', rates) : 0;
      const details = slotDetails(r.slot);
      for (const sp of r.cart.selectedPrices ?? []) {
        const unit = toCents(sp.priceTTC);
        const label = `${r.event.title} — ${sp.name ?? ''}`.trim();
        const base = { orderId, shopId, position: out.length, eventId: r.event.id, slotId: r.slot.id, label, details };
        if (sp.productType === 'touristTax') {
          const qty = r.cart.taxQuantities ?? 0;
          if (qty > 0)
            out.push({
              ...base,
              kind: 'touristTax',
              quantity: qty,
              unitPriceHT: unit,
              vatRate: 0,
              totalHT: unit * qty,
              totalTTC: unit * qty,
            });
          continue;
        }
        if (sp.quantity <= 0) continue;
        const ttc = unit * sp.quantity;
        out.push({
          ...base,
          kind: 'reservation',
          quantity: sp.quantity,
          unitPriceHT: Math.round((unit * 100) / (100 + rate)),
          vatRate: rate,
          totalHT: Math.round((ttc * 100) / (100 + rate)),
          totalTTC: ttc,
          reserved: sp.notCounting ? 0 : sp.quantity,
        });
      }
    }
    return out;
  }

  /** The owner and the iam who see the reservations hear of a new one (not its author). */
  async function notifyInTx(tx: DbOrTx, o: OrderRow, authorId: number, what: string): Promise<void> {
    const staff = (await repo.findShopStaff(tx, o.shopId)).filter(
      (m) => m.userId !== authorId && (m.kind === 'owner' || hasPermission(m, 'seeAllResa')),
    );
    await repo.insertNotifications(
      tx,
      staff.map((m) => ({
        userId: m.userId,
        type: 'newResa',
        content: `Nouvelle réservation ${o.number} de ${o.buyerName} — ${what}`,
        redirectLink: `/dashboard/reservations/${o.id}`,
      })),
    );
  }

  async function billingReady(shopId: number): Promise<boolean> {
    const b = await sales.billingOf(shopId);
    return !!(b && b.companyName && b.siret && b.address?.street);
  }

  async function create(auth: UserAuthContext, member: ShopMemberRow, input: ReservationInput, now = new Date()) {
    const shopId = member.shopId;
    const client = await repo.findClient(db, shopId, input.clientId);
    if (!client) throw new HttpError(400, M.clientNotFound, 'clientId');
    const event = await repo.findEvent(db, shopId, input.eventId);
    if (!event) throw new HttpError(400, M.eventNotFound, 'eventId');
    let persons = 0;
    input.prices.forEach((p, i) => {
      const rate = event.rates.find((r) => r.name.toLowerCase() === p.name.toLowerCase());
      if (!rate) throw new HttpError(400, M.rateUnknown(p.name), `prices.${i}.name`);
      p.name = rate.name;
      if (!rate.optional && !rate.touristTax) persons += p.quantity;
    });
    if (persons <= 0) throw new HttpError(400, M.noParticipant, 'prices');
    const settleNow = input.settle.mode === 'now' ? input.settle.method : null;
    const invoiceAfter = !!settleNow && (await billingReady(shopId));

    const order = await db.transaction(async (tx) => {
      const built = await buildOrder(
        tx as Db,
        { memberships: [] },
        {
          seller: { id: shopId },
          products: [],
          reservations: [{ eventId: event.id, selectedSlot: { id: input.slotId }, selectedPrices: input.prices }],
        },
        null,
        now,
        { staff: true },
      );
      if (built.problems.length) throw problemError(built.problems[0]);
      const r = built.reservations[0];
      const price = built.priced.price;
      const year = Number(parisDate(now).slice(0, 4));
      const number = `C${year}-${String(await nextCounterValue(tx, shopId, 'C', year)).padStart(5, '0')}`;
      const address = addressOf(client);
      // settled now without an invoice to carry the payment (no billing settings, or nothing to pay): paid at once
      const paidNow = !!settleNow && (!invoiceAfter || price.totalTTC === 0);
      const o = await repo.insertOrder(tx, {
        shopId,
        buyerId: client.userId ?? null,
        number,
        status: 'validated',
        validatedAt: now,
        confirmedAt: now,
        paymentStatus: paidNow ? 'paid' : 'pending',
        deliveryStatus: 'pending',
        paymentMethod: settleNow ? ORDER_METHOD[settleNow] : 'transfer',
        hasProducts: false,
        hasReservations: true,
        totalHT: price.totalHT,
        tva: price.tva,
        totalTTC: price.totalTTC,
        price: price as unknown as Record<string, unknown>,
        deliveryAddress: null,
        billingAddress: address,
        phone: client.mobile ?? client.phone ?? null,
        shipping: { type: null, ref: null, name: null, collectionPointId: null, collectionPoint: null, instructions: null, nbrPackages: 0 },
        buyerName: nameOf(client),
        buyerEmail: client.email ?? '',
        lang: 'fr',
        idempotencyKey: `bo-${shopId}-${number}`,
        requestHash: 'backoffice',
        subType: 'order',
        source: 'backoffice',
        clientId: client.id,
        agentId: client.agentUserId ?? null,
        paymentDelay: settleNow ? 'order' : null,
        notes: input.notes ?? null,
        input: input as unknown as Record<string, unknown>,
        createdBy: auth.user.id,
      });
      await repo.insertLines(tx, snapshotLines(built, o.id));
      // the places, never below zero: a concurrent booking of the last ones either comes first (refused here) or after
      if (r.cart.totalQuantity > 0 && !(await takePlaces(tx, r.slot.id, r.cart.totalQuantity))) {
        const left = (await placesLeftOf(tx, r.slot.id)) ?? 0;
        throw new HttpError(409, CART_MESSAGES.maxPlaces(Math.max(0, left)), 'slotId');
      }
      await repo.addHistory(tx, {
        shopId,
        orderId: o.id,
        userId: auth.user.id,
        action: 'create',
        from: null,
        to: 'validated',
        note: 'Réservation',
      });
      await notifyInTx(tx, o, auth.user.id, `${event.title}, ${slotDetails(r.slot)}`);
      // a booking paid on the spot earns its loyalty points
      await syncOrdersLoyalty(tx, [o.id]);
      return o;
    });

    let invoice: { id: number; number: string } | null = null;
    let message = settleNow && order.paymentStatus === 'paid' ? M.createdPaid(order.number) : M.created(order.number);
    if (invoiceAfter && order.totalTTC > 0) {
      // the invoice and its payment: the sales module's series and lettering (separate transactions: the reservation
      // is kept whatever happens here, and says so)
      const staff = salesStaff(auth, member);
      try {
        const done = await sales.act(staff.auth, staff.member, order.id, 'invoice', orderActionInputSchema.parse({}));
        if (done.document) {
          invoice = { id: done.document.id, number: done.document.number };
          const row = await sales.invoiceRow(shopId, done.document.id);
          const due = row.amountDue - row.paid - row.credited;
          if (due > 0)
            await sales.recordPayment(
              staff.auth,
              staff.member,
              paymentInputSchema.parse({
                clientId: client.id,
                direction: 'in',
                method: settleNow!,
                amount: due,
                paidAt: parisDate(),
                reference: `Réservation ${order.number}`,
                allocations: [{ invoiceId: row.id, amount: due }],
              }),
            );
        }
        message = M.createdPaid(order.number);
      } catch (err) {
        // the reservation is saved: say what failed rather than answer an error for it
        logger.warn({ err, orderId: order.id }, 'reservation settled now: invoice or payment refused');
        const month = closedPeriodOf(err);
        const why =
          err instanceof HttpError ? err.message : month ? ACCOUNTING_RULE_MESSAGES.periodClosed(monthLabel(month)) : MESSAGES.internal;
        message = M.settleFailed(order.number, why);
      }
    }
    const final = (await repo.findOrder(db, shopId, order.id))!;
    await queueMail(final, settleNow).catch((err: unknown) =>
      logger.error({ err, orderId: final.id }, 'reservation confirmation not queued'),
    );
    return {
      orderId: final.id,
      number: final.number,
      status: final.status,
      paymentStatus: final.paymentStatus,
      totalTTC: final.totalTTC,
      invoice,
      message,
    };
  }

  async function queueMail(o: OrderRow, method: SettleMethod | null): Promise<void> {
    if (!o.buyerEmail) return;
    const rows = await repo.findOrderBookingLines(db, o.id);
    const lines = rows.map((r) => r.line);
    const slotIds = [...new Set(lines.map((l) => l.slotId).filter((v): v is number => v != null))];
    await db.transaction(async (tx) => {
      for (const slotId of slotIds) {
        const b = await mailBookingOf(tx, o, lines, slotId);
        if (!b) continue;
        b.method = method && b.paid ? SALES_PAYMENT_METHOD_LABELS[method] : null;
        await enqueueMail(tx as Db, confirmationMail(b), { dedupeKey: `reservation-confirmation:${o.id}:${slotId}` });
      }
    });
    nudgeJobs();
  }

  // ------------------------------------------------------------------ moving, checking in

  /** The line named by the route, its order (locked) and the booking's lines (locked): 404 / 409 otherwise. */
  async function lockBooking(tx: DbOrTx, shopId: number, lineId: number) {
    const line = await repo.findBookingLine(tx, shopId, lineId);
    if (!line) throw notFound(M.lineNotFound);
    const o = (await repo.findOrder(tx, shopId, line.orderId, true))!;
    if (o.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
    if (CLOSED.includes(o.status)) throw new HttpError(409, M.closed(statusLabel(o.status)));
    if (line.slotId == null) throw new HttpError(409, CART_MESSAGES.noSlot);
    const lines = await repo.lockBookingLines(tx, o.id, line.slotId);
    return { line, order: o, lines, slotId: line.slotId };
  }

  async function move(auth: UserAuthContext, member: ShopMemberRow, lineId: number, slotId: number, now = new Date()) {
    const shopId = member.shopId;
    const moved = await db.transaction(async (tx) => {
      const { order, lines, slotId: fromId, line } = await lockBooking(tx, shopId, lineId);
      if (lines.some((l) => l.checkedInAt)) throw new HttpError(409, M.checkedInMove);
      if (slotId === fromId) throw new HttpError(400, M.sameSlot, 'slotId');
      const target = await repo.findSlot(tx, shopId, slotId);
      if (!target || target.slot.eventId !== line.eventId) throw new HttpError(400, CART_MESSAGES.noSlot, 'slotId');
      if (target.slot.startsAt.getTime() <= now.getTime()) throw new HttpError(409, M.slotPast, 'slotId');
      const [from] = await repo.findSlotsByIds(tx, [fromId]);
      const n = lines.reduce((s, l) => s + (l.kind === 'reservation' ? l.reserved : 0), 0);
      // both slot rows in id order: two moves crossing each other wait instead of deadlocking
      const take = async () => {
        if (n > 0 && !(await takePlaces(tx, slotId, n)))
          throw new HttpError(409, CART_MESSAGES.maxPlaces(Math.max(0, (await placesLeftOf(tx, slotId)) ?? 0)), 'slotId');
      };
      const give = async () => {
        if (n > 0) await giveBackPlaces(tx, fromId, n);
      };
      if (slotId < fromId) {
        await take();
        await give();
      } else {
        await give();
        await take();
      }
      await repo.moveBookingLines(
        tx,
        lines.map((l) => l.id),
        slotId,
        slotDetails(target.slot),
      );
      await repo.addHistory(tx, {
        shopId,
        orderId: order.id,
        userId: auth.user.id,
        action: 'move',
        from: order.status,
        to: order.status,
        note: `${from ? slotDetails(from.slot) : ''} → ${slotDetails(target.slot)}`,
      });
      return order;
    });
    return { booking: (await bookingOf(db, shopId, moved.id, slotId))!, message: M.moved };
  }

  async function checkIn(auth: UserAuthContext, member: ShopMemberRow, lineId: number, on: boolean, now = new Date()) {
    const shopId = member.shopId;
    const done = await db.transaction(async (tx) => {
      const { order, lines, slotId } = await lockBooking(tx, shopId, lineId);
      const [slot] = await repo.findSlotsByIds(tx, [slotId]);
      if (!slot || !checkInOpen(slot.slot, shopDate(now))) throw new HttpError(409, M.checkInDay);
      const people = lines.filter((l) => l.kind === 'reservation');
      await repo.setCheckIn(
        tx,
        people.map((l) => l.id),
        on ? (people[0]?.checkedInAt ?? now) : null,
        on ? (people[0]?.checkedInBy ?? auth.user.id) : null,
      );
      return { orderId: order.id, slotId };
    });
    return { booking: (await bookingOf(db, shopId, done.orderId, done.slotId))!, message: on ? M.checkedIn : M.checkInUndone };
  }

  // ------------------------------------------------------------------ cancelling

  /** Gives back the places an order still holds (slot rows in id order) and clears them on its lines. */
  async function releaseInTx(tx: DbOrTx, orderId: number): Promise<void> {
    const bySlot = new Map<number, number>();
    for (const l of await repo.findHeldPlaces(tx, orderId)) if (l.slotId) bySlot.set(l.slotId, (bySlot.get(l.slotId) ?? 0) + l.reserved);
    for (const [id, n] of [...bySlot].sort((a, b) => a[0] - b[0])) await giveBackPlaces(tx, id, n);
    await repo.clearHeldPlaces(tx, orderId);
  }

  async function cancel(auth: UserAuthContext, member: ShopMemberRow, orderId: number, input: CancelInput) {
    const shopId = member.shopId;
    const o = await repo.findOrder(db, shopId, orderId);
    if (!o || !(await repo.findOrderBookingLines(db, o.id)).some((r) => r.line.kind === 'reservation')) throw notFound(M.orderNotFound);
    if (o.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
    if (CLOSED.includes(o.status)) throw new HttpError(409, M.closed(statusLabel(o.status)));
    const reason = input.reason || 'Annulation de la réservation';

    // 1. the invoices: a credit note for what they still hold (the sales module's series), refunded or kept as credit;
    // without refund, what was paid stays paid (an unpaid invoice is still cancelled by its credit note)
    const invoices = await repo.findOrderInvoices(db, o.id);
    const credits: Array<{ id: number; number: string }> = [];
    const staff = salesStaff(auth, member);
    for (const inv of invoices) {
      if (inv.kind === 'deposit' && invoices.some((x) => x.kind === 'invoice')) continue; // deducted by the invoice
      if (inv.totalTTC - inv.credited <= 0) continue;
      if (input.refund === 'none' && inv.paid > 0) continue;
      try {
        const doc = await sales.creditNote(
          staff.auth,
          staff.member,
          inv.id,
          creditNoteInputSchema.parse({
            settlement: input.refund === 'refund' ? 'refund' : 'credit',
            refundMethod: input.refund === 'refund' ? (inv.method ?? 'transfer') : null,
            reason,
          }),
        );
        credits.push({ id: doc.id, number: doc.number });
      } catch (err) {
        // two cancellations at once: the other one credited it first
        const now = await repo.findOrder(db, shopId, o.id);
        if (now?.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
        throw err;
      }
    }
    if (!invoices.length && input.refund === 'credit' && paidSome(o)) throw new HttpError(409, M.creditNoInvoice, 'refund');

    // 2. the order: cancelled once (its row locked), its places given back
    await db.transaction(async (tx) => {
      const row = (await repo.findOrder(tx, shopId, o.id, true))!;
      if (row.status === 'cancelled') throw new HttpError(409, M.alreadyCancelled);
      if (CLOSED.includes(row.status)) throw new HttpError(409, M.closed(statusLabel(row.status)));
      const patch: Parameters<typeof repo.updateOrder>[2] = { status: 'cancelled', closedAt: new Date() };
      if (row.source === 'shop' && (input.refund === 'refund' || !paidSome(row))) {
        // a checkout order: its places and its payments (unpaid ones cancelled, paid online ones refunded)
        await orders.cancelCheckoutInTx(tx, row.id);
      } else {
        await releaseInTx(tx, row.id);
        if (input.refund === 'refund' && paidSome(row)) patch.paymentStatus = 'refunded';
      }
      await repo.updateOrder(tx, row.id, patch);
      await repo.addHistory(tx, {
        shopId,
        orderId: row.id,
        userId: auth.user.id,
        action: 'cancel',
        from: row.status,
        to: 'cancelled',
        note: [reason, ...credits.map((c) => c.number)].join(' · '),
      });
    });
    const credit = credits[0] ?? null;
    return {
      success: true as const,
      message: credit ? `${M.cancelled} : avoir ${credit.number}` : M.cancelled,
      creditNote: credit,
    };
  }

  return { listSlots, bookableEvents, detail, create, move, checkIn, cancel };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
