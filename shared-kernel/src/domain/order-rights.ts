/**
 * Who may act on a sales document (an order, a quote, an invoice, a payment): the one rule the api enforces and the
 * screens may read, so that the two never disagree.
 *
 * The rule follows what an action PRODUCES, not the button it sits behind: each product (an invoice, a credit note,
 * money given back, goods leaving the warehouse…) carries the §6 rights of its own screen, and an action needs the
 * rights of everything it produces in the state the document is in. Cancelling a draft only closes a sale; cancelling
 * an invoiced order also issues a credit note, so it also needs what issuing a credit note needs. A new action, or a
 * new effect of an existing one, is added here once and is then checked everywhere.
 *
 * Owners have every right; an iam needs, for each effect, one of its flags (no authorizations object = everything,
 * §6); an agent may act only when every effect is open to agents (they take orders and quotes for the clients assigned
 * to them — which documents they reach is the api's scoping, not this rule); a buyer or a client never.
 */
import type { Permission } from './access';
import { ORDER_ACTIONS, type OrderAction } from './order-lifecycle';
import type { OrderStatus } from './statuses';

/** What an action on a sales document can produce. */
export const SALES_EFFECTS = [
  'taking',
  'ordering',
  'quoting',
  'invoice',
  'creditNote',
  'refund',
  'payment',
  'billingMail',
  'shipment',
] as const;
export type SalesEffect = (typeof SALES_EFFECTS)[number];

export interface SalesEffectRights {
  /** an iam needs one of these flags */
  anyOf: readonly Permission[];
  /** whether an agent may produce it (for their own clients' documents) */
  agent: boolean;
}

/** The §6 rights of each effect. */
export const SALES_EFFECT_RIGHTS: Readonly<Record<SalesEffect, SalesEffectRights>> = {
  // a sale not invoiced yet moves (sent, validated, refused, cancelled): the rights of taking orders or quotes, as the
  // order screen always had them; the agent who took it moves it too
  taking: { anyOf: ['createOrder', 'createQuote'], agent: true },
  // the content of an order or a sample is written (lines, prices, client): the order form's right
  ordering: { anyOf: ['createOrder'], agent: true },
  // the content of a quote is written: a quote is what createQuote is for, and whoever writes orders writes quotes
  quoting: { anyOf: ['createQuote', 'createOrder'], agent: true },
  // an invoice or a deposit invoice is issued (a legal, numbered, immutable document): billing only, never an agent
  invoice: { anyOf: ['billOrder'], agent: false },
  // a credit note is issued (it cancels what an invoice owes): the same right as the credit-note screen
  creditNote: { anyOf: ['billOrder'], agent: false },
  // money paid is given back to the client: a payment out, as recorded on the payments screen
  refund: { anyOf: ['billOrder', 'seeAllPayment'], agent: false },
  // a payment is recorded, allocated or settled with the client's credit: the payments screen's rights
  payment: { anyOf: ['billOrder', 'seeAllPayment'], agent: false },
  // an issued document or a reminder is mailed to the client: billing and unpaid follow-up, not merely seeing orders
  billingMail: { anyOf: ['billOrder', 'seeAllPayment'], agent: false },
  // goods leave the warehouse (shipped, delivered): the deliveries screen's right
  shipment: { anyOf: ['manageDelivery'], agent: false },
};

/** Every action on a sales document: the order's moves (lifecycle) and the other routes that write such a document (a legal one). */
export const SALES_ACTIONS = [
  ...ORDER_ACTIONS,
  'create',
  'edit',
  'deposit',
  'creditNote',
  'sendInvoice',
  'remind',
  'recordPayment',
  'useCredit',
] as const;
export type SalesAction = (typeof SALES_ACTIONS)[number];

export type SalesDocumentSubType = 'order' | 'quote' | 'sample';

/** The state of the order an action applies to (for the actions on invoices and payments it does not matter). */
export interface SalesDocumentState {
  status: OrderStatus;
  subType: SalesDocumentSubType;
  /** the buyer paid online (card, SEPA…) and cancelling gives that money back */
  paidOnline: boolean;
}

/** What an action produces: always, and besides in some statuses, for some kinds of document, when paid online. */
export interface SalesActionRow {
  produces: readonly SalesEffect[];
  byStatus?: Readonly<Partial<Record<OrderStatus, readonly SalesEffect[]>>>;
  bySubType?: Readonly<Partial<Record<SalesDocumentSubType, readonly SalesEffect[]>>>;
  paidOnline?: readonly SalesEffect[];
}

const WRITING: SalesActionRow['bySubType'] = { order: ['ordering'], sample: ['ordering'], quote: ['quoting'] };

/**
 * The table: action × state of the document → what it produces (hence the rights it needs, SALES_EFFECT_RIGHTS).
 * Whether the move itself is possible from that state is the state machine's (order-lifecycle: 409), not this table's.
 */
export const SALES_ACTION_RIGHTS: Readonly<Record<SalesAction, SalesActionRow>> = {
  // creating or editing writes the document's content: the right of that kind of document (a quote, an order)
  create: { produces: [], bySubType: WRITING },
  edit: { produces: [], bySubType: WRITING },
  // a draft quote mailed or marked sent, validated (a quote accepted), refused, expired: the sale moves, nothing issued
  // (validating a checkout order captures the card imprint the buyer gave for it: the sale's own consequence)
  send: { produces: ['taking'] },
  validate: { produces: ['taking'] },
  refuse: { produces: ['taking'] },
  expire: { produces: ['taking'] },
  // cancelling closes the sale; an invoiced order is cancelled by a credit note of what its invoices still owe; a
  // checkout order paid online gets its money back
  cancel: { produces: ['taking'], byStatus: { invoiced: ['creditNote'] }, paidOnline: ['refund'] },
  // invoicing issues the invoice, a deposit issues a deposit invoice
  invoice: { produces: ['invoice'] },
  deposit: { produces: ['invoice'] },
  // shipping or delivering takes the goods out of the warehouse
  ship: { produces: ['shipment'] },
  deliver: { produces: ['shipment'] },
  // on an invoice: a credit note of it; mailing it or a reminder of it
  creditNote: { produces: ['creditNote'] },
  sendInvoice: { produces: ['billingMail'] },
  remind: { produces: ['billingMail'] },
  // on a client's account: a payment received or paid out, their credit used to settle an invoice
  recordPayment: { produces: ['payment'] },
  useCredit: { produces: ['payment'] },
};

/** What `action` produces on a document in `state` (without a state: what it produces in any state). */
export function salesActionEffects(action: SalesAction, state?: Partial<SalesDocumentState> | null): SalesEffect[] {
  const row = SALES_ACTION_RIGHTS[action];
  const all = [
    ...row.produces,
    ...((state?.status && row.byStatus?.[state.status]) || []),
    ...((state?.subType && row.bySubType?.[state.subType]) || []),
    ...((state?.paidOnline && row.paidOnline) || []),
  ];
  return SALES_EFFECTS.filter((e) => all.includes(e));
}

export interface SalesActionRule {
  effects: SalesEffect[];
  /** an iam needs one flag of each group */
  allOf: Permission[][];
  /** whether an agent may do it on their own clients' documents */
  agent: boolean;
}

/** The rights `action` needs on a document in `state`. */
export function salesActionRule(action: SalesAction, state?: Partial<SalesDocumentState> | null): SalesActionRule {
  const effects = salesActionEffects(action, state);
  return {
    effects,
    allOf: effects.map((e) => [...SALES_EFFECT_RIGHTS[e].anyOf]),
    agent: effects.every((e) => SALES_EFFECT_RIGHTS[e].agent),
  };
}

/** The caller as a member of the document's shop (an api membership row or a session's shop fits). */
export interface SalesActor {
  kind: 'owner' | 'iam' | 'agent' | 'client' | 'buyer';
  /** null or absent: every right (§6) */
  authorizations?: Readonly<Partial<Record<Permission, boolean>>> | Readonly<Record<string, boolean>> | null;
}

/** Whether `actor` may do `action` on a document in `state` (its rights only: scoping and the state machine aside). */
export function maySalesAct(actor: SalesActor, action: SalesAction, state?: Partial<SalesDocumentState> | null): boolean {
  const rule = salesActionRule(action, state);
  if (actor.kind === 'owner') return true;
  if (actor.kind === 'agent') return rule.agent;
  if (actor.kind !== 'iam') return false;
  const flags = actor.authorizations;
  if (flags === null || flags === undefined) return true;
  return rule.allOf.every((group) => group.some((p) => (flags as Record<string, boolean | undefined>)[p] === true));
}

/** The order's moves `actor` may do on it, among those the state machine allows (`candidates`). */
export function orderActionsFor(actor: SalesActor, state: SalesDocumentState, candidates: readonly OrderAction[]): OrderAction[] {
  return candidates.filter((a) => maySalesAct(actor, a, state));
}
