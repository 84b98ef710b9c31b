import type { Permission } from 'shared-kernel/contracts';
import type { MemberKind, ShopMemberRow } from '../db/tables';
import { MESSAGES, forbidden, notFound } from '../errors';
import type { UserAuthContext } from './middleware';

/**
 * The caller's shop for owner/iam endpoints: their first membership (spec §6
 * "Owner/iam checks compare with the user's first shop id") among the allowed kinds.
 * When `kinds` names 'agent' (the read-only screens §2 opens to sales agents: catalogue, tariffs), an agent without
 * an owner/iam membership reads their first producer's shop.
 * Buyers, agents and superAdmins without such a membership get 403.
 */
export function callerShop(auth: UserAuthContext, kinds: MemberKind[] = ['owner', 'iam']): ShopMemberRow {
  const first =
    auth.memberships.find((m) => m.kind === 'owner' || m.kind === 'iam') ??
    (kinds.includes('agent') ? auth.memberships.find((m) => m.kind === 'agent') : undefined);
  if (!first || !kinds.includes(first.kind)) throw forbidden();
  return first;
}

/**
 * Scopes a request to a shop id named by the client: the caller must belong to it
 * (with one of `kinds`), otherwise the shop is reported as not found (404), never leaked.
 */
export function scopeToShop(auth: UserAuthContext, shopId: number, kinds: MemberKind[] = ['owner', 'iam']): ShopMemberRow {
  const m = auth.memberships.find((x) => x.shopId === shopId && kinds.includes(x.kind));
  if (!m) throw notFound(MESSAGES.shopNotFound);
  return m;
}

/** §6 permission check for a membership: owners have all; no authorizations object = everything allowed. */
export function hasPermission(member: ShopMemberRow, permission: Permission): boolean {
  if (member.kind === 'owner') return true;
  if (member.kind === 'client') return false; // a professional client of the shop is a buyer there: no back-office right
  if (member.authorizations == null) return true;
  return member.authorizations[permission] === true;
}
