// The salespoint form, in the drawer of the list ('Nouveau point de vente' → POST /pos/salespoints) and of the detail
// ('Modifier' → PUT /pos/salespoints/:id): name, warehouse (GET /stock/warehouses), accepted payment methods, price
// typology (free text, empty = the shop's public one), receipt header and footer, customer display. An api error
// naming a field lands under it (ZodForm); the success is a snackbar (POS_MESSAGES.created / saved).
import type { ReactNode } from 'react';
import { Button, Checkbox, Flex } from 'antd';
import { POS_MESSAGES, POS_PAYMENT_METHODS, type PosPaymentMethod, type SalesPoint } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { useSaveSalesPoint, useWarehouseChoices } from '../salespoints.queries';
import { useTexts } from '../texts';
import { formValuesOf, salesPointFormSchema } from './salespoint.schema';

function useWarehouseField(current: SalesPoint['warehouse'] | undefined) {
  const t = useTexts().form;
  const warehouses = useWarehouseChoices();
  const choices = (warehouses.data ?? []).filter((w) => !w.archived || w.id === current?.id);
  const options = choices.map((w) => ({ value: w.id, label: w.archived ? `${w.name} (${t.archived})` : w.name }));
  // the salespoint's warehouse stays named while the list loads (or when it is not in the first 100)
  if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
  let help: ReactNode = t.warehouseHelp;
  if (warehouses.isError) help = t.warehousesError;
  else if (warehouses.data && choices.length === 0)
    help = (
      <>
        {t.noWarehouse} · <Link to="/dashboard/stocks/warehouses">{t.warehousesLink}</Link>
      </>
    );
  return { options, help, loading: warehouses.isLoading };
}

export function SalesPointForm({ salesPoint, onDone }: { salesPoint?: SalesPoint; onDone: () => void }) {
  const all = useTexts();
  const t = all.form;
  const save = useSaveSalesPoint();
  const form = useZodForm(salesPointFormSchema, { defaultValues: formValuesOf(salesPoint) });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const warehouse = useWarehouseField(salesPoint?.warehouse);

  return (
    <ZodForm
      form={form}
      aria-label={salesPoint ? t.editTitle : t.createTitle}
      onSubmit={async (input) => {
        await save.mutateAsync({ id: salesPoint?.id, input });
        notify.success(salesPoint ? POS_MESSAGES.saved : POS_MESSAGES.created);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="name" label={t.name} placeholder={t.namePlaceholder} maxLength={80} autoComplete="off" required />
      <FormField
        name="warehouseId"
        label={t.warehouse}
        kind="select"
        options={warehouse.options}
        placeholder={t.warehousePlaceholder}
        help={warehouse.help}
        inputProps={{ loading: warehouse.loading }}
        searchable
        required
      />
      <FormField
        name="methods"
        label={t.methods}
        required
        render={(field, a11y) => (
          <div
            id={a11y.id}
            role="group"
            aria-label={t.methods}
            aria-invalid={a11y['aria-invalid']}
            aria-describedby={a11y['aria-describedby']}
            onBlur={field.onBlur}
          >
            <Checkbox.Group
              value={(field.value as PosPaymentMethod[] | undefined) ?? []}
              onChange={(values) => field.onChange(POS_PAYMENT_METHODS.filter((m) => values.includes(m)))}
              options={POS_PAYMENT_METHODS.map((m) => ({ value: m, label: all.methodLabels[m] }))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 8 }}
            />
          </div>
        )}
      />
      <FormField name="typology" label={t.typology} placeholder={t.typologyPlaceholder} help={t.typologyHelp} maxLength={60} />
      <FormField name="receiptHeader" label={t.receiptHeader} kind="textarea" rows={3} maxLength={500} help={t.receiptHeaderHelp} />
      <FormField name="receiptFooter" label={t.receiptFooter} kind="textarea" rows={3} maxLength={500} help={t.receiptFooterHelp} />
      <FormField name="display" label={t.display} kind="switch" help={t.displayHelp} />
      <Flex wrap gap={8} justify="flex-end">
        <Button onClick={onDone}>{all.cancel}</Button>
        <SubmitButton>{salesPoint ? undefined : t.create}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}
