// The loyalty programme form. Its rules are the api's (shared-kernel/contracts/loyalty.ts, same French
// messages): the form's values are turned into a LoyaltyProgramInput, then checked by `loyaltyProgramInputSchema`.
// What differs on screen: a fixed amount is typed in euros (sent as cents TTC), and an offer keeps the fields of both
// kinds so that switching « Remise » ↔ « Produits offerts » loses nothing.
import { z } from 'zod';
import {
  loyaltyProgramInputSchema,
  type LoyaltyBasis,
  type LoyaltyOffer,
  type LoyaltyProgram,
  type LoyaltyProgramInput,
  type LoyaltyProgramValues,
} from 'shared-kernel/contracts';
import { fromCents, toCents } from 'shared-kernel/domain';

export const MAX_LEVELS = 10;
export const MAX_OFFERS = 5;

export type LoyaltyOfferKind = LoyaltyOffer['kind'];
export type LoyaltyDiscountType = '%' | '€';

export interface LoyaltyOfferFormValues {
  kind: LoyaltyOfferKind;
  /** discount */
  type: LoyaltyDiscountType;
  /** discount: percent, or euros TTC as typed */
  amount: number | null;
  /** products */
  productIds: number[];
  maxProducts: number | null;
}

export interface LoyaltyLevelFormValues {
  name: string;
  threshold: number | null;
  offers: LoyaltyOfferFormValues[];
}

export interface LoyaltyFormValues {
  active: boolean;
  basis: LoyaltyBasis;
  pointsPerUnit: number | null;
  levels: LoyaltyLevelFormValues[];
}

/** Absent numbers stay absent, so the contract answers with its own message ('… doit être …'). */
const num = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/** One offer as the api takes it (a fixed amount in cents TTC); undefined numbers are left for the schema to refuse. */
export function toOffer(o: LoyaltyOfferFormValues): LoyaltyOffer {
  if (o.kind === 'products') return { kind: 'products', productIds: [...o.productIds], maxProducts: num(o.maxProducts) as number };
  const amount = num(o.amount);
  return { kind: 'discount', type: o.type, amount: (amount !== undefined && o.type === '€' ? toCents(amount) : amount) as number };
}

/** The PUT body of the form's values, before the contract's checks (an empty number is undefined until then). */
export function toInput(v: LoyaltyFormValues): LoyaltyProgramInput {
  return {
    active: v.active,
    basis: v.basis,
    pointsPerUnit: num(v.pointsPerUnit) as number,
    levels: v.levels.map((l) => ({ name: l.name, threshold: num(l.threshold) as number, offers: l.offers.map(toOffer) })),
  };
}

/**
 * The form's schema: its input is what the fields hold, its output the contract's LoyaltyProgramValues (names trimmed,
 * euros in cents). Errors keep the form's paths (`levels.1.threshold`, `levels.0.offers.2.amount`).
 */
export const loyaltyFormSchema = z
  .custom<LoyaltyFormValues>((v) => typeof v === 'object' && v !== null)
  .transform(toInput)
  .pipe(loyaltyProgramInputSchema);

export function newOffer(): LoyaltyOfferFormValues {
  return { kind: 'discount', type: '%', amount: null, productIds: [], maxProducts: 1 };
}

export function newLevel(): LoyaltyLevelFormValues {
  return { name: '', threshold: null, offers: [newOffer()] };
}

/** The saved programme as form values (cents shown in euros). */
export function toFormValues(p: LoyaltyProgram | LoyaltyProgramValues): LoyaltyFormValues {
  return {
    active: p.active,
    basis: p.basis,
    pointsPerUnit: p.pointsPerUnit ?? 1,
    levels: (p.levels ?? []).map((l) => ({
      name: l.name,
      threshold: l.threshold,
      offers: l.offers.map((o) =>
        o.kind === 'discount'
          ? { ...newOffer(), type: o.type, amount: o.type === '€' ? fromCents(o.amount) : o.amount }
          : { ...newOffer(), kind: 'products' as const, productIds: [...o.productIds], maxProducts: o.maxProducts },
      ),
    })),
  };
}

/** The offer as the contract sees it, when it is complete enough to be described (`loyaltyOfferLabel`). */
export function describableOffer(o: LoyaltyOfferFormValues | undefined): LoyaltyOffer | null {
  if (!o) return null;
  const offer = toOffer(o);
  if (offer.kind === 'discount') return typeof offer.amount === 'number' && offer.amount > 0 ? offer : null;
  return typeof offer.maxProducts === 'number' && offer.maxProducts > 0 ? offer : null;
}
