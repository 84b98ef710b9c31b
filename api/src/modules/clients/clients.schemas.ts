import { z } from 'zod';
import { PRICE_GRID_DECISION_MESSAGES as M, PRICE_GRID_REQUEST_STATUSES, priceGridDecisionSchema } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

/** GET /v1/shops/me/price-grid-requests?status=&page=&pageSize=&sort= (no status = every request). */
export const listPriceGridRequestsQuery = listQuery({
  sort: ['createdAt', 'id'],
  defaultSort: '-createdAt',
  filters: {
    status: z
      .enum(PRICE_GRID_REQUEST_STATUSES, { error: M.status })
      .optional()
      .describe('pending, accepted or refused (none = every request)'),
  },
});

/** GET /v1/shops/me/clients?page=&pageSize=&sort= */
export const listClientsQuery = listQuery({ sort: ['since', 'id'], defaultSort: '-since' });

export { priceGridDecisionSchema };
