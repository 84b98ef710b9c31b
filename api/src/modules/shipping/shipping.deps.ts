// What the shipping functions are built from (one object, made by the router factory; tests pass their own carrier).
import type { Db } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { SecretBox } from '../../platform/secret-box';
import { HttpError } from '../../platform/errors';
import { CarrierError, type CarrierCredentials, type CarrierPort } from './carrier.port';
import type { OrderShippingPort, ParcelCounter } from './shipping.orders';
import { SHIPPING_MESSAGES as M } from './shipping.schemas';

export interface ShippingDeps {
  db: Db;
  secrets: SecretBox;
  logger: Logger;
  orders: OrderShippingPort;
  /** the adapter of a shop's account (UPS today) */
  carrierFor: (creds: CarrierCredentials) => CarrierPort;
  countParcels: ParcelCounter;
}

/**
 * A carrier's failure in the producer's words, with what to do: their credentials or account (409: fixed in the
 * settings), the delivery address or the service chosen (400, naming the field), UPS down or answering something else
 * (502: not our fault, not theirs). Never a 500.
 */
export function carrierHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (!(err instanceof CarrierError)) return new HttpError(502, M.unavailable);
  switch (err.kind) {
    case 'auth':
      return new HttpError(409, M.auth, 'clientSecret');
    case 'address':
      return new HttpError(400, M.address, 'deliveryAddress');
    case 'shipper':
      return new HttpError(409, M.shipper, 'accountNumber');
    case 'service':
      return new HttpError(400, M.service, 'service');
    case 'notFound':
      return new HttpError(404, M.trackingUnknown);
    case 'unavailable':
      return new HttpError(502, M.unavailable);
    default:
      return new HttpError(502, M.refused);
  }
}
