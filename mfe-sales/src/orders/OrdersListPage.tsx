// /dashboard/orders and /dashboard/reservations (kind=reservation).
// Staff (owner, iam with seeAllOrder): the shop's orders in a table paginated on the server; agents get the same
// read-only table with the orders they placed themselves (the api has no shop view for agents).
// Reservations: each row's event, slot and places come from the list answer (`reservations`), no detail request.
// Buyers: 'Mes commandes', cards across shops. Phones: cards for everyone (no horizontal scroll).
// page, pageSize and status live in the URL query so reload and back keep them.
import { useCallback, useEffect, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'shared-kernel/router';
import { Button, Empty, Pagination, Result, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import type { OrderSummary } from 'shared-kernel/contracts';
import { ORDER_STATUSES, ORDER_STATUS, type OrderStatus } from 'shared-kernel/domain';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import {
  COMMON, DEFAULT_PAGE_SIZE, PAGE_SIZES, TEXTS, formatCents, formatDateTime, placesLabel, positiveInt,
} from './format';
import { errorMessage, useOrders, type OrderKind, type OrderListParams } from './orders-api';
import { OrderStatusTags, StatusTag } from './StatusTags';
import { withQueryScope } from 'shared-kernel/query';

const MAX_PAGE_SIZE = Math.max(...PAGE_SIZES);

/** page, pageSize and status from the URL query (invalid values fall back to the defaults). */
export function useListParams(kind: OrderKind) {
  const [search, setSearch] = useSearchParams();
  const rawStatus = search.get('status');
  const status = rawStatus && (ORDER_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as OrderStatus) : undefined;
  const params: OrderListParams = {
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    status,
    kind,
  };
  const update = useCallback(
    (patch: { page?: number; pageSize?: number; status?: OrderStatus | null }) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        const set = (key: string, value: number | string | null | undefined, dflt?: number) => {
          if (value === null || value === undefined || value === dflt) next.delete(key);
          else next.set(key, String(value));
        };
        if ('page' in patch) set('page', patch.page, 1);
        if ('pageSize' in patch) set('pageSize', patch.pageSize, DEFAULT_PAGE_SIZE);
        if ('status' in patch) set('status', patch.status);
        return next;
      });
    },
    [setSearch],
  );
  return { params, update };
}

/** Event, slot and places of each booked slot, from the list answer itself (no detail request per row). */
function reservationSummary(o: OrderSummary) {
  const resas = o.reservations ?? [];
  if (resas.length === 0) return '-';
  return (
    <ul className="wz-sales-resa" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {resas.map((r, i) => (
        <li key={`${r.eventId ?? 'x'}-${r.slotId ?? 'x'}-${i}`} data-testid="reservation-summary">
          <strong>{r.eventTitle}</strong>
          {r.slotLabel ? ` · ${r.slotLabel}` : ''} · {placesLabel(r.places)}
        </li>
      ))}
    </ul>
  );
}

function StatusFilter({ kind, value, onChange }: { kind: OrderKind; value?: OrderStatus; onChange: (s: OrderStatus | null) => void }) {
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <span>{COMMON.statusFilter}</span>
      <Select<OrderStatus>
        aria-label={COMMON.statusFilter}
        data-testid={`${kind}-status-filter`}
        style={{ minWidth: 200 }}
        allowClear
        placeholder={COMMON.allStatuses}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS[s].label }))}
      />
    </label>
  );
}

/** Cards (buyers everywhere, staff on phones): each card is a link to the detail. */
function OrderCards({ items, kind, staff, from }: { items: OrderSummary[]; kind: OrderKind; staff: boolean; from: string }) {
  return (
    <ul className="wz-sales-cards" aria-label={TEXTS[kind].listLabel} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
      {items.map((o) => (
        <li key={o.id} data-testid="order-card">
          <Link
            to={`${TEXTS[kind].base}/${o.id}`}
            state={{ from }}
            aria-label={`${kind === 'order' ? 'Commande' : 'Réservation'} ${o.number}`}
            className="wz-sales-card"
            style={{ display: 'block', padding: 12, border: '1px solid #e5e5e5', borderRadius: 8, background: '#fff', color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <strong style={{ overflowWrap: 'anywhere' }}>N° {o.number}</strong>
              <strong data-testid="order-total">{formatCents(o.totalTTC)}</strong>
            </div>
            <div style={{ color: '#555', overflowWrap: 'anywhere' }}>{staff ? o.buyer.name : o.shop.name}</div>
            <div style={{ color: '#555' }}>{formatDateTime(o.createdAt)}</div>
            {kind === 'reservation' && <div style={{ marginTop: 4 }}>{reservationSummary(o)}</div>}
            <div style={{ marginTop: 6 }}>
              <OrderStatusTags status={o.status} paymentStatus={o.paymentStatus} captions />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OrdersList({ kind }: { kind: OrderKind }) {
  const user = useSession((s) => s.user);
  const staff = !!user && user.role !== 'buyer';
  const mode = useLayoutMode();
  const navigate = useNavigate();
  const location = useLocation();
  const { params, update } = useListParams(kind);
  const query = useOrders(params);
  const texts = TEXTS[kind];
  const items = query.data?.items ?? [];
  const from = location.search;
  const cards = !staff || mode === 'mobile';

  const open = useCallback((o: OrderSummary) => navigate(`${texts.base}/${o.id}`, { state: { from } }), [navigate, texts.base, from]);

  const columns = useMemo<TableColumnsType<OrderSummary>>(() => {
    const cols: TableColumnsType<OrderSummary> = [
      {
        title: 'N°', dataIndex: 'number', key: 'number',
        render: (n: string, o) => (
          <Link to={`${texts.base}/${o.id}`} state={{ from }} onClick={(e: MouseEvent) => e.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>{n}</Link>
        ),
      },
      { title: 'Date', dataIndex: 'createdAt', key: 'createdAt', render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d)}</span> },
      {
        title: 'Client', key: 'buyer',
        render: (_: unknown, o) => (
          <>
            <div>{o.buyer.name}</div>
            <div style={{ color: '#595959', fontSize: 12 }}>{o.buyer.email}</div>
          </>
        ),
      },
    ];
    if (kind === 'reservation') cols.push({ title: 'Réservation', key: 'resa', render: (_: unknown, o) => reservationSummary(o) });
    cols.push(
      { title: 'Statut', dataIndex: 'status', key: 'status', render: (st: string) => <span data-testid="order-status"><StatusTag kind="order" status={st} /></span> },
      { title: 'Paiement', dataIndex: 'paymentStatus', key: 'paymentStatus', render: (st: string) => <span data-testid="payment-status"><StatusTag kind="payment" status={st} /></span> },
      { title: 'Total TTC', dataIndex: 'totalTTC', key: 'totalTTC', align: 'right', render: (c: number) => <span data-testid="order-total" style={{ whiteSpace: 'nowrap' }}>{formatCents(c)}</span> },
    );
    return cols;
  }, [kind, texts.base, from]);

  const total = query.data?.total ?? 0;
  // A page past the end (old link, orders gone meanwhile): go to the last page that exists.
  const lastPage = Math.max(1, Math.ceil(total / params.pageSize));
  const pastEnd = !!query.data && !query.isPlaceholderData && items.length === 0 && total > 0 && params.page > lastPage;
  useEffect(() => {
    if (pastEnd) update({ page: lastPage });
  }, [pastEnd, lastPage, update]);
  const onPage = (page: number, pageSize: number) => update(pageSize !== params.pageSize ? { page: 1, pageSize } : { page });

  let body: React.ReactNode;
  if (query.isError && !query.data) {
    body = (
      <Result
        status="error"
        title={COMMON.loadError}
        subTitle={errorMessage(query.error)}
        extra={<Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>{COMMON.retry}</Button>}
      />
    );
  } else if (!query.data) {
    body = cards ? <Skeleton active paragraph={{ rows: 6 }} /> : <Table<OrderSummary> rowKey="id" loading columns={columns} dataSource={[]} pagination={false} />;
  } else if (items.length === 0 && total === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={params.status ? texts.emptyFiltered : staff ? texts.empty : (
          <>
            <div style={{ fontWeight: 600 }}>{texts.empty}</div>
            <div>{texts.buyerEmptyHint}</div>
          </>
        )}
      >
        {params.status ? (
          <Button onClick={() => update({ status: null, page: 1 })}>{COMMON.showAll}</Button>
        ) : !staff ? (
          <Link to="/shops"><Button type="primary">{COMMON.seeShops}</Button></Link>
        ) : null}
      </Empty>
    );
  } else if (cards) {
    body = (
      <div aria-busy={query.isFetching} style={{ display: 'grid', gap: 12, opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <OrderCards items={items} kind={kind} staff={staff} from={from} />
        <Pagination
          align="center"
          size="small"
          simple={mode === 'mobile'}
          current={params.page}
          pageSize={params.pageSize}
          total={total}
          onChange={onPage}
          hideOnSinglePage
          showSizeChanger={false}
        />
      </div>
    );
  } else {
    body = (
      <Table<OrderSummary>
        rowKey="id"
        aria-label={texts.listLabel}
        loading={query.isFetching}
        columns={columns}
        dataSource={items}
        scroll={{ x: 760 }}
        onRow={(o) => ({
          onClick: () => open(o),
          onKeyDown: (e: KeyboardEvent) => { if (e.key === 'Enter' && e.target === e.currentTarget) open(o); },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'data-testid': 'order-row',
        } as React.HTMLAttributes<HTMLElement>)}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total,
          onChange: onPage,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (t) => `${t} ${kind === 'order' ? 'commande' : 'réservation'}${t > 1 ? 's' : ''}`,
        }}
      />
    );
  }

  return (
    <section style={{ display: 'grid', gap: 16, padding: mode === 'mobile' ? 12 : 16, minWidth: 0 }} data-testid={`${kind}-list`} data-view={staff ? 'staff' : 'buyer'}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{!staff ? texts.buyerTitle : user?.role === 'agent' ? texts.agentTitle : texts.sellerTitle}</h1>
        {(staff || total > 0 || params.status) && <StatusFilter kind={kind} value={params.status} onChange={(s) => update({ status: s, page: 1 })} />}
      </div>
      {body}
    </section>
  );
}

export const OrdersListPage = withQueryScope(function OrdersListPage() {
  return <OrdersList kind="order" />;
});

export default OrdersListPage;
