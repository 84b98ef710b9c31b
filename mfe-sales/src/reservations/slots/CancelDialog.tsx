// 'Annuler la réservation': confirmed, with what becomes of what was paid (refunded, kept as the client's credit, or
// kept); an invoiced reservation is cancelled by a credit note. The places are given back.
import { Button, Flex, Modal, Radio, Typography } from 'antd';
import { z } from 'zod';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { useTexts } from '../desk.texts';
import { useCancelReservation, type Refund } from '../reservations.queries';

const cancelSchema = z.object({
  refund: z.enum(['refund', 'credit', 'none']),
  reason: z.string().max(500, 'Le motif doit contenir au maximum 500 caractères'),
});
type CancelValues = z.input<typeof cancelSchema>;

export interface CancelTarget {
  orderId: number;
  number: string;
  name: string;
  /** something was paid: ask what becomes of it */
  paid: boolean;
  invoiced?: boolean;
}

export function CancelDialog({ target, onClose }: { target: CancelTarget; onClose: () => void }) {
  const t = useTexts().cancel;
  const mobile = useLayoutMode() === 'mobile';
  const cancel = useCancelReservation();
  const form = useZodForm(cancelSchema, { defaultValues: { refund: (target.paid ? 'refund' : 'none') as Refund, reason: '' } });
  return (
    <Modal open onCancel={onClose} title={t.title} footer={null} width={mobile ? '100%' : 520} destroyOnHidden>
      <ZodForm
        form={form}
        onSubmit={async (v) => {
          const r = await cancel.mutateAsync({ orderId: target.orderId, refund: v.refund, reason: v.reason.trim() || null });
          notify.success(r.message);
          onClose();
        }}
      >
        <Typography.Paragraph style={{ marginTop: 0 }}>
          {target.name} · {t.intro(target.number)}
        </Typography.Paragraph>
        {target.paid && (
          <FormField<CancelValues>
            name="refund"
            label={t.refund}
            help={target.invoiced ? t.invoicedHelp : undefined}
            render={(field, a11y) => (
              <Radio.Group
                {...a11y}
                role="radiogroup"
                aria-label={t.refund}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                style={{ display: 'grid', gap: 4 }}
                options={(['refund', 'credit', 'none'] as const).map((value) => ({ value, label: t.refunds[value] }))}
              />
            )}
          />
        )}
        <FormField<CancelValues> name="reason" label={t.reason} kind="textarea" rows={2} maxLength={500} />
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{t.keep}</Button>
          <SubmitButton danger>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}
