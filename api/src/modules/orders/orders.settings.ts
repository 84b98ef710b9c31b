/**
 * Delivery settings of a shop (settings section `delivery`): delivery types with their zones and rates,
 * free-shipping thresholds, collection points and packaging, kept in `shop_checkout_settings` (jsonb, euros HT) where
 * the checkout (checkout options, cart price, placing an order) and the back-office pricing read them.
 *
 * - Older rows (a delivery type with `price` + `countries` and no zones) read as one zone; a save writes the zones
 *   and keeps `price` / `countries` (the default rate and the union of the zones) for any older reader.
 * - Collection points keep their id across edits; a new point gets an id above every id the shop's points and
 *   orders ever used, so an order never ends up naming another point. The row is locked while ids are given.
 * - Packaging lives in `rules.packaging` (absent: 12 bottles a package, 7 € HT per extra package).
 * - Cached answers: the seller's settings are kept in the catalogue's answer cache (orders.pricing loadSeller),
 *   dropped by the change feed on `shop_checkout_settings`; the save also drops that shop's answers itself right
 *   after the commit, so the next read of this instance sees the change at once.
 */
import type {
  CollectionPointOption,
  DeliverySettings,
  DeliverySettingsSaved,
  DeliverySettingsValues,
  DeliveryTypeOption,
} from 'shared-kernel/contracts';
import { DELIVERY_SETTINGS_MESSAGES } from 'shared-kernel/contracts';
import { packagingOf, servedCountries, zoneFor } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { catalogCacheOf } from '../catalog';
import { checkoutSettingsOf, normalizeDeliveryType } from './orders.checkout-settings';
import * as repo from './orders.repository';

export interface DeliverySettingsDeps {
  db: Db;
}

function toAnswer(s: {
  deliveryTypes: DeliveryTypeOption[];
  collectionPoints: CollectionPointOption[];
  packaging: DeliverySettings['packaging'];
}): DeliverySettings {
  return {
    deliveryTypes: s.deliveryTypes.map((raw) => {
      const d = normalizeDeliveryType(raw);
      const f = d.franco;
      return {
        name: d.name,
        ref: d.ref,
        type: d.type,
        zones: d.zones,
        franco: f && (f.quantity != null || f.amount != null) ? { quantity: f.quantity ?? null, amount: f.amount ?? null } : null,
      };
    }),
    collectionPoints: s.collectionPoints.map((p) => ({ id: p.id, name: p.name, address: p.address, price: p.price })),
    packaging: s.packaging,
  };
}

export function createDeliverySettingsService({ db }: DeliverySettingsDeps) {
  async function get(shopId: number): Promise<DeliverySettings> {
    return toAnswer(await checkoutSettingsOf(db, shopId));
  }

  async function put(shopId: number, body: DeliverySettingsValues): Promise<DeliverySettingsSaved> {
    const row = await db.transaction(async (tx) => {
      const current = await repo.lockCheckoutSettingsRow(tx, shopId);
      const known = new Set((current.collectionPoints ?? []).map((p) => p.id));
      let next =
        Math.max(
          0,
          ...(current.collectionPoints ?? []).map((p) => p.id),
          ...body.collectionPoints.map((p) => p.id ?? 0).filter((id) => known.has(id)),
          await repo.maxCollectionPointIdInOrders(tx, shopId),
        ) + 1;
      const kept = new Set<number>();
      const collectionPoints: CollectionPointOption[] = body.collectionPoints.map((p) => {
        // an id of one of the shop's points keeps it (once); anything else is a new point
        const id = p.id != null && known.has(p.id) && !kept.has(p.id) ? p.id : next++;
        kept.add(id);
        return { id, name: p.name, address: p.address, price: p.price };
      });
      const deliveryTypes: DeliveryTypeOption[] = body.deliveryTypes.map((d) => ({
        type: d.type,
        ref: d.ref,
        name: d.name,
        // kept for older readers: the rate without a known country and the countries served
        price: zoneFor({ zones: d.zones }, null)?.price ?? 0,
        countries: servedCountries({ zones: d.zones }),
        zones: d.zones.map((z) => ({ countries: z.countries, price: z.price })),
        franco: d.franco,
      }));
      const rules = {
        ...(current.rules ?? { minAmountHT: null, minQuantity: null, maxQuantity: null, multipleOf: null }),
        packaging: packagingOf(body.packaging),
      };
      return repo.updateCheckoutSettingsRow(tx, shopId, { deliveryTypes, collectionPoints, rules });
    });
    // committed: this instance's kept answers of the shop go now (other instances: the change feed)
    catalogCacheOf(db)?.changed(shopId);
    return {
      ...toAnswer({
        deliveryTypes: row.deliveryTypes,
        collectionPoints: row.collectionPoints,
        packaging: packagingOf(row.rules?.packaging),
      }),
      message: DELIVERY_SETTINGS_MESSAGES.saved,
    };
  }

  return { get, put };
}

export type DeliverySettingsService = ReturnType<typeof createDeliverySettingsService>;
