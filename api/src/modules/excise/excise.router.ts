import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  crdColorBodySchema,
  crdColorListSchema,
  crdColorSchema,
  crdMovementBodySchema,
  crdMovementListSchema,
  crdMovementSchema,
  drmMonthsQuery,
  drmMonthsSchema,
  drmQuery,
  drmSchema,
  drmValidateBody,
  EXCISE_MESSAGES,
  listCrdColorsQuery,
  listCrdMovementsQuery,
} from './excise.schemas';
import { createExciseService } from './excise.service';

const crdId = idParams(EXCISE_MESSAGES.crdNotFound);
const crdNotFound = `'${EXCISE_MESSAGES.crdNotFound}' (also another shop's colour)`;
const whNotFound = `'${EXCISE_MESSAGES.warehouseNotFound}' (also another shop's warehouse)`;
const exportQuery = drmQuery.omit({ detail: true });

/** The excise module's routes: CRD capsules and the monthly DRM of the caller's shop. */
export function createExciseRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createExciseService({ db });
  // §6: reading the stock needs seeAllStock, changing it createWarehouse (owners have every permission)
  const reader = { tags: ['excise'], auth: 'user' as const, shop: { anyOf: ['seeAllStock' as const] } };
  const writer = { tags: ['excise'], auth: 'user' as const, shop: { anyOf: ['createWarehouse' as const] } };

  // ---------------------------------------------------------------- CRD colours
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/crd-colors',
      summary: 'CRD capsule colours of the caller’s shop with their stock of capsules',
      request: { query: listCrdColorsQuery },
      responses: { 200: json(crdColorListSchema, 'A page of colours') },
    },
    ({ member, query }) => service.listCrd(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/excise/crd-colors',
      summary: 'Create a CRD capsule colour (initialStock recorded as an adjustment)',
      request: { body: crdColorBodySchema },
      responses: { 201: json(crdColorSchema.extend({ message: z.string() }), 'Created') },
    },
    ({ member, auth, body }) => service.createCrd(member.shopId, auth.user.id, body),
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/crd-colors/:id',
      summary: 'One CRD capsule colour',
      request: { params: crdId },
      responses: { 200: json(crdColorSchema, 'The colour'), 404: crdNotFound },
    },
    ({ member, params }) => service.getCrd(member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'put',
      path: '/excise/crd-colors/:id',
      summary: 'Update (or archive: archived true) a CRD capsule colour; the stock changes only by movements',
      request: { params: crdId, body: crdColorBodySchema },
      responses: { 200: json(crdColorSchema.extend({ message: z.string() }), 'Updated'), 404: crdNotFound },
    },
    ({ member, params, body }) => service.updateCrd(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/crd-colors/:id/movements',
      summary: 'Capsule stock history: purchases, consumption by bottling entries, adjustments',
      request: { params: crdId, query: listCrdMovementsQuery },
      responses: { 200: json(crdMovementListSchema, 'A page of movements'), 404: crdNotFound },
    },
    ({ member, params, query }) => service.listCrdMovements(member.shopId, params.id, query),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/excise/crd-colors/:id/movements',
      summary: 'A purchase of capsules { kind: purchase, quantity } or an inventory { kind: adjustment, counted }',
      request: { params: crdId, body: crdMovementBodySchema },
      responses: {
        201: json(z.object({ color: crdColorSchema, movement: crdMovementSchema, message: z.string() }), 'Recorded'),
        404: crdNotFound,
      },
    },
    ({ member, auth, params, body }) => service.addCrdMovement(member.shopId, auth.user.id, params.id, body),
  );

  // ---------------------------------------------------------------- DRM
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/drm',
      summary: 'The DRM of a month and a bonded warehouse: the validated snapshot, or computed from the movements (status open)',
      description: 'A duty-paid warehouse → 400 (field warehouseId). `detail=true` lists the movements counted in each category.',
      request: { query: drmQuery },
      responses: { 200: json(drmSchema, 'The declaration'), 404: whNotFound },
    },
    ({ member, query }) => service.drm(member.shopId, query.warehouseId, query.month, query.detail === 'true'),
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/drm/months',
      summary: 'The months of a bonded warehouse (with movements or validated) and their status, newest first',
      request: { query: drmMonthsQuery },
      responses: { 200: json(drmMonthsSchema, 'Months'), 404: whNotFound },
    },
    ({ member, query }) => service.months(member.shopId, query.warehouseId),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/excise/drm/validate',
      summary: 'Validate (file) a month: locked for good, the next month opens with its closing stock',
      description:
        'The month must be over, no later month validated, every earlier month with movements validated, no blocking anomaly. Twice → 409.',
      request: { body: drmValidateBody },
      responses: { 201: json(drmSchema.extend({ message: z.string() }), 'Validated'), 404: whNotFound, 409: "'Ce mois est déjà validé'" },
    },
    ({ member, auth, body }) => service.validate(member.shopId, auth.user.id, body),
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/drm/export.csv',
      summary: 'The DRM as CSV (; separator, UTF-8 BOM, hl with a decimal comma)',
      request: { query: exportQuery },
      responses: { 200: { description: 'The CSV file', contentType: 'text/csv' }, 404: whNotFound },
    },
    async ({ member, query }, _req, res) => {
      const file = await service.exportCsv(member.shopId, query.warehouseId, query.month);
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.send(file.body);
    },
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/excise/drm/export.pdf',
      summary: 'The DRM as a printable PDF (shop, warehouse, excise number, month, categories, totals, duties)',
      request: { query: exportQuery },
      responses: { 200: { description: 'The PDF file', contentType: 'application/pdf' }, 404: whNotFound },
    },
    async ({ member, query }, _req, res) => {
      const file = await service.exportPdf(member.shopId, query.warehouseId, query.month);
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Disposition', `inline; filename="${file.filename}"`);
      res.send(file.body);
    },
  );

  return r;
}
