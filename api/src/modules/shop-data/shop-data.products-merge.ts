// A file's product merged into the stored one (or an empty one) as the product form's input: the file's non-empty cells
// win, vintages and formats not in the file are kept; and where each field of that input comes from in the file.
import type { ProductAdminDetail, ProductInput } from 'shared-kernel/contracts';
import type { ImportContext } from './shop-data.context';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { formatIdByCode, type ProductIndex } from './shop-data.products-match';
import { FORMAT_KEYS, PRODUCT_KEYS, lower, type ProductUnit } from './shop-data.products-read';
import { col, rowError, type ImportMeta, type RowError } from './shop-data.types';

/** The product form's input, with the catalogue's 'empty' status (hidden) a stored product may have. */
export type Input = Omit<ProductInput, 'status' | 'vintages' | 'formats'> & {
  status?: ProductInput['status'] | 'empty';
  vintages: NonNullable<ProductInput['vintages']>;
  formats: NonNullable<ProductInput['formats']>;
};
type FormatIn = Input['formats'][number];

/** The product form's input of a stored product (ids kept: saving it back changes nothing). */
export function inputOfDetail(d: ProductAdminDetail): Input {
  return {
    productType: d.productType,
    name: d.name,
    precision: d.precision,
    description: d.description,
    type: d.type,
    color: d.color,
    gamme: d.gamme,
    labels: [...d.labels],
    vatType: d.vatType,
    status: d.status as Input['status'],
    visuals: [...d.visuals],
    boxItems: d.boxItems.map(({ formatId, quantity }) => ({ formatId, quantity })),
    vintages: d.vintages.map((v) => ({
      id: v.id,
      name: v.name,
      alcohol: v.alcohol,
      lot: v.lot,
      // 'NULL' (some stored vintages): no excise code
      legal: { ...v.legal, code: v.legal.code === 'NULL' ? null : v.legal.code, customTaxFamilies: [...v.legal.customTaxFamilies] },
      nutrition: v.nutrition as Input['vintages'][number]['nutrition'],
    })),
    formats: d.formats.map((f) => ({
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
      gtin: f.gtin,
      minPurchase: f.minPurchase,
      maxPurchase: f.maxPurchase,
      alertThreshold: f.alertThreshold,
      costCents: f.costCents,
      visuals: [...f.visuals],
      wrapping: f.wrapping ? { ...f.wrapping } : null,
      prices: f.prices.map((p) => ({
        typology: p.typology,
        visible: p.visible,
        priceCents: p.priceCents,
        tiers: p.tiers.map((t) => ({ ...t })),
      })),
      promotions: f.promotions.map((p) => ({ ...p })),
    })),
  };
}

export const emptyInput = (): Input => ({
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
  vintages: [],
  formats: [],
});
/** Where each vintage / format of the merged input comes from in the file (null: kept as it was). */
export interface Origin {
  vintages: Array<number | null>;
  formats: Array<number | null>;
}

/** The file's unit merged into `base` (a stored product, or an empty one): non-empty cells win, nothing is removed. */
export function merge(
  base: Input,
  unit: ProductUnit,
  ctx: ImportContext,
  meta: ImportMeta,
  index: ProductIndex,
): { input: Input; origin: Origin; problems: RowError[] } {
  const m = structuredClone(base);
  const origin: Origin = { vintages: m.vintages.map(() => null), formats: m.formats.map(() => null) };
  for (const k of PRODUCT_KEYS) if (unit.product[k] !== undefined) (m as Record<string, unknown>)[k] = unit.product[k];
  for (const v of unit.vintages) {
    let i = m.vintages.findIndex((x) => lower(x.name) === lower(v.name));
    if (i < 0) {
      m.vintages.push({ name: v.name, alcohol: null, lot: null, legal: { code: null, dutyType: null } });
      origin.vintages.push(v.row);
      i = m.vintages.length - 1;
    } else origin.vintages[i] = v.row;
    const x = m.vintages[i];
    if (v.alcohol !== undefined) x.alcohol = v.alcohol;
    if (v.lot !== undefined) x.lot = v.lot;
    if (v.exciseCode !== undefined || v.dutyType !== undefined)
      x.legal = {
        ...x.legal,
        ...(v.exciseCode !== undefined ? { code: v.exciseCode } : {}),
        ...(v.dutyType !== undefined ? { dutyType: v.dutyType } : {}),
      };
  }
  const problems: RowError[] = [];
  const taken = new Set<number>();
  for (const f of unit.formats) {
    const byCode = formatIdByCode(f, ctx, index);
    const gtin = f.fields.gtin as string | undefined;
    let i = -1;
    if (byCode) i = m.formats.findIndex((x) => x.id === byCode);
    if (i < 0 && gtin) i = m.formats.findIndex((x) => x.gtin === gtin);
    if (i < 0 && f.fields.unityValue !== undefined)
      i = m.formats.findIndex(
        (x, j) =>
          !taken.has(j) &&
          origin.formats[j] === null &&
          x.id !== undefined &&
          (f.fields.unity === undefined || x.unity === f.fields.unity) &&
          Math.abs(Number(x.unityValue) - Number(f.fields.unityValue)) < 1e-6 &&
          (f.fields.nameInShop === undefined || lower(x.nameInShop) === lower(f.fields.nameInShop as string)) &&
          (f.fields.formatType === undefined || x.formatType === f.fields.formatType),
      );
    if (i < 0) {
      const kind = (m.productType ?? 'bottle') as string;
      const created = {
        unity: kind === 'bottle' ? 'litre' : 'unite',
        formatType: kind === 'bottle' ? 'bottle' : 'custom',
        prices: [],
        promotions: [],
      } as unknown as FormatIn;
      // a price (or a code) of a format the shop does not have, without its contenance: it cannot be created
      if (f.fields.unityValue === undefined) problems.push(rowError(f.row, col(meta, 'unityValue'), M.unityValueNeeded));
      m.formats.push(created);
      origin.formats.push(f.row);
      i = m.formats.length - 1;
    } else origin.formats[i] = f.row;
    taken.add(i);
    const x = m.formats[i] as Record<string, unknown> & FormatIn;
    for (const [k, v] of Object.entries(f.fields)) x[k] = v;
    const prices = [...(x.prices ?? [])];
    for (const [typology, priceCents] of Object.entries(f.prices)) {
      const j = prices.findIndex((p) => p.typology === typology);
      if (j >= 0) prices[j] = { ...prices[j], priceCents };
      else prices.push({ typology, visible: true, priceCents, tiers: [] });
    }
    x.prices = prices;
  }
  return { input: m, origin, problems };
}

const VINTAGE_COLUMN: Record<string, string> = {
  name: 'vintage',
  alcohol: 'alcohol',
  lot: 'lot',
  code: 'exciseCode',
  dutyType: 'dutyType',
};
/** A field path of the product input ('formats.1.gtin', ['vintages', 0, 'name']) → the row and column of the file. */
export function locate(
  path: ReadonlyArray<PropertyKey>,
  unit: ProductUnit,
  input: Input,
  origin: Origin,
  meta: ImportMeta,
): { row: number; column?: string } {
  const [head, index, key, sub] = path;
  if (head === 'vintages' && typeof index === 'number') {
    const k = key === 'legal' ? String(sub) : String(key ?? 'name');
    return { row: origin.vintages[index] ?? unit.row, column: col(meta, VINTAGE_COLUMN[k] ?? 'vintage') };
  }
  if (head === 'formats' && typeof index === 'number') {
    const row = origin.formats[index] ?? unit.row;
    if (key === 'prices' && typeof sub === 'number') {
      const typology = input.formats[index]?.prices?.[sub]?.typology;
      return { row, column: (typology && meta.prices[typology]) || col(meta, 'price') };
    }
    return {
      row,
      column: key !== undefined && (FORMAT_KEYS as readonly string[]).includes(String(key)) ? col(meta, String(key)) : undefined,
    };
  }
  if (typeof head === 'string' && (PRODUCT_KEYS as readonly string[]).includes(head)) return { row: unit.row, column: col(meta, head) };
  return { row: unit.row };
}
export const fromPath = (field: string | undefined) => (field ? field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : []);
