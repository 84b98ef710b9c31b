// The URL state of /dashboard/delivery. Mirrors GET /sales/deliveries (api listDeliveriesQuery): sort createdAt
// (default, oldest first: the longest waiting first) or number; `deliveryStatus` a comma list of §4 delivery statuses
// (none = every open one, the api's default); q searches the number and the client.
import { DELIVERY_STATUSES, type DeliveryStatus } from 'shared-kernel/domain';
import { listStateSchema, multiEnum } from 'shared-kernel/kit';

export const deliveriesList = listStateSchema({
  sort: ['createdAt', 'number'] as const,
  defaultSort: 'createdAt',
  filters: { deliveryStatus: multiEnum(DELIVERY_STATUSES) },
});

/** The toolbar's status choices: `open` = no filter (every open delivery, the api's default). */
export const DELIVERY_GROUPS = {
  open: [],
  toShip: ['pending', 'preparation', 'pendingPickup'],
  inTransit: ['transit', 'pickup', 'partiallyDelivered'],
  delivered: ['delivered'],
  incidents: ['exception', 'error', 'returned', 'partiallyReturned'],
} as const satisfies Record<string, readonly DeliveryStatus[]>;
export type DeliveryGroup = keyof typeof DELIVERY_GROUPS;
export const DELIVERY_GROUP_KEYS = Object.keys(DELIVERY_GROUPS) as DeliveryGroup[];

/** The choice a filter value is (null: a list of statuses typed in the URL that is none of them). */
export function groupOf(statuses: readonly DeliveryStatus[] | undefined): DeliveryGroup | null {
  const set = new Set(statuses ?? []);
  return (
    DELIVERY_GROUP_KEYS.find((g) => {
      const list: readonly DeliveryStatus[] = DELIVERY_GROUPS[g];
      return list.length === set.size && list.every((s) => set.has(s));
    }) ?? null
  );
}
