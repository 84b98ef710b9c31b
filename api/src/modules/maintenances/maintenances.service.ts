import type { Maintenance } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { findActiveMaintenance, insertMaintenance } from './maintenances.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findActiveMaintenance>>>;

function toDto(m: Row): Maintenance {
  return {
    banner: m.banner ?? null,
    page: m.page,
    startDate: m.startDate ? m.startDate.toISOString() : null,
    endDate: m.endDate ? m.endDate.toISOString() : null,
  };
}

export function createMaintenancesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async active(now = new Date()): Promise<Maintenance | null> {
      const m = await findActiveMaintenance(db, now);
      return m ? toDto(m) : null;
    },
    async create(input: { banner?: string | null; page: boolean; startDate: string; endDate: string }): Promise<Maintenance> {
      const row = await insertMaintenance(db, {
        banner: input.banner ?? null,
        page: input.page,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
      });
      return toDto(row);
    },
  };
}
