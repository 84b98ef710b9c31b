// The quotes (/dashboard/orders/quotes) and samples (/dashboard/orders/samples) of the shop: the orders list filtered
// on their subtype (GET /orders?as=seller&subType=quote|sample; an agent's: as=agent), with a button to start a new
// one (/dashboard/orders/add?subType=…). Quotes show their number, validity and state (open, accepted, refused,
// expired: read from the order status).
import { useMemo } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { OrderSummary } from 'shared-kernel/contracts';
import { formatDate, statusInfo, type OrderStatus, type StatusColorGroup } from 'shared-kernel/domain';
import { LinkButton, ResourceTable, RowLink, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import { ACCESSIBLE_STATUS_COLORS } from 'shared-kernel/ui';
import { centsToEuros, formatCents, formatDateTime } from '../format';
import { fetchOrders, useOrders } from '../orders.queries';
import { StatusTag } from '../StatusTags';
import { texts, useTexts } from '../texts';
import { ordersList } from './filters';

/**
 * A list row of a quote or a sample. The quote number, validity and CRM client are not in the contract's OrderSummary
 * yet (see the issue report): shown when the api sends them, else the order number, '-' and the buyer.
 */
export type SalesOrderRow = OrderSummary & {
  quoteNumber?: string | null;
  validUntil?: string | null;
  client?: { id: number; name: string } | null;
};

type QuoteState = keyof typeof texts.desk.quoteStatus;
const QUOTE_STATE: Partial<Record<OrderStatus, QuoteState>> = {
  draft: 'draft',
  pending: 'open',
  validated: 'accepted',
  invoiced: 'accepted',
  refused: 'refused',
  expired: 'expired',
  cancelled: 'cancelled',
  aborted: 'cancelled',
};
const QUOTE_GROUP: Record<QuoteState, StatusColorGroup> = {
  draft: 'waiting',
  open: 'online',
  accepted: 'finished',
  refused: 'cancel',
  expired: 'cancel',
  cancelled: 'cancel',
};

export function QuoteStatusTag({ status }: { status: OrderStatus }) {
  const state = QUOTE_STATE[status];
  if (!state) return <StatusTag kind="order" status={status} />;
  return (
    <Tag data-group={QUOTE_GROUP[state]} style={ACCESSIBLE_STATUS_COLORS[QUOTE_GROUP[state]]}>
      {texts.desk.quoteStatus[state]}
    </Tag>
  );
}

const c = texts.columns;
const d = texts.desk;
const nowrap = { whiteSpace: 'nowrap' } as const;
type Columns = ColumnsFor<SalesOrderRow, typeof ordersList>;

function columnsOf(subType: 'quote' | 'sample'): Columns {
  const quote = subType === 'quote';
  return [
    {
      key: 'number',
      title: quote ? d.quoteNumber : c.number,
      dataIndex: 'number',
      sortKey: 'number',
      cardTitle: true,
      render: (n: string, o) => (
        <RowLink to={`/dashboard/orders/${o.id}`} style={nowrap}>
          {(quote && o.quoteNumber) || n}
        </RowLink>
      ),
      csv: (o) => (quote && o.quoteNumber) || o.number,
    },
    {
      key: 'client',
      title: c.client,
      render: (_: unknown, o) => o.client?.name ?? o.buyer.name,
      csv: (o) => o.client?.name ?? o.buyer.name,
    },
    {
      key: 'createdAt',
      title: c.date,
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (v: string) => <span style={nowrap}>{formatDateTime(v)}</span>,
      csv: (o) => formatDateTime(o.createdAt),
    },
    ...(quote
      ? [
          {
            key: 'validUntil',
            title: d.validUntil,
            dataIndex: 'validUntil',
            render: (v: string | null | undefined) => (v ? formatDate(v) : '-'),
            csv: (o: SalesOrderRow) => formatDate(o.validUntil),
          } satisfies Columns[number],
        ]
      : []),
    {
      key: 'totalTTC',
      title: c.totalTTC,
      dataIndex: 'totalTTC',
      sortKey: 'totalTTC',
      align: 'right',
      render: (v: number) => (
        <span style={nowrap} data-testid="order-total">
          {formatCents(v)}
        </span>
      ),
      csv: (o) => centsToEuros(o.totalTTC),
    },
    {
      key: 'status',
      title: c.status,
      dataIndex: 'status',
      render: (s: OrderStatus) => (
        <span data-testid="order-status">{quote ? <QuoteStatusTag status={s} /> : <StatusTag kind="order" status={s} />}</span>
      ),
      csv: (o) => {
        const state = QUOTE_STATE[o.status];
        return quote && state ? texts.desk.quoteStatus[state] : statusInfo('order', o.status).label;
      },
    },
  ];
}

export function SalesOrdersList({ subType }: { subType: 'quote' | 'sample' }) {
  const t = useTexts().desk;
  const mobile = useLayoutMode() === 'mobile';
  const role = useSession((s) => s.user?.role);
  const as = role === 'agent' ? 'agent' : 'seller';
  const list = useUrlListState(ordersList);
  const query = useOrders({ ...list.apiQuery, as, subType });
  const columns = useMemo(() => columnsOf(subType), [subType]);
  const quote = subType === 'quote';

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }} data-testid={`${subType}-list`}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {quote ? t.quotesTitle : t.samplesTitle}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query as typeof query & { data?: { items: SalesOrderRow[] } }}
        columns={columns}
        label={quote ? t.quotesLabel : t.samplesLabel}
        rowHref={(o) => `/dashboard/orders/${o.id}`}
        exportCsv={{
          filename: quote ? t.quotesCsv : t.samplesCsv,
          fetchPage: (q) => fetchOrders({ ...q, as, subType }),
        }}
        toolbar={
          <LinkButton type="primary" to={`/dashboard/orders/add?subType=${subType}`}>
            {quote ? t.newQuote : t.newSample}
          </LinkButton>
        }
        texts={{
          empty: quote ? t.quotesEmpty : t.samplesEmpty,
          emptyFiltered: quote ? t.quotesEmptyFiltered : t.samplesEmptyFiltered,
          total: quote ? t.quotesTotal : t.samplesTotal,
        }}
      />
    </Flex>
  );
}
