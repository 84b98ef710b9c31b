/**
 * A back-office reservation for a client: one transaction (the order, its lines priced by the checkout's own
 * `buildOrder` — same rates, tourist tax and VAT as the public shop — numbered in the orders' series, the places taken
 * by the orders module's conditional update: never overbooked, history, `newResa` notification); settled now, the
 * sales module then issues the invoice and records the payment (reservations.payments.ts); the confirmation mail is
 * queued last, with the final state.
 */
import { CART_MESSAGES, SALES_PAYMENT_METHOD_LABELS, type CartProblem } from 'shared-kernel/contracts';
import { toCents, vatRateOf, type VatType } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { CrmClientRow } from '../clients';
import { syncOrdersLoyalty } from '../loyalty';
import { buildOrder, nextCounterValue, placesLeftOf, takePlaces, type OrderRow } from '../orders';
import { parisDate } from '../sales';
import { confirmationMail } from './reservations.mails';
import type { ReservationsDeps } from './reservations.model';
import { billingReady, invoiceAndPay, ORDER_METHOD } from './reservations.payments';
import { mailBookingOf } from './reservations.reminders';
import * as repo from './reservations.repository';
import { RESERVATION_MESSAGES as M, type ReservationInput, type SettleMethod } from './reservations.schemas';
import { slotDetails } from './reservations.view';

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

export async function create(
  deps: ReservationsDeps,
  auth: UserAuthContext,
  member: ShopMemberRow,
  input: ReservationInput,
  now = new Date(),
) {
  const { db, logger } = deps;
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
  const invoiceAfter = !!settleNow && (await billingReady(deps, shopId));

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

  let settled = {
    invoice: null as { id: number; number: string } | null,
    message: settleNow && order.paymentStatus === 'paid' ? M.createdPaid(order.number) : M.created(order.number),
  };
  if (invoiceAfter && order.totalTTC > 0) settled = await invoiceAndPay(deps, auth, member, order, client.id, settleNow!);
  const final = (await repo.findOrder(db, shopId, order.id))!;
  await queueMail(deps, final, settleNow).catch((err: unknown) =>
    logger.error({ err, orderId: final.id }, 'reservation confirmation not queued'),
  );
  return {
    orderId: final.id,
    number: final.number,
    status: final.status,
    paymentStatus: final.paymentStatus,
    totalTTC: final.totalTTC,
    invoice: settled.invoice,
    message: settled.message,
  };
}

/** The confirmation of each slot booked, queued as a mail job (deduplicated per order and slot). */
async function queueMail({ db }: Pick<ReservationsDeps, 'db'>, o: OrderRow, method: SettleMethod | null): Promise<void> {
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
