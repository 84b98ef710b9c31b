// One model for a received e-invoice, whatever its syntax (CII D16B or UBL 2.1): the EN 16931 semantic model's
// business terms (BT-n) and groups (BG-n) the purchasing module reads, amounts in integer cents.

export type EInvoiceSyntax = 'cii' | 'ubl';

/** A postal address (BG-5 seller, BG-8 buyer). */
export interface EInvoiceAddress {
  line1: string | null;
  line2: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 (BT-40 / BT-55) */
  country: string | null;
}

/** The seller (BG-4) or the buyer (BG-7). */
export interface EInvoiceParty {
  /** BT-27 / BT-44 */
  name: string | null;
  /** SIREN read from BT-30 / BT-47 (scheme 0002), a SIRET (scheme 0009) or a French VAT number */
  siren: string | null;
  /** SIRET when the invoice gives one (scheme 0009) */
  siret: string | null;
  /** BT-31 / BT-48 */
  vatNumber: string | null;
  /** BT-34 / BT-49 with scheme EM, else the contact's mail (BT-43 / BT-58) */
  email: string | null;
  /** null when the invoice has no postal address group at all */
  address: EInvoiceAddress | null;
}

/** An invoice line (BG-25). Null = absent from the file. */
export interface EInvoiceLine {
  /** BT-126 */
  id: string | null;
  /** BT-153 */
  name: string | null;
  /** BT-129 */
  quantity: number | null;
  /** BT-130 */
  unitCode: string | null;
  /** BT-146, in cents (may be fractional: a price may have more than 2 decimals) */
  netPrice: number | null;
  /** BT-149 (default 1) */
  baseQuantity: number | null;
  /** BT-131, in cents */
  netAmount: number | null;
  /** BT-151 */
  vatCategory: string | null;
  /** BT-152, percent */
  vatRate: number | null;
  /** BT-132: the buyer's order line referenced */
  orderLineRef: string | null;
}

/** A document-level allowance (BG-20) or charge (BG-21). */
export interface EInvoiceAllowanceCharge {
  charge: boolean;
  /** BT-92 / BT-99, in cents */
  amount: number | null;
  /** BT-95 / BT-102 */
  vatCategory: string | null;
  /** BT-96 / BT-103 */
  vatRate: number | null;
}

/** A VAT breakdown (BG-23). */
export interface EInvoiceVat {
  /** BT-118 */
  category: string | null;
  /** BT-119 */
  rate: number | null;
  /** BT-116, in cents */
  base: number | null;
  /** BT-117, in cents */
  vat: number | null;
}

/** Document totals (BG-22), in cents; null = absent. */
export interface EInvoiceTotals {
  /** BT-106 */
  lines: number | null;
  /** BT-107 */
  allowances: number | null;
  /** BT-108 */
  charges: number | null;
  /** BT-109 */
  taxExclusive: number | null;
  /** BT-110 */
  vat: number | null;
  /** BT-112 */
  taxInclusive: number | null;
  /** BT-113 */
  prepaid: number | null;
  /** BT-114 */
  rounding: number | null;
  /** BT-115 */
  due: number | null;
}

export interface EInvoice {
  syntax: EInvoiceSyntax;
  /** BT-24 */
  specification: string | null;
  /** BT-1 */
  number: string | null;
  /** BT-3 (UNTDID 1001) */
  typeCode: string | null;
  /** BT-2, ISO date; 'invalid' when present but not a date */
  issueDate: string | null;
  /** BT-9, ISO date */
  dueDate: string | null;
  /** BT-20 */
  paymentTerms: string | null;
  /** BT-5 */
  currency: string | null;
  /** BT-13: the buyer's purchase order number */
  orderReference: string | null;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  allowanceCharges: EInvoiceAllowanceCharge[];
  vat: EInvoiceVat[];
  totals: EInvoiceTotals;
  /** amounts written with more than 2 decimals (BR-DEC rules), by business term */
  decimalIssues: Array<{ rule: string; term: string; value: string }>;
  /** dates present but unreadable, by business term */
  badDates: string[];
}
