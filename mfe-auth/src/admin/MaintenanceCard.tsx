// The maintenance card of /admin: what GET /v1/maintenances serves (banner or full page, message, start and end),
// edited with PUT /v1/admin/maintenance and ended with DELETE /v1/admin/maintenance. Dates are typed in the browser's
// local time and sent as ISO instants.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Radio, Skeleton, Tag, Typography } from 'antd';
import { formatDateTime } from 'shared-kernel/domain';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import {
  useAdminMaintenance,
  useEndMaintenance,
  useSaveMaintenance,
  type AdminMaintenance,
  type MaintenanceInput,
} from './console.queries';
import { useTexts } from './console.texts';

type Draft = { mode: 'banner' | 'page'; message: string; startDate: string; endDate: string };
type Field = keyof Draft;

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO instant → the value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const toIso = (local: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

function draftOf(m: AdminMaintenance | null): Draft {
  const now = new Date();
  return m
    ? { mode: m.mode, message: m.message, startDate: toLocalInput(m.startDate), endDate: toLocalInput(m.endDate) }
    : {
        mode: 'banner',
        message: '',
        startDate: toLocalInput(now.toISOString()),
        endDate: toLocalInput(new Date(now.getTime() + 3600_000).toISOString()),
      };
}

function MaintenanceForm({ current, onDone }: { current: AdminMaintenance | null; onDone(): void }) {
  const t = useTexts();
  const save = useSaveMaintenance();
  const [draft, setDraft] = useState<Draft>(() => draftOf(current));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!draft.message.trim()) found.message = t.needed;
    const start = toIso(draft.startDate);
    const end = toIso(draft.endDate);
    if (!start) found.startDate = t.badDate;
    if (!end) found.endDate = t.badDate;
    if (start && end && end <= start) found.endDate = t.endAfterStart;
    setErrors(found);
    setError(null);
    if (Object.keys(found).length || !start || !end) return;
    const input: MaintenanceInput = { mode: draft.mode, message: draft.message.trim(), startDate: start, endDate: end };
    try {
      const done = await save.mutateAsync(input);
      notify.success(done.message);
      onDone();
    } catch (err) {
      const e = err as { message?: string; field?: string };
      if (e.field && e.field in draft) setErrors({ [e.field]: e.message });
      else setError(e.message ?? t.loadError);
    }
  };

  const item = (field: Field, label: string, input: ReactNode) => (
    <Form.Item
      label={label}
      htmlFor={`maintenance-${field}`}
      required
      validateStatus={errors[field] ? 'error' : undefined}
      help={errors[field] ? <span id={`maintenance-${field}-error`}>{errors[field]}</span> : undefined}
    >
      {input}
    </Form.Item>
  );
  const a11y = (field: Field) => ({
    id: `maintenance-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `maintenance-${field}-error` : undefined,
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <Form.Item label={t.mode}>
        <Radio.Group
          value={draft.mode}
          onChange={(e) => set({ mode: e.target.value as Draft['mode'] })}
          options={[
            { value: 'banner', label: t.modes.banner },
            { value: 'page', label: t.modes.page },
          ]}
        />
      </Form.Item>
      {item(
        'message',
        t.message,
        <Input.TextArea {...a11y('message')} value={draft.message} maxLength={1000} onChange={(e) => set({ message: e.target.value })} />,
      )}
      <Flex gap={16} wrap>
        {item(
          'startDate',
          t.startDate,
          <Input
            {...a11y('startDate')}
            type="datetime-local"
            value={draft.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
          />,
        )}
        {item(
          'endDate',
          t.endDate,
          <Input {...a11y('endDate')} type="datetime-local" value={draft.endDate} onChange={(e) => set({ endDate: e.target.value })} />,
        )}
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t.save}
        </Button>
        <Button onClick={onDone}>{t.cancel}</Button>
      </Flex>
    </Form>
  );
}

export function MaintenanceCard() {
  const t = useTexts();
  const query = useAdminMaintenance();
  const { mutate: end } = useEndMaintenance();
  const [editing, setEditing] = useState(false);
  const m = query.data ?? null;

  const body = () => {
    if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (query.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={query.error.message || t.loadError}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      );
    if (editing) return <MaintenanceForm current={m} onDone={() => setEditing(false)} />;
    if (!m)
      return (
        <Flex vertical gap={8} align="start">
          <Typography.Text type="secondary">{t.maintenanceNone}</Typography.Text>
          <Button onClick={() => setEditing(true)}>{t.schedule}</Button>
        </Flex>
      );
    return (
      <Flex vertical gap={8} align="start">
        <Flex gap={8} wrap>
          <Tag color={m.active ? 'orange' : 'blue'}>{m.active ? t.maintenanceActive : t.maintenanceScheduled}</Tag>
          <Tag>{t.modes[m.mode]}</Tag>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }}>{m.message}</Typography.Paragraph>
        <Typography.Text type="secondary">{t.maintenanceFrom(formatDateTime(m.startDate), formatDateTime(m.endDate))}</Typography.Text>
        <Flex gap={8}>
          <Button onClick={() => setEditing(true)}>{t.edit}</Button>
          <Button
            danger
            onClick={() =>
              void confirmPopup({ title: t.endNowConfirm, content: t.endNowText, okText: t.endNow, cancelText: t.cancel }).then((ok) => {
                if (ok) end();
              })
            }
          >
            {t.endNow}
          </Button>
        </Flex>
      </Flex>
    );
  };

  return <Card title={t.maintenance}>{body()}</Card>;
}
