import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listCrmClientsQuery: sort lastname (default), createdAt, company, lastOrderAt, totalSpent; the filters of the client file. */
export const clientFileList = listStateSchema({
  sort: ['lastname', 'createdAt', 'company', 'lastOrderAt', 'totalSpent'] as const,
  defaultSort: 'lastname',
  defaultPageSize: 20,
  filters: {
    kind: z.enum(['private', 'professional', 'prospect']).optional(),
    typology: z.string().optional(),
    agentUserId: z.coerce.number().int().positive().optional(),
    tag: z.string().optional(),
    department: z.string().optional(),
    pipe: z.string().optional(),
    status: z.enum(['active', 'archived', 'erased']).optional(),
    /** last order date range, YYYY-MM-DD */
    lastOrderFrom: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    lastOrderTo: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    /** total spent TTC, cents */
    spentMin: z.coerce.number().int().min(0).optional(),
    spentMax: z.coerce.number().int().min(0).optional(),
  },
});
