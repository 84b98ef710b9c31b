import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { SUPPLIER_INVOICE_MESSAGES as M } from 'shared-kernel/contracts';
import { resolveJwtSecret } from '../../platform/auth/jwt';
import type { AppDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import { MAX_INVOICE_FILE_BYTES } from './einvoice/read';
import { EInvoiceRefusal } from './einvoice/refusal';
import { withMessage } from './purchasing.schemas';
import { createInbox, inboxDomainOf, MAX_INBOUND_MAIL_BYTES, readInboundMail } from './supplier-invoices.inbox';
import {
  inboundMailQuery,
  inboundResultSchema,
  listSupplierInvoicesQuery,
  supplierInvoiceDetailSchema,
  supplierInvoiceListSchema,
  supplierInvoicePaymentBodySchema,
  supplierInvoiceRefusalSchema,
  uploadQuery,
} from './supplier-invoices.schemas';
import { createSupplierInvoicesService, receiveAttachments } from './supplier-invoices.service';
import { shopHasPurchaseModule } from './supplier-invoices.repository';
import { z } from 'zod';

/** Raw body (the bytes say PDF or XML), bounded: beyond, 413 naming the field. */
const rawBody =
  (limit: number, message: string, field: string): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) =>
    express.raw({ type: () => true, limit })(req, res, (err?: unknown) => {
      if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new HttpError(413, message, field));
      next(err);
    });

/** A refused file answers its findings with the message (the screen lists them). */
async function answerRefusal<T>(res: Response, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof EInvoiceRefusal)) throw err;
    res.status(err.status).json({ success: false, message: err.message, field: 'file', findings: err.findings });
    return undefined;
  }
}

/**
 * Received supplier e-invoices (French e-invoicing reform: every business receives them, CGI art. 289 bis), §6 rights of
 * the purchase orders (seeSupplierOrder), behind the §1 purchase module.
 */
export function addSupplierInvoiceRoutes(r: ApiRouter, { db, config }: AppDeps): void {
  const service = createSupplierInvoicesService({ db });
  const inbox = createInbox(() => resolveJwtSecret(config), inboxDomainOf(config.accounts.mailFrom, config.accounts.publicUrl));
  const rights = {
    auth: 'user' as const,
    tags: ['purchasing'],
    shop: { anyOf: ['seeSupplierOrder' as const], module: 'purchase' as const },
  };
  const id = idParams(M.notFound);
  const notFound = `'${M.notFound}' (also another shop's invoice)`;
  const refused = {
    ...json(supplierInvoiceRefusalSchema, 'Refused, nothing stored: the EN 16931 rules broken, each citing its id (field file)'),
  };

  defineRoute(
    r,
    {
      ...rights,
      method: 'get',
      path: '/supplier-invoices',
      summary: "The shop's received supplier invoices (q on number and supplier)",
      request: { query: listSupplierInvoicesQuery },
      responses: { 200: json(supplierInvoiceListSchema, 'A page of received invoices') },
    },
    ({ member, query }) => service.list(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...rights,
      method: 'get',
      path: '/supplier-invoices/inbox',
      summary: "The shop's mail address for suppliers' e-invoices (each PDF / XML attachment is received)",
      responses: { 200: json(z.object({ address: z.string() }), 'The inbox address') },
    },
    ({ member }) => ({ address: inbox.addressOf(member.shopId) }),
  );

  defineRoute(
    r,
    {
      ...rights,
      method: 'post',
      path: '/supplier-invoices',
      summary:
        'Receive a supplier e-invoice sent as the raw body (≤ 10 MB): Factur-X / ZUGFeRD PDF, CII D16B or UBL 2.1 XML; checked against EN 16931, supplier matched or created, stored with the original file',
      before: [rawBody(MAX_INVOICE_FILE_BYTES, M.tooBig, 'file')],
      request: { query: uploadQuery },
      responses: {
        201: json(withMessage(supplierInvoiceDetailSchema), 'Received'),
        400: {
          ...refused,
          description: 'Not a PDF / XML invoice, DOCTYPE or entities, malformed XML, PDF without invoice XML (field file)',
        },
        409: `'${M.duplicateFile}', or the same number from the same supplier (field file)`,
        413: `'${M.tooBig}' (field file)`,
        422: refused,
      },
    },
    ({ member, query }, req, res) =>
      answerRefusal(res, () =>
        service.receive(member.shopId, {
          fileName: query.filename,
          file: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          via: 'upload',
          userId: member.userId,
        }),
      ),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/supplier-invoices/inbound-mail',
      tags: ['purchasing'],
      auth: 'public',
      summary:
        'The mail gateway posts a raw RFC 5322 mail (≤ 15 MB) sent to a shop inbox (factures+<token>@…); each PDF / XML attachment is received',
      before: [
        rateLimit({
          windowMs: 60_000,
          limit: 60,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          handler: (_req, _res, next) => next(new HttpError(429, 'Trop de mails reçus. Réessayez dans quelques minutes.')),
        }),
        rawBody(MAX_INBOUND_MAIL_BYTES, 'Le mail dépasse la taille maximale de 15 Mo', 'mail'),
      ],
      request: { query: inboundMailQuery },
      responses: {
        200: json(inboundResultSchema, 'What was received, what was refused and why'),
        400: 'Unreadable mail, no PDF / XML attachment, more than 10 (field mail)',
        404: `'${M.inboxNoRecipient}'`,
        413: 'Mail over 15 MB (field mail)',
        429: 'Too many mails',
      },
    },
    async ({ query }, req) => {
      const mail = await readInboundMail(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), query.recipient);
      let shopId: number | null = null;
      for (const to of mail.recipients) if ((shopId = inbox.shopOf(to)) !== null) break;
      if (shopId === null || !(await shopHasPurchaseModule(db, shopId))) throw new HttpError(404, M.inboxNoRecipient);
      if (!mail.attachments.length) throw new HttpError(400, M.inboxNoAttachment, 'mail');
      return receiveAttachments(service, shopId, mail.attachments);
    },
  );

  defineRoute(
    r,
    {
      ...rights,
      method: 'get',
      path: '/supplier-invoices/:id',
      summary: 'A received invoice: seller, lines, VAT breakdown, totals, findings, matched purchase order, payment',
      request: { params: id },
      responses: { 200: json(supplierInvoiceDetailSchema, 'The invoice'), 404: notFound },
    },
    ({ member, params }) => service.get(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...rights,
      method: 'get',
      path: '/supplier-invoices/:id/file',
      summary: 'The original file as received (PDF or XML), unchanged',
      request: { params: id },
      responses: { 200: { description: 'The file', contentType: 'application/octet-stream' }, 404: notFound },
    },
    async ({ member, params }, _req, res) => {
      const f = await service.file(member.shopId, params.id);
      const ascii = f.fileName.replace(/[^\x20-\x7e]/g, '_');
      res
        .type(f.fileMime)
        .setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`);
      res.send(f.file);
    },
  );

  defineRoute(
    r,
    {
      ...rights,
      method: 'post',
      path: '/supplier-invoices/:id/payments',
      summary: 'Record a payment (default: what remains, today): paid amount never beyond the amount due; paid date once fully paid',
      request: { params: id, body: supplierInvoicePaymentBodySchema },
      responses: {
        200: json(withMessage(supplierInvoiceDetailSchema), 'Paid'),
        400: 'Amount over what remains (field amountCents), date in the future (field paidAt)',
        404: notFound,
        409: `'${M.alreadyPaid}'`,
      },
    },
    ({ member, params, body }) => service.pay(member.shopId, params.id, body),
  );
}
