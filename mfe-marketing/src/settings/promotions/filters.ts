import { z } from 'zod';
import { PROMO_CODE_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listQuery of GET /promo-codes (sort code, createdAt, endsAt; filter status). */
export const promoCodesList = listStateSchema({
  sort: ['code', 'createdAt', 'endsAt'] as const,
  defaultSort: '-createdAt',
  filters: { status: z.enum(PROMO_CODE_STATUSES).optional() },
});
