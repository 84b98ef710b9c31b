/**
 * The till's paper: the receipt and the Z report on an 80 mm roll (72 mm printable, 204 pt), as PDF with
 * pdfkit's built-in Helvetica (WinAnsi: French accents and the euro sign). The height follows the content.
 */
import { loadPdfkit } from '../../platform/heavy-libraries';
import { POS_PAYMENT_METHOD_LABELS, type PosClosing, type PosTicket } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';

const WIDTH = 227; // 80 mm
const MARGIN = 11;
const INNER = WIDTH - 2 * MARGIN;

const money = (c: number) => formatCents(c).replace(/[\u202f\u00a0]/g, ' ');
const when = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

type Row = { left: string; right?: string; bold?: boolean; size?: number; center?: boolean; rule?: boolean };

async function render(rows: Row[]): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const lineHeight = (r: Row) => (r.rule ? 8 : (r.size ?? 8) * 1.35 * Math.max(1, Math.ceil(r.left.length / (r.right ? 28 : 40))));
  const height = 2 * MARGIN + rows.reduce((n, r) => n + lineHeight(r), 0) + 20;
  const doc = new PDFDocument({ size: [WIDTH, Math.max(200, height)], margin: MARGIN, info: { Title: rows[0]?.left ?? 'Ticket' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const r of rows) {
    if (r.rule) {
      doc.moveDown(0.2);
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(WIDTH - MARGIN, doc.y)
        .dash(2, { space: 2 })
        .strokeColor('#555')
        .stroke()
        .undash();
      doc.moveDown(0.3);
      continue;
    }
    doc.font(r.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(r.size ?? 8);
    const y = doc.y;
    if (r.right) {
      doc.text(r.left, MARGIN, y, { width: INNER - 60 });
      const after = doc.y;
      doc.text(r.right, MARGIN, y, { width: INNER, align: 'right' });
      doc.y = Math.max(after, doc.y);
    } else doc.text(r.left, MARGIN, y, { width: INNER, align: r.center ? 'center' : 'left' });
  }
  doc.end();
  return done;
}

const rate = (r: number) => `${String(r).replace('.', ',')} %`;

/** The customer's receipt: header, lines, discounts, VAT per rate, payments and change, number, date, footer. */
export function receiptPdf(t: PosTicket, sp: { name: string; receiptHeader: string; receiptFooter: string }): Promise<Buffer> {
  const rows: Row[] = [{ left: sp.name, bold: true, size: 11, center: true }];
  for (const l of sp.receiptHeader.split('\n').filter(Boolean)) rows.push({ left: l, center: true });
  rows.push({ rule: true, left: '' });
  if (t.kind === 'refund') rows.push({ left: `REMBOURSEMENT du ticket ${t.refundOf?.ref ?? ''}`, bold: true });
  for (const l of t.lines) {
    rows.push({ left: `${l.quantity} × ${l.label}`, right: money(l.totalTTC) });
    if (l.lineDiscount || l.ticketDiscount)
      rows.push({ left: `   ${money(l.unitPriceTTC)} l’unité, remise ${money(l.lineDiscount + l.ticketDiscount)}`, size: 7 });
    else if (l.quantity !== 1) rows.push({ left: `   ${money(l.unitPriceTTC)} l’unité`, size: 7 });
  }
  rows.push({ rule: true, left: '' });
  if (t.discount) rows.push({ left: 'Remises', right: `- ${money(t.discount)}` });
  rows.push({ left: 'TOTAL TTC', right: money(t.totalTTC), bold: true, size: 11 });
  for (const v of t.vat) rows.push({ left: `TVA ${rate(v.rate)} sur ${money(v.ht)} HT`, right: money(v.vat), size: 7 });
  rows.push({ rule: true, left: '' });
  for (const p of t.payments) rows.push({ left: POS_PAYMENT_METHOD_LABELS[p.method], right: money(p.amount) });
  if (t.cashGiven != null) rows.push({ left: 'Espèces reçues', right: money(t.cashGiven) });
  if (t.change) rows.push({ left: 'Rendu', right: money(t.change), bold: true });
  rows.push({ rule: true, left: '' });
  rows.push({ left: `Ticket ${t.ref} — ${when(t.at)}`, size: 7 });
  rows.push({ left: `Vendeur : ${t.seller}${t.client ? ` — Client : ${t.client.name}` : ''}`, size: 7 });
  if (t.offline) rows.push({ left: `Établi hors ligne (${t.offline.number})`, size: 7 });
  if (t.hash) rows.push({ left: `Empreinte ${t.hash.slice(0, 16)}…`, size: 6 });
  for (const l of sp.receiptFooter.split('\n').filter(Boolean)) rows.push({ left: l, center: true, size: 7 });
  return render(rows);
}

const KIND = { day: 'CLÔTURE JOURNALIÈRE (Z)', month: 'CLÔTURE MENSUELLE', year: 'CLÔTURE ANNUELLE' } as const;

/** The Z (or month / year) report, printed like a receipt. */
export function closingPdf(c: PosClosing, sp: { name: string }): Promise<Buffer> {
  const rows: Row[] = [
    { left: sp.name, bold: true, size: 11, center: true },
    { left: KIND[c.kind], bold: true, center: true },
    { left: `${c.ref} — période ${c.period}`, center: true, size: 7 },
    { left: `Le ${when(c.at)} par ${c.by}`, center: true, size: 7 },
    { rule: true, left: '' },
    { left: `Tickets : ${c.totals.tickets}`, right: money(c.totals.totalTTC), bold: true },
    { left: 'Total HT', right: money(c.totals.totalHT) },
    { left: 'Total TVA', right: money(c.totals.totalVAT) },
    { rule: true, left: '' },
    { left: 'Par taux de TVA', bold: true },
  ];
  for (const v of c.totals.byVat)
    rows.push({ left: `${rate(v.rate)} : HT ${money(v.ht)}, TVA ${money(v.vat)}`, right: money(v.ttc), size: 7 });
  rows.push({ left: 'Par mode de règlement', bold: true });
  for (const m of c.totals.byMethod) rows.push({ left: POS_PAYMENT_METHOD_LABELS[m.method], right: money(m.amount) });
  if (c.expected) {
    rows.push({ rule: true, left: '' }, { left: 'Comptage', bold: true });
    if (c.float != null) rows.push({ left: 'Fond de caisse', right: money(c.float) });
    for (const [m, v] of Object.entries(c.expected))
      rows.push({
        left: `${POS_PAYMENT_METHOD_LABELS[m as keyof typeof POS_PAYMENT_METHOD_LABELS] ?? m} : attendu ${money(v ?? 0)}`,
        right: `compté ${money(c.counted?.[m as keyof typeof c.expected] ?? v ?? 0)}`,
        size: 7,
      });
    rows.push({ left: 'Écart', right: money(c.gap ?? 0), bold: true });
  }
  rows.push({ rule: true, left: '' }, { left: 'Grand total perpétuel', right: money(c.grandTotal), bold: true });
  if (c.hash) rows.push({ left: `Empreinte ${c.hash.slice(0, 16)}…`, size: 6 });
  return render(rows);
}
