import { z } from 'zod';
import {
  CALENDAR_ITEM_KINDS,
  TASK_ACTIVITIES,
  TASK_MESSAGES as M,
  TASK_PRIORITIES,
  TASK_STATUSES,
  paginated,
} from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export { rescheduleBodySchema, taskBodySchema } from 'shared-kernel/contracts';

const isoInstant = (name: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `Le filtre ${name} doit être une date ISO` })
    .transform((v) => new Date(v));

const idFilter = (name: string) =>
  z.coerce
    .number({ error: `Le filtre ${name} doit être un identifiant` })
    .int(`Le filtre ${name} doit être un identifiant`)
    .positive(`Le filtre ${name} doit être un identifiant`)
    .max(2147483647, `Le filtre ${name} doit être un identifiant`);

export const listTasksQuery = listQuery({
  sort: ['dueAt', 'priority', 'createdAt'],
  defaultSort: 'dueAt',
  filters: {
    status: z.enum(TASK_STATUSES, { error: 'Le filtre status accepte todo, done ou overdue' }).optional().describe('todo, done or overdue'),
    assigneeUserId: z.literal('me').or(idFilter('assigneeUserId')).optional().describe("a user id, or 'me'"),
    clientId: idFilter('clientId').optional().describe('a client id'),
    priority: z.enum(TASK_PRIORITIES, { error: M.priority }).optional().describe('low, medium or high'),
    activity: z.enum(TASK_ACTIVITIES, { error: M.activity }).optional().describe('§3 activity kind'),
    from: isoInstant('from').optional().describe('due on or after (ISO)'),
    to: isoInstant('to').optional().describe('due before (ISO)'),
  },
});

export const calendarQuery = z
  .object({
    from: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: M.range }),
    to: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: M.range }),
  })
  .transform((v) => ({ from: new Date(v.from), to: new Date(v.to) }))
  .refine((v) => v.from < v.to && v.to.getTime() - v.from.getTime() <= 366 * 86_400_000, { message: M.range, path: ['to'] });

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const taskSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    clientId: z.number().int().nullable(),
    clientName: z.string().nullable(),
    priority: z.enum(TASK_PRIORITIES),
    activity: z.enum(TASK_ACTIVITIES),
    dueAt: z.string().nullable(),
    allDay: z.boolean(),
    durationMinutes: z.number().int().nullable(),
    assignee: person,
    createdBy: person,
    done: z.boolean(),
    doneAt: z.string().nullable(),
    overdue: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Task' });
export const taskListSchema = paginated(taskSchema);
export const taskSavedSchema = taskSchema.extend({ message: z.string() });

export const assigneesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['owner', 'iam', 'agent']) }).meta({ id: 'TaskAssignee' }),
);

export const calendarSchema = z.array(
  z
    .object({
      kind: z.enum(CALENDAR_ITEM_KINDS),
      id: z.string(),
      refId: z.number().int(),
      title: z.string(),
      start: z.string(),
      end: z.string().nullable(),
      allDay: z.boolean(),
      link: z.string(),
      done: z.boolean().optional(),
      priority: z.enum(TASK_PRIORITIES).optional(),
    })
    .meta({ id: 'CalendarItem' }),
);
