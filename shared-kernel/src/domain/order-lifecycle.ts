/**
 * The one state machine of an order, shared by the api (which enforces it: any other move answers 409)
 * and the back-office screens (which only offer the allowed actions).
 *
 *   draft ──send──▶ pending ──validate──▶ validated ──invoice──▶ invoiced
 *     └──────────validate──────────────────▲                     │
 *   pending (a quote sent) ──refuse──▶ refused      ──expire──▶ expired
 *   cancel: from draft, pending or validated (stock released) and from invoiced (a credit note is issued for what
 *   the invoices still owe); cancelled, refused, aborted, expired are final.
 *
 * Shipping is the delivery status beside it (§4 delivery statuses): ship / deliver are allowed once the order is
 * validated or invoiced, never on a draft, a quote or a cancelled order.
 * Baqio's model: a validated order is the pro-forma; the invoice is the legal document issued from it.
 */
import type { DeliveryStatus, OrderStatus } from './statuses';

export const ORDER_ACTIONS = ['send', 'validate', 'refuse', 'invoice', 'cancel', 'expire', 'ship', 'deliver'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const ORDER_ACTION_LABELS: Readonly<Record<OrderAction, string>> = {
  send: 'Envoyer',
  validate: 'Valider',
  refuse: 'Refuser',
  invoice: 'Facturer',
  cancel: 'Annuler',
  expire: 'Expirer',
  ship: 'Expédier',
  deliver: 'Marquer livrée',
};

/** Status moves: action → from → to. Actions not listed for a status are refused. */
export const ORDER_TRANSITIONS: Readonly<Record<Exclude<OrderAction, 'ship' | 'deliver'>, Partial<Record<OrderStatus, OrderStatus>>>> = {
  send: { draft: 'pending' },
  validate: { draft: 'validated', pending: 'validated' },
  refuse: { pending: 'refused' },
  invoice: { validated: 'invoiced' },
  cancel: { draft: 'cancelled', pending: 'cancelled', validated: 'cancelled', invoiced: 'cancelled' },
  expire: { pending: 'expired' },
};

/** Delivery moves, allowed once the order is validated or invoiced. */
export const DELIVERY_TRANSITIONS: Readonly<Record<'ship' | 'deliver', Partial<Record<DeliveryStatus, DeliveryStatus>>>> = {
  ship: { pending: 'transit', preparation: 'transit', pendingPickup: 'transit', partiallyDelivered: 'transit' },
  deliver: {
    pending: 'delivered',
    preparation: 'delivered',
    pendingPickup: 'delivered',
    pickup: 'delivered',
    transit: 'delivered',
    partiallyDelivered: 'delivered',
  },
};

const SHIPPABLE: readonly OrderStatus[] = ['validated', 'invoiced'];

export interface OrderState {
  status: OrderStatus;
  deliveryStatus: DeliveryStatus;
}

/** The state after `action`, or null when the move is not allowed. */
export function nextOrderState(state: OrderState, action: OrderAction): OrderState | null {
  if (action === 'ship' || action === 'deliver') {
    if (!SHIPPABLE.includes(state.status)) return null;
    const to = DELIVERY_TRANSITIONS[action][state.deliveryStatus];
    return to ? { ...state, deliveryStatus: to } : null;
  }
  const to = ORDER_TRANSITIONS[action][state.status];
  return to ? { ...state, status: to } : null;
}

/** Every action allowed from `state` (the screens offer these; 'expire' is the api's own). */
export function allowedOrderActions(state: OrderState): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => a !== 'expire' && nextOrderState(state, a) !== null);
}

/** The 409 message of a refused move (French, §8 style). */
export function orderTransitionMessage(action: OrderAction, state: OrderState, statusLabel: (s: OrderStatus) => string): string {
  return `Action « ${ORDER_ACTION_LABELS[action]} » impossible : la commande est « ${statusLabel(state.status)} »`;
}
