/**
 * Loyalty programmes (§3 Loyalty, §4 loyaltyData). One programme per shop; the points of a client file are
 * the sum of its ledger (loyalty_ledger). Every movement has a source and, for orders and tickets, the id it comes
 * from: the unique index (shop, source, source id) makes earning, taking back and giving back idempotent, so the
 * callers may run `syncOrdersLoyalty` as often as they like (after every payment, credit note or cancellation).
 *
 * Rules (chosen where the issue is silent, documented here and in the contract):
 * - Earned when an order (sub type 'order', not a quote or a sample) is paid in full: floor(total TTC in euros ×
 *   points per euro), or points per bottle × bottles ordered (product lines of bottles, free units excluded); and on
 *   an identified till sale ticket (its total TTC, or its bottles). The client is the order's client file, else the
 *   buyer account's file at the shop (created then if the buyer has none: a client who earns points has a file).
 * - Taken back in proportion to what credit notes give back on the order (round(earned × credited / total)), all of
 *   it when the order is cancelled; a till refund ticket takes back its share of the sale ticket's points.
 * - Spent at placement (`spendForOrder`, in the order's transaction, the client's row locked): the level's
 *   threshold; given back when the order is aborted, expires or is refused before being paid, or is cancelled as a
 *   whole (its payments refunded: the buyer got nothing for them).
 */
import { sql } from 'drizzle-orm';
import {
  LOYALTY_MESSAGES as M,
  loyaltyProgramInputSchema,
  loyaltyStanding,
  type LoyaltyAccount,
  type LoyaltyAdjustmentInput,
  type LoyaltyBuyerView,
  type LoyaltyDataInput,
  type LoyaltyLedgerEntry,
  type LoyaltyLevel,
  type LoyaltyOfferedProduct,
  type LoyaltyProgram,
  type LoyaltyProgramValues,
  type LoyaltySourceName,
} from 'shared-kernel/contracts';
import type { AppliedLoyaltyPrice, PricingOptions, SellerPriceResult } from 'shared-kernel/domain';
import { formatDisplayName } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { productAnswer, type Viewer } from '../catalog';

type Row = Record<string, unknown>;
const rowsOf = async (q: Promise<unknown>): Promise<Row[]> => ((await q) as { rows: Row[] }).rows;

const EMPTY: LoyaltyProgram = { active: false, basis: 'euro', pointsPerUnit: 1, levels: [], updatedAt: null };
/** order states after which the points the order spent come back (a cancelled order is refunded in full) */
const GIVE_BACK = ['cancelled', 'refused', 'aborted', 'expired'];
const NO_EARN = ['cancelled', 'refused', 'aborted', 'expired', 'draft', 'error'];

export async function programOf(db: DbOrTx, shopId: number): Promise<LoyaltyProgram> {
  const [r] = await rowsOf(
    db.execute(sql`select active, basis, points_per_unit, levels, updated_at from loyalty_programs where shop_id = ${shopId}`),
  );
  if (!r) return EMPTY;
  // levels are stored as validated; read them through the schema so a hand-edited row never breaks a cart
  const parsed = loyaltyProgramInputSchema.safeParse({ active: false, basis: r.basis, pointsPerUnit: r.points_per_unit, levels: r.levels });
  return {
    active: !!r.active && parsed.success && parsed.data.levels.length > 0,
    basis: parsed.success ? parsed.data.basis : 'euro',
    pointsPerUnit: parsed.success ? parsed.data.pointsPerUnit : 1,
    levels: parsed.success ? parsed.data.levels : [],
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

export async function sumsOf(db: DbOrTx, shopId: number, clientId: number) {
  const [r] = await rowsOf(
    db.execute(sql`select coalesce(sum(points), 0)::int as balance,
        coalesce(-sum(points) filter (where source in ('spend', 'restore')), 0)::int as spent
      from loyalty_ledger where shop_id = ${shopId} and client_id = ${clientId}`),
  );
  const balance = Number(r?.balance ?? 0);
  const spent = Number(r?.spent ?? 0);
  return { balance, spent, total: balance + spent };
}

async function history(db: DbOrTx, shopId: number, clientId: number): Promise<LoyaltyLedgerEntry[]> {
  const rows = await rowsOf(
    db.execute(sql`select l.id, l.at, l.points, l.source, l.source_id, l.note,
        case when l.source in ('order', 'spend', 'restore', 'refund') then o.number
             when l.source in ('ticket', 'ticketRefund') then t.ref end as ref,
        case when l.source in ('order', 'spend', 'restore', 'refund') then o.id end as order_id
      from loyalty_ledger l
      left join orders o on o.id = l.source_id and o.shop_id = l.shop_id and l.source in ('order', 'spend', 'restore', 'refund')
      left join pos_tickets t on t.id = l.source_id and t.shop_id = l.shop_id and l.source in ('ticket', 'ticketRefund')
      where l.shop_id = ${shopId} and l.client_id = ${clientId}
      order by l.at desc, l.id desc limit 200`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at as string).toISOString(),
    points: Number(r.points),
    source: r.source as LoyaltySourceName,
    ref: (r.ref as string | null) ?? null,
    orderId: r.order_id == null ? null : Number(r.order_id),
    note: (r.note as string | null) ?? null,
  }));
}

/**
 * The client file of a buyer account at a shop: the existing one (lowest id), else — `create` — a private file made
 * from the account (names, email; no marketing consent: that is asked, never assumed). Its code follows the rule of
 * modules/clients/client-code.ts (prefix of settings crm, else 'CL', + the next number on 5 digits, under the same
 * advisory lock), written in SQL here: loyalty cannot import the CRM module (an import cycle through the orders).
 */
export async function buyerClientFile(tx: DbOrTx, shopId: number, userId: number, create = false): Promise<number | null> {
  const [found] = await rowsOf(
    tx.execute(sql`select id from crm_clients where shop_id = ${shopId} and user_id = ${userId} order by id limit 1`),
  );
  if (found) return Number(found.id);
  if (!create) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(1313, ${shopId})`);
  const [made] = await rowsOf(
    tx.execute(sql`insert into crm_clients (shop_id, kind, code, firstname, lastname, email, user_id)
      select ${shopId}, 'private',
        coalesce(nullif(btrim(s.settings #>> '{crm,clientCodePrefix}'), ''), 'CL')
          || lpad((coalesce((select max(nullif(substring(c.code from '(\d+)$'), '')::int) from crm_clients c where c.shop_id = ${shopId}), 0) + 1)::text, 5, '0'),
        u.firstname, coalesce(u.lastname, u.username), u.email, u.id
      from users u, shops s where u.id = ${userId} and s.id = ${shopId}
      returning id`),
  );
  return made ? Number(made.id) : null;
}

/** Locks the client's file row: spending and adjusting read the balance then write, one at a time per client. */
async function lockClient(tx: DbOrTx, shopId: number, clientId: number): Promise<void> {
  await tx.execute(sql`select id from crm_clients where id = ${clientId} and shop_id = ${shopId} for update`);
}

// ------------------------------------------------------------------ earning, taking back, giving back

/**
 * Brings the loyalty of these orders up to date (idempotent): points earned by the paid ones, taken back in proportion
 * to their credit notes (all of it once cancelled), points spent on orders cancelled before payment given back.
 */
export async function syncOrdersLoyalty(tx: DbOrTx, orderIds: readonly number[]): Promise<void> {
  const ids = [...new Set(orderIds.filter((n) => Number.isInteger(n) && n > 0))];
  if (!ids.length) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // buyers without a client file at the shop get one when a paid order earns them points
  const needFile = await rowsOf(
    tx.execute(sql`select o.shop_id, o.buyer_id from orders o join loyalty_programs p on p.shop_id = o.shop_id and p.active
      where o.id in (${idList}) and o.client_id is null and o.buyer_id is not null and o.payment_status = 'paid'
        and o.sub_type = 'order' and not exists (select 1 from loyalty_ledger l where l.shop_id = o.shop_id and l.source = 'order' and l.source_id = o.id)`),
  );
  for (const r of needFile) await buyerClientFile(tx, Number(r.shop_id), Number(r.buyer_id), true);
  const noEarn = sql.join(
    NO_EARN.map((s) => sql`${s}`),
    sql`, `,
  );
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    select o.shop_id, c.id, x.pts, 'order', o.id
    from orders o
    join loyalty_programs p on p.shop_id = o.shop_id and p.active
    cross join lateral (select coalesce(o.client_id, (select cc.id from crm_clients cc where cc.shop_id = o.shop_id and cc.user_id = o.buyer_id order by cc.id limit 1)) as id) c
    cross join lateral (select case when p.basis = 'bottle'
        then p.points_per_unit * coalesce((select sum(l.quantity) from order_lines l join products pr on pr.id = l.product_id
          where l.order_id = o.id and l.kind = 'product' and pr.product_type = 'bottle' and l.total_ttc > 0), 0)
        else floor(o.total_ttc::numeric * p.points_per_unit / 100) end::int as pts) x
    where o.id in (${idList}) and o.payment_status = 'paid' and o.sub_type = 'order' and o.status not in (${noEarn})
      and c.id is not null and x.pts > 0
    on conflict do nothing`);
  // taken back: the share of the order's total TTC given back by credit notes (all of it once cancelled)
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    select e.shop_id, e.client_id, -least(e.points, round(e.points * y.share)::int), 'refund', o.id
    from loyalty_ledger e join orders o on o.id = e.source_id and o.shop_id = e.shop_id
    cross join lateral (select case when o.status = 'cancelled' then 1::numeric
        when o.total_ttc <= 0 then 0::numeric
        else least(1, coalesce((select sum(i.total_ttc) from invoices i where i.order_id = o.id and i.kind = 'credit'), 0)::numeric / o.total_ttc) end as share) y
    where e.source = 'order' and e.source_id in (${idList}) and y.share > 0
    on conflict (shop_id, source, source_id) do update set points = excluded.points, at = now()
      where loyalty_ledger.points <> excluded.points`);
  // given back: points spent on an order that ended without being paid, or was cancelled (and refunded) as a whole
  const giveBack = sql.join(
    GIVE_BACK.map((s) => sql`${s}`),
    sql`, `,
  );
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    select s.shop_id, s.client_id, -s.points, 'restore', o.id
    from loyalty_ledger s join orders o on o.id = s.source_id and o.shop_id = s.shop_id
    where s.source = 'spend' and s.source_id in (${idList}) and o.status in (${giveBack})
    on conflict do nothing`);
}

/**
 * Points of an identified till ticket: a sale earns, a refund ticket takes back its share of the sale's points
 * (idempotent; call it after the ticket is written).
 */
export async function syncTicketLoyalty(tx: DbOrTx, ticketId: number): Promise<void> {
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    select t.shop_id, t.client_id, x.pts, 'ticket', t.id
    from pos_tickets t join loyalty_programs p on p.shop_id = t.shop_id and p.active
    cross join lateral (select case when p.basis = 'bottle'
        then p.points_per_unit * coalesce((select sum((li->>'quantity')::int) from jsonb_array_elements(t.lines) li
          join product_formats f on f.id = (li->>'formatId')::int join products pr on pr.id = f.product_id
          where pr.product_type = 'bottle' and (li->>'totalTTC')::int > 0), 0)
        else floor(t.total_ttc::numeric * p.points_per_unit / 100) end::int as pts) x
    where t.id = ${ticketId} and t.kind = 'sale' and t.client_id is not null and x.pts > 0
    on conflict do nothing`);
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    select e.shop_id, e.client_id,
      -least(e.points, round(e.points * least(1, abs(r.total_ttc)::numeric / nullif(s.total_ttc, 0)))::int), 'ticketRefund', r.id
    from pos_tickets r join pos_tickets s on s.id = r.refund_of and s.shop_id = r.shop_id
    join loyalty_ledger e on e.shop_id = s.shop_id and e.source = 'ticket' and e.source_id = s.id
    where r.id = ${ticketId} and r.kind = 'refund' and s.total_ttc > 0
    on conflict do nothing`);
}

// ------------------------------------------------------------------ spending in the cart

export interface CartLoyaltyLine {
  idTmp: string;
  productId: number;
  quantity: number;
  isFromFidelity: boolean;
}

export interface ResolvedLoyalty {
  /** the French reason the offer is refused (problem on `loyaltyData`) */
  problem?: string;
  /** lines to price as ordinary ones (the offer was refused) */
  unfree?: string[];
  option?: NonNullable<PricingOptions['loyalty']>;
  clientId?: number;
  pointsToLose?: number;
}

/**
 * Checks the §4 loyaltyData of a seller order against the shop's programme and the buyer's points; `priced` is the
 * order priced with its promotion code (a % offer reads its products TTC). `lock`: placing the order (the client's
 * row is locked until the transaction ends, so two orders cannot spend the same points).
 */
export async function resolveCartLoyalty(
  db: DbOrTx,
  input: {
    shopId: number;
    userId: number | null;
    loyaltyData: LoyaltyDataInput | null | undefined;
    lines: readonly CartLoyaltyLine[];
    priced: SellerPriceResult;
    lock?: boolean;
  },
): Promise<ResolvedLoyalty | null> {
  const free = input.lines.filter((l) => l.isFromFidelity);
  const levelIndex = input.loyaltyData?.selectedLevel;
  const offerIndex = input.loyaltyData?.selectedDiscount;
  const chosen = levelIndex != null && offerIndex != null;
  if (!chosen && !free.length) return null;
  const refuse = (problem: string): ResolvedLoyalty => ({ problem, unfree: free.map((l) => l.idTmp) });
  if (!chosen) return refuse(M.offeredWithoutOffer);
  if (!input.userId) return refuse(M.login);
  const program = await programOf(db, input.shopId);
  if (!program.active) return refuse(M.noProgram);
  const level: LoyaltyLevel | undefined = program.levels[levelIndex];
  if (!level) return refuse(M.levelUnknown);
  const offer = level.offers[offerIndex];
  if (!offer) return refuse(M.offerUnknown);
  const clientId = await buyerClientFile(db, input.shopId, input.userId);
  if (clientId == null) return refuse(M.pointsMissing(0, level.threshold));
  if (input.lock) await lockClient(db, input.shopId, clientId);
  const { balance } = await sumsOf(db, input.shopId, clientId);
  if (balance < level.threshold) return refuse(M.pointsMissing(balance, level.threshold));

  let discount: NonNullable<PricingOptions['loyalty']>['discount'] = null;
  if (offer.kind === 'products') {
    const allowed = new Set(offer.productIds);
    if (free.some((l) => !allowed.has(l.productId))) return refuse(M.productNotOffered);
    if (free.reduce((n, l) => n + l.quantity, 0) > offer.maxProducts) return refuse(M.tooManyProducts(offer.maxProducts));
    // points are never spent for nothing: the offer counts once a product is chosen
    if (!free.length) return refuse(M.chooseProduct);
  } else {
    if (free.length) return refuse(M.productNotOffered);
    const productsTTC = input.priced.price.productsTTC;
    const amount = offer.type === '%' ? Math.round((productsTTC * offer.amount) / 100) : Math.min(offer.amount, productsTTC);
    discount = { code: `loyalty:${level.name}`, amount };
  }
  const applied: Omit<AppliedLoyaltyPrice, 'amount' | 'amountHT'> = {
    levelIndex,
    levelName: level.name,
    offerIndex,
    pointsToLose: level.threshold,
  };
  return { option: { discount, applied }, clientId, pointsToLose: level.threshold };
}

/** Placing the order: the points it spends leave the client's balance (checked and locked by resolveCartLoyalty). */
export async function spendForOrder(
  tx: DbOrTx,
  input: { shopId: number; clientId: number; orderId: number; points: number },
): Promise<void> {
  if (input.points <= 0) return;
  await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, source_id)
    values (${input.shopId}, ${input.clientId}, ${-input.points}, 'spend', ${input.orderId}) on conflict do nothing`);
}

// ------------------------------------------------------------------ the service behind the routes

function formatLabelOf(f: { nameInShop: string | null; container: string | null; unityValue: number | null; unity: string }): string {
  return formatDisplayName(f);
}

async function offeredProducts(db: Db, viewer: Viewer, shopId: number, ids: number[]): Promise<Map<number, LoyaltyOfferedProduct>> {
  const out = new Map<number, LoyaltyOfferedProduct>();
  for (const id of [...new Set(ids)]) {
    const p = await productAnswer(db, viewer, id).then(
      (a) => a.product,
      () => null,
    );
    if (!p || p.shopId !== shopId) continue;
    const vintage = p.vintages[0] ?? null;
    // the standard bottle when it is in stock (a producer offers a bottle, not a half), else any format in stock
    const priced = p.formats.filter((f) => f.price);
    const format =
      priced.find((f) => f.eq75 === 1 && f.stock > 0) ??
      priced.find((f) => f.stock > 0) ??
      priced.find((f) => f.eq75 === 1) ??
      priced[0] ??
      null;
    if (!format) continue;
    out.set(id, {
      id: p.id,
      name: p.name,
      formatId: format.id,
      formatLabel: formatLabelOf(format),
      vintageId: vintage?.id ?? null,
      vintageName: vintage?.name ?? null,
      productType: p.productType,
      image: p.visuals[0] ?? null,
      available: p.status === 'online' && format.stock > 0,
    });
  }
  return out;
}

export function createLoyaltyService(deps: { db: Db }) {
  const { db } = deps;

  async function clientOf(shopId: number, clientId: number, onlyAgent: number | null) {
    const [r] = await rowsOf(
      db.execute(sql`select id from crm_clients where id = ${clientId} and shop_id = ${shopId} and status <> 'erased'
        and (${onlyAgent}::int is null or agent_user_id = ${onlyAgent})`),
    );
    if (!r) throw new HttpError(404, 'Client introuvable');
  }

  async function account(db2: DbOrTx, shopId: number, clientId: number): Promise<LoyaltyAccount> {
    const [program, sums, entries] = [
      await programOf(db2, shopId),
      await sumsOf(db2, shopId, clientId),
      await history(db2, shopId, clientId),
    ];
    return { clientId, program, ...loyaltyStanding(program.levels, sums), history: entries };
  }

  async function buyerView(
    viewer: Viewer,
    userId: number,
    shop: { id: number; name: string; slug: string | null },
  ): Promise<LoyaltyBuyerView | null> {
    const program = await programOf(db, shop.id);
    if (!program.active) return null;
    const clientId = await buyerClientFile(db, shop.id, userId);
    const sums = clientId == null ? { balance: 0, total: 0, spent: 0 } : await sumsOf(db, shop.id, clientId);
    const ids = program.levels.flatMap((l) => l.offers.flatMap((o) => (o.kind === 'products' ? o.productIds : [])));
    const products = ids.length ? await offeredProducts(db, viewer, shop.id, ids) : new Map<number, LoyaltyOfferedProduct>();
    return {
      shop,
      basis: program.basis,
      pointsPerUnit: program.pointsPerUnit,
      ...loyaltyStanding(program.levels, sums),
      levels: program.levels.map((l, index) => ({
        ...l,
        index,
        reached: sums.balance >= l.threshold,
        products: l.offers.map((o) =>
          o.kind === 'products' ? o.productIds.map((id) => products.get(id)).filter((p): p is LoyaltyOfferedProduct => !!p) : null,
        ),
      })),
    };
  }

  return {
    program: (shopId: number) => programOf(db, shopId),

    async saveProgram(shopId: number, v: LoyaltyProgramValues) {
      const ids = [...new Set(v.levels.flatMap((l) => l.offers.flatMap((o) => (o.kind === 'products' ? o.productIds : []))))];
      if (ids.length) {
        const mine = await rowsOf(
          db.execute(
            sql`select id from products where shop_id = ${shopId} and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
        const found = new Set(mine.map((r) => Number(r.id)));
        const li = v.levels.findIndex((l) => l.offers.some((o) => o.kind === 'products' && o.productIds.some((id) => !found.has(id))));
        if (li >= 0) {
          const oi = v.levels[li].offers.findIndex((o) => o.kind === 'products' && o.productIds.some((id) => !found.has(id)));
          throw new HttpError(400, "Un des produits offerts n'existe pas dans votre boutique", `levels.${li}.offers.${oi}.productIds`);
        }
      }
      await db.execute(sql`insert into loyalty_programs (shop_id, active, basis, points_per_unit, levels, updated_at)
        values (${shopId}, ${v.active}, ${v.basis}, ${v.pointsPerUnit}, ${JSON.stringify(v.levels)}::jsonb, now())
        on conflict (shop_id) do update set active = excluded.active, basis = excluded.basis,
          points_per_unit = excluded.points_per_unit, levels = excluded.levels, updated_at = now()`);
      return { ...(await programOf(db, shopId)), message: M.saved };
    },

    async account(shopId: number, clientId: number, onlyAgent: number | null): Promise<LoyaltyAccount> {
      await clientOf(shopId, clientId, onlyAgent);
      return account(db, shopId, clientId);
    },

    async adjust(shopId: number, clientId: number, onlyAgent: number | null, input: LoyaltyAdjustmentInput) {
      await clientOf(shopId, clientId, onlyAgent);
      return db.transaction(async (tx) => {
        await lockClient(tx, shopId, clientId);
        const { balance } = await sumsOf(tx, shopId, clientId);
        if (balance + input.points < 0) throw new HttpError(409, M.notEnough(balance), 'points');
        await tx.execute(sql`insert into loyalty_ledger (shop_id, client_id, points, source, note)
          values (${shopId}, ${clientId}, ${input.points}, 'adjustment', ${input.note})`);
        return { ...(await account(tx, shopId, clientId)), message: M.adjusted };
      });
    },

    async buyerShop(viewer: Viewer, userId: number, shopId: number): Promise<LoyaltyBuyerView> {
      const [shop] = await rowsOf(db.execute(sql`select id, name, url_shop as slug from shops where id = ${shopId}`));
      const view = shop
        ? await buyerView(viewer, userId, { id: Number(shop.id), name: String(shop.name), slug: (shop.slug as string) ?? null })
        : null;
      if (!view) throw new HttpError(404, M.noProgram);
      return view;
    },

    /** The buyer's dashboard: every shop with an active programme where the buyer holds points or has a client file. */
    async buyerAll(viewer: Viewer, userId: number): Promise<{ items: LoyaltyBuyerView[] }> {
      const shops = await rowsOf(
        db.execute(sql`select distinct s.id, s.name, s.url_shop as slug from shops s
          join loyalty_programs p on p.shop_id = s.id and p.active
          join crm_clients c on c.shop_id = s.id and c.user_id = ${userId}
          order by s.name limit 50`),
      );
      const items: LoyaltyBuyerView[] = [];
      for (const s of shops) {
        const v = await buyerView(viewer, userId, { id: Number(s.id), name: String(s.name), slug: (s.slug as string) ?? null });
        if (v) items.push(v);
      }
      return { items };
    },
  };
}
