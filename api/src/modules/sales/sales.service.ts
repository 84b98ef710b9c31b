/**
 * Sales as one object for the router, the shipping, futures and reservations modules, the shop-data export and the
 * demo seed: each operation is a module-level function of its own file, given here its dependencies (the db, the
 * orders service, the clock, what follows an issue).
 *   sales.settings.ts      billing settings and the look of the PDFs        sales.scope.ts   reach and the rights table
 *   sales.orders-write.ts  back-office orders written from the form         sales.stock.ts   holds and exits of stock
 *   sales.lifecycle.ts     actions on an order (one, many), tracking        sales.history.ts history and notifications
 *   sales.invoices.ts      invoices, deposit invoices, credit notes         sales.invoices-read.ts  their lists, detail
 *   sales.payments.ts      payments, credit, lettering, an order's ledger   sales.order-detail.ts   the staff's block
 *   sales.quotes.ts        quotes mailed, answered online, expired          sales.parties.ts  buyer and lines of a document
 *   sales.model.ts         deps, inputs, shared pieces                      sales.repository.ts  every query
 */
import type { DocumentsSettings, InvoiceSummary } from 'shared-kernel/contracts';
import type { OrderAction } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { AppDeps } from '../../platform/deps';
import type { Logger } from '../../platform/logger';
import type { OrderRow, OrdersService } from '../orders';
import { createInvoiceFiles } from './sales.files';
import { creditNote, deposit } from './sales.invoices';
import { invoiceDetail, listInvoices, summariesOf } from './sales.invoices-read';
import { act, bulk, changeTracking } from './sales.lifecycle';
import type {
  ActionValues,
  BillingValues,
  CreditNoteValues,
  DepositValues,
  ManagedElsewhere,
  PaymentValues,
  QuoteAnswerValues,
  QuoteSendValues,
  SalesContext,
  SalesDeps,
  UseCreditValues,
} from './sales.model';
import { staffExtra } from './sales.order-detail';
import { createOrder, preview, updateOrder } from './sales.orders-write';
import { listCredits, listPayments, orderPayments, recordPayment, useCredit } from './sales.payments';
import type { SalesOrderValues } from './sales.pricing';
import { answerQuote, expireQuotes, publicQuote, quoteByLink, quotePdf, sendQuote, staffQuote } from './sales.quotes';
import * as repo from './sales.repository';
import type { InvoicesListQuery, PaymentsListQuery } from './sales.schemas';
import { assertMay, invoiceOf } from './sales.scope';
import { billingOf, documentsOf, putBilling, putDocuments, styleOf } from './sales.settings';
import type { InvoiceRow } from './sales.tables';

export type { SalesDeps } from './sales.model';

export function createSalesService(deps: SalesDeps) {
  const { db, managedElsewhere = null, clock = () => new Date(), ...rest } = deps;
  const ctx: SalesContext = { ...rest, db, clock, managedElsewhere };
  return {
    /** the rights table for the routes acting on a document outside this service (mailing an invoice, reminders) */
    assertMay,
    billingOf: (shopId: number) => billingOf(db, shopId),
    putBilling: (shopId: number, body: BillingValues) => putBilling(ctx, shopId, body),
    documentsOf: (shopId: number) => documentsOf(db, shopId),
    styleOf: (shopId: number) => styleOf(db, shopId),
    putDocuments: (shopId: number, body: DocumentsSettings) => putDocuments(ctx, shopId, body),
    quotePdf: async (member: ShopMemberRow, id: number, acceptUrl: string | null) =>
      quotePdf(ctx, await staffQuote(ctx, member, id), acceptUrl),
    staffQuote: (member: ShopMemberRow, id: number) => staffQuote(ctx, member, id),
    sendQuote: (auth: UserAuthContext, member: ShopMemberRow, id: number, body: QuoteSendValues, acceptUrl: string) =>
      sendQuote(ctx, auth, member, id, body, acceptUrl),
    quoteByLink: (orderId: number) => quoteByLink(ctx, orderId),
    publicQuote: (o: OrderRow) => publicQuote(ctx, o),
    publicQuotePdf: (o: OrderRow, acceptUrl: string) => quotePdf(ctx, o, acceptUrl),
    answerQuote: (orderId: number, body: QuoteAnswerValues) => answerQuote(ctx, orderId, body),
    preview: (member: ShopMemberRow, input: SalesOrderValues) => preview(ctx, member, input),
    createOrder: (auth: UserAuthContext, member: ShopMemberRow, input: SalesOrderValues) => createOrder(ctx, auth, member, input),
    updateOrder: (auth: UserAuthContext, member: ShopMemberRow, id: number, input: SalesOrderValues) =>
      updateOrder(ctx, auth, member, id, input),
    act: (auth: UserAuthContext, member: ShopMemberRow, id: number, action: OrderAction, input: ActionValues) =>
      act(ctx, auth, member, id, action, input),
    changeTracking: (auth: UserAuthContext, member: ShopMemberRow, id: number, input: { carrier: string; trackingNumber: string }) =>
      changeTracking(ctx, auth, member, id, input),
    bulk: (auth: UserAuthContext, member: ShopMemberRow, body: { action: 'validate' | 'invoice'; ids: number[] }) =>
      bulk(ctx, auth, member, body),
    deposit: (auth: UserAuthContext, member: ShopMemberRow, orderId: number, input: DepositValues) =>
      deposit(ctx, auth, member, orderId, input),
    creditNote: (auth: UserAuthContext, member: ShopMemberRow, invoiceId: number, input: CreditNoteValues) =>
      creditNote(ctx, auth, member, invoiceId, input),
    staffExtra: (dbx: DbOrTx, o: OrderRow, member: ShopMemberRow) => staffExtra(ctx, dbx, o, member),
    orderPayments,
    expireQuotes: (shopId?: number) => expireQuotes(ctx, shopId),
    listInvoices: (shopId: number, q: InvoicesListQuery) => listInvoices(ctx, shopId, q),
    getInvoice: async (shopId: number, id: number) => invoiceDetail(db, await invoiceOf(db, shopId, id)),
    invoiceRow: (shopId: number, id: number) => invoiceOf(db, shopId, id),
    invoiceDetail: (r: InvoiceRow) => invoiceDetail(db, r),
    recordPayment: (auth: UserAuthContext, member: ShopMemberRow, body: PaymentValues) => recordPayment(ctx, auth, member, body),
    useCredit: (member: ShopMemberRow, body: UseCreditValues) => useCredit(ctx, member, body),
    listPayments: (shopId: number, q: PaymentsListQuery) => listPayments(db, shopId, q),
    listCredits: (shopId: number, q: { clientId?: number; page: number; pageSize: number; offset: number }, dbx: DbOrTx = db) =>
      listCredits(db, shopId, q, dbx),
    /** the list rows of some documents, in the given order */
    summariesOf: (shopId: number, ids: number[]): Promise<InvoiceSummary[]> => summariesOf(db, shopId, ids),
    markSent: (tx: DbOrTx, id: number) => repo.markSent(tx, id),
  };
}

export type SalesService = ReturnType<typeof createSalesService>;

const QUOTE_SWEEP_MS = 60_000;

/**
 * Quotes past their validity date expire within a minute (they also expire lazily before the lists). Started once by
 * the composition root; the timer never keeps the process alive.
 */
export function startQuoteExpirySweep(service: Pick<SalesService, 'expireQuotes'>, logger: Logger): NodeJS.Timeout {
  const timer = setInterval(() => {
    service.expireQuotes().catch((err: unknown) => logger.warn({ err }, 'quote expiry sweep failed'));
  }, QUOTE_SWEEP_MS);
  timer.unref();
  return timer;
}

/**
 * The api's sales service, built once by the composition root over the orders service: the PDF of an issued document
 * made right after the issue (tests read it on demand), the sales blocks of the order detail given to the orders
 * service, and — outside tests — the quote expiry sweep.
 */
export function startSalesService(
  deps: AppDeps,
  orders: OrdersService,
  opts: { managedElsewhere?: ManagedElsewhere | null } = {},
): SalesService {
  const { db, config, logger } = deps;
  const files = createInvoiceFiles(db, () => service, logger);
  const service = createSalesService({
    db,
    orders,
    managedElsewhere: opts.managedElsewhere ?? null,
    onIssued: config.nodeEnv === 'test' ? undefined : (shopId, ids) => files.issued(shopId, ids),
  });
  orders.setStaffExtra((dbx, o, member) => service.staffExtra(dbx, o, member));
  orders.setPaymentsLedger((dbx, orderId) => service.orderPayments(dbx, orderId));
  if (config.nodeEnv !== 'test') startQuoteExpirySweep(service, logger);
  return service;
}
