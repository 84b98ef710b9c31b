/**
 * Bulk export of a period's documents as one zip of their Factur-X PDFs (§9 default name files.zip).
 *
 * POST starts it and answers at once with its id and the number of documents; the zip is written to a temporary file
 * while GET …/:id reports `done / total` (the screen's progress bar); GET …/:id/file sends it once ready. PDFs already
 * made (at issue) are taken as kept; missing ones are made on the way. An export lives in the instance that built it
 * for an hour (the gateway sends a user to one api instance); its owner shop only may read it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { InvoiceFiles } from './sales.files';
import { invoices } from './sales.tables';

export interface ExportState {
  id: string;
  status: 'running' | 'ready' | 'error';
  done: number;
  total: number;
  filename: string;
  message: string | null;
}

interface Job extends ExportState {
  shopId: number;
  file: string;
  createdAt: number;
}

const TTL_MS = 60 * 60_000;
export const EXPORT_NOT_FOUND = 'Export introuvable ou expiré';
export const EXPORT_EMPTY = 'Aucun document sur cette période';

export function createInvoiceExports(db: Db, files: InvoiceFiles, logger?: Logger) {
  const jobs = new Map<string, Job>();
  const dir = path.join(os.tmpdir(), 'wz-invoice-exports');

  function sweep() {
    const now = Date.now();
    for (const [id, j] of jobs)
      if (now - j.createdAt > TTL_MS) {
        jobs.delete(id);
        fs.rm(j.file, { force: true }, () => undefined);
      }
  }

  const view = (j: Job): ExportState => ({
    id: j.id,
    status: j.status,
    done: j.done,
    total: j.total,
    filename: j.filename,
    message: j.message,
  });

  async function start(shopId: number, f: { from?: string; to?: string; kind?: 'invoice' | 'deposit' | 'credit' }): Promise<ExportState> {
    sweep();
    const conds: SQL[] = [eq(invoices.shopId, shopId)];
    if (f.from) conds.push(gte(invoices.issueDate, f.from));
    if (f.to) conds.push(lte(invoices.issueDate, f.to));
    if (f.kind) conds.push(eq(invoices.kind, f.kind));
    const docs = await db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(...conds))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id));
    if (!docs.length) throw new HttpError(400, EXPORT_EMPTY, 'from');
    fs.mkdirSync(dir, { recursive: true });
    const id = randomUUID();
    const job: Job = {
      id,
      shopId,
      status: 'running',
      done: 0,
      total: docs.length,
      filename: 'files.zip',
      message: null,
      file: path.join(dir, `${id}.zip`),
      createdAt: Date.now(),
    };
    jobs.set(id, job);
    void (async () => {
      const out = fs.createWriteStream(job.file);
      const closed = new Promise<void>((resolve, reject) => {
        out.on('close', resolve);
        out.on('error', reject);
      });
      // stored, not deflated: PDFs are compressed already
      const zip = new Zip((err, chunk, final) => {
        if (err) return out.destroy(err);
        out.write(chunk);
        if (final) out.end();
      });
      for (const d of docs) {
        const { pdf } = await files.ensure(shopId, d.id);
        const entry = new ZipPassThrough(`${d.number}.pdf`);
        zip.add(entry);
        entry.push(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), true);
        job.done++;
      }
      zip.end();
      await closed;
      job.status = 'ready';
    })().catch((err: unknown) => {
      job.status = 'error';
      job.message = "L'export n'a pas pu être préparé. Réessayez.";
      logger?.warn({ err, id }, 'invoice export failed');
    });
    return view(job);
  }

  function get(shopId: number, id: string): Job {
    const j = jobs.get(id);
    if (!j || j.shopId !== shopId) throw new HttpError(404, EXPORT_NOT_FOUND);
    return j;
  }

  return {
    start,
    state: (shopId: number, id: string) => view(get(shopId, id)),
    file: (shopId: number, id: string) => {
      const j = get(shopId, id);
      if (j.status !== 'ready') throw new HttpError(409, 'L’export est encore en préparation');
      return { path: j.file, filename: j.filename };
    },
  };
}
