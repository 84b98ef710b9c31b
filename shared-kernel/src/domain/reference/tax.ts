import type { RefOption } from './option';

/** Excise product codes (EMCS). */
export const EXCISE_CODES = [
  { value: 'W200', label: 'W200 – Vins tranquilles et autres boissons fermentées tranquilles' },
  { value: 'W300', label: 'W300 – Vins mousseux et autres boissons fermentées mousseuses' },
  { value: 'B000', label: 'B000 – Bières' },
  { value: 'I000', label: 'I000 – Produits intermédiaires' },
  { value: 'S200', label: 'S200 – Boissons spiritueuses' },
  { value: 'S300', label: 'S300 – Alcool éthylique' },
  { value: 'S400', label: 'S400 – Alcool partiellement dénaturé' },
  { value: 'S500', label: "S500 – Autres produits contenant de l'alcool éthylique" },
  { value: 'S600', label: 'S600 – Alcool totalement dénaturé' },
] as const satisfies readonly RefOption[];

/** Excise duty situation of a vintage. */
export const EXCISE_DUTY_TYPES = [
  { value: 'DA2', label: 'Droits acquittés (DA2)' },
  { value: 'DSU', label: 'Droits suspendus (DSU)' },
  { value: 'NULL', label: 'Aucun' },
] as const satisfies readonly RefOption[];

export const ACCOUNTING_TYPES = [
  { value: 'tax', label: 'Taxe' },
  { value: 'minusGap', label: 'Écart négatif' },
  { value: 'plusGap', label: 'Écart positif' },
  { value: 'profit', label: 'Profit' },
  { value: 'loss', label: 'Perte' },
  { value: 'escompte', label: 'Escompte' },
] as const satisfies readonly RefOption[];

/** VAT types used for accounting codes (country codes are also accepted: see isVatType). */
export const VAT_TYPES = [
  { value: 'fr', label: 'France' },
  { value: 'fr20', label: 'France 20 %' },
  { value: 'fr10', label: 'France 10 %' },
  { value: 'fr5_5', label: 'France 5,5 %' },
  { value: 'ce', label: 'Union européenne (intracommunautaire)' },
  { value: 'xx', label: 'Hors Union européenne' },
  { value: 'su', label: 'Suspendue' },
] as const satisfies readonly RefOption[];

/** A VAT type of the list or a two-letter country code. */
export function isVatType(value: string): boolean {
  return VAT_TYPES.some((v) => v.value === value) || /^[A-Z]{2}$/.test(value);
}

export const ACCOUNTING_PRODUCT_TYPES = [
  { value: 'product', label: 'Produit' },
  { value: 'marchandise', label: 'Marchandise' },
  { value: 'productTasting', label: 'Produit de dégustation' },
  { value: 'box', label: 'Coffret' },
  { value: 'productSample', label: 'Échantillon' },
  { value: 'productGift', label: 'Produit offert' },
  { value: 'prestation', label: 'Prestation' },
  { value: 'shipping', label: 'Frais de port' },
  { value: 'discount', label: 'Remise' },
  { value: 'touristTax', label: 'Taxe de séjour' },
  { value: 'dryMatter', label: 'Matières sèches' },
] as const satisfies readonly RefOption[];

/**
 * Duty rates of an excise code, 2024 (CGI art. 438 for wines and intermediate products, art. 520 A for beer, art. 403
 * for spirits; social security contribution: Code de la sécurité sociale art. L245-9 — per hl of pure alcohol above
 * 18 % vol., per hl for intermediate products). `da` is in euros per `typeDA` unit, `css` in euros per hl of pure
 * alcohol ('hlap') or per hl. What a new vintage gets from its excise code (the price engine and the DRM read them).
 */
export function exciseRatesFor(
  code: string | null | undefined,
  abvPercent: number | null | undefined,
): { da: number | null; css: number | null; typeDA: 'hl' | 'hlap' | 'hlabv' | null } {
  const abv = abvPercent ?? 0;
  switch (code) {
    case 'W200':
      return { da: 4.14, css: null, typeDA: 'hl' };
    case 'W300':
      return { da: 10.25, css: null, typeDA: 'hl' };
    case 'I000':
      return { da: 206.33, css: 51.61, typeDA: 'hl' };
    case 'S200':
      return { da: 1866.31, css: 612.55, typeDA: 'hlap' };
    case 'B000':
      return { da: abv > 2.8 ? 8.12 : 4.06, css: null, typeDA: 'hlabv' };
    default:
      return { da: null, css: null, typeDA: null };
  }
}

/** The accounting product type a catalogue product sells under, by its product type (bottles are the shop's own wine). */
export const ACCOUNTING_TYPE_OF_PRODUCT: Readonly<Record<string, string>> = Object.freeze({
  bottle: 'product',
  accessory: 'marchandise',
  prestation: 'prestation',
  box: 'box',
});
