import request from 'supertest';
import iconv from 'iconv-lite';
import { eq, sql } from 'drizzle-orm';
import { fecProblems, FEC_HEADER } from 'shared-kernel/domain';
import { bearer, createTestContext, loginAs, type TestContext, binary } from '../../test/test-app';
import { shopMembers, users } from '../../platform/db/tables';
import { invoices } from '../sales';

/** drizzle wraps the database's error: the trigger's message is its cause's */
const IMMUTABLE = { cause: expect.objectContaining({ message: expect.stringMatching(/^wz_entry_immutable/) }) };

const paris = (d = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
describe('journal entries, FEC, exports and closing', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const iamWith = async (authorizations: Record<string, boolean> | null) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db().update(shopMembers).set({ authorizations }).where(eq(shopMembers.userId, u.id));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [m] = await rows<{ shop_id: number }>(
      sql`select m.shop_id from shop_members m join users u on u.id = m.user_id where u.email = 'owner@demo.test'`,
    );
    shopId = m.shop_id;
    // every demo shop with the accounting module on: the scoping between shops is what is tested here
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"accounting":{"active":true}}'`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('posts every issued document and payment once, each entry balanced, numbered with no gap per journal and year', async () => {
    const first = await call('get', '/accounting/entries?pageSize=100&sort=num', owner);
    expect(first.status).toBe(200);
    const [{ docs }] = await rows<{ docs: number }>(sql`select count(*)::int as docs from invoices where shop_id = ${shopId}`);
    const [{ pays }] = await rows<{ pays: number }>(sql`select count(*)::int as pays from sales_payments where shop_id = ${shopId}`);
    const [{ zs }] = await rows<{ zs: number }>(
      sql`select count(*)::int as zs from pos_closings where shop_id = ${shopId} and kind = 'day'`,
    );
    // the opening entry of the year, when an earlier year has entries (the demo's history may start last year)
    const [{ openings }] = await rows<{ openings: number }>(
      sql`select count(*)::int as openings from accounting_entries where shop_id = ${shopId} and source_kind = 'opening'`,
    );
    // the received supplier invoices (journal HA) and, paid in full, their payments
    const [{ sis, sps }] = await rows<{ sis: number; sps: number }>(
      sql`select count(*)::int as sis, (count(*) filter (where paid_amount > 0 and paid_amount >= amount_due))::int as sps
        from supplier_invoices where shop_id = ${shopId}`,
    );
    expect(docs).toBeGreaterThan(3);
    expect(first.body.total).toBe(docs + pays + zs + openings + sis + sps);
    for (const e of first.body.items) {
      const debit = e.lines.reduce((n: number, l: { debit: number }) => n + l.debit, 0);
      const credit = e.lines.reduce((n: number, l: { credit: number }) => n + l.credit, 0);
      expect(debit).toBe(credit);
      expect(debit).toBe(e.amount);
      if (e.source.kind === 'opening') expect(e.journal).toBe('AN');
      else if (e.source.kind === 'supplierInvoice' || e.source.kind === 'supplierPayment')
        expect(e.source.path).toBe(`/dashboard/purchases/invoices/${e.source.id}`);
      else if (e.source.kind === 'till') expect(e.source.path).toMatch(/^\/dashboard\/salespoints\/\d+\?tab=closings&closing=\d+$/);
      else if (e.source.kind === 'payment')
        expect(e.source.path).toMatch(new RegExp(`^/dashboard/payments\\?from=${e.date}&to=${e.date}&q=`));
      else
        expect(e.source.path).toBe(
          `/dashboard/orders/${{ invoice: 'bills', deposit: 'deposits', credit: 'credits' }[e.source.kind as string]}?open=${e.source.id}`,
        );
    }
    expect(first.body.totals.debit).toBe(first.body.totals.credit);
    // running it again posts nothing; the database refuses a second entry for a source
    await call('get', '/accounting/entries', owner);
    const again = await call('get', '/accounting/entries?pageSize=1', owner);
    expect(again.body.total).toBe(docs + pays + zs + openings + sis + sps);
    const seqs = await rows<{ journal: string; fiscal_year: string; nums: number[] }>(
      sql`select journal, fiscal_year::text, array_agg(num order by num) as nums from accounting_entries where shop_id = ${shopId} group by 1, 2`,
    );
    for (const s of seqs) expect(s.nums).toEqual(s.nums.map((_, i) => i + 1));
    // entries cannot be changed nor deleted (only their lettering)
    await expect(db().execute(sql`update accounting_entries set label = 'x' where shop_id = ${shopId}`)).rejects.toMatchObject(IMMUTABLE);
    await expect(db().execute(sql`delete from accounting_entry_lines where shop_id = ${shopId}`)).rejects.toMatchObject(IMMUTABLE);
  });

  it('the sales journal of a period adds up to the ventilation of that period', async () => {
    const to = paris();
    const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4)}`;
    const vent = await call('get', `/sales/ventilation?from=${from}&to=${to}`, owner);
    expect(vent.status).toBe(200);
    const bal = await call('get', `/accounting/balances?from=${from}&to=${to}&journal=VT`, owner);
    const codes = (await call('get', '/accounting/codes', owner)).body;
    const vatAccounts = new Set(Object.values(codes.vat));
    let ht = 0;
    let vat = 0;
    let clients = 0;
    for (const b of bal.body.items) {
      if (vatAccounts.has(b.account)) vat -= b.balance;
      else if (b.account.startsWith('411')) clients += b.balance;
      else ht -= b.balance;
    }
    expect(vent.body.totals.ht).toBeGreaterThan(0);
    expect(ht).toBe(vent.body.totals.ht);
    expect(vat).toBe(vent.body.totals.vat);
    expect(clients).toBe(vent.body.totals.ttc);
    // the VAT summary says the same
    const summary = await call('get', `/accounting/vat?from=${from}&to=${to}`, owner);
    expect(summary.status).toBe(200);
    expect(summary.body.totals.vat).toBe(vent.body.totals.vat);
    expect(summary.body.months[0].rows[0]).toMatchObject({ type: 'fr' });
  });

  it('a payment over two invoices letters both invoices and the payment with one code', async () => {
    const open = await rows<{ id: number; client_id: number; rest: number }>(sql`select id, client_id, amount_due - paid - credited as rest
      from invoices where shop_id = ${shopId} and kind = 'invoice' and amount_due - paid - credited > 0 and paid = 0 and credited = 0 order by id`);
    const byClient = new Map<number, typeof open>();
    for (const o of open) byClient.set(o.client_id, [...(byClient.get(o.client_id) ?? []), o]);
    let pair = [...byClient.values()].find((l) => l.length >= 2);
    if (!pair) {
      // a second invoice for the client of the first open one: an order invoiced through the api
      const o = open[0];
      const [inv] = await db().select().from(invoices).where(eq(invoices.id, o.id));
      const created = await call('post', '/sales/orders', owner, {
        clientId: o.client_id,
        lines: [{ label: 'Visite de cave', quantity: 2, unitPriceHT: 1500, vatRate: 20 }],
      });
      expect(created.status).toBe(201);
      expect((await call('post', `/sales/orders/${created.body.id}/actions/validate`, owner, {})).status).toBeLessThan(300);
      const billed = await call('post', `/sales/orders/${created.body.id}/actions/invoice`, owner, {});
      expect(billed.status).toBeLessThan(300);
      const [second] = await rows<{ id: number; client_id: number; rest: number }>(
        sql`select id, client_id, amount_due as rest from invoices where order_id = ${created.body.id} and kind = 'invoice'`,
      );
      pair = [{ ...o, rest: inv.amountDue }, second];
    }
    const [a, b] = pair;
    const paid = await call('post', '/sales/payments', owner, {
      clientId: a.client_id,
      direction: 'in',
      method: 'transfer',
      amount: a.rest + b.rest,
      paidAt: paris(),
      reference: 'VIR DEUX FACTURES',
      allocations: [
        { invoiceId: a.id, amount: a.rest },
        { invoiceId: b.id, amount: b.rest },
      ],
    });
    expect(paid.status).toBe(201);
    const lettered = await call('get', `/accounting/entries?clientId=${a.client_id}&lettered=true&pageSize=100`, owner);
    const group = lettered.body.items.filter(
      (e: { source: { kind: string; id: number } }) =>
        (e.source.kind === 'invoice' && [a.id, b.id].includes(e.source.id)) ||
        (e.source.kind === 'payment' && e.source.id === paid.body.id),
    );
    expect(group).toHaveLength(3);
    expect(new Set(group.map((e: { lettering: string }) => e.lettering)).size).toBe(1);
    expect(group[0].letteringDate).toBe(paris());
    const notLettered = await call('get', `/accounting/entries?clientId=${a.client_id}&lettered=false&pageSize=100`, owner);
    expect(notLettered.body.items.map((e: { id: number }) => e.id)).not.toContain(group[0].id);
  });

  it('an override of a product’s income account is used when its invoice is posted', async () => {
    const [f] = await rows<{ format_id: number; product_id: number; warehouse_id: number; client_id: number }>(sql`select s.format_id,
        f.product_id, s.warehouse_id, (select id from crm_clients where shop_id = ${shopId} and kind = 'professional' order by id limit 1) as client_id
      from stock_levels s join product_formats f on f.id = s.format_id join warehouses w on w.id = s.warehouse_id
      where w.shop_id = ${shopId} and s.on_hand >= 10 order by s.format_id limit 1`);
    const codes = (await call('get', '/accounting/codes', owner)).body;
    const bad = await call('put', '/accounting/codes', owner, {
      ...codes,
      overrides: [{ scope: 'product', key: 'abc', label: 'x', account: '70111' }],
    });
    expect(bad.body).toMatchObject({ field: 'overrides.0.key', message: 'Choisissez un produit ou indiquez une gamme' });
    const saved = await call('put', '/accounting/codes', owner, {
      ...codes,
      overrides: [{ scope: 'product', key: String(f.product_id), label: 'Cuvée', account: '70111' }],
    });
    expect(saved.status).toBe(200);
    const created = await call('post', '/sales/orders', owner, {
      clientId: f.client_id,
      warehouseId: f.warehouse_id,
      lines: [
        { formatId: f.format_id, quantity: 2 },
        { label: 'Visite', quantity: 1, unitPriceHT: 1000, vatRate: 20 },
        { label: 'Coffret découverte', quantity: 1, unitPriceHT: 2000, vatRate: 20, accountingType: 'box' },
      ],
    });
    expect(created.status).toBe(201);
    await call('post', `/sales/orders/${created.body.id}/actions/validate`, owner, {});
    expect((await call('post', `/sales/orders/${created.body.id}/actions/invoice`, owner, {})).status).toBeLessThan(300);
    const [inv] = await rows<{ id: number }>(sql`select id from invoices where order_id = ${created.body.id} and kind = 'invoice'`);
    const list = await call('get', `/accounting/entries?account=70111&pageSize=100`, owner);
    const entry = list.body.items.find(
      (e: { source: { id: number; kind: string } }) => e.source.kind === 'invoice' && e.source.id === inv.id,
    );
    expect(entry).toBeDefined();
    expect(entry.lines.find((l: { account: string }) => l.account === '70111').credit).toBeGreaterThan(0);
    // free lines: their own accounting type (a box), else a service
    expect(entry.lines.find((l: { account: string }) => l.account === '7073').credit).toBe(2000);
    expect(entry.lines.find((l: { account: string }) => l.account === '706').credit).toBe(1000);
    await call('put', '/accounting/codes', owner, codes);
  });

  it('filters by journal and account; shops stay apart; reading needs accessAccounting', async () => {
    const bank = await call('get', '/accounting/entries?journal=BQ&pageSize=100', owner);
    expect(bank.body.items.length).toBeGreaterThan(0);
    expect(bank.body.items.every((e: { journal: string }) => e.journal === 'BQ')).toBe(true);
    const vat = await call('get', '/accounting/entries?account=4457&pageSize=100', owner);
    expect(vat.body.items.every((e: { lines: Array<{ account: string }> }) => e.lines.some((l) => l.account.startsWith('4457')))).toBe(
      true,
    );
    expect(vat.body.totals.credit).toBeGreaterThan(0);
    expect((await call('get', '/accounting/entries?journal=XX', owner)).body).toMatchObject({ field: 'journal' });
    const other = await call('get', '/accounting/entries?pageSize=100', owner2);
    const mine = new Set(bank.body.items.map((e: { id: number }) => e.id));
    expect(other.body.items.some((e: { id: number }) => mine.has(e.id))).toBe(false);
    await iamWith({ seeAllOrder: true });
    expect((await call('get', '/accounting/entries', iam)).status).toBe(403);
    await iamWith({ accessAccounting: true });
    expect((await call('get', '/accounting/entries', iam)).status).toBe(200);
    expect((await call('put', '/accounting/settings', iam, {})).status).toBe(403);
    await iamWith(null);
  });

  it('the FEC of the year passes its checks, is named after the SIREN and closing date, and is streamed', async () => {
    const years = await call('get', '/accounting/fiscal-years', owner);
    const current = years.body.find((y: { current: boolean }) => y.current);
    const check = await call('get', `/accounting/fec/check?year=${current.year}`, owner);
    expect(check.status).toBe(200);
    expect(check.body.problems).toEqual([]);
    expect(check.body.sirenMissing).toBe(false);
    expect(check.body.fileName).toBe(`732829320FEC${current.to.replace(/-/g, '')}.txt`);
    const file = await call('get', `/accounting/fec?year=${current.year}`, owner).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(check.body.fileName);
    // ISO 8859-15 unless asked otherwise (A47 A-1 LPF)
    expect(file.headers['content-type']).toBe('text/plain; charset=ISO-8859-15');
    const text = iconv.decode(file.body as Buffer, 'iso-8859-15');
    expect(text.split('\r\n')[0]).toBe(FEC_HEADER);
    expect(text.split('\r\n').length - 2).toBe(check.body.lines);
    expect(fecProblems(text)).toEqual([]);
    expect((await call('get', '/accounting/fec?year=20', owner)).body).toMatchObject({ field: 'year' });
  });

  it('exports the entries for the accountant as CSV or XLSX in a chosen layout', async () => {
    const to = paris();
    const csv = await call('get', `/accounting/export?from=2000-01-01&to=${to}&format=csv&layout=sage`, owner).buffer(true).parse(binary);
    expect(csv.status).toBe(200);
    const lines = (csv.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Journal;Date;Compte;Tiers;Pièce;Libellé;Débit;Crédit');
    expect(lines[1]).toMatch(/^VT;\d\d\/\d\d\/\d{4};/);
    const xlsx = await call('get', `/accounting/export?from=2000-01-01&to=${to}&format=xlsx`, owner).buffer(true).parse(binary);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect((await call('get', `/accounting/export?from=${to}&to=2000-01-01`, owner)).body).toMatchObject({ field: 'to' });
  });

  it('settings: the fiscal year start moves the years; bad days and twice the same journal code are refused', async () => {
    const s = (await call('get', '/accounting/settings', owner)).body;
    expect(s).toMatchObject({ logStartMonth: 0, logStartDay: 1, journals: { VT: { code: 'VT' } }, clientPrefix: '411' });
    const bad = await call('put', '/accounting/settings', owner, { ...s, logStartMonth: 3, logStartDay: 31 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'logStartDay', message: 'Ce jour n’existe pas dans le mois choisi' });
    const twice = await call('put', '/accounting/settings', owner, {
      ...s,
      journals: { ...s.journals, BQ: { code: 'vt', label: 'Banque' } },
    });
    expect(twice.body).toMatchObject({ field: 'journals.BQ.code' });
    const saved = await call('put', '/accounting/settings', owner, { ...s, logStartMonth: 8, logStartDay: 1, exportLayout: 'ebp' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Paramètres comptables enregistrés');
    const years = (await call('get', '/accounting/fiscal-years', owner)).body;
    expect(years[0].from.slice(5)).toBe('09-01');
    expect(years[0].to.slice(5)).toBe('08-31');
    const shop = (await call('get', '/accounting/settings', owner)).body;
    expect(shop).toMatchObject({ logStartMonth: 8, exportLayout: 'ebp' });
    await call('put', '/accounting/settings', owner, s);
  });

  it('a closed month refuses documents and payments dated in it; reopening is the owner’s, with a reason, and recorded', async () => {
    const last = new Date();
    last.setUTCDate(1);
    last.setUTCMonth(last.getUTCMonth() - 1);
    const month = paris(last).slice(0, 7);
    const current = paris().slice(0, 7);
    expect((await call('post', `/accounting/periods/${current}/close`, owner)).status).toBe(409);
    expect((await call('post', '/accounting/periods/2026-13/close', owner)).status).toBe(404);
    const closed = await call('post', `/accounting/periods/${month}/close`, owner);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ month, status: 'closed', message: expect.stringMatching(/^Période .+ clôturée$/) });
    expect((await call('post', `/accounting/periods/${month}/close`, owner)).status).toBe(409);
    const [client] = await rows<{ client_id: number }>(
      sql`select client_id from invoices where shop_id = ${shopId} and client_id is not null limit 1`,
    );
    const payment = { clientId: client.client_id, direction: 'in', method: 'cheque', amount: 1000, paidAt: `${month}-15`, allocations: [] };
    const refused = await call('post', '/sales/payments', owner, payment);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^La période .+ est clôturée en comptabilité/);
    const entries = await call('get', `/accounting/entries?from=${month}-01&to=${month}-28&pageSize=5`, owner);
    expect(entries.body.items.every((e: { closed: boolean }) => e.closed)).toBe(true);

    await iamWith({ editAccountingCodes: true, accessAccounting: true });
    expect((await call('post', `/accounting/periods/${month}/reopen`, iam, { reason: 'Erreur' })).status).toBe(403);
    await iamWith(null);
    expect((await call('post', `/accounting/periods/${month}/reopen`, owner, { reason: ' ' })).body).toMatchObject({ field: 'reason' });
    const reopened = await call('post', `/accounting/periods/${month}/reopen`, owner, { reason: 'Facture oubliée' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.history.map((h: { action: string }) => h.action)).toEqual(['close', 'reopen']);
    expect(reopened.body.history[1]).toMatchObject({ reason: 'Facture oubliée' });
    expect((await call('post', '/sales/payments', owner, payment)).status).toBe(201);
    const list = await call('get', '/accounting/periods', owner);
    expect(list.body.length).toBeGreaterThanOrEqual(12);
  });
  it('a till day closed with no sale posts nothing and blocks neither the FEC nor the journals', async () => {
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"salesPoint":{"active":true}}' where id = ${shopId}`);
    const [w] = await rows<{ id: number }>(sql`select id from warehouses where shop_id = ${shopId} order by id limit 1`);
    const sp = await call('post', '/pos/salespoints', owner, { name: 'Caveau vide', warehouseId: w.id, methods: ['cash'] });
    expect(sp.status).toBe(201);
    const session = await call('post', `/pos/salespoints/${sp.body.id}/sessions`, owner, { float: 0 });
    expect(session.status).toBe(201);
    const z = await call('post', `/pos/sessions/${session.body.id}/close`, owner, { counted: { cash: 0 } });
    expect([z.status, z.body.kind, z.body.totals.tickets]).toEqual([200, 'day', 0]);
    const years = await call('get', '/accounting/fiscal-years', owner);
    const current = years.body.find((y: { current: boolean }) => y.current);
    const fec = await call('get', `/accounting/fec?year=${current.year}`, owner).buffer(true).parse(binary);
    expect(fec.status).toBe(200);
    expect(fecProblems(iconv.decode(fec.body as Buffer, 'iso-8859-15'))).toEqual([]);
    expect((await call('get', `/accounting/fec/check?year=${current.year}`, owner)).body.problems).toEqual([]);
    expect((await call('get', '/accounting/entries?journal=CA', owner)).status).toBe(200);
    // no entry for that closing, and no number used by it
    const posted = await rows<{ n: number }>(
      sql`select count(*)::int as n from accounting_entries where source_kind = 'till' and source_id = ${z.body.id}`,
    );
    expect(posted[0].n).toBe(0);
  });
});
