import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { accountTokens } from './accounts.tables';
import { userAccounts } from '../../platform/db/tables';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtp() {
  const mails: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        mails.push(m);
        waiters.splice(0).forEach((w) => w());
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const toOf = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    async waitFor(to: string, count = 1, timeoutMs = 5000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => toOf(m).includes(to.toLowerCase()));
        if (found.length >= count) return found[count - 1];
        if (Date.now() > deadline) throw new Error(`no mail #${count} for ${to}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    countFor: (to: string) => mails.filter((m) => toOf(m).includes(to.toLowerCase())).length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const tokenIn = (mail: ParsedMail, page: string) => {
  const m = new RegExp(`http://app\\.test${page.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!m) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
};

const buyer = (over: Record<string, unknown> = {}) => ({
  type: 'buyer',
  firstname: 'Claire',
  lastname: 'Dupont',
  email: 'claire@example.test',
  password: 'Secret12',
  adult: true,
  terms: true,
  ...over,
});

describe('accounts', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const base = (await import('../../platform/config')).loadConfig({ NODE_ENV: 'test' }).accounts;
    ctx = await createTestContext({ accounts: { ...base, smtpUrl: smtp.url, publicUrl: 'http://app.test', rateLimitMax: 1000 } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  describe('POST /v1/auth/register', () => {
    it('registers a private buyer, mails a French validation link (html + text) that validates once', async () => {
      const res = await request(ctx.app).post('/v1/auth/register').send(buyer());
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: 'Votre compte a été créé. Un mail de validation vous a été envoyé.' });
      const mail = await smtp.waitFor('claire@example.test');
      expect(mail.subject).toBe('Validez votre adresse mail');
      expect(mail.text).toContain('Bonjour Claire Dupont,');
      expect(mail.html).toContain('/auth/validate?token=');
      const token = tokenIn(mail, '/auth/validate');
      const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, 'claire@example.test'));
      expect(u).toMatchObject({ role: 'buyer', isPro: false, firstname: 'Claire' });
      expect(u.passwordHash).toMatch(/^\$argon2id\$/);
      // stored hashed, never the token itself
      const stored = await ctx.handle.db.select().from(accountTokens).where(eq(accountTokens.userId, u.id));
      expect(stored.map((t) => t.tokenHash)).not.toContain(token);

      const ok = await request(ctx.app).post('/v1/auth/validate').send({ token });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, message: 'Votre adresse mail a été validée' });
      const [acc] = await ctx.handle.db.select().from(userAccounts).where(eq(userAccounts.userId, u.id));
      expect(acc.emailValidatedAt).toBeInstanceOf(Date);

      const again = await request(ctx.app).post('/v1/auth/validate').send({ token });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ success: false, message: 'Ce lien a déjà été utilisé.', field: 'token' });
      const bogus = await request(ctx.app).post('/v1/auth/validate').send({ token: 'nope' });
      expect(bogus.status).toBe(400);
      expect(bogus.body.message).toBe("Ce lien n'est pas valide.");
    });

    it('writes the mail in English for an English user', async () => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'john@example.test', firstname: 'John', lastname: 'Smith', language: 'en' }));
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor('john@example.test');
      expect(mail.subject).toBe('Confirm your email address');
      expect(mail.text).toContain('Hello John Smith,');
    });

    it('registers a professional buyer with SIRET, deriving siren and nic', async () => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'pro@example.test', isPro: true, company: 'Cave Dupont', siret: '732 829 320 00074' }));
      expect(res.status).toBe(201);
      const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, 'pro@example.test'));
      expect(u).toMatchObject({ isPro: true, business: { name: 'Cave Dupont' } });
      const [acc] = await ctx.handle.db.select().from(userAccounts).where(eq(userAccounts.userId, u.id));
      expect(acc).toMatchObject({ siret: '73282932000074', siren: '732829320', nic: '00074', accountType: 'buyer' });
    });

    it('accepts siren + nic instead of the SIRET', async () => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'pro2@example.test', isPro: true, company: 'Cave 2', siren: '552100554', nic: '00013' }));
      expect(res.status).toBe(201);
      const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, 'pro2@example.test'));
      const [acc] = await ctx.handle.db.select().from(userAccounts).where(eq(userAccounts.userId, u.id));
      expect(acc.siret).toBe('55210055400013');
    });

    it.each([
      ['invalid SIRET', { isPro: true, company: 'X', siret: '12345678901234' }, 'siret', 'Le numéro SIRET est invalide'],
      ['pro without SIRET', { isPro: true, company: 'X' }, 'siret', 'Ce champ ne peut pas être vide'],
      ['pro without company', { isPro: true, siret: '73282932000074' }, 'company', 'Ce champ ne peut pas être vide'],
      ['weak password', { password: 'secret' }, 'password', 'Doit contenir une majuscule et plus de 5 caractères'],
      ['bad email', { email: 'nope' }, 'email', 'Le mail est incorrect'],
      ['no adult certification', { adult: false }, 'adult', 'Vous devez certifier avoir plus de 18 ans'],
      ['terms refused', { terms: undefined }, 'terms', "Veuillez accepter les conditions générales d'utilisation"],
      ['bad name', { firstname: 'R2D2' }, 'firstname', 'Seules les lettres et les espaces sont autorisés (moins de 50 caractères)'],
      ['bad phone', { phone: '123' }, 'phone', "Ce numéro n'est pas valide"],
    ])('refuses %s with a French 400 naming the field', async (_n, over, field, message) => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: `bad-${field}@example.test`, ...over }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, field });
    });

    it('accepts a 64+ character password', async () => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'long@example.test', password: `Aa${'x'.repeat(70)}` }));
      expect(res.status).toBe(201);
      const login = await request(ctx.app)
        .post('/v1/auth/login')
        .send({ email: 'long@example.test', password: `Aa${'x'.repeat(70)}` });
      expect(login.status).toBe(200);
    });

    it('refuses a duplicate email (any case) with 409 naming email', async () => {
      const res = await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'OWNER@demo.test' }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: 'Un compte existe déjà avec cette adresse mail', field: 'email' });
    });

    it('registers a seller: owner of a new shop with defaults, unique slug and code, logged in', async () => {
      const body = {
        type: 'seller',
        firstname: 'Paul',
        lastname: 'Vigneron',
        email: 'paul@example.test',
        password: 'Vigne123',
        phone: '06 12 34 56 78',
        shopName: 'Domaine de Démo',
        businessType: 'champaign',
        adult: true,
        terms: true,
      };
      const res = await request(ctx.app).post('/v1/auth/register').send(body);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        jwt: expect.any(String),
        masterAccount: null,
        user: { role: 'owner', email: 'paul@example.test' },
      });
      const shopId = res.body.user.shops[0].id;
      const [shop] = await ctx.handle.db.select().from(shops).where(eq(shops.id, shopId));
      expect(shop).toMatchObject({ name: 'Domaine de Démo', businessType: 'champaign', urlShop: 'domaine-de-demo' });
      expect(shop.code).toMatch(/^[A-Z0-9]{6}$/);
      expect(shop.code).not.toBe('DOMDEM');
      expect(shop.settings).toMatchObject({ hasTVA: true, vatRate: { standard: 20 } });
      expect(shop.typologies.length).toBeGreaterThan(0);
      const members = await ctx.handle.db.select().from(shopMembers).where(eq(shopMembers.shopId, shopId));
      expect(members).toEqual([expect.objectContaining({ kind: 'owner', authorizations: null })]);
      const me = await request(ctx.app).get('/v1/shops/me').set(bearer(res.body.jwt));
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(shopId);
      // same name again → another slug
      const second = await request(ctx.app)
        .post('/v1/auth/register')
        .send({ ...body, email: 'paul2@example.test' });
      expect(second.status).toBe(201);
      const [shop2] = await ctx.handle.db.select().from(shops).where(eq(shops.id, second.body.user.shops[0].id));
      expect(shop2.urlShop).toBe('domaine-de-demo-2');
      expect(shop2.code).not.toBe(shop.code);
    });

    it('requires the shop name, business type and a valid phone for a seller', async () => {
      const base = {
        type: 'seller',
        firstname: 'Paul',
        lastname: 'Vigneron',
        email: 'p3@example.test',
        password: 'Vigne123',
        phone: '0612345678',
        adult: true,
        terms: true,
        businessType: 'wine',
      };
      let res = await request(ctx.app).post('/v1/auth/register').send(base);
      expect(res.body).toEqual({ success: false, message: 'Ce champ ne peut pas être vide', field: 'shopName' });
      res = await request(ctx.app)
        .post('/v1/auth/register')
        .send({ ...base, shopName: 'X', businessType: 'water' });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('businessType');
      res = await request(ctx.app)
        .post('/v1/auth/register')
        .send({ ...base, shopName: 'X', phone: '' });
      expect(res.body).toEqual({ success: false, message: 'Ce champ ne peut pas être vide', field: 'phone' });
    });

    it('registers an agent (not logged in, role agent)', async () => {
      const res = await request(ctx.app).post('/v1/auth/register').send({
        type: 'agent',
        firstname: 'Anne',
        lastname: 'Agente',
        email: 'anne@example.test',
        password: 'Agent123',
        phone: '0612345678',
        adult: true,
        terms: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.jwt).toBeUndefined();
      const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, 'anne@example.test'));
      expect(u.role).toBe('agent');
    });
  });

  describe('validation tokens', () => {
    it('an expired link is refused and a new one can be asked for', async () => {
      await request(ctx.app)
        .post('/v1/auth/register')
        .send(buyer({ email: 'late@example.test' }))
        .expect(201);
      const token = tokenIn(await smtp.waitFor('late@example.test'), '/auth/validate');
      const [u] = await ctx.handle.db.select().from(users).where(eq(users.email, 'late@example.test'));
      await ctx.handle.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.userId, u.id));
      const res = await request(ctx.app).post('/v1/auth/validate').send({ token });
      expect(res.status).toBe(410);
      expect(res.body.message).toBe('Ce lien a expiré. Demandez un nouveau lien.');

      const resend = await request(ctx.app).post('/v1/auth/validate/resend').send({ email: 'late@example.test' });
      expect(resend.body).toEqual({
        success: true,
        message: "Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé.",
      });
      const fresh = tokenIn(await smtp.waitFor('late@example.test', 2), '/auth/validate');
      expect(fresh).not.toBe(token);
      expect((await request(ctx.app).post('/v1/auth/validate').send({ token: fresh })).status).toBe(200);
      // unknown address: same answer, no mail
      const unknown = await request(ctx.app).post('/v1/auth/validate/resend').send({ email: 'ghost@example.test' });
      expect(unknown.body).toEqual(resend.body);
    });
  });

  describe('password reset', () => {
    it('mails a single-use link; the new password works, the old one and old sessions do not', async () => {
      const oldJwt = await loginAs(ctx.app, 'buyer@demo.test');
      const res = await request(ctx.app).post('/v1/auth/reset-password').send({ email: 'buyer@demo.test' });
      expect(res.body).toEqual({
        success: true,
        message: "Si un compte existe avec cette adresse, un mail de réinitialisation vient d'être envoyé.",
      });
      const mail = await smtp.waitFor('buyer@demo.test');
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
      expect(mail.text).toContain('valable 1 heure');
      const token = tokenIn(mail, '/auth/resetpwd');

      const weak = await request(ctx.app).post('/v1/auth/reset-password/confirm').send({ token, password: 'weak' });
      expect(weak.status).toBe(400);
      expect(weak.body).toEqual({ success: false, message: 'Doit contenir une majuscule et plus de 5 caractères', field: 'password' });

      const ok = await request(ctx.app).post('/v1/auth/reset-password/confirm').send({ token, password: 'Nouveau123' });
      expect(ok.body).toEqual({ success: true, message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(oldJwt))).status).toBe(401);
      expect((await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Buyer1234' })).status).toBe(401);
      expect((await request(ctx.app).post('/v1/auth/login').send({ email: 'buyer@demo.test', password: 'Nouveau123' })).status).toBe(200);

      const reused = await request(ctx.app).post('/v1/auth/reset-password/confirm').send({ token, password: 'Encore123' });
      expect(reused.status).toBe(410);
      expect(reused.body.message).toBe('Ce lien a déjà été utilisé.');
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const res = await request(ctx.app).post('/v1/auth/reset-password').send({ email: 'ghost@example.test' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Si un compte existe avec cette adresse, un mail de réinitialisation vient d'être envoyé.");
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.countFor('ghost@example.test')).toBe(0);
    });

    it('refuses an expired reset link', async () => {
      await request(ctx.app).post('/v1/auth/reset-password').send({ email: 'agent@demo.test' });
      const token = tokenIn(await smtp.waitFor('agent@demo.test'), '/auth/resetpwd');
      await ctx.handle.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(accountTokens.kind, 'reset'));
      const res = await request(ctx.app).post('/v1/auth/reset-password/confirm').send({ token, password: 'Nouveau123' });
      expect(res.status).toBe(410);
      expect(res.body.message).toBe('Ce lien a expiré. Demandez un nouveau lien.');
      expect((await request(ctx.app).post('/v1/auth/login').send({ email: 'agent@demo.test', password: 'Agent1234' })).status).toBe(200);
    });
  });

  describe('account settings', () => {
    it('changes the password only with the right current password and revokes older tokens', async () => {
      const jwt = await loginAs(ctx.app, 'owner2@demo.test');
      const wrong = await request(ctx.app)
        .put('/v1/users/me/password')
        .set(bearer(jwt))
        .send({ currentPassword: 'Nope12345', password: 'Brasse123' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ success: false, message: 'Le mot de passe actuel est incorrect', field: 'currentPassword' });
      const weak = await request(ctx.app)
        .put('/v1/users/me/password')
        .set(bearer(jwt))
        .send({ currentPassword: 'Owner1234', password: 'abc' });
      expect(weak.body.field).toBe('password');
      const ok = await request(ctx.app)
        .put('/v1/users/me/password')
        .set(bearer(jwt))
        .send({ currentPassword: 'Owner1234', password: 'Brasse123' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, message: 'Votre mot de passe a été modifié', jwt: expect.any(String) });
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(jwt))).status).toBe(401);
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(ok.body.jwt))).status).toBe(200);
    });

    it('changes the email after the new address is validated', async () => {
      const jwt = await loginAs(ctx.app, 'iam@demo.test');
      const dup = await request(ctx.app)
        .put('/v1/users/me/email')
        .set(bearer(jwt))
        .send({ email: 'owner@demo.test', password: 'Iam12345' });
      expect(dup.status).toBe(409);
      expect(dup.body.field).toBe('email');
      const wrong = await request(ctx.app)
        .put('/v1/users/me/email')
        .set(bearer(jwt))
        .send({ email: 'isa@example.test', password: 'Nope12345' });
      expect(wrong.status).toBe(400);
      const res = await request(ctx.app)
        .put('/v1/users/me/email')
        .set(bearer(jwt))
        .send({ email: 'isa@example.test', password: 'Iam12345' });
      expect(res.body.message).toBe(
        'Un mail de validation a été envoyé à la nouvelle adresse. Elle remplacera l’actuelle après validation.',
      );
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(jwt))).body.email).toBe('iam@demo.test');
      const mail = await smtp.waitFor('isa@example.test');
      expect(mail.subject).toBe('Confirmez votre nouvelle adresse mail');
      const ok = await request(ctx.app)
        .post('/v1/auth/validate')
        .send({ token: tokenIn(mail, '/auth/validate') });
      expect(ok.status).toBe(200);
      expect((await request(ctx.app).get('/v1/users/me').set(bearer(jwt))).body.email).toBe('isa@example.test');
    });
  });

  describe('rate limits', () => {
    it('limits reset requests per IP', async () => {
      const base = (await import('../../platform/config')).loadConfig({ NODE_ENV: 'test' }).accounts;
      const limited = await createTestContext({ accounts: { ...base, smtpUrl: smtp.url, rateLimitMax: 2 } }, { seed: false });
      try {
        for (let i = 0; i < 2; i++)
          expect((await request(limited.app).post('/v1/auth/reset-password').send({ email: 'x@example.test' })).status).toBe(200);
        const res = await request(limited.app).post('/v1/auth/reset-password').send({ email: 'x@example.test' });
        expect(res.status).toBe(429);
        expect(res.body).toEqual({ success: false, message: 'Trop de tentatives. Réessayez dans quelques minutes.' });
      } finally {
        await limited.close();
      }
    });
  });

  describe('an agent opens a producer’s shop', () => {
    it('creates the shop and its owner, mails the invitation and the password link; the agent is its sales agent', async () => {
      const agent = await loginAs(ctx.app, 'agent@demo.test');
      const body = {
        businessType: 'wine',
        shopName: 'Château des Essais',
        ownerEmail: 'vigneron@example.test',
        ownerFirstname: 'Paul',
        ownerLastname: 'Vigneron',
      };
      const owner = await loginAs(ctx.app, 'owner@demo.test');
      expect((await request(ctx.app).post('/v1/agent/shops').set(bearer(owner)).send(body)).status).toBe(403);
      expect(
        (
          await request(ctx.app)
            .post('/v1/agent/shops')
            .set(bearer(agent))
            .send({ ...body, ownerEmail: 'nope' })
        ).body.field,
      ).toBe('ownerEmail');
      const res = await request(ctx.app).post('/v1/agent/shops').set(bearer(agent)).send(body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Boutique « Château des Essais » créée : une invitation a été envoyée à vigneron@example.test');
      const shopId = res.body.shop.id;
      const members = await ctx.handle.db.select().from(shopMembers).where(eq(shopMembers.shopId, shopId));
      expect(members.map((m) => m.kind).sort()).toEqual(['agent', 'owner']);
      // nobody can sign in before the owner chose a password
      await ctx.drainJobs();
      const invitation = await smtp.waitFor('vigneron@example.test', 1);
      const link = await smtp.waitFor('vigneron@example.test', 2);
      const mails = [invitation, link];
      const withToken = mails.find((m) => /\/auth\/resetpwd\?token=/.test(m.text ?? ''))!;
      expect(mails.some((m) => /a ouvert la boutique « Château des Essais »/.test(m.text ?? ''))).toBe(true);
      const token = tokenIn(withToken, '/auth/resetpwd');
      expect((await request(ctx.app).post('/v1/auth/reset-password/confirm').send({ token, password: 'Vigne2026' })).status).toBe(200);
      const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'vigneron@example.test', password: 'Vigne2026' });
      expect(login.status).toBe(200);
      const [s] = await ctx.handle.db.select().from(shops).where(eq(shops.id, shopId));
      expect(s).toMatchObject({ name: 'Château des Essais', businessType: 'wine' });
      const again = await request(ctx.app).post('/v1/agent/shops').set(bearer(agent)).send(body);
      expect(again.status).toBe(409);
      expect(again.body.field).toBe('ownerEmail');
    });
  });
});
