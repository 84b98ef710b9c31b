import { z } from 'zod';
import { PURCHASING_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  formatsQuery,
  listPurchasesQuery,
  listSuppliersQuery,
  purchasableFormatsSchema,
  purchaseDetailSchema,
  purchaseListSchema,
  purchaseOrderBodySchema,
  purchaseWarehousesSchema,
  receiveBodySchema,
  supplierBodySchema,
  supplierDetailSchema,
  supplierListSchema,
  withMessage,
} from './purchasing.schemas';
import { createPurchasingService } from './purchasing.service';
import { addSupplierInvoiceRoutes } from './supplier-invoices.router';

const supplierId = idParams(M.supplierNotFound);
const purchaseId = idParams(M.purchaseNotFound);
const supplierNotFound = `'${M.supplierNotFound}' (also another shop's supplier)`;
const purchaseNotFound = `'${M.purchaseNotFound}' (also another shop's purchase order)`;

/** The purchasing module's routes: suppliers and purchase orders of the caller's shop (§6 permissions). */
export function createPurchasingRouter(deps: AppDeps): ApiRouter {
  const { db, auth } = deps;
  const r = apiRouter(auth);
  const service = createPurchasingService({ db });
  const base = { auth: 'user' as const };
  const seeSuppliers = { ...base, tags: ['purchasing'], shop: { anyOf: ['seeSupplier' as const] } };
  const writeSuppliers = { ...base, tags: ['purchasing'], shop: { anyOf: ['createSupplier' as const] } };
  const orders = { ...base, tags: ['purchasing'], shop: { anyOf: ['seeSupplierOrder' as const] } };

  // ---------- suppliers ----------
  defineRoute(
    r,
    {
      ...base,
      tags: ['purchasing'],
      // the purchase order form picks its supplier in this list: seeSupplierOrder reads it too
      shop: { anyOf: ['seeSupplier', 'seeSupplierOrder'] },
      method: 'get',
      path: '/suppliers',
      summary: "The caller's shop suppliers (q on company, email, city)",
      request: { query: listSuppliersQuery },
      responses: { 200: json(supplierListSchema, 'A page of suppliers') },
    },
    ({ member, query }) => service.listSuppliers(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...seeSuppliers,
      method: 'get',
      path: '/suppliers/:id',
      summary: 'A supplier with its purchase orders summary and totals',
      request: { params: supplierId },
      responses: { 200: json(supplierDetailSchema, 'The supplier'), 404: supplierNotFound },
    },
    ({ member, params }) => service.getSupplier(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...writeSuppliers,
      method: 'post',
      path: '/suppliers',
      summary: 'Create a supplier',
      request: { body: supplierBodySchema },
      responses: { 201: json(withMessage(supplierDetailSchema), 'Created') },
    },
    ({ member, body }) => service.createSupplier(member.shopId, body),
  );

  defineRoute(
    r,
    {
      ...writeSuppliers,
      method: 'put',
      path: '/suppliers/:id',
      summary: 'Update (or archive: status archived) a supplier',
      request: { params: supplierId, body: supplierBodySchema },
      responses: { 200: json(withMessage(supplierDetailSchema), 'Updated'), 404: supplierNotFound },
    },
    ({ member, params, body }) => service.updateSupplier(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...writeSuppliers,
      method: 'delete',
      path: '/suppliers/:id',
      summary: 'Delete a supplier without purchase orders (409 otherwise: archive it)',
      request: { params: supplierId },
      responses: {
        200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'),
        404: supplierNotFound,
        409: `'${M.supplierHasOrders}'`,
      },
    },
    ({ member, params }) => service.deleteSupplier(member.shopId, params.id),
  );

  // ---------- purchase orders ----------
  defineRoute(
    r,
    {
      ...orders,
      method: 'get',
      path: '/purchases',
      summary: "The caller's shop purchase orders (q on number and supplier)",
      request: { query: listPurchasesQuery },
      responses: { 200: json(purchaseListSchema, 'A page of purchase orders') },
    },
    ({ member, query }) => service.listPurchases(member.shopId, query),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'get',
      path: '/purchases/formats',
      summary: 'Catalogue formats of the shop a purchase order line can name (q on product and vintage)',
      request: { query: formatsQuery },
      responses: { 200: json(purchasableFormatsSchema, 'Up to 50 formats') },
    },
    ({ member, query }) => service.searchFormats(member.shopId, query.q || undefined),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'get',
      path: '/purchases/warehouses',
      summary: 'Warehouses of the shop a purchase order can be received into',
      responses: { 200: json(purchaseWarehousesSchema, 'The warehouses') },
    },
    ({ member }) => service.warehouses(member.shopId),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'get',
      path: '/purchases/:id',
      summary: 'A purchase order with its lines',
      request: { params: purchaseId },
      responses: { 200: json(purchaseDetailSchema, 'The purchase order'), 404: purchaseNotFound },
    },
    ({ member, params }) => service.getPurchase(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'post',
      path: '/purchases',
      summary: 'Create a draft purchase order (numbered BC<year>-<sequence>)',
      request: { body: purchaseOrderBodySchema },
      responses: { 201: json(withMessage(purchaseDetailSchema), 'Created') },
    },
    ({ member, body }) => service.createPurchase(member.shopId, member.userId, body),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'put',
      path: '/purchases/:id',
      summary: 'Update a draft purchase order (409 once sent)',
      request: { params: purchaseId, body: purchaseOrderBodySchema },
      responses: { 200: json(withMessage(purchaseDetailSchema), 'Updated'), 404: purchaseNotFound, 409: `'${M.notDraft}'` },
    },
    ({ member, params, body }) => service.updatePurchase(member.shopId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'post',
      path: '/purchases/:id/send',
      summary: 'Send a draft to the supplier: PDF mailed through the mail queue, status sent',
      request: { params: purchaseId },
      responses: { 200: json(withMessage(purchaseDetailSchema), 'Sent'), 404: purchaseNotFound, 409: `'${M.notSendable}'` },
    },
    ({ member, params }) => service.sendPurchase(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'post',
      path: '/purchases/:id/receive',
      summary: 'Receive quantities: stock entries with their cost, format cost (weighted average), status partial or received',
      request: { params: purchaseId, body: receiveBodySchema },
      responses: { 200: json(withMessage(purchaseDetailSchema), 'Received'), 404: purchaseNotFound, 409: `'${M.notReceivable}'` },
    },
    ({ member, params, body }) => service.receivePurchase(member.shopId, member.userId, params.id, body),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'post',
      path: '/purchases/:id/cancel',
      summary: 'Cancel a draft or sent purchase order',
      request: { params: purchaseId },
      responses: { 200: json(withMessage(purchaseDetailSchema), 'Cancelled'), 404: purchaseNotFound, 409: `'${M.notCancellable}'` },
    },
    ({ member, params }) => service.cancelPurchase(member.shopId, params.id),
  );

  defineRoute(
    r,
    {
      ...orders,
      method: 'get',
      path: '/purchases/:id/pdf',
      summary: 'The purchase order as a PDF',
      request: { params: purchaseId },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: purchaseNotFound },
    },
    async ({ member, params }, _req, res) => {
      const { filename, pdf } = await service.purchasePdf(member.shopId, params.id);
      res.type('application/pdf').setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.send(pdf);
    },
  );

  // ---------- received supplier e-invoices ----------
  addSupplierInvoiceRoutes(r, deps);

  return r;
}
