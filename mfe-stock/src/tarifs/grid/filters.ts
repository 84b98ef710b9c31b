import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's gridQuery (GET /tariffs/grid). */
export const tariffsList = listStateSchema({
  sort: ['product', 'gamme', 'formatId'] as const,
  defaultSort: 'product',
  filters: { gamme: z.string().optional(), productType: z.string().optional(), type: z.string().optional() },
});
