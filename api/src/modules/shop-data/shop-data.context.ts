// What an import reads of the shop: its typologies and its match grids (shops.settings.matchGrids, saved by the
// settings section « grilles de correspondance »: a producer's codes → this shop's formats, typologies and payment
// methods). The export writes the payment methods back in the producer's codes, for their management software.
import type { ShopRow } from '../../platform/db/tables';
import { normaliseHeader } from './shop-data.columns';

export interface ShopTypology {
  id: string;
  name: string;
  ttc: boolean;
  public: boolean;
}

export interface ImportContext {
  shopId: number;
  userId: number | null;
  shop: ShopRow;
  typologies: ShopTypology[];
  /** the typology of a single « Prix » column without a typology: the public one, else the first */
  defaultTypology: string | null;
  /** a producer's typology code (grid), or one of the shop's typology ids or names → its id */
  typologyOf(code: string): string | null;
  /** a producer's article code in the products grid → the shop's format id */
  gridFormatId(code: string): number | null;
  /** a payment method of the shop (§3: check, transfer, stripe…) → the producer's code of the payments grid, else itself */
  paymentCodeOf(method: string | null): string | null;
}

interface Grids {
  products: Array<{ code: string; formatId: number }>;
  typologies: Array<{ code: string; typologyId: string }>;
  paymentMethods: Array<{ code: string; method: string }>;
}

/** The stored grids, anything unreadable as empty (never a crash on old settings). */
function gridsOf(shop: ShopRow): Grids {
  const raw = ((shop.settings ?? {}) as { matchGrids?: Partial<Record<keyof Grids, unknown>> }).matchGrids ?? {};
  const list = <T>(v: unknown, ok: (x: Record<string, unknown>) => boolean): T[] =>
    Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object' && ok(x as Record<string, unknown>)) as T[]) : [];
  return {
    products: list(raw.products, (x) => typeof x.code === 'string' && Number.isInteger(x.formatId)),
    typologies: list(raw.typologies, (x) => typeof x.code === 'string' && typeof x.typologyId === 'string'),
    paymentMethods: list(raw.paymentMethods, (x) => typeof x.code === 'string' && typeof x.method === 'string'),
  };
}

export function importContext(shop: ShopRow, userId: number | null): ImportContext {
  const typologies = ((shop.typologies ?? []) as unknown as Array<Partial<ShopTypology> & { id: string; name: string }>).map((t) => ({
    id: String(t.id),
    name: String(t.name ?? t.id),
    ttc: t.ttc !== false,
    public: !!t.public,
  }));
  const grids = gridsOf(shop);
  const typologyByGrid = new Map(grids.typologies.map((g) => [g.code.trim().toLowerCase(), g.typologyId]));
  const formatByGrid = new Map(grids.products.map((g) => [g.code.trim().toLowerCase(), g.formatId]));
  // a method listed twice keeps its first code (the grid's order is the producer's)
  const codeByMethod = new Map<string, string>();
  for (const g of grids.paymentMethods) if (!codeByMethod.has(g.method) && g.code.trim()) codeByMethod.set(g.method, g.code.trim());
  const ids = new Set(typologies.map((t) => t.id));
  return {
    shopId: shop.id,
    userId,
    shop,
    typologies,
    defaultTypology: (typologies.find((t) => t.public) ?? typologies[0])?.id ?? null,
    typologyOf(code) {
      const c = code.trim();
      const viaGrid = typologyByGrid.get(c.toLowerCase());
      if (viaGrid && ids.has(viaGrid)) return viaGrid;
      const n = normaliseHeader(c);
      return typologies.find((t) => normaliseHeader(t.id) === n)?.id ?? typologies.find((t) => normaliseHeader(t.name) === n)?.id ?? null;
    },
    gridFormatId: (code) => formatByGrid.get(code.trim().toLowerCase()) ?? null,
    paymentCodeOf: (method) => (method === null ? null : (codeByMethod.get(method) ?? method)),
  };
}
