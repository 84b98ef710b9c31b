import { z } from 'zod';
import { paginated } from 'shared-kernel/contracts';
import { MESSAGES as V, emailSchema } from 'shared-kernel/validation';
import { csvFilter, listQuery } from '../../platform/list-query';
import type { CampaignStatus, RecipientStatus } from '../marketing';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const satisfies readonly CampaignStatus[];
export const RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'failed',
  'bounced',
  'opened',
  'clicked',
  'unsubscribed',
] as const satisfies readonly RecipientStatus[];

export const MAX_TEST_RECIPIENTS = 10;
export const RATE_MIN = 1;
export const RATE_MAX = 1000;
export const DEFAULT_RATE = 60;

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campagne introuvable',
  name: 'Le nom de la campagne est obligatoire (200 caractères au plus)',
  subject: 'L’objet du mail est obligatoire (200 caractères au plus)',
  previewText: 'Le texte d’aperçu ne doit pas dépasser 300 caractères',
  modelId: 'Le modèle doit être un identifiant de modèle',
  modelNotFound: 'Ce modèle n’existe pas dans votre boutique',
  modelNeeded: 'Choisissez le modèle du mail avant d’envoyer la campagne',
  listIds: 'Les listes doivent être des identifiants de listes (50 au plus)',
  listNotFound: 'Une des listes choisies n’existe pas dans votre boutique',
  listsNeeded: 'Choisissez au moins une liste de destinataires avant d’envoyer la campagne',
  noRecipient: 'Aucun destinataire de ces listes ne peut recevoir la campagne (adresse, consentement ou désinscription)',
  testTooMany: `Au plus ${MAX_TEST_RECIPIENTS} adresses pour un envoi de test`,
  scheduledAt: 'La date d’envoi doit être une date valide',
  scheduledPast: 'La date d’envoi doit être dans le futur',
  notEditable: 'Une campagne en cours d’envoi ou envoyée ne peut plus être modifiée',
  notDeletable: 'Une campagne en cours d’envoi ou envoyée ne peut pas être supprimée',
  notSendable: (status: string) => `Cette campagne ne peut pas être envoyée : elle est « ${status} »`,
  notScheduled: 'Seule une campagne programmée peut être annulée',
  senderName: 'Le nom de l’expéditeur est obligatoire (100 caractères au plus)',
  senderEmail: 'L’adresse de l’expéditeur est incorrecte',
  replyTo: 'L’adresse de réponse est incorrecte',
  postalAddress: 'L’adresse postale ne doit pas dépasser 500 caractères',
  rate: `Le rythme d’envoi doit être un nombre entier entre ${RATE_MIN} et ${RATE_MAX} mails par minute`,
  linkNotFound: 'Ce lien n’est pas valide ou a expiré',
  tooMany: 'Trop de demandes. Réessayez dans quelques minutes.',
  saved: 'Réglages des campagnes enregistrés',
} as const;
const M = CAMPAIGN_MESSAGES;

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'brouillon',
  scheduled: 'programmée',
  sending: 'en cours d’envoi',
  sent: 'envoyée',
  cancelled: 'annulée',
};

const idOf = (message: string) => z.number({ error: message }).int(message).positive(message).max(2147483647, message);

export const campaignInputSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, M.name).max(200, M.name),
  modelId: idOf(M.modelId).nullable().optional(),
  listIds: z
    .array(idOf(M.listIds), { error: M.listIds })
    .max(50, M.listIds)
    .transform((ids) => [...new Set(ids)])
    .default([]),
  subject: z.string({ error: M.subject }).trim().min(1, M.subject).max(200, M.subject),
  previewText: z
    .string({ error: M.previewText })
    .trim()
    .max(300, M.previewText)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type CampaignInput = z.output<typeof campaignInputSchema>;

export const testInputSchema = z.object({
  emails: z
    .array(z.string({ error: V.recipientInvalid }), { error: V.recipientsEmpty })
    .min(1, V.recipientsEmpty)
    .max(MAX_TEST_RECIPIENTS, M.testTooMany)
    .superRefine((list, ctx) => {
      list.forEach((a, i) => {
        if (!emailSchema.safeParse(a.trim()).success) ctx.addIssue({ code: 'custom', message: V.recipientInvalid, path: [i] });
      });
    })
    .transform((list) => [...new Set(list.map((a) => a.trim().toLowerCase()))]),
});

export const scheduleInputSchema = z.object({
  scheduledAt: z.iso
    .datetime({ offset: true, error: M.scheduledAt })
    .transform((s) => new Date(s))
    .describe('ISO date-time, in the future'),
});

export const audienceQuerySchema = z.object({
  listIds: z
    .string({ error: M.listIds })
    .max(600, M.listIds)
    .optional()
    .transform((s, ctx) => {
      const parts = (s ?? '').split(',').filter(Boolean);
      if (parts.some((p) => !/^\d{1,9}$/.test(p)) || parts.length > 50) {
        ctx.addIssue({ code: 'custom', message: M.listIds });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    })
    .describe('list ids, comma-separated'),
});

export const listCampaignsQuery = listQuery({
  sort: ['name', 'createdAt', 'scheduledAt', 'sentAt'],
  defaultSort: '-createdAt',
  filters: {
    status: csvFilter(
      CAMPAIGN_STATUSES,
      'Le filtre status accepte draft, scheduled, sending, sent ou cancelled (séparés par des virgules)',
    ),
  },
});
export type CampaignsQuery = z.output<typeof listCampaignsQuery>;

export const listRecipientsQuery = listQuery({
  sort: ['email', 'status', 'sentAt'],
  defaultSort: 'email',
  filters: {
    status: csvFilter(
      RECIPIENT_STATUSES,
      'Le filtre status accepte queued, sent, failed, bounced, opened, clicked ou unsubscribed (séparés par des virgules)',
    ),
  },
});
export type RecipientsQuery = z.output<typeof listRecipientsQuery>;

export const settingsInputSchema = z.object({
  senderName: z.string({ error: M.senderName }).trim().min(1, M.senderName).max(100, M.senderName),
  senderEmail: z
    .string({ error: M.senderEmail })
    .trim()
    .max(200, M.senderEmail)
    .refine((v) => v === '' || emailSchema.safeParse(v).success, M.senderEmail)
    .nullable()
    .optional()
    .transform((v) => v || null),
  replyTo: z
    .string({ error: M.replyTo })
    .trim()
    .max(200, M.replyTo)
    .refine((v) => v === '' || emailSchema.safeParse(v).success, M.replyTo)
    .nullable()
    .optional()
    .transform((v) => v || null),
  postalAddress: z
    .string({ error: M.postalAddress })
    .trim()
    .max(500, M.postalAddress)
    .nullable()
    .optional()
    .transform((v) => v || null),
  ratePerMinute: z.number({ error: M.rate }).int(M.rate).min(RATE_MIN, M.rate).max(RATE_MAX, M.rate),
});
export type CampaignSettingsInput = z.output<typeof settingsInputSchema>;

// ---------------------------------------------------------------- answers

export const campaignSettingsSchema = z.object({
  senderName: z.string(),
  senderEmail: z.string().nullable(),
  replyTo: z.string().nullable(),
  postalAddress: z.string().nullable(),
  ratePerMinute: z.number().int(),
});
export type CampaignSettings = z.output<typeof campaignSettingsSchema>;

export const campaignStatsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  /** opened / delivered, 0–1 */
  openRate: z.number(),
  clickRate: z.number(),
  unsubscribeRate: z.number(),
  bounceRate: z.number(),
});
export type CampaignStats = z.output<typeof campaignStatsSchema>;

export const campaignItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  subject: z.string(),
  previewText: z.string().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  listIds: z.array(z.number().int()),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: campaignStatsSchema,
});
export type CampaignItem = z.output<typeof campaignItemSchema>;

export const campaignDetailSchema = campaignItemSchema.extend({
  lists: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['static', 'dynamic']) })),
  /** what may be done now */
  actions: z.object({ edit: z.boolean(), send: z.boolean(), schedule: z.boolean(), cancel: z.boolean(), delete: z.boolean() }),
});
export type CampaignDetail = z.output<typeof campaignDetailSchema>;

export const campaignsPageSchema = paginated(campaignItemSchema);

export const recipientItemSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int().nullable(),
  email: z.string(),
  name: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type RecipientItem = z.output<typeof recipientItemSchema>;
export const recipientsPageSchema = paginated(recipientItemSchema);

export const previewSchema = z.object({ subject: z.string(), previewText: z.string().nullable(), html: z.string() });
export const optionsSchema = z.object({
  models: z.array(
    z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['standard', 'advanced']), subject: z.string().nullable() }),
  ),
  lists: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['static', 'dynamic']) })),
});
export const audienceSchema = z.object({ count: z.number().int() });
export const testSentSchema = z.object({ sent: z.number().int(), message: z.string() });

export const preferencesSchema = z.object({
  shopName: z.string(),
  /** the address, partly hidden (j•••@example.fr) */
  email: z.string(),
  unsubscribed: z.boolean(),
  trackingOff: z.boolean(),
});
export type Preferences = z.output<typeof preferencesSchema>;
export const preferencesInputSchema = z.object({
  unsubscribed: z.boolean({ error: 'Le champ unsubscribed doit valoir true ou false' }).optional(),
  trackingOff: z.boolean({ error: 'Le champ trackingOff doit valoir true ou false' }).optional(),
});
export const tokenParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, M.linkNotFound)
    .describe('the recipient’s token'),
});
export const clickQuerySchema = z.object({
  u: z.string({ error: M.linkNotFound }).min(1, M.linkNotFound).max(4000, M.linkNotFound).describe('the link'),
  s: z
    .string({ error: M.linkNotFound })
    .regex(/^[A-Za-z0-9_-]{10,100}$/, M.linkNotFound)
    .describe('its signature'),
});
