import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../errors';
import { DEFAULT_IMPORT_LIMITS, IMPORT_LIMIT_MESSAGES as L, maxLinesOf, type ImportLimits } from './limits';
import { SheetBounds } from './sheet-bounds';
import { checkZip, isZip } from './zip';
import { loadExcelJs } from '../heavy-libraries';

export type CellValue = string | number | null;

/** A row of the file: its line (CSV record or spreadsheet row number, the header's included) and its cells. */
export interface TableRow<C> {
  line: number;
  cells: C[];
}

export interface ReadOptions {
  /** the request field holding the file, named by every refusal */
  field: string;
  /** the module's messages: a file that cannot be read, a file without data */
  messages: { unreadable: string; empty: string; noSheet?: string };
  limits?: Partial<ImportLimits>;
  /** read as a workbook (default: when the bytes are a zip) */
  xlsx?: boolean;
  csv?: {
    /** a fixed separator, or one chosen from the text; else papaparse guesses among `guess` */
    delimiter?: (text: string) => string;
    guess?: string[];
    skipEmptyLines?: boolean | 'greedy';
    /** 'utf-8': as is; 'legacy' (default): UTF-8, else Windows-1252 (old Excel exports), and a NUL byte refused */
    encoding?: 'utf-8' | 'legacy';
  };
}

export interface ImportTable<C> {
  format: 'csv' | 'xlsx';
  rows: Array<TableRow<C>>;
  /** papaparse's complaints (unbalanced quotes…): a CSV with some may still be read */
  csvErrors: number;
}

function decodeText(buf: Buffer, opts: ReadOptions): string {
  if (opts.csv?.encoding === 'utf-8') return buf.toString('utf8').replace(/^\uFEFF/, '');
  if (buf.includes(0)) throw new HttpError(400, opts.messages.unreadable, opts.field);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('windows-1252').decode(buf);
  }
  return text.replace(/^\uFEFF/, '');
}

/** A CSV record by record: the bounds are checked as papaparse goes, which stops at the first one crossed. */
function readCsv(buf: Buffer, opts: ReadOptions, limits: ImportLimits): ImportTable<string> {
  const text = decodeText(buf, opts);
  const rows: Array<TableRow<string>> = [];
  let errors = 0;
  let cells = 0;
  let refusal: HttpError | undefined;
  const maxLines = maxLinesOf(limits);
  Papa.parse<string[]>(text, {
    ...(opts.csv?.delimiter ? { delimiter: opts.csv.delimiter(text) } : { delimitersToGuess: opts.csv?.guess ?? [';', ','] }),
    skipEmptyLines: opts.csv?.skipEmptyLines ?? false,
    step: (result, parser) => {
      errors += result.errors.length;
      const record = result.data;
      cells += record.length;
      if (rows.length >= maxLines) refusal = new HttpError(400, L.tooManyRows(limits.maxRows), opts.field);
      else if (record.length > limits.maxColumns) refusal = new HttpError(400, L.tooManyColumns(limits.maxColumns), opts.field);
      else if (cells > limits.maxCells) refusal = new HttpError(400, L.tooManyCells(limits.maxCells), opts.field);
      if (refusal) return parser.abort();
      rows.push({ line: rows.length + 1, cells: record.map((c) => (c ?? '').toString()) });
    },
  });
  if (refusal) throw refusal;
  return { format: 'csv', rows, csvErrors: errors };
}

/** ExcelJS's worksheets: what `Workbook.xlsx.load` reads as a sheet. */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;

/** A workbook's first sheet, once its archive and its sheets are known to be within the bounds. */
async function readXlsx<C>(
  buf: Buffer,
  opts: ReadOptions,
  limits: ImportLimits,
  cellOf: (cell: ExcelJS.Cell) => C,
): Promise<ImportTable<C>> {
  const counted = { cells: 0 };
  const sheets: SheetBounds[] = [];
  checkZip(buf, { limits, field: opts.field, unreadable: opts.messages.unreadable }, (name) => {
    if (!WORKSHEET.test(name)) return undefined;
    const bounds = new SheetBounds(limits, opts.field, counted);
    sheets.push(bounds);
    return (chunk) => bounds.push(chunk);
  });
  for (const s of sheets) s.end();
  const Excel = await loadExcelJs();
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(400, opts.messages.unreadable, opts.field);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new HttpError(400, opts.messages.noSheet ?? opts.messages.empty, opts.field);
  const rows: Array<TableRow<C>> = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: C[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(cellOf(row.getCell(i)));
    rows.push({ line: row.number, cells });
  });
  return { format: 'xlsx', rows, csvErrors: 0 };
}

const limitsOf = (opts: ReadOptions): ImportLimits => ({ ...DEFAULT_IMPORT_LIMITS, ...opts.limits });

/** The file's rows as the spreadsheet shows them (a cell's displayed text; CSV cells as written). */
export async function readTextTable(buf: Buffer, opts: ReadOptions): Promise<ImportTable<string>> {
  if (!buf.length) throw new HttpError(400, opts.messages.empty, opts.field);
  const limits = limitsOf(opts);
  return (opts.xlsx ?? isZip(buf)) ? readXlsx(buf, opts, limits, (c) => c.text ?? '') : readCsv(buf, opts, limits);
}

function valueOf(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('result' in v) return valueOf(v.result as ExcelJS.CellValue); // formula: its computed value
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
  }
  return String(v);
}

/** The file's rows as values: numbers stay numbers, an empty cell is null, a formula gives its result. */
export async function readValueTable(buf: Buffer, opts: ReadOptions): Promise<ImportTable<CellValue>> {
  if (!buf.length) throw new HttpError(400, opts.messages.empty, opts.field);
  const limits = limitsOf(opts);
  return (opts.xlsx ?? isZip(buf)) ? readXlsx(buf, opts, limits, (c) => valueOf(c.value)) : readCsv(buf, opts, limits);
}

/** A file with a header line and its data rows. */
export interface HeadedTable {
  /** unique and non-empty: a blank header is « Colonne n », a repeated one « Nom (2) » */
  headers: string[];
  /** the non-blank rows, as many trimmed cells as headers */
  rows: Array<TableRow<string>>;
}

/** The header line and the non-blank data rows (at most `maxRows`); 400 naming the field. `cell` rewrites each cell first. */
export async function readHeadedTable(buf: Buffer, opts: ReadOptions & { cell?: (s: string) => string }): Promise<HeadedTable> {
  const limits = limitsOf(opts);
  const table = await readTextTable(buf, opts);
  const cell = opts.cell ?? ((s: string) => s);
  const all = table.rows.map((r) => ({ line: r.line, cells: r.cells.map(cell) })).filter((r) => r.cells.some((c) => c.trim()));
  const [head, ...body] = all;
  if (!head || !body.length) throw new HttpError(400, opts.messages.empty, opts.field);
  if (body.length > limits.maxRows) throw new HttpError(400, L.tooManyRows(limits.maxRows), opts.field);
  const headers = uniqueHeaders(head.cells);
  return { headers, rows: body.map((r) => ({ line: r.line, cells: headers.map((_, i) => (r.cells[i] ?? '').trim()) })) };
}

export function uniqueHeaders(head: string[]): string[] {
  const seen = new Map<string, number>();
  return head.map((h, i) => {
    const base = h.trim() || `Colonne ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n > 1 ? `${base} (${n})` : base;
  });
}
