// The form of the settings section `matchGrids`: the rules of PUT /v1/shops/me/settings/match-grids (matchGridsSchema
// of shared-kernel/contracts, the api's own). A producer's code
// is read once per grid, whatever its case: the second one is refused under its code, as the api does.
import { z } from 'zod';
import { MATCH_GRID_MAX_ROWS, matchGrid, matchGridRows, matchGridsSchema } from 'shared-kernel/contracts';
import type { PaymentMethod } from 'shared-kernel/domain';

export { MATCH_GRID_MAX_ROWS };
/** The api's messages (shared-kernel/contracts shop-settings). */

export const GRIDS = ['products', 'typologies', 'paymentMethods'] as const;
export type GridName = (typeof GRIDS)[number];

/** GET /v1/shops/me/settings/match-grids (format labels included; null: the format no longer exists). */
export interface MatchGrids {
  products: Array<{ code: string; label: string; formatId: number; formatLabel: string | null }>;
  typologies: Array<{ code: string; label: string; typologyId: string }>;
  paymentMethods: Array<{ code: string; label: string; method: PaymentMethod }>;
}
/** The PUT body. */
export interface MatchGridsBody {
  products: Array<{ code: string; label: string; formatId: number }>;
  typologies: Array<{ code: string; label: string; typologyId: string }>;
  paymentMethods: Array<{ code: string; label: string; method: PaymentMethod }>;
}

/** The api's own schema; a product row also holds the label its select shows (not sent). */
export const matchGridsFormSchema = matchGridsSchema.extend({
  products: matchGrid(matchGridRows.products.extend({ formatLabel: z.string().nullable().optional() })),
});

/** What the fields hold: a new row's select is empty (null). */
export interface MatchGridsFormValues {
  products: Array<{ code: string; label: string; formatId: number | null; formatLabel?: string | null }>;
  typologies: Array<{ code: string; label: string; typologyId: string | null }>;
  paymentMethods: Array<{ code: string; label: string; method: PaymentMethod | null }>;
}
export type MatchGridsFormOutput = z.output<typeof matchGridsFormSchema>;

export function toFormValues(g: MatchGrids): MatchGridsFormValues {
  return {
    products: g.products.map((r) => ({ code: r.code, label: r.label ?? '', formatId: r.formatId, formatLabel: r.formatLabel })),
    typologies: g.typologies.map((r) => ({ code: r.code, label: r.label ?? '', typologyId: r.typologyId })),
    paymentMethods: g.paymentMethods.map((r) => ({ code: r.code, label: r.label ?? '', method: r.method })),
  };
}

export function toBody(v: MatchGridsFormOutput): MatchGridsBody {
  return {
    products: v.products.map((r) => ({ code: r.code, label: r.label, formatId: r.formatId })),
    typologies: v.typologies.map((r) => ({ code: r.code, label: r.label, typologyId: r.typologyId })),
    paymentMethods: v.paymentMethods.map((r) => ({ code: r.code, label: r.label, method: r.method })),
  };
}

export const newRow = {
  products: (): MatchGridsFormValues['products'][number] => ({ code: '', label: '', formatId: null, formatLabel: null }),
  typologies: (): MatchGridsFormValues['typologies'][number] => ({ code: '', label: '', typologyId: null }),
  paymentMethods: (): MatchGridsFormValues['paymentMethods'][number] => ({ code: '', label: '', method: null }),
};
