import { Checkbox, Tag, Typography } from 'antd';
import { TASK_ACTIVITIES, TASK_ACTIVITY_LABELS, TASK_PRIORITIES, TASK_PRIORITY_LABELS, type Task } from 'shared-kernel/contracts';
import type { ColumnsFor } from 'shared-kernel/kit';
import { texts as t } from '../texts';
import type { tasksList } from './filters';
import { formatDue } from './due';

export const PRIORITY_COLORS: Record<Task['priority'], string> = { low: 'default', medium: 'blue', high: 'red' };

export function PriorityTag({ priority }: { priority: Task['priority'] }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{TASK_PRIORITY_LABELS[priority]}</Tag>;
}

export function DueDate({ task }: { task: Task }) {
  if (!task.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return task.overdue ? (
    <Typography.Text type="danger" strong>
      {formatDue(task)} · {t.overdue}
    </Typography.Text>
  ) : (
    <span>{formatDue(task)}</span>
  );
}

export function DoneBox({ task, onToggle, disabled }: { task: Task; onToggle: (task: Task, done: boolean) => void; disabled?: boolean }) {
  return (
    <Checkbox
      checked={task.done}
      disabled={disabled}
      aria-label={t.markDone(task.title)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onChange={(e) => onToggle(task, e.target.checked)}
    />
  );
}

/** The columns of the list view; `onToggle` marks a task done / not done. */
export function taskColumns(onToggle: (task: Task, done: boolean) => void, busyId: number | null): ColumnsFor<Task, typeof tasksList> {
  return [
    {
      key: 'done',
      title: t.done,
      width: 90,
      filterKey: 'status',
      filterOptions: [
        { value: 'todo', label: t.statuses.todo },
        { value: 'overdue', label: t.statuses.overdue },
        { value: 'done', label: t.statuses.done },
      ],
      render: (_: unknown, task) => <DoneBox task={task} onToggle={onToggle} disabled={busyId === task.id} />,
      csv: (task) => (task.done ? 'oui' : 'non'),
    },
    {
      key: 'title',
      title: t.taskTitle,
      dataIndex: 'title',
      cardTitle: true,
      render: (title: string, task) => (task.done ? <Typography.Text delete>{title}</Typography.Text> : title),
    },
    { key: 'client', title: t.client, dataIndex: 'clientName', render: (name: string | null) => name ?? '—' },
    {
      key: 'priority',
      title: t.priority,
      dataIndex: 'priority',
      sortKey: 'priority',
      filterKey: 'priority',
      filterOptions: TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] })),
      render: (p: Task['priority']) => <PriorityTag priority={p} />,
      csv: (task) => TASK_PRIORITY_LABELS[task.priority],
    },
    {
      key: 'activity',
      title: t.activity,
      dataIndex: 'activity',
      filterKey: 'activity',
      filterOptions: TASK_ACTIVITIES.map((a) => ({ value: a, label: TASK_ACTIVITY_LABELS[a] })),
      render: (a: Task['activity']) => TASK_ACTIVITY_LABELS[a],
      csv: (task) => TASK_ACTIVITY_LABELS[task.activity],
    },
    {
      key: 'dueAt',
      title: t.dueAt,
      dataIndex: 'dueAt',
      sortKey: 'dueAt',
      render: (_: unknown, task) => <DueDate task={task} />,
      csv: (task) => (task.dueAt ? formatDue(task) : ''),
    },
    {
      key: 'assignee',
      title: t.assignee,
      dataIndex: ['assignee', 'name'],
      render: (name: string | undefined) => name ?? '—',
    },
  ];
}
