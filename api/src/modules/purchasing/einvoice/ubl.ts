// OASIS UBL 2.1 Invoice and CreditNote → the model. Paths from the EN 16931-3-2 syntax binding for UBL (the ones of the
// official Schematron EN16931-UBL-validation); a credit note names its type code, lines and quantities differently.
import type { EInvoice, EInvoiceAddress, EInvoiceParty } from './model';
import { all, at, attr, decimal, frenchIds, priceCents, text, textAt, valueReaders, type XNode } from './xml';

function party(p: XNode | undefined): EInvoiceParty {
  const legal = all(p, 'PartyLegalEntity').map((e) => ({ id: textAt(e, 'CompanyID'), scheme: attr(at(e, 'CompanyID'), 'schemeID') }));
  const ids = all(p, 'PartyIdentification').map((i) => ({ id: textAt(i, 'ID'), scheme: attr(at(i, 'ID'), 'schemeID') }));
  const vatNumber =
    all(p, 'PartyTaxScheme')
      .filter((s) => textAt(s, 'TaxScheme', 'ID') === 'VAT')
      .map((s) => textAt(s, 'CompanyID'))
      .find(Boolean) ?? null;
  const addr = at(p, 'PostalAddress');
  const address: EInvoiceAddress | null = addr
    ? {
        line1: textAt(addr, 'StreetName'),
        line2: textAt(addr, 'AdditionalStreetName'),
        zip: textAt(addr, 'PostalZone'),
        city: textAt(addr, 'CityName'),
        country: textAt(addr, 'Country', 'IdentificationCode'),
      }
    : null;
  const endpoint = at(p, 'EndpointID');
  const email = (attr(endpoint, 'schemeID') === 'EM' ? text(endpoint) : null) ?? textAt(p, 'Contact', 'ElectronicMail');
  return {
    name: textAt(p, 'PartyLegalEntity', 'RegistrationName') ?? textAt(p, 'PartyName', 'Name'),
    ...frenchIds([...legal, ...ids], vatNumber),
    vatNumber,
    email,
    address,
  };
}

export function readUbl(root: XNode, kind: 'Invoice' | 'CreditNote'): EInvoice {
  const { decimalIssues, badDates, amount, date } = valueReaders();
  const currency = textAt(root, 'DocumentCurrencyCode');
  const sums = at(root, 'LegalMonetaryTotal');
  const taxTotals = all(root, 'TaxTotal');
  // BT-110: the TaxTotal in the document currency (the one with the breakdown); another one may give BT-111
  const taxTotal = taxTotals.find((t) => all(t, 'TaxSubtotal').length > 0) ?? taxTotals[0];
  const lineName = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const qtyName = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';

  return {
    syntax: 'ubl',
    specification: textAt(root, 'CustomizationID'),
    number: textAt(root, 'ID'),
    typeCode: textAt(root, kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'),
    issueDate: date(at(root, 'IssueDate'), 'BT-2'),
    dueDate: date(at(root, 'DueDate') ?? at(root, 'PaymentMeans', 'PaymentDueDate'), 'BT-9'),
    paymentTerms: textAt(root, 'PaymentTerms', 'Note'),
    currency,
    orderReference: textAt(root, 'OrderReference', 'ID'),
    seller: party(at(root, 'AccountingSupplierParty', 'Party')),
    buyer: party(at(root, 'AccountingCustomerParty', 'Party')),
    lines: all(root, lineName).map((l) => {
      const qty = at(l, qtyName);
      const tax = at(l, 'Item', 'ClassifiedTaxCategory');
      return {
        id: textAt(l, 'ID'),
        name: textAt(l, 'Item', 'Name'),
        quantity: decimal(text(qty)),
        unitCode: attr(qty, 'unitCode'),
        netPrice: priceCents(textAt(l, 'Price', 'PriceAmount')),
        baseQuantity: decimal(textAt(l, 'Price', 'BaseQuantity')),
        netAmount: amount(at(l, 'LineExtensionAmount'), 'BT-131', 'BR-DEC-23'),
        vatCategory: textAt(tax, 'ID'),
        vatRate: decimal(textAt(tax, 'Percent')),
        orderLineRef: textAt(l, 'OrderLineReference', 'LineID'),
      };
    }),
    allowanceCharges: all(root, 'AllowanceCharge').map((a) => {
      const charge = textAt(a, 'ChargeIndicator') === 'true';
      return {
        charge,
        amount: amount(at(a, 'Amount'), charge ? 'BT-99' : 'BT-92', charge ? 'BR-DEC-24' : 'BR-DEC-01'),
        vatCategory: textAt(a, 'TaxCategory', 'ID'),
        vatRate: decimal(textAt(a, 'TaxCategory', 'Percent')),
      };
    }),
    vat: all(taxTotal, 'TaxSubtotal').map((s) => ({
      category: textAt(s, 'TaxCategory', 'ID'),
      rate: decimal(textAt(s, 'TaxCategory', 'Percent')),
      base: amount(at(s, 'TaxableAmount'), 'BT-116', 'BR-DEC-19'),
      vat: amount(at(s, 'TaxAmount'), 'BT-117', 'BR-DEC-20'),
    })),
    totals: {
      lines: amount(at(sums, 'LineExtensionAmount'), 'BT-106', 'BR-DEC-09'),
      allowances: amount(at(sums, 'AllowanceTotalAmount'), 'BT-107', 'BR-DEC-10'),
      charges: amount(at(sums, 'ChargeTotalAmount'), 'BT-108', 'BR-DEC-11'),
      taxExclusive: amount(at(sums, 'TaxExclusiveAmount'), 'BT-109', 'BR-DEC-12'),
      vat: amount(at(taxTotal, 'TaxAmount'), 'BT-110', 'BR-DEC-13'),
      taxInclusive: amount(at(sums, 'TaxInclusiveAmount'), 'BT-112', 'BR-DEC-14'),
      prepaid: amount(at(sums, 'PrepaidAmount'), 'BT-113', 'BR-DEC-16'),
      rounding: amount(at(sums, 'PayableRoundingAmount'), 'BT-114', 'BR-DEC-17'),
      due: amount(at(sums, 'PayableAmount'), 'BT-115', 'BR-DEC-18'),
    },
    decimalIssues,
    badDates,
  };
}
