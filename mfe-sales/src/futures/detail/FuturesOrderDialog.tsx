// 'Nouvelle commande primeur': a client (searched, ../lookups) and a quantity per offer line; the api prices it at the
// client's typology and issues the deposit invoice at once (POST /futures/campaigns/:id/orders).
import { Button, Flex, Modal, Typography } from 'antd';
import { z } from 'zod';
import { FUTURES_MESSAGES as M, type FuturesCampaign } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { ApiError, notify, useLayoutMode } from 'shared-kernel/runtime';
import { ClientSelect } from '../../lookups/ClientSelect';
import { usePlaceFuturesOrder } from '../futures.queries';
import { useTexts } from '../texts';

export const futuresOrderFormSchema = z
  .object({
    clientId: z.number({ error: M.clientRequired }).int().positive(M.clientRequired).nullable(),
    quantities: z.array(z.number({ error: M.quantity }).int(M.quantity).min(0, M.quantity).nullable()),
    notes: z.string().max(2000, 'Doit contenir au maximum 2000 caractères'),
  })
  .superRefine((v, ctx) => {
    if (!v.clientId) ctx.addIssue({ code: 'custom', message: M.clientRequired, path: ['clientId'] });
    if (!v.quantities.some((q) => (q ?? 0) > 0)) ctx.addIssue({ code: 'custom', message: M.orderEmpty, path: ['quantities'] });
  });
type Values = z.input<typeof futuresOrderFormSchema>;

export function FuturesOrderDialog({ campaign, onClose }: { campaign: FuturesCampaign; onClose: () => void }) {
  const t = useTexts().order;
  const mobile = useLayoutMode() === 'mobile';
  const place = usePlaceFuturesOrder();
  const form = useZodForm(futuresOrderFormSchema, {
    defaultValues: { clientId: null, quantities: campaign.lines.map(() => null), notes: '' },
  });
  const quantitiesError = form.formState.errors.quantities?.message ?? form.formState.errors.quantities?.root?.message;
  return (
    <Modal open onCancel={onClose} title={t.title} footer={null} width={mobile ? '100%' : 560} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          const lines = campaign.lines.map((l, i) => ({ lineId: l.id, quantity: v.quantities[i] ?? 0 })).filter((l) => l.quantity > 0);
          try {
            const result = await place.mutateAsync({ id: campaign.id, input: { clientId: v.clientId!, lines, notes: v.notes || null } });
            notify.success(result.message);
            onClose();
          } catch (err) {
            // the api names lines.<i>.lineId after the lines sent: the message goes under that line's quantity
            const m = err instanceof ApiError ? err.field?.match(/^lines\.(\d+)\./) : null;
            const index = m ? campaign.lines.findIndex((l) => l.id === lines[Number(m[1])]?.lineId) : -1;
            if (err instanceof ApiError && index >= 0) throw new ApiError(err.status, err.message, `quantities.${index}`, err.body);
            throw err;
          }
        }}
      >
        <Typography.Paragraph style={{ marginTop: 0 }}>{t.intro(campaign.depositPercent)}</Typography.Paragraph>
        <FormField<Values>
          name="clientId"
          label={t.client}
          required
          help={t.clientHelp}
          render={(field, a11y) => (
            <ClientSelect value={field.value as number | null} onChange={(id) => field.onChange(id)} onBlur={field.onBlur} a11y={a11y} />
          )}
        />
        {campaign.lines.map((l, i) => (
          <FormField<Values>
            key={l.id}
            name={`quantities.${i}`}
            label={t.quantity(l.label)}
            kind="number"
            min={0}
            step={1}
            precision={0}
            help={Object.entries(l.prices)
              .map(([typ, cents]) => `${typ} : ${t.unitPrice(formatCents(cents))}`)
              .join(' · ')}
          />
        ))}
        {quantitiesError && (
          <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
            {quantitiesError}
          </div>
        )}
        <FormField<Values> name="notes" label={t.notes} kind="textarea" rows={2} maxLength={2000} />
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{t.cancel}</Button>
          <SubmitButton>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}
