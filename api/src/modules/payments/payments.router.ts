import { Router, type Request, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { payRequestSchema, threeDsRequestSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import { authenticate } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors';
import { bodyOf, validateBody } from '../../platform/validation';
import { PAYMENT_MESSAGES, type PaymentAuth, type PaymentsService } from './payments.service';

/** The 3-D Secure answer body `{ challenge, approve }` is the contract's (French 400 naming the field). */
export { threeDsRequestSchema };

/** How a grouped-order payer (no account) proves their share on /payments/:id/… (or `?token=`). */
export const GROUP_TOKEN_HEADER = 'x-payment-group-token';
export const TOO_MANY_PAYMENT_ATTEMPTS = 'Trop de tentatives de paiement. Réessayez dans quelques minutes.';

export interface PaymentsRouterOptions {
  /** failed /pay and /3ds attempts per payment and per IP within 15 minutes (0 disables) */
  attemptsPerWindow: number;
}

/**
 * /v1/payments: GET /payments/:id, POST /payments/:id/pay `PayRequest`, POST /payments/:id/3ds `{ challenge, approve }`
 * (the order's buyer by Bearer token, or the holder of the payment's group token in the X-Payment-Group-Token header
 * or ?token=; anyone else → 404),
 * POST /payments/webhooks/:provider (signed provider events, verified on the raw body).
 */
export function createPaymentsRouter(deps: AppDeps, service: PaymentsService, options: PaymentsRouterOptions): Router {
  const r = Router();

  const paymentId = (req: Request): number => {
    const raw = String(req.params.id ?? '');
    if (!/^\d{1,9}$/.test(raw)) throw notFound(PAYMENT_MESSAGES.notFound);
    return Number(raw);
  };

  /** A bearer token identifies the buyer; a group token (query or header) a grouped-order payer. */
  async function callerOf(req: Request): Promise<PaymentAuth> {
    const q = req.query.token;
    const groupToken = (typeof q === 'string' && q ? q : undefined) ?? (req.get(GROUP_TOKEN_HEADER) || undefined);
    const header = req.get('authorization');
    if (!header) return { groupToken };
    try {
      const auth = await authenticate(deps.db, deps.jwt, header);
      return { userId: auth.user?.id, groupToken };
    } catch (err) {
      // A stale session in the payer's browser must not block a payment by group link.
      if (groupToken) return { groupToken };
      throw err;
    }
  }

  const limiter: RequestHandler = options.attemptsPerWindow > 0
    ? rateLimit({
      windowMs: 15 * 60 * 1000,
      limit: options.attemptsPerWindow,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      identifier: 'payment-attempts',
      keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}:${String(req.params.id ?? '')}`,
      handler: (_req, res) => {
        res.status(429).json({ success: false, message: TOO_MANY_PAYMENT_ATTEMPTS });
      },
    })
    : (_req, _res, next) => next();

  // Before /payments/:id/… so that "webhooks" is never read as a payment id.
  r.post('/payments/webhooks/:provider', async (req, res) => {
    const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody;
    res.json(await service.handleWebhook(deps.db, String(req.params.provider), rawBody, req.headers));
  });

  r.get('/payments/:id', async (req, res) => {
    const id = paymentId(req);
    res.json(await service.get(deps.db, id, await callerOf(req)));
  });

  r.post('/payments/:id/pay', limiter, validateBody(payRequestSchema), async (req, res) => {
    const id = paymentId(req);
    res.json(await service.pay(deps.db, id, bodyOf(payRequestSchema, req.body), await callerOf(req)));
  });

  r.post('/payments/:id/3ds', limiter, validateBody(threeDsRequestSchema), async (req, res) => {
    const id = paymentId(req);
    res.json(await service.complete3ds(deps.db, id, bodyOf(threeDsRequestSchema, req.body), await callerOf(req)));
  });

  return r;
}
