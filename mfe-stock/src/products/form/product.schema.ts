// The product form's schema is the api contract's body schema (shared-kernel/contracts/products-admin.ts): the same
// §5 messages and rules (GTIN-13 check digit, min ≤ max purchase, alcohol 0–100, unit values > 0…) on both sides.
import type { z } from 'zod';
import { productInputSchema, type ProductAdminDetail } from 'shared-kernel/contracts';

export const productSchema = productInputSchema;
export type ProductFormValues = z.input<typeof productSchema>;
export type FormatFormValues = NonNullable<ProductFormValues['formats']>[number];
export type VintageFormValues = NonNullable<ProductFormValues['vintages']>[number];

export interface TypologyOption {
  id: string;
  name: string;
  ttc: boolean;
}

/** One price line per typology of the shop: new ones visible with a price to enter; missing ones of a saved format hidden. */
export function pricesFor(
  typologies: TypologyOption[],
  existing: FormatFormValues['prices'] = [],
  fresh = true,
): NonNullable<FormatFormValues['prices']> {
  return typologies.map(
    (t) =>
      existing?.find((p) => p.typology === t.id) ?? {
        typology: t.id,
        visible: fresh,
        priceCents: (fresh ? null : 0) as unknown as number,
        tiers: [],
      },
  );
}

export function newVintage(): VintageFormValues {
  return {
    name: '',
    alcohol: null,
    lot: null,
    legal: { code: null, dutyType: null, customTaxName: null, customTaxAmountPerHL: null, customTaxFamilies: [], customTaxVat: false },
    nutrition: null,
  };
}

export function newFormat(typologies: TypologyOption[], productType: ProductFormValues['productType'] = 'bottle'): FormatFormValues {
  const bottle = productType === 'bottle';
  return {
    unity: bottle ? 'litre' : 'unite',
    unityValue: bottle ? 0.75 : 1,
    container: bottle ? 'bottle' : null,
    formatType: bottle ? 'bottle' : 'custom',
    nameInShop: null,
    showUnityValue: bottle,
    packing: null,
    packingQuantity: 1,
    weight: null,
    gtin: '',
    minPurchase: 1,
    maxPurchase: null,
    alertThreshold: null,
    costCents: null,
    visuals: [],
    wrapping: null,
    prices: pricesFor(typologies),
    promotions: [],
  };
}

export function emptyProduct(typologies: TypologyOption[]): ProductFormValues {
  return {
    productType: 'bottle',
    name: '',
    precision: null,
    description: null,
    type: null,
    color: null,
    gamme: null,
    labels: [],
    vatType: 'standard',
    status: 'online',
    visuals: [],
    boxItems: [],
    vintages: [newVintage()],
    formats: [newFormat(typologies)],
  };
}

/** The saved product as form values (ids kept: the api matches nested rows by id). */
export function toFormValues(p: ProductAdminDetail): ProductFormValues {
  const typologies = p.typologies;
  return {
    productType: p.productType,
    name: p.name,
    precision: p.precision,
    description: p.description,
    type: p.type,
    color: p.color,
    gamme: p.gamme,
    labels: p.labels,
    vatType: p.vatType,
    status: (p.status === 'empty' ? 'paused' : p.status) as ProductFormValues['status'],
    visuals: p.visuals,
    boxItems: p.boxItems.map(({ formatId, quantity }) => ({ formatId, quantity })),
    vintages: p.vintages.map((v) => ({
      id: v.id,
      name: v.name,
      alcohol: v.alcohol,
      lot: v.lot,
      legal: {
        ...v.legal,
        code: v.legal.code as NonNullable<VintageFormValues['legal']>['code'],
      },
      nutrition: v.nutrition ? { ...v.nutrition } : null,
    })),
    formats: p.formats.map((f) => ({
      id: f.id,
      unity: f.unity,
      unityValue: f.unityValue,
      container: f.container,
      formatType: f.formatType,
      nameInShop: f.nameInShop,
      showUnityValue: f.showUnityValue,
      packing: f.packing,
      packingQuantity: f.packingQuantity,
      weight: f.weight,
      gtin: f.gtin ?? '',
      minPurchase: f.minPurchase,
      maxPurchase: f.maxPurchase,
      alertThreshold: f.alertThreshold,
      costCents: f.costCents,
      visuals: f.visuals,
      wrapping: f.wrapping,
      prices: pricesFor(typologies, f.prices, false),
      promotions: f.promotions,
    })),
  };
}
