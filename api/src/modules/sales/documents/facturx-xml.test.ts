import fc from 'fast-check';
import type { InvoiceLine } from 'shared-kernel/contracts';
import { buildFacturXXml, TYPE_CODES } from './facturx-xml';
import {
  computeTotals,
  SAMPLE_PARTIES,
  sampleCreditNoteDocument,
  sampleDepositDocument,
  sampleInvoiceDocument,
  SERVICE_LINE,
} from './fixtures';
import { documentProblems, InvoiceDocumentError, NO_EARLY_PAYMENT_DISCOUNT, NO_RECOVERY_INDEMNITY, RECOVERY_INDEMNITY } from './mentions';
import type { InvoiceDocument } from './types';
import { decimalToCents, validateFacturX, xmlValues } from './test-utils';

const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const one = (xml: string, tag: string) => {
  const values = xmlValues(xml, tag);
  expect(values).toHaveLength(1);
  return values[0];
};
const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The document notes (BG-1) by subject code, in document order. */
function notesOf(xml: string): Record<string, string[]> {
  const byCode: Record<string, string[]> = {};
  for (const m of xml.matchAll(/<ram:IncludedNote>\s*<ram:Content>([^<]*)<\/ram:Content>\s*<ram:SubjectCode>([^<]*)</g)) {
    (byCode[m[2]] ??= []).push(unescape(m[1]));
  }
  return byCode;
}

/** The header VAT breakdowns (BG-23) and the line taxes, told apart by the amounts only the header carries. */
function headerTaxes(xml: string) {
  const settlement = xml.slice(xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'));
  return [...settlement.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)].map((m) => ({
    calculated: decimalToCents(one(m[1], 'ram:CalculatedAmount')),
    basis: decimalToCents(one(m[1], 'ram:BasisAmount')),
    category: one(m[1], 'ram:CategoryCode'),
    rate: Number(one(m[1], 'ram:RateApplicablePercent')),
    reason: xmlValues(m[1], 'ram:ExemptionReason')[0] ?? null,
    reasonCode: xmlValues(m[1], 'ram:ExemptionReasonCode')[0] ?? null,
  }));
}

/** The header totals (BG-22) read back as cents. */
function summation(xml: string) {
  const block =
    /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>([\s\S]*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/.exec(
      xml,
    )?.[1] ?? '';
  const get = (tag: string) => (xmlValues(block, tag)[0] === undefined ? null : decimalToCents(xmlValues(block, tag)[0]));
  return {
    lineTotal: get('ram:LineTotalAmount'),
    taxBasis: get('ram:TaxBasisTotalAmount'),
    taxTotal: get('ram:TaxTotalAmount'),
    grandTotal: get('ram:GrandTotalAmount'),
    prepaid: get('ram:TotalPrepaidAmount'),
    due: get('ram:DuePayableAmount'),
    taxCurrency: /<ram:TaxTotalAmount currencyID="([A-Z]+)">/.exec(block)?.[1],
  };
}

/** Each line item: quantity, net price, allowances, charges, line amount (cents; quantity as a number). */
function lineItems(xml: string) {
  return [...xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g)].map((m) => {
    const adjustments = [...m[1].matchAll(/<ram:SpecifiedTradeAllowanceCharge>([\s\S]*?)<\/ram:SpecifiedTradeAllowanceCharge>/g)].map(
      (a) => ({
        charge: one(a[1], 'udt:Indicator') === 'true',
        amount: decimalToCents(one(a[1], 'ram:ActualAmount')),
      }),
    );
    return {
      quantity: Number(one(m[1], 'ram:BilledQuantity')),
      price: decimalToCents(one(m[1], 'ram:ChargeAmount')),
      adjustments,
      total: decimalToCents(one(m[1], 'ram:LineTotalAmount')),
      category: one(m[1], 'ram:CategoryCode'),
    };
  });
}

function expectTotalsOf(xml: string, doc: InvoiceDocument) {
  const prepaid = sumOf(doc.depositsDeducted.map((d) => d.totalTTC));
  const s = summation(xml);
  expect(s.lineTotal).toBe(sumOf(doc.lines.map((l) => l.totalHT)));
  expect(s.taxBasis).toBe(doc.totalHT);
  expect(s.taxTotal).toBe(doc.totalVAT);
  expect(s.taxCurrency).toBe('EUR');
  expect(s.grandTotal).toBe(doc.totalTTC);
  expect(s.prepaid).toBe(prepaid === 0 ? null : prepaid);
  expect(s.due).toBe(doc.totalTTC - prepaid);
  const taxes = headerTaxes(xml);
  expect(taxes.map((t) => [t.rate, t.basis, t.calculated])).toEqual(doc.vat.map((v) => [v.rate, v.baseHT, v.vat]));
  expect(sumOf(taxes.map((t) => t.calculated))).toBe(s.taxTotal);
  expect(sumOf(taxes.map((t) => t.basis))).toBe(s.taxBasis);
  // each line: quantity × net price − allowances + charges = line amount (BT-131), the line amounts the document's
  const items = lineItems(xml);
  expect(items.map((i) => i.total)).toEqual(doc.lines.map((l) => l.totalHT));
  for (const i of items) {
    expect(i.price).toBeGreaterThanOrEqual(0); // BR-27
    expect(i.quantity * i.price + sumOf(i.adjustments.map((a) => (a.charge ? a.amount : -a.amount)))).toBe(i.total);
  }
}

describe('buildFacturXXml', () => {
  const invoice = sampleInvoiceDocument();
  const serviceLine = SERVICE_LINE;

  const zeroRated = (overrides: Partial<InvoiceDocument>) =>
    sampleInvoiceDocument({
      lines: [{ ...invoice.lines[0], vatRate: 0 }, { ...invoice.lines[3], vatRate: 0 }, invoice.lines[2]],
      ...overrides,
    });
  const specialName = 'Vins & Co <"Le Clos"> l\'Ami\u0001';
  const variants: [string, InvoiceDocument][] = [
    ['invoice', invoice],
    ['deposit invoice', sampleDepositDocument()],
    ['credit note', sampleCreditNoteDocument()],
    ['private buyer, no bank', sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer, bank: null, orderNumber: null })],
    [
      'buyer without address',
      sampleInvoiceDocument({ buyer: { ...SAMPLE_PARTIES.privateBuyer, address: null, email: null }, dueDate: null }),
    ],
    ['intra-community', zeroRated({ buyer: SAMPLE_PARTIES.euBuyer })],
    ['export', zeroRated({ buyer: SAMPLE_PARTIES.exportBuyer })],
    ['franchise', zeroRated({ seller: { ...SAMPLE_PARTIES.seller, vatNumber: null } })],
    ['exempt', zeroRated({})],
    [
      'special characters',
      sampleInvoiceDocument({
        buyer: { ...SAMPLE_PARTIES.proBuyer, name: specialName },
        lines: [{ ...invoice.lines[0], label: 'Rouge <cuvée> & "spéciale"', details: "l'été ]]> fin" }, ...invoice.lines.slice(1)],
      }),
    ],
    [
      'negative line',
      sampleInvoiceDocument({
        lines: [
          ...invoice.lines,
          {
            label: 'Remise fidélité',
            details: null,
            quantity: 1,
            unitPriceHT: -1_000,
            discountHT: 0,
            duties: 0,
            vatRate: 20,
            totalHT: -1_000,
            accountingType: 'discount',
            formatId: null,
          },
        ],
      }),
    ],
  ];
  const variant = (name: string) => variants.find((v) => v[0] === name)![1];

  it('the fixtures are consistent and as described (2 wines at 20 % with duties, a 5.5 % line, shipping, a deposit)', () => {
    for (const [, doc] of variants) expect(documentProblems(doc)).toEqual([]);
    const wines = invoice.lines.filter((l) => l.vatRate === 20 && l.duties > 0);
    expect(wines).toHaveLength(2);
    expect(invoice.lines.filter((l) => l.vatRate === 5.5)).toHaveLength(1);
    expect(invoice.lines.filter((l) => l.accountingType === 'shipping')).toHaveLength(1);
    expect(invoice.depositsDeducted).toHaveLength(1);
    expect(invoice.buyer.isPro).toBe(true);
  });

  it('the XML of every kind of document is valid against the Factur-X 1.07.3 EN16931 XSD', async () => {
    const result = await validateFacturX(variants.map(([, doc]) => buildFacturXXml(doc)));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('a broken XML fails the XSD (the validation can fail)', async () => {
    const xml = buildFacturXXml(invoice);
    // the grand total moved before the tax basis: wrong element order
    const grand = /\s*<ram:GrandTotalAmount>[^<]*<\/ram:GrandTotalAmount>/.exec(xml)![0];
    const broken = xml.replace(grand, '').replace('<ram:LineTotalAmount>', `${grand.trim()}<ram:LineTotalAmount>`);
    const missing = xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, '');
    const result = await validateFacturX([broken, missing, '<rsm:CrossIndustryInvoice', xml]);
    expect(result.valid).toBe(false);
    const failing = new Set(result.errors.map((e) => e.loc?.fileName).filter(Boolean));
    expect(failing).toEqual(new Set(['factur-x-1.xml', 'factur-x-2.xml', 'factur-x-3.xml'])); // not the intact 4th
  });

  it('declares the EN 16931 profile and the document type codes 380, 386, 381', () => {
    for (const doc of [invoice, sampleDepositDocument(), sampleCreditNoteDocument()]) {
      const xml = buildFacturXXml(doc);
      expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter>\n      <ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(xmlValues(xml, 'ram:TypeCode')[0]).toBe(TYPE_CODES[doc.kind]);
      expect(/<rsm:ExchangedDocument>\s*<ram:ID>([^<]*)</.exec(xml)?.[1]).toBe(doc.number);
    }
    expect(TYPE_CODES).toEqual({ invoice: '380', deposit: '386', credit: '381' });
  });

  it('carries the totals of the document to the cent, deposits as prepaid amount', () => {
    const xml = buildFacturXXml(invoice);
    expectTotalsOf(xml, invoice);
    expect(invoice.depositsDeducted.length).toBeGreaterThan(0);
    expect(summation(xml).due).toBe(invoice.amountDue);
    // the deposit deducted is a preceding invoice (BG-3)
    expect(xmlValues(xml, 'ram:IssuerAssignedID')).toContain(invoice.depositsDeducted[0].number);
  });

  it('keeps the excise duties inside the line amounts, as a line charge', () => {
    const xml = buildFacturXXml(invoice);
    const items = lineItems(xml);
    invoice.lines.forEach((l, i) => {
      const duties = items[i].adjustments.filter((a) => a.charge);
      expect(sumOf(duties.map((a) => a.amount))).toBe(l.duties);
      expect(items[i].total).toBe(l.totalHT);
    });
    expect(xml).toContain('<ram:Reason>Droits d’accises</ram:Reason>');
  });

  it('a credit note references the invoice it credits and carries no IBAN', () => {
    const credit = sampleCreditNoteDocument();
    const xml = buildFacturXXml(credit);
    const referenced = /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)</.exec(xml)?.[1];
    expect(referenced).toBe(credit.relatedInvoice!.number);
    expect(xml).not.toContain('IBANID');
    expect(xml).toContain(`Motif : ${credit.reason}`);
    expectTotalsOf(xml, credit);
    expect(summation(xml).grandTotal).toBeGreaterThan(0); // positive amounts, the type code says credit
  });

  it('identifies the seller (SIREN 0002, SIRET 0009, VAT VA) and the professional buyer', () => {
    const xml = buildFacturXXml(invoice);
    const seller = /<ram:SellerTradeParty>([\s\S]*?)<\/ram:SellerTradeParty>/.exec(xml)![1];
    expect(seller).toContain(`<ram:ID schemeID="0002">${invoice.seller.siren}</ram:ID>`);
    expect(seller).toContain(`<ram:GlobalID schemeID="0009">${invoice.seller.siret}</ram:GlobalID>`);
    expect(seller).toContain(`<ram:ID schemeID="VA">${invoice.seller.vatNumber}</ram:ID>`);
    expect(seller).toContain(`<ram:URIID>${invoice.seller.email}</ram:URIID>`);
    expect(seller).toContain(`<ram:CountryID>FR</ram:CountryID>`);
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml)![1];
    expect(buyer).toContain(`<ram:ID schemeID="0002">${invoice.buyer.siren}</ram:ID>`);
    expect(buyer).toContain(`<ram:ID schemeID="VA">${invoice.buyer.vatNumber}</ram:ID>`);
    // legal identity and the professional's payment mentions as notes
    expect(xml).toMatch(/SAS au capital de 10 000,00 €/);
    expect(xml).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    expect(xml).toContain(invoice.latePenalty);
  });

  it('a private buyer: no registration, no recovery indemnity', () => {
    const xml = buildFacturXXml(sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer }));
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml)![1];
    expect(buyer).not.toContain('SpecifiedLegalOrganization');
    expect(buyer).not.toContain('SpecifiedTaxRegistration');
    expect(xml).not.toContain(RECOVERY_INDEMNITY);
    expect(notesOf(xml).PMT).toEqual([NO_RECOVERY_INDEMNITY]);
  });

  // UNTDID 4451 text subject codes as the French profile uses them (BR-FR-05 / BR-FR-06): PMD late-payment penalties,
  // PMT the 40 € recovery indemnity (C. com. L441-10 II), AAB the early-payment discount or its absence
  it.each([
    ['invoice', invoice, RECOVERY_INDEMNITY],
    ['deposit invoice', sampleDepositDocument(), RECOVERY_INDEMNITY],
    ['credit note', sampleCreditNoteDocument(), RECOVERY_INDEMNITY],
    ['private buyer', sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer }), NO_RECOVERY_INDEMNITY],
    ['private buyer, credit note', sampleCreditNoteDocument({ buyer: SAMPLE_PARTIES.privateBuyer }), NO_RECOVERY_INDEMNITY],
  ])('payment notes (%s): penalties PMD, indemnity PMT, discount AAB, once each', (_, doc, indemnity) => {
    const n = notesOf(buildFacturXXml(doc));
    expect(n.PMD).toEqual([doc.latePenalty]);
    expect(n.PMT).toEqual([indemnity]);
    expect(n.AAB).toEqual([NO_EARLY_PAYMENT_DISCOUNT]);
  });

  it('a free mention about the discount is the AAB note, not a second one', () => {
    const terms = 'Escompte de 2 % pour paiement à 8 jours';
    const n = notesOf(buildFacturXXml(sampleInvoiceDocument({ legalMentions: [...invoice.legalMentions, terms] })));
    expect(n.AAB).toEqual([terms]);
    expect(n.AAI).toEqual(invoice.legalMentions);
  });

  it.each([
    ['a final invoice after a deposit', 'B4', invoice],
    ['an invoice of goods', 'B1', sampleInvoiceDocument({ depositsDeducted: [] })],
    ['a deposit invoice', 'B1', sampleDepositDocument()],
    ['a credit note', 'B1', sampleCreditNoteDocument()],
    ['services only', 'S1', sampleInvoiceDocument({ depositsDeducted: [], lines: [serviceLine] })],
    ['services after a deposit', 'S4', sampleInvoiceDocument({ lines: [serviceLine] })],
    ['goods and services', 'M1', sampleInvoiceDocument({ depositsDeducted: [], lines: [...invoice.lines, serviceLine] })],
  ])('billing framework BT-23 of %s: %s', (_, framework, doc) => {
    const xml = buildFacturXXml(doc);
    expect(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]*)</.exec(xml)?.[1]).toBe(framework);
  });

  it('electronic addresses BT-34 / BT-49: the SIREN under scheme 0225 (from the SIRET if need be), else the e-mail (EM)', () => {
    const uri = (xml: string, party: 'Seller' | 'Buyer') =>
      /<ram:URIUniversalCommunication>\s*<ram:URIID schemeID="([^"]+)">([^<]*)</
        .exec(new RegExp(`<ram:${party}TradeParty>([\\s\\S]*?)</ram:${party}TradeParty>`).exec(xml)![1])
        ?.slice(1) ?? null;
    const xml = buildFacturXXml(invoice);
    expect(uri(xml, 'Seller')).toEqual(['0225', invoice.seller.siren]);
    expect(uri(xml, 'Buyer')).toEqual(['0225', invoice.buyer.siren]);
    const fromSiret = buildFacturXXml(sampleInvoiceDocument({ buyer: { ...SAMPLE_PARTIES.proBuyer, siren: null } }));
    expect(uri(fromSiret, 'Buyer')).toEqual(['0225', SAMPLE_PARTIES.proBuyer.siret!.slice(0, 9)]);
    const b2c = buildFacturXXml(sampleInvoiceDocument({ buyer: SAMPLE_PARTIES.privateBuyer }));
    expect(uri(b2c, 'Buyer')).toEqual(['EM', SAMPLE_PARTIES.privateBuyer.email]);
    expect(uri(buildFacturXXml(variant('buyer without address')), 'Buyer')).toBeNull();
  });

  it('a credit note dates the invoice it credits (BT-26), when the date is known', () => {
    const ref = (xml: string) => /<ram:InvoiceReferencedDocument>([\s\S]*?)<\/ram:InvoiceReferencedDocument>/.exec(xml)![1];
    const credit = sampleCreditNoteDocument();
    expect(ref(buildFacturXXml(credit))).toMatch(
      /<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20250314<\/qdt:DateTimeString>\s*<\/ram:FormattedIssueDateTime>/,
    );
    expect(credit.relatedInvoiceIssuedAt).toBe(invoice.issuedAt);
    expect(ref(buildFacturXXml(sampleCreditNoteDocument({ relatedInvoiceIssuedAt: undefined })))).not.toContain('FormattedIssueDateTime');
  });

  it('payment means: SEPA transfer (58) with IBAN and BIC when a bank is given, else 1 (not defined)', () => {
    const withBank = buildFacturXXml(invoice);
    expect(xmlValues(withBank, 'ram:TypeCode')).toContain('58');
    expect(one(withBank, 'ram:IBANID')).toBe(invoice.bank!.iban);
    expect(one(withBank, 'ram:BICID')).toBe(invoice.bank!.bic);
    expect(one(withBank, 'ram:PaymentReference')).toBe(invoice.number);
    const without = buildFacturXXml(sampleInvoiceDocument({ bank: null }));
    expect(/<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>1<\/ram:TypeCode>/.test(without)).toBe(true);
    expect(without).not.toContain('IBANID');
    // payment terms and due date
    expect(xmlValues(withBank, 'ram:Description')).toContain(invoice.paymentTerms);
    expect(withBank).toContain(`<udt:DateTimeString format="102">${invoice.dueDate!.replace(/-/g, '')}</udt:DateTimeString>`);
  });

  it.each([
    ['intra-community', 'K', 'Exonération de TVA, art. 262 ter I du CGI', 'VATEX-EU-IC'],
    ['export', 'G', 'Exonération de TVA, art. 262 I du CGI', 'VATEX-EU-G'],
    ['franchise', 'E', 'TVA non applicable, art. 293 B du CGI', 'VATEX-FR-FRANCHISE'],
    ['exempt', 'E', 'Exonération de TVA', null],
  ])('0 %% rate, %s: category %s with its exemption reason', (name, category, reason, code) => {
    const xml = buildFacturXXml(variant(name));
    const zero = headerTaxes(xml).find((t) => t.rate === 0)!;
    expect(zero).toMatchObject({ category, reason, reasonCode: code, calculated: 0 });
    expect(headerTaxes(xml).find((t) => t.rate === 5.5)!.category).toBe('S');
    expect(lineItems(xml).map((i) => i.category)).toEqual([category, category, 'S']);
    expect(xml.includes('<ram:ShipToTradeParty>')).toBe(category === 'K'); // BR-IC-12: the country delivered to
  });

  it('escapes XML special characters and drops forbidden control characters', () => {
    const xml = buildFacturXXml(variant('special characters'));
    expect(xml).not.toContain('\u0001');
    expect(unescape(/<ram:BuyerTradeParty>[\s\S]*?<ram:Name>([^<]*)<\/ram:Name>/.exec(xml)![1])).toBe(specialName.replace('\u0001', ''));
    expect(unescape(xmlValues(xml, 'ram:Name')[0])).toBe('Rouge <cuvée> & "spéciale"');
    expect(unescape(xmlValues(xml, 'ram:Description')[0])).toBe("l'été ]]> fin");
  });

  it('a negative line (a discount) has a positive net price and a negative quantity (BR-27)', () => {
    const doc = variant('negative line');
    const xml = buildFacturXXml(doc);
    expect(lineItems(xml).at(-1)).toMatchObject({ quantity: -1, price: 1_000, total: -1_000 });
    expectTotalsOf(xml, doc);
  });

  it('refuses a document that contradicts itself', () => {
    expect(() => buildFacturXXml(sampleInvoiceDocument({ totalTTC: invoice.totalTTC + 1 }))).toThrow(InvoiceDocumentError);
    expect(() => buildFacturXXml(sampleInvoiceDocument({ vat: [{ rate: 20, baseHT: invoice.totalHT, vat: invoice.totalVAT }] }))).toThrow(
      /rate 5.5/,
    );
    expect(() => buildFacturXXml(sampleInvoiceDocument({ amountDue: invoice.totalTTC }))).toThrow(/amountDue/);
    expect(() => buildFacturXXml(sampleInvoiceDocument({ totalHT: 0.5 }))).toThrow(/integer/);
  });

  // ---- property: whatever the lines, rates and deposits, the XML says what the document says, and is XSD-valid
  const lineArb = fc
    .record({
      quantity: fc.integer({ min: 1, max: 500 }),
      unitPriceHT: fc.integer({ min: 0, max: 200_000 }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      duties: fc.integer({ min: 0, max: 5_000 }),
      vatRate: fc.constantFrom(0, 2.1, 5.5, 10, 20),
      label: fc.string({ minLength: 1, maxLength: 40 }),
    })
    .map(({ discountPercent, ...l }): InvoiceLine => {
      const gross = l.quantity * l.unitPriceHT;
      const discountHT = Math.floor((gross * discountPercent) / 100);
      return { ...l, details: null, discountHT, totalHT: gross - discountHT + l.duties, accountingType: 'product', formatId: null };
    });
  const docArb = fc
    .record({
      lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
      depositPercent: fc.integer({ min: 0, max: 100 }),
      kind: fc.constantFrom('invoice' as const, 'deposit' as const, 'credit' as const),
      buyer: fc.constantFrom(SAMPLE_PARTIES.proBuyer, SAMPLE_PARTIES.privateBuyer, SAMPLE_PARTIES.euBuyer, SAMPLE_PARTIES.exportBuyer),
    })
    .map(({ lines, depositPercent, kind, buyer }) => {
      const ttc = computeTotals({ lines, depositsDeducted: [], paid: 0, credited: 0 }).totalTTC;
      const deposit = Math.floor((ttc * depositPercent) / 100);
      const depositsDeducted =
        kind === 'invoice' && deposit > 0 ? [{ id: 1, number: 'F2025-00001', totalHT: deposit, totalVAT: 0, totalTTC: deposit }] : [];
      return sampleInvoiceDocument({
        kind,
        lines,
        depositsDeducted,
        buyer,
        relatedInvoice: kind === 'credit' ? { id: 9, number: 'F2025-00009' } : null,
      });
    });

  it('property: the XML totals equal the document to the cent (Σ lines, Σ VAT per rate, TTC, due)', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        expect(sumOf(doc.vat.map((v) => v.vat))).toBe(doc.totalVAT);
        expect(sumOf(doc.vat.map((v) => v.baseHT))).toBe(doc.totalHT);
        expectTotalsOf(buildFacturXXml(doc), doc);
      }),
      { numRuns: 60 },
    );
  });

  it('property: random documents are XSD-valid (one xmllint run for a sample)', async () => {
    const result = await validateFacturX(fc.sample(docArb, 25).map((d) => buildFacturXXml(d)));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
