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

const allocationSchema = z
  .object({
    formatId: z.number({ error: MESSAGES.needed }).int(),
    target: z.enum(['client', 'typology']),
    clientUserId: z.number().int().nullable(),
    typology: z.string().nullable(),
    quantity: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(1, 'La quantité doit être un nombre entier supérieur à 0'),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    note: z.string().max(500),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'client' && v.clientUserId == null) ctx.addIssue({ code: 'custom', path: ['clientUserId'], message: MESSAGES.needed });
    if (v.target === 'typology' && !v.typology) ctx.addIssue({ code: 'custom', path: ['typology'], message: MESSAGES.needed });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'La date de fin doit être postérieure à la date de début' });
  });

function AllocationForm({ onDone }: { onDone: () => void }) {
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
        notify.success("L'allocation a été créée");
        onDone();
      }}
    >
      <FormField
        name="formatId"
        label="Produit / format"
        required
        render={(field, a11y) => (
          <FormatSelect value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} a11y={a11y} />
        )}
      />
      <FormField
        name="target"
        label="Réservé pour"
        kind="select"
        options={[
          { value: 'typology', label: 'Une typologie de clients' },
          { value: 'client', label: 'Un client' },
        ]}
      />
      {target === 'client' ? (
        <FormField name="clientUserId" label="Client" kind="select" searchable options={targets.data?.clients ?? []} required />
      ) : (
        <FormField name="typology" label="Typologie" kind="select" options={targets.data?.typologies ?? []} required />
      )}
      <FormField name="quantity" label="Quantité" kind="number" min={1} precision={0} required />
      <FormField name="startsAt" label="Début" kind="date" />
      <FormField name="endsAt" label="Fin" kind="date" help="À cette date, la quantité restante est remise en vente" />
      <FormField name="note" label="Note" kind="textarea" rows={2} />
      <SubmitButton />
    </ZodForm>
  );
}

export default withQueryScope(function AllocationsPage() {
  const list = useUrlListState(allocationsList);
  const query = useAllocations(list.apiQuery);
  const drawer = useEditDrawer();
  const end = useUpdateAllocation();
  const remove = useDeleteAllocation();
  const columns: ColumnsFor<StockAllocationDto, typeof allocationsList> = [
    {
      key: 'format',
      title: 'Produit',
      dataIndex: 'formatLabel',
      cardTitle: true,
      render: (l: string, a: StockAllocationDto) => <RowLink to={`/dashboard/stocks/${a.formatId}`}>{l}</RowLink>,
    },
    {
      key: 'for',
      title: 'Pour',
      dataIndex: 'typology',
      render: (_: unknown, a: StockAllocationDto) => a.clientName ?? a.typology ?? '—',
      csv: (a) => a.clientName ?? a.typology ?? '',
    },
    { key: 'quantity', title: 'Quantité', dataIndex: 'quantity', sortKey: 'quantity', align: 'right' },
    { key: 'consumed', title: 'Consommé', dataIndex: 'consumed', align: 'right' },
    { key: 'remaining', title: 'Restant', dataIndex: 'remaining', align: 'right' },
    { key: 'startsAt', title: 'Début', dataIndex: 'startsAt', sortKey: 'startsAt', render: (d: string) => formatDate(d) },
    { key: 'endsAt', title: 'Fin', dataIndex: 'endsAt', sortKey: 'endsAt', render: (d: string | null) => (d ? formatDate(d) : '—') },
    {
      key: 'active',
      title: 'État',
      dataIndex: 'active',
      filterKey: 'active',
      filterOptions: [
        { value: 'true', label: 'En cours' },
        { value: 'false', label: 'Terminée' },
      ],
      render: (a: boolean) => (a ? <Tag color="green">En cours</Tag> : <Tag>Terminée</Tag>),
      csv: (a) => (a.active ? 'En cours' : 'Terminée'),
    },
    {
      key: 'actions',
      title: '',
      dataIndex: 'id',
      csv: false,
      render: (id: number, a: StockAllocationDto) => (
        <Space>
          {a.active && (
            <Button
              size="small"
              onClick={() =>
                end.mutateAsync({ id, input: { end: true } }).then(
                  () => notify.success('Allocation terminée'),
                  (e: Error) => notify.error(e.message),
                )
              }
            >
              Terminer
            </Button>
          )}
          <Popconfirm
            title="Supprimer cette allocation ?"
            okText="Supprimer"
            cancelText="Annuler"
            onConfirm={() => remove.mutateAsync(id).then(() => notify.success('Allocation supprimée'))}
          >
            <Button size="small" danger>
              Supprimer
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>Allocations</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label="Liste des allocations"
        exportCsv={{ filename: 'allocations', fetchPage: fetchAllocations }}
        toolbar={
          <Button type="primary" onClick={() => drawer.open()}>
            Nouvelle allocation
          </Button>
        }
        texts={{
          empty: 'Aucune allocation pour le moment',
          emptyFiltered: 'Aucune allocation ne correspond à ces filtres',
          total: (n: number) => `${n} allocation${n > 1 ? 's' : ''}`,
        }}
      />
      <EditDrawer {...drawer.props} title="Nouvelle allocation">
        <AllocationForm onDone={drawer.close} />
      </EditDrawer>
    </section>
  );
});
