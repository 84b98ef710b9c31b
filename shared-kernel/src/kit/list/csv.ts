// CSV export of a list for French spreadsheets: ';' separator, UTF-8 with a BOM (Excel then reads the accents),
// decimal comma, cells starting like a formula neutralised (CSV injection). Built with papaparse.
import Papa from 'papaparse';
import type { Paginated } from 'shared-kernel/contracts';
import { PAGE_SIZE_MAX } from 'shared-kernel/contracts';
import { downloadBlob } from '../download';

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

export const CSV_BOM = '\ufeff';
export const CSV_SEPARATOR = ';';
/** Rows exported at most when paging through a list (a bigger export belongs to a server job). */
export const CSV_EXPORT_CAP = 10_000;

// '=', '+', '@', tab, CR, or '-' not starting a number: a spreadsheet would run it as a formula.
const FORMULA = /^(?:[=+@\t\r]|-(?!\d[\d\s.,]*$))/;

/** A cell as a French spreadsheet reads it: decimal comma, Oui/Non, '' for nothing. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(csvCell).join(', ');
  return String(value);
}

/** The CSV text (BOM included) of `rows`. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const body = Papa.unparse(
    { fields: columns.map((c) => c.title), data: rows.map((row) => columns.map((c) => csvCell(c.value(row)))) },
    { delimiter: CSV_SEPARATOR, newline: '\r\n', escapeFormulae: FORMULA },
  );
  return CSV_BOM + body;
}

/** Offers `csv` as a file download. */
export function downloadCsv(filename: string, csv: string): void {
  const name = filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`;
  downloadBlob(name, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

/** Every row of a filtered list, paging through the list endpoint (PAGE_SIZE_MAX a page) up to `cap` rows. */
export async function collectRows<T, Q extends { page: number; pageSize: number }>(
  fetchPage: (query: Q) => Promise<Paginated<T>>,
  query: Q,
  cap: number = CSV_EXPORT_CAP,
): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < cap; page++) {
    const answer = await fetchPage({ ...query, page, pageSize: PAGE_SIZE_MAX });
    total = answer.total;
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= total) break;
  }
  return { rows: rows.slice(0, cap), total, capped: total > cap };
}
