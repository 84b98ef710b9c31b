// The columns of /dashboard/delivery (table, phone cards and CSV from the same definitions).
//
// Width: every column fits in the content of a 1366 px screen (1366 − the 181 px sidebar − 2 × 16 px of the main
// area − 2 × 16 px of the page − a 17 px scrollbar = 1104 px) and down to the narrowest desktop (1281 px: 1019 px),
// so the table's minimum width (DELIVERY_TABLE_MIN_WIDTH, its scroll.x) stays under both. To get there the bottles and
// the packages share one cell ('48 bouteilles', '4 colis' under it), the carrier and the shipping date sit under the delivery
// status, the short columns have their width and the text columns wrap. The actions column is pinned to the right
// (antd `fixed`): on a narrower screen (a tablet) where the table scrolls, the buttons stay in view. The CSV keeps one
// column a value (deliveryCsvColumns).
import { Typography } from 'antd';
import type { CSSProperties } from 'react';
import type { DeliveryItem } from 'shared-kernel/contracts';
import { formatDate, statusInfo } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor, type CsvColumn } from 'shared-kernel/kit';
import { StatusTag } from '../orders/StatusTags';
import { DeliveryActions } from './DeliveryActions';
import type { deliveriesList } from './filters';
import { texts } from './texts';

const t = texts.columns;
const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
const wrap: CSSProperties = { overflowWrap: 'anywhere' };
const secondary: CSSProperties = { display: 'block', fontSize: 12 };

/** The table's minimum width (ResourceTable scrollX): the sum of the fixed widths below plus room for the text columns. */
export const DELIVERY_TABLE_MIN_WIDTH = 1000;
/**
 * Fixed widths (px, the cells' 2 × 16 px padding included) of the columns that hold short values, the others share the
 * rest. Measured in Chromium with DejaVu Sans (wider than the usual system fonts): 'C2026-00016' 85 px, the longest
 * delivery tag ('En attente d’enlèvement') 146 px, '888 bouteilles' 96 px, the 'Bon de livraison' button 116 px.
 */
export const DELIVERY_COLUMN_WIDTHS = { number: 124, createdAt: 112, packages: 128, deliveryStatus: 180, actions: 156 } as const;

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
    width: DELIVERY_COLUMN_WIDTHS.number,
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
    width: DELIVERY_COLUMN_WIDTHS.createdAt,
    render: (v: string) => <span style={nowrap}>{formatDate(v)}</span>,
  },
  { key: 'client', title: t.client, dataIndex: ['client', 'name'], render: (name: string) => <span style={wrap}>{name}</span> },
  { key: 'city', title: t.city, dataIndex: 'city', render: (c: string | null) => <span style={wrap}>{c ?? '-'}</span> },
  {
    key: 'packages',
    title: t.packages,
    dataIndex: 'packages',
    width: DELIVERY_COLUMN_WIDTHS.packages,
    // '48 bouteilles' over '4 colis'
    render: (n: number, d) => (
      <span data-testid="delivery-packages">
        <span style={{ ...nowrap, display: 'block' }}>{texts.bottles(d.bottles)}</span>
        <span style={{ ...nowrap, display: 'block' }}>{texts.packages(n)}</span>
      </span>
    ),
  },
  {
    key: 'warehouse',
    title: t.warehouse,
    dataIndex: 'warehouse',
    render: (w: string | null) => <span style={wrap}>{w ?? '-'}</span>,
  },
  {
    key: 'deliveryStatus',
    title: t.status,
    dataIndex: 'deliveryStatus',
    width: DELIVERY_COLUMN_WIDTHS.deliveryStatus,
    // the status, then the carrier and tracking number and the date it left or arrived
    render: (s: string, d) => {
      const carrier = shipping(d);
      const date = shippingDate(d);
      return (
        <>
          <span data-testid="delivery-status">
            <StatusTag kind="delivery" status={s} />
          </span>
          {carrier && <span style={{ ...secondary, ...wrap, fontSize: 13, marginTop: 4 }}>{carrier}</span>}
          {date && (
            <Typography.Text type="secondary" style={secondary}>
              {date}
            </Typography.Text>
          )}
        </>
      );
    },
  },
  {
    key: 'actions',
    title: t.actions,
    width: DELIVERY_COLUMN_WIDTHS.actions,
    fixed: 'right',
    render: (_: unknown, d) => <DeliveryActions item={d} onShip={onShip} />,
  },
];

/** The CSV: one value a column (the table shares some cells). */
export const deliveryCsvColumns: readonly CsvColumn<DeliveryItem>[] = [
  { title: t.number, value: (d) => d.number },
  { title: t.date, value: (d) => formatDate(d.createdAt) },
  { title: t.client, value: (d) => d.client.name },
  { title: t.city, value: (d) => d.city ?? '' },
  { title: t.bottles, value: (d) => d.bottles },
  { title: t.packages, value: (d) => d.packages },
  { title: t.warehouse, value: (d) => d.warehouse ?? '' },
  { title: t.status, value: (d) => statusInfo('delivery', d.deliveryStatus).label },
  { title: t.carrier, value: (d) => shipping(d) },
];
