// The 80 mm receipt: shown on the ticket screen and printed alone (cash-register.css, @media print) by « Imprimer ».
import type { PosPaymentMethod, PosTicket, SalesPoint } from 'shared-kernel/contracts';
import { changeDue, formatCents, formatDateTime, type PricedTicket } from 'shared-kernel/domain';
import { useTexts } from './texts';

export interface ReceiptData {
  /** the ticket's ref ('CAVEAU-000042'), or its provisional number offline ('HL-3-12') */
  number: string;
  offline: boolean;
  kind: 'sale' | 'refund';
  refundOf: string | null;
  at: string;
  seller: string | null;
  client: string | null;
  lines: Array<{ label: string; quantity: number; unitPriceTTC: number; discount: number; totalTTC: number; free: boolean }>;
  totalTTC: number;
  totalHT: number;
  totalVAT: number;
  vat: Array<{ rate: number; ttc: number; ht: number; vat: number }>;
  payments: Array<{ method: PosPaymentMethod; amount: number }>;
  cashGiven: number | null;
  change: number;
}

export function receiptFromTicket(t: PosTicket): ReceiptData {
  return {
    number: t.ref,
    offline: false,
    kind: t.kind,
    refundOf: t.refundOf?.ref ?? null,
    at: t.at,
    seller: t.seller || null,
    client: t.client?.name ?? null,
    lines: t.lines.map((l) => ({
      label: l.label,
      quantity: l.quantity,
      unitPriceTTC: l.unitPriceTTC,
      discount: l.lineDiscount + l.ticketDiscount,
      totalTTC: l.totalTTC,
      free: l.gross === 0 && l.unitPriceTTC !== 0,
    })),
    totalTTC: t.totalTTC,
    totalHT: t.totalHT,
    totalVAT: t.totalVAT,
    vat: t.vat,
    payments: t.payments,
    cashGiven: t.cashGiven,
    change: t.change,
  };
}

export function receiptFromQueued(q: {
  number: string;
  at: string;
  priced: PricedTicket;
  payments: Array<{ method: PosPaymentMethod; amount: number }>;
  cashGiven: number | null;
  client: string | null;
}): ReceiptData {
  return {
    number: q.number,
    offline: true,
    kind: 'sale',
    refundOf: null,
    at: q.at,
    seller: null,
    client: q.client,
    lines: q.priced.lines.map((l) => ({
      label: l.label,
      quantity: l.quantity,
      unitPriceTTC: l.unitPriceTTC,
      discount: l.lineDiscount + l.ticketDiscount,
      totalTTC: l.totalTTC,
      free: !!l.free,
    })),
    totalTTC: q.priced.totalTTC,
    totalHT: q.priced.totalHT,
    totalVAT: q.priced.totalVAT,
    vat: q.priced.vat,
    payments: q.payments,
    cashGiven: q.cashGiven,
    change: changeDue(q.payments, q.cashGiven),
  };
}

const rate = (r: number) => String(r).replace('.', ',');

export function Receipt({
  data,
  salesPoint,
}: {
  data: ReceiptData;
  salesPoint: Pick<SalesPoint, 'name' | 'receiptHeader' | 'receiptFooter'>;
}) {
  const t = useTexts();
  return (
    <article className="wz-receipt" aria-label={t.done.receipt}>
      <header className="wz-receipt__header">
        <strong>{salesPoint.name}</strong>
        {salesPoint.receiptHeader && <div className="wz-receipt__pre">{salesPoint.receiptHeader}</div>}
      </header>
      <div className="wz-receipt__meta">
        <div>{data.offline ? t.receipt.offline(data.number) : data.number}</div>
        {data.refundOf && <div>{t.receipt.refundOf(data.refundOf)}</div>}
        <div>{formatDateTime(data.at)}</div>
        {data.seller && <div>{t.receipt.seller(data.seller)}</div>}
        {data.client && <div>{t.receipt.client(data.client)}</div>}
      </div>
      <table className="wz-receipt__lines">
        <tbody>
          {data.lines.map((l, i) => (
            <tr key={i}>
              <td>
                <div>{l.label}</div>
                <div className="wz-receipt__sub">
                  {`${l.quantity} × ${formatCents(l.unitPriceTTC)}`}
                  {l.free ? ` · ${t.receipt.offered}` : ''}
                  {l.discount ? ` · ${t.receipt.discount} ${formatCents(-l.discount)}` : ''}
                </div>
              </td>
              <td className="wz-num">{formatCents(l.totalTTC)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="wz-receipt__total">
        <span>{t.receipt.totalTTC}</span>
        <strong>{formatCents(data.totalTTC)}</strong>
      </div>
      <table className="wz-receipt__vat">
        <tbody>
          {data.vat.map((v) => (
            <tr key={v.rate}>
              <td>{t.receipt.vat(rate(v.rate))}</td>
              <td className="wz-num">{formatCents(v.ht)}</td>
              <td className="wz-num">{formatCents(v.vat)}</td>
              <td className="wz-num">{formatCents(v.ttc)}</td>
            </tr>
          ))}
          <tr>
            <td>{t.receipt.totalHT}</td>
            <td className="wz-num">{formatCents(data.totalHT)}</td>
            <td className="wz-num">{formatCents(data.totalVAT)}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <table className="wz-receipt__payments">
        <tbody>
          {data.payments.map((p) => (
            <tr key={p.method}>
              <td>{t.methods[p.method]}</td>
              <td className="wz-num">{formatCents(p.amount)}</td>
            </tr>
          ))}
          {data.cashGiven !== null && data.cashGiven > 0 && (
            <tr>
              <td>{t.receipt.cashGiven}</td>
              <td className="wz-num">{formatCents(data.cashGiven)}</td>
            </tr>
          )}
          {data.change > 0 && (
            <tr>
              <td>{t.receipt.change}</td>
              <td className="wz-num">{formatCents(data.change)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {salesPoint.receiptFooter && <footer className="wz-receipt__pre wz-receipt__footer">{salesPoint.receiptFooter}</footer>}
    </article>
  );
}
