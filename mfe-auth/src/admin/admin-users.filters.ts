import { z } from 'zod';
import { USER_ROLES } from 'shared-kernel/contracts';
import { listStateSchema } from 'shared-kernel/kit';

/** The list state of /admin/users: mirrors GET /v1/admin/users' listQuery (api/src/modules/admin-users). */
export const adminUsersList = listStateSchema({
  sort: ['id', 'email', 'username', 'createdAt'] as const,
  defaultSort: 'id',
  filters: {
    role: z.enum(USER_ROLES).optional(),
    disabled: z.enum(['true', 'false']).optional(),
  },
});
