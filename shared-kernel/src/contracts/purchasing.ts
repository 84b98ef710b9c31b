/** Api contract: suppliers and purchase orders. Shared by the api module and the mfe-stock screens. */
import { z } from 'zod';
import { PAYMENT_DELAYS } from '../domain/reference/payments';
import { isValidSiret } from '../domain/siret';
import { MESSAGES as M } from '../validation/messages';
import { emailSchema, telephoneOptionalSchema, vatNumberSchema } from '../validation/rules';

export const PURCHASING_MESSAGES = {
  supplierNotFound: 'Fournisseur introuvable',
  purchaseNotFound: 'Commande fournisseur introuvable',
  supplierHasOrders: 'Ce fournisseur a des commandes : archivez-le plutôt que de le supprimer',
  supplierArchived: 'Ce fournisseur est archivé',
  paymentDelay: 'Choisissez un délai de paiement de la liste',
  status: 'Le statut doit valoir active ou archived',
  linesEmpty: 'Ajoutez au moins une ligne',
  lineLabel: 'Indiquez un article du catalogue ou un libellé',
  quantity: 'La quantité doit être un nombre entier supérieur à 0',
  receivedQuantity: 'La quantité reçue doit être un nombre entier positif ou nul',
  overReceived: (remaining: number) => `La quantité reçue dépasse la quantité restant à recevoir (${remaining})`,
  unitCost: 'Le coût unitaire doit être un montant positif en centimes',
  formatNotFound: 'Article inexistant',
  warehouseNotFound: 'Entrepôt inexistant',
  warehouseRequired: "Choisissez l'entrepôt de réception",
  lineNotFound: "Cette ligne n'appartient pas à la commande",
  nothingReceived: 'Indiquez au moins une quantité reçue',
  receivedInFuture: 'La date de réception ne peut pas être dans le futur',
  notDraft: 'Seule une commande en brouillon peut être modifiée',
  notSendable: 'Seule une commande en brouillon peut être envoyée',
  notReceivable: 'Seule une commande envoyée ou reçue partiellement peut être réceptionnée',
  notCancellable: 'Seule une commande en brouillon ou envoyée peut être annulée',
  supplierNoEmail: "Le fournisseur n'a pas d'adresse mail",
  created: 'Commande fournisseur créée',
  updated: 'Commande fournisseur mise à jour',
  sent: 'Commande envoyée au fournisseur',
  received: 'Réception enregistrée',
  cancelled: 'Commande annulée',
  supplierCreated: 'Fournisseur créé',
  supplierUpdated: 'Fournisseur mis à jour',
  supplierDeleted: 'Fournisseur supprimé',
} as const;

// ---------- suppliers ----------

export const SUPPLIER_STATUSES = ['active', 'archived'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = { active: 'Actif', archived: 'Archivé' };

const PAYMENT_DELAY_VALUES = PAYMENT_DELAYS.map((d) => d.value) as [string, ...string[]];

/** Optional text: '' and null are both "nothing" (stored as null). */
const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `Doit contenir au maximum ${max} caractères`)
    .nullish()
    .transform((v) => (v ? v : null));

/** §5 SIRET (14 digits, Luhn; La Poste exception) when given; spaces are removed. */
const siretOptional = z
  .string({ error: M.siret })
  .nullish()
  .refine((v) => !v || !v.trim() || isValidSiret(v), M.siret)
  .transform((v) => (v && v.trim() ? v.replace(/[\s.-]/g, '') : null));

const vatOptional = z
  .string({ error: M.vatNumber })
  .nullish()
  .refine((v) => !v || !v.trim() || vatNumberSchema.safeParse(v).success, M.vatNumber)
  .transform((v) => (v && v.trim() ? v.trim().toUpperCase().replace(/\s/g, '') : null));

const phoneOptional = telephoneOptionalSchema.nullish().transform((v) => (v && v.trim() ? v.trim() : null));

const emailOptional = z
  .string({ error: M.email })
  .nullish()
  .refine((v) => !v || !v.trim() || emailSchema.safeParse(v).success, M.email)
  .transform((v) => (v && v.trim() ? v.trim().toLowerCase() : null));

export const supplierAddressSchema = z.object({
  line1: optionalText(200),
  line2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  country: optionalText(100),
});

export const supplierContactSchema = z.object({
  name: z.string({ error: M.needed }).trim().min(1, M.needed).max(200),
  role: optionalText(100),
  email: emailOptional,
  phone: phoneOptional,
});

/** POST /suppliers and PUT /suppliers/:id. */
export const supplierBodySchema = z.object({
  company: z.string({ error: M.needed }).trim().min(1, M.needed).max(200),
  siret: siretOptional,
  vatNumber: vatOptional,
  /** needed to send purchase orders */
  email: z
    .string({ error: M.email })
    .trim()
    .pipe(z.email({ error: M.email }))
    .transform((v) => v.toLowerCase()),
  phone: phoneOptional,
  address: supplierAddressSchema.default({ line1: null, line2: null, zip: null, city: null, country: null }),
  contacts: z.array(supplierContactSchema).max(20).default([]),
  paymentDelay: z
    .enum(PAYMENT_DELAY_VALUES, { error: PURCHASING_MESSAGES.paymentDelay })
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(5000),
  status: z.enum(SUPPLIER_STATUSES, { error: PURCHASING_MESSAGES.status }).default('active'),
});
export type SupplierBody = z.input<typeof supplierBodySchema>;
export type SupplierValues = z.output<typeof supplierBodySchema>;

export interface SupplierAddressDto {
  line1: string | null;
  line2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}
export interface SupplierContactDto {
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
}

/** A supplier as the list shows it. */
export interface SupplierListItem {
  id: number;
  company: string;
  siret: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  paymentDelay: string | null;
  status: SupplierStatus;
  createdAt: string;
}

/** GET /suppliers/:id: everything plus its purchase orders summary and totals. */
export interface SupplierDetail extends SupplierListItem {
  address: SupplierAddressDto;
  contacts: SupplierContactDto[];
  notes: string | null;
  updatedAt: string;
  purchases: {
    count: number;
    /** total HT of the non-cancelled purchase orders, in cents */
    totalHTCents: number;
    /** total HT still to receive (sent or partially received), in cents */
    openHTCents: number;
    recent: PurchaseOrderListItem[];
  };
}

// ---------- purchase orders ----------

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partial', 'received', 'cancelled'] as const;
export type PurchaseOrderStatusValue = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatusValue, string> = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  partial: 'Reçue partiellement',
  received: 'Reçue',
  cancelled: 'Annulée',
};
/** §4 colour groups of the status tags. */
export const PURCHASE_ORDER_STATUS_GROUPS: Record<PurchaseOrderStatusValue, 'waiting' | 'cancel' | 'online' | 'finished' | 'error'> = {
  draft: 'cancel',
  sent: 'online',
  partial: 'waiting',
  received: 'finished',
  cancelled: 'cancel',
};

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message);

export const purchaseOrderLineBodySchema = z
  .object({
    formatId: positiveId(PURCHASING_MESSAGES.formatNotFound).nullish(),
    label: optionalText(300),
    quantity: z.number({ error: PURCHASING_MESSAGES.quantity }).int(PURCHASING_MESSAGES.quantity).positive(PURCHASING_MESSAGES.quantity),
    unitCostCents: z
      .number({ error: PURCHASING_MESSAGES.unitCost })
      .int(PURCHASING_MESSAGES.unitCost)
      .min(0, PURCHASING_MESSAGES.unitCost)
      .max(100_000_000, PURCHASING_MESSAGES.unitCost),
  })
  .refine((l) => l.formatId || l.label, { message: PURCHASING_MESSAGES.lineLabel, path: ['label'] });

const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.date);

/** POST /purchases and PUT /purchases/:id (drafts only). */
export const purchaseOrderBodySchema = z.object({
  supplierId: positiveId(PURCHASING_MESSAGES.supplierNotFound),
  warehouseId: positiveId(PURCHASING_MESSAGES.warehouseNotFound)
    .nullish()
    .transform((v) => v ?? null),
  expectedAt: isoDate.nullish().transform((v) => v ?? null),
  notes: optionalText(5000),
  lines: z.array(purchaseOrderLineBodySchema, { error: PURCHASING_MESSAGES.linesEmpty }).min(1, PURCHASING_MESSAGES.linesEmpty).max(200),
});
export type PurchaseOrderBody = z.input<typeof purchaseOrderBodySchema>;
export type PurchaseOrderValues = z.output<typeof purchaseOrderBodySchema>;

/** POST /purchases/:id/receive: the quantities received now (lines left out receive nothing). */
export const receiveBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: positiveId(PURCHASING_MESSAGES.lineNotFound),
        quantity: z
          .number({ error: PURCHASING_MESSAGES.receivedQuantity })
          .int(PURCHASING_MESSAGES.receivedQuantity)
          .min(0, PURCHASING_MESSAGES.receivedQuantity),
        /** default: the order's warehouse */
        warehouseId: positiveId(PURCHASING_MESSAGES.warehouseNotFound)
          .nullish()
          .transform((v) => v ?? null),
      }),
      { error: PURCHASING_MESSAGES.nothingReceived },
    )
    .min(1, PURCHASING_MESSAGES.nothingReceived)
    .max(200),
  /** day of the receipt (default today) */
  receivedAt: isoDate.nullish().transform((v) => v ?? null),
});
export type ReceiveBody = z.input<typeof receiveBodySchema>;
export type ReceiveValues = z.output<typeof receiveBodySchema>;

export interface PurchaseOrderListItem {
  id: number;
  number: string;
  status: PurchaseOrderStatusValue;
  supplierId: number;
  supplierName: string;
  warehouseId: number | null;
  warehouseName: string | null;
  expectedAt: string | null;
  totalHTCents: number;
  createdAt: string;
  sentAt: string | null;
  receivedAt: string | null;
  cancelledAt: string | null;
}

export interface PurchaseOrderLineDto {
  id: number;
  position: number;
  formatId: number | null;
  label: string;
  quantity: number;
  receivedQuantity: number;
  unitCostCents: number;
  totalHTCents: number;
}

export interface PurchaseOrderDetail extends PurchaseOrderListItem {
  notes: string | null;
  supplierEmail: string | null;
  updatedAt: string;
  lines: PurchaseOrderLineDto[];
}

/** A format of the shop's catalogue for the lines editor (GET /purchases/formats). */
export interface PurchasableFormat {
  id: number;
  label: string;
  costCents: number | null;
}

/** A warehouse a purchase order can be received into (GET /purchases/warehouses). */
export interface PurchaseWarehouse {
  id: number;
  name: string;
}

/** Total HT of lines, in cents (integer arithmetic). */
export function linesTotalCents(lines: ReadonlyArray<{ quantity: number; unitCostCents: number }>): number {
  return lines.reduce((s, l) => s + l.quantity * l.unitCostCents, 0);
}

// ---------- supplier invoices (received e-invoices: Factur-X / ZUGFeRD PDF, CII or UBL XML) ----------

export const SUPPLIER_INVOICE_MESSAGES = {
  notFound: 'Facture fournisseur introuvable',
  received: 'Facture fournisseur reçue',
  duplicateFile: 'Cette facture a déjà été reçue',
  duplicateNumber: (number: string, supplier: string) => `La facture ${number} de ${supplier} a déjà été reçue`,
  refused: 'Facture refusée : elle ne respecte pas la norme EN 16931',
  fileName: 'Indiquez le nom du fichier (filename)',
  emptyFile: 'Le fichier est vide',
  tooBig: 'Le fichier dépasse la taille maximale de 10 Mo',
  xmlTooBig: 'Le XML de la facture dépasse la taille maximale de 5 Mo',
  notXml: "Le fichier n'est ni un PDF Factur-X, ni un XML de facture (CII ou UBL)",
  malformedXml: (line: number | null) => `Le XML de la facture est mal formé${line ? ` (ligne ${line})` : ''}`,
  doctype:
    'Le XML de la facture contient une déclaration DOCTYPE ou des entités : refusé pour votre sécurité (une facture électronique n’en contient jamais)',
  unknownSyntax: "Ce XML n'est pas une facture CII (CrossIndustryInvoice) ni UBL 2.1 (Invoice, CreditNote)",
  badPdf: 'Le fichier PDF est illisible',
  pdfWithoutXml: "Ce PDF ne contient pas de facture électronique : aucun fichier factur-x.xml ou zugferd-invoice.xml n'y est joint",
  paid: 'Paiement enregistré',
  amount: 'Le montant doit être un nombre entier de centimes supérieur à 0',
  overPaid: (rest: string) => `Le montant dépasse ce qui reste à payer (${rest})`,
  alreadyPaid: 'Cette facture est déjà payée',
  nothingToPay: "Cette facture n'a pas de montant à payer",
  paidAtFuture: 'La date de paiement ne peut pas être dans le futur',
  inboxNoRecipient: 'Aucune adresse de réception de factures de boutique parmi les destinataires du mail',
  inboxNoAttachment: 'Le mail ne contient aucune pièce jointe PDF ou XML',
  inboxTooManyAttachments: 'Le mail contient plus de 10 pièces jointes',
  inboxBadMail: 'Le mail est illisible',
} as const;

export const SUPPLIER_INVOICE_PAYMENT_STATUSES = ['toPay', 'overdue', 'paid'] as const;
export type SupplierInvoicePaymentStatus = (typeof SUPPLIER_INVOICE_PAYMENT_STATUSES)[number];
export const SUPPLIER_INVOICE_PAYMENT_LABELS: Record<SupplierInvoicePaymentStatus, string> = {
  toPay: 'À payer',
  overdue: 'En retard',
  paid: 'Payée',
};
/** §4 colour groups of the payment tags. */
export const SUPPLIER_INVOICE_PAYMENT_GROUPS: Record<SupplierInvoicePaymentStatus, 'waiting' | 'error' | 'finished'> = {
  toPay: 'waiting',
  overdue: 'error',
  paid: 'finished',
};
/** UNTDID 1001 codes most received invoices carry. */
export const SUPPLIER_INVOICE_TYPE_LABELS: Record<string, string> = {
  '380': 'Facture',
  '381': 'Avoir',
  '384': 'Facture rectificative',
  '386': "Facture d'acompte",
  '389': 'Autofacture',
};
export const SUPPLIER_INVOICE_SYNTAX_LABELS: Record<string, string> = { 'factur-x': 'Factur-X (PDF)', cii: 'CII (XML)', ubl: 'UBL (XML)' };

/** A rule an invoice breaks: its EN 16931 id (BR-CO-15…) and the French message citing it. */
export interface SupplierInvoiceFinding {
  rule: string;
  message: string;
}

/** The refusal of a received file (4xx): the message and the rules broken. */
export interface SupplierInvoiceRefusal {
  success: false;
  message: string;
  field: 'file';
  findings: SupplierInvoiceFinding[];
}

export interface SupplierInvoiceListItem {
  id: number;
  number: string;
  /** UNTDID 1001: 380 invoice, 381 credit note… */
  typeCode: string;
  supplierId: number;
  supplierName: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  totalHTCents: number;
  totalVATCents: number;
  totalTTCCents: number;
  amountDueCents: number;
  paidAmountCents: number;
  paidAt: string | null;
  paymentStatus: SupplierInvoicePaymentStatus;
  syntax: string;
  receivedVia: string;
  receivedAt: string;
  findingsCount: number;
}

export interface SupplierInvoiceLineDto {
  label: string;
  quantity: number;
  /** net unit price in cents (may be fractional) */
  unitPriceCents: number;
  totalHTCents: number;
  vatCategory: string;
  vatRate: number;
  purchaseOrderLineId: number | null;
  formatId: number | null;
}

export interface SupplierInvoiceDetail extends SupplierInvoiceListItem {
  seller: {
    name: string;
    siren: string | null;
    vatNumber: string | null;
    email: string | null;
    address: SupplierAddressDto;
  };
  lines: SupplierInvoiceLineDto[];
  vat: Array<{ category: string; rate: number; baseHTCents: number; vatCents: number }>;
  findings: SupplierInvoiceFinding[];
  purchaseOrderId: number | null;
  purchaseOrderNumber: string | null;
  fileName: string;
  fileMime: string;
}

/** GET /supplier-invoices/inbox: the shop's address for suppliers' invoices by mail. */
export interface SupplierInvoiceInbox {
  address: string;
}

/** POST /supplier-invoices/:id/payments: cents paid (default: what remains) and the day. */
export const supplierInvoicePaymentBodySchema = z.object({
  amountCents: z
    .number({ error: SUPPLIER_INVOICE_MESSAGES.amount })
    .int(SUPPLIER_INVOICE_MESSAGES.amount)
    .positive(SUPPLIER_INVOICE_MESSAGES.amount)
    .max(2_000_000_000, SUPPLIER_INVOICE_MESSAGES.amount)
    .nullish()
    .transform((v) => v ?? null),
  paidAt: isoDate.nullish().transform((v) => v ?? null),
});
export type SupplierInvoicePaymentBody = z.input<typeof supplierInvoicePaymentBodySchema>;
export type SupplierInvoicePaymentValues = z.output<typeof supplierInvoicePaymentBodySchema>;

/** The inbound-mail answer: what became a received invoice, what was refused and why. */
export interface SupplierInvoiceInboundResult {
  received: Array<{ fileName: string; id: number; number: string }>;
  refused: Array<{ fileName: string; message: string; findings: SupplierInvoiceFinding[] }>;
}
