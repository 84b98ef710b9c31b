// Marketing: client lists and email templates. Bodies come from shared-kernel/contracts/marketing.ts (the
// screens validate with the same); the list queries mirror the screens' filters.ts.
import { z } from 'zod';
import { EMAIL_MODEL_KINDS, MARKETING_LIST_KINDS, UNMAILABLE_REASONS } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export {
  emailModelInputSchema,
  emailPreviewInputSchema,
  marketingListFiltersSchema,
  marketingListInputSchema,
  marketingListUpdateSchema,
  marketingMembersBodySchema,
  MARKETING_MESSAGES,
} from 'shared-kernel/contracts';

/** GET /v1/marketing/lists */
export const listsListQuery = listQuery({
  sort: ['name', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  filters: {
    kind: z.enum(MARKETING_LIST_KINDS, { error: 'Le filtre kind accepte static ou dynamic' }).optional().describe('static or dynamic'),
  },
});
export type ListsListQuery = z.output<typeof listsListQuery>;

/** GET /v1/marketing/lists/:id/members */
export const membersListQuery = listQuery({
  sort: ['name', 'email'],
  defaultSort: 'name',
  filters: {
    reason: z
      .enum(['ok', ...UNMAILABLE_REASONS], { error: 'Le filtre reason accepte ok, noEmail, unsubscribed, bounced ou noConsent' })
      .optional()
      .describe('ok: gets the mail; otherwise why they cannot be mailed'),
  },
});
export type MembersListQuery = z.output<typeof membersListQuery>;

/** GET /v1/marketing/models */
export const modelsListQuery = listQuery({
  sort: ['name', 'createdAt', 'updatedAt'],
  defaultSort: '-updatedAt',
  filters: {
    kind: z.enum(EMAIL_MODEL_KINDS, { error: 'Le filtre kind accepte standard ou advanced' }).optional().describe('standard or advanced'),
  },
});
export type ModelsListQuery = z.output<typeof modelsListQuery>;

/** GET /v1/marketing/clients (the client picker of a static list) */
export const pickerQuery = listQuery({
  sort: ['name'],
  defaultSort: 'name',
  filters: {
    city: z
      .string()
      .trim()
      .max(100, 'Le filtre city ne doit pas dépasser 100 caractères')
      .optional()
      .describe('the city of one of its addresses (contains)'),
  },
});
export type PickerQuery = z.output<typeof pickerQuery>;

/** GET /v1/marketing/products?q= (the product card's picker) */
export const productsQuery = z.object({
  q: z.string().trim().max(100, 'La recherche ne doit pas dépasser 100 caractères').optional(),
});

// ---------------------------------------------------------------- answers (OpenAPI)

const reasonSchema = z.enum(UNMAILABLE_REASONS);
export const listCountSchema = z.object({
  total: z.number().int(),
  recipients: z.number().int(),
  duplicates: z.number().int(),
  cannotBeMailed: z.object({
    noEmail: z.number().int(),
    unsubscribed: z.number().int(),
    bounced: z.number().int(),
    noConsent: z.number().int(),
  }),
});
export const listSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MARKETING_LIST_KINDS),
  filters: z.record(z.string(), z.unknown()),
  memberCount: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const listDetailSchema = listSummarySchema.extend({ count: listCountSchema });
export const memberSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  kind: z.string(),
  typology: z.string().nullable(),
  reason: reasonSchema.nullable(),
});
export const modelSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(EMAIL_MODEL_KINDS),
  subject: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const modelDetailSchema = modelSummarySchema.extend({ blocks: z.array(z.record(z.string(), z.unknown())), html: z.string() });
export const pageOf = (item: z.ZodType) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
