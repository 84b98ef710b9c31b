/**
 * Api contract of the cash register, shared by api/src/modules/pos and mfe-pos. Money in integer cents,
 * TTC. Everything needs the salesPoint module and createOrderSalesPoint (owner always), scoped to the caller's shop:
 * another shop's salespoint, session or ticket answers 404.
 *
 * Salespoints
 * - GET  /pos/salespoints → SalesPoint[] (each with today's takings and its open session, if any)
 * - POST /pos/salespoints body SalesPointInput → 201 SalesPoint          · GET/PUT /pos/salespoints/:id
 * - GET  /pos/salespoints/:id/catalog → PosCatalog (what the till sells: formats with their TTC price at the counter
 *        typology, GTIN, range, type, colour, stock in the salespoint's warehouse; cached by the till for offline use)
 * Sessions
 * - POST /pos/salespoints/:id/sessions body { float } → 201 PosSession (409 when one is open)
 * - GET  /pos/salespoints/:id/sessions → PosSession[] (newest first)
 * - POST /pos/sessions/:id/close body { counted: { cash: 12000, card: 4500, … } } → PosClosing (the Z of the day:
 *        expected per method from the tickets, counted, gap; the cash gap is minusGap / plusGap in accounting)
 * Tickets (never changed nor deleted: the api has no such route)
 * - POST /pos/salespoints/:id/tickets body TicketInput → 201 PosTicket (200 with the same ticket when `key` was seen:
 *        a till sends its offline tickets again safely). 400 names the field: payments not adding up, a discount
 *        larger than its line, a method the salespoint does not take, no open session…
 * - GET  /pos/salespoints/:id/tickets (list query: sort -number; filters sessionId, from, to) → Paginated<PosTicket>
 * - GET  /pos/tickets/:id → PosTicket · GET /pos/tickets/:id/receipt.pdf (80 mm) · POST /pos/tickets/:id/send { email }
 * - POST /pos/tickets/:id/refund body RefundInput → 201 PosTicket (a new ticket with negative lines, `refundOf` set)
 * Closings and the journal
 * - GET  /pos/salespoints/:id/closings → PosClosing[] (day Z, month, year; newest first) · GET /pos/closings/:id
 * - GET  /pos/closings/:id/report.pdf (the Z printed like a receipt)
 * - GET  /pos/salespoints/:id/verify → ChainVerification ('intact', or the first broken record)
 * - GET  /pos/salespoints/:id/archive?from&to → the signed archive (JSON: tickets, closings, events, their hashes,
 *        and an HMAC-SHA256 signature of the whole); recorded as an 'export' event
 * - POST /pos/salespoints/:id/events body { kind: 'reprint' | 'failure' | 'priceChange', detail } → 201
 */
import { z } from 'zod';

export const POS_PAYMENT_METHODS = ['cash', 'card', 'cheque', 'ticket', 'gift', 'tips', 'creditNote', 'other'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];
export const POS_PAYMENT_METHOD_LABELS: Record<PosPaymentMethod, string> = {
  cash: 'Espèces',
  card: 'Carte bancaire',
  cheque: 'Chèque',
  ticket: 'Titre-restaurant',
  gift: 'Bon cadeau',
  tips: 'Pourboire',
  creditNote: 'Avoir',
  other: 'Autre',
};

export const POS_MESSAGES = {
  name: 'Le nom du point de vente est obligatoire (80 caractères au plus)',
  warehouse: 'Choisissez l’entrepôt d’où partent les ventes',
  methods: 'Choisissez au moins un mode de règlement',
  notFound: 'Point de vente introuvable',
  sessionNotFound: 'Session introuvable',
  ticketNotFound: 'Ticket introuvable',
  closingNotFound: 'Clôture introuvable',
  sessionOpen: 'Une session est déjà ouverte sur ce point de vente',
  noSession: 'Ouvrez une session de caisse avant d’encaisser',
  sessionClosed: 'Cette session est déjà clôturée',
  float: 'Le fond de caisse est un montant positif en centimes',
  counted: 'Le comptage est un montant positif en centimes par mode de règlement',
  unknownFormat: 'Article introuvable dans ce point de vente',
  refundTooMany: (left: number) => `Il ne reste que ${left} article(s) à rembourser sur cette ligne`,
  refundOfRefund: 'Un remboursement ne se rembourse pas',
  refundNothing: 'Choisissez au moins une ligne à rembourser',
  email: 'Adresse e-mail invalide',
  saved: 'Point de vente enregistré',
  created: 'Point de vente créé',
  opened: 'Session ouverte',
  closed: (ref: string) => `Journée clôturée : ${ref}`,
  sent: (email: string) => `Ticket envoyé à ${email}`,
} as const;

const text = (max: number, message: string) => z.string().trim().max(max, message);
const cents = z.number().int().min(0).max(100_000_000);

export const salesPointInputSchema = z.object({
  name: z.string().trim().min(1, POS_MESSAGES.name).max(80, POS_MESSAGES.name),
  warehouseId: z.number({ error: POS_MESSAGES.warehouse }).int().positive(POS_MESSAGES.warehouse),
  methods: z.array(z.enum(POS_PAYMENT_METHODS)).min(1, POS_MESSAGES.methods),
  /** the typology whose prices the till shows (null: the shop's public one) */
  typology: z.string().trim().max(60).nullish(),
  receiptHeader: text(500, 'L’en-tête du ticket fait 500 caractères au plus').default(''),
  receiptFooter: text(500, 'Le pied du ticket fait 500 caractères au plus').default(''),
  /** a serial customer display is plugged on the till (the device remembers which port) */
  display: z.boolean().default(false),
});
export type SalesPointInput = z.input<typeof salesPointInputSchema>;

export interface SalesPoint {
  id: number;
  name: string;
  warehouse: { id: number; name: string };
  methods: PosPaymentMethod[];
  typology: string | null;
  receiptHeader: string;
  receiptFooter: string;
  display: boolean;
  /** cents TTC of today's tickets (Paris day) and their count */
  today: { total: number; tickets: number };
  session: PosSession | null;
}

export interface PosCatalogItem {
  formatId: number;
  vintageId: number | null;
  productId: number;
  label: string;
  /** '2022 · 75 cl' */
  details: string | null;
  gtin: string | null;
  gamme: string | null;
  productType: string;
  color: string | null;
  unitPriceTTC: number;
  vatRate: number;
  accountingType: string;
  /** units in the salespoint's warehouse */
  stock: number;
  visual: string | null;
}
export interface PosCatalog {
  typology: string;
  items: PosCatalogItem[];
  /** when the api made it (the till shows how old its offline copy is) */
  at: string;
}

export interface PosSession {
  id: number;
  salesPointId: number;
  openedAt: string;
  openedBy: string;
  float: number;
  closedAt: string | null;
  closedBy: string | null;
  /** the day's Z once closed */
  closingId: number | null;
}

const discountSchema = z.object({ kind: z.enum(['percent', 'amount']), value: z.number().min(0).max(100_000_000) }).nullish();

export const ticketLineInputSchema = z.object({
  /** a catalogue line (priced by the api at the counter typology unless `unitPriceTTC` overrides it: a price change
   * at the till, recorded as an event) or a free line with its label, price and VAT rate */
  formatId: z.number().int().positive().nullish(),
  label: text(200, 'Le libellé fait 200 caractères au plus').nullish(),
  quantity: z.number().int().min(1).max(100_000),
  unitPriceTTC: cents.nullish(),
  vatRate: z.number().min(0).max(100).nullish(),
  accountingType: z.string().max(40).nullish(),
  discount: discountSchema,
  free: z.boolean().optional(),
});

export const ticketInputSchema = z.object({
  /** idempotency key chosen by the till (a UUID): the same key answers the ticket already recorded */
  key: z.string().trim().min(8).max(100),
  lines: z.array(ticketLineInputSchema).min(1, 'Le ticket est vide').max(500),
  discount: discountSchema,
  clientId: z.number().int().positive().nullish(),
  payments: z
    .array(z.object({ method: z.enum(POS_PAYMENT_METHODS), amount: z.number().int() }))
    .min(1, 'Choisissez un mode de règlement')
    .max(10),
  /** cents handed over in cash (the change is computed) */
  cashGiven: cents.nullish(),
  /** a ticket made while offline: its provisional number and when it was made */
  offline: z.object({ number: z.string().max(40), at: z.string().datetime() }).nullish(),
});
export type TicketInput = z.input<typeof ticketInputSchema>;

export const refundInputSchema = z.object({
  key: z.string().trim().min(8).max(100),
  lines: z.array(z.object({ index: z.number().int().min(0), quantity: z.number().int().min(1) })).min(1, POS_MESSAGES.refundNothing),
  payments: z
    .array(z.object({ method: z.enum(POS_PAYMENT_METHODS), amount: z.number().int() }))
    .min(1)
    .max(10),
  reason: text(300, 'La raison fait 300 caractères au plus').nullish(),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export interface PosTicketLine {
  formatId: number | null;
  label: string;
  quantity: number;
  unitPriceTTC: number;
  vatRate: number;
  accountingType: string;
  gross: number;
  lineDiscount: number;
  ticketDiscount: number;
  totalTTC: number;
  totalHT: number;
  vat: number;
}

export interface PosTicket {
  id: number;
  salesPointId: number;
  sessionId: number;
  /** gapless per salespoint */
  number: number;
  /** 'CAVEAU-000042' */
  ref: string;
  kind: 'sale' | 'refund';
  refundOf: { id: number; ref: string } | null;
  at: string;
  seller: string;
  client: { id: number; name: string } | null;
  lines: PosTicketLine[];
  discount: number;
  totalTTC: number;
  totalHT: number;
  totalVAT: number;
  vat: Array<{ rate: number; ttc: number; ht: number; vat: number }>;
  payments: Array<{ method: PosPaymentMethod; amount: number }>;
  cashGiven: number | null;
  change: number;
  /** units of each line already refunded (sale tickets) */
  refunded: number[];
  offline: { number: string; at: string } | null;
  hash: string;
}

export interface PosTotals {
  tickets: number;
  totalTTC: number;
  totalHT: number;
  totalVAT: number;
  byVat: Array<{ rate: number; ttc: number; ht: number; vat: number }>;
  byMethod: Array<{ method: PosPaymentMethod; amount: number }>;
  /** per accounting product type and VAT rate (what accounting posts) */
  byType: Array<{ accountingType: string; vatRate: number; totalHT: number; vat: number }>;
}

export interface PosClosing {
  id: number;
  salesPointId: number;
  kind: 'day' | 'month' | 'year';
  /** '2026-11-26', '2026-11', '2026' */
  period: string;
  /** 'Z-CAVEAU-0012' */
  ref: string;
  at: string;
  by: string;
  totals: PosTotals;
  /** all-time total of the salespoint's tickets after this closing (never reset) */
  grandTotal: number;
  /** day closings: the cash count */
  float: number | null;
  counted: Partial<Record<PosPaymentMethod, number>> | null;
  expected: Partial<Record<PosPaymentMethod, number>> | null;
  /** counted − expected, all methods (cents) */
  gap: number | null;
  hash: string;
}

export interface ChainVerification {
  intact: boolean;
  records: number;
  /** the first record whose content or hash does not match */
  broken: { seq: number; kind: 'ticket' | 'closing' | 'event'; ref: string; reason: string } | null;
  grandTotal: number;
  checkedAt: string;
}

export const closeSessionSchema = z.object({
  counted: z.partialRecord(z.enum(POS_PAYMENT_METHODS), cents),
});
export const openSessionSchema = z.object({
  float: z.number({ error: POS_MESSAGES.float }).int(POS_MESSAGES.float).min(0, POS_MESSAGES.float).max(100_000_000),
});
export const posEventSchema = z.object({
  kind: z.enum(['reprint', 'failure', 'priceChange']),
  detail: text(500, 'Le détail fait 500 caractères au plus'),
});
