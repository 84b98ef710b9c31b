// A shop suspended by the platform's operator: its public pages say so and sell nothing, its back office
// reads but refuses every write except the export of its data; reopening gives everything back.
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products } from '../catalog';

const SUSPENDED = 'Cette boutique est momentanément suspendue : elle ne peut ni vendre ni être modifiée.';

describe('a suspended shop', () => {
  let ctx: TestContext;
  let admin: string;
  let owner: string;
  let shopId: number;
  let galets: { productId: number; formatId: number };
  beforeAll(async () => {
    ctx = await createTestContext();
    [admin, owner] = await Promise.all([loginAs(ctx.app, 'admin@demo.test'), loginAs(ctx.app, 'owner@demo.test')]);
    const [s] = await ctx.handle.db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    shopId = s.id;
    [galets] = await ctx.handle.db
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const admin$ = (action: 'suspend' | 'reopen') =>
    request(ctx.app).post(`/v1/admin/shops/${shopId}/${action}`).set(bearer(admin)).send({ reason: 'Impayés répétés' });
  const publicView = async () => {
    const [page, list, product, listed, price] = await Promise.all([
      request(ctx.app).get('/v1/shops/by-name/domaine-demo'),
      request(ctx.app).get(`/v1/products?shopIds=[${shopId}]`),
      request(ctx.app).get(`/v1/products/${galets.productId}`),
      request(ctx.app).get('/v1/shops?search=domaine'),
      request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .send({
          orders: [
            {
              seller: { id: shopId },
              products: [{ idTmp: 'a', id: galets.productId, quantity: 6, chosenFormat: { id: galets.formatId } }],
              reservations: [],
            },
          ],
        }),
    ]);
    return { page, list, product, listed, price };
  };

  it('hides its public pages with a clear message, refuses sales and back-office writes, and comes back once reopened', async () => {
    const before = await publicView();
    expect(before.page.body).toMatchObject({ id: shopId });
    expect(before.page.body.suspended).toBeUndefined();
    expect(before.page.body.tabs.length).toBeGreaterThan(0);
    expect(before.list.body.total).toBeGreaterThan(0);
    expect(before.product.status).toBe(200);
    expect(before.price.body[0].problems).toEqual([]);

    expect((await admin$('suspend')).status).toBe(200);

    const after = await publicView();
    expect(after.page.status).toBe(200);
    expect(after.page.body).toMatchObject({ id: shopId, name: expect.any(String), suspended: true, tabs: [] });
    expect(after.list.body).toMatchObject({ total: 0, items: [] });
    expect(after.product.status).toBe(404);
    expect(after.listed.body.map((s: { id: number }) => s.id)).not.toContain(shopId);
    expect(after.price.body[0].problems).toEqual([{ field: 'seller', message: SUSPENDED, sellerId: shopId }]);

    // the back office reads, refuses writes with the reason, but the producer can still take their data out
    expect((await request(ctx.app).get('/v1/shops/me/settings/infos').set(bearer(owner))).status).toBe(200);
    const write = await request(ctx.app).put('/v1/users/me').set(bearer(owner)).send({ firstname: 'Olivier', lastname: 'Owner' });
    expect(write.status).toBe(200); // the user's own account is not the shop's
    const shopWrite = await request(ctx.app)
      .put('/v1/shops/me/settings/match-grids')
      .set(bearer(owner))
      .send({ products: [], typologies: [], paymentMethods: [] });
    expect([shopWrite.status, shopWrite.body.message]).toEqual([403, SUSPENDED]);

    expect((await admin$('reopen')).status).toBe(200);
    const back = await publicView();
    expect(back.page.body.suspended).toBeUndefined();
    expect(back.list.body.total).toBe(before.list.body.total);
    expect(back.product.status).toBe(200);
    expect(back.price.body[0].problems).toEqual([]);
  });
});
