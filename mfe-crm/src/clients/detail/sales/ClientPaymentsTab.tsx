// 'Règlements' tab of the client file: the payments received from (and refunds made to) the client, 10 a page, with
// the invoices each settles and what is left as the client's credit.
import { Tag } from 'antd';
import { SALES_PAYMENT_METHOD_LABELS, type SalesPayment, type SalesPaymentMethod } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { useClientPayments } from './client-sales.queries';
import { clientPaymentsList, LIST_PREFIX } from './filters';
import { useTexts } from './texts';

const methodLabel = (m: string) => SALES_PAYMENT_METHOD_LABELS[m as SalesPaymentMethod] ?? m;

export function ClientPaymentsTab({ clientId }: { clientId: number }) {
  const t = useTexts();
  const list = useUrlListState(clientPaymentsList, { prefix: LIST_PREFIX.payments });
  const query = useClientPayments({ ...list.apiQuery, clientId });
  const columns: ColumnsFor<SalesPayment, typeof clientPaymentsList> = [
    {
      key: 'paidAt',
      title: t.paidAt,
      dataIndex: 'paidAt',
      sortKey: 'paidAt',
      cardTitle: true,
      render: (d: string) => formatDate(d),
    },
    {
      key: 'direction',
      title: t.direction,
      dataIndex: 'direction',
      render: (d: SalesPayment['direction']) => <Tag color={d === 'out' ? 'orange' : 'green'}>{t.directions[d]}</Tag>,
      csv: (p) => t.directions[p.direction],
    },
    { key: 'method', title: t.method, dataIndex: 'method', render: (m: string) => methodLabel(m), csv: (p) => methodLabel(p.method) },
    {
      key: 'amount',
      title: t.amount,
      dataIndex: 'amount',
      sortKey: 'amount',
      align: 'right',
      render: (v: number, p) => (p.direction === 'out' ? `−${formatCents(v)}` : formatCents(v)),
    },
    { key: 'reference', title: t.reference, dataIndex: 'reference', render: (r: string | null) => r || '—' },
    {
      key: 'allocations',
      title: t.allocations,
      dataIndex: 'allocations',
      render: (a: SalesPayment['allocations']) =>
        a.length ? (
          <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {a.map((x) => (
              <li key={x.invoiceId}>
                {x.number} · {formatCents(x.amount)}
                {x.lettering ? ` · ${x.lettering}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          '—'
        ),
      csv: (p) => p.allocations.map((x) => x.number).join(', '),
    },
    {
      key: 'unallocated',
      title: t.unallocated,
      dataIndex: 'unallocated',
      align: 'right',
      render: (v: number) => (v > 0 ? formatCents(v) : '—'),
    },
  ];
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={columns}
      label={t.paymentsLabel}
      scrollX={800}
      texts={{ empty: t.noPayments, total: t.paymentsTotal }}
    />
  );
}
