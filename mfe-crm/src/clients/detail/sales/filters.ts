// List states of the client file's sales tabs (in the URL with a prefix each). Sort columns and default sorts mirror
// the api's list queries: GET /orders, GET /sales/invoices, GET /sales/payments (shared-kernel/contracts/sales.ts).
import { listStateSchema } from 'shared-kernel/kit';

export const clientOrdersList = listStateSchema({
  sort: ['createdAt', 'number', 'totalTTC'] as const,
  defaultSort: '-createdAt',
  defaultPageSize: 10,
});

export const clientInvoicesList = listStateSchema({
  sort: ['issuedAt', 'number', 'totalTTC', 'dueDate', 'remaining'] as const,
  defaultSort: '-issuedAt',
  defaultPageSize: 10,
});

export const clientPaymentsList = listStateSchema({
  sort: ['paidAt', 'amount'] as const,
  defaultSort: '-paidAt',
  defaultPageSize: 10,
});

/** URL prefixes of the tabs' list states (`?tab=invoices&i_page=2`). */
export const LIST_PREFIX = { orders: 'o_', quotes: 'q_', invoices: 'i_', payments: 'p_' } as const;
