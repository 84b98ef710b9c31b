/**
 * Placing an order from a cart, in one transaction: the order is rebuilt from the catalogue and priced, every §5
 * check runs, the lines are snapshotted, the web stock and event places are taken with conditional updates (never
 * below zero), the number comes from the shop's counter row (gapless), the payments are created and the order
 * settled. The idempotency key replays the same order for the same body. Also the cart's price (get-cart-price).
 */
import crypto from 'node:crypto';
import {
  CART_MESSAGES,
  SHOP_CLOSED_MESSAGE,
  type CartPriceSellerResult,
  type CartProblem,
  type CheckoutAddress,
  type PaymentResult,
  type PlaceOrderResponse,
} from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, forbidden } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import type { Viewer } from '../catalog';
import { buyerClientFile, spendForOrder } from '../loyalty';
import { recordPromoCodeUse } from '../promo-codes';
import { consumeAllocations } from '../stock';
import { runCheckoutChecks } from './orders.checks';
import { detailOf } from './orders.detail';
import { mailInTx, runEffects, type Effect } from './orders.effects';
import { paymentGroupMail, type Lang } from './orders.mails';
import { CartCheckError, linkOf, ORDER_MESSAGES, PriceChangedError, type OrdersContext, type PlaceOrderBody } from './orders.model';
import { buildOrder, type BuiltOrder, type ShippingChoice } from './orders.pricing';
import * as repo from './orders.repository';
import { settleInTx } from './orders.settlement';
import { snapshotLines } from './orders.snapshot';
import type { OrderRow } from './orders.tables';

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

/** What a replay is compared on: the body without its key, object keys sorted (the same cart resent hashes the same). */
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

/** One seller's get-cart-price answer, also the server price a priceChanged (409) carries. */
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

/**
 * Takes what the order holds with conditional updates (never below zero), rows in id order (two checkouts of the same
 * wines cannot deadlock): per format the units an allocation keeps for this buyer, then the web stock; per slot the
 * places. Short → the cart problem (400) and the order's transaction rolls back.
 */
async function reserveInTx(tx: DbOrTx, built: BuiltOrder, buyerId: number): Promise<void> {
  const byFormat = new Map<number, { n: number; idTmp: string }>();
  built.products.forEach((p, i) => {
    const cur = byFormat.get(p.format.id);
    const n = built.priced.lines[i].quantity + built.priced.lines[i].addQuantity;
    byFormat.set(p.format.id, { n: (cur?.n ?? 0) + n, idTmp: cur?.idTmp ?? p.idTmp });
  });
  const allocationBuyer = { shopId: built.shop.id, buyerId, typology: built.typologyRef };
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
}

/** The order an idempotency key already placed: the same body replays it, another body is refused (409). */
async function replay(ctx: OrdersContext, auth: UserAuthContext, existing: OrderRow, hash: string): Promise<PlaceOrderResponse> {
  const { db, payments } = ctx;
  if (existing.requestHash !== hash) throw new HttpError(409, ORDER_MESSAGES.idempotencyConflict, 'idempotencyKey');
  let payment: PaymentResult | null = null;
  if (existing.primaryPaymentId) {
    try {
      payment = await payments.get(db, existing.primaryPaymentId, { userId: auth.user.id });
    } catch {
      payment = null;
    }
  }
  return { order: await detailOf(ctx, db, existing), payment, replayed: true };
}

export async function placeOrder(
  ctx: OrdersContext,
  auth: UserAuthContext,
  body: PlaceOrderBody,
  headerKey: string | undefined,
): Promise<{ status: 200 | 201; body: PlaceOrderResponse }> {
  const { db, payments } = ctx;
  const user = auth.user;
  const key = headerKey || body.idempotencyKey || crypto.randomUUID();
  const hash = requestHash(body);
  const existing = await repo.findByIdempotencyKey(db, user.id, key);
  if (existing) return { status: 200, body: await replay(ctx, auth, existing, hash) };
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
        ctx.clock(),
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
      const now = ctx.clock();
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
        expiresAt: grouped ? new Date(now.getTime() + ctx.groupedTtlHours * 3600_000) : null,
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

      await reserveInTx(tx, built, user.id);

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
      const settled = (await settleInTx(ctx, tx, order.id, effects))!;
      const shop = await repo.findShopSummary(tx, order.shopId);
      for (const g of made.groupTokens) {
        if (g.email.toLowerCase() === user.email.toLowerCase()) continue;
        const mail = paymentGroupMail({
          to: g.email,
          order: settled,
          shopName: shop.name,
          amountCents: g.amountCents,
          link: linkOf(ctx.publicUrl, `/payment-group/${g.token}`),
          lang: order.lang as Lang,
        });
        await mailInTx(ctx.mailer, tx, mail, `payment-group:${g.paymentId}`, effects);
      }
      return { order: settled, payment: made.primary };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'orders_buyer_idempotency_uq')) {
      const again = await repo.findByIdempotencyKey(db, user.id, key);
      if (again) return { status: 200, body: await replay(ctx, auth, again, hash) };
    }
    throw err;
  }
  await runEffects(ctx.logger, effects);
  let payment = created.payment;
  if (payment) {
    // the payment may have moved on inside createForOrder's transaction (e.g. an offline method): read it again
    try {
      payment = await payments.get(db, payment.id, { userId: user.id });
    } catch {
      /* keep the creation answer */
    }
  }
  return { status: 201, body: { order: await detailOf(ctx, db, created.order), payment, replayed: false } };
}

/** get-cart-price: each seller's order rebuilt and priced as the checkout will, with its problems (nothing is written). */
export async function cartPrice(
  ctx: Pick<OrdersContext, 'db' | 'clock'>,
  viewer: Viewer,
  input: { orders: PlaceOrderBody['order'][] },
): Promise<CartPriceSellerResult[]> {
  const { db } = ctx;
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
        ctx.clock(),
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
