import { z } from 'zod';
import { PRICE_GRID_DECISION_MESSAGES as M, PRICE_GRID_REQUEST_STATUSES, priceGridDecisionSchema } from 'shared-kernel/contracts';

const intParam = (msg: string, min: number, max: number, def: number) =>
  z.string({ error: msg }).regex(/^\d{1,6}$/, msg).transform(Number).pipe(z.number().int().min(min, msg).max(max, msg)).optional().transform((v) => v ?? def);

/** GET /v1/shops/me/price-grid-requests?status=&page=&pageSize= (no status = every request). */
export const listPriceGridRequestsQuerySchema = z.object({
  status: z.enum(PRICE_GRID_REQUEST_STATUSES, { error: M.status }).optional(),
  page: intParam(M.page, 1, 100000, 1),
  pageSize: intParam(M.pageSize, 1, 100, 20),
});

/** GET /v1/shops/me/clients?page=&pageSize= */
export const listClientsQuerySchema = z.object({
  page: intParam(M.page, 1, 100000, 1),
  pageSize: intParam(M.pageSize, 1, 100, 50),
});

export { priceGridDecisionSchema };
