import { listStateSchema } from 'shared-kernel/kit';

// The two lists of /dashboard/clients, each mirroring its endpoint's listQuery (api/src/modules/clients).

/** The pending price-grid requests: in the URL with the `req_` prefix (`?req_page=2`). */
export const requestsList = listStateSchema({ sort: ['createdAt'] as const, defaultSort: '-createdAt' });
export const REQUESTS_PREFIX = 'req_';

/** The professional clients attached to the shop. */
export const clientsList = listStateSchema({ sort: ['since'] as const, defaultSort: '-since' });
