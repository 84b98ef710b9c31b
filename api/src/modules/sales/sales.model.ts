/**
 * What the sales files share: the dependencies their functions are given (instead of closing over them), the inputs
 * of the writes, and the small pieces every answer is built with.
 */
import type {
  billingSettingsSchema,
  creditNoteInputSchema,
  depositInputSchema,
  orderActionInputSchema,
  paymentInputSchema,
  quoteAnswerInputSchema,
  quoteSendInputSchema,
  useCreditInputSchema,
} from 'shared-kernel/contracts';
import { CHECKOUT_TO_SALES_PAYMENT_METHOD } from 'shared-kernel/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { OrdersService } from '../orders';
import type { InvoiceRow } from './sales.tables';

export type CreditNoteValues = z.output<typeof creditNoteInputSchema>;
export type DepositValues = z.output<typeof depositInputSchema>;
export type PaymentValues = z.output<typeof paymentInputSchema>;
export type ActionValues = z.output<typeof orderActionInputSchema>;
export type BillingValues = z.output<typeof billingSettingsSchema>;
export type QuoteSendValues = z.output<typeof quoteSendInputSchema>;
export type UseCreditValues = z.output<typeof useCreditInputSchema>;
export type QuoteAnswerValues = z.output<typeof quoteAnswerInputSchema>;

/**
 * Orders another module manages (a primeur order follows its campaign): why they are not edited nor moved from the
 * order screen, or null. Checked by updateOrder and the detail's actions.
 */
export type ManagedElsewhere = (dbx: DbOrTx, orderId: number) => Promise<string | null>;

export interface SalesDeps {
  db: Db;
  orders: OrdersService;
  /** after commit: render and keep the PDF of issued documents (the documents module) */
  onIssued?: (shopId: number, ids: number[]) => void;
  /** the time documents are dated with (the demo seed issues last months' invoices) */
  clock?: () => Date;
  /** see ManagedElsewhere: the check of the module owning such orders, given by the composition root */
  managedElsewhere?: ManagedElsewhere | null;
}

/** What the sales operations are given: the service's deps with the clock resolved. */
export interface SalesContext {
  db: Db;
  orders: OrdersService;
  onIssued?: (shopId: number, ids: number[]) => void;
  clock: () => Date;
  /** mutable: the futures module registers its check after the sales service is built (it is given it) */
  managedElsewhere: ManagedElsewhere | null;
}

export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : d);

/** A person as notifications and the history name them: first and last name, else the username. */
export const personName = (u: { firstname: string | null; lastname: string | null; username: string | null }): string | null =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username || null;

/** What an invoice still owes (0 for a credit note). */
export const remainingOf = (d: InvoiceRow): number => (d.kind === 'credit' ? 0 : Math.max(0, d.amountDue - d.paid - d.credited));

/** A checkout payment method as a sales payment method (payments received online, their refunds). */
export const ONLINE_METHOD: Readonly<Record<string, string>> = CHECKOUT_TO_SALES_PAYMENT_METHOD;

/** A document as the order's detail and the action answers name it. */
export function docRef(d: InvoiceRow) {
  return { id: d.id, number: d.number, kind: d.kind, totalTTC: d.totalTTC, issuedAt: d.issuedAt.toISOString() };
}
