import { Modal } from 'antd';
import { z } from 'zod';
import { PURCHASING_MESSAGES as M, type PurchaseOrderDetail } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { usePurchaseAction, usePurchaseWarehouses } from '../purchases.queries';
import { useTexts } from '../texts';

const receiveFormSchema = z.object({
  receivedAt: z.string({ error: 'La date n’est pas valide' }).min(1, 'La date n’est pas valide'),
  lines: z.array(
    z
      .object({
        lineId: z.number(),
        remaining: z.number(),
        quantity: z.number({ error: M.receivedQuantity }).int(M.receivedQuantity).min(0, M.receivedQuantity),
        warehouseId: z.number().int().positive().nullish(),
      })
      .superRefine((l, ctx) => {
        if (l.quantity > l.remaining) ctx.addIssue({ code: 'custom', message: M.overReceived(l.remaining), path: ['quantity'] });
      }),
  ),
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Receipt of a sent or partially received order: a quantity (default: what remains) and a warehouse per line, a date. */
export function ReceiveDialog({ order, open, onClose }: { order: PurchaseOrderDetail; open: boolean; onClose: () => void }) {
  const t = useTexts();
  const action = usePurchaseAction();
  const warehouses = usePurchaseWarehouses();
  const pending = order.lines.filter((l) => l.receivedQuantity < l.quantity);
  const form = useZodForm(receiveFormSchema, {
    defaultValues: {
      receivedAt: today(),
      lines: pending.map((l) => ({
        lineId: l.id,
        remaining: l.quantity - l.receivedQuantity,
        quantity: l.quantity - l.receivedQuantity,
        warehouseId: l.formatId ? order.warehouseId : null,
      })),
    },
  });
  const whOptions = (warehouses.data ?? []).map((w) => ({ value: w.id, label: w.name }));

  return (
    <Modal open={open} onCancel={onClose} title={t.receiveTitle} footer={null} width={760} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 12 }}
        onSubmit={async (v) => {
          await action.mutateAsync({
            id: order.id,
            action: 'receive',
            body: {
              receivedAt: v.receivedAt,
              lines: v.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, warehouseId: l.warehouseId ?? null })),
            },
          });
          notify.success(M.received);
          onClose();
        }}
      >
        <FormField name="receivedAt" label={t.receiveDate} kind="date" max={today()} required />
        {pending.map((l, i) => (
          <div
            key={l.id}
            role="group"
            aria-label={l.label}
            style={{
              display: 'grid',
              gap: 12,
              gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
              borderTop: '1px solid #f0f0f0',
              paddingTop: 12,
            }}
          >
            <div>
              <strong>{l.label}</strong>
              <div style={{ color: '#595959' }}>
                {t.ordered} {l.quantity} · {t.received} {l.receivedQuantity} · {t.remaining} {l.quantity - l.receivedQuantity}
              </div>
            </div>
            <FormField name={`lines.${i}.quantity`} label={`${t.received} — ${l.label}`} kind="number" min={0} step={1} precision={0} />
            {l.formatId ? <FormField name={`lines.${i}.warehouseId`} label={t.warehouse} kind="select" options={whOptions} /> : <div />}
          </div>
        ))}
        <div>
          <SubmitButton>{t.receiveSubmit}</SubmitButton>
        </div>
      </ZodForm>
    </Modal>
  );
}
