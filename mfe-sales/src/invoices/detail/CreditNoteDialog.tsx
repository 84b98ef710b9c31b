// 'Émettre un avoir' on an invoice: POST /sales/invoices/:id/credit-notes (the whole invoice, or chosen lines and
// quantities), then the credit note's number as a snackbar.
import { Button, Flex, Modal, Radio } from 'antd';
import { useWatch } from 'react-hook-form';
import { SALES_MESSAGES as M, SALES_PAYMENT_METHOD_LABELS, SALES_PAYMENT_METHODS, type InvoiceDetail } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { formatCents } from 'shared-kernel/domain';
import { useCreateCreditNote } from '../invoices.queries';
import { useTexts } from '../texts';
import { creditNoteDefaults, creditNoteFormSchema, toCreditNoteInput, type CreditNoteFormValues } from './credit-note.schema';

export function CreditNoteDialog({ invoice, open, onClose }: { invoice: InvoiceDetail; open: boolean; onClose: () => void }) {
  const t = useTexts().credit;
  const mobile = useLayoutMode() === 'mobile';
  const create = useCreateCreditNote();
  const form = useZodForm(creditNoteFormSchema, { defaultValues: creditNoteDefaults(invoice) });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const settlement = useWatch({ control: form.control, name: 'settlement' });
  const selected = useWatch({ control: form.control, name: 'lines' });

  return (
    <Modal open={open} onCancel={onClose} title={t.title(invoice.number)} footer={null} width={mobile ? '100%' : 720} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          const note = await create.mutateAsync({ id: invoice.id, input: toCreditNoteInput(v) });
          notify.success(M.creditIssued(note.number));
          onClose();
        }}
      >
        <FormField<CreditNoteFormValues>
          name="mode"
          label={t.mode}
          render={(field, a11y) => (
            <Radio.Group
              id={a11y.id}
              aria-describedby={a11y['aria-describedby']}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              options={[
                { value: 'full', label: `${t.modes.full} (${formatCents(invoice.totalTTC)} TTC)` },
                { value: 'lines', label: t.modes.lines },
              ]}
            />
          )}
        />
        {mode === 'lines' && (
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px', display: 'grid', gap: 8 }}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t.lines}</legend>
            {invoice.lines.map((l, i) => (
              <div
                key={i}
                role="group"
                aria-label={l.label}
                style={{ display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', alignItems: 'start' }}
              >
                <FormField<CreditNoteFormValues> name={`lines.${i}.selected`} label={l.label} kind="checkbox">
                  {l.label}
                  {l.details ? ` · ${l.details}` : ''} — {formatCents(l.totalHT)} HT
                </FormField>
                <FormField<CreditNoteFormValues>
                  name={`lines.${i}.quantity`}
                  label={t.quantityOf(l.label)}
                  kind="number"
                  min={1}
                  step={1}
                  precision={0}
                  disabled={!selected?.[i]?.selected}
                  help={t.lineOf(l.quantity)}
                />
              </div>
            ))}
          </fieldset>
        )}
        <FormField<CreditNoteFormValues> name="reason" label={t.reason} kind="textarea" rows={2} maxLength={500} />
        <FormField<CreditNoteFormValues>
          name="settlement"
          label={t.settlement}
          render={(field, a11y) => (
            <Radio.Group
              id={a11y.id}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              options={[
                { value: 'credit', label: t.settlements.credit },
                { value: 'refund', label: t.settlements.refund },
              ]}
            />
          )}
        />
        {settlement === 'refund' && (
          <FormField<CreditNoteFormValues>
            name="refundMethod"
            label={t.refundMethod}
            kind="select"
            required
            options={SALES_PAYMENT_METHODS.filter((m) => m !== 'creditNote').map((m) => ({
              value: m,
              label: SALES_PAYMENT_METHOD_LABELS[m],
            }))}
          />
        )}
        <p style={{ margin: '0 0 8px' }}>{t.warning}</p>
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{t.cancel}</Button>
          <SubmitButton>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}
