/**
 * The till's offline queue. `submit` posts a ticket; when the api cannot be reached (see net.ts) the ticket
 * is priced from the saved catalogue, numbered in the provisional series HL-<salesPointId>-<n> of this device, chained
 * (SHA-256 over the previous hash and { number, at, input }, from GENESIS) and stored in IndexedDB. `flush` sends
 * what waits, oldest first, each with its idempotency key and `offline: { number, at }`: the api answers 200 with the
 * ticket already recorded when it sees a key again, so a ticket sent twice (an answer lost on the way back, two tabs)
 * is recorded once, and one never marked sent is never lost. The api gives the final numbers in the order it receives
 * the tickets: while something waits, a new ticket waits behind it.
 *
 * The local chain makes a queued ticket edited in the browser's storage visible (`verifyLocalChain`); it is evidence,
 * not a lock: whoever can edit IndexedDB can recompute every hash.
 */
import { api } from 'shared-kernel/runtime';
import type { PosTicket, TicketInput } from 'shared-kernel/contracts';
import { chainInput, GENESIS, type PricedTicket } from 'shared-kernel/domain';
import {
  counterKey,
  headKey,
  loadCatalog,
  tillDb,
  ticketsOf,
  type QueuedTicket,
  type SentTicket,
  type StoredTicket,
  type TillTicketInput,
} from './db';
import { sha256Hex } from './hash';
import { isRefusal, isUnreachable, messageOf, withTimeout } from './net';
import { priceOffline } from './offline-ticket';

export type SubmitResult =
  { status: 'recorded'; ticket: PosTicket } | { status: 'queued'; number: string; priced: PricedTicket; key: string; at: string };

export interface TillQueueState {
  online: boolean;
  /** queued tickets waiting to be sent */
  pending: number;
  /** tickets the api refused, kept aside */
  rejected: number;
}

export interface TillQueueDeps {
  post?: (input: TicketInput) => Promise<PosTicket>;
  idb?: IDBFactory;
  now?: () => Date;
  /** ms after which a post without answer counts as « cannot reach the api » (default 10 s; 0: never) */
  timeoutMs?: number;
  /** ms between two flushes while something waits (default 30 s) */
  retryMs?: number;
}

export interface TillQueue {
  /**
   * POSTs the ticket (adds a fresh idempotency key when `key` is missing); when the api cannot be reached, stores it in
   * IndexedDB with a provisional number and answers 'queued'. A refusal (4xx) is thrown, never queued; a ticket the
   * till can see is wrong offline is thrown as an ApiError 400 too.
   */
  submit(input: TillTicketInput): Promise<SubmitResult>;
  /**
   * Sends what waits, oldest first; stops at the first failure to reach the api (the rest stays queued); a refusal is
   * kept aside as 'rejected' with its message and the next ones go on. `failed`: tickets tried and not recorded.
   */
  flush(): Promise<{ sent: number; failed: number }>;
  /** queued and rejected tickets, oldest first */
  pending(): Promise<QueuedTicket[]>;
  /** puts a rejected ticket back in the queue (after the cause was fixed, e.g. a session opened) and flushes */
  retry(key: string): Promise<void>;
  /** the provisional number of the first ticket whose content or link does not match the local chain, or null */
  verifyLocalChain(): Promise<string | null>;
  /** called at once with the current state, then on every change */
  subscribe(listener: (s: TillQueueState) => void): () => void;
  getState(): TillQueueState;
  dispose(): void;
}

/** Serialises what must not interleave (numbering, flushing), across tabs when the browser has Web Locks. */
const localLocks = new Map<string, Promise<unknown>>();
function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(name, fn) as Promise<T>;
  const run = (localLocks.get(name) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  localLocks.set(name, tail);
  void tail.then(() => {
    if (localLocks.get(name) === tail) localLocks.delete(name);
  });
  return run;
}

function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16)); // randomUUID needs a secure context, getRandomValues does not
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const isWaiting = (t: StoredTicket): t is QueuedTicket => t.status !== 'sent';
const contentOf = (t: Pick<QueuedTicket, 'number' | 'at' | 'input'>) => ({ number: t.number, at: t.at, input: t.input });
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createTillQueue(salesPointId: number, deps: TillQueueDeps = {}): TillQueue {
  const post =
    deps.post ?? ((input: TicketInput) => api.post<PosTicket>(`/pos/salespoints/${salesPointId}/tickets`, input, { silent: true }));
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const retryMs = deps.retryMs ?? 30_000;
  const db = () => tillDb(deps.idb);
  const range = () => ticketsOf(salesPointId);

  let state: TillQueueState = { online: !browserOffline(), pending: 0, rejected: 0 };
  const listeners = new Set<(s: TillQueueState) => void>();
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let disposed = false;

  function setState(patch: Partial<TillQueueState>) {
    const next = { ...state, ...patch };
    if (next.online === state.online && next.pending === state.pending && next.rejected === state.rejected) return;
    state = next;
    for (const l of [...listeners]) l(state);
    // retry every retryMs while something waits
    if (state.pending > 0 && !timer && !disposed) timer = setInterval(() => void flush().catch(() => undefined), retryMs);
    if (state.pending === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  async function all(): Promise<StoredTicket[]> {
    return (await db()).getAll('tickets', range());
  }

  async function refresh(): Promise<StoredTicket[]> {
    const tickets = await all();
    setState({
      pending: tickets.filter((t) => t.status === 'queued').length,
      rejected: tickets.filter((t) => t.status === 'rejected').length,
    });
    return tickets;
  }

  const queuedCount = async () => (await refresh()).filter((t) => t.status === 'queued').length;

  /** Stores a ticket the api could not take: numbered, chained, priced. */
  function enqueue(raw: Omit<TicketInput, 'offline'>, cause: unknown): Promise<SubmitResult> {
    return withLock(`wz-till-number-${salesPointId}`, async () => {
      const d = await db();
      const { input, priced } = priceOffline(raw, (await loadCatalog(d, salesPointId))?.catalog);
      const read = d.transaction('meta');
      const [counter, head] = await Promise.all([read.store.get(counterKey(salesPointId)), read.store.get(headKey(salesPointId))]);
      const seq = (typeof counter === 'number' ? counter : 0) + 1;
      const prevHash = typeof head === 'string' ? head : GENESIS;
      const at = now().toISOString();
      const number = `HL-${salesPointId}-${seq}`;
      const hash = await sha256Hex(chainInput(prevHash, contentOf({ number, at, input })));
      const record: QueuedTicket = {
        salesPointId,
        seq,
        number,
        key: input.key,
        at,
        input,
        priced,
        prevHash,
        hash,
        status: 'queued',
        attempts: cause === undefined ? 0 : 1,
        lastError: cause === undefined ? null : messageOf(cause),
        rejection: null,
      };
      const tx = d.transaction(['tickets', 'meta'], 'readwrite');
      await Promise.all([
        tx.objectStore('tickets').add(record),
        tx.objectStore('meta').put(seq, counterKey(salesPointId)),
        tx.objectStore('meta').put(hash, headKey(salesPointId)),
        tx.done,
      ]);
      await refresh();
      return { status: 'queued' as const, number, priced, key: input.key, at };
    });
  }

  /** Replaces a sent ticket by its light record and drops the sent ones before it (the last stays: the anchor). */
  async function markSent(t: QueuedTicket, ticket: PosTicket) {
    const d = await db();
    const tx = d.transaction('tickets', 'readwrite');
    const sent: SentTicket = {
      salesPointId,
      seq: t.seq,
      number: t.number,
      key: t.key,
      at: t.at,
      prevHash: t.prevHash,
      hash: t.hash,
      status: 'sent',
      sentAt: now().toISOString(),
      ticket: { id: ticket.id, ref: ticket.ref, number: ticket.number },
    };
    await tx.store.put(sent);
    const leading: Array<[number, number]> = [];
    for (let cursor = await tx.store.openCursor(range()); cursor; cursor = await cursor.continue()) {
      if (cursor.value.status !== 'sent') break;
      leading.push([salesPointId, cursor.value.seq]);
    }
    for (const key of leading.slice(0, -1)) await tx.store.delete(key);
    await tx.done;
  }

  async function update(t: QueuedTicket, patch: Partial<QueuedTicket>) {
    const d = await db();
    const tx = d.transaction('tickets', 'readwrite');
    const current = await tx.store.get([salesPointId, t.seq]);
    if (current && current.status !== 'sent') await tx.store.put({ ...current, ...patch } as QueuedTicket);
    await tx.done;
  }

  function flush(): Promise<{ sent: number; failed: number }> {
    if (disposed) return Promise.resolve({ sent: 0, failed: 0 });
    if (running) return running;
    running = withLock(`wz-till-flush-${salesPointId}`, async () => {
      let sent = 0;
      let failed = 0;
      for (;;) {
        const next = (await all()).find((t): t is QueuedTicket => t.status === 'queued');
        if (!next || disposed) break;
        try {
          const ticket = await withTimeout(
            post({ ...next.input, key: next.key, offline: { number: next.number, at: next.at } }),
            timeoutMs,
          );
          await markSent(next, ticket);
          sent++;
          setState({ online: true });
        } catch (error) {
          failed++;
          if (isRefusal(error)) {
            await update(next, {
              status: 'rejected',
              rejection: { status: error.status, message: error.message, field: error.field ?? null, at: now().toISOString() },
            });
            setState({ online: true });
            continue;
          }
          // unreachable, or an answer that is not about the ticket (500, 401…): keep it and stop, order matters
          await update(next, { attempts: next.attempts + 1, lastError: messageOf(error) });
          if (isUnreachable(error)) setState({ online: false });
          break;
        } finally {
          await refresh();
        }
      }
      return { sent, failed };
    }).finally(() => {
      running = null;
    });
    return running;
  }

  async function submit(raw: TillTicketInput): Promise<SubmitResult> {
    if (disposed) throw new Error('TillQueue: disposed');
    const { offline: _offline, ...rest } = raw as TillTicketInput & { offline?: unknown };
    const input: Omit<TicketInput, 'offline'> = { ...rest, key: raw.key || uuid() };
    if (!state.online || browserOffline()) return enqueue(input, undefined);
    // older tickets go first: the api numbers in the order it receives
    if ((await queuedCount()) > 0) {
      await flush();
      if ((await queuedCount()) > 0) return enqueue(input, undefined);
    }
    try {
      const ticket = await withTimeout(post(input), timeoutMs);
      setState({ online: true });
      return { status: 'recorded', ticket };
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      setState({ online: false });
      // a post that timed out may have been recorded all the same: sent again with its key, it is not doubled
      return enqueue(input, error);
    }
  }

  async function pending(): Promise<QueuedTicket[]> {
    return (await refresh()).filter(isWaiting);
  }

  async function retry(key: string): Promise<void> {
    const t = (await all()).find((x): x is QueuedTicket => x.key === key && x.status === 'rejected');
    if (!t) return;
    await update(t, { status: 'queued', rejection: null });
    await refresh();
    await flush();
  }

  async function verifyLocalChain(): Promise<string | null> {
    const d = await db();
    const tx = d.transaction(['tickets', 'meta']);
    const [tickets, counter, head] = await Promise.all([
      tx.objectStore('tickets').getAll(range()),
      tx.objectStore('meta').get(counterKey(salesPointId)),
      tx.objectStore('meta').get(headKey(salesPointId)),
    ]);
    const numberOf = (seq: number) => `HL-${salesPointId}-${seq}`;
    let prev: string | null = null;
    let prevSeq: number | null = null;
    for (const t of tickets) {
      // the first record is the anchor (a sent ticket) or the first ticket of the chain
      if (prevSeq !== null && t.seq !== prevSeq + 1) return numberOf(prevSeq + 1);
      if (t.number !== numberOf(t.seq)) return t.number;
      if (t.status === 'sent') {
        if (prev !== null && t.prevHash !== prev) return t.number;
      } else {
        if (t.prevHash !== (prev ?? GENESIS) || (prev === null && t.seq !== 1)) return t.number;
        if (t.key !== t.input.key) return t.number;
        if ((await sha256Hex(chainInput(t.prevHash, contentOf(t)))) !== t.hash) return t.number;
      }
      prev = t.hash;
      prevSeq = t.seq;
    }
    const last = typeof counter === 'number' ? counter : 0;
    if ((prevSeq ?? 0) !== last) return numberOf((prevSeq ?? 0) + 1); // tickets removed at the end
    if (prev !== null && head !== prev) return numberOf(prevSeq ?? last);
    return null;
  }

  // the network is back: try the api again at once (the flush says whether it answers)
  const onOnline = () => {
    setState({ online: true });
    void flush().catch(() => undefined);
  };
  const onOffline = () => setState({ online: false });
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
  }
  // tickets left from an earlier visit: count them, and send them when the api answers
  void refresh()
    .then((tickets) => {
      if (!disposed && state.online && tickets.some((t) => t.status === 'queued')) return flush();
    })
    .catch(() => undefined);

  return {
    submit,
    flush,
    pending,
    retry,
    verifyLocalChain,
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    dispose() {
      disposed = true;
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = null;
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      }
    },
  };
}
