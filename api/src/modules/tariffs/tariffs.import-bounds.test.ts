// A tariffs import file is read within the import bounds: a workbook that inflates far beyond its size, lies about
// it, or has too many rows or columns is refused with a French message naming `content` (the field of the file).
import request from 'supertest';
import ExcelJS from 'exceljs';
import { IMPORT_LIMIT_MESSAGES as L } from '../../platform/imports';
import { BOMB_SHEET, lyingAboutItsSize, xlsxBomb, xlsxOf } from '../../platform/imports/xlsx-bomb.test-support';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('tariffs import: the bounds of the file', () => {
  let ctx: TestContext;
  let owner: string;
  let bomb: Buffer;
  const preview = (content: Buffer, filename = 'tarifs.xlsx') =>
    request(ctx.app)
      .post('/v1/tariffs/import/preview')
      .set(bearer(owner))
      .send({ filename, content: content.toString('base64') });

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await loginAs(ctx.app, 'owner@demo.test');
    bomb = await xlsxBomb(150);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a workbook declaring 150 MB once inflated → 413 naming content, without the memory', async () => {
    expect(bomb.length).toBeLessThan(700 * 1024);
    const heap = process.memoryUsage().heapUsed;
    const res = await preview(bomb);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: L.partTooBig(BOMB_SHEET, 64 * 1024 * 1024), field: 'content' });
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
  });

  it('the same workbook declaring 4 KB is stopped while inflating → 400 naming content', async () => {
    const heap = process.memoryUsage().heapUsed;
    const res = await preview(lyingAboutItsSize(bomb));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: L.sizeMismatch, field: 'content' });
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
  });

  it('too many columns (XLSX or CSV) or a row beyond the lines allowed → 400 naming content', async () => {
    const wide = ['Id format', 'Produit', ...Array.from({ length: 199 }, (_, i) => `Typologie ${i + 1}`)];
    const columns = { success: false, message: L.tooManyColumns(200), field: 'content' };
    expect((await preview(await xlsxOf([wide, wide]))).body).toEqual(columns);
    expect((await preview(Buffer.from(`${wide.join(';')}\n${wide.join(';')}\n`), 'tarifs.csv')).body).toEqual(columns);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await xlsxOf([['Id format', 'Produit', 'Particulier (TTC)']])) as unknown as ArrayBuffer);
    wb.worksheets[0].getRow(100_002).getCell(1).value = 1;
    const res = await preview(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: L.tooManyRows(50_000), field: 'content' });
  });
});
