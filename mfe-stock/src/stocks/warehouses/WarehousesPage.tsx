// /dashboard/stocks/warehouses: the warehouses (duty status, excise number, web shop, cash registers), add/edit drawer.
import { Button, Tag } from 'antd';
import { z } from 'zod';
import type { WarehouseDto } from 'shared-kernel/contracts';
import {
  EditDrawer,
  FormField,
  ResourceTable,
  SubmitButton,
  useEditDrawer,
  useUnsavedChangesGuard,
  useUrlListState,
  useZodForm,
  withQueryScope,
  ZodForm,
  type ColumnsFor,
} from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { warehousesList } from '../list/filters';
import { fetchWarehouses, useCreateWarehouse, useUpdateWarehouse, useWarehouses } from '../stocks.queries';
import { useWarehousesTexts, warehousesTexts } from './warehouses.texts';

export const warehouseSchema = z
  .object({
    name: z.string().trim().min(1, MESSAGES.needed).max(100),
    line1: z.string().max(200),
    zip: z.string().max(20),
    city: z.string().max(100),
    dutyStatus: z.enum(['suspended', 'paid']),
    exciseNumber: z.string().max(30),
    feedsWebShop: z.boolean(),
    cashRegisters: z.string().max(500),
    archived: z.boolean(),
  })
  .refine((v) => v.dutyStatus !== 'suspended' || v.exciseNumber.trim().length > 0, {
    path: ['exciseNumber'],
    // the schema's message: the dashboard is French (§9)
    message: warehousesTexts.exciseRequired,
  });

function WarehouseForm({ warehouse, onDone }: { warehouse?: WarehouseDto; onDone: () => void }) {
  const t = useWarehousesTexts();
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const form = useZodForm(warehouseSchema, {
    defaultValues: {
      name: warehouse?.name ?? '',
      line1: warehouse?.address.line1 ?? '',
      zip: warehouse?.address.zip ?? '',
      city: warehouse?.address.city ?? '',
      dutyStatus: warehouse?.dutyStatus ?? 'paid',
      exciseNumber: warehouse?.exciseNumber ?? '',
      feedsWebShop: warehouse?.feedsWebShop ?? false,
      cashRegisters: (warehouse?.cashRegisters ?? []).join(', '),
      archived: warehouse?.archived ?? false,
    },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        const input = {
          name: v.name,
          address: { line1: v.line1 || null, zip: v.zip || null, city: v.city || null, country: 'FR' },
          dutyStatus: v.dutyStatus,
          exciseNumber: v.exciseNumber.trim() || null,
          feedsWebShop: v.feedsWebShop,
          cashRegisters: v.cashRegisters
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          archived: v.archived,
        };
        if (warehouse) await update.mutateAsync({ id: warehouse.id, input });
        else await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="name" label={t.name} required />
      <FormField name="line1" label={t.address} />
      <FormField name="zip" label={t.zip} />
      <FormField name="city" label={t.city} />
      <FormField
        name="dutyStatus"
        label={t.duty}
        kind="select"
        options={Object.entries(t.duties).map(([value, label]) => ({ value, label }))}
        required
      />
      <FormField name="exciseNumber" label={t.exciseNumber} help={t.exciseHelp} />
      <FormField name="feedsWebShop" label={t.feedsWebShop} kind="switch" />
      <FormField name="cashRegisters" label={t.cashRegistersField} help={t.cashRegistersHelp} />
      {warehouse && <FormField name="archived" label={t.archived} kind="switch" />}
      <SubmitButton />
    </ZodForm>
  );
}

export default withQueryScope(function WarehousesPage() {
  const list = useUrlListState(warehousesList);
  const query = useWarehouses(list.apiQuery);
  const t = useWarehousesTexts();
  const drawer = useEditDrawer<WarehouseDto>();
  const session = useSession();
  const member = session.user?.shops?.[0];
  const auth = member?.authorizations as Record<string, boolean> | null | undefined;
  const canWrite = session.user?.role === 'owner' || !auth || auth.createWarehouse === true;
  const columns: ColumnsFor<WarehouseDto, typeof warehousesList> = [
    { key: 'name', title: t.name, dataIndex: 'name', sortKey: 'name', cardTitle: true },
    {
      key: 'duty',
      title: t.duty,
      dataIndex: 'dutyStatus',
      render: (d: WarehouseDto['dutyStatus']) => t.duties[d],
      csv: (w) => t.duties[w.dutyStatus],
    },
    { key: 'excise', title: t.exciseNumberShort, dataIndex: 'exciseNumber', render: (e: string | null) => e ?? '—' },
    {
      key: 'web',
      title: t.webShop,
      dataIndex: 'feedsWebShop',
      render: (b: boolean) => (b ? t.yes : t.no),
      csv: (w) => (w.feedsWebShop ? t.yes : t.no),
    },
    {
      key: 'cash',
      title: t.cashRegisters,
      dataIndex: 'cashRegisters',
      render: (c: string[]) => c.join(', ') || '—',
      csv: (w) => w.cashRegisters.join(', '),
    },
    { key: 'onHand', title: t.onHand, dataIndex: 'onHand', align: 'right' },
    {
      key: 'archived',
      title: t.state,
      dataIndex: 'archived',
      filterKey: 'archived',
      filterOptions: [
        { value: 'false', label: t.active },
        { value: 'true', label: t.archived },
      ],
      render: (a: boolean) => (a ? <Tag>{t.archived}</Tag> : <Tag color="green">{t.active}</Tag>),
      csv: (w) => (w.archived ? t.archived : t.active),
    },
    ...(canWrite
      ? [
          {
            key: 'edit',
            title: '',
            dataIndex: 'id',
            csv: false as const,
            render: (_: number, w: WarehouseDto) => <Button onClick={() => drawer.open(w)}>{t.editButton}</Button>,
          },
        ]
      : []),
  ];
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.list}
        search
        exportCsv={{ filename: 'entrepots', fetchPage: fetchWarehouses }}
        toolbar={
          canWrite && (
            <Button type="primary" onClick={() => drawer.open()}>
              {t.add}
            </Button>
          )
        }
        texts={{
          empty: t.empty,
          emptyFiltered: t.emptyFiltered,
          total: t.total,
        }}
      />
      <EditDrawer {...drawer.props} title={drawer.target ? t.edit : t.add}>
        <WarehouseForm key={drawer.target?.id ?? 'new'} warehouse={drawer.target ?? undefined} onDone={drawer.close} />
      </EditDrawer>
    </section>
  );
});
