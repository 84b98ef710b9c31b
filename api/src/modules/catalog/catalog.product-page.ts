/**
 * One product as the viewer sees it (the public product page, and back-office readers: cart pricing of the shop's own
 * orders, newsletters, box builders), from the answer cache.
 */
import type { CatalogProduct } from 'shared-kernel/contracts';
import { SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { jsonAnswer, type JsonAnswer } from '../../platform/json-answer';
import { shopIsOpen } from '../../platform/routes';
import { answerKey, CATALOG_MESSAGES, isStaffOf, membershipOf, PRIVILEGED, typologyFor, viewKey, type Viewer } from './catalog.access';
import { catalogCacheOf, type CacheFill } from './catalog.cache';
import { hydrate, pagesOf, type Validity } from './catalog.prices';
import * as repo from './catalog.repository';

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
        answerKey(viewer, url, () => `product|${viewKey(viewer)}|${productId}|${typology ?? ''}`),
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
  const p = await repo.findProduct(db, productId);
  if (!p) throw notFound(CATALOG_MESSAGES.productNotFound);
  const m = membershipOf(viewer, p.shopId);
  if ((p.status === 'empty' || p.archivedAt) && !(m && PRIVILEGED.has(m.kind))) throw notFound(CATALOG_MESSAGES.productNotFound);
  const shop = await repo.findShop(db, p.shopId);
  // a suspended shop's products are gone from the public side (its e-labels stay: elabel pages read apart)
  if (shop.suspendedAt) throw notFound(CATALOG_MESSAGES.productNotFound);
  const typ = typologyFor(shop, viewer, typology);
  const pages = await pagesOf(db, [shop]);
  const [out] = await hydrate(db, [p], [shop], new Map([[shop.id, typ]]), viewer, pages, validity);
  return { product: out, shopOpen: shopIsOpen(shop) };
}
