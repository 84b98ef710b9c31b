/**
 * Shipping with carriers (§1 module `ups`): the shop's carrier accounts, shipments booked through a carrier port
 * (UPS today), their labels, and the tracking sweep that marks orders delivered.
 */
export * from './shipping.tables';
export { createShippingRouter, type ShippingOptions } from './shipping.router';
export { CarrierError, type CarrierPort, type CarrierCredentials, type CarrierAddress } from './carrier.port';
export { createUpsCarrier, upsBaseUrls } from './ups.adapter';
export { trackOpenShipments, startUpsTrackingJob } from './shipping.tracking';
export { SHIPPING_MESSAGES, UPS_SERVICES, UPS_SERVICE_LABELS } from './shipping.schemas';
