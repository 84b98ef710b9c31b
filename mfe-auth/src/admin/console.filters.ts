// The list states of /admin/orders, /admin/products and /admin/shops: they mirror the listQuery declarations of
// GET /v1/admin/orders, /products and /shops (api/src/modules/admin/admin.schemas.ts).
import { z } from 'zod';
import { ADMIN_PRODUCT_STATUSES, PRODUCT_TYPES } from 'shared-kernel/contracts';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { listStateSchema } from 'shared-kernel/kit';

const day = z.iso.date().optional();

export const adminOrdersList = listStateSchema({
  sort: ['createdAt', 'number', 'totalTTC'] as const,
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(ORDER_STATUSES).optional(),
    shopId: z.coerce.number().int().positive().optional(),
    from: day,
    to: day,
  },
});

export const adminProductsList = listStateSchema({
  sort: ['name', 'createdAt'] as const,
  defaultSort: 'name',
  filters: {
    shopId: z.coerce.number().int().positive().optional(),
    status: z.enum(ADMIN_PRODUCT_STATUSES).optional(),
    productType: z.enum(PRODUCT_TYPES).optional(),
  },
});

export const SHOP_BUSINESS_TYPES = ['wine', 'champaign', 'beer', 'spirit', 'cider', 'other'] as const;

export const adminShopsList = listStateSchema({
  sort: ['name', 'createdAt', 'lastActivity'] as const,
  defaultSort: '-createdAt',
  filters: {
    suspended: z.enum(['true', 'false']).optional(),
    businessType: z.enum(SHOP_BUSINESS_TYPES).optional(),
  },
});
