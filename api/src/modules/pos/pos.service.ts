/**
 * The cash register: salespoints, sessions, tickets, closings, the chained journal (pos.chain.ts).
 * Tickets are priced with shared-kernel/domain/pos priceTicket — the code the till runs, offline too — from the
 * counter typology's TTC prices; a ticket is final once recorded (numbered without gap per salespoint, its content
 * chained); a refund is a new ticket with negative lines that refers to the sale. Sold units leave the salespoint's
 * warehouse (a 'sale' movement); a unit the stock does not know of never blocks a paid sale (it is noted as an event).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  POS_MESSAGES as M,
  POS_PAYMENT_METHODS,
  type ChainVerification,
  type Paginated,
  type PosCatalog,
  type PosCatalogItem,
  type PosClosing,
  type PosPaymentMethod,
  type PosSession,
  type PosTicket,
  type PosTicketLine,
  type PosTotals,
  type SalesPoint,
} from 'shared-kernel/contracts';
import {
  ACCOUNTING_TYPE_OF_PRODUCT,
  changeDue,
  formatCents,
  paymentProblems,
  priceTicket,
  typologyDiscounted,
  vatRateOf,
  type TicketLineInput,
  type VatType,
} from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { enqueue, nudgeJobs } from '../../platform/jobs';
import { shops, users, type ShopMemberRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { clientName, crmClients } from '../clients';
import { syncTicketLoyalty } from '../loyalty';
import { nextCounterValue } from '../orders';
import { parisDate } from '../sales';
import { applyMovements, stockLevels, warehouses } from '../stock';
import { appendRecord, closingContent, ticketContent, verifyChain } from './pos.chain';
import type { TicketsListQuery } from './pos.schemas';
import {
  posClosings,
  posSalesPoints,
  posSessions,
  posTickets,
  type PosClosingRow,
  type PosSessionRow,
  type PosTicketRow,
  type SalesPointRow,
} from './pos.tables';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface SalesPointValues {
  name: string;
  warehouseId: number;
  methods: PosPaymentMethod[];
  typology?: string | null;
  receiptHeader: string;
  receiptFooter: string;
  display: boolean;
}
export interface TicketValues {
  key: string;
  lines: Array<{
    formatId?: number | null;
    label?: string | null;
    quantity: number;
    unitPriceTTC?: number | null;
    vatRate?: number | null;
    accountingType?: string | null;
    discount?: { kind: 'percent' | 'amount'; value: number } | null;
    free?: boolean;
  }>;
  discount?: { kind: 'percent' | 'amount'; value: number } | null;
  clientId?: number | null;
  payments: Array<{ method: PosPaymentMethod; amount: number }>;
  cashGiven?: number | null;
  offline?: { number: string; at: string } | null;
}

/** 'CAVEAU' from 'Caveau du domaine' → the ticket prefix. */
const prefixOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')[0]
    ?.slice(0, 10) || 'CAISSE';

/** The job that moves a ticket's units out of (or back into) the salespoint's warehouse. */
export const POS_STOCK_JOB = 'pos-stock';

/**
 * `stock: 'job'` (the api): a ticket's stock movement is a job enqueued in the ticket's transaction and run right
 * after by the worker, so finalising a ticket never waits on the warehouse's rows (ten tills selling the same wine
 * would queue on them) and a stock problem never refuses a paid sale; 'inline' (the demo seed, scripts): in the
 * ticket's transaction.
 */
export function createPosService({
  db,
  clock = () => new Date(),
  stock = 'inline',
}: {
  db: Db;
  clock?: () => Date;
  stock?: 'inline' | 'job';
}) {
  // ---------------------------------------------------------------- scope

  async function ensureModule(shopId: number) {
    const [s] = await db.select({ integration: shops.integration }).from(shops).where(eq(shops.id, shopId));
    if (s?.integration?.salesPoint?.active !== true) throw new HttpError(403, 'Le module Caisse n’est pas activé pour cette boutique');
  }

  async function salesPointOf(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<SalesPointRow> {
    const q = dbx
      .select()
      .from(posSalesPoints)
      .where(and(eq(posSalesPoints.id, id), eq(posSalesPoints.shopId, shopId)));
    const [sp] = lock ? await q.for('update') : await q;
    if (!sp) throw notFound(M.notFound);
    return sp;
  }

  async function userName(userId: number) {
    const [u] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
    return u?.username || u?.email || '';
  }

  async function checkWarehouse(shopId: number, warehouseId: number) {
    const [w] = await db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, warehouseId), eq(warehouses.shopId, shopId), eq(warehouses.archived, false)));
    if (!w) throw new HttpError(400, M.warehouse, 'warehouseId');
  }

  // ---------------------------------------------------------------- salespoints

  function sessionDto(s: PosSessionRow): PosSession {
    return {
      id: s.id,
      salesPointId: s.salesPointId,
      openedAt: s.openedAt.toISOString(),
      openedBy: s.openedByName,
      float: s.float,
      closedAt: s.closedAt?.toISOString() ?? null,
      closedBy: s.closedByName,
      closingId: s.closingId,
    };
  }

  async function listSalesPoints(shopId: number): Promise<SalesPoint[]> {
    await ensureModule(shopId);
    const sps = await db.select().from(posSalesPoints).where(eq(posSalesPoints.shopId, shopId)).orderBy(posSalesPoints.id);
    return Promise.all(sps.map((sp) => salesPointDto(sp)));
  }

  async function salesPointDto(sp: SalesPointRow): Promise<SalesPoint> {
    const today = parisDate(clock());
    const [[w], [t], [s]] = await Promise.all([
      db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, sp.warehouseId)),
      db
        .select({ total: sql<number>`coalesce(sum(${posTickets.totalTTC}), 0)::int`, n: sql<number>`count(*)::int` })
        .from(posTickets)
        .where(and(eq(posTickets.salesPointId, sp.id), eq(posTickets.day, today))),
      db
        .select()
        .from(posSessions)
        .where(and(eq(posSessions.salesPointId, sp.id), sql`${posSessions.closedAt} is null`)),
    ]);
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

  async function getSalesPoint(shopId: number, id: number) {
    await ensureModule(shopId);
    return salesPointDto(await salesPointOf(db, shopId, id));
  }

  async function createSalesPoint(shopId: number, v: SalesPointValues) {
    await ensureModule(shopId);
    await checkWarehouse(shopId, v.warehouseId);
    const [sp] = await db
      .insert(posSalesPoints)
      .values({ shopId, ...v, typology: v.typology || null, signingKey: randomBytes(32).toString('hex') })
      .returning();
    return { ...(await salesPointDto(sp)), message: M.created };
  }

  async function updateSalesPoint(shopId: number, id: number, v: SalesPointValues) {
    await ensureModule(shopId);
    await salesPointOf(db, shopId, id);
    await checkWarehouse(shopId, v.warehouseId);
    const [sp] = await db
      .update(posSalesPoints)
      .set({ ...v, typology: v.typology || null })
      .where(eq(posSalesPoints.id, id))
      .returning();
    return { ...(await salesPointDto(sp)), message: M.saved };
  }

  /** The counter typology: the salespoint's, else the shop's public one, else the first. */
  async function typologyOf(shopId: number, sp: SalesPointRow) {
    const [shop] = await db.select({ typologies: shops.typologies, settings: shops.settings }).from(shops).where(eq(shops.id, shopId));
    // format_prices.typology is the typology's id ('particulier'); the salespoint may name it by id or name
    const list = (shop?.typologies ?? []) as Array<{
      id?: string;
      name?: string;
      public?: boolean;
      ttc?: boolean;
      globalDiscount?: number;
    }>;
    const chosen = (sp.typology && list.find((t) => t.id === sp.typology || t.name === sp.typology)) ||
      list.find((t) => t.public) ||
      list[0] || { id: 'particulier', name: 'Particulier', ttc: true };
    const rates = (shop?.settings ?? {}) as { vatRate?: Partial<Record<VatType, number>>; hasTVA?: boolean };
    return {
      name: chosen.id ?? chosen.name ?? 'particulier',
      ttc: chosen.ttc !== false,
      // « Remise globale » of the counter typology: the till sells at the same discounted prices as the cart
      discount: (chosen as { globalDiscount?: number }).globalDiscount ?? 0,
      rates: rates.vatRate,
      vatOn: rates.hasTVA !== false,
    };
  }

  async function catalogItems(
    shopId: number,
    sp: SalesPointRow,
    formatIds?: number[],
  ): Promise<{ typology: string; items: PosCatalogItem[] }> {
    const typo = await typologyOf(shopId, sp);
    const only = formatIds
      ? sql`and f.id in (${sql.join(formatIds.length ? formatIds.map((id) => sql`${id}`) : [sql`0`], sql`, `)})`
      : sql``;
    const r = rows<{
      format_id: number;
      vintage_id: number | null;
      product_id: number;
      name: string;
      vintage: string | null;
      unity: string;
      unity_value: number | null;
      name_in_shop: string | null;
      gtin: string | null;
      gamme: string | null;
      product_type: string;
      color: string | null;
      vat_type: VatType;
      price_cents: number;
      stock: number;
      visual: string | null;
    }>(
      await db.execute(sql`select f.id as format_id, f.vintage_id, p.id as product_id, p.name, v.name as vintage, f.unity, f.unity_value,
          f.name_in_shop, f.gtin, p.gamme, p.product_type, p.color, p.vat_type, fp.price_cents,
          coalesce(s.on_hand, 0)::int as stock, coalesce(f.visuals->>0, p.visuals->>0) as visual
        from product_formats f
        join products p on p.id = f.product_id
        left join product_vintages v on v.id = f.vintage_id
        join format_prices fp on fp.format_id = f.id and fp.typology = ${typo.name}
        left join stock_levels s on s.format_id = f.id and s.warehouse_id = ${sp.warehouseId}
        where f.shop_id = ${shopId} and p.archived_at is null and p.status <> 'closed' ${only}
        order by p.gamme nulls last, p.name, v.name nulls first, f.position, f.id`),
    );
    const items = r.map((x): PosCatalogItem => {
      const rate = typo.vatOn ? vatRateOf(x.vat_type, typo.rates) : 0;
      const cl = x.unity === 'litre' && x.unity_value != null ? Math.round(x.unity_value * 100) : null;
      const size = x.name_in_shop || (cl != null ? `${cl} cl` : x.unity_value != null ? `${x.unity_value} ${x.unity}` : null);
      return {
        formatId: x.format_id,
        vintageId: x.vintage_id,
        productId: x.product_id,
        label: x.name,
        details: [x.vintage, size].filter(Boolean).join(' · ') || null,
        gtin: x.gtin,
        gamme: x.gamme,
        productType: x.product_type,
        color: x.color,
        unitPriceTTC: typo.ttc
          ? typologyDiscounted(x.price_cents, typo.discount)
          : Math.round((typologyDiscounted(x.price_cents, typo.discount) * (100 + rate)) / 100),
        vatRate: rate,
        accountingType: ACCOUNTING_TYPE_OF_PRODUCT[x.product_type] ?? 'product',
        stock: x.stock,
        visual: x.visual && !x.visual.startsWith('data:') ? x.visual : null,
      };
    });
    return { typology: typo.name, items };
  }

  async function catalog(shopId: number, id: number): Promise<PosCatalog> {
    await ensureModule(shopId);
    const sp = await salesPointOf(db, shopId, id);
    return { ...(await catalogItems(shopId, sp)), at: clock().toISOString() };
  }

  // ---------------------------------------------------------------- sessions

  async function openSession(member: ShopMemberRow, id: number, float: number) {
    await ensureModule(member.shopId);
    const by = await userName(member.userId);
    const session = await db.transaction(async (tx) => {
      await salesPointOf(tx, member.shopId, id, true);
      const [open] = await tx
        .select({ id: posSessions.id })
        .from(posSessions)
        .where(and(eq(posSessions.salesPointId, id), sql`${posSessions.closedAt} is null`));
      if (open) throw new HttpError(409, M.sessionOpen);
      const [s] = await tx
        .insert(posSessions)
        .values({ shopId: member.shopId, salesPointId: id, openedBy: member.userId, openedByName: by, float, openedAt: clock() })
        .returning();
      await appendRecord(tx, member.shopId, id, 'event', null, `SESSION-${s.id}`, {
        event: 'sessionOpen',
        session: s.id,
        float,
        by,
        at: s.openedAt.toISOString(),
      });
      return s;
    });
    return { ...sessionDto(session), message: M.opened };
  }

  async function listSessions(shopId: number, id: number): Promise<PosSession[]> {
    await ensureModule(shopId);
    await salesPointOf(db, shopId, id);
    const list = await db.select().from(posSessions).where(eq(posSessions.salesPointId, id)).orderBy(desc(posSessions.openedAt)).limit(200);
    return list.map(sessionDto);
  }

  // ---------------------------------------------------------------- tickets

  function ticketDto(t: PosTicketRow, refundOfRef: string | null, refunded: number[]): PosTicket {
    return {
      id: t.id,
      salesPointId: t.salesPointId,
      sessionId: t.sessionId,
      number: t.number,
      ref: t.ref,
      kind: t.kind,
      refundOf: t.refundOf ? { id: t.refundOf, ref: refundOfRef ?? '' } : null,
      at: t.at.toISOString(),
      seller: t.sellerName,
      client: t.clientId ? { id: t.clientId, name: t.clientName ?? '' } : null,
      lines: t.lines,
      discount: t.discount,
      totalTTC: t.totalTTC,
      totalHT: t.totalHT,
      totalVAT: t.totalVAT,
      vat: t.vat,
      payments: t.payments,
      cashGiven: t.cashGiven,
      change: t.change,
      refunded,
      offline: t.offlineNumber ? { number: t.offlineNumber, at: t.offlineAt?.toISOString() ?? t.at.toISOString() } : null,
      hash: '',
    };
  }

  async function ticketsDto(list: PosTicketRow[]): Promise<PosTicket[]> {
    if (!list.length) return [];
    const ids = list.map((t) => t.id);
    const refIds = list.map((t) => t.refundOf).filter((v): v is number => v != null);
    const [refs, refunds, hashes] = await Promise.all([
      refIds.length ? db.select({ id: posTickets.id, ref: posTickets.ref }).from(posTickets).where(inArray(posTickets.id, refIds)) : [],
      db.select({ refundOf: posTickets.refundOf, lines: posTickets.lines }).from(posTickets).where(inArray(posTickets.refundOf, ids)),
      rows<{ ref_id: number; hash: string }>(
        await db.execute(
          sql`select ref_id, hash from pos_journal where kind = 'ticket' and ref_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
      ),
    ]);
    const refOf = new Map(refs.map((r) => [r.id, r.ref]));
    const hashOf = new Map(hashes.map((h) => [h.ref_id, h.hash]));
    return list.map((t) => {
      const refunded = t.lines.map(() => 0);
      for (const r of refunds.filter((x) => x.refundOf === t.id))
        for (const l of r.lines as Array<PosTicketLine & { of?: number }>) if (l.of != null) refunded[l.of] += -l.quantity;
      return { ...ticketDto(t, t.refundOf ? (refOf.get(t.refundOf) ?? null) : null, refunded), hash: hashOf.get(t.id) ?? '' };
    });
  }

  async function ticketOf(shopId: number, id: number): Promise<PosTicketRow> {
    const [t] = await db
      .select()
      .from(posTickets)
      .where(and(eq(posTickets.id, id), eq(posTickets.shopId, shopId)));
    if (!t) throw notFound(M.ticketNotFound);
    return t;
  }

  async function getTicket(shopId: number, id: number) {
    await ensureModule(shopId);
    return (await ticketsDto([await ticketOf(shopId, id)]))[0];
  }

  async function listTickets(shopId: number, id: number, q: TicketsListQuery): Promise<Paginated<PosTicket>> {
    await ensureModule(shopId);
    await salesPointOf(db, shopId, id);
    const conds = [eq(posTickets.salesPointId, id)];
    if (q.filters.sessionId) conds.push(eq(posTickets.sessionId, q.filters.sessionId));
    if (q.filters.from) conds.push(sql`${posTickets.day} >= ${q.filters.from}`);
    if (q.filters.to) conds.push(sql`${posTickets.day} <= ${q.filters.to}`);
    if (q.q)
      conds.push(
        sql`(${posTickets.ref} ilike ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${posTickets.clientName} ilike ${`%${q.q}%`})`,
      );
    const where = and(...conds);
    const [count, list] = await Promise.all([
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(posTickets)
        .where(where),
      db
        .select()
        .from(posTickets)
        .where(where)
        .orderBy(q.sort.direction === 'asc' ? posTickets.number : desc(posTickets.number))
        .limit(q.pageSize)
        .offset(q.offset),
    ]);
    return paginated(await ticketsDto(list), count[0].n, q);
  }

  /**
   * Records a ticket in one transaction: the salespoint's row locked (tickets of a till are numbered one after the
   * other), the number, the grand total, the stock movements, the journal record. `key` makes it idempotent.
   */
  async function recordTicket(
    member: ShopMemberRow,
    salesPointId: number,
    values: TicketValues,
    refund?: { of: PosTicketRow; lines: Array<PosTicketLine & { of: number }> },
  ): Promise<{ ticket: PosTicket; created: boolean }> {
    const shopId = member.shopId;
    // the reads that do not depend on each other, at once (a till waits on this answer)
    const [, existing, sp, seller] = await Promise.all([
      ensureModule(shopId),
      db
        .select()
        .from(posTickets)
        .where(and(eq(posTickets.shopId, shopId), eq(posTickets.idempotencyKey, values.key))),
      salesPointOf(db, shopId, salesPointId),
      userName(member.userId),
    ]);
    if (existing[0]) {
      if (existing[0].salesPointId !== salesPointId) throw notFound(M.notFound);
      return { ticket: (await ticketsDto(existing))[0], created: false };
    }

    // lines: catalogue lines at the counter price (a price typed at the till overrides it), free lines as typed
    let input: TicketLineInput[];
    /** prices typed at the till over the catalogue's (an event of the journal) */
    const priceChanges: string[] = [];
    if (refund) input = refund.lines;
    else {
      const ids = values.lines.map((l) => l.formatId).filter((v): v is number => v != null);
      const known = new Map((await catalogItems(shopId, sp, ids)).items.map((i) => [i.formatId, i]));
      input = values.lines.map((l, i) => {
        if (l.formatId != null) {
          const item = known.get(l.formatId);
          if (!item) throw new HttpError(400, M.unknownFormat, `lines.${i}.formatId`);
          if (l.unitPriceTTC != null && l.unitPriceTTC !== item.unitPriceTTC && !values.offline)
            priceChanges.push(`${item.label} : ${formatCents(item.unitPriceTTC)} → ${formatCents(l.unitPriceTTC)}`);
          return {
            formatId: item.formatId,
            vintageId: item.vintageId,
            label: [item.label, item.details].filter(Boolean).join(' · '),
            quantity: l.quantity,
            unitPriceTTC: l.unitPriceTTC ?? item.unitPriceTTC,
            vatRate: item.vatRate,
            accountingType: item.accountingType,
            discount: l.discount ?? null,
            free: l.free,
          };
        }
        if (!l.label) throw new HttpError(400, 'Le libellé d’une ligne libre est obligatoire', `lines.${i}.label`);
        return {
          formatId: null,
          label: l.label,
          quantity: l.quantity,
          unitPriceTTC: l.unitPriceTTC ?? 0,
          vatRate: l.vatRate ?? 20,
          accountingType: l.free ? 'productTasting' : (l.accountingType ?? 'prestation'),
          discount: l.discount ?? null,
          free: l.free,
        };
      });
    }
    // a refund's lines are the sale's, already priced (their share of its discounts included)
    const priced = priceTicket({ lines: refund ? [] : input, discount: refund ? null : (values.discount ?? null) });
    if (!refund && priced.problems.length) throw new HttpError(400, priced.problems[0].message, priced.problems[0].field);
    const totalTTC = refund ? refund.lines.reduce((n, l) => n + l.totalTTC, 0) : priced.totalTTC;
    const problems = paymentProblems(totalTTC, values.payments, values.cashGiven, formatCents, sp.methods);
    if (problems.length) throw new HttpError(400, problems[0].message, problems[0].field);
    const change = changeDue(values.payments, values.cashGiven);

    let clientLabel: string | null = null;
    if (values.clientId) {
      const [c] = await db
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.id, values.clientId), eq(crmClients.shopId, shopId)));
      if (!c) throw new HttpError(400, 'Client introuvable', 'clientId');
      clientLabel = clientName(c);
    }

    const now = clock();
    const recorded = await db.transaction(async (tx): Promise<{ again: number } | { t: PosTicketRow; hash: string }> => {
      // the same key sent twice at once: the second waits here and finds the first
      await tx.execute(sql`select pg_advisory_xact_lock(716001, hashtext(${values.key}))`);
      const [again] = await tx
        .select({ id: posTickets.id })
        .from(posTickets)
        .where(and(eq(posTickets.shopId, shopId), eq(posTickets.idempotencyKey, values.key)));
      if (again) return { again: again.id };
      await salesPointOf(tx, shopId, salesPointId, true);
      const [session] = await tx
        .select()
        .from(posSessions)
        .where(and(eq(posSessions.salesPointId, salesPointId), sql`${posSessions.closedAt} is null`));
      if (!session) throw new HttpError(409, M.noSession);
      const number = await nextCounterValue(tx, shopId, `pos-${salesPointId}`, 0);
      const [prev] = await tx
        .select({ grandTotal: posTickets.grandTotal })
        .from(posTickets)
        .where(eq(posTickets.salesPointId, salesPointId))
        .orderBy(desc(posTickets.number))
        .limit(1);
      const lines: PosTicketLine[] = refund
        ? refund.lines
        : priced.lines.map((l) => ({
            formatId: l.formatId ?? null,
            label: l.label,
            quantity: l.quantity,
            unitPriceTTC: l.free ? 0 : l.unitPriceTTC,
            vatRate: l.vatRate,
            accountingType: l.accountingType,
            gross: l.gross,
            lineDiscount: l.lineDiscount,
            ticketDiscount: l.ticketDiscount,
            totalTTC: l.totalTTC,
            totalHT: l.totalHT,
            vat: l.vat,
          }));
      const vat = refund ? vatOfLines(lines) : priced.vat;
      const [t] = await tx
        .insert(posTickets)
        .values({
          shopId,
          salesPointId,
          sessionId: session.id,
          number,
          ref: `${prefixOf(sp.name)}-${String(number).padStart(6, '0')}`,
          kind: refund ? 'refund' : 'sale',
          refundOf: refund?.of.id ?? null,
          at: now,
          day: parisDate(now),
          userId: member.userId,
          sellerName: seller,
          clientId: values.clientId ?? refund?.of.clientId ?? null,
          clientName: clientLabel ?? refund?.of.clientName ?? null,
          lines,
          discount: refund ? 0 : priced.discount,
          totalTTC,
          totalHT: totalTTC - vat.reduce((n, r) => n + r.vat, 0),
          totalVAT: vat.reduce((n, r) => n + r.vat, 0),
          vat,
          payments: values.payments,
          cashGiven: values.cashGiven ?? null,
          change,
          grandTotal: (prev?.grandTotal ?? 0) + totalTTC,
          idempotencyKey: values.key,
          offlineNumber: values.offline?.number ?? null,
          offlineAt: values.offline ? new Date(values.offline.at) : null,
        })
        .returning();
      const hash = await appendRecord(tx, shopId, salesPointId, 'ticket', t.id, t.ref, ticketContent(t));
      // an identified client's sale earns loyalty points, a refund takes its share back
      await syncTicketLoyalty(tx, t.id);
      if (priceChanges.length)
        await appendRecord(tx, shopId, salesPointId, 'event', null, `PRIX-${t.ref}`, {
          event: 'priceChange',
          detail: priceChanges.join(' ; '),
          ticket: t.ref,
          by: seller,
          at: now.toISOString(),
        });
      if (stock === 'job')
        await enqueue(tx, POS_STOCK_JOB, { ticketId: t.id, userId: member.userId }, { dedupeKey: `${POS_STOCK_JOB}:${t.id}` });
      else await moveStock(tx, shopId, member.userId, sp, t);
      return { t, hash };
    });
    if (stock === 'job') nudgeJobs();
    if ('again' in recorded) {
      const t = await ticketOf(shopId, recorded.again);
      return { ticket: (await ticketsDto([t]))[0], created: false };
    }
    // a new ticket: nothing refunded yet, its hash and its sale's ref known here
    const { t, hash } = recorded;
    return {
      ticket: {
        ...ticketDto(
          t,
          refund?.of.ref ?? null,
          t.lines.map(() => 0),
        ),
        hash,
      },
      created: true,
    };
  }

  /** Sold units leave the warehouse (refunded ones come back); what the stock does not hold is noted, never refused. */
  async function moveStock(tx: DbOrTx, shopId: number, userId: number, sp: SalesPointRow, t: PosTicketRow) {
    const byFormat = new Map<number, number>();
    for (const l of t.lines) if (l.formatId) byFormat.set(l.formatId, (byFormat.get(l.formatId) ?? 0) + l.quantity);
    const moves = [];
    const missing: string[] = [];
    for (const [formatId, q] of byFormat) {
      if (q > 0) {
        const [lvl] = await tx
          .select({ onHand: stockLevels.onHand })
          .from(stockLevels)
          .where(and(eq(stockLevels.warehouseId, sp.warehouseId), eq(stockLevels.formatId, formatId)))
          .for('update');
        const take = Math.min(q, Math.max(0, lvl?.onHand ?? 0));
        if (take < q) missing.push(`${q - take} × format ${formatId}`);
        if (take > 0) moves.push({ formatId, quantity: -take });
      } else if (q < 0) moves.push({ formatId, quantity: -q });
    }
    if (moves.length)
      await applyMovements(
        tx,
        { shopId, userId },
        moves.map((m) => ({
          warehouseId: sp.warehouseId,
          formatId: m.formatId,
          quantity: m.quantity,
          kind: 'sale' as const,
          reason: `Ticket ${t.ref}`,
          documentType: 'ticket' as const,
          documentId: t.id,
        })),
      );
    if (missing.length)
      await appendRecord(tx, shopId, sp.id, 'event', null, `STOCK-${t.ref}`, {
        event: 'failure',
        detail: `Vendu sans stock connu dans l’entrepôt : ${missing.join(', ')}`,
        ticket: t.ref,
        at: t.at.toISOString(),
      });
  }

  /** The stock movement of a ticket, once (the job's work; a ticket already moved is left alone). */
  async function applyTicketStock(ticketId: number, userId: number | null): Promise<void> {
    await db.transaction(async (tx) => {
      const [t] = await tx.select().from(posTickets).where(eq(posTickets.id, ticketId));
      if (!t) return;
      // one job per ticket at a time: the salespoint's row orders them, the check below makes a re-run harmless
      const sp = await salesPointOf(tx, t.shopId, t.salesPointId, true);
      const [done] = rows<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from stock_movements where document_type = 'ticket' and document_id = ${t.id}`),
      );
      if (done.n > 0) return;
      await moveStock(tx, t.shopId, userId ?? t.userId ?? 0, sp, t);
    });
  }

  async function createTicket(member: ShopMemberRow, salesPointId: number, values: TicketValues) {
    return recordTicket(member, salesPointId, values);
  }

  async function refundTicket(
    member: ShopMemberRow,
    ticketId: number,
    values: { key: string; lines: Array<{ index: number; quantity: number }>; payments: TicketValues['payments']; reason?: string | null },
  ) {
    await ensureModule(member.shopId);
    const of = await ticketOf(member.shopId, ticketId);
    if (of.kind === 'refund') throw new HttpError(409, M.refundOfRefund);
    const [dto] = await ticketsDto([of]);
    const lines = values.lines.map((r, i) => {
      const l = of.lines[r.index];
      if (!l) throw new HttpError(400, M.refundNothing, `lines.${i}.index`);
      const left =
        l.quantity -
        dto.refunded[r.index] -
        values.lines.filter((x, j) => j < i && x.index === r.index).reduce((n, x) => n + x.quantity, 0);
      if (r.quantity > left) throw new HttpError(400, M.refundTooMany(Math.max(0, left)), `lines.${i}.quantity`);
      // the refunded share of what the line came to (its discounts included), to the cent
      const share = (v: number) => -Math.round((v * r.quantity) / l.quantity);
      const totalTTC = r.quantity === l.quantity ? -l.totalTTC : share(l.totalTTC);
      const vat = r.quantity === l.quantity ? -l.vat : share(l.vat);
      return {
        ...l,
        of: r.index,
        quantity: -r.quantity,
        gross: share(l.gross),
        lineDiscount: share(l.lineDiscount),
        ticketDiscount: share(l.ticketDiscount),
        totalTTC,
        vat,
        totalHT: totalTTC - vat,
      };
    });
    return recordTicket(member, of.salesPointId, { key: values.key, lines: [], payments: values.payments }, { of, lines });
  }

  // ---------------------------------------------------------------- closings

  function totalsOf(tickets: PosTicketRow[]): PosTotals {
    const byVat = new Map<number, { rate: number; ttc: number; ht: number; vat: number }>();
    const byMethod = new Map<PosPaymentMethod, number>();
    const byType = new Map<string, { accountingType: string; vatRate: number; totalHT: number; vat: number }>();
    for (const t of tickets) {
      for (const v of t.vat) {
        const r = byVat.get(v.rate) ?? { rate: v.rate, ttc: 0, ht: 0, vat: 0 };
        r.ttc += v.ttc;
        r.ht += v.ht;
        r.vat += v.vat;
        byVat.set(v.rate, r);
      }
      for (const p of t.payments) byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + p.amount);
      for (const l of t.lines) {
        const k = `${l.accountingType}|${l.vatRate}`;
        const r = byType.get(k) ?? { accountingType: l.accountingType, vatRate: l.vatRate, totalHT: 0, vat: 0 };
        r.totalHT += l.totalHT;
        r.vat += l.vat;
        byType.set(k, r);
      }
    }
    const totalTTC = tickets.reduce((n, t) => n + t.totalTTC, 0);
    const totalVAT = tickets.reduce((n, t) => n + t.totalVAT, 0);
    return {
      tickets: tickets.length,
      totalTTC,
      totalHT: totalTTC - totalVAT,
      totalVAT,
      byVat: [...byVat.values()].sort((a, b) => b.rate - a.rate),
      byMethod: POS_PAYMENT_METHODS.filter((m) => byMethod.has(m)).map((m) => ({ method: m, amount: byMethod.get(m)! })),
      byType: [...byType.values()].sort((a, b) => a.accountingType.localeCompare(b.accountingType) || b.vatRate - a.vatRate),
    };
  }

  function sumTotals(list: PosTotals[]): PosTotals {
    const out: PosTotals = { tickets: 0, totalTTC: 0, totalHT: 0, totalVAT: 0, byVat: [], byMethod: [], byType: [] };
    for (const t of list) {
      out.tickets += t.tickets;
      out.totalTTC += t.totalTTC;
      out.totalHT += t.totalHT;
      out.totalVAT += t.totalVAT;
      for (const v of t.byVat) {
        const r = out.byVat.find((x) => x.rate === v.rate);
        if (r) {
          r.ttc += v.ttc;
          r.ht += v.ht;
          r.vat += v.vat;
        } else out.byVat.push({ ...v });
      }
      for (const m of t.byMethod) {
        const r = out.byMethod.find((x) => x.method === m.method);
        if (r) r.amount += m.amount;
        else out.byMethod.push({ ...m });
      }
      for (const y of t.byType) {
        const r = out.byType.find((x) => x.accountingType === y.accountingType && x.vatRate === y.vatRate);
        if (r) {
          r.totalHT += y.totalHT;
          r.vat += y.vat;
        } else out.byType.push({ ...y });
      }
    }
    out.byVat.sort((a, b) => b.rate - a.rate);
    return out;
  }

  function closingDto(c: PosClosingRow, hash = ''): PosClosing {
    return {
      id: c.id,
      salesPointId: c.salesPointId,
      kind: c.kind,
      period: c.period,
      ref: c.ref,
      at: c.at.toISOString(),
      by: c.byName,
      totals: c.totals,
      grandTotal: c.grandTotal,
      float: c.float,
      counted: c.counted,
      expected: c.expected,
      gap: c.gap,
      hash,
    };
  }

  async function insertClosing(
    tx: DbOrTx,
    shopId: number,
    sp: SalesPointRow,
    values: Omit<typeof posClosings.$inferInsert, 'shopId' | 'salesPointId' | 'number' | 'ref'>,
  ): Promise<PosClosingRow> {
    const number = await nextCounterValue(tx, shopId, `posz-${values.kind}-${sp.id}`, 0);
    const letter = { day: 'Z', month: 'M', year: 'A' }[values.kind];
    const [c] = await tx
      .insert(posClosings)
      .values({ ...values, shopId, salesPointId: sp.id, number, ref: `${letter}-${prefixOf(sp.name)}-${String(number).padStart(4, '0')}` })
      .returning();
    await appendRecord(tx, shopId, sp.id, 'closing', c.id, c.ref, closingContent(c));
    return c;
  }

  /** Closes a session: its Z (the day's totals, the cash count, the gap), then the months and years now over. */
  async function closeSession(member: ShopMemberRow, sessionId: number, counted: Partial<Record<PosPaymentMethod, number>>) {
    await ensureModule(member.shopId);
    const by = await userName(member.userId);
    const closing = await db.transaction((tx) => closeSessionInTx(tx, member.shopId, sessionId, counted, by, clock()));
    return { ...closingDto(closing), message: M.closed(closing.ref) };
  }

  /**
   * The Z of a session: the totals of its tickets, expected per method (cash with the float), counted and the gap
   * (no count: an automatic closing at midnight, gap unknown). Dated by the day the session opened.
   */
  async function closeSessionInTx(
    tx: DbOrTx,
    shopId: number,
    sessionId: number,
    counted: Partial<Record<PosPaymentMethod, number>> | null,
    by: string,
    now: Date,
  ): Promise<PosClosingRow> {
    const [s] = await tx
      .select()
      .from(posSessions)
      .where(and(eq(posSessions.id, sessionId), eq(posSessions.shopId, shopId)))
      .for('update');
    if (!s) throw notFound(M.sessionNotFound);
    if (s.closedAt) throw new HttpError(409, M.sessionClosed);
    const sp = await salesPointOf(tx, shopId, s.salesPointId, true);
    const tickets = await tx.select().from(posTickets).where(eq(posTickets.sessionId, s.id)).orderBy(posTickets.number);
    const totals = totalsOf(tickets);
    const expected: Partial<Record<PosPaymentMethod, number>> = {};
    for (const m of totals.byMethod) expected[m.method] = m.amount;
    expected.cash = (expected.cash ?? 0) + s.float;
    const methods = new Set([...Object.keys(expected), ...Object.keys(counted ?? {})]) as Set<PosPaymentMethod>;
    const gap = counted ? [...methods].reduce((n, m) => n + (counted[m] ?? expected[m] ?? 0) - (expected[m] ?? 0), 0) : null;
    const [last] = await tx
      .select({ grandTotal: posTickets.grandTotal })
      .from(posTickets)
      .where(eq(posTickets.salesPointId, sp.id))
      .orderBy(desc(posTickets.number))
      .limit(1);
    const z = await insertClosing(tx, shopId, sp, {
      kind: 'day',
      period: parisDate(s.openedAt),
      at: now,
      byName: by,
      sessionId: s.id,
      totals,
      grandTotal: last?.grandTotal ?? 0,
      float: s.float,
      counted,
      expected,
      gap,
    });
    await tx.update(posSessions).set({ closedAt: now, closedByName: by, closingId: z.id }).where(eq(posSessions.id, s.id));
    await appendRecord(tx, shopId, sp.id, 'event', null, `SESSION-${s.id}-CLOSE`, {
      event: 'sessionClose',
      session: s.id,
      by,
      at: now.toISOString(),
    });
    await periodClosings(tx, shopId, sp, parisDate(now), by, now);
    return z;
  }

  /** The sweep: sessions still open from a day before today are closed at midnight, without a count. */
  async function closeOverdueSessions(): Promise<number> {
    const now = clock();
    const today = parisDate(now);
    const open = await db
      .select()
      .from(posSessions)
      .where(sql`${posSessions.closedAt} is null`);
    let n = 0;
    for (const s of open.filter((x) => parisDate(x.openedAt) < today)) {
      await db
        .transaction((tx) => closeSessionInTx(tx, s.shopId, s.id, null, 'Clôture automatique (minuit)', now))
        .then(() => n++)
        .catch(() => undefined);
    }
    return n;
  }

  /** Month and year closings of the periods before `day` that have day closings and no closing of their own. */
  async function periodClosings(tx: DbOrTx, shopId: number, sp: SalesPointRow, day: string, by: string, now: Date) {
    for (const kind of ['month', 'year'] as const) {
      const len = kind === 'month' ? 7 : 4;
      const current = day.slice(0, len);
      const source = kind === 'month' ? 'day' : 'month';
      const pending = rows<{ period: string }>(
        await tx.execute(sql`select distinct left(period, ${len}) as period from pos_closings c
          where c.salespoint_id = ${sp.id} and c.kind = ${source} and left(c.period, ${len}) < ${current}
            and not exists (select 1 from pos_closings m where m.salespoint_id = ${sp.id} and m.kind = ${kind} and m.period = left(c.period, ${len}))
          order by 1`),
      );
      for (const p of pending) {
        const parts = await tx
          .select()
          .from(posClosings)
          .where(
            and(eq(posClosings.salesPointId, sp.id), eq(posClosings.kind, source), sql`left(${posClosings.period}, ${len}) = ${p.period}`),
          )
          .orderBy(posClosings.number);
        await insertClosing(tx, shopId, sp, {
          kind,
          period: p.period,
          at: now,
          byName: by,
          sessionId: null,
          totals: sumTotals(parts.map((x) => x.totals)),
          grandTotal: parts[parts.length - 1].grandTotal,
          float: null,
          counted: null,
          expected: null,
          gap: parts.some((x) => x.gap != null) ? parts.reduce((n, x) => n + (x.gap ?? 0), 0) : null,
        });
      }
    }
  }

  async function listClosings(shopId: number, id: number): Promise<PosClosing[]> {
    await ensureModule(shopId);
    await salesPointOf(db, shopId, id);
    const list = await db
      .select()
      .from(posClosings)
      .where(eq(posClosings.salesPointId, id))
      .orderBy(desc(posClosings.at), desc(posClosings.id))
      .limit(500);
    return list.map((c) => closingDto(c));
  }

  async function getClosing(shopId: number, id: number): Promise<PosClosing> {
    await ensureModule(shopId);
    const [c] = await db
      .select()
      .from(posClosings)
      .where(and(eq(posClosings.id, id), eq(posClosings.shopId, shopId)));
    if (!c) throw notFound(M.closingNotFound);
    const [h] = rows<{ hash: string }>(await db.execute(sql`select hash from pos_journal where kind = 'closing' and ref_id = ${c.id}`));
    return closingDto(c, h?.hash ?? '');
  }

  // ---------------------------------------------------------------- journal: events, verification, archive

  async function recordEvent(member: ShopMemberRow, salesPointId: number, kind: string, detail: string) {
    await ensureModule(member.shopId);
    await salesPointOf(db, member.shopId, salesPointId);
    const by = await userName(member.userId);
    const at = clock().toISOString();
    await db.transaction((tx) =>
      appendRecord(tx, member.shopId, salesPointId, 'event', null, `EVT-${kind}`, { event: kind, detail, by, at }),
    );
    return { message: 'Événement enregistré' };
  }

  async function verify(shopId: number, salesPointId: number): Promise<ChainVerification> {
    await ensureModule(shopId);
    await salesPointOf(db, shopId, salesPointId);
    return verifyChain(db, salesPointId, clock());
  }

  async function archive(member: ShopMemberRow, salesPointId: number, from: string, to: string) {
    await ensureModule(member.shopId);
    const sp = await salesPointOf(db, member.shopId, salesPointId);
    const [tickets, closings, journal] = await Promise.all([
      db
        .select()
        .from(posTickets)
        .where(and(eq(posTickets.salesPointId, sp.id), sql`${posTickets.day} between ${from} and ${to}`))
        .orderBy(posTickets.number),
      db
        .select()
        .from(posClosings)
        .where(
          and(eq(posClosings.salesPointId, sp.id), sql`(${posClosings.at} at time zone 'Europe/Paris')::date between ${from} and ${to}`),
        )
        .orderBy(posClosings.id),
      rows<Record<string, unknown>>(
        await db.execute(sql`select seq, kind, ref, content, prev_hash, hash, at from pos_journal where salespoint_id = ${sp.id}
          and (at at time zone 'Europe/Paris')::date between ${from} and ${to} order by seq`),
      ),
    ]);
    const verification = await verifyChain(db, sp.id, clock());
    const body = {
      format: 'wineriz-pos-archive/1',
      salesPoint: { id: sp.id, name: sp.name },
      period: { from, to },
      exportedAt: clock().toISOString(),
      verification,
      tickets: tickets.map(ticketContent),
      closings: closings.map(closingContent),
      journal,
    };
    const text = JSON.stringify(body);
    const signature = createHmac('sha256', sp.signingKey).update(text).digest('hex');
    const by = await userName(member.userId);
    await db.transaction((tx) =>
      appendRecord(tx, member.shopId, sp.id, 'event', null, 'EVT-export', {
        event: 'export',
        from,
        to,
        by,
        at: body.exportedAt,
        signature,
      }),
    );
    return {
      name: `archive-${prefixOf(sp.name).toLowerCase()}-${from}-${to}.json`,
      text: JSON.stringify({ ...body, signature: { alg: 'HMAC-SHA256', value: signature } }, null, 1),
    };
  }

  return {
    listSalesPoints,
    getSalesPoint,
    createSalesPoint,
    updateSalesPoint,
    catalog,
    openSession,
    listSessions,
    closeSession,
    closeOverdueSessions,
    createTicket,
    applyTicketStock,
    getTicket,
    ticketRow: ticketOf,
    listTickets,
    refundTicket,
    listClosings,
    getClosing,
    closingRow: async (shopId: number, id: number) => {
      const [c] = await db
        .select()
        .from(posClosings)
        .where(and(eq(posClosings.id, id), eq(posClosings.shopId, shopId)));
      if (!c) throw notFound(M.closingNotFound);
      return c;
    },
    salesPointRow: (shopId: number, id: number) => salesPointOf(db, shopId, id),
    recordEvent,
    verify,
    archive,
    ensureModule,
  };
}
export type PosService = ReturnType<typeof createPosService>;

/** VAT per rate of lines already priced (a refund's). */
function vatOfLines(lines: PosTicketLine[]) {
  const byRate = new Map<number, { rate: number; ttc: number; ht: number; vat: number }>();
  for (const l of lines) {
    const r = byRate.get(l.vatRate) ?? { rate: l.vatRate, ttc: 0, ht: 0, vat: 0 };
    r.ttc += l.totalTTC;
    r.vat += l.vat;
    r.ht = r.ttc - r.vat;
    byRate.set(l.vatRate, r);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}
