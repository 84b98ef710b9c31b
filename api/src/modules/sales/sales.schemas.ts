import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_PAYMENT_STATUSES, SALES_PAYMENT_METHODS } from 'shared-kernel/contracts';
import { DELIVERY_STATUSES } from 'shared-kernel/domain';
import { csvFilter, listQuery } from '../../platform/list-query';

const date = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Le paramètre ${name} est une date AAAA-MM-JJ`)
    .optional();
const yes = (name: string) =>
  z
    .enum(['true', 'false'], { error: `Le paramètre ${name} vaut true ou false` })
    .optional()
    .transform((v) => v === 'true');
const clientId = z.coerce
  .number({ error: 'Le paramètre clientId doit être un identifiant de client' })
  .int('Le paramètre clientId doit être un identifiant de client')
  .positive('Le paramètre clientId doit être un identifiant de client')
  .optional();

/** GET /v1/sales/invoices */
export const listInvoicesQuery = listQuery({
  sort: ['issuedAt', 'number', 'totalTTC', 'dueDate', 'remaining'],
  defaultSort: '-issuedAt',
  filters: {
    kind: z
      .enum(INVOICE_KINDS, { error: 'Le paramètre kind accepte invoice, deposit ou credit' })
      .optional()
      .describe('invoice, deposit or credit'),
    paymentStatus: z
      .enum(INVOICE_PAYMENT_STATUSES, { error: 'Le paramètre paymentStatus accepte pending, partial ou paid' })
      .optional()
      .describe('pending, partial or paid'),
    clientId: clientId.describe("a client file's documents"),
    open: yes('open').describe('true: documents with something left to pay'),
    overdue: yes('overdue').describe('true: documents past their due date with something left to pay'),
    from: date('from').describe('issued on or after (YYYY-MM-DD)'),
    to: date('to').describe('issued on or before (YYYY-MM-DD)'),
  },
});
export type InvoicesListQuery = z.output<typeof listInvoicesQuery>;

/** GET /v1/sales/payments */
export const listPaymentsQuery = listQuery({
  sort: ['paidAt', 'amount'],
  defaultSort: '-paidAt',
  filters: {
    direction: z
      .enum(['in', 'out'], { error: 'Le paramètre direction accepte in ou out' })
      .optional()
      .describe('in (received) or out (refunded)'),
    method: z.enum(SALES_PAYMENT_METHODS, { error: "Le paramètre method n'est pas un mode de règlement" }).optional(),
    clientId: clientId.describe("a client's payments"),
    from: date('from').describe('paid on or after'),
    to: date('to').describe('paid on or before'),
  },
});
export type PaymentsListQuery = z.output<typeof listPaymentsQuery>;

/** GET /v1/sales/credits */
export const listCreditsQuery = listQuery({
  sort: ['balance'],
  defaultSort: '-balance',
  filters: { clientId: clientId.describe("one client's credit") },
});

const DELIVERY_MESSAGE = "Le paramètre deliveryStatus n'accepte que des statuts de livraison (liste séparée par des virgules)";
/** GET /v1/sales/deliveries: `deliveryStatus` a comma list (default: every status not delivered nor returned) */
export const listDeliveriesQuery = listQuery({
  sort: ['createdAt', 'number'],
  defaultSort: 'createdAt',
  filters: {
    deliveryStatus: csvFilter(DELIVERY_STATUSES, DELIVERY_MESSAGE).describe('delivery statuses (comma list)'),
  },
});
export type DeliveriesListQuery = z.output<typeof listDeliveriesQuery>;

export const ventilationQuery = z.object({
  from: z
    .string({ error: 'Indiquez le début de la période (AAAA-MM-JJ)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez le début de la période (AAAA-MM-JJ)'),
  to: z
    .string({ error: 'Indiquez la fin de la période (AAAA-MM-JJ)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez la fin de la période (AAAA-MM-JJ)'),
  format: z.enum(['csv', 'xlsx'], { error: 'Le format accepte csv ou xlsx' }).optional(),
});
