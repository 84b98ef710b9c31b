import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarItem, Paginated, RescheduleBody, Task, TaskAssignee, TaskBody, TaskSaved } from 'shared-kernel/contracts';
import { createQueryKeys, createResourceHooks, useViewerKey, type ApiQueryOf } from 'shared-kernel/kit';
import { api } from 'shared-kernel/runtime';
import type { tasksList } from './list/filters';

/** The list's URL state, plus a due range the widget sets (not a user filter). */
export type TasksQuery = ApiQueryOf<typeof tasksList> & { from?: string; to?: string };

export const taskKeys = createQueryKeys<TasksQuery, number>('crm', 'tasks');

const hooks = createResourceHooks({
  keys: taskKeys,
  list: (q: TasksQuery, signal) => api.get<Paginated<Task>>('/tasks', { query: q, silent: true, signal }),
  get: (id: number, signal) => api.get<Task>(`/tasks/${id}`, { silent: true, signal }),
  create: (input: TaskBody) => api.post<TaskSaved>('/tasks', input, { silent: true }),
  update: (id: number, input: TaskBody) => api.put<TaskSaved>(`/tasks/${id}`, input, { silent: true }),
  remove: (id: number) => api.del(`/tasks/${id}`, undefined, { silent: true }),
});

export const {
  useList: useTasks,
  useOne: useTask,
  useCreate: useCreateTask,
  useUpdate: useUpdateTask,
  useDelete: useDeleteTask,
  fetchList: fetchTasks,
} = hooks;

/** Everything that shows tasks (lists, detail, calendar, widget) is refreshed after a task changes. */
function useInvalidateTasks() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [taskKeys.domain, taskKeys.resource] }),
      client.invalidateQueries({ queryKey: ['crm', 'calendar'] }),
    ]);
}

/** Done / undone from the list, the board or the widget. */
export function useToggleDone() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) => api.post<TaskSaved>(`/tasks/${id}/${done ? 'done' : 'undone'}`, undefined),
    onSettled: invalidate,
  });
}

/** Drag in the calendar. The caller reverts the move on an error (silent: it shows the api's message itself). */
export function useReschedule() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RescheduleBody }) =>
      api.put<TaskSaved>(`/tasks/${id}/reschedule`, body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useAssignees() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'tasks', viewer, 'assignees'],
    queryFn: ({ signal }) => api.get<TaskAssignee[]>('/tasks/assignees', { silent: true, signal }),
    staleTime: 60_000,
  });
}

export function useCalendar(range: { from: string; to: string } | null) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'calendar', viewer, range],
    queryFn: ({ signal }) => api.get<CalendarItem[]>('/calendar', { query: range!, silent: true, signal }),
    enabled: range !== null,
    placeholderData: (prev) => prev,
  });
}

/** The clients the task form can link (GET /crm/clients of the clients module). */
export interface ClientOption {
  id: number;
  name: string;
}
interface CrmClientItem {
  id: number;
  company?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  name?: string | null;
}
export const clientLabel = (c: CrmClientItem) =>
  c.name || c.company || [c.firstname, c.lastname].filter(Boolean).join(' ').trim() || `Client ${c.id}`;

/** The name of a client known by its id only (a ?clientId= prefill): its file, GET /crm/clients/:id. */
export function useClientOption(id: number | null, enabled = true) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'clients', viewer, 'task-client', id],
    queryFn: async ({ signal }) => {
      const c = await api.get<CrmClientItem>(`/crm/clients/${id}`, { silent: true, signal });
      return { id: c.id, name: clientLabel(c) } satisfies ClientOption;
    },
    enabled: enabled && id !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function useClientSearch(q: string, enabled = true) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['crm', 'clients', viewer, 'task-picker', q],
    queryFn: async ({ signal }) => {
      const page = await api.get<Paginated<CrmClientItem>>('/crm/clients', {
        query: { q: q || undefined, pageSize: 20 },
        silent: true,
        signal,
      });
      return page.items.map((c): ClientOption => ({ id: c.id, name: clientLabel(c) }));
    },
    enabled,
    placeholderData: (prev) => prev,
    staleTime: 30_000,
    retry: false,
  });
}
