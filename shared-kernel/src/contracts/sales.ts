// Size: the wire contract of the sales module (orders, quotes, invoices, deposits, credit notes, payments, settings)
// shared by the api and mfe-sales; schemas and French messages only, no logic.
/**
 * Api contract: back-office orders and quotes, invoices, deposit invoices, credit notes, payments received
 * and refunded, billing settings. Shared by the api module `api/src/modules/sales` and the mfe-sales screens.
 * Money on the wire is integer cents; dates are ISO strings (`YYYY-MM-DD` for calendar dates).
 *
 * Endpoints (all under /v1, owner or iam of the caller's shop; agents where said):
 * - POST /sales/orders/preview   body SalesOrderInput → SalesOrderPreview (priced by the cart's engine at the client's
 *                                typology, nothing saved)                                   createOrder | agent (own clients)
 * - POST /sales/orders           body SalesOrderInput → 201 OrderDetail (status draft)       createOrder (quote: createQuote) | agent
 * - PUT  /sales/orders/:id       body SalesOrderInput → OrderDetail (draft or pending only, else 409)
 * - POST /sales/orders/:id/actions/:action  body OrderActionInput → OrderActionResult; `action` in ORDER_ACTIONS
 *                                (lifecycle of domain/order-lifecycle.ts; any other move → 409 with the French message)
 *                                invoice needs billOrder; ship/deliver need manageDelivery; others createOrder;
 *                                deliver takes an optional `deliveredAt` (a carrier's date, dated now without it)
 * - POST /sales/orders/bulk      body BulkOrderActionInput → BulkOrderActionResult (validate | invoice, one by one)
 * - GET  /v1/orders/:id          (existing) now also carries the back-office block (SalesOrderExtra) for staff
 * - GET  /sales/invoices         list query: kind, paymentStatus, clientId, overdue=true, open=true (remaining > 0),
 *                                from/to (issue date); sort issuedAt (default -issuedAt), number, totalTTC, dueDate,
 *                                remaining → Paginated<InvoiceSummary>                        seeAllPayment | billOrder
 * - GET  /sales/invoices/:id     → InvoiceDetail; another shop's id → 404
 * - GET  /sales/invoices/:id/pdf → application/pdf (Factur-X PDF/A-3, EN 16931), `Content-Disposition` with the number
 * - POST /sales/invoices/:id/send   body { email? } → { message } (mail queue, the PDF attached)
 * - POST /sales/invoices/:id/credit-notes  body CreditNoteInput → 201 InvoiceDetail (the credit note)   billOrder
 * - POST /sales/orders/:id/deposits body DepositInput → 201 InvoiceDetail (the deposit invoice)         billOrder
 * - GET  /sales/payments         list query: direction, method, clientId, from/to; sort paidAt (default -paidAt),
 *                                amount → Paginated<SalesPayment>                               seeAllPayment
 * - POST /sales/payments         body PaymentInput → 201 SalesPayment (allocated to invoices; the rest = client credit)
 * - GET  /sales/credits          → Paginated<ClientCredit> (clients' credit balances)           seeAllPayment
 * - POST /sales/credits/use      body UseCreditInput → InvoiceDetail + message (the credit settles the invoice: credit notes
 *                                kept as credit, oldest first, then overpayments; never above the balance nor the rest due)
 * - GET  /sales/settings/billing → BillingSettings · PUT same body → BillingSettings + message  owner
 * - GET  /sales/settings/documents → DocumentsSettings (logo, colour, footer of the PDFs) · PUT same → + message   owner;
 *   GET /sales/settings/documents/preview.pdf → a sample invoice with that look (not a document, no number used)
 * - GET  /sales/orders/:id/quote.pdf → the quote's PDF (number, validity, lines, totals, the link to accept online)
 * - POST /sales/orders/:id/quote/send  body QuoteSendInput → { message } (mail queue, PDF attached, link to answer
 *                                online; a draft quote becomes pending)                      createQuote | agent (own clients)
 * - GET  /public/quotes/:token   → PublicQuote (no account: the token of the mail's link)    404 unknown or expired link
 * - GET  /public/quotes/:token/pdf → the quote's PDF
 * - POST /public/quotes/:token/answer  body QuoteAnswerInput → { message, quote } (accept: the order is validated and
 *                                the stock held; refuse: refused); 409 once answered, expired or cancelled
 * - GET  /sales/unpaid-summary   → UnpaidSummary (dashboard widget: what is owed, what is overdue, the oldest)  seeAllPayment | billOrder
 * - POST /sales/invoices/:id/remind → ReminderResult (a reminder mail now; the automatic ones go at J+reminderDays);
 *                                409 not overdue, 400 the client has no mail
 * - GET  /sales/invoices/:id/formal-notice.pdf → the 'mise en demeure' letter of an overdue invoice
 * - GET  /sales/ventilation?from&to → Ventilation (sales of the period by accounting type, VAT rate, typology, range,
 *                                agent, payment method; totals = invoices − credit notes of the period)    seeAllPayment | billOrder | seeAllOrder
 * - GET  /sales/ventilation/export?from&to&format=csv|xlsx → the same tables as a file
 * - GET  /sales/deliveries       list query: deliveryStatus, q, sort createdAt (default) | number → Paginated<DeliveryItem> (validated / invoiced orders
 *                                to prepare and ship)                                          manageDelivery
 * - POST /sales/invoices/exports body { from?, to?, kind? } → 202 InvoiceExport (a zip of the period's PDFs, files.zip);
 *   GET /sales/invoices/exports/:id → InvoiceExport (done / total); GET …/:id/file → the zip once `ready`
 * - GET  /sales/orders/:id/delivery-note.pdf → the delivery note (bon de livraison) with packages of 12 bottles
 *   (ship: carrier + tracking number; the client gets them by mail)
 *
 * Errors: `{ success: false, message, field? }`: 400 bad input (French, field named), 404 another shop's id,
 * 409 a move the state machine refuses or a document already issued, 422 an invoice (or deposit invoice) for a
 * professional client without a valid SIREN (`field: 'siret'`) or, in another EU state, VAT number (`vatNumber`).
 */
import { z } from 'zod';
import { ORDER_ACTIONS } from '../domain/order-lifecycle';
import { PAYMENT_DELAYS } from '../domain/reference/payments';
import { isValidSiret } from '../domain/siret';
import { CREDIT_STATUSES, DELIVERY_STATUSES, ORDER_STATUSES } from '../domain/statuses';
import { ACCOUNTING_PRODUCT_TYPES } from '../domain/reference/tax';
import type { AccountingProductType } from '../domain/accounting/chart';
import { MESSAGES as M } from '../validation/messages';
import { vatNumberSchema } from '../validation/rules';

export const SALES_MESSAGES = {
  latePenaltyRequired: 'Indiquez les pénalités de retard : c’est une mention obligatoire des factures',
  /** a document prefix another series carries (`series`: « des factures », « des avoirs », « des devis »), this `year` when given */
  prefixTaken: (series: string, year?: string) => `Ce préfixe est déjà celui ${series}${year ? ` de ${year}` : ''}`,
  orderNotFound: 'Commande introuvable',
  invoiceNotFound: 'Facture introuvable',
  clientNotFound: 'Client introuvable',
  clientRequired: 'Choisissez un client',
  formatNotFound: 'Article inexistant',
  warehouseNotFound: 'Entrepôt inexistant',
  linesEmpty: 'Ajoutez au moins une ligne',
  lineLabel: 'Indiquez un article du catalogue ou un libellé',
  quantity: 'La quantité doit être un nombre entier supérieur à 0',
  unitPrice: 'Le prix unitaire doit être un montant positif en centimes',
  discountPercent: 'La remise doit être comprise entre 0 et 100 %',
  discountAmount: 'La remise ne peut pas dépasser le total de la commande',
  vatRate: 'Taux de TVA inconnu',
  paymentDelay: 'Choisissez un délai de paiement de la liste',
  validUntil: "La date de validité doit être postérieure à aujourd'hui",
  notEditable: 'Seule une commande en brouillon ou en attente peut être modifiée',
  stockInsufficient: (label: string, left: number) => `Stock insuffisant pour ${label} : il reste ${left} article(s) dans cet entrepôt`,
  invoiceImmutable: 'Une facture émise ne peut être ni modifiée ni supprimée : émettez un avoir',
  creditTooLarge: (max: string) => `Le montant de l'avoir dépasse ce qui reste à créditer sur cette facture (${max})`,
  creditQuantity: (max: number) => `La quantité à créditer dépasse la quantité facturée restante (${max})`,
  creditNothing: 'Indiquez au moins une ligne à créditer',
  creditOfCredit: 'Un avoir ne peut pas être crédité',
  depositTooLarge: 'Le montant de l’acompte dépasse le reste à facturer de la commande',
  depositAmount: "Indiquez un pourcentage ou un montant d'acompte",
  paymentAmount: 'Le montant doit être un nombre entier de centimes supérieur à 0',
  paymentTooLarge: (max: string) => `Le montant affecté dépasse le reste à payer de la facture (${max})`,
  paymentAllocations: 'La somme affectée aux factures dépasse le montant du règlement',
  paymentMethod: 'Choisissez un mode de règlement',
  paymentDate: 'La date du règlement ne peut pas être dans le futur',
  deliveredAt: 'La date de livraison doit être une date et une heure (ISO 8601)',
  deliveredAtFuture: 'La date de livraison ne peut pas être dans le futur',
  deliveredAtBeforeShipped: 'La date de livraison ne peut pas précéder l’expédition de la commande',
  trackingNotShipped: 'Le numéro de suivi ne se change que sur une commande expédiée et pas encore livrée',
  noCredit: 'Le trop-perçu n’est pas accepté : le montant dépasse le reste à payer',
  iban: "L'IBAN n'est pas valide",
  bic: "Le BIC n'est pas valide",
  siret: M.siret,
  /** a professional buyer established in France has a SIREN on every invoice (CGI ann. II art. 242 nonies A; BR-FR-11) */
  buyerSirenRequired:
    'Le SIREN du client est obligatoire sur une facture entre professionnels (à partir de 2026) : renseignez un SIRET valide dans sa fiche',
  /** a professional buyer of another EU state is identified by its intra-community VAT number instead */
  buyerVatNumberRequired:
    'Le numéro de TVA intracommunautaire du client est obligatoire sur une facture à un professionnel de l’Union européenne : renseignez un numéro valide dans sa fiche',
  billingIncomplete: 'Complétez les informations de facturation (raison sociale, SIRET, adresse) avant d’émettre une facture',
  noEmail: "Le client n'a pas d'adresse mail",
  reminderDays: 'Indiquez au plus 5 délais de relance croissants, en jours après l’échéance (1 à 365)',
  notOverdue: "Cette facture n'a rien à relancer : elle est réglée ou pas encore échue",
  reminderSent: (level: number) => `Relance n° ${level} envoyée`,
  created: 'Commande créée',
  quoteCreated: 'Devis créé',
  updated: 'Commande mise à jour',
  invoiced: (n: string) => `Facture ${n} émise`,
  creditIssued: (n: string) => `Avoir ${n} émis`,
  depositIssued: (n: string) => `Facture d'acompte ${n} émise`,
  paymentRecorded: 'Règlement enregistré',
  invoiceSent: 'Facture envoyée',
  settingsSaved: 'Informations de facturation enregistrées',
  documentsSaved: 'Apparence des documents enregistrée',
  color: 'Couleur au format #RRGGBB attendue',
  logoType: 'Le logo doit être une image PNG, JPEG ou WebP',
  logoSize: 'Le logo ne doit pas dépasser 1 Mo',
  notAQuote: "Cette commande n'est pas un devis",
  quoteSent: (email: string) => `Devis envoyé à ${email}`,
  quoteLink: 'Ce lien de devis est invalide ou a expiré',
  quoteClosed: (status: string) => `Ce devis ne peut plus recevoir de réponse : il est « ${status} »`,
  quoteAccepted: 'Merci, votre accord a bien été enregistré. Le domaine prépare votre commande.',
  quoteRefused: 'Votre réponse a bien été enregistrée.',
  quoteStock: 'Ce devis ne peut pas être accepté en ligne pour le moment : le domaine a été prévenu et vous recontactera.',
  signerName: 'Indiquez vos nom et prénom',
  shipLine: 'Cette ligne n’est pas un article à expédier de la commande',
  shipTooMany: (left: number) => `Il reste ${left} article(s) à expédier sur cette ligne`,
  shipNothing: 'Indiquez au moins un article à expédier',
  partiallyShipped: 'Expédition partielle enregistrée',
  creditMethod: 'Le crédit du client s’utilise depuis « Notes de crédit » : il ne s’enregistre pas comme un règlement',
  creditTooLarge2: (balance: string) => `Le montant dépasse le crédit disponible du client (${balance})`,
  creditUsed: (amount: string, n: string) => `${amount} de crédit utilisés sur la facture ${n}`,
  refunded: (amount: string) => `${amount} remboursés au client par le prestataire de paiement`,
  refundByHand: (amount: string) => `${amount} payés hors ligne sont à rembourser au client`,
  /** `send` on an order or a sample (a quote keeps `actionDone.send`) */
  orderSent: 'Commande envoyée',
  actionDone: {
    send: 'Devis envoyé',
    validate: 'Commande validée',
    refuse: 'Devis refusé',
    invoice: 'Commande facturée',
    cancel: 'Commande annulée',
    expire: 'Devis expiré',
    ship: 'Commande expédiée',
    deliver: 'Commande livrée',
  },
} as const;

const id = z.number().int().positive();
const cents = z.number({ error: SALES_MESSAGES.unitPrice }).int(SALES_MESSAGES.unitPrice).min(0, SALES_MESSAGES.unitPrice).max(1e11);
const PAYMENT_DELAY_VALUES = PAYMENT_DELAYS.map((d) => d.value) as [string, ...string[]];
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Doit contenir au maximum ${max} caractères`)
    .nullish()
    .transform((v) => (v ? v : null));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ attendue');

// ---------------- back-office orders ----------------

export const SALES_ORDER_SUBTYPES = ['order', 'quote', 'sample'] as const;
export type SalesOrderSubType = (typeof SALES_ORDER_SUBTYPES)[number];
export const SALES_ORDER_SUBTYPE_LABELS: Record<SalesOrderSubType, string> = { order: 'Commande', quote: 'Devis', sample: 'Échantillon' };

/** One line: a catalogue format (priced by the engine at the client's typology unless `unitPriceHT` overrides it) or a
 * free line with its own label, price and VAT rate. `free` = offered (sample, gift): price 0, accounting productGift. */
export const salesOrderLineInputSchema = z
  .object({
    formatId: id.nullish(),
    vintageId: id.nullish(),
    label: optionalText(200),
    quantity: z.number({ error: SALES_MESSAGES.quantity }).int(SALES_MESSAGES.quantity).min(1, SALES_MESSAGES.quantity).max(100000),
    /** cents HT per unit; overrides the catalogue price */
    unitPriceHT: cents.nullish(),
    /** VAT rate in % for a free line (catalogue lines take the product's) */
    vatRate: z.number().min(0).max(100).nullish(),
    discountPercent: z
      .number({ error: SALES_MESSAGES.discountPercent })
      .min(0, SALES_MESSAGES.discountPercent)
      .max(100, SALES_MESSAGES.discountPercent)
      .nullish(),
    free: z.boolean().optional(),
    /** a free line's §3 accounting product type (default prestation): where the pre-accounting posts it */
    accountingType: z
      .enum(ACCOUNTING_PRODUCT_TYPES.map((t) => t.value) as [AccountingProductType, ...AccountingProductType[]], {
        error: 'Type comptable inconnu',
      })
      .nullish(),
  })
  .refine((l) => l.formatId || l.label, { message: SALES_MESSAGES.lineLabel, path: ['label'] });
export type SalesOrderLineInput = z.infer<typeof salesOrderLineInputSchema>;

export const salesOrderInputSchema = z.object({
  subType: z.enum(SALES_ORDER_SUBTYPES).default('order'),
  clientId: z.number({ error: SALES_MESSAGES.clientRequired }).int().positive(SALES_MESSAGES.clientRequired),
  lines: z.array(salesOrderLineInputSchema).min(1, SALES_MESSAGES.linesEmpty).max(300),
  /** order-level discount on the products HT: a percentage, or an amount in cents HT */
  discount: z.object({ type: z.enum(['percent', 'amount']), value: z.number().min(0) }).nullish(),
  /** shop delivery type ref, or a collection point id, or a price of its own (cents HT) */
  shipping: z
    .object({
      type: z.string().max(100).nullish(),
      ref: z.string().max(100).nullish(),
      collectionPointId: z.number().int().nullish(),
      priceHT: cents.nullish(),
    })
    .nullish(),
  warehouseId: id.nullish(),
  paymentDelay: z.enum(PAYMENT_DELAY_VALUES, { error: SALES_MESSAGES.paymentDelay }).nullish(),
  notes: optionalText(2000),
  /** quotes: valid until (default +30 days) */
  validUntil: isoDate.nullish(),
  /** index into the client's addresses; default the first delivery / billing one */
  deliveryAddressIndex: z.number().int().min(0).nullish(),
});
export type SalesOrderInput = z.input<typeof salesOrderInputSchema>;

const pricedLineSchema = z.object({
  label: z.string(),
  details: z.string().nullable(),
  formatId: z.number().int().nullable(),
  quantity: z.number().int(),
  unitPriceHT: z.number().int(),
  discountHT: z.number().int(),
  duties: z.number().int(),
  vatRate: z.number(),
  totalHT: z.number().int(),
  free: z.boolean(),
});
export const salesOrderPreviewSchema = z.object({
  lines: z.array(pricedLineSchema),
  shippingHT: z.number().int(),
  discountHT: z.number().int(),
  totalHT: z.number().int(),
  tva: z.number().int(),
  totalTTC: z.number().int(),
  vatByRate: z.array(z.object({ rate: z.number(), baseHT: z.number().int(), vat: z.number().int() })),
  typology: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type SalesOrderPreview = z.infer<typeof salesOrderPreviewSchema>;

export const orderActionInputSchema = z.object({
  reason: optionalText(500),
  carrier: optionalText(100),
  trackingNumber: optionalText(100),
  /** ship only: a partial shipment, these quantities of these product lines (default: everything left to ship) */
  lines: z
    .array(
      z.object({
        lineId: id,
        quantity: z.number({ error: SALES_MESSAGES.quantity }).int(SALES_MESSAGES.quantity).min(1, SALES_MESSAGES.quantity),
      }),
    )
    .max(300)
    .nullish(),
  /**
   * deliver only: when the goods were delivered (a carrier's date), instead of now; neither in the future nor before
   * the order was shipped (400 naming deliveredAt)
   */
  deliveredAt: z.iso.datetime({ offset: true, error: SALES_MESSAGES.deliveredAt }).nullish(),
});
export type OrderActionInput = z.input<typeof orderActionInputSchema>;

export const ORDER_ACTIONS_SCHEMA = z.enum(ORDER_ACTIONS);

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const INVOICE_KINDS = ['invoice', 'deposit', 'credit'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Facture', deposit: "Facture d'acompte", credit: 'Avoir' };

export const INVOICE_PAYMENT_STATUSES = ['pending', 'partial', 'paid'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

const invoiceRefSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  totalTTC: z.number().int(),
  issuedAt: z.string(),
});

/** What staff see of an order beyond OrderDetail (GET /orders/:id fills it for the shop's staff). */
export const salesOrderExtraSchema = z.object({
  subType: z.enum(SALES_ORDER_SUBTYPES),
  source: z.enum(['shop', 'backoffice']),
  client: z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable(), kind: z.string() }).nullable(),
  quoteNumber: z.string().nullable(),
  validUntil: z.string().nullable(),
  warehouse: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  paymentDelay: z.string().nullable(),
  notes: z.string().nullable(),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  allowedActions: z.array(z.enum(ORDER_ACTIONS)),
  history: z.array(orderHistoryEntrySchema),
  /** `remaining`: what the client still owes on it (amount due − paid − credited; 0 for a credit note) */
  invoices: z.array(invoiceRefSchema.extend({ remaining: z.number().int().optional() })),
  /** what is left to invoice (cents TTC): the order total minus issued invoices and deposits, plus credit notes */
  remainingToInvoice: z.number().int(),
  /** the back-office input the order was priced from (to edit a draft with its discounts as typed); null for the shop's */
  input: z.record(z.string(), z.unknown()).nullable().optional(),
  /** the product lines with what has left the warehouse (partial shipments) */
  shipping: z
    .array(z.object({ lineId: z.number().int(), label: z.string(), ordered: z.number().int(), shipped: z.number().int() }))
    .optional(),
  /** why the order is managed from another screen (a primeur order: its campaign), or null */
  managedElsewhere: z.string().nullable().optional(),
  /** its bottles and packages as Expéditions counts them (boxes by their content, goods without bottles: one parcel) */
  parcels: z.object({ bottles: z.number().int(), packages: z.number().int() }).optional(),
});
export type SalesOrderExtra = z.infer<typeof salesOrderExtraSchema>;

export const orderActionResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the invoice or credit note the action issued */
  document: invoiceRefSchema.nullable(),
});
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;

export const bulkOrderActionInputSchema = z.object({
  action: z.enum(['validate', 'invoice']),
  ids: z.array(id).min(1).max(200),
});
export const bulkOrderActionResultSchema = z.object({
  done: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), number: z.string(), message: z.string() })),
  message: z.string(),
});
export type BulkOrderActionResult = z.infer<typeof bulkOrderActionResultSchema>;

// ---------------- invoices, deposit invoices, credit notes ----------------

export const invoiceLineSchema = z.object({
  label: z.string(),
  details: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceHT: z.number().int(),
  discountHT: z.number().int(),
  /** excise duties included in totalHT, shown as their own line on the PDF */
  duties: z.number().int(),
  vatRate: z.number(),
  totalHT: z.number().int(),
  /** §3 accounting product type */
  accountingType: z.string(),
  formatId: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const partyAddressSchema = z.object({
  street: z.string(),
  street2: z.string().nullable(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
});
export type PartyAddress = z.infer<typeof partyAddressSchema>;

export const partySchema = z.object({
  name: z.string(),
  legalForm: z.string().nullable(),
  capital: z.number().int().nullable(),
  siret: z.string().nullable(),
  siren: z.string().nullable(),
  rcs: z.string().nullable(),
  vatNumber: z.string().nullable(),
  exciseNumber: z.string().nullable(),
  address: partyAddressSchema.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isPro: z.boolean(),
  /**
   * Buyer: where the goods were delivered, when not at the billing address (a mandatory mention from the e-invoicing
   * reform, CGI ann. II art. 242 nonies A as amended by décret 2022-1299); frozen in the invoice once issued.
   */
  deliveryAddress: partyAddressSchema.nullish(),
  /**
   * Seller: it opted to pay the VAT on debits (CGI art. 269-2-c): its invoices say so (CGI ann. III art. 77-2, ann. II
   * art. 242 nonies A as amended by décret 2022-1299); frozen in the invoice once issued.
   */
  vatOnDebits: z.boolean().optional(),
});
export type Party = z.infer<typeof partySchema>;

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  client: z.object({ id: z.number().int().nullable(), name: z.string() }),
  totalHT: z.number().int(),
  totalVAT: z.number().int(),
  totalTTC: z.number().int(),
  /** TTC after the deposits deducted (what the client owes on this document) */
  amountDue: z.number().int(),
  paid: z.number().int(),
  credited: z.number().int(),
  /** amountDue − paid − credited (0 for a credit note) */
  remaining: z.number().int(),
  paymentStatus: z.enum(INVOICE_PAYMENT_STATUSES),
  /** credit notes only: how much of it has been used */
  creditStatus: z.enum(CREDIT_STATUSES).nullable(),
  relatedInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** days past the due date (0 when not due or paid) */
  overdueDays: z.number().int(),
  lastReminderAt: z.string().nullable(),
  reminderLevel: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  saleDate: z.string(),
  seller: partySchema,
  buyer: partySchema,
  lines: z.array(invoiceLineSchema),
  vat: z.array(z.object({ rate: z.number(), baseHT: z.number().int(), vat: z.number().int() })),
  duties: z.number().int(),
  depositsDeducted: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      totalHT: z.number().int(),
      totalVAT: z.number().int(),
      totalTTC: z.number().int(),
    }),
  ),
  paymentTerms: z.string(),
  legalMentions: z.array(z.string()),
  payments: z.array(
    z.object({
      paymentId: z.number().int(),
      paidAt: z.string(),
      method: z.string(),
      amount: z.number().int(),
      reference: z.string().nullable(),
    }),
  ),
  creditNotes: z.array(invoiceRefSchema),
  reason: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** Full credit when `lines` is empty or missing; else the given quantities of the invoice's lines (by index). */
export const creditNoteInputSchema = z.object({
  lines: z
    .array(
      z.object({
        index: z.number().int().min(0),
        quantity: z.number({ error: SALES_MESSAGES.quantity }).int(SALES_MESSAGES.quantity).min(1, SALES_MESSAGES.quantity),
      }),
    )
    .max(300)
    .optional(),
  reason: optionalText(500),
  /** refund now (a payment out) or keep as the client's credit */
  settlement: z.enum(['credit', 'refund']).default('credit'),
  refundMethod: z.string().max(50).nullish(),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;

export const depositInputSchema = z
  .object({
    percent: z.number().gt(0).max(100).nullish(),
    /** cents TTC */
    amount: z.number().int().positive().nullish(),
  })
  .refine((d) => d.percent || d.amount, { message: SALES_MESSAGES.depositAmount, path: ['percent'] });
export type DepositInput = z.input<typeof depositInputSchema>;

// ---------------- payments ----------------

export const SALES_PAYMENT_METHODS = [
  'transfer',
  'card',
  'cheque',
  'cash',
  'billOfExchange',
  'directDebit',
  'providerCard',
  'paypal',
  'creditNote',
  'other',
] as const;
export type SalesPaymentMethod = (typeof SALES_PAYMENT_METHODS)[number];
export const SALES_PAYMENT_METHOD_LABELS: Record<SalesPaymentMethod, string> = {
  transfer: 'Virement',
  card: 'Carte bancaire',
  cheque: 'Chèque',
  cash: 'Espèces',
  billOfExchange: 'Lettre de change',
  directDebit: 'Prélèvement',
  providerCard: 'Carte bancaire en ligne',
  paypal: 'PayPal',
  creditNote: 'Avoir',
  other: 'Autre',
};

export const paymentInputSchema = z.object({
  clientId: z.number({ error: SALES_MESSAGES.clientRequired }).int().positive(SALES_MESSAGES.clientRequired),
  direction: z.enum(['in', 'out']).default('in'),
  method: z.enum(SALES_PAYMENT_METHODS, { error: SALES_MESSAGES.paymentMethod }),
  amount: z.number({ error: SALES_MESSAGES.paymentAmount }).int(SALES_MESSAGES.paymentAmount).positive(SALES_MESSAGES.paymentAmount),
  paidAt: isoDate,
  reference: optionalText(100),
  note: optionalText(500),
  allocations: z
    .array(z.object({ invoiceId: id, amount: z.number().int().positive(SALES_MESSAGES.paymentAmount) }))
    .max(100)
    .default([]),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const salesPaymentSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['in', 'out']),
  method: z.string(),
  amount: z.number().int(),
  paidAt: z.string(),
  reference: z.string().nullable(),
  client: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** the invoices it settles, with the lettering code shared by the invoice and its payments */
  allocations: z.array(
    z.object({ invoiceId: z.number().int(), number: z.string(), amount: z.number().int(), lettering: z.string().nullable() }),
  ),
  /** amount − allocations: the client's credit from this payment */
  unallocated: z.number().int(),
  source: z.enum(['backoffice', 'online']),
  createdAt: z.string(),
});
export type SalesPayment = z.infer<typeof salesPaymentSchema>;

export const clientCreditSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string() }),
  /** unallocated payments + credit notes kept as credit − credit used */
  balance: z.number().int(),
  creditNotes: z.array(
    z.object({ id: z.number().int(), number: z.string(), remaining: z.number().int(), creditStatus: z.enum(CREDIT_STATUSES) }),
  ),
});
export type ClientCredit = z.infer<typeof clientCreditSchema>;

/** Use a client's credit (credit notes kept as credit first, the oldest first, then overpayments) on one of their invoices. */
export const useCreditInputSchema = z.object({
  clientId: z.number({ error: SALES_MESSAGES.clientRequired }).int().positive(SALES_MESSAGES.clientRequired),
  invoiceId: z.number({ error: SALES_MESSAGES.invoiceNotFound }).int().positive(SALES_MESSAGES.invoiceNotFound),
  amount: z.number({ error: SALES_MESSAGES.paymentAmount }).int(SALES_MESSAGES.paymentAmount).positive(SALES_MESSAGES.paymentAmount),
});
export type UseCreditInput = z.input<typeof useCreditInputSchema>;

// ---------------- billing settings (legal identity on every invoice) ----------------

/** IBAN: ISO 13616 mod-97 check (spaces ignored). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
/** BIC / SWIFT: 4 letters bank, 2 letters country, 2 location, optional 3 branch (ISO 9362). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s/g, '').toUpperCase());
}

export const bankAccountSchema = z.object({
  label: z.string().trim().min(1, M.needed).max(100),
  iban: z
    .string()
    .trim()
    .refine(isValidIban, SALES_MESSAGES.iban)
    .transform((v) => v.replace(/\s/g, '').toUpperCase()),
  bic: z
    .string()
    .trim()
    .refine(isValidBic, SALES_MESSAGES.bic)
    .transform((v) => v.replace(/\s/g, '').toUpperCase()),
  isDefault: z.boolean().default(false),
});

/** A numbering prefix (F, AV, D…): up to 6 letters or digits. */
const numberingPrefix = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, M.needed)
    .max(6)
    .regex(/^[A-Z0-9]+$/i, 'Lettres et chiffres uniquement')
    .default(fallback);

export const billingSettingsSchema = z.object({
  companyName: z.string().trim().min(1, M.needed).max(200),
  legalForm: optionalText(50),
  /** share capital in cents */
  capital: z.number().int().min(0).nullish(),
  siret: z
    .string()
    .trim()
    .refine((v) => isValidSiret(v), M.siret)
    .transform((v) => v.replace(/[\s.-]/g, '')),
  rcs: optionalText(100),
  vatNumber: z
    .string()
    .nullish()
    .refine((v) => !v || !v.trim() || vatNumberSchema.safeParse(v).success, M.vatNumber)
    .transform((v) => (v && v.trim() ? v.trim().toUpperCase().replace(/\s/g, '') : null)),
  exciseNumber: optionalText(30),
  address: z.object({
    street: z.string().trim().min(1, M.needed).max(200),
    street2: optionalText(200),
    zipcode: z.string().trim().min(1, M.needed).max(20),
    city: z.string().trim().min(1, M.needed).max(100),
    country: z.string().trim().length(2).default('FR'),
  }),
  email: optionalText(200),
  phone: optionalText(30),
  invoicePrefix: numberingPrefix('F'),
  creditPrefix: numberingPrefix('AV'),
  quotePrefix: numberingPrefix('D'),
  defaultPaymentDelay: z.enum(PAYMENT_DELAY_VALUES, { error: SALES_MESSAGES.paymentDelay }).default('30'),
  banks: z.array(bankAccountSchema).max(5).default([]),
  /** late-payment penalty rate text (C. com. L441-10), e.g. "3 fois le taux d'intérêt légal" */
  // a mandatory mention of every invoice between professionals (Code de commerce, art. L441-9), and a note of the
  // Factur-X (PMD) the French reform's rules require (BR-FR-05): never empty
  latePenalty: z
    .string()
    .trim()
    .min(1, SALES_MESSAGES.latePenaltyRequired)
    .max(300)
    .default("Pénalités de retard : trois fois le taux d'intérêt légal"),
  /** free legal mentions printed at the foot of every invoice */
  legalMentions: optionalText(2000),
  /** accept overpayments as client credit (else a payment above the remaining amount is refused) */
  allowOverpayment: z.boolean().default(true),
  /**
   * The shop opted to pay the VAT on debits (« option pour le paiement de la taxe d'après les débits », CGI art. 269-2-c;
   * CGI ann. III art. 77): every invoice then carries that mention.
   */
  vatOnDebits: z.boolean().default(false),
  /** unpaid follow-up: a reminder mail this many days after the due date, one per level (default J+7, J+15, J+30) */
  reminderDays: z
    .array(
      z
        .number({ error: SALES_MESSAGES.reminderDays })
        .int(SALES_MESSAGES.reminderDays)
        .min(1, SALES_MESSAGES.reminderDays)
        .max(365, SALES_MESSAGES.reminderDays),
    )
    .max(5, SALES_MESSAGES.reminderDays)
    .refine((d) => d.every((v, i) => i === 0 || v > d[i - 1]), SALES_MESSAGES.reminderDays)
    .default([7, 15, 30]),
});
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** A data URL of the shop's logo for the PDFs: PNG, JPEG or WebP, at most 1 MB once decoded. */
const logoDataUrl = z
  .string()
  .max(1_400_000, SALES_MESSAGES.logoSize)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, SALES_MESSAGES.logoType);

/**
 * The look of the shop's PDFs (invoices, credit notes, quotes): logo, accent colour, a footer line. A document keeps
 * the look it was made with (an issued invoice's PDF is made once).
 */
export const documentsSettingsSchema = z.object({
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, SALES_MESSAGES.color)
    .nullish()
    .transform((v) => v ?? null),
  logo: logoDataUrl.nullish().transform((v) => v ?? null),
  footer: optionalText(600),
});
export type DocumentsSettingsInput = z.input<typeof documentsSettingsSchema>;
export type DocumentsSettings = z.infer<typeof documentsSettingsSchema>;

// ---------------- quotes sent to the client ----------------

export const quoteSendInputSchema = z.object({
  /** default the client's mail */
  email: z.email(M.email).nullish(),
  message: optionalText(2000),
});
export type QuoteSendInput = z.input<typeof quoteSendInputSchema>;

export const PUBLIC_QUOTE_STATES = ['open', 'accepted', 'refused', 'expired', 'cancelled'] as const;
export type PublicQuoteState = (typeof PUBLIC_QUOTE_STATES)[number];
export const PUBLIC_QUOTE_STATE_LABELS: Record<PublicQuoteState, string> = {
  open: 'En attente de votre réponse',
  accepted: 'Accepté',
  refused: 'Refusé',
  expired: 'Expiré',
  cancelled: 'Annulé',
};

/** What the client sees through the link of the quote's mail (no account needed). */
export const publicQuoteSchema = z.object({
  number: z.string(),
  state: z.enum(PUBLIC_QUOTE_STATES),
  issuedAt: z.string(),
  validUntil: z.string().nullable(),
  seller: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  client: z.object({ name: z.string() }),
  lines: z.array(
    z.object({
      label: z.string(),
      details: z.string().nullable(),
      quantity: z.number().int(),
      unitPriceHT: z.number().int(),
      discountHT: z.number().int(),
      vatRate: z.number(),
      totalHT: z.number().int(),
    }),
  ),
  vat: z.array(z.object({ rate: z.number(), baseHT: z.number().int(), vat: z.number().int() })),
  totalHT: z.number().int(),
  totalVAT: z.number().int(),
  totalTTC: z.number().int(),
  paymentTerms: z.string(),
  notes: z.string().nullable(),
  /** who accepted or refused online, and when */
  answer: z.object({ by: z.string().nullable(), at: z.string() }).nullable(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const quoteAnswerInputSchema = z
  .object({
    answer: z.enum(['accept', 'refuse']),
    /** the signer's name ('bon pour accord'), needed to accept */
    name: z.string().trim().max(200).nullish(),
    reason: optionalText(1000),
  })
  .refine((a) => a.answer === 'refuse' || !!a.name, { message: SALES_MESSAGES.signerName, path: ['name'] });
export type QuoteAnswerInput = z.input<typeof quoteAnswerInputSchema>;

// ---------------- follow-up, ventilation, shipping ----------------

export const unpaidSummarySchema = z.object({
  /** what clients owe on issued documents (cents TTC) */
  outstanding: z.number().int(),
  overdue: z.number().int(),
  overdueCount: z.number().int(),
  /** the oldest overdue documents first (at most 5) */
  oldest: z.array(invoiceSummarySchema),
});
export type UnpaidSummary = z.infer<typeof unpaidSummarySchema>;

const ventilationRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  ht: z.number().int(),
  vat: z.number().int(),
  ttc: z.number().int(),
});
export type VentilationRow = z.infer<typeof ventilationRowSchema>;
export const VENTILATION_AXES = ['accountingType', 'vatRate', 'typology', 'range', 'agent', 'paymentMethod'] as const;
export type VentilationAxis = (typeof VENTILATION_AXES)[number];
export const VENTILATION_AXIS_LABELS: Record<VentilationAxis, string> = {
  accountingType: 'Type comptable',
  vatRate: 'Taux de TVA',
  typology: 'Typologie',
  range: 'Gamme',
  agent: 'Agent',
  paymentMethod: 'Mode de règlement',
};
export const ventilationSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** invoices and deposit invoices minus credit notes issued in the period */
  totals: z.object({
    ht: z.number().int(),
    vat: z.number().int(),
    ttc: z.number().int(),
    invoices: z.number().int(),
    credits: z.number().int(),
  }),
  /** per axis, rows whose ht (and vat, ttc) add up to totals (paymentMethod: payments received in the period, ttc only) */
  axes: z.record(z.enum(VENTILATION_AXES), z.array(ventilationRowSchema)),
});
export type Ventilation = z.infer<typeof ventilationSchema>;

export const deliveryItemSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  client: z.object({ id: z.number().int().nullable(), name: z.string() }),
  city: z.string().nullable(),
  bottles: z.number().int(),
  packages: z.number().int(),
  warehouse: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export const invoiceExportSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'ready', 'error']),
  done: z.number().int(),
  total: z.number().int(),
  filename: z.string(),
  message: z.string().nullable(),
});
export type InvoiceExport = z.infer<typeof invoiceExportSchema>;

export const reminderResultSchema = z.object({ success: z.literal(true), message: z.string(), level: z.number().int() });
export type ReminderResult = z.infer<typeof reminderResultSchema>;
