/** The public catalogue (modules/catalog): products, shop pages, box builders, GS1, price-grid requests, its cache. */
export * from './catalog.tables';
export { answerFromCache, createCatalogRouter, parseListQuery, QUERY_MESSAGES } from './catalog.router';
export { publicViewer } from './catalog.viewer';
export { catalogCacheOf, AnswerCache } from './catalog.cache';
export { membershipOf, typologyFor, type Viewer } from './catalog.access';
export { findShopRef } from './catalog.repository';
export { hydrateProducts, getProduct, productAnswer, CATALOG_MESSAGES } from './catalog.service';
export type { CacheFill } from './catalog.cache';
export { bookableUntil, slotBookableAfter } from './catalog.slots';
export { displayName, PRICE_GRID_MESSAGES, PRICE_GRID_STAFF_LINK } from './catalog.price-grid';
