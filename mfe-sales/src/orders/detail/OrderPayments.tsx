// The payments of an order's detail (GET /orders/:id `payments`, `amountDue`): its checkout payments (method, status,
// amount, payer of a grouped order, date; what the buyer has to do while an offline payment is awaited) and the
// payments the shop recorded against its invoices (method, reference, the invoices settled, the day paid), then what
// its invoices still owe. Staff who may record payments get « Enregistrer un règlement » while something is owed: the
// payment drawer prefilled with the order's client, what is due and the order's open invoices.
import type { CSSProperties, ReactNode } from 'react';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import {
  CHECKOUT_TO_SALES_PAYMENT_METHOD,
  SALES_PAYMENT_METHOD_LABELS,
  type CheckoutPaymentMethod,
  type OrderDetail,
} from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { DetailSection, defineTexts } from 'shared-kernel/kit';
import { RecordPaymentButton, useMayRecordPayment } from '../../payments/form/RecordPaymentButton';
import type { PaymentPrefill } from '../../payments/form/payment.schema';
import { formatCents as money, formatDateTime, paymentMethodLabel } from '../format';
import { StatusTag } from '../StatusTags';
import { useTexts } from '../texts';

type Payment = OrderDetail['payments'][number];

const { useTexts: useOwnTexts } = defineTexts('sales.orders.payments', {
  fr: {
    amountDue: 'Reste dû',
    invoices: (numbers: string) => `Facture${numbers.includes(',') ? 's' : ''} ${numbers}`,
  },
  en: {
    amountDue: 'Still due',
    invoices: (numbers: string) => `Invoice${numbers.includes(',') ? 's' : ''} ${numbers}`,
  },
});

const OFFLINE = new Set(['transfer', 'check', 'cash', 'bill']);
/** What the buyer has to do (transfer details, cheque address): only while an offline payment is awaited. */
const pendingInstructions = (p: Payment): string | null =>
  p.source !== 'backoffice' &&
  p.instructions &&
  OFFLINE.has(p.method) &&
  (p.status === 'pending' || p.status === 'missing' || p.status === 'partial')
    ? p.instructions
    : null;

const recorded = (p: Payment) => p.source === 'backoffice';
/** A recorded payment's method is the payments screen's (Chèque, Lettre de change…), a checkout one the checkout's. */
const methodLabel = (p: Payment): string =>
  (recorded(p) ? (SALES_PAYMENT_METHOD_LABELS as Record<string, string | undefined>)[p.method] : undefined) ?? paymentMethodLabel(p.method);
/** A recorded payment is dated by its day, a checkout one by its time. */
const paidLabel = (p: Payment): string | null => (p.paidAt ? (recorded(p) ? formatDate(p.paidAt) : formatDateTime(p.paidAt)) : null);
const rowKey = (p: Payment) => `${p.source ?? 'online'}-${p.id}`;

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
const preLine: CSSProperties = { whiteSpace: 'pre-line' };

function Secondary({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, ...style }}>
      {children}
    </Typography.Text>
  );
}

/** Under the method: the reference and the invoices it settles, or what the buyer has to do. */
function Details({ p }: { p: Payment }) {
  const own = useOwnTexts();
  const instructions = pendingInstructions(p);
  const settled = (p.allocations ?? []).map((a) => a.number).join(', ');
  const line = [p.reference, settled ? own.invoices(settled) : null].filter(Boolean).join(' · ');
  return (
    <>
      {line && (
        <div>
          <Secondary>{line}</Secondary>
        </div>
      )}
      {instructions && (
        <div>
          <Secondary style={preLine}>{instructions}</Secondary>
        </div>
      )}
    </>
  );
}

/**
 * The order's open invoices, what they owe and their client: the payment drawer starts from them, with the way the
 * buyer said at checkout they would pay (the cheque or transfer still awaited) and the reference they were given.
 */
export function prefillOf(order: OrderDetail): PaymentPrefill | null {
  const sales = order.sales;
  if (!sales?.client || !order.amountDue || order.amountDue <= 0) return null;
  const open = sales.invoices.filter((i) => i.kind !== 'credit' && (i.remaining ?? 0) > 0).map((i) => i.id);
  const awaited = (order.payments ?? []).find((p) => !recorded(p) && OFFLINE.has(p.method) && p.status !== 'paid');
  return {
    client: { id: sales.client.id, name: sales.client.name, code: sales.client.code },
    amount: order.amountDue,
    invoiceIds: open,
    ...(awaited && {
      method: CHECKOUT_TO_SALES_PAYMENT_METHOD[awaited.method as CheckoutPaymentMethod],
      reference: order.number,
    }),
  };
}

export function OrderPayments({ order, grouped, mobile }: { order: OrderDetail; grouped: boolean; mobile: boolean }) {
  const t = useTexts().detail.payments;
  const own = useOwnTexts();
  const payments = order.payments;
  const mayPay = useMayRecordPayment();
  const prefill = prefillOf(order);
  const extra = mayPay && prefill ? <RecordPaymentButton prefill={prefill} /> : undefined;
  const due =
    order.amountDue !== null && order.amountDue !== undefined ? (
      <Flex justify="space-between" gap={8} style={{ marginTop: payments.length ? 12 : 8, fontWeight: 600 }}>
        <span>{own.amountDue}</span>
        <span style={nowrap} data-testid="order-amount-due">
          {money(order.amountDue)}
        </span>
      </Flex>
    ) : null;

  if (payments.length === 0) {
    return (
      <DetailSection title={t.title} extra={extra}>
        <Typography.Text type="secondary">{t.none}</Typography.Text>
        {due}
      </DetailSection>
    );
  }
  if (mobile) {
    return (
      <DetailSection title={t.title} extra={extra}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {payments.map((p) => (
            <li key={rowKey(p)} data-testid="payment-row">
              <Flex justify="space-between" gap={8}>
                <span>{methodLabel(p)}</span>
                <strong>{money(p.amount)}</strong>
              </Flex>
              <StatusTag kind="payment" status={p.status} />
              {grouped && p.payerEmail && <div style={{ overflowWrap: 'anywhere' }}>{p.payerEmail}</div>}
              {paidLabel(p) && (
                <div>
                  <Typography.Text type="secondary">{t.paidOn(paidLabel(p)!)}</Typography.Text>
                </div>
              )}
              <Details p={p} />
            </li>
          ))}
        </ul>
        {due}
      </DetailSection>
    );
  }
  const columns: TableColumnsType<Payment> = [
    {
      title: t.method,
      key: 'method',
      render: (_: unknown, p) => (
        <>
          <div>{methodLabel(p)}</div>
          <Details p={p} />
        </>
      ),
    },
    { title: t.status, dataIndex: 'status', key: 'status', render: (s: string) => <StatusTag kind="payment" status={s} /> },
    { title: t.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: (c: number) => <span style={nowrap}>{money(c)}</span> },
  ];
  if (grouped) columns.push({ title: t.payer, dataIndex: 'payerEmail', key: 'payerEmail', render: (v: string | null) => v ?? '-' });
  columns.push({
    title: <span style={nowrap}>{t.paidAt}</span>,
    key: 'paidAt',
    render: (_: unknown, p) => <span style={nowrap}>{paidLabel(p) ?? '-'}</span>,
  });
  return (
    <DetailSection title={t.title} extra={extra}>
      <Table<Payment>
        rowKey={rowKey}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={payments}
        scroll={{ x: 560 }}
        onRow={() => ({ 'data-testid': 'payment-row' }) as React.HTMLAttributes<HTMLElement>}
      />
      {due}
    </DetailSection>
  );
}
