import { z } from 'zod';
import { MESSAGES } from '../validation/messages';

/**
 * Promotion codes: a shop's codes (settings section `promotions`, api modules/promo-codes), entered in
 * the cart and applied by the server's price engine. Shared by the api (validation, answers) and mfe-auth (the form).
 *
 * - GET    /v1/promo-codes?page&pageSize&sort&q&status=active|scheduled|expired|inactive → Paginated<PromoCode>
 * - POST   /v1/promo-codes  PromoCodeInput → PromoCode + message (201)
 * - PUT    /v1/promo-codes/:id  PromoCodeInput → PromoCode + message
 * - PUT    /v1/promo-codes/:id/active  { active } → PromoCode + message
 * - DELETE /v1/promo-codes/:id → { success, message, deactivated } (a code already used is deactivated instead)
 */

export const PROMO_CODE_KINDS = ['percent', 'amount', 'freeShipping'] as const;
export type PromoCodeKindName = (typeof PROMO_CODE_KINDS)[number];
export const PROMO_CODE_STATUSES = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];

export const PROMO_CODE_MESSAGES = {
  code: 'Le code promo est obligatoire',
  codeLength: MESSAGES.promocode,
  codeChars: 'Le code promo ne peut contenir que des lettres sans accent, des chiffres, - et _',
  kind: 'Le type de remise doit être percent, amount ou freeShipping',
  percent: 'Le pourcentage de remise doit être compris entre 1 et 100',
  amount: 'Le montant de la remise doit être supérieur à 0',
  minAmount: 'Le montant minimum doit être un nombre positif',
  date: 'La date doit être au format AAAA-MM-JJ',
  dates: 'La date de fin doit être après la date de début',
  maxUses: "Le nombre maximal d'utilisations doit être un entier supérieur ou égal à 1",
  maxUsesPerClient: "Le nombre maximal d'utilisations par client doit être un entier supérieur ou égal à 1",
  productIds: 'Choisissez au moins un produit, ou appliquez le code à toute la commande',
  typologies: 'Choisissez au moins une typologie, ou autorisez-les toutes',
} as const;

/** §5 promocode (at most 15 characters), letters, digits, - and _; compared upper-case. */
export const promoCodeSchema = z
  .string({ error: PROMO_CODE_MESSAGES.code })
  .trim()
  .min(1, PROMO_CODE_MESSAGES.code)
  .max(15, PROMO_CODE_MESSAGES.codeLength)
  .regex(/^[A-Za-z0-9_-]+$/, PROMO_CODE_MESSAGES.codeChars);

const day = z.string({ error: PROMO_CODE_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, PROMO_CODE_MESSAGES.date);
const limit = (message: string) => z.number({ error: message }).int(message).min(1, message).max(1_000_000, message).nullable();

/** What the form sends (money in cents TTC, days as YYYY-MM-DD in Paris: valid from the start of `startsAt` to the end of `endsAt`). */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeSchema,
    kind: z.enum(PROMO_CODE_KINDS, { error: PROMO_CODE_MESSAGES.kind }),
    /** percent (1–100) or cents TTC; ignored (0) for free shipping */
    value: z.number({ error: PROMO_CODE_MESSAGES.amount }).int(PROMO_CODE_MESSAGES.amount).min(0).max(100_000_000).default(0),
    /** null: the whole order */
    productIds: z.array(z.number().int().positive(), { error: PROMO_CODE_MESSAGES.productIds }).max(500).nullable().default(null),
    minAmountCents: z
      .number({ error: PROMO_CODE_MESSAGES.minAmount })
      .int(PROMO_CODE_MESSAGES.minAmount)
      .min(0, PROMO_CODE_MESSAGES.minAmount)
      .max(100_000_000, PROMO_CODE_MESSAGES.minAmount)
      .default(0),
    startsAt: day.nullable().default(null),
    endsAt: day.nullable().default(null),
    maxUses: limit(PROMO_CODE_MESSAGES.maxUses).default(null),
    maxUsesPerClient: limit(PROMO_CODE_MESSAGES.maxUsesPerClient).default(null),
    /** typology ids allowed; null: every one */
    typologies: z.array(z.string().min(1).max(100), { error: PROMO_CODE_MESSAGES.typologies }).max(50).nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && (v.value < 1 || v.value > 100))
      ctx.addIssue({ code: 'custom', message: PROMO_CODE_MESSAGES.percent, path: ['value'] });
    if (v.kind === 'amount' && v.value < 1) ctx.addIssue({ code: 'custom', message: PROMO_CODE_MESSAGES.amount, path: ['value'] });
    if (v.startsAt && v.endsAt && v.endsAt < v.startsAt)
      ctx.addIssue({ code: 'custom', message: PROMO_CODE_MESSAGES.dates, path: ['endsAt'] });
    if (v.productIds && v.productIds.length === 0)
      ctx.addIssue({ code: 'custom', message: PROMO_CODE_MESSAGES.productIds, path: ['productIds'] });
    if (v.typologies && v.typologies.length === 0)
      ctx.addIssue({ code: 'custom', message: PROMO_CODE_MESSAGES.typologies, path: ['typologies'] });
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;
export type PromoCodeValues = z.output<typeof promoCodeInputSchema>;

export const promoCodeSchemaOut = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(PROMO_CODE_KINDS),
    value: z.number().int(),
    productIds: z.array(z.number().int()).nullable(),
    minAmountCents: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerClient: z.number().int().nullable(),
    typologies: z.array(z.string()).nullable(),
    active: z.boolean(),
    /** orders using it that are not cancelled, aborted, expired or refused */
    uses: z.number().int(),
    status: z.enum(PROMO_CODE_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'PromoCode' });
export type PromoCode = z.infer<typeof promoCodeSchemaOut>;

/** Why the price engine refused a code (problem on field `promoCode` of get-cart-price / the checkout). */
export const PROMO_CODE_PROBLEMS = {
  unknown: "Ce code promo n'existe pas",
  inactive: "Ce code promo n'est plus valable",
  notStarted: (day: string) => `Ce code promo sera valable à partir du ${day}`,
  expired: (day: string) => `Ce code promo a expiré le ${day}`,
  minAmount: (euros: string) => `Ce code promo est valable à partir de ${euros} d'achat`,
  limit: "Ce code promo a atteint son nombre maximal d'utilisations",
  clientLimit: (n: number) =>
    n > 1 ? `Vous avez déjà utilisé ce code promo ${n} fois, le maximum autorisé` : 'Vous avez déjà utilisé ce code promo',
  typology: "Ce code promo n'est pas valable pour votre type de client",
  noProduct: "Ce code promo ne s'applique à aucun produit de votre panier",
} as const;
