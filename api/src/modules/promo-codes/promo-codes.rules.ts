/**
 * The rules of a promotion code, pure: given the code (or none) and what the order holds, the amount TTC
 * it takes off, whether shipping is free, the lines it applies to, or the French reason it is refused. The price
 * engine (shared-kernel/domain/pricing, `options.promoCode`) then spreads that amount over those lines.
 */
import { PROMO_CODE_PROBLEMS } from 'shared-kernel/contracts';
import { formatCents, type Cents } from 'shared-kernel/domain';
import type { PromoCodeKind } from './promo-codes.tables';

export interface PromoCodeRule {
  code: string;
  kind: PromoCodeKind;
  /** percent (1–100) or cents TTC */
  value: number;
  productIds: number[] | null;
  minAmountCents: number;
  startsAt: Date | null;
  /** the first instant it is no longer valid (the end of its last day) */
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerClient: number | null;
  typologies: string[] | null;
  active: boolean;
}

export interface PromoOrderLine {
  idTmp: string;
  productId: number;
  /** the line's goods TTC after the product's own promotions (what the code may take off) */
  ttc: Cents;
}

export interface PromoOrderContext {
  now: Date;
  /** the buyer's typology id */
  typology: string;
  /** products TTC of the order before the code (the minimum amount reads it) */
  productsTTC: Cents;
  lines: PromoOrderLine[];
  /** uses of the code by orders still standing */
  usesTotal: number;
  /** uses by this client; null when the buyer is not known (anonymous cart: checked when the order is placed) */
  usesByClient: number | null;
}

export interface PromoCodeResult {
  /** cents TTC to take off the eligible lines */
  promoAmount: Cents;
  freeShipping: boolean;
  /** the eligible lines; null: every line */
  idTmps: string[] | null;
  problem?: string;
}

const parisDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });

export function applyPromoCode(code: PromoCodeRule | null | undefined, ctx: PromoOrderContext): PromoCodeResult {
  const refuse = (problem: string): PromoCodeResult => ({ promoAmount: 0, freeShipping: false, idTmps: null, problem });
  if (!code) return refuse(PROMO_CODE_PROBLEMS.unknown);
  if (!code.active) return refuse(PROMO_CODE_PROBLEMS.inactive);
  if (code.startsAt && ctx.now < code.startsAt) return refuse(PROMO_CODE_PROBLEMS.notStarted(parisDay.format(code.startsAt)));
  if (code.endsAt && ctx.now >= code.endsAt)
    return refuse(PROMO_CODE_PROBLEMS.expired(parisDay.format(new Date(code.endsAt.getTime() - 1))));
  if (code.typologies && !code.typologies.includes(ctx.typology)) return refuse(PROMO_CODE_PROBLEMS.typology);
  if (code.maxUses != null && ctx.usesTotal >= code.maxUses) return refuse(PROMO_CODE_PROBLEMS.limit);
  if (code.maxUsesPerClient != null && ctx.usesByClient != null && ctx.usesByClient >= code.maxUsesPerClient)
    return refuse(PROMO_CODE_PROBLEMS.clientLimit(code.maxUsesPerClient));
  const only = code.productIds ? new Set(code.productIds) : null;
  const eligible = ctx.lines.filter((l) => l.ttc > 0 && (!only || only.has(l.productId)));
  if (!eligible.length) return refuse(PROMO_CODE_PROBLEMS.noProduct);
  if (ctx.productsTTC < code.minAmountCents) return refuse(PROMO_CODE_PROBLEMS.minAmount(formatCents(code.minAmountCents)));
  const eligibleTTC = eligible.reduce((n, l) => n + l.ttc, 0);
  const promoAmount =
    code.kind === 'percent'
      ? Math.round((eligibleTTC * Math.min(100, Math.max(0, code.value))) / 100)
      : code.kind === 'amount'
        ? Math.min(eligibleTTC, Math.max(0, code.value))
        : 0;
  return { promoAmount, freeShipping: code.kind === 'freeShipping', idTmps: only ? eligible.map((l) => l.idTmp) : null };
}
