import { Router, type Request, type Response } from 'express';
import { cartPriceRequestSchema, payRequestSchema } from 'shared-kernel/contracts';
import { publicViewer } from '../catalog/catalog.viewer';
import type { AppDeps } from '../../platform/deps';
import { authenticate, userAuth } from '../../platform/auth/middleware';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import type { Viewer } from '../catalog/catalog.service';
import { findShopByRef, checkoutSettingsOf, publicCheckoutOptions } from './orders.checkout';
import { listOrdersQuerySchema, placeOrderBodySchema } from './orders.schemas';
import { CartCheckError, ORDER_MESSAGES, PriceChangedError, createOrdersService, type OrdersService } from './orders.service';
import type { PaymentsPort } from './payments.port';

/** GROUPED_ORDER_TTL_HOURS (default 48): read here, the platform config belongs to everyone. */
export function groupedOrderTtlHours(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.GROUPED_ORDER_TTL_HOURS);
  return Number.isFinite(n) && n > 0 ? n : 48;
}

const SWEEP_MS = 60_000;

function orderId(req: Request): number {
  const raw = String(req.params.id);
  if (!/^\d{1,9}$/.test(raw)) throw notFound(ORDER_MESSAGES.notFound);
  return Number(raw);
}

/** Cart-check and price-changed failures carry a richer body than HttpError. */
async function guarded(res: Response, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    if (err instanceof CartCheckError) { res.status(400).json(err.body()); return; }
    if (err instanceof PriceChangedError) { res.status(409).json(err.body()); return; }
    throw err;
  }
}

export function createOrdersRouter(deps: AppDeps, payments: PaymentsPort, opts: { sweep?: boolean } = {}): Router & { service: OrdersService } {
  const { db, jwt, auth, config, logger } = deps;
  const service = createOrdersService({
    // mails: queued as 'mail' jobs in the order's transaction (platform/jobs), sent by the worker
    db, payments, logger, publicUrl: config.accounts.publicUrl, groupedTtlHours: groupedOrderTtlHours(),
  });
  payments.onPaymentChanged((dbx, id) => service.settle(dbx, id));

  // expiry of grouped orders: lazily on every read/write, and this sweep every minute (never keeps the process alive)
  if (opts.sweep !== false && config.nodeEnv !== 'test') {
    const timer = setInterval(() => {
      service.sweepExpired().catch((err) => logger.warn({ err }, 'grouped-order expiry sweep failed'));
    }, SWEEP_MS);
    timer.unref();
  }

  const r = Router() as Router & { service: OrdersService };
  r.service = service;

  const viewerOf = (req: Request): Promise<Viewer> => publicViewer(db, jwt, req.get('authorization'));

  r.post('/orders/get-cart-price', async (req, res) => {
    const body = parseOrThrow(cartPriceRequestSchema, req.body ?? {});
    res.json(await service.cartPrice(await viewerOf(req), body));
  });

  r.get('/shops/:id/checkout-options', async (req, res) => {
    const shop = await findShopByRef(db, String(req.params.id));
    if (!shop) throw notFound(MESSAGES.shopNotFound);
    res.json(publicCheckoutOptions(await checkoutSettingsOf(db, shop.id)));
  });

  r.post('/orders', auth.requireUser, async (req, res) => {
    await guarded(res, async () => {
      const body = parseOrThrow(placeOrderBodySchema, req.body ?? {});
      const header = req.get('idempotency-key');
      if (header !== undefined && (header.length < 8 || header.length > 200)) throw new HttpError(400, "L'en-tête Idempotency-Key doit contenir entre 8 et 200 caractères", 'idempotencyKey');
      const out = await service.placeOrder(userAuth(req), body, header);
      res.status(out.status).json(out.body);
    });
  });

  r.get('/orders', auth.requireUser, async (req, res) => {
    const q = parseOrThrow(listOrdersQuerySchema, req.query ?? {});
    res.json(await service.listOrders(userAuth(req), q));
  });

  r.get('/orders/:id', auth.requireUser, async (req, res) => {
    res.json(await service.getOrder(userAuth(req), orderId(req)));
  });

  r.put('/orders/:id/aborted-cart', auth.requireUser, async (req, res) => {
    res.json(await service.abortOrder(userAuth(req), orderId(req)));
  });

  r.post('/orders/:id/validate', auth.requireUser, async (req, res) => {
    res.json(await service.validateOrder(userAuth(req), orderId(req)));
  });

  r.get('/payment-groups/:token', async (req, res) => {
    res.json(await service.paymentGroupView(String(req.params.token).slice(0, 200)));
  });

  r.post('/payment-groups/:token/pay', async (req, res) => {
    const body = parseOrThrow(payRequestSchema, req.body ?? {});
    res.json(await service.payGroup(String(req.params.token).slice(0, 200), body));
  });

  return r;
}
