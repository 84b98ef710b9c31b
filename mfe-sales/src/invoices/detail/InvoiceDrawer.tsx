// One invoice, deposit invoice or credit note in a drawer (opened from the invoice lists, the payments screens and the
// order detail): GET /sales/invoices/:id — lines, VAT per rate, deposits deducted, totals, payments, credit notes;
// 'Télécharger le PDF', 'Envoyer par mail' (POST /sales/invoices/:id/send) and, on an invoice, 'Émettre un avoir';
// while it is owed, 'Enregistrer un règlement' (the payment drawer with its client, this invoice and what it still owes);
// overdue, the follow-up: its last reminder, 'Relancer' and 'Mise en demeure (PDF)' (./ReminderActions.tsx).
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Table, Typography, theme, type TableColumnsType } from 'antd';
import { INVOICE_KIND_LABELS, SALES_PAYMENT_METHOD_LABELS, type InvoiceDetail, type InvoiceLine } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { DetailSection, EditDrawer, errorMessage, QueryBoundary, useAction } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { confirmPopup, notify, useLayoutMode } from 'shared-kernel/runtime';
import { formatRate, paymentMethodLabel } from '../../orders/format';
import { RecordPaymentButton, useMayRecordPayment } from '../../payments/form/RecordPaymentButton';
import { downloadInvoicePdf, useInvoice, useSendInvoice } from '../invoices.queries';
import { InvoiceStatusTag } from '../InvoiceTags';
import { useTexts } from '../texts';
import { CreditNoteDialog } from './CreditNoteDialog';
import { isOverdue, ReminderActions } from './ReminderActions';

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

export const salesPaymentMethodLabel = (m: string): string =>
  (SALES_PAYMENT_METHOD_LABELS as Record<string, string | undefined>)[m] ?? paymentMethodLabel(m);

function Amounts({ rows }: { rows: Array<{ label: ReactNode; value: string; id: string; strong?: boolean; sub?: boolean }> }) {
  const { token } = theme.useToken();
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 4, columnGap: 16 }}>
      {rows.map((r) => (
        <div key={r.id} style={{ display: 'contents' }}>
          <dt
            style={{
              color: r.strong ? undefined : token.colorTextSecondary,
              fontWeight: r.strong ? 700 : undefined,
              paddingInlineStart: r.sub ? 12 : 0,
            }}
          >
            {r.label}
          </dt>
          <dd data-testid={r.id} style={{ margin: 0, textAlign: 'right', fontWeight: r.strong ? 700 : undefined, ...nowrap }}>
            {r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ invoice }: { invoice: InvoiceDetail }) {
  const t = useTexts().drawer.line;
  const mobile = useLayoutMode() === 'mobile';
  if (mobile) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {invoice.lines.map((l, i) => (
          <li key={i} data-testid="invoice-line">
            <Flex justify="space-between" gap={8}>
              <strong style={{ overflowWrap: 'anywhere' }}>{l.label}</strong>
              <span style={nowrap}>{formatCents(l.totalHT)}</span>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {l.quantity} × {formatCents(l.unitPriceHT)} · {formatRate(l.vatRate)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  }
  const columns: TableColumnsType<InvoiceLine> = [
    {
      key: 'label',
      title: t.label,
      render: (_: unknown, l) => (
        <>
          <strong>{l.label}</strong>
          {l.details && <div style={{ fontSize: 12 }}>{l.details}</div>}
        </>
      ),
    },
    { key: 'quantity', title: t.quantity, dataIndex: 'quantity', align: 'right' },
    { key: 'unit', title: t.unitPriceHT, dataIndex: 'unitPriceHT', align: 'right', render: (c: number) => formatCents(c) },
    {
      key: 'discount',
      title: t.discount,
      dataIndex: 'discountHT',
      align: 'right',
      render: (c: number) => (c > 0 ? `− ${formatCents(c)}` : '-'),
    },
    { key: 'vat', title: t.vat, dataIndex: 'vatRate', align: 'right', render: (r: number) => formatRate(r) },
    { key: 'total', title: t.totalHT, dataIndex: 'totalHT', align: 'right', render: (c: number) => formatCents(c) },
  ];
  return (
    <Table<InvoiceLine>
      size="small"
      rowKey={(_l) => invoice.lines.indexOf(_l)}
      pagination={false}
      columns={columns}
      dataSource={invoice.lines}
      scroll={{ x: 560 }}
      onRow={() => ({ 'data-testid': 'invoice-line' }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const all = useTexts();
  const t = all.drawer;
  const overdue = isOverdue(invoice);
  const send = useSendInvoice();
  const pdf = useAction({ run: () => downloadInvoicePdf(invoice.id, invoice.number) });
  const [crediting, setCrediting] = useState(false);
  const credit = invoice.kind === 'credit';
  const canCredit = !credit && invoice.credited < invoice.amountDue;
  const mayPay = useMayRecordPayment();
  const clientId = invoice.client.id;
  // a payment is recorded for a client file: an invoice without one (a checkout buyer's) is settled from its order
  const canPay = mayPay && !credit && invoice.remaining > 0 && clientId !== null;
  const info: Array<{ label: string; value: ReactNode }> = [
    { label: t.issuedAt, value: formatDate(invoice.issuedAt) },
    { label: t.saleDate, value: formatDate(invoice.saleDate) },
    ...(invoice.dueDate ? [{ label: t.dueDate, value: formatDate(invoice.dueDate) }] : []),
    { label: t.client, value: invoice.buyer.name || invoice.client.name },
    ...(invoice.orderId
      ? [{ label: t.order, value: <Link to={`/dashboard/orders/${invoice.orderId}`}>{invoice.orderNumber ?? `#${invoice.orderId}`}</Link> }]
      : []),
    ...(invoice.relatedInvoice ? [{ label: t.relatedInvoice, value: invoice.relatedInvoice.number }] : []),
    ...(invoice.reason ? [{ label: t.reason, value: invoice.reason }] : []),
    ...(invoice.paymentTerms ? [{ label: t.paymentTerms, value: invoice.paymentTerms }] : []),
    ...(overdue || invoice.lastReminderAt
      ? [
          {
            label: all.reminders.lastReminder,
            value: invoice.lastReminderAt
              ? all.reminders.reminder(invoice.reminderLevel, formatDate(invoice.lastReminderAt))
              : all.reminders.none,
          },
        ]
      : []),
  ];

  const sendByMail = () =>
    void confirmPopup({
      title: t.sendTitle,
      content: t.sendContent(invoice.buyer.email),
      okText: t.send,
      onOk: async () => {
        try {
          const r = await send.mutateAsync({ id: invoice.id });
          notify.success(r.message);
        } catch (err) {
          notify.error(errorMessage(err));
          throw err;
        }
      },
    });

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="invoice-detail">
      <Flex wrap gap={8} align="center">
        <InvoiceStatusTag invoice={invoice} />
        <Button onClick={() => void pdf.run()}>{t.pdf}</Button>
        <Button onClick={sendByMail}>{t.send}</Button>
        {canPay && (
          <RecordPaymentButton
            primary
            prefill={{ client: { id: clientId, name: invoice.client.name }, amount: invoice.remaining, invoiceIds: [invoice.id] }}
          />
        )}
        {canCredit && (
          <Button danger onClick={() => setCrediting(true)}>
            {t.credit}
          </Button>
        )}
        {overdue && <ReminderActions invoice={invoice} />}
      </Flex>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}>
        {info.map((i) => (
          <div key={i.label} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{i.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{i.value}</dd>
          </div>
        ))}
      </dl>
      <DetailSection title={t.lines}>
        <Lines invoice={invoice} />
      </DetailSection>
      <DetailSection title={t.totals}>
        <Amounts
          rows={[
            { label: t.totalHT, value: formatCents(invoice.totalHT), id: 'invoice-total-ht' },
            ...(invoice.duties > 0 ? [{ label: t.duties, value: formatCents(invoice.duties), id: 'invoice-duties', sub: true }] : []),
            ...invoice.vat.map((v) => ({
              label: t.vatRow(formatRate(v.rate), formatCents(v.baseHT)),
              value: formatCents(v.vat),
              id: `invoice-vat-${v.rate}`,
              sub: true,
            })),
            { label: t.totalVAT, value: formatCents(invoice.totalVAT), id: 'invoice-total-vat' },
            { label: t.totalTTC, value: formatCents(invoice.totalTTC), id: 'invoice-total-ttc', strong: true },
            ...invoice.depositsDeducted.map((d) => ({
              label: t.depositOf(d.number),
              value: `− ${formatCents(d.totalTTC)}`,
              id: `invoice-deposit-${d.id}`,
              sub: true,
            })),
            ...(credit
              ? []
              : [
                  { label: t.amountDue, value: formatCents(invoice.amountDue), id: 'invoice-amount-due' },
                  { label: t.paid, value: formatCents(invoice.paid), id: 'invoice-paid', sub: true },
                  { label: t.credited, value: formatCents(invoice.credited), id: 'invoice-credited', sub: true },
                  { label: t.remaining, value: formatCents(invoice.remaining), id: 'invoice-remaining', strong: true },
                ]),
          ]}
        />
      </DetailSection>
      {!credit && (
        <DetailSection title={t.payments}>
          {invoice.payments.length === 0 ? (
            <Typography.Text type="secondary">{t.noPayments}</Typography.Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
              {invoice.payments.map((p, i) => (
                // a credit note's part has no payment id (0): the position keeps the keys apart
                <li key={`${p.paymentId}-${i}`} data-testid="invoice-payment">
                  <Flex justify="space-between" gap={8} wrap>
                    <span>
                      {formatDate(p.paidAt)} · {salesPaymentMethodLabel(p.method)}
                      {p.reference ? ` · ${p.reference}` : ''}
                    </span>
                    <strong style={nowrap}>{formatCents(p.amount)}</strong>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      )}
      {!credit && (
        <DetailSection title={t.creditNotes}>
          {invoice.creditNotes.length === 0 ? (
            <Typography.Text type="secondary">{t.noCreditNotes}</Typography.Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
              {invoice.creditNotes.map((c) => (
                <li key={c.id}>
                  <Flex justify="space-between" gap={8} wrap>
                    <span>
                      {c.number} · {formatDate(c.issuedAt)}
                    </span>
                    <strong style={nowrap}>{formatCents(c.totalTTC)}</strong>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      )}
      {crediting && <CreditNoteDialog invoice={invoice} open={crediting} onClose={() => setCrediting(false)} />}
    </div>
  );
}

function InvoiceLoader({ id }: { id: number }) {
  const t = useTexts().drawer;
  const query = useInvoice(id);
  return (
    <QueryBoundary query={query} notFound={{ backTo: '/dashboard/orders/bills', backLabel: t.back, title: t.notFound }}>
      {(invoice) => <InvoiceView invoice={invoice} />}
    </QueryBoundary>
  );
}

/** The drawer of the invoice `id` (null = closed). */
export function InvoiceDrawer({ id, title, onClose }: { id: number | null; title?: string; onClose: () => void }) {
  const query = useInvoice(id);
  const t = useTexts().drawer;
  const heading = query.data ? t.title(INVOICE_KIND_LABELS[query.data.kind], query.data.number) : (title ?? '');
  return (
    <EditDrawer open={id !== null} title={heading} onClose={onClose} width={760}>
      {id !== null && <InvoiceLoader id={id} />}
    </EditDrawer>
  );
}
