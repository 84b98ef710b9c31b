import crypto from 'node:crypto';
import express, { type Express } from 'express';
import type { AppConfig } from './platform/config';
import type { Db } from './platform/db/client';
import { pingDb } from './platform/db/client';
import { createJwtService, type JwtService } from './platform/auth/jwt';
import { createAuthMiddlewares } from './platform/auth/middleware';
import type { AppDeps } from './platform/deps';
import { errorHandler, notFoundHandler } from './platform/errors';
import { inputGuard } from './platform/input-guard';
import type { Logger } from './platform/logger';
import { createAuthRouter } from './modules/auth/auth.router';
import { createUsersRouter } from './modules/users/users.router';
import { createShopsRouter } from './modules/shops/shops.router';
import { createNotificationsRouter } from './modules/notifications/notifications.router';
import { createMaintenancesRouter } from './modules/maintenances/maintenances.router';
import { createDocumentsRouter } from './modules/documents/documents.router';
import { createAgentsRouter } from './modules/agents/agents.router';
import { answerFromCache, createCatalogRouter } from './modules/catalog/catalog.router';
import { createClientsRouter } from './modules/clients/clients.router';
import { createIframesRouter } from './modules/iframes/iframes.router';
import { createAccountsRouter } from './modules/accounts/accounts.router';
import { apiKeyBearer, createApiKeysRouter } from './modules/api-keys/api-keys.router';
import { createAdminUsersRouter } from './modules/admin-users/admin-users.router';
import { createPaymentsModule } from './modules/payments/payments.module';
import { createOrdersRouter } from './modules/orders/orders.router';
import type { PaymentsPort } from './modules/orders/payments.port';
import { createEventsRouter } from './modules/events/events.router';
import { buildOpenApiDocument } from './openapi';
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

export function createApp({ db, config, logger, jwtSecret, payments: paymentsOverride }: CreateAppOptions): Express & { locals: { jwt: JwtService } } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', false);

  const jwt = createJwtService(jwtSecret, config.jwtTtlSeconds);
  const deps: AppDeps = { db, config, jwt, auth: createAuthMiddlewares(db, jwt), logger };
  app.locals.jwt = jwt;

  // Structured access log.
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    const reqId = req.get('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    res.setHeader('x-request-id', reqId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level]({ reqId, method: req.method, url: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10, ip: req.ip }, 'request');
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
  app.use(express.json({
    limit: config.bodyLimit, strict: true, type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => { (req as unknown as { rawBody?: Buffer }).rawBody = buf; },
  }));
  app.use(inputGuard);

  const v1 = express.Router();
  v1.get('/health', async (_req, res) => {
    try {
      await pingDb(db);
      res.json({ ok: true });
    } catch (err) {
      logger.error({ err }, 'health check failed');
      res.status(503).json({ ok: false });
    }
  });
  let openApiDoc: unknown;
  v1.get('/openapi.json', (_req, res) => {
    openApiDoc ??= buildOpenApiDocument(API_VERSION);
    res.set('Cache-Control', 'public, max-age=300');
    res.json(openApiDoc);
  });
  // the public catalogue first: the busiest routes (shop pages) skip matching every other router's routes
  v1.use(createCatalogRouter(deps));
  v1.use(createAuthRouter(deps));
  v1.use(createAccountsRouter(deps));
  v1.use(createApiKeysRouter(deps));
  v1.use(createAdminUsersRouter(deps));
  v1.use(createUsersRouter(deps));
  v1.use(createShopsRouter(deps));
  v1.use(createNotificationsRouter(deps));
  v1.use(createMaintenancesRouter(deps));
  v1.use(createDocumentsRouter(deps));
  v1.use(createAgentsRouter(deps));
  v1.use(createClientsRouter(deps));
  v1.use(createIframesRouter(deps));
  const payments: PaymentsPort = paymentsOverride ?? createPaymentsModule(deps);
  v1.use(payments.router);
  v1.use(createOrdersRouter(deps, payments));
  v1.use(createEventsRouter(deps));

  app.use('/v1', apiKeyBearer(db, jwt), v1);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app as Express & { locals: { jwt: JwtService } };
}
