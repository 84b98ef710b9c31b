import { loadExcelJs, loadPdfkit } from '../../platform/heavy-libraries';
import { formatCents, formatDate, spreadsheetCell, writeCsv } from 'shared-kernel/domain';
import { TARIFF_MESSAGES } from 'shared-kernel/contracts';
import { HttpError } from '../../platform/errors';
import { readValueTable } from '../../platform/imports';

/** The files of the tariffs module: CSV (papaparse) and XLSX (exceljs) exports and their reading, the price-list PDF (pdfkit). */

/** Largest file read by an import (decoded bytes). */
export const IMPORT_MAX_BYTES = 700 * 1024;

export type Sheet = Array<Array<string | number | null>>;

/** `;` separated, UTF-8 with BOM, CRLF: what French spreadsheets open as is (a name starting like a formula stays text). */
export function toCsv(header: string[], rows: Sheet): string {
  return writeCsv(header, rows);
}

export async function toXlsx(header: string[], rows: Sheet, sheetName: string, moneyColumns: number[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Tarifs';
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Tarifs');
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r.map(spreadsheetCell));
  for (const i of moneyColumns) ws.getColumn(i + 1).numFmt = '0.00';
  ws.columns.forEach((c, i) => {
    c.width = i === 1 ? 36 : Math.max(10, Math.min(30, String(header[i] ?? '').length + 4));
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of an uploaded CSV or XLSX file (first sheet), line 1 = header, read within the import bounds. */
export async function readSheet(filename: string, base64: string): Promise<Sheet> {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw new HttpError(400, TARIFF_MESSAGES.fileMissing, 'content');
  if (bytes.length > IMPORT_MAX_BYTES) throw new HttpError(400, TARIFF_MESSAGES.fileTooBig, 'content');
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b; // 'PK': an xlsx is a zip
  const table = await readValueTable(bytes, {
    field: 'content',
    messages: { unreadable: TARIFF_MESSAGES.fileUnreadable, empty: TARIFF_MESSAGES.fileMissing, noSheet: TARIFF_MESSAGES.fileUnreadable },
    xlsx: isZip || /\.xlsx$/i.test(filename),
    csv: { guess: [';', '\t', ','], skipEmptyLines: false, encoding: 'utf-8' },
  });
  if (table.format === 'xlsx') {
    // the spreadsheet's empty rows stay in place: a row's index is its line
    const rows: Sheet = [];
    for (const r of table.rows) rows[r.line - 1] = r.cells;
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    return rows;
  }
  const rows = table.rows.map((r) => r.cells);
  if (!rows.length || (table.csvErrors && !rows.some((r) => r.length > 1))) {
    throw new HttpError(400, TARIFF_MESSAGES.fileUnreadable, 'content');
  }
  // a trailing newline gives a last empty row: not a line of the file
  if (rows.length && rows[rows.length - 1].every((c) => c === '')) rows.pop();
  return rows;
}

// ------------------------------------------------------------------ the price list

export interface PriceListLine {
  group: string;
  productName: string;
  vintage: string | null;
  formatLabel: string;
  priceCents: number;
}

export interface PriceListInput {
  shopName: string;
  typologyName: string;
  ttc: boolean;
  date: Date;
  lines: PriceListLine[];
  contactEmail?: string | null;
}

/** pdfkit's standard fonts are WinAnsi: the narrow no-break space of fr-FR numbers becomes a no-break space. */
const pdfText = (s: string) => s.replace(/\u202f/g, '\u00a0');

/**
 * The price list a producer sends to a professional: shop, typology, date, products grouped by range / type with
 * vintage, format and price (HT or TTC as the typology says), French number formatting, 'Page n / N' on every page.
 */
export async function priceListPdf(input: PriceListInput, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: `Tarifs ${input.shopName} — ${input.typologyName}`, Author: input.shopName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const col = { name: left, vintage: left + width * 0.52, format: left + width * 0.64, price: left + width * 0.82 };
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;
  const priceHeader = input.ttc ? 'Prix TTC' : 'Prix HT';

  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(input.shopName), left, doc.page.margins.top, { width });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(12)
    .text(pdfText(`Tarifs ${input.typologyName} — prix ${input.ttc ? 'TTC' : 'HT'}`));
  doc
    .fontSize(10)
    .fillColor('#555555')
    .text(`Au ${formatDate(input.date)}${input.contactEmail ? ` · ${input.contactEmail}` : ''}`);
  doc.fillColor('#000000').moveDown(1);

  const tableHeader = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555');
    doc.text('Produit', col.name, y, { width: col.vintage - col.name - 6 });
    doc.text('Millésime', col.vintage, y, { width: col.format - col.vintage - 6 });
    doc.text('Format', col.format, y, { width: col.price - col.format - 6 });
    doc.text(priceHeader, col.price, y, { width: left + width - col.price, align: 'right' });
    doc
      .fillColor('#000000')
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .stroke();
    doc.y += 6;
  };

  if (!input.lines.length) {
    doc.font('Helvetica').fontSize(11).text('Aucun prix visible pour cette typologie.', left);
  }
  let group: string | null = null;
  for (const line of input.lines) {
    if (doc.y > bottom() - 40) doc.addPage();
    if (line.group !== group) {
      group = line.group;
      if (doc.y > bottom() - 60) doc.addPage();
      doc
        .moveDown(0.6)
        .font('Helvetica-Bold')
        .fontSize(12)
        .text(pdfText(group || 'Autres produits'), left, doc.y, { width });
      doc.moveDown(0.3);
      tableHeader();
    }
    const y = doc.y;
    doc.font('Helvetica').fontSize(10);
    const nameHeight = doc.heightOfString(pdfText(line.productName), { width: col.vintage - col.name - 6 });
    doc.text(pdfText(line.productName), col.name, y, { width: col.vintage - col.name - 6 });
    doc.text(pdfText(line.vintage ?? ''), col.vintage, y, { width: col.format - col.vintage - 6 });
    doc.text(pdfText(line.formatLabel), col.format, y, { width: col.price - col.format - 6 });
    doc.text(pdfText(formatCents(line.priceCents)), col.price, y, { width: left + width - col.price, align: 'right' });
    doc.y = y + Math.max(nameHeight, 12) + 4;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom + 20;
    doc.page.margins.bottom = 0; // writing in the bottom margin must not open a new page
    doc.font('Helvetica').fontSize(8).fillColor('#777777');
    doc.text(pdfText(`${input.shopName} — Tarifs ${input.typologyName}`), left, y, { width: width / 2, lineBreak: false });
    doc.text(`Page ${i + 1} / ${range.count}`, left + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
