// Stock levels of a whole-shop import: one row, the counted quantity of one format in one warehouse. The
// format is found by its code (products match grid, « F<id> » of our export), its GTIN, or its product's name and
// contenance; the warehouse by name (created when the shop has none of that name; none given: the warehouse feeding
// the web shop). Each level is set by an inventory movement of the stock module (the counted quantity minus what is on
// hand), so the stock history and the web stock stay right; revert books the opposite movement.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { productFormats, products } from '../catalog';
import { applyMovements, formatLabel, stockLevels, stockMovements, warehouses } from '../stock';
import { REQUIRED_ONE_OF, type ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import type { Sheet } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
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
import { CellError, UNITY_WORDS, decimal, integer, litres, word, yesNo } from './shop-data.values';

/** One stock level of the file (stored in shop_imports.rows). */
export interface StockUnit {
  row: number;
  formatCode?: string;
  gtin?: string;
  product?: string;
  unity?: string;
  unityValue?: number;
  nameInShop?: string;
  warehouse?: string;
  feedsWebShop?: boolean;
  quantity: number;
}

function read(sheet: Sheet, map: ColumnMap) {
  const header = (k: string) => map.fields.get(k)?.header;
  const units: StockUnit[] = [];
  const errors: RowError[] = [];
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
    const quantity = take('quantity', (r) => integer(r, 0));
    if (get('quantity') === undefined) errs.push(rowError(row.line, header('quantity'), M.needed));
    const unityRaw = (get('unity') ?? '').toLowerCase();
    const unity = take('unity', (r) => word(r, UNITY_WORDS, M.unity));
    const fallback = unityRaw === 'cl' || unityRaw === 'ml' ? unityRaw : map.volumeUnit;
    const unityValue = take('unityValue', (r) => ((unity ?? 'litre') === 'litre' ? litres(r, fallback) : decimal(r)));
    const unit: StockUnit = { row: row.line, quantity: quantity ?? 0 };
    const formatCode = get('formatCode');
    if (formatCode) unit.formatCode = formatCode;
    const gtin = get('gtin')?.replace(/\s/g, '');
    if (gtin) unit.gtin = gtin;
    const product = get('product');
    if (product) unit.product = product;
    if (unity) unit.unity = unity;
    if (unityValue !== undefined) unit.unityValue = unityValue;
    const nameInShop = get('nameInShop');
    if (nameInShop) unit.nameInShop = nameInShop;
    const warehouse = get('warehouse');
    if (warehouse) unit.warehouse = warehouse;
    const feeds = take('feedsWebShop', yesNo);
    if (feeds !== undefined) unit.feedsWebShop = feeds;
    if (!formatCode && !gtin && !product)
      errs.push(rowError(row.line, header('formatCode') ?? header('gtin') ?? header('product'), M.formatRefNeeded));
    if (errs.length) errors.push(...errs);
    else units.push(unit);
  }
  return { units, errors, prices: {} };
}

interface StockIndex {
  formats: Array<{
    id: number;
    productName: string;
    vintageName: string | null;
    unity: string;
    unityValue: number | null;
    nameInShop: string | null;
    gtin: string | null;
  }>;
  warehouses: Array<{ id: number; name: string; archived: boolean; feedsWebShop: boolean }>;
  levels: Map<string, number>;
}

async function loadIndex(dbx: DbOrTx, shopId: number): Promise<StockIndex> {
  const formats = await dbx
    .select({
      id: productFormats.id,
      productName: products.name,
      vintageName: sql<string | null>`null`,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
      gtin: productFormats.gtin,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .where(eq(productFormats.shopId, shopId))
    .orderBy(asc(productFormats.id));
  const whs = await dbx
    .select({ id: warehouses.id, name: warehouses.name, archived: warehouses.archived, feedsWebShop: warehouses.feedsWebShop })
    .from(warehouses)
    .where(eq(warehouses.shopId, shopId))
    .orderBy(asc(warehouses.id));
  const levels = await dbx
    .select({ warehouseId: stockLevels.warehouseId, formatId: stockLevels.formatId, onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(eq(stockLevels.shopId, shopId));
  return { formats, warehouses: whs, levels: new Map(levels.map((l) => [`${l.warehouseId}:${l.formatId}`, l.onHand])) };
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The format of a row, or why none. */
function formatOf(unit: StockUnit, ctx: ImportContext, index: StockIndex, meta: ImportMeta): StockIndex['formats'][number] | RowError {
  const byId = (id: number | null) => (id ? index.formats.find((f) => f.id === id) : undefined);
  if (unit.formatCode) {
    const own = /^F(\d{1,9})$/i.exec(unit.formatCode.trim());
    const hit = byId(ctx.gridFormatId(unit.formatCode)) ?? byId(own ? Number(own[1]) : null);
    if (hit) return hit;
  }
  if (unit.gtin) {
    const hit = index.formats.find((f) => f.gtin === unit.gtin);
    if (hit) return hit;
  }
  const column = col(meta, unit.product ? 'product' : unit.gtin ? 'gtin' : 'formatCode');
  if (!unit.product) return rowError(unit.row, column, M.formatNotFound);
  const candidates = index.formats.filter(
    (f) =>
      lower(f.productName) === lower(unit.product) &&
      (unit.unity === undefined || f.unity === unit.unity) &&
      (unit.unityValue === undefined || Math.abs(Number(f.unityValue) - unit.unityValue) < 1e-6) &&
      (unit.nameInShop === undefined || lower(f.nameInShop) === lower(unit.nameInShop)),
  );
  if (!candidates.length) return rowError(unit.row, column, M.formatNotFound);
  if (candidates.length > 1) return rowError(unit.row, column, M.formatAmbiguous);
  return candidates[0];
}

/** The warehouse of a row: by name; none named, the one feeding the web shop; null = to create (`name`). */
function warehouseOf(unit: StockUnit, index: StockIndex, meta: ImportMeta): { id: number | null; name: string } | RowError {
  const live = index.warehouses.filter((w) => !w.archived);
  if (unit.warehouse) {
    const named = index.warehouses.filter((w) => lower(w.name) === lower(unit.warehouse));
    const hit = named.find((w) => !w.archived) ?? named[0];
    if (hit?.archived) return rowError(unit.row, col(meta, 'warehouse'), M.warehouseArchived);
    return hit ? { id: hit.id, name: hit.name } : { id: null, name: unit.warehouse.trim() };
  }
  const hit = live.find((w) => w.feedsWebShop) ?? live[0];
  return hit ? { id: hit.id, name: hit.name } : { id: null, name: M.defaultWarehouse };
}

type StockInput = { formatId: number; warehouseId: number | null; warehouse: string; onHand: number };
type StockDecision = Decision<StockInput>;

function decide(ctx: ImportContext, meta: ImportMeta, unit: StockUnit, index: StockIndex): StockDecision {
  const fail = (errors: RowError[]): StockDecision => ({
    action: 'error',
    errors,
    preview: {
      row: unit.row,
      action: 'error',
      label: unit.product ?? unit.formatCode ?? unit.gtin ?? '',
      details: errors.map(errorText).join(' ; '),
    },
  });
  const format = formatOf(unit, ctx, index, meta);
  if ('message' in format) return fail([format]);
  const wh = warehouseOf(unit, index, meta);
  if ('message' in wh) return fail([wh]);
  const onHand = wh.id ? (index.levels.get(`${wh.id}:${format.id}`) ?? 0) : 0;
  const label = formatLabel(format);
  const diff = unit.quantity - onHand;
  const details = `${wh.id ? wh.name : `${wh.name} (nouvel entrepôt)`} : ${onHand} → ${unit.quantity}${diff ? ` (${diff > 0 ? '+' : ''}${diff})` : ''}`;
  const input = { formatId: format.id, warehouseId: wh.id, warehouse: wh.name, onHand };
  if (!diff && wh.id)
    return { action: 'unchanged', id: format.id, input, before: {}, preview: { row: unit.row, action: 'unchanged', label, details } };
  return { action: 'update', id: format.id, input, before: {}, preview: { row: unit.row, action: 'update', label, details } };
}

/** Rows naming the same format and warehouse twice: the later ones are refused. */
function duplicates(decisions: StockDecision[], units: StockUnit[], meta: ImportMeta): StockDecision[] {
  const seen = new Map<string, number>();
  return decisions.map((d, i) => {
    if (d.action === 'error') return d;
    const key = `${d.input.warehouseId ?? lower(d.input.warehouse)}:${d.input.formatId}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, units[i].row);
      return d;
    }
    const e = rowError(units[i].row, col(meta, 'warehouse'), M.stockTwice(first));
    return { action: 'error', errors: [e], preview: { ...d.preview, action: 'error', details: errorText(e) } };
  });
}

export const stockImport: ShopEntity<StockUnit, StockInput, StockIndex> = {
  required: REQUIRED_ONE_OF.stock,
  lineOf: (unit) => unit.row,
  read: ({ sheet, map }) => read(sheet, map),
  load: (db, ctx) => loadIndex(db, ctx.shop.shopId),
  decide: (_db, ctx, unit, index) => decide(ctx.shop, ctx.meta, unit, index),
  settle: (ctx, decisions, units) => duplicates(decisions, units, ctx.meta),

  async write(sp, { shop: ctx, meta }, d, unit, importId) {
    if (d.action !== 'create' && d.action !== 'update') return { changes: [] };
    const changes: ChangeRecord[] = [];
    let warehouseId = d.input.warehouseId;
    if (!warehouseId) {
      // a warehouse the shop does not have yet (it feeds the web shop unless the file says otherwise)
      const [w] = await sp
        .insert(warehouses)
        .values({ shopId: ctx.shopId, name: d.input.warehouse, feedsWebShop: unit.feedsWebShop ?? true })
        .returning({ id: warehouses.id });
      warehouseId = w.id;
      changes.push({ entity: 'warehouse', entityId: w.id, action: 'created', before: null });
    }
    // what is on hand now, under lock (a concurrent movement cannot slip in between)
    const [level] = await sp
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, d.input.formatId)))
      .for('update');
    const onHand = level?.onHand ?? 0;
    const diff = unit.quantity - onHand;
    if (diff) {
      const [movement] = await applyMovements(sp, { shopId: ctx.shopId, userId: ctx.userId }, [
        {
          warehouseId,
          formatId: d.input.formatId,
          quantity: diff,
          kind: 'inventory',
          documentType: 'inventory',
          reason: M.importReason(importId!, meta.fileName),
        },
      ]);
      changes.push({
        entity: 'stock',
        entityId: movement.id,
        action: 'updated',
        before: { warehouseId, formatId: d.input.formatId, onHand, quantity: diff },
      });
    }
    return { changes, action: changes.some((c) => c.entity === 'stock') || unit.quantity !== onHand ? 'update' : 'unchanged' };
  },

  wrote(_db, _ctx, index, d, unit, written) {
    if (d.action === 'error') return;
    const created = written.changes.find((c) => c.entity === 'warehouse');
    const warehouseId = created?.entityId ?? d.input.warehouseId!;
    if (created)
      index.warehouses.push({ id: warehouseId, name: d.input.warehouse, archived: false, feedsWebShop: unit.feedsWebShop ?? true });
    index.levels.set(`${warehouseId}:${d.input.formatId}`, unit.quantity);
  },

  locate: ({ meta }, _d, unit, field) => ({
    line: unit.row,
    column: field === 'occurredAt' ? undefined : col(meta, field === 'warehouseId' ? 'warehouse' : 'quantity'),
  }),

  revert: (tx, scope, change) => revertStock(tx, scope, change),
};

/** Revert of a stock change (the opposite movement) or of a warehouse the import created, in the caller's transaction. */
async function revertStock(
  tx: DbOrTx,
  ctx: RevertScope,
  change: { entity: string; entityId: number; before: Record<string, unknown> | null },
) {
  if (change.entity === 'warehouse') {
    const where = and(eq(warehouses.shopId, ctx.shopId), eq(warehouses.id, change.entityId));
    const [used] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.warehouseId, change.entityId))
      .limit(1);
    const [held] = await tx
      .select({ id: stockLevels.id })
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, change.entityId), gt(stockLevels.onHand, 0)))
      .limit(1);
    if (used || held) {
      await tx.update(warehouses).set({ archived: true }).where(where);
      return 'archived' as const;
    }
    const gone = await tx.delete(warehouses).where(where).returning({ id: warehouses.id });
    return gone.length ? ('deleted' as const) : ('gone' as const);
  }
  const b = change.before as { warehouseId: number; formatId: number; quantity: number } | null;
  if (!b?.quantity) return 'gone' as const;
  try {
    await tx.transaction(async (sp) => {
      await applyMovements(sp, { shopId: ctx.shopId, userId: ctx.userId }, [
        {
          warehouseId: b.warehouseId,
          formatId: b.formatId,
          quantity: -b.quantity,
          kind: 'inventory',
          documentType: 'inventory',
          reason: M.revertReason(ctx.importId),
        },
      ]);
    });
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) {
      const [f] = await tx
        .select({
          productName: products.name,
          unity: productFormats.unity,
          unityValue: productFormats.unityValue,
          nameInShop: productFormats.nameInShop,
        })
        .from(productFormats)
        .innerJoin(products, eq(products.id, productFormats.productId))
        .where(eq(productFormats.id, b.formatId));
      const what = f ? `le stock de ${formatLabel({ ...f, vintageName: null })}` : 'un stock';
      throw new HttpError(409, M.revertBlocked(what, err.message));
    }
    throw err;
  }
  return 'restored' as const;
}
