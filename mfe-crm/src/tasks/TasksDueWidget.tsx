// Dashboard widget 'tasksDue': the caller's overdue tasks and today's, linked to /dashboard/tasks.
import dayjs from 'dayjs';
import { Alert, Flex, List, Skeleton, Typography } from 'antd';
import { withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { formatDue } from './list/due';
import { useTasks } from './tasks.queries';
import { useTexts } from './texts';

export default withQueryScope(function TasksDueWidget() {
  const t = useTexts();
  // open tasks assigned to me due before tomorrow: the overdue ones and today's
  const tomorrow = dayjs().add(1, 'day').startOf('day').toISOString();
  const { data, isPending, isError } = useTasks({ page: 1, pageSize: 10, status: 'todo', assigneeUserId: 'me', to: tomorrow });
  if (isPending)
    return (
      <div role="status" aria-busy="true" aria-label="Chargement">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  if (isError) return <Alert type="warning" showIcon title={t.loadError} />;
  if (!data.items.length) return <Typography.Text type="secondary">{t.widgetEmpty}</Typography.Text>;
  const overdue = data.items.filter((x) => x.overdue).length;
  return (
    <Flex vertical gap={8}>
      <Typography.Text>
        {overdue} {t.overdue.toLowerCase()} · {data.items.length - overdue} {t.today.toLowerCase()}
      </Typography.Text>
      <List
        size="small"
        dataSource={data.items.slice(0, 5)}
        renderItem={(task) => (
          <List.Item>
            <Link to={`/dashboard/tasks?task=${task.id}`}>{task.title}</Link>
            <Typography.Text type={task.overdue ? 'danger' : 'secondary'}>{formatDue(task)}</Typography.Text>
          </List.Item>
        )}
      />
      <Link to="/dashboard/tasks?status=overdue&assigneeUserId=me">{t.widgetLink}</Link>
    </Flex>
  );
});
