import type { CatalogFormat, CatalogPromotion, PublicShopPage } from 'shared-kernel/contracts';
import { COLORS, DRINK_TYPES, ACCESSORY_TYPES, PRODUCT_KINDS, formatCentsIn, formatDisplayName, refLabel } from 'shared-kernel/domain';
import type { LangTexts, Texts } from './texts';

export const ALCOHOLIC = new Set(['wine', 'champaign', 'beer', 'spirit', 'cider']);
export const isAlcoholic = (businessType: string | undefined) => !!businessType && ALCOHOLIC.has(businessType);

const COLOR_EN: Record<string, string> = {
  red: 'Red',
  white: 'White',
  rose: 'Rosé',
  grey: 'Grey',
  orange: 'Orange',
  yellow: 'Yellow',
  clairet: 'Clairet',
  golden: 'Golden',
  amber: 'Amber',
  tawny: 'Tawny',
  brown: 'Brown',
};

export function colorLabel(v: string, lang: string): string {
  return lang === 'en' ? (COLOR_EN[v] ?? v) : refLabel(COLORS, v);
}
export function typeLabel(v: string): string {
  const d =
    DRINK_TYPES.find((o) => o.value === v) ?? ACCESSORY_TYPES.find((o) => o.value === v) ?? PRODUCT_KINDS.find((o) => o.value === v);
  return d?.label ?? v;
}

export function vintageLabel(name: string, t: Texts): string {
  return name === 'NV' ? `${t.nonVintage} (NV)` : name;
}

/** Wording by business type (§2): what the shop's products are called. */
export function productsTitle(shop: Pick<PublicShopPage, 'businessType' | 'titleProducts'>, lang: string): string {
  if (shop.titleProducts && lang === 'fr') return shop.titleProducts;
  const fr: Record<string, string> = {
    wine: 'Nos vins',
    champaign: 'Nos champagnes',
    beer: 'Nos bières',
    spirit: 'Nos spiritueux',
    cider: 'Nos cidres',
    other: 'Nos produits',
  };
  const en: Record<string, string> = {
    wine: 'Our wines',
    champaign: 'Our champagnes',
    beer: 'Our beers',
    spirit: 'Our spirits',
    cider: 'Our ciders',
    other: 'Our products',
  };
  return (lang === 'en' ? en : fr)[shop.businessType] ?? (lang === 'en' ? 'Our products' : 'Nos produits');
}
export function vintageWord(businessType: string, t: Texts): string {
  return businessType === 'beer' ? t.brew : t.vintage;
}

export function formatLabel(f: CatalogFormat, lang: string): string {
  // no « Nom dans la boutique »: the label tables give the name and size ('Bouteille 75 cl'), never the code
  if (!f.nameInShop?.trim()) return formatDisplayName(f, lang === 'en' ? 'en' : 'fr');
  const base = f.nameInShop;
  if (!f.showUnityValue || f.unityValue == null) return base;
  const unit = f.unity === 'litre' ? 'L' : f.unity;
  const value = f.unityValue.toLocaleString(lang === 'en' ? 'en-GB' : 'fr-FR');
  return base.includes(value) ? base : `${base} (${value} ${unit})`;
}

/** A price in the texts' language (fr '12,50 €', en '€12.50'), with TTC/HT. */
export function priceText(cents: number, ttc: boolean, t: LangTexts): string {
  return `${formatCentsIn(cents, t.lang)} ${ttc ? t.ttc : t.ht}`;
}

export function promoText(p: CatalogPromotion, t: LangTexts): string {
  const money = (n: number | null) => formatCentsIn(n ?? 0, t.lang);
  const amount = p.type === '%' ? `-${p.amount} %` : `-${money(p.amount)}`;
  const cond = {
    always: t.promoAlways,
    minProduct: t.promoMinProduct(p.threshold ?? 0),
    minPrice: t.promoMinPrice(money(p.threshold)),
    minProductOrder: t.promoMinProductOrder(p.threshold ?? 0),
    minPriceOrder: t.promoMinPriceOrder(money(p.threshold)),
  }[p.activation];
  return `${p.name} : ${amount} ${cond}`;
}

/** The lowest visible price of a product (for cards), or null. */
export function lowestPrice(formats: CatalogFormat[]): { cents: number; ttc: boolean } | null {
  let best: { cents: number; ttc: boolean } | null = null;
  for (const f of formats)
    if (f.price && (!best || f.price.priceCents < best.cents)) best = { cents: f.price.priceCents, ttc: f.price.ttc };
  return best;
}

export function stockState(status: string, formats: CatalogFormat[], t: Texts): { text: string; available: boolean } {
  if (status === 'empty') return { text: '-', available: false };
  if (status === 'paused') return { text: t.paused, available: false };
  if (status === 'closed') return { text: t.closed, available: false };
  if (status === 'outofstock' || formats.every((f) => f.stock <= 0)) return { text: t.outOfStock, available: false };
  return { text: t.inStock, available: true };
}
