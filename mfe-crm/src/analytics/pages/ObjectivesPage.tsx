import { Button, DatePicker, Form, Input, InputNumber, Modal, Progress, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { AnalyticsObjective } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { withQueryScope, useAction } from 'shared-kernel/kit';
import { confirmPopup } from 'shared-kernel/runtime';
import { useDeleteObjective, useObjectives, useSaveObjective } from '../analytics.queries';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { useTexts } from '../texts';

interface Values {
  userId: number;
  range: [Dayjs, Dayjs];
  target: number;
  label?: string;
}

export default withQueryScope(function ObjectivesPage() {
  const t = useTexts();
  const o = t.objectives;
  const query = useObjectives();
  const save = useSaveObjective();
  const remove = useDeleteObjective();
  const [editing, setEditing] = useState<AnalyticsObjective | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const data = query.data;

  const open = (target: AnalyticsObjective | 'new') => {
    setEditing(target);
    form.setFieldsValue(
      target === 'new'
        ? { userId: undefined, range: [dayjs().startOf('month'), dayjs().endOf('month')], target: undefined, label: '' }
        : {
            userId: target.userId,
            range: [dayjs(target.periodStart), dayjs(target.periodEnd)],
            target: target.targetCents / 100,
            label: target.label ?? '',
          },
    );
  };

  const saving = useAction({
    run: (v: Values) =>
      save.mutateAsync({
        id: editing && editing !== 'new' ? editing.id : undefined,
        body: {
          userId: v.userId,
          periodStart: v.range[0].format('YYYY-MM-DD'),
          periodEnd: v.range[1].format('YYYY-MM-DD'),
          targetCents: Math.round(v.target * 100),
          label: v.label || null,
        },
      }),
    success: o.saved,
    onDone: () => setEditing(null),
  });
  const submit = saving.run;

  const removing = useAction({ run: (id: number) => remove.mutateAsync(id), success: o.deleted });
  // the popup closes on Ok, the deletion then runs
  const del = async (row: AnalyticsObjective) => {
    if (!(await confirmPopup({ title: o.deleteConfirm }))) return;
    await removing.run(row.id);
  };

  return (
    <AnalyticsPage
      title={o.title}
      help={o.help}
      query={query}
      tools={
        <Button type="primary" onClick={() => open('new')}>
          {o.add}
        </Button>
      }
    >
      {data && (
        <DataTable<AnalyticsObjective>
          caption={o.title}
          filename="objectifs"
          rows={data.items}
          rowKey={(r) => r.id}
          empty={o.empty}
          columns={[
            { key: 'member', title: o.member, value: (r) => r.userName },
            { key: 'label', title: o.label, value: (r) => r.label ?? '' },
            { key: 'start', title: o.periodStart, value: (r) => formatDate(r.periodStart) },
            { key: 'end', title: o.periodEnd, value: (r) => formatDate(r.periodEnd) },
            {
              key: 'target',
              title: o.target,
              align: 'right',
              value: (r) => euros(r.targetCents),
              render: (r) => formatCents(r.targetCents),
            },
            {
              key: 'actual',
              title: o.actual,
              align: 'right',
              value: (r) => euros(r.actualCents),
              render: (r) => formatCents(r.actualCents),
            },
            {
              key: 'percent',
              title: o.percent,
              value: (r) => r.percent,
              render: (r) => (
                <Progress
                  percent={Math.min(100, r.percent)}
                  format={() => `${String(r.percent).replace('.', ',')} %`}
                  size="small"
                  style={{ minWidth: 120 }}
                  aria-label={`${o.percent} ${String(r.percent).replace('.', ',')} %`}
                />
              ),
            },
            {
              key: 'actions',
              title: '',
              value: () => null,
              render: (r) => (
                <span style={{ display: 'flex', gap: 4 }}>
                  <Button size="small" onClick={() => open(r)}>
                    {o.edit}
                  </Button>
                  <Button size="small" danger onClick={() => void del(r)}>
                    {o.delete}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? o.add : o.edit}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="Enregistrer"
        cancelText="Annuler"
        confirmLoading={saving.pending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="userId" label={o.member} rules={[{ required: true, message: 'Ce champ ne peut pas être vide' }]}>
            <Select options={(data?.members ?? []).map((m) => ({ value: m.id, label: m.name }))} />
          </Form.Item>
          <Form.Item
            name="range"
            label={`${o.periodStart} – ${o.periodEnd}`}
            rules={[{ required: true, message: 'Ce champ ne peut pas être vide' }]}
          >
            <DatePicker.RangePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="target" label={o.targetEuros} rules={[{ required: true, message: 'Ce champ ne peut pas être vide' }]}>
            <InputNumber<number> min={0} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="label" label={o.label}>
            <Input maxLength={120} />
          </Form.Item>
        </Form>
      </Modal>
    </AnalyticsPage>
  );
});
