// Import and export of a whole shop: dry run writes nothing, row + column errors, match grids, batches with
// progress, revert restores the shop, the export re-imported into a new shop gives the same catalogue, clients and
// stock, and the scope (another shop → 404, non-owner → 403). Run on PostgreSQL with TEST_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { documentsToDownload, jobs, shopMembers, shops, users } from '../../platform/db/tables';
import { isMobileNumber, MOBILE_COUNTRIES } from 'shared-kernel/validation';
import { bearer, createTestContext, loginAs, type TestContext, binary } from '../../test/test-app';
import { formatPrices, productFormats, products, productVintages } from '../catalog';
import { crmClients } from '../clients';
import { stockLevels, stockMovements, warehouses } from '../stock';
import { shopImportChanges, shopImports } from './shop-data.tables';
import { shopDataJobHandlers } from './index';

// zipping the whole demo shop and reading it back is one test of about 25 s while another suite shares the two cores
jest.setTimeout(120_000);

const csv = (rows: Array<Array<string | number>>) => `${rows.map((r) => r.join(';')).join('\n')}\n`;

describe('shop data: import and export of a whole shop', () => {
  let ctx: TestContext;
  let dataDir: string;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let buyer: string;
  let shopId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-shop-data-'));
    // jobs are run by the test itself (drainJobs / runOne): no timing
    ctx = await createTestContext({ dataDir }, { jobs: false });
    [owner, owner2, iam, agent, buyer] = await Promise.all(
      ['owner', 'owner2', 'iam', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)),
    );
    const [m] = await ctx.handle.db
      .select({ shopId: shopMembers.shopId })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(and(eq(users.email, 'owner@demo.test'), eq(shopMembers.kind, 'owner')));
    shopId = m.shopId;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => ctx.handle.db;
  const upload = (token: string, query: Record<string, string>, body: string | Buffer, type = 'text/csv') =>
    request(ctx.app).post('/v1/shop-data/imports').query(query).set(bearer(token)).set('Content-Type', type).send(body);
  const get = (p: string, token: string) => request(ctx.app).get(p).set(bearer(token));
  const post = (p: string, token: string) => request(ctx.app).post(p).set(bearer(token)).send({});

  /** A real import, run to its end by the job worker; answers the finished import. */
  async function runImport(token: string, entity: string, body: string | Buffer, integration = 'default', type = 'text/csv') {
    const res = await upload(token, { entity, integration, fileName: `${entity}.csv`, dryRun: 'false' }, body, type);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', processed: 0 });
    await ctx.drainJobs();
    const done = await get(`/v1/shop-data/imports/${res.body.id}`, token);
    expect(done.body.status).toBe('completed');
    return done.body as {
      id: number;
      created: number;
      updated: number;
      skipped: number;
      errors: unknown[];
      total: number;
      processed: number;
    };
  }

  async function formatByGtin(gtin: string) {
    const [f] = await db()
      .select({ id: productFormats.id, productId: productFormats.productId, name: products.name })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(productFormats.shopId, shopId), eq(productFormats.gtin, gtin)));
    return f;
  }
  async function pricesOf(formatId: number) {
    const rows = await db()
      .select({ typology: formatPrices.typology, priceCents: formatPrices.priceCents })
      .from(formatPrices)
      .where(eq(formatPrices.formatId, formatId));
    return Object.fromEntries(rows.map((r) => [r.typology, r.priceCents]));
  }
  async function levelOf(warehouseName: string, formatId: number, shop = shopId) {
    const [l] = await db()
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
      .where(and(eq(warehouses.shopId, shop), eq(warehouses.name, warehouseName), eq(stockLevels.formatId, formatId)));
    return l?.onHand ?? 0;
  }

  describe('dry run', () => {
    it('answers the rows as they will be imported, the errors and the counts, and writes nothing', async () => {
      const tables = [
        products,
        productVintages,
        productFormats,
        formatPrices,
        crmClients,
        stockLevels,
        stockMovements,
        warehouses,
        shopImports,
        shopImportChanges,
        jobs,
        documentsToDownload,
      ];
      const counts = () => Promise.all(tables.map(async (t) => Number((await db().select({ n: count() }).from(t))[0].n)));
      const before = await counts();

      const productsFile = csv([
        ['Nom', 'Millésime', 'Degré', 'Contenance', 'GTIN', 'Prix particulier', 'Prix professionnel'],
        ['Cuvée Dry Run', '2024', '12,5', '0,75', '', '11,90', '8'],
        ['Cuvée Dry Run', '2023', '', '1,5', '', '24', ''],
        ['Rouge de Soif', '', '', '0,75', '3760123000079', '9,90', ''],
        ['Sans Contenance', '', '', 'abc', '', '5', ''],
      ]);
      const dry = await upload(owner, { entity: 'products', fileName: 'produits.csv' }, productsFile);
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({
        dryRun: true,
        entity: 'products',
        integration: 'default',
        fileName: 'produits.csv',
        counts: { total: 4, create: 1, update: 1, unchanged: 0, error: 1 },
        errorCount: 1,
      });
      expect(dry.body.columns).toEqual(
        expect.arrayContaining([
          { header: 'Nom', field: 'name' },
          { header: 'Prix particulier', field: 'price:particulier' },
        ]),
      );
      expect(dry.body.preview).toEqual([
        {
          row: 2,
          action: 'create',
          label: 'Cuvée Dry Run',
          details: 'Millésimes : 2024, 2023 · Formats : 75 cl (Particulier 11,90 €, Professionnel 8,00 €) ; 150 cl (Particulier 24,00 €)',
        },
        expect.objectContaining({
          row: 4,
          action: 'update',
          label: 'Rouge de Soif',
          details: expect.stringContaining('Particulier 9,90 €'),
        }),
      ]);
      expect(dry.body.errors).toEqual([{ row: 5, field: 'Contenance', message: 'Ligne 5, colonne « Contenance » : Doit être un nombre' }]);

      const clientsDry = await upload(
        owner,
        { entity: 'clients', fileName: 'clients.csv' },
        csv([
          ['Nom', 'Email'],
          ['Dupont', 'dupont@dry.test'],
          ['Acheteuse', 'buyer@demo.test'],
        ]),
      );
      // the second row is the demo client of that email, as it is: unchanged
      expect(clientsDry.body.counts).toMatchObject({ total: 2, create: 1, update: 0, unchanged: 1 });
      const stockDry = await upload(
        owner,
        { entity: 'stock', fileName: 'stock.csv' },
        csv([
          ['GTIN', 'Entrepôt', 'Quantité'],
          ['3760123000079', 'Chai', 999],
        ]),
      );
      expect(stockDry.body.preview).toEqual([
        {
          row: 2,
          action: 'update',
          label: expect.stringContaining('Rouge de Soif'),
          details: expect.stringMatching(/^Chai : \d+ → 999 \(\+\d+\)$/),
        },
      ]);

      expect(await counts()).toEqual(before);
    });
  });

  describe('row errors', () => {
    it('names the row and the column of every problem (CSV)', async () => {
      const file = csv([
        ['Nom', 'Type de produit', 'Degré', 'Millésime', 'Contenance', 'GTIN', 'Prix particulier', 'Prix grossiste'],
        ['Bon Produit', 'bouteille', '13', '2022', '0,75', '', '10', ''],
        ['Mauvaise Contenance', '', '', '', 'beaucoup', '', '10', ''],
        ['Mauvais GTIN', '', '', '', '0,75', '1234567890123', '10', ''],
        ['Typologie Inconnue', '', '', '', '0,75', '', '', '12'],
        ['Voiture', 'voiture', '', '', '0,75', '', '', ''],
        ['Trop Fort', '', '150', '2020', '0,75', '', '', ''],
        ['', '', '', '', '0,75', '', '', ''],
      ]);
      const res = await upload(owner, { entity: 'products', fileName: 'erreurs.csv' }, file);
      expect(res.status).toBe(200);
      expect(res.body.counts).toMatchObject({ total: 7, create: 1, error: 6 });
      expect(res.body.errors).toEqual([
        { row: 3, field: 'Contenance', message: 'Ligne 3, colonne « Contenance » : Doit être un nombre' },
        { row: 4, field: 'GTIN', message: "Ligne 4, colonne « GTIN » : Ce code GTIN n'est pas valide" },
        {
          row: 5,
          field: 'Prix grossiste',
          message: expect.stringMatching(/^Ligne 5, colonne « Prix grossiste » : Typologie « grossiste » inconnue/),
        },
        {
          row: 6,
          field: 'Type de produit',
          message: 'Ligne 6, colonne « Type de produit » : Type de produit inconnu : bouteille, accessoire, prestation ou coffret',
        },
        { row: 7, field: 'Degré', message: "Ligne 7, colonne « Degré » : Le degré d'alcool doit être compris entre 0 et 100" },
        { row: 8, field: 'Nom', message: 'Ligne 8, colonne « Nom » : Ce champ ne peut pas être vide' },
      ]);

      const clients = await upload(
        owner,
        { entity: 'clients', fileName: 'clients.csv' },
        csv([
          ['Type', 'Nom', 'Société', 'Email', 'Typologie'],
          ['particulier', 'Martin', '', 'pas-un-mail', ''],
          ['professionnel', '', '', 'pro@err.test', ''],
          ['particulier', 'Durand', '', 'durand@err.test', 'VIP'],
          ['particulier', 'Durand', '', 'DURAND@err.test', ''],
          ['martien', 'Zorg', '', '', ''],
        ]),
      );
      expect(clients.body.errors).toEqual([
        { row: 2, field: 'Email', message: expect.stringMatching(/^Ligne 2, colonne « Email » : /) },
        { row: 3, field: 'Société', message: 'Ligne 3, colonne « Société » : Ce champ ne peut pas être vide' },
        { row: 4, field: 'Typologie', message: expect.stringMatching(/^Ligne 4, colonne « Typologie » : Typologie « VIP » inconnue/) },
        { row: 5, field: 'Email', message: 'Ligne 5, colonne « Email » : Ce client figure déjà à la ligne 4 du fichier' },
        { row: 6, field: 'Type', message: 'Ligne 6, colonne « Type » : Type de client inconnu : particulier, professionnel ou prospect' },
      ]);

      const stock = await upload(
        owner,
        { entity: 'stock', fileName: 'stock.csv' },
        csv([
          ['GTIN', 'Produit', 'Entrepôt', 'Quantité'],
          ['0000000000000', '', 'Chai', '5'],
          ['3760123000079', '', 'Chai', '-3'],
          ['3760123000079', '', 'Chai', 'x'],
          ['3760123000079', '', 'Chai', '12'],
          ['3760123000079', '', 'chai', '13'],
        ]),
      );
      expect(stock.body.errors).toEqual([
        { row: 2, field: 'GTIN', message: expect.stringMatching(/^Ligne 2, colonne « GTIN » : Aucun format de la boutique ne correspond/) },
        { row: 3, field: 'Quantité', message: 'Ligne 3, colonne « Quantité » : Doit être supérieur ou égal à 0' },
        { row: 4, field: 'Quantité', message: 'Ligne 4, colonne « Quantité » : Doit être un nombre entier' },
        {
          row: 6,
          field: 'Entrepôt',
          message: 'Ligne 6, colonne « Entrepôt » : Ce format et cet entrepôt figurent déjà à la ligne 5 du fichier',
        },
      ]);
    });

    it('reads XLSX files too, with the spreadsheet’s row numbers', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Clients');
      ws.addRow(['Nom', 'Prénom', 'Email', 'Code postal']);
      ws.addRow(['Xlsx', 'Anne', 'anne@xlsx.test', '69002']);
      ws.addRow([]);
      ws.addRow(['Xlsx', 'Bob', 'bob@xlsx.test', 'ABC DEF GHI JKL']);
      const bytes = Buffer.from(await wb.xlsx.writeBuffer());
      const res = await upload(owner, { entity: 'clients', fileName: 'clients.xlsx' }, bytes, 'application/octet-stream');
      expect(res.status).toBe(200);
      expect(res.body.counts).toMatchObject({ total: 2, create: 1, error: 1 });
      expect(res.body.errors).toEqual([
        { row: 4, field: 'Code postal', message: expect.stringMatching(/^Ligne 4, colonne « Code postal » : /) },
      ]);
    });

    it('refuses what is not an import with 400 naming the field', async () => {
      const q = { entity: 'products', fileName: 'x.csv' };
      expect((await upload(owner, q, '')).body).toMatchObject({ success: false, field: 'file' });
      expect((await upload(owner, q, 'Nom\n')).body).toMatchObject({ success: false, field: 'file' });
      expect((await upload(owner, q, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'application/octet-stream')).body).toMatchObject({
        success: false,
        message: 'Le fichier n’est pas un CSV ou un XLSX lisible',
        field: 'file',
      });
      const missing = await upload(owner, q, csv([['Couleur'], ['rouge']]));
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        success: false,
        message: 'Colonnes introuvables dans le fichier : il faut au moins « Nom » ou « Code produit »',
        field: 'file',
      });
      const entity = await upload(owner, { fileName: 'x.csv' }, csv([['Nom'], ['A']]));
      expect(entity.status).toBe(400);
      expect(entity.body.field).toBe('entity');
      expect((await upload(owner, { ...q, integration: 'sage' }, csv([['Nom'], ['A']]))).body.field).toBe('integration');
      // nothing valid: no import is created
      const none = await upload(
        owner,
        { ...q, dryRun: 'false' },
        csv([
          ['Nom', 'Contenance'],
          ['A', 'abc'],
        ]),
      );
      expect(none.status).toBe(400);
      expect(none.body).toEqual({
        success: false,
        message: 'Aucune ligne valide à importer : corrigez les erreurs signalées puis réessayez',
        field: 'file',
      });
    });
  });

  describe('a producer’s files (Isagri) through the match grids', () => {
    it('creates and updates products, clients and stock levels, codes translated by the grids', async () => {
      const rouge = await formatByGtin('3760123000079');
      const grids = await request(ctx.app)
        .put('/v1/shops/me/settings/match-grids')
        .set(bearer(owner))
        .send({
          products: [{ code: 'ISA-RDS75', label: 'Rouge de Soif 75 cl', formatId: rouge.id }],
          typologies: [{ code: 'CHR', label: 'Cafés, hôtels, restaurants', typologyId: 'professionnel' }],
          paymentMethods: [],
        });
      expect(grids.status).toBe(200);
      const before = await pricesOf(rouge.id);

      const productsFile = csv([
        ['Code article', 'Désignation', 'Millésime', 'Degré', 'Contenance', 'Code tarif', 'Prix HT', 'Code EAN'],
        ['ISA-RDS75', 'Rouge de Soif', '', '', '', 'CHR', '6,40', ''],
        ['ISA-CDT75', 'Côtes du Test', '2022', '13', '75', 'CHR', '7,00', '4006381333931'],
        ['ISA-CDT75', 'Côtes du Test', '2022', '', '', '', '9,50', ''],
      ]);
      const dry = await upload(owner, { entity: 'products', integration: 'isagri', fileName: 'articles.csv' }, productsFile);
      expect(dry.body.counts).toMatchObject({ create: 1, update: 1, error: 0 });
      const done = await runImport(owner, 'products', productsFile, 'isagri');
      expect(done).toMatchObject({ created: 1, updated: 1, skipped: 0, total: 2, processed: 2 });
      // the grid's article code → that format: only its CHR (professionnel) price changed
      expect(await pricesOf(rouge.id)).toEqual({ ...before, professionnel: 640 });
      const created = await formatByGtin('4006381333931');
      expect(created.name).toBe('Côtes du Test');
      const detail = (await get(`/v1/catalogue/products/${created.productId}`, owner)).body;
      expect(detail).toMatchObject({
        productType: 'bottle',
        status: 'online',
        vintages: [expect.objectContaining({ name: '2022', alcohol: 13 })],
      });
      expect(detail.formats).toEqual([
        expect.objectContaining({
          unity: 'litre',
          unityValue: 0.75,
          formatType: 'bottle',
          gtin: '4006381333931',
          prices: expect.arrayContaining([
            expect.objectContaining({ typology: 'professionnel', priceCents: 700 }),
            expect.objectContaining({ typology: 'particulier', priceCents: 950 }),
          ]),
        }),
      ]);

      const clientsFile = csv([
        ['Code client', 'Raison sociale', 'Nom', 'Prénom', 'E-mail', 'Code tarif', 'Adresse 1', 'CP', 'Ville', 'Portable'],
        [
          'C001',
          'Bistrot du Test',
          'Martin',
          'Paul',
          'bistrot@isagri.test',
          'CHR',
          '3 rue du Port',
          '13002',
          'Marseille',
          '06 12 34 56 78',
        ],
        ['C002', '', 'Durand', 'Lucie', 'lucie@isagri.test', '', '', '', '', ''],
      ]);
      const clients = await runImport(owner, 'clients', clientsFile, 'isagri');
      expect(clients).toMatchObject({ created: 2, updated: 0 });
      const [bistrot] = await db()
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.shopId, shopId), eq(crmClients.email, 'bistrot@isagri.test')));
      expect(bistrot).toMatchObject({
        kind: 'professional',
        company: 'Bistrot du Test',
        typology: 'professionnel',
        mobile: '06 12 34 56 78',
        department: '13',
        code: expect.stringMatching(/^CL\d{5}$/),
        addresses: [expect.objectContaining({ kind: 'delivery', street: '3 rue du Port', zipcode: '13002', city: 'Marseille' })],
      });
      // a note on Lucie since: her file is used, the revert archives it instead of deleting it
      const [lucie] = await db()
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.shopId, shopId), eq(crmClients.email, 'lucie@isagri.test')));
      expect(
        (
          await request(ctx.app)
            .post(`/v1/crm/clients/${lucie.id}/interactions`)
            .set(bearer(owner))
            .send({ kind: 'note', content: 'Appelée' })
        ).status,
      ).toBe(201);

      const chai = await levelOf('Chai', rouge.id);
      const stockFile = csv([
        ['Code article', 'Code EAN', 'Dépôt', 'Stock'],
        ['ISA-RDS75', '', 'Chai', chai + 5],
        ['', '4006381333931', 'Cave de test', 24],
      ]);
      const stock = await runImport(owner, 'stock', stockFile, 'isagri');
      expect(stock).toMatchObject({ updated: 2, skipped: 0 });
      expect(await levelOf('Chai', rouge.id)).toBe(chai + 5);
      expect(await levelOf('Cave de test', created.id)).toBe(24);
      // inventory movements of the stock module (the history stays right)
      const moves = await db()
        .select({ kind: stockMovements.kind, quantity: stockMovements.quantity, reason: stockMovements.reason })
        .from(stockMovements)
        .where(and(eq(stockMovements.shopId, shopId), inArray(stockMovements.formatId, [rouge.id, created.id])))
        .orderBy(asc(stockMovements.id));
      expect(moves.slice(-2)).toEqual([
        { kind: 'inventory', quantity: 5, reason: `Import n° ${stock.id} (stock.csv)` },
        { kind: 'inventory', quantity: 24, reason: `Import n° ${stock.id} (stock.csv)` },
      ]);

      // revert the stock import: the opposite movements; the warehouse it created is archived (its movements stay)
      const reverted = await post(`/v1/shop-data/imports/${stock.id}/revert`, owner);
      expect(reverted.status).toBe(200);
      expect(reverted.body).toMatchObject({
        status: 'reverted',
        revertible: false,
        message: expect.stringMatching(/^Import annulé : 0 élément supprimé, 1 archivé/),
      });
      expect(await levelOf('Chai', rouge.id)).toBe(chai);
      expect(await levelOf('Cave de test', created.id)).toBe(0);
      const [cave] = await db()
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.shopId, shopId), eq(warehouses.name, 'Cave de test')));
      expect(cave.archived).toBe(true);
      // the created product was moved in stock since: archived rather than deleted when its import is reverted
      const undo = await post(`/v1/shop-data/imports/${done.id}/revert`, owner);
      expect(undo.body.message).toBe('Import annulé : 0 élément supprimé, 1 archivé (utilisé depuis), 1 restauré');
      expect(await pricesOf(rouge.id)).toEqual(before);
      const [archived] = await db().select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, created.productId));
      expect(archived.archivedAt).not.toBeNull();
      const undoClients = await post(`/v1/shop-data/imports/${clients.id}/revert`, owner);
      expect(undoClients.body.message).toBe('Import annulé : 1 élément supprimé, 1 archivé (utilisé depuis), 0 restauré');
      expect(await db().select().from(crmClients).where(eq(crmClients.id, bistrot.id))).toEqual([]);
      expect((await db().select().from(crmClients).where(eq(crmClients.id, lucie.id)))[0].status).toBe('archived');
      await request(ctx.app)
        .put('/v1/shops/me/settings/match-grids')
        .set(bearer(owner))
        .send({ products: [], typologies: [], paymentMethods: [] });
    });
  });

  describe('progress and revert', () => {
    it('runs in batches: pending → processing (processed / total) → completed', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => [`Lot Batch ${String(i + 1).padStart(2, '0')}`, '0,75', '10']);
      const res = await upload(
        owner,
        { entity: 'products', fileName: 'lot.csv', dryRun: 'false' },
        csv([['Nom', 'Contenance', 'Prix particulier'], ...rows]),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'pending', total: 30, processed: 0 });
      const seen: string[] = [];
      while ((await ctx.jobs.runOne()) !== 'none') {
        const s = (await get(`/v1/shop-data/imports/${res.body.id}`, owner)).body;
        seen.push(`${s.status} ${s.processed}/${s.total}`);
      }
      expect(seen).toContain('processing 25/30');
      expect(seen[seen.length - 1]).toBe('completed 30/30');
      const list = await get('/v1/shop-data/imports?pageSize=5', owner);
      expect(list.body.items[0]).toMatchObject({ id: res.body.id, status: 'completed', created: 30, createdBy: expect.any(String) });
      expect((await post(`/v1/shop-data/imports/${res.body.id}/revert`, owner)).body.message).toBe(
        'Import annulé : 30 éléments supprimés, 0 archivé (utilisé depuis), 0 restauré',
      );
    });

    it('revert restores the shop exactly (products, clients, stock levels); a second revert → 409', async () => {
      const snapshot = async () => ({
        products: (await db().select().from(products).where(eq(products.shopId, shopId)).orderBy(asc(products.id))).map((p) => ({ ...p })),
        vintages: await db().select().from(productVintages).where(eq(productVintages.shopId, shopId)).orderBy(asc(productVintages.id)),
        formats: await db().select().from(productFormats).where(eq(productFormats.shopId, shopId)).orderBy(asc(productFormats.id)),
        prices: (
          await db()
            .select({
              formatId: formatPrices.formatId,
              typology: formatPrices.typology,
              priceCents: formatPrices.priceCents,
              visible: formatPrices.visible,
              discountPrice: formatPrices.discountPrice,
              discountAdd: formatPrices.discountAdd,
            })
            .from(formatPrices)
            .where(eq(formatPrices.shopId, shopId))
        ).sort((a, b) => a.formatId - b.formatId || a.typology.localeCompare(b.typology)),
        clients: await db().select().from(crmClients).where(eq(crmClients.shopId, shopId)).orderBy(asc(crmClients.id)),
        levels: (await db().select().from(stockLevels).where(eq(stockLevels.shopId, shopId)).orderBy(asc(stockLevels.id))).map(
          ({ updatedAt: _u, ...l }) => l,
        ),
        warehouses: await db().select().from(warehouses).where(eq(warehouses.shopId, shopId)).orderBy(asc(warehouses.id)),
      });
      const before = await snapshot();
      const [client] = await db()
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.shopId, shopId), eq(crmClients.email, 'louis.thomas1@client.test')));
      const rouge = await formatByGtin('3760123000079');
      const chai = await levelOf('Chai', rouge.id);

      const p = await runImport(
        owner,
        'products',
        csv([
          ['Nom', 'Description', 'Millésime', 'Degré', 'Contenance', 'GTIN', 'Prix particulier', 'Prix professionnel'],
          ['Rouge de Soif', 'Une nouvelle description', '2024', '12,5', '0,75', '3760123000079', '9,90', '7'],
          ['Rouge de Soif', '', '', '', '1,5', '', '19', ''],
          ['Nouveau Produit Revert', '', '2023', '', '0,75', '', '15', ''],
        ]),
      );
      expect(p).toMatchObject({ created: 1, updated: 1 });
      const c = await runImport(
        owner,
        'clients',
        csv([
          ['Email', 'Nom', 'Ville', 'Étiquettes', 'Typologie'],
          ['louis.thomas1@client.test', 'Thomas', 'Dijon', 'Import', 'Professionnel'],
          ['nouveau@revert.test', 'Nouveau', 'Lyon', '', ''],
        ]),
      );
      expect(c).toMatchObject({ created: 1, updated: 1 });
      const s = await runImport(
        owner,
        'stock',
        csv([
          ['GTIN', 'Entrepôt', 'Quantité'],
          ['3760123000079', 'Chai', chai + 7],
        ]),
      );
      expect(s).toMatchObject({ updated: 1 });
      // the imports changed the shop
      expect((await db().select().from(crmClients).where(eq(crmClients.id, client.id)))[0]).toMatchObject({
        typology: 'professionnel',
        tags: [...client.tags, 'Import'],
      });
      expect(await levelOf('Chai', rouge.id)).toBe(chai + 7);
      expect(await snapshot()).not.toEqual(before);
      const changes = await db()
        .select()
        .from(shopImportChanges)
        .where(inArray(shopImportChanges.importId, [p.id, c.id, s.id]));
      expect(changes.map((x) => `${x.entity} ${x.action}`).sort()).toEqual([
        'client created',
        'client updated',
        'product created',
        'product updated',
        'stock updated',
      ]);

      for (const id of [s.id, c.id, p.id]) {
        const r = await post(`/v1/shop-data/imports/${id}/revert`, owner);
        expect(r.status).toBe(200);
        expect(r.body.status).toBe('reverted');
      }
      const after = await snapshot();
      // product_formats.stock follows the levels (recomputed by the movements): equal too
      expect(after).toEqual(before);

      const again = await post(`/v1/shop-data/imports/${p.id}/revert`, owner);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'Cet import a déjà été annulé' });
    });

    it('a batch that keeps failing stops the import in error; what was done can still be reverted', async () => {
      const res = await upload(
        owner,
        { entity: 'clients', fileName: 'panne.csv', dryRun: 'false' },
        csv([
          ['Nom', 'Email'],
          ['Panne', 'panne@job.test'],
        ]),
      );
      expect(res.status).toBe(201);
      // the stored objects are damaged: the batch throws every time
      await db()
        .update(shopImports)
        .set({ rows: [{ columns: {}, prices: {}, fileName: 'panne.csv' }, { row: 2 }] })
        .where(eq(shopImports.id, res.body.id));
      const handler = shopDataJobHandlers({ db: db(), config: ctx.config, jwtSecret: ctx.secret })['shop-import'];
      const job = { id: 0, attempts: 3, maxAttempts: 3 } as never;
      await expect(handler.run({ importId: res.body.id, offset: 0 } as never, job)).rejects.toThrow();
      const failed = (await get(`/v1/shop-data/imports/${res.body.id}`, owner)).body;
      expect(failed).toMatchObject({ status: 'error', revertible: true });
      expect(failed.errors[failed.errors.length - 1].message).toMatch(/^L’import s’est interrompu/);
      expect((await post(`/v1/shop-data/imports/${res.body.id}/revert`, owner)).body.status).toBe('reverted');
      await db()
        .delete(jobs)
        .where(eq(jobs.dedupeKey, `shop-import:${res.body.id}:0`));
    });
  });

  describe('export', () => {
    it('zips the whole shop; its products, clients and stock imported into a new shop give the same shop', async () => {
      // the payments grid: the producer's software calls a cheque « CHQ »
      const grid = await request(ctx.app)
        .put('/v1/shops/me/settings/match-grids')
        .set(bearer(owner))
        .send({ products: [], typologies: [], paymentMethods: [{ code: 'CHQ', label: 'Chèque', method: 'check' }] });
      expect(grid.status).toBe(200);
      const start = await post('/v1/shop-data/exports', owner);
      expect(start.status).toBe(202);
      expect(start.body).toMatchObject({ status: 'pending', message: expect.stringContaining('documents à télécharger') });
      // one at a time: a second request answers the running one
      expect((await post('/v1/shop-data/exports', owner)).body).toMatchObject({
        id: start.body.id,
        message: 'Un export de vos données est déjà en préparation',
      });
      await ctx.drainJobs();
      expect((await get(`/v1/shop-data/exports/${start.body.id}`, owner)).body).toMatchObject({
        status: 'ready',
        fileName: expect.stringMatching(/^donnees-domaine-demo-\d{4}-\d{2}-\d{2}\.zip$/),
      });

      // the link is in the owner's documents to download; it opens without a session, the zip holds everything
      const docs = await get('/v1/documents/to-download', owner);
      expect(docs.body).toEqual([expect.stringMatching(new RegExp(`/v1/shop-data/exports/${start.body.id}/download\\?token=`))]);
      const url = new URL(docs.body[0]);
      const zip = await request(ctx.app).get(`${url.pathname}${url.search}`).buffer(true).parse(binary);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const bearerZip = await get(`/v1/shop-data/exports/${start.body.id}/file`, owner).buffer(true).parse(binary);
      expect(Buffer.compare(bearerZip.body as Buffer, zip.body as Buffer)).toBe(0);
      const files = unzipSync(new Uint8Array(zip.body as Buffer));
      const names = Object.keys(files);
      for (const n of [
        'products.csv',
        'clients.csv',
        'stock.csv',
        'orders.csv',
        'invoices.csv',
        'stock_movements.csv',
        'accounting_entries.csv',
      ])
        expect(names).toContain(n);
      const text = (n: string) => strFromU8(files[n]);
      const invoiceLines = text('invoices.csv').trim().split('\r\n').slice(1);
      expect(invoiceLines.length).toBeGreaterThan(0);
      const pdfs = names.filter((n) => n.startsWith('factures/'));
      expect(pdfs).toHaveLength(invoiceLines.length);
      expect(Buffer.from(files[pdfs[0]].slice(0, 5)).toString()).toBe('%PDF-');
      expect(text('orders.csv').split('\r\n').length).toBeGreaterThan(2);
      // the orders paid by cheque carry the producer's code, the others their own method
      const orderRows = text('orders.csv')
        .trim()
        .split('\r\n')
        .map((l) => l.split(';'));
      const methodAt = orderRows[0].findIndex((h) => /paiement|payment/i.test(h) && /moyen|mode|method/i.test(h));
      expect(methodAt).toBeGreaterThan(-1);
      const methods = new Set(orderRows.slice(1).map((r) => r[methodAt]));
      expect(methods.has('CHQ')).toBe(true);
      expect(methods.has('check')).toBe(false);
      expect(methods.has('stripe')).toBe(true);
      expect(text('accounting_entries.csv').split('\r\n').length).toBeGreaterThan(2);
      expect(text('stock_movements.csv').split('\r\n').length).toBeGreaterThan(2);
      expect([...files['products.csv'].slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      // a new producer imports them
      const reg = await request(ctx.app).post('/v1/auth/register').send({
        type: 'seller',
        firstname: 'Nina',
        lastname: 'Nouvelle',
        email: 'nina@nouvelle.test',
        password: 'Vigne123',
        phone: '06 98 76 54 32',
        shopName: 'Domaine Nouveau',
        businessType: 'wine',
        adult: true,
        terms: true,
      });
      expect(reg.status).toBe(201);
      const fresh = reg.body.jwt as string;
      const freshShop = reg.body.user.shops[0].id as number;
      const pr = await runImport(fresh, 'products', Buffer.from(files['products.csv']));
      expect(pr.errors).toEqual([]);
      const cl = await runImport(fresh, 'clients', Buffer.from(files['clients.csv']));
      expect(cl.errors).toEqual([]);
      const st = await runImport(fresh, 'stock', Buffer.from(files['stock.csv']));
      expect(st.errors).toEqual([]);

      const catalogue = async (id: number) => {
        const ps = await db().select().from(products).where(eq(products.shopId, id)).orderBy(asc(products.id));
        const out = [];
        for (const p of ps) {
          const vs = await db()
            .select()
            .from(productVintages)
            .where(eq(productVintages.productId, p.id))
            .orderBy(asc(productVintages.position));
          const fs2 = await db()
            .select()
            .from(productFormats)
            .where(eq(productFormats.productId, p.id))
            .orderBy(asc(productFormats.position));
          const formats = [];
          for (const f of fs2)
            formats.push({
              // 'unité' (demo data) is the product form's 'unite'
              unity: f.unity === 'unité' ? 'unite' : f.unity,
              unityValue: f.unityValue,
              formatType: f.formatType,
              container: f.container,
              nameInShop: f.nameInShop,
              packing: f.packing,
              packingQuantity: f.packingQuantity,
              weight: f.weight,
              gtin: f.gtin,
              minPurchase: f.minPurchase,
              maxPurchase: f.maxPurchase,
              alertThreshold: f.alertThreshold,
              costCents: f.costCents,
              prices: await pricesOf(f.id),
            });
          out.push({
            name: p.name,
            productType: p.productType,
            precision: p.precision,
            description: p.description,
            type: p.type,
            color: p.color,
            gamme: p.gamme,
            labels: p.labels,
            vatType: p.vatType,
            status: p.status,
            archived: p.archivedAt !== null,
            // 'NULL' (demo data) is no excise code: exported empty
            vintages: vs.map((v) => ({
              name: v.name,
              alcohol: v.alcohol,
              lot: v.lot,
              code: v.legal.code === 'NULL' ? null : (v.legal.code ?? null),
              dutyType: v.legal.dutyType ?? null,
            })),
            formats,
          });
        }
        return out;
      };
      const source = await catalogue(shopId);
      expect(source.length).toBeGreaterThan(5);
      expect(await catalogue(freshShop)).toEqual(source);

      const clientsOf = async (id: number) =>
        (
          await db()
            .select()
            .from(crmClients)
            .where(and(eq(crmClients.shopId, id), ne(crmClients.status, 'erased')))
            .orderBy(asc(crmClients.id))
        ).map((c) => ({
          kind: c.kind,
          civility: c.civility,
          firstname: c.firstname,
          lastname: c.lastname,
          company: c.company,
          siret: c.siret,
          vatNumber: c.vatNumber,
          email: c.email,
          phone: c.phone,
          mobile: c.mobile,
          typology: c.typology,
          tags: c.tags,
          notes: c.notes,
          marketingConsent: c.marketingConsent,
          status: c.status,
          department: c.department,
          address: (({ street, street2, zipcode, city, country }) => ({
            street: street ?? null,
            street2: street2 ?? null,
            zipcode: zipcode ?? null,
            city: city ?? null,
            country: country ?? null,
          }))(
            c.addresses.find((a) => a.kind === 'delivery' && a.isDefault) ??
              c.addresses.find((a) => a.kind === 'delivery') ??
              ({} as Record<string, never>),
          ),
        }));
      // a number the client form refuses (not a mobile of the listed countries) is kept in the notes
      const sourceClients = (await clientsOf(shopId)).map((c) => {
        const kept = (['phone', 'mobile'] as const).filter((k) => c[k] && !isMobileNumber(c[k]!, MOBILE_COUNTRIES));
        const notes = kept.map((k) => `${k === 'phone' ? 'Téléphone' : 'Mobile'} non reconnu à l’import : ${c[k]}`);
        return kept.length
          ? { ...c, ...Object.fromEntries(kept.map((k) => [k, null])), notes: [c.notes, ...notes].filter(Boolean).join('\n') }
          : c;
      });
      expect(sourceClients.length).toBeGreaterThan(5);
      expect(await clientsOf(freshShop)).toEqual(sourceClients);

      const levels = async (id: number) =>
        (
          await db()
            .select({
              product: products.name,
              gtin: productFormats.gtin,
              unityValue: productFormats.unityValue,
              warehouse: warehouses.name,
              onHand: stockLevels.onHand,
            })
            .from(stockLevels)
            .innerJoin(productFormats, eq(productFormats.id, stockLevels.formatId))
            .innerJoin(products, eq(products.id, productFormats.productId))
            .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
            .where(and(eq(stockLevels.shopId, id), ne(stockLevels.onHand, 0)))
        )
          .map((l) => `${l.warehouse} | ${l.product} | ${l.gtin ?? l.unityValue} | ${l.onHand}`)
          .sort();
      const sourceLevels = await levels(shopId);
      expect(sourceLevels.length).toBeGreaterThan(5);
      expect(await levels(freshShop)).toEqual(sourceLevels);

      // imported again: nothing changes (everything matched)
      const twice = await upload(fresh, { entity: 'products', fileName: 'products.csv' }, Buffer.from(files['products.csv']), 'text/csv');
      expect(twice.body.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    });
  });

  describe('scope', () => {
    it('another shop’s import or export → 404; anyone but the owner → 403; no session → 401', async () => {
      const imp = await runImport(
        owner,
        'clients',
        csv([
          ['Nom', 'Email'],
          ['Scope', 'scope@test.test'],
        ]),
      );
      const exp = await post('/v1/shop-data/exports', owner);
      await ctx.drainJobs();
      for (const [method, p] of [
        ['get', `/v1/shop-data/imports/${imp.id}`],
        ['post', `/v1/shop-data/imports/${imp.id}/revert`],
        ['get', `/v1/shop-data/exports/${exp.body.id}`],
        ['get', `/v1/shop-data/exports/${exp.body.id}/file`],
      ] as const) {
        const res = method === 'get' ? await get(p, owner2) : await post(p, owner2);
        expect([p, res.status]).toEqual([p, 404]);
        expect(res.body.success).toBe(false);
      }
      expect((await get(`/v1/shop-data/imports/${imp.id}`, owner2)).body).toEqual({ success: false, message: 'Import introuvable' });
      expect((await get('/v1/shop-data/imports', owner2)).body.items.map((i: { id: number }) => i.id)).not.toContain(imp.id);
      expect((await get('/v1/shop-data/imports/abc', owner)).status).toBe(404);
      for (const token of [iam, agent, buyer]) {
        expect((await get('/v1/shop-data/imports', token)).status).toBe(403);
        expect((await get(`/v1/shop-data/imports/${imp.id}`, token)).status).toBe(403);
        expect((await upload(token, { entity: 'clients', fileName: 'x.csv' }, csv([['Nom'], ['A']]))).status).toBe(403);
        expect((await post('/v1/shop-data/exports', token)).status).toBe(403);
        expect((await post(`/v1/shop-data/imports/${imp.id}/revert`, token)).status).toBe(403);
      }
      expect((await request(ctx.app).get('/v1/shop-data/imports')).status).toBe(401);
      expect((await request(ctx.app).post('/v1/shop-data/exports')).status).toBe(401);
      // the signed link: another export's id or a forged token → 404
      expect((await request(ctx.app).get(`/v1/shop-data/exports/${exp.body.id}/download?token=forged`)).status).toBe(404);
      const docs = (await get('/v1/documents/to-download', owner)).body as string[];
      const token = new URL(docs[docs.length - 1]).searchParams.get('token');
      expect((await request(ctx.app).get(`/v1/shop-data/exports/${exp.body.id + 1}/download?token=${token}`)).status).toBe(404);
      expect((await request(ctx.app).get(`/v1/shop-data/exports/${exp.body.id}/download?token=${token}`)).status).toBe(200);
    });

    it('a suspended shop may still leave with its data (export), not import', async () => {
      const [m] = await db()
        .select({ shopId: shopMembers.shopId })
        .from(shopMembers)
        .innerJoin(users, eq(users.id, shopMembers.userId))
        .where(and(eq(users.email, 'owner2@demo.test'), eq(shopMembers.kind, 'owner')));
      await db().update(shops).set({ suspendedAt: new Date(), suspendedReason: 'Contrôle' }).where(eq(shops.id, m.shopId));
      try {
        const refused = await upload(owner2, { entity: 'clients', fileName: 'x.csv', dryRun: 'false' }, csv([['Nom'], ['A']]));
        expect(refused.status).toBe(403);
        const exported = await post('/v1/shop-data/exports', owner2);
        expect(exported.status).toBe(202);
        await ctx.drainJobs();
        expect((await get(`/v1/shop-data/exports/${exported.body.id}`, owner2)).body.status).toBe('ready');
      } finally {
        await db().update(shops).set({ suspendedAt: null, suspendedReason: null }).where(eq(shops.id, m.shopId));
      }
    });
  });
});
