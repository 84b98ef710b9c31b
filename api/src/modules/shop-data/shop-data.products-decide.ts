// Deciding one product of the file: matched, merged, then validated by the back-office contract (productInputSchema),
// so the rules of the product form hold before anything is written; an error names the row and column of the file.
import { formatShortLabel, productInputSchema, type ProductAdminDetail, type ProductInputParsed } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import type { ImportContext } from './shop-data.context';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { matchProduct, type ProductIndex } from './shop-data.products-match';
import { emptyInput, fromPath, inputOfDetail, locate, merge } from './shop-data.products-merge';
import type { ProductUnit } from './shop-data.products-read';
import { productsOn, rawOf } from './shop-data.products-write';
import { col, errorText, rowError, type Decision, type ImportMeta, type RowError } from './shop-data.types';
import { euros } from './shop-data.values';

function describe(input: ProductInputParsed, ctx: ImportContext): string {
  const names = new Map(ctx.typologies.map((t) => [t.id, t.name]));
  const parts: string[] = [];
  if (input.vintages.length) parts.push(`Millésimes : ${input.vintages.map((v) => v.name).join(', ')}`);
  if (input.formats.length)
    parts.push(
      `Formats : ${input.formats
        .map((f) => {
          const label = f.nameInShop ?? formatShortLabel(f.unity, f.unityValue);
          const prices = f.prices.map((p) => `${names.get(p.typology) ?? p.typology} ${euros(p.priceCents)} €`).join(', ');
          return prices ? `${label} (${prices})` : label;
        })
        .join(' ; ')}`,
    );
  return parts.join(' · ');
}

export type ProductDecision = Decision<ProductInputParsed> & {
  archived?: boolean;
  /** status 'empty': hidden from the public catalogue */
  hidden?: boolean;
  /** where a field path of the input ('formats.0.gtin') is in the file */
  where?: (field: string | undefined) => { row: number; column?: string };
};

/** Decides one unit against the shop as `index` and `dbx` see it. */
export async function decide(
  dbx: DbOrTx,
  ctx: ImportContext,
  meta: ImportMeta,
  unit: ProductUnit,
  index: ProductIndex,
): Promise<ProductDecision> {
  const label = String(unit.product.name ?? unit.code ?? '');
  const fail = (errors: RowError[]): Decision<ProductInputParsed> => ({
    action: 'error',
    errors,
    preview: { row: unit.row, action: 'error', label, details: errors.map(errorText).join(' ; ') },
  });
  const matched = matchProduct(unit, ctx, index, meta);
  if (matched !== null && typeof matched === 'object') return fail([matched]);
  let base = emptyInput();
  let detail: ProductAdminDetail | null = null;
  if (matched !== null) {
    detail = await productsOn(dbx).detail(ctx.shopId, matched);
    base = inputOfDetail(detail);
  } else if (!unit.product.name) return fail([rowError(unit.row, col(meta, 'name'), M.needed)]);
  const { input, origin, problems } = merge(base, unit, ctx, meta, index);
  if (problems.length) return fail(problems);
  const where = (field: string | undefined) => locate(fromPath(field), unit, input, origin, meta);
  // 'empty' (hidden from the public catalogue) is not a status of the product form: saved as paused, then set
  const hidden = input.status === 'empty';
  if (hidden) input.status = 'paused';
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 5).map((issue) => {
      const at = locate(issue.path, unit, input, origin, meta);
      return rowError(at.row, at.column, issue.message);
    });
    return fail(errors);
  }
  // GTINs of another product of the shop (the service checks it again when it writes)
  const taken = parsed.data.formats.findIndex((f) => {
    const other = f.gtin ? index.byGtin.get(f.gtin) : undefined;
    return other !== undefined && index.formats.get(other)!.productId !== matched;
  });
  if (taken >= 0) {
    const at = locate(['formats', taken, 'gtin'], unit, input, origin, meta);
    return fail([rowError(at.row, at.column, M.gtinTaken)]);
  }
  const details = describe(parsed.data, ctx);
  if (matched === null || !detail)
    return {
      action: 'create',
      input: parsed.data,
      preview: { row: unit.row, action: 'create', label, details },
      archived: unit.archived,
      hidden,
      where,
    };
  const stored = productInputSchema.safeParse({ ...base, status: base.status === 'empty' ? 'paused' : base.status });
  const same =
    stored.success &&
    JSON.stringify(stored.data) === JSON.stringify(parsed.data) &&
    hidden === (detail.status === 'empty') &&
    (unit.archived === undefined || unit.archived === detail.archived);
  const action = same ? 'unchanged' : 'update';
  return {
    action,
    id: matched,
    input: parsed.data,
    before: { input: base, archived: detail.archived, raw: await rawOf(dbx, matched) },
    preview: { row: unit.row, action, label: detail.name === label ? label : `${label} (${detail.name})`, details },
    archived: unit.archived,
    hidden,
    where,
  };
}
