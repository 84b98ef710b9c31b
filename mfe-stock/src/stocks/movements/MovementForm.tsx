// The movement form of /dashboard/stocks/add (and the quick actions of a format): entries, exits, a transfer between
// two warehouses, an inventory count (the counted quantity; the api records the difference).
import { Alert } from 'antd';
import { STOCK_KIND_LABELS, STOCK_ENTRY_KINDS, STOCK_EXIT_KINDS } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useAllWarehouses, useCrdColorOptions, useRecordMovement } from '../stocks.queries';
import { FormatSelect } from './FormatSelect';
import { defaultMovement, movementSchema, toMovementRequest, type MovementFormValues } from './movement.schema';

const kindOptions = [
  ...STOCK_ENTRY_KINDS.map((k) => ({ value: k, label: `Entrée · ${STOCK_KIND_LABELS[k]}` })),
  ...STOCK_EXIT_KINDS.map((k) => ({ value: k, label: `Sortie · ${STOCK_KIND_LABELS[k]}` })),
  { value: 'transfer', label: STOCK_KIND_LABELS.transfer },
  { value: 'inventory', label: STOCK_KIND_LABELS.inventory },
];

export function MovementForm({ formatId, onDone }: { formatId?: number | null; onDone?: () => void }) {
  const record = useRecordMovement();
  const warehouses = useAllWarehouses();
  const crdColors = useCrdColorOptions();
  const form = useZodForm(movementSchema, { defaultValues: defaultMovement(formatId) as MovementFormValues });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const kind = form.watch('kind');
  const whOptions = (warehouses.data?.items ?? []).filter((w) => !w.archived).map((w) => ({ value: w.id, label: w.name }));
  const today = defaultMovement().occurredAt;

  return (
    <ZodForm
      form={form}
      onSubmit={async (values) => {
        const out = await record.mutateAsync(toMovementRequest(values));
        notify.success(out.message);
        guard.allowNavigation();
        form.reset({ ...defaultMovement(values.formatId), kind: values.kind, warehouseId: values.warehouseId });
        onDone?.();
      }}
    >
      {warehouses.isError && <Alert type="warning" showIcon title="Les entrepôts n'ont pas pu être chargés" />}
      <FormField name="kind" label="Type de mouvement" kind="select" options={kindOptions} inputProps={{ virtual: false }} required />
      <FormField
        name="warehouseId"
        label={kind === 'transfer' ? 'Entrepôt de départ' : 'Entrepôt'}
        kind="select"
        options={whOptions}
        required
      />
      {kind === 'transfer' && <FormField name="toWarehouseId" label="Entrepôt de destination" kind="select" options={whOptions} required />}
      <FormField
        name="formatId"
        label="Produit / format"
        required
        render={(field, a11y) => (
          <FormatSelect value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} a11y={a11y} />
        )}
      />
      {kind === 'inventory' ? (
        <FormField
          name="countedQuantity"
          label="Quantité comptée"
          kind="number"
          min={0}
          precision={0}
          required
          help="Le mouvement enregistré est la différence avec le stock actuel de l'entrepôt"
        />
      ) : (
        <FormField name="quantity" label="Quantité (unités)" kind="number" min={1} precision={0} required />
      )}
      {kind === 'production' && (
        <FormField
          name="crdColorId"
          label="Capsules CRD consommées"
          kind="select"
          inputProps={{ allowClear: true }}
          placeholder="Aucune (sans capsule CRD)"
          options={(crdColors.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.stock} en stock` }))}
          help="Une capsule par unité mise en bouteille, déduite du stock de capsules"
        />
      )}
      <FormField name="occurredAt" label="Date" kind="date" max={today} required />
      <FormField name="reason" label="Motif" kind="textarea" rows={2} maxLength={500} />
      <SubmitButton />
    </ZodForm>
  );
}
