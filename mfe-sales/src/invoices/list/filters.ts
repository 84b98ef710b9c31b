// The URL state of the invoice lists. Mirrors the api's GET /sales/invoices list query (contract sales.ts): sort
// issuedAt (default newest first), number, totalTTC, dueDate, remaining; filters paymentStatus and overdue, and on the
// document lists from / to (issue date, YYYY-MM-DD: also the default period of the zip export). The document kind
// (and open=true for the outstandings) is fixed by the screen, next to apiQuery.
import { z } from 'zod';
import { INVOICE_PAYMENT_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

const SORT = ['issuedAt', 'number', 'totalTTC', 'dueDate', 'remaining'] as const;
const filters = {
  paymentStatus: z.enum(INVOICE_PAYMENT_STATUSES).optional(),
  overdue: z.stringbool().optional(),
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

/** /dashboard/orders/bills, /deposits, /credits. */
export const invoicesList = listStateSchema({ sort: SORT, defaultSort: '-issuedAt', filters: { ...filters, from: day, to: day } });

/** /dashboard/payments/outstandings and /unpaids: the oldest due first. */
export const openInvoicesList = listStateSchema({ sort: SORT, defaultSort: 'dueDate', filters });
