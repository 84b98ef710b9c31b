import { z } from 'zod';
import { formatCentsIn } from '../domain/money';

/**
 * Loyalty programmes (§3 Loyalty: points total / spent / needed, offers — a discount, or products offered
 * from a selection with a maximum number of products — and levels). One programme per shop (api modules/loyalty).
 *
 * Owner / iam (settings section `promotions`, card « Programme de fidélité »):
 * - GET  /v1/loyalty/program → LoyaltyProgram (an inactive empty one when the shop never saved any)
 * - PUT  /v1/loyalty/program  LoyaltyProgramInput → LoyaltyProgram + message
 * Client file (mfe-crm):
 * - GET  /v1/loyalty/clients/:clientId → LoyaltyAccount (404 for another shop's client)
 * - POST /v1/loyalty/clients/:clientId/adjustments  LoyaltyAdjustmentInput → LoyaltyAccount + message
 * Buyer (logged in):
 * - GET  /v1/loyalty/shops/:shopId/me → LoyaltyBuyerView (the cart's « Fidélité » block; 404 without an active programme)
 * - GET  /v1/buyer/loyalty → { items: LoyaltyBuyerView[] } (the buyer's dashboard: every shop where they hold points)
 *
 * Rules (api): points are earned when an order is paid (its total TTC, or its bottles) and on identified till
 * tickets; they are spent in the cart by choosing a reached level and one of its offers (`loyaltyData`:
 * selectedLevel = level index, selectedDiscount = offer index, pointsToLose = the level's threshold), and taken back
 * in proportion to what a credit note or a till refund gives back. An order aborted, expired, refused or cancelled
 * gives back the points it spent.
 */

export const LOYALTY_BASES = ['euro', 'bottle'] as const;
export type LoyaltyBasis = (typeof LOYALTY_BASES)[number];

export const LOYALTY_MESSAGES = {
  basis: 'La base de calcul doit être euro ou bottle',
  pointsPerUnit: 'Le nombre de points doit être un entier entre 1 et 1000',
  levelName: 'Le nom du palier est obligatoire (60 caractères au plus)',
  threshold: 'Le seuil doit être un nombre entier de points supérieur ou égal à 1',
  thresholdsOrder: 'Les seuils des paliers doivent être croissants',
  offers: 'Chaque palier propose au moins une offre',
  offersMax: 'Au plus 5 offres par palier',
  productIdsMax: 'Au plus 100 produits offerts au choix',
  levels: 'Au plus 10 paliers',
  discountType: 'Le type de remise doit être % ou €',
  percent: 'Le pourcentage de remise doit être compris entre 1 et 100',
  amount: 'Le montant de la remise doit être supérieur à 0',
  productIds: 'Choisissez au moins un produit offert',
  maxProducts: 'Le nombre maximal de produits offerts doit être un entier entre 1 et 100',
  activeNeedsLevels: 'Un programme actif doit avoir au moins un palier',
  adjustmentPoints: 'Le nombre de points doit être un entier non nul',
  adjustmentNote: 'Le motif est obligatoire (200 caractères au plus)',
  saved: 'Programme de fidélité enregistré',
  adjusted: 'Points de fidélité mis à jour',
  notEnough: (balance: number) => `Le client n'a que ${balance} points`,
  noProgram: "Cette boutique n'a pas de programme de fidélité",
  // cart / checkout problems on field `loyaltyData`
  login: 'Connectez-vous pour utiliser vos points de fidélité',
  levelUnknown: 'Palier de fidélité introuvable',
  offerUnknown: 'Offre de fidélité introuvable',
  pointsMissing: (balance: number, needed: number) =>
    `Points de fidélité insuffisants : ${balance} points disponibles, ${needed} nécessaires`,
  productNotOffered: "Ce produit ne fait pas partie de l'offre de fidélité choisie",
  tooManyProducts: (max: number) => `Au plus ${max} produit${max > 1 ? 's' : ''} offert${max > 1 ? 's' : ''}`,
  offeredWithoutOffer: "Choisissez une offre de fidélité avant d'ajouter un produit offert",
  chooseProduct: "Ajoutez le produit offert de votre choix, ou retirez l'offre",
} as const;

const M = LOYALTY_MESSAGES;

export const loyaltyOfferSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('discount'),
      type: z.enum(['%', '€'], { error: M.discountType }),
      /** percent (1–100) or cents TTC */
      amount: z.number({ error: M.amount }).int(M.amount).min(1, M.amount).max(100_000_000, M.amount),
    }),
    z.object({
      kind: z.literal('products'),
      productIds: z.array(z.number().int().positive(), { error: M.productIds }).min(1, M.productIds).max(100, M.productIdsMax),
      maxProducts: z.number({ error: M.maxProducts }).int(M.maxProducts).min(1, M.maxProducts).max(100, M.maxProducts),
    }),
  ],
  { error: M.offers },
);
export type LoyaltyOffer = z.infer<typeof loyaltyOfferSchema>;

export const loyaltyLevelSchema = z
  .object({
    name: z.string({ error: M.levelName }).trim().min(1, M.levelName).max(60, M.levelName),
    threshold: z.number({ error: M.threshold }).int(M.threshold).min(1, M.threshold).max(10_000_000, M.threshold),
    offers: z.array(loyaltyOfferSchema, { error: M.offers }).min(1, M.offers).max(5, M.offersMax),
  })
  .superRefine((l, ctx) => {
    l.offers.forEach((o, i) => {
      if (o.kind === 'discount' && o.type === '%' && o.amount > 100)
        ctx.addIssue({ code: 'custom', message: M.percent, path: ['offers', i, 'amount'] });
    });
  });
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;

export const loyaltyProgramInputSchema = z
  .object({
    active: z.boolean().default(true),
    basis: z.enum(LOYALTY_BASES, { error: M.basis }).default('euro'),
    /** points per euro TTC spent, or per bottle */
    pointsPerUnit: z.number({ error: M.pointsPerUnit }).int(M.pointsPerUnit).min(1, M.pointsPerUnit).max(1000, M.pointsPerUnit),
    levels: z.array(loyaltyLevelSchema).max(10, M.levels).default([]),
  })
  .superRefine((p, ctx) => {
    p.levels.forEach((l, i) => {
      if (i > 0 && l.threshold <= p.levels[i - 1].threshold)
        ctx.addIssue({ code: 'custom', message: M.thresholdsOrder, path: ['levels', i, 'threshold'] });
    });
    if (p.active && p.levels.length === 0) ctx.addIssue({ code: 'custom', message: M.activeNeedsLevels, path: ['levels'] });
  });
export type LoyaltyProgramInput = z.input<typeof loyaltyProgramInputSchema>;
export type LoyaltyProgramValues = z.output<typeof loyaltyProgramInputSchema>;

export interface LoyaltyProgram extends LoyaltyProgramValues {
  updatedAt: string | null;
}

export const loyaltyAdjustmentInputSchema = z.object({
  points: z
    .number({ error: M.adjustmentPoints })
    .int(M.adjustmentPoints)
    .min(-10_000_000, M.adjustmentPoints)
    .max(10_000_000, M.adjustmentPoints)
    .refine((n) => n !== 0, M.adjustmentPoints),
  note: z.string({ error: M.adjustmentNote }).trim().min(1, M.adjustmentNote).max(200, M.adjustmentNote),
});
export type LoyaltyAdjustmentInput = z.infer<typeof loyaltyAdjustmentInputSchema>;

export const LOYALTY_SOURCES = ['order', 'ticket', 'spend', 'restore', 'refund', 'ticketRefund', 'adjustment'] as const;
export type LoyaltySourceName = (typeof LOYALTY_SOURCES)[number];
export const LOYALTY_SOURCE_LABELS: Record<LoyaltySourceName, { fr: string; en: string }> = {
  order: { fr: 'Commande payée', en: 'Paid order' },
  ticket: { fr: 'Ticket de caisse', en: 'Till ticket' },
  spend: { fr: 'Points utilisés', en: 'Points spent' },
  restore: { fr: 'Commande annulée : points rendus', en: 'Cancelled order: points given back' },
  refund: { fr: 'Avoir : points repris', en: 'Credit note: points taken back' },
  ticketRefund: { fr: 'Remboursement en caisse : points repris', en: 'Till refund: points taken back' },
  adjustment: { fr: 'Ajustement manuel', en: 'Manual adjustment' },
};

export interface LoyaltyLedgerEntry {
  id: number;
  at: string;
  points: number;
  source: LoyaltySourceName;
  /** the order or ticket number, when the entry comes from one */
  ref: string | null;
  orderId: number | null;
  note: string | null;
}

/** §3 Loyalty: points total (earned), spent, needed (to the next level). */
export interface LoyaltyStanding {
  balance: number;
  total: number;
  spent: number;
  /** the highest level reached (index in `levels`), null below the first */
  level: { index: number; name: string; threshold: number } | null;
  next: { index: number; name: string; threshold: number; needed: number } | null;
}

export interface LoyaltyAccount extends LoyaltyStanding {
  clientId: number;
  program: LoyaltyProgram;
  history: LoyaltyLedgerEntry[];
}

/** A product offered by a level (what the cart needs to add it as a `isFromFidelity` line). */
export interface LoyaltyOfferedProduct {
  id: number;
  name: string;
  formatId: number;
  formatLabel: string;
  vintageId: number | null;
  vintageName: string | null;
  productType: string;
  image: string | null;
  available: boolean;
}

export interface LoyaltyBuyerView extends LoyaltyStanding {
  shop: { id: number; name: string; slug: string | null };
  basis: LoyaltyBasis;
  pointsPerUnit: number;
  levels: Array<
    LoyaltyLevel & {
      index: number;
      reached: boolean;
      /** product offers with their products (same order as `offers`; discount offers: null) */
      products: Array<LoyaltyOfferedProduct[] | null>;
    }
  >;
}

/** §4 loyaltyData as the cart sends it (the server recomputes pointsToLose). */
export const loyaltyDataInputSchema = z.looseObject({
  selectedLevel: z.number().int().min(0).max(20).nullable().optional(),
  selectedDiscount: z.number().int().min(0).max(20).nullable().optional(),
  pointsToLose: z.number().int().min(0).nullable().optional(),
});
export type LoyaltyDataInput = z.infer<typeof loyaltyDataInputSchema>;

/** What the offer did to the order: `price.loyalty` (AppliedLoyaltyPrice, shared-kernel/domain pricing engine). */

/** Label of an offer (settings list, cart, client file). */
export function loyaltyOfferLabel(o: LoyaltyOffer, lang: 'fr' | 'en' = 'fr'): string {
  if (o.kind === 'discount') {
    const v = o.type === '%' ? `${o.amount} %` : formatCentsIn(o.amount, lang);
    return lang === 'fr' ? `Remise de ${v}` : `${v} off`;
  }
  return lang === 'fr'
    ? `${o.maxProducts} produit${o.maxProducts > 1 ? 's' : ''} offert${o.maxProducts > 1 ? 's' : ''} au choix`
    : `${o.maxProducts} free product${o.maxProducts > 1 ? 's' : ''} to choose`;
}

/** Standing from the programme's levels and the ledger's sums. */
export function loyaltyStanding(levels: readonly LoyaltyLevel[], sums: { balance: number; total: number; spent: number }): LoyaltyStanding {
  let level: LoyaltyStanding['level'] = null;
  let next: LoyaltyStanding['next'] = null;
  levels.forEach((l, index) => {
    if (sums.balance >= l.threshold) level = { index, name: l.name, threshold: l.threshold };
    else if (!next) next = { index, name: l.name, threshold: l.threshold, needed: l.threshold - sums.balance };
  });
  return { ...sums, level, next };
}
