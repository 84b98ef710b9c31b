import dayjs from 'dayjs';
import type { Task } from 'shared-kernel/contracts';

/** dd/MM/yyyy (§9), with HH:mm unless the task takes the whole day (kept at 00:00 UTC of its day). */
export function formatDue(task: Pick<Task, 'dueAt' | 'allDay'>): string {
  if (!task.dueAt) return '';
  if (task.allDay) return dayjs(task.dueAt.slice(0, 10)).format('DD/MM/YYYY');
  return dayjs(task.dueAt).format('DD/MM/YYYY HH:mm');
}

/** The local day of a task (YYYY-MM-DD). */
export function dueDay(task: Pick<Task, 'dueAt' | 'allDay'>): string | null {
  if (!task.dueAt) return null;
  return task.allDay ? task.dueAt.slice(0, 10) : dayjs(task.dueAt).format('YYYY-MM-DD');
}

export type BoardColumn = 'overdue' | 'today' | 'upcoming' | 'none' | 'done';
export const BOARD_COLUMNS: BoardColumn[] = ['overdue', 'today', 'upcoming', 'none', 'done'];

/** The board column of a task, today being `today` (YYYY-MM-DD). */
export function boardColumnOf(task: Task, today: string): BoardColumn {
  if (task.done) return 'done';
  if (task.overdue) return 'overdue';
  const day = dueDay(task);
  if (day === null) return 'none';
  if (day <= today) return 'today';
  return 'upcoming';
}
