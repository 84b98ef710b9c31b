import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listSuppliersQuery: sort company (default) or createdAt, filter status. */
export const suppliersList = listStateSchema({
  sort: ['company', 'createdAt'] as const,
  defaultSort: 'company',
  filters: { status: z.enum(['active', 'archived']).optional() },
});
