import request from 'supertest';
import { withGtinCheckDigit } from 'shared-kernel/domain';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { parseGtin } from './catalog.service';

type P = {
  id: number;
  name: string;
  status: string;
  productType: string;
  color: string | null;
  vintages: Array<{ name: string; legal: { da?: number | null }; nutrition: unknown }>;
  formats: Array<{
    id: number;
    gtin: string;
    price: null | { typology: string; ttc: boolean; priceCents: number; discountPrice: Record<string, number> };
    promotions: unknown[];
  }>;
};

describe('catalogue', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let buyer: string;
  let owner3: string;
  let domaineId: number;
  let brasserieId: number;
  let caveId: number;
  const list = (query: Record<string, string>, token?: string) => {
    const r = request(ctx.app).get('/v1/products').query(query);
    return token ? r.set(bearer(token)) : r;
  };
  const all = async (shopId: number, token?: string) =>
    (await list({ shopIds: JSON.stringify([shopId]), limit: '100' }, token)).body as {
      items: P[];
      total: number;
      pricesReserved: boolean;
      facets: Record<string, string[]>;
    };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, agent, buyer] = await Promise.all(
      ['owner', 'owner2', 'iam', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)),
    );
    domaineId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    brasserieId = (await request(ctx.app).get('/v1/shops/brasserie-demo')).body.id;
    caveId = (await request(ctx.app).get('/v1/shops/cave-des-pros')).body.id;
    owner3 = (
      await request(ctx.app).post('/v1/auth/login').send({ email: DEMO_ACCOUNTS.owner3.email, password: DEMO_ACCOUNTS.owner3.password })
    ).body.jwt;
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('seed', () => {
    it('gives Domaine de Démo at least 30 products of every type, with valid EAN-13s, an NV vintage and the five promotion activations', async () => {
      const res = await all(domaineId, owner);
      expect(res.total).toBeGreaterThanOrEqual(30);
      const types = new Set(res.items.map((p) => p.productType));
      expect([...types].sort()).toEqual(['accessory', 'bottle', 'box']); // prestation never listed
      const gtins = res.items.flatMap((p) => p.formats.map((f) => f.gtin));
      expect(new Set(gtins).size).toBe(gtins.length);
      for (const g of gtins) expect(withGtinCheckDigit(g.slice(0, 12))).toBe(g);
      expect(res.items.some((p) => p.vintages.some((v) => v.name === 'NV'))).toBe(true);
      const activations = res.items.flatMap((p) => p.formats.flatMap((f) => f.promotions as Array<{ activation: string; type: string }>));
      expect(new Set(activations.map((a) => a.activation))).toEqual(
        new Set(['always', 'minProduct', 'minPrice', 'minProductOrder', 'minPriceOrder']),
      );
      expect(new Set(activations.map((a) => a.type))).toEqual(new Set(['%', '€']));
      expect(res.items.map((p) => p.status)).toEqual(expect.arrayContaining(['outofstock', 'paused', 'empty']));
    });
  });

  describe('GET /v1/products visibility (§6)', () => {
    it('hides empty-status and prestation products from anonymous visitors and shows public TTC prices', async () => {
      const res = await all(domaineId);
      expect(res.items.length).toBeGreaterThanOrEqual(25);
      expect(res.items.find((p) => p.status === 'empty')).toBeUndefined();
      expect(res.items.find((p) => p.productType === 'prestation')).toBeUndefined();
      const galets = res.items.find((p) => p.name === 'Les Galets Rouges')!;
      const f75 = galets.formats[1];
      expect(f75.price).toMatchObject({ typology: 'particulier', ttc: true, priceCents: 1250, discountPrice: { 6: 1188, 12: 1125 } });
    });

    it.each([['owner'], ['iam'], ['agent']])('lets the %s of the shop see empty-status products', async (who) => {
      const token = { owner, iam, agent }[who as 'owner' | 'iam' | 'agent'];
      const res = await all(domaineId, token);
      expect(res.items.find((p) => p.status === 'empty')?.name).toBe('Cuvée Secrète (bientôt)');
    });

    it('hides empty products from a buyer and from the owner of another shop', async () => {
      for (const t of [buyer, owner2]) expect((await all(domaineId, t)).items.find((p) => p.status === 'empty')).toBeUndefined();
    });

    it("prices with the member's typology: the agent sees the professional HT price", async () => {
      const res = await all(domaineId, agent);
      const f75 = res.items.find((p) => p.name === 'Les Galets Rouges')!.formats[1];
      expect(f75.price).toMatchObject({ typology: 'professionnel', ttc: false, priceCents: Math.round((1250 / 1.2) * 0.8) });
    });

    it('lets the owner preview a typology but ignores it for anonymous visitors; unknown typology → 400', async () => {
      const pro = await list({ shopIds: `[${domaineId}]`, typology: 'professionnel' }, owner);
      expect(pro.body.items[0].formats[0].price.typology).toBe('professionnel');
      const anon = await list({ shopIds: `[${domaineId}]`, typology: 'professionnel' });
      expect(anon.body.items[0].formats[0].price.typology).toBe('particulier');
      const bad = await list({ shopIds: `[${domaineId}]`, typology: 'inconnue' }, owner);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, field: 'typology' });
    });

    it('hides prices reserved to members (Cave des Pros Démo) from anonymous visitors, buyers and other shops, not from its owner', async () => {
      const anon = await all(caveId);
      expect(anon.pricesReserved).toBe(true);
      expect(anon.items).toHaveLength(6);
      expect(anon.items.every((p) => p.formats.every((f) => f.price === null))).toBe(true);
      for (const t of [buyer, owner2]) {
        const other = await all(caveId, t);
        expect(other.pricesReserved).toBe(true);
        expect(other.items.every((p) => p.formats.every((f) => f.price === null))).toBe(true);
      }
      const own = await all(caveId, owner3);
      expect(own.pricesReserved).toBe(false);
      const chablis = own.items.find((p) => p.name === 'Chablis Premier Cru Vaillons')!;
      expect(chablis.formats[0].price).toMatchObject({ typology: 'particulier', ttc: true, priceCents: 2600 });
    });

    it('shows the Brasserie Démo public prices to anonymous visitors (no reservation)', async () => {
      const anon = await all(brasserieId);
      expect(anon.pricesReserved).toBe(false);
      expect(anon.items).toHaveLength(8);
      const blonde = anon.items.find((p) => p.name === 'Blonde de Démo')!;
      expect(blonde.formats[0].price).toMatchObject({ typology: 'particulier', ttc: true, priceCents: 320 });
    });

    it('listing the Brasserie and the Cave together hides only the Cave prices and flags the reservation', async () => {
      const res = (await list({ shopIds: JSON.stringify([brasserieId, caveId]), limit: '100' })).body as {
        items: Array<P & { shopId: number }>;
        pricesReserved: boolean;
      };
      expect(res.pricesReserved).toBe(true);
      expect(res.items.filter((p) => p.shopId === caveId).every((p) => p.formats.every((f) => f.price === null))).toBe(true);
      expect(res.items.filter((p) => p.shopId === brasserieId).every((p) => p.formats.every((f) => f.price !== null))).toBe(true);
    });
  });

  describe('GET /v1/products filters and validation', () => {
    it('filters by colour, vintage, range, search and product ids, and paginates', async () => {
      const red = await list({ shopIds: `[${domaineId}]`, filter: JSON.stringify({ color: ['red'] }), limit: '100' });
      expect(red.status).toBe(200);
      expect(red.body.items.length).toBeGreaterThan(3);
      expect(red.body.items.every((p: P) => p.color === 'red')).toBe(true);
      const nv = await list({ shopIds: `[${domaineId}]`, filter: JSON.stringify({ vintage: ['NV'] }) });
      expect(nv.body.items.map((p: P) => p.name).sort()).toEqual(['Champagne Réserve', 'Fines Bulles Brut', 'Fines Bulles Rosé']);
      const other = await list({ shopIds: `[${domaineId}]`, filter: JSON.stringify({ color: ['__other'] }), limit: '100' });
      expect(other.body.items.every((p: P) => p.color === null)).toBe(true);
      expect(other.body.items.length).toBeGreaterThan(0);
      const search = await list({ shopIds: `[${domaineId}]`, filter: JSON.stringify({ search: 'galets' }) });
      expect(search.body.items.map((p: P) => p.name)).toEqual(['Les Galets Rouges']);
      const none = await list({ shopIds: `[${domaineId}]`, filter: JSON.stringify({ search: 'zzzz' }) });
      expect(none.body).toMatchObject({ items: [], total: 0 });
      const page = await list({ shopIds: `[${domaineId}]`, limit: '5', offset: '5', origin: 'shop' });
      expect(page.body.items).toHaveLength(5);
      expect(page.body.total).toBeGreaterThanOrEqual(25);
      const ids = await list({ filterByProductIds: JSON.stringify([red.body.items[0].id]) });
      expect(ids.body.items.map((p: P) => p.id)).toEqual([red.body.items[0].id]);
      expect(red.body.facets.vintage).toContain('NV');
      expect(red.body.facets.color).toEqual(expect.arrayContaining(['red', 'white', 'rose']));
    });

    it.each([
      [{ filter: '{color:' }, 'filter'],
      [{ filter: '[1]' }, 'filter'],
      [{ filter: '{"colour":["red"]}' }, 'colour'],
      [{ filter: '{"color":"red"}' }, 'filter.color'],
      [{ shopIds: 'abc' }, 'shopIds'],
      [{ shopIds: '["x"]' }, 'shopIds'],
      [{ filterByProductIds: '{' }, 'filterByProductIds'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '1000' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ origin: 'admin' }, 'origin'],
    ])('answers 400 with a French message naming the field for %j', async (query, field) => {
      const res = await list(query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(String(res.body.field)).toContain(field);
      expect(res.body.message).toMatch(/[a-zé]/);
    });

    it('answers 400 naming filter for bad JSON with the exact message', async () => {
      const res = await list({ filter: 'not json' });
      expect(res.body).toEqual({ success: false, message: 'Le paramètre filter doit être un objet JSON valide', field: 'filter' });
    });
  });

  describe('GET /v1/products/:productId', () => {
    it('returns vintages with legal and advanced data and nutrition', async () => {
      const galets = (await all(domaineId)).items.find((p) => p.name === 'Les Galets Rouges')!;
      const res = await request(ctx.app).get(`/v1/products/${galets.id}-les-galets-rouges`);
      expect(res.status).toBe(200);
      expect(res.body.vintages.map((v: { name: string }) => v.name)).toEqual(['2022', '2021']);
      expect(res.body.vintages[0]).toMatchObject({
        legal: { code: 'W200', da: 4.14, typeDA: 'hl' },
        advanced: { alcool: { value: 14 } },
        nutrition: { energyKcal: expect.any(Number), sugars: expect.any(Number) },
      });
    });

    it("answers 404 'Produit inexistant' for an unknown or a non-numeric id", async () => {
      for (const id of ['999999', 'abc']) {
        const res = await request(ctx.app).get(`/v1/products/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Produit inexistant');
      }
    });

    it('hides an empty-status product from anonymous visitors, not from the owner; prestations are readable', async () => {
      const secret = (await all(domaineId, owner)).items.find((p) => p.status === 'empty')!;
      expect((await request(ctx.app).get(`/v1/products/${secret.id}`)).status).toBe(404);
      expect((await request(ctx.app).get(`/v1/products/${secret.id}`).set(bearer(owner))).status).toBe(200);
    });
  });

  describe('GET /v1/shops/by-name/:name', () => {
    it('returns the shop with nested tabs, legal notice, header style and the visitor typology', async () => {
      const res = await request(ctx.app).get('/v1/shops/by-name/domaine-demo');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: domaineId,
        name: 'Domaine de Démo',
        businessType: 'wine',
        headerStyle: { logoPlacement: 'start' },
        viewer: { member: false, typology: 'particulier', ttc: true },
      });
      expect(res.body.legalNotice).toContain('RCS');
      const vins = res.body.tabs.find((t: { name: string }) => t.name === 'Nos vins');
      expect(vins.children.map((c: { name: string }) => c.name)).toEqual(['Rouges', 'Blancs', 'Nouveautés']);
      expect((await request(ctx.app).get('/v1/shops/by-name/DOMDEM')).body.id).toBe(domaineId);
      const agentView = await request(ctx.app).get('/v1/shops/by-name/domaine-demo').set(bearer(agent));
      expect(agentView.body.viewer).toMatchObject({ member: true, kind: 'agent', typology: 'professionnel', ttc: false });
    });

    it('answers 404 Boutique introuvable for an unknown name', async () => {
      const res = await request(ctx.app).get('/v1/shops/by-name/nope-nope');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Boutique introuvable');
    });
  });

  describe('GS1 Digital Link', () => {
    it('parses GTIN-8/12/13/14, left-pads to 14 and verifies the check digit', () => {
      expect(parseGtin('96385074')).toBe('00000096385074');
      expect(parseGtin('036000291452')).toBe('00036000291452');
      expect(parseGtin('4006381333931')).toBe('04006381333931');
      expect(parseGtin('04006381333931')).toBe('04006381333931');
      expect(parseGtin('4006381333932')).toBeNull();
      expect(parseGtin('400638133393')).toBeNull(); // 12 digits, wrong check digit
      expect(parseGtin('12345')).toBeNull();
      expect(parseGtin('abcdefgh')).toBeNull();
    });

    it('resolves a seeded EAN-13, its GTIN-14 form, a vintage and a lot', async () => {
      const galets = (await all(domaineId)).items.find((p) => p.name === 'Les Galets Rouges')!;
      const ean = galets.formats[1].gtin;
      const res = await request(ctx.app).get(`/v1/gs1/01/${ean}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        gtin14: `0${ean}`,
        urlShop: 'domaine-demo',
        productId: galets.id,
        formatId: galets.formats[1].id,
        vintageId: null,
      });
      const v = await request(ctx.app).get(`/v1/gs1/01/0${ean}/22/2021`);
      expect(v.body).toMatchObject({ productId: galets.id, vintage: '2021' });
      const detail = await request(ctx.app).get(`/v1/products/${galets.id}`);
      const lot = detail.body.vintages[0].lot;
      const l = await request(ctx.app).get(`/v1/gs1/01/${ean}/10/${lot}`);
      expect(l.body).toMatchObject({ vintage: '2022', lot });
    });

    it('answers 404 with a French message for an invalid or unknown GTIN', async () => {
      const bad = await request(ctx.app).get('/v1/gs1/01/3760123000011');
      const good = withGtinCheckDigit('376012300001');
      expect(bad.status).toBe(good === '3760123000011' ? 200 : 404);
      const invalid = await request(ctx.app).get('/v1/gs1/01/1234567890123');
      expect(invalid.status).toBe(404);
      expect(invalid.body.message).toBe("Ce code GTIN n'est pas valide");
      const unknown = await request(ctx.app).get(`/v1/gs1/01/${withGtinCheckDigit('999999999999')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Aucun produit ne correspond à ce code GTIN');
    });
  });
});
