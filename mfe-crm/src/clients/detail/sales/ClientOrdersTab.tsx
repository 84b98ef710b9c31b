// 'Commandes' and 'Devis' tabs of the client file: the shop's orders (or quotes) of this client, 10 a page, each
// opening /dashboard/orders/:id. An agent sees the orders credited to them (as=agent), the shop's staff all (as=seller).
import { Tag } from 'antd';
import { SALES_ORDER_SUBTYPE_LABELS, type OrderSummary } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { ResourceTable, RowLink, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { StatusTag } from 'shared-kernel/ui';
import { useClientOrders } from './client-sales.queries';
import { clientOrdersList, LIST_PREFIX } from './filters';
import { useTexts } from './texts';

export function ClientOrdersTab({ clientId, as, quotes = false }: { clientId: number; as: 'seller' | 'agent'; quotes?: boolean }) {
  const t = useTexts();
  const list = useUrlListState(clientOrdersList, { prefix: quotes ? LIST_PREFIX.quotes : LIST_PREFIX.orders });
  const query = useClientOrders({ ...list.apiQuery, as, clientId, ...(quotes ? { subType: 'quote' as const } : {}) });
  const columns: ColumnsFor<OrderSummary, typeof clientOrdersList> = [
    {
      key: 'number',
      title: t.number,
      dataIndex: 'number',
      sortKey: 'number',
      cardTitle: true,
      render: (n: string, o) => <RowLink to={`/dashboard/orders/${o.id}`}>{n}</RowLink>,
    },
    { key: 'createdAt', title: t.date, dataIndex: 'createdAt', sortKey: 'createdAt', render: (d: string) => formatDate(d) },
    ...(quotes
      ? []
      : [
          {
            key: 'subType',
            title: t.type,
            dataIndex: 'subType',
            render: (s: OrderSummary['subType']) =>
              s && s !== 'order' ? <Tag>{SALES_ORDER_SUBTYPE_LABELS[s]}</Tag> : SALES_ORDER_SUBTYPE_LABELS.order,
            csv: (o: OrderSummary) => SALES_ORDER_SUBTYPE_LABELS[o.subType ?? 'order'],
          },
        ]),
    {
      key: 'status',
      title: t.status,
      dataIndex: 'status',
      render: (s: OrderSummary['status']) => <StatusTag kind="order" status={s} />,
    },
    ...(quotes
      ? []
      : [
          {
            key: 'paymentStatus',
            title: t.payment,
            dataIndex: 'paymentStatus',
            render: (s: OrderSummary['paymentStatus']) => <StatusTag kind="payment" status={s} />,
          },
        ]),
    {
      key: 'totalTTC',
      title: t.totalTTC,
      dataIndex: 'totalTTC',
      sortKey: 'totalTTC',
      align: 'right',
      render: (v: number) => formatCents(v),
    },
  ];
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={columns}
      label={quotes ? t.quotesLabel : t.ordersLabel}
      rowHref={(o) => `/dashboard/orders/${o.id}`}
      scrollX={600}
      texts={{ empty: quotes ? t.noQuotes : t.noOrders, total: quotes ? t.quotesTotal : t.ordersTotal }}
    />
  );
}
