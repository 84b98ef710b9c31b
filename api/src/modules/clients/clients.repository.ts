import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PriceGridRequestStatus } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers, shops, users, type ShopMemberRow, type ShopRow, type UserRow } from '../../platform/db/tables';
import { orderByOf, type ListQuery } from '../../platform/list-query';
import { priceGridRequests } from '../catalog';

/** Every query of the clients module (price-grid requests and client memberships). */

export type RequestsQuery = ListQuery<'createdAt' | 'id', { status?: PriceGridRequestStatus }>;
export type ClientsQuery = ListQuery<'since' | 'id', Record<string, never>>;

export async function findShop(db: DbOrTx, id: number): Promise<ShopRow | undefined> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return shop;
}

const requestColumns = {
  id: priceGridRequests.id,
  status: priceGridRequests.status,
  createdAt: priceGridRequests.createdAt,
  company: priceGridRequests.company,
  userId: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  username: users.username,
  email: users.email,
  phone: users.phone,
  typology: shopMembers.typology,
};
export interface RequestJoinRow {
  id: number;
  status: PriceGridRequestStatus;
  createdAt: Date;
  company: string | null;
  userId: number;
  firstname: string | null;
  lastname: string | null;
  username: string;
  email: string;
  phone: string | null;
  typology: string | null;
}

function selectRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(priceGridRequests)
    .innerJoin(users, eq(users.id, priceGridRequests.userId))
    .leftJoin(
      shopMembers,
      and(
        eq(shopMembers.shopId, priceGridRequests.shopId),
        eq(shopMembers.userId, priceGridRequests.userId),
        eq(shopMembers.kind, 'client'),
      ),
    );
}

export async function listRequests(db: DbOrTx, shopId: number, q: RequestsQuery): Promise<{ rows: RequestJoinRow[]; total: number }> {
  const conds: SQL[] = [eq(priceGridRequests.shopId, shopId)];
  if (q.filters.status) conds.push(eq(priceGridRequests.status, q.filters.status));
  const where = and(...conds);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(priceGridRequests).where(where),
    selectRequests(db)
      .where(where)
      .orderBy(...orderByOf(q.sort, { createdAt: priceGridRequests.createdAt, id: priceGridRequests.id }, priceGridRequests.id))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  return { rows: rows as RequestJoinRow[], total: Number(n) };
}

export async function findRequest(db: DbOrTx, id: number): Promise<RequestJoinRow | undefined> {
  const [row] = await selectRequests(db).where(eq(priceGridRequests.id, id)).limit(1);
  return row as RequestJoinRow | undefined;
}

/** pending → `status` if the request is the shop's and still pending (the conditional update makes one decision win). */
export async function decideRequest(db: DbOrTx, shopId: number, id: number, status: PriceGridRequestStatus) {
  const [moved] = await db
    .update(priceGridRequests)
    .set({ status })
    .where(and(eq(priceGridRequests.id, id), eq(priceGridRequests.shopId, shopId), eq(priceGridRequests.status, 'pending')))
    .returning();
  return moved;
}

export async function requestExists(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: priceGridRequests.id })
    .from(priceGridRequests)
    .where(and(eq(priceGridRequests.id, id), eq(priceGridRequests.shopId, shopId)))
    .limit(1);
  return !!row;
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export async function findMembership(db: DbOrTx, shopId: number, userId: number): Promise<ShopMemberRow | undefined> {
  const [m] = await db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId)))
    .limit(1);
  return m;
}

/** A 'client' membership with `typology` and no back-office right (authorizations {}). */
export async function attachClient(db: DbOrTx, shopId: number, userId: number, typology: string, existing?: ShopMemberRow): Promise<void> {
  if (existing) await db.update(shopMembers).set({ typology, authorizations: {} }).where(eq(shopMembers.id, existing.id));
  else await db.insert(shopMembers).values({ userId, shopId, kind: 'client', authorizations: {}, typology });
}

export async function notify(db: DbOrTx, values: { userId: number; type: string; content: string; redirectLink: string }): Promise<void> {
  await db.insert(notifications).values(values);
}

export async function listClients(db: DbOrTx, shopId: number, q: ClientsQuery) {
  const where = and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, 'client'));
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(shopMembers).where(where),
    db
      .select({
        userId: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
        email: users.email,
        phone: users.phone,
        business: users.business,
        typology: shopMembers.typology,
        since: shopMembers.createdAt,
        // the company named in the latest accepted request, else the account's business name
        company: sql<string | null>`(select ${priceGridRequests.company} from ${priceGridRequests}
        where ${priceGridRequests.shopId} = ${shopMembers.shopId} and ${priceGridRequests.userId} = ${shopMembers.userId} and ${priceGridRequests.status} = 'accepted'
        order by ${priceGridRequests.createdAt} desc limit 1)`,
      })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(where)
      .orderBy(...orderByOf(q.sort, { since: shopMembers.createdAt, id: shopMembers.id }, shopMembers.id))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  return { rows, total: Number(n) };
}
