// Labels as PDF pages. UPS returns each parcel's label as a base64 GIF (its REST Shipping API offers GIF, ZPL, EPL and
// SPL: LabelSpecification.LabelImageFormat.Code, developer.ups.com/api/reference/shipping), while an office printer
// and the browser want a PDF. A GIF is re-encoded as a PNG by sharp (pdfkit embeds PNG and JPEG only) and placed on a
// 6 × 4 inch page, the size of a thermal label; several labels (a bulk print) are merged with pdf-lib.
import sharp from 'sharp';
import { loadPdfkit, loadPdfLib } from '../../platform/heavy-libraries';

const INCH = 72;

/** Labels (GIF or PNG images) as one PDF, a page each, in the orientation of the image, the image fitted. */
export async function labelsToPdf(images: Array<{ format: string; data: Buffer }>, title: string): Promise<Buffer> {
  const pngs = await Promise.all(
    images.map(async (i) => {
      const { data, info } = await sharp(i.data).png().toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    }),
  );
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const { png, width, height } of pngs) {
      // a landscape image (UPS GIFs are 1400 × 800) on a landscape label page: 6 × 4 inches
      const size: [number, number] = width >= height ? [6 * INCH, 4 * INCH] : [4 * INCH, 6 * INCH];
      doc.addPage({ size, margin: 0 });
      doc.image(png, 0, 0, { fit: size, align: 'center', valign: 'center' });
    }
    doc.end();
  });
}

/** Several PDFs as one, their pages in order (the bulk print of Expéditions). */
export async function mergePdfs(pdfs: Buffer[]): Promise<Buffer> {
  const { PDFDocument: PdfLib } = await loadPdfLib();
  const out = await PdfLib.create();
  out.setTitle('Étiquettes UPS');
  for (const bytes of pdfs) {
    const src = await PdfLib.load(bytes);
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return Buffer.from(await out.save());
}
