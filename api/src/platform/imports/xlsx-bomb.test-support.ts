// Workbooks built in memory for the import tests: a real XLSX skeleton (exceljs) whose first sheet is swapped for a
// huge one streamed through fflate, so that nothing of its inflated size is ever held by the test.
import ExcelJS from 'exceljs';
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const MB = 1024 * 1024;

export async function xlsxOf(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Feuille 1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const BOMB_SHEET = 'xl/worksheets/sheet1.xml';

/** A workbook whose first sheet inflates to `megabytes` MB of rows of cells (150 MB make a 660 KB file). */
export async function xlsxBomb(megabytes: number): Promise<Buffer> {
  const skeleton = unzipSync(await xlsxOf([['Nom', 'Email']]));
  const sheetName = BOMB_SHEET;
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
  });
  for (const [name, data] of Object.entries(skeleton)) {
    if (name === sheetName) continue;
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(data, true);
  }
  const sheet = new ZipDeflate(sheetName, { level: 9 });
  zip.add(sheet);
  const enc = new TextEncoder();
  sheet.push(enc.encode('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'));
  sheet.push(enc.encode('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'));
  const row = `<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(10)}</row>`;
  const block = enc.encode(row.repeat(Math.ceil(MB / row.length)));
  for (let written = 0; written < megabytes * MB; written += block.length) sheet.push(block);
  sheet.push(enc.encode('</sheetData></worksheet>'), true);
  zip.end();
  return Buffer.concat(chunks);
}

/** A copy of the workbook whose first sheet declares 4 KB, as a crafted archive would to pass a check of the declared sizes. */
export function lyingAboutItsSize(xlsx: Buffer): Buffer {
  const copy = Buffer.from(xlsx);
  declareSize(copy, BOMB_SHEET, 4096);
  return copy;
}

/** Writes `size` as the uncompressed size of `name` in the central directory, the local header and its data descriptor. */
function declareSize(zip: Buffer, name: string, size: number): void {
  const wanted = Buffer.from(name, 'utf8');
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const nameLength = zip.readUInt16LE(p + 28);
    if (zip.subarray(p + 46, p + 46 + nameLength).equals(wanted)) {
      zip.writeUInt32LE(size, p + 24);
      const local = zip.readUInt32LE(p + 42);
      zip.writeUInt32LE(size, local + 22);
      const end = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28) + zip.readUInt32LE(p + 20);
      if (zip.readUInt16LE(local + 6) & 8) zip.writeUInt32LE(size, end + (zip.readUInt32LE(end) === 0x08074b50 ? 12 : 8));
    }
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
}
