import { z } from 'zod';
import { TASK_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  assigneesSchema,
  calendarQuery,
  calendarSchema,
  listTasksQuery,
  rescheduleBodySchema,
  taskBodySchema,
  taskListSchema,
  taskSavedSchema,
  taskSchema,
} from './tasks.schemas';
import { createTasksService } from './tasks.service';
import type { TasksQuery } from './tasks.repository';

const taskId = idParams(M.taskNotFound);
const taskNotFound = `'${M.taskNotFound}' (also another shop's task, or one the caller may not see)`;
const VISIBILITY =
  'Owners and iam with seeAllTask see every task of the shop; agents and other iam only the tasks assigned to them or created by them.';

/** The tasks module's routes: the team's tasks and the calendar feed. */
export function createTasksRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createTasksService({ db });
  const team = { auth: 'user' as const, tags: ['tasks'], shop: { kinds: ['owner' as const, 'iam' as const, 'agent' as const] } };

  defineRoute(
    r,
    {
      ...team,
      method: 'get',
      path: '/tasks',
      summary: 'Tasks of the caller’s shop (q on the title)',
      description: VISIBILITY,
      request: { query: listTasksQuery },
      responses: { 200: json(taskListSchema, 'A page of tasks') },
    },
    ({ member, query }) => service.list(member, query as TasksQuery),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'get',
      path: '/tasks/assignees',
      summary: 'Owner, iam and agent members of the shop a task can be assigned to (an agent: only themselves)',
      responses: { 200: json(assigneesSchema, 'The team') },
    },
    ({ member }) => service.assignees(member),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'get',
      path: '/tasks/:id',
      summary: 'A task',
      description: VISIBILITY,
      request: { params: taskId },
      responses: { 200: json(taskSchema, 'The task'), 404: taskNotFound },
    },
    ({ member, params }) => service.get(member, params.id),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'post',
      path: '/tasks',
      summary: 'Create a task (iam: createTask; an agent only for themselves). Notifies the assignee (newTask) when it is someone else',
      request: { body: taskBodySchema },
      responses: { 201: json(taskSavedSchema, 'Created') },
    },
    ({ member, body }) => service.create(member, body),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'put',
      path: '/tasks/:id',
      summary: 'Update a task (a new assignee other than the caller gets a newTask notification)',
      description: VISIBILITY,
      request: { params: taskId, body: taskBodySchema },
      responses: { 200: json(taskSavedSchema, 'Updated'), 404: taskNotFound },
    },
    ({ member, params, body }) => service.update(member, params.id, body),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'post',
      path: '/tasks/:id/done',
      summary: 'Mark a task done: a client interaction when linked to a client, taskCompleted to its creator when someone else',
      request: { params: taskId },
      responses: { 200: json(taskSavedSchema, 'Done'), 404: taskNotFound },
    },
    ({ member, params }) => service.setDone(member, params.id, true),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'post',
      path: '/tasks/:id/undone',
      summary: 'Reopen a done task',
      request: { params: taskId },
      responses: { 200: json(taskSavedSchema, 'Reopened'), 404: taskNotFound },
    },
    ({ member, params }) => service.setDone(member, params.id, false),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'put',
      path: '/tasks/:id/reschedule',
      summary: 'Move a task to another due date (drag in the calendar)',
      request: { params: taskId, body: rescheduleBodySchema },
      responses: { 200: json(taskSavedSchema, 'Rescheduled'), 404: taskNotFound },
    },
    ({ member, params, body }) => service.reschedule(member, params.id, body),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'delete',
      path: '/tasks/:id',
      summary: 'Delete a task',
      request: { params: taskId },
      responses: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'), 404: taskNotFound },
    },
    ({ member, params }) => service.remove(member, params.id),
  );

  defineRoute(
    r,
    {
      ...team,
      method: 'get',
      path: '/calendar',
      summary: 'The calendar between from and to: visible tasks with a due date, event slots and reservations (owner/iam)',
      description: `${VISIBILITY} Slots need accessEvent or seeAllResa, reservations seeAllResa; agents only get their tasks.`,
      request: { query: calendarQuery },
      responses: { 200: json(calendarSchema, 'Calendar entries') },
    },
    ({ member, query }) => service.calendar(member, query),
  );

  return r;
}
