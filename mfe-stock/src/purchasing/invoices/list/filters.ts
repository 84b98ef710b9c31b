import { z } from 'zod';
import { SUPPLIER_INVOICE_PAYMENT_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listSupplierInvoicesQuery: sort issueDate (default, newest first), dueDate, number, totalTTC, receivedAt. */
export const supplierInvoicesList = listStateSchema({
  sort: ['issueDate', 'dueDate', 'number', 'totalTTC', 'receivedAt'] as const,
  defaultSort: '-issueDate',
  filters: {
    status: z.enum(SUPPLIER_INVOICE_PAYMENT_STATUSES).optional(),
    supplierId: z.coerce.number().int().positive().optional(),
  },
});
