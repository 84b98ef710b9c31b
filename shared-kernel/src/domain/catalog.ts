// Catalogue rules shared by the api and the shop pages (pure, no zod: public pages import them).
import type { CatalogFormat, CatalogPrice, CatalogVintage } from './catalog-types';
import type { CartFormat, CartVintage } from './cart';
import { ttcToHt } from './vat';

/** Filter value meaning "products without this attribute" ('Autres produits'). */
export const OTHER_PRODUCTS = '__other';

/** Product page URL part: `12-les-galets-rouges`. */
export function productSlug(p: { id: number; name: string }): string {
  const slug = p.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${p.id}-${slug}`;
}

/** Spec §2: tab query value = tab name lowercased, spaces → hyphens. */
export function tabQueryName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-');
}

/**
 * Catalogue format → the cart's CartFormat (euros HT, tiers and € promotions in euros). The shop page
 * uses it to add to the cart and the api uses it to rebuild a cart line from the catalogue, so both
 * price the same line the same way.
 */
export function toCartFormat(f: CatalogFormat, price: CatalogPrice, vatRate: number): CartFormat {
  const ht = (cents: number) => (price.ttc ? ttcToHt(cents / 100, vatRate) : cents / 100);
  const tiers = (table: Record<string, number>, money: boolean) =>
    Object.fromEntries(Object.entries(table).map(([k, v]) => [k, money ? ht(v) : v]));
  return {
    id: f.id,
    price: ht(price.priceCents),
    unityValue: f.unityValue ?? undefined,
    unity: f.unity,
    eq75: f.eq75 ?? undefined,
    nameInShop: f.nameInShop ?? undefined,
    showUnityValue: f.showUnityValue,
    packing: f.packing,
    packingQuantity: f.packingQuantity,
    container: f.container,
    type: f.formatType,
    weight: f.weight,
    gtin: f.gtin,
    discountPrice: tiers(price.discountPrice, true),
    discountAdd: tiers(price.discountAdd, false),
    typologies: [{ typology: price.typology, price: ht(price.priceCents), visible: true }],
    promotions: f.promotions.map((p) => ({
      ...p,
      amount: p.type === '€' ? p.amount / 100 : p.amount,
      threshold: p.threshold != null && (p.activation === 'minPrice' || p.activation === 'minPriceOrder') ? p.threshold / 100 : p.threshold,
    })),
  };
}

/** Catalogue vintage → the cart's CartVintage. Shop prices include the duties (they are not added again). */
export function toCartVintage(v: CatalogVintage | null | undefined): CartVintage | null {
  if (!v) return null;
  return { id: v.id, name: v.name, legal: v.legal ? { ...v.legal, dutiesIncluded: true } : null, advanced: v.advanced };
}
