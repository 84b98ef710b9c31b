import type {
  Paginated,
  PurchasableFormat,
  PurchaseOrderDetail,
  PurchaseOrderListItem,
  PurchaseOrderValues,
  PurchaseWarehouse,
  ReceiveValues,
  SupplierDetail,
  SupplierListItem,
  SupplierValues,
} from 'shared-kernel/contracts';
import { PURCHASING_MESSAGES as M, linesTotalCents } from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { paginated } from '../../platform/list-query';
import { applyMovements, type MovementInput } from '../stock';
import { purchaseOrderMail } from './purchasing.mails';
import { renderPurchasePdf } from './purchasing.pdf';
import * as repo from './purchasing.repository';
import type { PurchaseOrderLineRow, PurchaseOrderStatus, SupplierRow } from './purchasing.tables';

const iso = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString() : d);

const supplierItem = (s: SupplierRow): SupplierListItem => ({
  id: s.id,
  company: s.company,
  siret: s.siret,
  vatNumber: s.vatNumber,
  email: s.email,
  phone: s.phone,
  city: s.address?.city ?? null,
  paymentDelay: s.paymentDelay,
  status: s.status,
  createdAt: iso(s.createdAt)!,
});

const purchaseItem = (r: repo.PurchaseListRow): PurchaseOrderListItem => ({
  id: r.order.id,
  number: r.order.number,
  status: r.order.status,
  supplierId: r.order.supplierId,
  supplierName: r.supplierName,
  warehouseId: r.order.warehouseId,
  warehouseName: r.warehouseName,
  expectedAt: r.order.expectedAt,
  totalHTCents: r.order.totalHTCents,
  createdAt: iso(r.order.createdAt)!,
  sentAt: iso(r.order.sentAt),
  receivedAt: iso(r.order.receivedAt),
  cancelledAt: iso(r.order.cancelledAt),
});

const purchaseDetail = (head: repo.PurchaseHead, lines: PurchaseOrderLineRow[]): PurchaseOrderDetail => ({
  ...purchaseItem(head),
  notes: head.order.notes,
  supplierEmail: head.supplierEmail,
  updatedAt: iso(head.order.updatedAt)!,
  lines: lines.map((l) => ({
    id: l.id,
    position: l.position,
    formatId: l.formatId,
    label: l.label,
    quantity: l.quantity,
    receivedQuantity: l.receivedQuantity,
    unitCostCents: l.unitCostCents,
    totalHTCents: l.quantity * l.unitCostCents,
  })),
});

/** 'Saint-Amour 2022 — 75 cl': product, vintage, then the format's shop name or its volume. */
export function formatLabel(f: repo.FormatRef): string {
  let size = f.nameInShop ?? '';
  if (!size && f.unityValue) {
    if (f.unity === 'litre') {
      const cl = Math.round(f.unityValue * 100);
      size = cl < 100 ? `${cl} cl` : `${String(cl / 100).replace('.', ',')} L`;
    } else size = `${String(f.unityValue).replace('.', ',')} ${f.unity}`;
  }
  return [f.productName, f.vintageName].filter(Boolean).join(' ') + (size ? ` — ${size}` : '');
}

/**
 * Weighted average unit cost (coût unitaire moyen pondéré, PCG art. 213-33: stocks may be valued at the weighted
 * average cost of purchase): (units on hand × current cost + units received × their cost) / (on hand + received),
 * rounded to the cent. Without a known cost or stock on hand, the cost of the receipt.
 */
export function weightedAverageCost(onHand: number, currentCents: number | null, received: number, unitCents: number): number {
  if (received <= 0) return currentCents ?? unitCents;
  if (currentCents === null || onHand <= 0) return unitCents;
  return Math.round((onHand * currentCents + received * unitCents) / (onHand + received));
}

const conflict = (message: string) => new HttpError(409, message);
const notFound = (message: string) => new HttpError(404, message);
const bad = (message: string, field?: string) => new HttpError(400, message, field);

/** Suppliers and purchase orders of a shop. Every query takes the caller's shop id. */
export function createPurchasingService(deps: { db: Db }) {
  const { db } = deps;

  async function loadDetail(tx: DbOrTx, shopId: number, id: number): Promise<PurchaseOrderDetail> {
    const head = await repo.findPurchase(tx, shopId, id);
    if (!head) throw notFound(M.purchaseNotFound);
    return purchaseDetail(head, await repo.findLines(tx, shopId, id));
  }

  /** The lines as stored: catalogue formats of the shop only (field lines.N.formatId), labels filled from them. */
  async function resolveLines(tx: DbOrTx, shopId: number, body: PurchaseOrderValues): Promise<repo.LineValues[]> {
    const ids = [...new Set(body.lines.map((l) => l.formatId).filter((v): v is number => !!v))];
    const formats = new Map((await repo.findShopFormats(tx, shopId, ids)).map((f) => [f.id, f]));
    return body.lines.map((l, i) => {
      const f = l.formatId ? formats.get(l.formatId) : undefined;
      if (l.formatId && !f) throw bad(M.formatNotFound, `lines.${i}.formatId`);
      return { formatId: f?.id ?? null, label: l.label ?? formatLabel(f!), quantity: l.quantity, unitCostCents: l.unitCostCents };
    });
  }

  async function checkHead(tx: DbOrTx, shopId: number, body: PurchaseOrderValues): Promise<void> {
    const supplier = await repo.findSupplier(tx, shopId, body.supplierId);
    if (!supplier) throw bad(M.supplierNotFound, 'supplierId');
    if (supplier.status === 'archived') throw bad(M.supplierArchived, 'supplierId');
    if (body.warehouseId && !(await repo.findShopWarehouses(tx, shopId, [body.warehouseId])).length) {
      throw bad(M.warehouseNotFound, 'warehouseId');
    }
  }

  async function getSupplier(shopId: number, id: number): Promise<SupplierDetail> {
    const s = await repo.findSupplier(db, shopId, id);
    if (!s) throw notFound(M.supplierNotFound);
    const [totals, recent] = await Promise.all([
      repo.supplierPurchaseTotals(db, shopId, id),
      repo.recentPurchasesOfSupplier(db, shopId, id, 20),
    ]);
    return {
      ...supplierItem(s),
      address: {
        line1: s.address?.line1 ?? null,
        line2: s.address?.line2 ?? null,
        zip: s.address?.zip ?? null,
        city: s.address?.city ?? null,
        country: s.address?.country ?? null,
      },
      contacts: (s.contacts ?? []).map((c) => ({ name: c.name, role: c.role ?? null, email: c.email ?? null, phone: c.phone ?? null })),
      notes: s.notes,
      updatedAt: iso(s.updatedAt)!,
      purchases: { ...totals, recent: recent.map(purchaseItem) },
    };
  }

  async function transition(
    shopId: number,
    id: number,
    allowed: PurchaseOrderStatus[],
    message: string,
    then: (tx: DbOrTx, head: repo.PurchaseHead) => Promise<void>,
  ): Promise<PurchaseOrderDetail> {
    return db.transaction(async (tx) => {
      const head = await repo.findPurchase(tx, shopId, id, true);
      if (!head) throw notFound(M.purchaseNotFound);
      if (!allowed.includes(head.order.status)) throw conflict(message);
      await then(tx, head);
      return loadDetail(tx, shopId, id);
    });
  }

  return {
    // ---------- suppliers ----------
    async listSuppliers(shopId: number, q: repo.SuppliersQuery): Promise<Paginated<SupplierListItem>> {
      const { rows, total } = await repo.listSuppliers(db, shopId, q);
      return paginated(rows.map(supplierItem), total, q);
    },

    getSupplier,

    async createSupplier(shopId: number, body: SupplierValues) {
      const row = await repo.insertSupplier(db, shopId, body);
      return { ...(await getSupplier(shopId, row.id)), message: M.supplierCreated };
    },

    async updateSupplier(shopId: number, id: number, body: SupplierValues) {
      const row = await repo.updateSupplier(db, shopId, id, body);
      if (!row) throw notFound(M.supplierNotFound);
      return { ...(await getSupplier(shopId, id)), message: M.supplierUpdated };
    },

    /** Only a supplier without purchase orders is deleted (they keep their history): else 409, archive it instead. */
    async deleteSupplier(shopId: number, id: number) {
      return db.transaction(async (tx) => {
        const s = await repo.findSupplier(tx, shopId, id);
        if (!s) throw notFound(M.supplierNotFound);
        if ((await repo.countPurchasesOfSupplier(tx, shopId, id)) > 0) throw conflict(M.supplierHasOrders);
        await repo.deleteSupplier(tx, shopId, id);
        return { success: true as const, message: M.supplierDeleted };
      });
    },

    // ---------- purchase orders ----------
    async listPurchases(shopId: number, q: repo.PurchasesQuery): Promise<Paginated<PurchaseOrderListItem>> {
      const { rows, total } = await repo.listPurchases(db, shopId, q);
      return paginated(rows.map(purchaseItem), total, q);
    },

    getPurchase: (shopId: number, id: number) => loadDetail(db, shopId, id),

    async createPurchase(shopId: number, userId: number | null, body: PurchaseOrderValues) {
      const detail = await db.transaction(async (tx) => {
        await checkHead(tx, shopId, body);
        const lines = await resolveLines(tx, shopId, body);
        const number = await repo.nextPurchaseNumber(tx, shopId, new Date().getFullYear());
        const row = await repo.insertPurchase(tx, shopId, {
          supplierId: body.supplierId,
          number,
          status: 'draft',
          warehouseId: body.warehouseId,
          expectedAt: body.expectedAt,
          notes: body.notes,
          totalHTCents: linesTotalCents(lines),
          createdBy: userId,
        });
        await repo.replaceLines(tx, shopId, row.id, lines);
        return loadDetail(tx, shopId, row.id);
      });
      return { ...detail, message: M.created };
    },

    async updatePurchase(shopId: number, id: number, body: PurchaseOrderValues) {
      const detail = await transition(shopId, id, ['draft'], M.notDraft, async (tx) => {
        await checkHead(tx, shopId, body);
        const lines = await resolveLines(tx, shopId, body);
        await repo.updatePurchase(tx, shopId, id, {
          supplierId: body.supplierId,
          warehouseId: body.warehouseId,
          expectedAt: body.expectedAt,
          notes: body.notes,
          totalHTCents: linesTotalCents(lines),
        });
        await repo.replaceLines(tx, shopId, id, lines);
      });
      return { ...detail, message: M.updated };
    },

    /** draft → sent: the PDF is mailed to the supplier through the mail queue, in the same transaction. */
    async sendPurchase(shopId: number, id: number) {
      const detail = await transition(shopId, id, ['draft'], M.notSendable, async (tx, head) => {
        if (!head.supplierEmail) throw bad(M.supplierNoEmail, 'supplierId');
        await repo.updatePurchase(tx, shopId, id, { status: 'sent', sentAt: new Date() });
        const order = await loadDetail(tx, shopId, id);
        const { pdf, shop, supplier } = await pdfOf(tx, shopId, order);
        const mail = purchaseOrderMail({ to: supplier.email!, shopName: shop.name, replyTo: shop.contactEmail, order, pdf });
        await enqueueMail(tx as Db, mail, { dedupeKey: `purchase-order-sent:${id}` });
      });
      nudgeJobs();
      return { ...detail, message: M.sent };
    },

    /**
     * Receipt of some quantities: stock entries (kind 'purchase', with their unit cost) in the chosen warehouse through
     * the stock module, the format's cost (weighted average), the received quantities and the status, in one transaction.
     */
    async receivePurchase(shopId: number, userId: number | null, id: number, body: ReceiveValues) {
      const detail = await transition(shopId, id, ['sent', 'partial'], M.notReceivable, async (tx, head) => {
        const lines = await repo.findLines(tx, shopId, id);
        const byId = new Map(lines.map((l) => [l.id, l]));
        const received = new Map(lines.map((l) => [l.id, l.receivedQuantity]));
        const whIds = [...new Set(body.lines.map((l) => l.warehouseId ?? head.order.warehouseId).filter((v): v is number => !!v))];
        const shopWarehouses = new Set((await repo.findShopWarehouses(tx, shopId, whIds)).map((w) => w.id));
        const now = new Date();
        if (body.receivedAt && body.receivedAt > now.toISOString().slice(0, 10)) throw bad(M.receivedInFuture, 'receivedAt');
        // a past day is booked at noon UTC; today (or no date) at the current time
        const occurredAt = body.receivedAt ? new Date(Math.min(Date.parse(`${body.receivedAt}T12:00:00Z`), now.getTime())) : now;
        const movements: Array<MovementInput & { formatId: number; unitCostCents: number }> = [];
        body.lines.forEach((l, i) => {
          const line = byId.get(l.lineId);
          if (!line) throw bad(M.lineNotFound, `lines.${i}.lineId`);
          const remaining = line.quantity - received.get(line.id)!;
          if (l.quantity > remaining) throw bad(M.overReceived(remaining), `lines.${i}.quantity`);
          if (l.quantity === 0) return;
          received.set(line.id, received.get(line.id)! + l.quantity);
          if (!line.formatId) return; // a free line (services, dry goods…): no stock
          const warehouseId = l.warehouseId ?? head.order.warehouseId;
          if (!warehouseId) throw bad(M.warehouseRequired, `lines.${i}.warehouseId`);
          if (!shopWarehouses.has(warehouseId)) throw bad(M.warehouseNotFound, `lines.${i}.warehouseId`);
          movements.push({
            warehouseId,
            formatId: line.formatId,
            quantity: l.quantity,
            kind: 'purchase',
            reason: `Réception ${head.order.number}`,
            occurredAt,
            documentType: 'purchase',
            documentId: id,
            unitCostCents: line.unitCostCents,
          });
        });
        if (!body.lines.some((l) => l.quantity > 0)) throw bad(M.nothingReceived, 'lines');

        // costs first, from the stock on hand before this receipt
        const formatIds = [...new Set(movements.map((m) => m.formatId))];
        const [onHand, formats] = await Promise.all([
          repo.onHandByFormat(tx, shopId, formatIds),
          repo.findShopFormats(tx, shopId, formatIds),
        ]);
        for (const f of formats) {
          let stock = Math.max(0, onHand.get(f.id) ?? 0);
          let cost = f.costCents;
          for (const m of movements.filter((x) => x.formatId === f.id)) {
            cost = weightedAverageCost(stock, cost, m.quantity, m.unitCostCents);
            stock += m.quantity;
          }
          if (cost !== null && cost !== f.costCents) await repo.setFormatCost(tx, shopId, f.id, cost);
        }
        if (movements.length) await applyMovements(tx, { shopId, userId }, movements);

        for (const [lineId, qty] of received)
          if (qty !== byId.get(lineId)!.receivedQuantity) await repo.setLineReceived(tx, shopId, lineId, qty);
        const complete = lines.every((l) => received.get(l.id)! >= l.quantity);
        await repo.updatePurchase(tx, shopId, id, complete ? { status: 'received', receivedAt: occurredAt } : { status: 'partial' });
      });
      return { ...detail, message: M.received };
    },

    async cancelPurchase(shopId: number, id: number) {
      const detail = await transition(shopId, id, ['draft', 'sent'], M.notCancellable, async (tx) => {
        await repo.updatePurchase(tx, shopId, id, { status: 'cancelled', cancelledAt: new Date() });
      });
      return { ...detail, message: M.cancelled };
    },

    async purchasePdf(shopId: number, id: number): Promise<{ filename: string; pdf: Buffer }> {
      const order = await loadDetail(db, shopId, id);
      const { pdf } = await pdfOf(db, shopId, order);
      return { filename: `${order.number}.pdf`, pdf };
    },

    async searchFormats(shopId: number, q: string | undefined): Promise<PurchasableFormat[]> {
      const rows = await repo.searchShopFormats(db, shopId, q, 50);
      return rows.map((f) => ({ id: f.id, label: formatLabel(f), costCents: f.costCents }));
    },

    warehouses: (shopId: number): Promise<PurchaseWarehouse[]> => repo.findShopWarehouses(db, shopId),
  };

  async function pdfOf(tx: DbOrTx, shopId: number, order: PurchaseOrderDetail) {
    const [shop, supplier] = await Promise.all([repo.findShopHeader(tx, shopId), repo.findSupplier(tx, shopId, order.supplierId)]);
    const pdf = await renderPurchasePdf({
      shop: shop ?? { name: '', contactEmail: null },
      supplier: {
        company: supplier?.company ?? order.supplierName,
        siret: supplier?.siret ?? null,
        vatNumber: supplier?.vatNumber ?? null,
        email: supplier?.email ?? null,
        address: supplier?.address ?? {},
        paymentDelay: supplier?.paymentDelay ?? null,
      },
      order,
    });
    return { pdf, shop: shop ?? { name: '', contactEmail: null }, supplier: { email: supplier?.email ?? order.supplierEmail } };
  }
}
export type PurchasingService = ReturnType<typeof createPurchasingService>;
