/**
 * The answers built from order rows: a list item (summary with its booked slots), the detail (lines, payments —
 * the checkout ones and those the sales module recorded against the invoices —, what is still due).
 */
import type { OrderDetail, OrderLine, OrderPayment, OrderReservationSummary, OrderSummary } from 'shared-kernel/contracts';
import { carrierTrackingUrl } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { PaymentsLedgerOf, SalesHooks } from './orders.model';
import * as repo from './orders.repository';
import type { ShopSummary } from './orders.repository';
import type { OrderLineRow, OrderRow } from './orders.tables';
import type { PaymentsPort } from './payments.port';

/** What an order's detail is read with: the checkout payments, and the sales module's ledger once it is set. */
export interface DetailDeps {
  payments: PaymentsPort;
  sales: Pick<SalesHooks, 'paymentsLedger'>;
}

export function summaryOf(o: OrderRow, shop: ShopSummary, reservations: OrderReservationSummary[]): OrderSummary {
  return {
    id: o.id,
    number: o.number,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentStatus: o.paymentStatus,
    deliveryStatus: o.deliveryStatus,
    hasReservations: o.hasReservations,
    shop,
    buyer: { id: o.buyerId, name: o.buyerName, email: o.buyerEmail },
    totalTTC: o.totalTTC,
    subType: o.subType,
    quoteNumber: o.quoteNumber,
    validUntil: o.validUntil,
    client: o.clientId ? { id: o.clientId, name: o.buyerName } : null,
    reservations,
  };
}

/**
 * The booked slots of a page of orders in one query (never one per order): the reservation lines of those orders
 * with their event, grouped by order, event and slot text in line order. `slotLabel` is the slot text snapshotted in
 * the lines (`details`, what the detail shows); `places` counts persons: optional rates (a cheese platter…) take no
 * place. A line still holding places (`reserved` > 0) counts; otherwise the event's rate tells (a released order's
 * lines hold nothing), and a line whose rate or event is gone counts.
 */
export async function reservationsOf(dbx: DbOrTx, orderIds: number[]): Promise<Map<number, OrderReservationSummary[]>> {
  const out = new Map<number, OrderReservationSummary[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return out;
  const rows = await repo.findReservationLines(dbx, orderIds);
  for (const r of rows) {
    // the line label is `${event title at booking} — ${rate name}`
    const cut = r.label.lastIndexOf(' — ');
    const bookedTitle = cut > 0 ? r.label.slice(0, cut) : r.label;
    const rateName = cut > 0 ? r.label.slice(cut + 3) : '';
    const optional = r.reserved <= 0 && !!r.rates?.find((rate) => rate.name === rateName)?.optional;
    const list = out.get(r.orderId)!;
    const slotLabel = r.details ?? '';
    let item = list.find((x) => x.eventId === r.eventId && x.slotId === r.slotId && x.slotLabel === slotLabel);
    if (!item) {
      item = { eventId: r.eventId, eventTitle: r.title ?? bookedTitle, slotId: r.slotId, slotLabel, places: 0 };
      list.push(item);
    }
    if (!optional) item.places += r.quantity;
  }
  return out;
}

export const lineOf = (l: OrderLineRow): OrderLine => ({
  id: l.id,
  kind: l.kind,
  productId: l.productId,
  formatId: l.formatId,
  vintageId: l.vintageId,
  eventId: l.eventId,
  slotId: l.slotId,
  label: l.label,
  details: l.details,
  quantity: l.quantity,
  addQuantity: l.addQuantity,
  unitPriceHT: l.unitPriceHT,
  promoAmount: l.promoAmount,
  duties: l.duties,
  vatRate: l.vatRate,
  totalHT: l.totalHT,
  totalTTC: l.totalTTC,
});

/**
 * Every payment of the order: its checkout payments, then the payments recorded against its invoices (`ledger`: the
 * sales module's side; unset, the checkout payments only). A checkout payment recorded on an invoice (at invoicing) is
 * the same money: listed once, the checkout one, with its allocations.
 */
export async function listPayments(
  payments: PaymentsPort,
  ledgerOf: PaymentsLedgerOf | null,
  dbx: DbOrTx,
  orderId: number,
): Promise<{ payments: OrderPayment[]; amountDue: number | null }> {
  const [online, ledger] = await Promise.all([
    payments.listForOrder(dbx, orderId),
    ledgerOf ? ledgerOf(dbx, orderId) : Promise.resolve(null),
  ]);
  const recorded = new Map((ledger?.payments ?? []).filter((p) => p.onlinePaymentId !== null).map((p) => [p.onlinePaymentId!, p]));
  const out: OrderPayment[] = online.map((p) => {
    const r = recorded.get(p.id);
    return { ...p, source: 'online' as const, reference: r?.reference ?? null, allocations: r?.allocations ?? [] };
  });
  for (const p of ledger?.payments ?? []) {
    if (p.onlinePaymentId !== null && online.some((x) => x.id === p.onlinePaymentId)) continue;
    out.push({
      id: p.id,
      orderId,
      status: 'paid',
      method: p.method,
      amount: p.amount,
      provider: 'offline',
      instructions: null,
      payerEmail: null,
      paidAt: p.paidAt,
      source: 'backoffice',
      reference: p.reference,
      allocations: p.allocations,
    });
  }
  return { payments: out, amountDue: ledger?.amountDue ?? null };
}

export async function detailOf(deps: DetailDeps, dbx: DbOrTx, o: OrderRow): Promise<OrderDetail> {
  const [shop, lines, pays, resas] = await Promise.all([
    repo.findShopSummary(dbx, o.shopId),
    repo.findOrderLines(dbx, o.id),
    listPayments(deps.payments, deps.sales.paymentsLedger, dbx, o.id),
    reservationsOf(dbx, [o.id]),
  ]);
  return {
    ...summaryOf(o, shop, resas.get(o.id) ?? []),
    lines: lines.map(lineOf),
    price: o.price as OrderDetail['price'],
    deliveryAddress: o.deliveryAddress,
    billingAddress: o.billingAddress,
    phone: o.phone,
    shipping: {
      type: o.shipping.type,
      name: o.shipping.name,
      collectionPoint: o.shipping.collectionPoint,
      instructions: o.shipping.instructions,
      nbrPackages: o.shipping.nbrPackages,
    },
    payments: pays.payments,
    amountDue: pays.amountDue,
    expiresAt: o.expiresAt ? o.expiresAt.toISOString() : null,
    tracking: o.trackingNumber
      ? { carrier: o.carrier, number: o.trackingNumber, url: carrierTrackingUrl(o.carrier, o.trackingNumber) }
      : null,
  };
}
