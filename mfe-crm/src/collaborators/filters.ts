import { z } from 'zod';
import { MEMBER_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listMembersQuery (GET /team/collaborators and /team/agents). */
export const membersList = listStateSchema({
  sort: ['name', 'since'] as const,
  defaultSort: 'name',
  filters: { status: z.enum(MEMBER_STATUSES).optional() },
});
