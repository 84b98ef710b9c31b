// The columns of the orders and reservations lists: the staff table, the cards (buyers, and everyone on a phone) and
// the CSV export are rendered from them. Staff see the buyer; buyers see the producer. Reservations add the booked
// slots of each row, read from the list answer itself (no detail request per row).
import { Typography } from 'antd';
import type { OrderSummary } from 'shared-kernel/contracts';
import { statusInfo } from 'shared-kernel/domain';
import { csvColumnsOf, RowLink, type ColumnsFor, type CsvColumn, type ResourceColumn } from 'shared-kernel/kit';
import { bookedSlotLabel, centsToEuros, formatCents, formatDateTime, placesLabel } from '../format';
import { KIND_BASE, type OrderKind } from '../orders.queries';
import { StatusTag } from '../StatusTags';
import { texts } from '../texts';
import type { ordersList } from './filters';

export type OrderColumns = ColumnsFor<OrderSummary, typeof ordersList>;
type Column = OrderColumns[number];
/** Who reads the list: the shop's staff (owner, iam, agent) or a buyer (their orders across shops). */
export type OrdersView = 'staff' | 'buyer';

const t = texts.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Event, slot and places of each booked slot, from the list answer. */
function BookedSlots({ order }: { order: OrderSummary }) {
  if (order.reservations.length === 0) return <>-</>;
  return (
    <ul className="wz-sales-resa" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {order.reservations.map((r, i) => (
        <li key={`${r.eventId ?? 'x'}-${r.slotId ?? 'x'}-${i}`} data-testid="reservation-summary">
          <Typography.Text strong>{r.eventTitle}</Typography.Text>
          {r.slotLabel ? ` · ${r.slotLabel}` : ''} · {placesLabel(r.places)}
        </li>
      ))}
    </ul>
  );
}

export function orderColumns(kind: OrderKind, view: OrdersView): OrderColumns {
  const base = KIND_BASE[kind];
  const number: Column = {
    key: 'number',
    title: t.number,
    dataIndex: 'number',
    sortKey: 'number',
    cardTitle: true,
    render: (n: string, o) => (
      <RowLink to={`${base}/${o.id}`} style={nowrap}>
        {n}
      </RowLink>
    ),
  };
  const date: Column = {
    key: 'createdAt',
    title: t.date,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    render: (d: string) => <span style={nowrap}>{formatDateTime(d)}</span>,
    csv: (o) => formatDateTime(o.createdAt),
  };
  const party: Column =
    view === 'staff'
      ? {
          key: 'buyer',
          title: t.client,
          render: (_: unknown, o) => (
            <>
              <div>{o.buyer.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.buyer.email}
              </Typography.Text>
            </>
          ),
          csv: (o) => o.buyer.name,
        }
      : { key: 'shop', title: t.shop, dataIndex: ['shop', 'name'] };
  const booked: Column[] =
    kind === 'reservation'
      ? [
          {
            key: 'reservations',
            title: t.reservation,
            render: (_: unknown, o) => <BookedSlots order={o} />,
            csv: (o) => o.reservations.map(bookedSlotLabel).join(' | '),
          },
        ]
      : [];
  return [
    number,
    date,
    party,
    ...booked,
    {
      key: 'status',
      title: t.status,
      dataIndex: 'status',
      render: (s: string) => (
        <span data-testid="order-status">
          <StatusTag kind="order" status={s} />
        </span>
      ),
      csv: (o) => statusInfo('order', o.status).label,
    },
    {
      key: 'paymentStatus',
      title: t.payment,
      dataIndex: 'paymentStatus',
      render: (s: string) => (
        <span data-testid="payment-status">
          <StatusTag kind="payment" status={s} />
        </span>
      ),
      csv: (o) => statusInfo('payment', o.paymentStatus).label,
    },
    {
      key: 'totalTTC',
      title: t.totalTTC,
      dataIndex: 'totalTTC',
      sortKey: 'totalTTC',
      align: 'right',
      render: (c: number) => (
        <span data-testid="order-total" style={nowrap}>
          {formatCents(c)}
        </span>
      ),
      csv: (o) => centsToEuros(o.totalTTC),
    },
  ];
}

/** The CSV of the staff list: the table's columns, the buyer's e-mail in a column of its own after the name. */
export function orderCsvColumns(columns: OrderColumns): CsvColumn<OrderSummary>[] {
  return csvColumnsOf(columns as readonly ResourceColumn<OrderSummary>[]).flatMap((c) =>
    c.title === t.client ? [c, { title: t.email, value: (o: OrderSummary) => o.buyer.email }] : [c],
  );
}
