// « Ajuster les points »: a manual adjustment of the client's loyalty points (points ≠ 0, may be negative, and a
// motif), validated by the contract's schema; a refusal of the api ({ field: 'points', message: « Le client n'a que 40
// points » }) lands under its field (ZodForm).
import { Button } from 'antd';
import { loyaltyAdjustmentInputSchema } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useAdjustLoyalty } from './loyalty.queries';
import { useTexts } from './texts';

export function LoyaltyAdjustForm({ clientId, balance, onDone }: { clientId: number; balance: number; onDone: () => void }) {
  const t = useTexts();
  const adjust = useAdjustLoyalty(clientId);
  const form = useZodForm(loyaltyAdjustmentInputSchema, { defaultValues: { note: '' } });
  return (
    <ZodForm
      form={form}
      aria-label={t.adjustTitle}
      onSubmit={async (input) => {
        const saved = await adjust.mutateAsync(input);
        notify.success(saved.message || t.adjusted);
        onDone();
      }}
    >
      <p style={{ marginTop: 0 }}>{t.adjustCurrent(t.points(balance))}</p>
      <FormField name="points" label={t.adjustPoints} kind="number" precision={0} step={1} help={t.adjustPointsHelp} required />
      <FormField name="note" label={t.adjustNote} kind="textarea" rows={2} maxLength={200} help={t.adjustNoteHelp} required />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <SubmitButton>{t.adjustSubmit}</SubmitButton>
        <Button onClick={onDone}>{t.cancel}</Button>
      </div>
    </ZodForm>
  );
}
