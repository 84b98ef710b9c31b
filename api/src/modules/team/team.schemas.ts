import { z } from 'zod';
import { MEMBER_STATUSES, PERMISSIONS, TEAM_PRESETS, paginated } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

export { attachAgentBodySchema, inviteAgentBodySchema, inviteCollaboratorBodySchema, permissionsBodySchema } from 'shared-kernel/contracts';

const statusFilter = z
  .enum(MEMBER_STATUSES, { error: 'Le filtre status accepte active, invited ou suspended' })
  .optional()
  .describe('active, invited or suspended');

/** GET /team/collaborators and GET /team/agents (q on the name and the email). */
export const listMembersQuery = listQuery({ sort: ['name', 'since'], defaultSort: 'name', filters: { status: statusFilter } });

/** GET /team/agents/search */
export const searchAgentsQuery = z.object({
  q: z.string().trim().max(200, 'La recherche doit contenir au maximum 200 caractères').optional(),
  department: z
    .string()
    .trim()
    .regex(/^(\d{2}|2[AB]|97\d)?$/i, 'Le département est un numéro de département français (ex. 21, 2A, 974)')
    .optional(),
});

const invitationSchema = z.object({ id: z.number(), createdAt: z.string(), expiresAt: z.string(), expired: z.boolean() });

export const teamMemberSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['iam', 'agent']),
  name: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  since: z.string(),
  suspendedAt: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  preset: z.enum([...TEAM_PRESETS, 'custom']),
  invitation: invitationSchema.nullable(),
});

export const agentListItemSchema = teamMemberSchema.extend({
  department: z.string().nullable(),
  clientsCount: z.number().int(),
  ordersCount: z.number().int(),
  revenueHT: z.number().int().describe('cents, excl. VAT'),
});

export const agentDetailSchema = agentListItemSchema.extend({
  clients: z.array(z.object({ id: z.number(), name: z.string(), company: z.string().nullable(), city: z.string().nullable() })),
  orders: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      status: z.string(),
      totalHT: z.number(),
      totalTTC: z.number(),
      createdAt: z.string(),
      buyerName: z.string(),
    }),
  ),
});

export const agentSearchSchema = z.array(
  z.object({ id: z.number(), name: z.string(), email: z.string(), department: z.string().nullable(), city: z.string().nullable() }),
);

export const memberListSchema = paginated(teamMemberSchema);
export const agentListSchema = paginated(agentListItemSchema);
export const writeAnswerSchema = z.object({ success: z.literal(true), message: z.string(), member: teamMemberSchema.optional() });

export const invitationsQuery = z.object({
  kind: z.enum(['iam', 'agent'], { error: 'Le paramètre kind vaut iam ou agent' }).default('iam'),
});
export const pendingInvitationsSchema = z.array(
  z.object({
    id: z.number(),
    email: z.string(),
    kind: z.enum(['iam', 'agent']),
    userId: z.number().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
    permissions: z.array(z.enum(PERMISSIONS)),
    preset: z.enum([...TEAM_PRESETS, 'custom']),
  }),
);
