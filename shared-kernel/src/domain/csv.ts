// The one CSV writer of the platform: the api's exports and the back-office list exports write through it.
// RFC 4180 quoting comes from papaparse; the defaults are what French spreadsheets open as is (';' separator, UTF-8
// with a BOM, decimal comma, CRLF). The formula rule is ours and follows OWASP (CSV injection): a text cell starting
// with '=', '+', '-', '@', a tab or a carriage return gets a leading apostrophe (and quotes), so a spreadsheet shows
// it as text instead of running it. Only text is neutralised: a number given as a number (-12.5, csvFixed(-12.5, 2))
// is written as a number, so amounts stay numeric.
import Papa from 'papaparse';

export const CSV_BOM = '\ufeff';
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A number written with exactly `digits` decimals (amounts: 12,50 rather than 12,5). */
export interface CsvFixed {
  readonly fixed: number;
  readonly digits: number;
}
export const csvFixed = (value: number, digits: number): CsvFixed => ({ fixed: value, digits });
const isFixed = (v: unknown): v is CsvFixed =>
  typeof v === 'object' && v !== null && typeof (v as CsvFixed).fixed === 'number' && typeof (v as CsvFixed).digits === 'number';

export interface CsvOptions {
  /** default ';' */
  separator?: string;
  /** decimal mark of numbers, default ',' */
  decimal?: '.' | ',';
  /** texts of true and false, default Oui / Non */
  booleans?: readonly [string, string];
  /** line end, default CRLF */
  newline?: string;
  /** the UTF-8 BOM first (Excel then reads the accents), default true */
  bom?: boolean;
}

/** A text a spreadsheet would run as a formula, made plain text ("'=…"); any other text as it is. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A spreadsheet (XLSX) cell: text neutralised as in a CSV, numbers, dates and the rest as they are. */
export function spreadsheetCell<T>(value: T): T {
  return (typeof value === 'string' ? neutralizeFormula(value) : value) as T;
}

const numberText = (n: number, decimal: string, digits?: number) =>
  Number.isFinite(n) ? (digits === undefined ? String(n) : n.toFixed(digits)).replace('.', decimal) : '';

/** What a value reads as in a cell, before neutralising: numbers with the decimal mark, Oui/Non, ISO dates. */
function plainText(value: unknown, o: CsvOptions): { text: string; numeric: boolean } {
  const decimal = o.decimal ?? ',';
  if (value === null || value === undefined) return { text: '', numeric: false };
  if (typeof value === 'number') return { text: numberText(value, decimal), numeric: true };
  if (typeof value === 'bigint') return { text: value.toString(), numeric: true };
  if (isFixed(value)) return { text: numberText(value.fixed, decimal, value.digits), numeric: true };
  if (typeof value === 'boolean') {
    const [yes, no] = o.booleans ?? ['Oui', 'Non'];
    return { text: value ? yes : no, numeric: false };
  }
  if (value instanceof Date) return { text: Number.isNaN(value.getTime()) ? '' : value.toISOString(), numeric: false };
  if (Array.isArray(value)) return { text: value.map((v) => plainText(v, o).text).join(', '), numeric: false };
  return { text: String(value), numeric: false };
}

/** The text of one cell, unquoted: numbers kept numeric, any text starting like a formula neutralised. */
export function csvCell(value: unknown, options: CsvOptions = {}): string {
  const { text, numeric } = plainText(value, options);
  return numeric ? text : neutralizeFormula(text);
}

const NEUTRALIZED = /^'[=+\-@\t\r]/;

function unparse(rows: readonly (readonly unknown[])[], options: CsvOptions): string {
  return Papa.unparse(
    rows.map((r) => r.map((v) => csvCell(v, options))),
    {
      delimiter: options.separator ?? CSV_SEPARATOR,
      newline: options.newline ?? '\r\n',
      header: false,
      // a neutralised cell is quoted too, as OWASP advises
      quotes: (value: unknown) => typeof value === 'string' && NEUTRALIZED.test(value),
    },
  );
}

/** The CSV text of a header and its rows: the BOM (unless `bom: false`), lines separated by the newline. */
export function writeCsv(header: readonly string[] | null, rows: readonly (readonly unknown[])[], options: CsvOptions = {}): string {
  const all = header ? [header, ...rows] : rows;
  return (options.bom === false ? '' : CSV_BOM) + unparse(all, options);
}

/** CSV lines of `rows`, each one ended by the newline (no BOM): for a file written page by page. */
export function csvLines(rows: readonly (readonly unknown[])[], options: CsvOptions = {}): string {
  return rows.length ? unparse(rows, options) + (options.newline ?? '\r\n') : '';
}
