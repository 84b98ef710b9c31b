import type { CrdColor, CrdMovement, DrmDeclaration, DrmMonthStatus, Paginated } from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import type { CrdColorRow, DrmMonthRow, WarehouseRow } from '../stock';
import {
  addMonths,
  buildAnomalies,
  buildCategories,
  categoryKey,
  clToMl,
  detailByCategory,
  isDrmLine,
  lastCompleteMonth,
  monthLabel,
  parisMonth,
  sumFigures,
  type CategoryFields,
} from './excise.drm';
import {
  addCrdStock,
  drmDetail,
  drmMonthGroups,
  drmMovementCount,
  drmNetGroups,
  drmProblems,
  findCrdColor,
  findDrmMonth,
  findShopName,
  findWarehouse,
  firstMovementMonthBetween,
  firstValidatedAfter,
  insertCrdColor,
  insertCrdMovement,
  insertDrmMonth,
  lastValidatedBefore,
  listCrdColors,
  listCrdMovements,
  listDrmMonths,
  monthDay,
  movementMonths,
  updateCrdColor,
  type CrdColorsQuery,
  type CrdMovementRow,
  type CrdMovementsQuery,
} from './excise.repository';
import { drmCsv, drmPdf, exportFilename } from './excise.export';
import { EXCISE_MESSAGES, type CrdColorBody, type CrdMovementBody } from './excise.schemas';

const iso = (d: Date | string) => new Date(d).toISOString();

export const crdDto = (r: CrdColorRow): CrdColor => ({
  id: r.id,
  name: r.name,
  color: r.color,
  type: r.type,
  isCRD: r.isCRD,
  stock: r.stock,
  archived: r.archived,
  createdAt: iso(r.createdAt),
});

const crdMovementDto = (r: CrdMovementRow): CrdMovement => ({
  id: r.id,
  crdColorId: r.crdColorId,
  kind: r.kind,
  quantity: r.quantity,
  stockMovementId: r.stockMovementId,
  reason: r.reason,
  occurredAt: iso(r.occurredAt),
  userId: r.userId,
});

function occurredAtOf(value: string | undefined): Date {
  if (!value) return new Date();
  const d = new Date(value);
  if (d.getTime() > Date.now() + 60_000) throw new HttpError(400, EXCISE_MESSAGES.future, 'occurredAt');
  return d;
}

/** The stock movements list screen filtered on a month and a warehouse (mfe-stock /dashboard/stocks/movements). */
export const movementsLinkOf = (warehouseId: number, month: string) => {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `/dashboard/stocks/movements?warehouseId=${warehouseId}&from=${month}-01&to=${month}-${String(last).padStart(2, '0')}`;
};

/** CRD capsules and the monthly DRM of the caller's shop. */
export function createExciseService(deps: { db: Db }) {
  const { db } = deps;

  async function crdOf(tx: DbOrTx, shopId: number, id: number, lock = false): Promise<CrdColorRow> {
    const row = await findCrdColor(tx, shopId, id, lock);
    if (!row) throw new HttpError(404, EXCISE_MESSAGES.crdNotFound);
    return row;
  }

  /** A bonded warehouse of the shop: another shop's → 404; a duty-paid one → 400 (the DRM is for bonded ones only). */
  async function bondedWarehouse(tx: DbOrTx, shopId: number, id: number, lock = false): Promise<WarehouseRow> {
    const wh = await findWarehouse(tx, shopId, id, lock);
    if (!wh) throw new HttpError(404, EXCISE_MESSAGES.warehouseNotFound);
    if (wh.dutyStatus !== 'suspended') throw new HttpError(400, EXCISE_MESSAGES.warehousePaid, 'warehouseId');
    return wh;
  }

  /**
   * The declaration of a month computed from the movements. Opening stock = closing stock of the latest validated
   * month before (its stored declaration) + the net movements between; with no validated month, every movement before.
   */
  async function compute(tx: DbOrTx, shopId: number, wh: WarehouseRow, month: string): Promise<DrmDeclaration> {
    const prev = await lastValidatedBefore(tx, wh.id, month);
    const opening = new Map<string, { fields: CategoryFields; ml: number }>();
    const addOpening = (fields: CategoryFields, ml: number) => {
      const key = categoryKey(fields);
      const cur = opening.get(key) ?? { fields, ml: 0 };
      cur.ml += ml;
      opening.set(key, cur);
    };
    if (prev) {
      for (const c of (prev.declaration as unknown as DrmDeclaration).categories) addOpening(c, clToMl(c.closingCl));
    }
    const prevMonth = prev ? prev.month.slice(0, 7) : null;
    // one after the other: `tx` may be a transaction (a single connection)
    const net =
      prevMonth && addMonths(prevMonth, 1) === month
        ? []
        : await drmNetGroups(tx, wh.id, prevMonth ? addMonths(prevMonth, 1) : null, month);
    const groups = await drmMonthGroups(tx, shopId, wh.id, month);
    const problems = await drmProblems(tx, shopId, wh.id, month);
    const movementCount = await drmMovementCount(tx, wh.id, month);
    for (const g of net) addOpening(g, g.ml);
    const categories = buildCategories(
      opening,
      groups.filter((g) => isDrmLine(g.line)),
    );
    return {
      warehouse: { id: wh.id, name: wh.name, exciseNumber: wh.exciseNumber },
      month,
      status: 'open',
      validatedAt: null,
      openingSource: prev ? 'validated' : 'movements',
      categories,
      totals: sumFigures(categories),
      anomalies: buildAnomalies(problems, categories),
      movementCount,
      movementsLink: movementsLinkOf(wh.id, month),
    };
  }

  const snapshotOf = (row: DrmMonthRow): DrmDeclaration => ({
    ...(row.declaration as unknown as DrmDeclaration),
    status: 'validated',
    validatedAt: iso(row.validatedAt),
  });

  async function withDetail(shopId: number, wh: WarehouseRow, decl: DrmDeclaration): Promise<DrmDeclaration> {
    const rows = await drmDetail(db, shopId, wh.id, decl.month);
    const byKey = detailByCategory(rows.flatMap((r) => (isDrmLine(r.line) ? [{ ...r, line: r.line }] : [])));
    return { ...decl, categories: decl.categories.map((c) => ({ ...c, detail: byKey.get(c.key) ?? [] })) };
  }

  async function drm(shopId: number, warehouseId: number, month: string | undefined, detail = false): Promise<DrmDeclaration> {
    const wh = await bondedWarehouse(db, shopId, warehouseId);
    const m = month ?? lastCompleteMonth();
    const validated = await findDrmMonth(db, wh.id, m);
    const decl = validated ? snapshotOf(validated) : await compute(db, shopId, wh, m);
    return detail ? withDetail(shopId, wh, decl) : decl;
  }

  return {
    // ------------------------------------------------------------ CRD
    async listCrd(shopId: number, q: CrdColorsQuery): Promise<Paginated<CrdColor>> {
      const { rows, total } = await listCrdColors(db, shopId, q);
      return paginated(rows.map(crdDto), total, q);
    },
    async getCrd(shopId: number, id: number): Promise<CrdColor> {
      return crdDto(await crdOf(db, shopId, id));
    },
    async createCrd(shopId: number, userId: number, body: CrdColorBody) {
      const row = await db.transaction(async (tx) => {
        const { initialStock = 0, ...values } = body;
        const created = await insertCrdColor(tx, shopId, { ...values, stock: initialStock });
        if (initialStock > 0)
          await insertCrdMovement(tx, {
            shopId,
            crdColorId: created.id,
            quantity: initialStock,
            kind: 'adjustment',
            reason: 'Stock initial',
            occurredAt: new Date(),
            userId,
          });
        return created;
      });
      return { ...crdDto(row), message: EXCISE_MESSAGES.crdCreated };
    },
    async updateCrd(shopId: number, id: number, body: CrdColorBody) {
      const { initialStock: _ignored, ...values } = body;
      const row = await updateCrdColor(db, shopId, id, values);
      if (!row) throw new HttpError(404, EXCISE_MESSAGES.crdNotFound);
      return { ...crdDto(row), message: EXCISE_MESSAGES.crdUpdated };
    },
    async listCrdMovements(shopId: number, id: number, q: CrdMovementsQuery): Promise<Paginated<CrdMovement>> {
      await crdOf(db, shopId, id);
      const { rows, total } = await listCrdMovements(db, shopId, id, q);
      return paginated(rows.map(crdMovementDto), total, q);
    },
    /** A purchase of capsules (entry) or an inventory adjustment (the counted stock), in one transaction. */
    async addCrdMovement(shopId: number, userId: number, id: number, body: CrdMovementBody) {
      const occurredAt = occurredAtOf(body.occurredAt);
      return db.transaction(async (tx) => {
        const color = await crdOf(tx, shopId, id, true);
        if (color.archived) throw new HttpError(400, EXCISE_MESSAGES.crdArchived, 'crdColorId');
        const delta = body.kind === 'purchase' ? body.quantity : body.counted - color.stock;
        if (delta === 0) throw new HttpError(400, EXCISE_MESSAGES.countedEqual, 'counted');
        const updated = await addCrdStock(tx, shopId, id, delta);
        if (!updated) throw new HttpError(400, EXCISE_MESSAGES.crdInsufficient(color.stock), 'counted');
        const mv = await insertCrdMovement(tx, {
          shopId,
          crdColorId: id,
          quantity: delta,
          kind: body.kind,
          reason: body.reason ?? null,
          occurredAt,
          userId,
        });
        return { color: crdDto(updated), movement: crdMovementDto(mv), message: EXCISE_MESSAGES.crdMovementCreated };
      });
    },

    // ------------------------------------------------------------ DRM
    async warehouseOf(shopId: number, warehouseId: number) {
      return bondedWarehouse(db, shopId, warehouseId);
    },
    /** The month's declaration: the stored snapshot when validated, else computed from the movements. */
    drm,
    async exportCsv(shopId: number, warehouseId: number, month: string | undefined) {
      const decl = await drm(shopId, warehouseId, month);
      return { filename: exportFilename(decl, 'csv'), body: drmCsv(decl) };
    },
    async exportPdf(shopId: number, warehouseId: number, month: string | undefined) {
      const decl = await drm(shopId, warehouseId, month);
      return { filename: exportFilename(decl, 'pdf'), body: await drmPdf(decl, await findShopName(db, shopId)) };
    },
    /** Months with movements or validated, newest first, with their status. */
    async months(shopId: number, warehouseId: number): Promise<DrmMonthStatus[]> {
      const wh = await bondedWarehouse(db, shopId, warehouseId);
      const [counts, validated] = await Promise.all([movementMonths(db, wh.id), listDrmMonths(db, wh.id)]);
      const out = new Map<string, DrmMonthStatus>();
      for (const c of counts) out.set(c.month, { month: c.month, status: 'open', validatedAt: null, movementCount: c.n });
      for (const v of validated) {
        const month = v.month.slice(0, 7);
        out.set(month, { month, status: 'validated', validatedAt: iso(v.validatedAt), movementCount: out.get(month)?.movementCount ?? 0 });
      }
      const last = lastCompleteMonth();
      if (!out.has(last)) out.set(last, { month: last, status: 'open', validatedAt: null, movementCount: 0 });
      return [...out.values()].filter((m) => m.month <= parisMonth(new Date())).sort((a, b) => b.month.localeCompare(a.month));
    },
    /**
     * Validates (files) a month: it becomes locked — no movement may be dated inside it (stock module's applyMovements)
     * — and the following month starts from its stored closing stock. A legal document: never un-validated.
     * Rules (decided for the DRM's continuity, CGI art. 302 M: one declaration per month, in order): the month must be
     * over; no later month may be validated already; every earlier month with movements since the last validated one
     * must be validated first (so the first declaration of a warehouse is the month of its first movement); no
     * blocking anomaly. The warehouse row is locked so two validations of one warehouse run one after the other.
     */
    async validate(shopId: number, userId: number, body: { warehouseId: number; month: string }) {
      const { month } = body;
      const row = await db.transaction(async (tx) => {
        const wh = await bondedWarehouse(tx, shopId, body.warehouseId, true);
        if (await findDrmMonth(tx, wh.id, month)) throw new HttpError(409, EXCISE_MESSAGES.alreadyValidated, 'month');
        if (month >= parisMonth(new Date())) throw new HttpError(400, EXCISE_MESSAGES.monthNotOver, 'month');
        const later = await firstValidatedAfter(tx, wh.id, month);
        if (later) throw new HttpError(400, EXCISE_MESSAGES.laterValidated(monthLabel(later.month.slice(0, 7))), 'month');
        const prev = await lastValidatedBefore(tx, wh.id, month);
        const open = await firstMovementMonthBetween(tx, wh.id, prev ? prev.month.slice(0, 7) : null, month);
        if (open) throw new HttpError(400, EXCISE_MESSAGES.previousOpen(monthLabel(open)), 'month');
        const decl = await compute(tx, shopId, wh, month);
        const blocking = decl.anomalies.filter((a) => a.severity === 'error');
        if (blocking.length)
          throw new HttpError(400, `${EXCISE_MESSAGES.anomalies} : ${blocking.map((a) => a.message).join(' ; ')}`, 'month');
        const inserted = await insertDrmMonth(tx, {
          shopId,
          warehouseId: wh.id,
          month: monthDay(month),
          declaration: decl as unknown as Record<string, unknown>,
          validatedBy: userId,
        });
        if (!inserted) throw new HttpError(409, EXCISE_MESSAGES.alreadyValidated, 'month');
        return inserted;
      });
      return { ...snapshotOf(row), message: EXCISE_MESSAGES.validated };
    },
  };
}

export type ExciseService = ReturnType<typeof createExciseService>;
