// 'Rouvrir' a closed month (shop owner only): the reason is required (PERIOD_MESSAGES.reason), then
// POST /accounting/periods/:month/reopen { reason }. The api's message shows as a success snackbar; an api error on
// `reason` lands under the field, any other as an error snackbar.
import { Button, Flex, Modal, Typography } from 'antd';
import { reopenPeriodSchema, type AccountingPeriod } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { monthLabel } from '../format';
import { useReopenPeriod } from '../journals.queries';
import { useTexts } from '../texts';

function ReopenForm({ period, onDone }: { period: AccountingPeriod; onDone: () => void }) {
  const all = useTexts();
  const t = all.periods;
  const reopen = useReopenPeriod();
  const form = useZodForm(reopenPeriodSchema, { defaultValues: { reason: '' } });
  const label = monthLabel(all, period.month);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12 }}
      onSubmit={async ({ reason }) => {
        const answer = await reopen.mutateAsync({ month: period.month, reason });
        notify.success(answer.message || t.reopenDone(label));
        onDone();
      }}
    >
      <Typography.Text>{t.reopenText}</Typography.Text>
      <FormField name="reason" label={t.reason} kind="textarea" rows={3} maxLength={500} required />
      <Flex wrap gap={8} justify="flex-end">
        <Button onClick={onDone}>{t.cancel}</Button>
        <SubmitButton danger>{t.reopenSubmit}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}

export function ReopenDialog({ period, onClose }: { period: AccountingPeriod | null; onClose: () => void }) {
  const all = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  return (
    <Modal
      open={period !== null}
      title={period ? all.periods.reopenTitle(monthLabel(all, period.month)) : ''}
      onCancel={onClose}
      footer={null}
      width={mobile ? '100%' : 520}
      destroyOnHidden
    >
      {period && <ReopenForm period={period} onDone={onClose} />}
    </Modal>
  );
}
