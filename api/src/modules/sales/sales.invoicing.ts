/**
 * Issuing legal documents: invoices, deposit invoices and credit notes.
 *
 * French rules applied here (CGI art. 289 and 242 nonies A of annexe II; Code de commerce L441-9, L441-10, D441-5):
 * - numbers come from one chronological series per shop and year without gap (BOI-TVA-DECLA-30-20-20-10 §§ 230-250:
 *   "numérotation continue … séquence chronologique"), assigned in the issuing transaction from a counter row that the
 *   transaction locks: two instances issuing at once wait for each other, a rollback gives the number back;
 * - invoices and deposit invoices share the invoice series; credit notes have their own series;
 * - an issued document is never changed nor deleted (a trigger of migration 0016 refuses it): a mistake is corrected
 *   by a credit note that refers to the invoice;
 * - every mandatory mention is snapshotted in the row at issue (seller and buyer identity, dates, lines, VAT per rate,
 *   totals, deposits deducted, due date and terms, late-payment penalty and the 40 € recovery indemnity for
 *   professionals), so the PDF can be made again identically at any time.
 */
import { sql } from 'drizzle-orm';
import type { BillingSettings, InvoiceLine, Party } from 'shared-kernel/contracts';
import { PAYMENT_DELAYS, paymentDueDate, vatOf, type PaymentDelay } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { nextCounterValue } from '../orders';
import { invoices, type InvoiceRow } from './sales.tables';

export type SeriesKind = 'invoice' | 'credit' | 'quote';

/** Made once: building an Intl formatter costs far more than using it (list rows compute their overdue days). */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in Paris (the day the document is dated), YYYY-MM-DD. */
export function parisDate(d: Date = new Date()): string {
  return PARIS_DAY.format(d);
}

/** `F2026-00001`: prefix, the Paris year of issue, the sequence on 5 digits. */
export async function nextNumber(
  tx: DbOrTx,
  shopId: number,
  series: SeriesKind,
  prefix: string,
  date: string,
): Promise<{ number: string; seq: number; year: number; series: string }> {
  const year = Number(date.slice(0, 4));
  const seq = await nextCounterValue(tx, shopId, `doc-${series}`, year);
  return { number: `${prefix}${year}-${String(seq).padStart(5, '0')}`, seq, year, series };
}

/** Paris due date of a document issued on `issueDate` with a §3 payment delay; null for 'at order' / 'at delivery'. */
export function dueDateOf(issueDate: string, delay: string | null | undefined): string | null {
  if (!delay) return null;
  const [y, m, d] = issueDate.split('-').map(Number);
  const due = paymentDueDate(new Date(y, m - 1, d), delay as PaymentDelay);
  if (!due) return issueDate;
  return `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
}

export function paymentTermsOf(delay: string | null | undefined): string {
  const label = PAYMENT_DELAYS.find((d) => d.value === delay)?.label;
  if (!label) return 'Paiement à réception de facture';
  if (delay === 'order') return 'Paiement à la commande';
  if (delay === 'delivery') return 'Paiement à la livraison';
  return `Paiement à ${label.toLowerCase()}`;
}

/** VAT per rate on the sum of the lines of that rate (the engine's rule). */
export function vatBreakdown(lines: Array<{ vatRate: number; totalHT: number }>): Array<{ rate: number; baseHT: number; vat: number }> {
  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalHT);
  return [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([rate, baseHT]) => ({ rate, baseHT, vat: vatOf(baseHT, rate) }));
}

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** Mentions that depend on the parties and rates (the PDF prints them; the late-payment ones are printed apart). */
export function legalMentionsOf(seller: Party, buyer: Party, vat: Array<{ rate: number }>, extra: string | null): string[] {
  const out: string[] = [];
  if (vat.some((v) => v.rate === 0)) {
    const country = buyer.address?.country?.toUpperCase() ?? 'FR';
    if (!seller.vatNumber) out.push('TVA non applicable, art. 293 B du CGI');
    else if (buyer.isPro && buyer.vatNumber && EU.has(country))
      out.push('Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire)');
    else if (country !== 'FR' && !EU.has(country)) out.push('Exonération de TVA, art. 262 I du CGI (exportation)');
  }
  if (buyer.isPro) out.push('Pas d’escompte pour paiement anticipé');
  if (extra) out.push(extra);
  return out;
}

export function sellerParty(settings: BillingSettings): Party {
  const siret = settings.siret;
  return {
    name: settings.companyName,
    legalForm: settings.legalForm ?? null,
    capital: settings.capital ?? null,
    siret,
    siren: siret ? siret.slice(0, 9) : null,
    rcs: settings.rcs ?? null,
    vatNumber: settings.vatNumber ?? null,
    exciseNumber: settings.exciseNumber ?? null,
    address: {
      street: settings.address.street,
      street2: settings.address.street2 ?? null,
      zipcode: settings.address.zipcode,
      city: settings.address.city,
      country: settings.address.country ?? 'FR',
    },
    email: settings.email ?? null,
    phone: settings.phone ?? null,
    isPro: true,
    // frozen with the document: the mention it prints follows the option as it was at issue
    ...(settings.vatOnDebits ? { vatOnDebits: true } : {}),
  };
}

export interface NewDocument {
  shopId: number;
  kind: InvoiceRow['kind'];
  prefix: string;
  orderId: number | null;
  clientId: number | null;
  clientName: string;
  relatedInvoiceId?: number | null;
  saleDate?: string;
  paymentDelay?: string | null;
  seller: Party;
  buyer: Party;
  lines: InvoiceLine[];
  depositsDeducted?: InvoiceRow['depositsDeducted'];
  reason?: string | null;
  bank: InvoiceRow['bank'];
  latePenalty: string;
  legalExtra: string | null;
  createdBy: number | null;
  /** credit notes: what is kept as the client's credit */
  creditRemaining?: number;
  creditStatus?: InvoiceRow['creditStatus'];
  now?: Date;
}

/** Numbers and inserts one document in the caller's transaction; its totals are computed here from its lines. */
export async function insertDocument(tx: DbOrTx, d: NewDocument): Promise<InvoiceRow> {
  const now = d.now ?? new Date();
  const issueDate = parisDate(now);
  const { number, seq, year, series } = await nextNumber(tx, d.shopId, d.kind === 'credit' ? 'credit' : 'invoice', d.prefix, issueDate);
  const vat = vatBreakdown(d.lines);
  const totalHT = d.lines.reduce((n, l) => n + l.totalHT, 0);
  const totalVAT = vat.reduce((n, v) => n + v.vat, 0);
  const totalTTC = totalHT + totalVAT;
  const deposits = d.depositsDeducted ?? [];
  const amountDue = totalTTC - deposits.reduce((n, x) => n + x.totalTTC, 0);
  const credit = d.kind === 'credit';
  const [row] = await tx
    .insert(invoices)
    .values({
      shopId: d.shopId,
      kind: d.kind,
      number,
      series,
      year,
      seq,
      orderId: d.orderId,
      clientId: d.clientId,
      clientName: d.clientName,
      relatedInvoiceId: d.relatedInvoiceId ?? null,
      issuedAt: now,
      issueDate,
      saleDate: d.saleDate ?? issueDate,
      dueDate: credit ? null : dueDateOf(issueDate, d.paymentDelay),
      paymentTerms: credit ? 'Avoir à valoir sur vos prochaines factures ou remboursé' : paymentTermsOf(d.paymentDelay),
      seller: d.seller,
      buyer: d.buyer,
      lines: d.lines,
      vat,
      duties: d.lines.reduce((n, l) => n + l.duties, 0),
      totalHT,
      totalVAT,
      totalTTC,
      depositsDeducted: deposits,
      amountDue: credit ? 0 : amountDue,
      // the tourist tax's 0 % is no exemption of the sale (it is outside the VAT base): no ground to print for it
      legalMentions: legalMentionsOf(
        d.seller,
        d.buyer,
        vatBreakdown(d.lines.filter((l) => !(l.accountingType === 'touristTax' && l.vatRate === 0))),
        d.legalExtra,
      ),
      reason: d.reason ?? null,
      bank: d.bank,
      latePenalty: d.latePenalty,
      createdBy: d.createdBy,
      paymentStatus: credit || amountDue <= 0 ? 'paid' : 'pending',
      creditRemaining: d.creditRemaining ?? 0,
      creditStatus: credit ? (d.creditStatus ?? 'full') : null,
    })
    .returning();
  return row;
}

/** Settlement columns from paid and credited (the only columns of an issued document that move). */
export async function settleDocument(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`update invoices set payment_status = case
      when kind = 'credit' then 'paid'
      when paid + credited >= amount_due then 'paid'
      when paid + credited > 0 then 'partial' else 'pending' end
    where id = ${id}`);
}

/** Remaining quantity per line of an invoice after its credit notes (lines carry `sourceIndex` in credit notes). */
export function creditedQuantities(creditNotes: Array<{ lines: InvoiceLine[] }>): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of creditNotes)
    for (const l of c.lines as Array<InvoiceLine & { sourceIndex?: number }>)
      if (l.sourceIndex !== undefined) out.set(l.sourceIndex, (out.get(l.sourceIndex) ?? 0) + l.quantity);
  return out;
}

/**
 * The part of a line for `q` of its `quantity` units: the discount, the duties and what else the line holds (gift
 * wrapping…) each rounded once (half away from zero); the total follows from them, so that for every line
 * total HT = unit price × quantity − discount + duties + other, to the cent.
 */
export function lineShare(l: InvoiceLine, q: number): InvoiceLine {
  if (q === l.quantity) return { ...l };
  const part = (n: number) => Math.round((n * q) / l.quantity);
  const other = l.totalHT - (l.unitPriceHT * l.quantity - l.discountHT + l.duties);
  const duties = part(l.duties);
  const discountHT = part(l.discountHT);
  return { ...l, quantity: q, duties, discountHT, totalHT: l.unitPriceHT * q - discountHT + duties + part(other) };
}
