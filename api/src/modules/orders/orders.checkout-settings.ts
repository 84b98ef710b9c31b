import type { CheckoutOptions, DeliveryTypeOption } from 'shared-kernel/contracts';
import { packagingOf, servedCountries, zoneFor, zonesOf, type Packaging } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { findCheckoutSettingsRow } from './orders.repository';

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

export async function checkoutSettingsOf(db: DbOrTx, shopId: number): Promise<CheckoutSettings> {
  const row = await findCheckoutSettingsRow(db, shopId);
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
