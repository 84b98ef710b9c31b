import { eq, or, sql } from 'drizzle-orm';
import type { CheckoutOptions } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { shops, type ShopRow } from '../../platform/db/tables';
import { shopCheckoutSettings } from './orders.tables';

/** Checkout settings of a shop; a shop that never configured them offers nothing but card payment. */
export interface CheckoutSettings extends CheckoutOptions {
  transferInstructions: string | null;
  chequeInstructions: string | null;
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
    transferInstructions: null,
    chequeInstructions: null,
  };
}

export async function checkoutSettingsOf(db: Db, shopId: number): Promise<CheckoutSettings> {
  const [row] = await db.select().from(shopCheckoutSettings).where(eq(shopCheckoutSettings.shopId, shopId)).limit(1);
  if (!row) return defaultCheckoutSettings(shopId);
  return {
    shopId,
    deliveryTypes: row.deliveryTypes ?? [],
    collectionPoints: row.collectionPoints ?? [],
    paymentMethods: row.paymentMethods ?? [],
    rules: { ...{ minAmountHT: null, minQuantity: null, maxQuantity: null, multipleOf: null }, ...(row.rules ?? {}) },
    terms: row.terms,
    groupedOrders: row.groupedOrders,
    transferInstructions: row.transferInstructions,
    chequeInstructions: row.chequeInstructions,
  };
}

/** The public part (GET /v1/shops/:id/checkout-options). */
export function publicCheckoutOptions(s: CheckoutSettings): CheckoutOptions {
  const { transferInstructions: _t, chequeInstructions: _c, ...pub } = s;
  return pub;
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
