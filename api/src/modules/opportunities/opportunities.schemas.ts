import { z } from 'zod';
import { CUSTOM_FIELD_KINDS, OPPORTUNITY_MESSAGES as M, OPPORTUNITY_STATUSES } from 'shared-kernel/contracts';

export { crmSettingsBodySchema, opportunityBodySchema, opportunityLostSchema, opportunityMoveSchema } from 'shared-kernel/contracts';

const idFilter = (name: string) =>
  z.coerce
    .number({ error: `Le filtre ${name} doit être un identifiant` })
    .int(`Le filtre ${name} doit être un identifiant`)
    .positive(`Le filtre ${name} doit être un identifiant`)
    .max(2147483647, `Le filtre ${name} doit être un identifiant`);

/** GET /opportunities/board */
export const boardQuery = z.object({
  status: z.enum(OPPORTUNITY_STATUSES, { error: M.status }).default('open').describe('open (default), won or lost'),
  ownerId: idFilter('ownerId').optional().describe('who follows it'),
  clientId: idFilter('clientId').optional().describe('a client id'),
  q: z
    .string({ error: 'La recherche doit être un texte' })
    .trim()
    .max(200, 'La recherche contient au plus 200 caractères')
    .optional()
    .transform((v) => v || undefined)
    .describe('in the title or the client name'),
});

const stageSchema = z.object({ key: z.string(), label: z.string() });
const customFieldSchema = z.object({ label: z.string(), values: z.array(z.string()) });

export const crmSettingsSchema = z
  .object({
    clientCodePrefix: z.string(),
    customFields: z.object(Object.fromEntries(CUSTOM_FIELD_KINDS.map((k) => [k, customFieldSchema]))),
    opportunityStages: z.array(stageSchema),
  })
  .meta({ id: 'CrmSettings' });
export const crmSettingsSavedSchema = crmSettingsSchema.extend({ message: z.string() });

export const opportunitySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    clientId: z.number().int().nullable(),
    clientName: z.string().nullable(),
    stage: z.string(),
    position: z.number().int(),
    amountCents: z.number().int(),
    probability: z.number().int(),
    weightedCents: z.number().int(),
    expectedDate: z.string().nullable(),
    owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    status: z.enum(OPPORTUNITY_STATUSES),
    lostReason: z.string().nullable(),
    quoteId: z.number().int().nullable(),
    notes: z.string().nullable(),
    closedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Opportunity' });
export const opportunitySavedSchema = opportunitySchema.extend({ message: z.string() });
export const opportunityWonSchema = opportunitySavedSchema.extend({ quoteLink: z.string() });

const totals = { count: z.number().int(), amountCents: z.number().int(), weightedCents: z.number().int() };
export const boardSchema = z
  .object({
    status: z.enum(OPPORTUNITY_STATUSES),
    stages: z.array(z.object({ key: z.string(), label: z.string(), ...totals, items: z.array(opportunitySchema) })),
    totals: z.object(totals),
  })
  .meta({ id: 'OpportunityBoard' });
