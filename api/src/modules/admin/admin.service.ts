import type { Paginated } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { findCurrentMaintenance, saveMaintenance } from '../maintenances';
import {
  countOverview,
  findShop,
  insertAudit,
  listAudit,
  listOrders,
  listProducts,
  listShops,
  reopenShop,
  shopExists,
  suspendShop,
  type AdminAuditQuery,
  type AdminOrdersQuery,
  type AdminProductsQuery,
  type AdminShopRow,
  type AdminShopsQuery,
} from './admin.repository';
import {
  ADMIN_MESSAGES,
  type AdminAuditEntry,
  type AdminMaintenance,
  type AdminOrder,
  type AdminProduct,
  type AdminShop,
  type MaintenanceInput,
} from './admin.schemas';

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

function toShop(r: AdminShopRow): AdminShop {
  const last = r.lastOrderAt && new Date(r.lastOrderAt) > r.updatedAt ? new Date(r.lastOrderAt) : r.updatedAt;
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    urlShop: r.urlShop,
    businessType: r.businessType,
    owner: r.owner ? { id: Number(r.owner.id), username: r.owner.username, email: r.owner.email } : null,
    modules: Object.entries(r.integration ?? {})
      .filter(([, v]) => v && typeof v === 'object' && v.active === true)
      .map(([k]) => k)
      .sort(),
    createdAt: r.createdAt.toISOString(),
    lastActivityAt: last.toISOString(),
    suspendedAt: iso(r.suspendedAt),
    suspendedReason: r.suspendedReason,
  };
}

type MaintenanceRow = NonNullable<Awaited<ReturnType<typeof findCurrentMaintenance>>>;
function toMaintenance(m: MaintenanceRow, now: Date): AdminMaintenance {
  return {
    id: m.id,
    mode: m.page ? 'page' : 'banner',
    message: m.banner ?? '',
    startDate: iso(m.startDate),
    endDate: iso(m.endDate),
    active: (!m.startDate || m.startDate <= now) && (!m.endDate || m.endDate > now),
  };
}

/** Who acts, as admin_audit keeps it. */
export type Actor = Pick<UserRow, 'id' | 'username'>;

/** The platform operator's back office: searches across shops, suspensions, the maintenance, the audit. */
export function createAdminService(deps: { db: Db }) {
  const { db } = deps;
  const audit = (actor: Actor) => ({ userId: actor.id, userName: actor.username });

  async function shopOrThrow(id: number) {
    const s = await findShop(db, id);
    if (!s) throw notFound(ADMIN_MESSAGES.shopNotFound);
    return toShop(s);
  }

  return {
    async overview() {
      return countOverview(db);
    },

    async orders(q: AdminOrdersQuery): Promise<Paginated<AdminOrder>> {
      const { rows, total } = await listOrders(db, q);
      return paginated(
        rows.map((r) => ({
          id: r.id,
          number: r.number,
          subType: r.subType,
          status: r.status,
          paymentStatus: r.paymentStatus,
          totalTTC: r.totalTTC,
          createdAt: r.createdAt.toISOString(),
          shop: { id: r.shopId, name: r.shopName, code: r.shopCode },
          buyer: { id: r.buyerId, name: r.buyerName, email: r.buyerEmail },
        })),
        total,
        q,
      );
    },

    async products(q: AdminProductsQuery): Promise<Paginated<AdminProduct>> {
      const { rows, total } = await listProducts(db, q);
      return paginated(
        rows.map((r) => ({
          id: r.id,
          name: r.name,
          productType: r.productType,
          status: r.status,
          archived: r.archivedAt !== null,
          createdAt: r.createdAt.toISOString(),
          shop: { id: r.shopId, name: r.shopName, code: r.shopCode },
        })),
        total,
        q,
      );
    },

    async shops(q: AdminShopsQuery): Promise<Paginated<AdminShop>> {
      const { rows, total } = await listShops(db, q);
      return paginated(rows.map(toShop), total, q);
    },

    /** Suspends a shop and records it, in one transaction; already suspended → 409. */
    async suspend(actor: Actor, id: number, reason: string) {
      await db.transaction(async (tx) => {
        if (!(await suspendShop(tx, id, reason))) {
          if (!(await shopExists(tx, id))) throw notFound(ADMIN_MESSAGES.shopNotFound);
          throw new HttpError(409, ADMIN_MESSAGES.alreadySuspended);
        }
        await insertAudit(tx, { ...audit(actor), action: 'shop.suspend', targetType: 'shop', targetId: String(id), detail: { reason } });
      });
      return { success: true as const, message: ADMIN_MESSAGES.suspended, shop: await shopOrThrow(id) };
    },

    /** Reopens a suspended shop and records it, in one transaction; not suspended → 409. */
    async reopen(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await findShop(tx, id);
        if (!before) throw notFound(ADMIN_MESSAGES.shopNotFound);
        if (!(await reopenShop(tx, id))) throw new HttpError(409, ADMIN_MESSAGES.notSuspended);
        await insertAudit(tx, {
          ...audit(actor),
          action: 'shop.reopen',
          targetType: 'shop',
          targetId: String(id),
          detail: { reason: before.suspendedReason, suspendedAt: iso(before.suspendedAt) },
        });
      });
      return { success: true as const, message: ADMIN_MESSAGES.reopened, shop: await shopOrThrow(id) };
    },

    /** The maintenance running or to come (the latest one not over), or null. */
    async maintenance(now = new Date()): Promise<AdminMaintenance | null> {
      const m = await findCurrentMaintenance(db, now);
      return m ? toMaintenance(m, now) : null;
    },

    /** Sets the maintenance running or to come (creates one when none), recorded in the same transaction. */
    async saveMaintenance(actor: Actor, input: MaintenanceInput) {
      const now = new Date();
      const saved = await db.transaction(async (tx) => {
        const current = await findCurrentMaintenance(tx, now);
        const row = await saveMaintenance(tx, current?.id ?? null, {
          banner: input.message,
          page: input.mode === 'page',
          startDate: new Date(input.startDate),
          endDate: new Date(input.endDate),
        });
        await insertAudit(tx, {
          ...audit(actor),
          action: 'maintenance.save',
          targetType: 'maintenance',
          targetId: String(row.id),
          detail: { ...input, ...(current ? { previous: toMaintenance(current, now) } : {}) },
        });
        return row;
      });
      return { success: true as const, message: ADMIN_MESSAGES.maintenanceSaved, maintenance: toMaintenance(saved, now) };
    },

    /** Ends the maintenance now (GET /v1/maintenances answers null at once); none → 404. */
    async endMaintenance(actor: Actor) {
      const now = new Date();
      await db.transaction(async (tx) => {
        const current = await findCurrentMaintenance(tx, now);
        if (!current) throw notFound(ADMIN_MESSAGES.noMaintenance);
        const start = current.startDate && current.startDate < now ? current.startDate : now;
        await saveMaintenance(tx, current.id, { banner: current.banner, page: current.page, startDate: start, endDate: now });
        await insertAudit(tx, {
          ...audit(actor),
          action: 'maintenance.end',
          targetType: 'maintenance',
          targetId: String(current.id),
          detail: { previous: toMaintenance(current, now) },
        });
      });
      return { success: true as const, message: ADMIN_MESSAGES.maintenanceEnded, maintenance: null };
    },

    async audit(q: AdminAuditQuery): Promise<Paginated<AdminAuditEntry>> {
      const { rows, total } = await listAudit(db, q);
      return paginated(
        rows.map((r) => ({
          id: r.id,
          userId: r.userId,
          userName: r.userName,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          detail: r.detail ?? null,
          at: r.at.toISOString(),
        })),
        total,
        q,
      );
    },
  };
}
