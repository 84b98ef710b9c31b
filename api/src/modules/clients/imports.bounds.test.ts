// A client file is read within the import bounds: a workbook that inflates far beyond its size, lies about it, or
// has too many rows or columns is refused with a French message naming `file`, before it costs memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { IMPORT_LIMIT_MESSAGES as L } from '../../platform/imports';
import { BOMB_SHEET, lyingAboutItsSize, xlsxBomb, xlsxOf } from '../../platform/imports/xlsx-bomb.test-support';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

describe('client imports: the bounds of the file', () => {
  let ctx: TestContext;
  let owner: string;
  let bomb: Buffer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-client-import-bounds-'));
  const upload = (content: Buffer | string, filename = 'clients.xlsx') =>
    request(ctx.app)
      .post(`/v1/crm/imports?filename=${encodeURIComponent(filename)}`)
      .set(bearer(owner))
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));

  beforeAll(async () => {
    ctx = await createTestContext({ dataDir });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    bomb = await xlsxBomb(150);
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a workbook declaring 150 MB once inflated → 413 naming file, without the memory', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const heap = process.memoryUsage().heapUsed;
    const res = await upload(bomb);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: L.partTooBig(BOMB_SHEET, 64 * 1024 * 1024), field: 'file' });
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
  });

  it('the same workbook declaring 4 KB is stopped while inflating → 400 naming file', async () => {
    const heap = process.memoryUsage().heapUsed;
    const res = await upload(lyingAboutItsSize(bomb));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: L.sizeMismatch, field: 'file' });
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(100 * 1024 * 1024);
  });

  it('too many columns (XLSX or CSV) or a row beyond the lines allowed → 400 naming file', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `C${i + 1}`);
    const columns = { success: false, message: L.tooManyColumns(200), field: 'file' };
    expect((await upload(await xlsxOf([wide, wide]))).body).toEqual(columns);
    expect((await upload(`${wide.join(';')}\n${wide.join(';')}\n`, 'clients.csv')).body).toEqual(columns);

    const far = await xlsxOf([['Nom', 'Email']]);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(far as unknown as ArrayBuffer);
    wb.worksheets[0].getRow(100_002).getCell(1).value = 'Durand';
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: L.tooManyRows(50_000), field: 'file' });
  });

  it('a workbook within the bounds is still read', async () => {
    const res = await upload(
      await xlsxOf([
        ['Nom', 'Email'],
        ['Durand', 'durand@bounds.test'],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.headers).toEqual(['Nom', 'Email']);
    expect(res.body.preview).toEqual([['Durand', 'durand@bounds.test']]);
  });
});
