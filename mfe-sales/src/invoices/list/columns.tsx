// The columns of the invoice lists (table, phone cards and CSV from the same definitions). Invoices and deposit
// invoices: number, date, client, order, HT, TTC, remaining, payment status, due date, days overdue. Credit notes:
// number, date, client, invoice credited, order, TTC, credit status. The open-invoice screens (outstandings, unpaids)
// add the last reminder.
import { Typography } from 'antd';
import { INVOICE_PAYMENT_STATUSES, type InvoiceKind, type InvoiceSummary } from 'shared-kernel/contracts';
import { formatCents, formatDate, statusInfo } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { centsToEuros } from '../../orders/format';
import { isOverdue, ReminderActions } from '../detail/ReminderActions';
import { InvoiceStatusTag, paymentStatusLabel } from '../InvoiceTags';
import { texts } from '../texts';
import type { invoicesList, openInvoicesList } from './filters';

export type InvoiceColumns = ColumnsFor<InvoiceSummary, typeof invoicesList>;
export type OpenInvoiceColumns = ColumnsFor<InvoiceSummary, typeof openInvoicesList>;
/** A column of both lists (their header filters are the ones they share). */
type Column = OpenInvoiceColumns[number];

const t = texts.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;
const money = (key: 'totalHT' | 'totalTTC' | 'remaining' | 'paid', title: string, sortKey?: 'totalTTC' | 'remaining'): Column => ({
  key,
  title,
  dataIndex: key,
  sortKey,
  align: 'right',
  render: (c: number) => (
    <span style={nowrap} data-testid={`invoice-${key}`}>
      {formatCents(c)}
    </span>
  ),
  csv: (i) => centsToEuros(i[key]),
});

const number: Column = {
  key: 'number',
  title: t.number,
  dataIndex: 'number',
  sortKey: 'number',
  cardTitle: true,
  render: (n: string) => (
    <Typography.Text strong style={nowrap}>
      {n}
    </Typography.Text>
  ),
};
const date: Column = {
  key: 'issuedAt',
  title: t.date,
  dataIndex: 'issuedAt',
  sortKey: 'issuedAt',
  render: (d: string) => <span style={nowrap}>{formatDate(d)}</span>,
  csv: (i) => formatDate(i.issuedAt),
};
const client: Column = { key: 'client', title: t.client, dataIndex: ['client', 'name'] };
const order: Column = {
  key: 'order',
  title: t.order,
  dataIndex: 'orderNumber',
  render: (n: string | null, i) => (i.orderId ? <RowLink to={`/dashboard/orders/${i.orderId}`}>{n ?? `#${i.orderId}`}</RowLink> : '-'),
  csv: (i) => i.orderNumber ?? '',
};
const status: Column = {
  key: 'status',
  title: t.status,
  dataIndex: 'paymentStatus',
  filterKey: 'paymentStatus',
  filterOptions: INVOICE_PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabel(s) })),
  render: (_: unknown, i) => <InvoiceStatusTag invoice={i} />,
  csv: (i) => paymentStatusLabel(i.paymentStatus),
};
const dueDate: Column = {
  key: 'dueDate',
  title: t.dueDate,
  dataIndex: 'dueDate',
  sortKey: 'dueDate',
  render: (d: string | null) => <span style={nowrap}>{d ? formatDate(d) : '-'}</span>,
  csv: (i) => formatDate(i.dueDate),
};
const overdue: Column = {
  key: 'overdueDays',
  title: t.overdue,
  dataIndex: 'overdueDays',
  align: 'right',
  render: (n: number) =>
    n > 0 ? (
      <Typography.Text type="danger" style={nowrap} data-testid="invoice-overdue">
        {t.overdueDays(n)}
      </Typography.Text>
    ) : (
      '-'
    ),
};
const lastReminder: Column = {
  key: 'lastReminderAt',
  title: t.lastReminder,
  dataIndex: 'lastReminderAt',
  render: (d: string | null, i) => (d ? t.reminder(formatDate(d), i.reminderLevel) : '-'),
  csv: (i) => (i.lastReminderAt ? t.reminder(formatDate(i.lastReminderAt), i.reminderLevel) : ''),
};
const reminderActions: Column = {
  key: 'actions',
  title: t.actions,
  csv: false,
  render: (_: unknown, i) => (isOverdue(i) ? <ReminderActions invoice={i} size="small" /> : null),
};

export function invoiceColumns(kind: InvoiceKind): InvoiceColumns {
  if (kind === 'credit') {
    return [
      number,
      date,
      client,
      {
        key: 'relatedInvoice',
        title: t.invoice,
        dataIndex: ['relatedInvoice', 'number'],
        render: (n: string | undefined) => n ?? '-',
      },
      order,
      money('totalTTC', t.totalTTC, 'totalTTC'),
      {
        key: 'creditStatus',
        title: t.creditStatus,
        dataIndex: 'creditStatus',
        render: (_: unknown, i) => <InvoiceStatusTag invoice={i} />,
        csv: (i) => statusInfo('credit', i.creditStatus).label,
      },
    ];
  }
  return [
    number,
    date,
    client,
    order,
    money('totalHT', t.totalHT),
    money('totalTTC', t.totalTTC, 'totalTTC'),
    money('remaining', t.remaining, 'remaining'),
    status,
    dueDate,
    overdue,
  ];
}

/** Outstandings and unpaids: what is owed and since when; the unpaids add the last reminder and the follow-up actions. */
export function openInvoiceColumns(withReminder: boolean): OpenInvoiceColumns {
  return [
    number,
    client,
    date,
    dueDate,
    overdue,
    money('totalTTC', t.totalTTC, 'totalTTC'),
    money('paid', t.paid),
    money('remaining', t.remaining, 'remaining'),
    ...(withReminder ? [lastReminder, reminderActions] : [status]),
  ];
}
