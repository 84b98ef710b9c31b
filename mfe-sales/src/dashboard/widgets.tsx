// mfe-sales' dashboard widgets (declared in ../routes.ts `widgets`, rendered by the shell on /dashboard). Each one
// answers its own loading, empty and error states and links to the filtered list it summarises.
import type { ReactNode } from 'react';
import { Alert, Flex, Skeleton, Statistic, Typography, theme } from 'antd';
import type { SalesPeriod } from 'shared-kernel/contracts';
import { formatCents, formatDateTime } from 'shared-kernel/domain';
import { Link } from 'shared-kernel/router';
import { useSession } from 'shared-kernel/runtime';
import { useUnpaidSummary } from '../invoices/invoices.queries';
import { StatusTag } from '../orders/StatusTags';
import { useLastOrders, useSalesSummary, useUpcomingReservations } from './dashboard.queries';
import { useTexts } from './texts';

function WidgetError() {
  const t = useTexts();
  return <Alert type="warning" showIcon title={t.error} />;
}

function WidgetLoading({ rows }: { rows: number }) {
  const t = useTexts();
  return (
    <div role="status" aria-busy="true" aria-label={t.loading}>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/** 'Commandes à valider': how many pending orders wait for the shop, and the filtered list. */
export function ToValidateWidget() {
  const t = useTexts();
  const { data, isPending, isError } = useSalesSummary();
  if (isPending) return <WidgetLoading rows={1} />;
  if (isError) return <WidgetError />;
  return (
    <Flex vertical gap={8}>
      <Statistic value={data.toValidate} data-testid="to-validate-count" />
      <Typography.Text type="secondary">{t.toValidate.count(data.toValidate)}</Typography.Text>
      <Link to="/dashboard/orders?status=pending">{t.toValidate.link}</Link>
    </Flex>
  );
}

/** Change from the previous month, '+12,5 %' / '−3 %' (null without sales last month). */
export function monthChange(current: SalesPeriod, previous: SalesPeriod): string | null {
  if (previous.totalTTC === 0) return null;
  const pct = ((current.totalTTC - previous.totalTTC) / previous.totalTTC) * 100;
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  return `${sign}${Math.abs(pct).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0%`;
}

function Period({ title, period }: { title: string; period: SalesPeriod }) {
  const t = useTexts();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Statistic title={title} value={`${formatCents(period.totalTTC)} ${t.revenue.ttc}`} />
      <Typography.Text type="secondary">
        {formatCents(period.totalHT)} {t.revenue.ht} · {t.revenue.orders(period.count)}
      </Typography.Text>
    </Flex>
  );
}

/** "Chiffre d'affaires": this month against last month, TTC and HT. */
export function RevenueWidget() {
  const t = useTexts();
  const { data, isPending, isError } = useSalesSummary();
  if (isPending) return <WidgetLoading rows={2} />;
  if (isError) return <WidgetError />;
  const change = monthChange(data.currentMonth, data.previousMonth);
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={24}>
        <Period title={t.revenue.currentMonth} period={data.currentMonth} />
        <Period title={t.revenue.previousMonth} period={data.previousMonth} />
      </Flex>
      <Typography.Text data-testid="revenue-change">{change ? t.revenue.change(change) : t.revenue.noComparison}</Typography.Text>
      <Link to="/dashboard/orders">{t.revenue.link}</Link>
    </Flex>
  );
}

interface WidgetItem {
  key: string | number;
  title: ReactNode;
  description: string;
  extra?: ReactNode;
}

/** The rows of a widget (a link and a line of details each), or the empty text. */
function WidgetList({ items, empty, label }: { items: WidgetItem[]; empty: string; label: string }) {
  const { token } = theme.useToken();
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, i) => (
        <li
          key={item.key}
          style={{ padding: `${token.paddingXS}px 0`, borderTop: i > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined }}
        >
          <Flex justify="space-between" align="flex-start" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              {item.title}
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                {item.description}
              </Typography.Text>
            </Flex>
            {item.extra}
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The newest orders the viewer may see: the shop's (owner, iam), the agent's, or the buyer's own. */
export function LastOrdersWidget() {
  const t = useTexts();
  const role = useSession((s) => s.user?.role);
  const { data, isPending, isError } = useLastOrders();
  if (isPending) return <WidgetLoading rows={3} />;
  if (isError) return <WidgetError />;
  return (
    <Flex vertical gap={8}>
      <WidgetList
        label={t.lastOrders.label}
        empty={t.lastOrders.empty}
        items={data.items.map((o) => ({
          key: o.id,
          title: <Link to={`/dashboard/orders/${o.id}`}>{`n° ${o.number}`}</Link>,
          description: [formatDateTime(o.createdAt), role === 'buyer' ? o.shop.name : o.buyer.name, formatCents(o.totalTTC)].join(' · '),
          extra: <StatusTag kind="order" status={o.status} />,
        }))}
      />
      <Link to="/dashboard/orders">{t.lastOrders.link}</Link>
    </Flex>
  );
}

/** The next booked slots: the shop's (owner, iam with seeAllResa) or the buyer's own. */
export function UpcomingReservationsWidget() {
  const t = useTexts();
  const { data, isPending, isError } = useUpcomingReservations();
  if (isPending) return <WidgetLoading rows={3} />;
  if (isError) return <WidgetError />;
  return (
    <Flex vertical gap={8}>
      <WidgetList
        label={t.reservations.label}
        empty={t.reservations.empty}
        items={data.items.map((r) => ({
          key: `${r.orderId}-${r.startsAt}-${r.eventTitle}`,
          title: <Link to={`/dashboard/reservations/${r.orderId}`}>{r.eventTitle}</Link>,
          description: [formatDateTime(r.startsAt), r.slotLabel, t.reservations.places(r.places), r.buyerName ?? r.shopName]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
      <Link to="/dashboard/reservations">{t.reservations.link}</Link>
    </Flex>
  );
}

/** 'Impayés' (owner, iam with seeAllPayment): what clients owe, what is overdue, and the 5 oldest overdue invoices. */
export function UnpaidsWidget() {
  const t = useTexts().unpaids;
  const { data, isPending, isError } = useUnpaidSummary();
  if (isPending) return <WidgetLoading rows={3} />;
  if (isError) return <WidgetError />;
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={24}>
        <Statistic title={t.outstanding} value={formatCents(data.outstanding)} data-testid="unpaids-outstanding" />
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Statistic title={t.overdue} value={formatCents(data.overdue)} data-testid="unpaids-overdue" />
          {data.overdueCount > 0 && <Typography.Text type="secondary">{t.count(data.overdueCount)}</Typography.Text>}
        </Flex>
      </Flex>
      <WidgetList
        label={t.label}
        empty={t.empty}
        items={data.oldest.map((i) => ({
          key: i.id,
          title: <Link to="/dashboard/payments/unpaids">{t.invoice(i.number)}</Link>,
          description: [i.client.name, t.days(i.overdueDays)].join(' · '),
          extra: <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatCents(i.remaining)}</Typography.Text>,
        }))}
      />
      <Link to="/dashboard/payments/unpaids">{t.link}</Link>
    </Flex>
  );
}
