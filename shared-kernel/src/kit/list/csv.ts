// CSV export of a list for French spreadsheets, written by the platform's one CSV writer (shared-kernel/domain/csv:
// ';' separator, UTF-8 with a BOM, decimal comma, text cells starting like a formula neutralised).
import type { Paginated } from 'shared-kernel/contracts';
import { PAGE_SIZE_MAX } from 'shared-kernel/contracts';
import { writeCsv } from 'shared-kernel/domain';
import { downloadBlob } from '../download';

export { CSV_BOM, CSV_SEPARATOR, csvCell } from 'shared-kernel/domain';

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** Rows exported at most when paging through a list (a bigger export belongs to a server job). */
export const CSV_EXPORT_CAP = 10_000;

/** The CSV text (BOM included) of `rows`. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  return writeCsv(
    columns.map((c) => c.title),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
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
