// The detail of one order, for /dashboard/orders/:id and /dashboard/reservations/:id (buyer or seller staff): header
// with the three statuses, the buyer (staff) or the producer (buyer) and the contact phone, the delivery and billing
// addresses, shipping, article and reservation lines, totals, payments (./OrderPayments.tsx: with what is still due
// and 'Enregistrer un règlement'), grouped-order expiry, and 'Valider la
// commande' when the seller has to accept it. An unknown, malformed or someone else's id → the shared not-found page.
// Staff also get the back-office block when the api sends it (`order.sales`): the commercial file, the
// lifecycle actions bar, the invoices, the notes and the history (./OrderActions.tsx, ./SalesSections.tsx).
import type { CSSProperties, ReactNode } from 'react';
import { Alert, Descriptions, Flex, Table, Typography, theme, type TableColumnsType } from 'antd';
import type { OrderDetail as Order, OrderLine } from 'shared-kernel/contracts';
import { currentShopId, hasPermission, shopModuleActive } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, QueryBoundary, useIdParam } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useLayoutMode, useSession } from 'shared-kernel/runtime';
import {
  addressLines,
  formatCents as money,
  formatDateTime,
  formatRate,
  placesLabel,
  productLines,
  quantityLabel,
  reservationLines,
} from '../format';
import { KIND_BASE, useOrder, type OrderKind } from '../orders.queries';
import { OrderStatusTags } from '../StatusTags';
import { useTexts, type KindTexts } from '../texts';
import { UpsShipButton } from '../../delivery/UpsShipDialog';
import { OrderActions } from './OrderActions';
import { OrderPayments } from './OrderPayments';
import { HistorySection, InvoicesSection, NotesSection, SalesFileSection } from './SalesSections';
import { canValidate, isGrouped, ValidateOrderButton } from './ValidateOrderButton';

type DetailTexts = ReturnType<typeof useTexts>['detail'];

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
const preLine: CSSProperties = { whiteSpace: 'pre-line' };
/** an amount in a table cell, never broken over two lines */
const amount = (cents: number) => <span style={nowrap}>{money(cents)}</span>;

function Secondary({ children, small, style }: { children: ReactNode; small?: boolean; style?: CSSProperties }) {
  return (
    <Typography.Text type="secondary" style={{ ...(small ? { fontSize: 12 } : {}), ...style }}>
      {children}
    </Typography.Text>
  );
}

function Address({ title, lines, fallback }: { title: string; lines: string[] | null; fallback: string }) {
  return (
    <DetailSection title={title}>
      {lines ? (
        <address style={{ fontStyle: 'normal' }}>
          {lines.map((l, i) => (
            <div key={i}>{l}</div>
          ))}
        </address>
      ) : (
        <Secondary>{fallback}</Secondary>
      )}
    </DetailSection>
  );
}

/**
 * The article lines' table fits in the main column of the detail at 1366 px: 1366 − a 17 px scrollbar − the 181 px
 * sidebar − 2 × 16 px of the main area − 2 × 16 px of the page = 1104 px, two thirds of it less the 16 px gap = 725 px,
 * less the card's 2 × 12 px = 701 px. Its minimum width (scroll.x) stays under that, so the totals are seen without
 * scrolling; it scrolls only on a narrower screen. The cells are small (8 px padding), the headers wrap, the article
 * names wrap, and 'Remise' and 'Droits' appear only when a line has some (phones show them the same way, LineList).
 * Checked in Chromium: all eight columns with '120 + 12 offerts' and amounts of 148 148,14 € fit in 700 px (and in the
 * 655 px of a 1281 px screen).
 */
export const LINES_TABLE_MIN_WIDTH = 640;
const RESERVATIONS_TABLE_MIN_WIDTH = 560;

function lineColumns(t: DetailTexts['line'], lines: readonly OrderLine[]): TableColumnsType<OrderLine> {
  const discounts = lines.some((l) => l.promoAmount > 0);
  const duties = lines.some((l) => l.duties > 0);
  return [
    {
      title: t.article,
      key: 'label',
      render: (_: unknown, l) => (
        <>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {l.label}
          </Typography.Text>
          {l.details && (
            <div>
              <Secondary small>{l.details}</Secondary>
            </div>
          )}
        </>
      ),
    },
    { title: t.quantity, key: 'quantity', align: 'right', render: (_: unknown, l) => quantityLabel(l) },
    { title: t.unitPriceHT, dataIndex: 'unitPriceHT', key: 'unitPriceHT', align: 'right', render: amount },
    ...(discounts
      ? [
          {
            title: t.discount,
            dataIndex: 'promoAmount',
            key: 'promoAmount',
            align: 'right' as const,
            render: (c: number) => <span style={nowrap}>{c > 0 ? `− ${money(c)}` : '-'}</span>,
          },
        ]
      : []),
    ...(duties
      ? [
          {
            title: t.duties,
            dataIndex: 'duties',
            key: 'duties',
            align: 'right' as const,
            render: (c: number) => (c > 0 ? amount(c) : '-'),
          },
        ]
      : []),
    {
      title: t.vat,
      dataIndex: 'vatRate',
      key: 'vatRate',
      align: 'right',
      render: (r: number) => <span style={nowrap}>{formatRate(r)}</span>,
    },
    { title: t.totalHT, dataIndex: 'totalHT', key: 'totalHT', align: 'right', render: amount },
    { title: t.totalTTC, dataIndex: 'totalTTC', key: 'totalTTC', align: 'right', render: amount },
  ];
}

function reservationColumns(t: DetailTexts['line']): TableColumnsType<OrderLine> {
  return [
    { title: t.event, dataIndex: 'label', key: 'label', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t.slot, dataIndex: 'details', key: 'details', render: (v: string | null) => v ?? '-' },
    { title: t.places, dataIndex: 'quantity', key: 'quantity', align: 'right', render: (n: number) => placesLabel(n) },
    { title: t.totalHT, dataIndex: 'totalHT', key: 'totalHT', align: 'right', render: money },
    { title: t.totalTTC, dataIndex: 'totalTTC', key: 'totalTTC', align: 'right', render: money },
  ];
}

/** Phones: one block per line instead of an 8-column table. */
function LineList({ lines, reservation }: { lines: OrderLine[]; reservation?: boolean }) {
  const t = useTexts().detail.line;
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
      {lines.map((l) => (
        <li
          key={l.id}
          data-testid={reservation ? 'reservation-line' : 'order-line'}
          style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, paddingBottom: 8 }}
        >
          <Flex justify="space-between" gap={8}>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {l.label}
            </Typography.Text>
            <strong style={nowrap}>{money(l.totalTTC)}</strong>
          </Flex>
          {l.details && (
            <div>
              <Secondary small>{l.details}</Secondary>
            </div>
          )}
          <Secondary style={{ fontSize: 13 }}>
            {reservation ? placesLabel(l.quantity) : t.unitHT(quantityLabel(l), money(l.unitPriceHT))}
            {l.promoAmount > 0 && t.discountOf(money(l.promoAmount))}
            {l.duties > 0 && t.dutiesOf(money(l.duties))}
            {t.vatAndHT(formatRate(l.vatRate), money(l.totalHT))}
          </Secondary>
        </li>
      ))}
    </ul>
  );
}

function Lines({ lines, reservation, mobile }: { lines: OrderLine[]; reservation?: boolean; mobile: boolean }) {
  const t = useTexts().detail.line;
  if (mobile) return <LineList lines={lines} reservation={reservation} />;
  return (
    <Table<OrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      columns={reservation ? reservationColumns(t) : lineColumns(t, lines)}
      dataSource={lines}
      scroll={{ x: reservation ? RESERVATIONS_TABLE_MIN_WIDTH : LINES_TABLE_MIN_WIDTH }}
      onRow={() => ({ 'data-testid': reservation ? 'reservation-line' : 'order-line' }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

/** Spec §9 totals: TTC = HT (shipping and discounts included) + VAT + tourist tax. */
function Totals({ order }: { order: Order }) {
  const t = useTexts().detail.totals;
  const { token } = theme.useToken();
  const p = order.price;
  const sub: CSSProperties = { paddingInlineStart: 12, fontSize: 13 };
  const rows: Array<{ label: string; value: string; id: string; sub?: boolean }> = [
    { label: t.totalHT, value: money(p.totalHT), id: 'total-ht' },
    { label: t.shipping, value: money(p.shipping), id: 'total-shipping', sub: true },
  ];
  if (p.promoAmount > 0) rows.push({ label: t.promo, value: `− ${money(p.promoAmount)}`, id: 'total-promo', sub: true });
  rows.push({ label: t.vat, value: money(p.tva), id: 'total-tva' });
  if (p.touristTax > 0 || reservationLines(order).length > 0)
    rows.push({ label: t.touristTax, value: money(p.touristTax), id: 'total-tourist-tax' });
  const total: CSSProperties = { fontWeight: 700, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 6 };
  return (
    <DetailSection title={t.title}>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 6, columnGap: 16 }}>
        {rows.map((r) => (
          <div key={r.id} style={{ display: 'contents' }}>
            <dt style={{ color: token.colorTextSecondary, ...(r.sub ? sub : {}) }}>{r.label}</dt>
            <dd
              style={{ margin: 0, textAlign: 'right', ...nowrap, ...(r.sub ? { fontSize: 13, color: token.colorTextSecondary } : {}) }}
              data-testid={r.id}
            >
              {r.value}
            </dd>
          </div>
        ))}
        <dt style={total}>{t.totalTTC}</dt>
        <dd style={{ ...total, margin: 0, textAlign: 'right', ...nowrap }} data-testid="total-ttc">
          {money(p.totalTTC)}
        </dd>
      </dl>
    </DetailSection>
  );
}

export function OrderDetailView({ order, kind, texts: k }: { order: Order; kind: OrderKind; texts: KindTexts }) {
  const t = useTexts().detail;
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const staff = !!user && user.role !== 'buyer';
  const mobile = useLayoutMode() === 'mobile';
  const products = productLines(order);
  const reservations = reservationLines(order);
  const delivery = order.deliveryAddress ? addressLines(order.deliveryAddress) : null;
  // null billing address = same as delivery (contract)
  const billing = order.billingAddress ? addressLines(order.billingAddress) : null;
  const expired = order.expiresAt ? new Date(order.expiresAt).getTime() < Date.now() : false;
  const s = order.shipping;
  // the back-office block is the staff's; its actions bar offers 'Valider' itself when the api allows it
  const sales = staff ? order.sales : undefined;
  const legacyValidate = canValidate(order, user, shop) && !sales?.allowedActions.includes('validate');
  const validateButton = legacyValidate ? <ValidateOrderButton order={order} /> : null;
  // with the UPS module on, who ships orders books this one with UPS (or prints its label once booked)
  const ups =
    !!sales &&
    shopModuleActive(shop, 'ups') &&
    hasPermission(user, currentShopId(user, shop), 'manageDelivery') &&
    (sales.allowedActions.includes('ship') || sales.carrier === 'UPS');
  const extra =
    validateButton || ups ? (
      <>
        {validateButton}
        {ups && <UpsShipButton orderId={order.id} number={order.number} />}
      </>
    ) : null;
  const actions = sales ? <OrderActions order={order} extra={extra} /> : (validateButton ?? undefined);

  return (
    <DetailLayout
      title={k.detailTitle(order.number)}
      backTo={KIND_BASE[kind]}
      backLabel={k.back}
      // the statuses in mfe-sales' accessible colours (DetailLayout's `status` uses antd's preset tag colours)
      meta={
        <Flex vertical gap={6} align="flex-start">
          <Typography.Text type="secondary">
            {t.placedOn(formatDateTime(order.createdAt))}
            {!staff && (
              <>
                {t.placedWith}
                <Link to={`/${order.shop.urlShop}`}>{order.shop.name}</Link>
              </>
            )}
          </Typography.Text>
          <OrderStatusTags status={order.status} paymentStatus={order.paymentStatus} deliveryStatus={order.deliveryStatus} captions />
        </Flex>
      }
      actions={actions}
      side={
        <>
          {sales && <SalesFileSection sales={sales} />}
          <DetailSection title={staff ? t.client : t.producer}>
            <div data-testid="order-party">
              {staff ? (
                <>
                  <Typography.Text strong>{order.buyer.name}</Typography.Text>
                  <div style={{ overflowWrap: 'anywhere' }}>
                    <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
                  </div>
                </>
              ) : (
                <Typography.Text strong>{order.shop.name}</Typography.Text>
              )}
              <div style={{ marginTop: 4 }}>
                <Secondary>{staff ? t.phone : t.buyerPhone}</Secondary>
                {order.phone ? <a href={`tel:${order.phone}`}>{order.phone}</a> : '-'}
              </div>
            </div>
          </DetailSection>
          <Address title={t.deliveryAddress} lines={delivery} fallback={t.noDeliveryAddress} />
          <Address title={t.billingAddress} lines={billing} fallback={delivery ? t.sameAsDelivery : t.noBillingAddress} />
          <DetailSection title={t.shipping}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'm', label: t.shippingMode, children: s.collectionPoint ? t.collectionPoint : (s.name ?? s.type ?? '-') },
                ...(s.collectionPoint ? [{ key: 'p', label: t.collectionPoint, children: s.collectionPoint }] : []),
                // the parcel on its way: the buyer follows it on the carrier's page
                ...(order.tracking
                  ? [
                      {
                        key: 't',
                        label: t.tracking,
                        children: (
                          <span data-testid="order-tracking">
                            {order.tracking.carrier ? `${order.tracking.carrier} · ` : ''}
                            {order.tracking.url ? (
                              <a href={order.tracking.url} target="_blank" rel="noreferrer">
                                {order.tracking.number}
                              </a>
                            ) : (
                              order.tracking.number
                            )}
                          </span>
                        ),
                      },
                    ]
                  : []),
                ...(s.instructions ? [{ key: 'i', label: t.instructions, children: <span style={preLine}>{s.instructions}</span> }] : []),
                // staff see the count of Expéditions (bottles and boxes by the shop's packaging); a buyer the checkout's
                {
                  key: 'n',
                  label: t.packages,
                  children: order.sales?.parcels
                    ? t.parcels(order.sales.parcels.packages, order.sales.parcels.bottles)
                    : String(s.nbrPackages),
                },
              ]}
            />
          </DetailSection>
        </>
      }
    >
      {order.expiresAt && (
        <Alert
          type={expired ? 'warning' : 'info'}
          showIcon
          title={expired ? t.groupedExpired(formatDateTime(order.expiresAt)) : t.groupedUntil(formatDateTime(order.expiresAt))}
        />
      )}
      {products.length > 0 && (
        <DetailSection title={t.articles}>
          <Lines lines={products} mobile={mobile} />
        </DetailSection>
      )}
      {reservations.length > 0 && (
        <DetailSection title={t.reservations}>
          <Lines lines={reservations} reservation mobile={mobile} />
        </DetailSection>
      )}
      <Totals order={order} />
      <OrderPayments order={order} grouped={isGrouped(order)} mobile={mobile} />
      {sales && <InvoicesSection invoices={sales.invoices} />}
      {sales?.notes && <NotesSection notes={sales.notes} />}
      {sales && <HistorySection history={sales.history} />}
    </DetailLayout>
  );
}

/** The page: the order of the URL's `:id`, or the shared not-found page (unknown, malformed or someone else's id). */
export function OrderDetail({ kind, texts: k }: { kind: OrderKind; texts: KindTexts }) {
  const id = useIdParam();
  const query = useOrder(id);
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: KIND_BASE[kind], backLabel: k.back, title: k.notFound }}>
      {(order) => <OrderDetailView order={order} kind={kind} texts={k} />}
    </QueryBoundary>
  );
}
