// Shapes shared by the import steps (issue 17).
import type { Sheet } from './shop-data.file';
import type { ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import type { DbOrTx } from '../../platform/db/client';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';

/** A problem of one row: its line in the file, the column (header as written in the file) and a sentence naming both. */
export interface RowError {
  row: number;
  field?: string;
  message: string;
}

export const rowError = (row: number, column: string | undefined, message: string): RowError => ({
  row,
  ...(column ? { field: column } : {}),
  message: M.at(row, column, message),
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
export interface ChangeRecord {
  entity: 'product' | 'client' | 'stock' | 'warehouse';
  entityId: number;
  action: 'created' | 'updated';
  before: Record<string, unknown> | null;
}

/** A unit (one object of the file) once decided against the shop's data. */
export type Decision<I> =
  | { action: 'create'; input: I; preview: PreviewItem }
  | { action: 'update' | 'unchanged'; id: number; input: I; before: Record<string, unknown>; preview: PreviewItem }
  | { action: 'error'; errors: RowError[]; preview: PreviewItem };

/** A unit applied: what changed, or why it could not be. */
export interface Applied {
  action: UnitAction;
  changes: ChangeRecord[];
  errors: RowError[];
}

/** Each entity (products, clients, stock): read the file, decide each unit (read only), apply one. */
export interface EntityImport<U> {
  read(sheet: Sheet, map: ColumnMap, ctx: ImportContext): { units: U[]; errors: RowError[]; meta: Omit<ImportMeta, 'fileName'> };
  /** decides every unit against the shop's data as it is, writing nothing */
  plan(db: DbOrTx, ctx: ImportContext, meta: ImportMeta, units: U[]): Promise<Array<Decision<unknown>>>;
  /** applies a batch in the caller's transaction, one savepoint per unit (a unit's failure leaves the others) */
  apply(tx: DbOrTx, ctx: ImportContext, meta: ImportMeta, units: U[], importId: number): Promise<Applied[]>;
}

/** The column header for a field key. */
export const col = (meta: Pick<ImportMeta, 'columns'>, key: string): string | undefined => meta.columns[key];
