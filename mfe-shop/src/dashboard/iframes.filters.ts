import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** The list state of /dashboard/iframes: mirrors GET /v1/iframes' listQuery (api/src/modules/iframes). */
export const iframesList = listStateSchema({
  sort: ['id', 'name', 'createdAt'] as const,
  defaultSort: '-id',
  filters: { kind: z.enum(['list', 'product']).optional() },
});
