/**
 * Api contract: the CRM settings of a shop (client code prefix, custom fields, opportunity stages) and the
 * sales opportunities pipeline. Shared by api/src/modules/opportunities, mfe-crm (board) and mfe-auth (settings).
 */
import { z } from 'zod';
import { MESSAGES as M } from '../validation/messages';
import { neededSchema } from '../validation/rules';

export const OPPORTUNITY_MESSAGES = {
  notFound: 'Opportunité introuvable',
  clientNotFound: 'Client introuvable',
  owner: "Cette personne n'est pas membre de la boutique",
  agentOwner: 'Un agent ne peut suivre que ses propres opportunités',
  title: 'Le titre doit contenir au maximum 200 caractères',
  notes: 'Les notes doivent contenir au maximum 5000 caractères',
  amount: 'Le montant doit être un nombre positif (en centimes)',
  probability: 'La probabilité doit être un nombre entier entre 0 et 100',
  stage: "Cette étape n'existe pas dans le pipeline",
  position: 'La position doit être un nombre entier positif ou nul',
  reason: 'Indiquez la raison de la perte',
  reasonLength: 'La raison doit contenir au maximum 500 caractères',
  notOpen: "Cette opportunité n'est plus en cours : rouvrez-la d'abord",
  notClosed: 'Cette opportunité est déjà en cours',
  status: 'Le filtre status accepte open, won ou lost',
  created: 'Opportunité créée',
  updated: 'Opportunité mise à jour',
  moved: 'Opportunité déplacée',
  won: 'Opportunité gagnée',
  lost: 'Opportunité perdue',
  reopened: 'Opportunité rouverte',
  deleted: 'Opportunité supprimée',
} as const;

export const CRM_SETTINGS_MESSAGES = {
  prefix: 'Le préfixe contient au plus 10 caractères : lettres, chiffres ou tirets',
  label: 'Le libellé doit contenir au maximum 50 caractères',
  value: 'Chaque valeur doit contenir entre 1 et 100 caractères',
  values: 'Une liste contient au plus 200 valeurs',
  duplicateValue: 'Cette valeur est en double',
  stagesCount: 'Le pipeline contient de 2 à 12 étapes',
  duplicateStage: 'Deux étapes portent le même nom',
  unknownStageKey: "Cette étape n'existe pas (clé inconnue)",
  stageInUse: (label: string, n: number) =>
    `L'étape « ${label} » contient encore ${n} opportunité${n > 1 ? 's' : ''} en cours : déplacez-les avant de la supprimer`,
  saved: 'Paramètres CRM enregistrés',
} as const;

/** §3 custom-field kinds of a client: pipe, family, family2, custom, custom2 (one value), listTag, listTag2 (several). */
export const CUSTOM_FIELD_KINDS = ['pipe', 'family', 'family2', 'custom', 'custom2', 'listTag', 'listTag2'] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

export const DEFAULT_CUSTOM_FIELD_LABELS: Record<CustomFieldKind, string> = {
  pipe: 'Pipe',
  family: 'Famille',
  family2: 'Famille 2',
  custom: 'Champ personnalisé',
  custom2: 'Champ personnalisé 2',
  listTag: 'Étiquettes',
  listTag2: 'Étiquettes 2',
};

export interface CustomFieldSetting {
  label: string;
  values: string[];
}

export interface OpportunityStage {
  key: string;
  label: string;
}

/** The pipeline when the shop has not set one. */
export const DEFAULT_OPPORTUNITY_STAGES: readonly OpportunityStage[] = [
  { key: 'qualification', label: 'Qualification' },
  { key: 'proposition', label: 'Proposition' },
  { key: 'negociation', label: 'Négociation' },
  { key: 'engagement', label: 'Engagement' },
];

export const DEFAULT_CLIENT_CODE_PREFIX = 'CL';
export const MIN_STAGES = 2;
export const MAX_STAGES = 12;

/** GET /crm/settings (shops.settings.crm with defaults filled in). */
export interface CrmSettings {
  clientCodePrefix: string;
  customFields: Record<CustomFieldKind, CustomFieldSetting>;
  opportunityStages: OpportunityStage[];
}
export type CrmSettingsSaved = CrmSettings & { message: string };

export function defaultCrmSettings(): CrmSettings {
  return {
    clientCodePrefix: DEFAULT_CLIENT_CODE_PREFIX,
    customFields: Object.fromEntries(
      CUSTOM_FIELD_KINDS.map((k) => [k, { label: DEFAULT_CUSTOM_FIELD_LABELS[k], values: [] }]),
    ) as unknown as Record<CustomFieldKind, CustomFieldSetting>,
    opportunityStages: DEFAULT_OPPORTUNITY_STAGES.map((s) => ({ ...s })),
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Reads a stored shops.settings.crm (any shape) into complete settings: unset or malformed parts get their defaults. */
export function crmSettingsOf(stored: unknown): CrmSettings {
  const d = defaultCrmSettings();
  const crm = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const prefix = str(crm.clientCodePrefix)?.trim();
  const fields = crm.customFields && typeof crm.customFields === 'object' ? (crm.customFields as Record<string, unknown>) : {};
  const customFields = { ...d.customFields };
  for (const k of CUSTOM_FIELD_KINDS) {
    const f = fields[k] && typeof fields[k] === 'object' ? (fields[k] as Record<string, unknown>) : {};
    customFields[k] = {
      label: str(f.label)?.trim() || d.customFields[k].label,
      values: Array.isArray(f.values) ? f.values.filter((v): v is string => typeof v === 'string') : [],
    };
  }
  const stages = Array.isArray(crm.opportunityStages)
    ? crm.opportunityStages
        .map((s) => (s && typeof s === 'object' ? (s as Record<string, unknown>) : {}))
        .filter((s) => str(s.key) && str(s.label))
        .map((s) => ({ key: s.key as string, label: s.label as string }))
    : [];
  return {
    clientCodePrefix: prefix || d.clientCodePrefix,
    customFields,
    opportunityStages: stages.length >= MIN_STAGES ? stages : d.opportunityStages,
  };
}

/** A stable key for a new stage, from its label ('Négociation' → 'negociation'), unique among `taken`. */
export function stageKeyFor(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'etape';
  let key = base;
  for (let i = 2; used.has(key); i++) key = `${base}-${i}`;
  return key;
}

const S = CRM_SETTINGS_MESSAGES;
const customFieldSchema = z.object({
  label: neededSchema.pipe(z.string().trim().max(50, S.label)),
  values: z
    .array(z.string({ error: S.value }).trim().min(1, S.value).max(100, S.value), { error: S.value })
    .max(200, S.values)
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.forEach((v, i) => {
        const k = v.toLowerCase();
        if (seen.has(k)) ctx.addIssue({ code: 'custom', message: S.duplicateValue, path: [i] });
        seen.add(k);
      });
    }),
});

const stageSchema = z.object({
  /** absent or empty: a new stage (the api gives it a key); else the key of an existing stage */
  key: z
    .string()
    .trim()
    .max(60, S.unknownStageKey)
    .nullish()
    .transform((v) => v || null),
  label: neededSchema.pipe(z.string().trim().max(50, S.label)),
});

/** PUT /crm/settings (also the settings form's schema). */
export const crmSettingsBodySchema = z.object({
  clientCodePrefix: z
    .string({ error: S.prefix })
    .trim()
    .max(10, S.prefix)
    .regex(/^[A-Za-z0-9-]*$/, S.prefix),
  customFields: z.object(
    Object.fromEntries(CUSTOM_FIELD_KINDS.map((k) => [k, customFieldSchema])) as Record<CustomFieldKind, typeof customFieldSchema>,
  ),
  opportunityStages: z
    .array(stageSchema, { error: S.stagesCount })
    .min(MIN_STAGES, S.stagesCount)
    .max(MAX_STAGES, S.stagesCount)
    .superRefine((stages, ctx) => {
      const seen = new Set<string>();
      stages.forEach((s, i) => {
        const k = s.label.trim().toLowerCase();
        if (k && seen.has(k)) ctx.addIssue({ code: 'custom', message: S.duplicateStage, path: [i, 'label'] });
        seen.add(k);
      });
    }),
});
export type CrmSettingsBody = z.input<typeof crmSettingsBodySchema>;
export type CrmSettingsValues = z.output<typeof crmSettingsBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Opportunities

export const OPPORTUNITY_STATUSES = ['open', 'won', 'lost'] as const;
export type OpportunityStatusValue = (typeof OPPORTUNITY_STATUSES)[number];

const O = OPPORTUNITY_MESSAGES;
const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(2147483647, message);

/** POST /opportunities and PUT /opportunities/:id. */
export const opportunityBodySchema = z.object({
  title: neededSchema.pipe(z.string().trim().max(200, O.title)),
  clientId: positiveId(O.clientNotFound)
    .nullish()
    .transform((v) => v ?? null),
  /** a stage key of the settings; absent = the first stage (creation) or unchanged (update) */
  stage: z.string({ error: O.stage }).trim().min(1, O.stage).max(60, O.stage).optional(),
  amountCents: z.number({ error: O.amount }).int(O.amount).min(0, O.amount).max(2147483647, O.amount).default(0),
  probability: z.number({ error: O.probability }).int(O.probability).min(0, O.probability).max(100, O.probability).default(50),
  expectedDate: z.iso
    .date({ error: M.date })
    .nullish()
    .transform((v) => v ?? null),
  /** a member (owner, iam, agent) of the shop; absent = the caller (creation) or unchanged (update) */
  ownerId: positiveId(O.owner).nullish(),
  notes: z
    .string()
    .trim()
    .max(5000, O.notes)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type OpportunityBody = z.input<typeof opportunityBodySchema>;
export type OpportunityValues = z.output<typeof opportunityBodySchema>;

/** POST /opportunities/:id/move: to `stage`, at index `position` of the column (0 = top). */
export const opportunityMoveSchema = z.object({
  stage: z.string({ error: O.stage }).trim().min(1, O.stage).max(60, O.stage),
  position: z.number({ error: O.position }).int(O.position).min(0, O.position).max(100000, O.position),
});
export type OpportunityMoveBody = z.input<typeof opportunityMoveSchema>;

/** POST /opportunities/:id/lost */
export const opportunityLostSchema = z.object({
  reason: z.string({ error: O.reason }).trim().min(1, O.reason).max(500, O.reasonLength),
});
export type OpportunityLostBody = z.input<typeof opportunityLostSchema>;

export interface OpportunityPerson {
  id: number;
  name: string;
}

export interface Opportunity {
  id: number;
  title: string;
  clientId: number | null;
  clientName: string | null;
  stage: string;
  position: number;
  amountCents: number;
  probability: number;
  /** amount × probability / 100, rounded to the cent */
  weightedCents: number;
  /** YYYY-MM-DD */
  expectedDate: string | null;
  owner: OpportunityPerson | null;
  status: OpportunityStatusValue;
  lostReason: string | null;
  quoteId: number | null;
  notes: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type OpportunitySaved = Opportunity & { message: string };
/** POST /opportunities/:id/won: the link that starts the quote of the client (sales screens). */
export type OpportunityWon = OpportunitySaved & { quoteLink: string };

export interface OpportunityTotals {
  count: number;
  amountCents: number;
  weightedCents: number;
}

export interface OpportunityColumn extends OpportunityTotals {
  key: string;
  label: string;
  items: Opportunity[];
}

/** GET /opportunities/board: one column per stage of the settings, in order (plus, for closed ones, stages since removed). */
export interface OpportunityBoard {
  status: OpportunityStatusValue;
  stages: OpportunityColumn[];
  totals: OpportunityTotals;
}

export const weightedCentsOf = (amountCents: number, probability: number): number => Math.round((amountCents * probability) / 100);

/** The link that starts a quote for a client (the quote itself belongs to the sales screens). */
export const quoteLinkFor = (clientId: number | null): string =>
  clientId === null ? '/dashboard/orders/add?subType=quote' : `/dashboard/orders/add?subType=quote&clientId=${clientId}`;
