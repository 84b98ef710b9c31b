// Back-office list endpoints: scoped by the caller's shop (another shop's id → 404, never the object) and
// checked against the §6 permission of the action (owners have all; an iam needs the flag).
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { SHOP_HEADER } from 'shared-kernel/contracts';
import { shopMembers, shops, users } from './platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from './test/test-app';

describe('back-office scope and permissions of the list endpoints', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let iamMemberId: number;
  const get = (path: string, token: string) => request(ctx.app).get(path).set(bearer(token));
  /** The demo iam (Domaine de Démo) with these authorizations (null = everything allowed). */
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    await ctx.handle.db.update(shopMembers).set({ authorizations }).where(eq(shopMembers.id, iamMemberId));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    // the demo's second shop has the iframes module off: its routes answer 403 then (platform/module-switches.test.ts)
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"iframes":{"active":true}}'`);
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [row] = await ctx.handle.db
      .select({ id: shopMembers.id })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(eq(users.email, 'iam@demo.test'));
    iamMemberId = row.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('iframes: each shop lists only its own; another shop’s iframe id → 404', async () => {
    const mine = (await request(ctx.app).post('/v1/iframes').set(bearer(owner)).send({ name: 'Domaine', kind: 'list' })).body;
    const theirs = (await request(ctx.app).post('/v1/iframes').set(bearer(owner2)).send({ name: 'Brasserie', kind: 'list' })).body;
    const list = await get('/v1/iframes?pageSize=100', owner);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(mine.id);
    expect(list.body.items.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
    const put = await request(ctx.app).put(`/v1/iframes/${theirs.id}`).set(bearer(owner)).send({ name: 'x', kind: 'list' });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ success: false, message: 'Iframe introuvable' });
    expect((await request(ctx.app).delete(`/v1/iframes/${theirs.id}`).set(bearer(owner))).status).toBe(404);
    // filter and sort of the one list query
    const named = await get('/v1/iframes?q=domaine&sort=name&filter=%7B%22kind%22%3A%22list%22%7D', owner);
    expect(named.body.items.map((i: { name: string }) => i.name)).toEqual(['Domaine']);
    expect((await get('/v1/iframes?sort=shopId', owner)).body).toMatchObject({ field: 'sort' });
    expect((await get('/v1/iframes', agent)).status).toBe(403);
  });

  it('orders: another shop’s order → 404 to its staff; the seller view needs seeAllOrder (iam without it → 403)', async () => {
    const shopOrders = await get('/v1/orders?pageSize=100', owner);
    expect(shopOrders.status).toBe(200);
    expect(shopOrders.body.total).toBeGreaterThan(0);
    const id = shopOrders.body.items[0].id;
    const other = await get(`/v1/orders/${id}`, owner2);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: 'Commande introuvable' });
    expect((await get('/v1/orders?pageSize=100', owner2)).body.items.map((o: { id: number }) => o.id)).not.toContain(id);
    // sorted both ways by a declared column
    const asc = (await get('/v1/orders?sort=number&pageSize=100', owner)).body.items.map((o: { number: string }) => o.number);
    const desc = (await get('/v1/orders?sort=-number&pageSize=100', owner)).body.items.map((o: { number: string }) => o.number);
    expect(asc).toEqual([...asc].sort());
    expect(desc).toEqual([...asc].reverse());
    try {
      await iamWith({ createOrder: true });
      const seller = await get('/v1/orders?as=seller', iam);
      expect(seller.status).toBe(403);
      expect(seller.body.success).toBe(false);
      await iamWith({ seeAllOrder: true });
      expect((await get('/v1/orders?as=seller', iam)).body.total).toBe(shopOrders.body.total);
    } finally {
      await iamWith({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    }
  });

  it('clients and price-grid requests: an iam without seeAllClient / createClient → 403; an unknown or other shop’s request → 404', async () => {
    try {
      await iamWith({ seeAllOrder: true });
      for (const path of ['/v1/shops/me/clients', '/v1/shops/me/price-grid-requests']) {
        const res = await get(path, iam);
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
      const decide = await request(ctx.app).put('/v1/shops/me/price-grid-requests/1').set(bearer(iam)).send({ decision: 'refuse' });
      expect(decide.status).toBe(403);
      await iamWith({ seeAllClient: true });
      expect((await get('/v1/shops/me/clients', iam)).body).toMatchObject({ page: 1, pageSize: 20, items: [] });
    } finally {
      await iamWith({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    }
    const unknown = await request(ctx.app).put('/v1/shops/me/price-grid-requests/999999').set(bearer(owner2)).send({ decision: 'refuse' });
    expect(unknown.status).toBe(404);
    expect((await get('/v1/shops/me/clients?pageSize=101', owner)).body).toMatchObject({ field: 'pageSize' });
  });

  it('agents: another shop’s id → 404; an iam with neither accessCollaborator nor accessAgent → 403', async () => {
    const shop2: number = (await get('/v1/shops/me', owner2)).body.id;
    expect((await get(`/v1/agents?shopId=${shop2}`, owner)).status).toBe(404);
    expect((await get('/v1/agents', iam)).status).toBe(403);
  });

  it('admin users: the paginated envelope, the former search / limit / offset names and filters', async () => {
    const admin = await loginAs(ctx.app, 'admin@demo.test');
    const page = await get('/v1/admin/users?limit=2&offset=2', admin);
    expect(page.body).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
    const byQ = await get('/v1/admin/users?q=owner2', admin);
    expect(byQ.body.items.map((u: { email: string }) => u.email)).toEqual(['owner2@demo.test']);
    const owners = await get('/v1/admin/users?role=owner&sort=-email&pageSize=100', admin);
    const emails = owners.body.items.map((u: { email: string }) => u.email);
    expect(emails.length).toBeGreaterThan(1);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await get('/v1/admin/users?filter=%7B%22role%22%3A%22king%22%7D', admin)).body).toMatchObject({ field: 'filter.role' });
    expect((await get('/v1/admin/users', owner)).status).toBe(403);
  });

  it('an agent of several producers works for the one named in X-Shop-Id; a shop they do not represent is not found', async () => {
    const db = ctx.handle.db;
    const [domaine] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    const [brasserie] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
    const [other] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'cave-des-pros'));
    const [agentUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test'));
    const [added] = await db.insert(shopMembers).values({ shopId: brasserie.id, userId: agentUser.id, kind: 'agent' }).returning();
    try {
      const token = await loginAs(ctx.app, 'agent@demo.test');
      const options = (shopId?: number | string) => {
        const r = get('/v1/stock/format-options', token);
        return shopId === undefined ? r : r.set(SHOP_HEADER, String(shopId));
      };
      const formatsOf = (res: request.Response) => new Set((res.body as Array<{ value: number }>).map((o) => o.value));
      // no header: the first producer (the Domaine); the header picks the Brasserie's articles
      const first = await options();
      const named = await options(brasserie.id);
      expect([first.status, named.status]).toEqual([200, 200]);
      expect(named.body.length).toBeGreaterThan(0);
      const domaineFormats = formatsOf(await options(domaine.id));
      expect(formatsOf(first)).toEqual(domaineFormats);
      expect([...formatsOf(named)].some((l) => domaineFormats.has(l))).toBe(false);
      // a shop they do not represent: not found, never its articles; not an id: 400 naming the header
      expect((await options(other.id)).status).toBe(404);
      const bad = await options('abc');
      expect([bad.status, bad.body.field]).toEqual([400, SHOP_HEADER]);
      // an owner-only list named for a shop where they are only an agent stays forbidden
      expect((await get('/v1/sales/invoices', token).set(SHOP_HEADER, String(brasserie.id))).status).toBe(403);
    } finally {
      await db.delete(shopMembers).where(eq(shopMembers.id, added.id));
    }
  });
});
