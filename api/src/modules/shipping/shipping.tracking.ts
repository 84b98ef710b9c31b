// The tracking sweep: asks UPS about the open shipments (created, in transit, exception) not asked about for a while;
// when UPS says delivered, the shipment gets its delivery date and the order is marked delivered at that date through
// the sales service (acting as the person who booked it, else the owner), whose own notification tells the buyer (with
// the tracking number): the sweep sends none of its own, so the buyer hears of it once. One shipment failing never
// stops the others; a shipment whose credentials no longer open is skipped until they are fixed.
import { CarrierError } from './carrier.port';
import { upsCredentials } from './shipping.accounts';
import type { ShippingDeps } from './shipping.deps';
import { staffFor } from './shipping.orders';
import { findOrder, openShipments, updateShipment } from './shipping.repository';
import { shopMembers } from '../../platform/db/tables';
import { and, eq } from 'drizzle-orm';

export interface TrackingSweepResult {
  asked: number;
  delivered: number;
  failed: number;
}

/** A shipment is asked about at most once per `minAgeMs` (UPS limits calls; a parcel moves a few times a day). */
export async function trackOpenShipments(
  deps: ShippingDeps,
  opts: { minAgeMs?: number; limit?: number; now?: () => Date } = {},
): Promise<TrackingSweepResult> {
  const now = opts.now ?? (() => new Date());
  const rows = await openShipments(deps.db, new Date(now().getTime() - (opts.minAgeMs ?? 30 * 60_000)), opts.limit ?? 50);
  const result: TrackingSweepResult = { asked: 0, delivered: 0, failed: 0 };
  for (const s of rows) {
    try {
      const { creds } = await upsCredentials(deps, s.shopId);
      result.asked++;
      const t = await deps.carrierFor(creds).track(s.trackingNumber);
      await updateShipment(deps.db, s.id, {
        status: t.status,
        lastEvent: t.lastEvent,
        trackedAt: now(),
        ...(t.status === 'delivered' ? { deliveredAt: t.deliveredAt ?? now() } : {}),
      });
      if (t.status === 'delivered') {
        result.delivered++;
        await orderDelivered(deps, s.shopId, s.orderId, s.createdBy, t.deliveredAt ?? now(), now());
      }
    } catch (err) {
      result.failed++;
      // asked again at the next sweep after minAgeMs, not at once
      await updateShipment(deps.db, s.id, { trackedAt: now() }).catch(() => undefined);
      if (!(err instanceof CarrierError && err.kind === 'notFound')) deps.logger.warn({ err, shipmentId: s.id }, 'ups tracking failed');
    }
  }
  return result;
}

async function orderDelivered(
  deps: ShippingDeps,
  shopId: number,
  orderId: number,
  bookedBy: number | null,
  carrierDate: Date,
  now: Date,
): Promise<void> {
  const o = await findOrder(deps.db, shopId, orderId);
  if (!o || o.deliveryStatus === 'delivered') return;
  // UPS gives the local time of the delivery without its zone, read as UTC, and a date alone is read as noon: it may
  // come out a little ahead of now or before the booking that marked the order shipped, which the sales service
  // refuses. The order is delivered at the closest date it accepts.
  let deliveredAt = carrierDate > now ? now : carrierDate;
  if (o.shippedAt && deliveredAt < o.shippedAt) deliveredAt = o.shippedAt;
  const [owner] = await deps.db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, 'owner')))
    .limit(1);
  const staff = await staffFor(deps.db, shopId, [bookedBy, owner?.userId ?? null]);
  if (!staff) {
    deps.logger.warn({ orderId }, 'ups delivered an order but nobody of the shop may mark it delivered');
    return;
  }
  try {
    await deps.orders.deliver(staff, orderId, deliveredAt);
  } catch (err) {
    // e.g. the order was cancelled meanwhile: the shipment keeps its delivery, the order is the producer's to move
    deps.logger.warn({ err, orderId }, 'ups delivered but the order could not be marked delivered');
  }
}

/** Starts the sweep every `intervalMs` (not under tests: they call trackOpenShipments). Returns the stop function. */
export function startUpsTrackingJob(deps: ShippingDeps, intervalMs = 15 * 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trackOpenShipments(deps)
      .catch((err: unknown) => deps.logger.warn({ err }, 'ups tracking sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
