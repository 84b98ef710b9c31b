/**
 * What changed in the database, for the caches of this process (catalogue answers are cached in the api
 * and must never outlive a change).
 *
 * Two sources:
 * - **local writes**: every statement this process sends passes drizzle's logger; an INSERT / UPDATE / DELETE names
 *   its table before it runs (`{ table, shopId: null }`: the rows are not known yet);
 * - **committed writes of any process**: the `wz_changes` triggers (drizzle/0007_change_feed.sql) notify
 *   `'<table>:<shop id>'` on commit; a LISTEN connection delivers them (`{ table, shopId }`).
 * A cache may keep an answer only while `listening` is true: when the LISTEN connection breaks, notifications may
 * be lost, so subscribers get `{ reset: true }` (drop everything) and again once it listens anew.
 */
import type { Logger as DrizzleLogger } from 'drizzle-orm';

export type ChangeEvent = { table: string; shopId: number | null } | { reset: true };
export type ChangeListener = (event: ChangeEvent) => void;

export interface ChangeFeed {
  /** drizzle's logger hook: sees every statement of this process */
  logger: DrizzleLogger;
  /** starts listening on the first subscription; resolves once notifications are delivered */
  subscribe(fn: ChangeListener): () => void;
  /** true while committed changes of every process are being delivered */
  readonly listening: boolean;
  /** resolves once the LISTEN is in place (or failed: then `listening` stays false) */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const CHANGES_CHANNEL = 'wz_changes';

/** `insert into "products" …`, `update "format_prices" set …`, `delete from "promotions" …` (drizzle's own SQL). */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

export function writtenTable(sql: string): string | null {
  const m = WRITE.exec(sql);
  return m ? m[1].toLowerCase() : null;
}

export function parseChangePayload(payload: string): { table: string; shopId: number | null } | null {
  const i = payload.lastIndexOf(':');
  if (i <= 0) return null;
  const id = Number(payload.slice(i + 1));
  return { table: payload.slice(0, i), shopId: Number.isSafeInteger(id) && id > 0 ? id : null };
}

/** LISTEN on `channel`; `onState(true)` each time it listens (first time included), `onState(false)` when it breaks. */
type Listen = (channel: string, onPayload: (payload: string) => void, onState: (up: boolean) => void) => Promise<() => Promise<void>>;

export function createChangeFeed({ listen }: { listen: Listen }): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  let listening = false;
  let started: Promise<void> | null = null;
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  const emit = (e: ChangeEvent) => {
    for (const l of listeners) l(e);
  };

  const start = () => {
    started ??= listen(
      CHANGES_CHANNEL,
      (payload) => {
        const c = parseChangePayload(payload);
        emit(c ?? { reset: true });
      },
      (up) => {
        // changes made while nobody listened are unknown: drop everything, on the break and once back
        listening = up && !closed;
        emit({ reset: true });
      },
    ).then(
      (s) => {
        stop = s;
        if (closed) void s();
      },
      () => {
        listening = false;
      },
    );
    return started;
  };

  return {
    logger: {
      logQuery(query: string) {
        if (!listeners.size) return;
        const table = writtenTable(query);
        if (table) emit({ table, shopId: null });
      },
    },
    subscribe(fn) {
      listeners.add(fn);
      void start();
      return () => {
        listeners.delete(fn);
      };
    },
    get listening() {
      return listening;
    },
    ready: () => start(),
    async close() {
      closed = true;
      listening = false;
      listeners.clear();
      if (started) await started.catch(() => undefined);
      await stop?.();
    },
  };
}

const feeds = new WeakMap<object, ChangeFeed>();

/** Ties a feed to its drizzle handle, so code that only has `db` finds it (a transaction handle has none). */
export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

export function changeFeedOf(db: object): ChangeFeed | undefined {
  return feeds.get(db);
}
