import { eq, or, sql } from 'drizzle-orm';
import type { CheckoutOptions, DeliveryTypeOption } from 'shared-kernel/contracts';
import { packagingOf, servedCountries, zoneFor, zonesOf, type Packaging } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { shopCheckoutSettings } from './orders.tables';

/**
 * Checkout settings of a shop; a shop that never configured them offers nothing but card payment.
 * Every delivery type has its `zones` (older rows without zones read as one zone of their `price` and `countries`),
 * `price` = the rate without a known country (the "every country" zone, else the first) and `countries` = the
 * union of its zones ([] when one serves every country), so that older readers keep working.
 */
export interface CheckoutSettings extends CheckoutOptions {
  deliveryTypes: Array<DeliveryTypeOption & { zones: NonNullable<DeliveryTypeOption['zones']> }>;
  packaging: Packaging;
  transferInstructions: string | null;
  chequeInstructions: string | null;
}

/** A stored delivery type (with or without zones) as the checkout reads it. */
export function normalizeDeliveryType(d: DeliveryTypeOption): CheckoutSettings['deliveryTypes'][number] {
  const zones = zonesOf(d);
  return {
    type: d.type,
    ref: d.ref,
    name: d.name,
    price: zoneFor({ zones }, null)?.price ?? 0,
    franco: d.franco ?? null,
    countries: servedCountries({ zones }),
    zones,
  };
}

export function defaultCheckoutSettings(shopId: number): CheckoutSettings {
  return {
    shopId,
    deliveryTypes: [],
    collectionPoints: [],
    paymentMethods: ['stripe'],
    rules: { minAmountHT: null, minQuantity: null, maxQuantity: null, multipleOf: null },
    terms: null,
    groupedOrders: false,
    packaging: packagingOf(null),
    transferInstructions: null,
    chequeInstructions: null,
  };
}

export async function checkoutSettingsOf(db: Db, shopId: number): Promise<CheckoutSettings> {
  const [row] = await db.select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, shopId)).limit(1);
  if (!row) return defaultCheckoutSettings(shopId);
  const r = row.rules ?? { minAmountHT: null, minQuantity: null, maxQuantity: null, multipleOf: null };
  return {
    shopId,
    deliveryTypes: (row.deliveryTypes ?? []).map(normalizeDeliveryType),
    collectionPoints: row.collectionPoints ?? [],
    paymentMethods: row.paymentMethods ?? [],
    rules: {
      minAmountHT: r.minAmountHT ?? null,
      minQuantity: r.minQuantity ?? null,
      maxQuantity: r.maxQuantity ?? null,
      multipleOf: r.multipleOf ?? null,
    },
    terms: row.terms,
    groupedOrders: row.groupedOrders,
    packaging: packagingOf(r.packaging),
    transferInstructions: row.transferInstructions,
    chequeInstructions: row.chequeInstructions,
  };
}

/**
 * The public part (GET /v1/shops/:id/checkout-options). With a delivery `country`: only the types that serve it, each
 * at the rate of its zone for that country.
 */
export function publicCheckoutOptions(s: CheckoutSettings, country?: string | null): CheckoutOptions {
  const { transferInstructions: _t, chequeInstructions: _c, ...pub } = s;
  if (!country) return pub;
  const deliveryTypes = pub.deliveryTypes.flatMap((d) => {
    const zone = zoneFor(d, country);
    return zone ? [{ ...d, price: zone.price }] : [];
  });
  return { ...pub, deliveryTypes };
}

/** A shop by numeric id, public code (any case) or urlShop — like the other public shop endpoints. */
export async function findShopByRef(db: Db, ref: string): Promise<ShopRow | undefined> {
  const r = ref.trim();
  if (!r || r.length > 200) return undefined;
  const cond = /^\d{1,9}$/.test(r)
    ? or(eq(shops.id, Number(r)), eq(shops.urlShop, r))
    : or(sql`lower(${shops.urlShop}) = ${r.toLowerCase()}`, sql`upper(${shops.code}) = ${r.toUpperCase()}`);
  const [s] = await db.select().from(shops).where(cond).limit(1);
  return s;
}
