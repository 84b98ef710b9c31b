/**
 * Quotes sent to the client: the quote's PDF, its mail with the link to answer online, what the client sees through
 * that link, the client's answer (accepted: validated with its stock held; refused: closed) and the expiry of quotes
 * past their validity date.
 *
 * A quote is an order with a quote number (own series D2026-00001): accepted, it becomes a validated order and keeps
 * its number and its link (the client can read it again); refused or expired, it is closed.
 */
import type { BillingSettings, InvoiceLine, Party, PublicQuote, PublicQuoteState } from 'shared-kernel/contracts';
import { PUBLIC_QUOTE_STATE_LABELS, SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { formatCents, formatDate, nextOrderState, type OrderAction } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import type { OrderRow } from '../orders';
import { renderInvoicePdf, type InvoiceDocument } from './documents';
import { history } from './sales.history';
import { legalMentionsOf, parisDate, paymentTermsOf, sellerParty, vatBreakdown } from './sales.invoicing';
import type { QuoteAnswerValues, QuoteSendValues, SalesContext } from './sales.model';
import { clientParty, documentLinesOf, orderParty } from './sales.parties';
import * as repo from './sales.repository';
import type { OrderSet } from './sales.repository';
import { assertMay, orderOf, rightsState } from './sales.scope';
import { requireBilling, styleOf } from './sales.settings';
import { releaseStock, reserveStock } from './sales.stock';

/** Everything a quote's PDF and public page are made of. */
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

// ---------------------------------------------------------------- sending, reading and answering a quote

async function quoteSourceOf(dbx: DbOrTx, o: OrderRow): Promise<QuoteSource> {
  if (!o.quoteNumber) throw new HttpError(409, M.notAQuote);
  const billing = await requireBilling(dbx, o.shopId);
  const shop = await repo.shopName(dbx, o.shopId);
  const lines = await repo.linesOfOrder(dbx, o.id);
  const client = await repo.clientById(dbx, o.clientId);
  const answered = await repo.lastQuoteAnswer(dbx, o.id);
  return {
    order: o,
    billing,
    shopName: shop?.name ?? billing.companyName,
    buyer: client ? clientParty(client) : orderParty(o),
    lines: documentLinesOf(lines),
    answer: answered ? { by: answered.note, at: answered.at.toISOString() } : null,
  };
}

/** The quote's PDF (the link printed on it when given). */
export async function quotePdf(
  { db }: SalesContext,
  o: OrderRow,
  acceptUrl: string | null,
): Promise<{ pdf: Buffer; number: string; doc: InvoiceDocument }> {
  const doc = quoteDocument(await quoteSourceOf(db, o), { acceptUrl, style: await styleOf(db, o.shopId) });
  return { pdf: await renderInvoicePdf(doc), number: doc.number, doc };
}

/** A quote of the caller's reach, for those who may write quotes (its PDF, its mail). */
export async function staffQuote({ db }: SalesContext, member: ShopMemberRow, id: number): Promise<OrderRow> {
  const o = await orderOf(db, member, id);
  assertMay(member, 'create', { status: 'draft', subType: 'quote' });
  return o;
}

/** Mails the quote (PDF attached, link to answer online); a draft quote becomes pending (sent). */
export async function sendQuote(
  ctx: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  id: number,
  body: QuoteSendValues,
  acceptUrl: string,
) {
  const { db, clock } = ctx;
  const o = await staffQuote(ctx, member, id);
  // a draft quote mailed becomes pending: the 'send' move
  assertMay(member, 'send', await rightsState(db, o));
  const state = publicQuoteState(o, parisDate(clock()));
  if (state !== 'open') throw new HttpError(409, M.quoteClosed(quoteStateLabel(state)));
  const { pdf, doc } = await quotePdf(ctx, o, acceptUrl);
  const to = body.email ?? doc.buyer.email;
  if (!to) throw new HttpError(400, M.noEmail, 'email');
  await db.transaction(async (tx) => {
    const locked = (await repo.lockOrder(tx, o.id))!;
    if (locked.status === 'draft') await repo.updateOrder(tx, o.id, { status: 'pending', updatedAt: new Date() });
    await history(ctx, tx, locked, auth.user.id, 'send', locked.status, locked.status === 'draft' ? 'pending' : locked.status, to);
    await enqueueMail(tx as Db, quoteMail(doc, to, pdf, body.message ?? null), { dedupeKey: `quote-sent:${o.id}:${Date.now()}` });
  });
  nudgeJobs();
  return { success: true as const, message: M.quoteSent(to) };
}

/** A quote opened by the link of its mail (the token named the order): null when it is no quote. */
export async function quoteByLink({ db }: SalesContext, orderId: number): Promise<OrderRow | null> {
  const o = await repo.findOrder(db, orderId);
  return o?.quoteNumber ? o : null;
}

export async function publicQuote({ db, clock }: SalesContext, o: OrderRow): Promise<PublicQuote> {
  return publicQuoteOf(await quoteSourceOf(db, o), parisDate(clock()));
}

/**
 * The client's answer through the link: accept validates the order (the stock is held as when the shop validates
 * it) and records who signed; refuse closes it. Once answered, expired or cancelled: 409.
 */
export async function answerQuote(
  ctx: SalesContext,
  orderId: number,
  body: QuoteAnswerValues,
): Promise<{ success: true; message: string; quote: PublicQuote }> {
  const { db, clock } = ctx;
  const action: OrderAction = body.answer === 'accept' ? 'validate' : 'refuse';
  await db.transaction(async (tx) => {
    const o = await repo.lockOrder(tx, orderId);
    if (!o?.quoteNumber) throw notFound(M.quoteLink);
    const state = publicQuoteState(o, parisDate(clock()));
    if (state !== 'open') throw new HttpError(409, M.quoteClosed(quoteStateLabel(state)));
    // a draft reached by a link was sent: it answers as pending
    const from: OrderRow = o.status === 'draft' ? { ...o, status: 'pending' } : o;
    const next = nextOrderState({ status: from.status, deliveryStatus: from.deliveryStatus }, action)!;
    const set: OrderSet = { status: next.status, updatedAt: new Date() };
    if (action === 'validate') {
      try {
        await reserveStock(tx, o);
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) throw new HttpError(409, M.quoteStock);
        throw err;
      }
      set.validatedAt = clock();
      set.subType = 'order';
    } else {
      await releaseStock(tx, o);
      set.closedAt = new Date();
    }
    await repo.updateOrder(tx, o.id, set);
    const who = [body.name?.trim(), 'en ligne'].filter(Boolean).join(' · ');
    await history(ctx, tx, o, null, body.answer, from.status, next.status, [who, body.reason].filter(Boolean).join(' — '));
  });
  const o = (await quoteByLink(ctx, orderId))!;
  return {
    success: true,
    message: action === 'validate' ? M.quoteAccepted : M.quoteRefused,
    quote: await publicQuote(ctx, o),
  };
}

/** Quotes past their validity date expire (lazily before the lists, and by the minute sweep). */
export async function expireQuotes({ db }: SalesContext, shopId?: number): Promise<number> {
  const due = await repo.quotesDue(db, parisDate(), shopId);
  for (const o of due) {
    await db.transaction(async (tx) => {
      if (await repo.expireQuote(tx, o.id))
        await repo.insertHistory(tx, {
          shopId: o.shopId,
          orderId: o.id,
          userId: null,
          action: 'expire',
          fromStatus: 'pending',
          toStatus: 'expired',
        });
    });
  }
  return due.length;
}
