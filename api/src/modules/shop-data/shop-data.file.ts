// Reading an import file: CSV (';', ',' or tab detected, UTF-8 with or without BOM, Windows-1252 as a
// fallback for old Excel exports) or XLSX (first sheet). Each data row keeps its line number in the file (the
// spreadsheet's row number: blank rows are skipped without shifting the numbers of the others).
import { readHeadedTable } from '../../platform/imports';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';

export const SHOP_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const SHOP_IMPORT_MAX_ROWS = 50_000;

export interface SheetRow {
  /** line of the file (CSV record or spreadsheet row number, the header's included) */
  line: number;
  cells: string[];
}
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/** A cell our export protected against spreadsheet formulas (shared-kernel/domain/csv: "'" before = + - @ tab CR) is read back as written. */
const unprotect = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** The separator the header line uses most (';' on a tie: the French spreadsheets' habit). */
function separatorOf(text: string): string {
  const head = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const n = (c: string) => head.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (n(c) > n(best) ? c : best), ';');
}

/**
 * The file's headers (unique, blanks named « Colonne n ») and its non-blank data rows, read within the import bounds;
 * 400 (413 for a workbook too big once inflated) naming `file`.
 */
export async function readSheet(buf: Buffer): Promise<Sheet> {
  return readHeadedTable(buf, {
    field: 'file',
    messages: { unreadable: M.fileUnreadable, empty: M.fileEmpty },
    limits: { maxRows: SHOP_IMPORT_MAX_ROWS },
    // blank lines are kept (and skipped later) so that every row keeps its line number
    csv: { delimiter: separatorOf, skipEmptyLines: false },
    cell: unprotect,
  });
}
