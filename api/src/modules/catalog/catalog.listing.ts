/**
 * The public listing of products (`GET /products`): the visible products of the listed shops, filtered, one page at a
 * time, with the filter groups' values and whether prices are reserved to members; answers kept in the answer cache.
 */
import type { ProductFilter, ProductListResponse } from 'shared-kernel/contracts';
import { SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { notFound } from '../../platform/errors';
import { jsonAnswer, type JsonAnswer } from '../../platform/json-answer';
import { shopIsOpen } from '../../platform/routes';
import { answerKey, isStaffOf, membershipOf, PRIVILEGED, typologyFor, viewKey, type Viewer } from './catalog.access';
import { catalogCacheOf, type CacheFill } from './catalog.cache';
import { hydrate, pagesOf, type Validity } from './catalog.prices';
import * as repo from './catalog.repository';

export interface ListQuery {
  filter: ProductFilter;
  shopIds?: number[];
  typology?: string;
  filterByProductIds?: number[];
  limit: number;
  offset: number;
}

/**
 * The shops of a listing: a suspended shop lists nothing, nor does a closed one (§1 module `shop` off) but
 * to its own staff, whose back-office screens read their catalogue here. A listing of closed shops only is not found.
 */
async function loadShops(db: Db, viewer: Viewer, ids?: number[]): Promise<ShopRow[]> {
  const rows = await repo.findUnsuspendedShops(db, ids);
  const listed = rows.filter((s) => shopIsOpen(s) || isStaffOf(viewer, s.id));
  if (ids && rows.length && !listed.length) throw notFound(SHOP_CLOSED_MESSAGE);
  return listed;
}

/** The listing, from the answer cache when the same view of the same shops asked it since their last change. */
export async function listProductsAnswer(db: Db, viewer: Viewer, q: ListQuery, url?: string): Promise<JsonAnswer> {
  const fill = async (): Promise<CacheFill<JsonAnswer>> => {
    const validity: Validity = { until: Infinity };
    const answer = jsonAnswer(await listProducts(db, viewer, q, validity));
    return { value: answer, shops: q.shopIds ?? 'all', validUntil: validity.until, bytes: answer.body.length + 256 };
  };
  const cache = catalogCacheOf(db);
  return cache
    ? cache.get(
        answerKey(viewer, url, () => `list|${viewKey(viewer)}|${JSON.stringify(q)}`),
        fill,
      )
    : (await fill()).value;
}

export async function listProducts(db: Db, viewer: Viewer, q: ListQuery, validity?: Validity): Promise<ProductListResponse> {
  const shopRows = await loadShops(db, viewer, q.shopIds);
  const empty: ProductListResponse = {
    items: [],
    total: 0,
    limit: q.limit,
    offset: q.offset,
    facets: { gamme: [], type: [], color: [], vintage: [] },
    pricesReserved: false,
  };
  if (!shopRows.length) return empty;
  const shopIds = shopRows.map((s) => s.id);
  const privileged = shopIds.filter((id) => {
    const m = membershipOf(viewer, id);
    return m && PRIVILEGED.has(m.kind);
  });
  const typologies = new Map(shopRows.map((s) => [s.id, typologyFor(s, viewer, q.typology)]));

  const base = repo.visibleProducts(shopIds, privileged);
  const where = repo.filteredProducts(db, base, q.filter, q.filterByProductIds);
  const [total, rows, facets, pages] = await Promise.all([
    repo.countProducts(db, where),
    repo.findProductsPage(db, where, q.limit, q.offset),
    facetsOf(db, shopIds, privileged, base),
    pagesOf(db, shopRows),
  ]);
  const pricesReserved = shopRows.some((s) => pages.get(s.id)?.pricesReservedToMembers && !membershipOf(viewer, s.id));
  return {
    items: await hydrate(db, rows, shopRows, typologies, viewer, pages, validity),
    total: total ?? 0,
    limit: q.limit,
    offset: q.offset,
    facets,
    pricesReserved,
  };
}

/**
 * Filter-group values of the visible catalogue (same for every filter of a listing): kept in the answer cache per
 * shop set and visibility, so that browsing a big catalogue does not scan it on every filter change.
 */
async function facetsOf(
  db: Db,
  shopIds: number[],
  privileged: number[],
  base: ReturnType<typeof repo.visibleProducts>,
): Promise<ProductListResponse['facets']> {
  const fill = async (): Promise<CacheFill<ProductListResponse['facets']>> => {
    const [facetRows, vintageFacet] = await repo.findFacetValues(db, base);
    const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b, 'fr'));
    const value = {
      gamme: uniq(facetRows.map((r) => r.gamme)),
      type: uniq(facetRows.map((r) => r.type)),
      color: uniq(facetRows.map((r) => r.color)),
      vintage: uniq(vintageFacet.map((r) => r.name)).sort((a, b) => (a === 'NV' ? 1 : b === 'NV' ? -1 : b.localeCompare(a))),
    };
    return { value, shops: shopIds, bytes: JSON.stringify(value).length + 128 };
  };
  const cache = catalogCacheOf(db);
  return cache ? cache.get(`facets|${[...shopIds].sort().join(',')}|${[...privileged].sort().join(',')}`, fill) : (await fill()).value;
}
