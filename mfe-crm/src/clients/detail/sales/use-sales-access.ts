import { currentShopId, hasPermission } from 'shared-kernel/domain';
import type { Permission } from 'shared-kernel/contracts';
import { useSession } from 'shared-kernel/runtime';

export interface SalesAccess {
  /** How the orders list is asked for this user: the shop's (staff with seeAllOrder), the agent's own, or not at all. */
  ordersAs: 'seller' | 'agent' | null;
  /** Invoices: seeAllPayment or billOrder (the api's rule). */
  invoices: boolean;
  /** Payments and the client's credit: seeAllPayment. */
  payments: boolean;
  createOrder: boolean;
  createQuote: boolean;
}

/**
 * §6 rights of the signed-in user on the client file's sales (the api enforces them: this only hides what it would
 * refuse). An agent's membership carries no authorizations object (everything allowed by hasPermission), so the staff
 * rights are asked of owners and iam only; agents take orders and quotes for their clients (sales contract).
 */
export function useSalesAccess(): SalesAccess {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const shopId = currentShopId(user, shop);
  const role = user?.role;
  const staff = role === 'owner' || role === 'iam';
  const can = (p: Permission) => (staff || role === 'agent') && hasPermission(user, shopId, p);
  return {
    ordersAs: staff ? (can('seeAllOrder') ? 'seller' : null) : role === 'agent' ? 'agent' : null,
    invoices: staff && (can('seeAllPayment') || can('billOrder')),
    payments: staff && can('seeAllPayment'),
    createOrder: can('createOrder'),
    createQuote: can('createQuote'),
  };
}
