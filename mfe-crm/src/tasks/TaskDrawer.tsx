// The task drawer of /dashboard/tasks, /dashboard/calendar and the client file (« Nouvelle tâche », the client chosen):
// a new task, or the task of ?task=<id>.
import { EditDrawer, QueryBoundary } from 'shared-kernel/kit';
import { TaskForm } from './form/TaskForm';
import { useTask } from './tasks.queries';
import { useTexts } from './texts';

export type TaskDrawerTarget = { kind: 'new'; clientId?: number | null; clientName?: string | null } | { kind: 'edit'; id: number } | null;

function EditTask({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useTask(id);
  return (
    <QueryBoundary query={query} notFound={{ backTo: '/dashboard/tasks', backLabel: 'Retour aux tâches', title: 'Tâche introuvable' }}>
      {(task) => <TaskForm key={task.id} task={task} onDone={onClose} />}
    </QueryBoundary>
  );
}

export function TaskDrawer({ target, onClose }: { target: TaskDrawerTarget; onClose: () => void }) {
  const t = useTexts();
  return (
    <EditDrawer open={target !== null} onClose={onClose} title={target?.kind === 'edit' ? t.edit : t.add}>
      {target?.kind === 'edit' && <EditTask id={target.id} onClose={onClose} />}
      {target?.kind === 'new' && <TaskForm prefill={{ clientId: target.clientId, clientName: target.clientName }} onDone={onClose} />}
    </EditDrawer>
  );
}
