// 'Enregistrer un règlement' (POST /sales/payments): client, direction, method, amount, date, reference; a payment
// received is allocated to the client's open invoices (GET /sales/invoices?clientId=&open=true, oldest first), the
// amounts prefilled oldest first until the payment is used up; what is left is shown as the client's credit.
// Opened from an invoice or an order (`prefill`), it starts with their client, what is still due and those invoices
// served first.
import { useEffect, useRef } from 'react';
import { Button, Flex, Radio, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { SALES_MESSAGES as M, SALES_PAYMENT_METHOD_LABELS, SALES_PAYMENT_METHODS } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useInvoices } from '../../invoices/invoices.queries';
import { ClientSelect } from '../../lookups/ClientSelect';
import { useRecordPayment } from '../payments.queries';
import { useTexts } from '../texts';
import {
  allocationTotals,
  localToday,
  paymentDefaults,
  paymentFormSchema,
  prefillAllocations,
  type PaymentPrefill,
  toPaymentFormError,
  toPaymentInput,
  type PaymentFormValues,
} from './payment.schema';

const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', alignItems: 'start' } as const;

export function PaymentForm({
  clientId,
  prefill,
  onDone,
}: {
  clientId?: number | null;
  /** opened from an invoice or an order: their client, what is still due, the invoices settled first */
  prefill?: PaymentPrefill;
  onDone: () => void;
}) {
  const t = useTexts().form;
  const record = useRecordPayment();
  const form = useZodForm(paymentFormSchema, { defaultValues: paymentDefaults(clientId, prefill) });
  const firstKey = prefill?.invoiceIds.join(',') ?? '';
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const [client, direction, amount, allocations] = useWatch({
    control: form.control,
    name: ['clientId', 'direction', 'amount', 'allocations'],
  });
  const wantsInvoices = direction === 'in' && typeof client === 'number' && client > 0;
  const open = useInvoices({ page: 1, pageSize: 100, sort: 'issuedAt', clientId: client, open: true }, { enabled: wantsInvoices });
  const items = wantsInvoices && !open.isPlaceholderData ? open.data?.items : undefined;
  const itemsKey = wantsInvoices ? (items ? items.map((i) => `${i.id}:${i.remaining}`).join(',') : 'loading') : 'none';
  const amountCents = typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : 0;

  // The allocations follow the invoices and the amount until the person changes one of them.
  const touched = useRef(false);
  const lastKey = useRef(itemsKey);
  useEffect(() => {
    if (itemsKey !== lastKey.current) {
      lastKey.current = itemsKey;
      touched.current = false;
    }
    if (touched.current) return;
    const source = items ?? [];
    const amounts = prefillAllocations(source, amountCents, firstKey ? firstKey.split(',').map(Number) : []);
    form.setValue(
      'allocations',
      source.map((inv, i) => ({
        invoiceId: inv.id,
        number: inv.number,
        remaining: inv.remaining,
        dueDate: inv.dueDate,
        amount: amounts[i],
      })),
      { shouldValidate: form.formState.isSubmitted },
    );
  }, [itemsKey, items, amountCents, firstKey, form]);

  const totals = allocationTotals(amount, allocations ?? []);
  const allocationsError = form.formState.errors.allocations?.message ?? form.formState.errors.allocations?.root?.message;

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 4 }}
      onSubmit={async (values) => {
        const { input, sent } = toPaymentInput(values);
        try {
          await record.mutateAsync(input);
        } catch (err) {
          throw toPaymentFormError(err, sent);
        }
        notify.success(M.paymentRecorded);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField<PaymentFormValues>
        name="clientId"
        label={t.client}
        required
        render={(field, a11y) => (
          <ClientSelect
            value={field.value as number | null}
            onChange={(id) => field.onChange(id)}
            onBlur={field.onBlur}
            a11y={a11y}
            initial={
              prefill ? { id: prefill.client.id, name: prefill.client.name, code: prefill.client.code ?? null, typology: null } : null
            }
          />
        )}
      />
      <div style={grid}>
        <FormField<PaymentFormValues>
          name="direction"
          label={t.direction}
          render={(field, a11y) => (
            <Radio.Group
              id={a11y.id}
              optionType="button"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              options={[
                { value: 'in', label: 'Encaissement' },
                { value: 'out', label: 'Remboursement' },
              ]}
            />
          )}
        />
        <FormField<PaymentFormValues>
          name="method"
          label={t.method}
          kind="select"
          required
          // a credit is used from 'Notes de crédit', never recorded as a payment
          options={SALES_PAYMENT_METHODS.filter((m) => m !== 'creditNote').map((m) => ({
            value: m,
            label: SALES_PAYMENT_METHOD_LABELS[m],
          }))}
        />
        <FormField<PaymentFormValues> name="amount" label={t.amount} kind="number" min={0} precision={2} suffix="€" required />
        <FormField<PaymentFormValues> name="paidAt" label={t.paidAt} kind="date" max={localToday()} required />
        <FormField<PaymentFormValues> name="reference" label={t.reference} help={t.referenceHelp} maxLength={100} />
      </div>
      {direction === 'in' && (
        <fieldset
          style={{ border: 0, padding: 0, margin: '0 0 12px', display: 'grid', gap: 8 }}
          onInput={() => {
            touched.current = true;
          }}
        >
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t.allocations}</legend>
          {!wantsInvoices ? (
            <Typography.Text type="secondary">{t.pickClient}</Typography.Text>
          ) : !items ? (
            <Typography.Text type="secondary" role="status">
              {t.loadingInvoices}
            </Typography.Text>
          ) : items.length === 0 ? (
            <Typography.Text type="secondary">{t.noOpenInvoice}</Typography.Text>
          ) : (
            (allocations ?? []).map((a, i) => (
              <div key={a.invoiceId} role="group" aria-label={a.number}>
                <FormField<PaymentFormValues>
                  name={`allocations.${i}.amount`}
                  label={t.allocationOf(a.number)}
                  kind="number"
                  min={0}
                  precision={2}
                  suffix="€"
                  help={[t.invoiceOf(a.number, formatCents(a.remaining)), a.dueDate ? t.dueOn(formatDate(a.dueDate)) : null]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </div>
            ))
          )}
          {allocationsError && (
            <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
              {allocationsError}
            </div>
          )}
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: '4px 12px' }} aria-live="polite">
            <dt>{t.allocated}</dt>
            <dd style={{ margin: 0, textAlign: 'right' }} data-testid="payment-allocated">
              {formatCents(totals.allocated)}
            </dd>
            <dt>{t.unallocated}</dt>
            <dd style={{ margin: 0, textAlign: 'right', fontWeight: 600 }} data-testid="payment-unallocated">
              {formatCents(Math.max(0, totals.unallocated))}
            </dd>
          </dl>
        </fieldset>
      )}
      <FormField<PaymentFormValues> name="note" label={t.note} kind="textarea" rows={2} maxLength={500} />
      <Flex wrap gap={8} justify="flex-end">
        <Button onClick={onDone}>{t.cancel}</Button>
        <SubmitButton>{t.submit}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}
