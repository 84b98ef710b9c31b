import crypto from 'node:crypto';
import express, { type Express } from 'express';
import { z } from 'zod';
import type { AppConfig } from './platform/config';
import type { Db } from './platform/db/client';
import { pingDb } from './platform/db/client';
import { createJwtService, type JwtService } from './platform/auth/jwt';
import { createAuthMiddlewares } from './platform/auth/middleware';
import type { AppDeps } from './platform/deps';
import { errorHandler, notFoundHandler } from './platform/errors';
import { inputGuard } from './platform/input-guard';
import type { Logger } from './platform/logger';
import { apiRouter, defineRoute, json, mount } from './platform/routes';
import { createSecretBox } from './platform/secret-box';
import { buildOpenApiDocument } from './platform/openapi';
import { createAuthRouter } from './modules/auth';
import { createUsersRouter } from './modules/users';
import { createShopsRouter } from './modules/shops';
import { createNotificationsRouter } from './modules/notifications';
import { createMaintenancesRouter } from './modules/maintenances';
import { createDocumentsRouter } from './modules/documents';
import { createAgentsRouter } from './modules/agents';
import { answerFromCache, createCatalogRouter } from './modules/catalog';
import { createClientsRouter } from './modules/clients';
import { createIframesRouter } from './modules/iframes';
import { createPromoCodesRouter } from './modules/promo-codes';
import { createLoyaltyRouter } from './modules/loyalty';
import { createAccountsRouter } from './modules/accounts';
import { apiKeyBearer, createApiKeysRouter } from './modules/api-keys';
import { createAdminUsersRouter } from './modules/admin-users';
import { createPaymentsModule } from './modules/payments';
import { createOrdersRouter, startOrdersService, type PaymentsPort } from './modules/orders';
import { createSalesRouter, startSalesService } from './modules/sales';
import { createShippingRouter } from './modules/shipping';
import { createFuturesRouter, managedByCampaign } from './modules/futures';
import { createAccountingRouter, createAccountingService } from './modules/accounting';
import { createPosRouter, createPosService, startOverdueClosingSweep } from './modules/pos';
import { createAdminRouter } from './modules/admin';
import { createRoiRouter } from './modules/roi';
import { createEventsRouter } from './modules/events';
import { createMarketingRouter } from './modules/marketing';
import { createReservationsRouter } from './modules/reservations';
import { createProductsRouter } from './modules/products';
import { createTariffsRouter } from './modules/tariffs';
import { createStockRouter } from './modules/stock';
import { createExciseRouter } from './modules/excise';
import { createPurchasingRouter } from './modules/purchasing';
import { createTasksRouter } from './modules/tasks';
import { createTicketsRouter } from './modules/tickets';
import { createOpportunitiesRouter } from './modules/opportunities';
import { createTeamRouter } from './modules/team';
import { createAnalyticsRouter } from './modules/analytics';
import { createShopDataRouter } from './modules/shop-data';
import { createCampaignsRouter } from './modules/campaigns';
import './platform/validation';

export const API_VERSION = '5.5.1';

export interface CreateAppOptions {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** HS256 secret (see resolveJwtSecret). */
  jwtSecret: Uint8Array;
  /** tests: a payments module to use instead of the real one */
  payments?: PaymentsPort;
}

export function createApp({
  db,
  config,
  logger,
  jwtSecret,
  payments: paymentsOverride,
}: CreateAppOptions): Express & { locals: { jwt: JwtService } } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  const jwt = createJwtService(jwtSecret, config.jwtTtlSeconds);
  const deps: AppDeps = { db, config, jwt, auth: createAuthMiddlewares(db, jwt), logger, secrets: createSecretBox(jwtSecret) };
  app.locals.jwt = jwt;

  // Structured access log.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    const reqId = req.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    res.setHeader('x-request-id', reqId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        { reqId, method: req.method, url: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10, ip: req.ip },
        'request',
      );
    });
    next();
  });

  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // repeated anonymous catalogue requests: answered before parsing anything (modules/catalog/catalog.router.ts)
  app.use(answerFromCache(db));

  // rawBody: the exact bytes, for signature checks of payment webhooks.
  app.use(
    express.json({
      limit: config.bodyLimit,
      strict: true,
      type: ['application/json', 'application/*+json'],
      verify: (req, _res, buf) => {
        (req as unknown as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  app.use(inputGuard);

  // Every route is declared once (platform/routes.ts defineRoute): validation and /v1/openapi.json come from it.
  const v1 = apiRouter(deps.auth);
  defineRoute(
    v1,
    {
      method: 'get',
      path: '/health',
      tags: ['platform'],
      auth: 'public',
      summary: 'Liveness: pings the database',
      responses: {
        200: json(z.object({ ok: z.literal(true) }), 'Database reachable'),
        503: json(z.object({ ok: z.literal(false) }), 'Database unreachable'),
      },
    },
    async (_input, _req, res) => {
      try {
        await pingDb(db);
        return { ok: true };
      } catch (err) {
        logger.error({ err }, 'health check failed');
        res.status(503).json({ ok: false });
        return undefined;
      }
    },
  );
  let openApiDoc: unknown;
  defineRoute(
    v1,
    {
      method: 'get',
      path: '/openapi.json',
      tags: ['platform'],
      auth: 'public',
      summary: 'This document (OpenAPI 3.1, generated from the route declarations)',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'OpenAPI 3.1 document') },
    },
    (_input, _req, res) => {
      openApiDoc ??= buildOpenApiDocument(API_VERSION, v1.docs);
      res.set('Cache-Control', 'public, max-age=300');
      return openApiDoc;
    },
  );
  const payments: PaymentsPort = paymentsOverride ?? createPaymentsModule(deps);
  // one orders service for its routes and the sales and reservations modules; it settles an order when a payment changes
  const orders = startOrdersService(deps, payments);
  const ordersRouter = createOrdersRouter(deps, orders);
  // one sales service for its routes and the shipping, futures and reservations modules; a primeur order is managed
  // from its campaign (the futures module's check, given here since sales cannot import futures)
  const sales = startSalesService(deps, orders, { managedElsewhere: managedByCampaign });
  // the till's tickets move their stock through the job queue; tests close overdue sessions themselves
  const pos = createPosService({ db, stock: 'job' });
  if (config.nodeEnv !== 'test') startOverdueClosingSweep(pos, logger);
  mount(
    v1,
    // the public catalogue first: the busiest routes (shop pages) skip matching every other router's routes
    createCatalogRouter(deps),
    createAuthRouter(deps),
    createAccountsRouter(deps),
    createApiKeysRouter(deps),
    createAdminUsersRouter(deps),
    createUsersRouter(deps),
    createShopsRouter(deps),
    createNotificationsRouter(deps),
    createMaintenancesRouter(deps),
    createDocumentsRouter(deps),
    createAgentsRouter(deps),
    createClientsRouter(deps),
    createIframesRouter(deps),
    createPromoCodesRouter(deps),
    createLoyaltyRouter(deps),
    payments.router,
    ordersRouter,
    createSalesRouter(deps, sales),
    createShippingRouter(deps, sales),
    createFuturesRouter(deps, sales),
    createAccountingRouter(deps, createAccountingService({ db })),
    createPosRouter(deps, pos),
    createAdminRouter(deps),
    createRoiRouter(deps),
    createEventsRouter(deps),
    createReservationsRouter(deps, sales, orders),
    createProductsRouter(deps),
    createTariffsRouter(deps),
    createStockRouter(deps),
    createExciseRouter(deps),
    createPurchasingRouter(deps),
    createTasksRouter(deps),
    createOpportunitiesRouter(deps),
    createTeamRouter(deps),
    createAnalyticsRouter(deps),
    createTicketsRouter(deps),
    createShopDataRouter(deps),
    createCampaignsRouter(deps, jwtSecret),
    createMarketingRouter(deps),
  );

  app.use('/v1', apiKeyBearer(db, jwt), v1);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app as Express & { locals: { jwt: JwtService } };
}
