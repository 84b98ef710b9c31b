import { Modal } from 'antd';
import { z } from 'zod';
import { SUPPLIER_INVOICE_MESSAGES as M, type SupplierInvoiceDetail } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useSupplierInvoicePayment } from '../invoices.queries';
import { useTexts } from '../texts';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A payment of a received invoice: the amount in euros (default: what remains, never more) and the day. */
export function PaymentDialog({ invoice, open, onClose }: { invoice: SupplierInvoiceDetail; open: boolean; onClose: () => void }) {
  const t = useTexts();
  const pay = useSupplierInvoicePayment();
  const rest = invoice.amountDueCents - invoice.paidAmountCents;
  const schema = z.object({
    amount: z
      .number({ error: M.amount })
      .positive(M.amount)
      .refine((v) => Math.round(v * 100) <= rest, M.overPaid(formatCents(rest))),
    paidAt: z.string({ error: 'La date n’est pas valide' }).min(1, 'La date n’est pas valide'),
  });
  const form = useZodForm(schema, { defaultValues: { amount: rest / 100, paidAt: today() } });
  return (
    <Modal open={open} onCancel={onClose} title={t.payTitle} footer={null} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 12 }}
        onSubmit={async (v) => {
          const saved = await pay.mutateAsync({ id: invoice.id, body: { amountCents: Math.round(v.amount * 100), paidAt: v.paidAt } });
          notify.success(saved.message);
          onClose();
        }}
      >
        <p style={{ margin: 0 }}>
          {t.rest} : <strong>{formatCents(rest)}</strong>
        </p>
        <FormField name="amount" label={t.amount} kind="number" suffix="€" min={0} step={0.01} precision={2} required />
        <FormField name="paidAt" label={t.paidAt} kind="date" max={today()} required />
        <div>
          <SubmitButton>{t.paySubmit}</SubmitButton>
        </div>
      </ZodForm>
    </Modal>
  );
}
