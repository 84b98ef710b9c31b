import { Button, Flex, Input, Popconfirm, Select } from 'antd';
import { TASK_ACTIVITIES, TASK_ACTIVITY_LABELS, TASK_PRIORITIES, TASK_PRIORITY_LABELS, type Task } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { useAssignees, useCreateTask, useDeleteTask, useUpdateTask } from '../tasks.queries';
import { useTexts } from '../texts';
import { ClientSelect } from './ClientSelect';
import { taskFormDefaults, taskFormSchema, toTaskBody } from './task.schema';

const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));
const ACTIVITY_OPTIONS = TASK_ACTIVITIES.map((a) => ({ value: a, label: TASK_ACTIVITY_LABELS[a] }));

/** The task drawer's form: a new task (`prefill`) or an existing one. */
export function TaskForm({
  task,
  prefill = {},
  onDone,
}: {
  task?: Task;
  prefill?: { clientId?: number | null; clientName?: string | null };
  onDone: () => void;
}) {
  const t = useTexts();
  const me = useSession((s) => s.user?.id ?? null);
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const assignees = useAssignees();
  const form = useZodForm(taskFormSchema, { defaultValues: taskFormDefaults(task, { clientId: prefill.clientId, assigneeUserId: me }) });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const allDay = form.watch('allDay');
  const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' } as const;
  // without a known name, ClientSelect reads it from the client's file
  const initialClient =
    task?.clientId != null
      ? task.clientName
        ? { id: task.clientId, name: task.clientName }
        : null
      : prefill.clientId && prefill.clientName
        ? { id: prefill.clientId, name: prefill.clientName }
        : null;
  const assigneeOptions = [
    { value: 0, label: t.nobody },
    ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    // the current assignee while the team loads (or when they left the shop)
    ...(task?.assignee && !assignees.data?.some((a) => a.id === task.assignee!.id)
      ? [{ value: task.assignee.id, label: task.assignee.name }]
      : []),
  ];

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const input = toTaskBody(values);
        if (task) await update.mutateAsync({ id: task.id, input });
        else await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="title" label={t.taskTitle} required maxLength={200} />
      <FormField name="description" label={t.description} kind="textarea" rows={3} maxLength={5000} />
      <FormField
        name="clientId"
        label={t.client}
        render={(field, a11y) => (
          <ClientSelect
            value={field.value as number | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            a11y={a11y}
            initial={initialClient}
          />
        )}
      />
      <div style={grid}>
        <FormField name="priority" label={t.priority} kind="select" options={PRIORITY_OPTIONS} />
        <FormField name="activity" label={t.activity} kind="select" options={ACTIVITY_OPTIONS} searchable />
      </div>
      <div style={grid}>
        <FormField name="date" label={t.dueDate} kind="date" />
        {!allDay && (
          <FormField
            name="time"
            label={t.dueTime}
            render={(field, a11y) => (
              <Input
                {...a11y}
                type="time"
                step={300}
                value={field.value as string}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </div>
      <FormField name="allDay" label={t.allDay} kind="switch" />
      <FormField
        name="assigneeUserId"
        label={t.assignee}
        render={(field, a11y) => (
          <Select
            {...a11y}
            value={(field.value as number | null) ?? 0}
            onChange={(v: number) => field.onChange(v === 0 ? null : v)}
            onBlur={field.onBlur}
            loading={assignees.isPending}
            options={assigneeOptions}
            style={{ width: '100%' }}
          />
        )}
      />
      <Flex gap={8} justify="space-between" wrap>
        <SubmitButton />
        {task && (
          <Popconfirm
            title={t.deleteConfirm}
            okText={t.delete}
            cancelText="Annuler"
            onConfirm={async () => {
              await remove.mutateAsync(task.id);
              notify.success(t.deleted);
              guard.allowNavigation();
              onDone();
            }}
          >
            <Button danger>{t.delete}</Button>
          </Popconfirm>
        )}
      </Flex>
    </ZodForm>
  );
}
