import request from 'supertest';
import { eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { adminAudit } from './admin.tables';

describe('/v1/admin', () => {
  let ctx: TestContext;
  let admin: string;
  let demoShopId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await loginAs(ctx.app, 'admin@demo.test');
    const [s] = await ctx.handle.db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    demoShopId = s.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (path: string, jwt = admin) => request(ctx.app).get(`/v1${path}`).set(bearer(jwt));
  const auditRows = () => ctx.handle.db.select().from(adminAudit).orderBy(adminAudit.id);

  it('refuses every route to owner, iam, agent, buyer (403) and to an anonymous caller (401)', async () => {
    const routes: Array<[string, string, object?]> = [
      ['get', '/admin/overview'],
      ['get', '/admin/orders'],
      ['get', '/admin/products'],
      ['get', '/admin/shops'],
      ['post', `/admin/shops/${demoShopId}/suspend`, { reason: 'Fraude' }],
      ['post', `/admin/shops/${demoShopId}/reopen`],
      ['get', '/admin/maintenance'],
      ['put', '/admin/maintenance', { mode: 'banner', message: 'x', startDate: '2099-01-01T00:00:00Z', endDate: '2099-01-02T00:00:00Z' }],
      ['delete', '/admin/maintenance'],
      ['get', '/admin/audit'],
    ];
    const others = await Promise.all(
      ['owner@demo.test', 'iam@demo.test', 'agent@demo.test', 'buyer@demo.test'].map((e) => loginAs(ctx.app, e)),
    );
    for (const [method, path, body] of routes) {
      const call = () => (request(ctx.app) as unknown as Record<string, (p: string) => request.Test>)[method](`/v1${path}`);
      const anonymous = await call().send(body);
      expect([path, anonymous.status]).toEqual([path, 401]);
      for (const jwt of others) {
        const res = await call().set(bearer(jwt)).send(body);
        expect([path, res.status, res.body.message]).toEqual([
          path,
          403,
          "Vous n'avez pas les droits nécessaires pour effectuer cette action.",
        ]);
      }
    }
    // nothing was written by the refused calls
    expect(await auditRows()).toEqual([]);
    const [s] = await ctx.handle.db.select({ suspendedAt: shops.suspendedAt }).from(shops).where(eq(shops.id, demoShopId));
    expect(s.suspendedAt).toBeNull();
  });

  it('lists the shops with owner, modules, last activity, and searches the owner', async () => {
    const all = await get('/admin/shops?sort=name');
    expect(all.status).toBe(200);
    const demo = all.body.items.find((s: { code: string }) => s.code === 'DOMDEM');
    expect(demo).toMatchObject({
      name: 'Domaine de Démo',
      urlShop: 'domaine-demo',
      businessType: 'wine',
      owner: { email: 'owner@demo.test' },
      suspendedAt: null,
      suspendedReason: null,
    });
    expect(demo.modules).toEqual(expect.arrayContaining(['shop', 'crm', 'stocks']));
    // the demo orders of Domaine de Démo are its latest activity
    const [lastOrder] = (await get(`/admin/orders?shopId=${demoShopId}&sort=-createdAt&pageSize=1`)).body.items;
    expect(new Date(demo.lastActivityAt).getTime()).toBeGreaterThanOrEqual(new Date(lastOrder.createdAt).getTime());

    const byOwner = await get('/admin/shops?q=OWNER2@');
    expect(byOwner.body.items.map((s: { code: string }) => s.code)).toEqual(['BRADEM']);
    expect((await get('/admin/shops?q=%25')).body.total).toBe(0);
    const bad = await get('/admin/shops?suspended=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'suspended', message: 'Le filtre suspended vaut true ou false' });
  });

  it('searches the orders of every shop by number, shop and buyer, and filters them', async () => {
    const all = await get('/admin/orders');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(0);
    const one = all.body.items[0];
    expect(one).toMatchObject({ shop: { id: expect.any(Number), name: expect.any(String) }, buyer: { email: expect.any(String) } });

    const byNumber = await get(`/admin/orders?q=${encodeURIComponent(one.number)}&shopId=${one.shop.id}`);
    expect(byNumber.body.items.map((o: { id: number }) => o.id)).toContain(one.id);
    const byBuyer = await get('/admin/orders?q=buyer@demo');
    expect(byBuyer.body.total).toBeGreaterThan(0);
    expect(byBuyer.body.items.every((o: { buyer: { email: string } }) => o.buyer.email === 'buyer@demo.test')).toBe(true);
    const byShop = await get('/admin/orders?q=domaine de d');
    expect(byShop.body.items.every((o: { shop: { code: string } }) => o.shop.code === 'DOMDEM')).toBe(true);
    expect((await get(`/admin/orders?status=${one.status}`)).body.items.every((o: { status: string }) => o.status === one.status)).toBe(
      true,
    );
    expect((await get('/admin/orders?from=2000-01-01&to=2000-01-31')).body.total).toBe(0);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    const placedToday = await get(`/admin/orders?from=${today}&to=${today}`);
    expect(placedToday.body.total).toBeGreaterThan(0); // the seed placed some just now
    expect(placedToday.body.total).toBeLessThan(all.body.total);
    expect((await get('/admin/overview')).body).toMatchObject({ ordersToday: placedToday.body.total, shops: expect.any(Number) });

    const badDate = await get('/admin/orders?from=01/02/2026');
    expect(badDate.status).toBe(400);
    expect(badDate.body).toMatchObject({ field: 'from', message: 'Le filtre from doit être une date AAAA-MM-JJ' });
    expect((await get('/admin/orders?status=nope')).body.field).toBe('status');
    expect((await get('/admin/orders?shopId=abc')).body.field).toBe('shopId');
  });

  it('searches products across shops', async () => {
    const all = await get('/admin/products?pageSize=100');
    expect(all.status).toBe(200);
    const shopsSeen = new Set(all.body.items.map((p: { shop: { id: number } }) => p.shop.id));
    expect(shopsSeen.size).toBeGreaterThan(1);
    const p = all.body.items[0];
    const found = await get(`/admin/products?q=${encodeURIComponent(p.name.slice(0, 6))}`);
    expect(found.body.items.map((x: { id: number }) => x.id)).toContain(p.id);
    const byShop = await get('/admin/products?q=brasserie');
    expect(byShop.body.total).toBeGreaterThan(0);
    expect(byShop.body.items.every((x: { shop: { code: string } }) => x.shop.code === 'BRADEM')).toBe(true);
    expect(
      (await get(`/admin/products?shopId=${demoShopId}`)).body.items.every((x: { shop: { id: number } }) => x.shop.id === demoShopId),
    ).toBe(true);
    expect((await get('/admin/products?productType=car')).body.field).toBe('productType');
  });

  it('suspends a shop with a reason and reopens it, each audited in the same transaction', async () => {
    const post = (path: string, body?: object) => request(ctx.app).post(`/v1${path}`).set(bearer(admin)).send(body);
    const noReason = await post(`/admin/shops/${demoShopId}/suspend`, { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', message: 'Indiquez la raison de la suspension' });
    expect((await post(`/admin/shops/${demoShopId}/reopen`)).status).toBe(409);
    expect((await post('/admin/shops/99999/suspend', { reason: 'x' })).body).toMatchObject({ message: 'Boutique introuvable' });
    expect((await post('/admin/shops/abc/suspend', { reason: 'x' })).status).toBe(404);
    expect(await auditRows()).toEqual([]); // refused actions leave no trace

    const done = await post(`/admin/shops/${demoShopId}/suspend`, { reason: ' Impayés répétés ' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      message: 'La boutique a été suspendue',
      shop: { id: demoShopId, suspendedReason: 'Impayés répétés', suspendedAt: expect.any(String) },
    });
    const twice = await post(`/admin/shops/${demoShopId}/suspend`, { reason: 'encore' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cette boutique est déjà suspendue');

    const suspended = await get('/admin/shops?suspended=true');
    expect(suspended.body.items.map((s: { id: number }) => s.id)).toEqual([demoShopId]);
    expect((await get('/admin/overview')).body).toMatchObject({ suspendedShops: 1 });

    const reopened = await post(`/admin/shops/${demoShopId}/reopen`);
    expect(reopened.body).toMatchObject({ message: 'La boutique a été rouverte', shop: { suspendedAt: null, suspendedReason: null } });

    const rows = await auditRows();
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.userName])).toEqual([
      ['shop.suspend', 'shop', String(demoShopId), 'Adèle Administratrice'],
      ['shop.reopen', 'shop', String(demoShopId), 'Adèle Administratrice'],
    ]);
    expect(rows[0].detail).toEqual({ reason: 'Impayés répétés' });
    expect(rows[0].userId).toEqual(expect.any(Number));

    const listed = await get('/admin/audit');
    expect(listed.body.items.map((r: { action: string }) => r.action)).toEqual(['shop.reopen', 'shop.suspend']);
    expect((await get(`/admin/audit?targetType=shop&targetId=${demoShopId}`)).body.total).toBe(2);
    expect((await get('/admin/audit?targetType=nope')).body.field).toBe('targetType');
  });

  it('sets the maintenance that GET /v1/maintenances serves, then ends it, audited', async () => {
    const put = (body: object) => request(ctx.app).put('/v1/admin/maintenance').set(bearer(admin)).send(body);
    expect((await get('/admin/maintenance')).body).toBeNull();
    const hour = 3600_000;
    const start = new Date(Date.now() - hour).toISOString();
    const end = new Date(Date.now() + hour).toISOString();

    const inverted = await put({ mode: 'banner', message: 'Mise à jour', startDate: end, endDate: start });
    expect(inverted.status).toBe(400);
    expect(inverted.body).toMatchObject({ field: 'endDate', message: 'La date de fin doit être après la date de début' });
    expect((await put({ mode: 'popup', message: 'x', startDate: start, endDate: end })).body.field).toBe('mode');
    expect((await put({ mode: 'banner', message: '', startDate: start, endDate: end })).body).toMatchObject({
      field: 'message',
      message: 'Indiquez le message affiché pendant la maintenance',
    });

    const saved = await put({ mode: 'banner', message: 'Mise à jour ce soir à 22 h', startDate: start, endDate: end });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'La maintenance a été enregistrée', maintenance: { mode: 'banner', active: true } });
    expect((await request(ctx.app).get('/v1/maintenances')).body).toEqual({
      banner: 'Mise à jour ce soir à 22 h',
      page: false,
      startDate: start,
      endDate: end,
    });

    // a second save edits the same maintenance: full page now
    await put({ mode: 'page', message: 'Maintenance en cours', startDate: start, endDate: end }).expect(200);
    expect((await request(ctx.app).get('/v1/maintenances')).body).toMatchObject({ banner: 'Maintenance en cours', page: true });
    const current = (await get('/admin/maintenance')).body;
    expect(current).toMatchObject({ id: saved.body.maintenance.id, mode: 'page', message: 'Maintenance en cours', active: true });

    const ended = await request(ctx.app).delete('/v1/admin/maintenance').set(bearer(admin));
    expect(ended.body).toMatchObject({ message: 'La maintenance a été arrêtée', maintenance: null });
    expect((await request(ctx.app).get('/v1/maintenances')).body).toBeNull();
    expect((await request(ctx.app).delete('/v1/admin/maintenance').set(bearer(admin))).status).toBe(404);

    const rows = (await auditRows()).filter((r) => r.targetType === 'maintenance');
    expect(rows.map((r) => r.action)).toEqual(['maintenance.save', 'maintenance.save', 'maintenance.end']);
    expect(rows[0].detail).toMatchObject({ mode: 'banner', message: 'Mise à jour ce soir à 22 h' });
  });
});
