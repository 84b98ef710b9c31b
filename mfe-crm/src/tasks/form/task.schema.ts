import dayjs from 'dayjs';
import { z } from 'zod';
import { TASK_ACTIVITIES, TASK_PRIORITIES, type Task, type TaskBody } from 'shared-kernel/contracts';
import { MESSAGES, schemas } from 'shared-kernel/validation';

/** The task form: a day and a time (or the whole day) make the api's `dueAt`. */
export const taskFormSchema = z
  .object({
    title: schemas.needed,
    description: z.string().max(5000, 'La description doit contenir au maximum 5000 caractères'),
    clientId: z.number().int().positive().nullable(),
    priority: z.enum(TASK_PRIORITIES),
    activity: z.enum(TASK_ACTIVITIES),
    date: z.string().nullable(),
    time: z.string().regex(/^(\d{2}:\d{2})?$/, MESSAGES.date),
    allDay: z.boolean(),
    assigneeUserId: z.number().int().positive().nullable(),
  })
  .refine((v) => v.date !== null || !v.time, { message: 'Choisissez aussi une date', path: ['date'] });
export type TaskFormValues = z.output<typeof taskFormSchema>;

export function taskFormDefaults(
  task: Task | undefined,
  prefill: { clientId?: number | null; assigneeUserId?: number | null },
): TaskFormValues {
  const due = task?.dueAt ? dayjs(task.dueAt) : null;
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    clientId: task ? task.clientId : (prefill.clientId ?? null),
    priority: task?.priority ?? 'medium',
    activity: task?.activity ?? 'other',
    // an all-day task is kept at 00:00 UTC of its day
    date: task?.dueAt ? (task.allDay ? task.dueAt.slice(0, 10) : due!.format('YYYY-MM-DD')) : null,
    time: due && !task?.allDay ? due.format('HH:mm') : '',
    allDay: task?.allDay ?? false,
    assigneeUserId: task ? (task.assignee?.id ?? null) : (prefill.assigneeUserId ?? null),
  };
}

/** Form values → the api body (a time is sent with the browser's offset). */
export function toTaskBody(v: TaskFormValues): TaskBody {
  const allDay = v.date !== null && (v.allDay || !v.time);
  const dueAt = v.date === null ? null : allDay ? v.date : dayjs(`${v.date}T${v.time}`).format();
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    clientId: v.clientId,
    priority: v.priority,
    activity: v.activity,
    dueAt,
    allDay,
    assigneeUserId: v.assigneeUserId,
  };
}
