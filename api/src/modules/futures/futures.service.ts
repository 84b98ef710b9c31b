/**
 * Primeurs: campaigns, their offer, the clients' orders with a deposit invoice at order and the final
 * invoice at delivery. Every order, number and document is made by the sales module (its gapless series, its
 * immutability and its deposit deduction): this module only picks the prices and drives the sales lifecycle.
 *
 * Rights: `createFutureOrder` is the right to run the whole primeur flow. The sales module checks its own flags
 * (createOrder, billOrder, manageDelivery) on the membership it is given, so an iam holding createFutureOrder acts there
 * with those flags for the primeur orders only (`salesStaff`).
 *
 * Atomicity: the sales service opens its own transactions (order, deposit, each lifecycle move). An order whose link or
 * deposit fails is cancelled at once (never left half made); a delivery that stops midway (e.g. stock missing at
 * validation) is resumed by the next call from the order's current status.
 */
import {
  FUTURES_MESSAGES as M,
  SALES_MESSAGES,
  salesOrderInputSchema,
  type FuturesCampaign,
  type FuturesCampaignSummary,
  type FuturesClientOrder,
  type FuturesClientRow,
  type FuturesClients,
  type FuturesDeliverResult,
  type FuturesOrderResult,
  type FuturesTotals,
  type Paginated,
  type futuresCampaignInputSchema,
  type futuresDeliverInputSchema,
  type futuresOrderInputSchema,
} from 'shared-kernel/contracts';
import { eq } from 'drizzle-orm';
import type { OrderAction } from 'shared-kernel/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { clientName, type CrmClientRow } from '../clients';
import type { OrderRow } from '../orders';
import type { InvoiceRow, SalesService } from '../sales';
import * as repo from './futures.repository';
import type { CampaignsListQuery } from './futures.schemas';
import { futuresCampaigns, futuresOrders, type FuturesCampaignRow, type FuturesOrderLine, type FuturesOrderRow } from './futures.tables';

type CampaignValues = z.output<typeof futuresCampaignInputSchema>;
type OrderValues = z.output<typeof futuresOrderInputSchema>;
type DeliverValues = z.output<typeof futuresDeliverInputSchema>;

export interface FuturesDeps {
  db: Db;
  sales: SalesService;
}

const SALES_FLAGS = { createOrder: true, billOrder: true, manageDelivery: true } as const;

/** The caller as the sales module sees them for a primeur order (see the file header). */
export function salesStaff(auth: UserAuthContext, member: ShopMemberRow): { auth: UserAuthContext; member: ShopMemberRow } {
  if (member.kind !== 'iam' || member.authorizations == null) return { auth, member };
  const elevated = { ...member, authorizations: { ...member.authorizations, ...SALES_FLAGS } } as ShopMemberRow;
  return {
    member: elevated,
    auth: { ...auth, memberships: auth.memberships.map((m) => (m === member || m.id === member.id ? elevated : m)) },
  };
}

const emptyTotals = (): FuturesTotals => ({
  orders: 0,
  clients: 0,
  bottles: 0,
  bottlesDelivered: 0,
  bottlesToDeliver: 0,
  orderedTTC: 0,
  invoicedTTC: 0,
  paidTTC: 0,
  toDeliverTTC: 0,
});

const bottlesOf = (lines: FuturesOrderLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
const docRef = (d: InvoiceRow) => ({ id: d.id, number: d.number, totalTTC: d.totalTTC });

/** What one primeur order stands at: ordered, invoiced (deposits + final invoice net of them − credit notes), paid. */
export function orderFigures(
  o: Pick<OrderRow, 'status' | 'deliveryStatus' | 'totalTTC'>,
  fo: Pick<FuturesOrderRow, 'lines'>,
  docs: InvoiceRow[],
) {
  const cancelled = o.status === 'cancelled';
  const delivered = !cancelled && o.deliveryStatus === 'delivered';
  const bottles = cancelled ? 0 : bottlesOf(fo.lines);
  const deposits = docs.filter((d) => d.kind === 'deposit');
  const invoice = docs.find((d) => d.kind === 'invoice') ?? null;
  const credits = docs.filter((d) => d.kind === 'credit');
  const invoicedTTC =
    deposits.reduce((n, d) => n + d.totalTTC, 0) + (invoice?.amountDue ?? 0) - credits.reduce((n, d) => n + d.totalTTC, 0);
  const paidTTC = [...deposits, ...(invoice ? [invoice] : [])].reduce((n, d) => n + d.paid, 0);
  return {
    state: (cancelled ? 'cancelled' : delivered ? 'delivered' : 'toDeliver') as FuturesClientOrder['state'],
    bottles,
    bottlesDelivered: delivered ? bottles : 0,
    bottlesToDeliver: delivered ? 0 : bottles,
    orderedTTC: cancelled ? 0 : o.totalTTC,
    toDeliverTTC: cancelled || delivered ? 0 : o.totalTTC,
    invoicedTTC,
    paidTTC,
    deposit: deposits[0] ?? null,
    invoice,
  };
}

/**
 * A primeur order is delivered and invoiced from its campaign: the order screen neither edits nor moves it. Handed to
 * the sales service at construction (the composition root), since sales cannot import this module.
 */
export async function managedByCampaign(dbx: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await dbx
    .select({ name: futuresCampaigns.name })
    .from(futuresOrders)
    .innerJoin(futuresCampaigns, eq(futuresCampaigns.id, futuresOrders.campaignId))
    .where(eq(futuresOrders.orderId, orderId));
  return row ? M.managedByCampaign(row.name) : null;
}

export function createFuturesService({ db, sales }: FuturesDeps) {
  async function campaignOf(shopId: number, id: number): Promise<FuturesCampaignRow> {
    const c = await repo.campaignOf(db, shopId, id);
    if (!c) throw notFound(M.campaignNotFound);
    return c;
  }

  function summaryOf(c: FuturesCampaignRow, stats: { orders: number; bottles: number; ttc: number }): FuturesCampaignSummary {
    return {
      id: c.id,
      name: c.name,
      vintage: c.vintage,
      status: c.status,
      depositPercent: c.depositPercent,
      deliveryFrom: c.deliveryFrom,
      deliveryTo: c.deliveryTo,
      createdAt: c.createdAt.toISOString(),
      orders: stats.orders,
      bottles: stats.bottles,
      orderedTTC: stats.ttc,
    };
  }

  async function list(shopId: number, q: CampaignsListQuery): Promise<Paginated<FuturesCampaignSummary>> {
    const { rows, total } = await repo.listCampaigns(db, shopId, q);
    return paginated(
      rows.map((r) => summaryOf(r.c, r.stats)),
      total,
      q,
    );
  }

  /** Per client: the orders of the campaign and what they stand at; and the campaign's totals. */
  async function clientsOf(c: FuturesCampaignRow): Promise<FuturesClients & { orderedPerLine: Map<number, number> }> {
    const rows = await repo.campaignOrders(db, c.id);
    const [docs, clients, lines] = await Promise.all([
      repo.documentsOf(
        db,
        rows.map((r) => r.o.id),
      ),
      repo.clientsOf(db, c.shopId, [...new Set(rows.map((r) => r.fo.clientId).filter((v): v is number => v != null))]),
      repo.offerLinesOf(db, c.id),
    ]);
    const labelOf = new Map(lines.map((l) => [l.id, l.label]));
    const clientById = new Map<number, CrmClientRow>(clients.map((x) => [x.id, x]));
    const byClient = new Map<string, FuturesClientRow>();
    const totals = emptyTotals();
    const orderedPerLine = new Map<number, number>();
    for (const { fo, o } of rows) {
      const f = orderFigures(
        o,
        fo,
        docs.filter((d) => d.orderId === o.id),
      );
      const key = fo.clientId != null ? `c${fo.clientId}` : `o${o.id}`;
      const cl = fo.clientId != null ? clientById.get(fo.clientId) : undefined;
      let row = byClient.get(key);
      if (!row) {
        row = {
          client: { id: fo.clientId, name: cl ? clientName(cl) : o.buyerName, typology: cl?.typology ?? null },
          ...emptyTotals(),
          orderList: [],
        };
        byClient.set(key, row);
      }
      row.orderList.push({
        orderId: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        status: o.status,
        state: f.state,
        bottles: bottlesOf(fo.lines),
        totalTTC: o.totalTTC,
        deposit: f.deposit ? docRef(f.deposit) : null,
        invoice: f.invoice ? { ...docRef(f.invoice), amountDue: f.invoice.amountDue } : null,
        invoicedTTC: f.invoicedTTC,
        paidTTC: f.paidTTC,
        lines: fo.lines.map((l) => ({
          lineId: l.lineId,
          label: labelOf.get(l.lineId) ?? '',
          quantity: l.quantity,
          unitPriceHT: l.unitPriceHT,
        })),
      });
      for (const t of [row, totals]) {
        if (f.state !== 'cancelled') t.orders += 1;
        t.bottles += f.bottles;
        t.bottlesDelivered += f.bottlesDelivered;
        t.bottlesToDeliver += f.bottlesToDeliver;
        t.orderedTTC += f.orderedTTC;
        t.invoicedTTC += f.invoicedTTC;
        t.paidTTC += f.paidTTC;
        t.toDeliverTTC += f.toDeliverTTC;
      }
      if (f.state !== 'cancelled') for (const l of fo.lines) orderedPerLine.set(l.lineId, (orderedPerLine.get(l.lineId) ?? 0) + l.quantity);
    }
    const items = [...byClient.values()].sort((a, b) => a.client.name.localeCompare(b.client.name, 'fr'));
    for (const r of items) r.clients = 1;
    totals.clients = items.filter((r) => r.orders > 0).length;
    return { items, totals, orderedPerLine };
  }

  async function detail(c: FuturesCampaignRow): Promise<FuturesCampaign> {
    const [lines, { totals, orderedPerLine }] = await Promise.all([repo.offerLinesOf(db, c.id), clientsOf(c)]);
    return {
      ...summaryOf(c, { orders: totals.orders, bottles: totals.bottles, ttc: totals.orderedTTC }),
      description: c.description,
      lines: lines.map((l) => ({
        id: l.id,
        formatId: l.formatId,
        label: l.label,
        prices: l.prices,
        ordered: orderedPerLine.get(l.id) ?? 0,
      })),
      totals,
    };
  }

  /** Formats of the shop, typologies of the shop: else 400 naming the line's field. */
  async function checkOffer(shopId: number, input: CampaignValues): Promise<void> {
    const [formats, typologies] = await Promise.all([
      repo.shopFormatIds(
        db,
        shopId,
        input.lines.map((l) => l.formatId),
      ),
      repo.shopTypologies(db, shopId),
    ]);
    const known = new Set(typologies.map((t) => t.id));
    input.lines.forEach((l, i) => {
      if (!formats.has(l.formatId)) throw new HttpError(400, M.formatNotFound, `lines.${i}.formatId`);
      for (const t of Object.keys(l.prices)) if (!known.has(t)) throw new HttpError(400, M.typologyUnknown, `lines.${i}.prices.${t}`);
    });
  }

  async function create(auth: UserAuthContext, member: ShopMemberRow, input: CampaignValues) {
    await checkOffer(member.shopId, input);
    const c = await db.transaction(async (tx) => {
      const row = await repo.insertCampaign(tx, {
        shopId: member.shopId,
        name: input.name,
        vintage: input.vintage,
        description: input.description,
        depositPercent: input.depositPercent,
        deliveryFrom: input.deliveryFrom,
        deliveryTo: input.deliveryTo,
        createdBy: auth.user.id,
      });
      for (const [position, l] of input.lines.entries())
        await repo.insertOfferLine(tx, { campaignId: row.id, formatId: l.formatId, prices: l.prices, position });
      return row;
    });
    return { ...(await detail(c)), message: M.created };
  }

  async function update(member: ShopMemberRow, id: number, input: CampaignValues) {
    const c0 = await campaignOf(member.shopId, id);
    await checkOffer(member.shopId, input);
    const { orderedPerLine } = await clientsOf(c0);
    await db.transaction(async (tx) => {
      const c = await repo.campaignOf(tx, member.shopId, id, true);
      if (!c) throw notFound(M.campaignNotFound);
      const existing = await repo.rawOfferLines(tx, id);
      const kept = new Set<number>();
      input.lines.forEach((l, i) => {
        if (l.id == null) return;
        const old = existing.find((x) => x.id === l.id);
        if (!old) throw new HttpError(400, M.lineUnknown, `lines.${i}.id`);
        if (old.formatId !== l.formatId && (orderedPerLine.get(old.id) ?? 0) > 0)
          throw new HttpError(409, M.lineOrdered, `lines.${i}.formatId`);
        kept.add(old.id);
      });
      const removed = existing.filter((x) => !kept.has(x.id));
      if (removed.some((x) => (orderedPerLine.get(x.id) ?? 0) > 0)) throw new HttpError(409, M.lineOrdered, 'lines');
      await repo.deleteOfferLines(
        tx,
        removed.map((x) => x.id),
      );
      for (const [position, l] of input.lines.entries()) {
        if (l.id != null) await repo.updateOfferLine(tx, l.id, { formatId: l.formatId, prices: l.prices, position });
        else await repo.insertOfferLine(tx, { campaignId: id, formatId: l.formatId, prices: l.prices, position });
      }
      await repo.updateCampaign(tx, id, {
        name: input.name,
        vintage: input.vintage,
        description: input.description,
        depositPercent: input.depositPercent,
        deliveryFrom: input.deliveryFrom,
        deliveryTo: input.deliveryTo,
      });
    });
    return { ...(await detail(await campaignOf(member.shopId, id))), message: M.updated };
  }

  async function setStatus(member: ShopMemberRow, id: number, status: FuturesCampaignRow['status']) {
    await campaignOf(member.shopId, id);
    await repo.updateCampaign(db, id, { status });
    return { ...(await detail(await campaignOf(member.shopId, id))), message: status === 'closed' ? M.closedDone : M.reopened };
  }

  /** A client's primeur order: the sales order at the campaign's prices for the client's typology, and its deposit invoice. */
  async function placeOrder(
    auth: UserAuthContext,
    member: ShopMemberRow,
    campaignId: number,
    input: OrderValues,
  ): Promise<FuturesOrderResult> {
    const c = await campaignOf(member.shopId, campaignId);
    if (c.status !== 'open') throw new HttpError(409, M.closed);
    const client = await repo.clientOf(db, member.shopId, input.clientId);
    if (!client || client.status === 'erased') throw new HttpError(400, SALES_MESSAGES.clientNotFound, 'clientId');
    const billing = await sales.billingOf(member.shopId);
    if (!billing || !billing.companyName || !billing.siret || !billing.address?.street)
      throw new HttpError(400, SALES_MESSAGES.billingIncomplete, 'billing');
    const [offer, typologies] = await Promise.all([repo.rawOfferLines(db, c.id), repo.shopTypologies(db, member.shopId)]);
    const typology = client.typology ?? typologies.find((t) => t.public)?.id ?? typologies[0]?.id ?? '';
    const typologyName = typologies.find((t) => t.id === typology)?.name ?? typology;
    const taken: FuturesOrderLine[] = [];
    input.lines.forEach((l, i) => {
      if (l.quantity === 0) return;
      const line = offer.find((x) => x.id === l.lineId);
      if (!line) throw new HttpError(400, M.lineUnknown, `lines.${i}.lineId`);
      const price = line.prices[typology];
      if (price == null) throw new HttpError(400, M.noPrice(typologyName), `lines.${i}.lineId`);
      const same = taken.find((t) => t.lineId === line.id);
      if (same) same.quantity += l.quantity;
      else taken.push({ lineId: line.id, formatId: line.formatId, quantity: l.quantity, unitPriceHT: price });
    });
    const staff = salesStaff(auth, member);
    const body = salesOrderInputSchema.parse({
      subType: 'order',
      clientId: client.id,
      lines: taken.map((t) => ({ formatId: t.formatId, quantity: t.quantity, unitPriceHT: t.unitPriceHT })),
      notes: [`Primeurs : ${c.name} (millésime ${c.vintage})`, input.notes].filter(Boolean).join('\n'),
    });
    const created = (await sales.createOrder(staff.auth, staff.member, body)) as { id: number };
    try {
      await repo.insertFuturesOrder(db, {
        orderId: created.id,
        campaignId: c.id,
        shopId: member.shopId,
        clientId: client.id,
        lines: taken,
      });
      const deposit = await sales.deposit(staff.auth, staff.member, created.id, { percent: c.depositPercent, amount: null });
      const o = await repo.orderRow(db, created.id);
      return {
        orderId: created.id,
        number: o!.number,
        totalTTC: o!.totalTTC,
        deposit: { id: deposit.id, number: deposit.number, totalTTC: deposit.totalTTC },
        message: M.ordered(o!.number, deposit.number),
      };
    } catch (err) {
      await sales
        .act(staff.auth, staff.member, created.id, 'cancel', {
          reason: 'Commande primeur interrompue',
          carrier: null,
          trackingNumber: null,
        })
        .catch(() => undefined);
      throw err;
    }
  }

  /** Delivery: validated (stock reserved), invoiced (final invoice, deposit deducted), delivered (stock exit). */
  async function deliver(
    auth: UserAuthContext,
    member: ShopMemberRow,
    orderId: number,
    input: DeliverValues,
  ): Promise<FuturesDeliverResult> {
    const row = await repo.futuresOrderOf(db, member.shopId, orderId);
    if (!row) throw notFound(M.orderNotFound);
    if (row.o.status === 'cancelled') throw new HttpError(409, M.cancelled);
    if (row.o.deliveryStatus === 'delivered') throw new HttpError(409, M.delivered);
    const staff = salesStaff(auth, member);
    const act = (action: OrderAction, extra: { carrier?: string | null; trackingNumber?: string | null } = {}) =>
      sales.act(staff.auth, staff.member, orderId, action, {
        reason: null,
        carrier: extra.carrier ?? null,
        trackingNumber: extra.trackingNumber ?? null,
      });
    let o = row.o;
    if (o.status === 'draft' || o.status === 'pending') await act('validate');
    o = (await repo.orderRow(db, orderId))!;
    if (o.status === 'validated') await act('invoice');
    if ((input.carrier || input.trackingNumber) && o.deliveryStatus !== 'transit')
      await act('ship', { carrier: input.carrier, trackingNumber: input.trackingNumber });
    await act('deliver');
    const invoice = (await repo.documentsOf(db, [orderId])).find((d) => d.kind === 'invoice')!;
    return {
      orderId,
      invoice: { ...docRef(invoice), amountDue: invoice.amountDue },
      message: M.deliveredDone(invoice.number),
    };
  }

  return {
    list,
    get: async (shopId: number, id: number) => detail(await campaignOf(shopId, id)),
    clients: async (shopId: number, id: number): Promise<FuturesClients> => {
      const { items, totals } = await clientsOf(await campaignOf(shopId, id));
      return { items, totals };
    },
    create,
    update,
    close: (member: ShopMemberRow, id: number) => setStatus(member, id, 'closed'),
    reopen: (member: ShopMemberRow, id: number) => setStatus(member, id, 'open'),
    placeOrder,
    deliver,
  };
}

export type FuturesService = ReturnType<typeof createFuturesService>;
