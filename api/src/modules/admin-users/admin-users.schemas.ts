import { z } from 'zod';
import { paginated, USER_ROLES } from 'shared-kernel/contracts';
import { listQuery } from '../../platform/list-query';

/** GET /v1/admin/users: `q` (or the former `search`) on email and username; `limit`/`offset` still read. */
export const listAdminUsersQuery = listQuery({
  sort: ['id', 'email', 'username', 'createdAt'],
  defaultSort: 'id',
  filters: {
    role: z.enum(USER_ROLES, { error: "Le filtre role n'est pas un rôle" }).optional().describe('buyer, owner, iam, agent or superAdmin'),
    disabled: z.enum(['true', 'false'], { error: 'Le filtre disabled vaut true ou false' }).optional().describe('true or false'),
  },
  legacy: ['search', 'limit', 'offset'],
});

export const disableBodySchema = z.object({ disabled: z.boolean({ error: 'Doit valoir true ou false' }) });

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    disabled: z.boolean(),
    createdAt: z.string(),
    emailValidated: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export const adminUserListSchema = paginated(adminUserSchema);
export const adminUserDetailSchema = adminUserSchema.extend({
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  isPro: z.boolean(),
  siret: z.string().nullable(),
  shops: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), kind: z.string() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
