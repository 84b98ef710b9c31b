import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { SHOP_MODULES } from 'shared-kernel/contracts';

describe('shops', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let agent: string;
  let admin: string;
  let domaineId: number;
  let brasserieId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer, agent, admin] = await Promise.all(
      ['owner', 'owner2', 'iam', 'buyer', 'agent', 'admin'].map((w) => loginAs(ctx.app, `${w}@demo.test`)),
    );
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    brasserieId = (await request(ctx.app).get('/v1/shops/brasserie-demo')).body.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('GET /v1/shops/me', () => {
    it('returns the owner shop with every module on, settings, typologies and owner', async () => {
      const res = await request(ctx.app).get('/v1/shops/me').set(bearer(owner));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: domaineId,
        name: 'Domaine de Démo',
        urlShop: 'domaine-demo',
        businessType: 'wine',
        settings: { logStartMonth: 0, logStartDay: 1, hasTVA: true, vatRate: { standard: 20, medium: 10, reduced: 5.5 } },
        owner: { email: 'owner@demo.test', username: 'Olivier Propriétaire' },
      });
      expect(res.body.code).toMatch(/^[A-Z0-9]{6}$/);
      for (const m of SHOP_MODULES) expect(res.body.integration[m]).toEqual({ active: true });
      expect(res.body.typologies.map((t: { name: string; public: boolean; ttc: boolean }) => [t.name, t.public, t.ttc])).toEqual([
        ['Particulier', true, true],
        ['Professionnel', false, false],
      ]);
    });

    it('returns the brasserie with only shop, crm and stocks on for owner2', async () => {
      const res = await request(ctx.app).get('/v1/shops/me').set(bearer(owner2));
      expect(res.body).toMatchObject({ name: 'Brasserie Démo', businessType: 'beer' });
      const on = Object.entries(res.body.integration as Record<string, { active: boolean }>)
        .filter(([, v]) => v.active)
        .map(([k]) => k)
        .sort();
      expect(on).toEqual(['crm', 'shop', 'stocks']);
    });

    it('returns the shop of an iam collaborator', async () => {
      const res = await request(ctx.app).get('/v1/shops/me').set(bearer(iam));
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(domaineId);
    });

    it.each([['buyer'], ['agent'], ['admin']])('refuses a %s with 403', async (who) => {
      const token = { buyer, agent, admin }[who as 'buyer' | 'agent' | 'admin'];
      const res = await request(ctx.app).get('/v1/shops/me').set(bearer(token));
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    });
  });

  describe('PUT /v1/shops/me', () => {
    it('lets the owner update name, contact, settings, editedShop and module switches (merged)', async () => {
      const res = await request(ctx.app)
        .put('/v1/shops/me')
        .set(bearer(owner2))
        .send({
          name: 'Brasserie Démo',
          contactEmail: 'bonjour@brasserie-demo.test',
          settings: { logStartMonth: 6 },
          editedShop: { color: '#000000' },
          integration: { analytics: { active: true } },
        });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Vos informations ont été mises à jour');
      expect(res.body.contactEmail).toBe('bonjour@brasserie-demo.test');
      expect(res.body.settings).toMatchObject({ logStartMonth: 6, logStartDay: 1, hasTVA: true });
      expect(res.body.editedShop.color).toBe('#000000');
      expect(res.body.integration.analytics).toEqual({ active: true });
      expect(res.body.integration.crm).toEqual({ active: true });
      expect(res.body.integration.futures).toEqual({ active: false });
    });

    it('noMessage suppresses the message', async () => {
      const res = await request(ctx.app)
        .put('/v1/shops/me')
        .set(bearer(owner2))
        .send({ settings: { logStartMonth: 0 }, noMessage: true });
      expect(res.status).toBe(200);
      expect(res.body.message).toBeUndefined();
    });

    it('rejects invalid values with 400 naming the field', async () => {
      const month = await request(ctx.app)
        .put('/v1/shops/me')
        .set(bearer(owner2))
        .send({ settings: { logStartMonth: 12 } });
      expect(month.status).toBe(400);
      expect(month.body.field).toBe('settings.logStartMonth');
      const mail = await request(ctx.app).put('/v1/shops/me').set(bearer(owner2)).send({ contactEmail: 'pas-un-mail' });
      expect(mail.status).toBe(400);
      expect(mail.body).toEqual({ success: false, message: 'Le mail est incorrect', field: 'contactEmail' });
      const mod = await request(ctx.app)
        .put('/v1/shops/me')
        .set(bearer(owner2))
        .send({ integration: { crm: { active: 'yes' } } });
      expect(mod.status).toBe(400);
      expect(mod.body.field).toBe('integration.crm.active');
    });

    it('is forbidden for iam (403) and buyers (403)', async () => {
      expect((await request(ctx.app).put('/v1/shops/me').set(bearer(iam)).send({ name: 'Piraté' })).status).toBe(403);
      expect((await request(ctx.app).put('/v1/shops/me').set(bearer(buyer)).send({ name: 'Piraté' })).status).toBe(403);
      expect((await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body.name).toBe('Domaine de Démo');
    });
  });

  describe('cross-shop access', () => {
    it("refuses another shop's id with 404", async () => {
      const res = await request(ctx.app).put(`/v1/shops/${domaineId}`).set(bearer(owner2)).send({ name: 'Piraté' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Boutique introuvable' });
      expect((await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body.name).toBe('Domaine de Démo');
      const agents = await request(ctx.app).get(`/v1/agents?shopId=${domaineId}`).set(bearer(owner2));
      expect(agents.status).toBe(404);
    });

    it('lets an owner update their own shop by id', async () => {
      const res = await request(ctx.app)
        .put(`/v1/shops/${brasserieId}`)
        .set(bearer(owner2))
        .send({ noMessage: true, editedShop: { logo: 'https://example.test/logo.png' } });
      expect(res.status).toBe(200);
      expect(res.body.editedShop.logo).toBe('https://example.test/logo.png');
    });
  });

  describe('public shop', () => {
    it('finds a shop by numeric id, public code (any case) and urlShop', async () => {
      const byId = await request(ctx.app).get(`/v1/shops/${domaineId}`);
      expect(byId.status).toBe(200);
      expect(Object.keys(byId.body).sort()).toEqual(['businessType', 'code', 'editedShop', 'id', 'name', 'urlShop']);
      const byCode = await request(ctx.app).get(`/v1/shops/${byId.body.code.toLowerCase()}`);
      expect(byCode.body.id).toBe(domaineId);
      const bySlug = await request(ctx.app).get('/v1/shops/domaine-demo');
      expect(bySlug.body.id).toBe(domaineId);
    });

    it.each(['99999', '99999999999999999999', 'inconnue', '%27%20or%201%3D1'])('unknown %s → 404 Boutique introuvable', async (ref) => {
      const res = await request(ctx.app).get(`/v1/shops/${ref}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Boutique introuvable' });
    });

    it('lists shops with an optional search', async () => {
      const all = await request(ctx.app).get('/v1/shops');
      expect(all.body.map((s: { urlShop: string }) => s.urlShop).sort()).toEqual(['brasserie-demo', 'cave-des-pros', 'domaine-demo']);
      const some = await request(ctx.app).get('/v1/shops?search=brass');
      expect(some.body.map((s: { urlShop: string }) => s.urlShop)).toEqual(['brasserie-demo']);
      expect((await request(ctx.app).get('/v1/shops?search=%25')).body).toEqual([]);
      expect((await request(ctx.app).get('/v1/shops?limit=abc')).status).toBe(400);
    });
  });
});
