/**
 * What the reservations files share: the dependencies their functions are given (instead of closing over them), the
 * statuses that close a reservation, and the sales rights the reservation flow acts with.
 */
import { ORDER_STATUS, type OrderStatus } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { Logger } from '../../platform/logger';
import type { OrderRow, OrdersService } from '../orders';
import type { SalesService } from '../sales';

export interface ReservationsDeps {
  db: Db;
  sales: SalesService;
  orders: OrdersService;
  logger: Logger;
}

/** An order in one of these is no longer moved, checked in nor cancelled. */
export const CLOSED: OrderStatus[] = ['cancelled', 'refused', 'aborted', 'expired'];
export const statusLabel = (s: OrderStatus) => ORDER_STATUS[s]?.label ?? s;
export const paidSome = (o: Pick<OrderRow, 'paymentStatus'>) => o.paymentStatus === 'paid' || o.paymentStatus === 'partial';

/** The sales rights the reservation flow acts with for its own orders (an iam holding createResa). */
const SALES_FLAGS = { createOrder: true, billOrder: true, seeAllPayment: true } as const;
export function salesStaff(auth: UserAuthContext, member: ShopMemberRow): { auth: UserAuthContext; member: ShopMemberRow } {
  if (member.kind !== 'iam' || member.authorizations == null) return { auth, member };
  const elevated = { ...member, authorizations: { ...member.authorizations, ...SALES_FLAGS } } as ShopMemberRow;
  return { member: elevated, auth: { ...auth, memberships: auth.memberships.map((m) => (m.id === member.id ? elevated : m)) } };
}
