import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's GET /v1/marketing/models list query. */
export const modelsList = listStateSchema({
  sort: ['name', 'createdAt', 'updatedAt'] as const,
  defaultSort: '-updatedAt',
  filters: { kind: z.enum(['standard', 'advanced']).optional() },
});
