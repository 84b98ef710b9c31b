// The columns of the payments list (table, phone cards, CSV): date, client, direction, method, amount (a refund
// negative), reference, the invoices it settles with their lettering, and what became the client's credit.
import { Typography } from 'antd';
import { SALES_PAYMENT_METHOD_LABELS, SALES_PAYMENT_METHODS, type SalesPayment } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import type { ColumnsFor } from 'shared-kernel/kit';
import { salesPaymentMethodLabel } from '../../invoices/detail/InvoiceDrawer';
import { centsToEuros } from '../../orders/format';
import { texts } from '../texts';
import type { paymentsList } from './filters';

const t = texts.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;
const signed = (p: SalesPayment) => (p.direction === 'out' ? -p.amount : p.amount);

export const paymentColumns: ColumnsFor<SalesPayment, typeof paymentsList> = [
  {
    key: 'paidAt',
    title: t.date,
    dataIndex: 'paidAt',
    sortKey: 'paidAt',
    cardTitle: true,
    render: (d: string) => <span style={nowrap}>{formatDate(d)}</span>,
    csv: (p) => formatDate(p.paidAt),
  },
  { key: 'client', title: t.client, dataIndex: ['client', 'name'] },
  {
    key: 'direction',
    title: t.direction,
    dataIndex: 'direction',
    filterKey: 'direction',
    filterOptions: [
      { value: 'in', label: texts.directions.in },
      { value: 'out', label: texts.directions.out },
    ],
    render: (d: SalesPayment['direction']) => texts.directions[d],
    csv: (p) => texts.directions[p.direction],
  },
  {
    key: 'method',
    title: t.method,
    dataIndex: 'method',
    filterKey: 'method',
    filterOptions: SALES_PAYMENT_METHODS.map((m) => ({ value: m, label: SALES_PAYMENT_METHOD_LABELS[m] })),
    render: (m: string) => salesPaymentMethodLabel(m),
    csv: (p) => salesPaymentMethodLabel(p.method),
  },
  {
    key: 'amount',
    title: t.amount,
    dataIndex: 'amount',
    sortKey: 'amount',
    align: 'right',
    render: (_: number, p) => (
      <Typography.Text strong style={nowrap} type={p.direction === 'out' ? 'danger' : undefined} data-testid="payment-amount">
        {formatCents(signed(p))}
      </Typography.Text>
    ),
    csv: (p) => centsToEuros(signed(p)),
  },
  { key: 'reference', title: t.reference, dataIndex: 'reference', render: (r: string | null) => r ?? '-', csv: (p) => p.reference ?? '' },
  {
    key: 'allocations',
    title: t.invoices,
    render: (_: unknown, p) =>
      p.allocations.length === 0
        ? '-'
        : p.allocations.map((a) => (
            <div key={a.invoiceId} style={nowrap}>
              {a.number} · {formatCents(a.amount)}
              {a.lettering ? ` · ${a.lettering}` : ''}
            </div>
          )),
    csv: (p) => p.allocations.map((a) => `${a.number} (${centsToEuros(a.amount).toString().replace('.', ',')})`).join(' | '),
  },
  {
    key: 'unallocated',
    title: t.unallocated,
    dataIndex: 'unallocated',
    align: 'right',
    render: (c: number) => (c > 0 ? <span style={nowrap}>{formatCents(c)}</span> : '-'),
    csv: (p) => centsToEuros(p.unallocated),
  },
];
