import { and, desc, gt, isNull, lte, or } from 'drizzle-orm';
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
