import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('api keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('an owner creates a key shown once, uses it as Bearer, lists it without the secret and revokes it', async () => {
    const jwt = await loginAs(ctx.app, 'owner@demo.test');
    const bad = await request(ctx.app).post('/v1/api-keys').set(bearer(jwt)).send({ name: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Ce champ ne peut pas être vide', field: 'name' });
    const created = await request(ctx.app).post('/v1/api-keys').set(bearer(jwt)).send({ name: 'ERP' });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^wzk_[A-Za-z0-9_-]{43}$/);
    const me = await request(ctx.app).get('/v1/shops/me').set(bearer(key));
    expect(me.status).toBe(200);
    expect(me.body.code).toBe('DOMDEM');
    const list = await request(ctx.app).get('/v1/api-keys').set(bearer(jwt));
    expect(list.body).toEqual({
      total: 1,
      page: 1,
      pageSize: 20,
      items: [expect.objectContaining({ id: created.body.id, name: 'ERP', prefix: key.slice(0, 12), lastUsedAt: expect.any(String) })],
    });
    expect(JSON.stringify(list.body)).not.toContain(key);
    // another owner cannot revoke it
    const other = await loginAs(ctx.app, 'owner2@demo.test');
    expect((await request(ctx.app).delete(`/v1/api-keys/${created.body.id}`).set(bearer(other))).status).toBe(404);
    expect((await request(ctx.app).delete(`/v1/api-keys/${created.body.id}`).set(bearer(jwt))).status).toBe(200);
    expect((await request(ctx.app).get('/v1/shops/me').set(bearer(key))).status).toBe(401);
    expect((await request(ctx.app).get('/v1/api-keys').set(bearer(jwt))).body).toMatchObject({ items: [], total: 0 });
  });

  it('is refused to a buyer and an unknown key is a 401', async () => {
    const jwt = await loginAs(ctx.app, 'buyer@demo.test');
    expect((await request(ctx.app).get('/v1/api-keys').set(bearer(jwt))).status).toBe(403);
    expect(
      (
        await request(ctx.app)
          .get('/v1/users/me')
          .set(bearer(`wzk_${'a'.repeat(43)}`))
      ).status,
    ).toBe(401);
  });
});
