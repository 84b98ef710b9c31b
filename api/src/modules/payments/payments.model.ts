/**
 * What the payments files share: the messages, the declined-payment error, the shapes given to and returned by the
 * service, the status transitions, small helpers, and the context each operation is given instead of closing over it.
 */
import crypto from 'node:crypto';
import { CART_MESSAGES, type CheckoutPaymentMethod, type OrderOnlinePayment, type PaymentResult } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Accounts } from './payments.accounts';
import type { PayPalDeps } from './payments.paypal';
import type { PaymentStatus } from './payments.tables';
import type { IntentKind, PaymentProvider } from './providers/provider';

export const PAYMENT_MESSAGES = {
  notFound: 'Paiement introuvable',
  offline: 'Ce moyen de paiement se règle directement auprès du domaine',
  cancelled: 'Ce paiement a été annulé',
  providerChanged: 'Ce paiement ne peut plus être réglé en ligne. Veuillez contacter le domaine.',
  challenge: "Cette demande d'authentification n'est pas valide ou a expiré",
  webhookSignature: 'Signature du webhook invalide',
  cardNotOffered:
    "Ce domaine ne propose pas encore le paiement en ligne : son compte de paiement n'est pas relié. Choisissez un autre moyen de paiement.",
  refundAmount: 'Le montant à rembourser doit être positif et ne pas dépasser le montant payé',
  notRefundable: "Ce paiement n'a pas été réglé en ligne : il ne peut pas être remboursé par le prestataire",
  declined: CART_MESSAGES.payment,
  groupsTotal: CART_MESSAGES.paymentGroupsTotal,
} as const;

/** A declined payment: HTTP 402 `{ success: false, message: CART_MESSAGES.payment }`; `result` is the payment (status error). */
export class PaymentDeclinedError extends HttpError {
  constructor(public readonly result: PaymentResult) {
    super(402, CART_MESSAGES.payment);
    this.name = 'PaymentDeclinedError';
  }
}

export interface PaymentAuth {
  userId?: number;
  groupToken?: string;
}
/** What changed: the payment and its new status (told to the listeners with the order's id). */
export interface PaymentChange {
  paymentId: number;
  status: PaymentStatus;
}
export type PaymentListener = (db: Db, orderId: number, change?: PaymentChange) => Promise<void>;

export interface CreatePaymentsInput {
  orderId: number;
  shopId: number;
  buyerId: number;
  buyerEmail: string;
  method: CheckoutPaymentMethod;
  amountCents: number;
  lang: 'fr' | 'en';
  groups?: Array<{ email: string; amountCents: number }>;
  /** the order number shown to buyer and seller (e.g. C2026-00042), quoted in transfer/cheque instructions; default `n° <orderId>` */
  orderNumber?: string;
}
export interface CreatedPayments {
  primary: PaymentResult | null;
  groupTokens: Array<{ email: string; token: string; paymentId: number; amountCents: number }>;
}
export type PaymentsListItem = OrderOnlinePayment;

/** A payment given back (or to give back by hand) when a paid order is cancelled. */
export interface RefundLine {
  paymentId: number;
  method: string;
  amountCents: number;
  /** the provider's refund id; null for a payment to give back by hand */
  ref: string | null;
}

/**
 * Which statuses an event may move a payment from. Updates are conditional
 * (`UPDATE … WHERE status IN (…)`): a late or out-of-order event never moves a paid payment back.
 */
export const TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  paid: ['pending', 'requiresAction', 'processing', 'setup', 'error'],
  setup: ['pending', 'requiresAction', 'error'],
  processing: ['pending', 'requiresAction', 'error'],
  requiresAction: ['pending', 'error'],
  error: ['pending', 'requiresAction', 'processing'],
  cancelled: ['pending', 'requiresAction', 'setup', 'error'],
  pending: [],
  partial: [],
  missing: [],
  refunded: [],
  scheduled: [],
};
/** a payer may (re)submit a card / IBAN */
export const PAYABLE: readonly PaymentStatus[] = ['pending', 'error', 'requiresAction'];

export function intentKind(method: CheckoutPaymentMethod): IntentKind | null {
  return method === 'stripe' ? 'card' : method === 'stripeSepa' ? 'sepa' : method === 'imprint' ? 'imprint' : null;
}

export const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface PaymentsServiceOptions {
  db: Db;
  logger: Logger;
  /** whose account each shop's payments go to (the shop's own keys, or the platform's provider) */
  accounts: Accounts;
  /** the shop pages' origin (PayPal sends the buyer back there); default http://localhost:3000 */
  publicUrl?: string;
}

/**
 * What the payments operations are given: the service's options resolved, plus the state the service owns (its
 * listeners, the sandbox events scheduled for later and those being delivered) and the PayPal side's dependencies.
 */
export interface PaymentsContext {
  /** the root database: listeners run on it once a change is committed, and so do the events delivered later */
  db: Db;
  logger: Logger;
  accounts: Accounts;
  /** the platform's provider: the sandbox's own events (its 3-D Secure answers, SEPA settlements) go through it */
  platform: PaymentProvider;
  publicUrl: string;
  /** told of every committed status change (the orders module's settlement) */
  listeners: PaymentListener[];
  /** scheduled provider events being delivered */
  inFlight: Set<Promise<unknown>>;
  /** provider events scheduled for later (a sandbox SEPA debit settling) */
  timers: Set<NodeJS.Timeout>;
  /** what the PayPal side is given, its status changes going through the same conditional update */
  paypal: PayPalDeps;
}
