import type { Db } from '../../platform/db/client';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/worker';
import { applyTicketStock } from './pos.stock';

/** The 'pos-stock' job: a recorded ticket's units leave (a refund's come back to) its salespoint's warehouse. */
export function posStockJobHandler(db: Db): JobHandler<{ ticketId: number; userId: number | null }> {
  return {
    async run(payload) {
      if (!payload || !Number.isInteger(payload.ticketId)) throw new PermanentJobError('pos-stock: a ticket id is expected');
      await applyTicketStock(db, payload.ticketId, payload.userId ?? null);
    },
  };
}
