import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { formatCents } from 'shared-kernel/domain';
import { buildFacturXXml } from './facturx-xml';
import { extractFacturXXml } from './extract';
import { invoiceLine, SAMPLE_LINES, SAMPLE_PARTIES, sampleCreditNoteDocument, sampleInvoiceDocument, SERVICE_LINE } from './fixtures';
import { renderInvoicePdf } from './invoice-pdf';
import { InvoiceDocumentError } from './mentions';
import type { InvoiceDocument } from './types';
import { closePdfText, pdfFillColours, pdfText, plainSpaces, readPdfCatalog } from './test-utils';

const money = (cents: number) => plainSpaces(formatCents(cents));
const serviceLine = SERVICE_LINE;

afterAll(closePdfText);

describe('renderInvoicePdf', () => {
  const invoice = sampleInvoiceDocument();
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    pdf = await renderInvoicePdf(invoice);
    text = (await pdfText(pdf)).text;
  });

  it('embeds the Factur-X XML, which reads back identical', async () => {
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(await extractFacturXXml(pdf)).toBe(buildFacturXXml(invoice));
  });

  it('shows the number, the dates, both parties and their registrations', () => {
    expect(text).toContain(`Facture`);
    expect(text).toContain(`N° ${invoice.number}`);
    expect(text).toContain('Date d’émission : 14/03/2025');
    expect(text).toContain('Date de la vente / livraison : 12/03/2025');
    expect(text).toContain(`SIREN ${invoice.seller.siren}`);
    expect(text).toContain(`SIRET ${invoice.seller.siret}`);
    expect(text).toContain(invoice.seller.rcs!);
    expect(text).toContain(`N° TVA ${invoice.seller.vatNumber}`);
    expect(text).toContain(`N° d’accise ${invoice.seller.exciseNumber}`);
    expect(text).toContain(`SAS au capital de ${money(invoice.seller.capital!)}`);
    expect(text).toContain(invoice.buyer.name);
    expect(text).toContain(invoice.buyer.address!.street);
    expect(text).toContain(`SIREN ${invoice.buyer.siren}`);
    expect(text).toContain(`N° TVA ${invoice.buyer.vatNumber}`);
  });

  it('shows the lines net of excise duties, the duties as their own line, and the totals in French format', () => {
    for (const l of invoice.lines) {
      expect(text).toContain(l.label);
      expect(text).toContain(money(l.totalHT - l.duties));
    }
    expect(invoice.duties).toBeGreaterThan(0);
    expect(text).toMatch(new RegExp(`Droits d’accises[\\s\\S]*20 % ${money(invoice.duties)}`));
    expect(text).toContain(`Total HT ${money(invoice.totalHT)}`);
    expect(text).toContain(`Total TVA ${money(invoice.totalVAT)}`);
    expect(text).toContain(`Total TTC ${money(invoice.totalTTC)}`);
    for (const v of invoice.vat) expect(text).toContain(`${String(v.rate).replace('.', ',')} % ${money(v.baseHT)} ${money(v.vat)}`);
  });

  it('deducts the deposits and shows the net to pay, the due date, the bank and the payment mentions', () => {
    const deposit = invoice.depositsDeducted[0];
    expect(text).toContain(`Acompte ${deposit.number} déduit`);
    expect(text).toContain(`−${money(deposit.totalTTC)}`);
    expect(text).toContain(`Net à payer ${money(invoice.amountDue)}`);
    expect(text).toContain('Date d’échéance : 13/04/2025');
    expect(text).toContain('IBAN FR76 3000 6000 0112 3456 7890 189');
    expect(text).toContain(`BIC ${invoice.bank!.bic}`);
    expect(text).toContain(invoice.latePenalty);
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    expect(text).toContain('Pas d’escompte pour paiement anticipé');
    expect(text).toContain(invoice.legalMentions[0]);
    expect(text).toContain('Page 1/1');
  });

  it('declares PDF/A-3b and Factur-X EN 16931 in the XMP, with an sRGB output intent and /AF', async () => {
    const { catalog, xmp } = await readPdfCatalog(pdf);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">Facture ${invoice.number}</rdf:li>`);

    const intents = catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(intent.lookup(PDFName.of('DestOutputProfile'))).toBeInstanceOf(PDFRawStream);

    const af = catalog.lookup(PDFName.of('AF'), PDFArray);
    const spec = af.lookup(0, PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Data'));
    expect(spec.lookup(PDFName.of('UF'), PDFString).decodeText()).toBe('factur-x.xml');
    const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'), PDFStream);
    expect(file.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
  });

  it('embeds every font (no standard-14 font)', async () => {
    const { doc } = await readPdfCatalog(pdf);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'));
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) {
      const subtype = f.get(PDFName.of('Subtype'));
      expect([PDFName.of('Type0'), PDFName.of('CIDFontType2')]).toContain(subtype);
      if (subtype === PDFName.of('CIDFontType2')) {
        const descriptor = f.lookup(PDFName.of('FontDescriptor'), PDFDict);
        expect(descriptor.lookup(PDFName.of('FontFile2'))).toBeInstanceOf(PDFRawStream);
      }
    }
  });

  it('gives the same bytes for the same document', async () => {
    expect((await renderInvoicePdf(invoice)).equals(pdf)).toBe(true);
  });

  it.each([
    ['goods', SAMPLE_LINES, 'Opération : Livraison de biens\n'],
    ['services', [serviceLine], 'Opération : Prestation de services'],
    ['goods and services', [...SAMPLE_LINES, serviceLine], 'Opération : Livraison de biens et prestation de services'],
  ])('names the category of the operation: %s', async (_, lines, nature) => {
    const { text: t } = await pdfText(await renderInvoicePdf(sampleInvoiceDocument({ lines, depositsDeducted: [] })));
    expect(t).toContain(nature);
  });

  it('a private buyer: no SIREN, no recovery indemnity', async () => {
    const { text: t } = await pdfText(await renderInvoicePdf(sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer })));
    expect(t).toContain(SAMPLE_PARTIES.privateBuyer.name);
    expect(t).not.toContain('Indemnité forfaitaire');
    expect(t).not.toContain('escompte');
    expect(t).toContain(invoice.latePenalty);
  });

  it.each([
    ['an export', { buyer: SAMPLE_PARTIES.exportBuyer }, 'Exonération de TVA, art. 262 I du CGI'],
    ['an intra-community supply', { buyer: SAMPLE_PARTIES.euBuyer }, 'Exonération de TVA, art. 262 ter I du CGI'],
    ['a seller under the franchise', { seller: { ...SAMPLE_PARTIES.seller, vatNumber: null } }, 'TVA non applicable, art. 293 B du CGI'],
  ])('0 %% VAT on %s shows its exemption mention', async (_, overrides, mention) => {
    const doc = sampleInvoiceDocument({
      lines: SAMPLE_LINES.map((l) => ({ ...l, vatRate: 0 })),
      ...(overrides as Partial<InvoiceDocument>),
    });
    const { text: t } = await pdfText(await renderInvoicePdf(doc));
    expect(t).toContain(mention);
    expect(t).toContain(`0 % ${money(doc.totalHT)} ${money(0)}`);
  });

  it('the standard rate has no exemption mention', () => {
    expect(text).not.toMatch(/Exonération|non applicable/);
  });

  it('a credit note: title, the invoice it credits, its reason, no payment mentions', async () => {
    const credit = sampleCreditNoteDocument();
    const out = await renderInvoicePdf(credit);
    const { text: t } = await pdfText(out);
    expect(t).toContain('Avoir');
    expect(t).toContain(`N° ${credit.number}`);
    expect(t).toContain(`Avoir sur la facture n° ${credit.relatedInvoice!.number} du 14/03/2025`);
    expect(t).toContain(`Motif : ${credit.reason}`);
    expect(t).toContain(`Montant de l’avoir ${money(credit.totalTTC)}`);
    expect(t).not.toContain('Indemnité forfaitaire');
    expect(t).not.toContain('IBAN');
    expect(await extractFacturXXml(out)).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('a 60-line invoice runs over several pages, numbered, totals on the last', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...SAMPLE_LINES[i % 2], label: `Cuvée n° ${i + 1}` }));
    const long = sampleInvoiceDocument({ lines });
    const { text: t, pages } = await pdfText(await renderInvoicePdf(long));
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let p = 1; p <= pages; p++) expect(t).toContain(`Page ${p}/${pages}`);
    expect(t).toContain('Cuvée n° 1\n');
    expect(t).toContain('Cuvée n° 60');
    const headers = t.match(/Désignation Qté P\.U\. HT Remise TVA Total HT/g)?.length ?? 0;
    expect(headers).toBeGreaterThanOrEqual(2); // the table header is repeated on the pages it continues on
    expect(headers).toBeLessThanOrEqual(pages);
    expect(t).toContain(`Total TTC ${money(long.totalTTC)}`);
  });

  it('prints a logo (any format sharp reads, transparency flattened) and survives a broken one', async () => {
    const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 120, g: 30, b: 60, alpha: 0.5 } } })
      .webp()
      .toBuffer();
    const withLogo = await renderInvoicePdf(sampleInvoiceDocument({ style: { color: '#205080', logo } }));
    const images = (await PDFDocument.load(withLogo)).context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    expect(images[0][1] instanceof PDFRawStream && images[0][1].dict.get(PDFName.of('SMask'))).toBeUndefined();
    const broken = await renderInvoicePdf(sampleInvoiceDocument({ style: { logo: Buffer.from('not an image') } }));
    expect(await extractFacturXXml(broken)).toBe(buildFacturXXml(sampleInvoiceDocument()));
  });

  it('draws the names, the title, the table header and the amount to pay in the « Couleur des titres », else in the default one', async () => {
    const fills = async (color: string | null) => pdfFillColours(await renderInvoicePdf(sampleInvoiceDocument({ style: { color } })));
    const [none, green, orange, broken] = await Promise.all([fills(null), fills('#1D6B4F'), fills('#cc5500'), fills('rouge')]);
    // the same drawing calls whatever the colour: only the accented ones change, each to the colour asked for
    const accented = (f: string[], colour: string) => f.flatMap((c, i) => (c === colour ? [i] : []));
    const places = accented(green, '#1d6b4f');
    expect(places.length).toBeGreaterThanOrEqual(3);
    expect(accented(orange, '#cc5500')).toEqual(places);
    expect(green.length).toBe(none.length);
    expect(green.filter((_, i) => !places.includes(i))).toEqual(none.filter((_, i) => !places.includes(i)));
    expect(orange.filter((_, i) => !places.includes(i))).toEqual(none.filter((_, i) => !places.includes(i)));
    // without a colour (or with one that is no #RRGGBB) those places share one default colour, neither of the two above
    const defaults = new Set(places.map((i) => none[i]));
    expect(defaults.size).toBe(1);
    expect([...defaults][0]).not.toMatch(/^#(1d6b4f|cc5500)$/);
    expect(broken).toEqual(none);
  });

  it('draws no character the fonts lack (PDF/A forbids .notdef): they become their decomposition or "?"', async () => {
    const doc = sampleInvoiceDocument({
      lines: [{ ...SAMPLE_LINES[0], label: 'Rouge 🍷 葡萄酒 ﬁn\u0007cuvée' }, ...SAMPLE_LINES.slice(1)],
    });
    const out = await renderInvoicePdf(doc);
    expect((await pdfText(out)).text).toContain('Rouge ? ??? fin cuvée');
    expect(await extractFacturXXml(out)).toContain('Rouge 🍷 葡萄酒 ﬁn'); // the XML keeps the text as it is
  });

  it('the tourist tax: quantity × unit price = its amount as printed, and why it carries no VAT', async () => {
    // 50,00 € for 3 guest-nights: no price in cents makes it; 50,00 € for 8 makes 6,25 €; 1,00 € for 8 makes 0,125 €
    const tax = (quantity: number, unitPriceHT: number, totalHT: number) =>
      invoiceLine({ label: `Taxe de séjour ×${quantity}`, quantity, unitPriceHT, totalHT, vatRate: 0, accountingType: 'touristTax' });
    const doc = sampleInvoiceDocument({
      depositsDeducted: [],
      lines: [SERVICE_LINE, tax(3, 1_667, 5_000), tax(8, 625, 5_000), tax(8, 13, 100)],
    });
    const t = (await pdfText(await renderInvoicePdf(doc))).text.replace(/\s+/g, ' ');
    expect(t).not.toContain('16,67');
    expect(t).toContain('Taxe de séjour ×3 Forfait pour une quantité de 3 1 50,00 € 0 % 50,00 €');
    expect(t).toMatch(/Taxe de séjour ×8\s+8 6,25 € 0 % 50,00 €/);
    expect(t).toMatch(/Taxe de séjour ×8\s+8 0,125 € 0 % 1,00 €/);
    expect(t).toContain(
      'Taxe de séjour perçue pour le compte de la commune (CGCT, art. L2333-29 et suivants), hors base d’imposition à la TVA',
    );
    expect(t).not.toContain('Exonération de TVA');
    const xml = buildFacturXXml(doc);
    expect(xml).toMatch(/<ram:ChargeAmount>50.00<\/ram:ChargeAmount>[\s\S]*?<ram:BilledQuantity unitCode="C62">1</);
    expect(xml).toMatch(/<ram:ChargeAmount>0.125<\/ram:ChargeAmount>[\s\S]*?<ram:BilledQuantity unitCode="C62">8</);
  });

  it('prints the delivery address when it is not the billing address, and only then', async () => {
    const elsewhere = { street: '25 rue du Dépôt', street2: null, zipcode: '69007', city: 'Lyon', country: 'FR' };
    const { text: t } = await pdfText(
      await renderInvoicePdf(sampleInvoiceDocument({ buyer: { ...SAMPLE_PARTIES.proBuyer, deliveryAddress: elsewhere } })),
    );
    expect(t).toMatch(/ADRESSE DE LIVRAISON\s+25 rue du Dépôt\s+69007 Lyon/);
    const same = sampleInvoiceDocument({ buyer: { ...SAMPLE_PARTIES.proBuyer, deliveryAddress: SAMPLE_PARTIES.proBuyer.address } });
    expect((await pdfText(await renderInvoicePdf(same))).text).not.toContain('ADRESSE DE LIVRAISON');
    expect(text).not.toContain('ADRESSE DE LIVRAISON');
  });

  it('prints the option for VAT on debits only when the seller took it', async () => {
    const on = sampleInvoiceDocument({ seller: { ...SAMPLE_PARTIES.seller, vatOnDebits: true } });
    const t = (await pdfText(await renderInvoicePdf(on))).text.replace(/\s+/g, ' ');
    expect(t).toContain('Option pour le paiement de la taxe d’après les débits');
    expect(text).not.toContain('débits');
  });

  it("prints a professional buyer's SIREN", () => {
    expect(text).toMatch(new RegExp(`FACTURÉ À[\\s\\S]*SIREN ${SAMPLE_PARTIES.proBuyer.siren}`));
  });

  it('refuses an inconsistent document', async () => {
    await expect(renderInvoicePdf(sampleInvoiceDocument({ totalVAT: invoice.totalVAT + 1 }))).rejects.toThrow(InvoiceDocumentError);
  });
});

describe('extractFacturXXml', () => {
  it('is null for a PDF without Factur-X', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    await plain.attach(Buffer.from('<a/>'), 'other.xml', { mimeType: 'text/xml' });
    expect(await extractFacturXXml(Buffer.from(await plain.save()))).toBeNull();
  });

  it('reads a Factur-X attached by another tool (pdf-lib, name tree only)', async () => {
    const other = await PDFDocument.create();
    other.addPage();
    await other.attach(Buffer.from('<x>é</x>', 'utf8'), 'factur-x.xml', { mimeType: 'text/xml' });
    expect(await extractFacturXXml(Buffer.from(await other.save()))).toBe('<x>é</x>');
  });
});
