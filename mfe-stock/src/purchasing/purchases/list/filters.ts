import { z } from 'zod';
import { PURCHASE_ORDER_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema, multiEnum } from 'shared-kernel/kit';

/** Mirrors the api's listPurchasesQuery: sort createdAt (default, newest first), number, totalHT; filters status, supplierId. */
export const purchasesList = listStateSchema({
  sort: ['createdAt', 'number', 'totalHT'] as const,
  defaultSort: '-createdAt',
  filters: { status: multiEnum(PURCHASE_ORDER_STATUSES), supplierId: z.coerce.number().int().positive().optional() },
});
