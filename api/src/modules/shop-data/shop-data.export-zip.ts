// The shop export's zip written as it goes (a CSV entry page by page, the PDFs as they come) and the CSV cells'
// formats: what every sheet of the export shares.
import fs from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { CSV_BOM, csvFixed, csvLines, type CsvFixed } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';

export const PAGE = 500;
// A text starting like a formula is protected by the CSV writer ("'=…", "'-…"); amounts and quantities are written as
// numbers, so a negative one is not taken for a formula.
export type Cell = string | number | CsvFixed | null | undefined;
/** Euros, decimal comma, 2 decimals: 1250 → 12,50. */
export const euros = (c: number | null | undefined): Cell => (c == null ? null : csvFixed(c / 100, 2));
/** A decimal number, no trailing zeros: 0.75 → 0,75. */
export const num = (n: number | null | undefined): Cell => (n == null ? null : Math.round(n * 100000) / 100000);
export const date = (d: Date | string | null | undefined) => (d == null ? '' : d instanceof Date ? d.toISOString() : String(d));
const enc = new TextEncoder();

export interface ExportDeps {
  db: Db;
  logger?: Logger;
}

/** The zip being written to `file` (a temporary name, renamed once complete). */
export function zipWriter(file: string) {
  const out = fs.createWriteStream(file);
  let failed: Error | null = null;
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', (err) => {
      failed = err;
      reject(err);
    });
  });
  closed.catch(() => undefined);
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failed = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  /** waits while the file is behind (the zip's chunks are written synchronously by fflate) */
  const drained = () => (out.writableNeedDrain ? new Promise<void>((r) => out.once('drain', () => r())) : Promise.resolve());
  const check = () => {
    if (failed) throw failed;
  };
  return {
    async csv(name: string, header: string[], fill: (write: (rows: Cell[][]) => Promise<void>) => Promise<void>) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(enc.encode(CSV_BOM + csvLines([header])));
      await fill(async (rows) => {
        check();
        if (rows.length) entry.push(enc.encode(csvLines(rows)));
        await drained();
      });
      entry.push(new Uint8Array(0), true);
      await drained();
    },
    async binary(name: string, bytes: Buffer) {
      check();
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
      await drained();
    },
    async end() {
      zip.end();
      await closed;
      check();
    },
    abort() {
      out.destroy();
    },
  };
}

/** Pages of `load(afterId)` until empty (keyset on id). */
export async function pages<T extends { id: number }>(load: (afterId: number) => Promise<T[]>, each: (rows: T[]) => Promise<void>) {
  let after = 0;
  for (;;) {
    const rows = await load(after);
    if (!rows.length) return;
    await each(rows);
    after = rows[rows.length - 1].id;
    if (rows.length < PAGE) return;
  }
}

export type ZipOut = ReturnType<typeof zipWriter>;
