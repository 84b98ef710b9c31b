/**
 * Money in and out: payments recorded by the shop (allocated to invoices, lettered once an invoice is settled in full),
 * what the buyer paid at checkout recorded on the invoice, the clients' credit and its use, the payments list, and an
 * order's ledger (what was paid against its invoices and what they still owe). An order's payment status follows.
 */
import type { ClientCredit, Paginated, SalesPayment } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { clientName } from '../clients';
import { syncOrdersLoyalty } from '../loyalty';
import { nextCounterValue, type LedgerPayment, type OrderPaymentsLedger, type OrderRow } from '../orders';
import { notifyPaymentReceived } from './sales.history';
import { invoiceDetail } from './sales.invoices-read';
import { parisDate, settleDocument } from './sales.invoicing';
import { ONLINE_METHOD, remainingOf, type PaymentValues, type SalesContext, type UseCreditValues } from './sales.model';
import * as repo from './sales.repository';
import type { PaymentsListQuery } from './sales.schemas';
import { assertMay, clientOf, invoiceOf } from './sales.scope';
import { billingOf } from './sales.settings';
import type { InvoiceRow } from './sales.tables';

/**
 * Once invoiced, an order's payment status follows its invoices (§4: paid, partial, pending), whoever took the
 * order: a checkout order paid by cheque or transfer is settled by the payments the shop records against its
 * invoice (a card paid online is recorded on the invoice when it is issued, so it stays paid).
 */
export async function syncOrderPayment(tx: DbOrTx, orderId: number): Promise<void> {
  await repo.syncOrderPaymentStatus(tx, orderId);
  // a paid order earns its loyalty points, a credit note takes back its share (idempotent)
  await syncOrdersLoyalty(tx, [orderId]);
}

/** What the buyer paid at checkout (card, SEPA…) is recorded once as payments of the invoice (source 'online'). */
export async function recordOnlinePayments(
  { clock }: Pick<SalesContext, 'clock'>,
  tx: DbOrTx,
  o: OrderRow,
  invoice: InvoiceRow,
): Promise<void> {
  let left = invoice.amountDue;
  for (const p of await repo.paidPayments(tx, o.id)) {
    const sp = await repo.insertPaymentOnce(tx, {
      shopId: o.shopId,
      clientId: o.clientId,
      clientName: invoice.clientName,
      direction: 'in',
      method: ONLINE_METHOD[p.method] ?? 'other',
      amount: Number(p.amount),
      paidAt: parisDate(p.paid_at ? new Date(p.paid_at) : clock()),
      reference: `Paiement en ligne · commande ${o.number}`,
      source: 'online',
      onlinePaymentId: p.id,
    });
    const part = sp ? Math.min(left, sp.amount) : 0;
    if (part <= 0) continue;
    left -= part;
    await repo.insertAllocation(tx, { shopId: o.shopId, paymentId: sp.id, invoiceId: invoice.id, amount: part });
    await repo.addPaid(tx, invoice.id, part);
  }
  await settleDocument(tx, invoice.id);
}

/** The next lettering code of the shop: AA, AB… AZ, BA… */
async function lettering(tx: DbOrTx, shopId: number): Promise<string> {
  let n = (await nextCounterValue(tx, shopId, 'lettering', 0)) - 1;
  let code = '';
  do {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return code.length < 2 ? `A${code}` : code;
}

export async function recordPayment(
  { db, clock }: SalesContext,
  auth: UserAuthContext,
  member: ShopMemberRow,
  body: PaymentValues,
): Promise<SalesPayment> {
  assertMay(member, 'recordPayment');
  // a credit is used (useCredit), not paid again: recording it would count the same money twice
  if (body.method === 'creditNote') throw new HttpError(400, M.creditMethod, 'method');
  if (body.paidAt > parisDate(clock())) throw new HttpError(400, M.paymentDate, 'paidAt');
  const id = await db.transaction(async (tx) => {
    const settled: Array<{ number: string; orderId: number | null }> = [];
    const client = await clientOf(tx, member, body.clientId);
    const billing = await billingOf(tx, member.shopId);
    const allocated = body.allocations.reduce((n, a) => n + a.amount, 0);
    if (body.direction === 'out' && body.allocations.length) throw new HttpError(400, M.paymentAllocations, 'allocations');
    if (allocated > body.amount) throw new HttpError(400, M.paymentAllocations, 'allocations');
    if (body.direction === 'in' && allocated < body.amount && billing?.allowOverpayment === false)
      throw new HttpError(400, M.noCredit, 'amount');
    const p = await repo.insertPayment(tx, {
      shopId: member.shopId,
      clientId: client.id,
      clientName: clientName(client),
      direction: body.direction,
      method: body.method,
      amount: body.amount,
      paidAt: body.paidAt,
      reference: body.reference ?? null,
      note: body.note ?? null,
      createdBy: auth.user.id,
    });
    for (const [i, a] of body.allocations.entries()) {
      const inv = await invoiceOf(tx, member.shopId, a.invoiceId, true).catch(() => {
        throw new HttpError(400, M.invoiceNotFound, `allocations.${i}.invoiceId`);
      });
      if (inv.clientId !== client.id || inv.kind === 'credit') throw new HttpError(400, M.invoiceNotFound, `allocations.${i}.invoiceId`);
      const remaining = inv.amountDue - inv.paid - inv.credited;
      if (a.amount > remaining) throw new HttpError(400, M.paymentTooLarge(formatCents(Math.max(0, remaining))), `allocations.${i}.amount`);
      const full = a.amount === remaining;
      await repo.addPaid(tx, inv.id, a.amount);
      await repo.insertAllocation(tx, { shopId: member.shopId, paymentId: p.id, invoiceId: inv.id, amount: a.amount });
      // lettering: an invoice settled in full shares one code with every payment that settled it
      if (full) {
        await repo.letterInvoice(tx, inv.id, await lettering(tx, member.shopId));
      }
      await settleDocument(tx, inv.id);
      if (inv.orderId) await syncOrderPayment(tx, inv.orderId);
      settled.push({ number: inv.number, orderId: inv.orderId });
    }
    if (body.direction === 'in') await notifyPaymentReceived(tx, p, settled, auth.user.id);
    return p.id;
  });
  const page = await listPayments(db, member.shopId, {
    filters: { id },
    page: 1,
    pageSize: 1,
    offset: 0,
    sort: { column: 'paidAt', direction: 'desc' },
  } as unknown as PaymentsListQuery);
  return { ...page.items[0], message: M.paymentRecorded } as SalesPayment;
}

/**
 * Settles (part of) an invoice with the client's credit: the credit notes kept as credit first (oldest first), then
 * the unallocated part of their payments (oldest first). Never above the invoice's rest nor the client's balance.
 */
export async function useCredit({ db }: SalesContext, member: ShopMemberRow, body: UseCreditValues) {
  assertMay(member, 'useCredit');
  const invoiceId = await db.transaction(async (tx) => {
    const client = await clientOf(tx, member, body.clientId);
    const inv = await invoiceOf(tx, member.shopId, body.invoiceId, true).catch(() => {
      throw new HttpError(400, M.invoiceNotFound, 'invoiceId');
    });
    if (inv.clientId !== client.id || inv.kind === 'credit') throw new HttpError(400, M.invoiceNotFound, 'invoiceId');
    const remaining = inv.amountDue - inv.paid - inv.credited;
    if (body.amount > remaining) throw new HttpError(400, M.paymentTooLarge(formatCents(Math.max(0, remaining))), 'amount');
    const notes = await repo.lockOpenCreditNotes(tx, member.shopId, client.id);
    const pays = await repo.lockFreePayments(tx, member.shopId, client.id);
    const balance =
      (await listCredits(db, member.shopId, { clientId: client.id, page: 1, pageSize: 1, offset: 0 }, tx)).items[0]?.balance ?? 0;
    if (body.amount > balance) throw new HttpError(400, M.creditTooLarge2(formatCents(Math.max(0, balance))), 'amount');
    let left = body.amount;
    for (const n of notes) {
      if (left <= 0) break;
      const part = Math.min(left, n.creditRemaining);
      left -= part;
      await repo.setCreditRemaining(tx, n.id, n.creditRemaining - part);
      await repo.addCredited(tx, inv.id, part);
      await repo.insertAllocation(tx, { shopId: member.shopId, creditNoteId: n.id, invoiceId: inv.id, amount: part });
    }
    for (const p of pays) {
      if (left <= 0) break;
      const part = Math.min(left, Number(p.free));
      if (part <= 0) continue;
      left -= part;
      await repo.addPaid(tx, inv.id, part);
      await repo.insertAllocation(tx, { shopId: member.shopId, paymentId: p.id, invoiceId: inv.id, amount: part });
    }
    // the balance was checked above: what is left here would be an outgoing payment netted in the balance
    if (left > 0) throw new HttpError(400, M.creditTooLarge2(formatCents(body.amount - left)), 'amount');
    if (body.amount === remaining) await repo.letterInvoice(tx, inv.id, await lettering(tx, member.shopId));
    await settleDocument(tx, inv.id);
    if (inv.orderId) await syncOrderPayment(tx, inv.orderId);
    return inv.id;
  });
  const detail = await invoiceDetail(db, await invoiceOf(db, member.shopId, invoiceId));
  return { ...detail, message: M.creditUsed(formatCents(body.amount), detail.number) };
}

export async function listPayments(db: Db, shopId: number, q: PaymentsListQuery): Promise<Paginated<SalesPayment>> {
  const { ids, total } = await repo.paymentsPage(db, shopId, q);
  const rows = ids.length ? await repo.paymentsByIds(db, ids) : [];
  const allocs = ids.length ? await repo.allocationsOfPayments(db, ids) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.map((id): SalesPayment => {
    const p = byId.get(id)!;
    const mine = allocs.filter((x) => x.a.paymentId === id);
    const allocated = mine.reduce((n, x) => n + x.a.amount, 0);
    return {
      id: p.id,
      direction: p.direction,
      method: p.method,
      amount: p.amount,
      paidAt: p.paidAt,
      reference: p.reference,
      client: { id: p.clientId, name: p.clientName },
      allocations: mine.map((x) => ({ invoiceId: x.a.invoiceId, number: x.number, amount: x.a.amount, lettering: x.a.lettering })),
      unallocated: p.direction === 'in' ? p.amount - allocated : 0,
      source: p.source,
      createdAt: p.createdAt.toISOString(),
    };
  });
  return paginated(items, total, q);
}

/** Clients' credit: payments not allocated, minus refunds, plus credit notes kept as credit. */
export async function listCredits(
  db: Db,
  shopId: number,
  q: { clientId?: number; page: number; pageSize: number; offset: number },
  dbx: DbOrTx = db,
): Promise<Paginated<ClientCredit>> {
  const res = await repo.creditBalances(dbx, shopId, q);
  const ids = res.map((r) => r.id);
  const [clients, notes] = ids.length
    ? await Promise.all([repo.clientsByIds(db, ids), repo.creditNotesOfClients(db, shopId, ids)])
    : [[], []];
  const items = res.map((r) => {
    const c = clients.find((x) => x.id === r.id);
    return {
      client: { id: r.id, name: c ? clientName(c) : '—' },
      balance: Number(r.balance),
      creditNotes: notes
        .filter((n) => n.clientId === r.id && n.creditRemaining > 0)
        .map((n) => ({ id: n.id, number: n.number, remaining: n.creditRemaining, creditStatus: n.creditStatus ?? 'full' })),
    };
  });
  return paginated(items, res[0]?.total ?? 0, q as never);
}

/**
 * The payments recorded against an order's invoices and deposit invoices (a payment settling several orders counts
 * here for its part on this order's), oldest first, and what those invoices still owe (null: nothing invoiced yet).
 * Credit notes settling them are not payments: they are in the amount due, and in the order's documents.
 */
export async function orderPayments(dbx: DbOrTx, orderId: number): Promise<OrderPaymentsLedger> {
  const docs = await repo.payableDocumentsOf(dbx, orderId);
  if (!docs.length) return { payments: [], amountDue: null };
  const rows = await repo.paymentsOfInvoices(
    dbx,
    docs.map((d) => d.id),
  );
  const numberOf = new Map(docs.map((d) => [d.id, d.number]));
  const byPayment = new Map<number, LedgerPayment>();
  for (const { a, p } of rows) {
    let item = byPayment.get(p.id);
    if (!item) {
      item = {
        id: p.id,
        onlinePaymentId: p.onlinePaymentId,
        method: p.method,
        amount: 0,
        paidAt: p.paidAt,
        reference: p.reference,
        allocations: [],
      };
      byPayment.set(p.id, item);
    }
    item.amount += a.amount;
    item.allocations.push({ invoiceId: a.invoiceId, number: numberOf.get(a.invoiceId) ?? '', amount: a.amount });
  }
  return { payments: [...byPayment.values()], amountDue: docs.reduce((n, d) => n + remainingOf(d), 0) };
}
