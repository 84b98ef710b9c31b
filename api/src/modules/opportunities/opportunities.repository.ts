import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shopMembers, shops, users, type ShopRow } from '../../platform/db/tables';
import { containsPattern } from '../../platform/list-query';
import { crmClients } from '../clients';
import { opportunities, type OpportunityRow, type OpportunityStatus } from './opportunities.tables';

/** Every query of the opportunities module. Each one takes the caller's shop. */

/** Who reads: the whole shop, or (a sales agent) the opportunities of their clients or owned by them. */
export interface OpportunityViewer {
  shopId: number;
  userId: number;
  /** set for an agent: only clients with agent_user_id = this id, or opportunities owned by this id */
  onlyAgent: number | null;
}

export interface BoardFilters {
  status: OpportunityStatus;
  ownerId?: number;
  clientId?: number;
  q?: string;
}

export interface OpportunityListRow {
  opportunity: OpportunityRow;
  clientKind: string | null;
  clientCompany: string | null;
  clientFirstname: string | null;
  clientLastname: string | null;
  ownerFirstname: string | null;
  ownerLastname: string | null;
  ownerUsername: string | null;
}

const columns = {
  opportunity: opportunities,
  clientKind: crmClients.kind,
  clientCompany: crmClients.company,
  clientFirstname: crmClients.firstname,
  clientLastname: crmClients.lastname,
  ownerFirstname: users.firstname,
  ownerLastname: users.lastname,
  ownerUsername: users.username,
};

function visibleWhere(v: OpportunityViewer): SQL {
  const shop = eq(opportunities.shopId, v.shopId);
  if (v.onlyAgent === null) return shop;
  return and(shop, or(eq(crmClients.agentUserId, v.onlyAgent), eq(opportunities.ownerId, v.onlyAgent)))!;
}

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(opportunities)
    .leftJoin(crmClients, and(eq(crmClients.id, opportunities.clientId), eq(crmClients.shopId, opportunities.shopId)))
    .leftJoin(users, eq(users.id, opportunities.ownerId));
}

const clientNameSql = sql`coalesce(${crmClients.company}, '') || ' ' || coalesce(${crmClients.firstname}, '') || ' ' || coalesce(${crmClients.lastname}, '')`;

/** The board: every visible opportunity of a status, in column order (stage, position, id). */
export async function listBoard(db: DbOrTx, v: OpportunityViewer, f: BoardFilters): Promise<OpportunityListRow[]> {
  const parts: (SQL | undefined)[] = [visibleWhere(v), eq(opportunities.status, f.status)];
  if (f.ownerId !== undefined) parts.push(eq(opportunities.ownerId, f.ownerId));
  if (f.clientId !== undefined) parts.push(eq(opportunities.clientId, f.clientId));
  if (f.q) {
    const p = containsPattern(f.q);
    parts.push(or(ilike(opportunities.title, p), sql`lower(${clientNameSql}) like ${p}`));
  }
  return select(db)
    .where(and(...parts))
    .orderBy(asc(opportunities.stage), asc(opportunities.position), asc(opportunities.id))
    .limit(2000);
}

export async function findOpportunity(db: DbOrTx, v: OpportunityViewer, id: number): Promise<OpportunityListRow | undefined> {
  const [row] = await select(db)
    .where(and(visibleWhere(v), eq(opportunities.id, id)))
    .limit(1);
  return row;
}

/** Open opportunities of one column of the shop, in order (for the move). */
export async function openColumn(
  db: DbOrTx,
  shopId: number,
  stage: string,
): Promise<{ id: number; clientAgent: number | null; ownerId: number | null }[]> {
  return db
    .select({ id: opportunities.id, clientAgent: crmClients.agentUserId, ownerId: opportunities.ownerId })
    .from(opportunities)
    .leftJoin(crmClients, eq(crmClients.id, opportunities.clientId))
    .where(and(eq(opportunities.shopId, shopId), eq(opportunities.stage, stage), eq(opportunities.status, 'open')))
    .orderBy(asc(opportunities.position), asc(opportunities.id))
    .for('update', { of: opportunities });
}

/** Gives positions 0..n-1 to `ids` in this order. */
export async function renumber(db: DbOrTx, shopId: number, stage: string, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
    sql` `,
  );
  await db
    .update(opportunities)
    .set({ stage, position: sql`(case ${opportunities.id} ${cases} end)::int`, updatedAt: new Date() })
    .where(and(eq(opportunities.shopId, shopId), inArray(opportunities.id, ids)));
}

export async function nextPosition(db: DbOrTx, shopId: number, stage: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`coalesce(max(${opportunities.position}) + 1, 0)::int` })
    .from(opportunities)
    .where(and(eq(opportunities.shopId, shopId), eq(opportunities.stage, stage), eq(opportunities.status, 'open')));
  return Number(r?.n ?? 0);
}

export async function insertOpportunity(db: DbOrTx, values: typeof opportunities.$inferInsert): Promise<OpportunityRow> {
  const [row] = await db.insert(opportunities).values(values).returning();
  return row;
}

export async function updateOpportunity(
  db: DbOrTx,
  shopId: number,
  id: number,
  values: Partial<typeof opportunities.$inferInsert>,
): Promise<void> {
  await db
    .update(opportunities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(opportunities.shopId, shopId), eq(opportunities.id, id)));
}

export async function deleteOpportunity(db: DbOrTx, shopId: number, id: number): Promise<void> {
  await db.delete(opportunities).where(and(eq(opportunities.shopId, shopId), eq(opportunities.id, id)));
}

/** A client of the shop (an agent: one assigned to them), not erased. */
export async function clientOfShop(db: DbOrTx, shopId: number, clientId: number, onlyAgent: number | null): Promise<boolean> {
  const parts: SQL[] = [eq(crmClients.shopId, shopId), eq(crmClients.id, clientId), ne(crmClients.status, 'erased')];
  if (onlyAgent !== null) parts.push(eq(crmClients.agentUserId, onlyAgent));
  const [row] = await db
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(...parts))
    .limit(1);
  return !!row;
}

export async function isTeamMember(db: DbOrTx, shopId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, userId), inArray(shopMembers.kind, ['owner', 'iam', 'agent'])))
    .limit(1);
  return !!row;
}

/** Open opportunities per stage key of the shop. */
export async function openCountsByStage(db: DbOrTx, shopId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ stage: opportunities.stage, n: count() })
    .from(opportunities)
    .where(and(eq(opportunities.shopId, shopId), eq(opportunities.status, 'open')))
    .groupBy(opportunities.stage);
  return new Map(rows.map((r) => [r.stage, Number(r.n)]));
}

export async function findShop(db: DbOrTx, shopId: number, forUpdate = false): Promise<ShopRow | undefined> {
  const q = db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function saveShopSettings(db: DbOrTx, shopId: number, settings: Record<string, unknown>): Promise<void> {
  await db.update(shops).set({ settings }).where(eq(shops.id, shopId));
}
