import request from 'supertest';
import { Client } from 'pg';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

/** The accounts behind a token are kept between back-office requests, but never outlive a change of them. */
describe('auth cache of the back-office requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a disabled account is refused at its next request (a write of this process)', async () => {
    const jwt = await loginAs(ctx.app, 'owner2@demo.test');
    expect((await request(ctx.app).get('/v1/catalogue/products').set(bearer(jwt))).status).toBe(200);
    expect((await request(ctx.app).get('/v1/catalogue/products').set(bearer(jwt))).status).toBe(200); // kept
    await ctx.handle.db.execute(`update users set disabled = true where email = 'owner2@demo.test'` as never);
    try {
      expect((await request(ctx.app).get('/v1/catalogue/products').set(bearer(jwt))).status).toBe(401);
    } finally {
      await ctx.handle.db.execute(`update users set disabled = false where email = 'owner2@demo.test'` as never);
    }
    expect((await request(ctx.app).get('/v1/catalogue/products').set(bearer(jwt))).status).toBe(200);
  });

  it('a membership removed at once cuts the shop (a write of this process)', async () => {
    const jwt = await loginAs(ctx.app, 'iam@demo.test');
    expect((await request(ctx.app).get('/v1/crm/clients').set(bearer(jwt))).status).toBe(200);
    await ctx.handle.db.execute(
      `update shop_members set suspended_at = now() where user_id = (select id from users where email = 'iam@demo.test')` as never,
    );
    try {
      expect((await request(ctx.app).get('/v1/crm/clients').set(bearer(jwt))).status).toBe(403);
    } finally {
      await ctx.handle.db.execute(
        `update shop_members set suspended_at = null where user_id = (select id from users where email = 'iam@demo.test')` as never,
      );
    }
    expect((await request(ctx.app).get('/v1/crm/clients').set(bearer(jwt))).status).toBe(200);
  });

  const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  (pgUrl ? it : it.skip)('a revocation committed by another process reaches this one through the notifications', async () => {
    const jwt = await loginAs(ctx.app, 'owner2@demo.test');
    const status = async () => (await request(ctx.app).get('/v1/catalogue/products').set(bearer(jwt))).status;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200); // kept
    const base = new URL(pgUrl!);
    const [{ db }] = (
      (await ctx.handle.db.execute('select current_database() as db' as never)) as unknown as { rows: Array<{ db: string }> }
    ).rows;
    base.pathname = `/${db}`;
    const other = new Client({ connectionString: base.toString() });
    await other.connect();
    try {
      await other.query(`update users set token_version = token_version + 1 where email = 'owner2@demo.test'`);
    } finally {
      await other.end();
    }
    const deadline = Date.now() + 3000;
    let seen = 200;
    while (seen === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await status();
    }
    expect(seen).toBe(401);
  });
});
