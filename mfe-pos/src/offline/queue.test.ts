import './test-env';
import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { ApiError } from 'shared-kernel/runtime';
import type { PosCatalog, PosTicket, TicketInput } from 'shared-kernel/contracts';
import { canonical, chainInput, GENESIS } from 'shared-kernel/domain';
import { createTillQueue, type TillQueue, type TillQueueDeps } from './queue';
import { saveCatalog, tillDb, type QueuedTicket } from './db';
import { sha256Fallback, sha256Hex } from './hash';

const SP = 7;

const catalog: PosCatalog = {
  typology: 'caveau',
  at: '2026-11-26T08:00:00.000Z',
  items: [
    {
      formatId: 1,
      vintageId: 11,
      productId: 100,
      label: 'Crozes-Hermitage rouge',
      details: '2022 · 75 cl',
      gtin: null,
      gamme: null,
      productType: 'wine',
      color: 'red',
      unitPriceTTC: 1500,
      vatRate: 20,
      accountingType: 'product',
      stock: 120,
      visual: null,
    },
    {
      formatId: 2,
      vintageId: null,
      productId: 101,
      label: 'Verre de dégustation',
      details: null,
      gtin: null,
      gamme: null,
      productType: 'goods',
      color: null,
      unitPriceTTC: 400,
      vatRate: 20,
      accountingType: 'marchandise',
      stock: 50,
      visual: null,
    },
  ],
};

/** A sale of `bottles` bottles (15 € each), paid cash. */
const sale = (bottles = 1, key?: string) => ({
  ...(key ? { key } : {}),
  lines: [{ formatId: 1, quantity: bottles }],
  payments: [{ method: 'cash' as const, amount: 1500 * bottles }],
});

const networkError = () => new TypeError('Failed to fetch');

/** The api as the till sees it: tickets kept by idempotency key, numbered in the order received. */
function fakeServer() {
  const byKey = new Map<string, PosTicket>();
  const received: TicketInput[] = [];
  const server = {
    byKey,
    received,
    down: false,
    /** records the ticket, then loses the answer (the network fails on the way back) for these keys */
    loseAnswerFor: new Set<string>(),
    /** refuses these keys with a 400 */
    refuse: new Map<string, string>(),
    /** the network fails after this many more posts (null: never) */
    failAfter: null as number | null,
    post: jest.fn(async (input: TicketInput): Promise<PosTicket> => {
      if (server.failAfter !== null && server.failAfter-- <= 0) server.down = true;
      if (server.down) throw networkError();
      received.push(input);
      const message = server.refuse.get(input.key);
      if (message) throw new ApiError(400, message, 'sessionId');
      let ticket = byKey.get(input.key);
      if (!ticket) {
        const number = byKey.size + 1;
        ticket = {
          id: 1000 + number,
          salesPointId: SP,
          sessionId: 1,
          number,
          ref: `CAVEAU-${String(number).padStart(6, '0')}`,
          kind: 'sale',
          refundOf: null,
          at: input.offline?.at ?? new Date().toISOString(),
          seller: 'Marie',
          client: null,
          lines: [],
          discount: 0,
          totalTTC: 0,
          totalHT: 0,
          totalVAT: 0,
          vat: [],
          payments: input.payments.map((p) => ({ method: p.method, amount: p.amount })),
          cashGiven: null,
          change: 0,
          refunded: [],
          offline: input.offline ?? null,
          hash: 'x'.repeat(64),
        };
        byKey.set(input.key, ticket);
      }
      if (server.loseAnswerFor.delete(input.key)) throw networkError();
      return ticket;
    }),
  };
  return server;
}

let queues: TillQueue[] = [];
let idb: IDBFactory;
let clock: number;

async function makeQueue(post: TillQueueDeps['post'], withCatalog = true) {
  if (withCatalog) await saveCatalog(await tillDb(idb), SP, catalog);
  const q = createTillQueue(SP, { post, idb, now: () => new Date(clock++ * 1000), retryMs: 3_600_000 });
  queues.push(q);
  return q;
}

beforeEach(() => {
  idb = new IDBFactory();
  clock = Date.UTC(2026, 10, 26, 10) / 1000;
});
afterEach(() => {
  queues.forEach((q) => q.dispose());
  queues = [];
});

describe('TillQueue', () => {
  it('online: posts the ticket once with a fresh idempotency key and answers recorded', async () => {
    const server = fakeServer();
    const q = await makeQueue(server.post);
    const result = await q.submit(sale(2));
    expect(result.status).toBe('recorded');
    expect(server.post).toHaveBeenCalledTimes(1);
    const sent = server.post.mock.calls[0][0];
    expect(sent.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.offline).toBeUndefined();
    expect(result.status === 'recorded' && result.ticket.ref).toBe('CAVEAU-000001');
    expect(await q.pending()).toEqual([]);
    expect(q.getState()).toEqual({ online: true, pending: 0, rejected: 0 });
    // a key given by the till is kept
    await q.submit(sale(1, 'till-key-0001'));
    expect(server.post.mock.calls[1][0].key).toBe('till-key-0001');
  });

  it('offline: queues HL-<id>-1, HL-<id>-2, then sends them in order with their keys and offline numbers', async () => {
    const server = fakeServer();
    server.down = true;
    const q = await makeQueue(server.post);
    const states: unknown[] = [];
    q.subscribe((s) => states.push(s));

    const first = await q.submit(sale(1));
    const second = await q.submit({ ...sale(2), discount: { kind: 'amount', value: 0 } });
    expect(first).toMatchObject({ status: 'queued', number: 'HL-7-1', priced: { totalTTC: 1500, totalVAT: 250 } });
    expect(second).toMatchObject({ status: 'queued', number: 'HL-7-2', priced: { totalTTC: 3000 } });
    // the second did not wait for the network: the queue knew it was offline
    expect(server.post).toHaveBeenCalledTimes(1);
    expect(q.getState()).toEqual({ online: false, pending: 2, rejected: 0 });

    const waiting = await q.pending();
    expect(waiting.map((t) => [t.number, t.status])).toEqual([
      ['HL-7-1', 'queued'],
      ['HL-7-2', 'queued'],
    ]);
    // the price the customer paid travels with the ticket
    expect(waiting[0].input.lines[0]).toMatchObject({ formatId: 1, quantity: 1, unitPriceTTC: 1500 });
    expect(waiting[0].prevHash).toBe(GENESIS);
    expect(waiting[1].prevHash).toBe(waiting[0].hash);

    server.down = false;
    expect(await q.flush()).toEqual({ sent: 2, failed: 0 });
    const keys = waiting.map((t) => t.key);
    expect(server.received.map((t) => [t.key, t.offline?.number])).toEqual([
      [keys[0], 'HL-7-1'],
      [keys[1], 'HL-7-2'],
    ]);
    expect(server.received[0].offline?.at).toBe(waiting[0].at);
    expect([...server.byKey.values()].map((t) => t.offline?.number)).toEqual(['HL-7-1', 'HL-7-2']);
    expect(await q.pending()).toEqual([]);
    expect(q.getState()).toEqual({ online: true, pending: 0, rejected: 0 });
    expect(states).toContainEqual({ online: false, pending: 2, rejected: 0 });
    // numbering goes on after a flush, and the chain still holds
    server.down = true;
    expect(await q.submit(sale())).toMatchObject({ number: 'HL-7-3' });
    expect(await q.verifyLocalChain()).toBeNull();
  });

  it('a 502/503/504 or an ApiError 0 queues; a 400 or a 500 is thrown and nothing is queued', async () => {
    for (const status of [0, 502, 503, 504]) {
      const q = await makeQueue(jest.fn().mockRejectedValue(new ApiError(status, 'x')));
      expect((await q.submit(sale())).status).toBe('queued');
    }
    idb = new IDBFactory();
    for (const status of [400, 404, 409, 500]) {
      const q = await makeQueue(jest.fn().mockRejectedValue(new ApiError(status, 'Aucune session ouverte')));
      await expect(q.submit(sale())).rejects.toMatchObject({ status, message: 'Aucune session ouverte' });
      expect(await q.pending()).toEqual([]);
      expect(q.getState().online).toBe(true);
    }
  });

  it('a post without answer within the timeout is queued (sent again later with the same key)', async () => {
    const post = jest.fn(() => new Promise<PosTicket>(() => undefined));
    await saveCatalog(await tillDb(idb), SP, catalog);
    const q = createTillQueue(SP, { post, idb, timeoutMs: 20, retryMs: 3_600_000 });
    queues.push(q);
    const result = await q.submit(sale(1, 'slow-key-0001'));
    expect(result).toMatchObject({ status: 'queued', key: 'slow-key-0001' });
  });

  it('50 queued tickets: a network failure mid-flush loses nothing, flushes share the run, a replay is not doubled', async () => {
    const server = fakeServer();
    server.down = true;
    const q = await makeQueue(server.post);
    for (let i = 0; i < 50; i++) await q.submit(sale(1 + (i % 3)));
    const queued = await q.pending();
    expect(queued).toHaveLength(50);
    expect(queued.map((t) => t.number)).toEqual(Array.from({ length: 50 }, (_, i) => `HL-7-${i + 1}`));

    // the network comes back, then fails again: the 21st is recorded but its answer is lost, the 22nd never arrives
    server.down = false;
    server.loseAnswerFor.add(queued[20].key);
    server.failAfter = 21;
    expect(await q.flush()).toEqual({ sent: 20, failed: 1 });
    expect(server.byKey.size).toBe(21);
    const left = await q.pending();
    expect(left.map((t) => t.number)).toEqual(queued.slice(20).map((t) => t.number));
    expect(left[0]).toMatchObject({ attempts: 1, lastError: expect.any(String) });
    expect(q.getState()).toMatchObject({ online: false, pending: 30 });

    // back again: two flushes at once share one run; the 21st is answered with the ticket already recorded
    server.down = false;
    server.failAfter = null;
    const a = q.flush();
    const b = q.flush();
    expect(b).toBe(a);
    expect(await a).toEqual({ sent: 30, failed: 0 });
    expect(await q.flush()).toEqual({ sent: 0, failed: 0 });
    expect(await q.pending()).toEqual([]);

    // the api holds 50 tickets, once each, numbered in the order they were made
    expect(server.byKey.size).toBe(50);
    const recorded = [...server.byKey.values()].sort((x, y) => x.number - y.number);
    expect(recorded.map((t) => t.offline?.number)).toEqual(queued.map((t) => t.number));
    expect(server.received.filter((t) => t.key === queued[20].key)).toHaveLength(2);

    // a replay of every ticket (another tab, a crash before a ticket was marked sent) changes nothing on the api
    for (const t of queued) await server.post({ ...t.input, key: t.key, offline: { number: t.number, at: t.at } });
    expect(server.byKey.size).toBe(50);
    expect(await q.verifyLocalChain()).toBeNull();
  });

  it('a 400 refusal is kept aside as rejected with its message and does not block the next ones', async () => {
    const server = fakeServer();
    server.down = true;
    const q = await makeQueue(server.post);
    await q.submit(sale(1));
    await q.submit(sale(2));
    await q.submit(sale(3));
    const [, second] = await q.pending();
    server.refuse.set(second.key, 'Ouvrez une session de caisse avant d’encaisser');
    server.down = false;

    expect(await q.flush()).toEqual({ sent: 2, failed: 1 });
    expect(server.byKey.size).toBe(2);
    const left = await q.pending();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      number: 'HL-7-2',
      status: 'rejected',
      rejection: { status: 400, message: 'Ouvrez une session de caisse avant d’encaisser', field: 'sessionId' },
    });
    expect(q.getState()).toEqual({ online: true, pending: 0, rejected: 1 });

    // never retried blindly …
    const calls = server.post.mock.calls.length;
    expect(await q.flush()).toEqual({ sent: 0, failed: 0 });
    expect(server.post).toHaveBeenCalledTimes(calls);
    // … only when the till asks, once the cause is fixed
    server.refuse.clear();
    await q.retry(second.key);
    expect(await q.pending()).toEqual([]);
    expect(server.byKey.size).toBe(3);
    expect(await q.verifyLocalChain()).toBeNull();
  });

  it('waits behind older tickets: a new sale online sends the queue first', async () => {
    const server = fakeServer();
    server.down = true;
    const q = await makeQueue(server.post);
    await q.submit(sale(1));
    server.down = false;
    window.dispatchEvent(new Event('online'));
    const result = await q.submit(sale(2));
    expect(result.status).toBe('recorded');
    expect(server.received.map((t) => t.offline?.number ?? 'live')).toEqual(['HL-7-1', 'live']);
  });

  it('retries on its own while something waits, and stops once the queue is empty', async () => {
    const server = fakeServer();
    server.down = true;
    await saveCatalog(await tillDb(idb), SP, catalog);
    const q = createTillQueue(SP, { post: server.post, idb, retryMs: 25 });
    queues.push(q);
    await q.submit(sale(1));
    await new Promise((r) => setTimeout(r, 80));
    const triedOffline = server.post.mock.calls.length;
    expect(triedOffline).toBeGreaterThan(1);
    server.down = false;
    const done = new Promise<void>((resolve) => q.subscribe((st) => st.pending === 0 && resolve()));
    await done;
    expect(server.byKey.size).toBe(1);
    const calls = server.post.mock.calls.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(server.post).toHaveBeenCalledTimes(calls);
  });

  it('the local chain shows a queued ticket altered, removed or added in IndexedDB', async () => {
    const post = jest.fn().mockRejectedValue(networkError());
    const q = await makeQueue(post);
    for (let i = 1; i <= 4; i++) await q.submit(sale(i));
    expect(await q.verifyLocalChain()).toBeNull();

    // hashes are SHA-256 hex of chainInput(prevHash, { number, at, input }), as the api would compute them
    const [first] = await q.pending();
    const expected = createHash('sha256')
      .update(`${GENESIS}\n${canonical({ number: first.number, at: first.at, input: first.input })}`)
      .digest('hex');
    expect(first.hash).toBe(expected);

    const db = await tillDb(idb);
    const original = (await db.get('tickets', [SP, 2])) as QueuedTicket;
    // two bottles become one
    await db.put('tickets', { ...original, input: { ...original.input, lines: [{ ...original.input.lines[0], quantity: 1 }] } });
    expect(await q.verifyLocalChain()).toBe('HL-7-2');
    // the hash recomputed too: the next ticket no longer links to it
    const forged = { ...original, input: { ...original.input, payments: [{ method: 'card' as const, amount: 3000 }] } };
    forged.hash = await sha256Hex(chainInput(forged.prevHash, { number: forged.number, at: forged.at, input: forged.input }));
    await db.put('tickets', forged);
    expect(await q.verifyLocalChain()).toBe('HL-7-3');
    await db.put('tickets', original);
    expect(await q.verifyLocalChain()).toBeNull();

    // a ticket removed, in the middle or at the end
    const third = (await db.get('tickets', [SP, 3]))!;
    await db.delete('tickets', [SP, 3]);
    expect(await q.verifyLocalChain()).toBe('HL-7-3');
    await db.put('tickets', third);
    await db.delete('tickets', [SP, 4]);
    expect(await q.verifyLocalChain()).toBe('HL-7-4');
    // a ticket slipped in at the end
    await db.put('tickets', { ...third, seq: 4, number: 'HL-7-4', prevHash: third.hash });
    expect(await q.verifyLocalChain()).toBe('HL-7-4');
  });

  it('tickets made offline stay after a reload and the numbering goes on', async () => {
    const post = jest.fn().mockRejectedValue(networkError());
    const q1 = await makeQueue(post);
    await q1.submit(sale(1));
    await q1.submit(sale(1));
    q1.dispose();
    const q2 = await makeQueue(post);
    expect((await q2.pending()).map((t) => t.number)).toEqual(['HL-7-1', 'HL-7-2']);
    expect(await q2.submit(sale(1))).toMatchObject({ number: 'HL-7-3' });
    expect(await q2.verifyLocalChain()).toBeNull();
    // another salespoint on the same device has its own series
    const other = createTillQueue(8, { post, idb, retryMs: 3_600_000 });
    queues.push(other);
    await saveCatalog(await tillDb(idb), 8, catalog);
    expect(await other.submit(sale(1))).toMatchObject({ number: 'HL-8-1' });
    expect(await q2.pending()).toHaveLength(3);
  });

  it('offline, what the api would refuse is refused at once and not queued', async () => {
    const post = jest.fn().mockRejectedValue(networkError());
    const q = await makeQueue(post);
    await expect(q.submit({ ...sale(1), payments: [{ method: 'cash', amount: 1000 }] })).rejects.toMatchObject({
      status: 400,
      field: 'payments',
    });
    await expect(q.submit({ ...sale(1), payments: [{ method: 'gift', amount: 1500 }] })).rejects.toMatchObject({
      message: 'Ce mode de règlement n’est pas disponible hors ligne',
    });
    await expect(q.submit({ lines: [{ formatId: 99, quantity: 1 }], payments: [{ method: 'cash', amount: 100 }] })).rejects.toMatchObject({
      field: 'lines.0.formatId',
    });
    await expect(q.submit({ lines: [], payments: [{ method: 'cash', amount: 100 }] })).rejects.toMatchObject({ status: 400 });
    // card on the terminal, and a free line, are fine
    const ok = await q.submit({
      lines: [
        { formatId: 2, quantity: 2 },
        { label: 'Dégustation commentée', quantity: 1, unitPriceTTC: 1000 },
      ],
      payments: [{ method: 'card', amount: 1800 }],
    });
    expect(ok).toMatchObject({ status: 'queued', number: 'HL-7-1', priced: { totalTTC: 1800 } });
    expect(await q.pending()).toHaveLength(1);
  });

  it('without a saved catalogue, a catalogue line cannot be sold offline', async () => {
    const q = await makeQueue(jest.fn().mockRejectedValue(networkError()), false);
    await expect(q.submit(sale(1))).rejects.toMatchObject({ status: 400, field: 'lines.0.formatId' });
  });
});

describe('sha256', () => {
  it('the plain implementation matches node for short, multi-block and non-ASCII texts', () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), 'd'.repeat(1000), `${GENESIS}\n{"number":"HL-7-1","é":"€"}`];
    for (const t of texts) {
      const mine = Buffer.from(sha256Fallback(new TextEncoder().encode(t))).toString('hex');
      expect(mine).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
    }
  });
});
