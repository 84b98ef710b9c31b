// Shapes of a whole-shop import: its entities are described for the shared import stages (platform/imports), the
// errors are the stages' RowError, shown here as « Ligne n, colonne « … » : … ».
import type { Sheet } from './shop-data.file';
import type { ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import {
  rowError,
  type ChangeRecord as PipelineChange,
  type Decision as PipelineDecision,
  type ImportEntity,
  type ReadResult,
  type RevertOutcome,
  type RowError,
  type StoredTarget,
} from '../../platform/imports';
import type { DbOrTx } from '../../platform/db/client';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';

export { rowError, type RowError };

/** A row error as the import's answers and its stored errors show it: the line, the column, a sentence naming both. */
export interface ShopRowError {
  row: number;
  field?: string;
  message: string;
}

/** The sentence of a row error: « Ligne n, colonne « h » : message ». */
export const errorText = (e: RowError): string => M.at(e.line, e.column, e.message);

export const toShopRowError = (e: RowError): ShopRowError => ({
  row: e.line,
  ...(e.column ? { field: e.column } : {}),
  message: errorText(e),
});

export type UnitAction = 'create' | 'update' | 'unchanged' | 'error';

/** One object as it will be imported (the preview's rows). */
export interface PreviewItem {
  row: number;
  action: UnitAction;
  label: string;
  details: string;
}

/** How the file named things, kept with the import (its first stored row) for the messages of the run. */
export interface ImportMeta {
  fileName: string;
  /** field key → header of the file */
  columns: Record<string, string>;
  /** typology id → header of its price column (products) */
  prices: Record<string, string>;
}

/** What an import did to one object: revert undoes it. */
export type ChangeRecord = PipelineChange<'product' | 'client' | 'stock' | 'warehouse'>;

/** A unit (one object of the file) once decided against the shop's data. */
export type Decision<I> = PipelineDecision<I, PreviewItem>;

/** What every stage of a shop import knows: the shop (typologies, match grids) and how the file named its columns. */
export interface ShopImportCtx {
  shop: ImportContext;
  meta: ImportMeta;
}

/** What a revert knows: the shop, who reverts, which import. */
export interface RevertScope {
  shopId: number;
  userId: number | null;
  importId: number;
}

/** Each entity (products, clients, stock), described for the shared stages; its read also says its price columns. */
export interface ShopEntity<U, I, S> extends ImportEntity<
  ShopSource,
  ShopImportCtx,
  U,
  I,
  PreviewItem,
  ChangeRecord,
  S,
  StoredTarget,
  RevertScope
> {
  read(source: ShopSource, ctx: ShopImportCtx): ReadResult<U> & { prices: Record<string, string> };
  revert(tx: DbOrTx, scope: RevertScope, change: ChangeRecord): Promise<RevertOutcome>;
}

export interface ShopSource {
  sheet: Sheet;
  map: ColumnMap;
}

/** The column header for a field key. */
export const col = (meta: Pick<ImportMeta, 'columns'>, key: string): string | undefined => meta.columns[key];
