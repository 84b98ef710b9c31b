import request from 'supertest';
import iconv from 'iconv-lite';
import { and, eq, sql } from 'drizzle-orm';
import { salesOrderInputSchema, type SalesOrderInput } from 'shared-kernel/contracts';
import { FEC_COLUMNS, FEC_HEADER, fecProblems } from 'shared-kernel/domain';
import { bearer, binary, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { shopMembers, type ShopMemberRow } from '../../platform/db/tables';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { orders, type OrdersService } from '../orders';
import { createSalesService, invoices } from '../sales';
import { toLatin9 } from './accounting.encoding';

// Two fiscal years by hand (calendar years 2024 and 2025, the default fiscal year) on the demo shop, whose demo data is
// all in the current year: the opening entry (journal AN) of 2025 carries 2024's closing balances, per account and per
// open item of the client accounts, and lettering goes across the years. Then received supplier invoices (journal HA),
// and the FEC's encoding.

const paris = (d = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
const col = (name: (typeof FEC_COLUMNS)[number]) => FEC_COLUMNS.indexOf(name);
type Line = { account: string; auxiliary: string | null; debit: number; credit: number; pieceRef?: string; lettering?: string | null };
type Entry = { id: number; journal: string; date: string; source: { kind: string; id: number; path: string }; lines: Line[] };

describe('opening entries (AN), lettering across years, purchase journal (HA), FEC encoding', () => {
  let ctx: TestContext;
  let owner: string;
  let shopId: number;
  let member: ShopMemberRow;
  let now = new Date('2024-03-10T10:00:00Z');
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put', url: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(owner));
    return body === undefined ? r : r.send(body as object);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const sales = () =>
    createSalesService({
      db: db(),
      orders: {
        getOrder: async () => ({}),
        validateOrder: async () => ({ message: '' }),
        setStaffExtra: () => undefined,
      } as unknown as OrdersService,
      clock: () => now,
    });
  const auth = () => ({ user: { id: member.userId }, memberships: [member] }) as unknown as UserAuthContext;
  /** An invoice issued on `day` for one line of `ht` cents at `vatRate`; its row. */
  const invoice = async (day: string, clientId: number, ht: number, vatRate: number) => {
    now = new Date(`${day}T10:00:00Z`);
    const s = sales();
    const input: SalesOrderInput = {
      clientId,
      lines: [{ label: `Vin ${day}`, quantity: 1, unitPriceHT: ht, vatRate, accountingType: 'product' }],
    };
    await s.createOrder(auth(), member, salesOrderInputSchema.parse({ ...input }));
    const [o] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shopId, shopId))
      .orderBy(sql`${orders.id} desc`)
      .limit(1);
    await s.act(auth(), member, o.id, 'validate', { reason: null, carrier: null, trackingNumber: null });
    await s.act(auth(), member, o.id, 'invoice', { reason: null, carrier: null, trackingNumber: null });
    const [inv] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, 'invoice')));
    return inv;
  };
  const pay = async (day: string, clientId: number, invoiceId: number, amount: number, reference: string) => {
    const r = await call('post', '/sales/payments', {
      clientId,
      direction: 'in',
      method: 'transfer',
      amount,
      paidAt: day,
      reference,
      allocations: [{ invoiceId, amount }],
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  };
  const fec = async (year: number, encoding?: string) => {
    const file = await call('get', `/accounting/fec?year=${year}${encoding ? `&encoding=${encoding}` : ''}`)
      .buffer(true)
      .parse(binary);
    expect(file.status).toBe(200);
    return file;
  };
  const records = async (year: number) => {
    const text = iconv.decode((await fec(year)).body as Buffer, 'iso-8859-15');
    expect(text.split('\r\n')[0]).toBe(FEC_HEADER);
    expect(fecProblems(text)).toEqual([]);
    return text
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((r) => r.split('\t'));
  };
  const entriesOf = async (query: string): Promise<Entry[]> => (await call('get', `/accounting/entries?pageSize=100&${query}`)).body.items;

  let a: number;
  let b: number;
  let inv1: typeof invoices.$inferSelect;
  let inv3: typeof invoices.$inferSelect;
  let inv4: typeof invoices.$inferSelect;
  let codeA: string;
  let codeB: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    const [m] = await rows<{ shop_id: number }>(
      sql`select m.shop_id from shop_members m join users u on u.id = m.user_id where u.email = 'owner@demo.test'`,
    );
    shopId = m.shop_id;
    [member] = await db().select().from(shopMembers).where(eq(shopMembers.shopId, shopId)).orderBy(shopMembers.id).limit(1);
    await db().execute(sql`update shops set integration = integration || '{"accounting":{"active":true}}' where id = ${shopId}`);
    const clients = await rows<{ id: number; code: string }>(
      sql`select id, code from crm_clients where shop_id = ${shopId} and code is not null order by id limit 2`,
    );
    [{ id: a, code: codeA }, { id: b, code: codeB }] = clients;
    // nothing of the demo is dated before the current year: the two years below are the test's alone
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from invoices where shop_id = ${shopId} and issue_date < '2026-01-01'`,
    );
    expect(n).toBe(0);

    // 2024: INV1 (A) 100,00 HT + 20 % = 120,00, paid 50,00 in 2024; INV2 (B) 240,00 TTC cancelled by a credit note;
    // INV3 (B) 50,00 HT + 5,5 % = 52,75, unpaid; INV4 (A) 300,00 HT + 20 % = 360,00, paid in full in 2024
    inv1 = await invoice('2024-03-10', a, 10000, 20);
    await pay('2024-04-10', a, inv1.id, 5000, 'VIR INV1 ACOMPTE');
    const inv2 = await invoice('2024-05-10', b, 20000, 20);
    now = new Date('2024-06-10T10:00:00Z');
    await sales().creditNote(auth(), member, inv2.id, { settlement: 'credit', reason: 'Retour' });
    inv3 = await invoice('2024-09-10', b, 5000, 5.5);
    inv4 = await invoice('2024-10-10', a, 30000, 20);
    await pay('2024-11-10', a, inv4.id, 36000, 'VIR INV4');
    // 2025: the rest of INV1
    await pay('2025-02-10', a, inv1.id, 7000, 'VIR INV1 SOLDE');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('2025 opens with an AN entry equal to 2024’s closing balances, per account and open item, the result in 120000', async () => {
    const an = await entriesOf('journal=AN&from=2025-01-01&to=2025-01-01');
    expect(an).toHaveLength(1);
    const opening = an[0];
    expect(opening).toMatchObject({ journal: 'AN', date: '2025-01-01', source: { kind: 'opening', id: 2025 } });
    const l = (x: Line) => [x.account, x.auxiliary, x.debit, x.credit, x.pieceRef ?? null];
    // by hand: VAT 20 % 20 + 40 + 60 − 40 = 80,00; VAT 5,5 % 2,75; bank 50 + 360 = 410,00; sales 100 + 200 + 50 + 300 − 200
    // = 450,00 of profit; open items: INV1 120,00 and its 50,00 payment (A), INV3 52,75 (B); A's INV4 and B's INV2 settled
    expect(opening.lines.map(l)).toEqual([
      ['445712', null, 0, 8000, null],
      ['445713', null, 0, 275, null],
      ['512', null, 41000, 0, null],
      ['411', codeA, 12000, 0, inv1.number],
      ['411', codeA, 0, 5000, 'VIR INV1 ACOMPTE'],
      ['411', codeB, 5275, 0, inv3.number],
      ['120000', null, 0, 45000, null],
    ]);
    // numbered first of the AN journal of 2025
    const [row] = await rows<{ num: number }>(sql`select num from accounting_entries where id = ${opening.id}`);
    expect(row.num).toBe(1);
    // the balances of 2025 start from it; over both years it is not counted twice
    const bal2025 = (await call('get', '/accounting/balances?from=2025-01-01&to=2025-12-31')).body;
    expect(bal2025.items.find((x: { account: string }) => x.account === '512').balance).toBe(41000 + 7000);
    const both = (await call('get', '/accounting/balances?from=2024-01-01&to=2025-12-31')).body;
    expect(both.items.find((x: { account: string }) => x.account === '512').balance).toBe(41000 + 7000);
    expect(both.totals.debit).toBe(both.totals.credit);
  });

  it('the invoice of 2024 paid in 2025 is lettered in the 2025 FEC on its opening lines and the payment, not in 2024’s', async () => {
    const y2 = await records(2025);
    // the file starts with the opening entry
    expect(y2[0][col('JournalCode')]).toBe('AN');
    expect(y2[0][col('JournalLib')]).toBe('À nouveaux');
    const letOf = (r: string[]) => [r[col('EcritureLet')], r[col('DateLet')]];
    const anInv1 = y2.find((r) => r[col('JournalCode')] === 'AN' && r[col('PieceRef')] === inv1.number)!;
    const anPay1 = y2.find((r) => r[col('JournalCode')] === 'AN' && r[col('PieceRef')] === 'VIR INV1 ACOMPTE')!;
    const pay2 = y2.find((r) => r[col('PieceRef')] === 'VIR INV1 SOLDE' && r[col('CompteNum')] === '411')!;
    expect(anInv1[col('CompAuxNum')]).toBe(codeA);
    const [code, date] = letOf(pay2);
    expect(code).toMatch(/^[A-Z]{2,}$/);
    expect(date).toBe('20250210');
    expect(letOf(anInv1)).toEqual([code, '20250210']);
    expect(letOf(anPay1)).toEqual([code, '20250210']);
    // INV3 still open: not lettered; the opening's balances: never lettered
    const anInv3 = y2.find((r) => r[col('JournalCode')] === 'AN' && r[col('PieceRef')] === inv3.number)!;
    expect(letOf(anInv3)).toEqual(['', '']);
    // 2024's file: INV1 and its first payment were open at the closing; INV4 and its payment lettered within 2024
    const y1 = await records(2024);
    const inv1Line = y1.find((r) => r[col('PieceRef')] === inv1.number && r[col('CompteNum')] === '411')!;
    expect(letOf(inv1Line)).toEqual(['', '']);
    const inv4Lines = y1.filter((r) => [inv4.number, 'VIR INV4'].includes(r[col('PieceRef')]) && r[col('CompteNum')] === '411');
    expect(inv4Lines).toHaveLength(2);
    for (const r of inv4Lines) expect(r[col('DateLet')]).toBe('20241110');
    // the accountant's export has the opening entry, its open items with their piece and lettering
    const csv = await call('get', '/accounting/export?from=2025-01-01&to=2025-12-31&format=csv&layout=generic').buffer(true).parse(binary);
    const exported = (csv.body as Buffer)
      .toString('utf8')
      .split('\r\n')
      .map((r) => r.split(';'));
    const anRow = exported.find((r) => r[0] === 'AN' && r[8] === inv1.number)!;
    expect([anRow[1], anRow[6], anRow[13], anRow[14]]).toEqual(['À nouveaux', codeA, code, '10/02/2025']);
    // the check finds nothing
    const check = (await call('get', '/accounting/fec/check?year=2025')).body;
    expect(check.problems).toEqual([]);
    // the journals filter and its message know AN and HA
    expect((await call('get', '/accounting/entries?journal=XX')).body).toMatchObject({
      field: 'journal',
      message: 'Le paramètre journal accepte VT, BQ, CA, OD, HA ou AN',
    });
  });

  it('a late 2024 payment posted after the opening: the 2025 check names each account whose opening differs', async () => {
    await pay('2024-12-20', b, inv3.id, 5275, 'CHQ INV3 TARDIF');
    const check = (await call('get', '/accounting/fec/check?year=2025')).body;
    const messages = check.problems.map((p: { message: string }) => p.message);
    expect(messages).toEqual([
      `À-nouveaux : le compte 411 (auxiliaire ${codeB}) reprend 52,75 € au débit alors que son solde de clôture au 31/12/2024 est nul`,
      'À-nouveaux : le compte 512 reprend 410,00 € au débit alors que son solde de clôture au 31/12/2024 est 462,75 € au débit',
    ]);
    // the late payment stays in 2024, lettered with INV3 there
    const y1 = await records(2024);
    const late = y1.find((r) => r[col('PieceRef')] === 'CHQ INV3 TARDIF' && r[col('CompteNum')] === '411')!;
    expect(late[col('DateLet')]).toBe('20241220');
  });

  it('posts each received supplier invoice once in HA, and its payment in BQ lettered with it once paid in full', async () => {
    const day = paris();
    const [supplier] = await rows<{ id: number; company: string }>(
      sql`select id, company from suppliers where shop_id = ${shopId} order by id limit 1`,
    );
    const insert = (number: string, typeCode: string, vat: Array<{ rate: number; baseHT: number; vat: number }>) => {
      const ht = vat.reduce((n, v) => n + v.baseHT, 0);
      const tva = vat.reduce((n, v) => n + v.vat, 0);
      return rows<{
        id: number;
      }>(sql`insert into supplier_invoices (shop_id, supplier_id, number, type_code, issue_date, total_ht, total_vat,
          total_ttc, amount_due, vat, lines, seller, syntax, file_name, file_mime, file, file_sha256)
        values (${shopId}, ${supplier.id}, ${number}, ${typeCode}, ${day}, ${ht}, ${tva}, ${ht + tva}, ${ht + tva},
          ${JSON.stringify(vat.map((v) => ({ category: 'S', ...v })))}::jsonb, '[]'::jsonb, ${JSON.stringify({ name: supplier.company })}::jsonb,
          'cii', ${`${number}.xml`}, 'application/xml', ${Buffer.from(number)}, ${number}) returning id`);
    };
    // the demo may have received invoices of its own: what is below adds to them
    const balanceOf = async (account: string) =>
      ((await call('get', '/accounting/balances?journal=HA')).body.items as Array<{ account: string; balance: number }>)
        .filter((x) => x.account === account)
        .reduce((n, x) => n + x.balance, 0);
    const [before607, before445] = [await balanceOf('607000'), await balanceOf('445660')];
    // an invoice at two rates: 1 000,00 + 200,00 VAT and 100,00 + 5,50 VAT = 1 305,50; a credit note 50,00 + 10,00
    const [inv] = await insert('FA-2026-77', '380', [
      { rate: 20, baseHT: 100000, vat: 20000 },
      { rate: 5.5, baseHT: 10000, vat: 550 },
    ]);
    const [credit] = await insert('AV-2026-12', '381', [{ rate: 20, baseHT: 5000, vat: 1000 }]);
    const aux = `F${String(supplier.id).padStart(5, '0')}`;
    const ha = (await entriesOf('journal=HA')).filter((e) => [inv.id, credit.id].includes(e.source.id));
    const l = (x: Line) => [x.account, x.auxiliary, x.debit, x.credit];
    const invEntry = ha.find((e) => e.source.kind === 'supplierInvoice' && e.source.id === inv.id)!;
    expect(invEntry.lines.map(l)).toEqual([
      ['401000', aux, 0, 130550],
      ['607000', null, 100000, 0],
      ['445660', null, 20000, 0],
      ['607000', null, 10000, 0],
      ['445660', null, 550, 0],
    ]);
    expect(invEntry.source.path).toBe(`/dashboard/purchases/invoices/${inv.id}`);
    const creditEntry = ha.find((e) => e.source.kind === 'supplierInvoice' && e.source.id === credit.id)!;
    expect(creditEntry.lines.map(l)).toEqual([
      ['401000', aux, 6000, 0],
      ['607000', null, 0, 5000],
      ['445660', null, 0, 1000],
    ]);
    for (const e of [invEntry, creditEntry])
      expect(e.lines.reduce((n, x) => n + x.debit, 0)).toBe(e.lines.reduce((n, x) => n + x.credit, 0));
    expect(ha).toHaveLength(2);
    // in the FEC and the balances
    const year = Number(day.slice(0, 4));
    const file = await records(year);
    const haRecords = file.filter((r) => r[col('JournalCode')] === 'HA' && ['FA-2026-77', 'AV-2026-12'].includes(r[col('PieceRef')]));
    expect(haRecords).toHaveLength(8);
    expect(haRecords.find((r) => r[col('CompteNum')] === '401000')![col('CompAuxLib')]).toBe(supplier.company);
    const csv = await call('get', `/accounting/export?from=${day}&to=${day}&format=csv&layout=sage`).buffer(true).parse(binary);
    expect((csv.body as Buffer).toString('utf8')).toContain(`HA;${day.split('-').reverse().join('/')};401000;${aux};FA-2026-77;`);
    expect(await balanceOf('607000')).toBe(before607 + 100000 + 10000 - 5000);
    expect(await balanceOf('445660')).toBe(before445 + 20000 + 550 - 1000);
    // not paid: no payment; paid in part: none either; paid in full: BQ, 401 against 512, lettered with the invoice
    const paymentOf = async () =>
      (await entriesOf('journal=BQ')).filter((e) => e.source.kind === 'supplierPayment' && e.source.id === inv.id);
    expect(await paymentOf()).toEqual([]);
    await db().execute(sql`update supplier_invoices set paid_amount = 100000 where id = ${inv.id}`);
    expect(await paymentOf()).toEqual([]);
    await db().execute(sql`update supplier_invoices set paid_amount = 130550, paid_at = ${day} where id = ${inv.id}`);
    const bq = await paymentOf();
    expect(bq).toHaveLength(1);
    expect(bq[0].lines.map(l)).toEqual([
      ['401000', aux, 130550, 0],
      ['512', null, 0, 130550],
    ]);
    const lettered = await rows<{ source_kind: string; lettering: string | null }>(
      sql`select source_kind, lettering from accounting_entries where shop_id = ${shopId} and source_id = ${inv.id}
        and source_kind in ('supplierInvoice', 'supplierPayment')`,
    );
    expect(lettered).toHaveLength(2);
    expect(lettered[0].lettering).toMatch(/^[A-Z]{2,}$/);
    expect(lettered[1].lettering).toBe(lettered[0].lettering);
    const again = await records(year);
    const supplierLines = again.filter((r) => r[col('CompteNum')] === '401000' && r[col('PieceRef')] === 'FA-2026-77');
    expect(supplierLines).toHaveLength(2);
    expect(new Set(supplierLines.map((r) => r[col('EcritureLet')]))).toEqual(new Set([lettered[0].lettering]));
  });

  it('the FEC is ISO 8859-15 by default, UTF-8 on request; another encoding is refused naming the field', async () => {
    const latin = await fec(2024);
    expect(latin.headers['content-type']).toBe('text/plain; charset=ISO-8859-15');
    const bytes = latin.body as Buffer;
    // « TVA collectée 20 % »: é is the one byte 0xE9, never UTF-8's 0xC3 0xA9
    const label = iconv.encode('TVA collectée 20 %', 'iso-8859-15');
    expect(bytes.includes(label)).toBe(true);
    expect(label.includes(0xe9)).toBe(true);
    expect(bytes.includes(Buffer.from([0xc3, 0xa9]))).toBe(false);
    const utf8 = await fec(2024, 'utf-8');
    expect(utf8.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((utf8.body as Buffer).includes(Buffer.from('TVA collectée 20 %', 'utf8'))).toBe(true);
    expect(iconv.decode(bytes, 'iso-8859-15')).toBe(toLatin9((utf8.body as Buffer).toString('utf8')));
    const bad = await call('get', '/accounting/fec?year=2024&encoding=ebcdic');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'encoding', message: 'Le paramètre encoding accepte iso-8859-15 ou utf-8' });
  });

  it('after a change of the fiscal year’s start, each new year opens on its own first day and the check names the stale one', async () => {
    const s = (await call('get', '/accounting/settings')).body;
    try {
      expect((await call('put', '/accounting/settings', { ...s, logStartMonth: 6, logStartDay: 1 })).status).toBe(200);
      const current = (
        (await call('get', '/accounting/fiscal-years')).body as Array<{ year: number; from: string; current: boolean }>
      ).find((y) => y.current)!;
      expect(current.from.slice(5)).toBe('07-01');
      expect((await call('get', `/accounting/fec/check?year=${current.year}`)).body.problems).toEqual([]);
      const [own] = await rows<{ source_id: number }>(
        sql`select source_id from accounting_entries where shop_id = ${shopId} and source_kind = 'opening' and date = ${current.from}`,
      );
      // the calendar year 2026 had its opening already (1 January): this one is keyed by its day
      expect(own.source_id).toBe(Number(current.from.replace(/-/g, '')));
      const stale = (await call('get', '/accounting/fec/check?year=2025')).body.problems.map((p: { message: string }) => p.message);
      expect(stale).toContain(
        'Une écriture d’à-nouveaux est datée du 01/01/2026, qui n’est pas le premier jour de l’exercice (01/07/2025) : la date de début d’exercice a changé depuis',
      );
    } finally {
      await call('put', '/accounting/settings', s);
    }
  });

  it('characters ISO 8859-15 lacks get their plain form, not a question mark', () => {
    expect(toLatin9('Droits d’accises – « cuvée » … œuvre 10 €')).toBe("Droits d'accises - « cuvée » ... œuvre 10 €");
    expect(toLatin9('Brașov Łódź')).toBe('Brasov Lódz');
    expect(toLatin9('\u{1F377}')).toBe('?');
  });
});
