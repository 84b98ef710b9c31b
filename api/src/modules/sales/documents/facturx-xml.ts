// The Factur-X 1.07.3 (= ZUGFeRD 2.3) XML of an issued sales document, profile EN 16931 ("COMFORT"):
// UN/CEFACT Cross Industry Invoice D16B, element order of Factur-X_1.07.3_EN16931.xsd. BT-/BG- numbers are the
// EN 16931-1 semantic model's.
//
// Choices:
// - amounts are the document's own integer cents, written with 2 decimals; nothing is recomputed, and a document that
//   contradicts itself (Σ lines ≠ total HT, Σ VAT ≠ total VAT…) is refused (InvoiceDocumentError) rather than sent;
// - excise duties stay inside each line's net amount (BT-131); inside the line they are a line charge (BG-28,
//   "Droits d'accises") next to the discount (BG-27), so that quantity × net price − allowances + charges = line amount;
// - a 0 % rate is category K (intra-community), G (export) or E (franchise or exempt) with its exemption reason; the
//   tourist tax is E with VATEX-EU-79-C (outside the VAT base, collected for the commune: see TOURIST_TAX in mentions.ts);
// - quantity × net price (BT-129 × BT-146) makes the line's amount before its discount and duties, with no hidden
//   adjustment: the price carries more decimals, or the line becomes one unit at its amount (linePricing);
// - the delivery address (BG-15) when it is not the billing address; the seller's option for VAT on debits as the
//   VAT point date code BT-8 = 5 « date de la facture (TVA sur les débits) » (XP Z12-012 annexe A; DGFiP rule G1.43)
//   and the mention as a TXD (tax declaration) note;
// - payment means: 58 (SEPA credit transfer) with the IBAN/BIC when the seller gave a bank account, else 1 (instrument
//   not defined); a credit note never carries the seller's IBAN (the money goes the other way);
// - TotalPrepaidAmount (BT-113) = Σ deposits deducted TTC, DuePayableAmount (BT-115) = TTC − prepaid;
// - the deposits deducted (final invoice) and the credited invoice (credit note) are preceding invoices (BG-3);
// - the French reform's rules (BR-FR) are met too: billing framework BT-23, electronic addresses BT-34 / BT-49, the
//   PMD / PMT / AAB payment notes on every document, the credited invoice's date BT-26 (see mentions.ts).
import type { InvoiceLine, Party } from 'shared-kernel/contracts';
import type { PartyAddress } from 'shared-kernel/contracts';
import { centsToDecimal, microsToDecimal, rateToDecimal, toCiiDate } from './format';
import {
  assertConsistent,
  billingFramework,
  buyerCountry,
  countryCode,
  deliveryAddressOf,
  documentMentions,
  duePayableCents,
  electronicAddress,
  legalFormLine,
  lineCategory,
  lineDetails,
  linePricing,
  paymentNotes,
  prepaidCents,
  rcsLine,
  sellerCountry,
  sirenOf,
  siretOf,
  vatBreakdowns,
  vatOnDebits,
  type VatBreakdown,
} from './mentions';
import type { InvoiceDocument } from './types';
import { el, serializeXml, text, type XmlChild, type XmlElement } from './xml';

export const FACTURX_GUIDELINE_EN16931 = 'urn:cen.eu:en16931:2017';
export const FACTURX_FILENAME = 'factur-x.xml';

/** UNTDID 1001 document type codes. */
export const TYPE_CODES = { invoice: '380', deposit: '386', credit: '381' } as const;

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

const amount = (name: string, cents: number, currency = false) =>
  text(name, centsToDecimal(cents), currency ? { currencyID: 'EUR' } : undefined);
const date102 = (name: string, value: string) => el(name, [text('udt:DateTimeString', toCiiDate(value), { format: '102' })]);
const indicator = (value: boolean) => el('ram:ChargeIndicator', [text('udt:Indicator', String(value))]);
const note = (content: string | null, subject: string) =>
  content && el('ram:IncludedNote', [text('ram:Content', content), text('ram:SubjectCode', subject)]);

function address(party: Party, country: string): XmlElement {
  return postalAddress(party.address, country);
}

function postalAddress(a: PartyAddress | null, country: string): XmlElement {
  return el('ram:PostalTradeAddress', [
    text('ram:PostcodeCode', a?.zipcode),
    text('ram:LineOne', a?.street),
    text('ram:LineTwo', a?.street2),
    text('ram:CityName', a?.city),
    text('ram:CountryID', country),
  ]);
}

/** BG-4 seller / BG-7 buyer. */
function tradeParty(name: string, party: Party, country: string, tradingName: string | null): XmlElement {
  const siret = siretOf(party);
  const siren = sirenOf(party);
  const contact = party.email?.trim() || party.phone?.trim();
  return el(name, [
    siret && text('ram:GlobalID', siret, { schemeID: '0009' }), // ICD 0009 = SIRET
    text('ram:Name', party.name),
    (siren || tradingName) &&
      el('ram:SpecifiedLegalOrganization', [
        text('ram:ID', siren, { schemeID: '0002' }), // ICD 0002 = SIREN
        text('ram:TradingBusinessName', tradingName),
      ]),
    contact &&
      el('ram:DefinedTradeContact', [
        party.phone?.trim() && el('ram:TelephoneUniversalCommunication', [text('ram:CompleteNumber', party.phone)]),
        party.email?.trim() && el('ram:EmailURIUniversalCommunication', [text('ram:URIID', party.email)]),
      ]),
    address(party, country),
    uriCommunication(party),
    party.vatNumber?.trim() && el('ram:SpecifiedTaxRegistration', [text('ram:ID', party.vatNumber.replace(/\s/g, ''), { schemeID: 'VA' })]),
  ]);
}

/** A line allowance (negative adjustment) or charge (positive), with its reason (BR-42 / BR-44). */
function lineAdjustment(cents: number, reason: string): XmlChild {
  if (cents === 0) return null;
  return el('ram:SpecifiedTradeAllowanceCharge', [
    indicator(cents > 0),
    amount('ram:ActualAmount', Math.abs(cents)),
    text('ram:Reason', reason),
  ]);
}

/** BG-25 invoice line. */
function lineItem(doc: InvoiceDocument, line: InvoiceLine, index: number): XmlElement {
  // quantity × price = the line's amount before discount and duties (linePricing: no hidden adjustment)
  const priced = linePricing(line);
  // BR-27: the net price is never negative; a negative line (a discount line) is a negative quantity
  const negative = priced.priceMicros < 0;
  const quantity = negative ? -priced.quantity : priced.quantity;
  const price = Math.abs(priced.priceMicros);
  return el('ram:IncludedSupplyChainTradeLineItem', [
    el('ram:AssociatedDocumentLineDocument', [text('ram:LineID', String(index + 1))]),
    el('ram:SpecifiedTradeProduct', [text('ram:Name', line.label.trim() || 'Article'), text('ram:Description', lineDetails(line))]),
    el('ram:SpecifiedLineTradeAgreement', [el('ram:NetPriceProductTradePrice', [text('ram:ChargeAmount', microsToDecimal(price))])]),
    el('ram:SpecifiedLineTradeDelivery', [text('ram:BilledQuantity', String(quantity), { unitCode: 'C62' })]),
    el('ram:SpecifiedLineTradeSettlement', [
      el('ram:ApplicableTradeTax', [
        text('ram:TypeCode', 'VAT'),
        text('ram:CategoryCode', lineCategory(doc, line)),
        text('ram:RateApplicablePercent', rateToDecimal(line.vatRate)),
      ]),
      lineAdjustment(-line.discountHT, 'Remise'),
      lineAdjustment(line.duties, 'Droits d’accises'),
      el('ram:SpecifiedTradeSettlementLineMonetarySummation', [amount('ram:LineTotalAmount', line.totalHT)]),
    ]),
  ]);
}

/**
 * BG-23 VAT breakdown, one per rate as the document states it (a 0 % rate split by category: vatBreakdowns). A seller
 * who opted for VAT on debits says so with BT-8 (DueDateTypeCode) = 5, the same on every breakdown (CII-SR-462), and no
 * BT-7 (BR-CO-03).
 */
function vatBreakdown(v: VatBreakdown, debits: boolean): XmlElement {
  return el('ram:ApplicableTradeTax', [
    amount('ram:CalculatedAmount', v.vat),
    text('ram:TypeCode', 'VAT'),
    text('ram:ExemptionReason', v.exemption?.text),
    amount('ram:BasisAmount', v.baseHT),
    text('ram:CategoryCode', v.category),
    text('ram:ExemptionReasonCode', v.exemption?.code),
    debits && text('ram:DueDateTypeCode', '5'),
    text('ram:RateApplicablePercent', rateToDecimal(v.rate)),
  ]);
}

/** BG-16 payment instructions. */
function paymentMeans(doc: InvoiceDocument): XmlElement {
  const bank = doc.kind !== 'credit' ? doc.bank : null;
  if (!bank) return el('ram:SpecifiedTradeSettlementPaymentMeans', [text('ram:TypeCode', '1')]);
  return el('ram:SpecifiedTradeSettlementPaymentMeans', [
    text('ram:TypeCode', '58'),
    text('ram:Information', 'Virement SEPA'),
    el('ram:PayeePartyCreditorFinancialAccount', [
      text('ram:IBANID', bank.iban.replace(/\s/g, '').toUpperCase()),
      text('ram:AccountName', bank.label),
    ]),
    bank.bic?.trim() &&
      el('ram:PayeeSpecifiedCreditorFinancialInstitution', [text('ram:BICID', bank.bic.replace(/\s/g, '').toUpperCase())]),
  ]);
}

/**
 * BG-1 notes: the legal mentions a machine reader would otherwise lose, with UNTDID 4451 text subject codes: REG
 * regulatory information, AAI general information, and the payment mentions the French rules require (paymentNotes:
 * PMD penalties, PMT recovery indemnity, AAB discount), each once.
 */
function notes(doc: InvoiceDocument): XmlChild[] {
  const m = documentMentions(doc);
  const pay = paymentNotes(doc);
  const seller = doc.seller;
  const legal = [seller.name, legalFormLine(seller), rcsLine(seller), seller.exciseNumber ? `N° d’accise ${seller.exciseNumber}` : null]
    .filter(Boolean)
    .join(' – ')
    .replace(/[\u202f\u00a0]/g, ' ');
  return [
    note(legal, 'REG'),
    note(m.credit, 'AAI'),
    note(m.reason, 'AAI'),
    note(pay.PMD, 'PMD'),
    note(pay.PMT, 'PMT'),
    note(pay.AAB, 'AAB'),
    // TXD "tax declaration" (UNTDID 4451): at most one (BR-FR-06); the other French use of TXD, MEMBRE_ASSUJETTI_UNIQUE
    // (BR-FR-CO-14), concerns sellers identified under scheme 0231, which this product never issues for
    note(m.vatOnDebits, 'TXD'),
    ...m.extra.filter((t) => t !== pay.discountMention).map((t) => note(t, 'AAI')),
  ];
}

/** BT-34 / BT-49 electronic address. */
function uriCommunication(party: Party): XmlChild {
  const address = electronicAddress(party);
  return address && el('ram:URIUniversalCommunication', [text('ram:URIID', address.id, { schemeID: address.scheme })]);
}

/** BG-3 preceding invoices: the credited invoice (with its date BT-26 when known) or the deposits deducted. */
function precedingInvoices(doc: InvoiceDocument): XmlElement[] {
  const refs =
    doc.kind === 'credit'
      ? doc.relatedInvoice
        ? [{ number: doc.relatedInvoice.number, issuedAt: doc.relatedInvoiceIssuedAt ?? null }]
        : []
      : doc.depositsDeducted.map((d) => ({ number: d.number, issuedAt: null }));
  return refs.map((r) =>
    el('ram:InvoiceReferencedDocument', [
      text('ram:IssuerAssignedID', r.number),
      r.issuedAt && el('ram:FormattedIssueDateTime', [text('qdt:DateTimeString', toCiiDate(r.issuedAt), { format: '102' })]),
    ]),
  );
}

/** The Factur-X EN 16931 XML of the document (UTF-8 text). Throws InvoiceDocumentError on an inconsistent document. */
export function buildFacturXXml(doc: InvoiceDocument): string {
  assertConsistent(doc);
  const breakdowns = vatBreakdowns(doc);
  const intraCommunity = breakdowns.some((v) => v.category === 'K');
  const delivery = deliveryAddressOf(doc);
  const prepaid = prepaidCents(doc);
  const buyer = buyerCountry(doc);
  const tradingName = doc.shopName.trim() && doc.shopName.trim() !== doc.seller.name.trim() ? doc.shopName.trim() : null;

  const root = el(
    'rsm:CrossIndustryInvoice',
    [
      el('rsm:ExchangedDocumentContext', [
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', [text('ram:ID', billingFramework(doc))]),
        el('ram:GuidelineSpecifiedDocumentContextParameter', [text('ram:ID', FACTURX_GUIDELINE_EN16931)]),
      ]),
      el('rsm:ExchangedDocument', [
        text('ram:ID', doc.number),
        text('ram:TypeCode', TYPE_CODES[doc.kind]),
        date102('ram:IssueDateTime', doc.issuedAt),
        ...notes(doc),
      ]),
      el('rsm:SupplyChainTradeTransaction', [
        ...doc.lines.map((l, i) => lineItem(doc, l, i)),
        el('ram:ApplicableHeaderTradeAgreement', [
          tradeParty('ram:SellerTradeParty', doc.seller, sellerCountry(doc), tradingName),
          tradeParty('ram:BuyerTradeParty', doc.buyer, buyer, null),
          doc.orderNumber && el('ram:SellerOrderReferencedDocument', [text('ram:IssuerAssignedID', doc.orderNumber)]),
        ]),
        el('ram:ApplicableHeaderTradeDelivery', [
          // BG-15 the delivery address when it is not the billing address (a mandatory mention of the reform);
          // BR-IC-12: an intra-community supply names the country delivered to (else the buyer's)
          delivery
            ? el('ram:ShipToTradeParty', [
                text('ram:Name', doc.buyer.name),
                postalAddress(delivery, countryCode(delivery.country) ?? buyer),
              ])
            : intraCommunity && el('ram:ShipToTradeParty', [text('ram:Name', doc.buyer.name), address(doc.buyer, buyer)]),
          el('ram:ActualDeliverySupplyChainEvent', [date102('ram:OccurrenceDateTime', doc.saleDate)]),
        ]),
        el('ram:ApplicableHeaderTradeSettlement', [
          text('ram:PaymentReference', doc.number),
          text('ram:InvoiceCurrencyCode', 'EUR'),
          paymentMeans(doc),
          ...breakdowns.map((v) => vatBreakdown(v, vatOnDebits(doc))),
          (doc.paymentTerms.trim() || doc.dueDate) &&
            el('ram:SpecifiedTradePaymentTerms', [
              text('ram:Description', doc.paymentTerms),
              doc.dueDate && date102('ram:DueDateDateTime', doc.dueDate),
            ]),
          el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
            amount('ram:LineTotalAmount', doc.totalHT),
            amount('ram:TaxBasisTotalAmount', doc.totalHT),
            amount('ram:TaxTotalAmount', doc.totalVAT, true),
            amount('ram:GrandTotalAmount', doc.totalTTC),
            prepaid !== 0 && amount('ram:TotalPrepaidAmount', prepaid),
            amount('ram:DuePayableAmount', duePayableCents(doc)),
          ]),
          ...precedingInvoices(doc),
        ]),
      ]),
    ],
    NS,
  );
  return serializeXml(root);
}
