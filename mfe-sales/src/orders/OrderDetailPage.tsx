// /dashboard/orders/:id and /dashboard/reservations/:id — read-only detail of one order (buyer or seller staff).
// Unknown id, malformed id or someone else's order (404/403) → 'Commande introuvable' with a way back.
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'shared-kernel/router';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Table, type TableColumnsType } from 'antd';
import type { OrderDetail, OrderLine } from 'shared-kernel/contracts';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import {
  COMMON, TEXTS, addressLines, formatCents, formatDateTime, formatRate, paymentMethodLabel, placesLabel, productLines, quantityLabel,
  reservationLines,
} from './format';
import { errorMessage, isNotFound, useOrder, type OrderKind } from './orders-api';
import { OrderStatusTags, StatusTag } from './StatusTags';
import { ValidateOrderButton, isGrouped } from './ValidateOrderButton';
import { withQueryScope } from 'shared-kernel/query';

type Payment = OrderDetail['payments'][number];

const OFFLINE = new Set(['transfer', 'check', 'cash', 'bill']);
/** What the buyer has to do (transfer details, cheque address): only while an offline payment is awaited. */
const pendingInstructions = (p: Payment): string | null =>
  p.instructions && OFFLINE.has(p.method) && (p.status === 'pending' || p.status === 'missing' || p.status === 'partial') ? p.instructions : null;

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

function BackLink({ kind }: { kind: OrderKind }) {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const search = typeof from === 'string' && from.startsWith('?') ? from : '';
  return <Link to={`${TEXTS[kind].base}${search}`}>← {TEXTS[kind].back}</Link>;
}

export function OrderNotFound({ kind }: { kind: OrderKind }) {
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, fontSize: 24 }}>{TEXTS[kind].notFound}</h1>}
      subTitle={TEXTS[kind].notFoundHint}
      extra={<Link to={TEXTS[kind].base}><Button type="primary">{TEXTS[kind].back}</Button></Link>}
    />
  );
}

function Address({ title, lines, fallback, testId }: { title: string; lines: string[] | null; fallback: string; testId: string }) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      {lines ? (
        <address style={{ fontStyle: 'normal' }}>
          {lines.map((l, i) => <div key={i}>{l}</div>)}
        </address>
      ) : (
        <span style={{ color: '#595959' }}>{fallback}</span>
      )}
    </Card>
  );
}

const money = (cents: number) => formatCents(cents);

function lineColumns(): TableColumnsType<OrderLine> {
  return [
    {
      title: 'Article', key: 'label',
      render: (_: unknown, l) => (
        <>
          <div style={{ fontWeight: 500 }}>{l.label}</div>
          {l.details && <div style={{ color: '#595959', fontSize: 12 }}>{l.details}</div>}
        </>
      ),
    },
    { title: 'Quantité', key: 'quantity', align: 'right', render: (_: unknown, l) => quantityLabel(l) },
    { title: 'Prix unitaire HT', dataIndex: 'unitPriceHT', key: 'unitPriceHT', align: 'right', render: money },
    { title: 'Remise', dataIndex: 'promoAmount', key: 'promoAmount', align: 'right', render: (c: number) => (c > 0 ? `− ${money(c)}` : '-') },
    { title: 'Droits', dataIndex: 'duties', key: 'duties', align: 'right', render: (c: number) => (c > 0 ? money(c) : '-') },
    { title: 'TVA', dataIndex: 'vatRate', key: 'vatRate', align: 'right', render: (r: number) => formatRate(r) },
    { title: 'Total HT', dataIndex: 'totalHT', key: 'totalHT', align: 'right', render: money },
    { title: 'Total TTC', dataIndex: 'totalTTC', key: 'totalTTC', align: 'right', render: money },
  ];
}

function reservationColumns(): TableColumnsType<OrderLine> {
  return [
    { title: 'Événement', dataIndex: 'label', key: 'label', render: (v: string) => <span style={{ fontWeight: 500 }}>{v}</span> },
    { title: 'Créneau', dataIndex: 'details', key: 'details', render: (v: string | null) => v ?? '-' },
    { title: 'Places', dataIndex: 'quantity', key: 'quantity', align: 'right', render: (n: number) => placesLabel(n) },
    { title: 'Total HT', dataIndex: 'totalHT', key: 'totalHT', align: 'right', render: money },
    { title: 'Total TTC', dataIndex: 'totalTTC', key: 'totalTTC', align: 'right', render: money },
  ];
}

/** Phones: one block per line instead of an 8-column table. */
function LineList({ lines, reservation }: { lines: OrderLine[]; reservation?: boolean }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
      {lines.map((l) => (
        <li key={l.id} data-testid={reservation ? 'reservation-line' : 'order-line'} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{l.label}</span>
            <strong style={{ whiteSpace: 'nowrap' }}>{money(l.totalTTC)}</strong>
          </div>
          {l.details && <div style={{ color: '#595959', fontSize: 12 }}>{l.details}</div>}
          <div style={{ color: '#555', fontSize: 13 }}>
            {reservation ? placesLabel(l.quantity) : `${quantityLabel(l)} × ${money(l.unitPriceHT)} HT`}
            {l.promoAmount > 0 && ` · Remise − ${money(l.promoAmount)}`}
            {l.duties > 0 && ` · Droits ${money(l.duties)}`}
            {` · TVA ${formatRate(l.vatRate)} · ${money(l.totalHT)} HT`}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Lines({ lines, reservation, mobile }: { lines: OrderLine[]; reservation?: boolean; mobile: boolean }) {
  if (mobile) return <LineList lines={lines} reservation={reservation} />;
  return (
    <Table<OrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      columns={reservation ? reservationColumns() : lineColumns()}
      dataSource={lines}
      scroll={{ x: reservation ? 560 : 900 }}
      onRow={() => ({ 'data-testid': reservation ? 'reservation-line' : 'order-line' } as React.HTMLAttributes<HTMLElement>)}
    />
  );
}

/** Spec §9 totals: TTC = HT (shipping and discounts included) + VAT + tourist tax. */
function Totals({ order }: { order: OrderDetail }) {
  const p = order.price;
  const sub = { color: '#595959', paddingInlineStart: 12, fontSize: 13 } as const;
  const rows: Array<{ label: string; value: string; id: string; style?: React.CSSProperties }> = [{ label: 'Total HT', value: money(p.totalHT), id: 'total-ht' }];
  rows.push({ label: 'dont frais de port HT', value: money(p.shipping), id: 'total-shipping', style: sub });
  if (p.promoAmount > 0) rows.push({ label: 'dont remises', value: `− ${money(p.promoAmount)}`, id: 'total-promo', style: sub });
  rows.push({ label: 'TVA', value: money(p.tva), id: 'total-tva' });
  if (p.touristTax > 0 || reservationLines(order).length > 0) rows.push({ label: 'Taxe de séjour', value: money(p.touristTax), id: 'total-tourist-tax' });
  return (
    <Card size="small" title="Totaux" data-testid="order-totals">
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 6 }}>
        {rows.map((r) => (
          <div key={r.id} style={{ display: 'contents' }}>
            <dt style={{ color: '#555', paddingInlineEnd: 16, ...r.style }}>{r.label}</dt>
            <dd style={{ margin: 0, textAlign: 'right', whiteSpace: 'nowrap', ...r.style, paddingInlineStart: 0 }} data-testid={r.id}>{r.value}</dd>
          </div>
        ))}
        <dt style={{ fontWeight: 700, borderTop: '1px solid #eee', paddingTop: 6, paddingInlineEnd: 16 }}>Total TTC</dt>
        <dd style={{ margin: 0, textAlign: 'right', fontWeight: 700, borderTop: '1px solid #eee', paddingTop: 6, whiteSpace: 'nowrap' }} data-testid="total-ttc">{money(p.totalTTC)}</dd>
      </dl>
    </Card>
  );
}

function Payments({ payments, grouped, mobile }: { payments: Payment[]; grouped: boolean; mobile: boolean }) {
  if (payments.length === 0) return <Card size="small" title="Paiements"><span style={{ color: '#595959' }}>Aucun paiement enregistré</span></Card>;
  if (mobile) {
    return (
      <Card size="small" title="Paiements">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {payments.map((p) => (
            <li key={p.id} data-testid="payment-row">
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <span>{paymentMethodLabel(p.method)}</span>
                <strong>{money(p.amount)}</strong>
              </div>
              <StatusTag kind="payment" status={p.status} />
              {grouped && p.payerEmail && <div style={{ overflowWrap: 'anywhere' }}>{p.payerEmail}</div>}
              {p.paidAt && <div style={{ color: '#555' }}>Payé le {formatDateTime(p.paidAt)}</div>}
              {pendingInstructions(p) && <div style={{ color: '#555', whiteSpace: 'pre-line' }}>{pendingInstructions(p)}</div>}
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  const columns: TableColumnsType<Payment> = [
    {
      title: 'Moyen de paiement', key: 'method',
      render: (_: unknown, p) => (
        <>
          <div>{paymentMethodLabel(p.method)}</div>
          {pendingInstructions(p) && <div style={{ color: '#595959', fontSize: 12, whiteSpace: 'pre-line' }}>{pendingInstructions(p)}</div>}
        </>
      ),
    },
    { title: 'Statut', dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag kind="payment" status={s} /> },
    { title: 'Montant', dataIndex: 'amount', key: 'amount', align: 'right', render: (c: number) => <span style={{ whiteSpace: 'nowrap' }}>{money(c)}</span> },
  ];
  if (grouped) columns.push({ title: 'Payeur', dataIndex: 'payerEmail', key: 'payerEmail', render: (v: string | null) => v ?? '-' });
  columns.push({ title: <span style={{ whiteSpace: 'nowrap' }}>Payé le</span>, dataIndex: 'paidAt', key: 'paidAt', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ? formatDateTime(v) : '-'}</span> });
  return (
    <Card size="small" title="Paiements">
      <Table<Payment>
        rowKey="id" size="small" pagination={false} columns={columns} dataSource={payments} scroll={{ x: 560 }}
        onRow={() => ({ 'data-testid': 'payment-row' } as React.HTMLAttributes<HTMLElement>)}
      />
    </Card>
  );
}

export function OrderDetailView({ order, kind, staff, mobile }: { order: OrderDetail; kind: OrderKind; staff: boolean; mobile: boolean }) {
  const products = productLines(order);
  const reservations = reservationLines(order);
  const delivery = order.deliveryAddress ? addressLines(order.deliveryAddress) : null;
  // null billing address = same as delivery (contract)
  const billing = order.billingAddress ? addressLines(order.billingAddress) : null;
  const expired = order.expiresAt ? new Date(order.expiresAt).getTime() < Date.now() : false;
  const s = order.shipping;

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="order-detail">
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ display: 'grid', gap: 6 }}>
          <h1 style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>{TEXTS[kind].detailTitle(order.number)}</h1>
          <div style={{ color: '#555' }}>
            Passée le {formatDateTime(order.createdAt)}
            {!staff && <> auprès de <Link to={`/${order.shop.urlShop}`}>{order.shop.name}</Link></>}
          </div>
          <OrderStatusTags status={order.status} paymentStatus={order.paymentStatus} deliveryStatus={order.deliveryStatus} captions />
        </div>
        {staff && <ValidateOrderButton order={order} />}
      </header>

      {order.expiresAt && (
        <Alert
          type={expired ? 'warning' : 'info'}
          showIcon
          title={expired ? `Commande groupée expirée le ${formatDateTime(order.expiresAt)}` : `Commande groupée : les participants ont jusqu’au ${formatDateTime(order.expiresAt)} pour payer leur part`}
        />
      )}

      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: mobile ? '1fr' : 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <Card size="small" title={staff ? 'Client' : 'Producteur'} data-testid="order-party">
          {staff ? (
            <>
              <div style={{ fontWeight: 500 }}>{order.buyer.name}</div>
              <div style={{ overflowWrap: 'anywhere' }}><a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a></div>
            </>
          ) : (
            <div style={{ fontWeight: 500 }}>{order.shop.name}</div>
          )}
          <div style={{ marginTop: 4 }}>
            <span style={{ color: '#595959' }}>{staff ? 'Téléphone : ' : 'Votre téléphone de contact : '}</span>
            {order.phone ? <a href={`tel:${order.phone}`}>{order.phone}</a> : '-'}
          </div>
        </Card>
        <Address title="Adresse de livraison" lines={delivery} fallback="Aucune adresse de livraison" testId="delivery-address" />
        <Address
          title="Adresse de facturation"
          lines={billing}
          fallback={delivery ? 'Identique à l’adresse de livraison' : 'Aucune adresse de facturation'}
          testId="billing-address"
        />
        <Card size="small" title="Livraison" data-testid="order-shipping">
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'm', label: 'Mode', children: s.collectionPoint ? 'Point de retrait' : s.name ?? s.type ?? '-' },
              ...(s.collectionPoint ? [{ key: 'p', label: 'Point de retrait', children: s.collectionPoint }] : []),
              ...(s.instructions ? [{ key: 'i', label: 'Instructions', children: <span style={{ whiteSpace: 'pre-line' }}>{s.instructions}</span> }] : []),
              { key: 'n', label: 'Colis', children: String(s.nbrPackages) },
            ]}
          />
        </Card>
      </div>

      {products.length > 0 && (
        <Card size="small" title="Articles" styles={{ body: { padding: mobile ? 12 : 0 } }}>
          <Lines lines={products} mobile={mobile} />
        </Card>
      )}
      {reservations.length > 0 && (
        <Card size="small" title="Réservations" styles={{ body: { padding: mobile ? 12 : 0 } }}>
          <Lines lines={reservations} reservation mobile={mobile} />
        </Card>
      )}

      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 2fr) minmax(260px, 1fr)', alignItems: 'start' }}>
        <Payments payments={order.payments} grouped={isGrouped(order)} mobile={mobile} />
        <Totals order={order} />
      </div>
    </div>
  );
}

export function OrderDetail({ kind }: { kind: OrderKind }) {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const user = useSession((s) => s.user);
  const staff = !!user && user.role !== 'buyer';
  const mode = useLayoutMode();
  const query = useOrder(id);

  let body: ReactNode;
  const notFound = id === null || (query.isError && isNotFound(query.error));
  if (notFound) body = <OrderNotFound kind={kind} />;
  else if (query.isError) {
    body = (
      <Result
        status="error"
        title={COMMON.loadError}
        subTitle={errorMessage(query.error)}
        extra={<Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>{COMMON.retry}</Button>}
      />
    );
  } else if (!query.data) body = <div aria-busy="true" aria-label={COMMON.loading}><Skeleton active paragraph={{ rows: 10 }} /></div>;
  else body = <OrderDetailView order={query.data} kind={kind} staff={staff} mobile={mode === 'mobile'} />;

  return (
    <section style={{ display: 'grid', gap: 12, padding: mode === 'mobile' ? 12 : 16, minWidth: 0 }}>
      {!notFound && <BackLink kind={kind} />}
      {body}
    </section>
  );
}

export const OrderDetailPage = withQueryScope(function OrderDetailPage() {
  return <OrderDetail kind="order" />;
});

export default OrderDetailPage;
