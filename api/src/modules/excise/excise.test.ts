import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { alcoholDuty, toCents } from 'shared-kernel/domain';
import { clToHl, type DrmDeclaration } from 'shared-kernel/contracts';
import { shops } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products, productVintages } from '../catalog';
import { applyMovements, crdColors, type MovementInput, crdMovements, drmMonths, stockMovements, warehouses } from '../stock';
import { DEMO_CRD_COLORS } from '../../seed/excise';
import { CSV_HEADER } from './excise.export';

let ctx: TestContext;
let owner: string;
let shopId: number;
let otherShopId: number;
let bonded: number;
let bonded2: number;
let paid: number;
let otherBonded: number;
/** formats: A = AOP red 75 cl and 150 cl, B = spirit 70 cl, N = a format without volume */
const f = { a75: 0, a150: 0, b70: 0, n: 0 };
const p = { a: 0, b: 0, n: 0 };
let seq = 0;

async function product(
  values: { name: string; type: string; color: string | null; labels: string[]; precision: string | null },
  legal: Record<string, unknown>,
  alcohol: number,
) {
  const db = ctx.handle.db;
  const [prod] = await db
    .insert(products)
    .values({ shopId, productType: 'bottle', ...values })
    .returning({ id: products.id });
  const [v] = await db
    .insert(productVintages)
    .values({ shopId, productId: prod.id, name: '2022', legal, alcohol })
    .returning({ id: productVintages.id });
  return { productId: prod.id, vintageId: v.id };
}

async function format(
  productId: number,
  vintageId: number,
  unity: string,
  unityValue: number,
  formatType: 'bottle' | 'bib' | 'vrac' = 'bottle',
) {
  const [row] = await ctx.handle.db
    .insert(productFormats)
    .values({ shopId, productId, vintageId, unity, unityValue, formatType })
    .returning({ id: productFormats.id });
  return row.id;
}

/** A movement inserted as the stock module stores it (unit_ml of the format, vintage of the format). */
async function mv(
  warehouseId: number,
  formatId: number,
  productId: number,
  kind: string,
  quantity: number,
  at: string,
  extra: Partial<typeof stockMovements.$inferInsert> = {},
) {
  const [fmt] = await ctx.handle.db.select().from(productFormats).where(eq(productFormats.id, formatId));
  const unitMl = fmt.unity === 'litre' && fmt.unityValue != null ? Math.round(fmt.unityValue * 1000) : null;
  const [row] = await ctx.handle.db
    .insert(stockMovements)
    .values({
      shopId,
      warehouseId,
      formatId,
      productId,
      vintageId: fmt.vintageId,
      quantity,
      kind: kind as never,
      unitMl,
      occurredAt: new Date(at),
      ...extra,
    })
    .returning({ id: stockMovements.id });
  return row.id;
}

async function transfer(from: number, to: number, formatId: number, productId: number, quantity: number, at: string) {
  const transferId = `t-${++seq}`;
  await mv(from, formatId, productId, 'transfer_out', -quantity, at, { transferId });
  await mv(to, formatId, productId, 'transfer_in', quantity, at, { transferId });
}

const get = (path: string, token = owner) => request(ctx.app).get(`/v1${path}`).set(bearer(token));
const post = (path: string, body: object, token = owner) => request(ctx.app).post(`/v1${path}`).set(bearer(token)).send(body);
const drm = async (warehouseId: number, month: string, detail = false) => {
  const res = await get(`/excise/drm?warehouseId=${warehouseId}&month=${month}${detail ? '&detail=true' : ''}`);
  expect(res.status).toBe(200);
  return res.body as DrmDeclaration;
};
const catOf = (d: DrmDeclaration, code: string) => d.categories.find((c) => c.exciseCode === code)!;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  owner = await loginAs(ctx.app, 'owner@demo.test');
  [{ id: shopId }] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  [{ id: otherShopId }] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
  const wh = async (shop: number, name: string, dutyStatus: 'suspended' | 'paid') =>
    (
      await db
        .insert(warehouses)
        .values({ shopId: shop, name, dutyStatus, exciseNumber: dutyStatus === 'suspended' ? 'FR012345E6789' : null })
        .returning({ id: warehouses.id })
    )[0].id;
  bonded = await wh(shopId, 'Chai DRM test', 'suspended');
  bonded2 = await wh(shopId, 'Chai DRM test 2', 'suspended');
  paid = await wh(shopId, 'Boutique DRM test', 'paid');
  otherBonded = await wh(otherShopId, 'Entrepôt autre boutique', 'suspended');

  const a = await product(
    { name: 'Test Gigondas', type: 'stillWine', color: 'red', labels: ['AOP'], precision: 'Gigondas' },
    { code: 'W200', da: 4.14, css: null, typeDA: 'hl' },
    14,
  );
  const b = await product(
    { name: 'Test Marc', type: 'spirit', color: null, labels: [], precision: null },
    { code: 'S200', da: 1866.31, css: 612.55, typeDA: 'hlap' },
    42,
  );
  const n = await product(
    { name: 'Test sans volume', type: 'stillWine', color: 'white', labels: [], precision: null },
    { code: 'W200', da: 4.14 },
    12,
  );
  p.a = a.productId;
  p.b = b.productId;
  p.n = n.productId;
  f.a75 = await format(a.productId, a.vintageId, 'litre', 0.75);
  f.a150 = await format(a.productId, a.vintageId, 'litre', 1.5);
  f.b70 = await format(b.productId, b.vintageId, 'litre', 0.7);
  f.n = await format(n.productId, n.vintageId, 'unite', 1);

  // February 2024 (before the declared month): the opening stock
  await mv(bonded, f.a75, p.a, 'production', 600, '2024-02-10T09:00:00Z');
  await mv(bonded, f.b70, p.b, 'purchase', 120, '2024-02-12T09:00:00Z');
  // March 2024 (Europe/Paris): 00:30 on 1 March in Paris is still 29 February in UTC
  await mv(bonded, f.a75, p.a, 'sale', -6, '2024-02-29T23:30:00Z');
  await mv(bonded, f.a75, p.a, 'production', 120, '2024-03-02T09:00:00Z');
  await mv(bonded, f.a150, p.a, 'production', 10, '2024-03-02T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'sale', -36, '2024-03-05T09:00:00Z');
  await mv(bonded, f.a150, p.a, 'sale', -4, '2024-03-05T10:00:00Z');
  await mv(bonded, f.a75, p.a, 'tasting', -3, '2024-03-06T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'export', -24, '2024-03-07T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'eu', -12, '2024-03-08T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'sample', -2, '2024-03-09T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'loss', -1, '2024-03-10T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'inventory', -2, '2024-03-11T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'inventory', 1, '2024-03-12T09:00:00Z');
  await mv(bonded, f.a75, p.a, 'return', 6, '2024-03-13T09:00:00Z');
  await transfer(bonded, paid, f.a75, p.a, 60, '2024-03-14T09:00:00Z');
  await transfer(bonded, bonded2, f.a75, p.a, 12, '2024-03-15T09:00:00Z');
  await mv(bonded, f.b70, p.b, 'sale', -10, '2024-03-16T09:00:00Z');
  await mv(bonded, f.b70, p.b, 'export', -6, '2024-03-17T09:00:00Z');
  // 00:30 on 1 April in Paris (summer time since 31 March) is 31 March 22:30 UTC: April
  await mv(bonded, f.a75, p.a, 'sale', -5, '2024-03-31T22:30:00Z');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('DRM of a hand-computed month', () => {
  it('sums opening, entries and exits per category in exact hl: opening + entries − exits = closing', async () => {
    const d = await drm(bonded, '2024-03');
    expect(d.status).toBe('open');
    expect(d.openingSource).toBe('movements');
    expect(d.warehouse).toEqual({ id: bonded, name: 'Chai DRM test', exciseNumber: 'FR012345E6789' });
    expect(d.categories.map((c) => c.exciseCode)).toEqual(['S200', 'W200']);

    const a = catOf(d, 'W200');
    expect(a).toMatchObject({ productType: 'stillWine', color: 'red', label: 'AOP', appellation: 'Gigondas' });
    // opening: 600 × 75 cl
    expect(a.openingCl).toBe(45000);
    // entries: production 120 × 75 + 10 × 150, return 6 × 75, inventory +1 × 75
    expect(a.entries).toEqual({ production: 10500, purchase: 0, return: 450, transferIn: 0, inventoryGain: 75 });
    expect(a.entriesCl).toBe(11025);
    // duty paid: sales (6 + 36) × 75 + 4 × 150, tasting 3 × 75, transfer to the duty-paid shop 60 × 75
    expect(a.exitsPaid).toEqual({ sale: 3750, tasting: 225, transferPaid: 4500 });
    expect(a.exitsPaidCl).toBe(8475);
    expect(a.exitsFree).toEqual({ export: 1800, eu: 900, sample: 150, loss: 75, inventoryLoss: 150, transferSuspended: 900 });
    expect(a.exitsFreeCl).toBe(3975);
    expect(a.closingCl).toBe(45000 + 11025 - 8475 - 3975);
    expect(clToHl(a.closingCl)).toBe('4.35750');

    const b = catOf(d, 'S200');
    expect(b).toMatchObject({ openingCl: 8400, entriesCl: 0, exitsPaidCl: 700, exitsFreeCl: 420, closingCl: 7280 });
    expect(clToHl(b.closingCl)).toBe('0.72800');

    expect(d.totals.openingCl).toBe(53400);
    expect(d.totals.closingCl).toBe(50855);
    expect(clToHl(d.totals.closingCl)).toBe('5.08550');
    expect(d.anomalies).toEqual([]);
  });

  it('computes the duties of the releases for consumption with the engine rates (legal.da by typeDA, css per hl of pure alcohol on spirits)', async () => {
    const d = await drm(bonded, '2024-03');
    const a = catOf(d, 'W200');
    // 0.8475 hl × 4.14 €/hl = 3.50865 € → 3.51 €
    expect(a.duties).toEqual({ exciseCents: 351, cssCents: 0, totalCents: 351 });
    expect(a.duties.exciseCents).toBe(toCents(alcoholDuty({ volumeHl: 0.8475, ratePerUnit: 4.14, base: 'hl' })));
    const b = catOf(d, 'S200');
    // 0.07 hl × 42 % × 1866.31 €/hlap = 54.87 €; css on spirits per hl of pure alcohol (CSS art. L245-9):
    // 0.07 hl × 42 % × 612.55 €/hlap = 18.01 €
    expect(b.duties).toEqual({ exciseCents: 5487, cssCents: 1801, totalCents: 7288 });
    expect(d.totals.duties.totalCents).toBe(351 + 7288);
  });

  it('lists per category the movements it counted (the numbers are reproducible)', async () => {
    const d = await drm(bonded, '2024-03', true);
    for (const c of d.categories) {
      const byLine = (line: string) => c.detail!.filter((m) => m.line === line).reduce((n, m) => n + m.volumeCl, 0);
      expect(byLine('sale')).toBe(-c.exitsPaid.sale);
      expect(byLine('production')).toBe(c.entries.production);
      expect(c.openingCl + c.detail!.reduce((n, m) => n + m.volumeCl, 0)).toBe(c.closingCl);
    }
    expect(catOf(d, 'W200').detail).toHaveLength(15);
    expect(d.movementsLink).toBe(`/dashboard/stocks/movements?warehouseId=${bonded}&from=2024-03-01&to=2024-03-31`);
  });

  it('exports the month as CSV (BOM, ;) and as a PDF', async () => {
    const csv = await get(`/excise/drm/export.csv?warehouseId=${bonded}&month=2024-03`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.text.slice(1).split('\r\n');
    expect(lines[0].split(';')[0]).toBe('Catégorie');
    const total = lines.find((l) => l.startsWith('Total;'))!.split(';');
    // hl with the DRM's 5 decimals: 50 855 cl = 0,50855 hl… × 10 = 5,08550 hl
    expect(total).toContain('5,08550');
    expect(total.at(-1)).toBe('76,39');
    const pdf = await get(`/excise/drm/export.pdf?warehouseId=${bonded}&month=2024-03`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(pdf.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('volumes exact to the millilitre (37,5 cl, 50 cl, 150 cl, BIB 3 L, bulk by the litre)', () => {
  let cellar: number;
  const v = { half: 0, bottle50: 0, magnum: 0, bib: 0, bulk: 0 };
  /** Movements of the cellar through the stock module's own write path (what it stores is what the DRM reads). */
  const apply = (movements: Array<[formatId: number, kind: MovementInput['kind'], quantity: number, at: string]>) =>
    ctx.handle.db.transaction((tx) =>
      applyMovements(
        tx,
        { shopId, userId: null },
        movements.map(([formatId, kind, quantity, at]) => ({ warehouseId: cellar, formatId, kind, quantity, occurredAt: new Date(at) })),
      ),
    );
  const header = (name: string) => {
    const i = CSV_HEADER.indexOf(name);
    expect(i).toBeGreaterThanOrEqual(0);
    return i;
  };

  beforeAll(async () => {
    [{ id: cellar }] = await ctx.handle.db
      .insert(warehouses)
      .values({ shopId, name: 'Chai DRM millilitres', dutyStatus: 'suspended', exciseNumber: 'FR012345E6790' })
      .returning({ id: warehouses.id });
    const w = await product(
      { name: 'Test Vacqueyras', type: 'stillWine', color: 'red', labels: ['AOP'], precision: 'Vacqueyras' },
      { code: 'W200', da: 4.14, css: null, typeDA: 'hl' },
      14,
    );
    v.half = await format(w.productId, w.vintageId, 'litre', 0.375);
    v.bottle50 = await format(w.productId, w.vintageId, 'litre', 0.5);
    v.magnum = await format(w.productId, w.vintageId, 'litre', 1.5);
    v.bib = await format(w.productId, w.vintageId, 'litre', 3, 'bib');
    v.bulk = await format(w.productId, w.vintageId, 'litre', 1, 'vrac');
    // April 2024: the opening stock of May
    await apply([[v.half, 'production', 40, '2024-04-10T09:00:00Z']]);
    // May 2024
    await apply([
      [v.half, 'production', 120, '2024-05-02T09:00:00Z'],
      [v.bottle50, 'production', 30, '2024-05-02T09:00:00Z'],
      [v.magnum, 'production', 10, '2024-05-02T09:00:00Z'],
      [v.bib, 'production', 20, '2024-05-02T09:00:00Z'],
      [v.bulk, 'production', 1234, '2024-05-02T09:00:00Z'],
      [v.half, 'sale', -60, '2024-05-06T09:00:00Z'],
      [v.half, 'tasting', -1, '2024-05-06T10:00:00Z'],
      [v.bottle50, 'sale', -7, '2024-05-06T11:00:00Z'],
      [v.magnum, 'export', -3, '2024-05-07T09:00:00Z'],
      [v.bib, 'sale', -5, '2024-05-08T09:00:00Z'],
      [v.bulk, 'sale', -333, '2024-05-09T09:00:00Z'],
    ]);
  });

  // By hand, in ml (1 hl = 100 000 ml; the contract's figures are cl = ml / 10):
  //  opening   40 × 375 = 15 000 ml = 0,15 hl
  //  production 120 × 375 + 30 × 500 + 10 × 1 500 + 20 × 3 000 + 1 234 l × 1 000
  //             = 45 000 + 15 000 + 15 000 + 60 000 + 1 234 000 = 1 369 000 ml = 13,69 hl
  //  sale      60 × 375 + 7 × 500 + 5 × 3 000 + 333 l × 1 000 = 22 500 + 3 500 + 15 000 + 333 000 = 374 000 ml = 3,74 hl
  //            (60 × 37,5 cl = 22,5 l = 0,225 hl; rounded to 38 cl it would be 0,228 hl)
  //  tasting   1 × 375 = 375 ml = 0,00375 hl → duty-paid exits 374 375 ml = 3,74375 hl
  //  export    3 × 1 500 = 4 500 ml = 0,045 hl
  //  closing   15 000 + 1 369 000 − 374 375 − 4 500 = 1 005 125 ml = 10,05125 hl
  //  duties    3,74375 hl × 4,14 €/hl = 15,499125 € → 15,50 €
  it('declares each format at its catalogue volume, not at whole centilitres', async () => {
    const d = await drm(cellar, '2024-05', true);
    expect(d.anomalies).toEqual([]);
    expect(d.categories).toHaveLength(1);
    const c = d.categories[0];
    expect(c).toMatchObject({ exciseCode: 'W200', appellation: 'Vacqueyras' });
    expect(c.openingCl).toBe(1500);
    expect(c.entries.production).toBe(136900);
    expect(c.exitsPaid).toEqual({ sale: 37400, tasting: 37.5, transferPaid: 0 });
    expect(c.exitsPaidCl).toBe(37437.5);
    expect(c.exitsFree.export).toBe(450);
    expect(c.closingCl).toBe(100512.5);
    expect(d.totals.closingCl).toBe(100512.5);
    expect(c.duties).toEqual({ exciseCents: 1550, cssCents: 0, totalCents: 1550 });

    const halfSale = c.detail!.find((m) => m.kind === 'sale' && m.quantity === -60)!;
    expect(halfSale).toMatchObject({ unitCl: 37.5, volumeCl: -2250 });
    const bulkSale = c.detail!.find((m) => m.kind === 'sale' && m.quantity === -333)!;
    expect(bulkSale).toMatchObject({ unitCl: 100, volumeCl: -33300 });
  });

  it('writes the same hectolitres, with the 5 decimals of the DRM, in the CSV export', async () => {
    const csv = await get(`/excise/drm/export.csv?warehouseId=${cellar}&month=2024-05`);
    expect(csv.status).toBe(200);
    const row = csv.text
      .slice(1)
      .split('\r\n')
      .find((l) => l.startsWith('W200'))!
      .split(';');
    expect(row[header('Stock début (hl)')]).toBe('0,15000');
    expect(row[header('Entrées – Production (hl)')]).toBe('13,69000');
    expect(row[header('Sorties droits acquittés – Ventes France (hl)')]).toBe('3,74000');
    expect(row[header('Sorties droits acquittés – Dégustations (hl)')]).toBe('0,00375');
    expect(row[header('Total sorties droits acquittés (hl)')]).toBe('3,74375');
    expect(row[header('Sorties sans droits – Exportations (hl)')]).toBe('0,04500');
    expect(row[header('Stock fin (hl)')]).toBe('10,05125');
    expect(row[header('Total droits (€)')]).toBe('15,50');
  });

  it('carries the exact closing stock of a validated month into the next one', async () => {
    expect((await post('/excise/drm/validate', { warehouseId: cellar, month: '2024-04' })).status).toBe(201);
    const may = await post('/excise/drm/validate', { warehouseId: cellar, month: '2024-05' });
    expect(may.status).toBe(201);
    expect(may.body.totals.closingCl).toBe(100512.5);
    // June, no movement: opening = closing = May's 1 005 125 ml
    const june = await drm(cellar, '2024-06');
    expect(june.openingSource).toBe('validated');
    expect(june.categories[0]).toMatchObject({ openingCl: 100512.5, closingCl: 100512.5 });
  });

  // A format resized after it moved: 10 × 37,5 cl before, then the format becomes 50 cl and 10 more are made.
  // By hand: 10 × 375 + 10 × 500 = 8 750 ml = 875 cl, each movement at the volume it had when it moved (whole
  // centilitres would make the first lot 10 × 380 ml; the format's current volume, 10 × 500 ml).
  it('keeps the volume a movement had when it moved, to the millilitre, after its format is resized', async () => {
    await apply([[v.half, 'production', 10, '2024-07-02T09:00:00Z']]);
    await ctx.handle.db.update(productFormats).set({ unityValue: 0.5 }).where(eq(productFormats.id, v.half));
    await apply([[v.half, 'production', 10, '2024-07-03T09:00:00Z']]);
    const july = await drm(cellar, '2024-07', true);
    const c = july.categories[0];
    expect(c.entries.production).toBe(875);
    expect(c.detail!.filter((m) => m.kind === 'production').map((m) => m.unitCl)).toEqual([37.5, 50]);
  });
});

describe('validation of a month', () => {
  it('requires the earlier months with movements to be validated first, then locks the month (409 twice)', async () => {
    const early = await post('/excise/drm/validate', { warehouseId: bonded, month: '2024-03' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ field: 'month', message: "Validez d'abord le mois de février 2024, qui comporte des mouvements" });

    const feb = await post('/excise/drm/validate', { warehouseId: bonded, month: '2024-02' });
    expect(feb.status).toBe(201);
    expect(feb.body.status).toBe('validated');
    const march = await post('/excise/drm/validate', { warehouseId: bonded, month: '2024-03' });
    expect(march.status).toBe(201);
    expect(march.body.openingSource).toBe('validated');
    expect(march.body.totals.closingCl).toBe(50855);
    const again = await post('/excise/drm/validate', { warehouseId: bonded, month: '2024-03' });
    expect(again.status).toBe(409);

    const [row] = await ctx.handle.db
      .select()
      .from(drmMonths)
      .where(and(eq(drmMonths.warehouseId, bonded), eq(drmMonths.month, '2024-03-01')));
    expect((row.declaration as unknown as DrmDeclaration).totals.closingCl).toBe(50855);

    const read = await drm(bonded, '2024-03');
    expect(read.status).toBe('validated');
    expect(read.validatedAt).toBe(new Date(row.validatedAt).toISOString());

    const months = await get(`/excise/drm/months?warehouseId=${bonded}`);
    expect(months.status).toBe(200);
    expect(months.body.find((m: { month: string }) => m.month === '2024-03')).toMatchObject({ status: 'validated', movementCount: 17 });
    expect(months.body.find((m: { month: string }) => m.month === '2024-04')).toMatchObject({ status: 'open', movementCount: 1 });
  });

  it('refuses a movement dated inside the validated month (stock applyMovements: 400 occurredAt)', async () => {
    const attempt = ctx.handle.db.transaction((tx) =>
      applyMovements(tx, { shopId, userId: null }, [
        { warehouseId: bonded, formatId: f.a75, quantity: 6, kind: 'production', occurredAt: new Date('2024-03-20T10:00:00Z') },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ status: 400, field: 'occurredAt' });
  });

  it('opens the next month with the stored closing stock of the validated month', async () => {
    // a movement slipped into March behind the lock's back does not change April: the opening is the declaration's
    await mv(bonded, f.a75, p.a, 'production', 100, '2024-03-25T10:00:00Z');
    const april = await drm(bonded, '2024-04');
    expect(april.openingSource).toBe('validated');
    const a = catOf(april, 'W200');
    expect(a.openingCl).toBe(43575);
    expect(a.exitsPaid.sale).toBe(375);
    expect(a.closingCl).toBe(43575 - 375);
    expect(catOf(april, 'S200').openingCl).toBe(7280);
  });

  it('refuses a month that is not over and a month before a validated one', async () => {
    const now = new Date();
    const current = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(now)
      .slice(0, 7);
    const res = await post('/excise/drm/validate', { warehouseId: bonded2, month: current });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('month');
    const before = await post('/excise/drm/validate', { warehouseId: bonded, month: '2024-01' });
    expect(before.status).toBe(400);
    expect(before.body.message).toMatch(/postérieur/);
  });

  it('lists the blocking anomalies and refuses the validation while they remain', async () => {
    await mv(bonded2, f.n, p.n, 'production', 10, '2023-06-10T10:00:00Z');
    await ctx.handle.db.insert(stockMovements).values({
      shopId,
      warehouseId: bonded2,
      formatId: f.a75,
      productId: p.a,
      vintageId: null,
      quantity: -20,
      kind: 'sale',
      unitMl: 750,
      occurredAt: new Date('2023-06-11T10:00:00Z'),
    });
    const d = await drm(bonded2, '2023-06');
    expect(d.anomalies.map((a) => a.code).sort()).toEqual(['negativeClosing', 'noVolume']);
    expect(d.anomalies.find((a) => a.code === 'noVolume')!.movementIds).toHaveLength(1);
    const res = await post('/excise/drm/validate', { warehouseId: bonded2, month: '2023-06' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/anomalies/);
  });
});

describe('scope', () => {
  it('answers 400 naming warehouseId for a duty-paid warehouse', async () => {
    const res = await get(`/excise/drm?warehouseId=${paid}&month=2024-03`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'warehouseId' });
    expect(res.body.message).toMatch(/droits acquittés/);
  });

  it("answers 404 for another shop's warehouse, on every DRM endpoint", async () => {
    for (const path of ['/excise/drm?', '/excise/drm/months?', '/excise/drm/export.csv?', '/excise/drm/export.pdf?'])
      expect((await get(`${path}warehouseId=${otherBonded}&month=2024-03`)).status).toBe(404);
    expect((await post('/excise/drm/validate', { warehouseId: otherBonded, month: '2024-03' })).status).toBe(404);
  });

  it('refuses an iam without seeAllStock (403)', async () => {
    const iam = await loginAs(ctx.app, 'iam@demo.test');
    expect((await get(`/excise/drm?warehouseId=${bonded}&month=2024-03`, iam)).status).toBe(403);
    expect((await get('/excise/crd-colors', iam)).status).toBe(403);
  });
});

describe('CRD capsules', () => {
  it('seeds the demo colours of Domaine de Démo with their stock', async () => {
    const res = await get('/excise/crd-colors?pageSize=50');
    expect(res.status).toBe(200);
    const names = res.body.items.map((c: { name: string }) => c.name);
    for (const c of DEMO_CRD_COLORS) expect(names).toContain(c.name);
  });

  it('creates a colour, records a purchase and an inventory, and shows the bottling consumption in the history', async () => {
    const bad = await post('/excise/crd-colors', { name: ' ', color: 'vert', type: 'capsule', isCRD: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'name', message: 'Ce champ ne peut pas être vide' });

    const created = await post('/excise/crd-colors', {
      name: 'Capsule test',
      color: 'vert',
      type: 'capsule',
      isCRD: true,
      initialStock: 100,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const bought = await post(`/excise/crd-colors/${id}/movements`, { kind: 'purchase', quantity: 50 });
    expect(bought.status).toBe(201);
    expect(bought.body.color.stock).toBe(150);

    await ctx.handle.db.transaction((tx) =>
      applyMovements(tx, { shopId, userId: null }, [
        { warehouseId: bonded2, formatId: f.a75, quantity: 30, kind: 'production', crdColorId: id },
      ]),
    );
    const counted = await post(`/excise/crd-colors/${id}/movements`, { kind: 'adjustment', counted: 118 });
    expect(counted.status).toBe(201);
    expect(counted.body.movement.quantity).toBe(-2);
    expect(counted.body.color.stock).toBe(118);
    const same = await post(`/excise/crd-colors/${id}/movements`, { kind: 'adjustment', counted: 118 });
    expect(same.status).toBe(400);

    const history = await get(`/excise/crd-colors/${id}/movements?sort=id`);
    expect(history.body.items.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([
      ['adjustment', 100],
      ['purchase', 50],
      ['bottling', -30],
      ['adjustment', -2],
    ]);
    const [stored] = await ctx.handle.db
      .select()
      .from(crdMovements)
      .where(and(eq(crdMovements.crdColorId, id), eq(crdMovements.kind, 'bottling')));
    expect(stored.stockMovementId).not.toBeNull();

    const archived = await request(ctx.app)
      .put(`/v1/excise/crd-colors/${id}`)
      .set(bearer(owner))
      .send({ name: 'Capsule test', color: 'vert', type: 'capsule', isCRD: true, archived: true });
    expect(archived.status).toBe(200);
    const list = await get('/excise/crd-colors?pageSize=50');
    expect(list.body.items.map((c: { id: number }) => c.id)).not.toContain(id);
    const [row] = await ctx.handle.db.select().from(crdColors).where(eq(crdColors.id, id));
    expect(row.archived).toBe(true);
  });

  it("answers 404 for another shop's colour", async () => {
    const [other] = await ctx.handle.db
      .insert(crdColors)
      .values({ shopId: otherShopId, name: 'Autre', color: 'vert', type: 'capsule' })
      .returning({ id: crdColors.id });
    expect((await get(`/excise/crd-colors/${other.id}/movements`)).status).toBe(404);
    expect((await post(`/excise/crd-colors/${other.id}/movements`, { kind: 'purchase', quantity: 5 })).status).toBe(404);
  });
});
