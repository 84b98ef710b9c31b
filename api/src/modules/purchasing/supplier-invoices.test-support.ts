// Invoices "from other producers' software", written by hand for the tests: CII D16B (as Factur-X EN 16931 profile
// writes it), UBL 2.1 Invoice and CreditNote (as Peppol BIS 3 writes them), and a Factur-X PDF made with pdf-lib.
import { AFRelationship, PDFDocument, StandardFonts } from 'pdf-lib';

export interface TestParty {
  name: string;
  siren?: string;
  vatNumber?: string;
  email?: string;
}

export interface TestLine {
  name: string;
  quantity: number;
  /** net unit price in cents */
  price: number;
  category?: string;
  rate?: number;
  /** BT-132 */
  orderLine?: string;
}

export interface TestInvoice {
  number: string;
  typeCode?: string;
  issueDate: string;
  dueDate?: string;
  seller: TestParty;
  buyer: TestParty;
  lines: TestLine[];
  orderReference?: string;
  /** replaces computed totals (wrong totals) */
  totals?: Partial<Record<'lines' | 'taxExclusive' | 'vat' | 'taxInclusive' | 'due', number>>;
}

export const SELLER: TestParty = {
  name: 'Tonnellerie des Coteaux',
  siren: '552100554',
  vatNumber: 'FR96552100554',
  email: 'factures@tonnellerie.test',
};
export const SHOP_BUYER: TestParty = { name: 'Domaine de Démo SAS', siren: '732829320', vatNumber: 'FR44732829320' };

const amount = (c: number) => (c / 100).toFixed(2);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Totals as EN 16931 computes them (VAT per rate rounded to the cent), with the overrides. */
export function totalsOf(inv: TestInvoice) {
  const lines = inv.lines.map((l) => ({ ...l, category: l.category ?? 'S', rate: l.rate ?? 20, amount: l.quantity * l.price }));
  const groups = new Map<string, { category: string; rate: number; base: number; vat: number }>();
  for (const l of lines) {
    const k = `${l.category}|${l.rate}`;
    const g = groups.get(k) ?? { category: l.category, rate: l.rate, base: 0, vat: 0 };
    g.base += l.amount;
    groups.set(k, g);
  }
  for (const g of groups.values()) g.vat = Math.round((g.base * g.rate) / 100);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  const vat = [...groups.values()].reduce((s, g) => s + g.vat, 0);
  const t = { lines: sum, taxExclusive: sum, vat, taxInclusive: sum + vat, due: sum + vat, ...inv.totals };
  return { lines, vat: [...groups.values()], t };
}

function ciiParty(p: TestParty): string {
  return `<ram:Name>${esc(p.name)}</ram:Name>
        ${p.siren ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${p.siren}</ram:ID></ram:SpecifiedLegalOrganization>` : ''}
        <ram:PostalTradeAddress><ram:PostcodeCode>21200</ram:PostcodeCode><ram:LineOne>2 rue des Tonneliers</ram:LineOne><ram:CityName>Beaune</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>
        ${p.email ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${p.email}</ram:URIID></ram:URIUniversalCommunication>` : ''}
        ${p.vatNumber ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${p.vatNumber}</ram:ID></ram:SpecifiedTaxRegistration>` : ''}`;
}

const ciiDate = (d: string) => d.replace(/-/g, '');

/** A CII D16B invoice (Factur-X EN 16931 profile). */
export function ciiInvoice(inv: TestInvoice): string {
  const { lines, vat, t } = totalsOf(inv);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${esc(inv.number)}</ram:ID>
    <ram:TypeCode>${inv.typeCode ?? '380'}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${ciiDate(inv.issueDate)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
${lines
  .map(
    (l, i) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${esc(l.name)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        ${l.orderLine ? `<ram:BuyerOrderReferencedDocument><ram:LineID>${l.orderLine}</ram:LineID></ram:BuyerOrderReferencedDocument>` : ''}
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(l.price)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${l.category}</ram:CategoryCode><ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.amount)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        ${ciiParty(inv.seller)}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        ${ciiParty(inv.buyer)}
      </ram:BuyerTradeParty>
      ${inv.orderReference ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${esc(inv.orderReference)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>` : ''}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
${vat
  .map(
    (g) => `      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${amount(g.vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>${amount(g.base)}</ram:BasisAmount><ram:CategoryCode>${g.category}</ram:CategoryCode><ram:RateApplicablePercent>${g.rate}</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>`,
  )
  .join('\n')}
      ${inv.dueDate ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${ciiDate(inv.dueDate)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : ''}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${amount(t.lines)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${amount(t.taxExclusive)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${amount(t.vat)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${amount(t.taxInclusive)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${amount(t.due)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

function ublParty(p: TestParty): string {
  return `<cac:Party>
      ${p.email ? `<cbc:EndpointID schemeID="EM">${p.email}</cbc:EndpointID>` : ''}
      <cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>
      <cac:PostalAddress><cbc:StreetName>8 chemin des Vignes</cbc:StreetName><cbc:CityName>Mâcon</cbc:CityName><cbc:PostalZone>71000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
      ${p.vatNumber ? `<cac:PartyTaxScheme><cbc:CompanyID>${p.vatNumber}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
      <cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>${p.siren ? `<cbc:CompanyID schemeID="0002">${p.siren}</cbc:CompanyID>` : ''}</cac:PartyLegalEntity>
    </cac:Party>`;
}

/** A UBL 2.1 Invoice, or CreditNote with `credit` (Peppol BIS Billing 3.0 shape). */
export function ublInvoice(inv: TestInvoice, credit = false): string {
  const { lines, vat, t } = totalsOf(inv);
  const root = credit ? 'CreditNote' : 'Invoice';
  const line = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const qty = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(inv.number)}</cbc:ID>
  <cbc:IssueDate>${inv.issueDate}</cbc:IssueDate>
  ${!credit && inv.dueDate ? `<cbc:DueDate>${inv.dueDate}</cbc:DueDate>` : ''}
  <cbc:${root}TypeCode>${inv.typeCode ?? (credit ? '381' : '380')}</cbc:${root}TypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  ${inv.orderReference ? `<cac:OrderReference><cbc:ID>${esc(inv.orderReference)}</cbc:ID></cac:OrderReference>` : ''}
  <cac:AccountingSupplierParty>${ublParty(inv.seller)}</cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>${ublParty(inv.buyer)}</cac:AccountingCustomerParty>
  ${credit && inv.dueDate ? `<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentDueDate>${inv.dueDate}</cbc:PaymentDueDate></cac:PaymentMeans>` : ''}
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${amount(t.vat)}</cbc:TaxAmount>
${vat
  .map(
    (g) => `    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${amount(g.base)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">${amount(g.vat)}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>${g.category}</cbc:ID><cbc:Percent>${g.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>`,
  )
  .join('\n')}
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${amount(t.lines)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${amount(t.taxExclusive)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${amount(t.taxInclusive)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${amount(t.due)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
${lines
  .map(
    (l, i) => `  <cac:${line}>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${qty} unitCode="C62">${l.quantity}</cbc:${qty}>
    <cbc:LineExtensionAmount currencyID="EUR">${amount(l.amount)}</cbc:LineExtensionAmount>
    ${l.orderLine ? `<cac:OrderLineReference><cbc:LineID>${l.orderLine}</cbc:LineID></cac:OrderLineReference>` : ''}
    <cac:Item><cbc:Name>${esc(l.name)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>${l.category}</cbc:ID><cbc:Percent>${l.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${amount(l.price)}</cbc:PriceAmount></cac:Price>
  </cac:${line}>`,
  )
  .join('\n')}
</${root}>
`;
}

/** A PDF carrying `xml` as its embedded file `name` (Factur-X: factur-x.xml, AFRelationship Data), or nothing. */
export async function pdfWith(xml: string | null, name = 'factur-x.xml'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Facture', { x: 50, y: 780, size: 18, font });
  if (xml !== null) {
    await doc.attach(Buffer.from(xml, 'utf8'), name, {
      mimeType: 'text/xml',
      description: 'Factur-X invoice',
      afRelationship: AFRelationship.Data,
      creationDate: new Date('2026-03-01T00:00:00Z'),
      modificationDate: new Date('2026-03-01T00:00:00Z'),
    });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
