// The maintenance card of /admin: what GET /v1/maintenances serves (banner or full page, message, start and end),
// edited with PUT /v1/admin/maintenance and ended with DELETE /v1/admin/maintenance. Dates are typed in the browser's
// local time and sent as ISO instants.
import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Radio, Skeleton, Tag, Typography } from 'antd';
import { z } from 'zod';
import { formatDateTime } from 'shared-kernel/domain';
import { applyServerErrors, errorMessage, FormField, SubmitButton, useZodForm, ZodForm, type FieldA11y } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import {
  useAdminMaintenance,
  useEndMaintenance,
  useSaveMaintenance,
  type AdminMaintenance,
  type MaintenanceInput,
} from './console.queries';
import { texts as consoleTexts, useTexts } from './console.texts';

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

// the schema's messages: the admin console is French (§9)
const T = consoleTexts;
export const maintenanceSchema = z
  .object({
    mode: z.enum(['banner', 'page']),
    message: z.string().trim().min(1, T.needed).max(1000),
    startDate: z.string().refine((v) => toIso(v) !== null, T.badDate),
    endDate: z.string().refine((v) => toIso(v) !== null, T.badDate),
  })
  .superRefine((v, ctx) => {
    const start = toIso(v.startDate);
    const end = toIso(v.endDate);
    if (start && end && end <= start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: T.endAfterStart });
  });
type Draft = z.input<typeof maintenanceSchema>;

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
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(maintenanceSchema, { defaultValues: draftOf(current), mode: 'onSubmit' });
  const dateInput = (field: { value: unknown; onChange(v: string): void; onBlur(): void }, a11y: FieldA11y) => (
    <Input
      {...a11y}
      type="datetime-local"
      value={String(field.value ?? '')}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
    />
  );

  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        setError(null);
        const input: MaintenanceInput = { mode: v.mode, message: v.message, startDate: toIso(v.startDate)!, endDate: toIso(v.endDate)! };
        try {
          const done = await save.mutateAsync(input);
          notify.success(done.message);
          onDone();
        } catch (err) {
          if (!applyServerErrors(form, err)) setError(errorMessage(err, t.loadError));
        }
      }}
    >
      <FormField
        name="mode"
        label={t.mode}
        render={(field) => (
          <Radio.Group
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            options={[
              { value: 'banner', label: t.modes.banner },
              { value: 'page', label: t.modes.page },
            ]}
          />
        )}
      />
      <FormField name="message" label={t.message} kind="textarea" maxLength={1000} required />
      <Flex gap={16} wrap>
        <FormField name="startDate" label={t.startDate} required render={dateInput} />
        <FormField name="endDate" label={t.endDate} required render={dateInput} />
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Flex gap={8}>
        <SubmitButton>{t.save}</SubmitButton>
        <Button onClick={onDone}>{t.cancel}</Button>
      </Flex>
    </ZodForm>
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
