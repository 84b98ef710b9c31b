import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { notifications, shopMembers, users } from '../../platform/db/tables';
import { priceGridRequests } from './catalog.tables';
import { PRICE_GRID_STAFF_LINK } from './catalog.price-grid';

/** The request side of §6 'professionals can request a price grid' after the decision screen exists. */
describe('price-grid request: who is told, and what a refused buyer may do', () => {
  let ctx: TestContext;
  let buyer: string;
  let owner: string;
  let buyerId: number;
  let iamId: number;
  let ownerId: number;
  let domaineId: number;
  const db = () => ctx.handle.db;
  const state = async () => (await request(ctx.app).get('/v1/shops/by-name/domaine-demo').set(bearer(buyer))).body.viewer.priceGrid;
  const ask = () => request(ctx.app).post('/v1/shops/domaine-demo/price-grid-requests').set(bearer(buyer));

  beforeAll(async () => {
    ctx = await createTestContext();
    [buyer, owner] = await Promise.all(['buyer', 'owner'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [b] = await db()
      .update(users)
      .set({ isPro: true, business: { name: 'Cave du Coin' } })
      .where(eq(users.email, 'buyer@demo.test'))
      .returning();
    buyerId = b.id;
    iamId = (await db().select().from(users).where(eq(users.email, 'iam@demo.test')))[0].id;
    ownerId = (await db().select().from(users).where(eq(users.email, 'owner@demo.test')))[0].id;
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('notifies the owner and only the collaborators who may see or create clients, with a link to /dashboard/clients', async () => {
    expect(PRICE_GRID_STAFF_LINK).toBe('/dashboard/clients?view=requests');
    // the demo iam loses seeAllClient and createClient: the link would lead to a page it cannot open
    await db()
      .update(shopMembers)
      .set({ authorizations: { seeAllOrder: true } })
      .where(and(eq(shopMembers.userId, iamId), eq(shopMembers.shopId, domaineId)));
    expect((await ask()).status).toBe(201);
    const sent = await db().select().from(notifications).where(eq(notifications.type, 'newContact'));
    const mine = sent.filter((n) => n.content.includes('Cave du Coin'));
    expect(mine.map((n) => n.userId)).toEqual([ownerId]);
    expect(mine[0].redirectLink).toBe('/dashboard/clients?view=requests');
  });

  it('a refused buyer sees the request button again and may send a new request; the staff is told again', async () => {
    const [pending] = await db()
      .select()
      .from(priceGridRequests)
      .where(and(eq(priceGridRequests.userId, buyerId), eq(priceGridRequests.status, 'pending')));
    const decided = await request(ctx.app)
      .put(`/v1/shops/me/price-grid-requests/${pending.id}`)
      .set(bearer(owner))
      .send({ decision: 'refuse' });
    expect(decided.status).toBe(200);
    expect(await state()).toBe('requestable');
    const again = await ask();
    expect(again.status).toBe(201);
    expect(again.body.request.id).not.toBe(pending.id);
    expect(await state()).toBe('pending');
    const rows = await db().select().from(priceGridRequests).where(eq(priceGridRequests.userId, buyerId));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'refused']);
    const toOwner = (await db().select().from(notifications).where(eq(notifications.userId, ownerId))).filter((n) =>
      n.content.includes('Cave du Coin'),
    );
    expect(toOwner).toHaveLength(2);
  });

  it('an accepted buyer is a member: no request button, asking again → 409', async () => {
    const [pending] = await db()
      .select()
      .from(priceGridRequests)
      .where(and(eq(priceGridRequests.userId, buyerId), eq(priceGridRequests.status, 'pending')));
    const res = await request(ctx.app)
      .put(`/v1/shops/me/price-grid-requests/${pending.id}`)
      .set(bearer(owner))
      .send({ decision: 'accept', typology: 'professionnel' });
    expect(res.status).toBe(200);
    expect(await state()).toBe('member');
    expect((await ask()).status).toBe(409);
  });
});
