import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { and, eq, isNotNull } from 'drizzle-orm';
import { withGtinCheckDigit } from 'shared-kernel/domain';
import type { ProductInput } from 'shared-kernel/contracts';
import { shopMembers, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { formatPrices, productFormats, products, productVintages, promotions } from '../catalog';
import { orderLines } from '../orders';

const gtin = (n: number) => withGtinCheckDigit(`376099${String(n).padStart(6, '0')}`);
const badGtin = (n: number) => {
  const g = gtin(n);
  return g.slice(0, 12) + String((Number(g[12]) + 1) % 10);
};

const bottle = (over: Partial<ProductInput> = {}): ProductInput => ({
  productType: 'bottle',
  name: 'Cuvée du test',
  precision: null,
  description: null,
  type: 'stillWine',
  color: 'red',
  gamme: 'Essais',
  labels: ['AOP'],
  status: 'online',
  vintages: [
    {
      name: '2022',
      alcohol: 13.5,
      lot: 'L22',
      legal: { code: 'W200', dutyType: 'DA2', customTaxName: null, customTaxAmountPerHL: null, customTaxFamilies: [] },
      nutrition: { energyKcal: 80, allergens: ['sulfites'], ingredients: 'raisin' },
    },
  ],
  formats: [
    {
      unity: 'litre',
      unityValue: 1.5,
      container: 'magnum',
      formatType: 'bottle',
      nameInShop: null,
      packing: null,
      weight: 1.8,
      gtin: gtin(1),
      minPurchase: 1,
      maxPurchase: 6,
      prices: [
        { typology: 'particulier', visible: true, priceCents: 3000, tiers: [{ quantity: 6, priceCents: 2800, add: null }] },
        { typology: 'professionnel', visible: true, priceCents: 2000, tiers: [] },
      ],
      promotions: [{ name: 'Été', type: '%', amount: 10, activation: 'minProduct', threshold: 3 }],
    },
  ],
  ...over,
});

describe('back-office catalogue (/v1/catalogue)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let iamMemberId: number;
  let mediaDir: string;
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    await ctx.handle.db.update(shopMembers).set({ authorizations }).where(eq(shopMembers.id, iamMemberId));
  };
  const post = (url: string, token: string, body?: object) => request(ctx.app).post(url).set(bearer(token)).send(body);
  const put = (url: string, token: string, body?: object) => request(ctx.app).put(url).set(bearer(token)).send(body);
  const get = (url: string, token: string) => request(ctx.app).get(url).set(bearer(token));

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-media-'));
    ctx = await createTestContext({ dataDir: mediaDir });
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [row] = await ctx.handle.db
      .select({ id: shopMembers.id })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(eq(users.email, 'iam@demo.test'));
    iamMemberId = row.id;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('creates a bottle with its vintage, format, prices, tiers and promotion in one save; eq75 and kJ computed', async () => {
    const res = await post('/v1/catalogue/products', owner, bottle());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le produit a été créé');
    const f = res.body.formats[0];
    expect(f).toMatchObject({ eq75: 2, gtin: gtin(1), minPurchase: 1, maxPurchase: 6, stock: 0 });
    expect(f.prices).toEqual([
      { typology: 'particulier', visible: true, priceCents: 3000, tiers: [{ quantity: 6, priceCents: 2800, add: null }] },
      { typology: 'professionnel', visible: true, priceCents: 2000, tiers: [] },
    ]);
    expect(f.promotions[0]).toMatchObject({ name: 'Été', type: '%', amount: 10, activation: 'minProduct', threshold: 3 });
    expect(res.body.vintages[0]).toMatchObject({ name: '2022', alcohol: 13.5, legal: { code: 'W200', dutyType: 'DA2' } });
    expect(res.body.vintages[0].nutrition).toMatchObject({ energyKcal: 80, energyKj: 335, allergens: ['sulfites'] });
    const [stored] = await ctx.handle.db.select().from(formatPrices).where(eq(formatPrices.formatId, f.id));
    expect(stored.discountPrice).toEqual({ '6': 2800 });
    // the excise code brings its duty rates (what the price engine adds and the DRM declares)
    const [vintage] = await ctx.handle.db.select().from(productVintages).where(eq(productVintages.productId, res.body.id));
    expect(vintage.legal).toMatchObject({ code: 'W200', da: 4.14, typeDA: 'hl' });
    const base = bottle().vintages![0];
    const spirit = await put(`/v1/catalogue/products/${res.body.id}`, owner, {
      ...bottle(),
      vintages: [{ ...base, id: vintage.id, alcohol: 40, legal: { ...base.legal, code: 'S200' } }],
    });
    expect(spirit.status).toBe(200);
    const [after] = await ctx.handle.db.select().from(productVintages).where(eq(productVintages.id, vintage.id));
    expect(after.legal).toMatchObject({ code: 'S200', da: 1866.31, css: 612.55, typeDA: 'hlap' });
  });

  it('creates an accessory, a prestation and a box holding formats of the shop', async () => {
    const acc = await post(
      '/v1/catalogue/products',
      owner,
      bottle({
        productType: 'accessory',
        name: 'Tire-bouchon',
        vintages: [],
        formats: [
          {
            unity: 'unite',
            unityValue: 1,
            formatType: 'custom',
            gtin: null,
            maxPurchase: null,
            prices: [{ typology: 'particulier', visible: true, priceCents: 1500 }],
          },
        ],
      }),
    );
    expect(acc.status).toBe(201);
    expect(acc.body.formats[0].eq75).toBeNull();
    const presta = await post(
      '/v1/catalogue/products',
      owner,
      bottle({ productType: 'prestation', name: 'Dégustation privée', vintages: [], formats: [] }),
    );
    expect(presta.status).toBe(201);
    const box = await post(
      '/v1/catalogue/products',
      owner,
      bottle({
        productType: 'box',
        name: 'Coffret découverte',
        vintages: [],
        boxItems: [{ formatId: acc.body.formats[0].id, quantity: 2 }],
        formats: [{ unity: 'unite', unityValue: 1, formatType: 'custom', gtin: null, maxPurchase: null, prices: [] }],
      }),
    );
    expect(box.status).toBe(201);
    expect(box.body.boxItems).toEqual([{ formatId: acc.body.formats[0].id, quantity: 2, label: 'Tire-bouchon – 1 unité' }]);
    const boxInBox = await post(
      '/v1/catalogue/products',
      owner,
      bottle({ productType: 'box', name: 'x', vintages: [], formats: [], boxItems: [{ formatId: box.body.formats[0].id, quantity: 1 }] }),
    );
    expect(boxInBox.body).toMatchObject({ message: 'Un coffret ne peut pas contenir un autre coffret', field: 'boxItems.0.formatId' });
    const theirs = (await get('/v1/catalogue/products?pageSize=1', owner2)).body.items[0];
    const theirFormat = (await get(`/v1/catalogue/products/${theirs.id}`, owner2)).body.formats[0].id;
    const foreign = await post(
      '/v1/catalogue/products',
      owner,
      bottle({ productType: 'box', name: 'x', vintages: [], formats: [], boxItems: [{ formatId: theirFormat, quantity: 1 }] }),
    );
    expect(foreign.body).toMatchObject({ message: "Ce format n'existe pas dans la boutique", field: 'boxItems.0.formatId' });
  });

  it('edits the whole product in one transaction: rows matched by id, new ones created, missing ones deleted', async () => {
    const created = (
      await post('/v1/catalogue/products', owner, bottle({ name: 'À modifier', formats: [{ ...bottle().formats![0], gtin: gtin(2) }] }))
    ).body;
    const f0 = created.formats[0];
    const body = bottle({
      name: 'Modifié',
      vintages: [
        { ...bottle().vintages![0], id: created.vintages[0].id, name: '2023' },
        { ...bottle().vintages![0], name: 'NV', nutrition: { energyKj: 418, allergens: [] } },
      ],
      formats: [
        { ...bottle().formats![0], id: f0.id, gtin: gtin(2), unityValue: 0.75, promotions: [{ ...f0.promotions[0], amount: 15 }] },
        { ...bottle().formats![0], gtin: gtin(3), unityValue: 0.375, promotions: [] },
      ],
    });
    const res = await put(`/v1/catalogue/products/${created.id}`, owner, body);
    expect(res.status).toBe(200);
    expect(res.body.vintages.map((v: { id: number; name: string }) => [v.id === created.vintages[0].id, v.name])).toEqual([
      [true, '2023'],
      [false, 'NV'],
    ]);
    expect(res.body.vintages[1].nutrition).toMatchObject({ energyKj: 418, energyKcal: 100 });
    expect(res.body.formats.map((f: { eq75: number }) => f.eq75)).toEqual([1, 0.5]);
    expect(res.body.formats[0].id).toBe(f0.id);
    expect(res.body.formats[0].promotions).toEqual([expect.objectContaining({ id: f0.promotions[0].id, amount: 15 })]);
    // the second format removed: deleted with its prices
    const second = res.body.formats[1].id;
    const again = await put(`/v1/catalogue/products/${created.id}`, owner, { ...body, formats: [body.formats![0]] });
    expect(again.body.formats.map((f: { id: number }) => f.id)).toEqual([f0.id]);
    expect(await ctx.handle.db.select().from(formatPrices).where(eq(formatPrices.formatId, second))).toEqual([]);
    // a failure half-way leaves nothing written (one transaction): an unknown typology on the second format
    const broken = await put(`/v1/catalogue/products/${created.id}`, owner, {
      ...body,
      name: 'Ne doit pas rester',
      formats: [body.formats![0], { ...body.formats![1], prices: [{ typology: 'inconnue', visible: true, priceCents: 1 }] }],
    });
    expect(broken.body).toMatchObject({ message: "Cette typologie n'existe pas dans la boutique", field: 'formats.1.prices.0.typology' });
    expect((await get(`/v1/catalogue/products/${created.id}`, owner)).body.name).toBe('Modifié');
    const [p] = await ctx.handle.db.select().from(products).where(eq(products.id, created.id));
    expect(p.name).toBe('Modifié');
  });

  it('refuses a GTIN whose check digit is wrong, and one used by another product of the shop (400 naming the field)', async () => {
    const bad = await post('/v1/catalogue/products', owner, bottle({ formats: [{ ...bottle().formats![0], gtin: badGtin(9) }] }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: "Ce code GTIN n'est pas valide", field: 'formats.0.gtin' });
    const [seeded] = await ctx.handle.db
      .select({ gtin: productFormats.gtin })
      .from(productFormats)
      .where(isNotNull(productFormats.gtin))
      .limit(1);
    const dup = await post('/v1/catalogue/products', owner, bottle({ formats: [{ ...bottle().formats![0], gtin: seeded.gtin }] }));
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      success: false,
      message: 'Ce code GTIN est déjà utilisé par un autre produit de la boutique',
      field: 'formats.0.gtin',
    });
  });

  it('validates with the §5 French messages and field paths', async () => {
    const cases: Array<[Partial<ProductInput>, string, string]> = [
      [{ name: ' ' }, 'name', 'Ce champ ne peut pas être vide'],
      [
        { formats: [{ ...bottle().formats![0], gtin: null, minPurchase: 7, maxPurchase: 6 }] },
        'formats.0.maxPurchase',
        "Le minimum d'achat doit être inférieur ou égal au maximum d'achat",
      ],
      [{ formats: [{ ...bottle().formats![0], gtin: null, unityValue: 0 }] }, 'formats.0.unityValue', 'Doit être supérieur à 0'],
      [
        { vintages: [{ ...bottle().vintages![0], alcohol: 120 }] },
        'vintages.0.alcohol',
        "Le degré d'alcool doit être compris entre 0 et 100",
      ],
      [
        { formats: [{ ...bottle().formats![0], gtin: null, weight: 'abc' as unknown as number }] },
        'formats.0.weight',
        'Doit être un nombre',
      ],
      [
        {
          formats: [
            {
              ...bottle().formats![0],
              gtin: null,
              promotions: [{ name: 'x', type: '%', amount: 5, activation: 'minPrice', threshold: null }],
            },
          ],
        },
        'formats.0.promotions.0.threshold',
        'Indiquez le seuil de déclenchement de la promotion',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/v1/catalogue/products', owner, bottle(over));
      expect({ field: res.body.field, message: res.body.message }).toEqual({ field, message });
    }
  });

  it('scopes everything to the caller’s shop: another shop’s product → 404', async () => {
    const mine = (await get('/v1/catalogue/products?pageSize=1', owner)).body.items[0];
    expect((await get(`/v1/catalogue/products/${mine.id}`, owner2)).status).toBe(404);
    expect((await put(`/v1/catalogue/products/${mine.id}`, owner2, bottle({ formats: [] }))).status).toBe(404);
    expect((await request(ctx.app).delete(`/v1/catalogue/products/${mine.id}`).set(bearer(owner2))).status).toBe(404);
    expect((await post(`/v1/catalogue/products/${mine.id}/duplicate`, owner2)).status).toBe(404);
    const bulk = await put('/v1/catalogue/products/status', owner2, { ids: [mine.id], status: 'closed' });
    expect(bulk.body.updated).toBe(0);
    expect((await get(`/v1/catalogue/products/${mine.id}`, owner)).body.status).toBe(mine.status);
  });

  it('agent reads (200) but never writes (403); iam needs createProduct to write and seeAllProduct to read', async () => {
    const list = await get('/v1/catalogue/products', agent);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect((await get(`/v1/catalogue/products/${list.body.items[0].id}`, agent)).status).toBe(200);
    expect((await post('/v1/catalogue/products', agent, bottle({ formats: [] }))).status).toBe(403);
    expect((await put(`/v1/catalogue/products/${list.body.items[0].id}`, agent, bottle({ formats: [] }))).status).toBe(403);
    expect((await put('/v1/catalogue/products/status', agent, { ids: [list.body.items[0].id], status: 'paused' })).status).toBe(403);
    expect((await post('/v1/catalogue/media', agent)).status).toBe(403);
    try {
      await iamWith({ seeAllOrder: true });
      expect((await get('/v1/catalogue/products', iam)).status).toBe(403);
      await iamWith({ seeAllProduct: true });
      expect((await get('/v1/catalogue/products', iam)).status).toBe(200);
      expect((await post('/v1/catalogue/products', iam, bottle({ formats: [] }))).status).toBe(403);
      await iamWith({ seeAllProduct: true, createProduct: true });
      expect((await post('/v1/catalogue/products', iam, bottle({ name: 'Par iam', formats: [] }))).status).toBe(201);
    } finally {
      await iamWith({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    }
  });

  it('archives instead of deleting a product that has orders (409 in French); deletes one without', async () => {
    const [line] = await ctx.handle.db
      .select({ productId: orderLines.productId })
      .from(orderLines)
      .where(isNotNull(orderLines.productId))
      .limit(1);
    const ordered = line.productId!;
    expect((await get(`/v1/catalogue/products/${ordered}`, owner)).body.hasOrders).toBe(true);
    const del = await request(ctx.app).delete(`/v1/catalogue/products/${ordered}`).set(bearer(owner));
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/Archivez-le/);
    const arch = await post(`/v1/catalogue/products/${ordered}/archive`, owner);
    expect(arch.body).toMatchObject({ archived: true, message: 'Le produit a été archivé' });
    const listed = (await get('/v1/catalogue/products?pageSize=100', owner)).body.items.map((p: { id: number }) => p.id);
    expect(listed).not.toContain(ordered);
    const archived = (await get('/v1/catalogue/products?archived=true&pageSize=100', owner)).body.items.map((p: { id: number }) => p.id);
    expect(archived).toEqual([ordered]);
    // gone from the shop: its list, its page and its GS1 links
    const detail = (await get(`/v1/catalogue/products/${ordered}`, owner)).body;
    const [{ shopId }] = await ctx.handle.db.select({ shopId: products.shopId }).from(products).where(eq(products.id, ordered));
    const publicIds = async () =>
      (await request(ctx.app).get(`/v1/products?shopIds=${encodeURIComponent(JSON.stringify([shopId]))}&limit=100`)).body.items.map(
        (p: { id: number }) => p.id,
      );
    expect(await publicIds()).not.toContain(ordered);
    expect((await request(ctx.app).get(`/v1/products/${ordered}`)).status).toBe(404);
    const gtin = detail.formats.find((f: { gtin: string | null }) => f.gtin)?.gtin as string;
    expect(gtin).toMatch(/^\d{13}$/);
    expect((await request(ctx.app).get(`/v1/gs1/01/${gtin}`)).status).toBe(404);
    expect((await post(`/v1/catalogue/products/${ordered}/unarchive`, owner)).body.archived).toBe(false);
    expect(await publicIds()).toContain(ordered);
    expect((await request(ctx.app).get(`/v1/gs1/01/${gtin}`)).status).toBe(200);

    const fresh = (await post('/v1/catalogue/products', owner, bottle({ name: 'Éphémère', formats: [] }))).body;
    expect(fresh.hasOrders).toBe(false);
    expect((await request(ctx.app).delete(`/v1/catalogue/products/${fresh.id}`).set(bearer(owner))).body).toEqual({
      success: true,
      message: 'Le produit a été supprimé',
    });
    expect((await get(`/v1/catalogue/products/${fresh.id}`, owner)).status).toBe(404);
  });

  it('keeps an ordered format left out of an update, hidden from every typology', async () => {
    const [line] = await ctx.handle.db
      .select({ productId: orderLines.productId, formatId: orderLines.formatId })
      .from(orderLines)
      .where(and(isNotNull(orderLines.productId), isNotNull(orderLines.formatId)))
      .limit(1);
    const d = (await get(`/v1/catalogue/products/${line.productId}`, owner)).body;
    const others = d.formats.filter((f: { id: number }) => f.id !== line.formatId);
    const res = await put(`/v1/catalogue/products/${d.id}`, owner, { ...d, formats: others });
    expect(res.status).toBe(200);
    const kept = res.body.formats.find((f: { id: number }) => f.id === line.formatId);
    expect(kept.used).toBe(true);
    expect(kept.prices.every((p: { visible: boolean }) => !p.visible)).toBe(true);
  });

  it('duplicates a product (paused, no GTIN) and changes statuses in bulk', async () => {
    const src = (
      await post('/v1/catalogue/products', owner, bottle({ name: 'Original', formats: [{ ...bottle().formats![0], gtin: gtin(4) }] }))
    ).body;
    const copy = await post(`/v1/catalogue/products/${src.id}/duplicate`, owner);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Original (copie)', status: 'paused', message: 'Le produit a été dupliqué' });
    expect(copy.body.id).not.toBe(src.id);
    expect(copy.body.formats[0]).toMatchObject({ gtin: null, prices: src.formats[0].prices });
    expect(copy.body.formats[0].promotions[0].id).not.toBe(src.formats[0].promotions[0].id);
    expect(copy.body.vintages[0].nutrition).toEqual(src.vintages[0].nutrition);

    const bulk = await put('/v1/catalogue/products/status', owner, { ids: [src.id, copy.body.id], status: 'closed' });
    expect(bulk.body).toMatchObject({ success: true, updated: 2, message: 'Statut modifié pour 2 produits' });
    const closed = await get('/v1/catalogue/products?status=closed&q=Original&pageSize=10', owner);
    expect(closed.body.items.map((p: { id: number }) => p.id).sort()).toEqual([src.id, copy.body.id].sort());
    expect((await put('/v1/catalogue/products/status', owner, { ids: [src.id], status: 'gone' })).status).toBe(400);
  });

  it('lists with filters, search, sort and the default typology’s price, formats and stock', async () => {
    const res = await get('/v1/catalogue/products?q=galets&pageSize=10', owner);
    expect(res.status).toBe(200);
    const row = res.body.items[0];
    const [fmt] = await ctx.handle.db
      .select()
      .from(productFormats)
      .where(eq(productFormats.productId, row.id))
      .orderBy(productFormats.position)
      .limit(1);
    const [price] = await ctx.handle.db
      .select()
      .from(formatPrices)
      .where(and(eq(formatPrices.formatId, fmt.id), eq(formatPrices.typology, 'particulier')));
    expect(row).toMatchObject({
      name: 'Les Galets Rouges',
      vintages: ['2022', '2021'],
      formats: ['37,5 cl', '75 cl', '150 cl'],
      price: { priceCents: price.priceCents, ttc: true, typology: 'particulier' },
    });
    const all = await ctx.handle.db
      .select({ stock: productFormats.stock })
      .from(productFormats)
      .where(eq(productFormats.productId, row.id));
    expect(row.stock).toBe(all.reduce((s, f) => s + f.stock, 0));
    const accessories = (await get('/v1/catalogue/products?productType=accessory&pageSize=100', owner)).body.items;
    expect(accessories.length).toBeGreaterThan(0);
    expect(accessories.every((p: { productType: string }) => p.productType === 'accessory')).toBe(true);
    const v2021 = (await get('/v1/catalogue/products?vintage=2021&pageSize=100', owner)).body.items;
    expect(v2021.every((p: { vintages: string[] }) => p.vintages.includes('2021'))).toBe(true);
    const labelled = (await get('/v1/catalogue/products?label=AB&pageSize=100', owner)).body.items;
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.every((p: { labels: string[] }) => p.labels.includes('AB'))).toBe(true);
    const names = (await get('/v1/catalogue/products?sort=-name&pageSize=100', owner)).body.items.map((p: { name: string }) => p.name);
    expect(names.length).toBeGreaterThan(5);
    expect((await get('/v1/catalogue/products?status=nope', owner)).body).toMatchObject({ field: 'status' });
  });

  it('what the owner saves is what the public GET /v1/products shows at once (price, status)', async () => {
    const created = (
      await post('/v1/catalogue/products', owner, bottle({ name: 'Cuvée publique', formats: [{ ...bottle().formats![0], gtin: gtin(5) }] }))
    ).body;
    const search = () =>
      request(ctx.app)
        .get('/v1/products')
        .query({ filter: JSON.stringify({ search: 'Cuvée publique' }) });
    const before = await search();
    expect(before.body.items[0].formats[0].price.priceCents).toBe(3000);
    const input = {
      ...created,
      formats: [{ ...created.formats[0], prices: [{ typology: 'particulier', visible: true, priceCents: 4200, tiers: [] }] }],
    };
    expect((await put(`/v1/catalogue/products/${created.id}`, owner, input)).status).toBe(200);
    const after = await search();
    expect(after.body.items[0].formats[0].price.priceCents).toBe(4200);
    expect((await request(ctx.app).get(`/v1/products/${created.id}`)).body.formats[0].price.priceCents).toBe(4200);
    await put('/v1/catalogue/products/status', owner, { ids: [created.id], status: 'paused' });
    expect((await search()).body.items[0].status).toBe('paused');
    const promos = await ctx.handle.db.select().from(promotions).where(eq(promotions.formatId, created.formats[0].id));
    expect(promos).toHaveLength(1);
  });

  it('uploads only images, re-encoded without metadata, served with long cache headers', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#7a1f3d' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const up = await request(ctx.app).post('/v1/catalogue/media').set(bearer(owner)).set('Content-Type', 'image/jpeg').send(photo);
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ width: 2000, height: 667, url: expect.stringMatching(/^\/v1\/media\/[a-f0-9]{64}\.webp$/) });
    const served = await request(ctx.app)
      .get(up.body.url)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2000 });
    expect(meta.exif).toBeUndefined();
    const etag = served.headers.etag;
    expect((await request(ctx.app).get(up.body.url).set('If-None-Match', etag)).status).toBe(304);

    const text = await request(ctx.app)
      .post('/v1/catalogue/media')
      .set(bearer(owner))
      .set('Content-Type', 'image/png')
      .send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Seules les images PNG, JPEG ou WebP sont acceptées');
    const big = await request(ctx.app)
      .post('/v1/catalogue/media')
      .set(bearer(owner))
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(8 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("L'image ne doit pas dépasser 8 Mo");
    expect((await request(ctx.app).get(`/v1/media/${'0'.repeat(64)}.webp`)).status).toBe(404);
    expect((await request(ctx.app).get('/v1/media/..%2Fjwt-secret')).status).toBe(404);
  });
});
