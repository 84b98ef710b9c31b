// A realistic issued invoice of the demo shop, for the tests of this folder and of the api (no database needed).
// Its totals are derived from its lines the way the caller does it (Σ lines; VAT per rate rounded half away from zero),
// so overriding the lines keeps the document consistent; a total given in the overrides wins (to build a broken one).
import { multiplyCents } from 'shared-kernel/domain';
import type { InvoiceLine, Party } from 'shared-kernel/contracts';
import type { InvoiceDocument } from './types';

const address = (street: string, zipcode: string, city: string, country: string, street2: string | null = null) => ({
  street,
  street2,
  zipcode,
  city,
  country,
});

export const SAMPLE_PARTIES = {
  seller: {
    name: 'Domaine de Démo',
    legalForm: 'SAS',
    capital: 1_000_000,
    siret: '12345678200010',
    siren: '123456782',
    rcs: 'RCS Bordeaux 123 456 782',
    vatNumber: 'FR11123456782',
    exciseNumber: 'FR023456E0789',
    address: address('12 route des Châteaux', '33250', 'Pauillac', 'FR'),
    email: 'facturation@domaine-demo.test',
    phone: '05 56 00 00 00',
    isPro: true,
  },
  proBuyer: {
    name: 'Cave des Amis SARL',
    legalForm: 'SARL',
    capital: null,
    siret: '98765432400019',
    siren: '987654324',
    rcs: null,
    vatNumber: 'FR14987654324',
    exciseNumber: null,
    address: address('8 quai Saint-Vincent', '69001', 'Lyon', 'FR', 'Bâtiment B'),
    email: 'achats@cave-des-amis.test',
    phone: null,
    isPro: true,
  },
  privateBuyer: {
    name: 'Claire Martin',
    legalForm: null,
    capital: null,
    siret: null,
    siren: null,
    rcs: null,
    vatNumber: null,
    exciseNumber: null,
    address: address('3 rue des Lilas', '75011', 'Paris', 'FR'),
    email: 'claire.martin@example.test',
    phone: null,
    isPro: false,
  },
  /** a Belgian importer: intra-community supply */
  euBuyer: {
    name: 'Wijnhandel De Kelder BV',
    legalForm: null,
    capital: null,
    siret: null,
    siren: null,
    rcs: null,
    vatNumber: 'BE0123456789',
    exciseNumber: null,
    address: address('Grote Markt 1', '1000', 'Bruxelles', 'BE'),
    email: 'inkoop@dekelder.test',
    phone: null,
    isPro: true,
  },
  /** a Swiss restaurant: export outside the EU */
  exportBuyer: {
    name: 'Restaurant du Lac SA',
    legalForm: null,
    capital: null,
    siret: null,
    siren: null,
    rcs: null,
    vatNumber: null,
    exciseNumber: null,
    address: address('Quai du Mont-Blanc 5', '1201', 'Genève', 'Suisse'),
    email: null,
    phone: null,
    isPro: true,
  },
} satisfies Record<string, Party>;

/** A line whose amount is what its quantity, price, discount and duties make (unless given). */
export const invoiceLine = (l: Partial<InvoiceLine> & Pick<InvoiceLine, 'label' | 'quantity' | 'unitPriceHT' | 'vatRate'>): InvoiceLine => {
  const discountHT = l.discountHT ?? 0;
  const duties = l.duties ?? 0;
  return {
    details: null,
    accountingType: 'product',
    formatId: null,
    ...l,
    discountHT,
    duties,
    totalHT: l.totalHT ?? l.quantity * l.unitPriceHT - discountHT + duties,
  };
};

export const SAMPLE_LINES: InvoiceLine[] = [
  invoiceLine({
    label: 'Château Démo rouge 2020',
    details: 'AOC Pauillac – bouteille 75 cl',
    quantity: 12,
    unitPriceHT: 1_850,
    duties: 37, // 12 × 0,0075 hl × 4,10 €/hl (droits et cotisation sécurité sociale)
    vatRate: 20,
    formatId: 101,
  }),
  invoiceLine({
    label: 'Démo blanc 2022',
    details: 'AOC Bordeaux blanc – bouteille 75 cl',
    quantity: 6,
    unitPriceHT: 980,
    discountHT: 588, // 10 %
    duties: 18,
    vatRate: 20,
    formatId: 102,
  }),
  invoiceLine({
    label: 'Gelée de raisin',
    details: 'Pot 250 g',
    quantity: 4,
    unitPriceHT: 450,
    vatRate: 5.5,
    accountingType: 'marchandise',
    formatId: 201,
  }),
  invoiceLine({
    label: 'Frais de livraison',
    details: 'Transporteur, 1 colis',
    quantity: 1,
    unitPriceHT: 1_500,
    vatRate: 20,
    accountingType: 'shipping',
  }),
];

const TOTAL_KEYS = ['totalHT', 'totalVAT', 'totalTTC', 'vat', 'duties', 'amountDue', 'remaining'] as const;
type Totals = Pick<InvoiceDocument, (typeof TOTAL_KEYS)[number]>;

/** The totals of a document from its lines and deposits, as the caller computes them. */
export function computeTotals(doc: Pick<InvoiceDocument, 'lines' | 'depositsDeducted' | 'paid' | 'credited'>): Totals {
  const byRate = new Map<number, number>();
  for (const l of doc.lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalHT);
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, baseHT]) => ({ rate, baseHT, vat: multiplyCents(baseHT, rate / 100) }));
  const totalHT = doc.lines.reduce((n, l) => n + l.totalHT, 0);
  const totalVAT = vat.reduce((n, v) => n + v.vat, 0);
  const totalTTC = totalHT + totalVAT;
  const amountDue = totalTTC - doc.depositsDeducted.reduce((n, d) => n + d.totalTTC, 0);
  return {
    totalHT,
    totalVAT,
    totalTTC,
    vat,
    duties: doc.lines.reduce((n, l) => n + l.duties, 0),
    amountDue,
    remaining: Math.max(0, amountDue - doc.paid - doc.credited),
  };
}

/** The demo invoice: two wines at 20 % with excise duties, a 5.5 % line, shipping, a deposit deducted; pro buyer. */
export function sampleInvoiceDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const base: InvoiceDocument = {
    id: 42,
    kind: 'invoice',
    number: 'F2025-00042',
    issuedAt: '2025-03-14',
    dueDate: '2025-04-13',
    orderId: 17,
    orderNumber: 'C2025-00017',
    client: { id: 7, name: SAMPLE_PARTIES.proBuyer.name },
    totalHT: 0,
    totalVAT: 0,
    totalTTC: 0,
    amountDue: 0,
    paid: 0,
    credited: 0,
    remaining: 0,
    paymentStatus: 'pending',
    creditStatus: null,
    relatedInvoice: null,
    overdueDays: 0,
    lastReminderAt: null,
    reminderLevel: 0,
    saleDate: '2025-03-12',
    seller: SAMPLE_PARTIES.seller,
    buyer: SAMPLE_PARTIES.proBuyer,
    lines: SAMPLE_LINES,
    vat: [],
    duties: 0,
    depositsDeducted: [{ id: 40, number: 'F2025-00040', totalHT: 6_667, totalVAT: 1_333, totalTTC: 8_000 }],
    paymentTerms: 'Paiement à 30 jours, par virement',
    legalMentions: ['L’abus d’alcool est dangereux pour la santé, à consommer avec modération.'],
    payments: [],
    creditNotes: [],
    reason: null,
    shopName: 'Domaine de Démo',
    bank: { label: 'Crédit Agricole Aquitaine', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
    latePenalty: 'Pénalités de retard : trois fois le taux d’intérêt légal',
    style: { color: '#7a1f3d', logo: null, footer: null },
  };
  const merged = { ...base, ...overrides };
  const given = Object.fromEntries(TOTAL_KEYS.filter((k) => k in overrides).map((k) => [k, overrides[k]]));
  return { ...merged, ...computeTotals(merged), ...given };
}

/** The deposit invoice (30 % of the order) the demo invoice deducts. */
export function sampleDepositDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return sampleInvoiceDocument({
    id: 40,
    kind: 'deposit',
    number: 'F2025-00040',
    issuedAt: '2025-02-20',
    saleDate: '2025-02-20',
    dueDate: '2025-02-27',
    lines: [
      invoiceLine({
        label: 'Acompte de 30 % sur la commande C2025-00017',
        quantity: 1,
        unitPriceHT: 6_667,
        vatRate: 20,
        accountingType: 'deposit',
      }),
    ],
    depositsDeducted: [],
    paymentTerms: 'Acompte payable à réception',
    ...overrides,
  });
}

/** A credit note for the returned bottles of the demo invoice (kept as the client's credit). */
export function sampleCreditNoteDocument(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return sampleInvoiceDocument({
    id: 45,
    kind: 'credit',
    number: 'AV2025-00003',
    issuedAt: '2025-03-20',
    saleDate: '2025-03-12',
    dueDate: null,
    relatedInvoice: { id: 42, number: 'F2025-00042' },
    relatedInvoiceIssuedAt: '2025-03-14',
    reason: 'Deux bouteilles cassées à la livraison',
    lines: [invoiceLine({ ...SAMPLE_LINES[0], quantity: 2, duties: 6, totalHT: undefined })],
    depositsDeducted: [],
    paymentTerms: 'Avoir à valoir sur vos prochaines commandes',
    creditStatus: 'full',
    ...overrides,
  });
}

/** A service line (a guided tasting for two): what makes an invoice one of services, or a mixed one. */
export const SERVICE_LINE: InvoiceLine = invoiceLine({
  label: 'Visite et dégustation',
  quantity: 2,
  unitPriceHT: 1_250,
  vatRate: 20,
  accountingType: 'prestation',
});
