/**
 * Cached catalogue answers (issue 10). A public listing, a product or a shop page is the same for every visitor
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

export interface CacheFill<T> {
  value: T;
  /** the shops the answer was read from; 'all' = every shop (a listing without shopIds) */
  shops: number[] | 'all';
  /** epoch ms after which the answer is stale whatever happens (next promotion start or end) */
  validUntil?: number;
  /** approximate size, for the memory bound */
  bytes: number;
}

interface Entry {
  value: unknown;
  shops: number[] | 'all';
  gens: number[];
  global: number;
  validUntil: number;
  bytes: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly gens = new Map<number, number>();
  private readonly inflight = new Map<string, { global: number; promise: Promise<unknown> }>();
  private global = 0;
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly canKeep: () => boolean = () => true,
  ) {}

  /** A change: of one shop (committed), or of unknown rows (a local write, a lost notification). */
  changed(shopId: number | null): void {
    this.global++;
    if (shopId === null) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    this.gens.set(shopId, (this.gens.get(shopId) ?? 0) + 1);
  }

  private fresh(e: Entry, now: number): boolean {
    if (now >= e.validUntil) return false;
    if (e.shops === 'all') return e.global === this.global;
    for (let i = 0; i < e.shops.length; i++) if ((this.gens.get(e.shops[i]) ?? 0) !== e.gens[i]) return false;
    return true;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  /** The kept answer of `key` when still fresh (no load). */
  peek(key: string): unknown {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (!this.fresh(e, Date.now())) {
      this.drop(key);
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** The kept answer of `key`, or `load()`'s (kept when nothing changed meanwhile). Concurrent misses share one load. */
  async get<T>(key: string, load: () => Promise<CacheFill<T>>): Promise<T> {
    const now = Date.now();
    const e = this.entries.get(key);
    if (e) {
      if (this.fresh(e, now)) {
        this.hits++;
        this.entries.delete(key); // most recently used last
        this.entries.set(key, e);
        return e.value as T;
      }
      this.drop(key);
    }
    this.misses++;
    const running = this.inflight.get(key);
    if (running && running.global === this.global) return running.promise as Promise<T>;
    const global = this.global;
    const promise = load()
      .then((fill) => {
        if (this.global === global && this.maxBytes > 0 && fill.bytes <= this.maxBytes / 4 && this.canKeep()) {
          this.drop(key);
          const gens = fill.shops === 'all' ? [] : fill.shops.map((s) => this.gens.get(s) ?? 0);
          this.entries.set(key, {
            value: fill.value,
            shops: fill.shops,
            gens,
            global,
            validUntil: fill.validUntil ?? Infinity,
            bytes: fill.bytes,
          });
          this.bytes += fill.bytes;
          for (const [k] of this.entries) {
            if (this.bytes <= this.maxBytes) break;
            this.drop(k);
          }
        }
        return fill.value;
      })
      .finally(() => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, { global, promise });
    return promise;
  }

  get size(): number {
    return this.entries.size;
  }
}

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
