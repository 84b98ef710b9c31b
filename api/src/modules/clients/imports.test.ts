import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { and, count, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { MESSAGES } from 'shared-kernel/validation';
import {
  CLIENT_IMPORT_MESSAGES,
  CRM_CLIENT_MESSAGES,
  type ClientImport,
  type ClientImportReport,
  type ClientImportUpload,
  type CrmClientListItem,
} from 'shared-kernel/contracts';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { shopMembers, users } from '../../platform/db/tables';
import { seedCrm } from '../../seed/crm';
import { orders } from '../orders';
import { clientImports, crmClients } from './clients.tables';

describe('client imports and the orders filters of the client file', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wz-client-imports-'));
  const db = () => ctx.handle.db;
  const get = (url: string, token: string) => request(ctx.app).get(`/v1${url}`).set(bearer(token));
  const post = (url: string, body: unknown, token: string) =>
    request(ctx.app)
      .post(`/v1${url}`)
      .set(bearer(token))
      .send(body as object);
  const upload = (content: string | Buffer, token: string, filename = 'clients.csv') =>
    request(ctx.app)
      .post(`/v1/crm/imports?filename=${encodeURIComponent(filename)}`)
      .set(bearer(token))
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
  const clientCount = async () => Number((await db().select({ n: count() }).from(crmClients).where(eq(crmClients.shopId, shopId)))[0].n);
  /** Polls the import until its run is over (no time limit: the test runner's timeout applies). */
  const finished = async (id: number, token = owner): Promise<ClientImport> => {
    for (;;) {
      const body = (await get(`/crm/imports/${id}`, token).expect(200)).body as ClientImport;
      if (body.status !== 'processing') return body;
      await new Promise((r) => setImmediate(r));
    }
  };

  beforeAll(async () => {
    ctx = await createTestContext({ dataDir });
    await seedCrm(ctx.handle.db);
    shopId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const CSV = [
    '\uFEFFNom;Prénom;Société;Mail;Mobile;SIRET;Code postal;Ville;Typologie;Tags;Colonne libre',
    'Durand;Paul;;paul.durand@import.test;06 11 22 33 44;;69002;Lyon;;Salon 2026, Fidèle;x',
    ';;Cave Import;contact@cave-import.test;;732 829 320 00074;75011;Paris;;;y',
    'Bad;Mail;;pas-un-mail;;;;;;;',
    'Bad;Siret;Société Siret;;;12345678901234;;;;;',
    'Durand;Paul bis;;PAUL.DURAND@import.test;;;;;;;',
    'Sans;Typo;;;;;;;Inconnue;;',
  ].join('\r\n');

  it('an upload answers the headers, the preview and a suggested mapping (CSV with ; and a BOM)', async () => {
    const res = await upload(CSV, owner).expect(201);
    const body = res.body as ClientImportUpload;
    expect(body.headers).toEqual([
      'Nom',
      'Prénom',
      'Société',
      'Mail',
      'Mobile',
      'SIRET',
      'Code postal',
      'Ville',
      'Typologie',
      'Tags',
      'Colonne libre',
    ]);
    expect(body.preview).toHaveLength(6);
    expect(body.preview[0].slice(0, 4)).toEqual(['Durand', 'Paul', '', 'paul.durand@import.test']);
    expect(body.suggestedMapping).toEqual({
      Nom: 'lastname',
      Prénom: 'firstname',
      Société: 'company',
      Mail: 'email',
      Mobile: 'mobile',
      SIRET: 'siret',
      'Code postal': 'zipcode',
      Ville: 'city',
      Typologie: 'typology',
      Tags: 'tags',
    });
    expect(body.import).toMatchObject({ status: 'pending', filename: 'clients.csv', total: 6 });
  });

  it('reads a comma CSV and the first sheet of an XLSX file; refuses what is neither', async () => {
    const csv = (await upload('Name,First name,Email,City\nSmith,John,john@import.test,Dijon\n', owner).expect(201))
      .body as ClientImportUpload;
    expect(csv.suggestedMapping).toEqual({ Name: 'lastname', 'First name': 'firstname', Email: 'email', City: 'city' });
    expect(csv.preview).toEqual([['Smith', 'John', 'john@import.test', 'Dijon']]);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Clients');
    sheet.addRow(['Société', 'Téléphone', 'TVA', 'Pays']);
    sheet.addRow(['Bar à vins', '0611223344', 'FR40303265045', 'France']);
    wb.addWorksheet('Autre').addRow(['ignored']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const x = (await upload(xlsx, owner, 'clients.xlsx').expect(201)).body as ClientImportUpload;
    expect(x.headers).toEqual(['Société', 'Téléphone', 'TVA', 'Pays']);
    expect(x.suggestedMapping).toEqual({ Société: 'company', Téléphone: 'phone', TVA: 'vatNumber', Pays: 'country' });
    expect(x.preview).toEqual([['Bar à vins', '0611223344', 'FR40303265045', 'France']]);

    const bad = await upload(Buffer.from([0, 1, 2, 3, 0, 0]), owner, 'photo.png').expect(400);
    expect(bad.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.badFile, field: 'file' });
    const tooBig = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), owner).expect(413);
    expect(tooBig.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.tooBig, field: 'file' });
    const empty = await upload('Nom;Mail\n', owner).expect(400);
    expect(empty.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.empty, field: 'file' });
    const noName = await request(ctx.app).post('/v1/crm/imports').set(bearer(owner)).send(Buffer.from('Nom\nX\n')).expect(400);
    expect(noName.body.field).toBe('filename');
  });

  it('a dry run reports each line (create, skip, errors with the §5 messages and fields) and writes nothing', async () => {
    const { import: imp, suggestedMapping } = (await upload(CSV, owner).expect(201)).body as ClientImportUpload;
    const before = await clientCount();
    const res = await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, duplicates: 'skip', dryRun: true }, owner).expect(
      200,
    );
    const report = res.body as ClientImportReport;
    expect(report).toMatchObject({ dryRun: true, total: 6, create: 2, skip: 1, merge: 0, error: 3 });
    expect(report.lines).toEqual([
      { line: 2, action: 'create', name: 'Paul Durand' },
      { line: 3, action: 'create', name: 'Cave Import' },
      { line: 4, action: 'error', name: '', field: 'email', message: MESSAGES.email },
      { line: 5, action: 'error', name: '', field: 'siret', message: MESSAGES.siret },
      { line: 6, action: 'skip', name: 'Paul bis Durand', duplicateOf: 'ligne 2' },
      { line: 7, action: 'error', name: '', field: 'typology', message: CRM_CLIENT_MESSAGES.typologyUnknown },
    ]);
    expect(await clientCount()).toBe(before);
    const [row] = await db().select().from(clientImports).where(eq(clientImports.id, imp.id));
    expect(row.status).toBe('pending');

    // a mapping naming a column the file does not have, or a field twice: 400 naming it
    const badCol = await post(`/crm/imports/${imp.id}/run`, { mapping: { Inconnue: 'email' } }, owner).expect(400);
    expect(badCol.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.mappingColumn, field: 'mapping.Inconnue' });
    const twice = await post(`/crm/imports/${imp.id}/run`, { mapping: { Nom: 'lastname', Prénom: 'lastname' } }, owner).expect(400);
    expect(twice.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.mappingTwice, field: 'mapping' });
    const dup = await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, duplicates: 'maybe' }, owner).expect(400);
    expect(dup.body).toMatchObject({ message: CLIENT_IMPORT_MESSAGES.duplicates, field: 'duplicates' });
  });

  it('runs with skip: creates the valid rows with import_id and codes, reports the rest; undo removes them', async () => {
    const { import: imp, suggestedMapping } = (await upload(CSV, owner).expect(201)).body as ClientImportUpload;
    const before = await clientCount();
    const started = await post(
      `/crm/imports/${imp.id}/run`,
      { mapping: suggestedMapping, duplicates: 'skip', dryRun: false },
      owner,
    ).expect(200);
    expect(started.body).toMatchObject({ id: imp.id, status: 'processing', total: 6 });
    const done = await finished(imp.id);
    expect(done).toMatchObject({ status: 'completed', processed: 6, total: 6, created: 2, merged: 0, skipped: 1, errorCount: 3 });
    expect(done.errors).toEqual([
      { line: 4, field: 'email', message: MESSAGES.email },
      { line: 5, field: 'siret', message: MESSAGES.siret },
      { line: 7, field: 'typology', message: CRM_CLIENT_MESSAGES.typologyUnknown },
    ]);
    const created = await db()
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.importId, imp.id)));
    expect(created.map((c) => c.email).sort()).toEqual(['contact@cave-import.test', 'paul.durand@import.test']);
    const paul = created.find((c) => c.email === 'paul.durand@import.test')!;
    expect(paul).toMatchObject({
      kind: 'private',
      firstname: 'Paul',
      lastname: 'Durand',
      department: '69',
      tags: ['Salon 2026', 'Fidèle'],
    });
    expect(paul.addresses[0]).toMatchObject({ kind: 'delivery', isDefault: true, zipcode: '69002', city: 'Lyon' });
    const cave = created.find((c) => c.email === 'contact@cave-import.test')!;
    expect(cave).toMatchObject({ kind: 'professional', company: 'Cave Import', siret: '73282932000074' });
    // codes follow the shop's sequence, without duplicates
    const codes = (await db().select({ code: crmClients.code }).from(crmClients).where(eq(crmClients.shopId, shopId))).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await clientCount()).toBe(before + 2);

    // already run: 409
    await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, dryRun: false }, owner).expect(409);

    // the history lists it
    const list = (await get('/crm/imports', owner).expect(200)).body as { items: ClientImport[] };
    expect(list.items.find((i) => i.id === imp.id)).toMatchObject({ status: 'completed', createdBy: expect.any(String) });

    // undo is refused while a created client has orders (its buyer ordered at the shop), with how many
    const [buyer] = await db().select().from(users).where(eq(users.email, 'buyer@demo.test'));
    await db().update(crmClients).set({ userId: buyer.id }).where(eq(crmClients.id, paul.id));
    const refused = await post(`/crm/imports/${imp.id}/revert`, {}, owner).expect(409);
    expect(refused.body.message).toBe(CLIENT_IMPORT_MESSAGES.hasOrders(1));
    expect(await clientCount()).toBe(before + 2);
    await db().update(crmClients).set({ userId: null }).where(eq(crmClients.id, paul.id));

    const reverted = await post(`/crm/imports/${imp.id}/revert`, {}, owner).expect(200);
    expect(reverted.body).toMatchObject({ status: 'reverted', message: CLIENT_IMPORT_MESSAGES.reverted(2, 0) });
    expect(await clientCount()).toBe(before);
    await post(`/crm/imports/${imp.id}/revert`, {}, owner).expect(409);
  });

  it('runs with merge: updates the existing client (same email, any case; same SIRET), and undo restores it', async () => {
    const [existing] = await db()
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.kind, 'professional')))
      .limit(1);
    expect(existing.siret).toBeTruthy();
    await db().update(crmClients).set({ email: 'pro@merge.test', phone: null }).where(eq(crmClients.id, existing.id));
    const csv = [
      'Société,Email,Téléphone,SIRET,Tags,Nom',
      `Nouveau nom,PRO@Merge.test,06 98 76 54 32,,Import,`,
      `,,,${existing.siret},Deuxième,`,
      `,,,,,Nouvelle`,
    ].join('\n');
    const { import: imp, suggestedMapping } = (await upload(csv, owner).expect(201)).body as ClientImportUpload;
    const dry = (await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, duplicates: 'merge' }, owner).expect(200))
      .body as ClientImportReport;
    expect(dry.lines.map((l) => l.action)).toEqual(['merge', 'merge', 'create']);
    expect(dry.lines[0].duplicateOf).toBe(existing.code);

    await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, duplicates: 'merge', dryRun: false }, owner).expect(200);
    expect(await finished(imp.id)).toMatchObject({ status: 'completed', created: 1, merged: 2, skipped: 0, errorCount: 0 });
    const [merged] = await db().select().from(crmClients).where(eq(crmClients.id, existing.id));
    expect(merged).toMatchObject({ company: 'Nouveau nom', phone: '06 98 76 54 32', importId: null });
    expect(merged.tags).toEqual(expect.arrayContaining([...existing.tags, 'Import', 'Deuxième']));

    const res = await post(`/crm/imports/${imp.id}/revert`, {}, owner).expect(200);
    expect(res.body.message).toBe(CLIENT_IMPORT_MESSAGES.reverted(1, 1));
    const [restored] = await db().select().from(crmClients).where(eq(crmClients.id, existing.id));
    expect(restored).toMatchObject({ company: existing.company, phone: null, email: 'pro@merge.test', tags: existing.tags });
    expect(await db().select().from(crmClients).where(eq(crmClients.importId, imp.id))).toEqual([]);
  });

  it('a database failure during the run applies nothing: status error, no client created', async () => {
    // a trigger makes the insert of one row fail in the database (not in the validation)
    await db().execute(
      sql.raw(`create or replace function wz_test_boom() returns trigger language plpgsql as $$
        begin if new.lastname = 'Explosion' then raise exception 'boom'; end if; return new; end $$`),
    );
    await db().execute(sql.raw('create trigger wz_test_boom before insert on crm_clients for each row execute function wz_test_boom()'));
    try {
      const csv = 'Nom;Mail\nAvant;avant@boom.test\nExplosion;explosion@boom.test\n';
      const { import: imp, suggestedMapping } = (await upload(csv, owner).expect(201)).body as ClientImportUpload;
      const before = await clientCount();
      await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping, dryRun: false }, owner).expect(200);
      const done = await finished(imp.id);
      expect(done).toMatchObject({ status: 'error', created: 0, errors: [{ line: 0, message: CLIENT_IMPORT_MESSAGES.failed }] });
      expect(await clientCount()).toBe(before);
      await post(`/crm/imports/${imp.id}/revert`, {}, owner).expect(409);
    } finally {
      await db().execute(sql.raw('drop trigger wz_test_boom on crm_clients'));
    }
  });

  it("another shop's import is not found (404); an iam without createClient is refused (403)", async () => {
    const { import: imp, suggestedMapping } = (await upload(CSV, owner).expect(201)).body as ClientImportUpload;
    await get(`/crm/imports/${imp.id}`, owner2).expect(404);
    await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping }, owner2).expect(404);
    await post(`/crm/imports/${imp.id}/revert`, {}, owner2).expect(404);
    const list = (await get('/crm/imports', owner2).expect(200)).body as { items: ClientImport[] };
    expect(list.items.map((i) => i.id)).not.toContain(imp.id);

    await get('/crm/imports', iam).expect(200);
    // a sales agent never imports (§6 createClient is the owner's and the iam's)
    const agent = await loginAs(ctx.app, 'agent@demo.test');
    await get('/crm/imports', agent).expect(403);
    await upload(CSV, agent).expect(403);
    const [iamUser] = await db().select().from(users).where(eq(users.email, 'iam@demo.test'));
    await db()
      .update(shopMembers)
      .set({ authorizations: { seeAllOrder: true, createOrder: true, seeAllClient: true } })
      .where(and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, shopId)));
    const iamToken = await loginAs(ctx.app, 'iam@demo.test');
    await get('/crm/imports', iamToken).expect(403);
    await upload(CSV, iamToken).expect(403);
    await post(`/crm/imports/${imp.id}/run`, { mapping: suggestedMapping }, iamToken).expect(403);
    await get(`/crm/imports/${imp.id}`, iamToken).expect(403);
  });

  it('filters and sorts the client file by last order date and total spent (orders taken for the client and its buyer’s own)', async () => {
    const [buyer] = await db().select().from(users).where(eq(users.email, 'buyer@demo.test'));
    const [linked] = await db()
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.userId, buyer.id)));
    const counted = await db()
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.shopId, shopId),
          or(and(eq(orders.buyerId, buyer.id), isNull(orders.clientId)), eq(orders.clientId, linked.id)),
          notInArray(orders.status, ['aborted', 'expired', 'cancelled', 'refused']),
        ),
      );
    expect(counted.length).toBeGreaterThan(0);
    const spent = counted.reduce((s, o) => s + o.totalTTC, 0);
    const last = counted.map((o) => new Date(o.createdAt).getTime()).reduce((a, b) => Math.max(a, b));
    const day = new Date(last).toISOString().slice(0, 10);

    const bySpent = (await get(`/crm/clients?spentMin=${spent}&spentMax=${spent}`, owner).expect(200)).body as {
      items: CrmClientListItem[];
      total: number;
    };
    expect(bySpent.items.find((c) => c.email === 'buyer@demo.test')).toMatchObject({
      totalSpent: spent,
      lastOrderAt: new Date(last).toISOString(),
    });
    expect(bySpent.items.every((c) => c.totalSpent === spent)).toBe(true);
    const above = (await get(`/crm/clients?spentMin=${spent + 1}&pageSize=100`, owner).expect(200)).body as { items: CrmClientListItem[] };
    expect(above.items.map((c) => c.email)).not.toContain('buyer@demo.test');
    expect(above.items.every((c) => c.totalSpent > spent)).toBe(true);
    const byDate = (await get(`/crm/clients?lastOrderFrom=${day}&lastOrderTo=${day}&pageSize=100`, owner).expect(200)).body as {
      items: CrmClientListItem[];
    };
    expect(byDate.items.map((c) => c.email)).toContain('buyer@demo.test');
    const after = new Date(last + 86_400_000).toISOString().slice(0, 10);
    const later = (await get(`/crm/clients?lastOrderFrom=${after}&pageSize=100`, owner).expect(200)).body as { items: CrmClientListItem[] };
    expect(later.items.map((c) => c.email)).not.toContain('buyer@demo.test');
    expect(later.items.every((c) => new Date(c.lastOrderAt!).getTime() > last)).toBe(true);
    // the biggest spender and the latest order over every client (back-office orders count for their client)
    const top = (await db().execute(sql`select c.id, coalesce((select sum(o.total_ttc) from orders o where o.shop_id = ${shopId}
        and o.status not in ('aborted', 'expired', 'cancelled', 'refused')
        and (o.client_id = c.id or (o.client_id is null and c.user_id is not null and o.buyer_id = c.user_id))), 0)::int as spent
      from crm_clients c where c.shop_id = ${shopId} and c.status = 'active' order by spent desc, c.id limit 1`)) as unknown as {
      rows: Array<{ id: number; spent: number }>;
    };
    const sorted = (await get('/crm/clients?sort=-totalSpent&pageSize=1', owner).expect(200)).body as { items: CrmClientListItem[] };
    expect(sorted.items[0]).toMatchObject({ id: top.rows[0].id, totalSpent: top.rows[0].spent });
    const cheapest = (await get('/crm/clients?sort=totalSpent&pageSize=1', owner).expect(200)).body as { items: CrmClientListItem[] };
    expect(cheapest.items[0].totalSpent).toBe(0);
    const byLast = (await get('/crm/clients?sort=-lastOrderAt&pageSize=1', owner).expect(200)).body as { items: CrmClientListItem[] };
    const latest = (await get('/crm/clients?pageSize=100', owner).expect(200)).body.items as CrmClientListItem[];
    const newest = Math.max(...latest.filter((c) => c.lastOrderAt).map((c) => new Date(c.lastOrderAt!).getTime()));
    expect(new Date(byLast.items[0].lastOrderAt!).getTime()).toBe(newest);

    const bad = await get('/crm/clients?spentMin=abc', owner).expect(400);
    expect(bad.body.field).toBe('spentMin');
    const badDate = await get('/crm/clients?lastOrderFrom=31/12/2026', owner).expect(400);
    expect(badDate.body.field).toBe('lastOrderFrom');
    // another shop does not see this buyer's orders
    expect((await get(`/crm/clients?spentMin=1`, owner2).expect(200)).body.items.map((c: CrmClientListItem) => c.email)).not.toContain(
      'buyer@demo.test',
    );
  });
});
