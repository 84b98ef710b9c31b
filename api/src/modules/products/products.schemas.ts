import { z } from 'zod';
import { ADMIN_PRODUCT_STATUSES, PRODUCT_TYPES, paginated } from 'shared-kernel/contracts';
import { csvFilter as csv, listQuery } from '../../platform/list-query';

export const PRODUCT_LIST_MESSAGES = {
  productType: 'Le filtre productType accepte bottle, accessory, prestation ou box',
  status: 'Le filtre status accepte online, paused, outofstock ou closed',
  text: 'Filtre invalide',
  archived: 'Le filtre archived vaut true ou false',
} as const;

/** GET /catalogue/products: the same sort columns, default sort and filters as mfe-stock's products/list/filters.ts. */
export const listProductsQuery = listQuery({
  sort: ['name', 'createdAt', 'status'],
  defaultSort: 'name',
  filters: {
    productType: csv(PRODUCT_TYPES, PRODUCT_LIST_MESSAGES.productType).describe('bottle, accessory, prestation, box (comma list)'),
    type: csv(null, PRODUCT_LIST_MESSAGES.text).describe('product types (comma list)'),
    color: csv(null, PRODUCT_LIST_MESSAGES.text).describe('colours (comma list)'),
    gamme: csv(null, PRODUCT_LIST_MESSAGES.text).describe('ranges (comma list)'),
    vintage: csv(null, PRODUCT_LIST_MESSAGES.text).describe('vintage names (comma list)'),
    status: csv(ADMIN_PRODUCT_STATUSES, PRODUCT_LIST_MESSAGES.status).describe('online, paused, outofstock, closed (comma list)'),
    label: csv(null, PRODUCT_LIST_MESSAGES.text).describe('labels (comma list): products holding one of them'),
    archived: z
      .enum(['true', 'false'], { error: PRODUCT_LIST_MESSAGES.archived })
      .optional()
      .describe('true: archived products only; default: products not archived'),
  },
});
export type ProductsListQuery = z.output<typeof listProductsQuery>;

// Answers (OpenAPI and tests); the TypeScript shapes are the contract's (shared-kernel/contracts/products-admin.ts).
export const productRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    type: z.string().nullable(),
    color: z.string().nullable(),
    gamme: z.string().nullable(),
    status: z.string(),
    labels: z.array(z.string()),
    vintages: z.array(z.string()),
    formats: z.array(z.string()),
    price: z.object({ priceCents: z.number().int(), ttc: z.boolean(), typology: z.string() }).nullable(),
    stock: z.number().int(),
    visual: z.string().nullable(),
    archived: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ProductAdminRow' });
export const productListSchema = paginated(productRowSchema);

export const productDetailSchema = z
  .object({
    id: z.number().int(),
    productType: z.enum(PRODUCT_TYPES),
    name: z.string(),
    status: z.string(),
    vintages: z.array(z.record(z.string(), z.unknown())),
    formats: z.array(z.record(z.string(), z.unknown())),
    boxItems: z.array(z.object({ formatId: z.number().int(), quantity: z.number().int(), label: z.string() })),
    hasOrders: z.boolean(),
    archived: z.boolean(),
    typologies: z.array(z.object({ id: z.string(), name: z.string(), ttc: z.boolean(), public: z.boolean() })),
  })
  .loose()
  .meta({ id: 'ProductAdminDetail' });
export const productWriteSchema = productDetailSchema.extend({ message: z.string() });
export const messageSchema = z.object({ success: z.literal(true), message: z.string() });
export const formatOptionsSchema = z.array(z.object({ formatId: z.number().int(), productId: z.number().int(), label: z.string() }));
export const mediaSchema = z
  .object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'MediaUpload' });
