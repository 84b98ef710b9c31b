// Settings › Informations (« Nom de la boutique », « Téléphone », « Adresse », « Description », « Site et réseaux
// sociaux », « Horaires d'ouverture ») reach the public shop page: the page answer carries what the owner saved, its
// description first, the older page description only while none is written; an anonymous visitor's cached answer
// follows the save.
import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('the shop page answer carries the saved infos', () => {
  let ctx: TestContext;
  let owner: string;

  const empty = {
    name: 'Domaine de Démo',
    urlShop: 'domaine-demo',
    businessType: 'wine',
    contactEmail: 'contact@domaine-demo.test',
    phone: '',
    address: { street: '', complement: '', zipcode: '', city: '', country: '' },
    description: '',
    socials: { website: '', facebook: '', instagram: '', linkedin: '', x: '', youtube: '', tiktok: '' },
    openingHours: { monday: '', tuesday: '', wednesday: '', thursday: '', friday: '', saturday: '', sunday: '' },
  };
  const save = (body: object) => request(ctx.app).put('/v1/shops/me/settings/infos').set(bearer(owner)).send(body);
  const page = () => request(ctx.app).get('/v1/shops/by-name/domaine-demo');

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await loginAs(ctx.app, 'owner@demo.test');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('shows the older description and no infos while none is saved, then what the owner saves', async () => {
    const before = await page();
    expect(before.status).toBe(200);
    expect(before.body.description).toBe('Domaine familial en Côtes du Rhône : vins rouges, blancs, rosés et bulles, en vente directe.');
    expect(before.body.infos ?? null).toBeNull();

    const saved = await save({
      ...empty,
      phone: '06 12 34 56 78',
      address: { street: '12 chemin des Vignes', complement: '', zipcode: '84110', city: 'Vaison-la-Romaine', country: 'fr' },
      description: 'Un domaine familial en Côtes du Rhône depuis 1920, en agriculture biologique.',
      socials: { ...empty.socials, website: 'https://domaine-demo.test', instagram: 'https://instagram.com/domaine' },
      openingHours: { ...empty.openingHours, monday: '9h-12h, 14h-18h', saturday: '10h-12h' },
    });
    expect(saved.status).toBe(200);

    // the anonymous answer read before the save (kept in the answer cache) is not served again
    const after = await page();
    expect(after.body.description).toBe('Un domaine familial en Côtes du Rhône depuis 1920, en agriculture biologique.');
    expect(after.body.infos).toEqual({
      phone: '06 12 34 56 78',
      address: { street: '12 chemin des Vignes', complement: '', zipcode: '84110', city: 'Vaison-la-Romaine', country: 'FR' },
      socials: { website: 'https://domaine-demo.test', instagram: 'https://instagram.com/domaine' },
      openingHours: { monday: '9h-12h, 14h-18h', saturday: '10h-12h' },
    });
    // the same on the page by id and for a signed-in visitor
    const byCode = await request(ctx.app).get('/v1/shops/by-name/DOMDEM').set(bearer(owner));
    expect(byCode.body.infos).toEqual(after.body.infos);

    // emptied again: no infos, the older description comes back
    expect((await save(empty)).status).toBe(200);
    const cleared = await page();
    expect(cleared.body.infos ?? null).toBeNull();
    expect(cleared.body.description).toBe(before.body.description);
  });

  it('shows only the parts filled in', async () => {
    expect((await save({ ...empty, openingHours: { ...empty.openingHours, sunday: 'Fermé' } })).status).toBe(200);
    const res = await page();
    expect(res.body.infos).toEqual({ phone: null, address: null, socials: {}, openingHours: { sunday: 'Fermé' } });
    expect(res.body.description).toBe('Domaine familial en Côtes du Rhône : vins rouges, blancs, rosés et bulles, en vente directe.');
  });

  it('« Nom de la boutique »: the shop page answer carries the new name, then the old one again', async () => {
    // read first, so that an anonymous answer is in the cache when the owner renames the shop
    expect((await page()).body.name).toBe(empty.name);
    expect((await save({ ...empty, name: 'Domaine des Trois Vallées' })).status).toBe(200);
    expect((await page()).body.name).toBe('Domaine des Trois Vallées');
    expect((await request(ctx.app).get('/v1/shops/by-name/DOMDEM').set(bearer(owner))).body.name).toBe('Domaine des Trois Vallées');
    expect((await save(empty)).status).toBe(200);
    expect((await page()).body.name).toBe(empty.name);
  });
});
