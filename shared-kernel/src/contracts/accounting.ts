/**
 * Api contract of the pre-accounting, shared by api/src/modules/accounting and mfe-accounting.
 *
 * Endpoints (under /v1, owner or iam of the caller's shop):
 * - GET /accounting/codes → AccountingCodes (the shop's chart of accounts: its own numbers over the French defaults of
 *   domain/accounting/chart.ts)                                                 accessAccounting | editAccountingCodes
 * - PUT /accounting/codes body AccountingCodesInput → AccountingCodes + message                   editAccountingCodes
 *   (every number checked: a PCG class digit first, three digits; 400 naming the field, e.g. `products.shipping`)
 */
import { z } from 'zod';
import { accountProblem, DEFAULT_CHART, type ChartOfAccounts } from '../domain/accounting/chart';
import { ACCOUNTING_PRODUCT_TYPES } from '../domain/reference/tax';

export const ACCOUNTING_MESSAGES = {
  codesSaved: 'Codes comptables enregistrés',
  vatRate: 'Taux de TVA au format 20, 10, 5_5…',
  overrideKey: 'Choisissez un produit ou indiquez une gamme',
  overrideTwice: 'Ce produit ou cette gamme a déjà son compte',
} as const;

/** An account number of the chart (accountProblem's rules, French messages). */
export const accountNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = accountProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const PRODUCT_TYPES = ACCOUNTING_PRODUCT_TYPES.map((t) => t.value) as [string, ...string[]];
export const PAYMENT_ACCOUNT_METHODS = Object.keys(DEFAULT_CHART.payments) as Array<keyof ChartOfAccounts['payments']>;

export const accountingCodesSchema = z.object({
  products: z.object(Object.fromEntries(PRODUCT_TYPES.map((t) => [t, accountNumberSchema])) as Record<string, typeof accountNumberSchema>),
  vat: z.record(z.string().regex(/^\d{1,2}(_\d{1,2})?$/, ACCOUNTING_MESSAGES.vatRate), accountNumberSchema),
  duties: accountNumberSchema,
  deposits: accountNumberSchema,
  payments: z.object(
    Object.fromEntries(PAYMENT_ACCOUNT_METHODS.map((m) => [m, accountNumberSchema])) as Record<string, typeof accountNumberSchema>,
  ),
  clients: z.object({
    mode: z.enum(['auxiliary', 'collective']),
    collective: accountNumberSchema,
    /** the digits an auxiliary client account starts with (411 + the client's code) */
    prefix: z
      .string()
      .trim()
      .regex(/^[1-8]\d{2}\d*$/, 'Un préfixe de compte client commence par trois chiffres (411…)'),
  }),
  counterSalesClient: accountNumberSchema,
  other: z.object({
    tax: accountNumberSchema,
    minusGap: accountNumberSchema,
    plusGap: accountNumberSchema,
    profit: accountNumberSchema,
    loss: accountNumberSchema,
    escompte: accountNumberSchema,
  }),
  overrides: z
    .array(
      z
        .object({
          scope: z.enum(['product', 'range']),
          key: z.string().trim().min(1, ACCOUNTING_MESSAGES.overrideKey).max(100, ACCOUNTING_MESSAGES.overrideKey),
          label: z.string().trim().max(200),
          account: accountNumberSchema,
        })
        .superRefine((o, ctx) => {
          if (o.scope === 'product' && !/^[1-9]\d{0,9}$/.test(o.key))
            ctx.addIssue({ code: 'custom', path: ['key'], message: ACCOUNTING_MESSAGES.overrideKey });
        }),
    )
    .max(500)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((o, i) => {
        const k = `${o.scope}|${o.key.toLowerCase()}`;
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: ACCOUNTING_MESSAGES.overrideTwice });
        seen.add(k);
      });
    })
    .default([]),
  /** received supplier invoices (journal HA); absent from older clients: the defaults */
  purchases: z
    .object({
      goods: accountNumberSchema,
      vat: accountNumberSchema,
      suppliers: accountNumberSchema,
      prepayments: accountNumberSchema,
    })
    .optional(),
  /** the result carried by the opening entry (120 profit / 129 loss) */
  result: z.object({ profit: accountNumberSchema, loss: accountNumberSchema }).optional(),
});
export type AccountingCodesInput = z.input<typeof accountingCodesSchema>;
export type AccountingCodes = ChartOfAccounts;

/* ------------------------------------------------------------------------------------------------------------------
 * Journals, entries, exports, closing.
 *
 * - GET  /accounting/settings → AccountingSettings                                       accessAccounting | editAccountingCodes
 * - PUT  /accounting/settings body AccountingSettingsInput → AccountingSettings + message               editAccountingCodes
 * - GET  /accounting/entries  list query (sort date|num; filters from, to, journal, account, clientId, lettered)
 *                             → Paginated<AccountingEntry> & { totals: { debit, credit } }               accessAccounting
 *                             (entries are generated first from every issued document and payment not posted yet)
 * - GET  /accounting/balances ?from&to&journal&clientId → AccountBalances (one row per account and auxiliary)
 * - GET  /accounting/fiscal-years → FiscalYear[] (the current one first, then the years that have entries)
 * - GET  /accounting/fec/check?year=YYYY → FecCheck (the file's name, its lines and the problems the checks find, the
 *                             opening entry « À nouveaux » compared with the previous year's closing balances included)
 * - GET  /accounting/fec?year=YYYY&encoding=iso-8859-15|utf-8 → the FEC text (streamed, text/plain; charset=ISO-8859-15
 *                             by default, A47 A-1 LPF; attachment {SIREN}FEC{date}.txt)
 * - GET  /accounting/export?from&to&format=csv|xlsx&layout=generic|sage|ebp|cegid|quadra → the entries file
 * - GET  /accounting/vat?from&to → VatSummary (collected VAT per month, rate and VAT type)
 * - GET  /accounting/periods?year=YYYY → AccountingPeriod[] (the 12 months of that fiscal year)
 * - POST /accounting/periods/:month/close (month YYYY-MM, a month already over) → AccountingPeriod + message
 *                                                                              owner | editAccountingCodes
 * - POST /accounting/periods/:month/reopen body { reason } → AccountingPeriod + message                  owner only
 * A document (invoice, deposit, credit note) or a payment dated in a closed month is refused with 409
 * (ACCOUNTING_MESSAGES.periodClosed); a credit note cancelling a document of a closed month is dated today.
 * ------------------------------------------------------------------------------------------------------------------ */

/** VT sales, BQ bank, CA till, OD miscellaneous, HA purchases (received supplier invoices), AN opening (« À nouveaux ») */
export const JOURNAL_KINDS = ['VT', 'BQ', 'CA', 'OD', 'HA', 'AN'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** Column layouts of the accountant export (docs: api/src/modules/accounting/README.md). */
export const EXPORT_LAYOUTS = ['generic', 'sage', 'ebp', 'cegid', 'quadra'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];
export const EXPORT_LAYOUT_LABELS: Record<ExportLayout, string> = {
  generic: 'Générique (une ligne par mouvement, toutes les colonnes)',
  sage: 'Sage 100 / Coala (Journal ; Date ; Compte ; Tiers ; Pièce ; Libellé ; Débit ; Crédit)',
  ebp: 'EBP (Date ; Journal ; Compte ; Pièce ; Libellé ; Débit ; Crédit ; Échéance)',
  cegid: 'Cegid / Loop (Journal ; Date ; Compte général ; Compte auxiliaire ; Référence ; Libellé ; Sens ; Montant)',
  quadra: 'Quadra / ACD (Journal ; Date ; Compte ; Libellé ; Montant débit ; Montant crédit ; Pièce)',
};
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** Encodings of the FEC file (A47 A-1 LPF allows ASCII, ISO 8859-15 or EBCDIC; UTF-8 on request) */
export const FEC_ENCODINGS = ['iso-8859-15', 'utf-8'] as const;
export type FecEncoding = (typeof FEC_ENCODINGS)[number];
export const FEC_ENCODING_LABELS: Record<FecEncoding, string> = {
  'iso-8859-15': 'ISO 8859-15 (format de l’article A47 A-1)',
  'utf-8': 'UTF-8',
};
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ACCOUNTING_SETTINGS_MESSAGES = {
  saved: 'Paramètres comptables enregistrés',
  day: 'Ce jour n’existe pas dans le mois choisi',
  journalCode: 'Un code journal a de 1 à 4 lettres ou chiffres',
  journalLabel: 'Le libellé du journal est obligatoire (60 caractères au plus)',
  journalTwice: 'Deux journaux ne peuvent pas avoir le même code',
} as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const journalSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{1,4}$/, ACCOUNTING_SETTINGS_MESSAGES.journalCode)),
  label: z.string().trim().min(1, ACCOUNTING_SETTINGS_MESSAGES.journalLabel).max(60, ACCOUNTING_SETTINGS_MESSAGES.journalLabel),
});

export const accountingSettingsSchema = z
  .object({
    /** first month of the fiscal year, 0-based (0 = January), as the spec's logStartMonth */
    logStartMonth: z.number().int().min(0).max(11),
    logStartDay: z.number().int().min(1).max(31),
    journals: z.object({
      VT: journalSchema,
      BQ: journalSchema,
      CA: journalSchema,
      OD: journalSchema,
      // absent from settings saved before they existed: the defaults
      HA: journalSchema.default({ code: 'HA', label: 'Achats' }),
      AN: journalSchema.default({ code: 'AN', label: 'À nouveaux' }),
    }),
    exportLayout: z.enum(EXPORT_LAYOUTS),
    exportFormat: z.enum(EXPORT_FORMATS),
    /** the digits a client's auxiliary account starts with (the chart of accounts' clients.prefix) */
    clientPrefix: z
      .string()
      .trim()
      .regex(/^[1-8]\d{2}\d*$/, 'Un préfixe de compte client commence par trois chiffres (411…)'),
    /** the counter-sales client account (the chart of accounts' counterSalesClient) */
    counterSalesClient: accountNumberSchema,
  })
  .superRefine((v, ctx) => {
    if (v.logStartDay > DAYS_IN_MONTH[v.logStartMonth])
      ctx.addIssue({ code: 'custom', path: ['logStartDay'], message: ACCOUNTING_SETTINGS_MESSAGES.day });
    const codes = JOURNAL_KINDS.map((k) => v.journals[k].code);
    JOURNAL_KINDS.forEach((k, i) => {
      if (codes.indexOf(codes[i]) !== i)
        ctx.addIssue({ code: 'custom', path: ['journals', k, 'code'], message: ACCOUNTING_SETTINGS_MESSAGES.journalTwice });
    });
  });
export type AccountingSettingsInput = z.input<typeof accountingSettingsSchema>;
export type AccountingSettings = z.output<typeof accountingSettingsSchema>;

export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = {
  logStartMonth: 0,
  logStartDay: 1,
  journals: {
    VT: { code: 'VT', label: 'Ventes' },
    BQ: { code: 'BQ', label: 'Banque' },
    CA: { code: 'CA', label: 'Caisse' },
    OD: { code: 'OD', label: 'Opérations diverses' },
    HA: { code: 'HA', label: 'Achats' },
    AN: { code: 'AN', label: 'À nouveaux' },
  },
  exportLayout: 'generic',
  exportFormat: 'csv',
  clientPrefix: '411',
  counterSalesClient: '411CAISSE',
};

/** What an entry was generated from; `path` opens it in the back office. */
export const ENTRY_SOURCES = [
  'invoice',
  'deposit',
  'credit',
  'payment',
  'till',
  /** the opening entry of a fiscal year (source id: the calendar year it starts in; its first day as YYYYMMDD when
   * that year already had an opening on another day, the fiscal year's start having changed) */
  'opening',
  /** a received supplier invoice or credit note, and its payment (source id: supplier_invoices.id) */
  'supplierInvoice',
  'supplierPayment',
] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

export interface AccountingEntryLine {
  account: string;
  accountLabel: string;
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  label: string;
  /** cents */
  debit: number;
  credit: number;
  /** an opening line carrying an open item: its own piece and the lettering of that item */
  pieceRef?: string | null;
  lettering?: string | null;
}

export interface AccountingEntry {
  id: number;
  journal: JournalKind;
  /** the journal's configured code and label */
  journalCode: string;
  journalLabel: string;
  /** sequence in its journal over the fiscal year, and the written number ('VT000012') */
  num: number;
  ref: string;
  /** YYYY-MM-DD */
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  lines: AccountingEntryLine[];
  /** cents: the entry's debit total (= its credit total) */
  amount: number;
  client: { id: number; name: string } | null;
  /** the client's line lettering (code and date) once what it belongs to is settled */
  lettering: string | null;
  letteringDate: string | null;
  validDate: string;
  source: { kind: EntrySource; id: number; path: string };
  /** its month is closed: the entry is frozen */
  closed: boolean;
}

export interface AccountingEntriesPage {
  items: AccountingEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** the debit and credit of every entry line matching the filters (all pages) */
  totals: { debit: number; credit: number };
}

export interface AccountBalance {
  account: string;
  label: string;
  auxiliary: string | null;
  auxiliaryLabel: string | null;
  debit: number;
  credit: number;
  /** debit − credit */
  balance: number;
}
export interface AccountBalances {
  items: AccountBalance[];
  totals: { debit: number; credit: number };
}

export interface FiscalYear {
  /** the calendar year it starts in */
  year: number;
  from: string;
  to: string;
  label: string;
  current: boolean;
}

export interface FecCheck {
  year: number;
  from: string;
  to: string;
  fileName: string;
  /** entry lines (records) and entries of the file */
  lines: number;
  entries: number;
  debit: number;
  credit: number;
  problems: Array<{ line: number; message: string }>;
  /** the shop's SIREN is missing from the billing settings: the file name cannot be made */
  sirenMissing: boolean;
}

export interface VatSummaryRow {
  /** the rate key of the chart ('20', '5_5', '0') */
  rate: string;
  /** §3 VAT type: fr (France), ce (intra-EU delivery, exempt), xx (export, exempt)… */
  type: string;
  account: string;
  /** cents: taxable base and VAT collected (credit notes and deposits deducted count negative) */
  base: number;
  vat: number;
}
export interface VatSummary {
  from: string;
  to: string;
  months: Array<{ month: string; rows: VatSummaryRow[]; base: number; vat: number }>;
  totals: { base: number; vat: number };
}

export const PERIOD_STATUSES = ['open', 'closed'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export interface AccountingPeriod {
  /** YYYY-MM */
  month: string;
  status: PeriodStatus;
  /** the month is over (it can be closed) */
  over: boolean;
  entries: number;
  /** the last FEC or accountant export that covered this month */
  exportedAt: string | null;
  history: Array<{ action: 'close' | 'reopen'; at: string; by: string; reason: string | null }>;
}

export const PERIOD_MESSAGES = {
  closed: (label: string) => `Période ${label} clôturée`,
  reopened: (label: string) => `Période ${label} rouverte`,
  notOver: 'Seul un mois terminé peut être clôturé',
  alreadyClosed: 'Cette période est déjà clôturée',
  notClosed: 'Cette période n’est pas clôturée',
  reason: 'Indiquez la raison de la réouverture',
  ownerOnly: 'Seul le propriétaire de la boutique peut rouvrir une période',
  month: 'Le mois est au format AAAA-MM',
} as const;

export const reopenPeriodSchema = z.object({
  reason: z.string().trim().min(1, PERIOD_MESSAGES.reason).max(500, PERIOD_MESSAGES.reason),
});

export const ACCOUNTING_RULE_MESSAGES = {
  /** a document or payment dated in a closed month */
  periodClosed: (label: string) =>
    `La période ${label} est clôturée en comptabilité : aucun document ni règlement ne peut y être créé, modifié ou annulé`,
  sirenMissing: 'Renseignez le SIREN de la boutique (Paramètres › Facturation) pour nommer le FEC',
  year: 'Le paramètre year est une année AAAA',
  encoding: 'Le paramètre encoding accepte iso-8859-15 ou utf-8',
} as const;
