// Products of a whole-shop import. The rows of one product (same « Code produit », else same « Nom ») make
// one unit: the product's fields, its vintages (one per « Millésime ») and formats (one per « Code format », GTIN or
// contenance) with their prices per typology. A unit matches an existing product of the shop through a format (the
// products match grid, « F<id> » of our export, the GTIN), « P<id » of our export, or the name; it is then merged
// into it (the file's non-empty cells win, vintages and formats not in the file are kept). Every product is validated
// by the back-office contract (productInputSchema) and written by the products module's service, so the rules of the
// product form hold (GTIN check digit and uniqueness, typologies, excise rates…).
import {
  formatShortLabel,
  productInputSchema,
  type ProductAdminDetail,
  type ProductInput,
  type ProductInputParsed,
} from 'shared-kernel/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { productFormats, products, productVintages } from '../catalog';
import { createProductsService } from '../products';
import { REQUIRED_ONE_OF, type ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import type { Sheet } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { changedIds } from './shop-data.repository';
import {
  col,
  errorText,
  rowError,
  type ChangeRecord,
  type Decision,
  type ImportMeta,
  type RevertScope,
  type RowError,
  type ShopEntity,
} from './shop-data.types';
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
  euros,
  integer,
  listOf,
  litres,
  word,
  yesNo,
} from './shop-data.values';

const PRODUCT_KEYS = ['productType', 'name', 'precision', 'description', 'type', 'color', 'gamme', 'labels', 'vatType', 'status'] as const;
const FORMAT_KEYS = [
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
type ProductKey = (typeof PRODUCT_KEYS)[number];
type FormatKey = (typeof FORMAT_KEYS)[number];

interface VintagePart {
  row: number;
  name: string;
  alcohol?: number;
  lot?: string;
  exciseCode?: string;
  dutyType?: 'DA2' | 'DSU';
}
interface FormatPart {
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

/** The product form's input, with the catalogue's 'empty' status (hidden) a stored product may have. */
type Input = Omit<ProductInput, 'status' | 'vintages' | 'formats'> & {
  status?: ProductInput['status'] | 'empty';
  vintages: NonNullable<ProductInput['vintages']>;
  formats: NonNullable<ProductInput['formats']>;
};
type FormatIn = Input['formats'][number];

/** The products module's service on the caller's connection or transaction (its own transactions become savepoints). */
function productsOn(dbx: DbOrTx) {
  const noMedia = {
    put: async () => {
      throw new Error('no media store in imports');
    },
    get: async () => null,
  };
  return createProductsService({
    db: dbx as unknown as Db,
    media: noMedia as unknown as Parameters<typeof createProductsService>[0]['media'],
  });
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

// ---------------------------------------------------------------- reading the rows

function read(sheet: Sheet, map: ColumnMap, ctx: ImportContext) {
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

// ---------------------------------------------------------------- deciding

/** What the shop has, to match the file's products with. */
interface ProductIndex {
  products: Map<number, { name: string; archived: boolean }>;
  /** lower(name) → the products of that name, those still in the shop first */
  byName: Map<string, number[]>;
  /**
   * products this import already created or matched: another unit of the file (another « Code produit ») never merges
   * into them by name — two products of one name stay two
   */
  claimed: Set<number>;
  formats: Map<number, { productId: number; gtin: string | null }>;
  byGtin: Map<string, number>;
}

async function loadIndex(dbx: DbOrTx, shopId: number): Promise<ProductIndex> {
  const ps = await dbx
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.shopId, shopId))
    .orderBy(products.id);
  const fs = await dbx
    .select({ id: productFormats.id, productId: productFormats.productId, gtin: productFormats.gtin })
    .from(productFormats)
    .where(eq(productFormats.shopId, shopId));
  const index: ProductIndex = { products: new Map(), byName: new Map(), claimed: new Set(), formats: new Map(), byGtin: new Map() };
  // a name matches the products still in the shop first, then the archived ones
  for (const archived of [false, true])
    for (const p of ps)
      if ((p.archivedAt !== null) === archived) index.byName.set(lower(p.name), [...(index.byName.get(lower(p.name)) ?? []), p.id]);
  for (const p of ps) index.products.set(p.id, { name: p.name, archived: p.archivedAt !== null });
  for (const f of fs) {
    index.formats.set(f.id, { productId: f.productId, gtin: f.gtin });
    if (f.gtin) index.byGtin.set(f.gtin, f.id);
  }
  return index;
}

/** The shop's format a file format names by code: the match grid, or « F<id> » of our export (this shop's only). */
function formatIdByCode(f: FormatPart, ctx: ImportContext, index: ProductIndex): number | null {
  if (!f.formatCode) return null;
  const viaGrid = ctx.gridFormatId(f.formatCode);
  if (viaGrid && index.formats.has(viaGrid)) return viaGrid;
  const own = /^F(\d{1,9})$/i.exec(f.formatCode.trim());
  return own && index.formats.has(Number(own[1])) ? Number(own[1]) : null;
}

/** The existing product a unit is, if any (an error when its formats name several). */
function matchProduct(unit: ProductUnit, ctx: ImportContext, index: ProductIndex, meta: ImportMeta): number | null | RowError {
  const targets = new Map<number, FormatPart>();
  for (const f of unit.formats) {
    const byCode = formatIdByCode(f, ctx, index);
    const byGtin = f.fields.gtin ? index.byGtin.get(String(f.fields.gtin)) : undefined;
    const formatId = byCode ?? byGtin;
    if (formatId) targets.set(index.formats.get(formatId)!.productId, f);
  }
  if (targets.size > 1) {
    const f = [...targets.values()][1];
    return rowError(f.row, col(meta, f.formatCode ? 'formatCode' : 'gtin'), M.severalProducts);
  }
  if (targets.size === 1) return [...targets.keys()][0];
  const own = unit.code ? /^P(\d{1,9})$/i.exec(unit.code.trim()) : null;
  if (own && index.products.has(Number(own[1]))) return Number(own[1]);
  const name = unit.product.name as string | undefined;
  return name ? (index.byName.get(lower(name))?.find((id) => !index.claimed.has(id)) ?? null) : null;
}

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

const emptyInput = (): Input => ({
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
interface Origin {
  vintages: Array<number | null>;
  formats: Array<number | null>;
}

/** The file's unit merged into `base` (a stored product, or an empty one): non-empty cells win, nothing is removed. */
function merge(
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
function locate(
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

const fromPath = (field: string | undefined) => (field ? field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : []);

function describe(input: ProductInputParsed, ctx: ImportContext): string {
  const names = new Map(ctx.typologies.map((t) => [t.id, t.name]));
  const parts: string[] = [];
  if (input.vintages.length) parts.push(`Millésimes : ${input.vintages.map((v) => v.name).join(', ')}`);
  if (input.formats.length)
    parts.push(
      `Formats : ${input.formats
        .map((f) => {
          const label = f.nameInShop ?? formatShortLabel(f.unity, f.unityValue);
          const prices = f.prices.map((p) => `${names.get(p.typology) ?? p.typology} ${euros(p.priceCents)} €`).join(', ');
          return prices ? `${label} (${prices})` : label;
        })
        .join(' ; ')}`,
    );
  return parts.join(' · ');
}

type ProductDecision = Decision<ProductInputParsed> & {
  archived?: boolean;
  /** status 'empty': hidden from the public catalogue */
  hidden?: boolean;
  /** where a field path of the input ('formats.0.gtin') is in the file */
  where?: (field: string | undefined) => { row: number; column?: string };
};

/** Decides one unit against the shop as `index` and `dbx` see it. */
async function decide(dbx: DbOrTx, ctx: ImportContext, meta: ImportMeta, unit: ProductUnit, index: ProductIndex): Promise<ProductDecision> {
  const label = String(unit.product.name ?? unit.code ?? '');
  const fail = (errors: RowError[]): Decision<ProductInputParsed> => ({
    action: 'error',
    errors,
    preview: { row: unit.row, action: 'error', label, details: errors.map(errorText).join(' ; ') },
  });
  const matched = matchProduct(unit, ctx, index, meta);
  if (matched !== null && typeof matched === 'object') return fail([matched]);
  let base = emptyInput();
  let detail: ProductAdminDetail | null = null;
  if (matched !== null) {
    detail = await productsOn(dbx).detail(ctx.shopId, matched);
    base = inputOfDetail(detail);
  } else if (!unit.product.name) return fail([rowError(unit.row, col(meta, 'name'), M.needed)]);
  const { input, origin, problems } = merge(base, unit, ctx, meta, index);
  if (problems.length) return fail(problems);
  const where = (field: string | undefined) => locate(fromPath(field), unit, input, origin, meta);
  // 'empty' (hidden from the public catalogue) is not a status of the product form: saved as paused, then set
  const hidden = input.status === 'empty';
  if (hidden) input.status = 'paused';
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 5).map((issue) => {
      const at = locate(issue.path, unit, input, origin, meta);
      return rowError(at.row, at.column, issue.message);
    });
    return fail(errors);
  }
  // GTINs of another product of the shop (the service checks it again when it writes)
  const taken = parsed.data.formats.findIndex((f) => {
    const other = f.gtin ? index.byGtin.get(f.gtin) : undefined;
    return other !== undefined && index.formats.get(other)!.productId !== matched;
  });
  if (taken >= 0) {
    const at = locate(['formats', taken, 'gtin'], unit, input, origin, meta);
    return fail([rowError(at.row, at.column, M.gtinTaken)]);
  }
  const details = describe(parsed.data, ctx);
  if (matched === null || !detail)
    return {
      action: 'create',
      input: parsed.data,
      preview: { row: unit.row, action: 'create', label, details },
      archived: unit.archived,
      hidden,
      where,
    };
  const stored = productInputSchema.safeParse({ ...base, status: base.status === 'empty' ? 'paused' : base.status });
  const same =
    stored.success &&
    JSON.stringify(stored.data) === JSON.stringify(parsed.data) &&
    hidden === (detail.status === 'empty') &&
    (unit.archived === undefined || unit.archived === detail.archived);
  const action = same ? 'unchanged' : 'update';
  return {
    action,
    id: matched,
    input: parsed.data,
    before: { input: base, archived: detail.archived, raw: await rawOf(dbx, matched) },
    preview: { row: unit.row, action, label: detail.name === label ? label : `${label} (${detail.name})`, details },
    archived: unit.archived,
    hidden,
    where,
  };
}

export const productsImport: ShopEntity<ProductUnit, ProductInputParsed, ProductIndex> = {
  required: REQUIRED_ONE_OF.products,
  lineOf: (unit) => unit.row,
  read: ({ sheet, map }, ctx) => read(sheet, map, ctx.shop),

  async load(db, ctx, _units, importId) {
    const index = await loadIndex(db, ctx.shop.shopId);
    if (importId !== undefined) for (const id of await changedIds(db, importId, 'product')) index.claimed.add(id);
    return index;
  },

  decide: (db, ctx, unit, index) => decide(db, ctx.shop, ctx.meta, unit, index),

  noted(index, d) {
    if (d.action === 'update' || d.action === 'unchanged') index.claimed.add(d.id);
  },

  async write(sp, { shop: ctx }, decision) {
    const d = decision as ProductDecision;
    if (d.action !== 'create' && d.action !== 'update') return { changes: [] };
    const service = productsOn(sp);
    let c: ChangeRecord;
    let id: number;
    if (d.action === 'create') {
      id = (await service.create(ctx.shopId, d.input)).id;
      c = { entity: 'product', entityId: id, action: 'created', before: null };
    } else {
      id = d.id;
      await service.update(ctx.shopId, id, d.input);
      c = { entity: 'product', entityId: id, action: 'updated', before: d.before };
    }
    const wasArchived = d.action === 'update' ? Boolean((d.before as { archived?: boolean }).archived) : false;
    if (d.archived !== undefined && d.archived !== wasArchived) await service.archive(ctx.shopId, id, d.archived);
    if (d.hidden)
      await sp
        .update(products)
        .set({ status: 'empty' })
        .where(and(eq(products.id, id), eq(products.shopId, ctx.shopId)));
    return { changes: [c] };
  },

  // what the next units of the batch are matched with
  async wrote(tx, { shop: ctx }, index, decision, _unit, { changes: [change] }) {
    const d = decision as ProductDecision;
    if (d.action === 'error') return;
    const saved = await tx
      .select({ id: productFormats.id, gtin: productFormats.gtin })
      .from(productFormats)
      .where(and(eq(productFormats.shopId, ctx.shopId), eq(productFormats.productId, change.entityId)));
    index.products.set(change.entityId, { name: d.input.name, archived: !!d.archived });
    index.claimed.add(change.entityId);
    for (const f of saved) {
      index.formats.set(f.id, { productId: change.entityId, gtin: f.gtin });
      if (f.gtin) index.byGtin.set(f.gtin, f.id);
    }
  },

  // an error of the products service (a GTIN taken meanwhile…) → the row and column of the file
  locate(_ctx, d, unit, field) {
    const at = (d as ProductDecision).where?.(field) ?? { row: unit.row };
    return { line: at.row, column: at.column };
  },

  revert: (tx, scope, change) => revertProduct(tx, scope, change),
};

/** What revert puts back as stored (the service would rewrite them: a saved vintage's legal gets every key). */
async function rawOf(dbx: DbOrTx, productId: number) {
  const [p] = await dbx
    .select({ updatedAt: products.updatedAt, archivedAt: products.archivedAt, status: products.status })
    .from(products)
    .where(eq(products.id, productId));
  const vintages = await dbx
    .select({ id: productVintages.id, legal: productVintages.legal, nutrition: productVintages.nutrition })
    .from(productVintages)
    .where(eq(productVintages.productId, productId));
  return {
    updatedAt: p?.updatedAt.toISOString() ?? null,
    archivedAt: p?.archivedAt?.toISOString() ?? null,
    status: p?.status ?? null,
    vintages,
  };
}

/** Revert of one product change, in the caller's transaction: 'deleted' | 'archived' | 'restored' | 'gone'. */
async function revertProduct(
  tx: DbOrTx,
  { shopId }: RevertScope,
  change: { entityId: number; action: string; before: Record<string, unknown> | null },
) {
  const service = productsOn(tx);
  if (change.action === 'created') {
    try {
      await tx.transaction(async (sp) => {
        await productsOn(sp).remove(shopId, change.entityId);
      });
      return 'deleted' as const;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return 'gone' as const;
      if (err instanceof HttpError && err.status === 409) {
        // ordered or moved in stock since: it leaves the shop instead
        await service.archive(shopId, change.entityId, true);
        return 'archived' as const;
      }
      throw err;
    }
  }
  const before = change.before as { input: Input; raw?: Awaited<ReturnType<typeof rawOf>> } | null;
  if (!before?.input) return 'gone' as const;
  const input = productInputSchema.safeParse({ ...before.input, status: before.input.status === 'empty' ? 'paused' : before.input.status });
  if (!input.success) throw new HttpError(409, M.revertBlocked(`le produit « ${before.input.name} »`, input.error.issues[0].message));
  try {
    await tx.transaction(async (sp) => {
      await productsOn(sp).update(shopId, change.entityId, input.data);
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return 'gone' as const;
    if (err instanceof HttpError && err.status < 500)
      throw new HttpError(409, M.revertBlocked(`le produit « ${before.input.name} »`, err.message));
    throw err;
  }
  const raw = before.raw;
  if (raw) {
    await tx
      .update(products)
      .set({
        archivedAt: raw.archivedAt ? new Date(raw.archivedAt) : null,
        ...(raw.status ? { status: raw.status } : {}),
        ...(raw.updatedAt ? { updatedAt: new Date(raw.updatedAt) } : {}),
      })
      .where(and(eq(products.id, change.entityId), eq(products.shopId, shopId)));
    for (const v of raw.vintages)
      await tx
        .update(productVintages)
        .set({ legal: v.legal, nutrition: v.nutrition })
        .where(and(eq(productVintages.id, v.id), eq(productVintages.productId, change.entityId)));
  }
  return 'restored' as const;
}
