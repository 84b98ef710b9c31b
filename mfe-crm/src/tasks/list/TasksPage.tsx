// /dashboard/tasks: the tasks of the shop's team, as a list or a board (?view=board), the task drawer
// (?task=<id> opens a task: notification and calendar links; ?clientId= filters on a client and prefills a new task).
import { useCallback, useState } from 'react';
import { Button, Flex, Segmented, Select } from 'antd';
import type { Task } from 'shared-kernel/contracts';
import { parseId, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { TaskDrawer, type TaskDrawerTarget } from '../TaskDrawer';
import { fetchTasks, useAssignees, useTasks, useToggleDone } from '../tasks.queries';
import { useTexts } from '../texts';
import { taskColumns } from './columns';
import { tasksList } from './filters';
import { TasksBoard } from './TasksBoard';

export default withQueryScope(function TasksPage() {
  const t = useTexts();
  const list = useUrlListState(tasksList);
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'board' ? 'board' : 'list';
  const openId = parseId(params.get('task'));
  const [creating, setCreating] = useState(false);
  const query = useTasks(list.apiQuery, { enabled: view === 'list' });
  const assignees = useAssignees();
  const toggle = useToggleDone();
  const clientId = list.state.filters.clientId ?? null;

  const setParam = useCallback(
    (key: string, value: string | null, replace = false) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (value === null) out.delete(key);
          else out.set(key, value);
          return out;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const openTask = (task: Task) => setParam('task', String(task.id));
  const onToggle = (task: Task, done: boolean) => toggle.mutate({ id: task.id, done });

  const target: TaskDrawerTarget =
    openId !== null
      ? { kind: 'edit', id: openId }
      : creating
        ? { kind: 'new', clientId, clientName: query.data?.items.find((x) => x.clientId === clientId)?.clientName ?? null }
        : null;
  const closeDrawer = () => {
    setCreating(false);
    if (openId !== null) setParam('task', null);
  };

  const filtersBar = (
    <Flex gap={8} wrap align="center">
      <Segmented
        aria-label={t.viewLabel}
        value={view}
        onChange={(v) => setParam('view', v === 'board' ? 'board' : null)}
        options={[
          { value: 'list', label: t.views.list },
          { value: 'board', label: t.views.board },
        ]}
      />
      <Select
        aria-label={t.assignee}
        allowClear
        placeholder={t.assignee}
        style={{ minWidth: 200 }}
        value={list.state.filters.assigneeUserId}
        onChange={(v?: number | 'me') => list.setFilter('assigneeUserId', v)}
        options={[{ value: 'me', label: 'Mes tâches' }, ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name }))]}
      />
      <Button type="primary" onClick={() => setCreating(true)}>
        {t.add}
      </Button>
    </Flex>
  );

  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      {view === 'list' ? (
        <ResourceTable
          list={list}
          query={query}
          columns={taskColumns(onToggle, toggle.isPending ? (toggle.variables?.id ?? null) : null)}
          label={t.list}
          onRowOpen={openTask}
          search
          exportCsv={{ filename: 'taches', fetchPage: fetchTasks }}
          toolbar={filtersBar}
          texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
        />
      ) : (
        <>
          {filtersBar}
          <TasksBoard query={list.apiQuery} onOpen={openTask} onToggle={onToggle} />
        </>
      )}
      <TaskDrawer target={target} onClose={closeDrawer} />
    </section>
  );
});
