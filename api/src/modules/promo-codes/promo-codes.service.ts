import type { Paginated, PromoCode, PromoCodeStatus, PromoCodeValues as PromoCodeBody } from 'shared-kernel/contracts';
import { parisMidnight, vatOf, type PromoCodeDiscount, type SellerPriceResult } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import * as repo from './promo-codes.repository';
import { applyPromoCode } from './promo-codes.rules';
import { PROMO_CODE_API_MESSAGES as M } from './promo-codes.schemas';
import { isUniqueViolation } from '../../platform/db/pg-errors';

const M_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
/** 'YYYY-MM-DD' → that day's first instant in Paris (`next`: the next day's, i.e. the end of that day). */
function dayStart(day: string | null, next = false): Date | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return parisMidnight(y, m - 1, d + (next ? 1 : 0));
}
const dayOf = (at: Date | null, before = false) => (at ? M_DAY.format(new Date(at.getTime() - (before ? 1 : 0))) : null);

function statusOf(row: repo.PromoCodeRow, now: Date): PromoCodeStatus {
  if (!row.active) return 'inactive';
  if (row.endsAt && row.endsAt <= now) return 'expired';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  return 'active';
}

export function promoCodeDto(row: repo.PromoCodeRow & { uses: number }, now = new Date()): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    productIds: row.productIds ?? null,
    minAmountCents: row.minAmountCents,
    startsAt: dayOf(row.startsAt),
    endsAt: dayOf(row.endsAt, true),
    maxUses: row.maxUses,
    maxUsesPerClient: row.maxUsesPerClient,
    typologies: row.typologies ?? null,
    active: row.active,
    uses: row.uses,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A shop's promotion codes (settings section `promotions`), scoped to the caller's shop: another shop's id is 404.
 * The code is stored upper-case (unique per shop, so case-insensitive).
 */
export function createPromoCodesService(deps: { db: Db }) {
  const { db } = deps;

  async function valuesOf(shopId: number, body: PromoCodeBody): Promise<repo.PromoCodeValues> {
    if (body.productIds) {
      const mine = await repo.shopProductIds(db, shopId, body.productIds);
      if (body.productIds.some((id) => !mine.has(id))) throw new HttpError(400, M.productNotFound, 'productIds');
    }
    if (body.typologies) {
      const mine = await repo.shopTypologyIds(db, shopId);
      if (body.typologies.some((t) => !mine.has(t))) throw new HttpError(400, M.typologyNotFound, 'typologies');
    }
    return {
      code: body.code.toUpperCase(),
      kind: body.kind,
      value: body.kind === 'freeShipping' ? 0 : body.value,
      productIds: body.productIds ? [...new Set(body.productIds)] : null,
      minAmountCents: body.minAmountCents,
      startsAt: dayStart(body.startsAt),
      endsAt: dayStart(body.endsAt, true),
      maxUses: body.maxUses,
      maxUsesPerClient: body.maxUsesPerClient,
      typologies: body.typologies ? [...new Set(body.typologies)] : null,
      active: body.active,
    };
  }

  const taken = (err: unknown) => {
    if (isUniqueViolation(err)) throw new HttpError(409, M.taken, 'code');
    throw err;
  };

  async function one(shopId: number, id: number) {
    const row = await repo.findPromoCode(db, shopId, id);
    if (!row) throw new HttpError(404, M.notFound);
    return row;
  }

  return {
    async list(shopId: number, q: repo.PromoCodesQuery): Promise<Paginated<PromoCode>> {
      const now = new Date();
      const { rows, total } = await repo.listPromoCodes(db, shopId, q, now);
      return paginated(
        rows.map((r) => promoCodeDto(r, now)),
        total,
        q,
      );
    },
    async get(shopId: number, id: number): Promise<PromoCode> {
      return promoCodeDto(await one(shopId, id));
    },
    async create(shopId: number, body: PromoCodeBody) {
      const row = await repo.insertPromoCode(db, shopId, await valuesOf(shopId, body)).catch(taken);
      return { ...promoCodeDto({ ...row, uses: 0 }), message: M.created };
    },
    async update(shopId: number, id: number, body: PromoCodeBody) {
      const values = await valuesOf(shopId, body);
      const row = await repo.updatePromoCode(db, shopId, id, values).catch(taken);
      if (!row) throw new HttpError(404, M.notFound);
      return { ...promoCodeDto(await one(shopId, row.id)), message: M.updated };
    },
    async setActive(shopId: number, id: number, active: boolean) {
      const row = await repo.updatePromoCode(db, shopId, id, { active });
      if (!row) throw new HttpError(404, M.notFound);
      return { ...promoCodeDto(await one(shopId, row.id)), message: active ? M.activated : M.deactivated };
    },
    /** A code some order used is kept (its orders point at it) and deactivated instead. */
    async remove(shopId: number, id: number) {
      const row = await one(shopId, id);
      if (await repo.everUsed(db, row.id)) {
        await repo.updatePromoCode(db, shopId, id, { active: false });
        return { success: true as const, message: M.deactivatedInstead, deactivated: true };
      }
      await repo.deletePromoCode(db, shopId, id);
      return { success: true as const, message: M.deleted, deactivated: false };
    },
  };
}

// ---------------------------------------------------------------- the checkout's side (modules/orders)

export interface ResolvedPromoCode {
  /** the code row applied, or null when refused */
  codeId: number | null;
  /** what the engine takes off (null when refused) */
  discount: PromoCodeDiscount | null;
  /** the French reason it is refused */
  problem?: string;
}

/**
 * Reads the shop's code and its standing uses and applies its rules to an order priced without it. `lock` (placing
 * an order, in its transaction): the code row is locked FOR UPDATE until the transaction ends, so two orders racing
 * for the last use are counted one after the other and the second is refused.
 */
export async function resolvePromoCode(
  dbx: DbOrTx,
  input: {
    shopId: number;
    code: string;
    typology: string;
    userId: number | null;
    /** the order priced without the code, and each line's product */
    priced: SellerPriceResult;
    productIdOf: (idTmp: string) => number | undefined;
    now?: Date;
    lock?: boolean;
  },
): Promise<ResolvedPromoCode> {
  const code = input.code.trim().toUpperCase();
  const row = await repo.findPromoCodeByCode(dbx, input.shopId, code, input.lock);
  const uses = row ? await repo.countUses(dbx, row.id, input.userId) : { total: 0, byClient: 0 };
  const lines = input.priced.lines.flatMap((l) => {
    const productId = input.productIdOf(l.idTmp);
    const net = l.grossHT - l.promoAmount;
    return productId == null ? [] : [{ idTmp: l.idTmp, productId, ttc: net + vatOf(net, l.vatRate) }];
  });
  const res = applyPromoCode(row, {
    now: input.now ?? new Date(),
    typology: input.typology,
    productsTTC: input.priced.price.productsTTC,
    lines,
    usesTotal: uses.total,
    usesByClient: input.userId == null ? null : uses.byClient,
  });
  if (res.problem || !row) return { codeId: null, discount: null, problem: res.problem };
  return { codeId: row.id, discount: { code: row.code, amount: res.promoAmount, idTmps: res.idTmps, freeShipping: res.freeShipping } };
}

/** The order's use of the code, in the order's transaction (after `resolvePromoCode(…, { lock: true })`). */
export async function recordPromoCodeUse(
  tx: DbOrTx,
  use: { codeId: number; orderId: number; userId: number | null; clientId: number | null; amountCents: number },
): Promise<void> {
  await repo.insertUse(tx, use);
}
