/**
 * Reading the shop's documents (invoices, deposit invoices, credit notes): the list rows with what each still owes
 * and for how many days it is overdue, and a document's detail with what settled it and the credit notes of it.
 */
import type { InvoiceDetail, InvoiceSummary, Paginated } from 'shared-kernel/contracts';
import { answerCacheFor } from '../../platform/answer-cache';
import type { Db } from '../../platform/db/client';
import { paginated } from '../../platform/list-query';
import { parisDate } from './sales.invoicing';
import { docRef, iso, type SalesContext } from './sales.model';
import * as repo from './sales.repository';
import type { InvoicesListQuery } from './sales.schemas';
import type { InvoiceRow } from './sales.tables';

/** What a page of the invoices list is read from. */
const INVOICE_LIST_TABLES = new Set(['invoices', 'orders']);

export function summaryOf(r: InvoiceRow, orderNumber: string | null, related: { id: number; number: string } | null): InvoiceSummary {
  const remaining = r.kind === 'credit' ? 0 : Math.max(0, r.amountDue - r.paid - r.credited);
  const today = parisDate();
  const overdueDays =
    remaining > 0 && r.dueDate && r.dueDate < today ? Math.round((Date.parse(today) - Date.parse(r.dueDate)) / 86400_000) : 0;
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: r.issuedAt.toISOString(),
    dueDate: r.dueDate,
    orderId: r.orderId,
    orderNumber,
    client: { id: r.clientId, name: r.clientName },
    totalHT: r.totalHT,
    totalVAT: r.totalVAT,
    totalTTC: r.totalTTC,
    amountDue: r.amountDue,
    paid: r.paid,
    credited: r.credited,
    remaining,
    paymentStatus: r.paymentStatus,
    creditStatus: r.creditStatus,
    relatedInvoice: related,
    overdueDays,
    lastReminderAt: iso(r.lastReminderAt),
    reminderLevel: r.reminderLevel,
  };
}

export async function invoiceDetail(db: Db, r: InvoiceRow): Promise<InvoiceDetail> {
  const [order, related, credits, allocs] = await Promise.all([
    r.orderId ? repo.orderNumber(db, r.orderId) : Promise.resolve(undefined),
    r.relatedInvoiceId ? repo.invoiceRef(db, r.relatedInvoiceId) : Promise.resolve(undefined),
    repo.relatedDocumentsOf(db, r.id),
    repo.allocationsOfInvoice(db, r.id),
  ]);
  return {
    ...summaryOf(r, order?.number ?? null, related ?? null),
    saleDate: r.saleDate,
    seller: r.seller,
    buyer: r.buyer,
    lines: r.lines.map(({ ...l }) => {
      delete (l as { sourceIndex?: number }).sourceIndex;
      return l;
    }),
    vat: r.vat,
    duties: r.duties,
    depositsDeducted: r.depositsDeducted,
    paymentTerms: r.paymentTerms,
    legalMentions: r.legalMentions,
    payments: allocs.map(({ a, p, c }) => ({
      paymentId: p?.id ?? 0,
      paidAt: p?.paidAt ?? parisDate(a.createdAt),
      method: p?.method ?? 'creditNote',
      amount: a.amount,
      reference: p?.reference ?? c ?? null,
    })),
    creditNotes: credits.map(docRef),
    reason: r.reason,
  };
}

/** Kept per shop, query and Paris day (overdue days move at midnight) until the shop's documents or orders change. */
export async function listInvoices({ db, clock }: SalesContext, shopId: number, q: InvoicesListQuery): Promise<Paginated<InvoiceSummary>> {
  const cache = answerCacheFor(db, 'sales-invoices', INVOICE_LIST_TABLES);
  if (!cache) return computeInvoices(db, shopId, q);
  return cache.get(`${shopId}|${parisDate(clock())}|${JSON.stringify(q)}`, async () => {
    const value = await computeInvoices(db, shopId, q);
    return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
  });
}

async function computeInvoices(db: Db, shopId: number, q: InvoicesListQuery): Promise<Paginated<InvoiceSummary>> {
  const { ids, total } = await repo.invoicesPage(db, shopId, q, parisDate());
  const rows = ids.length ? await repo.invoicesByIds(db, ids) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const orderIds = [...new Set(rows.map((r) => r.orderId).filter((v): v is number => v != null))];
  const relIds = [...new Set(rows.map((r) => r.relatedInvoiceId).filter((v): v is number => v != null))];
  const [ords, rels] = await Promise.all([
    orderIds.length ? repo.orderNumbersByIds(db, orderIds) : Promise.resolve([]),
    relIds.length ? repo.invoiceRefsByIds(db, relIds) : Promise.resolve([]),
  ]);
  const on = new Map(ords.map((o) => [o.id, o.number]));
  const rn = new Map(rels.map((o) => [o.id, o]));
  const items = ids.map((id) => {
    const r = byId.get(id)!;
    return summaryOf(r, r.orderId ? (on.get(r.orderId) ?? null) : null, r.relatedInvoiceId ? (rn.get(r.relatedInvoiceId) ?? null) : null);
  });
  return paginated(items, total, q);
}

/** The list rows of some documents, in the given order. */
export async function summariesOf(db: Db, shopId: number, ids: number[]): Promise<InvoiceSummary[]> {
  if (!ids.length) return [];
  const rows = await repo.shopInvoicesWithOrder(db, shopId, ids);
  return ids.flatMap((id) => rows.filter((x) => x.r.id === id).map((x) => summaryOf(x.r, x.orderNumber, null)));
}
