// Status tags of the sales documents in the accessible colours of shared-kernel/ui: payment of an invoice (to pay,
// partly paid, paid; overdue in the error colour), credit notes with the §4 credit statuses.
import { Tag } from 'antd';
import type { InvoicePaymentStatus, InvoiceSummary } from 'shared-kernel/contracts';
import { type StatusColorGroup } from 'shared-kernel/domain';
import { ACCESSIBLE_STATUS_COLORS, StatusTag } from 'shared-kernel/ui';
import { texts } from './texts';

const GROUP: Record<InvoicePaymentStatus, StatusColorGroup> = { pending: 'waiting', partial: 'online', paid: 'finished' };

export const paymentStatusLabel = (s: InvoicePaymentStatus): string => texts.paymentStatuses[s];

export function InvoicePaymentTag({ status, overdue = false }: { status: InvoicePaymentStatus; overdue?: boolean }) {
  const group = overdue && status !== 'paid' ? 'error' : GROUP[status];
  return (
    <Tag data-group={group} style={ACCESSIBLE_STATUS_COLORS[group]}>
      {paymentStatusLabel(status)}
    </Tag>
  );
}

/** The status of a document: credit status for a credit note, else its payment status. */
export function InvoiceStatusTag({
  invoice,
}: {
  invoice: Pick<InvoiceSummary, 'kind' | 'paymentStatus' | 'creditStatus' | 'overdueDays'>;
}) {
  if (invoice.kind === 'credit') return <StatusTag kind="credit" status={invoice.creditStatus} />;
  return <InvoicePaymentTag status={invoice.paymentStatus} overdue={invoice.overdueDays > 0} />;
}
