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
 * The later stages are still each module's own: what a row becomes, how it is written and undone. What they would
 * share, once ported, is an entity described once, e.g.
 *
 *   interface ImportEntity<F extends string, Unit, Change> {
 *     columns: DeclaredColumn<F>[];                  // the column map (done)
 *     required?: F[][];                              // at least one field of each group must have a column
 *     read(row: TableRow<string>, map: ColumnMatch<F>): { unit?: Unit; errors: RowError[] };   // validate, no I/O
 *     plan(db, ctx, units: Unit[]): Promise<Decision<Unit>[]>;        // dry run: create / update / unchanged / error
 *     apply(tx, ctx, units: Unit[], importId): Promise<Change[]>;     // one savepoint per unit
 *     revert(tx, ctx, changes: Change[]): Promise<void>;              // from what apply recorded (the `before` values)
 *   }
 *
 * with a `RowError` { line, column (the file's header), message } every stage reports in, and the dry run being
 * `plan` answered without `apply`. Shop data is closest to this already (`EntityImport`, `ChangeRecord`); the
 * clients keep their rows and the previous values of merged clients in a JSON file and plan and run in one
 * transaction; the tariffs preview and apply one diff of prices and keep no record to revert. Where the rows of an
 * import live between its stages (a file, a table) and whether it runs in the request or as a job are the
 * decisions to take before porting.
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
