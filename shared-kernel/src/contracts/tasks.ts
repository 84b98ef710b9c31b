/** Api contract: tasks of a shop's team and the calendar feed. Shared by api/modules/tasks and mfe-crm. */
import { z } from 'zod';
import { MESSAGES as M } from '../validation/messages';
import { neededSchema } from '../validation/rules';

export const TASK_MESSAGES = {
  taskNotFound: 'Tâche introuvable',
  clientNotFound: 'Client introuvable',
  priority: 'La priorité doit valoir low, medium ou high',
  activity: "Choisissez un type d'activité de la liste",
  assignee: "Cette personne n'est pas membre de la boutique",
  agentAssignee: 'Un agent ne peut créer des tâches que pour lui-même',
  title: 'Le titre doit contenir au maximum 200 caractères',
  description: 'La description doit contenir au maximum 5000 caractères',
  duration: 'La durée doit être un nombre entier de minutes (1 à 1440)',
  range: 'La période doit être donnée par from et to (dates ISO), from avant to, 366 jours au plus',
  created: 'Tâche créée',
  updated: 'Tâche mise à jour',
  deleted: 'Tâche supprimée',
  done: 'Tâche terminée',
  undone: 'Tâche rouverte',
  rescheduled: 'Tâche replanifiée',
} as const;

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriorityValue = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriorityValue, string> = { low: 'Basse', medium: 'Moyenne', high: 'Haute' };

/** §3 task activity kinds */
export const TASK_ACTIVITIES = [
  'phone',
  'email',
  'visit',
  'meeting',
  'tasting',
  'tour',
  'animation',
  'salon',
  'breakfast',
  'orderPreparation',
  'other',
] as const;
export type TaskActivityValue = (typeof TASK_ACTIVITIES)[number];
export const TASK_ACTIVITY_LABELS: Record<TaskActivityValue, string> = {
  phone: 'Appel',
  email: 'Mail',
  visit: 'Visite',
  meeting: 'Rendez-vous',
  tasting: 'Dégustation',
  tour: 'Tournée',
  animation: 'Animation',
  salon: 'Salon',
  breakfast: 'Petit-déjeuner',
  orderPreparation: 'Préparation de commande',
  other: 'Autre',
};

export const TASK_STATUSES = ['todo', 'done', 'overdue'] as const;
export type TaskStatusFilter = (typeof TASK_STATUSES)[number];

/** ISO date-time with an offset, or a day YYYY-MM-DD (all-day). */
export const taskDueSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: M.date });

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2147483647, message);

/** POST /tasks and PUT /tasks/:id. */
export const taskBodySchema = z.object({
  title: neededSchema.pipe(z.string().trim().max(200, TASK_MESSAGES.title)),
  description: z
    .string()
    .trim()
    .max(5000, TASK_MESSAGES.description)
    .nullish()
    .transform((v) => (v ? v : null)),
  clientId: positiveId(TASK_MESSAGES.clientNotFound)
    .nullish()
    .transform((v) => v ?? null),
  priority: z.enum(TASK_PRIORITIES, { error: TASK_MESSAGES.priority }).default('medium'),
  activity: z.enum(TASK_ACTIVITIES, { error: TASK_MESSAGES.activity }).default('other'),
  /** ISO date-time (with offset) or a day YYYY-MM-DD (all-day); null = no due date */
  dueAt: taskDueSchema.nullish().transform((v) => v ?? null),
  allDay: z.boolean({ error: 'allDay vaut true ou false' }).default(false),
  durationMinutes: z
    .number({ error: TASK_MESSAGES.duration })
    .int(TASK_MESSAGES.duration)
    .min(1, TASK_MESSAGES.duration)
    .max(1440, TASK_MESSAGES.duration)
    .nullish()
    .transform((v) => v ?? null),
  /** a member (owner, iam, agent) of the shop; null = nobody; absent = the caller */
  assigneeUserId: positiveId(TASK_MESSAGES.assignee).nullish(),
});
export type TaskBody = z.input<typeof taskBodySchema>;
export type TaskValues = z.output<typeof taskBodySchema>;

/** PUT /tasks/:id/reschedule (drag in the calendar). */
export const rescheduleBodySchema = z.object({
  dueAt: taskDueSchema,
  allDay: z.boolean({ error: 'allDay vaut true ou false' }).optional(),
});
export type RescheduleBody = z.input<typeof rescheduleBodySchema>;

export interface TaskPerson {
  id: number;
  name: string;
}

export interface Task {
  id: number;
  title: string;
  description: string | null;
  clientId: number | null;
  clientName: string | null;
  priority: TaskPriorityValue;
  activity: TaskActivityValue;
  dueAt: string | null;
  allDay: boolean;
  durationMinutes: number | null;
  assignee: TaskPerson | null;
  createdBy: TaskPerson | null;
  done: boolean;
  doneAt: string | null;
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
}

export type TaskSaved = Task & { message: string };

/** GET /tasks/assignees */
export interface TaskAssignee {
  id: number;
  name: string;
  kind: 'owner' | 'iam' | 'agent';
}

export const CALENDAR_ITEM_KINDS = ['task', 'slot', 'reservation', 'delivery'] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

/** GET /calendar?from=&to= : one entry of the calendar. */
export interface CalendarItem {
  kind: CalendarItemKind;
  /** `task-12`, `slot-4`, `reservation-31` (unique in the list) */
  id: string;
  /** the task, slot or order id */
  refId: number;
  title: string;
  start: string;
  end: string | null;
  allDay: boolean;
  /** where a click goes */
  link: string;
  /** tasks only */
  done?: boolean;
  priority?: TaskPriorityValue;
}
