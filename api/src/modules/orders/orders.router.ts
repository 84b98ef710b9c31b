import type { Response } from 'express';
import { z } from 'zod';
import {
  cartPriceRequestSchema,
  cartPriceResultSchema,
  cartProblemSchema,
  checkoutOptionsSchema,
  deliverySettingsAnswerSchema,
  deliverySettingsSavedSchema,
  deliverySettingsSchema,
  orderActionResponseSchema,
  orderDetailSchema,
  orderListSchema,
  paymentGroupViewSchema,
  paymentResultSchema,
  payRequestSchema,
  placeOrderResponseSchema,
  salesSummarySchema,
  upcomingReservationsSchema,
} from 'shared-kernel/contracts';
import { publicViewer } from '../catalog';
import type { AppDeps } from '../../platform/deps';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { apiRouter, assertShopOpen, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import { checkoutSettingsOf, publicCheckoutOptions } from './orders.checkout-settings';
import { listOrdersQuery, placeOrderBodySchema } from './orders.schemas';
import { CartCheckError, ORDER_MESSAGES, PriceChangedError } from './orders.model';
import { findShopByRef } from './orders.repository';
import { startOrdersService, type OrdersService } from './orders.service';
import { createSalesDashboardService } from './orders.dashboard';
import { createDeliverySettingsService } from './orders.settings';
import type { PaymentsPort } from './payments.port';

const OrderDetail = orderDetailSchema.meta({ id: 'OrderDetail' });
const PaymentResult = paymentResultSchema.meta({ id: 'PaymentResult' });
const CartCheckErrorDoc = z
  .object({ success: z.literal(false), message: z.string(), field: z.string().optional(), errors: z.array(cartProblemSchema) })
  .meta({ id: 'CartCheckError' });
const orderId = idParams(ORDER_MESSAGES.notFound);
const token = z.object({ token: z.string().describe("the token of a grouped-order payer's link") });
const shopRef = z.object({ id: z.string().describe('numeric id, public code or urlShop') });
const orderNotFound = `'${ORDER_MESSAGES.notFound}' (never 403: no enumeration)`;
const checkoutOptionsQuery = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Le paramètre country est un code pays ISO à deux lettres (ex. FR)')
    .transform((c) => c.toUpperCase())
    .optional()
    .describe('the delivery country: only the types serving it, at the rate of their zone'),
});

/** Cart-check and price-changed failures carry a richer body than HttpError. */
async function guarded(res: Response, fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CartCheckError) {
      res.status(400).json(err.body());
      return undefined;
    }
    if (err instanceof PriceChangedError) {
      res.status(409).json(err.body());
      return undefined;
    }
    throw err;
  }
}

/**
 * The orders routes over the service the composition root built once (app.ts: the sales and reservations modules get
 * the same object). Given the payments module instead — a test mounting the orders alone —, the router builds and
 * wires its own service as app.ts does.
 */
export function createOrdersRouter(
  deps: AppDeps,
  orders: OrdersService | PaymentsPort,
  opts: { sweep?: boolean } = {},
): ApiRouter & { service: OrdersService } {
  const { db, jwt, auth } = deps;
  const service = 'placeOrder' in orders ? orders : startOrdersService(deps, orders, opts);

  const r = Object.assign(apiRouter(auth), { service });
  const tags = ['orders'];

  defineRoute(
    r,
    {
      method: 'post',
      path: '/orders/get-cart-price',
      tags,
      auth: 'optional',
      summary: 'Price a cart server-side (ids and quantities only are trusted); a Bearer token gives the buyer typology',
      request: { body: cartPriceRequestSchema },
      responses: { 200: json(cartPriceResultSchema, 'One result per seller order: engine price, lines and problems') },
    },
    async ({ body }, req) => service.cartPrice(await publicViewer(db, jwt, req.get('authorization')), body),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/shops/:id/checkout-options',
      tags,
      auth: 'public',
      summary: 'Delivery types, collection points, payment methods, rules and terms of a shop',
      request: { params: shopRef, query: checkoutOptionsQuery },
      responses: { 200: json(checkoutOptionsSchema, 'Checkout options'), 404: error("'Boutique introuvable'") },
    },
    async ({ params, query }) => {
      const shop = await findShopByRef(db, params.id);
      if (!shop) throw notFound(MESSAGES.shopNotFound);
      assertShopOpen(shop);
      return publicCheckoutOptions(await checkoutSettingsOf(db, shop.id), query.country);
    },
  );

  // ---------- settings section `delivery` ----------
  const deliverySettings = createDeliverySettingsService({ db });
  const deliveryScope = { shop: { anyOf: ['manageDelivery' as const] } };
  defineRoute(
    r,
    {
      method: 'get',
      path: '/orders/settings/delivery',
      tags,
      auth: 'user',
      ...deliveryScope,
      summary: "The caller's shop delivery types (zones, rates, franco), collection points and packaging (euros HT)",
      responses: { 200: json(deliverySettingsAnswerSchema, 'The delivery settings'), 403: error('Not owner or iam with manageDelivery') },
    },
    ({ member }) => deliverySettings.get(member.shopId),
  );
  defineRoute(
    r,
    {
      method: 'put',
      path: '/orders/settings/delivery',
      tags,
      auth: 'user',
      ...deliveryScope,
      summary:
        'Save the delivery settings (owner, iam with manageDelivery): refs unique, ISO country codes, prices ≥ 0; collection points keep their ids; the checkout sees the change at once',
      request: { body: deliverySettingsSchema },
      responses: {
        200: json(deliverySettingsSavedSchema, 'Saved'),
        400: error('A field is invalid (French message, `field` = its dotted path)'),
        403: error('Not owner or iam with manageDelivery'),
      },
    },
    ({ member, body }) => deliverySettings.put(member.shopId, body),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/orders',
      tags,
      auth: 'user',
      summary: 'Place an order (one transaction; Idempotency-Key header or idempotencyKey)',
      request: { headers: z.object({ 'Idempotency-Key': z.string().min(8).max(200).optional() }), body: placeOrderBodySchema },
      responses: {
        201: json(placeOrderResponseSchema, 'Order placed'),
        200: json(placeOrderResponseSchema, 'Replay of the same key and body (replayed: true)'),
        400: json(CartCheckErrorDoc, 'Cart checks failed (every problem listed)'),
        403: error('Own shop'),
        409: json(
          z.object({ success: z.literal(false), message: z.string(), code: z.string().optional(), price: z.unknown().optional() }),
          'priceChanged (code, server price) or the key was used with another body',
        ),
      },
    },
    ({ auth: a, body }, req, res) =>
      guarded(res, async () => {
        const header = req.get('idempotency-key');
        if (header !== undefined && (header.length < 8 || header.length > 200))
          throw new HttpError(400, "L'en-tête Idempotency-Key doit contenir entre 8 et 200 caractères", 'idempotencyKey');
        const out = await service.placeOrder(a, body, header);
        res.status(out.status).json(out.body);
        return undefined;
      }),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/orders',
      tags,
      auth: 'user',
      summary:
        "Buyer: own orders; owner/iam with seeAllOrder: the shop's (as=buyer for their own purchases; as=seller without the right → 403)",
      request: { query: listOrdersQuery },
      responses: { 200: json(orderListSchema, 'A page of orders'), 403: error('as=seller without seeAllOrder') },
    },
    ({ auth: a, query }) => service.listOrders(a, query),
  );

  const dashboard = createSalesDashboardService({ db });
  defineRoute(
    r,
    {
      method: 'get',
      path: '/orders/summary',
      tags,
      auth: 'user',
      shop: { anyOf: ['seeAllOrder'] },
      summary:
        "Dashboard: the shop's orders waiting for validation, and this calendar month's sales against last month's (validated or invoiced, Paris time)",
      responses: { 200: json(salesSummarySchema, 'Sales summary'), 403: error('Not owner or iam with seeAllOrder') },
    },
    ({ member }) => dashboard.salesSummary(member),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/orders/upcoming-reservations',
      tags,
      auth: 'user',
      summary: "Dashboard: the next booked slots — the shop's (owner, iam with seeAllResa), else the caller's own",
      responses: { 200: json(upcomingReservationsSchema, 'The next five booked slots, soonest first') },
    },
    ({ auth: a }) => dashboard.upcomingReservations(a),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/orders/:id',
      tags,
      auth: 'user',
      summary: 'An order: its buyer, or owner/iam (seeAllOrder or createOrder) of the seller shop',
      request: { params: orderId },
      responses: { 200: json(OrderDetail, 'Order detail'), 404: error(orderNotFound) },
    },
    ({ auth: a, params }) => service.getOrder(a, params.id),
  );

  defineRoute(
    r,
    {
      method: 'put',
      path: '/orders/:id/aborted-cart',
      tags,
      auth: 'user',
      summary: "Buyer's own pending unpaid order → aborted (stock and places released)",
      request: { params: orderId },
      responses: { 200: json(orderActionResponseSchema, 'Aborted'), 400: error('No longer abortable'), 404: error(orderNotFound) },
    },
    ({ auth: a, params }) => service.abortOrder(a, params.id),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/orders/:id/validate',
      tags,
      auth: 'user',
      summary: 'Seller (owner, iam with createOrder or seeAllOrder) validates a pending order; card imprints are captured',
      request: { params: orderId },
      responses: {
        200: json(orderActionResponseSchema, 'Validated'),
        400: error('Not pending / grouped order not fully paid'),
        403: error('iam without the right'),
        404: error(orderNotFound),
      },
    },
    ({ auth: a, params }) => service.validateOrder(a, params.id),
  );

  defineRoute(
    r,
    {
      method: 'get',
      path: '/payment-groups/:token',
      tags,
      auth: 'public',
      summary: "A grouped-order payer's share, by the token of their link",
      request: { params: token },
      responses: { 200: json(paymentGroupViewSchema, 'Share'), 404: error('Unknown link') },
    },
    ({ params }) => service.paymentGroupView(params.token.slice(0, 200)),
  );

  defineRoute(
    r,
    {
      method: 'post',
      path: '/payment-groups/:token/pay',
      tags,
      auth: 'public',
      summary: 'Pay a grouped-order share',
      request: { params: token, body: payRequestSchema },
      responses: {
        200: json(PaymentResult, 'Payment'),
        404: error('Unknown link'),
        410: error("'Cette commande groupée a expiré. Vous pouvez commander seul.'"),
      },
    },
    ({ params, body }) => service.payGroup(params.token.slice(0, 200), body),
  );

  return r;
}
