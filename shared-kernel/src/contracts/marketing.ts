import { z } from 'zod';
import { CRM_CLIENT_KINDS } from './clients';

/**
 * Marketing: client lists (static members or saved filters), email templates ("models": standard blocks
 * rendered with MJML, or advanced raw HTML) and the §3 merge fields. Shared by the api (modules/marketing) and
 * mfe-marketing.
 */

// ---------------------------------------------------------------- §3 merge fields

/**
 * §3 email merge fields, written `{{key}}` in a template and replaced per recipient (values HTML-escaped). The keys
 * and French labels are the reference list of shared-kernel/domain (EMAIL_MERGE_FIELDS).
 */
export const MERGE_FIELDS = [
  { key: 'firstname', label: 'Prénom', labelEn: 'First name', sample: 'Camille' },
  { key: 'lastname', label: 'Nom', labelEn: 'Last name', sample: 'Durand' },
  { key: 'shopName', label: 'Nom de la boutique', labelEn: 'Shop name', sample: 'Domaine de Démo' },
  { key: 'businessName', label: 'Nom commercial', labelEn: 'Business name', sample: 'Cave Durand' },
  { key: 'businessReason', label: 'Raison sociale', labelEn: 'Business reason', sample: 'SARL Cave Durand' },
  { key: 'email', label: 'E-mail', labelEn: 'Email', sample: 'camille.durand@exemple.fr' },
  { key: 'phone', label: 'Téléphone', labelEn: 'Phone', sample: '06 12 34 56 78' },
  { key: 'documentNumber', label: 'Numéro du document', labelEn: 'Document number', sample: 'F2026-00042' },
  { key: 'amount', label: 'Montant', labelEn: 'Amount', sample: '125,00 €' },
  { key: 'signature', label: 'Signature', labelEn: 'Signature', sample: "L'équipe du Domaine de Démo" },
] as const;
export type MergeFieldKey = (typeof MERGE_FIELDS)[number]['key'];
export const MERGE_FIELD_KEYS: readonly MergeFieldKey[] = MERGE_FIELDS.map((f) => f.key);

/** `{{ key }}` (spaces allowed inside the braces). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields of a text that are not §3 ones (each once, in order). */
export function unknownMergeFields(text: string | null | undefined): string[] {
  if (!text) return [];
  const known = new Set<string>(MERGE_FIELD_KEYS);
  const out: string[] = [];
  for (const m of text.matchAll(MERGE_FIELD_PATTERN)) if (!known.has(m[1]) && !out.includes(m[1])) out.push(m[1]);
  return out;
}

/** Sample values of every merge field (the previews). */
export const SAMPLE_MERGE_VALUES: Record<MergeFieldKey, string> = Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, f.sample])) as Record<
  MergeFieldKey,
  string
>;

export const MARKETING_MESSAGES = {
  listNotFound: 'Liste introuvable',
  modelNotFound: 'Modèle introuvable',
  name: 'Le nom est obligatoire',
  nameMax: 'Le nom doit contenir au maximum 200 caractères',
  listKind: 'Le type de liste accepte static (statique) ou dynamic (dynamique)',
  modelKind: 'Le type de modèle accepte standard ou advanced (avancé)',
  clientIds: 'Choisissez au moins un client',
  clientId: 'Identifiant de client invalide',
  clientNotFound: (id: number) => `Client introuvable : ${id}`,
  staticOnly: 'Une liste dynamique se définit par ses filtres : ses membres ne s’ajoutent pas à la main',
  date: (name: string) => `Le filtre ${name} attend une date AAAA-MM-JJ`,
  cents: (name: string) => `Le filtre ${name} attend un montant en centimes`,
  id: (name: string) => `Le filtre ${name} attend des identifiants`,
  unknownMergeField: (key: string) => `Le champ de fusion {{${key}}} n’existe pas`,
  subjectMax: "L'objet doit contenir au maximum 255 caractères",
  htmlMax: 'Le HTML ne doit pas dépasser 500 000 caractères',
  blockType: 'Type de bloc inconnu',
  blocksMax: 'Au maximum 100 blocs',
  url: "L'url n'est pas valide",
  color: 'Couleur attendue au format #RRGGBB',
  headingLevel: 'Le niveau de titre va de 1 à 6',
  productId: 'Choisissez un produit du catalogue',
  productNotFound: 'Produit inexistant',
  label: 'Le texte du bouton est obligatoire',
  advancedHtml: 'Le HTML du modèle ne peut pas être vide',
} as const;
const M = MARKETING_MESSAGES;

// ---------------------------------------------------------------- lists

export const MARKETING_LIST_KINDS = ['static', 'dynamic'] as const;
export type MarketingListKindValue = (typeof MARKETING_LIST_KINDS)[number];

/** Why a member of a list gets no mail (each one counted once, in this order). */
export const UNMAILABLE_REASONS = ['noEmail', 'unsubscribed', 'bounced', 'noConsent'] as const;
export type UnmailableReason = (typeof UNMAILABLE_REASONS)[number];
export const UNMAILABLE_LABELS: Record<UnmailableReason, string> = {
  noEmail: 'Sans adresse mail',
  unsubscribed: 'Désinscrits',
  bounced: 'Adresse en erreur (rebond)',
  noConsent: 'Sans consentement marketing',
};

const day = (name: string) =>
  z
    .string({ error: M.date(name) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date(name))
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.date(name));
const cents = (name: string) =>
  z
    .number({ error: M.cents(name) })
    .int(M.cents(name))
    .min(0, M.cents(name))
    .max(1_000_000_000_00, M.cents(name));
const ids = (name: string) =>
  z
    .array(
      z
        .number({ error: M.id(name) })
        .int(M.id(name))
        .positive(M.id(name)),
      { error: M.id(name) },
    )
    .max(500, M.id(name));
const words = (max = 100) => z.array(z.string().trim().min(1).max(max)).max(200);
const word = z.string().trim().min(1).max(200);

/** The saved filters of a dynamic list (every filter given must hold; inside one filter, any value matches). */
export const marketingListFiltersSchema = z
  .object({
    /** typology ids of the shop */
    typologies: words().optional(),
    /** private, professional, prospect */
    kinds: z
      .array(z.enum(CRM_CLIENT_KINDS, { error: 'Le filtre kinds accepte private, professional ou prospect' }))
      .max(3)
      .optional(),
    /** custom fields: one value each must equal (pipe, family, family2, custom, custom2), listTag / listTag2 any of */
    custom: z
      .object({
        pipe: word.optional(),
        family: word.optional(),
        family2: word.optional(),
        custom: word.optional(),
        custom2: word.optional(),
        listTag: words().optional(),
        listTag2: words().optional(),
      })
      .strict()
      .optional(),
    /** any of these tags */
    tags: words(50).optional(),
    departments: z
      .array(
        z
          .string()
          .trim()
          .regex(/^(\d{2,3}|2[AB])$/i, 'Le filtre departments attend des numéros de département')
          .transform((v) => v.toUpperCase()),
      )
      .max(120)
      .optional(),
    agentUserIds: ids('agentUserIds').optional(),
    lastOrderFrom: day('lastOrderFrom').optional(),
    lastOrderTo: day('lastOrderTo').optional(),
    spentMin: cents('spentMin').optional(),
    spentMax: cents('spentMax').optional(),
    /** bought any of these products (counted orders) */
    productIds: ids('productIds').optional(),
    /** true: only clients who accepted marketing mails; false: only those who did not */
    consent: z.boolean({ error: 'Le filtre consent attend true ou false' }).optional(),
  })
  .strict();
export type MarketingListFilters = z.output<typeof marketingListFiltersSchema>;

export const marketingListInputSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(200, M.nameMax),
  kind: z.enum(MARKETING_LIST_KINDS, { error: M.listKind }),
  filters: marketingListFiltersSchema.default({}),
  /** static lists: the first members */
  clientIds: z
    .array(z.number({ error: M.clientId }).int(M.clientId).positive(M.clientId))
    .max(50_000)
    .optional(),
});
export type MarketingListInput = z.input<typeof marketingListInputSchema>;

export const marketingListUpdateSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(200, M.nameMax),
  filters: marketingListFiltersSchema.default({}),
});

export const marketingMembersBodySchema = z.object({
  clientIds: z
    .array(z.number({ error: M.clientId }).int(M.clientId).positive(M.clientId), { error: M.clientIds })
    .min(1, M.clientIds)
    .max(50_000),
});

export interface MarketingListSummary {
  id: number;
  name: string;
  kind: MarketingListKindValue;
  filters: MarketingListFilters;
  /** static lists: members; dynamic: null (see the count) */
  memberCount: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The live count of a list: who gets the mail (deduplicated by email) and who cannot be mailed, by reason. */
export interface MarketingListCount {
  /** clients of the list (active client files) */
  total: number;
  /** distinct addresses that get the mail */
  recipients: number;
  /** clients sharing an address with another member (mailed once) */
  duplicates: number;
  cannotBeMailed: Record<UnmailableReason, number>;
}

export interface MarketingListDetail extends MarketingListSummary {
  count: MarketingListCount;
}

export interface MarketingListMember {
  clientId: number;
  name: string;
  email: string | null;
  kind: string;
  typology: string | null;
  /** null: gets the mail */
  reason: UnmailableReason | null;
}

// ---------------------------------------------------------------- email models

export const EMAIL_MODEL_KINDS = ['standard', 'advanced'] as const;
export type EmailModelKindValue = (typeof EMAIL_MODEL_KINDS)[number];

const httpUrl = z
  .string({ error: M.url })
  .trim()
  .max(2000, M.url)
  .regex(/^https?:\/\/[^\s"'<>]+$/i, M.url);
const linkUrl = z
  .string({ error: M.url })
  .trim()
  .max(2000, M.url)
  .regex(/^(?:(?:https?|ftp):\/\/[^\s"'<>]+|mailto:[^\s"'<>]+|tel:[+\d\s().-]+)$/i, M.url);
const colour = z
  .string({ error: M.color })
  .regex(/^#[0-9a-fA-F]{6}$/, M.color)
  .optional();
const richHtml = z.string().max(100_000, M.htmlMax);
const align = z.enum(['left', 'center', 'right']).optional();
const blockId = z.string().max(50).optional();

export const emailBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      id: blockId,
      type: z.literal('heading'),
      text: z.string().trim().max(500),
      level: z.number({ error: M.headingLevel }).int(M.headingLevel).min(1, M.headingLevel).max(6, M.headingLevel).default(1),
      align,
      color: colour,
    }),
    z.object({ id: blockId, type: z.literal('text'), html: richHtml }),
    z.object({ id: blockId, type: z.literal('image'), src: httpUrl, alt: z.string().max(300).default(''), href: linkUrl.optional() }),
    z.object({
      id: blockId,
      type: z.literal('button'),
      label: z.string({ error: M.label }).trim().min(1, M.label).max(200),
      href: linkUrl,
      color: colour,
      align,
    }),
    z.object({
      id: blockId,
      type: z.literal('product'),
      productId: z.number({ error: M.productId }).int(M.productId).positive(M.productId),
    }),
    z.object({ id: blockId, type: z.literal('divider') }),
    z.object({ id: blockId, type: z.literal('columns'), left: richHtml, right: richHtml }),
  ],
  { error: M.blockType },
);
export type EmailBlock = z.output<typeof emailBlockSchema>;
export type EmailBlockType = EmailBlock['type'];

export const emailModelInputSchema = z
  .object({
    name: z.string({ error: M.name }).trim().min(1, M.name).max(200, M.nameMax),
    kind: z.enum(EMAIL_MODEL_KINDS, { error: M.modelKind }),
    subject: z
      .string()
      .trim()
      .max(255, M.subjectMax)
      .nullish()
      .transform((v) => v || null),
    blocks: z.array(emailBlockSchema).max(100, M.blocksMax).default([]),
    html: z.string().max(500_000, M.htmlMax).default(''),
  })
  .superRefine((m, ctx) => {
    if (m.kind === 'advanced' && !m.html.trim()) ctx.addIssue({ code: 'custom', message: M.advancedHtml, path: ['html'] });
  });
export type EmailModelInput = z.input<typeof emailModelInputSchema>;

/** What a preview renders (the editor's unsaved content). */
export const emailPreviewInputSchema = z.object({
  kind: z.enum(EMAIL_MODEL_KINDS, { error: M.modelKind }),
  blocks: z.array(emailBlockSchema).max(100, M.blocksMax).default([]),
  html: z.string().max(500_000, M.htmlMax).default(''),
});

export interface EmailModelSummary {
  id: number;
  name: string;
  kind: EmailModelKindValue;
  subject: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface EmailModelDetail extends EmailModelSummary {
  blocks: EmailBlock[];
  /** the sanitised email HTML (merge fields left as `{{key}}`) */
  html: string;
}
