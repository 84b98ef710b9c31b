// Size: the 35 route declarations of the module, each mostly its OpenAPI description and §6 permission set; the work is in the files the service binds.
import { z } from 'zod';
import {
  SALES_MESSAGES as M,
  documentsSettingsSchema,
  publicQuoteSchema,
  quoteAnswerInputSchema,
  quoteSendInputSchema,
  useCreditInputSchema,
  ORDER_ACTIONS_SCHEMA,
  billingSettingsSchema,
  bulkOrderActionInputSchema,
  bulkOrderActionResultSchema,
  clientCreditSchema,
  deliveryItemSchema,
  invoiceExportSchema,
  reminderResultSchema,
  unpaidSummarySchema,
  ventilationSchema,
  creditNoteInputSchema,
  depositInputSchema,
  invoiceDetailSchema,
  invoiceSummarySchema,
  orderActionInputSchema,
  orderActionResultSchema,
  orderDetailSchema,
  paymentInputSchema,
  salesOrderInputSchema,
  salesOrderPreviewSchema,
  salesPaymentSchema,
} from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { and, eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { orders, type OrdersService } from '../orders';
import { listDeliveries, renderDeliveryNote } from './sales.delivery';
import { EXPORT_EMPTY, EXPORT_NOT_FOUND, createInvoiceExports } from './sales.exports';
import { createInvoiceFiles } from './sales.files';
import { createFollowUp, renderFormalNotice } from './sales.followup';
import { ventilation, ventilationFile } from './sales.ventilation';
import { invoiceMail } from './sales.mails';
import { quoteLinkExpiry } from './sales.quotes';
import { renderInvoicePdf, sampleInvoiceDocument } from './documents';
import { sellerParty } from './sales.invoicing';
import { listCreditsQuery, listDeliveriesQuery, listInvoicesQuery, listPaymentsQuery, ventilationQuery } from './sales.schemas';
import { startSalesService, type SalesService } from './sales.service';

const orderId = idParams(M.orderNotFound);
const invoiceId = idParams(M.invoiceNotFound);
const paginatedOf = (item: z.ZodType) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });

/**
 * The sales module's routes: back-office orders and their lifecycle, invoices, deposit invoices, credit
 * notes, payments and billing settings of the caller's shop (§6 permissions; another shop's id → 404), over the
 * service the composition root built once (app.ts: the shipping, futures and reservations modules get the same
 * object). Given the orders service instead — a test mounting sales without app.ts —, the router builds and wires its
 * own service as app.ts does.
 */
export function createSalesRouter(deps: AppDeps, sales: SalesService | OrdersService): ApiRouter & { service: SalesService } {
  const { db, auth, config, logger } = deps;
  const service: SalesService = 'placeOrder' in sales ? startSalesService(deps, sales) : sales;
  const files = createInvoiceFiles(db, () => service, logger);

  const r = Object.assign(apiRouter(auth), { service });
  const tags = ['sales'];
  const base = { auth: 'user' as const, tags };
  // agents take orders for their own clients (checked by the service); staff per §6
  const taking = { ...base, shop: { kinds: ['owner' as const, 'iam' as const, 'agent' as const] } };
  const billing = { ...base, shop: { anyOf: ['billOrder' as const] } };
  const reading = { ...base, shop: { anyOf: ['seeAllPayment' as const, 'billOrder' as const, 'seeAllOrder' as const] } };
  const paying = { ...base, shop: { anyOf: ['seeAllPayment' as const, 'billOrder' as const] } };

  // ---------- billing settings ----------
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['billOrder', 'seeAllPayment'] },
      method: 'get',
      path: '/sales/settings/billing',
      summary: 'The legal identity, numbering, payment terms and bank accounts printed on invoices (null when not set)',
      responses: { 200: json(billingSettingsSchema.nullable(), 'The billing settings') },
    },
    ({ member }) => service.billingOf(member.shopId),
  );
  defineRoute(
    r,
    {
      ...base,
      shop: { kinds: ['owner'] },
      method: 'put',
      path: '/sales/settings/billing',
      summary: 'Save the billing settings (owner): SIRET, VAT number, IBAN and BIC checked',
      request: { body: billingSettingsSchema },
      responses: { 200: json(withMessage(billingSettingsSchema), 'Saved') },
    },
    ({ member, body }) => service.putBilling(member.shopId, body),
  );

  // ---------- the look of the PDFs ----------
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['billOrder', 'seeAllPayment'] },
      method: 'get',
      path: '/sales/settings/documents',
      summary: 'The logo, accent colour and footer of the PDFs (invoices, credit notes, quotes)',
      responses: { 200: json(documentsSettingsSchema, 'The look of the documents') },
    },
    ({ member }) => service.documentsOf(member.shopId),
  );
  defineRoute(
    r,
    {
      ...base,
      shop: { kinds: ['owner'] },
      method: 'put',
      path: '/sales/settings/documents',
      summary: 'Save the look of the PDFs (owner); issued invoices keep the PDF they were made with',
      request: { body: documentsSettingsSchema },
      responses: { 200: json(withMessage(documentsSettingsSchema), 'Saved') },
    },
    ({ member, body }) => service.putDocuments(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['billOrder', 'seeAllPayment'] },
      method: 'get',
      path: '/sales/settings/documents/preview.pdf',
      summary: 'A sample invoice with the shop’s look and identity (a specimen: no number is used)',
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } },
    },
    async ({ member }, _req, res) => {
      const billing = await service.billingOf(member.shopId);
      const sample = sampleInvoiceDocument({
        number: 'SPÉCIMEN',
        style: await service.styleOf(member.shopId),
        ...(billing ? { seller: sellerParty(billing), shopName: billing.companyName } : {}),
      });
      res.type('application/pdf').setHeader('Content-Disposition', 'inline; filename="apercu-facture.pdf"');
      res.setHeader('Cache-Control', 'no-store');
      res.send(await renderInvoicePdf(sample));
    },
  );

  // ---------- back-office orders ----------
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/sales/orders/preview',
      summary: "Price a back-office order at the client's typology (the cart's engine), nothing saved",
      request: { body: salesOrderInputSchema },
      responses: { 200: json(salesOrderPreviewSchema, 'The priced lines and totals') },
    },
    ({ member, body }) => service.preview(member, body),
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/sales/orders',
      summary: 'Create a back-office order, quote or sample (draft)',
      request: { body: salesOrderInputSchema },
      responses: { 201: json(withMessage(orderDetailSchema), 'Created') },
    },
    async ({ auth, member, body }, _req, res) => {
      res.status(201);
      return service.createOrder(auth, member, body);
    },
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'put',
      path: '/sales/orders/:id',
      summary: 'Change a back-office draft or pending quote (409 otherwise)',
      request: { params: orderId, body: salesOrderInputSchema },
      responses: { 200: json(withMessage(orderDetailSchema), 'Updated'), 404: `'${M.orderNotFound}'`, 409: `'${M.notEditable}'` },
    },
    ({ auth, member, params, body }) => service.updateOrder(auth, member, params.id, body),
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/sales/orders/:id/actions/:action',
      summary: 'Move an order through its lifecycle (send, validate, refuse, invoice, cancel, ship, deliver); 409 when not allowed',
      request: {
        params: z.object({
          id: orderId.shape.id,
          action: z.string().transform((v, ctx) => {
            const parsed = ORDER_ACTIONS_SCHEMA.safeParse(v);
            if (!parsed.success || v === 'expire') {
              ctx.addIssue({ code: 'custom', message: 'Action inconnue' });
              return z.NEVER;
            }
            return parsed.data;
          }),
        }),
        body: orderActionInputSchema,
      },
      responses: {
        200: json(orderActionResultSchema, 'Done'),
        404: `'${M.orderNotFound}'`,
        409: 'the move is not allowed from this status',
      },
    },
    ({ auth, member, params, body }) => service.act(auth, member, params.id, params.action, body),
  );
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['createOrder', 'billOrder'] },
      method: 'post',
      path: '/sales/orders/bulk',
      summary: 'Validate or invoice several orders, one by one (the failures are listed)',
      request: { body: bulkOrderActionInputSchema },
      responses: { 200: json(bulkOrderActionResultSchema, 'What was done and what failed') },
    },
    ({ auth, member, body }) => service.bulk(auth, member, body),
  );
  defineRoute(
    r,
    {
      ...billing,
      method: 'post',
      path: '/sales/orders/:id/deposits',
      summary: 'Issue a deposit invoice of a percentage or an amount (TTC) of an order',
      request: { params: orderId, body: depositInputSchema },
      responses: { 201: json(withMessage(invoiceDetailSchema), 'The deposit invoice'), 404: `'${M.orderNotFound}'` },
    },
    async ({ auth, member, params, body }, _req, res) => {
      res.status(201);
      return service.deposit(auth, member, params.id, body);
    },
  );

  // ---------- invoices ----------
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices',
      summary: 'Invoices, deposit invoices and credit notes of the shop (q on number and client)',
      request: { query: listInvoicesQuery },
      responses: { 200: json(paginatedOf(invoiceSummarySchema), 'A page of documents') },
    },
    ({ member, query }) => service.listInvoices(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices/:id',
      summary: 'One issued document with its lines, VAT, deposits, payments and credit notes',
      request: { params: invoiceId },
      responses: { 200: json(invoiceDetailSchema, 'The document'), 404: `'${M.invoiceNotFound}'` },
    },
    ({ member, params }) => service.getInvoice(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices/:id/pdf',
      summary: 'The document as a Factur-X PDF/A-3 (EN 16931 XML embedded), made once and kept',
      request: { params: invoiceId },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: `'${M.invoiceNotFound}'` },
    },
    async ({ member, params }, _req, res) => {
      const { pdf, number } = await files.ensure(member.shopId, params.id);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${number}.pdf"`);
      res.setHeader('Cache-Control', 'private, max-age=0');
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'post',
      path: '/sales/invoices/:id/send',
      summary: 'Mail the document with its PDF to the client (or to the given address) through the mail queue',
      request: { params: invoiceId, body: z.object({ email: z.email(M.noEmail).nullish() }) },
      responses: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Queued'), 404: `'${M.invoiceNotFound}'` },
    },
    async ({ member, params, body }) => {
      service.assertMay(member, 'sendInvoice');
      const doc = await files.documentOf(member.shopId, params.id);
      const to = body.email ?? doc.buyer.email;
      if (!to) throw new HttpError(400, M.noEmail, 'email');
      const { pdf } = await files.ensure(member.shopId, params.id);
      await db.transaction(async (tx) => {
        await enqueueMail(tx as typeof db, invoiceMail(doc, to, pdf), { dedupeKey: `invoice-sent:${params.id}:${Date.now()}` });
        await service.markSent(tx, params.id);
      });
      nudgeJobs();
      return { success: true as const, message: M.invoiceSent };
    },
  );
  defineRoute(
    r,
    {
      ...billing,
      method: 'post',
      path: '/sales/invoices/:id/credit-notes',
      summary:
        'Issue a credit note (all of it, or lines and quantities) of an invoice: it settles what is owed, the rest is credit or refunded',
      request: { params: invoiceId, body: creditNoteInputSchema },
      responses: { 201: json(withMessage(invoiceDetailSchema), 'The credit note'), 404: `'${M.invoiceNotFound}'` },
    },
    async ({ auth, member, params, body }, _req, res) => {
      res.status(201);
      return service.creditNote(auth, member, params.id, body);
    },
  );

  // ---------- payments ----------
  defineRoute(
    r,
    {
      ...paying,
      method: 'get',
      path: '/sales/payments',
      summary: 'Payments received and refunded (q on client and reference)',
      request: { query: listPaymentsQuery },
      responses: { 200: json(paginatedOf(salesPaymentSchema), 'A page of payments') },
    },
    ({ member, query }) => service.listPayments(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...paying,
      method: 'post',
      path: '/sales/payments',
      summary: "Record a payment of a client, allocated to invoices; the rest is the client's credit",
      request: { body: paymentInputSchema },
      responses: { 201: json(withMessage(salesPaymentSchema), 'Recorded') },
    },
    async ({ auth, member, body }, _req, res) => {
      res.status(201);
      return service.recordPayment(auth, member, body);
    },
  );
  defineRoute(
    r,
    {
      ...paying,
      method: 'get',
      path: '/sales/credits',
      summary: "Clients' credit balances (payments not allocated, credit notes kept as credit)",
      request: { query: listCreditsQuery },
      responses: { 200: json(paginatedOf(clientCreditSchema), 'A page of client credits') },
    },
    ({ member, query }) =>
      service.listCredits(member.shopId, {
        clientId: query.filters.clientId,
        page: query.page,
        pageSize: query.pageSize,
        offset: query.offset,
      }),
  );
  defineRoute(
    r,
    {
      ...paying,
      method: 'post',
      path: '/sales/credits/use',
      summary: "Settle an invoice with the client's credit (credit notes kept as credit first, then overpayments)",
      request: { body: useCreditInputSchema },
      responses: { 200: json(withMessage(invoiceDetailSchema), 'The invoice as it is now'), 400: 'Above the balance or the rest due' },
    },
    ({ member, body }) => service.useCredit(member, body),
  );

  // ---------- bulk export of a period's PDFs ----------
  const exports = createInvoiceExports(db, files, logger);
  const exportState = invoiceExportSchema;
  const exportId = z.object({ id: z.string().uuid(EXPORT_NOT_FOUND) });
  defineRoute(
    r,
    {
      ...reading,
      method: 'post',
      path: '/sales/invoices/exports',
      summary: "Start a zip of a period's PDFs (files.zip); poll its progress, then download it",
      request: {
        body: z.object({
          from: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ attendue')
            .nullish(),
          to: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ attendue')
            .nullish(),
          kind: z.enum(['invoice', 'deposit', 'credit']).nullish(),
        }),
      },
      responses: { 202: json(exportState, 'Started'), 400: `'${EXPORT_EMPTY}'` },
    },
    async ({ member, body }, _req, res) => {
      res.status(202);
      return exports.start(member.shopId, { from: body.from ?? undefined, to: body.to ?? undefined, kind: body.kind ?? undefined });
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices/exports/:id',
      summary: 'The progress of an export (done / total)',
      request: { params: exportId },
      responses: { 200: json(exportState, 'Its state'), 404: `'${EXPORT_NOT_FOUND}'` },
    },
    ({ member, params }) => exports.state(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices/exports/:id/file',
      summary: 'The zip of a finished export',
      request: { params: exportId },
      responses: { 200: { description: 'The zip', contentType: 'application/zip' }, 404: `'${EXPORT_NOT_FOUND}'` },
    },
    ({ member, params }, _req, res) => {
      const f = exports.file(member.shopId, params.id);
      res.type('application/zip').setHeader('Content-Disposition', `attachment; filename="${f.filename}"`);
      res.sendFile(f.path);
    },
  );

  // ---------- unpaid follow-up ----------
  const followUp = createFollowUp(db);
  if (config.nodeEnv !== 'test') {
    const timer = setInterval(() => {
      followUp.sendDueReminders().catch((err: unknown) => logger.warn({ err }, 'invoice reminders sweep failed'));
    }, 10 * 60_000);
    timer.unref();
  }
  defineRoute(
    r,
    {
      ...paying,
      method: 'get',
      path: '/sales/unpaid-summary',
      summary: 'What clients owe, what is overdue and the oldest overdue documents (dashboard widget)',
      responses: { 200: json(unpaidSummarySchema, 'The summary') },
    },
    async ({ member }) => {
      const { oldestIds, ...totals } = await followUp.unpaidSummary(member.shopId);
      return { ...totals, oldest: await service.summariesOf(member.shopId, oldestIds) };
    },
  );
  defineRoute(
    r,
    {
      ...paying,
      method: 'post',
      path: '/sales/invoices/:id/remind',
      summary: 'Send a reminder of an overdue document now (the next level; the automatic ones go at J+reminderDays)',
      request: { params: invoiceId },
      responses: {
        200: json(reminderResultSchema, 'Queued'),
        404: `'${M.invoiceNotFound}'`,
        409: `'${M.notOverdue}'`,
      },
    },
    async ({ member, params }) => {
      service.assertMay(member, 'remind');
      return followUp.remindNow(await service.invoiceRow(member.shopId, params.id));
    },
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/invoices/:id/formal-notice.pdf',
      summary: "The 'mise en demeure de payer' letter of an overdue document",
      request: { params: invoiceId },
      responses: {
        200: { description: 'The PDF', contentType: 'application/pdf' },
        404: `'${M.invoiceNotFound}'`,
        409: `'${M.notOverdue}'`,
      },
    },
    async ({ member, params }, _req, res) => {
      const row = await service.invoiceRow(member.shopId, params.id);
      if (row.kind === 'credit' || row.amountDue - row.paid - row.credited <= 0) throw new HttpError(409, M.notOverdue);
      const pdf = await renderFormalNotice(row);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="mise-en-demeure-${row.number}.pdf"`);
      res.send(pdf);
    },
  );

  // ---------- ventilation ----------
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/ventilation',
      summary: "A period's sales by accounting type, VAT rate, typology, range, agent and payment method",
      request: { query: ventilationQuery },
      responses: { 200: json(ventilationSchema, 'The ventilation') },
    },
    ({ member, query }) => ventilation(db, member.shopId, query.from, query.to),
  );
  defineRoute(
    r,
    {
      ...reading,
      method: 'get',
      path: '/sales/ventilation/export',
      summary: 'The ventilation as CSV or XLSX',
      request: { query: ventilationQuery },
      responses: { 200: { description: 'The file', contentType: 'text/csv' } },
    },
    async ({ member, query }, _req, res) => {
      const format = query.format ?? 'csv';
      const file = await ventilationFile(await ventilation(db, member.shopId, query.from, query.to), format);
      res
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .setHeader('Content-Disposition', `attachment; filename="ventilation-${query.from}-${query.to}.${format}"`);
      res.send(file);
    },
  );

  // ---------- shipping ----------
  const shipping = { ...base, shop: { anyOf: ['manageDelivery' as const] } };
  defineRoute(
    r,
    {
      ...shipping,
      method: 'get',
      path: '/sales/deliveries',
      summary: 'Validated or invoiced orders to prepare and ship (deliveryStatus: a comma list; default every open one)',
      request: { query: listDeliveriesQuery },
      responses: { 200: json(paginatedOf(deliveryItemSchema), 'A page of orders to ship') },
    },
    ({ member, query }) => listDeliveries(db, member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...shipping,
      method: 'get',
      path: '/sales/orders/:id/delivery-note.pdf',
      summary: 'The delivery note (bon de livraison) of an order, with its packages of 12 bottles',
      request: { params: orderId },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: `'${M.orderNotFound}'` },
    },
    async ({ member, params }, _req, res) => {
      const [o] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, params.id), eq(orders.shopId, member.shopId)));
      if (!o) throw new HttpError(404, M.orderNotFound);
      const billing = await service.billingOf(member.shopId);
      const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, member.shopId));
      const pdf = await renderDeliveryNote(db, o, billing?.companyName ?? shop.name);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="bon-de-livraison-${o.number}.pdf"`);
      res.send(pdf);
    },
  );

  // ---------- quotes sent to the client, answered online ----------
  const quoteUrl = async (o: { id: number; validUntil: string | null }) =>
    `${config.accounts.publicUrl}/quotes/${await deps.jwt.links.sign('quote', o.id, quoteLinkExpiry(o))}`;
  defineRoute(
    r,
    {
      ...taking,
      method: 'get',
      path: '/sales/orders/:id/quote.pdf',
      summary: 'The quote as a PDF: number, validity, lines, totals, the link to accept it online',
      request: { params: orderId },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: `'${M.orderNotFound}'`, 409: `'${M.notAQuote}'` },
    },
    async ({ member, params }, _req, res) => {
      const o = await service.staffQuote(member, params.id);
      const { pdf, number } = await service.quotePdf(member, params.id, await quoteUrl(o));
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${number}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...taking,
      method: 'post',
      path: '/sales/orders/:id/quote/send',
      summary: 'Mail the quote to the client (PDF attached, link to accept or refuse online); a draft becomes pending',
      request: { params: orderId, body: quoteSendInputSchema },
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string() }), 'Queued'),
        400: `'${M.noEmail}'`,
        404: `'${M.orderNotFound}'`,
        409: 'Not a quote, or already answered / expired',
      },
    },
    async ({ auth, member, params, body }) => {
      const o = await service.staffQuote(member, params.id);
      return service.sendQuote(auth, member, params.id, body, await quoteUrl(o));
    },
  );
  const quoteToken = z.object({ token: z.string().min(1).max(2000) });
  const linked = async (token: string) => {
    const id = await deps.jwt.links.verify('quote', token);
    const o = id ? await service.quoteByLink(id) : null;
    if (!o) throw new HttpError(404, M.quoteLink);
    return o;
  };
  defineRoute(
    r,
    {
      method: 'get',
      path: '/public/quotes/:token',
      tags,
      auth: 'public',
      summary: 'A quote opened from the link of its mail (no account)',
      request: { params: quoteToken },
      responses: { 200: json(publicQuoteSchema, 'The quote'), 404: `'${M.quoteLink}'` },
    },
    async ({ params }) => service.publicQuote(await linked(params.token)),
  );
  defineRoute(
    r,
    {
      method: 'get',
      path: '/public/quotes/:token/pdf',
      tags,
      auth: 'public',
      summary: 'The PDF of a quote opened from the link of its mail',
      request: { params: quoteToken },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: `'${M.quoteLink}'` },
    },
    async ({ params }, _req, res) => {
      const o = await linked(params.token);
      const { pdf, number } = await service.publicQuotePdf(o, `${config.accounts.publicUrl}/quotes/${params.token}`);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${number}.pdf"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      method: 'post',
      path: '/public/quotes/:token/answer',
      tags,
      auth: 'public',
      summary: 'The client accepts (the order is validated) or refuses the quote from the link of its mail',
      request: { params: quoteToken, body: quoteAnswerInputSchema },
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string(), quote: publicQuoteSchema }), 'Answered'),
        404: `'${M.quoteLink}'`,
        409: 'Already answered, expired or cancelled; or the stock cannot be held',
      },
    },
    async ({ params, body }) => {
      const o = await linked(params.token);
      return service.answerQuote(o.id, body);
    },
  );

  return r;
}
