/** Tasks of a shop's team: tasks, their notifications, the calendar feed. */
export * from './tasks.tables';
export { createTasksRouter } from './tasks.router';
export { TASK_NOTIFICATIONS } from './tasks.service';
