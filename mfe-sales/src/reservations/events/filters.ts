import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's GET /v1/events list query. */
export const eventsList = listStateSchema({
  sort: ['title', 'createdAt'] as const,
  defaultSort: 'title',
  filters: { online: z.stringbool().optional() },
});
