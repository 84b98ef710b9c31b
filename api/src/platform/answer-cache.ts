/**
 * Answers kept in memory until the shops they were read from change, for the public catalogue
 * (modules/catalog/catalog.cache.ts), the back office's heavy lists (stock table, products list) and the accounts
 * behind a token (platform/auth/auth-cache.ts). Invalidation comes from the change feed (platform/db/change-feed.ts):
 * `changed(shopId)` for a committed change of one shop, `changed(null)` for a local write or a lost notification.
 * An answer computed while anything changed is returned but not kept; concurrent misses of one key share one load;
 * least recently used answers go first past `maxBytes`.
 */
import { changeFeedOf } from './db/change-feed';

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

const named = new WeakMap<object, Map<string, AnswerCache | null>>();

/**
 * The answer cache `name` of a database handle, dropped per shop when one of `tables` changes (a committed change of
 * any process, through the change feed; a write of this process drops it all before it runs; everything on a lost
 * notification). Null for a handle without a change feed (a transaction: it must read what it sees).
 * The tables need the `wz_changes` trigger (drizzle/0007_change_feed.sql, 0013_stock_change_feed.sql).
 */
export function answerCacheFor(db: object, name: string, tables: ReadonlySet<string>, maxBytes = 16 * 1024 * 1024): AnswerCache | null {
  let byName = named.get(db);
  if (!byName) named.set(db, (byName = new Map()));
  if (byName.has(name)) return byName.get(name)!;
  const feed = changeFeedOf(db);
  const cache = feed ? new AnswerCache(maxBytes, () => feed.listening) : null;
  feed?.subscribe((e) => {
    if ('reset' in e) cache!.changed(null);
    else if (tables.has(e.table)) cache!.changed(e.shopId);
  });
  byName.set(name, cache);
  return cache;
}
