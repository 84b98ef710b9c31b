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

const EXCISE_REQUIRED = "Le numéro d'accise est obligatoire pour un entrepôt sous douane (entrepositaire agréé)";

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
  .refine((v) => v.dutyStatus !== 'suspended' || v.exciseNumber.trim().length > 0, { path: ['exciseNumber'], message: EXCISE_REQUIRED });

const DUTY = { suspended: 'Sous douane (entrepositaire agréé)', paid: 'Droits acquittés' } as const;

function WarehouseForm({ warehouse, onDone }: { warehouse?: WarehouseDto; onDone: () => void }) {
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
        notify.success('Entrepôt enregistré');
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="name" label="Nom" required />
      <FormField name="line1" label="Adresse" />
      <FormField name="zip" label="Code postal" />
      <FormField name="city" label="Ville" />
      <FormField
        name="dutyStatus"
        label="Statut fiscal"
        kind="select"
        options={Object.entries(DUTY).map(([value, label]) => ({ value, label }))}
        required
      />
      <FormField name="exciseNumber" label="Numéro d'accise" help="Obligatoire sous douane, ex. FR012345E1234" />
      <FormField name="feedsWebShop" label="Alimente la boutique en ligne" kind="switch" />
      <FormField name="cashRegisters" label="Caisses qui vendent depuis cet entrepôt" help="Séparées par des virgules" />
      {warehouse && <FormField name="archived" label="Archivé" kind="switch" />}
      <SubmitButton />
    </ZodForm>
  );
}

export default withQueryScope(function WarehousesPage() {
  const list = useUrlListState(warehousesList);
  const query = useWarehouses(list.apiQuery);
  const drawer = useEditDrawer<WarehouseDto>();
  const session = useSession();
  const member = session.user?.shops?.[0];
  const auth = member?.authorizations as Record<string, boolean> | null | undefined;
  const canWrite = session.user?.role === 'owner' || !auth || auth.createWarehouse === true;
  const columns: ColumnsFor<WarehouseDto, typeof warehousesList> = [
    { key: 'name', title: 'Nom', dataIndex: 'name', sortKey: 'name', cardTitle: true },
    {
      key: 'duty',
      title: 'Statut fiscal',
      dataIndex: 'dutyStatus',
      render: (d: WarehouseDto['dutyStatus']) => DUTY[d],
      csv: (w) => DUTY[w.dutyStatus],
    },
    { key: 'excise', title: "N° d'accise", dataIndex: 'exciseNumber', render: (e: string | null) => e ?? '—' },
    {
      key: 'web',
      title: 'Boutique en ligne',
      dataIndex: 'feedsWebShop',
      render: (b: boolean) => (b ? 'Oui' : 'Non'),
      csv: (w) => (w.feedsWebShop ? 'Oui' : 'Non'),
    },
    {
      key: 'cash',
      title: 'Caisses',
      dataIndex: 'cashRegisters',
      render: (c: string[]) => c.join(', ') || '—',
      csv: (w) => w.cashRegisters.join(', '),
    },
    { key: 'onHand', title: 'En stock', dataIndex: 'onHand', align: 'right' },
    {
      key: 'archived',
      title: 'État',
      dataIndex: 'archived',
      filterKey: 'archived',
      filterOptions: [
        { value: 'false', label: 'Actif' },
        { value: 'true', label: 'Archivé' },
      ],
      render: (a: boolean) => (a ? <Tag>Archivé</Tag> : <Tag color="green">Actif</Tag>),
      csv: (w) => (w.archived ? 'Archivé' : 'Actif'),
    },
    ...(canWrite
      ? [
          {
            key: 'edit',
            title: '',
            dataIndex: 'id',
            csv: false as const,
            render: (_: number, w: WarehouseDto) => <Button onClick={() => drawer.open(w)}>Modifier</Button>,
          },
        ]
      : []),
  ];
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>Entrepôts</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label="Liste des entrepôts"
        search
        exportCsv={{ filename: 'entrepots', fetchPage: fetchWarehouses }}
        toolbar={
          canWrite && (
            <Button type="primary" onClick={() => drawer.open()}>
              Nouvel entrepôt
            </Button>
          )
        }
        texts={{
          empty: 'Aucun entrepôt pour le moment',
          emptyFiltered: 'Aucun entrepôt ne correspond à ces filtres',
          total: (n: number) => `${n} entrepôt${n > 1 ? 's' : ''}`,
        }}
      />
      <EditDrawer {...drawer.props} title={drawer.target ? "Modifier l'entrepôt" : 'Nouvel entrepôt'}>
        <WarehouseForm key={drawer.target?.id ?? 'new'} warehouse={drawer.target ?? undefined} onDone={drawer.close} />
      </EditDrawer>
    </section>
  );
});
