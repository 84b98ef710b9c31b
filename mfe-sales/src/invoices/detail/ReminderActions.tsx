// The unpaid follow-up of an overdue invoice (the unpaids list and the invoice drawer): 'Relancer' (a reminder mail
// now, the next level: POST /sales/invoices/:id/remind, confirmed first) and 'Mise en demeure (PDF)' (the formal
// notice letter: GET /sales/invoices/:id/formal-notice.pdf).
import { Button, Flex } from 'antd';
import type { InvoiceSummary } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { useAction } from 'shared-kernel/kit';
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
  // a refusal says why: 409 paid or not due any more, 400 the client has no e-mail address
  const reminding = useAction({
    run: () => remind.mutateAsync(invoice.id),
    confirm: {
      title: t.confirmTitle(invoice.number),
      content: t.confirmContent(invoice.client.name, formatCents(invoice.remaining)),
      okText: t.remind,
    },
    success: (r) => r.message,
  });
  const formalNotice = useAction({ run: () => downloadFormalNotice(invoice.id, invoice.number) });

  return (
    <Flex wrap gap={8} role="group" aria-label={t.actionsOf(invoice.number)}>
      <Button size={size} onClick={() => void reminding.run()} loading={reminding.pending}>
        {t.remind}
      </Button>
      <Button size={size} onClick={() => void formalNotice.run()}>
        {t.formalNotice}
      </Button>
    </Flex>
  );
}
