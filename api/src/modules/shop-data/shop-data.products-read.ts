// Reading the products sheet of a whole-shop import: the rows of one product (same « Code produit », else same « Nom »)
// make one unit, with its vintages (one per « Millésime ») and formats (one per « Code format », GTIN or contenance)
// and their prices per typology; a cell that cannot be read is an error of its row, and a unit with one is left out.
import type { ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import type { Sheet } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { rowError, type RowError } from './shop-data.types';
import {
  CellError,
  DUTY_WORDS,
  FORMAT_TYPE_WORDS,
  PRODUCT_TYPE_WORDS,
  STATUS_WORDS,
  UNITY_WORDS,
  VAT_WORDS,
  cents,
  decimal,
  integer,
  listOf,
  litres,
  word,
  yesNo,
} from './shop-data.values';

export const PRODUCT_KEYS = [
  'productType',
  'name',
  'precision',
  'description',
  'type',
  'color',
  'gamme',
  'labels',
  'vatType',
  'status',
] as const;
export const FORMAT_KEYS = [
  'unity',
  'unityValue',
  'formatType',
  'container',
  'nameInShop',
  'packing',
  'packingQuantity',
  'weight',
  'gtin',
  'minPurchase',
  'maxPurchase',
  'alertThreshold',
  'costCents',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];
export type FormatKey = (typeof FORMAT_KEYS)[number];
export interface VintagePart {
  row: number;
  name: string;
  alcohol?: number;
  lot?: string;
  exciseCode?: string;
  dutyType?: 'DA2' | 'DSU';
}
export interface FormatPart {
  row: number;
  formatCode?: string;
  fields: Partial<Record<FormatKey, string | number>>;
  /** typology id → cents */
  prices: Record<string, number>;
}
/** One product of the file (stored in shop_imports.rows). */
export interface ProductUnit {
  row: number;
  rows: number[];
  code?: string;
  product: Partial<Record<ProductKey, string | string[]>>;
  archived?: boolean;
  vintages: VintagePart[];
  formats: FormatPart[];
}
export const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The products of the sheet (units with an error left out), the errors by line, the price columns per typology. */
export function readProducts(sheet: Sheet, map: ColumnMap, ctx: ImportContext) {
  const header = (k: string) => map.fields.get(k)?.header;
  const units = new Map<string, ProductUnit>();
  const unitErrors = new Map<string, RowError[]>();
  const loose: RowError[] = [];
  const gtinSeen = new Map<string, { key: string; row: number }>();
  const prices: Record<string, string> = {};

  for (const row of sheet.rows) {
    const errs: RowError[] = [];
    const get = (k: string): string | undefined => {
      const c = map.fields.get(k);
      const v = c ? row.cells[c.index] : undefined;
      return v ? v : undefined;
    };
    const take = <T>(k: string, parse: (raw: string) => T): T | undefined => {
      const raw = get(k);
      if (raw === undefined) return undefined;
      try {
        return parse(raw);
      } catch (e) {
        if (!(e instanceof CellError)) throw e;
        errs.push(rowError(row.line, header(k), e.message));
        return undefined;
      }
    };

    const product: ProductUnit['product'] = {};
    const productType = take('productType', (r) => word(r, PRODUCT_TYPE_WORDS, M.productType));
    if (productType) product.productType = productType;
    for (const k of ['name', 'precision', 'description', 'type', 'color', 'gamme'] as const) {
      const v = get(k);
      if (v !== undefined) product[k] = v;
    }
    const labels = take('labels', listOf);
    if (labels) product.labels = labels;
    const vat = take('vatType', (r) => word(r, VAT_WORDS, M.vatType));
    if (vat) product.vatType = vat;
    const status = take('status', (r) => word(r, STATUS_WORDS, M.status));
    if (status) product.status = status;
    const archived = take('archived', yesNo);

    // the vintage of the row
    let vintage: VintagePart | undefined;
    const vName = get('vintage');
    const alcohol = take('alcohol', (r) => decimal(r));
    const lot = get('lot');
    const exciseCode = get('exciseCode')?.toUpperCase();
    const dutyType = take('dutyType', (r) => word(r, DUTY_WORDS, M.dutyType));
    if (vName) {
      vintage = { row: row.line, name: vName };
      if (alcohol !== undefined) vintage.alcohol = alcohol;
      if (lot !== undefined) vintage.lot = lot;
      if (exciseCode !== undefined) vintage.exciseCode = exciseCode;
      if (dutyType !== undefined) vintage.dutyType = dutyType;
    } else {
      const orphan = (['alcohol', 'lot', 'exciseCode', 'dutyType'] as const).find((k) => get(k) !== undefined);
      if (orphan) errs.push(rowError(row.line, header(orphan), M.vintageNeeded));
    }

    // the format of the row, with its prices
    const fields: FormatPart['fields'] = {};
    const unityRaw = lower(get('unity'));
    const unity = take('unity', (r) => word(r, UNITY_WORDS, M.unity));
    if (unity) fields.unity = unity;
    const kindOfRow = productType ?? 'bottle';
    const effectiveUnity = unity ?? (kindOfRow === 'bottle' ? 'litre' : 'unite');
    const volumeUnit = unityRaw === 'cl' || unityRaw === 'ml' ? unityRaw : map.volumeUnit;
    const unityValue = take('unityValue', (r) => (effectiveUnity === 'litre' ? litres(r, volumeUnit) : decimal(r)));
    if (unityValue !== undefined) fields.unityValue = unityValue;
    const formatType = take('formatType', (r) => word(r, FORMAT_TYPE_WORDS, M.formatType));
    if (formatType) fields.formatType = formatType;
    for (const k of ['container', 'nameInShop', 'packing'] as const) {
      const v = get(k);
      if (v !== undefined) fields[k] = v;
    }
    const gtin = get('gtin')?.replace(/\s/g, '');
    if (gtin) fields.gtin = gtin;
    const ints: Array<[FormatKey, number]> = [
      ['packingQuantity', 1],
      ['minPurchase', 1],
      ['maxPurchase', 1],
      ['alertThreshold', 0],
    ];
    for (const [k, min] of ints) {
      const v = take(k, (r) => integer(r, min));
      if (v !== undefined) fields[k] = v;
    }
    const weight = take('weight', (r) => decimal(r));
    if (weight !== undefined) fields.weight = weight;
    const cost = take('costCents', cents);
    if (cost !== undefined) fields.costCents = cost;
    const formatCode = get('formatCode');

    const rowPrices: Record<string, number> = {};
    for (const p of map.prices) {
      const raw = row.cells[p.index];
      if (!raw) continue;
      const typology = ctx.typologyOf(p.code);
      if (!typology) {
        errs.push(rowError(row.line, p.header, M.typologyUnknown(p.code)));
        continue;
      }
      try {
        rowPrices[typology] = cents(raw);
        prices[typology] ??= p.header;
      } catch (e) {
        if (!(e instanceof CellError)) throw e;
        errs.push(rowError(row.line, p.header, e.message));
      }
    }
    const single = take('price', cents);
    if (single !== undefined) {
      const code = get('priceTypology');
      const typology = code ? ctx.typologyOf(code) : ctx.defaultTypology;
      if (!typology)
        errs.push(
          rowError(row.line, code ? header('priceTypology') : header('price'), code ? M.typologyUnknown(code) : M.priceTypologyNeeded),
        );
      else {
        rowPrices[typology] = single;
        prices[typology] ??= header('price') ?? 'Prix';
      }
    }
    const hasFormat = formatCode !== undefined || Object.keys(fields).length > 0 || Object.keys(rowPrices).length > 0;

    // the unit it belongs to
    const code = get('code');
    const name = product.name as string | undefined;
    if (!code && !name) {
      loose.push(...errs, rowError(row.line, header('name') ?? 'Nom', M.needed));
      continue;
    }
    const key = code ? `c:${lower(code)}` : `n:${lower(name)}`;
    let unit = units.get(key);
    if (!unit) {
      unit = { row: row.line, rows: [], vintages: [], formats: [], product: {}, ...(code ? { code } : {}) };
      units.set(key, unit);
      unitErrors.set(key, []);
    }
    unit.rows.push(row.line);
    for (const k of PRODUCT_KEYS) if (product[k] !== undefined && unit.product[k] === undefined) unit.product[k] = product[k];
    if (archived !== undefined && unit.archived === undefined) unit.archived = archived;
    if (vintage) {
      const same = unit.vintages.find((v) => lower(v.name) === lower(vintage.name));
      if (same)
        for (const [k, v] of Object.entries(vintage))
          if ((same as unknown as Record<string, unknown>)[k] === undefined) Object.assign(same, { [k]: v });
      if (!same) unit.vintages.push(vintage);
    }
    if (hasFormat) {
      const fkey = (p: { formatCode?: string; fields: FormatPart['fields'] }) =>
        p.formatCode
          ? `f:${lower(p.formatCode)}`
          : p.fields.gtin
            ? `g:${p.fields.gtin}`
            : `v:${p.fields.unity ?? ''}:${p.fields.unityValue ?? ''}:${lower(p.fields.nameInShop as string | undefined)}`;
      const part: FormatPart = { row: row.line, fields, prices: rowPrices, ...(formatCode ? { formatCode } : {}) };
      const same = unit.formats.find((x) => fkey(x) === fkey(part));
      if (same) {
        for (const [k, v] of Object.entries(fields)) if (same.fields[k as FormatKey] === undefined) same.fields[k as FormatKey] = v;
        for (const [t, c] of Object.entries(rowPrices)) if (same.prices[t] === undefined) same.prices[t] = c;
      } else {
        if (gtin) {
          const seen = gtinSeen.get(gtin);
          if (seen && seen.key !== key) errs.push(rowError(row.line, header('gtin'), M.gtinTwice(seen.row)));
          else if (!seen) gtinSeen.set(gtin, { key, row: row.line });
        }
        unit.formats.push(part);
      }
    }
    unitErrors.get(key)!.push(...errs);
  }

  const valid: ProductUnit[] = [];
  const errors: RowError[] = [...loose];
  for (const [key, unit] of units) {
    const errs = unitErrors.get(key)!;
    if (errs.length) errors.push(...errs);
    else valid.push(unit);
  }
  errors.sort((a, b) => a.line - b.line);
  return { units: valid, errors, prices };
}
