import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('admin users', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a superAdmin searches, views, disables (revoking sessions) and re-enables an account', async () => {
    const admin = await loginAs(ctx.app, 'admin@demo.test');
    const buyerJwt = await loginAs(ctx.app, 'buyer@demo.test');
    const found = await request(ctx.app).get('/v1/admin/users?search=BUYER@').set(bearer(admin));
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      total: 1,
      page: 1,
      pageSize: 20,
      items: [expect.objectContaining({ email: 'buyer@demo.test', role: 'buyer', disabled: false, emailValidated: true })],
    });
    const id = found.body.items[0].id;
    const wildcard = await request(ctx.app).get('/v1/admin/users?search=%25').set(bearer(admin));
    expect(wildcard.body.total).toBe(0);
    const one = await request(ctx.app).get(`/v1/admin/users/${id}`).set(bearer(admin));
    expect(one.body).toMatchObject({ id, firstname: 'Béatrice', shops: [] });
    const off = await request(ctx.app).put(`/v1/admin/users/${id}/disabled`).set(bearer(admin)).send({ disabled: true });
    expect(off.body).toMatchObject({ disabled: true, message: 'Le compte a été désactivé' });
    expect((await request(ctx.app).get('/v1/users/me').set(bearer(buyerJwt))).status).toBe(401);
    expect((await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' })).status).toBe(401);
    await request(ctx.app).put(`/v1/admin/users/${id}/disabled`).set(bearer(admin)).send({ disabled: false }).expect(200);
    expect((await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' })).status).toBe(200);
    // both actions are in the operator's audit, newest first
    const audit = await request(ctx.app).get(`/v1/admin/audit?targetType=user&targetId=${id}`).set(bearer(admin));
    expect(audit.body.items.map((r: { action: string; userName: string }) => [r.action, r.userName])).toEqual([
      ['user.enable', 'Adèle Administratrice'],
      ['user.disable', 'Adèle Administratrice'],
    ]);
    // a refused action leaves no trace
    await request(ctx.app).put('/v1/admin/users/99999/disabled').set(bearer(admin)).send({ disabled: true }).expect(404);
    expect((await request(ctx.app).get('/v1/admin/audit?targetType=user&targetId=99999').set(bearer(admin))).body.total).toBe(0);
  });

  it('refuses other roles, self-disable, bad ids and bad bodies', async () => {
    const owner = await loginAs(ctx.app, 'owner@demo.test');
    expect((await request(ctx.app).get('/v1/admin/users').set(bearer(owner))).status).toBe(403);
    const admin = await loginAs(ctx.app, 'admin@demo.test');
    const me = (await request(ctx.app).get('/v1/users/me').set(bearer(admin))).body.id;
    const self = await request(ctx.app).put(`/v1/admin/users/${me}/disabled`).set(bearer(admin)).send({ disabled: true });
    expect(self.status).toBe(400);
    expect((await request(ctx.app).get('/v1/admin/users/abc').set(bearer(admin))).status).toBe(404);
    expect((await request(ctx.app).get('/v1/admin/users/99999').set(bearer(admin))).status).toBe(404);
    const bad = await request(ctx.app).put('/v1/admin/users/2/disabled').set(bearer(admin)).send({ disabled: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('disabled');
    expect((await request(ctx.app).get('/v1/admin/users?limit=5000').set(bearer(admin))).status).toBe(400);
  });
});
