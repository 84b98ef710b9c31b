// The compose form: what POST / PUT /v1/campaigns take. The messages name the field, as the api's do.
import { z } from 'zod';

export const CAMPAIGN_FORM_MESSAGES = {
  name: 'Le nom de la campagne est obligatoire (200 caractères au plus)',
  subject: 'L’objet du mail est obligatoire (200 caractères au plus)',
  previewText: 'Le texte d’aperçu ne doit pas dépasser 300 caractères',
  modelId: 'Choisissez le modèle du mail',
} as const;
const M = CAMPAIGN_FORM_MESSAGES;

export const campaignSchema = z.object({
  name: z.string().trim().min(1, M.name).max(200, M.name),
  modelId: z.number({ error: M.modelId }).int().positive().nullable(),
  listIds: z.array(z.number().int().positive()),
  subject: z.string().trim().min(1, M.subject).max(200, M.subject),
  previewText: z.string().trim().max(300, M.previewText),
});
export type CampaignFormValues = z.input<typeof campaignSchema>;
export type CampaignInput = z.output<typeof campaignSchema>;
