// Settings sections infos, integrations and matchGrids: GET owner/iam, PUT owner, 400/409 naming the field.
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { SHOP_MODULES } from 'shared-kernel/contracts';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { shops } from '../../platform/db/tables';
import { productFormats } from '../catalog';

describe('shop settings sections', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let domaineId: number;

  const call = (method: 'get' | 'put', path: string, token: string, body?: unknown) =>
    request(ctx.app)
      [method](`/v1/shops/me/settings/${path}`)
      .set(bearer(token))
      .send(body as object);

  const infos = {
    name: 'Domaine de Démo',
    urlShop: 'domaine-demo',
    businessType: 'wine',
    contactEmail: 'contact@domaine-demo.test',
    phone: '06 12 34 56 78',
    address: { street: '12 chemin des Vignes', complement: '', zipcode: '71960', city: 'Pierreclos', country: 'fr' },
    description: 'Un domaine familial en Bourgogne du Sud depuis 1920.',
    socials: {
      website: 'https://domaine-demo.test',
      facebook: '',
      instagram: 'https://instagram.com/domaine',
      linkedin: '',
      x: '',
      youtube: '',
      tiktok: '',
    },
    openingHours: { monday: '9h-12h, 14h-18h', tuesday: '', wednesday: '', thursday: '', friday: '', saturday: '10h-12h', sunday: 'Fermé' },
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('infos', () => {
    it('reads the columns and empty extras, saves them all, keeps the other settings', async () => {
      const before = await call('get', 'infos', iam);
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({
        name: 'Domaine de Démo',
        urlShop: 'domaine-demo',
        businessType: 'wine',
        phone: '',
        description: '',
      });
      expect(before.body.openingHours.monday).toBe('');

      const saved = await call('put', 'infos', owner, { ...infos, name: '  Domaine de Démo  ' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ message: 'Paramètres enregistrés', name: 'Domaine de Démo', phone: '06 12 34 56 78' });
      expect(saved.body.address.country).toBe('FR');
      expect(saved.body.shop).toMatchObject({ id: domaineId, name: 'Domaine de Démo' });
      const again = await call('get', 'infos', owner);
      expect(again.body).toMatchObject({ ...infos, address: { ...infos.address, country: 'FR' } });
      // the rest of settings is untouched
      expect((await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body.settings).toMatchObject({ hasTVA: true, logStartDay: 1 });
    });

    it('the url name follows the §5 link rule and is unique (409 naming urlShop), case-insensitively', async () => {
      const link = await call('put', 'infos', owner, { ...infos, urlShop: 'domaine demo' });
      expect(link.status).toBe(400);
      expect(link.body).toEqual({
        success: false,
        message: 'Seuls les lettres, les chiffres et les caractères _ % - sont autorisés',
        field: 'urlShop',
      });
      const taken = await call('put', 'infos', owner, { ...infos, urlShop: 'Brasserie-Demo' });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ success: false, message: 'Ce nom d’url est déjà utilisé par une autre boutique', field: 'urlShop' });
      const reserved = await call('put', 'infos', owner, { ...infos, urlShop: 'Dashboard' });
      expect(reserved.body).toMatchObject({ message: 'Ce nom d’url est réservé, choisissez-en un autre', field: 'urlShop' });
      const renamed = await call('put', 'infos', owner, { ...infos, urlShop: 'mon-domaine' });
      expect(renamed.status).toBe(200);
      expect((await request(ctx.app).get('/v1/shops/mon-domaine')).body.id).toBe(domaineId);
      await call('put', 'infos', owner, infos);
    });

    it.each([
      ['name', { name: ' ' }, 'Ce champ ne peut pas être vide'],
      ['businessType', { businessType: 'vodka' }, 'Le type d’activité doit être vin, champagne, bière, spiritueux, cidre ou autre'],
      ['contactEmail', { contactEmail: 'pas-un-mail' }, 'Le mail est incorrect'],
      ['phone', { phone: '12' }, "Ce numéro n'est pas valide"],
      ['description', { description: 'Court' }, 'Doit contenir plus de 10 caractères et au maximum 5000'],
      ['socials.website', { socials: { ...infos.socials, website: 'domaine.fr' } }, "L'url n'est pas valide"],
      [
        'openingHours.monday',
        { openingHours: { ...infos.openingHours, monday: 'x'.repeat(101) } },
        'Doit contenir au maximum 100 caractères',
      ],
      ['address.zipcode', { address: { ...infos.address, zipcode: '!!' } }, "Le code postal n'est pas valide"],
    ])('400 naming %s', async (field, patch, message) => {
      const res = await call('put', 'infos', owner, { ...infos, ...patch });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message, field });
    });

    it('only the owner saves; buyers read nothing', async () => {
      expect((await call('put', 'infos', iam, infos)).status).toBe(403);
      expect((await call('get', 'infos', buyer)).status).toBe(403);
    });
  });

  describe('integrations', () => {
    it('reads every §1 switch and the import integration; saves only the switches sent, other module keys kept', async () => {
      const first = await call('get', 'integrations', owner2);
      expect(Object.keys(first.body.modules).sort()).toEqual([...SHOP_MODULES].sort());
      expect(first.body).toMatchObject({ importSource: 'default', modules: { shop: true, crm: true, stocks: true, accounting: false } });
      const [row] = await ctx.handle.db.select().from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
      await ctx.handle.db
        .update(shops)
        .set({ integration: { ...row.integration, futures: { active: false, campaignLabel: 'Primeurs' } } })
        .where(eq(shops.id, row.id));

      const saved = await call('put', 'integrations', owner2, {
        modules: { accounting: true, futures: true, crm: false },
        importSource: 'isagri',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        message: 'Paramètres enregistrés',
        importSource: 'isagri',
        modules: { accounting: true, crm: false, shop: true },
      });
      // the fresh shop for the session (sidebar, route guard)
      expect(saved.body.shop.integration).toMatchObject({ accounting: { active: true }, crm: { active: false }, stocks: { active: true } });
      expect(saved.body.shop.integration.futures).toEqual({ active: true, campaignLabel: 'Primeurs' });
      expect((await call('get', 'integrations', owner2)).body.importSource).toBe('isagri');
      await call('put', 'integrations', owner2, { modules: { accounting: false, futures: false, crm: true }, importSource: 'default' });
    });

    it('400 naming the field; the iam reads but cannot save', async () => {
      const source = await call('put', 'integrations', owner, { modules: {}, importSource: 'sage' });
      expect(source.body).toEqual({
        success: false,
        message: 'L’intégration doit être Par défaut, Isagri, Vinistoria ou Baqio',
        field: 'importSource',
      });
      const mod = await call('put', 'integrations', owner, { modules: { crm: 'oui' }, importSource: 'default' });
      expect(mod.body).toMatchObject({ field: 'modules.crm' });
      expect((await call('get', 'integrations', iam)).status).toBe(200);
      expect((await call('put', 'integrations', iam, { modules: { crm: false }, importSource: 'default' })).status).toBe(403);
    });
  });

  describe('matchGrids', () => {
    it('saves the three grids with the shop’s formats and typologies, labels the formats, keeps them out of /shops/me', async () => {
      expect((await call('get', 'match-grids', owner)).body).toEqual({ products: [], typologies: [], paymentMethods: [] });
      const [format] = await ctx.handle.db.select().from(productFormats).where(eq(productFormats.shopId, domaineId)).limit(1);
      const body = {
        products: [{ code: 'MAC-75', label: 'Mâcon 75 cl', formatId: format.id }],
        typologies: [{ code: 'PART', typologyId: 'particulier' }],
        paymentMethods: [
          { code: 'CHQ', label: 'Chèque', method: 'check' },
          { code: 'ESP', method: 'cash' },
        ],
      };
      const saved = await call('put', 'match-grids', owner, body);
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Paramètres enregistrés');
      expect(saved.body.products).toEqual([{ code: 'MAC-75', label: 'Mâcon 75 cl', formatId: format.id, formatLabel: expect.any(String) }]);
      expect(saved.body.paymentMethods[1]).toEqual({ code: 'ESP', label: '', method: 'cash' });
      const read = await call('get', 'match-grids', iam);
      expect(read.body.typologies).toEqual([{ code: 'PART', label: '', typologyId: 'particulier' }]);
      expect((await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body.settings.matchGrids).toBeUndefined();
    });

    it('400 naming the row: a foreign format, an unknown typology or method, a code twice', async () => {
      const [foreign] = await ctx.handle.db.select().from(productFormats).where(eq(productFormats.shopId, domaineId)).limit(1);
      const empty = { products: [], typologies: [], paymentMethods: [] };
      const notMine = await call('put', 'match-grids', owner2, { ...empty, products: [{ code: 'A', formatId: foreign.id }] });
      expect(notMine.body).toEqual({ success: false, message: 'Choisissez un format de vos produits', field: 'products.0.formatId' });
      const typo = await call('put', 'match-grids', owner, { ...empty, typologies: [{ code: 'X', typologyId: 'inconnue' }] });
      expect(typo.body).toEqual({ success: false, message: 'Choisissez une typologie de la boutique', field: 'typologies.0.typologyId' });
      const method = await call('put', 'match-grids', owner, { ...empty, paymentMethods: [{ code: 'X', method: 'bitcoin' }] });
      expect(method.body).toMatchObject({ message: 'Choisissez un moyen de paiement de la liste', field: 'paymentMethods.0.method' });
      const twice = await call('put', 'match-grids', owner, {
        ...empty,
        paymentMethods: [
          { code: 'chq', method: 'check' },
          { code: 'CHQ', method: 'cash' },
        ],
      });
      expect(twice.body).toMatchObject({ message: 'Ce code figure déjà dans la grille', field: 'paymentMethods.1.code' });
      expect((await call('put', 'match-grids', iam, empty)).status).toBe(403);
    });
  });
});
