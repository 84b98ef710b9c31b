/**
 * Quotes sent to the client: the quote's PDF, its mail with the link to answer online, what the client sees
 * through that link. The state changes (send, accept, refuse) are the service's; this file holds the pure parts.
 *
 * A quote is an order with a quote number (own series D2026-00001): accepted, it becomes a validated order and keeps
 * its number and its link (the client can read it again); refused or expired, it is closed.
 */
import type { BillingSettings, InvoiceLine, Party, PublicQuote, PublicQuoteState } from 'shared-kernel/contracts';
import { PUBLIC_QUOTE_STATE_LABELS } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import type { InvoiceDocument } from './documents';
import { legalMentionsOf, paymentTermsOf, sellerParty, vatBreakdown } from './sales.invoicing';
import type { OrderRow } from '../orders';

/** Everything a quote's PDF and public page are made of (read by the service). */
export interface QuoteSource {
  order: OrderRow;
  billing: BillingSettings;
  shopName: string;
  buyer: Party;
  lines: InvoiceLine[];
  /** the online answer (history), if any */
  answer: { by: string | null; at: string } | null;
}

/** How long the mail's link opens the quote: its validity and two months more (an accepted quote stays readable). */
export function quoteLinkExpiry(o: Pick<OrderRow, 'validUntil'>, now = new Date()): Date {
  const base = o.validUntil ? new Date(`${o.validUntil}T23:59:59Z`) : now;
  return new Date(Math.max(base.getTime(), now.getTime()) + 62 * 86_400_000);
}

/** The client's view of the quote's state (a pending quote past its validity is expired even before the sweep). */
export function publicQuoteState(o: Pick<OrderRow, 'status' | 'validUntil'>, today: string): PublicQuoteState {
  switch (o.status) {
    case 'draft':
    case 'pending':
      return o.validUntil && o.validUntil < today ? 'expired' : 'open';
    case 'refused':
      return 'refused';
    case 'expired':
      return 'expired';
    case 'cancelled':
    case 'aborted':
    case 'error':
      return 'cancelled';
    default:
      return 'accepted'; // validated, invoiced: the quote became an order
  }
}

export const quoteStateLabel = (state: PublicQuoteState) => PUBLIC_QUOTE_STATE_LABELS[state].toLowerCase();

function totalsOf(lines: InvoiceLine[]) {
  const vat = vatBreakdown(lines);
  const totalHT = lines.reduce((n, l) => n + l.totalHT, 0);
  const totalVAT = vat.reduce((n, v) => n + v.vat, 0);
  return { vat, totalHT, totalVAT, totalTTC: totalHT + totalVAT };
}

/** The quote as a document for the PDF renderer (quote mode: no Factur-X, validity and the link to answer). */
export function quoteDocument(src: QuoteSource, opts: { acceptUrl: string | null; style?: InvoiceDocument['style'] }): InvoiceDocument {
  const o = src.order;
  const seller = sellerParty(src.billing);
  const t = totalsOf(src.lines);
  const issuedAt = (o.createdAt instanceof Date ? o.createdAt : new Date(o.createdAt)).toISOString();
  const bank = src.billing.banks.find((b) => b.isDefault) ?? src.billing.banks[0] ?? null;
  return {
    id: o.id,
    kind: 'invoice',
    number: o.quoteNumber ?? o.number,
    issuedAt,
    saleDate: issuedAt.slice(0, 10),
    dueDate: null,
    orderId: o.id,
    orderNumber: o.number,
    client: { id: o.clientId, name: src.buyer.name },
    ...t,
    amountDue: t.totalTTC,
    paid: 0,
    credited: 0,
    remaining: t.totalTTC,
    paymentStatus: 'pending',
    creditStatus: null,
    relatedInvoice: null,
    overdueDays: 0,
    lastReminderAt: null,
    reminderLevel: 0,
    seller,
    buyer: src.buyer,
    lines: src.lines,
    duties: src.lines.reduce((n, l) => n + l.duties, 0),
    depositsDeducted: [],
    paymentTerms: paymentTermsOf(o.paymentDelay ?? src.billing.defaultPaymentDelay),
    legalMentions: legalMentionsOf(seller, src.buyer, t.vat, src.billing.legalMentions ?? null),
    payments: [],
    creditNotes: [],
    reason: null,
    shopName: src.shopName,
    bank: bank ? { label: bank.label, iban: bank.iban, bic: bank.bic } : null,
    latePenalty: src.billing.latePenalty,
    style: opts.style,
    quote: { validUntil: o.validUntil ?? null, acceptUrl: opts.acceptUrl, notes: o.notes ?? null },
  };
}

/** What the client reads through the link. */
export function publicQuoteOf(src: QuoteSource, today: string): PublicQuote {
  const o = src.order;
  const t = totalsOf(src.lines);
  return {
    number: o.quoteNumber ?? o.number,
    state: publicQuoteState(o, today),
    issuedAt: (o.createdAt instanceof Date ? o.createdAt : new Date(o.createdAt)).toISOString(),
    validUntil: o.validUntil ?? null,
    seller: { name: src.billing.companyName || src.shopName, email: src.billing.email ?? null, phone: src.billing.phone ?? null },
    client: { name: src.buyer.name },
    lines: src.lines.map((l) => ({
      label: l.label,
      details: l.details ?? null,
      quantity: l.quantity,
      unitPriceHT: l.unitPriceHT,
      discountHT: l.discountHT,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
    })),
    ...t,
    paymentTerms: paymentTermsOf(o.paymentDelay ?? src.billing.defaultPaymentDelay),
    notes: o.notes ?? null,
    answer: src.answer,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The quote's mail: amount, validity, the link to answer online, the PDF attached; the seller's own words first. */
export function quoteMail(doc: InvoiceDocument, to: string, pdf: Buffer, message: string | null) {
  const seller = doc.shopName || doc.seller.name;
  const url = doc.quote?.acceptUrl ?? null;
  const validity = doc.quote?.validUntil ? `, valable jusqu'au ${formatDate(doc.quote.validUntil)}` : '';
  const intro = `Veuillez trouver ci-joint notre devis ${doc.number} d'un montant de ${formatCents(doc.totalTTC)} TTC${validity}.`;
  const text = [
    'Bonjour,',
    '',
    ...(message ? [message, ''] : []),
    intro,
    ...(url ? ['', `Vous pouvez le consulter et l'accepter en ligne : ${url}`] : []),
    '',
    'Cordialement,',
    seller,
  ].join('\n');
  const html = `<p>Bonjour,</p>
${message ? `<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>\n` : ''}<p>${escapeHtml(intro)}</p>
${url ? `<p><a href="${escapeHtml(url)}">Consulter et accepter le devis en ligne</a></p>\n` : ''}<p>Cordialement,<br>${escapeHtml(seller)}</p>`;
  return {
    to,
    subject: `Devis ${doc.number} — ${seller}`,
    text,
    html,
    ...(doc.seller.email ? { replyTo: doc.seller.email } : {}),
    attachments: [
      { filename: `${doc.number}.pdf`, content: pdf.toString('base64'), encoding: 'base64' as const, contentType: 'application/pdf' },
    ],
  };
}
