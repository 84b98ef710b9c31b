import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { captchaConfigSchema } from 'shared-kernel/contracts';
import { loadConfig, loadCaptchaPublicConfig } from '../../platform/config';
import { users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { createAccountToken } from './accounts.repository';
import { checkCaptcha } from './captcha';

const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-captcha-mail-'));
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }));

/** An app whose accounts config comes from these env variables (the names the deployment uses). */
const appWith = (env: Record<string, string>) => {
  const accounts = loadConfig({ NODE_ENV: 'test', MAIL_DIR: mailDir, ...env }).accounts;
  return createTestContext({ accounts: { ...accounts, rateLimitMax: 1000 } }, { seed: false });
};

describe('GET /v1/auth/captcha-config', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });
  const get = async (env: Record<string, string>) => {
    const ctx = await appWith(env);
    contexts.push(ctx);
    const res = await request(ctx.app).get('/v1/auth/captcha-config');
    expect(res.status).toBe(200);
    expect(captchaConfigSchema.parse(res.body)).toEqual(res.body);
    return res.body;
  };

  it('says there is no captcha when nothing is configured (public, no token needed)', async () => {
    expect(await get({})).toEqual({ provider: null, siteKey: null, version: null });
  });

  it('gives the hCaptcha site key, never the secret', async () => {
    const body = await get({ HCAPTCHA_SITE_KEY: 'site-h-123', HCAPTCHA_SECRET: 'very-secret-h' });
    expect(body).toEqual({ provider: 'hcaptcha', siteKey: 'site-h-123', version: null });
    expect(JSON.stringify(body)).not.toContain('very-secret');
  });

  it('gives the reCAPTCHA site key and version', async () => {
    expect(await get({ RECAPTCHA_SITE_KEY: 'site-r', RECAPTCHA_SECRET: 'sec', RECAPTCHA_VERSION: 'v3' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-r',
      version: 'v3',
    });
  });

  it('names the provider when only its secret is set, so the forms can report the missing key', async () => {
    expect(await get({ RECAPTCHA_SECRET: 'sec' })).toEqual({ provider: 'recaptcha', siteKey: null, version: null });
  });
});

describe('loadCaptchaPublicConfig', () => {
  it('reads the env names, prefers hCaptcha, accepts 2/3 as versions and refuses others', () => {
    expect(loadCaptchaPublicConfig({ RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_VERSION: '2' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'k',
      version: 'v2',
    });
    expect(loadCaptchaPublicConfig({ RECAPTCHA_SITE_KEY: 'k' })).toEqual({ provider: 'recaptcha', siteKey: 'k', version: null });
    expect(loadCaptchaPublicConfig({ HCAPTCHA_SITE_KEY: 'h', RECAPTCHA_SITE_KEY: 'r', RECAPTCHA_VERSION: 'v2' })).toEqual({
      provider: 'hcaptcha',
      siteKey: 'h',
      version: null,
    });
    expect(loadCaptchaPublicConfig({ RECAPTCHA_VERSION: 'v3' })).toEqual({ provider: null, siteKey: null, version: null });
    expect(() => loadCaptchaPublicConfig({ RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_VERSION: 'v4' })).toThrow(
      'RECAPTCHA_VERSION must be v2 or v3',
    );
  });
});

describe('captcha check with a secret', () => {
  const cfg = { provider: 'hcaptcha' as const, secret: 's3cret' };
  it('asks for a token, posts it with the secret to the provider and accepts only success: true', async () => {
    await expect(checkCaptcha(cfg, undefined, undefined)).rejects.toMatchObject({
      status: 400,
      message: 'Veuillez valider le captcha',
      field: 'captchaToken',
    });
    const seen: string[] = [];
    const fake = (success: boolean) =>
      (async (url: string, init: { body: URLSearchParams }) => {
        seen.push(`${url} ${init.body.toString()}`);
        return { json: async () => ({ success }) };
      }) as unknown as typeof fetch;
    await expect(checkCaptcha(cfg, 'tok', '10.0.0.1', fake(true))).resolves.toBeUndefined();
    expect(seen[0]).toBe('https://api.hcaptcha.com/siteverify secret=s3cret&response=tok&remoteip=10.0.0.1');
    await expect(checkCaptcha(cfg, 'tok', undefined, fake(false))).rejects.toMatchObject({ status: 400 });
    await expect(checkCaptcha(undefined, undefined, undefined)).resolves.toBeUndefined();
  });

  it('register answers 400 naming captchaToken when the secret is set and no token is sent', async () => {
    const ctx = await appWith({ HCAPTCHA_SECRET: 'sec', HCAPTCHA_SITE_KEY: 'site' });
    try {
      const res = await request(ctx.app).post('/v1/auth/register').send({
        type: 'buyer',
        firstname: 'Claire',
        lastname: 'Dupont',
        email: 'cap@example.test',
        password: 'Secret12',
        adult: true,
        terms: true,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Veuillez valider le captcha', field: 'captchaToken' });
    } finally {
      await ctx.close();
    }
  });
});

describe('emailValidated in the user DTO', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const accounts = loadConfig({ NODE_ENV: 'test', MAIL_DIR: mailDir }).accounts;
    ctx = await createTestContext({ accounts: { ...accounts, rateLimitMax: 1000 } });
  });
  afterAll(() => ctx.close());

  it('is true for accounts without a sign-up row (demo data)', async () => {
    const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' });
    expect(login.body.user.emailValidated).toBe(true);
    const me = await request(ctx.app)
      .get('/v1/users/me')
      .set(bearer(await loginAs(ctx.app, 'owner@demo.test')));
    expect(me.body.emailValidated).toBe(true);
  });

  it('is false after sign-up (login still allowed) and true once the link is opened', async () => {
    const email = 'pending@example.test';
    const reg = await request(ctx.app).post('/v1/auth/register').send({
      type: 'buyer',
      firstname: 'Paul',
      lastname: 'Attente',
      email,
      password: 'Secret12',
      adult: true,
      terms: true,
    });
    expect(reg.status).toBe(201);
    const login = await request(ctx.app).post('/v1/auth/login').send({ email, password: 'Secret12' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, emailValidated: false });
    const jwt = login.body.jwt as string;
    expect((await request(ctx.app).get('/v1/users/me').set(bearer(jwt))).body.emailValidated).toBe(false);
    expect((await request(ctx.app).put('/v1/users/me').set(bearer(jwt)).send({ firstname: 'Paulo' })).body.emailValidated).toBe(false);

    const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, email));
    const token = await createAccountToken(ctx.handle.db, u.id, 'validate', 3600);
    expect((await request(ctx.app).post('/v1/auth/validate').send({ token })).status).toBe(200);
    expect((await request(ctx.app).get('/v1/users/me').set(bearer(jwt))).body.emailValidated).toBe(true);
  });

  it('is false for the logged-in seller right after sign-up', async () => {
    const res = await request(ctx.app).post('/v1/auth/register').send({
      type: 'seller',
      firstname: 'Vera',
      lastname: 'Vigne',
      email: 'vera@example.test',
      password: 'Secret12',
      phone: '0612345678',
      shopName: 'Clos Vera',
      businessType: 'wine',
      adult: true,
      terms: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'owner', emailValidated: false });
  });
});
