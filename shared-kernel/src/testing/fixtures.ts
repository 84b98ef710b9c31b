import type { Paginated, ProductDefaults } from 'shared-kernel/contracts';

/**
 * A list answer (contracts/list.ts) of `all` for the request's page and pageSize: a handler serving a whole table
 * `'GET /orders': (req) => paginatedOf(rows, req.query)`.
 */
export function paginatedOf<T>(all: readonly T[], query: { page?: string | number; pageSize?: string | number } = {}): Paginated<T> {
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  const pageSize = Math.max(1, Number(query.pageSize ?? 20) || 20);
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}

/** The product defaults of Settings › Produits as GET /tariffs/product-defaults answers them: the built-in ones. */
export function productDefaultsOf(over: Partial<ProductDefaults> = {}): ProductDefaults {
  return {
    vatType: 'standard',
    format: { unity: 'litre', value: 75, container: 'bottle', packing: null, packingQuantity: 1 },
    visibleTypologies: [],
    titleProducts: '',
    allRulesInEq75: false,
    ...over,
  };
}
