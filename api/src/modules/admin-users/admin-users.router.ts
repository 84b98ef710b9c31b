import { Router, type RequestHandler } from 'express';
import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { userAuth } from '../../platform/auth/middleware';
import { badRequest, forbidden, MESSAGES, notFound } from '../../platform/errors';
import { parseOrThrow } from '../../platform/validation';
import { shopMembers, shops, userAccounts, users } from '../../platform/db/schema';
import { isPgInt } from '../users/users.repository';

const listQuery = z.object({
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const disableBody = z.object({ disabled: z.boolean({ error: 'Doit valoir true ou false' }) });

const summary = {
  id: users.id, username: users.username, email: users.email, role: users.role, disabled: users.disabled,
  createdAt: users.createdAt, emailValidatedAt: userAccounts.emailValidatedAt, accountType: userAccounts.accountType,
};
type SummaryRow = { id: number; username: string; email: string; role: string; disabled: boolean; createdAt: Date; emailValidatedAt: Date | null; accountType: string | null };
const toDto = (r: SummaryRow) => ({
  id: r.id, username: r.username, email: r.email, role: r.role, disabled: r.disabled, createdAt: r.createdAt.toISOString(),
  // accounts without a user_accounts row predate email validation: counted as validated
  emailValidated: r.accountType === null || r.emailValidatedAt !== null,
});

/** /v1/admin/users — superAdmin: search, view, disable and re-enable accounts. */
export function createAdminUsersRouter({ db, auth }: AppDeps): Router {
  const r = Router();
  const superAdmin: RequestHandler = (req, _res, next) => {
    if (userAuth(req).user.role !== 'superAdmin') throw forbidden();
    next();
  };
  const idParam = (raw: string) => {
    const id = Number(raw);
    if (!isPgInt(id)) throw notFound(MESSAGES.userNotFound);
    return id;
  };

  r.get('/admin/users', auth.requireUser, superAdmin, async (req, res) => {
    const q = parseOrThrow(listQuery, req.query);
    const term = q.search?.trim();
    const where = term
      ? sql`(lower(${users.email}) like ${`%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or lower(${users.username}) like ${`%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
      : undefined;
    const rows = await db.select(summary).from(users).leftJoin(userAccounts, eq(userAccounts.userId, users.id))
      .where(where).orderBy(asc(users.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(users).where(where);
    res.json({ items: rows.map(toDto), total: Number(n) });
  });

  r.get('/admin/users/:id', auth.requireUser, superAdmin, async (req, res) => {
    const id = idParam(String(req.params.id));
    const rows = await db.select({ ...summary, firstname: users.firstname, lastname: users.lastname, phone: users.phone, isPro: users.isPro, siret: userAccounts.siret })
      .from(users).leftJoin(userAccounts, eq(userAccounts.userId, users.id)).where(eq(users.id, id)).limit(1);
    if (!rows[0]) throw notFound(MESSAGES.userNotFound);
    const memberships = await db.select({ id: shops.id, name: shops.name, code: shops.code, kind: shopMembers.kind })
      .from(shopMembers).innerJoin(shops, eq(shops.id, shopMembers.shopId)).where(eq(shopMembers.userId, id)).orderBy(asc(shopMembers.id));
    const u = rows[0];
    res.json({ ...toDto(u), firstname: u.firstname, lastname: u.lastname, phone: u.phone, isPro: u.isPro, siret: u.siret, shops: memberships });
  });

  r.put('/admin/users/:id/disabled', auth.requireUser, superAdmin, async (req, res) => {
    const id = idParam(String(req.params.id));
    const { disabled } = parseOrThrow(disableBody, req.body ?? {});
    if (id === userAuth(req).user.id) throw badRequest('Vous ne pouvez pas désactiver votre propre compte', 'disabled');
    const rows = await db.update(users)
      // disabling revokes every session of the account
      .set({ disabled, updatedAt: new Date(), ...(disabled ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(eq(users.id, id)).returning({ id: users.id });
    if (!rows[0]) throw notFound(MESSAGES.userNotFound);
    res.json({ success: true, disabled, message: disabled ? 'Le compte a été désactivé' : 'Le compte a été réactivé' });
  });

  return r;
}
