import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Permission } from 'shared-kernel/contracts';
import { hasPermission } from '../../platform/auth/scope';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers, users } from '../../platform/db/tables';

/** What a shop's staff hear about from the sales side (the other types are emitted by their own modules). */
export type ShopStaffNotificationType = 'payment' | 'modifyOrder' | 'newOrder';

export interface ShopStaffNotification {
  shopId: number;
  type: ShopStaffNotificationType;
  content: string;
  /** where the notification centre leads (`/dashboard/orders/42`) */
  redirectLink: string;
  /** an iam hears about it with one of these flags (no authorizations object = every flag, §6); the owner always does */
  anyOf: readonly Permission[];
  /** who did it: not told about their own act */
  except?: number | null;
}

/**
 * Tells a shop's staff who may see something that happened there: its owner(s) and its iam members holding one of
 * `anyOf`, never a suspended member, a disabled account nor the person who did it. Written with `db` (the caller's
 * transaction: a change rolled back tells nobody). Returns the users told.
 */
export async function notifyShopStaff(db: DbOrTx, n: ShopStaffNotification): Promise<number[]> {
  const members = await db
    .select({ member: shopMembers })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(
      and(
        eq(shopMembers.shopId, n.shopId),
        inArray(shopMembers.kind, ['owner', 'iam']),
        isNull(shopMembers.suspendedAt),
        eq(users.disabled, false),
      ),
    );
  const to = [
    ...new Set(
      members
        .map((r) => r.member)
        .filter((m) => m.kind === 'owner' || n.anyOf.some((p) => hasPermission(m, p)))
        .map((m) => m.userId)
        .filter((id) => id !== n.except),
    ),
  ].sort((a, b) => a - b);
  if (to.length)
    await db.insert(notifications).values(to.map((userId) => ({ userId, type: n.type, content: n.content, redirectLink: n.redirectLink })));
  return to;
}

/**
 * Tells the people an order is about, outside the shop's staff (the agent who took it, the buyer who placed it), that
 * something happened to it: never a disabled account nor the person who did it. Written with `db` (the caller's
 * transaction). Returns the users told.
 */
export async function notifyUsers(
  db: DbOrTx,
  n: {
    userIds: ReadonlyArray<number | null | undefined>;
    type: ShopStaffNotificationType;
    content: string;
    redirectLink: string;
    except?: number | null;
  },
): Promise<number[]> {
  const wanted = [...new Set(n.userIds.filter((id): id is number => id != null && id !== n.except))];
  if (!wanted.length) return [];
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.disabled, false)));
  const to = active.map((u) => u.id).sort((a, b) => a - b);
  if (to.length)
    await db.insert(notifications).values(to.map((userId) => ({ userId, type: n.type, content: n.content, redirectLink: n.redirectLink })));
  return to;
}

/** Who sees a shop's orders (GET /orders/:id): the owner, an iam with seeAllOrder or createOrder. */
export const ORDER_READERS: readonly Permission[] = ['seeAllOrder', 'createOrder'];
/** Who sees a shop's payments (Ventes › Règlements): the owner, an iam with seeAllPayment or billOrder. */
export const PAYMENT_READERS: readonly Permission[] = ['seeAllPayment', 'billOrder'];
