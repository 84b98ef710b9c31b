// Every CSV / XLSX export of the back office, over data whose names a spreadsheet would run as formulas: no cell of
// any answer may start with '=', '+', '-', '@', a tab or a carriage return unless it is a number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import request from 'supertest';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type TestContext, binary } from './test/test-app';

const DANGEROUS = ['=HYPERLINK("http://x")', '-2+3', '@SUM(A1)', '+1'];
const FORMULA_START = /^[=+\-@\t\r]/;
/** a number as the exports write it (decimal comma or point): the only cell allowed to start with '-' */
const NUMBER = /^-\d+(?:[.,]\d+)?$/;

/** The cells of a CSV file that a spreadsheet would run as a formula. */
function unsafeCsvCells(text: string): string[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data.flat().filter((c) => FORMULA_START.test(c) && !NUMBER.test(c));
}

/** The text cells of an XLSX file that a spreadsheet would run as a formula, and its formula cells. */
async function unsafeXlsxCells(bytes: Buffer): Promise<{ unsafe: string[]; texts: string[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const unsafe: string[] = [];
  const texts: string[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) unsafe.push(`formula ${cell.address}`);
        if (typeof cell.value === 'string') {
          texts.push(cell.value);
          if (FORMULA_START.test(cell.value)) unsafe.push(cell.value);
        }
      }),
    ),
  );
  return { unsafe, texts };
}

describe('exports neutralise formula-like text (CSV injection)', () => {
  let ctx: TestContext;
  let owner: string;
  let shopId: number;
  let dataDir: string;
  const get = (path: string) => request(ctx.app).get(`/v1${path}`).set(bearer(owner));
  const file = async (path: string) => {
    const res = await get(path).buffer(true).parse(binary);
    expect([path, res.status]).toEqual([path, 200]);
    return res.body as Buffer;
  };
  /** at least one dangerous name made it into the file, neutralised: the check above is not vacuous */
  const expectNeutralisedName = (texts: string) =>
    expect(DANGEROUS.some((d) => texts.includes(`'${d.replace(/"/g, '""')}`) || texts.includes(`'${d}`))).toBe(true);

  beforeAll(async () => {
    // a data directory of its own: a zip left by another run under the same job id would be served instead
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-csv-exports-'));
    ctx = await createTestContext({ dataDir });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    const db = ctx.handle.db;
    const shop = await db.execute(sql`select s.id from shops s join shop_members m on m.shop_id = s.id
      join users u on u.id = m.user_id where u.email = 'owner@demo.test' and m.kind = 'owner'`);
    shopId = Number((shop as unknown as { rows: Array<{ id: number }> }).rows[0].id);
    await db.execute(sql`update shops set integration = integration || '{"accounting":{"active":true},"campaigns":{"active":true}}'
      where id = ${shopId}`);
    // the names as a client or a producer could have typed them; documents and entries are immutable, so their copies
    // of the names are set with the triggers off
    const d = (col: string, shift = 0) =>
      sql.raw(`(array[${DANGEROUS.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])[1 + ((${col} + ${shift}) % 4)]`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update products set name = ${d('id')}, precision = ${d('id', 1)}, gamme = ${d('id', 2)} where shop_id = ${shopId}`,
      );
      await tx.execute(
        sql`update crm_clients set lastname = ${d('id')}, firstname = ${d('id', 1)}, company = ${d('id', 2)} where shop_id = ${shopId}`,
      );
      await tx.execute(sql`update orders set buyer_name = ${d('id')} where shop_id = ${shopId}`);
      await tx.execute(sql`update invoices set client_name = ${d('id')} where shop_id = ${shopId}`);
      await tx.execute(sql`update stock_movements set reason = ${d('id')} where shop_id = ${shopId}`);
      await tx.execute(sql`update accounting_entry_lines l set label = ${d('l.id')}, auxiliary_label = ${d('l.id', 1)}
        from accounting_entries e where e.id = l.entry_id and e.shop_id = ${shopId}`);
    });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const csvRoutes = [
    '/accounting/export?from=2000-01-01&to=2999-12-31&format=csv&layout=generic',
    '/tariffs/export?format=csv',
    '/sales/ventilation/export?from=2000-01-01&to=2999-12-31&format=csv',
  ];
  it.each(csvRoutes)('CSV %s', async (path) => {
    const text = (await file(path)).toString('utf8');
    expect(unsafeCsvCells(text)).toEqual([]);
    expectNeutralisedName(text);
  });

  const xlsxRoutes = [
    '/accounting/export?from=2000-01-01&to=2999-12-31&format=xlsx&layout=generic',
    '/tariffs/export?format=xlsx',
    '/sales/ventilation/export?from=2000-01-01&to=2999-12-31&format=xlsx',
  ];
  it.each(xlsxRoutes)('XLSX %s', async (path) => {
    const { unsafe, texts } = await unsafeXlsxCells(await file(path));
    expect(unsafe).toEqual([]);
    expectNeutralisedName(texts.join('\n'));
  });

  it('CSV of the DRM of a bonded warehouse', async () => {
    const wh = await ctx.handle.db.execute(
      sql`select id from warehouses where shop_id = ${shopId} and duty_status = 'suspended' order by id limit 1`,
    );
    const warehouseId = (wh as unknown as { rows: Array<{ id: number }> }).rows[0].id;
    const months = (await get(`/excise/drm/months?warehouseId=${warehouseId}`)).body as Array<{ month: string; movementCount: number }>;
    const month = months.find((m) => m.movementCount > 0)!.month;
    const text = (await file(`/excise/drm/export.csv?warehouseId=${warehouseId}&month=${month}`)).toString('utf8');
    expect(unsafeCsvCells(text)).toEqual([]);
    expectNeutralisedName(text);
  });

  it('CSV of a marketing list', async () => {
    const clients = await ctx.handle.db.execute(sql`select id from crm_clients where shop_id = ${shopId} order by id limit 8`);
    const clientIds = (clients as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    const list = await request(ctx.app)
      .post('/v1/marketing/lists')
      .set(bearer(owner))
      .send({ name: 'Formules', kind: 'static', clientIds });
    expect(list.status).toBe(201);
    const text = (await file(`/marketing/lists/${list.body.id}/export`)).toString('utf8');
    expect(unsafeCsvCells(text)).toEqual([]);
    expectNeutralisedName(text);
  });

  it('every CSV of the whole-shop zip', async () => {
    const start = await request(ctx.app).post('/v1/shop-data/exports').set(bearer(owner));
    expect(start.status).toBe(202);
    await ctx.drainJobs();
    const files = unzipSync(new Uint8Array(await file(`/shop-data/exports/${start.body.id}/file`)));
    const csvs = Object.keys(files).filter((n) => n.endsWith('.csv'));
    expect(csvs.length).toBeGreaterThanOrEqual(7);
    const all: string[] = [];
    for (const name of csvs) {
      const text = strFromU8(files[name]);
      expect([name, unsafeCsvCells(text)]).toEqual([name, []]);
      all.push(text);
    }
    expectNeutralisedName(all.join('\n'));
  });
});
