// UPS shipments of an order: booked, stored with their label, the order marked shipped; labels printed one by one or
// together; a shipment voided, and booked again (the order, still shipped, takes the new tracking number; the voided
// shipment stays listed as voided). Nothing is half made: UPS books first (it is the one that can refuse), then the
// shipment and its label are stored in one transaction; if storing or marking the order fails, the UPS shipment is
// voided and the row removed, so there is never a label without a stored shipment nor a stored one UPS does not know.
import { allowedOrderActions, carrierTrackingUrl } from 'shared-kernel/domain';
import { HttpError, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import type { OrderRow } from '../orders';
import type { CarrierAddress } from './carrier.port';
import { upsCredentials } from './shipping.accounts';
import { carrierHttpError, type ShippingDeps } from './shipping.deps';
import { suggestedParcels, type Staff } from './shipping.orders';
import {
  deleteShipment,
  findAccount,
  findOrder,
  findShipment,
  insertShipment,
  liveShipmentOf,
  liveShipmentsOf,
  shipmentsOf,
  updateShipment,
} from './shipping.repository';
import { SHIPPING_MESSAGES as M, UPS_SERVICE_LABELS, type ShipmentDto } from './shipping.schemas';
import type { ShipmentParcel, ShipmentRow } from './shipping.tables';
import { mergePdfs } from './labels.pdf';

export const upsTrackingUrl = (tn: string) => carrierTrackingUrl('UPS', tn) ?? '';

export function shipmentDto(s: ShipmentRow): ShipmentDto {
  return {
    id: s.id,
    orderId: s.orderId,
    carrier: 'ups',
    service: s.service,
    serviceLabel: UPS_SERVICE_LABELS[s.service as keyof typeof UPS_SERVICE_LABELS] ?? `UPS ${s.service}`,
    trackingNumber: s.trackingNumber,
    trackingUrl: upsTrackingUrl(s.trackingNumber),
    status: s.status,
    parcels: s.parcels.map((p) => ({ weightKg: p.weightKg, bottles: p.bottles ?? null })),
    cost: s.costCents != null ? { cents: s.costCents, currency: s.currency ?? 'EUR' } : null,
    environment: s.environment,
    createdAt: s.createdAt.toISOString(),
    deliveredAt: s.deliveredAt ? s.deliveredAt.toISOString() : null,
    voidedAt: s.voidedAt ? s.voidedAt.toISOString() : null,
    lastEvent: s.lastEvent,
  };
}

async function orderOf(deps: ShippingDeps, shopId: number, orderId: number): Promise<OrderRow> {
  const o = await findOrder(deps.db, shopId, orderId);
  if (!o) throw notFound(M.orderNotFound);
  return o;
}

/**
 * The order's UPS side for the dialog: its live shipment, every shipment it had (voided ones included, newest first),
 * the parcels proposed, whether the account is set.
 */
export async function orderShipping(deps: ShippingDeps, shopId: number, orderId: number) {
  const o = await orderOf(deps, shopId, orderId);
  const [all, parcels, account] = await Promise.all([
    shipmentsOf(deps.db, shopId, o.id),
    suggestedParcels(deps.db, o, deps.countParcels),
    findAccount(deps.db, shopId, 'ups'),
  ]);
  const live = all.find((s) => s.status !== 'voided');
  return {
    orderId: o.id,
    shipment: live ? shipmentDto(live) : null,
    shipments: all.map(shipmentDto),
    suggestedParcels: parcels,
    accountConfigured: !!account,
  };
}

/**
 * An order that left with a UPS label voided since: the order is still shipped in sales (its goods are out), under
 * the voided label's tracking number. Booking it again only changes that number; an order shipped by other means
 * (another carrier, by hand) is not UPS's to book.
 */
async function leftWithVoidedLabel(deps: ShippingDeps, o: OrderRow): Promise<boolean> {
  if (o.deliveryStatus !== 'transit' || !o.trackingNumber) return false;
  if (!allowedOrderActions({ status: o.status, deliveryStatus: o.deliveryStatus }).includes('deliver')) return false;
  const all = await shipmentsOf(deps.db, o.shopId, o.id);
  return all.some((s) => s.status === 'voided' && s.trackingNumber === o.trackingNumber);
}

function shipToOf(o: OrderRow): CarrierAddress {
  const a = o.deliveryAddress;
  if (!a?.street || !a.zipcode || !a.city || !a.country) throw new HttpError(400, M.noDeliveryAddress, 'deliveryAddress');
  return {
    name: [a.firstname, a.lastname].filter(Boolean).join(' ') || o.buyerName,
    company: a.company ?? null,
    street: a.street,
    street2: a.street2 ?? null,
    zipcode: a.zipcode,
    city: a.city,
    country: a.country,
    phone: o.phone ?? null,
    email: o.buyerEmail || null,
  };
}

/** Asks UPS whether it knows the order's delivery address. */
export async function validateOrderAddress(deps: ShippingDeps, shopId: number, orderId: number) {
  const o = await orderOf(deps, shopId, orderId);
  const { creds } = await upsCredentials(deps, shopId);
  try {
    const r = await deps.carrierFor(creds).validateAddress(shipToOf(o));
    return {
      valid: r.valid,
      message: r.valid ? M.addressValid : M.addressInvalid,
      candidates: r.candidates.map((c) => ({
        street: c.street,
        street2: c.street2 ?? null,
        zipcode: c.zipcode,
        city: c.city,
        country: c.country,
      })),
    };
  } catch (err) {
    throw carrierHttpError(err);
  }
}

/**
 * Books the UPS shipment of an order and marks it shipped (or, when its label was voided, gives it the new tracking
 * number). Checked before asking UPS: the order can be shipped or left with a voided label, has no live shipment, has
 * a delivery address, the shop has an address and credentials.
 */
export async function createUpsShipment(
  deps: ShippingDeps,
  staff: Staff,
  orderId: number,
  input: { service: string; parcels?: Array<{ weightKg: number; bottles?: number | null }> },
): Promise<ShipmentDto & { message: string }> {
  const shopId = staff.member.shopId;
  const o = await orderOf(deps, shopId, orderId);
  const live = await liveShipmentOf(deps.db, shopId, o.id);
  if (live) throw new HttpError(409, M.alreadyShipped(live.trackingNumber));
  const shippable = allowedOrderActions({ status: o.status, deliveryStatus: o.deliveryStatus }).includes('ship');
  const rebooking = !shippable && (await leftWithVoidedLabel(deps, o));
  if (!shippable && !rebooking) throw new HttpError(409, M.notShippable);
  const shipTo = shipToOf(o);
  const { creds } = await upsCredentials(deps, shopId);
  const shipper = await deps.orders.shipperOf(shopId);
  if (!shipper) throw new HttpError(409, M.noShipperAddress);
  const parcels: ShipmentParcel[] = input.parcels?.length
    ? input.parcels.map((p) => ({ weightKg: Math.round(p.weightKg * 10) / 10, bottles: p.bottles ?? null }))
    : await suggestedParcels(deps.db, o, deps.countParcels);
  // an order of services only has nothing to put in a parcel: one parcel, to be weighed in the dialog
  if (!parcels.length) parcels.push({ weightKg: 1, bottles: null });

  const carrier = deps.carrierFor(creds);
  let booked;
  try {
    booked = await carrier.createShipment({
      reference: o.number,
      service: input.service,
      shipper,
      shipTo,
      parcels,
      description: `Commande ${o.number}`,
    });
  } catch (err) {
    throw carrierHttpError(err);
  }

  const undo = async (why: unknown, rowId?: number) => {
    deps.logger.warn({ err: why, orderId: o.id }, 'ups shipment not kept: voiding it');
    if (rowId)
      await deleteShipment(deps.db, rowId).catch((err: unknown) => deps.logger.error({ err }, 'could not remove the shipment row'));
    await carrier.voidShipment(booked.shipmentId).catch((err: unknown) =>
      // left booked at UPS: never billed unless scanned, and the producer sees no label for it
      deps.logger.error({ err, shipmentId: booked.shipmentId }, 'could not void the ups shipment'),
    );
  };

  let row: ShipmentRow;
  try {
    row = await deps.db.transaction((tx) =>
      insertShipment(tx, {
        shopId,
        orderId: o.id,
        carrier: 'ups',
        service: input.service,
        trackingNumber: booked.trackingNumber,
        carrierShipmentId: booked.shipmentId,
        status: 'created',
        labelPdf: booked.labelPdf,
        parcels,
        costCents: booked.cost?.cents ?? null,
        currency: booked.cost?.currency ?? null,
        environment: creds.environment,
        createdBy: staff.auth.user.id,
      }),
    );
  } catch (err) {
    await undo(err);
    // two requests for the same order at once: the other one won
    if (isUniqueViolation(err)) {
      const other = await liveShipmentOf(deps.db, shopId, o.id);
      throw new HttpError(409, M.alreadyShipped(other?.trackingNumber ?? ''));
    }
    throw new HttpError(503, M.storeFailed);
  }

  try {
    if (rebooking) await deps.orders.changeTracking(staff, o.id, 'UPS', booked.trackingNumber);
    else await deps.orders.ship(staff, o.id, 'UPS', booked.trackingNumber);
  } catch (err) {
    await undo(err, row.id);
    throw err;
  }
  return { ...shipmentDto(row), message: M.created(booked.trackingNumber) };
}

export async function shipmentLabel(deps: ShippingDeps, shopId: number, id: number): Promise<{ pdf: Buffer; name: string }> {
  const s = await findShipment(deps.db, shopId, id);
  if (!s) throw notFound(M.shipmentNotFound);
  return { pdf: s.labelPdf, name: `etiquette-ups-${s.trackingNumber}.pdf` };
}

/** The labels of several orders as one PDF (orders of another shop or without a live shipment are left out). */
export async function bulkLabels(deps: ShippingDeps, shopId: number, orderIds: number[]): Promise<Buffer> {
  const rows = await liveShipmentsOf(deps.db, shopId, [...new Set(orderIds)]);
  if (!rows.length) throw new HttpError(404, M.noLabels);
  return mergePdfs(rows.map((r) => r.labelPdf));
}

/**
 * Cancels the shipment at UPS, then here. The order stays shipped in sales (its status is the producer's to move):
 * booking it again gives it the new label's tracking number.
 */
export async function voidUpsShipment(deps: ShippingDeps, shopId: number, id: number): Promise<ShipmentDto & { message: string }> {
  const s = await findShipment(deps.db, shopId, id);
  if (!s) throw notFound(M.shipmentNotFound);
  if (s.status === 'voided') throw new HttpError(409, M.alreadyVoided);
  if (s.status === 'delivered') throw new HttpError(409, M.deliveredNoVoid);
  const { creds } = await upsCredentials(deps, shopId);
  try {
    await deps.carrierFor(creds).voidShipment(s.carrierShipmentId);
  } catch (err) {
    throw carrierHttpError(err);
  }
  const row = await updateShipment(deps.db, s.id, { status: 'voided', voidedAt: new Date() });
  return { ...shipmentDto(row), message: M.voided };
}
