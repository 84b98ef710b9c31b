// URL states of the stock lists; each mirrors its api listQuery (api/src/modules/stock/stock.schemas.ts).
import { z } from 'zod';
import { STOCK_MOVEMENT_KINDS } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

export const levelsList = listStateSchema({
  sort: ['product', 'onHand', 'available', 'threshold'] as const,
  defaultSort: 'product',
  filters: {
    warehouseId: z.coerce.number().int().positive().optional(),
    productType: z.enum(['bottle', 'accessory', 'box']).optional(),
    underThreshold: z.stringbool().optional(),
  },
});

export const movementsList = listStateSchema({
  sort: ['occurredAt', 'quantity'] as const,
  defaultSort: '-occurredAt',
  filters: {
    warehouseId: z.coerce.number().int().positive().optional(),
    kind: z.enum(STOCK_MOVEMENT_KINDS).optional(),
    formatId: z.coerce.number().int().positive().optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  },
});

export const warehousesList = listStateSchema({
  sort: ['name', 'createdAt'] as const,
  defaultSort: 'name',
  filters: { archived: z.stringbool().optional() },
});

export const allocationsList = listStateSchema({
  sort: ['startsAt', 'endsAt', 'quantity'] as const,
  defaultSort: '-startsAt',
  filters: { active: z.stringbool().optional() },
});
