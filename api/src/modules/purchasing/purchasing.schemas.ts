import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES, SUPPLIER_STATUSES, paginated } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export { purchaseOrderBodySchema, receiveBodySchema, supplierBodySchema } from 'shared-kernel/contracts';

export const listSuppliersQuery = listQuery({
  sort: ['company', 'createdAt'],
  defaultSort: 'company',
  filters: {
    status: z.enum(SUPPLIER_STATUSES, { error: 'Le filtre status accepte active ou archived' }).optional().describe('active or archived'),
  },
});

const statusList = z
  .string()
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(
    z.array(
      z.enum(PURCHASE_ORDER_STATUSES, {
        error: 'Le filtre status accepte draft, sent, partial, received ou cancelled (séparés par des virgules)',
      }),
    ),
  );

export const listPurchasesQuery = listQuery({
  sort: ['createdAt', 'number', 'totalHT'],
  defaultSort: '-createdAt',
  filters: {
    status: statusList.optional().describe('draft, sent, partial, received, cancelled (comma-separated)'),
    supplierId: z.coerce
      .number({ error: 'Le filtre supplierId doit être un identifiant' })
      .int('Le filtre supplierId doit être un identifiant')
      .positive('Le filtre supplierId doit être un identifiant')
      .optional()
      .describe('a supplier id'),
  },
});

export const formatsQuery = z.object({ q: z.string().trim().max(200, 'La recherche est trop longue').optional() });

const addressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
const contactSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const supplierItemSchema = z
  .object({
    id: z.number().int(),
    company: z.string(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    paymentDelay: z.string().nullable(),
    status: z.enum(SUPPLIER_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'SupplierListItem' });
export const supplierListSchema = paginated(supplierItemSchema);

export const purchaseItemSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    supplierId: z.number().int(),
    supplierName: z.string(),
    warehouseId: z.number().int().nullable(),
    warehouseName: z.string().nullable(),
    expectedAt: z.string().nullable(),
    totalHTCents: z.number().int(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
  })
  .meta({ id: 'PurchaseOrderListItem' });
export const purchaseListSchema = paginated(purchaseItemSchema);

export const supplierDetailSchema = supplierItemSchema
  .extend({
    address: addressSchema,
    contacts: z.array(contactSchema),
    notes: z.string().nullable(),
    updatedAt: z.string(),
    purchases: z.object({
      count: z.number().int(),
      totalHTCents: z.number().int(),
      openHTCents: z.number().int(),
      recent: z.array(purchaseItemSchema),
    }),
  })
  .meta({ id: 'SupplierDetail' });

export const purchaseDetailSchema = purchaseItemSchema
  .extend({
    notes: z.string().nullable(),
    supplierEmail: z.string().nullable(),
    updatedAt: z.string(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        position: z.number().int(),
        formatId: z.number().int().nullable(),
        label: z.string(),
        quantity: z.number().int(),
        receivedQuantity: z.number().int(),
        unitCostCents: z.number().int(),
        totalHTCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'PurchaseOrderDetail' });

export const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });

export const purchasableFormatsSchema = z.array(
  z.object({ id: z.number().int(), label: z.string(), costCents: z.number().int().nullable() }),
);
export const purchaseWarehousesSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
