import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { Permission } from 'shared-kernel/contracts';
import { TARIFF_MESSAGES } from 'shared-kernel/contracts';
import { hasPermission } from '../../platform/auth/scope';
import type { ShopMemberRow } from '../../platform/db/tables';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import {
  exportQuery,
  gridQuery,
  priceListQuery,
  productDefaultsSchema,
  tariffChangesSchema,
  tariffGridSchema,
  tariffImportBodySchema,
  tariffImportResultSchema,
  tariffIncreaseBodySchema,
  tariffPricesBodySchema,
  tariffTypologyInputSchema,
  tariffTypologySchema,
  tariffTypologyUsageSchema,
  typologyParams,
} from './tariffs.schemas';
import { createTariffsService } from './tariffs.service';

/** §6: reading prices needs seeAllPrice; changing them needs createProduct as well (iam; the owner has every flag). */
const READ: Permission[] = ['seeAllPrice'];
const WRITE: Permission[] = ['createProduct'];
const alsoNeeds =
  (permission: Permission): RequestHandler =>
  (req, _res, next) => {
    const member = (req as unknown as { member: ShopMemberRow }).member;
    if (!hasPermission(member, permission)) throw forbidden();
    next();
  };

const done = z.object({ success: z.literal(true), message: z.string() });

/** The tariffs module's routes. */
export function createTariffsRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createTariffsService({ db });
  const base = { tags: ['tariffs'], auth: 'user' as const };
  const owner = { ...base, shop: { kinds: ['owner' as const] } };
  // §2 opens /dashboard/tarifs to sales agents: they read their producer's prices (never change them)
  const reader = { ...base, shop: { kinds: ['owner' as const, 'iam' as const, 'agent' as const], anyOf: READ } };
  const writer = { ...base, shop: { anyOf: WRITE }, before: [alsoNeeds('seeAllPrice')] };

  // ---------------------------------------------------------------- typologies (settings ?link=typos)
  defineRoute(
    r,
    {
      ...base,
      shop: { kinds: ['owner', 'iam', 'agent'], anyOf: ['seeAllPrice', 'seeAllProduct', 'createProduct', 'seeAllClient', 'createClient'] },
      method: 'get',
      path: '/tariffs/typologies',
      summary: "The shop's client typologies (§3) with how many clients and prices use each",
      responses: { 200: json(z.array(tariffTypologyUsageSchema), 'Typologies') },
    },
    ({ member }) => service.listTypologies(member.shopId),
  );
  defineRoute(
    r,
    {
      ...owner,
      method: 'post',
      path: '/tariffs/typologies',
      summary: 'Add a typology (owner); its id is made from its name',
      request: { body: tariffTypologyInputSchema },
      responses: {
        201: json(tariffTypologySchema.extend({ message: z.string() }), 'Created'),
        409: error(TARIFF_MESSAGES.typologyNameTaken),
      },
    },
    ({ member, body }) => service.createTypology(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...owner,
      method: 'put',
      path: '/tariffs/typologies/:key',
      summary: 'Edit a typology (owner); its id, hence its prices and clients, stay',
      request: { params: typologyParams, body: tariffTypologyInputSchema },
      responses: {
        200: json(tariffTypologySchema.extend({ message: z.string() }), 'Updated'),
        404: `'${TARIFF_MESSAGES.typologyNotFound}'`,
        409: error(TARIFF_MESSAGES.typologyNameTaken),
      },
    },
    ({ member, params, body }) => service.updateTypology(member.shopId, params.key, body),
  );
  defineRoute(
    r,
    {
      ...owner,
      method: 'delete',
      path: '/tariffs/typologies/:key',
      summary: 'Delete a typology no client and no price uses (owner)',
      request: { params: typologyParams },
      responses: {
        200: json(done, 'Deleted'),
        404: `'${TARIFF_MESSAGES.typologyNotFound}'`,
        409: error('Still used by clients or prices, or the last public one'),
      },
    },
    ({ member, params }) => service.removeTypology(member.shopId, params.key),
  );

  // ---------------------------------------------------------------- product defaults (settings ?link=products)
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['seeAllProduct', 'createProduct', 'seeAllPrice'] },
      method: 'get',
      path: '/tariffs/product-defaults',
      summary: 'What a new product gets (VAT type, format, visible typologies) and the titleProducts / allRulesInEq75 settings',
      responses: { 200: json(productDefaultsSchema, 'Product defaults') },
    },
    ({ member }) => service.getDefaults(member.shopId),
  );
  defineRoute(
    r,
    {
      ...owner,
      method: 'put',
      path: '/tariffs/product-defaults',
      summary: 'Save the product defaults (owner)',
      request: { body: productDefaultsSchema },
      responses: { 200: json(productDefaultsSchema.extend({ message: z.string() }), 'Saved') },
    },
    ({ member, body }) => service.saveDefaults(member.shopId, body),
  );

  // ---------------------------------------------------------------- the grid
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/tariffs/grid',
      summary: 'A page of formats of the shop with their price per typology (cents, HT or TTC as the typology says)',
      request: { query: gridQuery },
      responses: { 200: json(tariffGridSchema, 'A page of the grid') },
    },
    ({ member, query }) => service.grid(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'put',
      path: '/tariffs/prices',
      summary: 'Save prices in one transaction (every format must be of the shop)',
      request: { body: tariffPricesBodySchema },
      responses: {
        200: json(done.extend({ updated: z.number().int() }), 'Saved'),
        404: `'${TARIFF_MESSAGES.formatUnknown}' (also another shop's format: nothing is saved)`,
      },
    },
    ({ member, body }) => service.savePrices(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/tariffs/increase',
      summary: 'A percentage on the prices of selected (formatIds) or filtered formats, rounded to the cent; preview: true saves nothing',
      request: { body: tariffIncreaseBodySchema },
      responses: { 200: json(tariffChangesSchema, 'The changes (applied or not)'), 404: `'${TARIFF_MESSAGES.formatUnknown}'` },
    },
    ({ member, body }) => service.increase(member.shopId, body),
  );

  // ---------------------------------------------------------------- files
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/tariffs/export',
      summary: 'The grid as a file: CSV (; separator, UTF-8 BOM, decimal comma) or XLSX; the same filters as the grid',
      request: { query: exportQuery },
      responses: {
        200: { description: 'The file', contentType: 'text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      },
    },
    async ({ member, query }, _req, res) => {
      const { format, ...filter } = query;
      const file = await service.exportFile(member.shopId, format, filter);
      res.set('Content-Type', file.contentType);
      res.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.send(file.bytes);
    },
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/tariffs/import/preview',
      summary: 'Read an exported file (base64): the changes (old → new per cell) and the errors per line; nothing is saved',
      request: { body: tariffImportBodySchema },
      responses: {
        200: json(tariffImportResultSchema, 'Changes and errors'),
        400: 'An unreadable file, or too many rows / columns / cells (field content)',
        413: 'A workbook too big once inflated (field content)',
      },
    },
    ({ member, body }) => service.importPreview(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...writer,
      method: 'post',
      path: '/tariffs/import/apply',
      summary: 'Apply a file in one transaction; a file with errors saves nothing (400 with the errors)',
      request: { body: tariffImportBodySchema },
      responses: {
        200: json(tariffImportResultSchema, 'Applied'),
        400: json(tariffImportResultSchema.extend({ success: z.literal(false), field: z.string() }), 'The file has errors'),
      },
    },
    async ({ member, body }, _req, res) => {
      const result = await service.importApply(member.shopId, body);
      if (result.errors.length) {
        res.status(400).json({ success: false, message: TARIFF_MESSAGES.importHasErrors, field: 'content', ...result });
        return undefined;
      }
      return result;
    },
  );
  defineRoute(
    r,
    {
      ...reader,
      method: 'get',
      path: '/tariffs/price-list.pdf',
      summary: "A typology's price list (PDF) to send to a professional: visible prices, grouped by range and type",
      request: { query: priceListQuery },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } },
    },
    async ({ member, query }, _req, res) => {
      const file = await service.priceList(member.shopId, query.typology);
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Disposition', `attachment; filename="${file.filename}"`);
      res.send(file.bytes);
    },
  );

  return r;
}
