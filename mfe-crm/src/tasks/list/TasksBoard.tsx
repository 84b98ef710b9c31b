// The board view of /dashboard/tasks: En retard, Aujourd'hui, À venir, Sans échéance, Terminées.
import dayjs from 'dayjs';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { Task } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { useTasks, type TasksQuery } from '../tasks.queries';
import { useTexts } from '../texts';
import { DoneBox, DueDate, PriorityTag } from './columns';
import { BOARD_COLUMNS, boardColumnOf, type BoardColumn } from './due';

export function TasksBoard({
  query,
  onOpen,
  onToggle,
}: {
  query: TasksQuery;
  onOpen: (task: Task) => void;
  onToggle: (task: Task, done: boolean) => void;
}) {
  const t = useTexts();
  // the board shows up to 100 tasks of the current filter, soonest first
  const tasks = useTasks({ ...query, page: 1, pageSize: 100 });
  if (tasks.isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Chargement">
        <Skeleton active />
      </div>
    );
  if (tasks.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(tasks.error, t.loadError)}
        action={<Button onClick={() => void tasks.refetch()}>{t.retry}</Button>}
      />
    );
  const today = dayjs().format('YYYY-MM-DD');
  const groups = new Map<BoardColumn, Task[]>(BOARD_COLUMNS.map((c) => [c, []]));
  for (const task of tasks.data.items) groups.get(boardColumnOf(task, today))!.push(task);
  return (
    <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', alignItems: 'start' }}>
      {BOARD_COLUMNS.map((col) => (
        <section key={col} aria-label={t.columns[col]} style={{ display: 'grid', gap: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }} type={col === 'overdue' ? 'danger' : undefined}>
            {t.columns[col]} ({groups.get(col)!.length})
          </Typography.Title>
          {groups.get(col)!.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.boardEmpty} />}
          {groups.get(col)!.map((task) => (
            <Card
              key={task.id}
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-label={task.title}
              onClick={() => onOpen(task)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(task);
                }
              }}
            >
              <Flex gap={8} align="start">
                <DoneBox task={task} onToggle={onToggle} />
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Typography.Text strong delete={task.done}>
                    {task.title}
                  </Typography.Text>
                  {task.clientName && <Typography.Text type="secondary">{task.clientName}</Typography.Text>}
                  <Flex gap={4} wrap align="center">
                    <PriorityTag priority={task.priority} />
                    <DueDate task={task} />
                  </Flex>
                  {task.assignee && <Typography.Text type="secondary">{task.assignee.name}</Typography.Text>}
                </Flex>
              </Flex>
            </Card>
          ))}
        </section>
      ))}
    </div>
  );
}
