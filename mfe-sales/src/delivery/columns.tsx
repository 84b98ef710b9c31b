// The columns of /dashboard/delivery (table, phone cards and CSV from the same definitions).
import { Typography } from 'antd';
import type { DeliveryItem } from 'shared-kernel/contracts';
import { formatDate, statusInfo } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { StatusTag } from '../orders/StatusTags';
import { DeliveryActions } from './DeliveryActions';
import type { deliveriesList } from './filters';
import { texts } from './texts';

const t = texts.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;

const shipping = (d: DeliveryItem): string => [d.carrier, d.trackingNumber].filter(Boolean).join(' · ');
const shippingDate = (d: DeliveryItem): string | null =>
  d.deliveredAt ? texts.deliveredAt(formatDate(d.deliveredAt)) : d.shippedAt ? texts.shippedAt(formatDate(d.shippedAt)) : null;

/** The columns; `onShip` opens the ship dialog of a row (rendered by the page, outside the table). */
export const deliveryColumns = (onShip: (item: DeliveryItem) => void): ColumnsFor<DeliveryItem, typeof deliveriesList> => [
  {
    key: 'number',
    title: t.number,
    dataIndex: 'number',
    sortKey: 'number',
    cardTitle: true,
    render: (n: string, d) => (
      <RowLink to={`/dashboard/orders/${d.orderId}`} style={nowrap}>
        {n}
      </RowLink>
    ),
  },
  {
    key: 'createdAt',
    title: t.date,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    render: (v: string) => <span style={nowrap}>{formatDate(v)}</span>,
    csv: (d) => formatDate(d.createdAt),
  },
  { key: 'client', title: t.client, dataIndex: ['client', 'name'] },
  { key: 'city', title: t.city, dataIndex: 'city', render: (c: string | null) => c ?? '-', csv: (d) => d.city ?? '' },
  { key: 'bottles', title: t.bottles, dataIndex: 'bottles', align: 'right' },
  {
    key: 'packages',
    title: t.packages,
    dataIndex: 'packages',
    align: 'right',
    render: (n: number) => <span style={nowrap}>{texts.packages(n)}</span>,
  },
  { key: 'warehouse', title: t.warehouse, dataIndex: 'warehouse', render: (w: string | null) => w ?? '-', csv: (d) => d.warehouse ?? '' },
  {
    key: 'deliveryStatus',
    title: t.status,
    dataIndex: 'deliveryStatus',
    render: (s: string) => (
      <span data-testid="delivery-status">
        <StatusTag kind="delivery" status={s} />
      </span>
    ),
    csv: (d) => statusInfo('delivery', d.deliveryStatus).label,
  },
  {
    key: 'carrier',
    title: t.carrier,
    dataIndex: 'carrier',
    render: (_: unknown, d) => {
      const date = shippingDate(d);
      if (!shipping(d) && !date) return '-';
      return (
        <>
          <span style={{ overflowWrap: 'anywhere' }}>{shipping(d) || '-'}</span>
          {date && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {date}
            </Typography.Text>
          )}
        </>
      );
    },
    csv: (d) => shipping(d),
  },
  {
    key: 'actions',
    title: t.actions,
    csv: false,
    render: (_: unknown, d) => <DeliveryActions item={d} onShip={onShip} />,
  },
];
