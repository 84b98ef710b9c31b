import { z } from 'zod';
import { PROMO_CODE_MESSAGES as M, promoCodeInputSchema, type PromoCode, type PromoCodeInput } from 'shared-kernel/contracts';

/**
 * The form's values: the api's rules (shared-kernel/contracts/promo-codes.ts, same French messages) with the money in
 * euros as typed and a scope choice; `toInput` gives what the api takes (cents TTC).
 */
export const promoCodeFormSchema = z
  .object({
    code: promoCodeInputSchema.shape.code,
    kind: promoCodeInputSchema.shape.kind,
    value: z.number({ error: M.amount }).min(0, M.amount).nullable(),
    scope: z.enum(['order', 'products']),
    productIds: z.array(z.number().int()),
    minAmount: z.number({ error: M.minAmount }).min(0, M.minAmount).nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxUses: z.number({ error: M.maxUses }).int(M.maxUses).min(1, M.maxUses).nullable(),
    maxUsesPerClient: z.number({ error: M.maxUsesPerClient }).int(M.maxUsesPerClient).min(1, M.maxUsesPerClient).nullable(),
    typologies: z.array(z.string()),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const value = v.value ?? 0;
    if (v.kind === 'percent' && (value < 1 || value > 100 || !Number.isInteger(value)))
      ctx.addIssue({ code: 'custom', message: M.percent, path: ['value'] });
    if (v.kind === 'amount' && value <= 0) ctx.addIssue({ code: 'custom', message: M.amount, path: ['value'] });
    if (v.scope === 'products' && v.productIds.length === 0) ctx.addIssue({ code: 'custom', message: M.productIds, path: ['productIds'] });
    if (v.startsAt && v.endsAt && v.endsAt < v.startsAt) ctx.addIssue({ code: 'custom', message: M.dates, path: ['endsAt'] });
  });
export type PromoCodeFormValues = z.output<typeof promoCodeFormSchema>;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

export function toInput(v: PromoCodeFormValues): PromoCodeInput {
  return {
    code: v.code.trim().toUpperCase(),
    kind: v.kind,
    value: v.kind === 'freeShipping' ? 0 : v.kind === 'amount' ? Math.round((v.value ?? 0) * 100) : Math.round(v.value ?? 0),
    productIds: v.scope === 'products' ? v.productIds : null,
    minAmountCents: Math.round((v.minAmount ?? 0) * 100),
    startsAt: day(v.startsAt),
    endsAt: day(v.endsAt),
    maxUses: v.maxUses,
    maxUsesPerClient: v.maxUsesPerClient,
    typologies: v.typologies.length ? v.typologies : null,
    active: v.active,
  };
}

export function defaultsOf(c?: PromoCode): PromoCodeFormValues {
  return {
    code: c?.code ?? '',
    kind: c?.kind ?? 'percent',
    value: c ? (c.kind === 'amount' ? c.value / 100 : c.kind === 'percent' ? c.value : null) : 10,
    scope: c?.productIds ? 'products' : 'order',
    productIds: c?.productIds ?? [],
    minAmount: c && c.minAmountCents ? c.minAmountCents / 100 : null,
    startsAt: c?.startsAt ?? null,
    endsAt: c?.endsAt ?? null,
    maxUses: c?.maxUses ?? null,
    maxUsesPerClient: c?.maxUsesPerClient ?? null,
    typologies: c?.typologies ?? [],
    active: c?.active ?? true,
  };
}
