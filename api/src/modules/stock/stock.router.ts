import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import type { MemberKind } from '../../platform/db/tables';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import { scopeToShop } from '../../platform/auth/scope';
import { MESSAGES } from '../../platform/errors';
import { releaseEndedAllocations } from './stock.allocations';
import { formatOptionsOf } from './stock.format-options';
import { STOCK_MESSAGES as M } from './stock.messages';
import {
  alertsSchema,
  allocationBodySchema,
  allocationListSchema,
  allocationSchema,
  allocationTargetsSchema,
  allocationUpdateSchema,
  formatOptionsQuery,
  formatOptionsSchema,
  formatStockDetailSchema,
  formatStockListSchema,
  listAllocationsQuery,
  listLevelsQuery,
  listMovementsQuery,
  listWarehousesQuery,
  movementBodySchema,
  movementListSchema,
  movementResultSchema,
  thresholdBodySchema,
  warehouseBodySchema,
  warehouseListSchema,
  warehouseSchema,
} from './stock.schemas';
import { createStockService } from './stock.service';

const SWEEP_MS = 60_000;
const OPTION_KINDS: MemberKind[] = ['owner', 'iam', 'agent'];
const withMessage = <T extends z.ZodObject>(s: T) => s.extend({ message: z.string() });

/** The stock module's routes: §6 seeAllStock to read and record, createWarehouse for the warehouses. */
export function createStockRouter({ db, auth, config, logger }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createStockService({ db });
  const tags = ['stock'];
  const see = { tags, auth: 'user' as const, shop: { anyOf: ['seeAllStock' as const] } };
  const warehouseRead = { tags, auth: 'user' as const, shop: { anyOf: ['seeAllStock' as const, 'createWarehouse' as const] } };
  const warehouseWrite = { tags, auth: 'user' as const, shop: { anyOf: ['createWarehouse' as const] } };
  const bad = error('Bad input: French message and field');
  const caller = (member: { shopId: number; userId: number }) => ({ shopId: member.shopId, userId: member.userId });

  // allocations past their end date give their remaining units back to the web stock (also lazily on reads)
  if (config.nodeEnv !== 'test') {
    const timer = setInterval(() => {
      releaseEndedAllocations(db, 48).catch((err) => logger.warn({ err }, 'allocation release sweep failed'));
    }, SWEEP_MS);
    timer.unref();
    releaseEndedAllocations(db).catch((err) => logger.warn({ err }, 'allocation release at start failed'));
  }

  // ---------------------------------------------------------------- warehouses
  defineRoute(
    r,
    {
      ...warehouseRead,
      method: 'get',
      path: '/stock/warehouses',
      summary: "The caller's shop warehouses",
      request: { query: listWarehousesQuery },
      responses: { 200: json(warehouseListSchema, 'A page of warehouses'), 400: bad },
    },
    ({ member, query }) => service.listWarehouses(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...warehouseWrite,
      method: 'post',
      path: '/stock/warehouses',
      summary: 'Create a warehouse (name unique per shop; excise number required under suspended duty)',
      request: { body: warehouseBodySchema },
      responses: { 201: json(withMessage(warehouseSchema), 'Created'), 400: bad },
    },
    ({ member, body }) => service.createWarehouse(member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...warehouseWrite,
      method: 'put',
      path: '/stock/warehouses/:id',
      summary: 'Update or archive a warehouse',
      request: { params: idParams(M.warehouseNotFound), body: warehouseBodySchema },
      responses: { 200: json(withMessage(warehouseSchema), 'Updated'), 400: bad, 404: error(M.warehouseNotFound) },
    },
    ({ member, params, body }) => service.updateWarehouse(member.shopId, params.id, body),
  );

  // ---------------------------------------------------------------- levels
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/levels',
      summary: 'Stock per format: on hand per warehouse, reserved, allocated, available, web stock, threshold',
      request: { query: listLevelsQuery },
      responses: { 200: json(formatStockListSchema, 'A page of formats'), 400: bad },
    },
    ({ member, query }) => service.listLevels(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/formats/:formatId',
      summary: "One format's stock: levels per warehouse and totals",
      request: { params: idParams(M.formatNotFound, 'formatId') },
      responses: { 200: json(formatStockDetailSchema, 'The format stock'), 404: error(M.formatNotFound) },
    },
    ({ member, params }) => service.formatStock(member.shopId, params.formatId),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'put',
      path: '/stock/formats/:formatId/threshold',
      summary: "Set (or clear with null) a format's alert threshold",
      request: { params: idParams(M.formatNotFound, 'formatId'), body: thresholdBodySchema },
      responses: { 200: json(formatStockDetailSchema.extend({ message: z.string() }), 'Updated'), 400: bad, 404: error(M.formatNotFound) },
    },
    ({ member, params, body }) => service.setThreshold(member.shopId, params.formatId, body.threshold),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/alerts',
      summary: 'Formats at or under their alert threshold (dashboard widget)',
      responses: { 200: json(alertsSchema, 'Formats under threshold') },
    },
    ({ member }) => service.alerts(member.shopId),
  );
  defineRoute(
    r,
    {
      tags,
      auth: 'user',
      // the order form's articles: staff, and agents for the producers they represent (their own clients' orders)
      shop: { kinds: ['owner', 'iam', 'agent'] },
      method: 'get',
      path: '/stock/format-options',
      summary: "The shop's formats for a select: 'Product – vintage – 75 cl' (50 at most), their vintages, priced for a client",
      request: { query: formatOptionsQuery },
      responses: {
        200: json(formatOptionsSchema, 'Options'),
        400: bad,
        404: error(`'${MESSAGES.shopNotFound}' (shopId of a shop the caller is not in), '${M.clientNotFound}' (clientId)`),
      },
    },
    ({ auth, member, query }) =>
      formatOptionsOf(db, query.shopId !== undefined ? scopeToShop(auth, query.shopId, OPTION_KINDS) : member, query),
  );

  // ---------------------------------------------------------------- movements
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/movements',
      summary: 'Stock movements, newest first',
      request: { query: listMovementsQuery },
      responses: { 200: json(movementListSchema, 'A page of movements'), 400: bad },
    },
    ({ member, query }) => service.listMovements(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'post',
      path: '/stock/movements',
      summary: 'Record a movement: an entry / exit, a transfer between two warehouses, or an inventory count',
      request: { body: movementBodySchema },
      responses: { 201: json(movementResultSchema, 'Recorded'), 400: bad, 404: error('Warehouse or format of another shop') },
    },
    ({ member, body }) => service.recordMovement(caller(member), body),
  );

  // ---------------------------------------------------------------- allocations
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/allocations',
      summary: 'Allocations (quantities kept for a client or a typology) with consumed / remaining',
      request: { query: listAllocationsQuery },
      responses: { 200: json(allocationListSchema, 'A page of allocations'), 400: bad },
    },
    ({ member, query }) => service.listAllocations(member.shopId, query),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'get',
      path: '/stock/allocations/targets',
      summary: 'Clients and typologies an allocation may be made for',
      responses: { 200: json(allocationTargetsSchema, 'Targets') },
    },
    ({ member }) => service.allocationTargets(member.shopId),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'post',
      path: '/stock/allocations',
      summary: 'Keep a quantity of a format for a client or a typology',
      request: { body: allocationBodySchema },
      responses: { 201: json(withMessage(allocationSchema), 'Created'), 400: bad, 404: error(M.formatNotFound) },
    },
    ({ member, body }) => service.createAllocation(caller(member), body),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'put',
      path: '/stock/allocations/:id',
      summary: 'Change an allocation, or end it now (`end: true`)',
      request: { params: idParams(M.allocationNotFound), body: allocationUpdateSchema },
      responses: { 200: json(withMessage(allocationSchema), 'Updated'), 400: bad, 404: error(M.allocationNotFound) },
    },
    ({ member, params, body }) => service.updateAllocation(member.shopId, params.id, body),
  );
  defineRoute(
    r,
    {
      ...see,
      method: 'delete',
      path: '/stock/allocations/:id',
      summary: 'Delete an allocation (its remaining quantity goes back on sale)',
      request: { params: idParams(M.allocationNotFound) },
      responses: { 200: json(z.object({ success: z.literal(true), message: z.string() }), 'Deleted'), 404: error(M.allocationNotFound) },
    },
    ({ member, params }) => service.deleteAllocation(member.shopId, params.id),
  );

  return r;
}
