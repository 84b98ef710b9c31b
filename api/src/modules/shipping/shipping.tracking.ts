// The tracking sweep: asks UPS about the open shipments (created, in transit, exception) not asked about for a while;
// when UPS says delivered, the shipment gets its delivery date, the order is marked delivered through the sales service
// (acting as the person who booked it, else the owner) and the buyer is told. One shipment failing never stops the
// others; a shipment whose credentials no longer open is skipped until they are fixed.
import { formatDate } from 'shared-kernel/domain';
import { notifyUsers } from '../notifications';
import { CarrierError } from './carrier.port';
import { upsCredentials } from './shipping.accounts';
import type { ShippingDeps } from './shipping.deps';
import { staffFor } from './shipping.orders';
import { findOrder, openShipments, updateShipment } from './shipping.repository';
import { SHIPPING_MESSAGES as M } from './shipping.schemas';
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
        await orderDelivered(deps, s.shopId, s.orderId, s.createdBy, s.trackingNumber, t.deliveredAt ?? now());
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
  trackingNumber: string,
  deliveredAt: Date,
): Promise<void> {
  const o = await findOrder(deps.db, shopId, orderId);
  if (!o || o.deliveryStatus === 'delivered') return;
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
    return;
  }
  await notifyUsers(deps.db, {
    userIds: [o.buyerId],
    type: 'modifyOrder',
    content: M.delivered(o.number, formatDate(deliveredAt), trackingNumber),
    redirectLink: `/dashboard/orders/${o.id}`,
  });
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
