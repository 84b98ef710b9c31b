// Reading the Factur-X XML back out of a PDF (ours, or any Factur-X / ZUGFeRD 2 PDF), with pdf-lib.
import type { PDFDict, PDFDocument } from 'pdf-lib';
import { loadPdfLib } from '../../../platform/heavy-libraries';

type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;

/** The names Factur-X / ZUGFeRD 2.x give the embedded invoice XML. */
const INVOICE_XML_NAMES = new Set(['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml']);

function fileSpecName({ PDFName, PDFString, PDFHexString }: PdfLib, spec: PDFDict): string | null {
  for (const key of ['UF', 'F']) {
    const v = spec.lookup(PDFName.of(key));
    if (v instanceof PDFString || v instanceof PDFHexString) return v.decodeText();
  }
  return null;
}

/** Every file specification of the document: the catalog's /AF, then the EmbeddedFiles name tree. */
function fileSpecs({ PDFName, PDFArray, PDFDict }: PdfLib, doc: PDFDocument): PDFDict[] {
  const specs: PDFDict[] = [];
  const af = doc.catalog.lookup(PDFName.of('AF'));
  if (af instanceof PDFArray) {
    for (let i = 0; i < af.size(); i++) {
      const spec = af.lookup(i);
      if (spec instanceof PDFDict) specs.push(spec);
    }
  }
  const names = doc.catalog.lookup(PDFName.of('Names'));
  const tree = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
  const walk = (node: unknown, depth: number) => {
    if (!(node instanceof PDFDict) || depth > 32) return;
    const leaves = node.lookup(PDFName.of('Names'));
    if (leaves instanceof PDFArray) {
      for (let i = 1; i < leaves.size(); i += 2) {
        const spec = leaves.lookup(i);
        if (spec instanceof PDFDict) specs.push(spec);
      }
    }
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i), depth + 1);
  };
  walk(tree, 0);
  return specs;
}

/** The embedded Factur-X XML of a PDF as text, or null when it has none. Throws when the bytes are not a PDF. */
export async function extractFacturXXml(pdf: Buffer | Uint8Array): Promise<string | null> {
  const lib = await loadPdfLib();
  const { PDFDocument, PDFName, PDFDict, PDFRawStream, decodePDFRawStream } = lib;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  for (const spec of fileSpecs(lib, doc)) {
    const name = fileSpecName(lib, spec);
    if (!name || !INVOICE_XML_NAMES.has(name.toLowerCase())) continue;
    const ef = spec.lookup(PDFName.of('EF'));
    if (!(ef instanceof PDFDict)) continue;
    const stream = ef.lookup(PDFName.of('F')) ?? ef.lookup(PDFName.of('UF'));
    if (!(stream instanceof PDFRawStream)) continue;
    const text = new TextDecoder('utf-8').decode(decodePDFRawStream(stream).decode());
    return text.replace(/^\uFEFF/, '');
  }
  return null;
}
