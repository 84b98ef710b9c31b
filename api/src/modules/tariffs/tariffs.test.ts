import ExcelJS from 'exceljs';
import request from 'supertest';
import type { TariffGrid, TariffRow } from 'shared-kernel/contracts';
import { eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { applyPercent, parseEuros } from './tariffs.domain';
import { createTariffsService } from './tariffs.service';

/** WinAnsi bytes that differ from latin1 (the ones a price list uses). */
const WIN_ANSI: Record<string, string> = { '\x80': '€', '\x96': '–', '\x97': '—', '\x92': '’' };
/** The text pdfkit draws (hex strings of the TJ operators of uncompressed content streams), decoded from WinAnsi. */
function pdfTextOf(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  return [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((m) => [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''))
    .join('\n')
    .replace(/[\x80\x92\x96\x97]/g, (c) => WIN_ANSI[c]);
}
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('tariffs', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let domaineId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [d] = await ctx.handle.db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    domaineId = d.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const grid = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await request(ctx.app).get('/v1/tariffs/grid').query(query).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body as TariffGrid;
  };
  const galets = async (): Promise<TariffRow> =>
    (await grid(owner, { q: 'Galets Rouges', pageSize: 100 })).items.find((r) => r.formatLabel.includes('75'))!;

  it('shows a page of the shop’s formats with a price per typology, filtered and searched', async () => {
    const all = await grid(owner, { pageSize: 10 });
    expect(all.typologies.map((t) => t.id)).toEqual(['particulier', 'professionnel']);
    expect(all.items).toHaveLength(10);
    expect(all.total).toBeGreaterThan(10);
    expect(all.facets.gammes.length).toBeGreaterThan(0);
    const row = all.items[0];
    expect(row.prices.particulier).toEqual({ priceCents: expect.any(Number), visible: true });
    // another shop only sees its own formats
    const beers = await grid(owner2, { pageSize: 100 });
    const ids = new Set(beers.items.map((r) => r.formatId));
    expect(all.items.some((r) => ids.has(r.formatId))).toBe(false);
    expect((await grid(owner2, { q: 'Galets' })).total).toBe(0);
    // filters
    const gamme = all.facets.gammes[0];
    const byGamme = await grid(owner, { gamme, pageSize: 100 });
    expect(byGamme.total).toBeGreaterThan(0);
    expect(byGamme.items.every((r) => r.gamme === gamme)).toBe(true);
    const accessories = await grid(owner, { productType: 'accessory', pageSize: 100 });
    expect(accessories.items.every((r) => r.productType === 'accessory')).toBe(true);
    const searched = await grid(owner, { q: 'Galets Rouges' });
    expect(searched.items.length).toBeGreaterThan(0);
    expect(searched.items.every((r) => r.productName === 'Les Galets Rouges')).toBe(true);
  });

  it('refuses the grid to an iam without seeAllPrice (403) and a bad sort (400 naming it)', async () => {
    expect((await request(ctx.app).get('/v1/tariffs/grid').set(bearer(iam))).status).toBe(403);
    expect((await request(ctx.app).put('/v1/tariffs/prices').set(bearer(iam)).send({ prices: [] })).status).toBe(403);
    const bad = await request(ctx.app).get('/v1/tariffs/grid').query({ sort: 'price' }).set(bearer(owner));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sort');
  });

  it('lets the sales agent read their producer’s grid and price list (§2) but never change a price', async () => {
    const grid = await request(ctx.app).get('/v1/tariffs/grid').set(bearer(agent));
    expect(grid.status).toBe(200);
    expect(grid.body.total).toBe((await request(ctx.app).get('/v1/tariffs/grid').set(bearer(owner))).body.total);
    const formatId = grid.body.items[0].formatId ?? grid.body.items[0].id;
    const put = await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(agent))
      .send({ prices: [{ formatId, typology: 'particulier', priceCents: 1 }] });
    expect(put.status).toBe(403);
  });

  it('saves a batch of prices in one transaction; the public catalogue shows the new price at once', async () => {
    const row = await galets();
    const before = await request(ctx.app).get(`/v1/products/${row.productId}`);
    const shown = before.body.formats.find((f: { id: number }) => f.id === row.formatId);
    expect(shown.price.priceCents).toBe(row.prices.particulier!.priceCents);

    const newPrice = row.prices.particulier!.priceCents + 123;
    const saved = await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({
        prices: [
          { formatId: row.formatId, typology: 'particulier', priceCents: newPrice },
          { formatId: row.formatId, typology: 'professionnel', priceCents: 999, visible: false },
        ],
      });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, updated: 2, message: '2 prix enregistrés' });
    const after = await request(ctx.app).get(`/v1/products/${row.productId}`);
    expect(after.body.formats.find((f: { id: number }) => f.id === row.formatId).price.priceCents).toBe(newPrice);
    const again = await galets();
    expect(again.prices.professionnel).toEqual({ priceCents: 999, visible: false });
  });

  it('refuses another shop’s format (404, nothing saved) and an unknown typology or a bad amount (400)', async () => {
    const row = await galets();
    const beer = (await grid(owner2, { pageSize: 1 })).items[0];
    const mixed = await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({
        prices: [
          { formatId: row.formatId, typology: 'particulier', priceCents: 1 },
          { formatId: beer.formatId, typology: 'particulier', priceCents: 1 },
        ],
      });
    expect(mixed.status).toBe(404);
    expect(mixed.body).toMatchObject({ success: false, message: 'Format introuvable', field: 'prices.1.formatId' });
    expect((await galets()).prices.particulier!.priceCents).toBe(row.prices.particulier!.priceCents);
    expect((await grid(owner2, { pageSize: 1 })).items[0].prices).toEqual(beer.prices);

    const typo = await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({ prices: [{ formatId: row.formatId, typology: 'grossiste', priceCents: 1 }] });
    expect(typo.body).toMatchObject({ message: "Cette typologie n'existe pas dans la boutique", field: 'prices.0.typology' });
    const amount = await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({ prices: [{ formatId: row.formatId, typology: 'particulier', priceCents: 12.5 }] });
    expect(amount.status).toBe(400);
    expect(amount.body).toMatchObject({ message: 'Le prix doit être un montant positif', field: 'prices.0.priceCents' });
  });

  it('rounds a percentage to the cent, previews without saving, then applies', async () => {
    expect(applyPercent(1005, 5)).toBe(1055); // 1 055,25 → 1 055
    expect(applyPercent(1010, 5)).toBe(1061); // 1 060,5 → 1 061 (half up)
    expect(applyPercent(999, -10)).toBe(899); // 899,1 → 899
    expect(applyPercent(1000, 3.33)).toBe(1033);
    expect(parseEuros('1 234,56 €')).toBe(123456);
    expect(parseEuros('12,345')).toBeNull();

    const row = await galets();
    await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({ prices: [{ formatId: row.formatId, typology: 'particulier', priceCents: 1010 }] });
    const body = { formatIds: [row.formatId], typologies: ['particulier'], percent: 5 };
    const preview = await request(ctx.app)
      .post('/v1/tariffs/increase')
      .set(bearer(owner))
      .send({ ...body, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      applied: false,
      changes: [{ formatId: row.formatId, typology: 'particulier', oldCents: 1010, newCents: 1061 }],
    });
    expect((await galets()).prices.particulier!.priceCents).toBe(1010);
    const applied = await request(ctx.app).post('/v1/tariffs/increase').set(bearer(owner)).send(body);
    expect(applied.body).toMatchObject({ applied: true, message: '1 prix enregistré' });
    expect((await galets()).prices.particulier!.priceCents).toBe(1061);

    const byFilter = await request(ctx.app)
      .post('/v1/tariffs/increase')
      .set(bearer(owner))
      .send({ filter: { q: 'Galets Rouges' }, typologies: ['professionnel'], percent: -10, preview: true });
    expect(byFilter.body.changes.length).toBeGreaterThan(0);
    for (const c of byFilter.body.changes) expect(c.newCents).toBe(applyPercent(c.oldCents, -10));

    const beer = (await grid(owner2, { pageSize: 1 })).items[0];
    const foreign = await request(ctx.app)
      .post('/v1/tariffs/increase')
      .set(bearer(owner))
      .send({ ...body, formatIds: [beer.formatId] });
    expect(foreign.status).toBe(404);
    const none = await request(ctx.app)
      .post('/v1/tariffs/increase')
      .set(bearer(owner))
      .send({ typologies: ['particulier'], percent: 5 });
    expect(none.body).toMatchObject({ message: 'Choisissez au moins un format ou un filtre', field: 'formatIds' });
    const tooMuch = await request(ctx.app)
      .post('/v1/tariffs/increase')
      .set(bearer(owner))
      .send({ ...body, percent: -95 });
    expect(tooMuch.body).toMatchObject({ message: 'Le pourcentage doit être compris entre -90 et 500', field: 'percent' });
  });

  it('exports CSV (BOM, ;, decimal comma) and imports it back: preview old → new, then apply', async () => {
    const row = await galets();
    const csv = await request(ctx.app)
      .get('/v1/tariffs/export')
      .query({ format: 'csv', q: 'Galets Rouges' })
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFFId format;Produit;Millésime;Format;Gamme;Type;Particulier (TTC);Professionnel (HT)')).toBe(true);
    const euros = (row.prices.particulier!.priceCents / 100).toFixed(2).replace('.', ',');
    const line = text.split('\r\n').find((l) => l.startsWith(`${row.formatId};`))!;
    expect(line).toContain(`;${euros};`);

    // same file back: nothing changes
    const same = await request(ctx.app)
      .post('/v1/tariffs/import/preview')
      .set(bearer(owner))
      .send({ filename: 'tarifs.csv', content: (csv.body as Buffer).toString('base64') });
    expect(same.body).toMatchObject({ changes: [], errors: [] });

    const edited = text.replace(line, line.replace(`;${euros};`, ';17,90;'));
    const preview = await request(ctx.app)
      .post('/v1/tariffs/import/preview')
      .set(bearer(owner))
      .send({ filename: 'tarifs.csv', content: Buffer.from(edited, 'utf8').toString('base64') });
    const lineNo = text.split('\r\n').indexOf(line) + 1;
    expect(preview.body).toMatchObject({
      errors: [],
      applied: false,
      changes: [
        { formatId: row.formatId, typology: 'particulier', oldCents: row.prices.particulier!.priceCents, newCents: 1790, line: lineNo },
      ],
    });
    expect((await galets()).prices.particulier!.priceCents).toBe(row.prices.particulier!.priceCents);
    const applied = await request(ctx.app)
      .post('/v1/tariffs/import/apply')
      .set(bearer(owner))
      .send({ filename: 'tarifs.csv', content: Buffer.from(edited, 'utf8').toString('base64') });
    expect(applied.body).toMatchObject({ applied: true, message: '1 prix importé' });
    expect((await galets()).prices.particulier!.priceCents).toBe(1790);
  });

  it('exports XLSX and imports an edited workbook back', async () => {
    const row = await galets();
    const res = await request(ctx.app)
      .get('/v1/tariffs/export')
      .query({ format: 'xlsx', q: 'Galets Rouges' })
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(7).value).toBe('Particulier (TTC)');
    let target = 0;
    ws.eachRow((r, n) => {
      if (r.getCell(1).value === row.formatId) target = n;
    });
    expect(ws.getRow(target).getCell(8).value).toBe(row.prices.professionnel!.priceCents / 100);
    ws.getRow(target).getCell(8).value = 8.45;
    const edited = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const preview = await request(ctx.app)
      .post('/v1/tariffs/import/preview')
      .set(bearer(owner))
      .send({ filename: 'tarifs.xlsx', content: edited });
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.changes).toEqual([
      expect.objectContaining({ formatId: row.formatId, typology: 'professionnel', newCents: 845, line: target }),
    ]);
    await request(ctx.app)
      .post('/v1/tariffs/import/apply')
      .set(bearer(owner))
      .send({ filename: 'tarifs.xlsx', content: edited })
      .expect(200);
    expect((await galets()).prices.professionnel!.priceCents).toBe(845);
  });

  it('reports errors per line (unknown format id, bad number, unknown typology) and applies nothing while any is left', async () => {
    const row = await galets();
    const beer = (await grid(owner2, { pageSize: 1 })).items[0];
    const file = [
      'Id format;Produit;Particulier (TTC);Grossiste (HT)',
      `${row.formatId};Galets;21,00;`,
      `${beer.formatId};Bière;3,00;`,
      `abc;x;1,00;`,
      `${row.formatId};Galets;douze;`,
    ].join('\n');
    const content = Buffer.from(file, 'utf8').toString('base64');
    const preview = await request(ctx.app).post('/v1/tariffs/import/preview').set(bearer(owner)).send({ filename: 'x.csv', content });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { line: 1, column: 'Grossiste (HT)', message: 'Typologie inconnue : « Grossiste (HT) »' },
      { line: 3, column: 'Id format', message: `Id format inconnu : « ${beer.formatId} »` },
      { line: 4, column: 'Id format', message: 'Id format inconnu : « abc »' },
      { line: 5, column: 'Particulier (TTC)', message: "Particulier (TTC) : « douze » n'est pas un montant valide" },
    ]);
    const apply = await request(ctx.app).post('/v1/tariffs/import/apply').set(bearer(owner)).send({ filename: 'x.csv', content });
    expect(apply.status).toBe(400);
    expect(apply.body).toMatchObject({ success: false, field: 'content', applied: false });
    expect((await galets()).prices.particulier!.priceCents).toBe(row.prices.particulier!.priceCents);
    const noId = await request(ctx.app)
      .post('/v1/tariffs/import/preview')
      .set(bearer(owner))
      .send({ filename: 'x.csv', content: Buffer.from('Produit;Particulier\nA;1', 'utf8').toString('base64') });
    expect(noId.body.errors).toEqual([{ line: 1, message: 'La colonne « Id format » est introuvable dans la première ligne' }]);
  });

  it('answers a price list PDF per typology with the shop name and page numbers', async () => {
    const res = await request(ctx.app)
      .get('/v1/tariffs/price-list.pdf')
      .query({ typology: 'professionnel' })
      .set(bearer(owner))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);
    expect((await request(ctx.app).get('/v1/tariffs/price-list.pdf').query({ typology: 'nope' }).set(bearer(owner))).status).toBe(400);

    const service = createTariffsService({ db: ctx.handle.db });
    const { bytes } = await service.priceList(domaineId, 'particulier', { compress: false, date: new Date('2025-03-04T10:00:00Z') });
    const text = pdfTextOf(bytes);
    const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(text).toContain('Domaine de Démo');
    expect(text).toContain('Tarifs Particulier — prix TTC');
    expect(text).toContain('Au 04/03/2025');
    expect(text).toContain('Les Galets Rouges');
    expect(text).toMatch(/\d+,\d{2}\u00a0€/); // '12,50 €' (French formatting)
    expect(text).toContain(`Page ${pages} / ${pages}`);
  });

  it('prints the shop name and contact mail of Settings › Informations in the price list’s header, as last saved', async () => {
    const infos = (await request(ctx.app).get('/v1/shops/me/settings/infos').set(bearer(owner)).expect(200)).body;
    const save = (patch: object) =>
      request(ctx.app)
        .put('/v1/shops/me/settings/infos')
        .set(bearer(owner))
        .send({ ...infos, ...patch })
        .expect(200);
    const service = createTariffsService({ db: ctx.handle.db });
    const header = async () =>
      pdfTextOf((await service.priceList(domaineId, 'particulier', { compress: false, date: new Date('2025-03-04T10:00:00Z') })).bytes);
    try {
      await save({ name: 'Domaine des Trois Vallées', contactEmail: 'tarifs@domaine-demo.test' });
      const renamed = await header();
      expect(renamed).toContain('Domaine des Trois Vallées');
      expect(renamed).toContain('Au 04/03/2025 · tarifs@domaine-demo.test');
      // no contact mail: the date alone
      await save({ contactEmail: '' });
      const without = await header();
      expect(without).toContain('Au 04/03/2025');
      expect(without).not.toContain('tarifs@domaine-demo.test');
    } finally {
      await save({});
    }
  });

  it('lists, adds, edits and deletes typologies (owner only); refuses deleting one still in use', async () => {
    const list = await request(ctx.app).get('/v1/tariffs/typologies').set(bearer(owner));
    expect(list.body.find((t: { id: string }) => t.id === 'professionnel')).toMatchObject({
      name: 'Professionnel',
      ttc: false,
      clients: 1,
    });
    expect(list.body.find((t: { id: string }) => t.id === 'particulier').prices).toBeGreaterThan(0);

    const created = await request(ctx.app)
      .post('/v1/tariffs/typologies')
      .set(bearer(owner))
      .send({ name: 'Caviste Épicerie', public: false, ttc: false, globalDiscount: 5, allRulesInEq75: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'caviste-epicerie',
      name: 'Caviste Épicerie',
      globalDiscount: 5,
      message: 'La typologie a été créée',
    });
    const dup = await request(ctx.app)
      .post('/v1/tariffs/typologies')
      .set(bearer(owner))
      .send({ name: 'caviste épicerie', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ message: 'Une typologie porte déjà ce nom', field: 'name' });
    const empty = await request(ctx.app)
      .post('/v1/tariffs/typologies')
      .set(bearer(owner))
      .send({ name: ' ', public: false, ttc: false, globalDiscount: 120, allRulesInEq75: false });
    expect(empty.body).toMatchObject({ message: 'Ce champ ne peut pas être vide', field: 'name' });

    const renamed = await request(ctx.app)
      .put('/v1/tariffs/typologies/caviste-epicerie')
      .set(bearer(owner))
      .send({ name: 'Caviste', public: false, ttc: true, globalDiscount: 0, allRulesInEq75: false });
    expect(renamed.body).toMatchObject({ id: 'caviste-epicerie', name: 'Caviste', ttc: true });
    // a price for it, then the grid shows the new column and the deletion is refused
    const row = await galets();
    await request(ctx.app)
      .put('/v1/tariffs/prices')
      .set(bearer(owner))
      .send({ prices: [{ formatId: row.formatId, typology: 'caviste-epicerie', priceCents: 1500 }] })
      .expect(200);
    expect((await galets()).prices['caviste-epicerie']).toEqual({ priceCents: 1500, visible: true });
    const inUse = await request(ctx.app).delete('/v1/tariffs/typologies/caviste-epicerie').set(bearer(owner));
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(
      'Cette typologie est utilisée par 0 compte client et 1 prix : attribuez-leur une autre typologie avant de la supprimer',
    );
    const clients = await request(ctx.app).delete('/v1/tariffs/typologies/professionnel').set(bearer(owner));
    expect(clients.status).toBe(409);
    expect(clients.body.message).toMatch(/^Cette typologie est utilisée par 1 compte client et \d+ prix/);

    const lastPublic = await request(ctx.app)
      .put('/v1/tariffs/typologies/particulier')
      .set(bearer(owner))
      .send({ name: 'Particulier', public: false, ttc: true, globalDiscount: 0, allRulesInEq75: false });
    expect(lastPublic.body).toMatchObject({ message: 'La boutique doit garder une typologie publique', field: 'public' });

    const fresh = await request(ctx.app)
      .post('/v1/tariffs/typologies')
      .set(bearer(owner))
      .send({ name: 'Export', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false });
    expect((await request(ctx.app).delete(`/v1/tariffs/typologies/${fresh.body.id}`).set(bearer(owner))).body).toMatchObject({
      success: true,
      message: 'La typologie a été supprimée',
    });
    expect((await request(ctx.app).delete('/v1/tariffs/typologies/export').set(bearer(owner))).status).toBe(404);
    expect(
      (
        await request(ctx.app)
          .put('/v1/tariffs/typologies/particulier')
          .set(bearer(owner2))
          .send({ name: 'x', public: true, ttc: true, globalDiscount: 0, allRulesInEq75: false })
      ).status,
    ).toBe(200);
    // iam: writes are the owner's; reading needs a price/product/client flag (the demo iam has seeAllClient)
    expect(
      (
        await request(ctx.app)
          .post('/v1/tariffs/typologies')
          .set(bearer(iam))
          .send({ name: 'x', public: false, ttc: false, globalDiscount: 0, allRulesInEq75: false })
      ).status,
    ).toBe(403);
    expect((await request(ctx.app).get('/v1/tariffs/typologies').set(bearer(iam))).status).toBe(200);
  });

  it('reads and saves the product defaults (owner), checking the typologies named', async () => {
    const got = await request(ctx.app).get('/v1/tariffs/product-defaults').set(bearer(owner));
    expect(got.body).toMatchObject({
      vatType: 'standard',
      format: { unity: 'litre', value: 75 },
      titleProducts: 'Nos produits',
      allRulesInEq75: false,
    });
    expect(got.body.visibleTypologies).toEqual(expect.arrayContaining(['particulier', 'professionnel']));
    const body = {
      vatType: 'reduced',
      format: { unity: 'litre', value: 150, container: 'magnum', packing: 'Caisse bois', packingQuantity: 1 },
      visibleTypologies: ['particulier'],
      titleProducts: 'Nos vins',
      allRulesInEq75: true,
    };
    const saved = await request(ctx.app).put('/v1/tariffs/product-defaults').set(bearer(owner)).send(body);
    expect(saved.body).toMatchObject({ ...body, message: 'Les réglages des produits ont été enregistrés' });
    expect((await request(ctx.app).get('/v1/tariffs/product-defaults').set(bearer(owner))).body).toEqual(body);
    const [shop] = await ctx.handle.db.select().from(shops).where(eq(shops.id, domaineId));
    expect(shop.settings).toMatchObject({ titleProducts: 'Nos vins', allRulesInEq75: true, hasTVA: true });
    const bad = await request(ctx.app)
      .put('/v1/tariffs/product-defaults')
      .set(bearer(owner))
      .send({ ...body, visibleTypologies: ['nope'] });
    expect(bad.body).toMatchObject({ message: "Cette typologie n'existe pas dans la boutique", field: 'visibleTypologies.0' });
    expect((await request(ctx.app).put('/v1/tariffs/product-defaults').set(bearer(iam)).send(body)).status).toBe(403);
  });
});
