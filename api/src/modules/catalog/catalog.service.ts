/**
 * The public catalogue's reads, each in the file of its responsibility, for the router, the index and the box
 * builders; every function is given the db (and the viewer) it reads with.
 *   catalog.listing.ts       `GET /products`: visible products of the listed shops, filters, facets, the answer cache
 *   catalog.product-page.ts  one product as the viewer sees it (the public page, back-office readers)
 *   catalog.shop-page.ts     a shop's public page (infos, tabs, what the viewer is to the shop)
 *   catalog.prices.ts        products hydrated with the viewer's prices and the promotions running now
 *   catalog.gs1.ts           a scanned GTIN resolved to its product and vintage
 *   catalog.access.ts        who is looking, their typology, the cache keys of their view
 *   catalog.repository.ts    every query of these reads
 */
export { CATALOG_MESSAGES, membershipOf, typologyFor, viewKey, type Viewer } from './catalog.access';
export { parseGtin, resolveGs1 } from './catalog.gs1';
export { listProducts, listProductsAnswer, type ListQuery } from './catalog.listing';
export { hydrate as hydrateProducts } from './catalog.prices';
export { getProduct, productAnswer } from './catalog.product-page';
export { getShopPage, shopPageAnswer } from './catalog.shop-page';
