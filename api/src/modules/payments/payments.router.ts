import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { CART_MESSAGES, paymentResultSchema, payRequestSchema, threeDsRequestSchema } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db/client';
import type { Accounts } from './payments.accounts';
import { authenticate } from '../../platform/auth/middleware';
import { eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { apiRouter, defineRoute, error, json, type ApiRouter } from '../../platform/routes';
import { PAYPAL_CHECKOUT_MESSAGES } from './payments.paypal';
import { PAYMENT_MESSAGES, type PaymentAuth, type PaymentsService } from './payments.service';

/** The 3-D Secure answer body `{ challenge, approve }` is the contract's (French 400 naming the field). */
export { threeDsRequestSchema };

/** How a grouped-order payer (no account) proves their share on /payments/:id/… (or `?token=`). */
export const GROUP_TOKEN_HEADER = 'x-payment-group-token';
export const TOO_MANY_PAYMENT_ATTEMPTS = 'Trop de tentatives de paiement. Réessayez dans quelques minutes.';

const PaymentResult = paymentResultSchema.meta({ id: 'PaymentResult' });

export interface PaymentsRouterOptions {
  /** failed /pay and /3ds attempts per payment and per IP within 15 minutes (0 disables) */
  attemptsPerWindow: number;
  accounts: Accounts;
  paymentOptionsFor(
    db: Db,
    shopId: number,
  ): Promise<{
    stripeIsActive: boolean;
    account: 'shop' | 'platform' | null;
    reason: string | null;
    paypalIsActive: boolean;
  }>;
}

export const CONNECTION_MESSAGES = {
  noStripeKeys: "Enregistrez d'abord la clé publique et la clé secrète Stripe",
  noPaypalKeys: "Enregistrez d'abord l'identifiant client et le secret PayPal",
} as const;

/**
 * /v1/payments: GET /payments/:id, POST /payments/:id/pay `PayRequest`, POST /payments/:id/3ds `{ challenge, approve }`
 * (the order's buyer by Bearer token, or the holder of the payment's group token in the X-Payment-Group-Token header
 * or ?token=; anyone else → 404),
 * POST /payments/webhooks/:provider (signed provider events, verified on the raw body),
 * POST /payments/webhooks/stripe/:shopId (a shop's own Stripe account, verified with that shop's signing secret),
 * POST /payments/webhooks/paypal/:shopId (a shop's own PayPal account, verified by PayPal against its webhook id),
 * POST /payments/:id/paypal-capture (the payer back from PayPal),
 * GET /payments/shops/:shopId/options (card / PayPal offered, and why not), POST /payments/connection-tests/:provider (owner).
 */
export function createPaymentsRouter(deps: AppDeps, service: PaymentsService, options: PaymentsRouterOptions): ApiRouter {
  const r = apiRouter(deps.auth);

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

  const limiter: RequestHandler =
    options.attemptsPerWindow > 0
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

  const params = z.object({ id: z.string().describe('numeric payment id (PaymentResult.id)') });
  const caller = {
    query: z.object({ token: z.string().optional().describe('grouped-order payer: the token of their payment link') }),
    headers: z.object({
      [GROUP_TOKEN_HEADER]: z.string().optional().describe('grouped-order payer: the token of their payment link (instead of ?token=)'),
    }),
  };
  const paymentNotFound = error(`'${PAYMENT_MESSAGES.notFound}' (unknown id, or neither the buyer nor the payer of this share)`);
  const tooManyAttempts = error(`'${TOO_MANY_PAYMENT_ATTEMPTS}' (failed attempts per payment and IP within 15 minutes)`);
  const common = { tags: ['payments'], auth: 'optional' as const };

  // Before /payments/:id/… so that "webhooks" is never read as a payment id.
  defineRoute(
    r,
    {
      method: 'post',
      path: '/payments/webhooks/:provider',
      tags: ['payments'],
      auth: 'public',
      summary: "Signed provider event (signature checked on the raw body); the payment's status and its order follow",
      request: {
        params: z.object({ provider: z.string().describe("'sandbox' or 'stripe': the configured provider only; another one → 404") }),
        headers: z.object({
          'stripe-signature': z.string().optional().describe('Stripe events'),
          'x-sandbox-signature': z.string().optional().describe('sandbox events: t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">'),
        }),
        body: z.record(z.string(), z.unknown()).describe("the provider's event object (id, type, data.object…)"),
      },
      responses: {
        200: json(
          z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }),
          'Event recorded (duplicate: true when this event id was already received)',
        ),
        400: error(`'${PAYMENT_MESSAGES.webhookSignature}' (missing, bad or stale signature, or not an event)`),
        404: error('Not the configured provider'),
      },
    },
    (_input, req) => {
      const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody;
      return service.handleWebhook(deps.db, String(req.params.provider), rawBody, req.headers);
    },
  );

  const shopParam = (req: Request): number => {
    const raw = String(req.params.shopId ?? '');
    if (!/^\d{1,9}$/.test(raw)) throw notFound(MESSAGES.shopNotFound);
    return Number(raw);
  };

  defineRoute(
    r,
    {
      method: 'post',
      path: '/payments/webhooks/stripe/:shopId',
      tags: ['payments'],
      auth: 'public',
      summary: "A shop's own Stripe account events: verified with that shop's webhook signing secret, they move only its payments",
      request: {
        params: z.object({ shopId: z.string().describe('the shop whose Stripe account sends the event (its endpoint in Stripe)') }),
        headers: z.object({ 'stripe-signature': z.string().optional().describe('t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">') }),
        body: z.record(z.string(), z.unknown()).describe("Stripe's event object"),
      },
      responses: {
        200: json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Event recorded'),
        400: error(`'${PAYMENT_MESSAGES.webhookSignature}' (not signed with this shop's secret, stale, or not an event)`),
        404: error('Unknown shop, or a shop without its own Stripe keys'),
      },
    },
    (_input, req) => {
      const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody;
      return service.handleWebhook(deps.db, 'stripe', rawBody, req.headers, shopParam(req));
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/payments/webhooks/paypal/:shopId',
      tags: ['payments'],
      auth: 'public',
      summary: "A shop's own PayPal account events: PayPal verifies them against that shop's webhook id; they move only its payments",
      request: {
        params: z.object({ shopId: z.string().describe('the shop whose PayPal account sends the event (its webhook at PayPal)') }),
        headers: z.object({
          'paypal-transmission-id': z.string().optional(),
          'paypal-transmission-time': z.string().optional(),
          'paypal-transmission-sig': z.string().optional(),
          'paypal-cert-url': z.string().optional(),
          'paypal-auth-algo': z.string().optional(),
        }),
        body: z.record(z.string(), z.unknown()).describe("PayPal's event object (id, event_type, resource)"),
      },
      responses: {
        200: json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Event recorded'),
        400: error(`'${PAYMENT_MESSAGES.webhookSignature}' (PayPal did not verify it for this shop's webhook)`),
        404: error('Unknown shop, or a shop without PayPal keys'),
      },
    },
    (_input, req) => {
      const rawBody = (req as unknown as { rawBody?: Buffer }).rawBody;
      return service.handlePayPalWebhook(deps.db, shopParam(req), rawBody, req.headers);
    },
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/payments/shops/:shopId/options',
      tags: ['payments'],
      auth: 'public',
      summary: 'Online payment offered by a shop: card (stripeIsActive) and PayPal; when card is not, the reason to show at checkout',
      request: { params: z.object({ shopId: z.string().describe('numeric shop id') }) },
      responses: {
        200: json(
          z.object({
            stripeIsActive: z.boolean(),
            account: z.enum(['shop', 'platform']).nullable(),
            reason: z.string().nullable(),
            paypalIsActive: z.boolean(),
          }),
          'What the checkout offers',
        ),
        404: error(MESSAGES.shopNotFound),
      },
    },
    async (_input, req) => {
      const shopId = shopParam(req);
      const [shop] = await deps.db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
      if (!shop) throw notFound(MESSAGES.shopNotFound);
      return options.paymentOptionsFor(deps.db, shopId);
    },
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/payments/connection-tests/:provider',
      tags: ['payments'],
      auth: 'user',
      shop: { kinds: ['owner'] },
      summary:
        "One harmless call to the provider with the shop's saved keys (Stripe: GET /v1/balance; PayPal: an OAuth token); never returns a key",
      request: { params: z.object({ provider: z.enum(['stripe', 'paypal']).describe('stripe or paypal') }) },
      responses: {
        200: json(z.object({ ok: z.boolean(), message: z.string() }), "ok and a French message (the provider's refusal when not ok)"),
        400: error(`'${CONNECTION_MESSAGES.noStripeKeys}' or '${CONNECTION_MESSAGES.noPaypalKeys}'`),
      },
    },
    async ({ member, params }) => {
      if (params.provider === 'stripe') {
        const stripe = await options.accounts.shopStripeOf(deps.db, member.shopId);
        if (!stripe) throw new HttpError(400, CONNECTION_MESSAGES.noStripeKeys, 'stripe.secretKey');
        return stripe.testConnection();
      }
      const paypal = await options.accounts.paypalOf(deps.db, member.shopId);
      if (!paypal) throw new HttpError(400, CONNECTION_MESSAGES.noPaypalKeys, 'paypal.clientSecret');
      return paypal.testConnection();
    },
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'get',
      path: '/payments/:id',
      summary: 'A payment and what the buyer does next (card form, 3-D Secure redirect, offline instructions)',
      request: { params, ...caller },
      responses: { 200: json(PaymentResult, 'Payment'), 404: paymentNotFound },
    },
    async (_input, req) => service.get(deps.db, paymentId(req), await callerOf(req)),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/payments/:id/pay',
      summary: 'Pay by card (sandbox card form) or SEPA debit (iban); Stripe confirms in the browser',
      before: [limiter],
      request: { params, ...caller, body: payRequestSchema },
      responses: {
        200: json(
          PaymentResult,
          'Payment: paid, processing, or requiresAction with nextAction redirect_3ds (/validate3ds?payment=…&challenge=…)',
        ),
        400: error(`Invalid body (field named), or '${PAYMENT_MESSAGES.offline}' for an offline method`),
        402: error(`Card declined: '${CART_MESSAGES.payment}' (the payment is in error and can be paid again)`),
        404: paymentNotFound,
        409: error(`'${PAYMENT_MESSAGES.cancelled}' or '${PAYMENT_MESSAGES.providerChanged}'`),
        429: tooManyAttempts,
      },
    },
    async ({ body }, req) => service.pay(deps.db, paymentId(req), body, await callerOf(req)),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/payments/:id/paypal-capture',
      summary: "The payer is back from PayPal: the approved PayPal order is captured on the shop's PayPal account",
      before: [limiter],
      request: { params, ...caller },
      responses: {
        200: json(PaymentResult, 'Payment: paid (or processing while PayPal holds the capture); unchanged when already captured'),
        402: error(`'${CART_MESSAGES.payment}' (PayPal declined the payment)`),
        404: paymentNotFound,
        409: error(`'${PAYPAL_CHECKOUT_MESSAGES.notApproved}' (approve on PayPal first), or '${PAYMENT_MESSAGES.cancelled}'`),
        429: tooManyAttempts,
      },
    },
    async (_input, req) => service.capturePayPal(deps.db, paymentId(req), await callerOf(req)),
  );

  defineRoute(
    r,
    {
      ...common,
      method: 'post',
      path: '/payments/:id/3ds',
      summary: "The payer's answer to a 3-D Secure challenge (sandbox issuer); one use per challenge",
      before: [limiter],
      request: { params, ...caller, body: threeDsRequestSchema },
      responses: {
        200: json(
          PaymentResult,
          'Payment after the answer (paid / setup when approved, error when refused; unchanged when already answered)',
        ),
        400: error(`Invalid body (field challenge or approve), or '${PAYMENT_MESSAGES.challenge}' (field challenge)`),
        404: paymentNotFound,
        429: tooManyAttempts,
      },
    },
    async ({ body }, req) => service.complete3ds(deps.db, paymentId(req), body, await callerOf(req)),
  );

  return r;
}
