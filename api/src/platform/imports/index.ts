/**
 * The import pipeline shared by the modules that read a customer's file (clients, shop data, tariffs):
 *
 *   file → bounded parse (here) → column map per entity → validate → dry run → apply → revert
 *
 * The bounded parse reads a CSV (papaparse) or an XLSX (exceljs, its archive checked with fflate) within
 * `ImportLimits`: a zipped workbook is refused from what its directory declares before anything is inflated, again
 * while inflating (a directory can lie), and a sheet's rows, columns and cells are counted before exceljs builds
 * them, so a small file that expands to gigabytes costs neither time nor memory. Every refusal is a 4xx with a
 * French message naming the request field.
 *
 * The column map (`columns.ts`) is shared too: a module declares its entity's fields with the header our export
 * writes and their synonyms, and `columnMatcher` compares a file's headers through `headerKey` (no accents, case,
 * spaces nor punctuation), the first column naming a field being the one read, the others reported as duplicates,
 * the headers naming nothing as unknown. The tariffs pass their own key (case only): their columns are typologies,
 * which may differ by an accent.
 *
 * The later stages run once for every entity too (`pipeline.ts`): a module describes its entity as an `ImportEntity`
 * — `read` (validate the rows, no I/O), `load` + `decide` (each unit against the stored data: create / update /
 * unchanged / error), `write` (one unit, in its savepoint), `revert` (one change record, from its `before` values) —
 * and `previewImport` / `planImport` (the dry run: every unit decided, nothing written), `applyImport` (in the
 * caller's transaction: each unit decided again, written in its own savepoint, a 4xx refusal kept as that unit's
 * error, anything else stopping the run; its change records kept through `record`) and `revertImport` (the records
 * undone newest first) run the stages. Every stage reports in one `RowError` (`row-errors.ts`): the file's line, the
 * column as the file names it, the entity's field where the answer names fields, a French message; how it is shown
 * (« Ligne n, colonne … », `field`, `column`) stays each module's answer.
 *
 * What stays each module's: its columns, its rows and what they become, the tables it writes and how it undoes them,
 * and where an import's rows live between its stages — shop data: the shop_imports row, applied by a job in batches,
 * its records in shop_import_changes; clients: a JSON file, run in one transaction without savepoints (one statement
 * a line; the clients it creates carry its import id, the previous values of merged clients are kept in the file);
 * tariffs: the request itself (a file with errors is not applied, and a price import keeps no record: no undo).
 *
 * The platform knows no module: modules import this folder, never the other way.
 */
export {
  columnMatcher,
  headerKey,
  normaliseHeader,
  type ColumnMatch,
  type ColumnMatcher,
  type ColumnMatcherOptions,
  type DeclaredColumn,
  type MatchedColumn,
} from './columns';
export { DEFAULT_IMPORT_LIMITS, IMPORT_LIMIT_MESSAGES, type ImportLimits } from './limits';
export {
  readHeadedTable,
  readTextTable,
  readValueTable,
  uniqueHeaders,
  type CellValue,
  type HeadedTable,
  type ImportTable,
  type ReadOptions,
  type TableRow,
} from './parse';
export { isZip } from './zip';
export {
  applyImport,
  missingColumnGroups,
  planImport,
  previewImport,
  revertImport,
  type Applied,
  type ApplyOptions,
  type ApplyResult,
  type ChangeRecord,
  type Decision,
  type ImportCounts,
  type ImportEntity,
  type Plan,
  type ReadResult,
  type RevertOutcome,
  type RevertTally,
  type StoredTarget,
  type UnitAction,
  type Written,
} from './pipeline';
export { byLine, linesInError, refusalOf, rowError, type RowError } from './row-errors';
