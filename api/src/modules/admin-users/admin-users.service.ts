import type { Paginated } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { badRequest, MESSAGES, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { recordAdminAction } from '../admin';
import { findUserDetail, listUserShops, listUsers, setDisabled, type AdminUserRow, type AdminUsersQuery } from './admin-users.repository';
import type { AdminUser } from './admin-users.schemas';

const toDto = (r: AdminUserRow): AdminUser => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role,
  disabled: r.disabled,
  createdAt: r.createdAt.toISOString(),
  // accounts without a user_accounts row predate email validation: counted as validated
  emailValidated: r.accountType === null || r.emailValidatedAt !== null,
});

/** superAdmin: search, view, disable and re-enable accounts. */
export function createAdminUsersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list(q: AdminUsersQuery): Promise<Paginated<AdminUser>> {
      const { rows, total } = await listUsers(db, q);
      return paginated(rows.map(toDto), total, q);
    },
    async get(id: number) {
      const u = await findUserDetail(db, id);
      if (!u) throw notFound(MESSAGES.userNotFound);
      const shops = await listUserShops(db, id);
      return { ...toDto(u), firstname: u.firstname, lastname: u.lastname, phone: u.phone, isPro: u.isPro, siret: u.siret, shops };
    },
    /** Disables or re-enables an account and records it in the operator's audit, in one transaction. */
    async setDisabled(caller: { id: number; username: string }, id: number, disabled: boolean) {
      if (id === caller.id) throw badRequest('Vous ne pouvez pas désactiver votre propre compte', 'disabled');
      await db.transaction(async (tx) => {
        if (!(await setDisabled(tx, id, disabled))) throw notFound(MESSAGES.userNotFound);
        await recordAdminAction(tx, {
          userId: caller.id,
          userName: caller.username,
          action: disabled ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: String(id),
          detail: null,
        });
      });
      return { success: true as const, disabled, message: disabled ? 'Le compte a été désactivé' : 'Le compte a été réactivé' };
    },
  };
}
