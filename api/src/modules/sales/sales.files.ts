import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InvoiceDetail } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { buildFacturXXml, renderInvoicePdf, type InvoiceDocument } from './documents';
import { invoiceFiles, type InvoiceRow } from './sales.tables';

/** What the files are made from: the sales service's reading of a document and of the shop's look. */
export interface IssuedDocumentSource {
  invoiceRow(shopId: number, id: number): Promise<InvoiceRow>;
  invoiceDetail(row: InvoiceRow): Promise<InvoiceDetail>;
  styleOf(shopId: number): Promise<NonNullable<InvoiceDocument['style']>>;
}

/**
 * The PDF (Factur-X) of an issued document: made once from the issued row — right after the issuing transaction, or
 * on its first download — and kept as it was made (invoice_files is immutable like the invoice).
 */
export function createInvoiceFiles(db: Db, sales: () => IssuedDocumentSource, logger?: Logger) {
  async function documentOf(shopId: number, id: number): Promise<InvoiceDocument> {
    const service = sales();
    const row = await service.invoiceRow(shopId, id);
    const detail = await service.invoiceDetail(row);
    // a credit note names the invoice it corrects with that invoice's date (BT-26)
    const related = row.relatedInvoiceId ? await service.invoiceRow(shopId, row.relatedInvoiceId) : null;
    // the shop's look as it is when the PDF is made (once: the PDF is then kept as made)
    return {
      ...detail,
      relatedInvoiceIssuedAt: related?.issueDate ?? null,
      shopName: row.seller.name,
      bank: row.bank,
      latePenalty: row.latePenalty,
      style: await service.styleOf(shopId),
    };
  }

  async function ensure(shopId: number, id: number): Promise<{ pdf: Buffer; number: string }> {
    const [kept] = await db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, id));
    const doc = await documentOf(shopId, id);
    if (kept) return { pdf: kept.pdf, number: doc.number };
    const xml = buildFacturXXml(doc);
    const pdf = await renderInvoicePdf(doc);
    await db
      .insert(invoiceFiles)
      .values({ invoiceId: id, pdf, xml, sha256: createHash('sha256').update(pdf).digest('hex') })
      .onConflictDoNothing();
    const [row] = await db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, id));
    return { pdf: row.pdf, number: doc.number };
  }

  return {
    ensure,
    documentOf,
    /** after an issue: make the files in the background (a failure is logged; the download makes them again) */
    issued(shopId: number, ids: number[]) {
      void (async () => {
        for (const id of ids) await ensure(shopId, id);
      })().catch((err: unknown) => logger?.warn({ err, ids }, 'invoice PDF generation failed'));
    },
  };
}
export type InvoiceFiles = ReturnType<typeof createInvoiceFiles>;
