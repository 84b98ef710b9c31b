/**
 * The back-office block of an order's detail (the orders module asks for it when the shop's staff read an order): its
 * client, warehouse, agent, history, documents, what is left to invoice and to ship, and the actions the caller may
 * take on it now.
 */
import type { SalesOrderExtra } from 'shared-kernel/contracts';
import { allowedOrderActions, maySalesAct } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { clientName } from '../clients';
import type { OrderRow } from '../orders';
import { orderPackagesOf } from './sales.delivery';
import { docRef, personName, remainingOf, type SalesContext } from './sales.model';
import * as repo from './sales.repository';
import { rightsState } from './sales.scope';

export async function staffExtra(
  { managedElsewhere }: Pick<SalesContext, 'managedElsewhere'>,
  dbx: DbOrTx,
  o: OrderRow,
  member: ShopMemberRow,
): Promise<SalesOrderExtra> {
  const [c, wh, agent, hist, docs] = await Promise.all([
    repo.clientById(dbx, o.clientId),
    o.warehouseId ? repo.warehouseName(dbx, o.warehouseId) : Promise.resolve(undefined),
    o.agentId ? repo.userNames(dbx, o.agentId) : Promise.resolve(undefined),
    repo.historyOf(dbx, o.id),
    repo.documentsOfOrder(dbx, o.id),
  ]);
  const productLines = await repo.catalogueLinesOf(dbx, o.id);
  const personOf = personName;
  const invoiced = docs.filter((d) => d.kind === 'invoice').reduce((n, d) => n + d.totalTTC, 0);
  const deposits = docs.filter((d) => d.kind === 'deposit').reduce((n, d) => n + d.totalTTC, 0);
  const credited = docs.filter((d) => d.kind === 'credit').reduce((n, d) => n + d.totalTTC, 0);
  let actions = allowedOrderActions({ status: o.status, deliveryStatus: o.deliveryStatus });
  if (o.subType === 'sample') actions = actions.filter((a) => a !== 'invoice');
  // a quote is sent to its client and refused by them; an order or a sample taken as a draft (by an agent, over the
  // phone) is sent to the shop, which validates it: refusing is a quote's only
  if (o.subType !== 'quote') actions = actions.filter((a) => a !== 'refuse');
  // a checkout order waiting for the shop is validated by the orders module's own button (card imprints captured)
  // and aborted by its buyer; the shop may still cancel it (what was paid online is refunded)
  if (o.source === 'shop') actions = actions.filter((a) => a === 'invoice' || a === 'ship' || a === 'deliver' || a === 'cancel');
  const managed = (await managedElsewhere?.(dbx, o.id)) ?? null;
  // a primeur order is delivered and invoiced from its campaign; the order screen may only cancel it
  if (managed) actions = actions.filter((a) => a === 'cancel');
  const state = await rightsState(dbx, o);
  actions = actions.filter((a) => maySalesAct(member, a, state));
  return {
    subType: o.subType,
    source: o.source,
    client: c ? { id: c.id, name: clientName(c), code: c.code, kind: c.kind } : null,
    quoteNumber: o.quoteNumber,
    validUntil: o.validUntil,
    warehouse: wh ?? null,
    paymentDelay: o.paymentDelay,
    notes: o.notes,
    agent: agent ? { id: agent.id, name: personOf(agent) ?? '' } : null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    allowedActions: actions,
    history: hist.map(({ h, ...u }) => ({
      at: h.at.toISOString(),
      user: personOf(u),
      action: h.action,
      from: h.fromStatus,
      to: h.toStatus,
      note: h.note,
    })),
    invoices: docs.map((d) => ({ ...docRef(d), remaining: remainingOf(d) })),
    remainingToInvoice: o.status === 'invoiced' || o.status === 'cancelled' ? 0 : Math.max(0, o.totalTTC - invoiced - deposits + credited),
    input: o.source === 'backoffice' ? (o.input ?? null) : null,
    shipping: productLines.map((l) => ({
      lineId: l.id,
      label: [l.label, l.details].filter(Boolean).join(' · '),
      ordered: l.quantity + l.addQuantity,
      shipped: l.shipped,
    })),
    managedElsewhere: managed,
    parcels: await orderPackagesOf(dbx, o),
  };
}
