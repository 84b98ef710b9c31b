import ExcelJS from 'exceljs';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { FEC_COLUMNS, FEC_SEPARATOR, fecProblems } from 'shared-kernel/domain';
import { bearer, createTestContext, loginAs, type TestContext, binary } from '../../test/test-app';

// Settings › Comptabilité as the owner saves it (PUT /accounting/settings, the codes page for the client mode) changes
// what the accountant gets: the journals' codes and labels in the entries, the export and the FEC; the export's layout
// and file format when the export names none; a client's auxiliary account in the entries posted after the change.

const paris = (d = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
type Entry = {
  journal: string;
  journalCode: string;
  journalLabel: string;
  ref: string;
  source: { kind: string; id: number };
  lines: Array<{ account: string; auxiliary: string | null; debit: number; credit: number }>;
};

describe('accounting settings take effect', () => {
  let ctx: TestContext;
  let owner: string;
  let shopId: number;
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put', url: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(owner));
    return body === undefined ? r : r.send(body as object);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const saveSettings = async (patch: object) => {
    const s = (await call('get', '/accounting/settings')).body;
    const res = await call('put', '/accounting/settings', { ...s, ...patch });
    expect(res.status).toBe(200);
  };
  const fecRecords = async () => {
    const years = (await call('get', '/accounting/fiscal-years')).body as Array<{ year: number; current: boolean }>;
    const current = years.find((y) => y.current)!;
    const file = await call('get', `/accounting/fec?year=${current.year}&encoding=utf-8`).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    const text = (file.body as Buffer).toString('utf8');
    expect(fecProblems(text)).toEqual([]);
    const [, ...records] = text.split('\r\n').filter(Boolean);
    const col = (name: string) => FEC_COLUMNS.indexOf(name as (typeof FEC_COLUMNS)[number]);
    return records.map((r) => {
      const cells = r.split(FEC_SEPARATOR);
      return { code: cells[col('JournalCode')], lib: cells[col('JournalLib')], num: cells[col('EcritureNum')] };
    });
  };
  /** A new invoice of `lines` for the client, issued through the back office; its entry as the entries list shows it. */
  const invoiceEntry = async (clientId: number, unitPriceHT: number): Promise<Entry> => {
    const created = await call('post', '/sales/orders', {
      clientId,
      lines: [{ label: 'Visite de cave', quantity: 1, unitPriceHT, vatRate: 20 }],
    });
    expect(created.status).toBe(201);
    expect((await call('post', `/sales/orders/${created.body.id}/actions/validate`, {})).status).toBeLessThan(300);
    expect((await call('post', `/sales/orders/${created.body.id}/actions/invoice`, {})).status).toBeLessThan(300);
    const [inv] = await rows<{ id: number }>(sql`select id from invoices where order_id = ${created.body.id} and kind = 'invoice'`);
    const list = await call('get', `/accounting/entries?clientId=${clientId}&journal=VT&pageSize=100`);
    const entry = (list.body.items as Entry[]).find((e) => e.source.kind === 'invoice' && e.source.id === inv.id);
    expect(entry).toBeDefined();
    return entry!;
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    const [m] = await rows<{ shop_id: number }>(
      sql`select m.shop_id from shop_members m join users u on u.id = m.user_id where u.email = 'owner@demo.test'`,
    );
    shopId = m.shop_id;
    await db().execute(sql`update shops set integration = integration || '{"accounting":{"active":true}}' where id = ${shopId}`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('« Journaux »: the codes and labels saved name the journals in the entries, the export and the FEC', async () => {
    const before = (await call('get', '/accounting/settings')).body;
    await saveSettings({
      journals: { ...before.journals, VT: { code: 've', label: 'Ventes de vins' }, BQ: { code: 'BNQ', label: 'Crédit du Vignoble' } },
    });
    try {
      const sales = (await call('get', '/accounting/entries?journal=VT&pageSize=100')).body.items as Entry[];
      expect(sales.length).toBeGreaterThan(0);
      // the code is kept upper-case; the entry's reference is the code and its number on 6 digits
      for (const e of sales)
        expect(e).toMatchObject({ journalCode: 'VE', journalLabel: 'Ventes de vins', ref: expect.stringMatching(/^VE\d{6}$/) });
      const bank = (await call('get', '/accounting/entries?journal=BQ&pageSize=100')).body.items as Entry[];
      expect(bank.length).toBeGreaterThan(0);
      for (const e of bank) expect(e).toMatchObject({ journalCode: 'BNQ', journalLabel: 'Crédit du Vignoble' });

      const fec = await fecRecords();
      const codes = new Set(fec.map((r) => r.code));
      expect(codes).toContain('VE');
      expect(codes).toContain('BNQ');
      expect(codes).not.toContain('VT');
      expect(codes).not.toContain('BQ');
      expect(fec.filter((r) => r.code === 'VE').every((r) => r.lib === 'Ventes de vins' && r.num.startsWith('VE'))).toBe(true);
      expect(fec.filter((r) => r.code === 'BNQ').every((r) => r.lib === 'Crédit du Vignoble')).toBe(true);

      const csv = await call('get', `/accounting/export?from=2000-01-01&to=${paris()}&format=csv&layout=generic`)
        .buffer(true)
        .parse(binary);
      const lines = (csv.body as Buffer)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(lines[0].startsWith('Journal;Libellé journal;N° écriture;')).toBe(true);
      const journals = new Set(lines.slice(1).map((l) => l.split(';').slice(0, 2).join(';')));
      expect(journals).toContain('VE;Ventes de vins');
      expect(journals).toContain('BNQ;Crédit du Vignoble');
      expect([...journals].some((j) => j.startsWith('VT;') || j.startsWith('BQ;'))).toBe(false);
    } finally {
      await saveSettings({ journals: before.journals });
    }
    // back to the defaults: the same entries under VT again
    const fec = await fecRecords();
    expect(fec.some((r) => r.code === 'VT' && r.lib === before.journals.VT.label)).toBe(true);
    expect(fec.some((r) => r.code === 'VE')).toBe(false);
  });

  it('« Présentation » and « Format du fichier »: the export without layout nor format uses the saved ones', async () => {
    const before = (await call('get', '/accounting/settings')).body;
    const to = paris();
    const plain = () => call('get', `/accounting/export?from=2000-01-01&to=${to}`).buffer(true).parse(binary);
    const csvHeader = (res: request.Response) =>
      (res.body as Buffer)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0];
    try {
      await saveSettings({ exportLayout: 'sage', exportFormat: 'csv' });
      const sage = await plain();
      expect(sage.status).toBe(200);
      expect(sage.headers['content-disposition']).toContain(`ecritures-2000-01-01-${to}.csv`);
      expect(csvHeader(sage)).toBe('Journal;Date;Compte;Tiers;Pièce;Libellé;Débit;Crédit');

      await saveSettings({ exportLayout: 'quadra', exportFormat: 'csv' });
      expect(csvHeader(await plain())).toBe('Journal;Date;Compte;Libellé;Montant débit;Montant crédit;Pièce');

      await saveSettings({ exportLayout: 'cegid', exportFormat: 'xlsx' });
      const xlsx = await plain();
      expect(xlsx.headers['content-disposition']).toContain(`ecritures-2000-01-01-${to}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
      expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
        'Journal',
        'Date',
        'Compte général',
        'Compte auxiliaire',
        'Référence',
        'Libellé',
        'Sens',
        'Montant',
      ]);
      // a layout and a format named in the query still win over the saved ones
      const named = await call('get', `/accounting/export?from=2000-01-01&to=${to}&format=csv&layout=sage`).buffer(true).parse(binary);
      expect(csvHeader(named)).toBe('Journal;Date;Compte;Tiers;Pièce;Libellé;Débit;Crédit');
    } finally {
      await saveSettings({ exportLayout: before.exportLayout, exportFormat: before.exportFormat });
    }
  });

  it('« Préfixe des comptes clients »: a client’s auxiliary account is the prefix saved and its code, in the entries posted after', async () => {
    const [client] = await rows<{ id: number; code: string }>(
      sql`select id, code from crm_clients where shop_id = ${shopId} and code is not null and kind = 'professional' order by id limit 1`,
    );
    expect(client.code).toMatch(/^[0-9A-Z]+$/);
    // one auxiliary account per client is chosen on the chart of accounts page (« Plan comptable »)
    const codes = (await call('get', '/accounting/codes')).body;
    const before = (await call('get', '/accounting/settings')).body;
    expect((await call('put', '/accounting/codes', { ...codes, clients: { ...codes.clients, mode: 'auxiliary' } })).status).toBe(200);
    const clientLine = (e: Entry) => e.lines.find((l) => l.auxiliary === client.code)!;
    try {
      await saveSettings({ clientPrefix: '4111' });
      const first = await invoiceEntry(client.id, 1000);
      // 10 € HT + 20 % = 12 € TTC owed by the client, on 4111 + its code
      expect(clientLine(first)).toMatchObject({ account: `4111${client.code}`, debit: 1200, credit: 0 });

      await saveSettings({ clientPrefix: '41100' });
      const second = await invoiceEntry(client.id, 2000);
      expect(clientLine(second)).toMatchObject({ account: `41100${client.code}`, debit: 2400, credit: 0 });
      // an entry posted is never rewritten: the first invoice keeps its account
      const again = (await call('get', `/accounting/entries?account=4111${client.code}&pageSize=100`)).body.items as Entry[];
      expect(again.map((e) => e.source)).toContainEqual(first.source);
    } finally {
      await saveSettings({ clientPrefix: before.clientPrefix });
      await call('put', '/accounting/codes', codes);
    }
  });
});
