import type { RequestHandler } from 'express';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { forbidden } from '../../platform/errors';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  ADMIN_MESSAGES,
  adminAuditListSchema,
  adminMaintenanceSchema,
  adminOrderListSchema,
  adminOverviewSchema,
  adminProductListSchema,
  adminShopListSchema,
  listAdminAuditQuery,
  listAdminOrdersQuery,
  listAdminProductsQuery,
  listAdminShopsQuery,
  maintenanceBodySchema,
  maintenanceResponseSchema,
  shopActionResponseSchema,
  suspendBodySchema,
} from './admin.schemas';
import { createAdminService } from './admin.service';

const superAdmin: RequestHandler = (req, _res, next) => {
  if (userAuth(req).user.role !== 'superAdmin') throw forbidden();
  next();
};
const shopId = idParams(ADMIN_MESSAGES.shopNotFound);

/** The platform operator's routes: /v1/admin/* (superAdmin only; every write is in admin_audit). */
export function createAdminRouter({ db, auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createAdminService({ db });
  const common = { tags: ['admin'], auth: 'user' as const, before: [superAdmin] };
  const denied = { 403: 'Not a superAdmin' };

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/overview',
      summary: 'Counts of the admin dashboard: shops, suspended shops, orders placed today (superAdmin)',
      responses: { 200: json(adminOverviewSchema, 'Counts'), ...denied },
    },
    () => service.overview(),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/orders',
      summary: 'Orders of every shop (superAdmin); q on the number, the shop and the buyer',
      request: { query: listAdminOrdersQuery },
      responses: { 200: json(adminOrderListSchema, 'A page of orders'), ...denied },
    },
    ({ query }) => service.orders(query),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/products',
      summary: 'Products of every shop (superAdmin); q on the product and the shop',
      request: { query: listAdminProductsQuery },
      responses: { 200: json(adminProductListSchema, 'A page of products'), ...denied },
    },
    ({ query }) => service.products(query),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/shops',
      summary: 'Shops with owner, modules on, last activity and suspension (superAdmin)',
      request: { query: listAdminShopsQuery },
      responses: { 200: json(adminShopListSchema, 'A page of shops'), ...denied },
    },
    ({ query }) => service.shops(query),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/admin/shops/:id/suspend',
      summary: 'Suspend a shop with a reason (superAdmin; audited)',
      request: { params: shopId, body: suspendBodySchema },
      responses: {
        200: json(shopActionResponseSchema, 'Suspended'),
        ...denied,
        404: "'Boutique introuvable'",
        409: "'Cette boutique est déjà suspendue'",
      },
    },
    ({ auth: a, params, body }) => service.suspend(a.user, params.id, body.reason),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/admin/shops/:id/reopen',
      summary: 'Reopen a suspended shop (superAdmin; audited)',
      request: { params: shopId },
      responses: {
        200: json(shopActionResponseSchema, 'Reopened'),
        ...denied,
        404: "'Boutique introuvable'",
        409: "'Cette boutique n'est pas suspendue'",
      },
    },
    ({ auth: a, params }) => service.reopen(a.user, params.id),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/maintenance',
      summary: 'The maintenance running or to come, or null (superAdmin)',
      responses: { 200: json(adminMaintenanceSchema.nullable(), 'Maintenance or null'), ...denied },
    },
    () => service.maintenance(),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'put',
      path: '/admin/maintenance',
      summary: 'Set the maintenance served by GET /v1/maintenances: dates, banner or full page, message (superAdmin; audited)',
      request: { body: maintenanceBodySchema },
      responses: { 200: json(maintenanceResponseSchema, 'Saved'), ...denied },
    },
    ({ auth: a, body }) => service.saveMaintenance(a.user, body),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'delete',
      path: '/admin/maintenance',
      summary: 'End the maintenance now (superAdmin; audited)',
      responses: { 200: json(maintenanceResponseSchema, 'Ended'), ...denied, 404: "'Aucune maintenance n'est programmée'" },
    },
    ({ auth: a }) => service.endMaintenance(a.user),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/admin/audit',
      summary: 'What superAdmins did, newest first (superAdmin)',
      request: { query: listAdminAuditQuery },
      responses: { 200: json(adminAuditListSchema, 'A page of audit rows'), ...denied },
    },
    ({ query }) => service.audit(query),
  );

  return r;
}
