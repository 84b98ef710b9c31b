import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { loginRequestSchema, switchAccountSchema } from './modules/auth/auth.schemas';
import { masterAccountSchema, userSchema, shopSchema, notificationSchema, maintenanceSchema } from 'shared-kernel/contracts';
import { updateMeResponseSchema, updateMeSchema } from './modules/users/users.schemas';
import { listShopsQuerySchema, publicShopSchema, shopUpdateResponseSchema, updateShopSchema } from './modules/shops/shops.schemas';
import { markAsSeenResponseSchema, markAsSeenSchema } from './modules/notifications/notifications.schemas';
import { createMaintenanceSchema } from './modules/maintenances/maintenances.schemas';
import { documentsToDownloadResponseSchema } from './modules/documents/documents.schemas';
import { listAgentsResponseSchema } from './modules/agents/agents.schemas';
import {
  cartPriceRequestSchema, cartPriceResultSchema, cartProblemSchema, checkoutOptionsSchema, orderActionResponseSchema, orderDetailSchema, orderListSchema,
  paymentGroupViewSchema, paymentResultSchema, payRequestSchema, placeOrderRequestSchema, placeOrderResponseSchema, publicEventSchema,
} from 'shared-kernel/contracts';
import { CART_MESSAGES, threeDsRequestSchema } from 'shared-kernel/contracts';
import { PAYMENT_MESSAGES } from './modules/payments/payments.service';
import { GROUP_TOKEN_HEADER, TOO_MANY_PAYMENT_ATTEMPTS } from './modules/payments/payments.router';
import { ORDER_STATUSES } from 'shared-kernel/domain';
import { registerClientsPaths } from './modules/clients/clients.openapi';

const errorSchema = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional() });

function json(schema: z.ZodType, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

// Named components (zod `.meta({ id })`, read by zod-to-openapi). Created once: ids are global.
const Error = errorSchema.meta({ id: 'Error' });
const User = userSchema.meta({ id: 'User' });
const Shop = shopSchema.meta({ id: 'Shop' });
const PublicShop = publicShopSchema.meta({ id: 'PublicShop' });
const MasterAccount = masterAccountSchema.meta({ id: 'MasterAccount' });
const Notification = notificationSchema.meta({ id: 'Notification' });
const Maintenance = maintenanceSchema.meta({ id: 'Maintenance' });
const LoginResponse = z.object({ user: User.nullable(), jwt: z.string(), masterAccount: MasterAccount.nullable() }).meta({ id: 'LoginResponse' });

/** Builds the OpenAPI 3.1 document of /v1 from the zod schemas the api validates with. */
export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const secured = [{ bearerAuth: [] }];
  const errors = {
    400: json(Error, 'Invalid input (field names the offending field)'),
    401: json(Error, 'Missing, expired or invalid token'),
    403: json(Error, 'Forbidden for this role or permission'),
  };
  const path = (cfg: RouteConfig) => registry.registerPath(cfg);

  path({ method: 'post', path: '/v1/auth/login', tags: ['auth'], summary: 'Log in with email or username',
    request: { body: { content: { 'application/json': { schema: loginRequestSchema } } } },
    responses: { 200: json(LoginResponse, 'Logged in'), 400: errors[400], 401: json(Error, "'Le mail et/ou le mot de passe sont incorrects.'"), 429: json(Error, 'Too many failed attempts') } });
  path({ method: 'post', path: '/v1/auth/switch-account', tags: ['auth'], security: secured, summary: 'Master account: open a sub-account',
    request: { body: { content: { 'application/json': { schema: switchAccountSchema } } } },
    responses: { 200: json(LoginResponse, 'Switched'), ...errors, 404: json(Error, 'Not a sub-account') } });
  path({ method: 'get', path: '/v1/auth/master-account', tags: ['auth'], security: secured, summary: 'Master account of the session, or null',
    responses: { 200: json(MasterAccount.nullable(), 'Master account'), 401: errors[401] } });
  path({ method: 'post', path: '/v1/auth/logout', tags: ['auth'], summary: 'Log out (stateless)', responses: { 204: { description: 'Done' } } });
  path({ method: 'post', path: '/v1/auth/logout-all', tags: ['auth'], security: secured, summary: 'Revoke every token of the account', responses: { 204: { description: 'Done' }, 401: errors[401] } });

  path({ method: 'get', path: '/v1/users/me', tags: ['users'], security: secured, responses: { 200: json(User, 'Current user'), 401: errors[401], 403: errors[403] } });
  path({ method: 'put', path: '/v1/users/me', tags: ['users'], security: secured,
    request: { body: { content: { 'application/json': { schema: updateMeSchema } } } },
    responses: { 200: json(updateMeResponseSchema, 'Updated user (message unless message:false or cart-only)'), ...errors } });

  path({ method: 'get', path: '/v1/shops/me', tags: ['shops'], security: secured, responses: { 200: json(Shop, 'Shop of the owner or iam'), ...errors } });
  path({ method: 'put', path: '/v1/shops/me', tags: ['shops'], security: secured,
    request: { body: { content: { 'application/json': { schema: updateShopSchema } } } },
    responses: { 200: json(shopUpdateResponseSchema, 'Updated shop (owner only)'), ...errors } });
  path({ method: 'get', path: '/v1/shops', tags: ['shops'], request: { query: listShopsQuerySchema }, responses: { 200: json(z.array(PublicShop), 'Public shops') } });
  path({ method: 'get', path: '/v1/shops/{id}', tags: ['shops'], summary: 'Public shop by numeric id, public code or urlShop',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: json(PublicShop, 'Public shop'), 404: json(Error, "'Boutique introuvable'") } });
  path({ method: 'put', path: '/v1/shops/{id}', tags: ['shops'], security: secured, summary: "Owner update of their own shop (another shop → 404)",
    request: { params: z.object({ id: z.string() }), body: { content: { 'application/json': { schema: updateShopSchema } } } },
    responses: { 200: json(shopUpdateResponseSchema, 'Updated shop'), ...errors, 404: json(Error, 'Not the caller’s shop') } });

  path({ method: 'get', path: '/v1/notifications-centers', tags: ['notifications'], security: secured, responses: { 200: json(z.array(Notification), 'Newest first'), 401: errors[401] } });
  path({ method: 'put', path: '/v1/notifications-centers/mark-as-seen', tags: ['notifications'], security: secured,
    request: { body: { content: { 'application/json': { schema: markAsSeenSchema } } } },
    responses: { 200: json(markAsSeenResponseSchema, 'Count of the caller’s notifications marked seen'), ...errors } });

  path({ method: 'get', path: '/v1/maintenances', tags: ['maintenances'], responses: { 200: json(Maintenance.nullable(), 'Active maintenance or null') } });
  path({ method: 'post', path: '/v1/maintenances', tags: ['maintenances'], security: secured,
    request: { body: { content: { 'application/json': { schema: createMaintenanceSchema } } } },
    responses: { 201: json(Maintenance, 'Created (superAdmin)'), ...errors } });
  path({ method: 'get', path: '/v1/documents/to-download', tags: ['documents'], security: secured, responses: { 200: json(documentsToDownloadResponseSchema, 'URLs, now marked downloaded'), 401: errors[401] } });
  path({ method: 'get', path: '/v1/agents', tags: ['agents'], security: secured,
    request: { query: z.object({ userType: z.string().optional().describe('iam, agent, owner: repeated, comma list or JSON list'), shopId: z.string().optional() }) },
    responses: { 200: json(listAgentsResponseSchema, 'Members of the caller’s shop'), ...errors } });
  // ---- checkout and orders (issue 5)
  const CartCheckError = z.object({ success: z.literal(false), message: z.string(), field: z.string().optional(), errors: z.array(cartProblemSchema) }).meta({ id: 'CartCheckError' });
  const OrderDetail = orderDetailSchema.meta({ id: 'OrderDetail' });
  const PaymentResult = paymentResultSchema.meta({ id: 'PaymentResult' });
  const idParam = z.object({ id: z.string().describe('numeric order id') });
  path({ method: 'post', path: '/v1/orders/get-cart-price', tags: ['orders'], summary: 'Price a cart server-side (ids and quantities only are trusted); optional Bearer for the buyer typology',
    request: { body: { content: { 'application/json': { schema: cartPriceRequestSchema } } } },
    responses: { 200: json(cartPriceResultSchema, 'One result per seller order: engine price, lines and problems'), 400: errors[400] } });
  path({ method: 'get', path: '/v1/shops/{id}/checkout-options', tags: ['orders'], summary: 'Delivery types, collection points, payment methods, rules and terms of a shop',
    request: { params: z.object({ id: z.string() }) }, responses: { 200: json(checkoutOptionsSchema, 'Checkout options'), 404: json(Error, "'Boutique introuvable'") } });
  path({ method: 'get', path: '/v1/shops/{id}/events', tags: ['orders'], summary: 'Events of a shop with their future slots and places left',
    request: { params: z.object({ id: z.string() }) }, responses: { 200: json(z.array(publicEventSchema), 'Events'), 404: json(Error, "'Boutique introuvable'") } });
  path({ method: 'post', path: '/v1/orders', tags: ['orders'], security: secured, summary: 'Place an order (one transaction; Idempotency-Key header or idempotencyKey)',
    request: { headers: z.object({ 'Idempotency-Key': z.string().min(8).max(200).optional() }), body: { content: { 'application/json': { schema: placeOrderRequestSchema } } } },
    responses: {
      201: json(placeOrderResponseSchema, 'Order placed'), 200: json(placeOrderResponseSchema, 'Replay of the same key and body (replayed: true)'),
      400: json(CartCheckError, 'Cart checks failed (every problem listed)'), 401: errors[401], 403: json(Error, 'Own shop'),
      409: json(z.object({ success: z.literal(false), message: z.string(), code: z.string().optional(), price: z.unknown().optional() }), "priceChanged (code, server price) or the key was used with another body"),
    } });
  path({ method: 'get', path: '/v1/orders', tags: ['orders'], security: secured, summary: "Buyer: own orders; owner/iam with seeAllOrder: the shop's (as=buyer for their own purchases)",
    request: { query: z.object({ page: z.string().optional(), pageSize: z.string().optional().describe('1–100, default 20'), status: z.enum(ORDER_STATUSES).optional(), kind: z.enum(['order', 'reservation']).optional(), as: z.enum(['buyer', 'seller']).optional() }) },
    responses: { 200: json(orderListSchema, 'Newest first'), ...errors } });
  path({ method: 'get', path: '/v1/orders/{id}', tags: ['orders'], security: secured, request: { params: idParam },
    responses: { 200: json(OrderDetail, 'The buyer or staff of the seller shop'), 401: errors[401], 404: json(Error, "'Commande introuvable'") } });
  path({ method: 'put', path: '/v1/orders/{id}/aborted-cart', tags: ['orders'], security: secured, summary: "Buyer's own pending unpaid order → aborted (stock and places released)",
    request: { params: idParam }, responses: { 200: json(orderActionResponseSchema, 'Aborted'), 400: json(Error, 'No longer abortable'), 404: json(Error, "'Commande introuvable'") } });
  path({ method: 'post', path: '/v1/orders/{id}/validate', tags: ['orders'], security: secured, summary: 'Seller (owner/iam) validates a pending order; card imprints are captured',
    request: { params: idParam }, responses: { 200: json(orderActionResponseSchema, 'Validated'), 400: json(Error, 'Not pending / grouped order not fully paid'), 403: errors[403], 404: json(Error, "'Commande introuvable'") } });
  path({ method: 'get', path: '/v1/payment-groups/{token}', tags: ['orders'], summary: "A grouped-order payer's share, by the token of their link",
    request: { params: z.object({ token: z.string() }) }, responses: { 200: json(paymentGroupViewSchema, 'Share'), 404: json(Error, 'Unknown link') } });
  path({ method: 'post', path: '/v1/payment-groups/{token}/pay', tags: ['orders'], summary: 'Pay a grouped-order share',
    request: { params: z.object({ token: z.string() }), body: { content: { 'application/json': { schema: payRequestSchema } } } },
    responses: { 200: json(PaymentResult, 'Payment'), 400: errors[400], 404: json(Error, 'Unknown link'), 410: json(Error, "'Cette commande groupée a expiré. Vous pouvez commander seul.'") } });

  // ---- professional clients: price-grid requests (modules/clients)
  registerClientsPaths(path, json, errors, Error);

  // ---- payments (/v1/payments, payments.router.ts): the order's buyer by Bearer token, or a grouped-order payer by the
  // token of their link (?token= or the X-Payment-Group-Token header); anyone else → 404.
  const paymentParams = z.object({ id: z.string().describe('numeric payment id (PaymentResult.id)') });
  const paymentCaller = {
    query: z.object({ token: z.string().optional().describe('grouped-order payer: the token of their payment link') }),
    headers: z.object({ [GROUP_TOKEN_HEADER]: z.string().optional().describe('grouped-order payer: the token of their payment link (instead of ?token=)') }),
  };
  const paymentNotFound = json(Error, `'${PAYMENT_MESSAGES.notFound}' (unknown id, or neither the buyer nor the payer of this share)`);
  const tooManyAttempts = json(Error, `'${TOO_MANY_PAYMENT_ATTEMPTS}' (failed attempts per payment and IP within 15 minutes)`);
  path({ method: 'get', path: '/v1/payments/{id}', tags: ['payments'], security: [...secured, {}], summary: 'A payment and what the buyer does next (card form, 3-D Secure redirect, offline instructions)',
    request: { params: paymentParams, ...paymentCaller },
    responses: { 200: json(PaymentResult, 'Payment'), 401: errors[401], 404: paymentNotFound } });
  path({ method: 'post', path: '/v1/payments/{id}/pay', tags: ['payments'], security: [...secured, {}], summary: 'Pay by card (sandbox card form) or SEPA debit (iban); Stripe confirms in the browser',
    request: { params: paymentParams, ...paymentCaller, body: { content: { 'application/json': { schema: payRequestSchema } } } },
    responses: {
      200: json(PaymentResult, "Payment: paid, processing, or requiresAction with nextAction redirect_3ds (/validate3ds?payment=…&challenge=…)"),
      400: json(Error, `Invalid body (field named), or '${PAYMENT_MESSAGES.offline}' for an offline method`),
      401: errors[401],
      402: json(Error, `Card declined: '${CART_MESSAGES.payment}' (the payment is in error and can be paid again)`),
      404: paymentNotFound,
      409: json(Error, `'${PAYMENT_MESSAGES.cancelled}' or '${PAYMENT_MESSAGES.providerChanged}'`),
      429: tooManyAttempts,
    } });
  path({ method: 'post', path: '/v1/payments/{id}/3ds', tags: ['payments'], security: [...secured, {}], summary: "The payer's answer to a 3-D Secure challenge (sandbox issuer); one use per challenge",
    request: { params: paymentParams, ...paymentCaller, body: { content: { 'application/json': { schema: threeDsRequestSchema } } } },
    responses: {
      200: json(PaymentResult, 'Payment after the answer (paid / setup when approved, error when refused; unchanged when already answered)'),
      400: json(Error, `Invalid body (field challenge or approve), or '${PAYMENT_MESSAGES.challenge}' (field challenge)`),
      401: errors[401], 404: paymentNotFound, 429: tooManyAttempts,
    } });
  path({ method: 'post', path: '/v1/payments/webhooks/{provider}', tags: ['payments'], summary: "Signed provider event (signature checked on the raw body); the payment's status and its order follow",
    request: {
      params: z.object({ provider: z.enum(['sandbox', 'stripe']).describe('the configured provider only; another one → 404') }),
      headers: z.object({
        'stripe-signature': z.string().optional().describe('Stripe events'),
        'x-sandbox-signature': z.string().optional().describe('sandbox events: t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">'),
      }),
      body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()).describe("the provider's event object (id, type, data.object…)") } } },
    },
    responses: {
      200: json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Event recorded (duplicate: true when this event id was already received)'),
      400: json(Error, `'${PAYMENT_MESSAGES.webhookSignature}' (missing, bad or stale signature, or not an event)`),
      404: json(Error, 'Not the configured provider'),
    } });

  path({ method: 'get', path: '/v1/health', tags: ['platform'], responses: { 200: json(z.object({ ok: z.boolean() }), 'Database reachable') } });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Wineriz platform api', version, description: 'JSON api of the platform; errors are { success: false, message, field? } in French.' },
    servers: [{ url: '/' }],
  });
}
