// What a received file is and what it says: a Factur-X / ZUGFeRD PDF (its embedded CII XML, read by the sales
// module's reader), a CII XML (rsm:CrossIndustryInvoice, UN/CEFACT D16B) or a UBL 2.1 XML (Invoice or CreditNote).
import { SUPPLIER_INVOICE_MESSAGES as M } from 'shared-kernel/contracts';
import { extractFacturXXml } from '../../sales';
import { readCii } from './cii';
import type { EInvoice } from './model';
import { EInvoiceRefusal } from './refusal';
import { readUbl } from './ubl';
import { parseInvoiceXml } from './xml';

export type ReceivedSyntax = 'factur-x' | 'cii' | 'ubl';

/** A received file may be at most this big (a Factur-X PDF with its images is a few hundred kB). */
export const MAX_INVOICE_FILE_BYTES = 10 * 1024 * 1024;

const isPdf = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-');

function fromXml(xml: string): EInvoice {
  const { root, node } = parseInvoiceXml(xml);
  if (root === 'CrossIndustryInvoice') return readCii(node);
  if (root === 'Invoice' || root === 'CreditNote') return readUbl(node, root);
  throw new EInvoiceRefusal(400, M.unknownSyntax);
}

/** Reads a received file: its syntax, its MIME type and the invoice it carries. Throws EInvoiceRefusal (nothing stored). */
export async function readInvoiceFile(file: Buffer): Promise<{ syntax: ReceivedSyntax; mime: string; invoice: EInvoice }> {
  if (!file.length) throw new EInvoiceRefusal(400, M.emptyFile);
  if (file.length > MAX_INVOICE_FILE_BYTES) throw new EInvoiceRefusal(413, M.tooBig);
  if (isPdf(file)) {
    let xml: string | null;
    try {
      xml = await extractFacturXXml(file);
    } catch {
      throw new EInvoiceRefusal(400, M.badPdf);
    }
    if (!xml) throw new EInvoiceRefusal(400, M.pdfWithoutXml);
    const invoice = fromXml(xml);
    if (invoice.syntax !== 'cii') throw new EInvoiceRefusal(400, M.unknownSyntax);
    return { syntax: 'factur-x', mime: 'application/pdf', invoice };
  }
  // XML: UTF-8 (EN 16931 syntaxes are UTF-8 documents); a NUL byte says it is not text at all
  if (file.includes(0)) throw new EInvoiceRefusal(400, M.notXml);
  const text = new TextDecoder('utf-8').decode(file);
  const invoice = fromXml(text);
  return { syntax: invoice.syntax, mime: 'application/xml', invoice };
}
