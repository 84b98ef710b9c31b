import request from 'supertest';
import { SignJWT } from 'jose';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

const BAD = 'Le mail et/ou le mot de passe sont incorrects.';

describe('auth', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('POST /v1/auth/login', () => {
    it('logs in by email and returns user, jwt and masterAccount null', async () => {
      const res = await request(ctx.app).post('/v1/auth/login').send({ email: 'owner@demo.test', password: 'Owner1234' });
      expect(res.status).toBe(200);
      expect(res.body.jwt).toEqual(expect.any(String));
      expect(res.body.masterAccount).toBeNull();
      expect(res.body.user).toMatchObject({
        email: 'owner@demo.test',
        role: 'owner',
        shops: [{ id: expect.any(Number), authorizations: null }],
      });
      expect(res.body.user.passwordHash).toBeUndefined();
    });

    it('accepts the email in the username field, case-insensitively', async () => {
      const res = await request(ctx.app).post('/v1/auth/login').send({ username: 'OWNER@Demo.test', password: 'Owner1234' });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe('owner@demo.test');
    });

    it('logs in by username', async () => {
      const res = await request(ctx.app).post('/v1/auth/login').send({ username: 'Isabelle Collaboratrice', password: 'Iam12345' });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ role: 'iam', email: 'iam@demo.test' });
      expect(res.body.user.shops[0].authorizations).toEqual({
        seeAllOrder: true,
        createOrder: true,
        seeAllClient: true,
        createClient: true,
        createTask: true,
        seeAllTask: true,
      });
    });

    it.each(['admin', 'owner', 'owner2', 'iam', 'agent', 'buyer'])('demo account %s@demo.test logs in', async (who) => {
      await expect(loginAs(ctx.app, `${who}@demo.test`)).resolves.toEqual(expect.any(String));
    });

    it('gives the same 401 message for a wrong password and an unknown account', async () => {
      const wrong = await request(ctx.app).post('/v1/auth/login').send({ email: 'owner@demo.test', password: 'Nope12345' });
      const unknown = await request(ctx.app).post('/v1/auth/login').send({ email: 'nobody@demo.test', password: 'Nope12345' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: BAD });
      }
    });

    it('rejects missing password and missing identifier with 400 naming the field', async () => {
      const noPwd = await request(ctx.app).post('/v1/auth/login').send({ email: 'owner@demo.test' });
      expect(noPwd.status).toBe(400);
      expect(noPwd.body).toMatchObject({ success: false, field: 'password' });
      const noId = await request(ctx.app).post('/v1/auth/login').send({ password: 'Owner1234' });
      expect(noId.status).toBe(400);
      expect(noId.body).toEqual({ success: false, message: 'Ce champ ne peut pas être vide', field: 'email' });
      const wrongType = await request(ctx.app).post('/v1/auth/login').send({ email: 42, password: 'x' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.field).toBe('email');
    });
  });

  describe('tokens', () => {
    it('rejects a missing or malformed Authorization header with 401', async () => {
      expect((await request(ctx.app).get('/v1/users/me')).status).toBe(401);
      const res = await request(ctx.app).get('/v1/users/me').set('Authorization', 'Bearer not-a-jwt');
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });

    it('rejects an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ kind: 'user', tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('2')
        .setIssuer('wineriz-api')
        .setIssuedAt(now - 100)
        .setExpirationTime(now - 10)
        .sign(ctx.secret);
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(token))).status).toBe(401);
    });

    it('expires tokens after JWT_TTL', async () => {
      const short = await createTestContext({ jwtTtlSeconds: 1 });
      try {
        const token = await loginAs(short.app, 'buyer@demo.test');
        expect((await request(short.app).get('/v1/users/me').set(bearer(token))).status).toBe(200);
        await new Promise((r) => setTimeout(r, 2100));
        expect((await request(short.app).get('/v1/users/me').set(bearer(token))).status).toBe(401);
      } finally {
        await short.close();
      }
    });

    it('rejects alg none tokens', async () => {
      const valid = await loginAs(ctx.app, 'owner@demo.test');
      const [, payload] = valid.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        expect((await request(ctx.app).get('/v1/users/me').set(bearer(token))).status).toBe(401);
      }
    });

    it('rejects a token signed with another secret or with a modified payload', async () => {
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ kind: 'user', tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('wineriz-api')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(forged))).status).toBe(401);

      const valid = await loginAs(ctx.app, 'buyer@demo.test');
      const [h, p, s] = valid.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${s}`;
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(tampered))).status).toBe(401);
    });

    it('logout is accepted and logout-all revokes existing tokens', async () => {
      const other = await createTestContext();
      try {
        const t1 = await loginAs(other.app, 'buyer@demo.test');
        const t2 = await loginAs(other.app, 'buyer@demo.test');
        expect((await request(other.app).post('/v1/auth/logout').set(bearer(t1))).status).toBe(204);
        expect((await request(other.app).get('/v1/users/me').set(bearer(t1))).status).toBe(200);
        expect((await request(other.app).post('/v1/auth/logout-all').set(bearer(t1))).status).toBe(204);
        expect((await request(other.app).get('/v1/users/me').set(bearer(t1))).status).toBe(401);
        expect((await request(other.app).get('/v1/users/me').set(bearer(t2))).status).toBe(401);
        const t3 = await loginAs(other.app, 'buyer@demo.test');
        expect((await request(other.app).get('/v1/users/me').set(bearer(t3))).status).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  describe('master accounts', () => {
    it('logs a master account in with user null and its sub-accounts', async () => {
      const res = await request(ctx.app).post('/v1/auth/login').send({ email: 'master@demo.test', password: 'Master1234' });
      expect(res.status).toBe(200);
      expect(res.body.user).toBeNull();
      expect(res.body.masterAccount).toMatchObject({ email: 'master@demo.test', isSuperAdmin: false });
      const subs = res.body.masterAccount.subAccounts as Array<{ email: string; shopName: string }>;
      expect(subs.map((s) => [s.email, s.shopName])).toEqual([
        ['owner@demo.test', 'Domaine de Démo'],
        ['owner2@demo.test', 'Brasserie Démo'],
      ]);
    });

    it('a master token cannot read users/me before choosing an account', async () => {
      const token = (await request(ctx.app).post('/v1/auth/login').send({ email: 'master@demo.test', password: 'Master1234' })).body.jwt;
      const res = await request(ctx.app).get('/v1/users/me').set(bearer(token));
      expect(res.status).toBe(403);
      const master = await request(ctx.app).get('/v1/auth/master-account').set(bearer(token));
      expect(master.body.email).toBe('master@demo.test');
    });

    it('switches into a sub-account, then into another one with the switched token', async () => {
      const login = await request(ctx.app).post('/v1/auth/login').send({ username: 'master@demo.test', password: 'Master1234' });
      const [owner, owner2] = login.body.masterAccount.subAccounts;
      const sw = await request(ctx.app).post('/v1/auth/switch-account').set(bearer(login.body.jwt)).send({ userId: owner.id });
      expect(sw.status).toBe(200);
      expect(sw.body.user.email).toBe('owner@demo.test');
      expect(sw.body.masterAccount.id).toBe(login.body.masterAccount.id);
      const me = await request(ctx.app).get('/v1/users/me').set(bearer(sw.body.jwt));
      expect(me.body.email).toBe('owner@demo.test');
      const shop = await request(ctx.app).get('/v1/shops/me').set(bearer(sw.body.jwt));
      expect(shop.body.name).toBe('Domaine de Démo');

      const sw2 = await request(ctx.app).post('/v1/auth/switch-account').set(bearer(sw.body.jwt)).send({ userId: owner2.id });
      expect(sw2.status).toBe(200);
      expect(sw2.body.user.email).toBe('owner2@demo.test');
      expect((await request(ctx.app).get('/v1/auth/master-account').set(bearer(sw2.body.jwt))).body.id).toBe(login.body.masterAccount.id);
    });

    it('refuses to switch into an account that is not a sub-account, or without a master', async () => {
      const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'master@demo.test', password: 'Master1234' });
      const buyer = await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' });
      const res = await request(ctx.app).post('/v1/auth/switch-account').set(bearer(login.body.jwt)).send({ userId: buyer.body.user.id });
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
      const bad = await request(ctx.app).post('/v1/auth/switch-account').set(bearer(login.body.jwt)).send({ userId: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('userId');
      // A plain user token (no master) may not switch at all.
      const owner = await loginAs(ctx.app, 'owner@demo.test');
      const refused = await request(ctx.app).post('/v1/auth/switch-account').set(bearer(owner)).send({ userId: buyer.body.user.id });
      expect(refused.status).toBe(403);
    });
  });
});

describe('login rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ loginRateLimit: { windowMs: 1500, maxPerAccount: 3, maxPerIp: 6, delayMs: 1000 } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const attempt = (email: string, password: string) => request(ctx.app).post('/v1/auth/login').send({ email, password });

  it('successful logins do not count', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('agent@demo.test', 'Agent1234')).status).toBe(200);
  });

  it('blocks an account after too many failures with 429, then lets the real user in after the window', async () => {
    await new Promise((r) => setTimeout(r, 1600));
    for (let i = 0; i < 3; i++) expect((await attempt('owner@demo.test', 'wrong')).status).toBe(401);
    const blocked = await attempt('owner@demo.test', 'Owner1234');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.' });
    // Another account from the same IP is not blocked by the per-account limit.
    expect((await attempt('buyer@demo.test', 'Buyer1234')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await attempt('owner@demo.test', 'Owner1234')).status).toBe(200);
  });

  it('counts per account whichever identifier is used, and only delays the real user', async () => {
    await new Promise((r) => setTimeout(r, 1600));
    const agent = (await attempt('agent@demo.test', 'Agent1234')).body.user;
    for (let i = 0; i < 3; i++) expect((await attempt('agent@demo.test', 'wrong')).status).toBe(401);
    // the username of the same account gets no fresh guesses
    const byName = await request(ctx.app).post('/v1/auth/login').send({ username: agent.username, password: 'wrong' });
    expect(byName.status).toBe(429);
    expect(Number(byName.headers['retry-after'])).toBeGreaterThan(0);
    // after the wait (delayMs here), the right password gets in, by username too
    await new Promise((r) => setTimeout(r, 1100));
    expect((await request(ctx.app).post('/v1/auth/login').send({ username: agent.username, password: 'Agent1234' })).status).toBe(200);
  });
});

// Its own limiter with a long window: seven failed logins (each a password hash) must all fall in one window even when
// the machine is busy, which a window of 1.5 s cannot promise.
describe('login rate limit per IP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ loginRateLimit: { windowMs: 60_000, maxPerAccount: 3, maxPerIp: 6, delayMs: 1000 } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('limits failures per IP across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await request(ctx.app)
            .post('/v1/auth/login')
            .send({ email: `unknown${i}@demo.test`, password: 'wrong' })
        ).status,
      );
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });
});
