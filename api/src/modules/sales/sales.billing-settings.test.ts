import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { SALES_MESSAGES } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { jobs, shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext, binary } from '../../test/test-app';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { extractFacturXXml } from './documents';
import { closePdfText, pdfFillColours, pdfText, plainSpaces, xmlValues } from './documents/test-utils';
import { createFollowUp } from './sales.followup';
import { invoices } from './sales.tables';

/**
 * Facturation and Documents settings as the owner saves them (PUT /v1/sales/settings/billing and /documents), seen on
 * the documents issued afterwards: numbers, due dates, the seller and the mentions printed and sent in Factur-X, the
 * refusal of an overpayment, the reminder sweep, the colour of the PDF.
 */

const BILLING = {
  companyName: 'Domaine de Démo SAS',
  legalForm: 'SAS',
  capital: 1_000_000,
  siret: '73282932000074',
  rcs: 'RCS Mâcon 732 829 320',
  vatNumber: 'FR44732829320',
  exciseNumber: 'FR012345E0001',
  address: { street: '1 route des Vignes', zipcode: '71000', city: 'Mâcon', country: 'FR' },
  email: 'compta@domaine-demo.test',
  phone: '03 85 00 00 01',
  invoicePrefix: 'F',
  creditPrefix: 'AV',
  quotePrefix: 'D',
  defaultPaymentDelay: '30',
  latePenalty: 'Pénalités de retard : trois fois le taux d’intérêt légal',
  legalMentions: 'Marchandises voyageant aux risques du destinataire',
  allowOverpayment: true,
  reminderDays: [7, 15, 30],
  banks: [{ label: 'Crédit Agricole', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', isDefault: true }],
};

/** `day` + n calendar days, YYYY-MM-DD (UTC arithmetic on a date without time: no daylight-saving shift). */
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The last day of the month of `day`. */
const endOfMonth = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const money = (cents: number) => plainSpaces(formatCents(cents));
const seqOf = (number: string) => Number(/-(\d+)$/.exec(number)![1]);

describe('Facturation and Documents settings take effect on the documents (modules/sales)', () => {
  let ctx: TestContext;
  let owner: string;
  let shopId: number;
  let clientId: number;
  const db = () => ctx.handle.db;
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
  const pad = (seq: number) => String(seq).padStart(5, '0');

  const call = (method: 'get' | 'post' | 'put', url: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(owner));
    return body === undefined ? r : r.send(body as object);
  };
  const saveBilling = async (changes: Record<string, unknown>) => {
    const res = await call('put', '/sales/settings/billing', { ...BILLING, ...changes });
    expect(res.status).toBe(200);
  };
  const LINES = [
    { label: 'Coffret dégustation', quantity: 2, unitPriceHT: 4500, vatRate: 20 },
    { label: 'Visite du chai', quantity: 1, unitPriceHT: 1500, vatRate: 20 },
  ];
  const newOrder = async (extra: Record<string, unknown> = {}) => {
    const res = await call('post', '/sales/orders', { clientId, lines: LINES, ...extra });
    expect(res.status).toBe(201);
    return res.body as { id: number; number: string; totalTTC: number };
  };
  type Doc = { id: number; number: string; kind: string; totalTTC: number; dueDate: string | null; paymentTerms: string };
  const detail = async (id: number) => (await call('get', `/sales/invoices/${id}`)).body;
  /** The order validated and invoiced: its invoice. */
  const invoice = async (orderId: number): Promise<Doc> => {
    expect((await call('post', `/sales/orders/${orderId}/actions/validate`, {})).status).toBe(200);
    const res = await call('post', `/sales/orders/${orderId}/actions/invoice`, {});
    expect(res.status).toBe(200);
    return detail(res.body.document.id as number);
  };
  /** A new order, validated and invoiced: its invoice. */
  const invoiced = async (): Promise<Doc> => invoice((await newOrder()).id);
  const pdfOf = async (url: string) => {
    const res = await call('get', url).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const issueDateOf = async (id: number) => (await db().select({ d: invoices.issueDate }).from(invoices).where(eq(invoices.id, id)))[0].d;

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [c] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave des Réglages',
        siret: '35600000000048',
        vatNumber: 'FR39356000000',
        email: 'reglages@test.test',
        addresses: [{ kind: 'billing', isDefault: true, street: '2 rue du Test', zipcode: '69001', city: 'Lyon', country: 'FR' }],
      })
      .returning();
    clientId = c.id;
    await saveBilling({});
  });
  afterAll(async () => {
    await closePdfText();
    await ctx.close();
  });

  it('identity, address, mentions, penalties and default account: the next invoice, its credit note and a quote carry the new ones, in the PDF and the Factur-X XML; an earlier invoice keeps its own', async () => {
    const before = await invoiced();
    const changed = {
      legalForm: 'SCEA',
      capital: 1_234_500,
      rcs: 'RCS Dijon 732 829 320',
      exciseNumber: 'FR099999E0042',
      email: 'factures@domaine-demo.test',
      phone: '03 80 12 34 56',
      address: { street: '8 rue des Pressoirs', street2: 'Bâtiment B', zipcode: '21200', city: 'Beaune', country: 'FR' },
      legalMentions: 'Réserve de propriété jusqu’au paiement intégral du prix',
      latePenalty: 'Pénalités de retard : 12 % par an',
      // the first account stays, the second becomes the default one
      banks: [
        { ...BILLING.banks[0], isDefault: false },
        { label: 'Banque Postale', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR', isDefault: true },
      ],
    };
    await saveBilling(changed);
    const after = await invoiced();

    // the document model: the seller as saved, the free mention among the legal ones
    const doc = await detail(after.id);
    expect(doc.seller).toMatchObject({
      name: BILLING.companyName,
      legalForm: changed.legalForm,
      capital: changed.capital,
      rcs: changed.rcs,
      exciseNumber: changed.exciseNumber,
      email: changed.email,
      phone: changed.phone,
      address: changed.address,
    });
    expect(doc.legalMentions).toContain(changed.legalMentions);
    const old = await detail(before.id);
    expect(old.seller).toMatchObject({
      legalForm: BILLING.legalForm,
      capital: BILLING.capital,
      rcs: BILLING.rcs,
      address: BILLING.address,
    });
    expect(old.legalMentions).toContain(BILLING.legalMentions);
    expect(old.legalMentions).not.toContain(changed.legalMentions);

    // the PDF shows them (the legal form and capital as 'SCEA au capital de 12 345,00 €'), and the default account
    const pdf = await pdfOf(`/sales/invoices/${after.id}/pdf`);
    const { text } = await pdfText(pdf);
    const expected = [
      `${changed.legalForm} au capital de ${money(changed.capital)}`,
      changed.rcs,
      `N° d’accise ${changed.exciseNumber}`,
      changed.email,
      `Tél. ${changed.phone}`,
      changed.address.street,
      changed.address.street2,
      `${changed.address.zipcode} ${changed.address.city}`,
      changed.legalMentions,
      changed.latePenalty,
      'Banque Postale – IBAN FR14 2004 1010 0505 0001 3M02 606 – BIC PSSTFRPPPAR',
    ];
    for (const t of expected) expect(text).toContain(t);
    expect(text).not.toContain('FR76 3000 6000');
    expect(text).not.toContain(BILLING.rcs);
    expect(text).not.toContain(BILLING.latePenalty);

    // the Factur-X XML: contact, address, payee account, and the mentions as notes
    const xml = (await extractFacturXXml(pdf))!;
    const seller = /<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/.exec(xml)![0];
    expect(xmlValues(seller, 'ram:CompleteNumber')).toEqual([changed.phone]);
    // the contact's mail, then the seller's electronic address: its SIREN (scheme 0225 of the French reform)
    expect(xmlValues(seller, 'ram:URIID')).toEqual([changed.email, BILLING.siret.slice(0, 9)]);
    expect(xmlValues(seller, 'ram:LineOne')).toEqual([changed.address.street]);
    expect(xmlValues(seller, 'ram:LineTwo')).toEqual([changed.address.street2]);
    expect(xmlValues(seller, 'ram:PostcodeCode')).toEqual([changed.address.zipcode]);
    expect(xmlValues(seller, 'ram:CityName')).toEqual([changed.address.city]);
    expect(xmlValues(xml, 'ram:IBANID')).toEqual([changed.banks[1].iban]);
    expect(xmlValues(xml, 'ram:BICID')).toEqual([changed.banks[1].bic]);
    const notes = xmlValues(xml, 'ram:Content');
    expect(notes).toContain(
      `${BILLING.companyName} – ${changed.legalForm} au capital de ${money(changed.capital)} – ${changed.rcs} – N° d’accise ${changed.exciseNumber}`,
    );
    expect(notes).toContain(changed.latePenalty);
    expect(notes).toContain(changed.legalMentions);

    // the invoice issued before is printed as it was issued
    const oldText = (await pdfText(await pdfOf(`/sales/invoices/${before.id}/pdf`))).text;
    expect(oldText).toContain(BILLING.rcs);
    expect(oldText).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(oldText).not.toContain(changed.rcs);

    // a credit note issued now, even of the earlier invoice, is the seller's as it is now
    const credit = await call('post', `/sales/invoices/${before.id}/credit-notes`, { settlement: 'credit' });
    expect(credit.status).toBe(201);
    expect(credit.body.seller).toMatchObject({ legalForm: changed.legalForm, rcs: changed.rcs, address: changed.address });
    const creditPdf = await pdfOf(`/sales/invoices/${credit.body.id}/pdf`);
    const creditXml = (await extractFacturXXml(creditPdf))!;
    expect(xmlValues(creditXml, 'ram:Content')[0]).toContain(changed.rcs);
    // it names the invoice it corrects with that invoice's date (BT-25, BT-26), once, in the XML and on paper
    const issued = await issueDateOf(before.id);
    const ref = /<ram:InvoiceReferencedDocument>[\s\S]*?<\/ram:InvoiceReferencedDocument>/.exec(creditXml)![0];
    expect(xmlValues(ref, 'ram:IssuerAssignedID')).toEqual([before.number]);
    expect(xmlValues(ref, 'qdt:DateTimeString')).toEqual([issued.replace(/-/g, '')]);
    const creditText = (await pdfText(creditPdf)).text;
    const mention = `Avoir sur la facture n° ${before.number} du ${issued.split('-').reverse().join('/')}`;
    expect(creditText.split(mention)).toHaveLength(2);

    // a quote prints the same identity and mentions
    const q = await newOrder({ subType: 'quote' });
    const quote = (await pdfText(await pdfOf(`/sales/orders/${q.id}/quote.pdf`))).text;
    for (const t of [changed.rcs, `Tél. ${changed.phone}`, changed.address.street2, changed.legalMentions, changed.latePenalty])
      expect(quote).toContain(t);
  });

  it('the prefixes of invoices, credit notes and quotes: the next numbers take the new one and go on with the year’s series, without gap nor duplicate', async () => {
    const lastInvoice = await invoiced();
    const lastCredit = await call('post', `/sales/invoices/${lastInvoice.id}/credit-notes`, { lines: [{ index: 1, quantity: 1 }] });
    const lastQuote = (await call('get', `/orders/${(await newOrder({ subType: 'quote' })).id}`)).body.sales.quoteNumber as string;
    expect([lastInvoice.number, lastCredit.body.number, lastQuote]).toEqual([
      expect.stringMatching(new RegExp(`^F${year}-\\d{5}$`)),
      expect.stringMatching(new RegExp(`^AV${year}-\\d{5}$`)),
      expect.stringMatching(new RegExp(`^D${year}-\\d{5}$`)),
    ]);

    await saveBilling({ invoicePrefix: 'FAC', creditPrefix: 'AVR', quotePrefix: 'DEV' });
    const inv = await invoiced();
    expect(inv.number).toBe(`FAC${year}-${pad(seqOf(lastInvoice.number) + 1)}`);
    // a deposit invoice is in the invoice series
    const o = await newOrder();
    const deposit = await call('post', `/sales/orders/${o.id}/deposits`, { percent: 30 });
    expect(deposit.status).toBe(201);
    expect(deposit.body.number).toBe(`FAC${year}-${pad(seqOf(lastInvoice.number) + 2)}`);
    const credit = await call('post', `/sales/invoices/${inv.id}/credit-notes`, { lines: [{ index: 1, quantity: 1 }] });
    expect(credit.status).toBe(201);
    expect(credit.body.number).toBe(`AVR${year}-${pad(seqOf(lastCredit.body.number) + 1)}`);
    const quote = (await call('get', `/orders/${(await newOrder({ subType: 'quote' })).id}`)).body.sales.quoteNumber;
    expect(quote).toBe(`DEV${year}-${pad(seqOf(lastQuote) + 1)}`);
    // the documents issued before keep their number
    expect((await detail(lastInvoice.id)).number).toBe(lastInvoice.number);

    // back to the first prefix: the series goes on, it does not start again
    await saveBilling({});
    const back = await invoiced();
    expect(back.number).toBe(`F${year}-${pad(seqOf(lastInvoice.number) + 3)}`);

    const rows = await db()
      .select({ series: invoices.series, seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.shopId, shopId), eq(invoices.year, Number(year))));
    for (const series of ['invoice', 'credit']) {
      const seqs = rows
        .filter((r) => r.series === series)
        .map((r) => r.seq)
        .sort((a, b) => a - b);
      expect([series, seqs]).toEqual([series, Array.from({ length: seqs.length }, (_, i) => i + 1)]);
    }
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    const quotes = await db()
      .select({ n: orders.quoteNumber })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), sql`${orders.quoteNumber} is not null`));
    expect(new Set(quotes.map((q) => q.n)).size).toBe(quotes.length);
  });

  it('two series cannot share a prefix, nor take one the other series used this year: their numbers would meet', async () => {
    const same = await call('put', '/sales/settings/billing', { ...BILLING, creditPrefix: 'F' });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ field: 'creditPrefix', message: 'Ce préfixe est déjà celui des factures' });
    const quote = await call('put', '/sales/settings/billing', { ...BILLING, quotePrefix: 'av' });
    expect(quote.body).toMatchObject({ field: 'quotePrefix', message: 'Ce préfixe est déjà celui des avoirs' });
    // this year's invoices are numbered F…: credit notes numbered F… would meet them, even once invoices are FAC…
    const swapped = await call('put', '/sales/settings/billing', { ...BILLING, invoicePrefix: 'FAC', creditPrefix: 'F' });
    expect(swapped.status).toBe(400);
    expect(swapped.body).toMatchObject({ field: 'creditPrefix', message: `Ce préfixe est déjà celui des factures de ${year}` });
    // nothing saved: the next credit note is still AV…
    const inv = await invoiced();
    const credit = await call('post', `/sales/invoices/${inv.id}/credit-notes`, {});
    expect(credit.body.number).toMatch(new RegExp(`^AV${year}-\\d{5}$`));
  });

  it('the default payment delay: the due date and terms of the next orders’ invoices and quotes follow it', async () => {
    await saveBilling({ defaultPaymentDelay: '45' });
    const at45 = await newOrder();
    const a = await invoiced();
    const issuedA = await issueDateOf(a.id);
    expect(a.dueDate).toBe(plusDays(issuedA, 45));
    expect(a.paymentTerms).toBe('Paiement à 45 jours');

    await saveBilling({ defaultPaymentDelay: '60EndOfMonth' });
    const b = await invoiced();
    const issuedB = await issueDateOf(b.id);
    // 60 days after the issue, then the end of that month
    const dueB = endOfMonth(plusDays(issuedB, 60));
    expect(b.dueDate).toBe(dueB);
    const pdf = await pdfOf(`/sales/invoices/${b.id}/pdf`);
    expect((await pdfText(pdf)).text).toContain('Conditions de paiement : Paiement à 60 jours fin de mois');
    expect(xmlValues((await extractFacturXXml(pdf))!, 'udt:DateTimeString')).toContain(dueB.replace(/-/g, ''));
    const q = await newOrder({ subType: 'quote' });
    expect((await pdfText(await pdfOf(`/sales/orders/${q.id}/quote.pdf`))).text).toContain(
      'Conditions de paiement : Paiement à 60 jours fin de mois',
    );

    // an order keeps the delay it was taken with
    const late = await invoice(at45.id);
    expect(late.dueDate).toBe(plusDays(await issueDateOf(late.id), 45));
  });

  it('« Accepter les trop-perçus » off: a payment above what it settles is refused on its amount; on: the rest becomes the client’s credit', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const balance = async () => (await call('get', `/sales/credits?clientId=${clientId}`)).body.items[0]?.balance ?? 0;
    const credit0 = await balance();
    const paymentsOf = async (invoiceId: number) =>
      (await call('get', `/sales/payments?clientId=${clientId}&pageSize=100`)).body.items.filter(
        (p: { allocations: Array<{ invoiceId: number }> }) => p.allocations.some((x) => x.invoiceId === invoiceId),
      );

    await saveBilling({ allowOverpayment: false });
    const inv = await invoiced();
    const over = { clientId, method: 'transfer', amount: inv.totalTTC + 500, paidAt: today };
    const refused = await call('post', '/sales/payments', { ...over, allocations: [{ invoiceId: inv.id, amount: inv.totalTTC }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'amount',
      message: 'Le trop-perçu n’est pas accepté : le montant dépasse le reste à payer',
    });
    const unallocated = await call('post', '/sales/payments', { ...over, allocations: [] });
    expect(unallocated.body).toMatchObject({ field: 'amount' });
    expect(await paymentsOf(inv.id)).toEqual([]);
    expect(await detail(inv.id)).toMatchObject({ paymentStatus: 'pending', remaining: inv.totalTTC });
    expect(await balance()).toBe(credit0);
    // what the invoice owes, no more, is taken
    const exact = await call('post', '/sales/payments', {
      ...over,
      amount: inv.totalTTC,
      allocations: [{ invoiceId: inv.id, amount: inv.totalTTC }],
    });
    expect(exact.status).toBe(201);
    expect(await detail(inv.id)).toMatchObject({ paymentStatus: 'paid', remaining: 0 });

    await saveBilling({ allowOverpayment: true });
    const next = await invoiced();
    const kept = await call('post', '/sales/payments', {
      ...over,
      amount: next.totalTTC + 500,
      allocations: [{ invoiceId: next.id, amount: next.totalTTC }],
    });
    expect(kept.status).toBe(201);
    expect(kept.body.unallocated).toBe(500);
    expect(await balance()).toBe(credit0 + 500);
  });

  it('« Relances des impayés » at J+3 and J+10: the sweep sends those two levels on those days, the second as the last', async () => {
    const followUp = createFollowUp(db());
    const inv = await invoiced();
    const due = inv.dueDate!;
    const mails = async () =>
      (
        await db()
          .select({ key: jobs.dedupeKey, payload: jobs.payload })
          .from(jobs)
          .where(sql`${jobs.dedupeKey} like ${`invoice-reminder:${inv.id}:%`}`)
      ).map((j) => ({ key: j.key, ...(j.payload as { subject: string; text: string }) }));
    const level = async () => (await detail(inv.id)).reminderLevel as number;

    // the default days (J+7, J+15, J+30): nothing 5 days after the due date
    await followUp.sendDueReminders(plusDays(due, 5));
    expect([await level(), await mails()]).toEqual([0, []]);

    await saveBilling({ reminderDays: [3, 10] });
    await followUp.sendDueReminders(plusDays(due, 2));
    expect(await level()).toBe(0);
    await followUp.sendDueReminders(plusDays(due, 3));
    expect(await level()).toBe(1);
    await followUp.sendDueReminders(plusDays(due, 9));
    expect(await level()).toBe(1);
    await followUp.sendDueReminders(plusDays(due, 10));
    expect(await level()).toBe(2);
    // no third level: two days were set
    await followUp.sendDueReminders(plusDays(due, 45));
    expect(await level()).toBe(2);
    const sent = await mails();
    expect(sent.map((m) => m.key).sort()).toEqual([`invoice-reminder:${inv.id}:1`, `invoice-reminder:${inv.id}:2`]);
    const [first, last] = [1, 2].map((n) => sent.find((m) => m.key === `invoice-reminder:${inv.id}:${n}`)!);
    expect(first.subject).toBe(`Relance n° 1 : facture ${inv.number} — ${BILLING.companyName}`);
    expect(last.subject).toBe(`Dernière relance : facture ${inv.number} — ${BILLING.companyName}`);
    expect(last.text).toContain('Sans règlement de votre part sous 8 jours');
    expect(first.text).toContain(BILLING.latePenalty);
  });

  it('« Couleur des titres »: the PDF of an invoice issued after the change is drawn in it; one made before keeps its colour', async () => {
    const look = async (color: string) =>
      expect((await call('put', '/sales/settings/documents', { color, logo: null, footer: null })).status).toBe(200);
    await look('#1d6b4f');
    const green = await invoiced();
    const greenPdf = await pdfOf(`/sales/invoices/${green.id}/pdf`);
    await look('#cc5500');
    const orange = await invoiced();
    const greenFills = await pdfFillColours(greenPdf);
    const orangeFills = await pdfFillColours(await pdfOf(`/sales/invoices/${orange.id}/pdf`));
    // the same drawing, the accented places in the colour saved when each PDF was made
    const places = greenFills.flatMap((c, i) => (c === '#1d6b4f' ? [i] : []));
    expect(places.length).toBeGreaterThanOrEqual(3);
    expect(orangeFills.flatMap((c, i) => (c === '#cc5500' ? [i] : []))).toEqual(places);
    expect(orangeFills).not.toContain('#1d6b4f');
    // kept as made: the first invoice's PDF is the same bytes after the change
    expect((await pdfOf(`/sales/invoices/${green.id}/pdf`)).equals(greenPdf)).toBe(true);
  });

  it('« Pénalités de retard » cannot be left empty: a mandatory mention of every invoice (and its PMD note)', async () => {
    const empty = await call('put', '/sales/settings/billing', { ...BILLING, latePenalty: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'latePenalty', message: SALES_MESSAGES.latePenaltyRequired });
  });
});
