/**
 * Ventilation of a period's sales (/orders/ventilate): what the accounting issue will post.
 *
 * Every document issued in the period becomes signed entries (one per line): invoices and deposit invoices count
 * positive, credit notes negative, and a final invoice gives back the deposits it deducts (their own lines, negative),
 * so a sale paid with a deposit is counted once. The VAT of each rate of a document is split over that rate's lines in
 * proportion to their HT (largest remainder), so each axis' rows add up exactly to the totals, which are the sum of the
 * documents' HT / VAT / TTC minus the credit notes'. Payment methods are the payments received in the period.
 */
import { loadExcelJs } from '../../platform/heavy-libraries';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  VENTILATION_AXES,
  VENTILATION_AXIS_LABELS,
  SALES_PAYMENT_METHOD_LABELS,
  type InvoiceLine,
  type Ventilation,
  type VentilationAxis,
} from 'shared-kernel/contracts';
import { ACCOUNTING_PRODUCT_TYPES, csvFixed, spreadsheetCell, splitCentsBy, writeCsv, type CsvFixed } from 'shared-kernel/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/tables';
import { productFormats, products } from '../catalog';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { invoices, salesPayments, type InvoiceRow } from './sales.tables';

interface Entry {
  accountingType: string;
  vatRate: number;
  formatId: number | null;
  ht: number;
  vat: number;
  typology: string;
  agent: string;
}

/** The signed entries of one document: its lines with their share of the VAT of their rate. */
function entriesOf(doc: Pick<InvoiceRow, 'lines' | 'vat'>, sign: 1 | -1, who: { typology: string; agent: string }): Entry[] {
  const lines = doc.lines as InvoiceLine[];
  const vatShare = new Map<number, number>();
  for (const v of doc.vat) {
    const idx = lines.map((l, i) => (l.vatRate === v.rate ? i : -1)).filter((i) => i >= 0);
    splitCentsBy(
      v.vat,
      idx.map((i) => Math.max(0, lines[i].totalHT)),
    ).forEach((part, k) => vatShare.set(idx[k], part));
  }
  return lines.map((l, i) => ({
    accountingType: l.accountingType,
    vatRate: l.vatRate,
    formatId: l.formatId,
    ht: sign * l.totalHT,
    vat: sign * (vatShare.get(i) ?? 0),
    ...who,
  }));
}

export async function ventilation(db: Db, shopId: number, from: string, to: string): Promise<Ventilation> {
  const docs = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.shopId, shopId), gte(invoices.issueDate, from), lte(invoices.issueDate, to)));
  const depositIds = [...new Set(docs.flatMap((d) => d.depositsDeducted.map((x) => x.id)))];
  const deposits = depositIds.length ? await db.select().from(invoices).where(inArray(invoices.id, depositIds)) : [];
  const orderIds = [...new Set(docs.map((d) => d.orderId).filter((v): v is number => v != null))];
  const clientIds = [...new Set(docs.map((d) => d.clientId).filter((v): v is number => v != null))];
  const [ords, clients, typologies] = await Promise.all([
    orderIds.length
      ? db
          .select({
            id: orders.id,
            agentId: orders.agentId,
            firstname: users.firstname,
            lastname: users.lastname,
            username: users.username,
          })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.agentId))
          .where(inArray(orders.id, orderIds))
      : Promise.resolve([]),
    clientIds.length
      ? db.select({ id: crmClients.id, typology: crmClients.typology }).from(crmClients).where(inArray(crmClients.id, clientIds))
      : Promise.resolve([]),
    db.execute(sql`select typologies from shops where id = ${shopId}`) as unknown as Promise<{
      rows: Array<{ typologies: Array<{ id: string; name: string }> | null }>;
    }>,
  ]);
  const typologyName = new Map((typologies.rows[0]?.typologies ?? []).map((t) => [t.id, t.name]));
  const agentOf = new Map(
    ords.map((o) => [o.id, o.agentId ? [o.firstname, o.lastname].filter(Boolean).join(' ') || o.username || 'Agent' : 'Vente directe']),
  );
  const typologyOf = new Map(clients.map((c) => [c.id, c.typology ? (typologyName.get(c.typology) ?? c.typology) : 'Sans typologie']));

  const entries: Entry[] = [];
  let invoicesCount = 0;
  let creditsCount = 0;
  for (const d of docs) {
    const who = {
      typology: d.clientId ? (typologyOf.get(d.clientId) ?? 'Sans typologie') : 'Vente en ligne',
      agent: d.orderId ? (agentOf.get(d.orderId) ?? 'Vente directe') : 'Vente directe',
    };
    if (d.kind === 'credit') creditsCount++;
    else invoicesCount++;
    entries.push(...entriesOf(d, d.kind === 'credit' ? -1 : 1, who));
    for (const x of d.depositsDeducted) {
      const dep = deposits.find((y) => y.id === x.id);
      if (dep) entries.push(...entriesOf(dep, -1, who));
    }
  }

  const formatIds = [...new Set(entries.map((e) => e.formatId).filter((v): v is number => v != null))];
  const ranges = formatIds.length
    ? await db
        .select({ id: productFormats.id, gamme: products.gamme })
        .from(productFormats)
        .innerJoin(products, eq(products.id, productFormats.productId))
        .where(inArray(productFormats.id, formatIds))
    : [];
  const rangeOf = new Map(ranges.map((r) => [r.id, r.gamme || 'Sans gamme']));
  const accountingLabel = new Map<string, string>(ACCOUNTING_PRODUCT_TYPES.map((t) => [t.value, t.label]));

  const group = (key: (e: Entry) => string, label: (k: string) => string) => {
    const rows = new Map<string, { ht: number; vat: number }>();
    for (const e of entries) {
      const k = key(e);
      const r = rows.get(k) ?? { ht: 0, vat: 0 };
      r.ht += e.ht;
      r.vat += e.vat;
      rows.set(k, r);
    }
    return [...rows.entries()]
      .map(([k, r]) => ({ key: k, label: label(k), ht: r.ht, vat: r.vat, ttc: r.ht + r.vat }))
      .sort((a, b) => b.ttc - a.ttc || a.label.localeCompare(b.label));
  };

  const paid = await db
    .select({ method: salesPayments.method, direction: salesPayments.direction, amount: salesPayments.amount })
    .from(salesPayments)
    .where(and(eq(salesPayments.shopId, shopId), gte(salesPayments.paidAt, from), lte(salesPayments.paidAt, to)));
  const byMethod = new Map<string, number>();
  for (const p of paid) byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + (p.direction === 'in' ? p.amount : -p.amount));

  const ht = entries.reduce((n, e) => n + e.ht, 0);
  const vat = entries.reduce((n, e) => n + e.vat, 0);
  const axes: Record<VentilationAxis, Ventilation['axes'][VentilationAxis]> = {
    accountingType: group(
      (e) => e.accountingType,
      (k) => accountingLabel.get(k) ?? k,
    ),
    vatRate: group(
      (e) => String(e.vatRate),
      (k) => `${k.replace('.', ',')} %`,
    ),
    typology: group(
      (e) => e.typology,
      (k) => k,
    ),
    range: group(
      (e) => (e.formatId ? (rangeOf.get(e.formatId) ?? 'Sans gamme') : (accountingLabel.get(e.accountingType) ?? e.accountingType)),
      (k) => k,
    ),
    agent: group(
      (e) => e.agent,
      (k) => k,
    ),
    paymentMethod: [...byMethod.entries()]
      .map(([k, amount]) => ({
        key: k,
        label: SALES_PAYMENT_METHOD_LABELS[k as keyof typeof SALES_PAYMENT_METHOD_LABELS] ?? k,
        ht: 0,
        vat: 0,
        ttc: amount,
      }))
      .sort((a, b) => b.ttc - a.ttc),
  };
  return { from, to, totals: { ht, vat, ttc: ht + vat, invoices: invoicesCount, credits: creditsCount }, axes };
}

/** The ventilation as CSV (';', BOM, decimal comma) or XLSX: one block / sheet per axis. */
export async function ventilationFile(v: Ventilation, format: 'csv' | 'xlsx'): Promise<Buffer> {
  // amounts stay numbers (a credit note's are negative); a key is a client's or a product's name: text, neutralised
  const euros = (c: number) => csvFixed(c / 100, 2);
  if (format === 'csv') {
    const rows: Array<Array<string | CsvFixed>> = [];
    for (const axis of VENTILATION_AXES)
      for (const r of v.axes[axis]) rows.push([VENTILATION_AXIS_LABELS[axis], r.label, euros(r.ht), euros(r.vat), euros(r.ttc)]);
    rows.push(['Total', `${v.from} → ${v.to}`, euros(v.totals.ht), euros(v.totals.vat), euros(v.totals.ttc)]);
    return Buffer.from(writeCsv(['Axe', 'Clé', 'HT', 'TVA', 'TTC'], rows), 'utf8');
  }
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  for (const axis of VENTILATION_AXES) {
    const ws = wb.addWorksheet(VENTILATION_AXIS_LABELS[axis].slice(0, 31));
    ws.columns = [
      { header: VENTILATION_AXIS_LABELS[axis], key: 'label', width: 32 },
      { header: 'HT', key: 'ht', width: 14, style: { numFmt: '#,##0.00' } },
      { header: 'TVA', key: 'vat', width: 14, style: { numFmt: '#,##0.00' } },
      { header: 'TTC', key: 'ttc', width: 14, style: { numFmt: '#,##0.00' } },
    ];
    for (const r of v.axes[axis]) ws.addRow({ label: spreadsheetCell(r.label), ht: r.ht / 100, vat: r.vat / 100, ttc: r.ttc / 100 });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
