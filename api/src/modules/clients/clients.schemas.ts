import { z } from 'zod';
import {
  CRM_CLIENT_KINDS,
  CRM_CLIENT_STATUSES,
  PRICE_GRID_DECISION_MESSAGES as M,
  PRICE_GRID_REQUEST_STATUSES,
  crmClientListItemSchema,
  paginated,
  priceGridDecisionSchema,
} from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

/** GET /v1/shops/me/price-grid-requests?status=&page=&pageSize=&sort= (no status = every request). */
export const listPriceGridRequestsQuery = listQuery({
  sort: ['createdAt', 'id'],
  defaultSort: '-createdAt',
  filters: {
    status: z
      .enum(PRICE_GRID_REQUEST_STATUSES, { error: M.status })
      .optional()
      .describe('pending, accepted or refused (none = every request)'),
  },
});

/** GET /v1/shops/me/clients?page=&pageSize=&sort= */
export const listClientsQuery = listQuery({ sort: ['since', 'id'], defaultSort: '-since' });

export { priceGridDecisionSchema };

// ---------- the client file ----------

export {
  crmBulkBodySchema,
  crmBulkResultSchema,
  crmClientBodySchema,
  crmClientDetailSchema,
  crmClientListItemSchema,
  crmConvertBodySchema,
  crmInteractionBodySchema,
  crmInteractionSchema,
} from 'shared-kernel/contracts';

const isoDay = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Le filtre ${name} attend une date AAAA-MM-JJ`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `Le filtre ${name} attend une date AAAA-MM-JJ`)
    .optional();
const cents = (name: string) =>
  z.coerce
    .number({ error: `Le filtre ${name} attend un montant en centimes` })
    .int(`Le filtre ${name} attend un montant en centimes`)
    .min(0, `Le filtre ${name} attend un montant en centimes`)
    .optional();

/** GET /v1/crm/clients: q on names, company, email, code, phones; the screen's list/filters.ts mirrors it. */
export const listCrmClientsQuery = listQuery({
  sort: ['lastname', 'createdAt', 'company', 'lastOrderAt', 'totalSpent'],
  defaultSort: 'lastname',
  filters: {
    kind: z
      .enum(CRM_CLIENT_KINDS, { error: 'Le filtre kind accepte private, professional ou prospect' })
      .optional()
      .describe('private, professional or prospect'),
    typology: z.string().trim().max(100).optional().describe("one of the shop's typology ids"),
    agentUserId: z.coerce
      .number({ error: 'Le filtre agentUserId doit être un identifiant' })
      .int('Le filtre agentUserId doit être un identifiant')
      .positive('Le filtre agentUserId doit être un identifiant')
      .optional()
      .describe("the agent's user id"),
    tag: z.string().trim().max(50).optional().describe('a tag'),
    department: z
      .string()
      .trim()
      .regex(/^(\d{2,3}|2[AB])$/i, 'Le filtre department attend un numéro de département')
      .transform((v) => v.toUpperCase())
      .optional()
      .describe('a French department (01-95, 2A, 2B, 971-976)'),
    pipe: z.string().trim().max(100).optional().describe('pipe custom field'),
    family: z.string().trim().max(100).optional().describe('family custom field'),
    status: z
      .enum(CRM_CLIENT_STATUSES, { error: 'Le filtre status accepte active, archived ou erased' })
      .optional()
      .describe('active (default), archived or erased'),
    lastOrderFrom: isoDay('lastOrderFrom').describe('last order on or after this day (YYYY-MM-DD)'),
    lastOrderTo: isoDay('lastOrderTo').describe('last order on or before this day (YYYY-MM-DD)'),
    spentMin: cents('spentMin').describe('total spent TTC at least, in cents'),
    spentMax: cents('spentMax').describe('total spent TTC at most, in cents'),
  },
});
export const crmClientListSchema = paginated(crmClientListItemSchema);
