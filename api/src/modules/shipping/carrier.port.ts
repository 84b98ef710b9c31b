// The carrier port: what the shipping module asks of any carrier (UPS today; Colissimo, Chronopost or an aggregator
// tomorrow implement the same four calls). Adapters turn their carrier's answers into these shapes and their failures
// into a CarrierError of a known kind, which the service words in French for the producer.
import type { CarrierCode, CarrierEnvironment, ShipmentStatus } from './shipping.tables';

export interface CarrierAddress {
  /** the person or company the parcel is for (or from) */
  name: string;
  company?: string | null;
  street: string;
  street2?: string | null;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  phone?: string | null;
  email?: string | null;
}

export interface CarrierParcel {
  weightKg: number;
}

export interface CreateShipmentInput {
  /** our reference printed on the label (the order number) */
  reference: string;
  /** the carrier's service code */
  service: string;
  shipper: CarrierAddress;
  shipTo: CarrierAddress;
  parcels: CarrierParcel[];
  description: string;
}

export interface CreatedShipment {
  /** the tracking number of the first parcel (what the buyer follows) */
  trackingNumber: string;
  /** the carrier's id of the whole shipment (what a void names) */
  shipmentId: string;
  /** every label of the shipment, one page per parcel */
  labelPdf: Buffer;
  cost: { cents: number; currency: string } | null;
}

export interface TrackingResult {
  status: Exclude<ShipmentStatus, 'voided'>;
  deliveredAt: Date | null;
  /** the carrier's words for the last event, kept for the screen */
  lastEvent: string | null;
}

export interface AddressCheck {
  valid: boolean;
  /** what the carrier proposes instead (empty when it knows nothing better) */
  candidates: CarrierAddress[];
}

/**
 * Kinds of failure the screens tell apart: the producer's credentials (auth), the delivery address (address), the
 * shop's own address or account (shipper), a service not offered between the two addresses (service), the carrier
 * down or slow (unavailable), an unknown tracking number (notFound), anything else it refused (refused).
 */
export type CarrierErrorKind = 'auth' | 'address' | 'shipper' | 'service' | 'unavailable' | 'notFound' | 'refused';

export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    /** the carrier's own words (logged, shown after our French sentence when useful) */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'CarrierError';
  }
}

export interface CarrierPort {
  readonly carrier: CarrierCode;
  /** gets a token (the connection test); throws CarrierError('auth') when the credentials are refused */
  connect(): Promise<void>;
  validateAddress(address: CarrierAddress): Promise<AddressCheck>;
  createShipment(input: CreateShipmentInput): Promise<CreatedShipment>;
  track(trackingNumber: string): Promise<TrackingResult>;
  voidShipment(shipmentId: string): Promise<void>;
}

/** What an adapter is built from: the shop's account, opened. */
export interface CarrierCredentials {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  environment: CarrierEnvironment;
}
