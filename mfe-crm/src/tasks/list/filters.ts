import { z } from 'zod';
import { TASK_ACTIVITIES, TASK_PRIORITIES, TASK_STATUSES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** Mirrors the api's listTasksQuery: sort dueAt (default, no due date last), priority, createdAt. */
export const tasksList = listStateSchema({
  sort: ['dueAt', 'priority', 'createdAt'] as const,
  defaultSort: 'dueAt',
  filters: {
    status: z.enum(TASK_STATUSES).optional(),
    assigneeUserId: z.union([z.literal('me'), z.coerce.number().int().positive()]).optional(),
    clientId: z.coerce.number().int().positive().optional(),
    priority: z.enum(TASK_PRIORITIES).optional(),
    activity: z.enum(TASK_ACTIVITIES).optional(),
  },
});
