import { Button, DatePicker, Modal, Progress } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AnalyticsObjective } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { applyServerErrors, FormField, SubmitButton, useAction, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { useDeleteObjective, useObjectives, useSaveObjective } from '../analytics.queries';
import { DataTable, euros } from '../shared/DataTable';
import { AnalyticsPage } from '../shared/Page';
import { useTexts } from '../texts';
import { objectiveApiFields, objectiveSchema, toObjectiveBody, type ObjectiveValues } from './objective.schema';

const day = (d: dayjs.ConfigType) => dayjs(d).format('YYYY-MM-DD');

export default withQueryScope(function ObjectivesPage() {
  const t = useTexts();
  const o = t.objectives;
  const query = useObjectives();
  const save = useSaveObjective();
  const remove = useDeleteObjective();
  const [editing, setEditing] = useState<AnalyticsObjective | 'new' | null>(null);
  const form = useZodForm(objectiveSchema);
  const data = query.data;

  const open = (target: AnalyticsObjective | 'new') => {
    setEditing(target);
    form.reset(
      target === 'new'
        ? { userId: undefined, range: [day(dayjs().startOf('month')), day(dayjs().endOf('month'))], target: undefined, label: '' }
        : {
            userId: target.userId,
            range: [day(target.periodStart), day(target.periodEnd)],
            target: target.targetCents / 100,
            label: target.label ?? '',
          },
    );
  };

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
        // the whole dialog is the form, so that « Enregistrer » in its footer submits it
        modalRender={(dialog) => (
          <ZodForm
            form={form}
            onSubmit={async (v) => {
              try {
                await save.mutateAsync({ id: editing && editing !== 'new' ? editing.id : undefined, body: toObjectiveBody(v) });
              } catch (err) {
                if (applyServerErrors(form, err, { fields: objectiveApiFields })) return;
                throw err;
              }
              notify.success(o.saved);
              setEditing(null);
            }}
          >
            {dialog}
          </ZodForm>
        )}
        footer={[
          <Button key="cancel" onClick={() => setEditing(null)}>
            Annuler
          </Button>,
          <SubmitButton key="ok">Enregistrer</SubmitButton>,
        ]}
        destroyOnHidden
      >
        <FormField<ObjectiveValues>
          name="userId"
          label={o.member}
          kind="select"
          required
          options={(data?.members ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
        <FormField<ObjectiveValues>
          name="range"
          label={`${o.periodStart} – ${o.periodEnd}`}
          required
          render={(field, a11y) => {
            const range = field.value as ObjectiveValues['range'] | null | undefined;
            return (
              <DatePicker.RangePicker
                ref={field.ref}
                id={a11y.id}
                format="DD/MM/YYYY"
                value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
                onChange={(dates) => field.onChange(dates?.[0] && dates[1] ? [day(dates[0]), day(dates[1])] : null)}
                onBlur={field.onBlur}
                status={a11y['aria-invalid'] ? 'error' : undefined}
                style={{ width: '100%' }}
              />
            );
          }}
        />
        <FormField<ObjectiveValues> name="target" label={o.targetEuros} kind="number" min={0} required />
        <FormField<ObjectiveValues> name="label" label={o.label} maxLength={120} />
      </Modal>
    </AnalyticsPage>
  );
});
