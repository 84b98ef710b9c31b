// 'Utiliser sur une facture' (notes de crédit): the client's credit settles one of their open invoices
// (POST /sales/credits/use); the amount defaults to what the credit can pay of the chosen invoice.
import { useEffect } from 'react';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SALES_MESSAGES as M, type ClientCredit } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { ApiError, notify, useLayoutMode } from 'shared-kernel/runtime';
import { eurosToCents } from '../../orders/form/sales-order.schema';
import { useInvoices } from '../../invoices/invoices.queries';
import { useUseCredit } from '../payments.queries';
import { useTexts } from '../texts';

const schema = z.object({
  invoiceId: z.number({ error: M.invoiceNotFound }).int().positive(M.invoiceNotFound),
  amount: z.number({ error: M.paymentAmount }).gt(0, M.paymentAmount),
});
type Values = z.input<typeof schema>;

export function UseCreditDialog({ credit, onClose }: { credit: ClientCredit; onClose: () => void }) {
  const t = useTexts().credits;
  const mobile = useLayoutMode() === 'mobile';
  const use = useUseCredit();
  const open = useInvoices({ clientId: credit.client.id, open: true, page: 1, pageSize: 100 } as never);
  const invoices = (open.data?.items ?? []).filter((i) => i.kind !== 'credit' && i.remaining > 0);
  const form = useZodForm(
    schema.superRefine((v, ctx) => {
      const inv = invoices.find((i) => i.id === v.invoiceId);
      const max = Math.min(credit.balance, inv?.remaining ?? credit.balance);
      if (eurosToCents(v.amount) > max) ctx.addIssue({ code: 'custom', message: t.amountTooLarge(formatCents(max)), path: ['amount'] });
    }),
    { defaultValues: { invoiceId: undefined as unknown as number, amount: undefined as unknown as number } },
  );
  const invoiceId = useWatch({ control: form.control, name: 'invoiceId' });
  // the amount follows the chosen invoice: what the credit can pay of it
  useEffect(() => {
    const inv = invoices.find((i) => i.id === invoiceId);
    if (inv) form.setValue('amount', Math.min(credit.balance, inv.remaining) / 100);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoiceId]);

  return (
    <Modal open onCancel={onClose} title={t.useTitle(credit.client.name)} footer={null} width={mobile ? '100%' : 520} destroyOnHidden>
      <p style={{ marginTop: 0 }}>{t.useHint(formatCents(credit.balance))}</p>
      {open.isPending ? (
        <Spin />
      ) : invoices.length === 0 ? (
        <>
          <Alert type="info" showIcon title={t.noOpenInvoice} />
          <Flex justify="flex-end" style={{ marginTop: 12 }}>
            <Button onClick={onClose}>{t.back}</Button>
          </Flex>
        </>
      ) : (
        <ZodForm
          form={form}
          style={{ display: 'grid', gap: 4 }}
          onSubmit={async (v) => {
            try {
              const r = await use.mutateAsync({ clientId: credit.client.id, invoiceId: v.invoiceId, amount: eurosToCents(v.amount) });
              notify.success(r.message);
              onClose();
            } catch (err) {
              if (err instanceof ApiError && err.field === 'invoiceId') throw new ApiError(err.status, err.message, 'invoiceId', err.body);
              throw err;
            }
          }}
        >
          <FormField<Values>
            name="invoiceId"
            label={t.invoice}
            kind="select"
            required
            options={invoices.map((i) => ({ value: i.id, label: t.invoiceOption(i.number, formatCents(i.remaining)) }))}
          />
          <FormField<Values> name="amount" label={t.amount} kind="number" min={0} precision={2} suffix="€" required />
          <Flex wrap gap={8} justify="flex-end">
            <Button onClick={onClose}>{t.back}</Button>
            <SubmitButton>{t.submit}</SubmitButton>
          </Flex>
        </ZodForm>
      )}
    </Modal>
  );
}
