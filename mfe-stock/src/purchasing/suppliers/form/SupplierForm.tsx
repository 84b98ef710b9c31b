import { Button, Card, Flex } from 'antd';
import { useFieldArray } from 'react-hook-form';
import type { SupplierDetail } from 'shared-kernel/contracts';
import { PAYMENT_DELAYS } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { useCreateSupplier, useUpdateSupplier } from '../suppliers.queries';
import { useTexts } from '../texts';
import { supplierFormDefaults, supplierFormSchema, toSupplierBody } from './supplier.schema';

const DELAY_OPTIONS = [{ value: '', label: '—' }, ...PAYMENT_DELAYS.map((d) => ({ value: d.value, label: d.label }))];

/** Used by /dashboard/suppliers/add and by the edit drawer of the detail. */
export function SupplierForm({ supplier, onDone }: { supplier?: SupplierDetail; onDone?: () => void }) {
  const t = useTexts();
  const navigate = useNavigate();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const form = useZodForm(supplierFormSchema, { defaultValues: supplierFormDefaults(supplier) });
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' } as const;

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16, maxWidth: 900 }}
      onSubmit={async (values) => {
        const input = toSupplierBody(values);
        const saved = supplier ? await update.mutateAsync({ id: supplier.id, input }) : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/suppliers/${saved.id}`);
      }}
    >
      <div style={grid}>
        <FormField name="company" label={t.company} required autoComplete="organization" />
        <FormField name="siret" label={t.siret} help="14 chiffres" />
        <FormField name="vatNumber" label={t.vatNumber} />
        <FormField name="email" label={t.email} kind="email" required help="Les bons de commande y sont envoyés" />
        <FormField name="phone" label={t.phone} kind="tel" />
        <FormField name="paymentDelay" label={t.paymentDelay} kind="select" options={DELAY_OPTIONS} />
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t.address}</legend>
        <div style={grid}>
          <FormField name="address.line1" label={t.line1} autoComplete="address-line1" />
          <FormField name="address.line2" label={t.line2} autoComplete="address-line2" />
          <FormField name="address.zip" label={t.zip} autoComplete="postal-code" />
          <FormField name="address.city" label={t.city} autoComplete="address-level2" />
          <FormField name="address.country" label={t.country} autoComplete="country-name" />
        </div>
      </fieldset>
      <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t.contacts}</legend>
        {contacts.fields.map((c, i) => (
          <Card
            key={c.id}
            size="small"
            title={t.contact(i + 1)}
            extra={
              <Button type="link" danger onClick={() => contacts.remove(i)} aria-label={t.removeContact(i + 1)}>
                Retirer
              </Button>
            }
          >
            <div style={grid}>
              <FormField name={`contacts.${i}.name`} label={t.contactName} required />
              <FormField name={`contacts.${i}.role`} label={t.contactRole} />
              <FormField name={`contacts.${i}.email`} label={t.email} kind="email" />
              <FormField name={`contacts.${i}.phone`} label={t.phone} kind="tel" />
            </div>
          </Card>
        ))}
        <div>
          <Button onClick={() => contacts.append({ name: '', role: '', email: '', phone: '' })}>{t.addContact}</Button>
        </div>
      </fieldset>
      <FormField name="notes" label={t.notes} kind="textarea" rows={3} maxLength={5000} />
      <FormField
        name="status"
        label={t.status}
        kind="select"
        options={[
          { value: 'active', label: t.statuses.active },
          { value: 'archived', label: t.statuses.archived },
        ]}
      />
      <Flex>
        <SubmitButton />
      </Flex>
    </ZodForm>
  );
}
