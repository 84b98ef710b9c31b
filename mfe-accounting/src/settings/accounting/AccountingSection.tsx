// /dashboard/settings?link=accounting: the fiscal year's start (logStartMonth 0-based and logStartDay,
// default 1 January; it ends the day before the next start), the codes and labels of the four journals, the layout
// and format of the accountant export, the client account prefix and the counter-sales client account.
// GET / PUT /accounting/settings: read with accessAccounting or editAccountingCodes, changed with editAccountingCodes
// (the owner always).
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Card, Input, Radio } from 'antd';
import { useWatch } from 'react-hook-form';
import {
  EXPORT_FORMATS,
  EXPORT_LAYOUT_LABELS,
  EXPORT_LAYOUTS,
  JOURNAL_KINDS,
  type AccountingSettings,
  type JournalKind,
} from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import {
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
  type ZodFormReturn,
  SectionFrame,
} from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify, useSession } from 'shared-kernel/runtime';
import { useAccountingSettings, useSaveAccountingSettings } from './accounting.queries';
import { accountingFormSchema, currentFiscalYear, toBody, toFormValues, type AccountingFormValues } from './accounting.schema';
import { useTexts } from './texts';

type AccountingForm = ZodFormReturn<typeof accountingFormSchema>;

const CODES_PAGE = '/dashboard/accounting/codes';
const row = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))' } as const;
const fieldsetStyle = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px 0', margin: 0, minWidth: 0 } as const;
const legendStyle = { fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14 } as const;
const helpStyle = { marginTop: 0, color: '#555' } as const;

function FiscalYearCard({ form, disabled }: { form: AccountingForm; disabled: boolean }) {
  const t = useTexts();
  const [month, day] = useWatch({ control: form.control, name: ['logStartMonth', 'logStartDay'] });
  const months = useMemo(() => Array.from({ length: 12 }, (_, m) => ({ value: m, label: t.month(m) })), [t]);
  // A new month may make the chosen day impossible (31 with April) or possible again: check the day at once.
  const previousMonth = useRef(month);
  useEffect(() => {
    if (previousMonth.current === month) return;
    previousMonth.current = month;
    void form.trigger('logStartDay');
  }, [month, form]);
  const current = currentFiscalYear(month, day);
  return (
    <Card title={t.fiscalYear} size="small">
      <p style={helpStyle}>{t.fiscalYearHelp}</p>
      <div style={row}>
        <FormField<AccountingFormValues>
          name="logStartMonth"
          label={t.startMonth}
          kind="select"
          required
          options={months}
          disabled={disabled}
          // twelve options: all of them in the list (no virtual scrolling)
          inputProps={{ virtual: false }}
        />
        <FormField<AccountingFormValues>
          name="logStartDay"
          label={t.startDay}
          kind="number"
          required
          min={1}
          max={31}
          precision={0}
          disabled={disabled}
        />
      </div>
      <p role="status" style={{ margin: '0 0 8px', fontWeight: 500 }}>
        {current ? t.currentYear(current.from, current.to) : t.currentYearUnknown}
      </p>
    </Card>
  );
}

function JournalsCard({ disabled }: { disabled: boolean }) {
  const t = useTexts();
  return (
    <Card title={t.journals} size="small">
      <p style={helpStyle}>{t.journalsHelp}</p>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))' }}>
        {JOURNAL_KINDS.map((kind: JournalKind) => (
          <fieldset key={kind} style={fieldsetStyle} aria-label={t.journalKind[kind]}>
            <legend style={legendStyle}>{t.journalKind[kind]}</legend>
            <div style={{ display: 'grid', gap: '0 12px', gridTemplateColumns: 'minmax(80px, 1fr) minmax(0, 3fr)' }}>
              <FormField<AccountingFormValues>
                name={`journals.${kind}.code`}
                label={t.journalCode}
                required
                disabled={disabled}
                render={(field, a11y) => (
                  <Input
                    {...a11y}
                    ref={field.ref}
                    name={field.name}
                    value={String(field.value ?? '')}
                    onChange={(e) => field.onChange(e.target.value.toUpperCase())}
                    onBlur={field.onBlur}
                    maxLength={4}
                    autoComplete="off"
                    disabled={disabled}
                    status={a11y['aria-invalid'] ? 'error' : undefined}
                  />
                )}
              />
              <FormField<AccountingFormValues>
                name={`journals.${kind}.label`}
                label={t.journalLabel}
                required
                maxLength={60}
                disabled={disabled}
              />
            </div>
          </fieldset>
        ))}
      </div>
    </Card>
  );
}

function ExportCard({ disabled }: { disabled: boolean }) {
  const t = useTexts();
  const layouts = EXPORT_LAYOUTS.map((l) => ({ value: l, label: EXPORT_LAYOUT_LABELS[l] }));
  return (
    <Card title={t.export} size="small">
      <p style={helpStyle}>{t.exportHelp}</p>
      <FormField<AccountingFormValues>
        name="exportLayout"
        label={t.exportLayout}
        kind="select"
        required
        options={layouts}
        disabled={disabled}
        // the labels name the columns: let them wrap in the list (phones)
        inputProps={{ optionRender: (o: { label?: unknown }) => <span style={{ whiteSpace: 'normal' }}>{String(o.label)}</span> }}
      />
      <FormField<AccountingFormValues>
        name="exportFormat"
        label={t.exportFormat}
        required
        render={(field, a11y) => (
          <Radio.Group
            {...a11y}
            role="radiogroup"
            aria-label={t.exportFormat}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: t.formats[f] }))}
          />
        )}
      />
    </Card>
  );
}

function ClientsCard({ disabled }: { disabled: boolean }) {
  const t = useTexts();
  return (
    <Card title={t.clients} size="small">
      <p style={helpStyle}>
        {t.clientsHelpStart}
        <Link to={CODES_PAGE}>{t.codesLink}</Link>
        {t.clientsHelpEnd}
      </p>
      <div style={row}>
        <FormField<AccountingFormValues>
          name="clientPrefix"
          label={t.clientPrefix}
          help={t.clientPrefixHelp}
          required
          maxLength={20}
          autoComplete="off"
          disabled={disabled}
          inputProps={{ inputMode: 'numeric' }}
        />
        <FormField<AccountingFormValues>
          name="counterSalesClient"
          label={t.counterSalesClient}
          help={t.counterSalesClientHelp}
          required
          maxLength={20}
          autoComplete="off"
          disabled={disabled}
        />
      </div>
    </Card>
  );
}

function AccountingSettingsForm({ settings, canEdit }: { settings: AccountingSettings; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveAccountingSettings();
  const form = useZodForm(accountingFormSchema, { defaultValues: toFormValues(settings) });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const disabled = !canEdit;
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(toBody(values));
        form.reset(toFormValues(saved));
        notify.success(saved.message || t.saved);
        guard.allowNavigation();
      }}
    >
      <FiscalYearCard form={form} disabled={disabled} />
      <JournalsCard disabled={disabled} />
      <ExportCard disabled={disabled} />
      <ClientsCard disabled={disabled} />
      {canEdit && (
        <div>
          <SubmitButton />
        </div>
      )}
    </ZodForm>
  );
}

/**
 * Settings section `accounting`: read by the owner and the iam with accessAccounting or editAccountingCodes (the api
 * answers 403 to anyone else), changed by the owner and the iam with editAccountingCodes.
 */
export const AccountingSection = withQueryScope(function AccountingSection() {
  const t = useTexts();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const member = !!user && (user.role === 'owner' || user.role === 'iam');
  const shopId = currentShopId(user, shop);
  const canEdit = member && hasPermission(user, shopId, 'editAccountingCodes');
  const canRead = canEdit || (member && hasPermission(user, shopId, 'accessAccounting'));
  const query = useAccountingSettings(canRead);
  if (!canRead) return <Alert type="info" showIcon title={t.noAccess} />;
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(settings) => (
        <>
          {!canEdit && <Alert type="info" showIcon title={t.readOnly} />}
          <AccountingSettingsForm settings={settings} canEdit={canEdit} />
        </>
      )}
    </SectionFrame>
  );
});
