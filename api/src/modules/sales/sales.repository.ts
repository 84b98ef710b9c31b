/**
 * Size: every query of the sales service, grouped by the tables they read (orders, stock, documents, payments); the
 * rules live in the other files.
 *
 * Each function takes the database or the caller's open transaction (`DbOrTx`): the callers decide what runs in which
 * transaction, under which lock and in which order. `lock` / `for('update')` variants exist where a caller orders
 * concurrent writers on a row.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BillingSettings, DocumentsSettings } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { shops, users } from '../../platform/db/tables';
import { crmClients, type CrmClientRow } from '../clients';
import { orderLines, orders, type OrderRow } from '../orders';
import { stockLevels, warehouses } from '../stock';
import type { InvoicesListQuery, PaymentsListQuery } from './sales.schemas';
import { billingSettings, invoices, orderHistory, paymentAllocations, salesPayments, type InvoiceRow } from './sales.tables';

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type OrderSet = Partial<typeof orders.$inferInsert>;
export type OrderLineInsert = typeof orderLines.$inferInsert;
export type HistoryInsert = typeof orderHistory.$inferInsert;
export type PaymentInsert = typeof salesPayments.$inferInsert;
export type AllocationInsert = typeof paymentAllocations.$inferInsert;

// ---------------------------------------------------------------- billing settings (one jsonb row per shop)

/** The billing settings without the look of the documents (kept in the same row, under `documents`). */
export async function billingData(dbx: DbOrTx, shopId: number): Promise<BillingSettings | null | undefined> {
  const [row] = await dbx
    .select({ data: sql<BillingSettings | null>`${billingSettings.data} - 'documents'` })
    .from(billingSettings)
    .where(eq(billingSettings.shopId, shopId));
  return row?.data;
}

export async function documentsData(dbx: DbOrTx, shopId: number): Promise<DocumentsSettings | null | undefined> {
  const [row] = await dbx
    .select({ d: sql<DocumentsSettings | null>`${billingSettings.data} -> 'documents'` })
    .from(billingSettings)
    .where(eq(billingSettings.shopId, shopId));
  return row?.d;
}

const withDocuments = (body: DocumentsSettings) => sql`jsonb_set(${billingSettings.data}, '{documents}', ${JSON.stringify(body)}::jsonb)`;

/** Sets the look in the shop's row; false when the shop has no row yet. */
export async function updateDocuments(dbx: DbOrTx, shopId: number, body: DocumentsSettings): Promise<boolean> {
  const updated = await dbx
    .update(billingSettings)
    .set({ data: withDocuments(body), updatedAt: new Date() })
    .where(eq(billingSettings.shopId, shopId))
    .returning({ shopId: billingSettings.shopId });
  return updated.length > 0;
}

export async function insertDocuments(dbx: DbOrTx, shopId: number, body: DocumentsSettings): Promise<void> {
  await dbx
    .insert(billingSettings)
    .values({ shopId, data: { documents: body } as unknown as BillingSettings })
    .onConflictDoUpdate({ target: billingSettings.shopId, set: { data: withDocuments(body), updatedAt: new Date() } });
}

/** Saves the billing settings, keeping the look of the documents (its own section). */
export async function upsertBilling(dbx: DbOrTx, shopId: number, data: BillingSettings): Promise<void> {
  await dbx
    .insert(billingSettings)
    .values({ shopId, data })
    .onConflictDoUpdate({
      target: billingSettings.shopId,
      set: {
        data: sql`${JSON.stringify(data)}::jsonb || jsonb_strip_nulls(jsonb_build_object('documents', ${billingSettings.data} -> 'documents'))`,
        updatedAt: new Date(),
      },
    });
}

/** The prefixes this year's numbers carry, per series (invoices and credit notes, quotes). */
export async function prefixesInUse(dbx: DbOrTx, shopId: number, year: string) {
  const used = await dbx.execute(sql`select distinct kind, upper(m[1]) as prefix from (
        select series as kind, regexp_match(number, '^(.*)([0-9]{4})-[0-9]+$') as m from invoices where shop_id = ${shopId}
        union all
        select 'quote', regexp_match(quote_number, '^(.*)([0-9]{4})-[0-9]+$') from orders where shop_id = ${shopId} and quote_number is not null
      ) n where m[2] = ${year}`);
  return rows<{ kind: string; prefix: string }>(used);
}

// ---------------------------------------------------------------- shops, clients, users, warehouses

export async function findShop(dbx: DbOrTx, shopId: number) {
  const [shop] = await dbx.select().from(shops).where(eq(shops.id, shopId));
  return shop;
}

export async function shopName(dbx: DbOrTx, shopId: number) {
  const [shop] = await dbx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return shop;
}

export async function shopClient(dbx: DbOrTx, shopId: number, id: number): Promise<CrmClientRow | undefined> {
  const [c] = await dbx
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, id), eq(crmClients.shopId, shopId)));
  return c;
}

/** The client file of a document (an order's or an invoice's: already in the shop). */
export async function clientById(dbx: DbOrTx, id: number | null): Promise<CrmClientRow | undefined> {
  const [client] = id ? await dbx.select().from(crmClients).where(eq(crmClients.id, id)) : [];
  return client;
}

export function clientsByIds(dbx: DbOrTx, ids: number[]) {
  return dbx.select().from(crmClients).where(inArray(crmClients.id, ids));
}

export async function userNames(dbx: DbOrTx, id: number) {
  const [u] = await dbx
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return u;
}

export async function activeWarehouse(dbx: DbOrTx, shopId: number, id: number) {
  const [w] = await dbx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.shopId, shopId), eq(warehouses.archived, false)));
  return w;
}

/** The shop's first warehouse feeding the web shop, else its first one. */
export async function firstWarehouse(dbx: DbOrTx, shopId: number) {
  const [w] = await dbx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.shopId, shopId), eq(warehouses.archived, false)))
    .orderBy(sql`${warehouses.feedsWebShop} desc`, asc(warehouses.id))
    .limit(1);
  return w;
}

export async function warehouseName(dbx: DbOrTx, id: number) {
  const [w] = await dbx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, id));
  return w;
}

// ---------------------------------------------------------------- orders and their lines

export async function findOrder(dbx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await dbx.select().from(orders).where(eq(orders.id, id));
  return o;
}

export async function lockOrder(dbx: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await dbx.select().from(orders).where(eq(orders.id, id)).for('update');
  return o;
}

export async function shopOrder(dbx: DbOrTx, shopId: number, id: number, lock: boolean): Promise<OrderRow | undefined> {
  const q = dbx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, shopId)));
  const [o] = lock ? await q.for('update') : await q;
  return o;
}

export async function shopOrderNumber(dbx: DbOrTx, shopId: number, id: number) {
  const [o] = await dbx
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.shopId, shopId)));
  return o;
}

export async function orderNumber(dbx: DbOrTx, id: number) {
  const [o] = await dbx.select({ number: orders.number }).from(orders).where(eq(orders.id, id));
  return o;
}

export function orderNumbersByIds(dbx: DbOrTx, ids: number[]) {
  return dbx.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
}

/** Whether a checkout order holds money paid (online, or marked paid). */
export async function hasPaidPayment(dbx: DbOrTx, orderId: number): Promise<boolean> {
  const res = await dbx.execute(
    sql`select exists(select 1 from payments where order_id = ${orderId} and status = 'paid' and amount_cents > 0) as paid`,
  );
  return rows<{ paid: boolean }>(res)[0]?.paid === true;
}

/** The checkout payments of an order that were paid, in id order. */
export async function paidPayments(dbx: DbOrTx, orderId: number) {
  const res = await dbx.execute(sql`select id, method, amount_cents as amount, paid_at from payments
      where order_id = ${orderId} and status = 'paid' and amount_cents > 0 order by id`);
  return rows<{ id: number; method: string; amount: number; paid_at: Date | string | null }>(res);
}

export async function insertOrder(dbx: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [o] = await dbx.insert(orders).values(values).returning();
  return o;
}

export async function updateOrderReturning(dbx: DbOrTx, id: number, set: OrderSet): Promise<OrderRow> {
  const [o] = await dbx.update(orders).set(set).where(eq(orders.id, id)).returning();
  return o;
}

export async function updateOrder(dbx: DbOrTx, id: number, set: OrderSet): Promise<void> {
  await dbx.update(orders).set(set).where(eq(orders.id, id));
}

/** The order's lines in their printed order. */
export function linesOfOrder(dbx: DbOrTx, orderId: number) {
  return dbx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

export async function deleteLines(dbx: DbOrTx, orderId: number): Promise<void> {
  await dbx.delete(orderLines).where(eq(orderLines.orderId, orderId));
}

export async function insertLines(dbx: DbOrTx, values: OrderLineInsert[]): Promise<void> {
  await dbx.insert(orderLines).values(values);
}

/** Quotes still pending past their validity date (at most 200 at a time). */
export function quotesDue(dbx: DbOrTx, today: string, shopId?: number) {
  return dbx
    .select({ id: orders.id, shopId: orders.shopId, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.subType, 'quote'),
        eq(orders.status, 'pending'),
        sql`${orders.validUntil} < ${today}`,
        ...(shopId ? [eq(orders.shopId, shopId)] : []),
      ),
    )
    .limit(200);
}

/** Expires a quote still pending; false when it moved meanwhile. */
export async function expireQuote(dbx: DbOrTx, id: number): Promise<boolean> {
  const done = await dbx
    .update(orders)
    .set({ status: 'expired', closedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return done.length > 0;
}

// ---------------------------------------------------------------- history

export async function insertHistory(dbx: DbOrTx, values: HistoryInsert): Promise<void> {
  await dbx.insert(orderHistory).values(values);
}

/** An order's history with who did each step, oldest first. */
export function historyOf(dbx: DbOrTx, orderId: number) {
  return dbx
    .select({ h: orderHistory, firstname: users.firstname, lastname: users.lastname, username: users.username })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.userId))
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.at), asc(orderHistory.id));
}

/** The client's last online answer to a quote. */
export async function lastQuoteAnswer(dbx: DbOrTx, orderId: number) {
  const [answered] = await dbx
    .select({ note: orderHistory.note, at: orderHistory.at })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), inArray(orderHistory.action, ['accept', 'refuse'])))
    .orderBy(sql`${orderHistory.at} desc`)
    .limit(1);
  return answered;
}

// ---------------------------------------------------------------- stock: holds and exits of an order's lines

export function productLines(dbx: DbOrTx, orderId: number) {
  return dbx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'product')));
}

const catalogueLines = (orderId: number) =>
  and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'product'), sql`${orderLines.formatId} is not null`);

/** The product lines of the catalogue (a format), locked: what a shipment takes from. */
export function lockCatalogueLines(dbx: DbOrTx, orderId: number) {
  return dbx.select().from(orderLines).where(catalogueLines(orderId)).for('update');
}

/** The product lines of the catalogue in their printed order. */
export function catalogueLinesOf(dbx: DbOrTx, orderId: number) {
  return dbx.select().from(orderLines).where(catalogueLines(orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** The level row, locked: two validations of the same format in the same warehouse wait for each other. */
export async function lockLevel(dbx: DbOrTx, warehouseId: number, formatId: number) {
  const [level] = await dbx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, formatId)))
    .for('update');
  return level;
}

/** The units of a format other open orders hold in the warehouse. */
export async function heldByOthers(dbx: DbOrTx, formatId: number, orderId: number, warehouseId: number): Promise<number> {
  const held = await dbx.execute(sql`select coalesce(sum(ol.reserved), 0)::int as n from order_lines ol join orders o on o.id = ol.order_id
        where ol.format_id = ${formatId} and ol.reserved > 0 and o.id <> ${orderId} and o.warehouse_id = ${warehouseId}
        and o.status not in ('aborted', 'expired', 'cancelled', 'refused')`);
  return Number(rows<{ n: number }>(held)[0]?.n ?? 0);
}

/** Every catalogue product line holds its quantity. */
export async function holdCatalogueLines(dbx: DbOrTx, orderId: number): Promise<void> {
  await dbx
    .update(orderLines)
    .set({ reserved: sql`${orderLines.quantity} + ${orderLines.addQuantity}` })
    .where(catalogueLines(orderId));
}

export function heldLines(dbx: DbOrTx, orderId: number) {
  return dbx
    .select({ kind: orderLines.kind, formatId: orderLines.formatId, slotId: orderLines.slotId, reserved: orderLines.reserved })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.reserved} > 0`));
}

export async function clearHeld(dbx: DbOrTx, orderId: number): Promise<void> {
  await dbx.update(orderLines).set({ reserved: 0 }).where(eq(orderLines.orderId, orderId));
}

export async function addShipped(dbx: DbOrTx, lineId: number, quantity: number): Promise<void> {
  await dbx
    .update(orderLines)
    .set({ shipped: sql`${orderLines.shipped} + ${quantity}` })
    .where(eq(orderLines.id, lineId));
}

// ---------------------------------------------------------------- documents

export async function shopInvoice(dbx: DbOrTx, shopId: number, id: number, lock: boolean): Promise<InvoiceRow | undefined> {
  const q = dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.shopId, shopId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function invoiceRef(dbx: DbOrTx, id: number) {
  const [r] = await dbx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return r;
}

export function invoiceRefsByIds(dbx: DbOrTx, ids: number[]) {
  return dbx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, ids));
}

export function invoicesByIds(dbx: DbOrTx, ids: number[]) {
  return dbx.select().from(invoices).where(inArray(invoices.id, ids));
}

/** Some documents of the shop with their order's number (any order). */
export function shopInvoicesWithOrder(dbx: DbOrTx, shopId: number, ids: number[]) {
  return dbx
    .select({ r: invoices, orderNumber: orders.number })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.shopId, shopId), inArray(invoices.id, ids)));
}

/** Every document of an order (invoices, deposits, credit notes), in id order. */
export function documentsOfOrder(dbx: DbOrTx, orderId: number) {
  return dbx.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
}

/** An order's invoices and deposit invoices (what is paid), in id order. */
export function payableDocumentsOf(dbx: DbOrTx, orderId: number) {
  return dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ['invoice', 'deposit'])))
    .orderBy(asc(invoices.id));
}

/** An order's invoices and deposit invoices, locked (cancelling the order credits them). */
export function lockPayableDocuments(dbx: DbOrTx, orderId: number) {
  return dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ['invoice', 'deposit'])))
    .for('update');
}

export function depositsOf(dbx: DbOrTx, orderId: number) {
  return dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'deposit')));
}

/** The credit notes of an invoice. */
export function creditNotesOf(dbx: DbOrTx, invoiceId: number) {
  return dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.kind, 'credit')));
}

/** Every document referring to an invoice (its credit notes), in id order. */
export function relatedDocumentsOf(dbx: DbOrTx, invoiceId: number) {
  return dbx.select().from(invoices).where(eq(invoices.relatedInvoiceId, invoiceId)).orderBy(asc(invoices.id));
}

/** The TTC of every document referring to an invoice. */
export function relatedTotalsOf(dbx: DbOrTx, invoiceId: number) {
  return dbx.select({ ttc: invoices.totalTTC }).from(invoices).where(eq(invoices.relatedInvoiceId, invoiceId));
}

export async function addPaid(dbx: DbOrTx, invoiceId: number, amount: number): Promise<void> {
  await dbx
    .update(invoices)
    .set({ paid: sql`${invoices.paid} + ${amount}` })
    .where(eq(invoices.id, invoiceId));
}

export async function addCredited(dbx: DbOrTx, invoiceId: number, amount: number): Promise<void> {
  await dbx
    .update(invoices)
    .set({ credited: sql`${invoices.credited} + ${amount}` })
    .where(eq(invoices.id, invoiceId));
}

export async function setCreditRemaining(dbx: DbOrTx, id: number, rest: number): Promise<void> {
  await dbx
    .update(invoices)
    .set({ creditRemaining: rest, creditStatus: rest === 0 ? 'empty' : 'partial' })
    .where(eq(invoices.id, id));
}

export async function markSent(dbx: DbOrTx, id: number): Promise<void> {
  await dbx.update(invoices).set({ sentAt: new Date() }).where(eq(invoices.id, id));
}

/** A client's credit notes still holding credit, oldest first, locked. */
export function lockOpenCreditNotes(dbx: DbOrTx, shopId: number, clientId: number) {
  return dbx
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.shopId, shopId), eq(invoices.clientId, clientId), eq(invoices.kind, 'credit'), sql`${invoices.creditRemaining} > 0`),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .for('update');
}

export function creditNotesOfClients(dbx: DbOrTx, shopId: number, clientIds: number[]) {
  return dbx
    .select()
    .from(invoices)
    .where(and(eq(invoices.shopId, shopId), eq(invoices.kind, 'credit'), inArray(invoices.clientId, clientIds)));
}

/** The order's payment status from its invoices and deposits (paid, partial, pending; unchanged when none). */
export async function syncOrderPaymentStatus(dbx: DbOrTx, orderId: number): Promise<void> {
  await dbx.execute(sql`update orders o set payment_status = s.status from (
        select case when count(*) = 0 then null
          when bool_and(i.payment_status = 'paid') then 'paid'
          when bool_or(i.payment_status in ('paid', 'partial')) then 'partial' else 'pending' end as status
        from invoices i where i.order_id = ${orderId} and i.kind in ('invoice', 'deposit')) s
      where o.id = ${orderId} and s.status is not null`);
}

/** A search term as an ILIKE pattern (the %, _ and backslashes it holds taken literally). */
const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The ids of one page of a list (ties broken by the newest id) and how many rows match. */
async function idsPage(dbx: DbOrTx, from: SQL, id: SQL, where: SQL, order: SQL, q: { pageSize: number; offset: number }) {
  const [countRes, rowsRes] = await Promise.all([
    dbx.execute(sql`select count(*)::int as n from ${from} where ${where}`),
    dbx.execute(sql`select ${id} from ${from} where ${where} order by ${order}, ${id} desc limit ${q.pageSize} offset ${q.offset}`),
  ]);
  return { ids: rows<{ id: number }>(rowsRes).map((r) => r.id), total: Number(rows<{ n: number }>(countRes)[0].n) };
}

/** One page of the shop's documents: their ids in the list's order, and how many match. */
export async function invoicesPage(dbx: DbOrTx, shopId: number, q: InvoicesListQuery, today: string) {
  const f = q.filters;
  const conds = [sql`i.shop_id = ${shopId}`];
  if (f.kind) conds.push(sql`i.kind = ${f.kind}`);
  if (f.paymentStatus) conds.push(sql`i.payment_status = ${f.paymentStatus} and i.kind <> 'credit'`);
  if (f.clientId) conds.push(sql`i.client_id = ${f.clientId}`);
  if (f.open) conds.push(sql`i.kind <> 'credit' and i.amount_due - i.paid - i.credited > 0`);
  if (f.overdue) conds.push(sql`i.kind <> 'credit' and i.amount_due - i.paid - i.credited > 0 and i.due_date < ${today}`);
  if (f.from) conds.push(sql`i.issue_date >= ${f.from}`);
  if (f.to) conds.push(sql`i.issue_date <= ${f.to}`);
  if (q.q) conds.push(sql`(i.number ilike ${likeOf(q.q)} or i.client_name ilike ${likeOf(q.q)})`);
  const where = sql.join(conds, sql` and `);
  const col = {
    issuedAt: sql`i.issued_at`,
    number: sql`i.number`,
    totalTTC: sql`i.total_ttc`,
    dueDate: sql`i.due_date`,
    remaining: sql`(i.amount_due - i.paid - i.credited)`,
  }[q.sort.column];
  // the number, date and total are never null: a plain direction lets the (shop, issued_at) index serve the page
  const nullable = q.sort.column === 'dueDate';
  const dir = q.sort.direction === 'desc' ? (nullable ? sql`desc nulls last` : sql`desc`) : nullable ? sql`asc nulls last` : sql`asc`;
  return idsPage(dbx, sql.raw('invoices i'), sql.raw('i.id'), where, sql`${col} ${dir}`, q);
}

// ---------------------------------------------------------------- payments and their allocations

export async function insertPayment(dbx: DbOrTx, values: PaymentInsert) {
  const [p] = await dbx.insert(salesPayments).values(values).returning();
  return p;
}

/** A payment recorded once (an online payment already recorded is skipped: undefined). */
export async function insertPaymentOnce(dbx: DbOrTx, values: PaymentInsert) {
  const [p] = await dbx.insert(salesPayments).values(values).onConflictDoNothing().returning();
  return p;
}

/** A payment out, its row not needed (a credit note's refund). */
export async function insertPaymentOut(dbx: DbOrTx, values: PaymentInsert): Promise<void> {
  await dbx.insert(salesPayments).values(values);
}

export async function insertAllocation(dbx: DbOrTx, values: AllocationInsert): Promise<void> {
  await dbx.insert(paymentAllocations).values(values);
}

/** Every allocation settling an invoice shares the lettering code. */
export async function letterInvoice(dbx: DbOrTx, invoiceId: number, code: string): Promise<void> {
  await dbx.update(paymentAllocations).set({ lettering: code }).where(eq(paymentAllocations.invoiceId, invoiceId));
}

/** What settled an invoice: payments, or credit notes (their number). */
export function allocationsOfInvoice(dbx: DbOrTx, invoiceId: number) {
  return dbx
    .select({ a: paymentAllocations, p: salesPayments, c: invoices.number })
    .from(paymentAllocations)
    .leftJoin(salesPayments, eq(salesPayments.id, paymentAllocations.paymentId))
    .leftJoin(invoices, eq(invoices.id, paymentAllocations.creditNoteId))
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(asc(paymentAllocations.id));
}

/** The payments allocated to some invoices, oldest first. */
export function paymentsOfInvoices(dbx: DbOrTx, invoiceIds: number[]) {
  return dbx
    .select({ a: paymentAllocations, p: salesPayments })
    .from(paymentAllocations)
    .innerJoin(salesPayments, eq(salesPayments.id, paymentAllocations.paymentId))
    .where(inArray(paymentAllocations.invoiceId, invoiceIds))
    .orderBy(asc(salesPayments.paidAt), asc(salesPayments.id), asc(paymentAllocations.id));
}

/** A client's payments received with what is not allocated yet, oldest first, locked. */
export async function lockFreePayments(dbx: DbOrTx, shopId: number, clientId: number) {
  const pays =
    await dbx.execute(sql`select p.id, p.amount - coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0) as free
          from sales_payments p where p.shop_id = ${shopId} and p.client_id = ${clientId} and p.direction = 'in'
          order by p.paid_at, p.id for update of p`);
  return rows<{ id: number; free: number | string }>(pays);
}

/** One page of the shop's payments: their ids in the list's order, and how many match. */
export async function paymentsPage(dbx: DbOrTx, shopId: number, q: PaymentsListQuery) {
  const f = q.filters as PaymentsListQuery['filters'] & { id?: number };
  const conds = [sql`p.shop_id = ${shopId}`];
  if (f.id) conds.push(sql`p.id = ${f.id}`);
  if (f.direction) conds.push(sql`p.direction = ${f.direction}`);
  if (f.method) conds.push(sql`p.method = ${f.method}`);
  if (f.clientId) conds.push(sql`p.client_id = ${f.clientId}`);
  if (f.from) conds.push(sql`p.paid_at >= ${f.from}`);
  if (f.to) conds.push(sql`p.paid_at <= ${f.to}`);
  if (q.q) conds.push(sql`(p.client_name ilike ${likeOf(q.q)} or p.reference ilike ${likeOf(q.q)})`);
  const where = sql.join(conds, sql` and `);
  const col = q.sort.column === 'amount' ? sql`p.amount` : sql`p.paid_at`;
  const dir = q.sort.direction === 'desc' ? sql`desc` : sql`asc`;
  return idsPage(dbx, sql.raw('sales_payments p'), sql.raw('p.id'), where, sql`${col} ${dir}`, q);
}

export function paymentsByIds(dbx: DbOrTx, ids: number[]) {
  return dbx.select().from(salesPayments).where(inArray(salesPayments.id, ids));
}

/** The allocations of some payments with the number of the invoice each settles. */
export function allocationsOfPayments(dbx: DbOrTx, paymentIds: number[]) {
  return dbx
    .select({ a: paymentAllocations, number: invoices.number })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(inArray(paymentAllocations.paymentId, paymentIds));
}

/** Clients' credit (payments not allocated, minus refunds, plus credit notes kept as credit), largest first. */
export async function creditBalances(dbx: DbOrTx, shopId: number, q: { clientId?: number; pageSize: number; offset: number }) {
  const res = await dbx.execute(sql`
      with bal as (
        select p.client_id, sum(case when p.direction = 'in' then p.amount - coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0)
          when p.credit_note_id is null then -p.amount else 0 end) as amount
        from sales_payments p where p.shop_id = ${shopId} and p.client_id is not null group by p.client_id
        union all
        select i.client_id, sum(i.credit_remaining) from invoices i
        where i.shop_id = ${shopId} and i.kind = 'credit' and i.client_id is not null group by i.client_id
      )
      select b.client_id as id, sum(b.amount)::int as balance, count(*) over ()::int as total from bal b
      ${q.clientId ? sql`where b.client_id = ${q.clientId}` : sql``}
      group by b.client_id having sum(b.amount) <> 0 order by sum(b.amount) desc, b.client_id limit ${q.pageSize} offset ${q.offset}`);
  return rows<{ id: number; balance: number; total: number }>(res);
}
