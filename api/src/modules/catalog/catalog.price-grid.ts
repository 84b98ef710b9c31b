import { and, eq, inArray } from 'drizzle-orm';
import type { PriceGridState } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { notifications, shopMembers, type ShopRow, type UserRow } from '../../platform/db/tables';
import { priceGridRequests } from './catalog.tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { hasPermission } from '../../platform/auth/scope';
import { findShopRef } from './catalog.repository';
import { membershipOf, type Viewer } from './catalog.access';

/**
 * §6 'professionals can request a price grid': a pro who is not a member of the shop asks for its professional prices.
 * The shop's staff decide in /dashboard/clients (modules/clients): accepted → a 'client' membership with a typology,
 * refused → the buyer may ask again (state 'requestable'; one pending request at a time).
 */

/** Where the staff notification leads: the screen listing the requests (mfe-crm). */
export const PRICE_GRID_STAFF_LINK = '/dashboard/clients?view=requests';

export const PRICE_GRID_MESSAGES = {
  sent: 'Votre demande de grille tarifaire professionnelle a été envoyée',
  pending: 'Votre demande est déjà en cours de traitement',
  notPro:
    'La grille tarifaire professionnelle est réservée aux comptes professionnels. Indiquez votre société et votre SIRET dans votre compte pour la demander.',
  member: 'Vous avez déjà accès aux tarifs de cette boutique',
} as const;

export async function priceGridState(db: Db, viewer: Viewer, shop: ShopRow): Promise<PriceGridState> {
  if (!viewer.user) return 'anonymous';
  if (membershipOf(viewer, shop.id)) return 'member';
  if (!viewer.user.isPro) return 'notPro';
  const [pending] = await db
    .select({ id: priceGridRequests.id })
    .from(priceGridRequests)
    .where(
      and(eq(priceGridRequests.shopId, shop.id), eq(priceGridRequests.userId, viewer.user.id), eq(priceGridRequests.status, 'pending')),
    )
    .limit(1);
  return pending ? 'pending' : 'requestable';
}

export function displayName(u: Pick<UserRow, 'firstname' | 'lastname' | 'username'>): string {
  const full = [u.firstname, u.lastname].filter(Boolean).join(' ').trim();
  return full || u.username;
}

export async function requestPriceGrid(db: Db, user: UserRow, viewer: Viewer, ref: string) {
  const shop = await findShopRef(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  if (membershipOf(viewer, shop.id)) throw new HttpError(409, PRICE_GRID_MESSAGES.member);
  if (!user.isPro) throw new HttpError(403, PRICE_GRID_MESSAGES.notPro);
  const company = user.business?.name?.trim() || null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(priceGridRequests)
      .values({ shopId: shop.id, userId: user.id, company })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, PRICE_GRID_MESSAGES.pending);
    // The owner, and collaborators allowed to see or create clients (they can open the screen the link leads to).
    const staff = (
      await tx
        .select()
        .from(shopMembers)
        .where(and(eq(shopMembers.shopId, shop.id), inArray(shopMembers.kind, ['owner', 'iam'])))
    ).filter((m) => hasPermission(m, 'seeAllClient') || hasPermission(m, 'createClient'));
    const who = `${displayName(user)}${company ? ` (${company})` : ''}`;
    const content = `${who} demande votre grille tarifaire professionnelle. Contact : ${user.email}${user.phone ? `, ${user.phone}` : ''}.`;
    if (staff.length) {
      await tx
        .insert(notifications)
        .values(staff.map((s) => ({ userId: s.userId, type: 'newContact', content, redirectLink: PRICE_GRID_STAFF_LINK })));
    }
    return {
      success: true as const,
      message: PRICE_GRID_MESSAGES.sent,
      request: { id: row.id, shopId: shop.id, status: row.status, createdAt: row.createdAt.toISOString() },
    };
  });
}
