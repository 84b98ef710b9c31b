import { z } from 'zod';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listCrmClientsQuery: sort lastname (default), createdAt, company; the filters of the client file. */
export const clientFileList = listStateSchema({
  sort: ['lastname', 'createdAt', 'company'] as const,
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
  },
});
