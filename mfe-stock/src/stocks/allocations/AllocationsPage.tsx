// /dashboard/stocks/allocations: quantities kept for a client or a typology (consumed / remaining), add, end, delete.
import { Button, Popconfirm, Space, Tag } from 'antd';
import { z } from 'zod';
import type { StockAllocationDto } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import {
  EditDrawer,
  FormField,
  ResourceTable,
  RowLink,
  SubmitButton,
  useEditDrawer,
  useUrlListState,
  useZodForm,
  useAction,
  withQueryScope,
  ZodForm,
  type ColumnsFor,
} from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { allocationsList } from '../list/filters';
import { FormatSelect } from '../movements/FormatSelect';
import {
  fetchAllocations,
  useAllocations,
  useAllocationTargets,
  useCreateAllocation,
  useDeleteAllocation,
  useUpdateAllocation,
} from '../stocks.queries';
import { allocationsTexts, useAllocationsTexts } from './allocations.texts';

// the schema's messages: the dashboard is French (§9)
const T = allocationsTexts;

const allocationSchema = z
  .object({
    formatId: z.number({ error: MESSAGES.needed }).int(),
    target: z.enum(['client', 'typology']),
    clientUserId: z.number().int().nullable(),
    typology: z.string().nullable(),
    quantity: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(1, T.quantityMin),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    note: z.string().max(500),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'client' && v.clientUserId == null) ctx.addIssue({ code: 'custom', path: ['clientUserId'], message: MESSAGES.needed });
    if (v.target === 'typology' && !v.typology) ctx.addIssue({ code: 'custom', path: ['typology'], message: MESSAGES.needed });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: T.endAfterStart });
  });

function AllocationForm({ onDone }: { onDone: () => void }) {
  const t = useAllocationsTexts();
  const create = useCreateAllocation();
  const targets = useAllocationTargets();
  const form = useZodForm(allocationSchema, {
    defaultValues: {
      formatId: undefined as unknown as number,
      target: 'typology',
      clientUserId: null,
      typology: null,
      quantity: 1,
      startsAt: null,
      endsAt: null,
      note: '',
    },
  });
  const target = form.watch('target');
  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        await create.mutateAsync({
          formatId: v.formatId,
          clientUserId: v.target === 'client' ? v.clientUserId : null,
          typology: v.target === 'typology' ? v.typology : null,
          quantity: v.quantity,
          startsAt: v.startsAt ? new Date(`${v.startsAt}T00:00:00`).toISOString() : null,
          endsAt: v.endsAt ? new Date(`${v.endsAt}T23:59:59`).toISOString() : null,
          note: v.note.trim() || null,
        });
        notify.success(t.created);
        onDone();
      }}
    >
      <FormField
        name="formatId"
        label={t.productFormat}
        required
        render={(field, a11y) => (
          <FormatSelect value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} a11y={a11y} />
        )}
      />
      <FormField
        name="target"
        label={t.reservedFor}
        kind="select"
        options={[
          { value: 'typology', label: t.forTypology },
          { value: 'client', label: t.forClient },
        ]}
      />
      {target === 'client' ? (
        <FormField name="clientUserId" label={t.client} kind="select" searchable options={targets.data?.clients ?? []} required />
      ) : (
        <FormField name="typology" label={t.typology} kind="select" options={targets.data?.typologies ?? []} required />
      )}
      <FormField name="quantity" label={t.quantity} kind="number" min={1} precision={0} required />
      <FormField name="startsAt" label={t.startsAt} kind="date" />
      <FormField name="endsAt" label={t.endsAt} kind="date" help={t.endsAtHelp} />
      <FormField name="note" label={t.note} kind="textarea" rows={2} />
      <SubmitButton />
    </ZodForm>
  );
}

export default withQueryScope(function AllocationsPage() {
  const list = useUrlListState(allocationsList);
  const query = useAllocations(list.apiQuery);
  const t = useAllocationsTexts();
  const drawer = useEditDrawer();
  const update = useUpdateAllocation();
  const del = useDeleteAllocation();
  const end = useAction({ run: (id: number) => update.mutateAsync({ id, input: { end: true } }), success: t.endedDone });
  const remove = useAction({ run: (id: number) => del.mutateAsync(id), success: t.deleted });
  const columns: ColumnsFor<StockAllocationDto, typeof allocationsList> = [
    {
      key: 'format',
      title: t.product,
      dataIndex: 'formatLabel',
      cardTitle: true,
      render: (l: string, a: StockAllocationDto) => <RowLink to={`/dashboard/stocks/${a.formatId}`}>{l}</RowLink>,
    },
    {
      key: 'for',
      title: t.for,
      dataIndex: 'typology',
      render: (_: unknown, a: StockAllocationDto) => a.clientName ?? a.typology ?? '—',
      csv: (a) => a.clientName ?? a.typology ?? '',
    },
    { key: 'quantity', title: t.quantity, dataIndex: 'quantity', sortKey: 'quantity', align: 'right' },
    { key: 'consumed', title: t.consumed, dataIndex: 'consumed', align: 'right' },
    { key: 'remaining', title: t.remaining, dataIndex: 'remaining', align: 'right' },
    { key: 'startsAt', title: t.startsAt, dataIndex: 'startsAt', sortKey: 'startsAt', render: (d: string) => formatDate(d) },
    { key: 'endsAt', title: t.endsAt, dataIndex: 'endsAt', sortKey: 'endsAt', render: (d: string | null) => (d ? formatDate(d) : '—') },
    {
      key: 'active',
      title: t.state,
      dataIndex: 'active',
      filterKey: 'active',
      filterOptions: [
        { value: 'true', label: t.active },
        { value: 'false', label: t.ended },
      ],
      render: (a: boolean) => (a ? <Tag color="green">{t.active}</Tag> : <Tag>{t.ended}</Tag>),
      csv: (a) => (a.active ? t.active : t.ended),
    },
    {
      key: 'actions',
      title: '',
      dataIndex: 'id',
      csv: false,
      render: (id: number, a: StockAllocationDto) => (
        <Space>
          {a.active && (
            <Button size="small" loading={end.pending} onClick={() => void end.run(id)}>
              {t.end}
            </Button>
          )}
          <Popconfirm title={t.deleteTitle} okText={t.delete} cancelText={t.cancel} onConfirm={() => remove.run(id)}>
            <Button size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.list}
        exportCsv={{ filename: 'allocations', fetchPage: fetchAllocations }}
        toolbar={
          <Button type="primary" onClick={() => drawer.open()}>
            {t.add}
          </Button>
        }
        texts={{
          empty: t.empty,
          emptyFiltered: t.emptyFiltered,
          total: t.total,
        }}
      />
      <EditDrawer {...drawer.props} title={t.add}>
        <AllocationForm onDone={drawer.close} />
      </EditDrawer>
    </section>
  );
});
