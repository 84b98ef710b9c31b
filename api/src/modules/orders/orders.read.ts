/**
 * Reading orders: who may read one (its buyer, the seller shop's staff, the agent it is credited to), the detail with
 * the sales module's back-office block for the staff, and the lists (buyer, seller and agent views). Grouped orders
 * past their expiry expire before they are read.
 */
import type { OrderDetail, OrderList } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { hasPermission } from '../../platform/auth/scope';
import { answerCacheFor } from '../../platform/answer-cache';
import type { ShopMemberRow } from '../../platform/db/tables';
import { forbidden, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { detailOf, reservationsOf, summaryOf } from './orders.detail';
import { expireIfDue, sweepExpired, type CloseDeps } from './orders.lifecycle';
import { ORDER_MESSAGES, type OrdersContext } from './orders.model';
import * as repo from './orders.repository';
import type { OrdersListQuery } from './orders.schemas';
import type { OrderRow } from './orders.tables';

/** What a page of a shop's orders list is read from (reservation titles are the lines' own once an event is renamed). */
const SELLER_LIST_TABLES = new Set(['orders', 'order_lines']);

/** The sales agent an order is credited to (orders.agent_id), still an agent of its shop, reads it. */
export function creditedAgent(auth: UserAuthContext, o: { shopId: number; agentId: number | null }): boolean {
  return o.agentId === auth.user.id && auth.memberships.some((m) => m.shopId === o.shopId && m.kind === 'agent');
}

/** Staff of the order's shop who may read it (owner, iam with seeAllOrder or createOrder). */
export function staffOf(auth: UserAuthContext, shopId: number): ShopMemberRow | undefined {
  return auth.memberships.find(
    (m) =>
      m.shopId === shopId &&
      (m.kind === 'owner' || m.kind === 'iam') &&
      (hasPermission(m, 'seeAllOrder') || hasPermission(m, 'createOrder')),
  );
}

/** The order if the caller may read it (buyer or staff of the seller shop), else 404; expired lazily. */
export async function readableOrder(deps: CloseDeps, auth: UserAuthContext, id: number): Promise<OrderRow> {
  let o = await repo.findOrder(deps.db, id);
  if (!o || (o.buyerId !== auth.user.id && !staffOf(auth, o.shopId) && !creditedAgent(auth, o))) throw notFound(ORDER_MESSAGES.notFound);
  if (await expireIfDue(deps, o)) o = (await repo.findOrder(deps.db, id))!;
  return o;
}

export async function getOrder(ctx: OrdersContext, auth: UserAuthContext, id: number): Promise<OrderDetail> {
  const { db } = ctx;
  const o = await readableOrder(ctx, auth, id);
  const detail = await detailOf(ctx, db, o);
  // the shop's staff, and the agent credited with a back-office order (they take orders and quotes for their clients)
  const staff =
    staffOf(auth, o.shopId) ??
    (o.source === 'backoffice' && creditedAgent(auth, o)
      ? auth.memberships.find((m) => m.shopId === o.shopId && m.kind === 'agent')
      : undefined);
  const staffExtra = ctx.sales.staffExtra;
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
export async function listOrders(ctx: OrdersContext, auth: UserAuthContext, q: OrdersListQuery): Promise<OrderList> {
  const { db } = ctx;
  await sweepExpired(ctx, 50);
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
