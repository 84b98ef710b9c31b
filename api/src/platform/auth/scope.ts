import { SHOP_HEADER, type Permission } from 'shared-kernel/contracts';
import type { MemberKind, ShopMemberRow } from '../db/tables';
import { HttpError, MESSAGES, forbidden, notFound } from '../errors';
import type { UserAuthContext } from './middleware';

/**
 * The caller's shop for owner/iam endpoints: their first membership (spec §6
 * "Owner/iam checks compare with the user's first shop id") among the allowed kinds.
 * When `kinds` names 'agent' (the screens §2 opens to sales agents: orders, clients, catalogue, tariffs), an agent
 * without an owner/iam membership works for their first producer, or for the one they name (`wanted`, the
 * SHOP_HEADER of the request) when they represent several.
 * A named shop must be one of the caller's: another one is not found (404, never leaked); one where the caller's
 * membership is not of the allowed kinds is forbidden.
 * Buyers, agents and superAdmins without such a membership get 403.
 */
export function callerShop(auth: UserAuthContext, kinds: MemberKind[] = ['owner', 'iam'], wanted?: number | null): ShopMemberRow {
  if (wanted != null) {
    const named = auth.memberships.find((m) => m.shopId === wanted);
    if (!named) throw notFound(MESSAGES.shopNotFound);
    if (!kinds.includes(named.kind)) throw forbidden();
    return named;
  }
  const first =
    auth.memberships.find((m) => m.kind === 'owner' || m.kind === 'iam') ??
    (kinds.includes('agent') ? auth.memberships.find((m) => m.kind === 'agent') : undefined);
  if (!first || !kinds.includes(first.kind)) throw forbidden();
  return first;
}

/** The shop a request names in SHOP_HEADER: an id, null when absent, 400 naming the header when it is not an id. */
export function wantedShop(header: string | undefined): number | null {
  if (header === undefined || header === '') return null;
  const id = Number(header);
  if (!/^\d{1,10}$/.test(header) || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new HttpError(400, 'Identifiant de boutique invalide', SHOP_HEADER);
  }
  return id;
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
