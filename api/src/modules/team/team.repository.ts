import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { containsPattern } from '../../platform/list-query';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { teamInvitations, type TeamKind } from './team.tables';

/** Orders that never count for an agent (§4 statuses of an order that did not happen). */
export const EXCLUDED_ORDER_STATUSES = ['aborted', 'expired', 'cancelled', 'refused'] as const;

const memberColumns = {
  id: users.id,
  username: users.username,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  tokenVersion: users.tokenVersion,
  deliveryAddress: users.deliveryAddress,
  billingAddress: users.billingAddress,
  kind: shopMembers.kind,
  authorizations: shopMembers.authorizations,
  suspendedAt: shopMembers.suspendedAt,
  since: shopMembers.createdAt,
};

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** Members of one kind of a shop (a team is tens of people: the service filters, sorts and pages them). */
export function listMembers(db: DbOrTx, shopId: number, kind: TeamKind) {
  return db
    .select(memberColumns)
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, kind)))
    .orderBy(shopMembers.id);
}

export async function findMember(db: DbOrTx, shopId: number, userId: number, kind: TeamKind) {
  const [row] = await db
    .select(memberColumns)
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), eq(shopMembers.kind, kind)));
  return row;
}

/** Invitations neither accepted nor revoked of a shop, newest first. */
export function pendingInvitations(db: DbOrTx, shopId: number) {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.shopId, shopId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
}

export async function findInvitation(db: DbOrTx, shopId: number, id: number) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.shopId, shopId)));
  return row;
}

export async function insertInvitation(db: DbOrTx, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row;
}

export async function updateInvitation(db: DbOrTx, id: number, values: Partial<typeof teamInvitations.$inferInsert>) {
  await db.update(teamInvitations).set(values).where(eq(teamInvitations.id, id));
}

/** Pending invitations of a member (by email) are closed: accepted (password set) or revoked (membership removed). */
export async function closeInvitationsOf(db: DbOrTx, shopId: number, email: string, how: 'acceptedAt' | 'revokedAt') {
  await db
    .update(teamInvitations)
    .set({ [how]: new Date() })
    .where(
      and(
        eq(teamInvitations.shopId, shopId),
        sql`lower(${teamInvitations.email}) = lower(${email})`,
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    );
}

export async function findUserByEmailCi(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function membershipOf(db: DbOrTx, shopId: number, userId: number) {
  const [row] = await db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)));
  return row;
}

export async function insertMembership(db: DbOrTx, values: typeof shopMembers.$inferInsert) {
  const [row] = await db.insert(shopMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMembership(
  db: DbOrTx,
  shopId: number,
  userId: number,
  kind: TeamKind,
  values: Partial<Pick<typeof shopMembers.$inferInsert, 'authorizations' | 'suspendedAt'>>,
) {
  const rows = await db
    .update(shopMembers)
    .set(values)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), eq(shopMembers.kind, kind)))
    .returning({ id: shopMembers.id });
  return rows.length;
}

export async function deleteMembership(db: DbOrTx, shopId: number, userId: number, kind: TeamKind) {
  const rows = await db
    .delete(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), eq(shopMembers.kind, kind)))
    .returning({ id: shopMembers.id });
  return rows.length;
}

export async function shopName(db: DbOrTx, shopId: number): Promise<string> {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? '';
}

/** Clients (not erased) of the shop per agent. */
export async function clientCounts(db: DbOrTx, shopId: number, agentIds: number[]) {
  if (!agentIds.length) return new Map<number, number>();
  const rows = await db
    .select({ agentId: crmClients.agentUserId, n: sql<number>`count(*)::int` })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.agentUserId, agentIds), ne(crmClients.status, 'erased')))
    .groupBy(crmClients.agentUserId);
  return new Map(rows.map((r) => [r.agentId!, Number(r.n)]));
}

/** Orders credited to each agent in the shop and their revenue excl. VAT (cents), cancelled-like statuses left out. */
export async function orderStats(db: DbOrTx, shopId: number, agentIds: number[]) {
  if (!agentIds.length) return new Map<number, { orders: number; revenueHT: number }>();
  const rows = await db
    .select({
      agentId: orders.agentId,
      n: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${orders.totalHT}), 0)::bigint`,
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), inArray(orders.agentId, agentIds), notInArray(orders.status, [...EXCLUDED_ORDER_STATUSES])))
    .groupBy(orders.agentId);
  return new Map(rows.map((r) => [r.agentId!, { orders: Number(r.n), revenueHT: Number(r.revenue) }]));
}

export function clientsOfAgent(db: DbOrTx, shopId: number, agentId: number) {
  return db
    .select({
      id: crmClients.id,
      firstname: crmClients.firstname,
      lastname: crmClients.lastname,
      company: crmClients.company,
      addresses: crmClients.addresses,
    })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), eq(crmClients.agentUserId, agentId), ne(crmClients.status, 'erased')))
    .orderBy(crmClients.lastname, crmClients.id)
    .limit(200);
}

export function ordersOfAgent(db: DbOrTx, shopId: number, agentId: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalHT: orders.totalHT,
      totalTTC: orders.totalTTC,
      createdAt: orders.createdAt,
      buyerName: orders.buyerName,
    })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.agentId, agentId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
}

/**
 * The platform's agent accounts (an active agent membership in some shop, account not disabled) that are not yet
 * members of `shopId`, matching `q` on the name or the email. At most `limit` rows; the department filter is applied by
 * the service on the stored address.
 */
export function searchAgents(db: DbOrTx, shopId: number, q: string | undefined, limit: number) {
  const agentMember = db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.kind, 'agent'), isNull(shopMembers.suspendedAt)));
  const inShop = db.select({ userId: shopMembers.userId }).from(shopMembers).where(eq(shopMembers.shopId, shopId));
  const pattern = q ? containsPattern(q) : undefined;
  return db
    .select({
      id: users.id,
      username: users.username,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      deliveryAddress: users.deliveryAddress,
      billingAddress: users.billingAddress,
    })
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        inArray(users.id, agentMember),
        notInArray(users.id, inShop),
        pattern
          ? or(
              sql`${users.username} ilike ${pattern}`,
              sql`${users.email} ilike ${pattern}`,
              sql`coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '') ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(users.lastname, users.firstname, users.id)
    .limit(limit);
}

/** Is this user an agent somewhere (an agent membership, not suspended)? */
export async function isPlatformAgent(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shopMembers.id })
    .from(shopMembers)
    .where(and(eq(shopMembers.userId, userId), eq(shopMembers.kind, 'agent'), isNull(shopMembers.suspendedAt)))
    .limit(1);
  return !!row;
}
