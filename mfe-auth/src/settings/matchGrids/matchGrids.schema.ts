// The form of the settings section `matchGrids`: the rules of PUT /v1/shops/me/settings/match-grids
// (api/src/modules/shops/shop-settings.schemas.ts, matchGridsSchema) with the same French messages. A producer's code
// is read once per grid, whatever its case: the second one is refused under its code, as the api does.
import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from 'shared-kernel/domain';

/** The api's messages (SHOP_SETTINGS_MESSAGES of the shops module). */
export const MATCH_GRIDS_MESSAGES = {
  code: 'Le code doit contenir entre 1 et 50 caractères',
  codeTwice: 'Ce code figure déjà dans la grille',
  format: 'Choisissez un format de vos produits',
  typology: 'Choisissez une typologie de la boutique',
  paymentMethod: 'Choisissez un moyen de paiement de la liste',
  text: (max: number) => `Doit contenir au maximum ${max} caractères`,
  rows: (max: number) => `Une grille contient au maximum ${max} lignes`,
} as const;
const M = MATCH_GRIDS_MESSAGES;

export const MATCH_GRID_MAX_ROWS = 500;
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

const code = z.string({ error: M.code }).trim().min(1, M.code).max(50, M.code);
const label = z
  .string({ error: M.text(120) })
  .trim()
  .max(120, M.text(120));
const paymentMethods = PAYMENT_METHODS.map((p) => p.value) as unknown as [PaymentMethod, ...PaymentMethod[]];

const uniqueCodes = (rows: Array<{ code: string }>, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const k = r.code.toLowerCase();
    if (seen.has(k)) ctx.addIssue({ code: 'custom', message: M.codeTwice, path: [i, 'code'] });
    seen.add(k);
  });
};
const grid = <S extends z.ZodObject<{ code: typeof code }>>(row: S) =>
  z
    .array(row)
    .max(MATCH_GRID_MAX_ROWS, M.rows(MATCH_GRID_MAX_ROWS))
    .superRefine((rows, ctx) => uniqueCodes(rows as Array<{ code: string }>, ctx));

export const matchGridsFormSchema = z.object({
  products: grid(
    z.object({
      code,
      label,
      // an empty select holds null
      formatId: z.number({ error: M.format }).int(M.format).positive(M.format).max(2147483647, M.format),
      // shown in the select, not sent
      formatLabel: z.string().nullable().optional(),
    }),
  ),
  typologies: grid(z.object({ code, label, typologyId: z.string({ error: M.typology }).trim().min(1, M.typology).max(100, M.typology) })),
  paymentMethods: grid(z.object({ code, label, method: z.enum(paymentMethods, { error: M.paymentMethod }) })),
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
