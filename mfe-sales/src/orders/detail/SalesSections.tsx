// The staff block of an order detail (`order.sales`): the commercial file (client link, document type, quote
// number and validity, warehouse, payment delay, agent, carrier and tracking, what is left to invoice), the notes,
// the history of the order (when, who, from → to, note) and its invoices (drawer, PDF).
import { useState, type ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import { INVOICE_KIND_LABELS, SALES_ORDER_SUBTYPE_LABELS, type OrderHistoryEntry, type SalesOrderExtra } from 'shared-kernel/contracts';
import { ORDER_ACTION_LABELS, PAYMENT_DELAYS, formatCents, formatDate, formatDateTime, refLabel, statusInfo } from 'shared-kernel/domain';
import { DetailSection, useAction } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { InvoiceDrawer } from '../../invoices/detail/InvoiceDrawer';
import { downloadInvoicePdf } from '../../invoices/invoices.queries';
import { useTexts } from '../texts';

export function SalesFileSection({ sales }: { sales: SalesOrderExtra }) {
  const t = useTexts().sales;
  const rows: Array<{ label: string; value: ReactNode }> = [
    {
      label: t.client,
      value: sales.client ? (
        <Link to={`/dashboard/clients/${sales.client.id}`}>
          {sales.client.name}
          {sales.client.code ? ` (${sales.client.code})` : ''}
        </Link>
      ) : (
        t.none
      ),
    },
    { label: t.type, value: SALES_ORDER_SUBTYPE_LABELS[sales.subType] },
    ...(sales.quoteNumber ? [{ label: t.quoteNumber, value: sales.quoteNumber }] : []),
    ...(sales.validUntil ? [{ label: t.validUntil, value: formatDate(sales.validUntil) }] : []),
    { label: t.source, value: t.sources[sales.source] },
    { label: t.warehouse, value: sales.warehouse?.name ?? t.none },
    {
      label: t.paymentDelay,
      value: sales.paymentDelay
        ? refLabel(PAYMENT_DELAYS, sales.paymentDelay as (typeof PAYMENT_DELAYS)[number]['value']) || sales.paymentDelay
        : t.none,
    },
    ...(sales.agent ? [{ label: t.agent, value: sales.agent.name }] : []),
    ...(sales.carrier ? [{ label: t.carrier, value: sales.carrier }] : []),
    ...(sales.trackingNumber ? [{ label: t.trackingNumber, value: sales.trackingNumber }] : []),
    { label: t.remainingToInvoice, value: formatCents(sales.remainingToInvoice) },
  ];
  return (
    <DetailSection title={t.file}>
      <dl data-testid="sales-file" style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}>
        {rows.map((r) => (
          <div key={r.label} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{r.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{r.value}</dd>
          </div>
        ))}
      </dl>
    </DetailSection>
  );
}

export function NotesSection({ notes }: { notes: string }) {
  const t = useTexts().sales;
  return (
    <DetailSection title={t.notes}>
      <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{notes}</p>
    </DetailSection>
  );
}

const isDelivery = (action: string) => action === 'ship' || action === 'deliver';

function statusLabel(action: string, status: string | null): string {
  return status ? statusInfo(isDelivery(action) ? 'delivery' : 'order', status).label : '';
}

/** The journal's own entries beside the lifecycle actions (the api writes `create`, `edit`, `deposit`; `accept` when the client accepts a quote online). */
const HISTORY_LABELS: Record<string, string> = {
  create: 'Création',
  edit: 'Modification',
  deposit: "Facture d'acompte",
  accept: 'Devis accepté',
};
const historyLabel = (action: string) => (ORDER_ACTION_LABELS as Record<string, string>)[action] ?? HISTORY_LABELS[action] ?? action;

export function HistorySection({ history }: { history: OrderHistoryEntry[] }) {
  const t = useTexts().sales;
  const { token } = theme.useToken();
  return (
    <DetailSection title={t.history}>
      {history.length === 0 ? (
        <Typography.Text type="secondary">{t.noHistory}</Typography.Text>
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {history.map((h, i) => (
            <li
              key={i}
              data-testid="history-entry"
              style={{ borderInlineStart: `3px solid ${token.colorPrimaryBorder}`, paddingInlineStart: 10 }}
            >
              <div>
                <Typography.Text strong>{historyLabel(h.action)}</Typography.Text>
                {(h.from || h.to) && (
                  <span>
                    {' '}
                    · {statusLabel(h.action, h.from) || '-'} → {statusLabel(h.action, h.to) || '-'}
                  </span>
                )}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {formatDateTime(h.at)}
                {h.user ? ` · ${t.by(h.user)}` : ''}
              </Typography.Text>
              {h.note && <div style={{ whiteSpace: 'pre-wrap' }}>{h.note}</div>}
            </li>
          ))}
        </ol>
      )}
    </DetailSection>
  );
}

export function InvoicesSection({ invoices }: { invoices: SalesOrderExtra['invoices'] }) {
  const t = useTexts().sales;
  const [open, setOpen] = useState<number | null>(null);
  const pdf = useAction({ run: (id: number, number: string) => downloadInvoicePdf(id, number) });
  return (
    <DetailSection title={t.invoices}>
      {invoices.length === 0 ? (
        <Typography.Text type="secondary">{t.noInvoices}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {invoices.map((i) => (
            <li key={i.id} data-testid="order-invoice">
              <Flex wrap gap={8} align="center" justify="space-between">
                <span>
                  <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(i.id)}>
                    {i.number}
                  </Button>{' '}
                  · {INVOICE_KIND_LABELS[i.kind]} · {formatDate(i.issuedAt)}
                </span>
                <Flex gap={8} align="center">
                  <strong style={{ whiteSpace: 'nowrap' }}>{formatCents(i.totalTTC)}</strong>
                  <Button size="small" aria-label={t.pdfOf(i.number)} onClick={() => void pdf.run(i.id, i.number)}>
                    {t.pdf}
                  </Button>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <InvoiceDrawer id={open} onClose={() => setOpen(null)} />
    </DetailSection>
  );
}
