// Size: the wire contract of the whole client file (schemas, French messages, list filters and import columns) read
// by the api module and the mfe-crm screens; split, each half would import the other.
import { z } from 'zod';
import { CIVILITIES } from '../domain/reference/clients';
import { isValidSiret } from '../domain/siret';
import { sirenOfVatNumber } from '../domain/vat-number';
import { MESSAGES as M } from '../validation/messages';
import { emailSchema, postalSchema, telephoneOptionalSchema, vatNumberSchema } from '../validation/rules';

/**
 * Professional clients of a shop (§6 'professionals can request a price grid'): a pro buyer asks a shop for its
 * price grid; the owner (or an iam with createClient) accepts it with one of the shop's typologies — the buyer
 * becomes a 'client' member of the shop and sees that typology's prices — or refuses it.
 * A client membership never grants back-office rights: the buyer stays a buyer everywhere else.
 */

export const PRICE_GRID_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export const priceGridRequestStatusSchema = z.enum(PRICE_GRID_REQUEST_STATUSES);
export type PriceGridRequestStatus = z.infer<typeof priceGridRequestStatusSchema>;

/** French messages of the price-grid decision (400 names the field). */
export const PRICE_GRID_DECISION_MESSAGES = {
  decision: 'Le champ decision doit valoir accept ou refuse',
  typology: 'Choisissez la typologie tarifaire du client',
  status: 'Le paramètre status accepte pending, accepted ou refused',
  page: 'Le paramètre page doit être un entier positif',
  pageSize: 'Le paramètre pageSize doit être un entier entre 1 et 100',
} as const;

/** One request as the shop's staff sees it (GET /v1/shops/me/price-grid-requests). */
export const priceGridRequestSchema = z.object({
  id: z.number().int(),
  status: priceGridRequestStatusSchema,
  createdAt: z.string(),
  /** company named by the buyer when asking (business name of their account at that time) */
  company: z.string().nullable(),
  requester: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  /** accepted requests: the client's current typology in the shop (null when the membership is gone) */
  typology: z.string().nullable(),
});
export type PriceGridRequestItem = z.infer<typeof priceGridRequestSchema>;

export const priceGridRequestListSchema = z.object({
  items: z.array(priceGridRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PriceGridRequestList = z.infer<typeof priceGridRequestListSchema>;

/** PUT /v1/shops/me/price-grid-requests/{id} body. */
export const priceGridDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('accept'),
      typology: z
        .string({ error: PRICE_GRID_DECISION_MESSAGES.typology })
        .trim()
        .min(1, PRICE_GRID_DECISION_MESSAGES.typology)
        .max(100, PRICE_GRID_DECISION_MESSAGES.typology),
    }),
    z.object({ decision: z.literal('refuse') }),
  ],
  { error: PRICE_GRID_DECISION_MESSAGES.decision },
);
export type PriceGridDecision = z.infer<typeof priceGridDecisionSchema>;

export const priceGridDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  request: priceGridRequestSchema,
});
export type PriceGridDecisionResponse = z.infer<typeof priceGridDecisionResponseSchema>;

/** A professional client attached to the shop (GET /v1/shops/me/clients). */
export const shopClientSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  typology: z.string().nullable(),
  typologyName: z.string().nullable(),
  since: z.string(),
});
export type ShopClient = z.infer<typeof shopClientSchema>;

export const shopClientListSchema = z.object({
  items: z.array(shopClientSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ShopClientList = z.infer<typeof shopClientListSchema>;

// =====================================================================================================================
// The client file: clients and prospects of a shop, their interactions, RGPD export and erasure.
// =====================================================================================================================

export const CRM_CLIENT_KINDS = ['private', 'professional', 'prospect'] as const;
export type CrmClientKind = (typeof CRM_CLIENT_KINDS)[number];
export const CRM_CLIENT_STATUSES = ['active', 'archived', 'erased'] as const;
export type CrmClientStatus = (typeof CRM_CLIENT_STATUSES)[number];

export const CRM_INTERACTION_KINDS = ['note', 'call', 'visit', 'email', 'meeting', 'tasting', 'task', 'other'] as const;
export type CrmInteractionKind = (typeof CRM_INTERACTION_KINDS)[number];
export const CRM_INTERACTION_LABELS: Record<CrmInteractionKind, string> = {
  note: 'Note',
  call: 'Appel',
  visit: 'Visite',
  email: 'Mail envoyé',
  meeting: 'Rendez-vous',
  tasting: 'Dégustation',
  task: 'Tâche',
  other: 'Autre',
};

export const CRM_BULK_ACTIONS = ['assignAgent', 'addTag', 'archive'] as const;
export type CrmBulkAction = (typeof CRM_BULK_ACTIONS)[number];

/** What an erased client's names become (RGPD art. 17: the person is no longer identifiable). */
export const ERASED_CLIENT_NAME = 'Client effacé';

export const CRM_CLIENT_MESSAGES = {
  notFound: 'Client introuvable',
  kind: 'Le type de client vaut private, professional ou prospect',
  status: 'Le statut vaut active ou archived',
  civility: 'Choisissez une civilité de la liste',
  typologyUnknown: "Cette typologie n'existe pas dans la boutique",
  agentUnknown: 'Cet agent ne fait pas partie de la boutique',
  buyerUnknown: 'Compte acheteur introuvable',
  addressKind: "Le type d'adresse vaut delivery ou billing",
  interactionKind: "Choisissez un type d'interaction de la liste",
  interactionContent: 'Décrivez la note',
  bulkIds: 'Sélectionnez au moins un client (500 au plus)',
  bulkAction: "L'action vaut assignAgent, addTag ou archive",
  bulkTag: 'Indiquez l’étiquette à ajouter',
  bulkAgent: "Choisissez l'agent",
  agentCannotAssign: 'Seul le producteur ou un collaborateur peut réattribuer des clients',
  convertKind: 'Un prospect devient un client professional ou private',
  notProspect: 'Seul un prospect peut être converti',
  erased: 'Ce client a été effacé : ses données ne peuvent plus être modifiées',
  alreadyErased: 'Ce client a déjà été effacé',
  created: 'Client créé',
  updated: 'Client mis à jour',
  interactionAdded: 'Interaction enregistrée',
  converted: 'Le prospect est devenu client',
  erasedDone: 'Les données personnelles du client ont été effacées ; ses documents légaux sont conservés',
  bulkDone: (n: number) => `${n} client${n > 1 ? 's' : ''} mis à jour`,
} as const;

const CIVILITY_VALUES = CIVILITIES.map((c) => c.value) as [string, ...string[]];

/** Optional text: '' and null are both "nothing" (stored as null). */
const text = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Doit contenir au maximum ${max} caractères`)
    .nullish()
    .transform((v) => (v ? v : null));

const email = z
  .string({ error: M.email })
  .nullish()
  .refine((v) => !v || !v.trim() || emailSchema.safeParse(v).success, M.email)
  .transform((v) => (v && v.trim() ? v.trim().toLowerCase() : null));

/** §5 telephone rule (optional variant): a valid mobile of FR, BE, DE, LU, CH, NL, ES, IT, GB. */
const phone = telephoneOptionalSchema.nullish().transform((v) => (v && v.trim() ? v.trim() : null));

const vat = z
  .string({ error: M.vatNumber })
  .nullish()
  .refine((v) => !v || !v.trim() || vatNumberSchema.safeParse(v).success, M.vatNumber)
  .transform((v) => (v && v.trim() ? v.trim().toUpperCase().replace(/\s/g, '') : null));

const postal = postalSchema.nullish().transform((v) => (v && v.trim() ? v.trim() : null));

/** §3 Address with its use (delivery / billing), the mountain-address flag and the excise number. */
export const crmAddressSchema = z.object({
  kind: z.enum(['delivery', 'billing'], { error: CRM_CLIENT_MESSAGES.addressKind }).default('delivery'),
  isDefault: z.boolean().default(false),
  title: text(100),
  name: text(200),
  streetNumber: text(20),
  street: text(200),
  street2: text(200),
  zipcode: postal,
  city: text(100),
  county: text(100),
  state: text(100),
  stateCode: text(10),
  country: text(60),
  mountain: z.boolean().default(false),
  exciseNumber: text(40),
  phone,
  email,
});
export type CrmAddressBody = z.input<typeof crmAddressSchema>;
export type CrmAddress = z.output<typeof crmAddressSchema>;

/** §3 Contact: a person of a client company. */
export const crmContactSchema = z.object({
  civility: z
    .enum(CIVILITY_VALUES, { error: CRM_CLIENT_MESSAGES.civility })
    .nullish()
    .transform((v) => v ?? null),
  firstname: text(100),
  lastname: z.string({ error: M.needed }).trim().min(1, M.needed).max(100),
  email,
  phone,
  role: text(100),
});
export type CrmContact = z.output<typeof crmContactSchema>;

const tagList = z.array(z.string().trim().min(1, M.needed).max(50)).max(30).default([]);

/** §3 custom-field kinds: pipe, family, family2, custom, custom2 (one value each), listTag, listTag2 (several). */
export const crmCustomFieldsSchema = z.object({
  pipe: text(100),
  family: text(100),
  family2: text(100),
  custom: text(200),
  custom2: text(200),
  listTag: tagList,
  listTag2: tagList,
});
export type CrmCustomFields = z.output<typeof crmCustomFieldsSchema>;

/**
 * POST /crm/clients and PUT /crm/clients/:id. SIRET: 14 digits checked (Luhn, La Poste exception); `siret` or
 * `siren` + `nic` (either way, the other is derived). A private client needs a lastname, a professional or a prospect
 * a company (400 naming the field).
 */
export const crmClientBodySchema = z
  .object({
    kind: z.enum(CRM_CLIENT_KINDS, { error: CRM_CLIENT_MESSAGES.kind }).default('private'),
    civility: z
      .enum(CIVILITY_VALUES, { error: CRM_CLIENT_MESSAGES.civility })
      .nullish()
      .transform((v) => v ?? null),
    firstname: text(100),
    lastname: text(100),
    company: text(200),
    siret: z.string({ error: M.siret }).nullish(),
    siren: z.string({ error: M.siret }).nullish(),
    nic: z.string({ error: M.siret }).nullish(),
    vatNumber: vat,
    email,
    phone,
    mobile: phone,
    /** id of one of the shop's typologies (§3): the prices they get */
    typology: text(100),
    addresses: z.array(crmAddressSchema).max(20).default([]),
    contacts: z.array(crmContactSchema).max(50).default([]),
    custom: crmCustomFieldsSchema.prefault({}),
    tags: tagList,
    notes: text(5000),
    marketingConsent: z.boolean({ error: 'Le champ marketingConsent doit valoir true ou false' }).default(false),
    /** the sales agent in charge (an agent of the shop); an agent creating a client is assigned to it */
    agentUserId: z
      .number({ error: CRM_CLIENT_MESSAGES.agentUnknown })
      .int(CRM_CLIENT_MESSAGES.agentUnknown)
      .positive(CRM_CLIENT_MESSAGES.agentUnknown)
      .nullish()
      .transform((v) => v ?? null),
    /** the buyer account of the same person */
    userId: z
      .number({ error: CRM_CLIENT_MESSAGES.buyerUnknown })
      .int(CRM_CLIENT_MESSAGES.buyerUnknown)
      .positive(CRM_CLIENT_MESSAGES.buyerUnknown)
      .nullish()
      .transform((v) => v ?? null),
    status: z.enum(['active', 'archived'], { error: CRM_CLIENT_MESSAGES.status }).default('active'),
  })
  .transform((v, ctx) => {
    const clean = (s: string | null | undefined) => (s ?? '').replace(/[\s.-]/g, '');
    let siret: string | null = clean(v.siret) || null;
    const siren = clean(v.siren);
    const nic = clean(v.nic);
    if (!siret && (siren || nic)) {
      siret = /^\d{9}$/.test(siren) && /^\d{1,5}$/.test(nic) ? siren + nic.padStart(5, '0') : 'invalid';
    }
    if (siret && !isValidSiret(siret)) {
      ctx.addIssue({ code: 'custom', message: M.siret, path: ['siret'] });
      return z.NEVER;
    }
    // a French VAT number is built on the SIREN: one of another company is refused where it is typed
    const vatSiren = v.vatNumber ? sirenOfVatNumber(v.vatNumber) : null;
    if (siret && vatSiren && vatSiren !== siret.slice(0, 9)) {
      ctx.addIssue({ code: 'custom', message: M.vatNumber, path: ['vatNumber'] });
      return z.NEVER;
    }
    if (v.kind === 'private' && !v.lastname) {
      ctx.addIssue({ code: 'custom', message: M.needed, path: ['lastname'] });
      return z.NEVER;
    }
    if (v.kind !== 'private' && !v.company) {
      ctx.addIssue({ code: 'custom', message: M.needed, path: ['company'] });
      return z.NEVER;
    }
    const { siren: _s, nic: _n, ...rest } = v;
    return { ...rest, siret };
  });
export type CrmClientBody = z.input<typeof crmClientBodySchema>;
export type CrmClientValues = z.output<typeof crmClientBodySchema>;

/** POST /crm/clients/:id/interactions: a note, a call, a visit, a mail sent… (a follow-up task belongs to the tasks module). */
export const crmInteractionBodySchema = z
  .object({
    kind: z.enum(CRM_INTERACTION_KINDS, { error: CRM_CLIENT_MESSAGES.interactionKind }),
    content: text(5000),
    occurredAt: z
      .string({ error: M.date })
      .nullish()
      .refine((v) => !v || !Number.isNaN(Date.parse(v)), M.date)
      .transform((v) => (v ? new Date(v).toISOString() : null)),
  })
  .refine((v) => v.kind !== 'note' || !!v.content, { message: CRM_CLIENT_MESSAGES.interactionContent, path: ['content'] });
export type CrmInteractionBody = z.input<typeof crmInteractionBodySchema>;

/** POST /crm/clients/bulk. assignAgent: value = an agent's user id (null: nobody); addTag: value = the tag. */
export const crmBulkBodySchema = z
  .object({
    ids: z
      .array(z.number().int().positive(), { error: CRM_CLIENT_MESSAGES.bulkIds })
      .min(1, CRM_CLIENT_MESSAGES.bulkIds)
      .max(500, CRM_CLIENT_MESSAGES.bulkIds),
    action: z.enum(CRM_BULK_ACTIONS, { error: CRM_CLIENT_MESSAGES.bulkAction }),
    value: z.union([z.string(), z.number(), z.null()]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'addTag' && (typeof v.value !== 'string' || !v.value.trim() || v.value.trim().length > 50))
      ctx.addIssue({ code: 'custom', message: CRM_CLIENT_MESSAGES.bulkTag, path: ['value'] });
    if (v.action === 'assignAgent' && v.value !== null && !(typeof v.value === 'number' && Number.isInteger(v.value) && v.value > 0))
      ctx.addIssue({ code: 'custom', message: CRM_CLIENT_MESSAGES.bulkAgent, path: ['value'] });
  });
export type CrmBulkBody = z.input<typeof crmBulkBodySchema>;

/** POST /crm/clients/:id/convert: a prospect becomes a professional (default) or private client. */
export const crmConvertBodySchema = z.object({
  kind: z.enum(['professional', 'private'], { error: CRM_CLIENT_MESSAGES.convertKind }).default('professional'),
});
export type CrmConvertBody = z.input<typeof crmConvertBodySchema>;

// ---------- answers ----------

export const crmClientListItemSchema = z
  .object({
    id: z.number().int(),
    code: z.string().nullable(),
    kind: z.enum(CRM_CLIENT_KINDS),
    /** company for a professional or a prospect (else 'Firstname Lastname') */
    name: z.string(),
    civility: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    company: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    mobile: z.string().nullable(),
    typology: z.string().nullable(),
    city: z.string().nullable(),
    zipcode: z.string().nullable(),
    department: z.string().nullable(),
    tags: z.array(z.string()),
    pipe: z.string().nullable(),
    agentUserId: z.number().int().nullable(),
    agentName: z.string().nullable(),
    status: z.enum(CRM_CLIENT_STATUSES),
    createdAt: z.string(),
    /** date of the latest order of the linked buyer at the shop (aborted, expired, cancelled, refused excluded) */
    lastOrderAt: z.string().nullable(),
    /** cents: total TTC of those orders (0 without a linked buyer) */
    totalSpent: z.number().int(),
  })
  .meta({ id: 'CrmClientListItem' });
export type CrmClientListItem = z.infer<typeof crmClientListItemSchema>;

export const crmInteractionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CRM_INTERACTION_KINDS),
    content: z.string().nullable(),
    occurredAt: z.string(),
    taskId: z.number().int().nullable(),
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
  })
  .meta({ id: 'CrmInteraction' });
export type CrmInteraction = z.infer<typeof crmInteractionSchema>;

export const crmClientOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  status: z.string(),
  /** cents */
  totalTTC: z.number().int(),
});
export type CrmClientOrder = z.infer<typeof crmClientOrderSchema>;

const storedAddress = z.object({
  kind: z.enum(['delivery', 'billing']),
  isDefault: z.boolean(),
  title: z.string().nullable(),
  name: z.string().nullable(),
  streetNumber: z.string().nullable(),
  street: z.string().nullable(),
  street2: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  stateCode: z.string().nullable(),
  country: z.string().nullable(),
  mountain: z.boolean(),
  exciseNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const crmClientDetailSchema = crmClientListItemSchema
  .extend({
    siret: z.string().nullable(),
    siren: z.string().nullable(),
    nic: z.string().nullable(),
    vatNumber: z.string().nullable(),
    addresses: z.array(storedAddress),
    contacts: z.array(
      z.object({
        civility: z.string().nullable(),
        firstname: z.string().nullable(),
        lastname: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        role: z.string().nullable(),
      }),
    ),
    custom: z.object({
      pipe: z.string().nullable(),
      family: z.string().nullable(),
      family2: z.string().nullable(),
      custom: z.string().nullable(),
      custom2: z.string().nullable(),
      listTag: z.array(z.string()),
      listTag2: z.array(z.string()),
    }),
    notes: z.string().nullable(),
    marketingConsent: z.boolean(),
    marketingConsentAt: z.string().nullable(),
    typologyName: z.string().nullable(),
    /** the linked buyer account */
    buyer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    erasedAt: z.string().nullable(),
    updatedAt: z.string(),
    /** newest first */
    interactions: z.array(crmInteractionSchema),
    /** orders of the linked buyer at this shop, newest first */
    orders: z.array(crmClientOrderSchema),
  })
  .meta({ id: 'CrmClientDetail' });
export type CrmClientDetail = z.infer<typeof crmClientDetailSchema>;
export type CrmClientSaved = CrmClientDetail & { message: string };

export const crmBulkResultSchema = z.object({ success: z.literal(true), message: z.string(), updated: z.number().int() });
export type CrmBulkResult = z.infer<typeof crmBulkResultSchema>;

// =====================================================================================================================
// Client imports: CSV / XLSX upload → mapping → dry run → run (progress) → undo.
// =====================================================================================================================

/** The client fields a column can be mapped to (one column each). */
export const CLIENT_IMPORT_FIELDS = [
  'kind',
  'civility',
  'firstname',
  'lastname',
  'company',
  'email',
  'phone',
  'mobile',
  'siret',
  'vatNumber',
  'street',
  'street2',
  'zipcode',
  'city',
  'country',
  'typology',
  'tags',
  'notes',
] as const;
export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];
export const CLIENT_IMPORT_FIELD_LABELS: Record<ClientImportField, string> = {
  kind: 'Type (particulier, professionnel, prospect)',
  civility: 'Civilité',
  firstname: 'Prénom',
  lastname: 'Nom',
  company: 'Société',
  email: 'Email',
  phone: 'Téléphone',
  mobile: 'Mobile',
  siret: 'SIRET',
  vatNumber: 'N° de TVA',
  street: 'Adresse',
  street2: "Complément d'adresse",
  zipcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  typology: 'Typologie',
  tags: 'Étiquettes',
  notes: 'Notes',
};

/** §3 import statuses. */
export const CLIENT_IMPORT_STATUSES = ['pending', 'processing', 'completed', 'reverted', 'error'] as const;
export type ClientImportStatus = (typeof CLIENT_IMPORT_STATUSES)[number];
export const CLIENT_IMPORT_STATUS_LABELS: Record<ClientImportStatus, string> = {
  pending: 'En attente',
  processing: 'En cours',
  completed: 'Terminé',
  reverted: 'Annulé',
  error: 'En erreur',
};
export const CLIENT_IMPORT_DUPLICATES = ['merge', 'skip'] as const;
export type ClientImportDuplicates = (typeof CLIENT_IMPORT_DUPLICATES)[number];

/** An upload is at most 10 MB. */
export const CLIENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** An import holds at most this many rows. */
export const CLIENT_IMPORT_MAX_ROWS = 50_000;

export const CLIENT_IMPORT_MESSAGES = {
  notFound: 'Import introuvable',
  tooBig: 'Le fichier dépasse 10 Mo',
  badFile: 'Le fichier doit être un CSV (séparateur ; ou ,) ou un classeur Excel (.xlsx)',
  empty: 'Le fichier ne contient aucune ligne de clients',
  tooManyRows: `Le fichier contient plus de ${CLIENT_IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes`,
  filename: 'Indiquez le nom du fichier',
  mapping: 'Associez au moins une colonne à un champ client',
  mappingField: 'Cette colonne est associée à un champ inconnu',
  mappingTwice: 'Un champ client ne peut recevoir qu’une seule colonne',
  mappingColumn: 'Cette colonne n’existe pas dans le fichier',
  duplicates: 'Le traitement des doublons vaut merge ou skip',
  notPending: 'Cet import a déjà été lancé',
  rowsGone: 'Les lignes de ce fichier ne sont plus disponibles : importez le fichier à nouveau',
  notRevertible: 'Seul un import terminé peut être annulé',
  hasOrders: (n: number) =>
    `Impossible d’annuler l’import : ${n} client${n > 1 ? 's' : ''} créé${n > 1 ? 's' : ''} par cet import ${n > 1 ? 'ont' : 'a'} déjà des commandes ou des documents`,
  failed: 'L’import a échoué : aucune modification n’a été appliquée',
  kind: 'Le type vaut particulier, professionnel ou prospect',
  started: 'Import lancé',
  reverted: (created: number, restored: number) =>
    `Import annulé : ${created} client${created > 1 ? 's' : ''} supprimé${created > 1 ? 's' : ''}, ${restored} fiche${restored > 1 ? 's' : ''} fusionnée${restored > 1 ? 's' : ''} restaurée${restored > 1 ? 's' : ''}`,
} as const;

const importError = z.object({ line: z.number().int(), field: z.string().optional(), message: z.string() });

export const clientImportSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CLIENT_IMPORT_STATUSES),
    filename: z.string(),
    mapping: z.record(z.string(), z.string()),
    duplicates: z.enum(CLIENT_IMPORT_DUPLICATES),
    total: z.number().int(),
    processed: z.number().int(),
    created: z.number().int(),
    merged: z.number().int(),
    skipped: z.number().int(),
    /** rows in error (line of the file, header = line 1), at most the first 1,000 */
    errors: z.array(importError),
    errorCount: z.number().int(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ClientImport' });
export type ClientImport = z.infer<typeof clientImportSchema>;

/** POST /crm/imports answer: the import (pending), the headers, the first 20 rows and the suggested mapping. */
export const clientImportUploadSchema = z.object({
  import: clientImportSchema,
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  /** header → client field (headers not recognised are left out) */
  suggestedMapping: z.record(z.string(), z.enum(CLIENT_IMPORT_FIELDS)),
});
export type ClientImportUpload = z.infer<typeof clientImportUploadSchema>;

/** POST /crm/imports/:id/run body: header → client field ('' or absent: column ignored). */
export const clientImportRunBodySchema = z.object({
  mapping: z
    .record(z.string(), z.union([z.enum(CLIENT_IMPORT_FIELDS), z.literal('')]), { error: CLIENT_IMPORT_MESSAGES.mappingField })
    .transform((m) => Object.fromEntries(Object.entries(m).filter(([, f]) => !!f)) as Record<string, ClientImportField>)
    .refine((m) => Object.keys(m).length > 0, CLIENT_IMPORT_MESSAGES.mapping)
    .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, CLIENT_IMPORT_MESSAGES.mappingTwice),
  duplicates: z.enum(CLIENT_IMPORT_DUPLICATES, { error: CLIENT_IMPORT_MESSAGES.duplicates }).default('skip'),
  dryRun: z.boolean({ error: 'Le champ dryRun doit valoir true ou false' }).default(true),
});
export type ClientImportRunBody = z.input<typeof clientImportRunBodySchema>;

export const CLIENT_IMPORT_ACTIONS = ['create', 'merge', 'skip', 'error'] as const;
export type ClientImportAction = (typeof CLIENT_IMPORT_ACTIONS)[number];
export const clientImportLineSchema = z.object({
  /** line of the file (the header is line 1) */
  line: z.number().int(),
  action: z.enum(CLIENT_IMPORT_ACTIONS),
  /** the client's name as it would be shown */
  name: z.string(),
  /** merge / skip: the client (code or line) it duplicates */
  duplicateOf: z.string().optional(),
  field: z.string().optional(),
  message: z.string().optional(),
});
export type ClientImportLine = z.infer<typeof clientImportLineSchema>;

/** Dry run answer: what each line would do; nothing is written. */
export const clientImportReportSchema = z.object({
  dryRun: z.literal(true),
  total: z.number().int(),
  create: z.number().int(),
  merge: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
  lines: z.array(clientImportLineSchema),
});
export type ClientImportReport = z.infer<typeof clientImportReportSchema>;

export const clientImportListSchema = z.object({
  items: z.array(clientImportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClientImportList = z.infer<typeof clientImportListSchema>;
