import { and, eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { createTestContext, type TestContext } from '../../test/test-app';
import { productFormats } from '../catalog';
import { applyMovements, drmMonths, stockLevels, warehouses } from './index';

describe('applyMovements', () => {
  let ctx: TestContext;
  let shopId: number;
  let otherShopId: number;
  let formatId: number;
  let web: number;
  let other: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    [{ id: shopId }] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    [{ id: otherShopId }] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
    [{ id: formatId }] = await db.select({ id: productFormats.id }).from(productFormats).where(eq(productFormats.shopId, shopId)).limit(1);
    [{ id: web }] = await db.insert(warehouses).values({ shopId, name: 'T web', feedsWebShop: true }).returning({ id: warehouses.id });
    [{ id: other }] = await db.insert(warehouses).values({ shopId, name: 'T other' }).returning({ id: warehouses.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('enters, refuses an exit below zero, and keeps the web stock in step', async () => {
    const db = ctx.handle.db;
    const ctxA = { shopId, userId: null };
    await db.transaction((tx) => applyMovements(tx, ctxA, [{ warehouseId: other, formatId, quantity: 5, kind: 'production' }]));
    await expect(
      db.transaction((tx) => applyMovements(tx, ctxA, [{ warehouseId: other, formatId, quantity: -6, kind: 'loss' }])),
    ).rejects.toMatchObject({ status: 400, field: 'quantity' });
    const [lvl] = await db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, other), eq(stockLevels.formatId, formatId)));
    expect(lvl.onHand).toBe(5);
    await expect(
      db.transaction((tx) =>
        applyMovements(tx, { shopId: otherShopId, userId: null }, [{ warehouseId: other, formatId, quantity: 1, kind: 'production' }]),
      ),
    ).rejects.toMatchObject({ status: 404, field: 'warehouseId' });
    const d = new Date(Date.UTC(2020, 0, 15));
    await db.insert(drmMonths).values({ shopId, warehouseId: other, month: '2020-01-01', declaration: {} });
    await expect(
      db.transaction((tx) => applyMovements(tx, ctxA, [{ warehouseId: other, formatId, quantity: 1, kind: 'production', occurredAt: d }])),
    ).rejects.toMatchObject({ status: 400, field: 'occurredAt' });
    const webStock = async () =>
      (await db.select({ s: productFormats.stock }).from(productFormats).where(eq(productFormats.id, formatId)))[0].s;
    const w0 = await webStock();
    await db.transaction((tx) => applyMovements(tx, ctxA, [{ warehouseId: other, formatId, quantity: -2, kind: 'loss' }]));
    expect(await webStock()).toBe(w0); // not a web warehouse
    await db.transaction((tx) => applyMovements(tx, ctxA, [{ warehouseId: web, formatId, quantity: 4, kind: 'production' }]));
    expect(await webStock()).toBe(w0 + 4);
  });

  it('records a batch larger than one INSERT can carry (65,535 parameters) in one call', async () => {
    const db = ctx.handle.db;
    const n = 4200; // 4,200 rows × 16 columns > 65,535
    const at = new Date(Date.UTC(2021, 5, 1));
    const rows = await db.transaction((tx) =>
      applyMovements(
        tx,
        { shopId, userId: null },
        Array.from({ length: n }, () => ({ warehouseId: other, formatId, quantity: 1, kind: 'production' as const, occurredAt: at })),
      ),
    );
    expect(rows).toHaveLength(n);
    const [lvl] = await db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, other), eq(stockLevels.formatId, formatId)));
    expect(lvl.onHand).toBe(3 + n);
  });
});
