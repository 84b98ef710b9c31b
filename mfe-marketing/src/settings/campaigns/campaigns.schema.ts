// The form of the settings section `campaigns` (api GET/PUT /v1/campaigns/settings): '' for an empty optional field.
import { z } from 'zod';
import { emailSchema } from 'shared-kernel/validation';

export const CAMPAIGN_SETTINGS_MESSAGES = {
  senderName: 'Le nom de l’expéditeur est obligatoire (100 caractères au plus)',
  senderEmail: 'L’adresse de l’expéditeur est incorrecte',
  replyTo: 'L’adresse de réponse est incorrecte',
  postalAddress: 'L’adresse postale ne doit pas dépasser 500 caractères',
  rate: 'Le rythme d’envoi doit être un nombre entier entre 1 et 1000 mails par minute',
} as const;
const M = CAMPAIGN_SETTINGS_MESSAGES;

const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(200, message)
    .refine((v) => v === '' || emailSchema.safeParse(v).success, message);

export interface CampaignSettings {
  senderName: string;
  senderEmail: string | null;
  replyTo: string | null;
  postalAddress: string | null;
  ratePerMinute: number;
}

export const campaignSettingsSchema = z.object({
  senderName: z.string().trim().min(1, M.senderName).max(100, M.senderName),
  senderEmail: optionalEmail(M.senderEmail),
  replyTo: optionalEmail(M.replyTo),
  postalAddress: z.string().trim().max(500, M.postalAddress),
  ratePerMinute: z
    .number({ error: M.rate })
    .int(M.rate)
    .min(1, M.rate)
    .max(1000, M.rate)
    .nullable()
    .refine((v) => v !== null, M.rate),
});
export type CampaignSettingsFormValues = z.input<typeof campaignSettingsSchema>;

export const toFormValues = (s: CampaignSettings): CampaignSettingsFormValues => ({
  senderName: s.senderName,
  senderEmail: s.senderEmail ?? '',
  replyTo: s.replyTo ?? '',
  postalAddress: s.postalAddress ?? '',
  ratePerMinute: s.ratePerMinute,
});

export const toBody = (v: z.output<typeof campaignSettingsSchema>): CampaignSettings => ({
  senderName: v.senderName,
  senderEmail: v.senderEmail || null,
  replyTo: v.replyTo || null,
  postalAddress: v.postalAddress || null,
  ratePerMinute: v.ratePerMinute!,
});
