/**
 * What the caller reaches and may do: the documents of their shop (an agent, their own clients' orders; another
 * shop's id is not found) and, for every action, the one rights table of shared-kernel (order-rights).
 */
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { maySalesAct, type SalesAction, type SalesDocumentState } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import type { CrmClientRow } from '../clients';
import type { OrderRow } from '../orders';
import * as repo from './sales.repository';
import type { InvoiceRow } from './sales.tables';

/**
 * Every action on a sales document goes through the one rights table (shared-kernel order-rights: what the action
 * produces in the document's state → the §6 rights it needs, agents or not); 403 otherwise. Which documents the caller
 * reaches (their shop; an agent, their own clients' orders) is `orderOf` / `clientOf`'s, checked before.
 */
export function assertMay(member: ShopMemberRow, action: SalesAction, state?: Partial<SalesDocumentState> | null): void {
  if (!maySalesAct(member, action, state)) throw forbidden();
}

/**
 * An order as the rights table reads it. A checkout order holding money paid (online or marked paid) gives it back
 * when cancelled (the orders service's cancelCheckoutInTx refunds every paid payment of it).
 */
export async function rightsState(dbx: DbOrTx, o: OrderRow): Promise<SalesDocumentState> {
  const paidOnline = o.source === 'shop' ? await repo.hasPaidPayment(dbx, o.id) : false;
  return { status: o.status, subType: o.subType, paidOnline };
}

export async function clientOf(dbx: DbOrTx, member: ShopMemberRow, id: number, field = 'clientId'): Promise<CrmClientRow> {
  const c = await repo.shopClient(dbx, member.shopId, id);
  if (!c || c.status === 'erased' || (member.kind === 'agent' && c.agentUserId !== member.userId))
    throw new HttpError(400, M.clientNotFound, field);
  return c;
}

export async function orderOf(dbx: DbOrTx, member: ShopMemberRow, id: number, lock = false): Promise<OrderRow> {
  const o = await repo.shopOrder(dbx, member.shopId, id, lock);
  if (!o || (member.kind === 'agent' && o.agentId !== member.userId)) throw notFound(M.orderNotFound);
  return o;
}

export async function invoiceOf(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<InvoiceRow> {
  const row = await repo.shopInvoice(dbx, shopId, id, lock);
  if (!row) throw notFound(M.invoiceNotFound);
  return row;
}

/** The warehouse an order is given (one of the shop's, not archived), or none. */
export async function warehouseOf(dbx: DbOrTx, shopId: number, id: number | null | undefined): Promise<number | null> {
  if (id) {
    const w = await repo.activeWarehouse(dbx, shopId, id);
    if (!w) throw new HttpError(400, M.warehouseNotFound, 'warehouseId');
    return w.id;
  }
  return null;
}
