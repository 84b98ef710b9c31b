// A ticket shown like its receipt, in a drawer (full width on phones): the salespoint's receipt header, the ref, date,
// seller and client, the refunded ticket of a refund (a link opening it), the offline number, the lines with their
// discounts, the ticket discount, the totals, the VAT per rate, the payments with the cash given and the change, the
// receipt footer and the ticket's fingerprint. 'Ticket PDF' downloads GET /pos/tickets/:id/receipt.pdf, 'Envoyer par
// e-mail' opens a small dialog (POST /pos/tickets/:id/send).
import { useState, type CSSProperties, type ReactNode } from 'react';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { PosTicket, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { EditDrawer } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { parisDateTime, rateLabel } from '../../format';
import { downloadReceipt, useTicket } from '../../salespoints.queries';
import { useTexts } from '../../texts';
import { DrawerBody } from '../DrawerBody';
import { ParamLink } from '../url';
import { SendTicketDialog } from './SendTicketDialog';

const mono: CSSProperties = { fontVariantNumeric: 'tabular-nums' };
const rule: CSSProperties = { border: 0, borderTop: '1px dashed var(--ant-color-border, #d9d9d9)', margin: '4px 0' };
const preWrap: CSSProperties = { whiteSpace: 'pre-wrap', textAlign: 'center', margin: 0, overflowWrap: 'anywhere' };

/** One 'label … amount' line of the receipt. */
function Row({ label, value, strong, testId }: { label: ReactNode; value: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <Flex
      justify="space-between"
      gap={12}
      data-testid={testId}
      style={{ fontWeight: strong ? 600 : undefined, fontSize: strong ? 16 : undefined }}
    >
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{label}</span>
      <span style={{ ...mono, whiteSpace: 'nowrap' }}>{value}</span>
    </Flex>
  );
}

function Receipt({ salesPoint, ticket }: { salesPoint: SalesPoint; ticket: PosTicket }) {
  const all = useTexts();
  const t = all.ticket;
  const info: Array<{ label: string; value: ReactNode }> = [
    { label: t.at, value: parisDateTime(ticket.at) },
    { label: t.seller, value: ticket.seller },
    ...(ticket.client ? [{ label: t.client, value: ticket.client.name }] : []),
    ...(ticket.refundOf
      ? [{ label: t.refundOf, value: <ParamLink changes={{ ticket: String(ticket.refundOf.id) }}>{ticket.refundOf.ref}</ParamLink> }]
      : []),
  ];
  return (
    <section
      aria-label={t.receipt}
      data-testid="receipt"
      style={{ display: 'grid', gap: 8, maxWidth: 420, margin: '0 auto', width: '100%' }}
    >
      {salesPoint.receiptHeader && <p style={preWrap}>{salesPoint.receiptHeader}</p>}
      <Flex wrap gap={8} justify="center" align="center">
        <Typography.Text strong style={{ fontSize: 16 }}>
          {ticket.ref}
        </Typography.Text>
        {ticket.kind === 'refund' && <Tag color="volcano">{all.tickets.kinds.refund}</Tag>}
      </Flex>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '2px 12px' }}>
        {info.map((i) => (
          <div key={i.label} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{i.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{i.value}</dd>
          </div>
        ))}
      </dl>
      {ticket.offline && <Alert type="warning" showIcon title={t.offline(ticket.offline.number, parisDateTime(ticket.offline.at))} />}
      <hr style={rule} />
      <ul aria-label={t.lines} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
        {ticket.lines.map((line, i) => {
          const refunded = ticket.refunded[i] ?? 0;
          return (
            <li key={i} data-testid="receipt-line">
              <Row label={line.label} value={formatCents(line.totalTTC)} />
              <Typography.Text type="secondary" style={{ ...mono, fontSize: 12, display: 'block' }}>
                {t.quantity(line.quantity, formatCents(line.unitPriceTTC))} · {rateLabel(all, line.vatRate)}
              </Typography.Text>
              {line.lineDiscount !== 0 && (
                <Typography.Text type="secondary" style={{ ...mono, fontSize: 12, display: 'block' }}>
                  {t.lineDiscount} {formatCents(-line.lineDiscount)}
                </Typography.Text>
              )}
              {refunded > 0 && (
                <Typography.Text type="warning" style={{ fontSize: 12, display: 'block' }}>
                  {t.refunded(refunded)}
                </Typography.Text>
              )}
            </li>
          );
        })}
      </ul>
      <hr style={rule} />
      {ticket.discount !== 0 && <Row label={t.discount} value={formatCents(-ticket.discount)} testId="receipt-discount" />}
      <Row label={t.totalTTC} value={formatCents(ticket.totalTTC)} strong testId="receipt-total" />
      <Row label={t.totalHT} value={formatCents(ticket.totalHT)} />
      <Row label={t.totalVAT} value={formatCents(ticket.totalVAT)} />
      <table aria-label={t.vat} style={{ width: '100%', borderCollapse: 'collapse', ...mono, fontSize: 13 }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'left', fontWeight: 500 }}>{t.rate}</th>
            <th style={{ textAlign: 'right', fontWeight: 500 }}>{t.ht}</th>
            <th style={{ textAlign: 'right', fontWeight: 500 }}>{t.vatAmount}</th>
            <th style={{ textAlign: 'right', fontWeight: 500 }}>{t.ttc}</th>
          </tr>
        </thead>
        <tbody>
          {ticket.vat.map((v) => (
            <tr key={v.rate} data-testid="receipt-vat">
              <td>{rateLabel(all, v.rate)}</td>
              <td style={{ textAlign: 'right' }}>{formatCents(v.ht)}</td>
              <td style={{ textAlign: 'right' }}>{formatCents(v.vat)}</td>
              <td style={{ textAlign: 'right' }}>{formatCents(v.ttc)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr style={rule} />
      <section aria-label={t.payments} style={{ display: 'grid', gap: 2 }}>
        {ticket.payments.map((p, i) => (
          <Row key={i} label={all.methodLabels[p.method]} value={formatCents(p.amount)} testId="receipt-payment" />
        ))}
        {ticket.cashGiven !== null && <Row label={t.cashGiven} value={formatCents(ticket.cashGiven)} testId="receipt-cash-given" />}
        {(ticket.change !== 0 || ticket.cashGiven !== null) && (
          <Row label={t.change} value={formatCents(ticket.change)} testId="receipt-change" />
        )}
      </section>
      {salesPoint.receiptFooter && (
        <>
          <hr style={rule} />
          <p style={preWrap}>{salesPoint.receiptFooter}</p>
        </>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 11, overflowWrap: 'anywhere', textAlign: 'center' }}>
        {t.hash} {ticket.hash.slice(0, 16)}
      </Typography.Text>
    </section>
  );
}

export function TicketDrawer({
  salesPoint,
  id,
  known,
  wait,
  onClose,
}: {
  salesPoint: SalesPoint;
  id: number | null;
  /** the row of the list, when the ticket is on the current page; `wait` while the list loads */
  known: PosTicket | undefined;
  wait: boolean;
  onClose: () => void;
}) {
  const all = useTexts();
  const t = all.ticket;
  const query = useTicket(id, known, wait);
  const ticket = query.data;
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState<PosTicket | null>(null);
  const download = (x: PosTicket) => {
    setDownloading(true);
    downloadReceipt(x)
      .catch((err: unknown) => notify.error(err instanceof Error && err.message ? err.message : t.pdfFailed))
      .finally(() => setDownloading(false));
  };

  const body = <DrawerBody content={ticket && <Receipt salesPoint={salesPoint} ticket={ticket} />} query={query} notFound={t.notFound} />;

  return (
    <>
      <EditDrawer
        open={id !== null}
        title={ticket ? t.title(ticket.ref) : all.tickets.ref}
        onClose={onClose}
        width={480}
        footer={
          ticket && (
            <Flex wrap gap={8} justify="flex-end">
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => download(ticket)}>
                {t.pdf}
              </Button>
              <Button icon={<MailOutlined />} onClick={() => setSending(ticket)}>
                {t.send}
              </Button>
            </Flex>
          )
        }
      >
        {body}
      </EditDrawer>
      <SendTicketDialog ticket={sending} onClose={() => setSending(null)} />
    </>
  );
}
