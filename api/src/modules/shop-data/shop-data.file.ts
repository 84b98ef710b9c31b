// Reading an import file (issue 17): CSV (';', ',' or tab detected, UTF-8 with or without BOM, Windows-1252 as a
// fallback for old Excel exports) or XLSX (first sheet). Each data row keeps its line number in the file (the
// spreadsheet's row number: blank rows are skipped without shifting the numbers of the others).
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { HttpError } from '../../platform/errors';
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

const isZip = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

function decodeText(buf: Buffer): string {
  if (buf.includes(0)) throw new HttpError(400, M.fileUnreadable, 'file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    text = new TextDecoder('windows-1252').decode(buf);
  }
  return text.replace(/^\uFEFF/, '');
}

/** A cell our export protected against spreadsheet formulas ("'=…") is read back as written. */
const unprotect = (s: string) => (/^'[=+@\t\r]/.test(s) ? s.slice(1) : s);

/** The separator the header line uses most (';' on a tie: the French spreadsheets' habit). */
function separatorOf(text: string): string {
  const head = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const n = (c: string) => head.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (n(c) > n(best) ? c : best), ';');
}

function parseCsv(buf: Buffer): SheetRow[] {
  const text = decodeText(buf);
  // blank lines are kept (and skipped later) so that every row keeps its line number
  const result = Papa.parse<string[]>(text, { delimiter: separatorOf(text), skipEmptyLines: false });
  return result.data.map((r, i) => ({ line: i + 1, cells: r.map((c) => unprotect((c ?? '').toString())) }));
}

async function parseXlsx(buf: Buffer): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(400, M.fileUnreadable, 'file');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new HttpError(400, M.fileEmpty, 'file');
  const out: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(unprotect(row.getCell(i).text ?? ''));
    out.push({ line: row.number, cells });
  });
  return out;
}

/** The file's headers (unique, blanks named « Colonne n ») and its non-blank data rows; 400 naming `file`. */
export async function readSheet(buf: Buffer): Promise<Sheet> {
  if (!buf.length) throw new HttpError(400, M.fileEmpty, 'file');
  const all = (isZip(buf) ? await parseXlsx(buf) : parseCsv(buf)).filter((r) => r.cells.some((c) => c.trim()));
  const [head, ...body] = all;
  if (!head || !body.length) throw new HttpError(400, M.fileEmpty, 'file');
  if (body.length > SHOP_IMPORT_MAX_ROWS) throw new HttpError(400, M.tooManyRows(SHOP_IMPORT_MAX_ROWS), 'file');
  const seen = new Map<string, number>();
  const headers = head.cells.map((h, i) => {
    const base = h.trim() || `Colonne ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n > 1 ? `${base} (${n})` : base;
  });
  return { headers, rows: body.map((r) => ({ line: r.line, cells: headers.map((_, i) => (r.cells[i] ?? '').trim()) })) };
}
