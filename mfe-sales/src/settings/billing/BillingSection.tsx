// /dashboard/settings?link=billing, owner only: the legal identity printed on every invoice, the numbering
// prefixes, the default payment delay, the bank accounts (IBAN / BIC checked as typed), the late-payment penalty, the
// free legal mentions and whether overpayments become client credit. GET / PUT /sales/settings/billing.
import { Alert, Card, Flex, Input, Radio } from 'antd';
import { useFieldArray, type FieldPath } from 'react-hook-form';
import type { BillingSettings } from 'shared-kernel/contracts';
import { PAYMENT_DELAYS, RESTRICTED_COUNTRIES } from 'shared-kernel/domain';
import {
  EditableList,
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
  type FieldA11y,
  type ZodFormReturn,
  SectionFrame,
} from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { isSettings, useBillingSettings, useSaveBillingSettings } from './billing.queries';
import { billingFormSchema, MAX_BANKS, toBody, toFormValues, type BillingFormValues } from './billing.schema';
import { useTexts } from './texts';

type BillingForm = ZodFormReturn<typeof billingFormSchema>;

const row = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' } as const;
const PAYMENT_DELAY_OPTIONS = PAYMENT_DELAYS.map((d) => ({ value: d.value, label: d.label }));

/** IBAN and BIC: checked as they are typed once long enough to be complete (else when the field is left). */

const REMINDER_DAY_OPTIONS = [3, 5, 7, 10, 15, 20, 30, 45, 60, 90].map((d) => ({ value: d, label: `J+${d}` }));

function LiveCheckedInput({
  form,
  name,
  minLength,
  field,
  a11y,
}: {
  form: BillingForm;
  name: FieldPath<BillingFormValues>;
  minLength: number;
  field: { value: unknown; onChange: (v: string) => void; onBlur: () => void; ref: unknown };
  a11y: FieldA11y;
}) {
  return (
    <Input
      {...a11y}
      ref={field.ref as never}
      name={name}
      autoComplete="off"
      spellCheck={false}
      value={(field.value as string | undefined) ?? ''}
      status={a11y['aria-invalid'] ? 'error' : undefined}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.target.value);
        if (e.target.value.replace(/\s/g, '').length >= minLength) void form.trigger(name);
      }}
    />
  );
}

function BankAccounts({ form }: { form: BillingForm }) {
  const t = useTexts();
  const banks = useFieldArray({ control: form.control, name: 'banks' });
  const values = form.watch('banks');
  const makeDefault = (index: number) =>
    values.forEach((_, j) => form.setValue(`banks.${j}.isDefault`, j === index, { shouldDirty: true }));
  return (
    <Card title={t.banks} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>{t.banksHelp}</p>
      <EditableList
        array={banks}
        label={t.banks}
        empty={t.noBank}
        size="small"
        actionsStyle={{ marginInlineStart: 'auto' }}
        remove={{
          label: (i) => t.removeBank(i + 1),
          text: (i) => t.removeBank(i + 1),
          onRemove: (i) => {
            const wasDefault = !!values[i]?.isDefault;
            banks.remove(i);
            if (wasDefault && values.length > 1) form.setValue('banks.0.isDefault', true, { shouldDirty: true });
          },
        }}
        add={{
          label: t.addBank,
          max: MAX_BANKS,
          onAdd: () => banks.append({ label: '', iban: '', bic: '', isDefault: banks.fields.length === 0 }, { shouldFocus: true }),
        }}
        renderItem={(_, i, item) => (
          <fieldset style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px 0', margin: 0, minWidth: 0 }}>
            <legend style={{ fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14 }}>{t.bank(i + 1)}</legend>
            <div style={row}>
              <FormField name={`banks.${i}.label`} label={t.bankLabel} placeholder={t.bankLabelPlaceholder} required maxLength={100} />
              <FormField
                name={`banks.${i}.iban`}
                label={t.iban}
                required
                render={(field, a11y) => <LiveCheckedInput form={form} name={`banks.${i}.iban`} minLength={15} field={field} a11y={a11y} />}
              />
              <FormField
                name={`banks.${i}.bic`}
                label={t.bic}
                required
                render={(field, a11y) => <LiveCheckedInput form={form} name={`banks.${i}.bic`} minLength={8} field={field} a11y={a11y} />}
              />
            </div>
            <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
              <Radio name="defaultBank" checked={!!values[i]?.isDefault} onChange={() => makeDefault(i)}>
                {t.isDefault}
              </Radio>
              {item.actions}
            </Flex>
          </fieldset>
        )}
      />
    </Card>
  );
}

function BillingSettingsForm({ settings, shopName }: { settings: BillingSettings | null; shopName: string }) {
  const t = useTexts();
  const save = useSaveBillingSettings();
  const form = useZodForm(billingFormSchema, { defaultValues: toFormValues(settings, shopName) });
  useUnsavedChangesGuard(form.formState.isDirty);
  const [invoicePrefix, creditPrefix, quotePrefix, country] = form.watch([
    'invoicePrefix',
    'creditPrefix',
    'quotePrefix',
    'address.country',
  ]);
  const year = new Date().getFullYear();
  const example = (prefix: string | undefined) => t.nextExample(`${prefix ?? ''}${year}-00001`);
  const countries: { value: string; label: string }[] = RESTRICTED_COUNTRIES.map((c) => ({ value: c.value, label: c.label }));
  if (country && !countries.some((c) => c.value === country)) countries.push({ value: country, label: country });

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const body = toBody(values);
        const saved = await save.mutateAsync(body);
        form.reset(toFormValues(isSettings(saved) ? saved : body, shopName));
        notify.success(saved?.message || t.saved);
      }}
    >
      <Card title={t.identity} size="small">
        <div style={row}>
          <FormField name="companyName" label={t.companyName} required maxLength={200} autoComplete="organization" />
          <FormField name="legalForm" label={t.legalForm} placeholder={t.legalFormPlaceholder} maxLength={50} />
          <FormField name="capital" label={t.capital} kind="number" min={0} precision={2} suffix="€" />
          <FormField name="siret" label={t.siret} help={t.siretHelp} required />
          <FormField name="rcs" label={t.rcs} placeholder={t.rcsPlaceholder} maxLength={100} />
          <FormField name="vatNumber" label={t.vatNumber} />
          <FormField name="exciseNumber" label={t.exciseNumber} maxLength={30} />
          <FormField name="email" label={t.email} kind="email" maxLength={200} autoComplete="email" />
          <FormField name="phone" label={t.phone} kind="tel" maxLength={30} autoComplete="tel" />
        </div>
      </Card>

      <Card title={t.address} size="small">
        <FormField name="address.street" label={t.street} required maxLength={200} autoComplete="address-line1" />
        <FormField name="address.street2" label={t.street2} maxLength={200} autoComplete="address-line2" />
        <div style={row}>
          <FormField name="address.zipcode" label={t.zipcode} required maxLength={20} autoComplete="postal-code" />
          <FormField name="address.city" label={t.city} required maxLength={100} autoComplete="address-level2" />
          <FormField name="address.country" label={t.country} kind="select" required searchable options={countries} />
        </div>
      </Card>

      <Card title={t.numbering} size="small">
        <p style={{ marginTop: 0, color: '#555' }}>{t.numberingHelp}</p>
        <div style={row}>
          <FormField name="invoicePrefix" label={t.invoicePrefix} required maxLength={6} help={example(invoicePrefix)} />
          <FormField name="creditPrefix" label={t.creditPrefix} required maxLength={6} help={example(creditPrefix)} />
          <FormField name="quotePrefix" label={t.quotePrefix} required maxLength={6} help={example(quotePrefix)} />
        </div>
      </Card>

      <Card title={t.payment} size="small">
        <FormField name="defaultPaymentDelay" label={t.defaultPaymentDelay} kind="select" required options={PAYMENT_DELAY_OPTIONS} />
        <FormField name="latePenalty" label={t.latePenalty} kind="textarea" rows={2} maxLength={300} help={t.latePenaltyHelp} />
        <FormField name="allowOverpayment" label={t.allowOverpayment} kind="switch" help={t.allowOverpaymentHelp} />
        <FormField name="vatOnDebits" label={t.vatOnDebits} kind="switch" help={t.vatOnDebitsHelp} />
        <FormField
          name="reminderDays"
          label={t.reminderDays}
          kind="select"
          multiple
          options={REMINDER_DAY_OPTIONS}
          help={t.reminderDaysHelp}
        />
      </Card>

      <BankAccounts form={form} />

      <Card title={t.mentions} size="small">
        <FormField name="legalMentions" label={t.legalMentions} kind="textarea" rows={4} maxLength={2000} help={t.legalMentionsHelp} />
      </Card>

      <div>
        <SubmitButton />
      </div>
    </ZodForm>
  );
}

/** Settings section `billing`: the owner's only (the api answers 403 to anyone else; the settings page hides it too). */
export const BillingSection = withQueryScope(function BillingSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const shopName = useSession((s) => s.shop?.name ?? '');
  const query = useBillingSettings(isOwner);
  if (!isOwner) return <Alert type="info" showIcon title={t.ownerOnly} />;
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(settings) => (
        <>
          {settings === null && <Alert type="warning" showIcon title={t.notSet} />}
          <BillingSettingsForm settings={settings} shopName={shopName} />
        </>
      )}
    </SectionFrame>
  );
});
