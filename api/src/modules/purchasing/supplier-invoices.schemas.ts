import { z } from 'zod';
import { SUPPLIER_INVOICE_MESSAGES as M, SUPPLIER_INVOICE_PAYMENT_STATUSES, paginated } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export { supplierInvoicePaymentBodySchema } from 'shared-kernel/contracts';

export const listSupplierInvoicesQuery = listQuery({
  sort: ['issueDate', 'dueDate', 'number', 'totalTTC', 'receivedAt'],
  defaultSort: '-issueDate',
  filters: {
    status: z
      .enum(SUPPLIER_INVOICE_PAYMENT_STATUSES, { error: 'Le filtre status accepte toPay, overdue ou paid' })
      .optional()
      .describe('toPay, overdue (due date passed) or paid'),
    supplierId: z.coerce
      .number({ error: 'Le filtre supplierId doit être un identifiant' })
      .int('Le filtre supplierId doit être un identifiant')
      .positive('Le filtre supplierId doit être un identifiant')
      .optional()
      .describe('a supplier id'),
  },
});

export const uploadQuery = z.object({
  filename: z.string({ error: M.fileName }).trim().min(1, M.fileName).max(200, M.fileName),
});

export const inboundMailQuery = z.object({
  recipient: z.string().trim().max(320, "L'adresse du destinataire est trop longue").optional().describe('the envelope recipient'),
});

const findingSchema = z.object({ rule: z.string(), message: z.string() });

export const supplierInvoiceItemSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    typeCode: z.string(),
    supplierId: z.number().int(),
    supplierName: z.string(),
    issueDate: z.string(),
    dueDate: z.string().nullable(),
    currency: z.string(),
    totalHTCents: z.number().int(),
    totalVATCents: z.number().int(),
    totalTTCCents: z.number().int(),
    amountDueCents: z.number().int(),
    paidAmountCents: z.number().int(),
    paidAt: z.string().nullable(),
    paymentStatus: z.enum(SUPPLIER_INVOICE_PAYMENT_STATUSES),
    syntax: z.string(),
    receivedVia: z.string(),
    receivedAt: z.string(),
    findingsCount: z.number().int(),
  })
  .meta({ id: 'SupplierInvoiceListItem' });
export const supplierInvoiceListSchema = paginated(supplierInvoiceItemSchema);

export const supplierInvoiceDetailSchema = supplierInvoiceItemSchema
  .extend({
    seller: z.object({
      name: z.string(),
      siren: z.string().nullable(),
      vatNumber: z.string().nullable(),
      email: z.string().nullable(),
      address: z.object({
        line1: z.string().nullable(),
        line2: z.string().nullable(),
        zip: z.string().nullable(),
        city: z.string().nullable(),
        country: z.string().nullable(),
      }),
    }),
    lines: z.array(
      z.object({
        label: z.string(),
        quantity: z.number(),
        unitPriceCents: z.number(),
        totalHTCents: z.number().int(),
        vatCategory: z.string(),
        vatRate: z.number(),
        purchaseOrderLineId: z.number().int().nullable(),
        formatId: z.number().int().nullable(),
      }),
    ),
    vat: z.array(z.object({ category: z.string(), rate: z.number(), baseHTCents: z.number().int(), vatCents: z.number().int() })),
    findings: z.array(findingSchema),
    purchaseOrderId: z.number().int().nullable(),
    purchaseOrderNumber: z.string().nullable(),
    fileName: z.string(),
    fileMime: z.string(),
  })
  .meta({ id: 'SupplierInvoiceDetail' });

export const supplierInvoiceRefusalSchema = z
  .object({ success: z.literal(false), message: z.string(), field: z.literal('file'), findings: z.array(findingSchema) })
  .meta({ id: 'SupplierInvoiceRefusal' });

export const inboundResultSchema = z.object({
  received: z.array(z.object({ fileName: z.string(), id: z.number().int(), number: z.string() })),
  refused: z.array(z.object({ fileName: z.string(), message: z.string(), findings: z.array(findingSchema) })),
});
