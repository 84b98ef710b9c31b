// The French legal content of an invoice, shared by the Factur-X XML and the PDF.
//
// Mandatory mentions of an invoice (CGI art. 242 nonies A of annexe II; Code de commerce L441-9):
// - seller and buyer names and addresses, the seller's SIREN/SIRET (and RCS, legal form and share capital for a
//   company: C. com. R123-237), the seller's intra-community VAT number, the buyer's for a professional;
// - a unique number in a continuous series, the issue date, the date of the sale or delivery;
// - for every line: designation, quantity, unit price HT, discount, VAT rate; VAT totals per rate; total HT, VAT, TTC;
// - the VAT exemption ground when no VAT is charged (CGI art. 293 B, 262 ter I, 262 I…);
// - the due date, the conditions of discount for early payment, the late-payment penalty rate (C. com. L441-10 I)
//   and, between professionals, the fixed 40 € recovery indemnity (C. com. L441-10 II, D441-5);
// - for a credit note, an unambiguous reference to the invoice it corrects;
// - the nature of the operation (goods, services or both), and, added by the e-invoicing reform (décret n° 2022-1299
//   amending art. 242 nonies A): the buyer's SIREN, the delivery address when it is not the billing address, and the
//   mention « Option pour le paiement de la taxe d'après les débits » for a seller who took that option (CGI
//   art. 269-2-c; already required by CGI ann. III art. 77-2).
// Tourist tax (taxe de séjour) collected for the commune: outside the VAT base, see TOURIST_TAX below.
// Excise: the seller's excise number (entrepositaire agréé) and the excise duties, shown apart from the price.
import { formatCents } from 'shared-kernel/domain';
import type { InvoiceLine, Party, PartyAddress } from 'shared-kernel/contracts';
import { toFrenchDate } from './format';
import type { InvoiceDocument } from './types';

/** EU member states (ISO 3166-1 alpha-2). Monaco belongs to the French VAT territory (treated as FR). */
const EU_COUNTRIES = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

const normalizeName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** 'UK' → 'GB', 'DD' → 'DE' (the runtime's CLDR aliases); the code itself otherwise. */
function canonicalRegion(code: string): string {
  try {
    return new Intl.Locale(`und-${code}`).region ?? code;
  } catch {
    return code;
  }
}

let namesToCodes: Map<string, string> | null = null;
/** Country names in French and English (from the runtime's ICU data) → ISO code, built once. */
function countryNames(): Map<string, string> {
  if (namesToCodes) return namesToCodes;
  const map = new Map<string, string>();
  const displays = [new Intl.DisplayNames(['fr'], { type: 'region' }), new Intl.DisplayNames(['en'], { type: 'region' })];
  for (let i = 0; i < 26; i++) {
    for (let j = 0; j < 26; j++) {
      const code = String.fromCharCode(65 + i, 65 + j);
      if (canonicalRegion(code) !== code) continue; // a withdrawn code (UK, DD, YU…) names its successor
      for (const names of displays) {
        const name = names.of(code);
        if (name && name !== code && !/inconnue|unknown/i.test(name)) map.set(normalizeName(name), code);
      }
    }
  }
  namesToCodes = map;
  return map;
}

/** An ISO 3166 alpha-2 code from what an address holds ('FR', 'fr', 'France', 'Belgique'…); null when unknown. */
export function countryCode(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^[A-Za-z]{2}$/.test(v)) {
    const code = v.toUpperCase();
    return code === 'EL' ? 'GR' : canonicalRegion(code);
  }
  return countryNames().get(normalizeName(v)) ?? null;
}

/** The country of an intra-community VAT number (its prefix; EL = Greece, XI = Northern Ireland). */
export function vatNumberCountry(vatNumber: string | null | undefined): string | null {
  const m = /^([A-Za-z]{2})/.exec(vatNumber?.replace(/\s/g, '') ?? '');
  if (!m) return null;
  const prefix = m[1].toUpperCase();
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/** The buyer's country: its address, else its VAT number, else the seller's country, else France. */
export function buyerCountry(doc: InvoiceDocument): string {
  return countryCode(doc.buyer.address?.country) ?? vatNumberCountry(doc.buyer.vatNumber) ?? sellerCountry(doc);
}

export function sellerCountry(doc: InvoiceDocument): string {
  return countryCode(doc.seller.address?.country) ?? 'FR';
}

/** Why a 0 % rate applies, decided once for the document (the caller chose the rates; this names the ground). */
export type ZeroRateGround = 'franchise' | 'intraCommunity' | 'export' | 'exempt';

export interface ZeroRateMention {
  ground: ZeroRateGround;
  /** EN 16931 VAT category: E exempt, K intra-community supply, G export outside the EU */
  category: 'E' | 'K' | 'G';
  /** the mention printed on the invoice and sent as the exemption reason (BT-120) */
  text: string;
  /** VATEX code (BT-121) */
  code: string | null;
}

const ZERO_RATE: Record<ZeroRateGround, ZeroRateMention> = {
  franchise: { ground: 'franchise', category: 'E', text: 'TVA non applicable, art. 293 B du CGI', code: 'VATEX-FR-FRANCHISE' },
  intraCommunity: { ground: 'intraCommunity', category: 'K', text: 'Exonération de TVA, art. 262 ter I du CGI', code: 'VATEX-EU-IC' },
  export: { ground: 'export', category: 'G', text: 'Exonération de TVA, art. 262 I du CGI', code: 'VATEX-EU-G' },
  exempt: { ground: 'exempt', category: 'E', text: 'Exonération de TVA', code: null },
};

/**
 * A reservation's tourist tax (taxe de séjour « au réel », CGCT art. L2333-29 et suivants): the guest owes it to the
 * commune, the host only collects it (CGCT art. L2333-33) and pays it over to the commune's public accountant
 * (art. L2333-34). It is not the price of anything the seller
 * supplies, so it is not in the VAT base: the administration excludes the taxe de séjour au réel from the host's VAT
 * base (instruction of 14 February 1994; rép. min. Habig, JO AN 7 November 1994 p. 5540 — unlike the taxe au forfait,
 * which the host owes itself and which is part of its price), as it does the amounts a seller spends in the name and
 * for the account of its client (« débours », CGI art. 267 II-2°; directive 2006/112/CE art. 79 c).
 *
 * How EN 16931 carries it. The honest category would be O (not subject to VAT), but an invoice with an O line may hold
 * nothing else (BR-O-11 to BR-O-14) and the tax always comes with the visit or the stay it goes with; EN 16931 has no
 * other place for an amount outside VAT (a document-level charge needs a VAT category too). So the line is category E
 * with the CEF VATEX code VATEX-EU-79-C (« exempt based on article 79, point c of Council Directive 2006/112/EC »:
 * amounts excluded from the taxable amount as repayment of expenditure incurred on behalf of the customer), the
 * practice of the French reform's operators for débours on an invoice that mixes them with taxed lines (Sovos, France
 * use case 16 « Reimbursable expenses (débours) »), and the exemption text names the legal ground instead of a bare
 * « Exonération de TVA ». It passes the EN 16931 and BR-FR rules (validators.test.ts).
 */
export const TOURIST_TAX: Omit<ZeroRateMention, 'ground'> & { category: 'E' } = {
  category: 'E',
  text: 'Taxe de séjour perçue pour le compte de la commune (CGCT, art. L2333-29 et suivants), hors base d’imposition à la TVA',
  code: 'VATEX-EU-79-C',
};

/** A tourist-tax line collected without VAT (see TOURIST_TAX). */
export const isTouristTax = (l: InvoiceLine): boolean => l.accountingType === 'touristTax' && l.vatRate === 0;

/**
 * The ground of the document's 0 % rate:
 * - a seller without a VAT number is under the franchise (CGI art. 293 B);
 * - a professional buyer with an EU VAT number outside France: intra-community supply (art. 262 ter I);
 * - a buyer outside the EU (Monaco is French territory for VAT): export (art. 262 I);
 * - otherwise a plain exemption (the caller's `legalMentions` may say more).
 */
export function zeroRateMention(doc: InvoiceDocument): ZeroRateMention {
  if (!doc.seller.vatNumber?.trim()) return ZERO_RATE.franchise;
  const vatCountry = vatNumberCountry(doc.buyer.vatNumber);
  if (doc.buyer.isPro && vatCountry && vatCountry !== 'FR' && EU_COUNTRIES.has(vatCountry)) return ZERO_RATE.intraCommunity;
  const country = buyerCountry(doc);
  if (!EU_COUNTRIES.has(country) && country !== 'MC') return ZERO_RATE.export;
  return ZERO_RATE.exempt;
}

/** Whether something other than the tourist tax is sold at 0 % (what the exemption ground is printed for). */
export const hasZeroRate = (doc: InvoiceDocument): boolean => {
  const zero = doc.lines.filter((l) => l.vatRate === 0);
  return zero.some((l) => !isTouristTax(l)) || (zero.length === 0 && doc.vat.some((v) => v.rate === 0));
};

export const hasTouristTax = (doc: InvoiceDocument): boolean => doc.lines.some(isTouristTax);

/** EN 16931 VAT category code of a rate on this document (for a line: lineCategory). */
export function vatCategory(doc: InvoiceDocument, rate: number): 'S' | 'E' | 'K' | 'G' {
  return rate > 0 ? 'S' : zeroRateMention(doc).category;
}

/** EN 16931 VAT category code of a line: the tourist tax is E (TOURIST_TAX), the others follow their rate. */
export function lineCategory(doc: InvoiceDocument, line: InvoiceLine): 'S' | 'E' | 'K' | 'G' {
  return isTouristTax(line) ? TOURIST_TAX.category : vatCategory(doc, line.vatRate);
}

/** One VAT breakdown (BG-23) as the XML states it: the document's rate, split by category where 0 % mixes two. */
export interface VatBreakdown {
  rate: number;
  baseHT: number;
  vat: number;
  category: 'S' | 'E' | 'K' | 'G';
  exemption: { text: string; code: string | null } | null;
}

/**
 * The document's VAT per rate (its own figures), as EN 16931 breakdowns: a 0 % rate that holds the tourist tax and
 * goods under another ground (an export, an intra-community supply) becomes two breakdowns, one per category (BR-E-08,
 * BR-IC-08, BR-G-08: the base of each category is the sum of its lines); both carry no VAT. When both are E (seller
 * under the franchise, or exempt), EN 16931 allows a single E breakdown (BR-E-01): it names both grounds and no code.
 */
export function vatBreakdowns(doc: InvoiceDocument): VatBreakdown[] {
  return doc.vat.flatMap((v): VatBreakdown[] => {
    if (v.rate > 0) return [{ ...v, category: 'S', exemption: null }];
    const zero = doc.lines.filter((l) => l.vatRate === 0);
    const touristBase = zero.filter(isTouristTax).reduce((n, l) => n + l.totalHT, 0);
    const tourist = zero.some(isTouristTax);
    const other = zero.length === 0 || zero.some((l) => !isTouristTax(l));
    const ground = zeroRateMention(doc);
    const touristPart: VatBreakdown = {
      rate: 0,
      baseHT: touristBase,
      vat: 0,
      category: 'E',
      exemption: { text: TOURIST_TAX.text, code: TOURIST_TAX.code },
    };
    const otherPart: VatBreakdown = {
      rate: 0,
      baseHT: v.baseHT - touristBase,
      vat: v.vat,
      category: ground.category,
      exemption: { text: ground.text, code: ground.code },
    };
    if (!tourist) return [{ ...otherPart, baseHT: v.baseHT }];
    if (!other) return [{ ...touristPart, baseHT: v.baseHT, vat: v.vat }];
    if (ground.category === 'E') {
      return [{ ...otherPart, baseHT: v.baseHT, exemption: { text: `${ground.text} ; ${TOURIST_TAX.text}`, code: null } }];
    }
    return [otherPart, touristPart];
  });
}

/**
 * How a line is priced on the document, so that quantity × unit price = the line's amount before its discount and
 * duties, to the cent, on paper as in the XML (no hidden adjustment):
 * - the stored unit price when it does;
 * - else the exact unit price with more decimals (BT-146 allows up to 6: BR-FR-DEC-03), e.g. 50,00 € for 8 → 6,25 €;
 * - else (50,00 € for 3) a single unit at the line's amount, the quantity said in the line's details.
 * Prices are in millionths of a euro (integers: no float touches an amount).
 */
export function linePricing(line: InvoiceLine): { quantity: number; priceMicros: number; folded: boolean } {
  const net = line.totalHT - line.duties + line.discountHT;
  if (line.quantity * line.unitPriceHT === net) return { quantity: line.quantity, priceMicros: line.unitPriceHT * 10_000, folded: false };
  if (line.quantity !== 0 && (net * 10_000) % line.quantity === 0) {
    return { quantity: line.quantity, priceMicros: (net * 10_000) / line.quantity, folded: false };
  }
  return { quantity: 1, priceMicros: net * 10_000, folded: true };
}

/** The line's details as printed and sent (BT-154), with the quantity a folded line stands for. */
export function lineDetails(line: InvoiceLine): string | null {
  const folded = linePricing(line).folded ? `Forfait pour une quantité de ${line.quantity}` : null;
  return [line.details?.trim(), folded].filter(Boolean).join(' – ') || null;
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase().replace(/\s+/g, ' ') === (b ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The delivery address frozen in the document, when it is not the billing address (else null: nothing to print). */
export function deliveryAddressOf(doc: InvoiceDocument): PartyAddress | null {
  const d = doc.buyer.deliveryAddress;
  if (!d || !d.street?.trim()) return null;
  const b = doc.buyer.address;
  if (
    b &&
    sameText(d.street, b.street) &&
    sameText(d.street2, b.street2) &&
    sameText(d.zipcode, b.zipcode) &&
    sameText(d.city, b.city) &&
    (countryCode(d.country) ?? d.country) === (countryCode(b.country) ?? b.country)
  )
    return null;
  return d;
}

/** « Option pour le paiement de la taxe d'après les débits » (CGI art. 269-2-c; CGI ann. III art. 77-2). */
export const VAT_ON_DEBITS = 'Option pour le paiement de la taxe d’après les débits';
export const vatOnDebits = (doc: InvoiceDocument): boolean => doc.seller.vatOnDebits === true;

export const RECOVERY_INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
export const NO_EARLY_PAYMENT_DISCOUNT = 'Pas d’escompte pour paiement anticipé';
/** The 40 € indemnity is owed by a professional only (C. com. L441-10 II): what the XML says to a private buyer. */
export const NO_RECOVERY_INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : non applicable (client non professionnel)';

/** The party's SIREN (9 digits), given or taken from its SIRET. */
export function sirenOf(party: Party): string | null {
  const siren = party.siren?.replace(/\s/g, '') || party.siret?.replace(/\s/g, '').slice(0, 9) || null;
  return siren && /^\d{9}$/.test(siren) ? siren : null;
}

/** The party's SIRET (14 digits), or null. */
export function siretOf(party: Party): string | null {
  const siret = party.siret?.replace(/\s/g, '') ?? '';
  return /^\d{14}$/.test(siret) ? siret : null;
}

/** 'SAS au capital de 10 000,00 €' (or just the legal form, or null). */
export function legalFormLine(party: Party): string | null {
  const form = party.legalForm?.trim();
  if (!form && party.capital == null) return null;
  const capital = party.capital != null ? `au capital de ${formatCents(party.capital)}` : null;
  return [form, capital].filter(Boolean).join(' ');
}

/** 'RCS Bordeaux 123 456 782' whether the setting holds it with or without the 'RCS' prefix. */
export function rcsLine(party: Party): string | null {
  const rcs = party.rcs?.trim();
  if (!rcs) return null;
  return /^R\.?C\.?S\.?\b/i.test(rcs) ? rcs : `RCS ${rcs}`;
}

/** The seller's registrations, in the order of the legal footer. */
export function sellerRegistrations(seller: Party): string[] {
  const siren = sirenOf(seller);
  const siret = siretOf(seller);
  return [
    legalFormLine(seller),
    siren ? `SIREN ${siren}` : null,
    siret ? `SIRET ${siret}` : null,
    rcsLine(seller),
    seller.vatNumber ? `N° TVA ${seller.vatNumber}` : null,
    seller.exciseNumber ? `N° d’accise ${seller.exciseNumber}` : null,
  ].filter((l): l is string => !!l);
}

/** What the document sells: goods, services, or both (shipping and discounts follow the goods they go with). */
export function operationKind(doc: InvoiceDocument): 'goods' | 'services' | 'mixed' {
  const services = doc.lines.some((l) => l.accountingType === 'prestation' || l.accountingType === 'touristTax');
  const goods = doc.lines.some((l) => !['prestation', 'touristTax', 'shipping', 'discount'].includes(l.accountingType));
  if (services && goods) return 'mixed';
  return services ? 'services' : 'goods';
}

/** Nature of the operation (mandatory from the e-invoicing reform): goods, services, or both. */
export function operationNature(doc: InvoiceDocument): string {
  return {
    goods: 'Livraison de biens',
    services: 'Prestation de services',
    mixed: 'Livraison de biens et prestation de services',
  }[operationKind(doc)];
}

/**
 * The billing framework ("cadre de facturation", BT-23) of the French e-invoicing reform (DGFiP external
 * specifications, annexe 7, rule G1.02; checked by BR-FR-08): B goods, S services, M both; 1 an ordinary invoice
 * (deposit invoices and credit notes included), 4 a final invoice after deposits (BR-FR-CO-08 forbids 4 on a deposit).
 */
export function billingFramework(doc: InvoiceDocument): string {
  const letter = { goods: 'B', services: 'S', mixed: 'M' }[operationKind(doc)];
  const afterDeposit = doc.kind === 'invoice' && doc.depositsDeducted.length > 0;
  return `${letter}${afterDeposit ? 4 : 1}`;
}

/**
 * A party's electronic address (BT-34 seller, BT-49 buyer; mandatory under BR-FR-12 / BR-FR-13): a company's SIREN
 * under scheme 0225, the French e-invoicing directory's (BR-FR-21: it starts with the SIREN), else its e-mail (EAS
 * code EM); null when it has neither.
 */
export function electronicAddress(party: Party): { id: string; scheme: '0225' | 'EM' } | null {
  const siren = sirenOf(party);
  if (siren) return { id: siren, scheme: '0225' };
  const email = party.email?.trim();
  return email ? { id: email, scheme: 'EM' } : null;
}

/** The deposits already invoiced and deducted from this document (TTC). */
export function prepaidCents(doc: InvoiceDocument): number {
  return doc.depositsDeducted.reduce((n, d) => n + d.totalTTC, 0);
}

/** What the client still has to pay on this document (TTC minus the deposits deducted); for a credit note, its amount. */
export function duePayableCents(doc: InvoiceDocument): number {
  return doc.totalTTC - prepaidCents(doc);
}

/** The payment and legal mentions of the document, in print order (the XML carries them as notes). */
export interface DocumentMentions {
  exemption: ZeroRateMention | null;
  /** why the tourist tax carries no VAT */
  touristTax: string | null;
  /** the seller's option for VAT on debits */
  vatOnDebits: string | null;
  latePenalty: string | null;
  recoveryIndemnity: string | null;
  earlyPaymentDiscount: string | null;
  credit: string | null;
  reason: string | null;
  extra: string[];
}

export function documentMentions(doc: InvoiceDocument): DocumentMentions {
  const isCredit = doc.kind === 'credit';
  const extra = doc.legalMentions.map((m) => m.trim()).filter(Boolean);
  const mentionsDiscount = extra.some((m) => /escompte/i.test(m));
  const invoiceDate = doc.relatedInvoiceIssuedAt ? ` du ${toFrenchDate(doc.relatedInvoiceIssuedAt)}` : '';
  return {
    exemption: hasZeroRate(doc) ? zeroRateMention(doc) : null,
    touristTax: hasTouristTax(doc) ? TOURIST_TAX.text : null,
    vatOnDebits: vatOnDebits(doc) ? VAT_ON_DEBITS : null,
    // a credit note asks nothing of the client: no payment mentions on it
    latePenalty: !isCredit && doc.latePenalty.trim() ? doc.latePenalty.trim() : null,
    recoveryIndemnity: !isCredit && doc.buyer.isPro ? RECOVERY_INDEMNITY : null,
    earlyPaymentDiscount: !isCredit && doc.buyer.isPro && !mentionsDiscount ? NO_EARLY_PAYMENT_DISCOUNT : null,
    credit: isCredit && doc.relatedInvoice ? `Avoir sur la facture n° ${doc.relatedInvoice.number}${invoiceDate}` : null,
    reason: doc.reason?.trim() ? `Motif : ${doc.reason.trim()}` : null,
    extra,
  };
}

/**
 * The payment mentions as the XML notes the French rules require on every document, whatever the buyer
 * (BR-FR-05: one note each, BR-FR-06: at most one), with their UNTDID 4451 text subject codes (AAB "payment term",
 * PMD / PMT payment details and information: https://stedi.com/edi/edifact/elements/4451) as the French profile
 * assigns them: PMD the late-payment penalties, PMT the fixed recovery indemnity, AAB the early-payment discount or
 * its absence (the BR-FR Schematron's messages; also https://developer.vertexinc.com/einvoicing/docs/france-ciiinv-structured-invoice-note).
 * The printed document shows the same texts (documentMentions) except where they say "none": a private buyer owes no
 * 40 € indemnity and a credit note asks no payment; the XML then states the seller's terms all the same.
 * `discountMention` is the free mention that already speaks of the discount (sent as AAB, not again as AAI).
 */
export function paymentNotes(doc: InvoiceDocument): {
  PMD: string | null;
  PMT: string;
  AAB: string;
  discountMention: string | null;
} {
  const discountMention = doc.legalMentions.map((m) => m.trim()).find((m) => /escompte/i.test(m)) ?? null;
  return {
    PMD: doc.latePenalty.trim() || null,
    PMT: doc.buyer.isPro ? RECOVERY_INDEMNITY : NO_RECOVERY_INDEMNITY,
    AAB: discountMention ?? NO_EARLY_PAYMENT_DISCOUNT,
    discountMention,
  };
}

/**
 * The document's internal consistency (what EN 16931 checks: BR-CO-10, -13, -14, -15, -16, one VAT breakdown per
 * rate used). The amounts are the caller's; nothing is recomputed, a contradiction is reported.
 */
export function documentProblems(doc: InvoiceDocument): string[] {
  const problems: string[] = [];
  const cents = (name: string, v: number) => {
    if (!Number.isSafeInteger(v)) problems.push(`${name} is not an integer amount of cents (${v})`);
  };
  cents('totalHT', doc.totalHT);
  cents('totalVAT', doc.totalVAT);
  cents('totalTTC', doc.totalTTC);
  doc.lines.forEach((l, i) => {
    cents(`lines[${i}].totalHT`, l.totalHT);
    cents(`lines[${i}].unitPriceHT`, l.unitPriceHT);
    cents(`lines[${i}].discountHT`, l.discountHT);
    cents(`lines[${i}].duties`, l.duties);
    if (!Number.isSafeInteger(l.quantity)) problems.push(`lines[${i}].quantity is not an integer (${l.quantity})`);
  });
  doc.vat.forEach((v, i) => {
    cents(`vat[${i}].baseHT`, v.baseHT);
    cents(`vat[${i}].vat`, v.vat);
  });
  doc.depositsDeducted.forEach((d, i) => cents(`depositsDeducted[${i}].totalTTC`, d.totalTTC));
  if (problems.length) return problems;

  if (doc.lines.length === 0) problems.push('the document has no line');
  if (doc.vat.length === 0) problems.push('the document has no VAT breakdown');
  const sumLines = doc.lines.reduce((n, l) => n + l.totalHT, 0);
  if (sumLines !== doc.totalHT) problems.push(`Σ lines totalHT ${sumLines} ≠ totalHT ${doc.totalHT}`);
  const sumBase = doc.vat.reduce((n, v) => n + v.baseHT, 0);
  if (sumBase !== doc.totalHT) problems.push(`Σ vat baseHT ${sumBase} ≠ totalHT ${doc.totalHT}`);
  const sumVat = doc.vat.reduce((n, v) => n + v.vat, 0);
  if (sumVat !== doc.totalVAT) problems.push(`Σ vat ${sumVat} ≠ totalVAT ${doc.totalVAT}`);
  if (doc.totalHT + doc.totalVAT !== doc.totalTTC) problems.push(`totalHT + totalVAT ≠ totalTTC ${doc.totalTTC}`);
  const rates = new Set(doc.vat.map((v) => v.rate));
  if (rates.size !== doc.vat.length) problems.push('the VAT breakdown has a rate twice');
  for (const rate of new Set(doc.lines.map((l) => l.vatRate))) {
    if (!rates.has(rate)) problems.push(`no VAT breakdown for the rate ${rate} % of a line`);
    const base = doc.lines.filter((l) => l.vatRate === rate).reduce((n, l) => n + l.totalHT, 0);
    const declared = doc.vat.find((v) => v.rate === rate)?.baseHT;
    if (declared !== undefined && declared !== base) problems.push(`vat base at ${rate} % is ${declared}, its lines sum to ${base}`);
  }
  if (doc.vat.some((v) => v.rate === 0 && v.vat !== 0)) problems.push('VAT charged at a 0 % rate');
  if (doc.kind !== 'credit' && doc.amountDue !== duePayableCents(doc)) {
    problems.push(`amountDue ${doc.amountDue} ≠ totalTTC − deposits deducted ${duePayableCents(doc)}`);
  }
  return problems;
}

export class InvoiceDocumentError extends Error {
  constructor(
    readonly number: string,
    readonly problems: string[],
  ) {
    super(`Invoice ${number} is inconsistent: ${problems.join('; ')}`);
    this.name = 'InvoiceDocumentError';
  }
}

/** Throws an InvoiceDocumentError when the document contradicts itself. */
export function assertConsistent(doc: InvoiceDocument): void {
  const problems = documentProblems(doc);
  if (problems.length) throw new InvoiceDocumentError(doc.number, problems);
}
