/**
 * What the orders files share: the dependencies their functions are given (instead of closing over them), the
 * messages, the errors the checkout answers with, and the sales module's additions to the order detail.
 */
import {
  CART_MESSAGES,
  ONLINE_PAYMENT_METHODS,
  type CartPriceSellerResult,
  type CartProblem,
  type OrderDetail,
} from 'shared-kernel/contracts';
import type { OrderStatus } from 'shared-kernel/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import type { placeOrderBodySchema } from './orders.schemas';
import type { OrderRow } from './orders.tables';
import type { PaymentsPort } from './payments.port';

export const ORDER_MESSAGES = {
  notFound: 'Commande introuvable',
  ownShop: 'Vous ne pouvez pas commander dans votre propre boutique',
  idempotencyConflict:
    "Cette commande a déjà été envoyée avec d'autres informations. Rechargez la page puis validez à nouveau votre panier.",
  notAbortable: 'Cette commande ne peut plus être annulée',
  notValidatable: 'Seule une commande en attente peut être validée',
  groupedNotPaid: "Tous les participants de la commande groupée n'ont pas encore payé",
  aborted: 'Votre commande a été annulée',
  validated: 'La commande a été validée',
  paymentLinkNotFound: 'Ce lien de paiement est introuvable',
  notPayable: 'Cette commande ne peut plus être réglée',
  badQuery: (field: string) => `Le paramètre ${field} n'est pas valide`,
} as const;

export type PlaceOrderBody = z.output<typeof placeOrderBodySchema>;

/** A payment recorded against an order's invoices (the sales module's règlement), as the order's detail lists it. */
export interface LedgerPayment {
  /** the règlement's id (sales_payments) */
  id: number;
  /** the checkout payment it records (a checkout order invoiced), else null */
  onlinePaymentId: number | null;
  method: string;
  /** the part of it allocated to the order's invoices */
  amount: number;
  /** YYYY-MM-DD */
  paidAt: string;
  reference: string | null;
  allocations: Array<{ invoiceId: number; number: string; amount: number }>;
}
/** The sales module's side of an order's payments: `amountDue` null while nothing is invoiced. */
export interface OrderPaymentsLedger {
  payments: LedgerPayment[];
  amountDue: number | null;
}

export interface OrdersDeps {
  db: Db;
  payments: PaymentsPort;
  /**
   * Unset (the api): the order mails are 'mail' jobs queued in the order's transaction, sent by the job worker
   * (platform/jobs). Set (the demo seed's no-op): mails go through this mailer after the commit, not queued.
   */
  mailer?: Mailer;
  logger: Logger;
  /** base of the links in mails (PUBLIC_URL) */
  publicUrl: string;
  /** grouped orders expire after this many hours (GROUPED_ORDER_TTL_HOURS, default 48) */
  groupedTtlHours: number;
  /** the time (default: now); a test may walk it */
  clock?: () => Date;
}

/** The back-office block of the detail, given by the sales module for the shop's staff. */
export type StaffExtra = (dbx: DbOrTx, o: OrderRow, member: ShopMemberRow) => Promise<OrderDetail['sales']>;
/** The payments recorded against the order's invoices and what those invoices still owe, given by the sales module. */
export type PaymentsLedgerOf = (dbx: DbOrTx, orderId: number) => Promise<OrderPaymentsLedger>;

/**
 * The sales module's additions to the order reading. The sales module is built after the orders service (it is
 * given it), so it fills these once built; unset (orders alone), the detail has no back-office block and lists the
 * checkout payments only.
 */
export interface SalesHooks {
  staffExtra: StaffExtra | null;
  paymentsLedger: PaymentsLedgerOf | null;
}

/** What the orders operations are given: the service's deps with the clock resolved, and the sales hooks. */
export interface OrdersContext extends Omit<OrdersDeps, 'clock'> {
  clock: () => Date;
  sales: SalesHooks;
}

/** A failed cart check: 400 with every problem. */
export class CartCheckError extends Error {
  constructor(public readonly problems: CartProblem[]) {
    super(problems[0]?.message ?? 'Requête invalide');
  }
  body() {
    return { success: false as const, message: this.message, field: this.problems[0]?.field, errors: this.problems };
  }
}

/** The server total differs from the one the buyer saw: 409, the buyer confirms and resends. */
export class PriceChangedError extends Error {
  constructor(public readonly price: CartPriceSellerResult) {
    super(CART_MESSAGES.priceChanged);
  }
  body() {
    return { success: false as const, code: 'priceChanged' as const, message: this.message, price: this.price };
  }
}

/** A payment method settled outside the platform (transfer, cheque…): the order is confirmed without waiting for it. */
export const OFFLINE = (m: string) => !ONLINE_PAYMENT_METHODS.includes(m as never);
/** The statuses an order never leaves (nothing is reserved, payments are over). */
export const CLOSED: OrderStatus[] = ['aborted', 'expired', 'cancelled', 'refused'];

/** An absolute link of the front (mails). */
export const linkOf = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;
