import {
  TARIFF_FIXED_COLUMNS,
  TARIFF_ID_COLUMN,
  TARIFF_MESSAGES,
  type TariffChange,
  type TariffImportError,
  type TariffTypology,
} from 'shared-kernel/contracts';
import {
  columnMatcher,
  missingColumnGroups,
  rowError,
  type ChangeRecord,
  type ImportEntity,
  type ReadResult,
  type RowError,
} from '../../platform/imports';
import { formatLabel, parseEuros } from './tariffs.domain';
import type { Sheet } from './tariffs.files';
import { allFormatLines, pricesOf, upsertPrices, type FormatLine, type PriceRow } from './tariffs.repository';

/**
 * A price file (our export, edited) for the shared import stages: a row is one format (its « Id format »), each
 * non-empty typology column one price. The dry run answers old → new per cell and the errors per line; a file with
 * errors is not applied; a run writes each row's prices in the caller's transaction. The writes are recorded (the
 * previous price of each cell), but a price import keeps no record between requests, so it has no undo.
 */

export type PriceItem = { formatId: number; typology: string; priceCents: number; visible?: boolean };

export const priceKey = (formatId: number, typology: string) => `${formatId}:${typology}`;
export const priceMap = (rows: PriceRow[]) => new Map(rows.map((p) => [priceKey(p.formatId, p.typology), p]));
const norm = (s: string) => s.trim().toLowerCase();

export function changeOf(line: FormatLine, typology: string, oldCents: number | null, newCents: number, fileLine?: number): TariffChange {
  return {
    formatId: line.formatId,
    typology,
    productName: line.productName,
    vintage: line.vintage,
    formatLabel: formatLabel(line),
    oldCents,
    newCents,
    ...(fileLine !== undefined ? { line: fileLine } : {}),
  };
}

// The tariff file's headers are compared by case only (accents and punctuation kept): two typologies may differ by
// an accent, and the file is our own export's, written back.
const FIXED_COLUMNS = columnMatcher<string>(
  TARIFF_FIXED_COLUMNS.map((h) => ({ field: h, header: h })),
  { key: norm },
);
const typologyColumns = (typologies: TariffTypology[]) =>
  columnMatcher(
    typologies.map((t) => ({ field: t.id, synonyms: [t.id, t.name] })),
    { key: norm },
  );

const REQUIRED = [[TARIFF_ID_COLUMN]];

export interface TariffImportCtx {
  shopId: number;
  typologies: TariffTypology[];
}

/** One data row: the format id as written and its non-empty price cells. */
export interface TariffUnit {
  line: number;
  rawId: string;
  cells: Array<{ typology: string; title: string; raw: string | number }>;
}

/** A price cell decided: the price to write, and the change it shows (null: the price is already that). */
export interface PriceCell {
  key: string;
  item: PriceItem;
  old: number | null;
  change: TariffChange | null;
}

interface TariffState {
  formats: Map<number, FormatLine>;
  current: Map<string, PriceRow | { priceCents: number }>;
}

export type PriceChange = ChangeRecord<'price'>;

interface TariffEntity extends ImportEntity<
  Sheet,
  TariffImportCtx,
  TariffUnit,
  PriceCell[],
  PriceCell[],
  PriceChange,
  TariffState,
  { format: FormatLine }
> {
  /** also says how many data lines the file has */
  read(sheet: Sheet, ctx: TariffImportCtx): ReadResult<TariffUnit> & { lines: number };
}

export const tariffsImport: TariffEntity = {
  required: REQUIRED,
  // a row is one statement (an upsert of its prices) and a file is applied whole or not at all
  savepoints: false,
  lineOf: (unit) => unit.line,

  read(sheet, { typologies }) {
    const errors: RowError[] = [];
    const none = { units: [], lines: 0 };
    const header = (sheet[0] ?? []).map((c) => String(c ?? '').trim());
    const fixed = FIXED_COLUMNS.match(header);
    if (missingColumnGroups(REQUIRED, (f) => fixed.index.has(f)).length)
      return { ...none, errors: [rowError(1, undefined, TARIFF_MESSAGES.fileNoIdColumn)] };
    const idCol = fixed.index.get(TARIFF_ID_COLUMN)!;
    // a price column is named by its typology's id or name, « (HT) » / « (TTC) » aside; a typology given twice is read twice
    const priced = typologyColumns(typologies).match(header.map((h) => h.replace(/\s*\((HT|TTC)\)\s*$/i, '')));
    const priceCols: Array<{ index: number; typology: string; title: string }> = [];
    header.forEach((h, index) => {
      if (!h || fixed.columns[index].field) return;
      const id = priced.columns[index].field;
      const t = id === null ? undefined : typologies.find((x) => x.id === id);
      if (t) priceCols.push({ index, typology: t.id, title: h });
      else errors.push(rowError(1, h, TARIFF_MESSAGES.lineUnknownTypology(h)));
    });
    if (!priceCols.length) return { ...none, errors: [...errors, rowError(1, undefined, TARIFF_MESSAGES.fileNoPriceColumn)] };
    const filled = sheet
      .slice(1)
      .map((cells, i) => ({ line: i + 2, cells }))
      .filter((r) => r.cells.some((c) => c !== null && String(c).trim() !== ''));
    const units = filled.map(({ line, cells }) => ({
      line,
      rawId: String(cells[idCol] ?? '').trim(),
      cells: priceCols.flatMap((col) => {
        const raw = cells[col.index];
        // an empty cell: no change
        return raw === null || raw === undefined || String(raw).trim() === '' ? [] : [{ typology: col.typology, title: col.title, raw }];
      }),
    }));
    return { units, errors, lines: filled.length };
  },

  async load(db, { shopId }, units) {
    const ids = units.map((u) => Number(u.rawId)).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
    const lines = ids.length ? await allFormatLines(db, shopId, {}, [...new Set(ids)]) : [];
    const formats = new Map(lines.map((l) => [l.formatId, l]));
    return { formats, current: priceMap(await pricesOf(db, shopId, [...formats.keys()])) };
  },

  decide(_db, _ctx, unit, state) {
    const format = /^\d{1,10}$/.test(unit.rawId) ? state.formats.get(Number(unit.rawId)) : undefined;
    if (!format)
      return { action: 'error', errors: [rowError(unit.line, TARIFF_ID_COLUMN, TARIFF_MESSAGES.lineFormatId(unit.rawId))], preview: [] };
    const errors: RowError[] = [];
    const cells: PriceCell[] = [];
    for (const c of unit.cells) {
      const cents = parseEuros(c.raw);
      if (cents === null) {
        errors.push(rowError(unit.line, c.title, TARIFF_MESSAGES.lineBadNumber(c.title, String(c.raw))));
        continue;
      }
      const key = priceKey(format.formatId, c.typology);
      const old = state.current.get(key)?.priceCents ?? null;
      cells.push({
        key,
        item: { formatId: format.formatId, typology: c.typology, priceCents: cents },
        old,
        change: old === cents ? null : changeOf(format, c.typology, old, cents, unit.line),
      });
    }
    // the row's valid cells still show in the dry run: a file with errors is not applied anyway
    if (errors.length) return { action: 'error', errors, preview: cells };
    return { action: cells.some((c) => c.change) ? 'update' : 'unchanged', input: cells, preview: cells, format };
  },

  async write(sp, { shopId }, d) {
    if (d.action !== 'update') return { changes: [] };
    const cells = netPrices(d.input);
    if (!cells.length) return { changes: [] };
    await upsertPrices(
      sp,
      shopId,
      cells.map((c) => c.item),
    );
    return {
      changes: cells.map(({ item, change }) => ({
        entity: 'price',
        entityId: item.formatId,
        action: change.oldCents === null ? 'created' : 'updated',
        before: { typology: item.typology, priceCents: change.oldCents },
      })),
    };
  },

  // a format's price given again further down the file is decided against the one just written
  wrote(_db, _ctx, state, d) {
    if (d.action === 'update') for (const c of d.input) state.current.set(c.key, { priceCents: c.item.priceCents });
  },
};

/**
 * The prices a file sets, cell by cell in the file's order: a cell given again further down wins, and one equal to the
 * stored price cancels an earlier change of that cell.
 */
export function netPrices(cells: PriceCell[]): Array<{ item: PriceItem; change: TariffChange }> {
  const wanted = new Map<string, { item: PriceItem; change: TariffChange }>();
  for (const c of cells) {
    if (!c.change) wanted.delete(c.key);
    else wanted.set(c.key, { item: c.item, change: c.change });
  }
  return [...wanted.values()];
}

/** A row error as the tariffs' answer shows it: line, column, message. */
export const tariffError = (e: RowError): TariffImportError => ({
  line: e.line,
  ...(e.column ? { column: e.column } : {}),
  message: e.message,
});
