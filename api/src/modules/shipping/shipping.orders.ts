// What shipping needs of the order's own lifecycle, which the sales module owns: marking an order shipped (carrier and
// tracking number) when its UPS shipment is booked, its tracking number changed when a voided label is booked again,
// delivered (at UPS's date) when UPS says so. All go through the sales service (its rights table, stock exits, history,
// notifications and the tracking mail), never around it.
import type { OrderRow } from '../orders';
import type { SalesService } from '../sales';
import { packagingOf } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { findUserWithMemberships } from '../../platform/auth/session.repository';
import { hasPermission } from '../../platform/auth/scope';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { packagingRulesOf } from './shipping.repository';
import type { ShipmentParcel } from './shipping.tables';

export interface Staff {
  auth: UserAuthContext;
  member: ShopMemberRow;
}

export interface OrderShippingPort {
  /** the order leaves with this carrier and tracking number (sales action `ship`) */
  ship(staff: Staff, orderId: number, carrier: string, trackingNumber: string): Promise<void>;
  /** the order, already shipped, now leaves under this carrier and tracking number (its label was booked again) */
  changeTracking(staff: Staff, orderId: number, carrier: string, trackingNumber: string): Promise<void>;
  /** the carrier delivered it at `deliveredAt` (sales action `deliver`), acting as `staff` */
  deliver(staff: Staff, orderId: number, deliveredAt: Date): Promise<void>;
  /** the address the parcels leave from: the shop's billing identity (Paramètres › Facturation) */
  shipperOf(shopId: number): Promise<{
    name: string;
    street: string;
    street2: string | null;
    zipcode: string;
    city: string;
    country: string;
    phone: string | null;
    email: string | null;
  } | null>;
}

/** The port over the sales service. */
export function salesOrderShipping(sales: SalesService): OrderShippingPort {
  return {
    async ship(staff, orderId, carrier, trackingNumber) {
      await sales.act(staff.auth, staff.member, orderId, 'ship', { reason: null, carrier, trackingNumber, lines: null });
    },
    async changeTracking(staff, orderId, carrier, trackingNumber) {
      await sales.changeTracking(staff.auth, staff.member, orderId, { carrier, trackingNumber });
    },
    async deliver(staff, orderId, deliveredAt) {
      await sales.act(staff.auth, staff.member, orderId, 'deliver', {
        reason: null,
        carrier: null,
        trackingNumber: null,
        lines: null,
        deliveredAt: deliveredAt.toISOString(),
      });
    },
    async shipperOf(shopId) {
      const b = await sales.billingOf(shopId);
      if (!b?.address?.street) return null;
      return {
        name: b.companyName,
        street: b.address.street,
        street2: b.address.street2 ?? null,
        zipcode: b.address.zipcode,
        city: b.address.city,
        country: b.address.country ?? 'FR',
        phone: b.phone ?? null,
        email: b.email ?? null,
      };
    },
  };
}

/**
 * Who the tracking job acts as when UPS delivers: the person who booked the shipment while they still hold the
 * delivery right in that shop, else the shop's owner. Null when neither exists (the order is then left as it is).
 */
export async function staffFor(db: DbOrTx, shopId: number, userIds: Array<number | null>): Promise<Staff | null> {
  for (const id of userIds) {
    if (id == null) continue;
    const found = await findUserWithMemberships(db, id);
    if (!found || found.user.disabled) continue;
    const member = found.memberships.find((m) => m.shopId === shopId && (m.kind === 'owner' || m.kind === 'iam'));
    if (!member || !hasPermission(member, 'manageDelivery')) continue;
    return {
      member,
      auth: {
        claims: { sub: found.user.id, kind: 'user', tv: found.user.tokenVersion },
        user: found.user,
        master: null,
        memberships: found.memberships,
      },
    };
  }
  return null;
}

/** A 75 cl bottle with its share of the carton's wedges, and the carton itself (what a 12-bottle parcel weighs, ~17 kg). */
export const BOTTLE_KG = 1.35;
export const CARTON_KG = 0.6;
/** goods without bottles (a box of unknown content, glasses): a parcel of this weight, to correct in the dialog */
export const OTHER_PARCEL_KG = 2;

/** The parcels of an order: its bottles spread over its packages (full ones first), each with its weight. */
export function parcelsFor(count: { bottles: number; packages: number }, bottlesPerPackage: number): ShipmentParcel[] {
  const parcels: ShipmentParcel[] = [];
  let left = count.bottles;
  for (let i = 0; i < count.packages; i++) {
    const n = Math.min(left, bottlesPerPackage);
    left -= n;
    parcels.push({ bottles: n, weightKg: n ? Math.round((n * BOTTLE_KG + CARTON_KG) * 10) / 10 : OTHER_PARCEL_KG });
  }
  return parcels;
}

export type ParcelCounter = (db: Db, o: Pick<OrderRow, 'id' | 'shopId'>) => Promise<{ bottles: number; packages: number }>;

export async function suggestedParcels(db: Db, o: Pick<OrderRow, 'id' | 'shopId'>, count: ParcelCounter): Promise<ShipmentParcel[]> {
  const [c, rules] = await Promise.all([count(db, o), packagingRulesOf(db, o.shopId)]);
  return parcelsFor(c, packagingOf(rules).bottlesPerPackage);
}
