/**
 * Checkout and orders: place an order in one transaction (rebuild + price + §5 checks, line snapshot,
 * conditional stock / places reservation, gapless number, payments, idempotency), react to payment changes,
 * validate / abort / expire, list and read orders, grouped-order payer pages.
 */
import crypto from 'node:crypto';
import {
  CART_MESSAGES,
  ONLINE_PAYMENT_METHODS,
  SHOP_CLOSED_MESSAGE,
  type CartProblem,
  type CartPriceSellerResult,
  type CheckoutAddress,
  type OrderDetail,
  type OrderLine,
  type OrderList,
  type OrderPayment,
  type OrderReservationSummary,
  type OrderSummary,
  type PaymentGroupView,
  type PaymentResult,
  type PayRequest,
  type PlaceOrderResponse,
} from 'shared-kernel/contracts';
import { formatCents, toCents, vatOf, vatRateOf, type OrderStatus, type PaymentStatus, type VatType } from 'shared-kernel/domain';
import { paginated } from '../../platform/list-query';
import type { OrdersListQuery } from './orders.schemas';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow, UserRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, forbidden, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { Viewer } from '../catalog';
import { runCheckoutChecks } from './orders.checks';
import { orderConfirmationMail, paymentGroupMail, type Lang } from './orders.mails';
import { buildOrder, type BuiltOrder, type ShippingChoice } from './orders.pricing';
import type { OrderLineRow, OrderRow } from './orders.tables';
import { consumeAllocations } from '../stock';
import { recordPromoCodeUse } from '../promo-codes';
import { buyerClientFile, spendForOrder, syncOrdersLoyalty } from '../loyalty';
import * as repo from './orders.repository';
import type { OrderLineInsert, ShopSummary } from './orders.repository';
import type { PaymentChange, PaymentsListItem, PaymentsPort } from './payments.port';
import { notifyShopStaff, PAYMENT_READERS } from '../notifications';
import type { z } from 'zod';
import type { placeOrderBodySchema } from './orders.schemas';
import { answerCacheFor } from '../../platform/answer-cache';
import { isUniqueViolation } from '../../platform/db/pg-errors';

/** What a page of a shop's orders list is read from (reservation titles are the lines' own once an event is renamed). */
const SELLER_LIST_TABLES = new Set(['orders', 'order_lines']);

export const ORDER_MESSAGES = {
  notFound: 'Commande introuvable',
  ownShop: 'Vous ne pouvez pas commander dans votre propre boutique',
  idempotencyConflict:
    "Cette commande a déjà été envoyée avec d'autres informations. Rechargez la page puis validez à nouveau votre panier.",
  notAbortable: 'Cette commande ne peut plus être annulée',
  notValidatable: 'Seule une commande en attente peut être validée',
  groupedNotPaid: "Tous les participants de la commande groupée n'ont pas encore payé",
  aborted: 'Votre commande a été annulée',
  validated: 'La commande a été validée',
  paymentLinkNotFound: 'Ce lien de paiement est introuvable',
  notPayable: 'Cette commande ne peut plus être réglée',
  badQuery: (field: string) => `Le paramètre ${field} n'est pas valide`,
} as const;

export type PlaceOrderBody = z.output<typeof placeOrderBodySchema>;

/** A payment recorded against an order's invoices (the sales module's règlement), as the order's detail lists it. */
export interface LedgerPayment {
  /** the règlement's id (sales_payments) */
  id: number;
  /** the checkout payment it records (a checkout order invoiced), else null */
  onlinePaymentId: number | null;
  method: string;
  /** the part of it allocated to the order's invoices */
  amount: number;
  /** YYYY-MM-DD */
  paidAt: string;
  reference: string | null;
  allocations: Array<{ invoiceId: number; number: string; amount: number }>;
}
/** The sales module's side of an order's payments: `amountDue` null while nothing is invoiced. */
export interface OrderPaymentsLedger {
  payments: LedgerPayment[];
  amountDue: number | null;
}

export interface OrdersDeps {
  db: Db;
  payments: PaymentsPort;
  /**
   * Unset (the api): the order mails are 'mail' jobs queued in the order's transaction, sent by the job worker
   * (platform/jobs). Set (the demo seed's no-op): mails go through this mailer after the commit, not queued.
   */
  mailer?: Mailer;
  logger: Logger;
  /** base of the links in mails (PUBLIC_URL) */
  publicUrl: string;
  /** grouped orders expire after this many hours (GROUPED_ORDER_TTL_HOURS, default 48) */
  groupedTtlHours: number;
}

/** A failed cart check: 400 with every problem. */
export class CartCheckError extends Error {
  constructor(public readonly problems: CartProblem[]) {
    super(problems[0]?.message ?? 'Requête invalide');
  }
  body() {
    return { success: false as const, message: this.message, field: this.problems[0]?.field, errors: this.problems };
  }
}

/** The server total differs from the one the buyer saw: 409, the buyer confirms and resends. */
export class PriceChangedError extends Error {
  constructor(public readonly price: CartPriceSellerResult) {
    super(CART_MESSAGES.priceChanged);
  }
  body() {
    return { success: false as const, code: 'priceChanged' as const, message: this.message, price: this.price };
  }
}

type Effect = () => Promise<unknown>;

const OFFLINE = (m: string) => !ONLINE_PAYMENT_METHODS.includes(m as never);
const CLOSED: OrderStatus[] = ['aborted', 'expired', 'cancelled', 'refused'];

function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export function requestHash(body: PlaceOrderBody): string {
  const { idempotencyKey: _k, ...rest } = body;
  return crypto.createHash('sha256').update(stableStringify(rest)).digest('hex');
}

const known = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/** The country of a (loosely typed) delivery address, upper case, or null. */
function deliveryCountryOf(address: unknown): string | null {
  const c = (address as { country?: unknown } | null | undefined)?.country;
  return typeof c === 'string' && c.trim() ? c.trim().toUpperCase() : null;
}

function buyerNameOf(user: UserRow, address: CheckoutAddress | null): string {
  if (known(user.firstname) && known(user.lastname)) return `${user.firstname.trim()} ${user.lastname.trim()}`;
  if (address) return `${address.firstname} ${address.lastname}`;
  return user.username;
}

const slotText = (start: Date, end: Date) => {
  const d = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
  const h = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
  const sameDay = d.format(start) === d.format(end);
  return sameDay
    ? `${d.format(start)} ${h.format(start)} – ${h.format(end)}`
    : `${d.format(start)} ${h.format(start)} – ${d.format(end)} ${h.format(end)}`;
};

function sellerResult(built: BuiltOrder, problems: CartProblem[]): CartPriceSellerResult {
  const p = built.priced;
  return {
    sellerId: p.sellerId,
    price: { ...p.price },
    lines: p.lines,
    franco: p.franco,
    francoPercent: p.francoPercent,
    amountBeforeFranco: p.amountBeforeFranco,
    amountBeforeBottleFranco: p.amountBeforeBottleFranco,
    problems,
  };
}

/** Order lines snapshot (cents) from the rebuilt, priced order. */
function snapshotLines(built: BuiltOrder): Array<Omit<OrderLineInsert, 'orderId'>> {
  const shopId = built.shop.id;
  const out: Array<Omit<OrderLineInsert, 'orderId'>> = [];
  const vatOn = built.cartOrder.seller.settings?.hasTVA !== false;
  const rates = built.cartOrder.seller.settings?.vatRate as Partial<Record<VatType, number>> | undefined;
  built.products.forEach((p, i) => {
    const l = built.priced.lines[i];
    out.push({
      shopId,
      position: out.length,
      kind: 'product',
      productId: p.product.id,
      formatId: p.format.id,
      vintageId: p.vintage?.id ?? null,
      label: p.product.name,
      details:
        [p.vintage ? (p.vintage.name === 'NV' ? 'Non millésimé' : p.vintage.name) : null, p.format.nameInShop]
          .filter(Boolean)
          .join(' · ') || null,
      quantity: l.quantity,
      addQuantity: l.addQuantity,
      unitPriceHT: l.unitPrice,
      promoAmount: l.promoAmount,
      duties: l.duties + l.customTax,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
      totalTTC: l.totalHT + vatOf(l.totalHT, l.vatRate),
      reserved: l.quantity + l.addQuantity,
    });
  });
  for (const r of built.reservations) {
    const rate = vatOn ? vatRateOf(r.cart.vatType ?? 'standard', rates) : 0;
    const details = slotText(r.slot.startsAt, r.slot.endsAt) + (r.slot.name ? ` (${r.slot.name})` : '');
    for (const sp of r.cart.selectedPrices ?? []) {
      const unit = toCents(sp.priceTTC);
      if (sp.productType === 'touristTax') {
        const qty = r.cart.taxQuantities ?? 0;
        if (qty > 0) {
          out.push({
            shopId,
            position: out.length,
            kind: 'touristTax',
            eventId: r.event.id,
            slotId: r.slot.id,
            label: `${r.event.title} — ${sp.name ?? ''}`.trim(),
            details,
            quantity: qty,
            unitPriceHT: unit,
            vatRate: 0,
            totalHT: unit * qty,
            totalTTC: unit * qty,
            reserved: 0,
          });
        }
        continue;
      }
      if (sp.quantity <= 0) continue;
      const ttc = unit * sp.quantity;
      out.push({
        shopId,
        position: out.length,
        kind: 'reservation',
        eventId: r.event.id,
        slotId: r.slot.id,
        label: `${r.event.title} — ${sp.name ?? ''}`.trim(),
        details,
        quantity: sp.quantity,
        unitPriceHT: Math.round((unit * 100) / (100 + rate)),
        vatRate: rate,
        totalHT: Math.round((ttc * 100) / (100 + rate)),
        totalTTC: ttc,
        reserved: sp.notCounting ? 0 : sp.quantity,
      });
    }
  }
  if (built.delivery || built.collectionPoint) {
    const ht = built.priced.price.shipping;
    const rate = built.delivery && vatOn ? vatRateOf('standard', rates) : 0;
    out.push({
      shopId,
      position: out.length,
      kind: 'shipping',
      label: built.delivery?.name ?? built.collectionPoint!.name,
      details: built.priced.franco ? 'Franco de port atteint' : null,
      quantity: 1,
      unitPriceHT: ht,
      vatRate: rate,
      totalHT: ht,
      totalTTC: ht + vatOf(ht, rate),
      reserved: 0,
    });
  }
  return out;
}

export function createOrdersService(deps: OrdersDeps) {
  const { db, payments, mailer, logger } = deps;
  const link = (path: string) => `${deps.publicUrl.replace(/\/+$/, '')}${path}`;

  async function runEffects(effects: Effect[]) {
    for (const e of effects) {
      try {
        await e();
      } catch (err) {
        logger.error({ err }, 'order side effect failed (mail)');
      }
    }
  }

  /** A mail about data written in `tx`: queued in `tx` (idempotent by `dedupeKey`), the worker nudged after the commit. */
  async function mailInTx(tx: DbOrTx, mail: MailMessage, dedupeKey: string, effects: Effect[]): Promise<void> {
    if (mailer) {
      const direct = mailer;
      effects.push(() => direct.send(mail));
      return;
    }
    await enqueueMail(tx, mail, { dedupeKey });
    effects.push(async () => nudgeJobs());
  }

  // ------------------------------------------------------------------ reading

  function summaryOf(o: OrderRow, shop: ShopSummary, reservations: OrderReservationSummary[]): OrderSummary {
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
  async function reservationsOf(dbx: DbOrTx, orderIds: number[]): Promise<Map<number, OrderReservationSummary[]>> {
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

  const lineOf = (l: OrderLineRow): OrderLine => ({
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
   * The sales module's side of an order's payments (set by it, see `setPaymentsLedger`): the payments recorded against
   * the order's invoices and what those invoices still owe. Unset (orders alone): the checkout payments only.
   */
  let paymentsLedger: ((dbx: DbOrTx, orderId: number) => Promise<OrderPaymentsLedger>) | null = null;

  /**
   * Every payment of the order: its checkout payments, then the payments recorded against its invoices. A checkout
   * payment recorded on an invoice (at invoicing) is the same money: listed once, the checkout one, with its allocations.
   */
  async function listPayments(dbx: DbOrTx, orderId: number): Promise<{ payments: OrderPayment[]; amountDue: number | null }> {
    const [online, ledger] = await Promise.all([
      payments.listForOrder(dbx, orderId),
      paymentsLedger ? paymentsLedger(dbx, orderId) : Promise.resolve(null),
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

  async function detailOf(dbx: DbOrTx, o: OrderRow): Promise<OrderDetail> {
    const [shop, lines, pays, resas] = await Promise.all([
      repo.findShopSummary(dbx, o.shopId),
      repo.findOrderLines(dbx, o.id),
      listPayments(dbx, o.id),
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
    };
  }

  /** Staff of the order's shop who may read it (owner, iam with seeAllOrder or createOrder). */
  /** The sales agent an order is credited to (orders.agent_id), still an agent of its shop, reads it. */
  function creditedAgent(auth: UserAuthContext, o: { shopId: number; agentId: number | null }): boolean {
    return o.agentId === auth.user.id && auth.memberships.some((m) => m.shopId === o.shopId && m.kind === 'agent');
  }

  function staffOf(auth: UserAuthContext, shopId: number): ShopMemberRow | undefined {
    return auth.memberships.find(
      (m) =>
        m.shopId === shopId &&
        (m.kind === 'owner' || m.kind === 'iam') &&
        (hasPermission(m, 'seeAllOrder') || hasPermission(m, 'createOrder')),
    );
  }

  const loadOrder = (id: number): Promise<OrderRow | undefined> => repo.findOrder(db, id);

  /** The order if the caller may read it (buyer or staff of the seller shop), else 404; expired lazily. */
  async function readableOrder(auth: UserAuthContext, id: number): Promise<OrderRow> {
    let o = await loadOrder(id);
    if (!o || (o.buyerId !== auth.user.id && !staffOf(auth, o.shopId) && !creditedAgent(auth, o))) throw notFound(ORDER_MESSAGES.notFound);
    if (await expireIfDue(o)) o = (await loadOrder(id))!;
    return o;
  }

  /** The back-office block of the detail, given by the sales module for the shop's staff. */
  let staffExtra: ((dbx: DbOrTx, o: OrderRow, member: ShopMemberRow) => Promise<OrderDetail['sales']>) | null = null;

  async function getOrder(auth: UserAuthContext, id: number): Promise<OrderDetail> {
    const o = await readableOrder(auth, id);
    const detail = await detailOf(db, o);
    // the shop's staff, and the agent credited with a back-office order (they take orders and quotes for their clients)
    const staff =
      staffOf(auth, o.shopId) ??
      (o.source === 'backoffice' && creditedAgent(auth, o)
        ? auth.memberships.find((m) => m.shopId === o.shopId && m.kind === 'agent')
        : undefined);
    if (staff && staffExtra) detail.sales = await staffExtra(db, o, staff);
    return detail;
  }

  /**
   * GET /v1/orders. Owner, or iam with seeAllOrder, of the caller's first shop (spec §6): that shop's orders, or with
   * `as=buyer` their own purchases. Anyone else (buyer, agent, iam without seeAllOrder): the orders they placed
   * (buyerId = caller). A sales agent (an agent membership and no owner/iam one): the orders of their first producer
   * credited to them (orders.agent_id: the agent of the buyer's client file), `as=agent` by default; never the other
   * customers of the shop. `as=seller` without the right, `as=agent` without an agent membership → 403.
   */
  async function listOrders(auth: UserAuthContext, q: OrdersListQuery): Promise<OrderList> {
    await sweepExpired(50);
    const first = auth.memberships.find((m) => m.kind === 'owner' || m.kind === 'iam');
    const seller = first && hasPermission(first, 'seeAllOrder') ? first : undefined;
    const agentOf = first ? undefined : auth.memberships.find((m) => m.kind === 'agent');
    const view = q.filters.as ?? (seller ? 'seller' : agentOf ? 'agent' : 'buyer');
    if (view === 'seller' && !seller) throw forbidden();
    if (view === 'agent' && !agentOf) throw forbidden();
    const compute = async () => {
      const { rows, total } = await repo.listOrders(
        db,
        {
          ...(view === 'seller'
            ? { shopId: seller!.shopId }
            : view === 'agent'
              ? { shopId: agentOf!.shopId, agentId: auth.user.id }
              : { buyerId: auth.user.id }),
          status: q.filters.status,
          kind: q.filters.kind,
          subType: q.filters.subType,
          clientId: q.filters.clientId,
          q: q.q || undefined,
        },
        q,
      );
      const resas = await reservationsOf(
        db,
        rows.map((r) => r.o.id),
      );
      return paginated(
        rows.map((r) => summaryOf(r.o, r.shop, resas.get(r.o.id) ?? [])),
        total,
        q,
      );
    };
    // the shop's list (seller view) is kept per query until its orders or their lines change; a buyer's is read each time
    const cache = view === 'seller' ? answerCacheFor(db, 'orders-seller', SELLER_LIST_TABLES) : null;
    if (!cache) return compute();
    const shopId = seller!.shopId;
    return cache.get(`${shopId}|${JSON.stringify(q)}`, async () => {
      const value = await compute();
      return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
    });
  }

  // ------------------------------------------------------------------ get-cart-price

  async function cartPrice(viewer: Viewer, input: { orders: PlaceOrderBody['order'][] }): Promise<CartPriceSellerResult[]> {
    const out: CartPriceSellerResult[] = [];
    for (const o of input.orders) {
      try {
        const s = o.shipping;
        const built = await buildOrder(
          db,
          viewer,
          o,
          s
            ? {
                type: s.type,
                ref: s.ref,
                collectionPointId: s.collectionPoint?.id ?? null,
                instructions: s.instructions,
                country: s.country,
              }
            : null,
          undefined,
          { publicSale: true },
        );
        out.push(sellerResult(built, built.problems));
      } catch (err) {
        // an unknown or closed (404) or suspended (409) seller: a problem of that order, the rest of the cart is priced
        if (!(err instanceof HttpError) || (err.status !== 404 && err.status !== 409)) throw err;
        out.push({
          sellerId: o.seller.id,
          lines: [],
          franco: false,
          francoPercent: 0,
          amountBeforeFranco: null,
          amountBeforeBottleFranco: null,
          price: {
            productsHT: 0,
            productsTTC: 0,
            reservationsTTC: 0,
            promoAmount: 0,
            duties: 0,
            wrapping: 0,
            shipping: 0,
            nbrPackages: 0,
            touristTax: 0,
            totalHT: 0,
            tva: 0,
            totalTTC: 0,
            vatByRate: {},
          },
          problems: [{ field: 'seller', message: err.message, sellerId: o.seller.id }],
        });
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ settlement (payments listener)

  /** Payment status of the order from its payments (grouped: every share paid → paid, some → partial). */
  function paymentStatusFrom(o: OrderRow, pays: PaymentsListItem[]): PaymentStatus {
    const active = pays.filter((p) => p.status !== 'cancelled');
    if (!active.length) return pays.length ? 'cancelled' : o.paymentStatus;
    if (o.grouped) {
      const paid = active.filter((p) => p.status === 'paid').reduce((n, p) => n + p.amount, 0);
      if (paid >= o.totalTTC && active.every((p) => p.status === 'paid')) return 'paid';
      if (paid > 0) return 'partial';
      if (active.some((p) => p.status === 'error')) return 'error';
      return 'pending';
    }
    const primary = (o.primaryPaymentId && active.find((p) => p.id === o.primaryPaymentId)) || active[active.length - 1];
    return primary.status;
  }

  /** Notifies the seller's owner/iam members and mails the buyer, once (confirmed_at guards it). */
  async function confirmInTx(tx: DbOrTx, o: OrderRow, paid: boolean, effects: Effect[]): Promise<void> {
    if (!(await repo.markConfirmed(tx, o.id))) return;
    const staff = await repo.findShopStaffIds(tx, o.shopId);
    const content = `Nouvelle commande ${o.number} de ${o.buyerName} — ${formatCents(o.totalTTC)} TTC`;
    await repo.insertNotifications(
      tx,
      staff.map((userId) => ({ userId, type: 'newOrder', content, redirectLink: `/dashboard/orders/${o.id}` })),
    );
    const shop = await repo.findShopSummary(tx, o.shopId);
    const lines = await repo.findOrderLines(tx, o.id);
    const mail: MailMessage = orderConfirmationMail({
      order: o,
      lines,
      shopName: shop.name,
      link: link(`/dashboard/orders/${o.id}`),
      lang: o.lang,
      paid,
    });
    await mailInTx(tx, mail, `order-confirmation:${o.id}`, effects);
  }

  /**
   * Money received online (a checkout payment became paid: card, SEPA, an imprint captured): the shop's owner and the
   * iam who see its payments are told, in `tx`, once per payment (the payments module tells each change once). `except`:
   * who caused it (the seller capturing an imprint by validating). A free payment (0 €) is no money received.
   */
  async function notifyPaidInTx(tx: DbOrTx, o: OrderRow, paid: PaymentsListItem[], except: number | null = null): Promise<void> {
    for (const p of paid) {
      if (p.status !== 'paid' || p.amount <= 0) continue;
      const payer = o.grouped && p.payerEmail ? ` par ${p.payerEmail}` : '';
      await notifyShopStaff(tx, {
        shopId: o.shopId,
        type: 'payment',
        content: `Paiement en ligne reçu pour la commande ${o.number}${payer} : ${formatCents(p.amount)}`,
        redirectLink: `/dashboard/orders/${o.id}`,
        anyOf: PAYMENT_READERS,
        except,
      });
    }
  }

  /** Applies the payments' state to the order (inside `tx`, order row locked); `change`: the payment that changed. */
  async function settleInTx(tx: DbOrTx, orderId: number, effects: Effect[], change?: PaymentChange): Promise<OrderRow | undefined> {
    const o = await repo.lockOrder(tx, orderId);
    if (!o) return undefined;
    const pays = await payments.listForOrder(tx, orderId);
    if (change?.status === 'paid')
      await notifyPaidInTx(
        tx,
        o,
        pays.filter((p) => p.id === change.paymentId),
      );
    const paymentStatus = paymentStatusFrom(o, pays);
    const patch: Partial<repo.OrderInsert> = {};
    if (paymentStatus !== o.paymentStatus) patch.paymentStatus = paymentStatus;
    if (!CLOSED.includes(o.status) && paymentStatus === 'paid' && o.status === 'pending') {
      patch.status = 'validated';
      patch.validatedAt = new Date();
    }
    let row = o;
    if (Object.keys(patch).length) {
      row = await repo.updateOrder(tx, o.id, patch);
    }
    if (!row.confirmedAt && !CLOSED.includes(row.status)) {
      const confirm = row.grouped
        ? paymentStatus === 'paid'
        : OFFLINE(row.paymentMethod) || paymentStatus === 'paid' || paymentStatus === 'setup';
      if (confirm) await confirmInTx(tx, row, paymentStatus === 'paid', effects);
    }
    // a paid order earns its loyalty points (idempotent)
    await syncOrdersLoyalty(tx, [row.id]);
    return row;
  }

  /** The payments listener: a payment of `orderId` changed (committed); `change` says which and to what. */
  async function settle(dbx: DbOrTx, orderId: number, change?: PaymentChange): Promise<void> {
    const effects: Effect[] = [];
    await dbx.transaction(async (tx) => {
      await settleInTx(tx, orderId, effects, change);
    });
    await runEffects(effects);
  }

  // ------------------------------------------------------------------ release (abort / expiry)

  async function releaseInTx(tx: DbOrTx, orderId: number): Promise<void> {
    const lines = await repo.findHoldingLines(tx, orderId);
    const byFormat = new Map<number, number>();
    const bySlot = new Map<number, number>();
    for (const l of lines) {
      if (l.kind === 'product' && l.formatId) byFormat.set(l.formatId, (byFormat.get(l.formatId) ?? 0) + l.reserved);
      if (l.kind === 'reservation' && l.slotId) bySlot.set(l.slotId, (bySlot.get(l.slotId) ?? 0) + l.reserved);
    }
    for (const [id, n] of [...byFormat].sort((a, b) => a[0] - b[0])) await repo.giveBackStock(tx, id, n);
    for (const [id, n] of [...bySlot].sort((a, b) => a[0] - b[0])) await repo.giveBackPlaces(tx, id, n);
    await repo.clearHeld(tx, orderId);
    await payments.cancelForOrder(tx, orderId);
  }

  /**
   * The seller cancels a checkout order (the sales lifecycle's cancel, in its transaction): what it still holds of the
   * web stock and event places is given back (what has left the warehouse holds nothing any more), unpaid payments are
   * cancelled, paid online ones refunded in full by the provider; offline ones are listed for the seller to pay back.
   * The order's payment status follows.
   */
  async function cancelCheckoutInTx(tx: DbOrTx, orderId: number) {
    await releaseInTx(tx, orderId);
    const refunds = await payments.refundForOrder(tx as Db, orderId);
    const row = (await repo.findOrder(tx, orderId))!;
    const pays = await payments.listForOrder(tx as Db, orderId);
    const status: PaymentStatus =
      pays.some((p) => p.status === 'refunded') && !pays.some((p) => p.status === 'paid') ? 'refunded' : paymentStatusFrom(row, pays);
    if (status !== row.paymentStatus) await repo.setPaymentStatus(tx, orderId, status);
    await syncOrdersLoyalty(tx, [orderId]);
    return refunds;
  }

  /** pending → `to` (aborted / expired), stock and places released, payments cancelled; false when the order was not pending. */
  async function closeOrder(id: number, to: 'aborted' | 'expired', condition?: repo.CloseCondition): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await repo.closePending(tx, id, to, condition);
      if (!row) return false;
      await releaseInTx(tx, id);
      const pays = await payments.listForOrder(tx, id);
      const ps = paymentStatusFrom(row, pays);
      if (ps !== row.paymentStatus) await repo.setPaymentStatus(tx, id, ps);
      // points spent on it come back
      await syncOrdersLoyalty(tx, [id]);
      return true;
    });
  }

  async function expireIfDue(o: OrderRow): Promise<boolean> {
    if (!o.grouped || o.status !== 'pending' || !o.expiresAt || o.expiresAt.getTime() > Date.now() || o.paymentStatus === 'paid')
      return false;
    return closeOrder(o.id, 'expired', 'due');
  }

  /** Expires every grouped order past its expiry (the minute sweep and lazily before listings). */
  async function sweepExpired(limit = 100): Promise<number> {
    let n = 0;
    for (const id of await repo.findDueGroupedIds(db, limit)) if (await closeOrder(id, 'expired', 'due')) n++;
    return n;
  }

  async function abortOrder(auth: UserAuthContext, id: number): Promise<{ success: true; message: string }> {
    const o = await loadOrder(id);
    if (!o || o.buyerId !== auth.user.id) throw notFound(ORDER_MESSAGES.notFound);
    if (o.status === 'aborted') return { success: true, message: ORDER_MESSAGES.aborted };
    if (await expireIfDue(o)) throw new HttpError(400, ORDER_MESSAGES.notAbortable);
    if (!(await closeOrder(id, 'aborted', 'unpaid'))) throw new HttpError(400, ORDER_MESSAGES.notAbortable);
    return { success: true, message: ORDER_MESSAGES.aborted };
  }

  async function validateOrder(auth: UserAuthContext, id: number): Promise<{ success: true; message: string; order: OrderDetail }> {
    const o = await loadOrder(id);
    const member = o && auth.memberships.find((m) => m.shopId === o.shopId && (m.kind === 'owner' || m.kind === 'iam'));
    if (!o || !member) throw notFound(ORDER_MESSAGES.notFound);
    if (!hasPermission(member, 'createOrder') && !hasPermission(member, 'seeAllOrder')) throw forbidden();
    if (await expireIfDue(o)) throw new HttpError(400, ORDER_MESSAGES.notValidatable);
    if (o.status !== 'pending') throw new HttpError(400, ORDER_MESSAGES.notValidatable);
    if (o.grouped && o.paymentStatus !== 'paid') throw new HttpError(400, ORDER_MESSAGES.groupedNotPaid);
    const effects: Effect[] = [];
    const row = await db.transaction(async (tx) => {
      if (!(await repo.validatePending(tx, id))) throw new HttpError(400, ORDER_MESSAGES.notValidatable);
      const paidBefore = new Set((await payments.listForOrder(tx, id)).filter((p) => p.status === 'paid').map((p) => p.id));
      await payments.captureForOrder(tx, id);
      const captured = (await payments.listForOrder(tx, id)).filter((p) => p.status === 'paid' && !paidBefore.has(p.id));
      const settled = await settleInTx(tx, id, effects);
      if (settled && captured.length) await notifyPaidInTx(tx, settled, captured, auth.user.id);
      return settled;
    });
    await runEffects(effects);
    return { success: true, message: ORDER_MESSAGES.validated, order: await detailOf(db, row!) };
  }

  // ------------------------------------------------------------------ placing an order

  async function replay(auth: UserAuthContext, existing: OrderRow, hash: string): Promise<PlaceOrderResponse> {
    if (existing.requestHash !== hash) throw new HttpError(409, ORDER_MESSAGES.idempotencyConflict, 'idempotencyKey');
    let payment: PaymentResult | null = null;
    if (existing.primaryPaymentId) {
      try {
        payment = await payments.get(db, existing.primaryPaymentId, { userId: auth.user.id });
      } catch {
        payment = null;
      }
    }
    return { order: await detailOf(db, existing), payment, replayed: true };
  }

  const findByKey = (buyerId: number, key: string): Promise<OrderRow | undefined> => repo.findByIdempotencyKey(db, buyerId, key);

  async function placeOrder(
    auth: UserAuthContext,
    body: PlaceOrderBody,
    headerKey: string | undefined,
  ): Promise<{ status: 200 | 201; body: PlaceOrderResponse }> {
    const user = auth.user;
    const key = headerKey || body.idempotencyKey || crypto.randomUUID();
    const hash = requestHash(body);
    const existing = await findByKey(user.id, key);
    if (existing) return { status: 200, body: await replay(auth, existing, hash) };
    // staff of the seller cannot buy from their own shop; a professional client of it (kind 'client') buys as a buyer
    if (auth.memberships.some((m) => m.shopId === body.order.seller.id && m.kind !== 'client')) throw forbidden(ORDER_MESSAGES.ownShop);

    const effects: Effect[] = [];
    let created: { order: OrderRow; payment: PaymentResult | null };
    try {
      created = await db.transaction(async (tx) => {
        const choice: ShippingChoice = {
          type: body.shipping.type,
          ref: body.shipping.ref,
          collectionPointId: body.shipping.collectionPointId,
          instructions: body.shipping.instructions,
          // the zone of the delivery address's country sets the rate (settings section `delivery`)
          country: deliveryCountryOf(body.deliveryAddress),
        };
        const built = await buildOrder(
          tx,
          { memberships: auth.memberships, user: { id: user.id, isPro: user.isPro } },
          body.order,
          choice,
          undefined,
          // the promotion code's row stays locked until this transaction ends: its limits are counted one order at a time
          { lockPromoCode: true, publicSale: true },
        ).catch((err) => {
          // a closed shop (§1 module `shop` off) answers 404 as its public pages do
          if (err instanceof HttpError && err.status === 404 && err.message !== SHOP_CLOSED_MESSAGE)
            throw new CartCheckError([{ field: 'seller', message: MESSAGES.shopNotFound }]);
          throw err;
        });
        const checked = runCheckoutChecks(
          built,
          { ...body, deliveryAddress: body.deliveryAddress, billingAddress: body.billingAddress },
          user,
        );
        if (checked.problems.length) throw new CartCheckError(checked.problems);
        const price = built.priced.price;
        if (price.totalTTC !== body.expectedTotalTTC) throw new PriceChangedError(sellerResult(built, []));

        // gapless number: the counter row is updated in this transaction (rolled back with it)
        const now = new Date();
        const year = now.getUTCFullYear();
        const number = `C${year}-${String(await repo.nextCounterValue(tx, built.shop.id, 'C', year)).padStart(5, '0')}`;
        const grouped = !!body.paymentGroups?.length;
        const billing = checked.billingAddress ?? checked.deliveryAddress;
        // the buyer is a client of the shop from their first order: the order, its invoices and the payments the shop
        // records for it belong to that client file (the existing one, else one made from the account)
        const clientId = await buyerClientFile(tx, built.shop.id, user.id, true);
        const order = await repo.insertOrder(tx, {
          shopId: built.shop.id,
          buyerId: user.id,
          clientId,
          number,
          status: 'pending',
          paymentStatus: 'pending',
          deliveryStatus: 'pending',
          paymentMethod: body.paymentMethod!,
          hasProducts: built.products.length > 0,
          hasReservations: built.reservations.length > 0,
          totalHT: price.totalHT,
          tva: price.tva,
          totalTTC: price.totalTTC,
          price: price as unknown as Record<string, unknown>,
          deliveryAddress: checked.deliveryAddress,
          billingAddress: checked.billingAddress,
          phone: body.phone.trim(),
          shipping: {
            type: built.delivery?.type ?? null,
            ref: built.delivery?.ref ?? null,
            name: built.delivery?.name ?? null,
            collectionPointId: built.collectionPoint?.id ?? null,
            collectionPoint: built.collectionPoint?.name ?? null,
            instructions: body.shipping.instructions ?? null,
            nbrPackages: built.delivery ? price.nbrPackages : 0,
          },
          buyerName: buyerNameOf(user, billing),
          buyerEmail: user.email,
          lang: user.language === 'en' ? 'en' : 'fr',
          grouped,
          idempotencyKey: key,
          requestHash: hash,
          expiresAt: grouped ? new Date(now.getTime() + deps.groupedTtlHours * 3600_000) : null,
          promoCodeId: built.promoCode?.id ?? null,
          loyalty: built.loyalty
            ? {
                selectedLevel: price.loyalty?.levelIndex ?? null,
                selectedDiscount: price.loyalty?.offerIndex ?? null,
                pointsToLose: built.loyalty.pointsToLose,
                levelName: price.loyalty?.levelName ?? null,
                amount: price.loyalty?.amount ?? 0,
                clientId: built.loyalty.clientId,
              }
            : null,
        });
        // the points the loyalty offer spends leave the balance now (given back if the order never gets paid)
        if (built.loyalty)
          await spendForOrder(tx, {
            shopId: built.shop.id,
            clientId: built.loyalty.clientId,
            orderId: order.id,
            points: built.loyalty.pointsToLose,
          });
        // the use counts while the order stands (an aborted, expired, cancelled or refused order gives it back)
        if (built.promoCode)
          await recordPromoCodeUse(tx, {
            codeId: built.promoCode.id,
            orderId: order.id,
            userId: user.id,
            clientId: order.clientId ?? null,
            amountCents: price.promoCode?.amount ?? 0,
          });

        await repo.insertOrderLines(
          tx,
          snapshotLines(built).map((l) => ({ ...l, orderId: order.id })),
        );

        // reserve stock and places with conditional updates: never below zero
        const byFormat = new Map<number, { n: number; idTmp: string }>();
        built.products.forEach((p, i) => {
          const cur = byFormat.get(p.format.id);
          const n = built.priced.lines[i].quantity + built.priced.lines[i].addQuantity;
          byFormat.set(p.format.id, { n: (cur?.n ?? 0) + n, idTmp: cur?.idTmp ?? p.idTmp });
        });
        const allocationBuyer = { shopId: built.shop.id, buyerId: user.id, typology: built.typologyRef };
        for (const [formatId, { n, idTmp }] of [...byFormat].sort((a, b) => a[0] - b[0])) {
          // units kept for this buyer by an allocation first, then the web stock
          const fromAllocation = await consumeAllocations(tx, allocationBuyer, formatId, n);
          if (n > fromAllocation && !(await repo.takeStock(tx, formatId, n - fromAllocation))) {
            const stock = (await repo.stockOf(tx, formatId)) ?? 0;
            throw new CartCheckError([
              {
                field: `products[${idTmp}]`,
                message: CART_MESSAGES.stockInsufficient(Math.max(0, stock + fromAllocation)),
                idTmp,
                sellerId: built.shop.id,
              },
            ]);
          }
        }
        const bySlot = new Map<number, { n: number; index: number }>();
        for (const r of built.reservations) {
          const cur = bySlot.get(r.slot.id);
          bySlot.set(r.slot.id, { n: (cur?.n ?? 0) + r.cart.totalQuantity, index: cur?.index ?? r.index });
        }
        for (const [slotId, { n, index }] of [...bySlot].sort((a, b) => a[0] - b[0])) {
          if (n <= 0) continue;
          if (!(await repo.takePlaces(tx, slotId, n))) {
            const left = await repo.placesLeftOf(tx, slotId);
            throw new CartCheckError([
              { field: `reservations[${index}]`, message: CART_MESSAGES.maxPlaces(Math.max(0, left ?? 0)), sellerId: built.shop.id },
            ]);
          }
        }

        const made = await payments.createForOrder(tx, {
          orderId: order.id,
          orderNumber: order.number,
          shopId: built.shop.id,
          buyerId: user.id,
          buyerEmail: user.email,
          method: body.paymentMethod!,
          amountCents: price.totalTTC,
          lang: order.lang,
          ...(grouped ? { groups: body.paymentGroups!.map((g) => ({ email: g.email.trim().toLowerCase(), amountCents: g.amount })) } : {}),
        });
        if (made.primary) await repo.updateOrder(tx, order.id, { primaryPaymentId: made.primary.id });
        const settled = (await settleInTx(tx, order.id, effects))!;
        const shop = await repo.findShopSummary(tx, order.shopId);
        for (const g of made.groupTokens) {
          if (g.email.toLowerCase() === user.email.toLowerCase()) continue;
          const mail = paymentGroupMail({
            to: g.email,
            order: settled,
            shopName: shop.name,
            amountCents: g.amountCents,
            link: link(`/payment-group/${g.token}`),
            lang: order.lang as Lang,
          });
          await mailInTx(tx, mail, `payment-group:${g.paymentId}`, effects);
        }
        return { order: settled, payment: made.primary };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'orders_buyer_idempotency_uq')) {
        const again = await findByKey(user.id, key);
        if (again) return { status: 200, body: await replay(auth, again, hash) };
      }
      throw err;
    }
    await runEffects(effects);
    let payment = created.payment;
    if (payment) {
      // the payment may have moved on inside createForOrder's transaction (e.g. an offline method): read it again
      try {
        payment = await payments.get(db, payment.id, { userId: user.id });
      } catch {
        /* keep the creation answer */
      }
    }
    return { status: 201, body: { order: await detailOf(db, created.order), payment, replayed: false } };
  }

  // ------------------------------------------------------------------ grouped-order payers

  async function groupPayment(token: string) {
    const found = await payments.findByGroupToken(db, token);
    if (!found) throw notFound(ORDER_MESSAGES.paymentLinkNotFound);
    let o = await loadOrder(found.orderId);
    if (!o) throw notFound(ORDER_MESSAGES.paymentLinkNotFound);
    if (await expireIfDue(o)) o = (await loadOrder(o.id))!;
    return { found, order: o };
  }

  async function paymentGroupView(token: string): Promise<PaymentGroupView> {
    const { found, order } = await groupPayment(token);
    const shop = await repo.findShopSummary(db, order.shopId);
    const expired = order.status === 'expired';
    let payment: PaymentResult | null = null;
    try {
      payment = await payments.get(db, found.paymentId, { groupToken: token });
    } catch {
      payment = null;
    }
    return {
      orderNumber: order.number,
      shopName: shop.name,
      urlShop: shop.urlShop,
      payerEmail: found.payerEmail,
      amount: found.amountCents,
      status: payment?.status ?? found.status,
      expiresAt: order.expiresAt ? order.expiresAt.toISOString() : null,
      expired,
      payment,
    };
  }

  async function payGroup(token: string, body: PayRequest): Promise<PaymentResult> {
    const { found, order } = await groupPayment(token);
    if (order.status === 'expired') throw new HttpError(410, CART_MESSAGES.groupedOrderExpired);
    if (CLOSED.includes(order.status)) throw new HttpError(400, ORDER_MESSAGES.notPayable);
    return payments.pay(db, found.paymentId, body, { groupToken: token });
  }

  return {
    cartPrice,
    placeOrder,
    getOrder,
    listOrders,
    abortOrder,
    validateOrder,
    settle,
    sweepExpired,
    paymentGroupView,
    payGroup,
    cancelCheckoutInTx,
    /** the sales module adds its block to the staff's order detail */
    setStaffExtra(fn: typeof staffExtra) {
      staffExtra = fn;
    },
    /** the sales module adds the payments recorded against the order's invoices, and what they still owe */
    setPaymentsLedger(fn: typeof paymentsLedger) {
      paymentsLedger = fn;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
