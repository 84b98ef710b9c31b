/**
 * Issuing an order's documents (sales.invoicing.ts numbers them and keeps them unchanged): the invoice of a validated
 * order (deposits deducted, what was paid online recorded on it), deposit invoices, and credit notes of an invoice
 * (settling what it still owes first, the rest kept as the client's credit or refunded).
 */
import { SALES_MESSAGES as M, type InvoiceLine } from 'shared-kernel/contracts';
import { ORDER_STATUS, formatCents, orderTransitionMessage, splitCentsBy } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { clientName } from '../clients';
import type { OrderRow } from '../orders';
import { invoiceDetail } from './sales.invoices-read';
import { creditedQuantities, insertDocument, lineShare, parisDate, sellerParty, settleDocument, vatBreakdown } from './sales.invoicing';
import type { CreditNoteValues, DepositValues, SalesContext } from './sales.model';
import { assertBuyerIdentified, buyerOfOrder, documentLinesOf } from './sales.parties';
import { recordOnlinePayments, syncOrderPayment } from './sales.payments';
import * as repo from './sales.repository';
import { assertMay, invoiceOf, orderOf, rightsState } from './sales.scope';
import { requireBilling } from './sales.settings';
import type { InvoiceRow } from './sales.tables';

/** Issues the invoice of a validated order: its lines, minus the deposits already invoiced (each with its VAT). */
export async function issueInvoiceInTx(ctx: SalesContext, tx: DbOrTx, o: OrderRow, userId: number): Promise<InvoiceRow> {
  const billing = await requireBilling(tx, o.shopId);
  const lines = await repo.linesOfOrder(tx, o.id);
  const client = await repo.clientById(tx, o.clientId);
  const deposits = await repo.depositsOf(tx, o.id);
  const invLines = documentLinesOf(lines);
  const bank = billing.banks.find((b) => b.isDefault) ?? billing.banks[0] ?? null;
  const buyer = buyerOfOrder(o, client);
  assertBuyerIdentified(buyer);
  const row = await insertDocument(tx, {
    shopId: o.shopId,
    kind: 'invoice',
    prefix: billing.invoicePrefix,
    orderId: o.id,
    clientId: o.clientId,
    clientName: client ? clientName(client) : o.buyerName,
    saleDate: parisDate(o.validatedAt ?? o.createdAt),
    paymentDelay: o.paymentDelay ?? (o.source === 'shop' ? 'order' : billing.defaultPaymentDelay),
    seller: sellerParty(billing),
    buyer,
    lines: invLines,
    depositsDeducted: deposits.map((d) => ({
      id: d.id,
      number: d.number,
      totalHT: d.totalHT,
      totalVAT: d.totalVAT,
      totalTTC: d.totalTTC,
    })),
    bank: bank ? { label: bank.label, iban: bank.iban, bic: bank.bic } : null,
    latePenalty: billing.latePenalty,
    legalExtra: billing.legalMentions ?? null,
    createdBy: userId,
    now: ctx.clock(),
  });
  if (o.source === 'shop') await recordOnlinePayments(ctx, tx, o, row);
  return row;
}

/**
 * A credit note of `invoice`: the given line quantities (or everything not credited yet). It first settles what the
 * invoice still owes; the rest is kept as the client's credit, or refunded (a payment out).
 */
export async function creditNoteInTx(
  { clock }: Pick<SalesContext, 'clock'>,
  tx: DbOrTx,
  invoice: InvoiceRow,
  userId: number | null,
  input: CreditNoteValues,
): Promise<InvoiceRow> {
  if (invoice.kind === 'credit') throw new HttpError(400, M.creditOfCredit, 'invoiceId');
  const billing = await requireBilling(tx, invoice.shopId);
  const previous = await repo.creditNotesOf(tx, invoice.id);
  const done = creditedQuantities(previous);
  const wanted = input.lines?.length
    ? input.lines
    : invoice.lines.map((l, index) => ({ index, quantity: l.quantity - (done.get(index) ?? 0) })).filter((l) => l.quantity > 0);
  if (!wanted.length) throw new HttpError(400, M.creditNothing, 'lines');
  const lines: Array<InvoiceLine & { sourceIndex: number }> = [];
  wanted.forEach((w, i) => {
    const src = invoice.lines[w.index];
    if (!src) throw new HttpError(400, M.creditNothing, `lines.${i}.index`);
    const left = src.quantity - (done.get(w.index) ?? 0);
    if (w.quantity > left) throw new HttpError(400, M.creditQuantity(left), `lines.${i}.quantity`);
    const already = previous.flatMap((p) =>
      (p.lines as Array<InvoiceLine & { sourceIndex?: number }>).filter((l) => l.sourceIndex === w.index),
    );
    // the last units credited take what is left of the line, so that a line credited in parts adds up to the cent
    const share =
      w.quantity === left && already.length
        ? {
            ...src,
            quantity: w.quantity,
            totalHT: src.totalHT - already.reduce((n, l) => n + l.totalHT, 0),
            duties: src.duties - already.reduce((n, l) => n + l.duties, 0),
            discountHT: src.discountHT - already.reduce((n, l) => n + l.discountHT, 0),
          }
        : lineShare(src, w.quantity);
    lines.push({ ...share, sourceIndex: w.index });
  });
  const creditedTTC = previous.reduce((n, p) => n + p.totalTTC, 0);
  const vat = vatBreakdown(lines);
  const ttc = lines.reduce((n, l) => n + l.totalHT, 0) + vat.reduce((n, v) => n + v.vat, 0);
  if (creditedTTC + ttc > invoice.totalTTC)
    throw new HttpError(400, M.creditTooLarge(formatCents(invoice.totalTTC - creditedTTC)), 'lines');
  const owed = Math.max(0, invoice.amountDue - invoice.paid - invoice.credited);
  const applied = Math.min(owed, ttc);
  const rest = ttc - applied;
  const refund = input.settlement === 'refund' && rest > 0;
  const credit = await insertDocument(tx, {
    shopId: invoice.shopId,
    kind: 'credit',
    prefix: billing.creditPrefix,
    orderId: invoice.orderId,
    clientId: invoice.clientId,
    clientName: invoice.clientName,
    relatedInvoiceId: invoice.id,
    saleDate: invoice.saleDate,
    seller: sellerParty(billing),
    buyer: invoice.buyer,
    lines,
    reason: input.reason ?? null,
    bank: null,
    latePenalty: billing.latePenalty,
    // the invoice it corrects and that invoice's date are printed from the document's reference (BT-25 / BT-26)
    legalExtra: null,
    createdBy: userId,
    creditRemaining: refund ? 0 : rest,
    creditStatus: refund || rest === 0 ? 'empty' : 'full',
    now: clock(),
  });
  if (applied > 0) {
    await repo.addCredited(tx, invoice.id, applied);
    await repo.insertAllocation(tx, { shopId: invoice.shopId, creditNoteId: credit.id, invoiceId: invoice.id, amount: applied });
    await settleDocument(tx, invoice.id);
  }
  if (refund) {
    await repo.insertPaymentOut(tx, {
      shopId: invoice.shopId,
      clientId: invoice.clientId,
      clientName: invoice.clientName,
      direction: 'out',
      method: input.refundMethod ?? 'transfer',
      amount: rest,
      paidAt: parisDate(clock()),
      reference: credit.number,
      creditNoteId: credit.id,
      createdBy: userId,
    });
  }
  if (invoice.orderId) await syncOrderPayment(tx, invoice.orderId);
  return credit;
}

export async function deposit(ctx: SalesContext, auth: UserAuthContext, member: ShopMemberRow, orderId: number, input: DepositValues) {
  const row = await ctx.db.transaction(async (tx) => {
    const o = await orderOf(tx, member, orderId, true);
    assertMay(member, 'deposit', await rightsState(tx, o));
    if (!['draft', 'pending', 'validated'].includes(o.status))
      throw new HttpError(
        409,
        orderTransitionMessage('invoice', o, (s) => ORDER_STATUS[s].label.toLowerCase()),
      );
    const billing = await requireBilling(tx, o.shopId);
    const previous = await repo.depositsOf(tx, o.id);
    const left = o.totalTTC - previous.reduce((n, p) => n + p.totalTTC, 0);
    const wantedTTC = input.amount ?? Math.round((o.totalTTC * (input.percent ?? 0)) / 100);
    if (wantedTTC <= 0) throw new HttpError(400, M.depositAmount, 'percent');
    if (wantedTTC > left) throw new HttpError(400, M.depositTooLarge, input.amount ? 'amount' : 'percent');
    // the deposit is split over the order's VAT rates in proportion to their TTC; each part's HT is its TTC / (1 + rate)
    const lines = await repo.linesOfOrder(tx, o.id);
    const rates = vatBreakdown(lines.map((l) => ({ vatRate: l.vatRate, totalHT: l.totalHT })));
    const ttcOfRate = rates.map((r) => r.baseHT + r.vat);
    const parts = splitCentsBy(wantedTTC, ttcOfRate);
    const pct = input.percent ? `${String(input.percent).replace('.', ',')} % ` : '';
    const client = await repo.clientById(tx, o.clientId);
    const bank = billing.banks.find((b) => b.isDefault) ?? billing.banks[0] ?? null;
    const buyer = buyerOfOrder(o, client);
    assertBuyerIdentified(buyer); // a deposit invoice is an invoice
    return insertDocument(tx, {
      shopId: o.shopId,
      kind: 'deposit',
      prefix: billing.invoicePrefix,
      orderId: o.id,
      clientId: o.clientId,
      clientName: client ? clientName(client) : o.buyerName,
      paymentDelay: 'order',
      seller: sellerParty(billing),
      buyer,
      lines: rates
        .map((r, i) => ({
          label: `Acompte ${pct}sur la commande ${o.number}`,
          details: rates.length > 1 ? `Part à ${String(r.rate).replace('.', ',')} % de TVA` : null,
          quantity: 1,
          unitPriceHT: Math.round((parts[i] * 100) / (100 + r.rate)),
          discountHT: 0,
          duties: 0,
          vatRate: r.rate,
          totalHT: Math.round((parts[i] * 100) / (100 + r.rate)),
          accountingType: 'product',
          formatId: null,
        }))
        .filter((l) => l.totalHT > 0),
      bank: bank ? { label: bank.label, iban: bank.iban, bic: bank.bic } : null,
      latePenalty: billing.latePenalty,
      legalExtra: billing.legalMentions ?? null,
      createdBy: auth.user.id,
      now: ctx.clock(),
    });
  });
  await repo.insertHistory(ctx.db, { shopId: row.shopId, orderId, userId: auth.user.id, action: 'deposit', note: row.number });
  ctx.onIssued?.(row.shopId, [row.id]);
  return { ...(await invoiceDetail(ctx.db, row)), message: M.depositIssued(row.number) };
}

export async function creditNote(
  ctx: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  invoiceId: number,
  input: CreditNoteValues,
) {
  assertMay(member, 'creditNote');
  const row = await ctx.db.transaction(async (tx) =>
    creditNoteInTx(ctx, tx, await invoiceOf(tx, member.shopId, invoiceId, true), auth.user.id, input),
  );
  ctx.onIssued?.(row.shopId, [row.id]);
  return { ...(await invoiceDetail(ctx.db, row)), message: M.creditIssued(row.number) };
}
