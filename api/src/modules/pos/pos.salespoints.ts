/**
 * Salespoints: a till on one of the shop's warehouses, with the payment methods it takes, its counter typology, its
 * receipt header and footer and its customer display; answered with today's takings and the open session.
 */
import { randomBytes } from 'node:crypto';
import { POS_MESSAGES as M, type SalesPoint } from 'shared-kernel/contracts';
import { parisDate } from '../sales';
import { sessionDto, type PosDeps, type SalesPointValues } from './pos.model';
import { dayTakings, insertSalesPoint, openSessionOf, salesPointsOfShop, updateSalesPointRow, warehouseName } from './pos.repository';
import { checkWarehouse, ensureModule, salesPointOf } from './pos.scope';
import type { SalesPointRow } from './pos.tables';

export async function salesPointDto({ db, clock }: PosDeps, sp: SalesPointRow): Promise<SalesPoint> {
  const today = parisDate(clock());
  const [w, t, s] = await Promise.all([warehouseName(db, sp.warehouseId), dayTakings(db, sp.id, today), openSessionOf(db, sp.id)]);
  return {
    id: sp.id,
    name: sp.name,
    warehouse: { id: sp.warehouseId, name: w?.name ?? '' },
    methods: sp.methods,
    typology: sp.typology,
    receiptHeader: sp.receiptHeader,
    receiptFooter: sp.receiptFooter,
    display: sp.display,
    today: { total: t?.total ?? 0, tickets: t?.n ?? 0 },
    session: s ? sessionDto(s) : null,
  };
}

export async function listSalesPoints(deps: PosDeps, shopId: number): Promise<SalesPoint[]> {
  await ensureModule(deps.db, shopId);
  const sps = await salesPointsOfShop(deps.db, shopId);
  return Promise.all(sps.map((sp) => salesPointDto(deps, sp)));
}

export async function getSalesPoint(deps: PosDeps, shopId: number, id: number) {
  await ensureModule(deps.db, shopId);
  return salesPointDto(deps, await salesPointOf(deps.db, shopId, id));
}

export async function createSalesPoint(deps: PosDeps, shopId: number, v: SalesPointValues) {
  await ensureModule(deps.db, shopId);
  await checkWarehouse(deps.db, shopId, v.warehouseId);
  // the key that signs the salespoint's archives, its own: one till's archive never vouches for another's
  const sp = await insertSalesPoint(deps.db, { shopId, ...v, typology: v.typology || null, signingKey: randomBytes(32).toString('hex') });
  return { ...(await salesPointDto(deps, sp)), message: M.created };
}

export async function updateSalesPoint(deps: PosDeps, shopId: number, id: number, v: SalesPointValues) {
  await ensureModule(deps.db, shopId);
  await salesPointOf(deps.db, shopId, id);
  await checkWarehouse(deps.db, shopId, v.warehouseId);
  const sp = await updateSalesPointRow(deps.db, id, { ...v, typology: v.typology || null });
  return { ...(await salesPointDto(deps, sp)), message: M.saved };
}
