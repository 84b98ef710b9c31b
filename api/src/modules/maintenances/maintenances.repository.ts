import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { maintenances } from '../../platform/db/tables';

export async function findActiveMaintenance(db: DbOrTx, now: Date) {
  const rows = await db
    .select()
    .from(maintenances)
    .where(
      and(
        or(isNull(maintenances.startDate), lte(maintenances.startDate, now)),
        or(isNull(maintenances.endDate), gt(maintenances.endDate, now)),
      ),
    )
    .orderBy(desc(maintenances.page), desc(maintenances.id))
    .limit(1);
  return rows[0];
}

export async function insertMaintenance(db: DbOrTx, m: { banner: string | null; page: boolean; startDate: Date; endDate: Date }) {
  const rows = await db.insert(maintenances).values(m).returning();
  return rows[0];
}

/** The maintenance the superAdmin edits (/v1/admin/maintenance): the latest one not over yet (running or to come). */
export async function findCurrentMaintenance(db: DbOrTx, now: Date) {
  const rows = await db
    .select()
    .from(maintenances)
    .where(or(isNull(maintenances.endDate), gt(maintenances.endDate, now)))
    .orderBy(desc(maintenances.id))
    .limit(1);
  return rows[0];
}

export type MaintenanceValues = { banner: string | null; page: boolean; startDate: Date; endDate: Date };

/** Updates maintenance `id`, or inserts one when `id` is null (in the caller's transaction). */
export async function saveMaintenance(db: DbOrTx, id: number | null, m: MaintenanceValues) {
  if (id === null) return insertMaintenance(db, m);
  const rows = await db.update(maintenances).set(m).where(eq(maintenances.id, id)).returning();
  return rows[0];
}
