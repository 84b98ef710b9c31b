import { Flex } from 'antd';
import type { PurchaseOrderDetail } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { ApiError, notify } from 'shared-kernel/runtime';
import { useSuppliers } from '../../suppliers/suppliers.queries';
import { useCreatePurchase, usePurchaseWarehouses, useUpdatePurchase } from '../purchases.queries';
import { useTexts } from '../texts';
import { LinesEditor } from './LinesEditor';
import { purchaseFormDefaults, purchaseFormSchema, toPurchaseBody } from './purchase.schema';

/** The api names `lines.N.unitCostCents`; the form field is `lines.N.unitCost` (euros). */
function toFormError(err: unknown): unknown {
  if (err instanceof ApiError && err.field?.endsWith('.unitCostCents')) {
    return new ApiError(err.status, err.message, err.field.replace(/unitCostCents$/, 'unitCost'), err.body);
  }
  return err;
}

/** Used by /dashboard/purchases/add and by the edit drawer of a draft. */
export function PurchaseForm({
  order,
  supplierId,
  onDone,
}: {
  order?: PurchaseOrderDetail;
  supplierId?: number | null;
  onDone?: () => void;
}) {
  const t = useTexts();
  const navigate = useNavigate();
  const create = useCreatePurchase();
  const update = useUpdatePurchase();
  const suppliers = useSuppliers({ page: 1, pageSize: 100, status: 'active' });
  const warehouses = usePurchaseWarehouses();
  const form = useZodForm(purchaseFormSchema, { defaultValues: purchaseFormDefaults(order, supplierId) });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const supplierOptions = (suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.company }));
  if (order && !supplierOptions.some((o) => o.value === order.supplierId))
    supplierOptions.unshift({ value: order.supplierId, label: order.supplierName });

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16, maxWidth: 1000 }}
      onSubmit={async (values) => {
        const input = toPurchaseBody(values);
        try {
          const saved = order ? await update.mutateAsync({ id: order.id, input }) : await create.mutateAsync(input);
          notify.success(t.saved);
          guard.allowNavigation();
          if (onDone) onDone();
          else navigate(`/dashboard/purchases/${saved.id}`);
        } catch (err) {
          throw toFormError(err);
        }
      }}
    >
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <FormField name="supplierId" label={t.supplier} kind="select" searchable options={supplierOptions} required />
        <FormField
          name="warehouseId"
          label={t.warehouse}
          kind="select"
          placeholder={t.noWarehouse}
          inputProps={{ allowClear: true }}
          options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
        />
        <FormField name="expectedAt" label={t.expectedAt} kind="date" />
      </div>
      <LinesEditor />
      <FormField name="notes" label={t.notes} kind="textarea" rows={3} maxLength={5000} />
      <Flex>
        <SubmitButton />
      </Flex>
    </ZodForm>
  );
}
