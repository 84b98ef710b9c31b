/**
 * Every query of the till, each taking the db or the caller's open transaction: the other files decide what runs in
 * which transaction, under which lock and in which order; here are only the reads and writes themselves.
 * `lock` / `for('update')` variants exist where a caller orders concurrent writers on a row.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { VatType } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { shops, users } from '../../platform/db/tables';
import { crmClients } from '../clients';
import { stockLevels, warehouses } from '../stock';
import type { TicketsListQuery } from './pos.schemas';
import {
  posClosings,
  posJournal,
  posSalesPoints,
  posSessions,
  posTickets,
  type PosClosingRow,
  type PosSessionRow,
  type PosTicketRow,
  type SalesPointRow,
} from './pos.tables';

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

// ---------------------------------------------------------------- shop, users, warehouses

export async function shopIntegration(db: DbOrTx, shopId: number) {
  const [s] = await db.select({ integration: shops.integration }).from(shops).where(eq(shops.id, shopId));
  return s;
}

export async function shopTypologies(db: DbOrTx, shopId: number) {
  const [shop] = await db.select({ typologies: shops.typologies, settings: shops.settings }).from(shops).where(eq(shops.id, shopId));
  return shop;
}

export async function userNames(db: DbOrTx, userId: number) {
  const [u] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
  return u;
}

export async function activeWarehouse(db: DbOrTx, shopId: number, warehouseId: number) {
  const [w] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.shopId, shopId), eq(warehouses.archived, false)));
  return w;
}

export async function warehouseName(db: DbOrTx, warehouseId: number) {
  const [w] = await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, warehouseId));
  return w;
}

export async function shopClient(db: DbOrTx, shopId: number, clientId: number) {
  const [c] = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, clientId), eq(crmClients.shopId, shopId)));
  return c;
}

// ---------------------------------------------------------------- salespoints

/** `lock`: the row stays locked until the transaction ends — it orders a till's tickets, closings and stock jobs. */
export async function findSalesPoint(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<SalesPointRow | undefined> {
  const q = dbx
    .select()
    .from(posSalesPoints)
    .where(and(eq(posSalesPoints.id, id), eq(posSalesPoints.shopId, shopId)));
  const [sp] = lock ? await q.for('update') : await q;
  return sp;
}

export function salesPointsOfShop(db: DbOrTx, shopId: number): Promise<SalesPointRow[]> {
  return db.select().from(posSalesPoints).where(eq(posSalesPoints.shopId, shopId)).orderBy(posSalesPoints.id);
}

export async function insertSalesPoint(db: DbOrTx, values: typeof posSalesPoints.$inferInsert): Promise<SalesPointRow> {
  const [sp] = await db.insert(posSalesPoints).values(values).returning();
  return sp;
}

export async function updateSalesPointRow(
  db: DbOrTx,
  id: number,
  values: Partial<typeof posSalesPoints.$inferInsert>,
): Promise<SalesPointRow> {
  const [sp] = await db.update(posSalesPoints).set(values).where(eq(posSalesPoints.id, id)).returning();
  return sp;
}

/** A salespoint's takings of a Paris day. */
export async function dayTakings(db: DbOrTx, salesPointId: number, day: string) {
  const [t] = await db
    .select({ total: sql<number>`coalesce(sum(${posTickets.totalTTC}), 0)::int`, n: sql<number>`count(*)::int` })
    .from(posTickets)
    .where(and(eq(posTickets.salesPointId, salesPointId), eq(posTickets.day, day)));
  return t;
}

// ---------------------------------------------------------------- catalogue

export interface CatalogRow {
  format_id: number;
  vintage_id: number | null;
  product_id: number;
  name: string;
  vintage: string | null;
  unity: string;
  unity_value: number | null;
  name_in_shop: string | null;
  gtin: string | null;
  gamme: string | null;
  product_type: string;
  color: string | null;
  vat_type: VatType;
  price_cents: number;
  stock: number;
  visual: string | null;
}

/** The shop's formats priced for `typology`, with the warehouse's stock; `formatIds` narrows them (empty: none). */
export async function catalogRows(
  db: DbOrTx,
  shopId: number,
  typology: string,
  warehouseId: number,
  formatIds?: number[],
): Promise<CatalogRow[]> {
  const only = formatIds ? sql`and f.id in (${sql.join(formatIds.length ? formatIds.map((id) => sql`${id}`) : [sql`0`], sql`, `)})` : sql``;
  return rows<CatalogRow>(
    await db.execute(sql`select f.id as format_id, f.vintage_id, p.id as product_id, p.name, v.name as vintage, f.unity, f.unity_value,
          f.name_in_shop, f.gtin, p.gamme, p.product_type, p.color, p.vat_type, fp.price_cents,
          coalesce(s.on_hand, 0)::int as stock, coalesce(f.visuals->>0, p.visuals->>0) as visual
        from product_formats f
        join products p on p.id = f.product_id
        left join product_vintages v on v.id = f.vintage_id
        join format_prices fp on fp.format_id = f.id and fp.typology = ${typology}
        left join stock_levels s on s.format_id = f.id and s.warehouse_id = ${warehouseId}
        where f.shop_id = ${shopId} and p.archived_at is null and p.status <> 'closed' ${only}
        order by p.gamme nulls last, p.name, v.name nulls first, f.position, f.id`),
  );
}

// ---------------------------------------------------------------- sessions

export async function openSessionOf(dbx: DbOrTx, salesPointId: number): Promise<PosSessionRow | undefined> {
  const [s] = await dbx
    .select()
    .from(posSessions)
    .where(and(eq(posSessions.salesPointId, salesPointId), sql`${posSessions.closedAt} is null`));
  return s;
}

export function openSessions(db: DbOrTx): Promise<PosSessionRow[]> {
  return db
    .select()
    .from(posSessions)
    .where(sql`${posSessions.closedAt} is null`);
}

export async function insertSession(tx: DbOrTx, values: typeof posSessions.$inferInsert): Promise<PosSessionRow> {
  const [s] = await tx.insert(posSessions).values(values).returning();
  return s;
}

export function sessionsOf(db: DbOrTx, salesPointId: number): Promise<PosSessionRow[]> {
  return db.select().from(posSessions).where(eq(posSessions.salesPointId, salesPointId)).orderBy(desc(posSessions.openedAt)).limit(200);
}

/** The session's row, locked: two closings of one session wait for each other and the second finds it closed. */
export async function lockSession(tx: DbOrTx, shopId: number, sessionId: number): Promise<PosSessionRow | undefined> {
  const [s] = await tx
    .select()
    .from(posSessions)
    .where(and(eq(posSessions.id, sessionId), eq(posSessions.shopId, shopId)))
    .for('update');
  return s;
}

export async function markSessionClosed(
  tx: DbOrTx,
  sessionId: number,
  values: { closedAt: Date; closedByName: string; closingId: number },
) {
  await tx.update(posSessions).set(values).where(eq(posSessions.id, sessionId));
}

/** The sessions whose Z was made (each must keep it in the journal). */
export function closedSessionsOf(db: DbOrTx, salesPointId: number) {
  return db
    .select({ id: posSessions.id, closingId: posSessions.closingId })
    .from(posSessions)
    .where(and(eq(posSessions.salesPointId, salesPointId), isNotNull(posSessions.closingId)));
}

// ---------------------------------------------------------------- tickets

export async function findTicket(db: DbOrTx, shopId: number, id: number): Promise<PosTicketRow | undefined> {
  const [t] = await db
    .select()
    .from(posTickets)
    .where(and(eq(posTickets.id, id), eq(posTickets.shopId, shopId)));
  return t;
}

export async function ticketById(tx: DbOrTx, id: number): Promise<PosTicketRow | undefined> {
  const [t] = await tx.select().from(posTickets).where(eq(posTickets.id, id));
  return t;
}

export function ticketsByKey(db: DbOrTx, shopId: number, key: string): Promise<PosTicketRow[]> {
  return db
    .select()
    .from(posTickets)
    .where(and(eq(posTickets.shopId, shopId), eq(posTickets.idempotencyKey, key)));
}

export async function ticketIdByKey(tx: DbOrTx, shopId: number, key: string): Promise<{ id: number } | undefined> {
  const [t] = await tx
    .select({ id: posTickets.id })
    .from(posTickets)
    .where(and(eq(posTickets.shopId, shopId), eq(posTickets.idempotencyKey, key)));
  return t;
}

/** Until the transaction ends, another transaction recording the same key waits here (then finds the ticket). */
export async function lockTicketKey(tx: DbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(716001, hashtext(${key}))`);
}

/** The salespoint's last ticket's perpetual grand total (none yet: undefined). */
export async function lastGrandTotal(tx: DbOrTx, salesPointId: number): Promise<{ grandTotal: number } | undefined> {
  const [last] = await tx
    .select({ grandTotal: posTickets.grandTotal })
    .from(posTickets)
    .where(eq(posTickets.salesPointId, salesPointId))
    .orderBy(desc(posTickets.number))
    .limit(1);
  return last;
}

export async function insertTicket(tx: DbOrTx, values: typeof posTickets.$inferInsert): Promise<PosTicketRow> {
  const [t] = await tx.insert(posTickets).values(values).returning();
  return t;
}

export function ticketRefs(db: DbOrTx, ids: number[]) {
  return db.select({ id: posTickets.id, ref: posTickets.ref }).from(posTickets).where(inArray(posTickets.id, ids));
}

/** The lines of the refunds of these tickets. */
export function refundLinesOf(db: DbOrTx, ticketIds: number[]) {
  return db
    .select({ refundOf: posTickets.refundOf, lines: posTickets.lines })
    .from(posTickets)
    .where(inArray(posTickets.refundOf, ticketIds));
}

/** The journal hash of each of these tickets. */
export async function ticketHashes(db: DbOrTx, ticketIds: number[]) {
  return rows<{ ref_id: number; hash: string }>(
    await db.execute(
      sql`select ref_id, hash from pos_journal where kind = 'ticket' and ref_id in (${sql.join(
        ticketIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ),
  );
}

/** A page of a salespoint's tickets and the count of all that match. */
export async function ticketsPage(db: DbOrTx, salesPointId: number, q: TicketsListQuery): Promise<{ total: number; list: PosTicketRow[] }> {
  const conds = [eq(posTickets.salesPointId, salesPointId)];
  if (q.filters.sessionId) conds.push(eq(posTickets.sessionId, q.filters.sessionId));
  if (q.filters.from) conds.push(sql`${posTickets.day} >= ${q.filters.from}`);
  if (q.filters.to) conds.push(sql`${posTickets.day} <= ${q.filters.to}`);
  if (q.q)
    conds.push(
      sql`(${posTickets.ref} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${posTickets.clientName} ilike ${`%${q.q}%`})`,
    );
  const where = and(...conds);
  const [count, list] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(posTickets)
      .where(where),
    db
      .select()
      .from(posTickets)
      .where(where)
      .orderBy(q.sort.direction === 'asc' ? posTickets.number : desc(posTickets.number))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  return { total: count[0].n, list };
}

export function sessionTickets(tx: DbOrTx, sessionId: number): Promise<PosTicketRow[]> {
  return tx.select().from(posTickets).where(eq(posTickets.sessionId, sessionId)).orderBy(posTickets.number);
}

export function ticketsOfSalesPoint(db: DbOrTx, salesPointId: number): Promise<PosTicketRow[]> {
  return db.select().from(posTickets).where(eq(posTickets.salesPointId, salesPointId));
}

/** A salespoint's tickets of the Paris days `from`…`to`, in number order. */
export function ticketsBetween(db: DbOrTx, salesPointId: number, from: string, to: string): Promise<PosTicketRow[]> {
  return db
    .select()
    .from(posTickets)
    .where(and(eq(posTickets.salesPointId, salesPointId), sql`${posTickets.day} between ${from} and ${to}`))
    .orderBy(posTickets.number);
}

// ---------------------------------------------------------------- stock

/** The warehouse's level of a format, locked until the transaction ends (none: undefined). */
export async function lockStockLevel(tx: DbOrTx, warehouseId: number, formatId: number) {
  const [lvl] = await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, formatId)))
    .for('update');
  return lvl;
}

/** How many stock movements a ticket already made. */
export async function ticketMovementCount(tx: DbOrTx, ticketId: number): Promise<number> {
  const [done] = rows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from stock_movements where document_type = 'ticket' and document_id = ${ticketId}`),
  );
  return done.n;
}

// ---------------------------------------------------------------- closings

export async function insertClosingRow(tx: DbOrTx, values: typeof posClosings.$inferInsert): Promise<PosClosingRow> {
  const [c] = await tx.insert(posClosings).values(values).returning();
  return c;
}

/**
 * The periods (`len` first characters of `period`: 7 a month, 4 a year) before `current` that have closings of kind
 * `source` and no closing of kind `kind` yet.
 */
export async function pendingPeriods(
  tx: DbOrTx,
  salesPointId: number,
  kind: 'month' | 'year',
  source: 'day' | 'month',
  len: number,
  current: string,
) {
  return rows<{ period: string }>(
    await tx.execute(sql`select distinct left(period, ${len}) as period from pos_closings c
          where c.salespoint_id = ${salesPointId} and c.kind = ${source} and left(c.period, ${len}) < ${current}
            and not exists (select 1 from pos_closings m where m.salespoint_id = ${salesPointId} and m.kind = ${kind} and m.period = left(c.period, ${len}))
          order by 1`),
  );
}

/** The closings of kind `source` of a period, in number order. */
export function closingsOfPeriod(
  tx: DbOrTx,
  salesPointId: number,
  source: 'day' | 'month',
  len: number,
  period: string,
): Promise<PosClosingRow[]> {
  return tx
    .select()
    .from(posClosings)
    .where(
      and(eq(posClosings.salesPointId, salesPointId), eq(posClosings.kind, source), sql`left(${posClosings.period}, ${len}) = ${period}`),
    )
    .orderBy(posClosings.number);
}

export function latestClosings(db: DbOrTx, salesPointId: number): Promise<PosClosingRow[]> {
  return db
    .select()
    .from(posClosings)
    .where(eq(posClosings.salesPointId, salesPointId))
    .orderBy(desc(posClosings.at), desc(posClosings.id))
    .limit(500);
}

export async function findClosing(db: DbOrTx, shopId: number, id: number): Promise<PosClosingRow | undefined> {
  const [c] = await db
    .select()
    .from(posClosings)
    .where(and(eq(posClosings.id, id), eq(posClosings.shopId, shopId)));
  return c;
}

export async function closingHash(db: DbOrTx, closingId: number): Promise<string | undefined> {
  const [h] = rows<{ hash: string }>(await db.execute(sql`select hash from pos_journal where kind = 'closing' and ref_id = ${closingId}`));
  return h?.hash;
}

export function closingsOfSalesPoint(db: DbOrTx, salesPointId: number): Promise<PosClosingRow[]> {
  return db.select().from(posClosings).where(eq(posClosings.salesPointId, salesPointId));
}

/** A salespoint's closings made on the Paris days `from`…`to`. */
export function closingsBetween(db: DbOrTx, salesPointId: number, from: string, to: string): Promise<PosClosingRow[]> {
  return db
    .select()
    .from(posClosings)
    .where(
      and(eq(posClosings.salesPointId, salesPointId), sql`(${posClosings.at} at time zone 'Europe/Paris')::date between ${from} and ${to}`),
    )
    .orderBy(posClosings.id);
}

// ---------------------------------------------------------------- journal

export interface JournalRecord {
  seq: number;
  kind: 'ticket' | 'closing' | 'event';
  ref_id: number | null;
  ref: string;
  content: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export async function journalHashAt(tx: DbOrTx, salesPointId: number, seq: number): Promise<string | undefined> {
  const [last] = rows<{ hash: string }>(
    await tx.execute(sql`select hash from pos_journal where salespoint_id = ${salesPointId} and seq = ${seq}`),
  );
  return last?.hash;
}

export async function insertJournalRecord(tx: DbOrTx, values: typeof posJournal.$inferInsert) {
  await tx.insert(posJournal).values(values);
}

/** The whole journal of a salespoint, in seq order. */
export async function journalOf(db: DbOrTx, salesPointId: number): Promise<JournalRecord[]> {
  return rows<JournalRecord>(
    await db.execute(
      sql`select seq, kind, ref_id, ref, content, prev_hash, hash from pos_journal where salespoint_id = ${salesPointId} order by seq`,
    ),
  );
}

/** The records of the Paris days `from`…`to`, as the archive carries them. */
export async function journalBetween(db: DbOrTx, salesPointId: number, from: string, to: string) {
  return rows<Record<string, unknown>>(
    await db.execute(sql`select seq, kind, ref, content, prev_hash, hash, at from pos_journal where salespoint_id = ${salesPointId}
          and (at at time zone 'Europe/Paris')::date between ${from} and ${to} order by seq`),
  );
}

/** The values of these order_counters series (year 0: the till's series never restart). */
export async function counterValues(db: DbOrTx, series: string[]): Promise<Map<string, number>> {
  return new Map(
    rows<{ series: string; value: number | string }>(
      await db.execute(
        sql`select series, value from order_counters where year = 0 and series in (${sql.join(
          series.map((x) => sql`${x}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => [r.series, Number(r.value)]),
  );
}
