// The per-client table of a campaign: ordered, invoiced, paid and still to deliver (cents TTC and bottles), each
// client's orders below it with their deposit invoice, final invoice and 'Livrer' while the order is to deliver.
// Phones (≤ 600 px) get one card per client.
import { Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { FuturesClientOrder, FuturesClientRow, FuturesTotals } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { RowLink, useAction } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useDeliverFuturesOrder } from '../futures.queries';
import { useTexts } from '../texts';

const nowrap = { whiteSpace: 'nowrap' } as const;
const STATE_COLOR: Record<FuturesClientOrder['state'], string> = { toDeliver: 'gold', delivered: 'green', cancelled: 'default' };

function DeliverButton({ order }: { order: FuturesClientOrder }) {
  const t = useTexts().detail;
  const deliver = useDeliverFuturesOrder();
  const delivering = useAction({
    run: () => deliver.mutateAsync({ orderId: order.orderId }),
    confirm: { title: t.deliverTitle(order.number), content: t.deliverContent, okText: t.deliver },
    success: (r) => r.message,
  });
  return (
    <Button size="small" loading={delivering.pending} onClick={() => void delivering.run()}>
      {t.deliver}
    </Button>
  );
}

function OrderLine({ order, canWrite }: { order: FuturesClientOrder; canWrite: boolean }) {
  const t = useTexts().detail;
  return (
    <Flex wrap gap={8} align="center" data-testid={`futures-order-${order.orderId}`}>
      <RowLink to={`/dashboard/orders/${order.orderId}`}>{order.number}</RowLink>
      <Typography.Text type="secondary">{formatDate(order.createdAt)}</Typography.Text>
      <Tag color={STATE_COLOR[order.state]}>{t.states[order.state]}</Tag>
      <span>{t.bottles(order.bottles)}</span>
      <span style={nowrap}>{formatCents(order.totalTTC)}</span>
      {order.deposit && (
        <span>
          {t.deposit} {order.deposit.number} ({formatCents(order.deposit.totalTTC)})
        </span>
      )}
      {order.invoice && (
        <span>
          {t.invoice} {order.invoice.number} ({formatCents(order.invoice.amountDue)})
        </span>
      )}
      {canWrite && order.state === 'toDeliver' && <DeliverButton order={order} />}
    </Flex>
  );
}

function Figures({ row }: { row: FuturesTotals }) {
  const t = useTexts().detail;
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', margin: 0 }}>
      <dt>{t.ordered}</dt>
      <dd style={{ margin: 0 }}>
        {formatCents(row.orderedTTC)} · {t.bottles(row.bottles)}
      </dd>
      <dt>{t.invoiced}</dt>
      <dd style={{ margin: 0 }}>{formatCents(row.invoicedTTC)}</dd>
      <dt>{t.paid}</dt>
      <dd style={{ margin: 0 }}>{formatCents(row.paidTTC)}</dd>
      <dt>{t.toDeliver}</dt>
      <dd style={{ margin: 0 }}>
        {formatCents(row.toDeliverTTC)} · {t.bottles(row.bottlesToDeliver)}
      </dd>
    </dl>
  );
}

export function ClientsTable({ rows, canWrite }: { rows: FuturesClientRow[]; canWrite: boolean }) {
  const t = useTexts().detail;
  const mobile = useLayoutMode() === 'mobile';
  if (!rows.length) return <Empty description={t.noOrder} />;
  if (mobile)
    return (
      <Flex vertical gap={8}>
        {rows.map((r) => (
          <Card key={`${r.client.id}-${r.orderList[0]?.orderId}`} size="small" title={r.client.name}>
            <Figures row={r} />
            <Flex vertical gap={6} style={{ marginTop: 8 }}>
              {r.orderList.map((o) => (
                <OrderLine key={o.orderId} order={o} canWrite={canWrite} />
              ))}
            </Flex>
          </Card>
        ))}
      </Flex>
    );
  const money = (key: 'orderedTTC' | 'invoicedTTC' | 'paidTTC' | 'toDeliverTTC', title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (c: number) => <span style={nowrap}>{formatCents(c)}</span>,
  });
  return (
    <Table<FuturesClientRow>
      size="small"
      pagination={false}
      rowKey={(r) => `${r.client.id}-${r.orderList[0]?.orderId}`}
      dataSource={rows}
      scroll={{ x: 900 }}
      expandable={{
        defaultExpandAllRows: true,
        expandedRowRender: (r) => (
          <Flex vertical gap={6}>
            {r.orderList.map((o) => (
              <OrderLine key={o.orderId} order={o} canWrite={canWrite} />
            ))}
          </Flex>
        ),
      }}
      columns={[
        { key: 'client', title: t.client, dataIndex: ['client', 'name'] },
        { key: 'bottles', title: t.ordered, dataIndex: 'bottles', align: 'right', render: (n: number) => t.bottles(n) },
        money('orderedTTC', `${t.ordered} TTC`),
        money('invoicedTTC', t.invoiced),
        money('paidTTC', t.paid),
        {
          key: 'bottlesToDeliver',
          title: t.toDeliver,
          dataIndex: 'bottlesToDeliver',
          align: 'right',
          render: (n: number) => t.bottles(n),
        },
        money('toDeliverTTC', `${t.toDeliver} TTC`),
      ]}
    />
  );
}

export { Figures };
