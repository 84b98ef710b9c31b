// UN/CEFACT Cross Industry Invoice D16B (the syntax of Factur-X / ZUGFeRD 2) → the model. Paths from the EN 16931-3-3
// syntax binding for CII (the ones the official Schematron EN16931-CII-validation reads).
import type { EInvoice, EInvoiceAddress, EInvoiceParty } from './model';
import { all, at, attr, decimal, frenchIds, priceCents, text, textAt, valueReaders, type XNode } from './xml';

function party(p: XNode | undefined): EInvoiceParty {
  const legal = all(p, 'SpecifiedLegalOrganization').map((o) => ({ id: textAt(o, 'ID'), scheme: attr(at(o, 'ID'), 'schemeID') }));
  const globalIds = all(p, 'GlobalID').map((g) => ({ id: text(g), scheme: attr(g, 'schemeID') }));
  const vatNumber =
    all(p, 'SpecifiedTaxRegistration')
      .map((r) => at(r, 'ID'))
      .filter((id) => attr(id, 'schemeID') === 'VA')
      .map(text)
      .find(Boolean) ?? null;
  const addr = at(p, 'PostalTradeAddress');
  const address: EInvoiceAddress | null = addr
    ? {
        line1: textAt(addr, 'LineOne'),
        line2: textAt(addr, 'LineTwo'),
        zip: textAt(addr, 'PostcodeCode'),
        city: textAt(addr, 'CityName'),
        country: textAt(addr, 'CountryID'),
      }
    : null;
  const uri = at(p, 'URIUniversalCommunication', 'URIID');
  const email =
    (attr(uri, 'schemeID') === 'EM' ? text(uri) : null) ?? textAt(p, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID');
  return { name: textAt(p, 'Name'), ...frenchIds([...legal, ...globalIds], vatNumber), vatNumber, email, address };
}

export function readCii(root: XNode): EInvoice {
  const { decimalIssues, badDates, amount, date } = valueReaders();

  const doc = at(root, 'ExchangedDocument');
  const tx = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = at(tx, 'ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  // BT-110 is the TaxTotalAmount in the invoice currency (a second one may give BT-111 in the accounting currency)
  const taxTotals = all(sums, 'TaxTotalAmount');
  const taxTotal = taxTotals.find((t) => !currency || attr(t, 'currencyID') === currency || !attr(t, 'currencyID')) ?? taxTotals[0];

  return {
    syntax: 'cii',
    specification: textAt(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    number: textAt(doc, 'ID'),
    typeCode: textAt(doc, 'TypeCode'),
    issueDate: date(at(doc, 'IssueDateTime', 'DateTimeString'), 'BT-2'),
    dueDate: date(at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString'), 'BT-9'),
    paymentTerms: textAt(settlement, 'SpecifiedTradePaymentTerms', 'Description'),
    currency,
    orderReference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    seller: party(at(agreement, 'SellerTradeParty')),
    buyer: party(at(agreement, 'BuyerTradeParty')),
    lines: all(tx, 'IncludedSupplyChainTradeLineItem').map((l) => {
      const price = at(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
      const qty = at(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
      const tax = at(l, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax');
      return {
        id: textAt(l, 'AssociatedDocumentLineDocument', 'LineID'),
        name: textAt(l, 'SpecifiedTradeProduct', 'Name'),
        quantity: decimal(text(qty)),
        unitCode: attr(qty, 'unitCode'),
        netPrice: priceCents(textAt(price, 'ChargeAmount')),
        baseQuantity: decimal(textAt(price, 'BasisQuantity')),
        netAmount: amount(
          at(l, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
          'BT-131',
          'BR-DEC-23',
        ),
        vatCategory: textAt(tax, 'CategoryCode'),
        vatRate: decimal(textAt(tax, 'RateApplicablePercent')),
        orderLineRef: textAt(l, 'SpecifiedLineTradeAgreement', 'BuyerOrderReferencedDocument', 'LineID'),
      };
    }),
    allowanceCharges: all(settlement, 'SpecifiedTradeAllowanceCharge').map((a) => {
      const charge = textAt(a, 'ChargeIndicator', 'Indicator') === 'true';
      return {
        charge,
        amount: amount(at(a, 'ActualAmount'), charge ? 'BT-99' : 'BT-92', charge ? 'BR-DEC-24' : 'BR-DEC-01'),
        vatCategory: textAt(a, 'CategoryTradeTax', 'CategoryCode'),
        vatRate: decimal(textAt(a, 'CategoryTradeTax', 'RateApplicablePercent')),
      };
    }),
    vat: all(settlement, 'ApplicableTradeTax').map((t) => ({
      category: textAt(t, 'CategoryCode'),
      rate: decimal(textAt(t, 'RateApplicablePercent')),
      base: amount(at(t, 'BasisAmount'), 'BT-116', 'BR-DEC-19'),
      vat: amount(at(t, 'CalculatedAmount'), 'BT-117', 'BR-DEC-20'),
    })),
    totals: {
      lines: amount(at(sums, 'LineTotalAmount'), 'BT-106', 'BR-DEC-09'),
      allowances: amount(at(sums, 'AllowanceTotalAmount'), 'BT-107', 'BR-DEC-10'),
      charges: amount(at(sums, 'ChargeTotalAmount'), 'BT-108', 'BR-DEC-11'),
      taxExclusive: amount(at(sums, 'TaxBasisTotalAmount'), 'BT-109', 'BR-DEC-12'),
      vat: amount(taxTotal, 'BT-110', 'BR-DEC-13'),
      taxInclusive: amount(at(sums, 'GrandTotalAmount'), 'BT-112', 'BR-DEC-14'),
      prepaid: amount(at(sums, 'TotalPrepaidAmount'), 'BT-113', 'BR-DEC-16'),
      rounding: amount(at(sums, 'RoundingAmount'), 'BT-114', 'BR-DEC-17'),
      due: amount(at(sums, 'DuePayableAmount'), 'BT-115', 'BR-DEC-18'),
    },
    decimalIssues,
    badDates,
  };
}
