/**
 * Cached catalogue answers. A public listing, a product or a shop page is the same for every visitor
 * with the same view of the shops (anonymous, or the same memberships): it is computed once, kept with the shops
 * it was read from, and served without a query until one of those shops changes.
 *
 * Never stale:
 * - a committed change of a catalogue table (products, vintages, formats and their stock, prices, promotions, the
 *   shop, its public page, tabs and checkout settings), by any process, reaches every instance through the
 *   `wz_changes` notifications (platform/db/change-feed.ts) and drops that shop's answers;
 * - a write of this process drops everything before it even runs (its shop is not known yet);
 * - an answer computed while anything changed is returned but not kept; nothing is kept while the LISTEN
 *   connection is down (notifications could be lost);
 * - an answer holding a promotion expires when the next promotion of its formats starts or ends.
 * Bounded by CATALOG_CACHE_MB (default 64; 0 disables), least recently used answers go first.
 */
import type { Db } from '../../platform/db/client';
import { changeFeedOf, type ChangeEvent } from '../../platform/db/change-feed';
import { AnswerCache } from '../../platform/answer-cache';

export { AnswerCache, type CacheFill } from '../../platform/answer-cache';

/** Tables whose rows make the cached answers. */
export const CATALOG_TABLES = new Set([
  'shops',
  'shop_public_pages',
  'shop_tabs',
  'products',
  'product_vintages',
  'product_formats',
  'format_prices',
  'promotions',
  'shop_checkout_settings',
]);

const caches = new WeakMap<object, AnswerCache>();

function maxBytes(): number {
  const mb = Number(process.env.CATALOG_CACHE_MB ?? 64);
  return Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : 64 * 1024 * 1024;
}

/**
 * The answer cache of a database handle, or null for a handle without a change feed (a transaction: what it reads
 * must be what it sees, not a kept answer).
 */
export function catalogCacheOf(db: Db): AnswerCache | null {
  const hit = caches.get(db);
  if (hit) return hit;
  const feed = changeFeedOf(db);
  if (!feed) return null;
  const cache = new AnswerCache(maxBytes(), () => feed.listening);
  feed.subscribe((e: ChangeEvent) => {
    if ('reset' in e) cache.changed(null);
    else if (CATALOG_TABLES.has(e.table)) cache.changed(e.shopId);
  });
  caches.set(db, cache);
  return cache;
}
