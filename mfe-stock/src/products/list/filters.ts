// The URL state of /dashboard/products. Mirrors the api's `listProductsQuery` (api/src/modules/products/products.schemas.ts):
// sort name (default), createdAt, status; filters productType, type, color, gamme, vintage, status, label, archived.
import { z } from 'zod';
import { ADMIN_PRODUCT_STATUSES, PRODUCT_TYPES } from 'shared-kernel/contracts';
import { listStateSchema, multiEnum } from 'shared-kernel/kit';

const text = z.string().trim().min(1).max(100).optional();

export const productsList = listStateSchema({
  sort: ['name', 'createdAt', 'status'] as const,
  defaultSort: 'name',
  filters: {
    productType: multiEnum(PRODUCT_TYPES),
    type: text,
    color: text,
    gamme: text,
    vintage: text,
    status: multiEnum(ADMIN_PRODUCT_STATUSES),
    label: text,
    archived: z.enum(['true']).optional(),
  },
});
