// Routes of the shipping module (§1 module `ups`; §6 manageDelivery, like the sales shipping routes).
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { apiRouter, defineRoute, error, idParams, json, type ApiRouter } from '../../platform/routes';
import { userAuth } from '../../platform/auth/middleware';
import { orderPackagesOf, type SalesService } from '../sales';
import type { CarrierCredentials, CarrierPort } from './carrier.port';
import { getUpsAccount, saveUpsAccount, testUpsConnection } from './shipping.accounts';
import type { ShippingDeps } from './shipping.deps';
import { salesOrderShipping, type OrderShippingPort, type ParcelCounter } from './shipping.orders';
import {
  addressCheckSchema,
  bulkLabelsSchema,
  connectionTestSchema,
  createUpsShipmentSchema,
  orderShippingSchema,
  shipmentSchema,
  SHIPPING_MESSAGES as M,
  upsAccountBodySchema,
  upsAccountSchema,
} from './shipping.schemas';
import { bulkLabels, createUpsShipment, orderShipping, shipmentLabel, validateOrderAddress, voidUpsShipment } from './shipping.shipments';
import { startUpsTrackingJob } from './shipping.tracking';
import { createUpsCarrier, upsBaseUrls } from './ups.adapter';

export interface ShippingOptions {
  /** tests: the adapter of an account (default: UPS at the URL of the account's environment) */
  carrierFor?: (creds: CarrierCredentials) => CarrierPort;
  /** tests: the order side (default: the sales service) */
  orders?: OrderShippingPort;
  /** tests: the parcels of an order (default: the sales module's count, as Expéditions shows it) */
  countParcels?: ParcelCounter;
  /** start the tracking sweep (default: outside tests) */
  tracking?: boolean;
}

export function createShippingRouter(
  deps: AppDeps,
  sales: SalesService,
  opts: ShippingOptions = {},
): ApiRouter & { shipping: ShippingDeps } {
  const urls = upsBaseUrls();
  const shipping: ShippingDeps = {
    db: deps.db,
    secrets: deps.secrets,
    logger: deps.logger,
    orders: opts.orders ?? salesOrderShipping(sales),
    carrierFor: opts.carrierFor ?? ((creds) => createUpsCarrier(creds, { baseUrl: urls[creds.environment] })),
    countParcels: opts.countParcels ?? orderPackagesOf,
  };
  if (opts.tracking ?? deps.config.nodeEnv !== 'test') startUpsTrackingJob(shipping);

  const r = Object.assign(apiRouter(deps.auth), { shipping });
  const scope = { auth: 'user' as const, tags: ['shipping'], shop: { anyOf: ['manageDelivery' as const], module: 'ups' as const } };
  const orderId = idParams(M.orderNotFound);
  const shipmentId = idParams(M.shipmentNotFound);
  const bad = error('A field named with its French message');

  defineRoute(
    r,
    {
      ...scope,
      method: 'get',
      path: '/shipping/ups/account',
      summary: "The shop's UPS account (the secret is never sent: only whether it is set)",
      responses: { 200: json(upsAccountSchema, 'The account') },
    },
    ({ member }) => getUpsAccount(shipping, member.shopId),
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'put',
      path: '/shipping/ups/account',
      summary: "Saves the shop's UPS credentials ('' or no clientSecret keeps the stored one); changed credentials must be tested again",
      request: { body: upsAccountBodySchema },
      responses: { 200: json(upsAccountSchema.extend({ message: z.string() }), 'Saved'), 400: bad },
    },
    ({ member, body }) => saveUpsAccount(shipping, member.shopId, body),
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'post',
      path: '/shipping/ups/account/test',
      summary: 'Tester la connexion: asks UPS for a token with the stored credentials (ok: false with the reason when refused)',
      responses: { 200: json(connectionTestSchema, 'The result'), 409: `'${M.notConfigured}'` },
    },
    ({ member }) => testUpsConnection(shipping, member.shopId),
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'get',
      path: '/shipping/orders/:id',
      summary: "An order's UPS shipment (null when none) and the parcels its packaging makes",
      request: { params: orderId },
      responses: { 200: json(orderShippingSchema, 'The order shipping'), 404: `'${M.orderNotFound}'` },
    },
    ({ member, params }) => orderShipping(shipping, member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'post',
      path: '/shipping/orders/:id/address-check',
      summary: "Asks UPS whether it knows the order's delivery address",
      request: { params: orderId },
      responses: { 200: json(addressCheckSchema, 'What UPS says'), 404: `'${M.orderNotFound}'`, 502: `'${M.unavailable}'` },
    },
    ({ member, params }) => validateOrderAddress(shipping, member.shopId, params.id),
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'post',
      path: '/shipping/orders/:id/ups',
      summary: 'Books the UPS shipment of an order (label stored) and marks the order shipped with carrier UPS and the tracking number',
      request: { params: orderId, body: createUpsShipmentSchema },
      responses: {
        201: json(shipmentSchema.extend({ message: z.string() }), 'The shipment'),
        400: bad,
        404: `'${M.orderNotFound}'`,
        409: 'the order cannot be shipped, already has a shipment, or the UPS account is not set or refused',
        502: `'${M.unavailable}'`,
      },
    },
    async ({ member, params, body }, req, res) => {
      const created = await createUpsShipment(shipping, { auth: userAuth(req), member }, params.id, body);
      res.status(201);
      return created;
    },
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'get',
      path: '/shipping/shipments/:id/label.pdf',
      summary: 'The labels of a shipment (a page per parcel)',
      request: { params: shipmentId },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: `'${M.shipmentNotFound}'` },
    },
    async ({ member, params }, _req, res) => {
      const { pdf, name } = await shipmentLabel(shipping, member.shopId, params.id);
      res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${name}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'post',
      path: '/shipping/labels.pdf',
      summary: 'The UPS labels of several orders in one PDF (orders without a shipment are left out)',
      request: { body: bulkLabelsSchema },
      responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 400: bad, 404: `'${M.noLabels}'` },
    },
    async ({ member, body }, _req, res) => {
      const pdf = await bulkLabels(shipping, member.shopId, body.orderIds);
      res.type('application/pdf').setHeader('Content-Disposition', 'inline; filename="etiquettes-ups.pdf"');
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
  defineRoute(
    r,
    {
      ...scope,
      method: 'post',
      path: '/shipping/shipments/:id/void',
      summary: 'Cancels a UPS shipment (at UPS, then here); a delivered one cannot be',
      request: { params: shipmentId },
      responses: {
        200: json(shipmentSchema.extend({ message: z.string() }), 'Voided'),
        404: `'${M.shipmentNotFound}'`,
        409: 'already voided or delivered',
      },
    },
    ({ member, params }) => voidUpsShipment(shipping, member.shopId, params.id),
  );
  return r;
}
