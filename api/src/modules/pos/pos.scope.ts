/**
 * The checks every till operation starts with: the shop has the module on, the salespoint is the caller's shop's
 * (another shop's is simply not found), the warehouse is one of the shop's; and the name written in the journal.
 */
import { POS_MESSAGES as M } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { activeWarehouse, findSalesPoint, shopIntegration, userNames } from './pos.repository';
import type { SalesPointRow } from './pos.tables';

export async function ensureModule(db: DbOrTx, shopId: number) {
  const s = await shopIntegration(db, shopId);
  if (s?.integration?.salesPoint?.active !== true) throw new HttpError(403, 'Le module Caisse n’est pas activé pour cette boutique');
}

/** `lock` (in a transaction): the salespoint's row orders its tickets, closings and stock jobs one after the other. */
export async function salesPointOf(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<SalesPointRow> {
  const sp = await findSalesPoint(dbx, shopId, id, lock);
  if (!sp) throw notFound(M.notFound);
  return sp;
}

/** Who did it, as tickets, closings and journal events name them. */
export async function userName(db: DbOrTx, userId: number) {
  const u = await userNames(db, userId);
  return u?.username || u?.email || '';
}

export async function checkWarehouse(db: DbOrTx, shopId: number, warehouseId: number) {
  const w = await activeWarehouse(db, shopId, warehouseId);
  if (!w) throw new HttpError(400, M.warehouse, 'warehouseId');
}
