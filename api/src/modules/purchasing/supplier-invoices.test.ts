import { and, count, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import request from 'supertest';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, binary, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { purchaseOrders, supplierInvoices, suppliers } from './purchasing.tables';
import { ciiInvoice, pdfWith, SELLER, SHOP_BUYER, ublInvoice, type TestInvoice } from './supplier-invoices.test-support';

const BASE: TestInvoice = {
  number: 'TC-2026-0001',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  seller: SELLER,
  buyer: SHOP_BUYER,
  lines: [
    { name: 'Barrique chêne français 225 L', quantity: 2, price: 68_000 },
    { name: 'Douelles de rechange', quantity: 10, price: 1_250, rate: 10 },
  ],
};
// 2 × 680 + 10 × 12,50 = 1 485,00 HT; TVA 272,00 + 12,50 = 284,50; TTC 1 769,50
const TTC = 176_950;

describe('supplier e-invoices received (modules/purchasing)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let domaineId: number;
  const db = () => ctx.handle.db;

  const upload = (token: string, filename: string, body: Buffer | string, type = 'application/xml') =>
    request(ctx.app)
      .post(`/v1/supplier-invoices?filename=${encodeURIComponent(filename)}`)
      .set(bearer(token))
      .set('Content-Type', type)
      .send(Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'));
  const storedCount = async () => Number((await db().select({ n: count() }).from(supplierInvoices))[0].n);
  const refusedWithout = async (res: request.Response, status: number, message: RegExp, before: number) => {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, field: 'file' });
    expect(res.body.message).toMatch(message);
    expect(await storedCount()).toBe(before);
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    await db().execute(sql`update shops set integration = integration || '{"purchase":{"active":true}}'`);
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    domaineId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
  });
  afterAll(() => ctx.close());

  it('the demo data holds a received invoice of the négociant, matched to its received purchase order', async () => {
    const list = await request(ctx.app).get('/v1/supplier-invoices?q=lacombe').set(bearer(owner));
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    const detail = await request(ctx.app).get(`/v1/supplier-invoices/${list.body.items[0].id}`).set(bearer(owner));
    expect(detail.body).toMatchObject({
      supplierName: 'Maison Lacombe Négoce',
      syntax: 'cii',
      receivedVia: 'mail',
      paymentStatus: 'toPay',
    });
    expect(detail.body.purchaseOrderId).toEqual(expect.any(Number));
    expect(detail.body.lines.every((l: { purchaseOrderLineId: number | null }) => l.purchaseOrderLineId !== null)).toBe(true);
    expect(detail.body.totalTTCCents).toBe(detail.body.totalHTCents + detail.body.totalVATCents);
    // received once the shop's billing identity exists: the buyer is checked, nothing to warn about
    expect(detail.body.findings).toEqual([]);
  });

  it('receives a CII invoice: totals stored in cents, supplier created from the seller, original file kept', async () => {
    const xml = ciiInvoice(BASE);
    const res = await upload(owner, 'facture-tonnellerie.xml', xml);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Facture fournisseur reçue',
      number: 'TC-2026-0001',
      typeCode: '380',
      syntax: 'cii',
      issueDate: '2026-03-02',
      dueDate: '2026-04-01',
      totalHTCents: 148_500,
      totalVATCents: 28_450,
      totalTTCCents: TTC,
      amountDueCents: TTC,
      paidAmountCents: 0,
      supplierName: 'Tonnellerie des Coteaux',
      seller: { name: 'Tonnellerie des Coteaux', siren: '552100554', vatNumber: 'FR96552100554', email: 'factures@tonnellerie.test' },
      vat: [
        { category: 'S', rate: 20, baseHTCents: 136_000, vatCents: 27_200 },
        { category: 'S', rate: 10, baseHTCents: 12_500, vatCents: 1_250 },
      ],
      findings: [],
      purchaseOrderId: null,
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        label: 'Barrique chêne français 225 L',
        quantity: 2,
        unitPriceCents: 68_000,
        totalHTCents: 136_000,
        vatRate: 20,
      }),
      expect.objectContaining({ label: 'Douelles de rechange', quantity: 10, unitPriceCents: 1_250, totalHTCents: 12_500, vatRate: 10 }),
    ]);
    const [supplier] = await db().select().from(suppliers).where(eq(suppliers.id, res.body.supplierId));
    expect(supplier).toMatchObject({
      shopId: domaineId,
      company: 'Tonnellerie des Coteaux',
      vatNumber: 'FR96552100554',
      email: 'factures@tonnellerie.test',
    });
    expect(supplier.address).toMatchObject({ city: 'Beaune', zip: '21200', country: 'FR' });

    const file = await request(ctx.app).get(`/v1/supplier-invoices/${res.body.id}/file`).set(bearer(owner)).buffer(true).parse(binary);
    expect(file.status).toBe(200);
    expect((file.body as Buffer).toString('utf8')).toBe(xml);
    expect(file.headers['content-disposition']).toContain('facture-tonnellerie.xml');

    const list = await request(ctx.app).get('/v1/supplier-invoices?q=tonnellerie').set(bearer(owner));
    expect(list.body.items.map((i: { id: number }) => i.id)).toContain(res.body.id);
  });

  it('refuses the same file twice, and the same number from the same supplier (409, nothing stored)', async () => {
    const xml = ciiInvoice({ ...BASE, number: 'TC-DUP-1' });
    expect((await upload(owner, 'a.xml', xml)).status).toBe(201);
    const before = await storedCount();
    const again = await upload(owner, 'a-bis.xml', xml);
    await refusedWithout(again, 409, /^Cette facture a déjà été reçue$/, before);
    const sameNumber = await upload(owner, 'b.xml', ublInvoice({ ...BASE, number: 'TC-DUP-1' }));
    await refusedWithout(sameNumber, 409, /La facture TC-DUP-1 de Tonnellerie des Coteaux a déjà été reçue/, before);
  });

  it('receives a UBL invoice from a known supplier (matched by SIREN) and a UBL credit note (381)', async () => {
    const known = await request(ctx.app)
      .post('/v1/suppliers')
      .set(bearer(owner))
      .send({ company: 'Bouchonnerie Lacoste', siret: '44306184100047', email: 'contact@lacoste.test' });
    expect(known.status).toBe(201);
    const seller = { name: 'BOUCHONNERIE LACOSTE SARL', siren: '443061841', vatNumber: 'FR64443061841' };
    const inv = await upload(
      owner,
      'ubl.xml',
      ublInvoice({ ...BASE, number: 'BL-77', seller, lines: [{ name: 'Bouchons', quantity: 1000, price: 32 }] }),
    );
    expect(inv.status).toBe(201);
    expect(inv.body).toMatchObject({
      supplierId: known.body.id,
      supplierName: 'Bouchonnerie Lacoste',
      syntax: 'ubl',
      totalTTCCents: 38_400,
    });

    const credit = await upload(
      owner,
      'avoir.xml',
      ublInvoice({ ...BASE, number: 'AV-12', seller, lines: [{ name: 'Bouchons défectueux', quantity: 100, price: 32 }] }, true),
    );
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({
      supplierId: known.body.id,
      typeCode: '381',
      totalHTCents: 3_200,
      totalTTCCents: 3_840,
      dueDate: '2026-04-01',
    });
  });

  it('receives a Factur-X PDF and matches its lines to the purchase order it references (BT-13)', async () => {
    const supplier = await request(ctx.app)
      .post('/v1/suppliers')
      .set(bearer(owner))
      .send({ company: 'Cartonnerie du Val', siret: '40483304800014', email: 'x@cartonnerie.test' });
    expect(supplier.status).toBe(201);
    const seller = { name: 'CARTONNERIE DU VAL SAS', siren: '404833048', email: 'compta@cartonnerie.test' };
    const order = await request(ctx.app)
      .post('/v1/purchases')
      .set(bearer(owner))
      .send({
        supplierId: supplier.body.id,
        lines: [
          { label: 'Cartons 6 bouteilles imprimés', quantity: 500, unitCostCents: 85 },
          { label: 'Intercalaires', quantity: 500, unitCostCents: 12 },
        ],
      });
    expect(order.status).toBe(201);
    await db().update(purchaseOrders).set({ status: 'sent' }).where(eq(purchaseOrders.id, order.body.id));

    const xml = ciiInvoice({
      ...BASE,
      number: 'CV-2026-14',
      seller,
      orderReference: order.body.number,
      lines: [
        { name: 'Intercalaires carton', quantity: 500, price: 12 },
        { name: 'CARTONS 6 bouteilles imprimés', quantity: 500, price: 85 },
      ],
    });
    const res = await upload(owner, 'CV-2026-14.pdf', await pdfWith(xml), 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      syntax: 'factur-x',
      fileMime: 'application/pdf',
      supplierId: supplier.body.id,
      purchaseOrderId: order.body.id,
      purchaseOrderNumber: order.body.number,
    });
    // the label decides the cartons; the intercalaires share quantity and price with the second order line
    expect(res.body.lines.map((l: { purchaseOrderLineId: number | null }) => l.purchaseOrderLineId)).toEqual([
      order.body.lines[1].id,
      order.body.lines[0].id,
    ]);
  });

  it('refuses hostile and broken files with a French message naming the file, nothing stored', async () => {
    const before = await storedCount();
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><a>&xxe;</a></rsm:CrossIndustryInvoice>`;
    await refusedWithout(await upload(owner, 'xxe.xml', xxe), 400, /DOCTYPE ou des entités/, before);
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n<Invoice>&lol3;</Invoice>`;
    await refusedWithout(await upload(owner, 'lol.xml', laughs), 400, /DOCTYPE ou des entités/, before);
    await refusedWithout(await upload(owner, 'notes.txt', 'Bonjour, voici notre facture.'), 400, /ni un PDF Factur-X, ni un XML/, before);
    await refusedWithout(await upload(owner, 'cut.xml', ciiInvoice(BASE).slice(0, 400)), 400, /mal formé/, before);
    await refusedWithout(
      await upload(owner, 'other.xml', '<?xml version="1.0"?><Order><ID>1</ID></Order>'),
      400,
      /n'est pas une facture CII/,
      before,
    );
    await refusedWithout(
      await upload(owner, 'scan.pdf', await pdfWith(null), 'application/pdf'),
      400,
      /aucun fichier factur-x\.xml/,
      before,
    );
    await refusedWithout(await upload(owner, 'empty.xml', ''), 400, /vide/, before);
    const deep = `<Invoice>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</Invoice>`;
    await refusedWithout(await upload(owner, 'deep.xml', deep), 400, /mal formé/, before);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    await refusedWithout(await upload(owner, 'big.xml', big), 413, /10 Mo/, before);
  });

  it('refuses wrong totals (BR-CO-15 and the others it breaks) listing the rules in French, nothing stored', async () => {
    const before = await storedCount();
    const res = await upload(
      owner,
      'faux.xml',
      ciiInvoice({ ...BASE, number: 'FAUX-1', totals: { taxInclusive: TTC + 100, due: TTC + 100 } }),
    );
    await refusedWithout(res, 422, /^Facture refusée : elle ne respecte pas la norme EN 16931 : BR-CO-15 : /, before);
    expect(res.body.findings).toEqual([
      {
        rule: 'BR-CO-15',
        message: expect.stringMatching(/^BR-CO-15 : Le total TTC \(BT-112\) 1\s770,50\s€ devrait valoir .* 1\s769,50\s€\.$/),
      },
    ]);
    const vat = await upload(
      owner,
      'tva.xml',
      ciiInvoice({ ...BASE, number: 'FAUX-2', totals: { vat: 28_451, taxInclusive: TTC + 1, due: TTC + 1 } }),
    );
    expect(vat.status).toBe(422);
    expect(vat.body.findings.map((f: { rule: string }) => f.rule)).toEqual(['BR-CO-14']);
    const noLines = ciiInvoice({ ...BASE, number: 'FAUX-3' }).replace(
      /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g,
      '',
    );
    const empty = await upload(owner, 'vide.xml', noLines);
    expect(empty.status).toBe(422);
    expect(empty.body.findings.map((f: { rule: string }) => f.rule)).toEqual(expect.arrayContaining(['BR-16', 'BR-CO-10']));
    expect(await storedCount()).toBe(before);
  });

  it('refuses an invoice addressed to another buyer; warns when the buyer is not identified', async () => {
    const before = await storedCount();
    const other = await upload(
      owner,
      'autre.xml',
      ciiInvoice({ ...BASE, number: 'X-1', buyer: { name: 'Autre SARL', siren: '404833048' } }),
    );
    await refusedWithout(other, 422, /ACHETEUR : cette facture est adressée à un autre acheteur \(SIREN 404833048\)/, before);
    const anonymous = await upload(owner, 'anon.xml', ciiInvoice({ ...BASE, number: 'X-2', buyer: { name: 'Domaine de Démo' } }));
    expect(anonymous.status).toBe(201);
    expect(anonymous.body.findings).toEqual([{ rule: 'ACHETEUR', message: expect.stringMatching(/n'identifie pas l'acheteur/) }]);
  });

  it('keeps a received invoice unchanged: the database refuses to change its amounts or delete it', async () => {
    const res = await upload(owner, 'imm.xml', ciiInvoice({ ...BASE, number: 'IMM-1' }));
    expect(res.status).toBe(201);
    await expect(
      db().execute(sql`update supplier_invoices set total_ttc = total_ttc + 1, total_ht = total_ht + 1 where id = ${res.body.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from supplier_invoices where id = ${res.body.id}`)).rejects.toThrow();
    const [row] = await db().select({ ttc: supplierInvoices.totalTTC }).from(supplierInvoices).where(eq(supplierInvoices.id, res.body.id));
    expect(row.ttc).toBe(TTC);
  });

  it('records payments up to the amount due: partial, then the rest (paid date), never more', async () => {
    const res = await upload(owner, 'pay.xml', ciiInvoice({ ...BASE, number: 'PAY-1', dueDate: '2026-01-15' }));
    expect(res.body.paymentStatus).toBe('overdue');
    const pay = (body: object) => request(ctx.app).post(`/v1/supplier-invoices/${res.body.id}/payments`).set(bearer(owner)).send(body);
    const over = await pay({ amountCents: TTC + 1 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ field: 'amountCents', message: expect.stringMatching(/^Le montant dépasse ce qui reste à payer/) });
    const future = await pay({ paidAt: '2999-01-01' });
    expect(future.body).toMatchObject({ field: 'paidAt' });
    const part = await pay({ amountCents: 50_000, paidAt: '2026-03-10' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ paidAmountCents: 50_000, paidAt: null, paymentStatus: 'overdue', message: 'Paiement enregistré' });
    const rest = await pay({ paidAt: '2026-03-20' });
    expect(rest.body).toMatchObject({ paidAmountCents: TTC, paidAt: '2026-03-20', paymentStatus: 'paid' });
    expect((await pay({})).status).toBe(409);
    const paid = await request(ctx.app).get('/v1/supplier-invoices?status=paid').set(bearer(owner));
    expect(paid.body.items.map((i: { id: number }) => i.id)).toEqual([res.body.id]);
    const overdue = await request(ctx.app).get('/v1/supplier-invoices?status=overdue').set(bearer(owner));
    expect(overdue.body.items.map((i: { id: number }) => i.id)).not.toContain(res.body.id);
  });

  it("answers 404 for another shop's invoice, 403 to an iam without the purchase order right", async () => {
    const res = await upload(owner, 'scope.xml', ciiInvoice({ ...BASE, number: 'SCOPE-1' }));
    for (const path of [`/v1/supplier-invoices/${res.body.id}`, `/v1/supplier-invoices/${res.body.id}/file`]) {
      const r = await request(ctx.app).get(path).set(bearer(owner2));
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Facture fournisseur introuvable');
    }
    expect((await request(ctx.app).post(`/v1/supplier-invoices/${res.body.id}/payments`).set(bearer(owner2)).send({})).status).toBe(404);
    expect((await request(ctx.app).get('/v1/supplier-invoices').set(bearer(owner2))).body.items).toEqual([]);

    expect((await request(ctx.app).get('/v1/supplier-invoices').set(bearer(iam))).status).toBe(403);
    expect((await upload(iam, 'iam.xml', ciiInvoice({ ...BASE, number: 'IAM-1' }))).status).toBe(403);
    const [iamUser] = await db().select().from(users).where(eq(users.email, 'iam@demo.test'));
    const where = and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, domaineId));
    const [m] = await db().select().from(shopMembers).where(where);
    await db()
      .update(shopMembers)
      .set({ authorizations: { ...m.authorizations, seeSupplierOrder: true } })
      .where(where);
    try {
      expect((await request(ctx.app).get(`/v1/supplier-invoices/${res.body.id}`).set(bearer(iam))).status).toBe(200);
    } finally {
      await db().update(shopMembers).set({ authorizations: m.authorizations }).where(where);
    }
  });

  it('receives the PDF / XML attachments of a mail sent to the shop inbox; a forged address opens nothing', async () => {
    const inbox = await request(ctx.app).get('/v1/supplier-invoices/inbox').set(bearer(owner));
    expect(inbox.status).toBe(200);
    const address = inbox.body.address as string;
    expect(address).toMatch(new RegExp(`^factures\\+${domaineId}-[0-9a-f]{16}@`));
    const mail = async (to: string) =>
      new MailComposer({
        from: 'compta@tonnellerie.test',
        to,
        subject: 'Factures de mars',
        text: 'Bonjour, ci-joint nos factures.',
        attachments: [
          { filename: 'MAIL-1.pdf', content: await pdfWith(ciiInvoice({ ...BASE, number: 'MAIL-1' })), contentType: 'application/pdf' },
          {
            filename: 'MAIL-2.xml',
            content: ciiInvoice({ ...BASE, number: 'MAIL-2', totals: { due: 1 } }),
            contentType: 'application/xml',
          },
          { filename: 'logo.png', content: Buffer.from('89504e47', 'hex'), contentType: 'image/png' },
        ],
      })
        .compile()
        .build();
    const post = (raw: Buffer) =>
      request(ctx.app).post('/v1/supplier-invoices/inbound-mail').set('Content-Type', 'message/rfc822').send(raw);

    const res = await post(await mail(`Domaine <${address}>`));
    expect(res.status).toBe(200);
    expect(res.body.received).toEqual([{ fileName: 'MAIL-1.pdf', id: expect.any(Number), number: 'MAIL-1' }]);
    expect(res.body.refused).toEqual([
      { fileName: 'MAIL-2.xml', message: expect.stringMatching(/BR-CO-16/), findings: [expect.objectContaining({ rule: 'BR-CO-16' })] },
    ]);
    const [row] = await db().select().from(supplierInvoices).where(eq(supplierInvoices.id, res.body.received[0].id));
    expect(row).toMatchObject({ shopId: domaineId, receivedVia: 'mail', receivedBy: null, syntax: 'factur-x' });

    const before = await storedCount();
    const forged = address.replace(/-[0-9a-f]{16}@/, '-0123456789abcdef@');
    expect((await post(await mail(forged))).status).toBe(404);
    const [brasserie] = await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
    expect((await post(await mail(address.replace(`+${domaineId}-`, `+${brasserie.id}-`)))).status).toBe(404);
    expect(await storedCount()).toBe(before);
  });
});
