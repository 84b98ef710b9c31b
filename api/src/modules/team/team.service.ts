import crypto from 'node:crypto';
import {
  PERMISSIONS,
  TEAM_MESSAGES as M,
  presetOf,
  type AgentDetail,
  type AgentListItem,
  type AgentSearchItem,
  type MemberStatus,
  type Paginated,
  type PendingInvitation,
  type Permission,
  type TeamMember,
  type TeamWriteAnswer,
} from 'shared-kernel/contracts';
import { departmentOfPostcode } from 'shared-kernel/domain';
import type { AccountsConfig } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { hasPermission } from '../../platform/auth/scope';
import { hashPassword } from '../../platform/auth/password';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { paginated, type ListQuery } from '../../platform/list-query';
import { queueAccountMailInTx } from '../accounts';
import * as repo from './team.repository';
import { attachedMail, invitationMail } from './team.mails';
import type { TeamInvitationRow, TeamKind } from './team.tables';
import { isUniqueViolation } from '../../platform/db/pg-errors';

/** How long an invitation stays "pending" before it shows as expired (a resend renews it). */
const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

const personName = (u: { firstname: string | null; lastname: string | null; username: string | null }) =>
  [u.firstname, u.lastname].filter(Boolean).join(' ').trim() || u.username || '—';

type Address = Record<string, unknown> | null;
/** The department of an account: the zipcode of its delivery address, else its billing address (French postcodes). */
export function departmentOfUser(u: { deliveryAddress: Address; billingAddress: Address }): {
  department: string | null;
  city: string | null;
} {
  for (const a of [u.deliveryAddress, u.billingAddress]) {
    const zip = typeof a?.zipcode === 'string' ? a.zipcode : null;
    const dep = zip ? departmentOfPostcode(zip) : null;
    if (dep) return { department: dep, city: typeof a?.city === 'string' ? a.city : null };
  }
  const city = [u.deliveryAddress, u.billingAddress].map((a) => (typeof a?.city === 'string' ? a.city : null)).find(Boolean) ?? null;
  return { department: null, city };
}

/** A membership's granted flags: no authorizations object = every flag (§6). */
export const grantedOf = (authorizations: Record<string, boolean> | null): Permission[] =>
  authorizations == null ? [...PERMISSIONS] : PERMISSIONS.filter((p) => authorizations[p] === true);

const toAuthorizations = (flags: readonly Permission[]): Record<string, boolean> =>
  Object.fromEntries(PERMISSIONS.map((p) => [p, flags.includes(p)]));

const NOT_FOUND: Record<TeamKind, string> = { iam: M.collaboratorNotFound, agent: M.agentNotFound };
const WRITE_FLAG: Record<TeamKind, Permission> = { iam: 'createCollaborator', agent: 'createAgent' };

const newTokenHash = () => crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex');

/** The account of an invitee: nobody knows its password, the invitee sets theirs through the password link. */
async function newInvitee(tx: DbOrTx, email: string, kind: TeamKind = 'iam', first?: string, last?: string) {
  const firstname = first?.trim() || null;
  const lastname = last?.trim() || null;
  return repo.insertUser(tx, {
    username: ([firstname, lastname].filter(Boolean).join(' ') || email.split('@')[0]).slice(0, 120),
    email,
    passwordHash: await hashPassword(crypto.randomBytes(24).toString('base64url') + 'Aa1'),
    role: kind,
    firstname,
    lastname,
    isPro: true,
  });
}

export interface TeamDeps {
  db: Db;
  cfg: AccountsConfig;
}

export function createTeamService({ db, cfg }: TeamDeps) {
  /** status and invitation of a member: invited while a pending invitation exists and no password was ever set. */
  function toMember(row: repo.MemberRow, pending: TeamInvitationRow[]): TeamMember {
    const invitation = pending.find((i) => i.email.toLowerCase() === row.email.toLowerCase() && i.kind === row.kind);
    // the invitee's account is created with token_version 0; setting the password (reset confirm) bumps it
    const invited = !!invitation && row.tokenVersion === 0;
    const status: MemberStatus = row.suspendedAt ? 'suspended' : invited ? 'invited' : 'active';
    const permissions = row.kind === 'iam' ? grantedOf(row.authorizations) : [];
    return {
      id: row.id,
      kind: row.kind as TeamKind,
      name: personName(row),
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phone,
      status,
      since: iso(row.since)!,
      suspendedAt: iso(row.suspendedAt),
      permissions,
      preset: presetOf(permissions),
      invitation:
        invited && invitation
          ? {
              id: invitation.id,
              createdAt: iso(invitation.createdAt)!,
              expiresAt: iso(invitation.expiresAt)!,
              expired: invitation.expiresAt.getTime() < Date.now(),
            }
          : null,
    };
  }

  async function members(shopId: number, kind: TeamKind): Promise<Array<{ row: repo.MemberRow; member: TeamMember }>> {
    const [rows, pending] = await Promise.all([repo.listMembers(db, shopId, kind), repo.pendingInvitations(db, shopId)]);
    return rows.map((row) => ({ row, member: toMember(row, pending) }));
  }

  async function one(shopId: number, kind: TeamKind, userId: number) {
    const row = await repo.findMember(db, shopId, userId, kind);
    if (!row) throw notFound(NOT_FOUND[kind]);
    return { row, member: toMember(row, await repo.pendingInvitations(db, shopId)) };
  }

  function page<T extends TeamMember>(items: T[], q: ListQuery): Paginated<T> {
    const term = q.q?.toLowerCase();
    const status = (q.filters as { status?: MemberStatus }).status;
    const filtered = items.filter(
      (m) => (!term || m.name.toLowerCase().includes(term) || m.email.toLowerCase().includes(term)) && (!status || m.status === status),
    );
    const dir = q.sort.direction === 'desc' ? -1 : 1;
    filtered.sort((a, b) =>
      q.sort.column === 'since'
        ? dir * (a.since.localeCompare(b.since) || a.id - b.id)
        : dir * (a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }) || a.id - b.id),
    );
    return paginated(filtered.slice(q.offset, q.offset + q.pageSize), filtered.length, q);
  }

  async function withStats(shopId: number, list: Array<{ row: repo.MemberRow; member: TeamMember }>): Promise<AgentListItem[]> {
    const ids = list.map((x) => x.row.id);
    const [clients, stats] = await Promise.all([repo.clientCounts(db, shopId, ids), repo.orderStats(db, shopId, ids)]);
    return list.map(({ row, member }) => ({
      ...member,
      department: departmentOfUser(row).department,
      clientsCount: clients.get(row.id) ?? 0,
      ordersCount: stats.get(row.id)?.orders ?? 0,
      revenueHT: stats.get(row.id)?.revenueHT ?? 0,
    }));
  }

  /** iam callers may only grant flags they hold themselves (or that the member already had). */
  function checkGrant(caller: ShopMemberRow, flags: readonly Permission[], already: readonly Permission[] = []) {
    if (caller.kind === 'owner') return;
    const beyond = flags.find((f) => !hasPermission(caller, f) && !already.includes(f));
    if (beyond) throw new HttpError(403, `${M.grantNotHeld} (${beyond})`, 'permissions');
  }

  function checkNotSelf(caller: ShopMemberRow, userId: number, message: string) {
    if (caller.userId === userId) throw forbidden(message);
  }

  async function queueInvitationMails(
    tx: DbOrTx,
    kind: TeamKind,
    user: { id: number; email: string; username: string; language: 'fr' | 'en' },
    shop: string,
  ) {
    await queueAccountMailInTx(tx, cfg, 'reset', user);
    await enqueueMail(tx as Db, invitationMail({ to: user.email, name: user.username, shop, kind, publicUrl: cfg.publicUrl }));
  }

  async function invite(
    caller: ShopMemberRow,
    kind: TeamKind,
    body: { email: string; firstname?: string; lastname?: string; permissions?: Permission[] },
  ): Promise<TeamWriteAnswer> {
    const flags = kind === 'iam' ? [...new Set(body.permissions ?? [])] : [];
    checkGrant(caller, flags);
    const email = body.email.trim();
    const authorizations = kind === 'iam' ? toAuthorizations(flags) : null;
    let created = false;
    let userId: number;
    try {
      userId = await db.transaction(async (tx) => {
        const shop = await repo.shopName(tx, caller.shopId);
        const existing = await repo.findUserByEmailCi(tx, email);
        if (existing) {
          if (await repo.membershipOf(tx, caller.shopId, existing.id)) throw new HttpError(409, M.alreadyMember, 'email');
          const m = await repo.insertMembership(tx, { userId: existing.id, shopId: caller.shopId, kind, authorizations });
          if (!m) throw new HttpError(409, M.alreadyMember, 'email');
          await enqueueMail(tx as Db, attachedMail({ to: existing.email, name: existing.username, shop, kind, publicUrl: cfg.publicUrl }));
          return existing.id;
        }
        created = true;
        const user = await newInvitee(tx, email, kind, body.firstname, body.lastname);
        await repo.insertMembership(tx, { userId: user.id, shopId: caller.shopId, kind, authorizations });
        await repo.insertInvitation(tx, {
          shopId: caller.shopId,
          email,
          kind,
          authorizations,
          // the invitation's own token is not sent (the link is the password one): only its hash is kept, as the table asks
          tokenHash: newTokenHash(),
          invitedBy: caller.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        });
        await queueInvitationMails(tx, kind, user, shop);
        return user.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, M.alreadyMember, 'email');
      throw err;
    }
    nudgeJobs();
    const { member } = await one(caller.shopId, kind, userId);
    return { success: true, message: created ? M.invitedNew : M.invitedExisting, member };
  }

  return {
    async list(caller: ShopMemberRow, kind: TeamKind, q: ListQuery): Promise<Paginated<TeamMember>> {
      return page(
        (await members(caller.shopId, kind)).map((x) => x.member),
        q,
      );
    },

    async listAgents(caller: ShopMemberRow, q: ListQuery): Promise<Paginated<AgentListItem>> {
      return page(await withStats(caller.shopId, await members(caller.shopId, 'agent')), q);
    },

    async get(caller: ShopMemberRow, userId: number): Promise<TeamMember> {
      return (await one(caller.shopId, 'iam', userId)).member;
    },

    async getAgent(caller: ShopMemberRow, userId: number): Promise<AgentDetail> {
      const found = await one(caller.shopId, 'agent', userId);
      const [item] = await withStats(caller.shopId, [found]);
      const [clients, orders] = await Promise.all([
        repo.clientsOfAgent(db, caller.shopId, userId),
        repo.ordersOfAgent(db, caller.shopId, userId),
      ]);
      return {
        ...item,
        clients: clients.map((c) => ({
          id: c.id,
          name: c.company || [c.firstname, c.lastname].filter(Boolean).join(' ') || `Client ${c.id}`,
          company: c.company,
          city: c.addresses.find((a) => a.city)?.city ?? null,
        })),
        orders: orders.map((o) => ({ ...o, createdAt: iso(o.createdAt)! })),
      };
    },

    invite,

    async setPermissions(caller: ShopMemberRow, userId: number, permissions: Permission[]): Promise<TeamWriteAnswer> {
      const { member } = await one(caller.shopId, 'iam', userId);
      checkNotSelf(caller, userId, M.ownRights);
      const flags = [...new Set(permissions)];
      checkGrant(caller, flags, member.permissions);
      await repo.updateMembership(db, caller.shopId, userId, 'iam', { authorizations: toAuthorizations(flags) });
      return { success: true, message: M.rightsSaved, member: (await one(caller.shopId, 'iam', userId)).member };
    },

    async setSuspended(caller: ShopMemberRow, kind: TeamKind, userId: number, suspended: boolean): Promise<TeamWriteAnswer> {
      await one(caller.shopId, kind, userId);
      checkNotSelf(caller, userId, M.ownMembership);
      await repo.updateMembership(db, caller.shopId, userId, kind, { suspendedAt: suspended ? new Date() : null });
      return { success: true, message: suspended ? M.suspended : M.reactivated, member: (await one(caller.shopId, kind, userId)).member };
    },

    /** Removes the membership (never the account) and closes its pending invitations. */
    async remove(caller: ShopMemberRow, kind: TeamKind, userId: number): Promise<TeamWriteAnswer> {
      const { row } = await one(caller.shopId, kind, userId);
      checkNotSelf(caller, userId, M.ownMembership);
      await db.transaction(async (tx) => {
        await repo.deleteMembership(tx, caller.shopId, userId, kind);
        await repo.closeInvitationsOf(tx, caller.shopId, row.email, 'revokedAt');
      });
      return { success: true, message: M.removed };
    },

    async resendInvitation(caller: ShopMemberRow, invitationId: number): Promise<TeamWriteAnswer> {
      const inv = await repo.findInvitation(db, caller.shopId, invitationId);
      if (!inv || inv.acceptedAt || inv.revokedAt || !hasPermission(caller, WRITE_FLAG[inv.kind])) throw notFound(M.invitationNotFound);
      const existing = await repo.findUserByEmailCi(db, inv.email);
      if (existing && existing.tokenVersion > 0) {
        await repo.updateInvitation(db, inv.id, { acceptedAt: new Date() });
        throw new HttpError(409, M.alreadyAccepted);
      }
      const userId = await db.transaction(async (tx) => {
        // an invitation recorded before its account (the demo one): the account and membership are created now
        const user = existing ?? (await newInvitee(tx, inv.email));
        await repo.insertMembership(tx, { userId: user.id, shopId: caller.shopId, kind: inv.kind, authorizations: inv.authorizations });
        await repo.updateInvitation(tx, inv.id, {
          tokenHash: newTokenHash(),
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        });
        await queueInvitationMails(tx, inv.kind, user, await repo.shopName(tx, caller.shopId));
        return user.id;
      });
      nudgeJobs();
      const found = await repo.findMember(db, caller.shopId, userId, inv.kind);
      return {
        success: true,
        message: M.resent,
        member: found ? toMember(found, await repo.pendingInvitations(db, caller.shopId)) : undefined,
      };
    },

    /** Revokes a pending invitation: the invitee's membership goes (their new account stays, without any shop). */
    async revokeInvitation(caller: ShopMemberRow, invitationId: number): Promise<TeamWriteAnswer> {
      const inv = await repo.findInvitation(db, caller.shopId, invitationId);
      if (!inv || inv.acceptedAt || inv.revokedAt || !hasPermission(caller, WRITE_FLAG[inv.kind])) throw notFound(M.invitationNotFound);
      await db.transaction(async (tx) => {
        await repo.updateInvitation(tx, inv.id, { revokedAt: new Date() });
        const user = await repo.findUserByEmailCi(tx, inv.email);
        if (user && user.tokenVersion === 0 && user.id !== caller.userId) await repo.deleteMembership(tx, caller.shopId, user.id, inv.kind);
      });
      return { success: true, message: M.revoked };
    },

    /** Pending invitations of one kind (also those whose account is not created yet), newest first. */
    async invitations(caller: ShopMemberRow, kind: TeamKind): Promise<PendingInvitation[]> {
      if (!hasPermission(caller, kind === 'iam' ? 'accessCollaborator' : 'accessAgent')) throw forbidden();
      const rows = (await repo.pendingInvitations(db, caller.shopId)).filter((i) => i.kind === kind);
      const out: PendingInvitation[] = [];
      for (const i of rows) {
        const user = await repo.findUserByEmailCi(db, i.email);
        if (user && user.tokenVersion > 0) continue; // accepted: the password was set
        const permissions = kind === 'iam' ? grantedOf(i.authorizations ?? {}) : [];
        out.push({
          id: i.id,
          email: i.email,
          kind,
          userId: user?.id ?? null,
          createdAt: iso(i.createdAt)!,
          expiresAt: iso(i.expiresAt)!,
          expired: i.expiresAt.getTime() < Date.now(),
          permissions,
          preset: presetOf(permissions),
        });
      }
      return out;
    },

    async searchAgents(caller: ShopMemberRow, q: { q?: string; department?: string }): Promise<AgentSearchItem[]> {
      const dep = q.department?.toUpperCase() || undefined;
      const rows = await repo.searchAgents(db, caller.shopId, q.q || undefined, dep ? 500 : 50);
      return rows
        .map((u) => ({ id: u.id, name: personName(u), email: u.email, ...departmentOfUser(u) }))
        .filter((u) => !dep || u.department === dep)
        .slice(0, 50);
    },

    async attachAgent(caller: ShopMemberRow, userId: number): Promise<TeamWriteAnswer> {
      const user = await repo.findUserById(db, userId);
      if (!user || user.disabled || !(await repo.isPlatformAgent(db, userId))) throw notFound(M.agentNotFound);
      if (await repo.membershipOf(db, caller.shopId, userId)) throw new HttpError(409, M.alreadyMember, 'userId');
      await db.transaction(async (tx) => {
        const m = await repo.insertMembership(tx, { userId, shopId: caller.shopId, kind: 'agent', authorizations: null });
        if (!m) throw new HttpError(409, M.alreadyMember, 'userId');
        const shop = await repo.shopName(tx, caller.shopId);
        await enqueueMail(tx as Db, attachedMail({ to: user.email, name: user.username, shop, kind: 'agent', publicUrl: cfg.publicUrl }));
      });
      nudgeJobs();
      return { success: true, message: M.attached, member: (await one(caller.shopId, 'agent', userId)).member };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
