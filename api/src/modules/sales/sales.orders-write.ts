/**
 * Back-office orders, quotes and samples written from the order form: priced by sales.pricing.ts from the client's
 * typology, numbered (and a quote given its own number), their lines replaced on each edit while still a draft or
 * pending.
 */
import type { Party } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { nextCounterValue, type OrderRow } from '../orders';
import { history, notifyModified } from './sales.history';
import { nextNumber, parisDate } from './sales.invoicing';
import type { SalesContext } from './sales.model';
import { clientDeliveryAddress, clientParty } from './sales.parties';
import { previewOf, priceSalesOrder, type SalesOrderValues } from './sales.pricing';
import * as repo from './sales.repository';
import { assertMay, clientOf, orderOf, rightsState, warehouseOf } from './sales.scope';
import { billingOf } from './sales.settings';

/** The order's price as the form shows it before it is saved. */
export async function preview({ db }: SalesContext, member: ShopMemberRow, input: SalesOrderValues) {
  assertMay(member, 'create', { status: 'draft', subType: input.subType });
  const client = await clientOf(db, member, input.clientId);
  const shop = await repo.findShop(db, member.shopId);
  return previewOf(await priceSalesOrder(db, shop, client, input));
}

async function writeOrder(
  ctx: SalesContext,
  tx: DbOrTx,
  member: ShopMemberRow,
  userId: number,
  input: SalesOrderValues,
  existing: OrderRow | null,
): Promise<OrderRow> {
  const client = await clientOf(tx, member, input.clientId);
  const shop = await repo.findShop(tx, member.shopId);
  const warehouseId = await warehouseOf(tx, member.shopId, input.warehouseId);
  const priced = await priceSalesOrder(tx as Db, shop, client, input);
  if (priced.problems.length) throw new HttpError(400, priced.problems[0].message, priced.problems[0].field);
  if (input.validUntil && input.validUntil < parisDate()) throw new HttpError(400, M.validUntil, 'validUntil');
  const billing = await billingOf(tx, member.shopId);
  const party = clientParty(client);
  const checkoutAddress = (a: NonNullable<Party['address']>) => ({
    firstname: client.firstname ?? '',
    lastname: client.lastname ?? party.name,
    street: a.street,
    ...(a.street2 ? { street2: a.street2 } : {}),
    zipcode: a.zipcode,
    city: a.city,
    country: a.country,
    ...(client.company ? { company: client.company } : {}),
  });
  const address = party.address ? checkoutAddress(party.address) : null;
  // the address the order is delivered to (the one its shipping was priced for), kept for the invoice's mention
  const shipTo = clientDeliveryAddress(client, input.deliveryAddressIndex);
  const values = {
    buyerName: party.name,
    buyerEmail: client.email ?? '',
    phone: party.phone,
    totalHT: priced.totalHT,
    tva: priced.tva,
    totalTTC: priced.totalTTC,
    price: {
      totalHT: priced.totalHT,
      tva: priced.tva,
      totalTTC: priced.totalTTC,
      shipping: priced.shippingHT,
      promoAmount: priced.promoAmount + priced.discountHT,
      touristTax: 0,
      duties: priced.duties,
      nbrPackages: priced.nbrPackages,
      vatByRate: Object.fromEntries(priced.vatByRate.map((v) => [String(v.rate), { ht: v.baseHT, tva: v.vat }])),
    },
    deliveryAddress: shipTo ? checkoutAddress(shipTo) : address,
    billingAddress: address,
    shipping: {
      type: input.shipping?.type ?? null,
      ref: input.shipping?.ref ?? null,
      name: priced.lines.find((l) => l.kind === 'shipping')?.label ?? null,
      collectionPointId: input.shipping?.collectionPointId ?? null,
      collectionPoint: null,
      instructions: null,
      nbrPackages: priced.nbrPackages,
    },
    hasProducts: true,
    clientId: client.id,
    warehouseId,
    paymentDelay: input.paymentDelay ?? billing?.defaultPaymentDelay ?? '30',
    notes: input.notes ?? null,
    validUntil: input.subType === 'quote' ? (input.validUntil ?? parisDate(new Date(Date.now() + 30 * 86400_000))) : null,
    input: input as unknown as Record<string, unknown>,
    agentId: member.kind === 'agent' ? member.userId : (existing?.agentId ?? client.agentUserId ?? null),
    updatedAt: new Date(),
  };
  let o: OrderRow;
  if (existing) {
    o = await repo.updateOrderReturning(tx, existing.id, values);
    await repo.deleteLines(tx, existing.id);
    await history(ctx, tx, o, userId, 'edit', o.status, o.status);
  } else {
    const now = new Date();
    const year = Number(parisDate(now).slice(0, 4));
    const number = `C${year}-${String(await nextCounterValue(tx, member.shopId, 'C', year)).padStart(5, '0')}`;
    const quoteNumber =
      input.subType === 'quote' ? (await nextNumber(tx, member.shopId, 'quote', billing?.quotePrefix ?? 'D', parisDate(now))).number : null;
    o = await repo.insertOrder(tx, {
      ...values,
      shopId: member.shopId,
      buyerId: client.userId ?? null,
      number,
      quoteNumber,
      status: 'draft',
      paymentStatus: 'pending',
      deliveryStatus: 'pending',
      paymentMethod: 'transfer',
      lang: 'fr',
      idempotencyKey: `bo-${member.shopId}-${number}`,
      requestHash: 'backoffice',
      subType: input.subType,
      source: 'backoffice',
      createdBy: userId,
    });
    await history(ctx, tx, o, userId, 'create', null, 'draft');
  }
  await repo.insertLines(
    tx,
    priced.lines.map((l, position) => ({
      orderId: o.id,
      shopId: o.shopId,
      position,
      kind: l.kind,
      productId: l.productId,
      formatId: l.formatId,
      vintageId: l.vintageId,
      label: l.label,
      details: l.details,
      quantity: l.quantity,
      addQuantity: l.addQuantity,
      unitPriceHT: l.unitPriceHT,
      promoAmount: l.promoAmount,
      discountHT: l.discountHT,
      duties: l.duties,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
      totalTTC: l.totalHT + Math.round((l.totalHT * l.vatRate) / 100),
      accountingType: l.accountingType,
      reserved: 0,
    })),
  );
  return o;
}

export async function createOrder(ctx: SalesContext, auth: UserAuthContext, member: ShopMemberRow, input: SalesOrderValues) {
  assertMay(member, 'create', { status: 'draft', subType: input.subType });
  const o = await ctx.db.transaction((tx) => writeOrder(ctx, tx, member, auth.user.id, input, null));
  return { ...(await ctx.orders.getOrder(auth, o.id)), message: input.subType === 'quote' ? M.quoteCreated : M.created };
}

export async function updateOrder(ctx: SalesContext, auth: UserAuthContext, member: ShopMemberRow, id: number, input: SalesOrderValues) {
  await ctx.db.transaction(async (tx) => {
    const o = await orderOf(tx, member, id, true);
    // the kind of document is the stored one (the body's subType is not applied): its rights are checked
    assertMay(member, 'edit', await rightsState(tx, o));
    if (o.source !== 'backoffice' || (o.status !== 'draft' && o.status !== 'pending')) throw new HttpError(409, M.notEditable);
    const managed = await ctx.managedElsewhere?.(tx, o.id);
    if (managed) throw new HttpError(409, managed);
    const written = await writeOrder(ctx, tx, member, auth.user.id, { ...input, subType: o.subType }, o);
    await notifyModified(tx, written, auth);
  });
  return { ...(await ctx.orders.getOrder(auth, id)), message: M.updated };
}
