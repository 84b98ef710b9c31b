// The unpaid follow-up of an overdue invoice (the unpaids list and the invoice drawer): 'Relancer' (a reminder mail
// now, the next level: POST /sales/invoices/:id/remind, confirmed first) and 'Mise en demeure (PDF)' (the formal
// notice letter: GET /sales/invoices/:id/formal-notice.pdf).
import { Button, Flex } from 'antd';
import type { InvoiceSummary } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { downloadFormalNotice, useRemindInvoice } from '../invoices.queries';
import { useTexts } from '../texts';

/** An invoice the follow-up applies to: not a credit note, something left to pay, past its due date. */
export const isOverdue = (i: Pick<InvoiceSummary, 'kind' | 'remaining' | 'overdueDays'>): boolean =>
  i.kind !== 'credit' && i.remaining > 0 && i.overdueDays > 0;

export function ReminderActions({
  invoice,
  size,
}: {
  invoice: Pick<InvoiceSummary, 'id' | 'number' | 'client' | 'remaining'>;
  size?: 'small' | 'middle';
}) {
  const t = useTexts().reminders;
  const remind = useRemindInvoice();

  const onRemind = () =>
    void confirmPopup({
      title: t.confirmTitle(invoice.number),
      content: t.confirmContent(invoice.client.name, formatCents(invoice.remaining)),
      okText: t.remind,
      onOk: async () => {
        try {
          const r = await remind.mutateAsync(invoice.id);
          notify.success(r.message);
        } catch (err) {
          // 409: paid or not due any more; 400: the client has no e-mail address
          notify.error(errorMessage(err));
        }
      },
    });

  return (
    <Flex wrap gap={8} role="group" aria-label={t.actionsOf(invoice.number)}>
      <Button size={size} onClick={onRemind} loading={remind.isPending}>
        {t.remind}
      </Button>
      <Button
        size={size}
        onClick={() => void downloadFormalNotice(invoice.id, invoice.number).catch((err: unknown) => notify.error(errorMessage(err)))}
      >
        {t.formalNotice}
      </Button>
    </Flex>
  );
}
