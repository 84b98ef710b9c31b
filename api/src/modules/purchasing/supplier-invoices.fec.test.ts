import { sql } from 'drizzle-orm';
import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { ciiInvoice, pdfWith, SELLER, SHOP_BUYER, totalsOf, ublInvoice, type TestInvoice } from './supplier-invoices.test-support';

/**
 * A supplier's invoice, whatever software wrote it (a Factur-X PDF, a CII or a UBL file), is received through the api
 * and ends in the purchase journal of the FEC: HA, the expense and the deductible VAT per rate against the supplier's
 * auxiliary account, for the invoice's own amounts (what an auditor reconciles with the supplier's file).
 */
describe('a received supplier invoice in the FEC (purchasing → accounting)', () => {
  let ctx: TestContext;
  let owner: string;
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));

  const invoice = (number: string): TestInvoice => ({
    number,
    issueDate: today,
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    seller: SELLER,
    buyer: SHOP_BUYER,
    lines: [
      { name: 'Barrique chêne français 225 L', quantity: 1, price: 68_000 },
      { name: 'Douelles de rechange', quantity: 3, price: 1_250, rate: 10 },
    ],
  });
  const upload = (filename: string, body: Buffer, type: string) =>
    request(ctx.app)
      .post(`/v1/supplier-invoices?filename=${encodeURIComponent(filename)}`)
      .set(bearer(owner))
      .set('Content-Type', type)
      .send(body);

  /** The FEC's records as objects, by the 18 column names of its header. */
  const fecRecords = async (): Promise<Array<Record<string, string>>> => {
    const res = await request(ctx.app).get(`/v1/accounting/fec?year=${year}&encoding=utf-8`).set(bearer(owner)).buffer(true);
    expect(res.status).toBe(200);
    const [header, ...rows] = res.text.split('\r\n').filter(Boolean);
    const names = header.split('\t');
    return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [names[i], v])));
  };
  const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    await ctx.handle.db.execute(
      sql`update shops set integration = integration || '{"purchase":{"active":true},"accounting":{"active":true}}'`,
    );
    owner = await loginAs(ctx.app, 'owner@demo.test');
  });
  afterAll(() => ctx.close());

  it.each([
    ['a CII file', 'TC-FEC-CII', async (inv: TestInvoice) => [Buffer.from(ciiInvoice(inv)), 'application/xml', 'facture.xml'] as const],
    ['a UBL file', 'TC-FEC-UBL', async (inv: TestInvoice) => [Buffer.from(ublInvoice(inv)), 'application/xml', 'invoice.xml'] as const],
    [
      'a Factur-X PDF',
      'TC-FEC-FX',
      async (inv: TestInvoice) => [await pdfWith(ciiInvoice(inv)), 'application/pdf', 'facture.pdf'] as const,
    ],
  ])('%s becomes a purchase invoice with its entry in the FEC', async (_kind, number, make) => {
    const inv = invoice(number);
    const [body, type, name] = await make(inv);
    const res = await upload(name, body, type);
    expect([res.status, res.body.message]).toEqual([201, 'Facture fournisseur reçue']);

    const { t } = totalsOf(inv);
    const lines = (await fecRecords()).filter((r) => r.JournalCode === 'HA' && r.PieceRef === number);
    expect(lines.length).toBeGreaterThan(0);
    // one entry, dated as the invoice, balanced
    expect(new Set(lines.map((l) => l.EcritureNum)).size).toBe(1);
    expect(new Set(lines.map((l) => l.PieceDate))).toEqual(new Set([today.replace(/-/g, '')]));
    const debit = lines.reduce((s, l) => s + cents(l.Debit), 0);
    const credit = lines.reduce((s, l) => s + cents(l.Credit), 0);
    expect(debit).toBe(credit);
    // the supplier's auxiliary account is credited with the TTC
    const supplier = lines.filter((l) => l.CompteNum.startsWith('401'));
    expect(supplier).toHaveLength(1);
    expect(supplier[0].CompAuxNum).not.toBe('');
    expect(cents(supplier[0].Credit)).toBe(t.taxInclusive);
    // the expense (HT) and the deductible VAT, per rate
    const sum = (prefix: string) => lines.filter((l) => l.CompteNum.startsWith(prefix)).reduce((s, l) => s + cents(l.Debit), 0);
    expect(sum('6')).toBe(t.taxExclusive);
    expect(sum('4456')).toBe(t.vat);
    expect(lines.filter((l) => l.CompteNum.startsWith('4456'))).toHaveLength(2);
  });
});
