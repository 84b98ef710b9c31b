import { and, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf, type ListQuery } from '../../platform/list-query';
import { crdColors, crdMovements, drmMonths, warehouses, type CrdColorRow, type DrmMonthRow, type WarehouseRow } from '../stock';

// ---------------------------------------------------------------- CRD capsules

export type CrdColorsQuery = ListQuery<'name' | 'color' | 'stock' | 'createdAt', { archived?: 'true' | 'false'; isCRD?: 'true' | 'false' }>;
export type CrdMovementsQuery = ListQuery<'occurredAt' | 'id', { kind?: 'purchase' | 'bottling' | 'adjustment' }>;
export type CrdMovementRow = typeof crdMovements.$inferSelect;

export async function listCrdColors(db: DbOrTx, shopId: number, q: CrdColorsQuery): Promise<{ rows: CrdColorRow[]; total: number }> {
  const conds: SQL[] = [eq(crdColors.shopId, shopId), eq(crdColors.archived, q.filters.archived === 'true')];
  if (q.filters.isCRD) conds.push(eq(crdColors.isCRD, q.filters.isCRD === 'true'));
  if (q.q) conds.push(or(ilike(crdColors.name, containsPattern(q.q)), ilike(crdColors.color, containsPattern(q.q)))!);
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(crdColors)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          { name: crdColors.name, color: crdColors.color, stock: crdColors.stock, createdAt: crdColors.createdAt },
          crdColors.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(crdColors).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function findCrdColor(db: DbOrTx, shopId: number, id: number, lock = false): Promise<CrdColorRow | undefined> {
  const q = db
    .select()
    .from(crdColors)
    .where(and(eq(crdColors.id, id), eq(crdColors.shopId, shopId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

type CrdValues = { name: string; color: string; type: string; isCRD: boolean; archived?: boolean };

export async function insertCrdColor(db: DbOrTx, shopId: number, values: CrdValues & { stock: number }): Promise<CrdColorRow> {
  const [row] = await db
    .insert(crdColors)
    .values({ shopId, ...values })
    .returning();
  return row;
}

export async function updateCrdColor(db: DbOrTx, shopId: number, id: number, values: CrdValues): Promise<CrdColorRow | undefined> {
  const [row] = await db
    .update(crdColors)
    .set(values)
    .where(and(eq(crdColors.id, id), eq(crdColors.shopId, shopId)))
    .returning();
  return row;
}

/** Adds `delta` capsules (the stock never goes below zero: undefined when it would). */
export async function addCrdStock(db: DbOrTx, shopId: number, id: number, delta: number): Promise<CrdColorRow | undefined> {
  const [row] = await db
    .update(crdColors)
    .set({ stock: sql`${crdColors.stock} + ${delta}` })
    .where(and(eq(crdColors.id, id), eq(crdColors.shopId, shopId), sql`${crdColors.stock} + ${delta} >= 0`))
    .returning();
  return row;
}

export async function insertCrdMovement(db: DbOrTx, values: typeof crdMovements.$inferInsert): Promise<CrdMovementRow> {
  const [row] = await db.insert(crdMovements).values(values).returning();
  return row;
}

export async function listCrdMovements(
  db: DbOrTx,
  shopId: number,
  crdColorId: number,
  q: CrdMovementsQuery,
): Promise<{ rows: CrdMovementRow[]; total: number }> {
  const conds: SQL[] = [eq(crdMovements.shopId, shopId), eq(crdMovements.crdColorId, crdColorId)];
  if (q.filters.kind) conds.push(eq(crdMovements.kind, q.filters.kind));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(crdMovements)
      .where(where)
      .orderBy(...orderByOf(q.sort, { occurredAt: crdMovements.occurredAt, id: crdMovements.id }, crdMovements.id))
      .limit(q.pageSize)
      .offset(q.offset),
    db.select({ n: count() }).from(crdMovements).where(where),
  ]);
  return { rows, total: Number(n) };
}

// ---------------------------------------------------------------- warehouses, shop

export async function findWarehouse(db: DbOrTx, shopId: number, id: number, lock = false): Promise<WarehouseRow | undefined> {
  const q = db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), eq(warehouses.shopId, shopId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findShopName(db: DbOrTx, shopId: number): Promise<string> {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? '';
}

// ---------------------------------------------------------------- DRM months

/** 'YYYY-MM' → its first day 'YYYY-MM-01' (drm_months.month). */
export const monthDay = (month: string) => `${month}-01`;

export async function findDrmMonth(db: DbOrTx, warehouseId: number, month: string): Promise<DrmMonthRow | undefined> {
  const [row] = await db
    .select()
    .from(drmMonths)
    .where(and(eq(drmMonths.warehouseId, warehouseId), eq(drmMonths.month, monthDay(month))));
  return row;
}

/** The latest validated month strictly before `month` (its snapshot gives the opening stock). */
export async function lastValidatedBefore(db: DbOrTx, warehouseId: number, month: string): Promise<DrmMonthRow | undefined> {
  const [row] = await db
    .select()
    .from(drmMonths)
    .where(and(eq(drmMonths.warehouseId, warehouseId), lt(drmMonths.month, monthDay(month))))
    .orderBy(desc(drmMonths.month))
    .limit(1);
  return row;
}

export async function firstValidatedAfter(db: DbOrTx, warehouseId: number, month: string): Promise<DrmMonthRow | undefined> {
  const [row] = await db
    .select()
    .from(drmMonths)
    .where(and(eq(drmMonths.warehouseId, warehouseId), gt(drmMonths.month, monthDay(month))))
    .orderBy(drmMonths.month)
    .limit(1);
  return row;
}

export async function listDrmMonths(db: DbOrTx, warehouseId: number): Promise<DrmMonthRow[]> {
  return db.select().from(drmMonths).where(eq(drmMonths.warehouseId, warehouseId)).orderBy(desc(drmMonths.month));
}

/** Inserts the validated month; undefined when it already exists (the unique (warehouse, month) index). */
export async function insertDrmMonth(db: DbOrTx, values: typeof drmMonths.$inferInsert): Promise<DrmMonthRow | undefined> {
  const [row] = await db.insert(drmMonths).values(values).onConflictDoNothing().returning();
  return row;
}

// ---------------------------------------------------------------- DRM aggregates (SQL)

/** Midnight Europe/Paris of the first day of a 'YYYY-MM' month, as timestamptz. */
export const monthStartSql = (month: string): SQL => sql`((${monthDay(month)})::date::timestamp at time zone 'Europe/Paris')`;
/** Midnight Europe/Paris of the first day of the following month. */
export const monthEndSql = (month: string): SQL =>
  sql`(((${monthDay(month)})::date + interval '1 month')::timestamp at time zone 'Europe/Paris')`;

/**
 * The movements of a warehouse in [from, to) that the DRM counts, with the exact volume of one unit in millilitres and
 * their vintage (the movement's, the format's, else the product's first one). Only drinks (products.product_type =
 * 'bottle': bottles, bib, bulk): accessories, services and boxes (whose stock follows their parts) are not excise goods.
 *
 * The declaration is exact to the millilitre (the customs' DRM takes hl with 5 decimals: see excise.drm.ts): each
 * movement keeps the volume of one of its units in millilitres as it was when it moved (stock_movements.unit_ml), so a
 * format resized afterwards does not change what was declared.
 */
function movementsCte(warehouseId: number, from: SQL | null, to: SQL, perMovement = false): SQL {
  const range = sql`m.warehouse_id = ${warehouseId} ${from ? sql`and m.occurred_at >= ${from}` : sql``} and m.occurred_at < ${to}`;
  // fv: the first vintage of each product of the warehouse's shop, joined once (a correlated subquery per movement
  // cost ~250 ms on 25,000 movements: bench:stock)
  const fv = sql`fv as (
    select distinct on (pv.product_id) pv.product_id, pv.id
    from product_vintages pv
    where pv.shop_id = (select w.shop_id from warehouses w where w.id = ${warehouseId})
    order by pv.product_id, pv.position, pv.id
  )`;
  const resolved = (from_: SQL) => sql`
      m.unit_ml::bigint as ml,
      coalesce(m.vintage_id, f.vintage_id, fv.id) as vid
    from ${from_}
    join product_formats f on f.id = m.format_id
    join products p0 on p0.id = m.product_id
    left join fv on fv.product_id = m.product_id
    where p0.product_type = 'bottle'`;
  if (perMovement)
    return sql`${fv}, mv as (
    select m.id, m.kind, m.quantity, m.occurred_at, m.transfer_id, m.product_id, ${resolved(sql`stock_movements m`)}
      and ${range}
  )`;
  // The sums only need the movements summed per what decides their volume, vintage and DRM line: the joins then
  // work on a few groups instead of every movement (inventory gains and losses apart, transfers out per transfer).
  return sql`${fv}, m as (
    select m.product_id, m.format_id, m.vintage_id, m.unit_ml, m.kind,
      case when m.kind = 'transfer_out' then m.transfer_id end as transfer_id,
      sum(m.quantity::bigint) as quantity
    from stock_movements m
    where ${range}
    group by m.product_id, m.format_id, m.vintage_id, m.unit_ml, m.kind,
      case when m.kind = 'transfer_out' then m.transfer_id end, (m.kind = 'inventory' and m.quantity > 0)
  ), mv as (
    select m.kind, m.quantity, m.transfer_id, m.product_id, ${resolved(sql`m`)}
  )`;
}

/** Destination duty status of the transfers leaving in [from, to): the warehouse of the paired transfer_in. */
function destinationsCte(shopId: number, from: SQL, to: SQL): SQL {
  return sql`dst as (
    select distinct on (m2.transfer_id) m2.transfer_id, w2.duty_status
    from stock_movements m2 join warehouses w2 on w2.id = m2.warehouse_id
    where m2.shop_id = ${shopId} and m2.kind = 'transfer_in' and m2.transfer_id is not null
      and m2.occurred_at >= ${from} - interval '1 day' and m2.occurred_at < ${to} + interval '1 day'
    order by m2.transfer_id, m2.id
  )`;
}

/** Category columns of a movement (p = products, v = product_vintages). */
const categoryColumns = sql`p.type as product_type, p.color, p.precision as appellation,
  case when p.labels ? 'AOP' then 'AOP' when p.labels ? 'AOC' then 'AOC' when p.labels ? 'IGP' then 'IGP' else 'Sans IG' end as label,
  nullif(v.legal->>'code', '') as excise_code`;

/** Excise goods only: a vintage whose excise code is 'NULL' (alcohol-free) is not declared. */
const exciseOnly = sql`coalesce(v.legal->>'code', '') <> 'NULL'`;

/**
 * DRM line of a movement (see excise.drm.ts for the rules): entries production / purchase / return / transfer_in /
 * positive inventory; duty-paid exits sale / tasting / transfer to a duty-paid warehouse; duty-free exits export / eu /
 * sample / loss / negative inventory / transfer to a bonded warehouse (or of unknown destination).
 */
const lineSql = sql`case
  when mv.kind = 'production' then 'production'
  when mv.kind = 'purchase' then 'purchase'
  when mv.kind = 'return' then 'return'
  when mv.kind = 'transfer_in' then 'transferIn'
  when mv.kind = 'inventory' and mv.quantity > 0 then 'inventoryGain'
  when mv.kind = 'inventory' then 'inventoryLoss'
  when mv.kind = 'transfer_out' and dst.duty_status = 'paid' then 'transferPaid'
  when mv.kind = 'transfer_out' then 'transferSuspended'
  else mv.kind end`;

export interface DrmGroupRow {
  productId: number;
  vintageId: number | null;
  productType: string | null;
  color: string | null;
  appellation: string | null;
  label: string;
  exciseCode: string | null;
  legal: Record<string, unknown> | null;
  alcohol: number | null;
  line: string;
  /** Σ quantity × unit ml (signed) */
  ml: number;
}

type RawGroup = Omit<DrmGroupRow, 'ml' | 'productId' | 'vintageId' | 'productType'> & {
  product_id: number;
  vintage_id: number | null;
  product_type: string | null;
  excise_code: string | null;
  ml: string | number;
};

const toGroup = (r: RawGroup): DrmGroupRow => ({
  productId: Number(r.product_id),
  vintageId: r.vintage_id == null ? null : Number(r.vintage_id),
  productType: r.product_type,
  color: r.color,
  appellation: r.appellation,
  label: r.label,
  exciseCode: r.excise_code,
  legal: r.legal,
  alcohol: r.alcohol == null ? null : Number(r.alcohol),
  line: r.line,
  ml: Number(r.ml),
});

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The month's movements summed in SQL per product × vintage × DRM line (one GROUP BY over the (warehouse_id,
 * occurred_at) index range: no row-by-row work in JS).
 */
export async function drmMonthGroups(db: DbOrTx, shopId: number, warehouseId: number, month: string): Promise<DrmGroupRow[]> {
  const from = monthStartSql(month);
  const to = monthEndSql(month);
  const raw = await rows<RawGroup>(
    db,
    sql`with ${movementsCte(warehouseId, from, to)}, ${destinationsCte(shopId, from, to)}
    select p.id as product_id, v.id as vintage_id, ${categoryColumns}, v.legal, v.alcohol, ${lineSql} as line,
      sum(mv.quantity::bigint * mv.ml) as ml
    from mv
    join products p on p.id = mv.product_id
    left join product_vintages v on v.id = mv.vid
    left join dst on dst.transfer_id = mv.transfer_id and mv.kind = 'transfer_out'
    where mv.ml is not null and ${exciseOnly}
    group by p.id, v.id, ${lineSql}`,
  );
  return raw.map(toGroup);
}

/** Net volume (Σ quantity × unit ml) per product × vintage of the movements in [from, to) (opening stock). */
export async function drmNetGroups(db: DbOrTx, warehouseId: number, from: string | null, toMonth: string): Promise<DrmGroupRow[]> {
  const raw = await rows<RawGroup>(
    db,
    sql`with ${movementsCte(warehouseId, from ? monthStartSql(from) : null, monthStartSql(toMonth))}
    select p.id as product_id, v.id as vintage_id, ${categoryColumns}, v.legal, v.alcohol, 'net' as line,
      sum(mv.quantity::bigint * mv.ml) as ml
    from mv
    join products p on p.id = mv.product_id
    left join product_vintages v on v.id = mv.vid
    where mv.ml is not null and ${exciseOnly}
    group by p.id, v.id`,
  );
  return raw.map(toGroup);
}

export interface DrmProblemRow {
  id: number;
  noVolume: boolean;
  noCode: boolean;
  unpaired: boolean;
}

/** Movements of the month the declaration cannot use as they are (at most 500). */
export async function drmProblems(db: DbOrTx, shopId: number, warehouseId: number, month: string): Promise<DrmProblemRow[]> {
  const from = monthStartSql(month);
  const to = monthEndSql(month);
  const raw = await rows<{ id: number; no_volume: boolean; no_code: boolean; unpaired: boolean }>(
    db,
    sql`with ${movementsCte(warehouseId, from, to, true)}, ${destinationsCte(shopId, from, to)}
    select mv.id, mv.ml is null as no_volume, v.legal->>'code' is null or v.legal->>'code' = '' as no_code,
      mv.kind = 'transfer_out' and dst.transfer_id is null as unpaired
    from mv
    left join product_vintages v on v.id = mv.vid
    left join dst on dst.transfer_id = mv.transfer_id and mv.kind = 'transfer_out'
    where ${exciseOnly} and (mv.ml is null or v.legal->>'code' is null or v.legal->>'code' = ''
      or (mv.kind = 'transfer_out' and dst.transfer_id is null))
    order by mv.occurred_at, mv.id
    limit 500`,
  );
  return raw.map((r) => ({ id: Number(r.id), noVolume: r.no_volume, noCode: r.no_code, unpaired: r.unpaired }));
}

export async function drmMovementCount(db: DbOrTx, warehouseId: number, month: string): Promise<number> {
  const [r] = await rows<{ n: string | number }>(
    db,
    sql`select count(*) as n from stock_movements m
      where m.warehouse_id = ${warehouseId} and m.occurred_at >= ${monthStartSql(month)} and m.occurred_at < ${monthEndSql(month)}`,
  );
  return Number(r?.n ?? 0);
}

export interface DrmDetailRow extends Omit<DrmGroupRow, 'ml' | 'legal' | 'alcohol'> {
  id: number;
  kind: string;
  quantity: number;
  unitMl: number | null;
  /** quantity × unit ml (signed) */
  volumeMl: number;
  occurredAt: string;
}

/** Each movement of the month with its DRM line (the drill-down of the declaration). */
export async function drmDetail(db: DbOrTx, shopId: number, warehouseId: number, month: string): Promise<DrmDetailRow[]> {
  const from = monthStartSql(month);
  const to = monthEndSql(month);
  const raw = await rows<
    RawGroup & {
      id: number;
      kind: string;
      quantity: number;
      unit_ml: string | number | null;
      volume_ml: string | number;
      occurred_at: Date | string;
    }
  >(
    db,
    sql`with ${movementsCte(warehouseId, from, to, true)}, ${destinationsCte(shopId, from, to)}
    select mv.id, mv.kind, mv.quantity, mv.ml as unit_ml, mv.quantity::bigint * mv.ml as volume_ml, mv.occurred_at,
      p.id as product_id, v.id as vintage_id, ${categoryColumns}, ${lineSql} as line
    from mv
    join products p on p.id = mv.product_id
    left join product_vintages v on v.id = mv.vid
    left join dst on dst.transfer_id = mv.transfer_id and mv.kind = 'transfer_out'
    where mv.ml is not null and ${exciseOnly}
    order by mv.occurred_at, mv.id`,
  );
  return raw.map((r) => ({
    ...toGroup({ ...r, legal: null, alcohol: null, ml: 0 }),
    id: Number(r.id),
    kind: r.kind,
    quantity: Number(r.quantity),
    unitMl: r.unit_ml == null ? null : Number(r.unit_ml),
    volumeMl: Number(r.volume_ml),
    occurredAt: new Date(r.occurred_at).toISOString(),
  }));
}

/** Months (YYYY-MM, Europe/Paris) of the warehouse's movements with their count. */
export async function movementMonths(db: DbOrTx, warehouseId: number): Promise<Array<{ month: string; n: number }>> {
  const raw = await rows<{ month: string; n: string | number }>(
    db,
    sql`select to_char(m.occurred_at at time zone 'Europe/Paris', 'YYYY-MM') as month, count(*) as n
      from stock_movements m where m.warehouse_id = ${warehouseId} group by 1 order by 1 desc`,
  );
  return raw.map((r) => ({ month: r.month, n: Number(r.n) }));
}

/** The earliest month (YYYY-MM) with a movement in [after the month `afterMonth`, before `month`), if any. */
export async function firstMovementMonthBetween(
  db: DbOrTx,
  warehouseId: number,
  afterMonth: string | null,
  month: string,
): Promise<string | null> {
  const [r] = await rows<{ month: string | null }>(
    db,
    sql`select to_char(min(m.occurred_at) at time zone 'Europe/Paris', 'YYYY-MM') as month from stock_movements m
      where m.warehouse_id = ${warehouseId} and m.occurred_at < ${monthStartSql(month)}
      ${afterMonth ? sql`and m.occurred_at >= ${monthEndSql(afterMonth)}` : sql``}`,
  );
  return r?.month ?? null;
}
