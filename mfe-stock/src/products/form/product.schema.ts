// The product form's schema is the api contract's body schema (shared-kernel/contracts/products-admin.ts): the same
// §5 messages and rules (GTIN-13 check digit, min ≤ max purchase, alcohol 0–100, unit values > 0…) on both sides.
import type { z } from 'zod';
import { productInputSchema, type ProductAdminDetail, type ProductDefaults } from 'shared-kernel/contracts';

export const productSchema = productInputSchema;
export type ProductFormValues = z.input<typeof productSchema>;
export type FormatFormValues = NonNullable<ProductFormValues['formats']>[number];
export type VintageFormValues = NonNullable<ProductFormValues['vintages']>[number];

export interface TypologyOption {
  id: string;
  name: string;
  ttc: boolean;
}

/**
 * One price line per typology of the shop: new ones with a price to enter, visible unless the shop's product defaults
 * name the typologies whose price shows (« Prix visibles par défaut pour »); missing ones of a saved format hidden.
 */
export function pricesFor(
  typologies: TypologyOption[],
  existing: FormatFormValues['prices'] = [],
  fresh = true,
  visibleTypologies: readonly string[] | null = null,
): NonNullable<FormatFormValues['prices']> {
  const shown = (id: string) => fresh && (!visibleTypologies?.length || visibleTypologies.includes(id));
  return typologies.map(
    (t) =>
      existing?.find((p) => p.typology === t.id) ?? {
        typology: t.id,
        visible: shown(t.id),
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

/**
 * A new format. A bottle's starts from the shop's « Format par défaut » (Settings › Produits: unit, size — centilitres
 * for litres —, container, packing and its quantity) when given, else 75 cl in a bottle.
 */
export function newFormat(
  typologies: TypologyOption[],
  productType: ProductFormValues['productType'] = 'bottle',
  defaults: ProductDefaults | null = null,
): FormatFormValues {
  const bottle = productType === 'bottle';
  const d = bottle ? defaults?.format : undefined;
  return {
    unity: d?.unity ?? (bottle ? 'litre' : 'unite'),
    unityValue: d ? (d.unity === 'litre' ? d.value / 100 : d.value) : bottle ? 0.75 : 1,
    container: d ? d.container : bottle ? 'bottle' : null,
    formatType: bottle ? 'bottle' : 'custom',
    nameInShop: null,
    showUnityValue: bottle,
    packing: d?.packing ?? null,
    packingQuantity: d?.packingQuantity ?? 1,
    weight: null,
    gtin: '',
    minPurchase: 1,
    maxPurchase: null,
    alertThreshold: null,
    costCents: null,
    visuals: [],
    wrapping: null,
    prices: pricesFor(typologies, [], true, defaults?.visibleTypologies ?? null),
    promotions: [],
  };
}

/** A new product: a bottle with one vintage and one format, its VAT and format from the shop's product defaults. */
export function emptyProduct(typologies: TypologyOption[], defaults: ProductDefaults | null = null): ProductFormValues {
  return {
    productType: 'bottle',
    name: '',
    precision: null,
    description: null,
    type: null,
    color: null,
    gamme: null,
    labels: [],
    vatType: defaults?.vatType ?? 'standard',
    status: 'online',
    visuals: [],
    boxItems: [],
    vintages: [newVintage()],
    formats: [newFormat(typologies, 'bottle', defaults)],
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
