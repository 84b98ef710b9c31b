import { and, asc, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  CatalogFormat,
  CatalogProduct,
  CatalogPromotion,
  CatalogVintage,
  Gs1Resolution,
  ProductFilter,
  ProductListResponse,
  PublicShopPage,
  ShopTab,
} from 'shared-kernel/contracts';
import { OTHER_PRODUCTS, SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import { isValidGtin, toGtin14 } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { formatPrices, productFormats, productVintages, products, promotions, shopPublicPages, shopTabs } from './catalog.tables';
import { shops, type ShopRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { assertShopOpen, shopIsOpen } from '../../platform/routes';
import { priceGridState } from './catalog.price-grid';
import { publicInfosOf, savedDescription } from './catalog.shop-infos';
import { CATALOG_MESSAGES, isStaffOf, membershipOf, PRIVILEGED, typologyFor, type Typology, type Viewer } from './catalog.access';
import { catalogCacheOf, type CacheFill } from './catalog.cache';
import { jsonAnswer, type JsonAnswer } from '../../platform/json-answer';

export { CATALOG_MESSAGES, membershipOf, typologyFor, type Viewer } from './catalog.access';

function inOrOther(
  column: typeof products.gamme | typeof products.type | typeof products.color,
  values: string[] | undefined,
): SQL | undefined {
  if (!values?.length) return undefined;
  const real = values.filter((v) => v !== OTHER_PRODUCTS);
  const parts: SQL[] = [];
  if (real.length) parts.push(inArray(column, real));
  if (values.includes(OTHER_PRODUCTS)) parts.push(isNull(column));
  return parts.length === 1 ? parts[0] : or(...parts);
}

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
  const rows = ids
    ? ids.length
      ? await db
          .select()
          .from(shops)
          .where(and(inArray(shops.id, ids), isNull(shops.suspendedAt)))
      : []
    : await db.select().from(shops).where(isNull(shops.suspendedAt));
  const listed = rows.filter((s) => shopIsOpen(s) || isStaffOf(viewer, s.id));
  if (ids && rows.length && !listed.length) throw notFound(SHOP_CLOSED_MESSAGE);
  return listed;
}

/** When the answer stops being true by itself: the next start or end of a promotion it read (epoch ms). */
interface Validity {
  until: number;
}

/** What decides the catalogue a viewer sees: their memberships (kind, typology). Anonymous = ''. */
export function viewKey(viewer: Viewer): string {
  if (!viewer.memberships.length) return '';
  return viewer.memberships
    .map((m) => `${m.shopId}:${m.kind}:${m.typology ?? ''}`)
    .sort()
    .join(',');
}

/** The listing, from the answer cache when the same view of the same shops asked it since their last change. */
/**
 * The cache key of an answer: for an anonymous visitor the URL as sent (`url`, so that `answerFromCache` finds it
 * again before anything parses the request), else the view and the parsed query.
 */
const keyOf = (viewer: Viewer, url: string | undefined, normalized: () => string) =>
  url && !viewer.user && !viewer.memberships.length ? `url|${url}` : normalized();

export async function listProductsAnswer(db: Db, viewer: Viewer, q: ListQuery, url?: string): Promise<JsonAnswer> {
  const fill = async (): Promise<CacheFill<JsonAnswer>> => {
    const validity: Validity = { until: Infinity };
    const answer = jsonAnswer(await listProducts(db, viewer, q, validity));
    return { value: answer, shops: q.shopIds ?? 'all', validUntil: validity.until, bytes: answer.body.length + 256 };
  };
  const cache = catalogCacheOf(db);
  return cache
    ? cache.get(
        keyOf(viewer, url, () => `list|${viewKey(viewer)}|${JSON.stringify(q)}`),
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

  // an archived product (kept instead of deleted once ordered) is gone from the shop
  const base: SQL[] = [inArray(products.shopId, shopIds), ne(products.productType, 'prestation'), isNull(products.archivedAt)];
  const statusCond = privileged.length
    ? or(inArray(products.shopId, privileged), ne(products.status, 'empty'))!
    : ne(products.status, 'empty');
  base.push(statusCond);

  const f = q.filter;
  const conds: SQL[] = [...base];
  const add = (c: SQL | undefined) => {
    if (c) conds.push(c);
  };
  add(inOrOther(products.gamme, f.gamme));
  add(inOrOther(products.type, f.type));
  add(inOrOther(products.color, f.color));
  if (f.productType?.length) conds.push(inArray(products.productType, f.productType));
  if (f.vintage?.length) {
    const real = f.vintage.filter((v) => v !== OTHER_PRODUCTS);
    const vc: SQL[] = [];
    if (real.length)
      vc.push(
        exists(
          db
            .select({ x: sql`1` })
            .from(productVintages)
            .where(and(eq(productVintages.productId, products.id), inArray(productVintages.name, real))),
        ),
      );
    if (f.vintage.includes(OTHER_PRODUCTS))
      vc.push(sql`not exists (select 1 from ${productVintages} where ${productVintages.productId} = ${products.id})`);
    conds.push(vc.length === 1 ? vc[0] : or(...vc)!);
  }
  if (f.search?.trim()) {
    const like = `%${f.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(products.name, like), ilike(products.gamme, like), ilike(products.precision, like))!);
  }
  if (q.filterByProductIds) conds.push(q.filterByProductIds.length ? inArray(products.id, q.filterByProductIds) : sql`false`);

  const where = and(...conds);
  const [countRows, rows, facets, pages] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.shopId), asc(products.position), asc(products.id))
      .limit(q.limit)
      .offset(q.offset),
    facetsOf(db, shopIds, privileged, base),
    pageOf(db, shopRows),
  ]);
  const pricesReserved = shopRows.some((s) => pages.get(s.id)?.pricesReservedToMembers && !membershipOf(viewer, s.id));
  return {
    items: await hydrate(db, rows, shopRows, typologies, viewer, pages, validity),
    total: countRows[0]?.n ?? 0,
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
async function facetsOf(db: Db, shopIds: number[], privileged: number[], base: SQL[]): Promise<ProductListResponse['facets']> {
  const fill = async (): Promise<CacheFill<ProductListResponse['facets']>> => {
    const [facetRows, vintageFacet] = await Promise.all([
      db
        .selectDistinct({ gamme: products.gamme, type: products.type, color: products.color })
        .from(products)
        .where(and(...base)),
      db
        .selectDistinct({ name: productVintages.name })
        .from(productVintages)
        .innerJoin(products, eq(products.id, productVintages.productId))
        .where(and(...base)),
    ]);
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

async function pageOf(db: Db, shopRows: ShopRow[]) {
  const rows = await db
    .select()
    .from(shopPublicPages)
    .where(
      inArray(
        shopPublicPages.shopId,
        shopRows.map((s) => s.id),
      ),
    );
  return new Map(rows.map((r) => [r.shopId, r]));
}

export const hydrateProducts = (...args: Parameters<typeof hydrate>) => hydrate(...args);

async function hydrate(
  db: Db,
  rows: Array<typeof products.$inferSelect>,
  shopRows: ShopRow[],
  typologies: Map<number, Typology>,
  viewer: Viewer,
  pages: Map<number, typeof shopPublicPages.$inferSelect>,
  validity?: Validity,
): Promise<CatalogProduct[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [vints, fmts] = await Promise.all([
    db
      .select()
      .from(productVintages)
      .where(inArray(productVintages.productId, ids))
      .orderBy(asc(productVintages.position), asc(productVintages.id)),
    db
      .select()
      .from(productFormats)
      .where(inArray(productFormats.productId, ids))
      .orderBy(asc(productFormats.position), asc(productFormats.id)),
  ]);
  const fids = fmts.map((f) => f.id);
  const [prices, promos] = fids.length
    ? await Promise.all([
        db.select().from(formatPrices).where(inArray(formatPrices.formatId, fids)),
        db
          .select()
          .from(promotions)
          .where(and(inArray(promotions.formatId, fids), eq(promotions.active, true))),
      ])
    : [[], []];
  const now = Date.now();
  if (validity) {
    // a promotion that starts or ends later changes these prices then: the answer is true until the first of those
    for (const x of promos) {
      // active from startsAt, through endsAt
      for (const t of [x.startsAt?.getTime(), x.endsAt ? x.endsAt.getTime() + 1 : undefined])
        if (t !== undefined && t > now && t < validity.until) validity.until = t;
    }
  }
  return rows.map((p) => {
    const typ = typologies.get(p.shopId)!;
    const hidePrices = !!pages.get(p.shopId)?.pricesReservedToMembers && !membershipOf(viewer, p.shopId);
    const vintages: CatalogVintage[] = vints
      .filter((v) => v.productId === p.id)
      .map((v) => ({
        id: v.id,
        name: v.name,
        alcohol: v.alcohol,
        lot: v.lot,
        legal: v.legal ?? {},
        advanced: { alcool: { value: v.alcohol } },
        nutrition: v.nutrition ?? null,
      }));
    const formats: CatalogFormat[] = fmts
      .filter((f) => f.productId === p.id)
      .map((f) => {
        const pr = prices.find((x) => x.formatId === f.id && x.typology === typ.id && x.visible);
        const fp: CatalogPromotion[] = promos
          .filter((x) => x.formatId === f.id && (!x.startsAt || x.startsAt.getTime() <= now) && (!x.endsAt || x.endsAt.getTime() >= now))
          .map((x) => ({ id: x.id, name: x.name, type: x.type, amount: x.amount, activation: x.activation, threshold: x.threshold }));
        return {
          id: f.id,
          unity: f.unity,
          unityValue: f.unityValue,
          eq75: f.eq75,
          container: f.container,
          formatType: f.formatType,
          nameInShop: f.nameInShop,
          showUnityValue: f.showUnityValue,
          packing: f.packing,
          packingQuantity: f.packingQuantity,
          weight: f.weight,
          gtin: f.gtin,
          stock: f.stock,
          minPurchase: f.minPurchase,
          maxPurchase: f.maxPurchase,
          price:
            hidePrices || !pr
              ? null
              : {
                  typology: typ.id,
                  typologyName: typ.name,
                  ttc: typ.ttc !== false,
                  priceCents: pr.priceCents,
                  discountPrice: pr.discountPrice ?? {},
                  discountAdd: pr.discountAdd ?? {},
                },
          promotions: hidePrices ? [] : fp,
        };
      });
    return {
      id: p.id,
      shopId: p.shopId,
      productType: p.productType,
      name: p.name,
      precision: p.precision,
      description: p.description,
      type: p.type,
      color: p.color,
      gamme: p.gamme,
      status: p.status,
      vatType: p.vatType,
      labels: p.labels ?? [],
      visuals: p.visuals ?? [],
      vintages,
      formats,
      ...(p.productType === 'box' ? { builder: p.builder ?? null } : {}),
    };
  });
}

/**
 * A product as the viewer sees it, and its JSON answer, from the answer cache. Unknown or hidden → 404. With `url`
 * the public product page asks: a closed shop's product (§1 module `shop` off) is not found there but by the shop's
 * staff; without, a back-office reader (cart pricing of the shop's own orders, newsletters) gets it whatever the module.
 */
export async function productAnswer(
  db: Db,
  viewer: Viewer,
  productId: number,
  typology?: string,
  url?: string,
): Promise<{ product: CatalogProduct; answer: JsonAnswer }> {
  const closedHere = (shopOpen: boolean, shopId: number) => url !== undefined && !shopOpen && !isStaffOf(viewer, shopId);
  const fill = async (): Promise<CacheFill<{ product: CatalogProduct; answer: JsonAnswer; shopOpen: boolean }>> => {
    const validity: Validity = { until: Infinity };
    const { product, shopOpen } = await readProduct(db, viewer, productId, typology, validity);
    // never kept under the page's URL: answerFromCache would serve it before anything checks the shop
    if (closedHere(shopOpen, product.shopId)) throw new HttpError(404, SHOP_CLOSED_MESSAGE, 'productId');
    const answer = jsonAnswer(product);
    return {
      value: { product, answer, shopOpen },
      shops: [product.shopId],
      validUntil: validity.until,
      bytes: answer.body.length * 3 + 256,
    };
  };
  const cache = catalogCacheOf(db);
  const got = cache
    ? await cache.get(
        keyOf(viewer, url, () => `product|${viewKey(viewer)}|${productId}|${typology ?? ''}`),
        fill,
      )
    : (await fill()).value;
  // kept for a back-office reader of the same view: the page still refuses it
  if (closedHere(got.shopOpen, got.product.shopId)) throw new HttpError(404, SHOP_CLOSED_MESSAGE, 'productId');
  return got;
}

export async function getProduct(
  db: Db,
  viewer: Viewer,
  productId: number,
  typology?: string,
  validity?: Validity,
): Promise<CatalogProduct> {
  return (await readProduct(db, viewer, productId, typology, validity)).product;
}

async function readProduct(
  db: Db,
  viewer: Viewer,
  productId: number,
  typology?: string,
  validity?: Validity,
): Promise<{ product: CatalogProduct; shopOpen: boolean }> {
  const [p] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!p) throw notFound(CATALOG_MESSAGES.productNotFound);
  const m = membershipOf(viewer, p.shopId);
  if ((p.status === 'empty' || p.archivedAt) && !(m && PRIVILEGED.has(m.kind))) throw notFound(CATALOG_MESSAGES.productNotFound);
  const [shop] = await db.select().from(shops).where(eq(shops.id, p.shopId));
  // a suspended shop's products are gone from the public side (its e-labels stay: elabel pages read apart)
  if (shop.suspendedAt) throw notFound(CATALOG_MESSAGES.productNotFound);
  const typ = typologyFor(shop, viewer, typology);
  const pages = await pageOf(db, [shop]);
  const [out] = await hydrate(db, [p], [shop], new Map([[shop.id, typ]]), viewer, pages, validity);
  return { product: out, shopOpen: shopIsOpen(shop) };
}

async function findShop(db: Db, ref: string): Promise<ShopRow | undefined> {
  const r = ref.trim();
  if (!r || r.length > 200) return undefined;
  const cond = /^\d{1,9}$/.test(r)
    ? or(eq(shops.id, Number(r)), eq(shops.urlShop, r))
    : or(sql`lower(${shops.urlShop}) = ${r.toLowerCase()}`, sql`upper(${shops.code}) = ${r.toUpperCase()}`);
  const [s] = await db.select().from(shops).where(cond).limit(1);
  return s;
}

/** The shop page answer; an anonymous visitor's comes from the answer cache (signed-in ones carry their own state). */
export async function shopPageAnswer(db: Db, viewer: Viewer, ref: string, url?: string): Promise<JsonAnswer> {
  const fill = async (): Promise<CacheFill<JsonAnswer>> => {
    const page = await getShopPage(db, viewer, ref);
    const answer = jsonAnswer(page);
    return { value: answer, shops: [page.id], bytes: answer.body.length + 256 };
  };
  const cache = viewer.user || viewer.memberships.length ? null : catalogCacheOf(db);
  return cache
    ? cache.get(
        keyOf(viewer, url, () => `shop|${ref.trim().toLowerCase()}`),
        fill,
      )
    : (await fill()).value;
}

export async function getShopPage(db: Db, viewer: Viewer, ref: string): Promise<PublicShopPage> {
  const shop = await findShop(db, ref);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  if (shop.suspendedAt) return suspendedPage(shop);
  // closed for everyone, its staff included: the owner sees what their visitors see
  assertShopOpen(shop);
  const [[page], tabRows] = await Promise.all([
    db.select().from(shopPublicPages).where(eq(shopPublicPages.shopId, shop.id)).limit(1),
    db
      .select()
      .from(shopTabs)
      .where(and(eq(shopTabs.shopId, shop.id), eq(shopTabs.exists, true)))
      .orderBy(asc(shopTabs.order), asc(shopTabs.id)),
  ]);
  const node = (t: typeof shopTabs.$inferSelect): ShopTab => ({
    id: t.id,
    name: t.name,
    order: t.order,
    exists: t.exists,
    content: t.content,
    children: tabRows.filter((c) => c.parentId === t.id).map(node),
  });
  const m = membershipOf(viewer, shop.id);
  const typ = typologyFor(shop, viewer);
  const priceGrid = await priceGridState(db, viewer, shop);
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: shop.editedShop ?? null,
    // Settings › Informations is the source; the older page description (seed) while the owner has written none
    description: savedDescription(shop.settings) || page?.description || null,
    infos: publicInfosOf(shop.settings),
    legalNotice: page?.legalNotice ?? null,
    headerStyle: page?.headerStyle ?? {},
    pricesReservedToMembers: page?.pricesReservedToMembers ?? false,
    titleProducts: typeof shop.settings?.titleProducts === 'string' ? shop.settings.titleProducts : null,
    tabs: tabRows.filter((t) => t.parentId == null).map(node),
    viewer: { member: !!m, kind: m?.kind ?? null, typology: typ.id, typologyName: typ.name, ttc: typ.ttc !== false, priceGrid },
  };
}

/** A suspended shop's page: its name and look, no tab, nothing to sell; the page says why. */
function suspendedPage(shop: ShopRow): PublicShopPage {
  return {
    id: shop.id,
    code: shop.code,
    name: shop.name,
    urlShop: shop.urlShop,
    businessType: shop.businessType,
    editedShop: shop.editedShop ?? null,
    description: null,
    legalNotice: null,
    headerStyle: {},
    pricesReservedToMembers: false,
    titleProducts: null,
    tabs: [],
    suspended: true,
    viewer: { member: false, kind: null, typology: '', typologyName: '', ttc: true },
  };
}

/** GS1 Digital Link: GTIN-8/12/13/14, check digit verified, left-padded to 14. */
export function parseGtin(raw: string): string | null {
  if (!/^\d{8}$|^\d{12,14}$/.test(raw) || !isValidGtin(raw)) return null;
  return toGtin14(raw);
}

export async function resolveGs1(db: Db, raw: string, vintage?: string, lot?: string): Promise<Gs1Resolution> {
  const gtin14 = parseGtin(raw);
  if (!gtin14) throw new HttpError(404, CATALOG_MESSAGES.gtinInvalid, 'gtin');
  const stripped = gtin14.replace(/^0+/, '');
  const candidates = [...new Set([8, 12, 13, 14].filter((n) => n >= stripped.length).map((n) => stripped.padStart(n, '0')))];
  const rows = await db
    .select({
      formatId: productFormats.id,
      productId: productFormats.productId,
      shopId: productFormats.shopId,
      urlShop: shops.urlShop,
      status: products.status,
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .innerJoin(shops, eq(shops.id, productFormats.shopId))
    .where(and(inArray(productFormats.gtin, candidates), ne(products.status, 'empty'), isNull(products.archivedAt)))
    .limit(1);
  const hit = rows[0];
  if (!hit) throw new HttpError(404, CATALOG_MESSAGES.gtinUnknown, 'gtin');
  let vintageId: number | null = null;
  let vintageName: string | null = null;
  const vs = await db.select().from(productVintages).where(eq(productVintages.productId, hit.productId));
  const byLot = lot ? vs.find((v) => v.lot === lot) : undefined;
  const byName = vintage ? vs.find((v) => v.name.toLowerCase() === vintage.toLowerCase()) : undefined;
  const v = byName ?? byLot;
  if (v) {
    vintageId = v.id;
    vintageName = v.name;
  }
  return {
    gtin14,
    shopId: hit.shopId,
    urlShop: hit.urlShop,
    productId: hit.productId,
    formatId: hit.formatId,
    vintageId,
    vintage: vintageName,
    lot: lot ?? null,
  };
}
