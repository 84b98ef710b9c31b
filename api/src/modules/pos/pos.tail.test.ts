// The end of the till's journal: records removed from its end (with their tickets or closings) leave a shorter chain
// that is still whole; the verification must see them missing all the same.
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

let keyN = 0;
const key = () => `tail-key-${Date.now()}-${++keyN}`;

describe('cash register: a cut tail of the journal', () => {
  let ctx: TestContext;
  let owner: string;
  let warehouseId: number;
  let item: { formatId: number; unitPriceTTC: number };
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post', url: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(owner));
    return body === undefined ? r : r.send(body as object);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const verify = async (spId: number) => (await call('get', `/pos/salespoints/${spId}/verify`)).body;
  /** what a superuser can do: the immutability triggers off for the statements of one transaction */
  const behindTriggers = (statements: Array<ReturnType<typeof sql>>) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const s of statements) await tx.execute(s);
    });

  async function salesPoint(name: string) {
    const created = await call('post', '/pos/salespoints', { name, warehouseId, methods: ['cash', 'card'] });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }
  async function openSession(spId: number) {
    const opened = await call('post', `/pos/salespoints/${spId}/sessions`, { float: 0 });
    expect(opened.status).toBe(201);
    return opened.body.id as number;
  }
  async function sell(spId: number) {
    const t = await call('post', `/pos/salespoints/${spId}/tickets`, {
      key: key(),
      lines: [{ formatId: item.formatId, quantity: 1 }],
      payments: [{ method: 'card', amount: item.unitPriceTTC }],
    });
    expect(t.status).toBe(201);
    const [row] = await rows<{ id: number; number: number }>(
      sql`select id, number from pos_tickets where salespoint_id = ${spId} and ref = ${t.body.ref}`,
    );
    return row;
  }
  async function closeZ(sessionId: number) {
    const z = await call('post', `/pos/sessions/${sessionId}/close`, { counted: {} });
    expect(z.status).toBe(200);
    return z.body.id as number;
  }
  const seqOf = async (kind: 'ticket' | 'closing', refId: number) =>
    (await rows<{ seq: number }>(sql`select seq from pos_journal where kind = ${kind} and ref_id = ${refId}`))[0].seq;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await loginAs(ctx.app, 'owner@demo.test');
    const [s] = await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    const [w] = await rows<{ id: number }>(sql`select w.id from warehouses w join stock_levels l on l.warehouse_id = w.id
      where w.shop_id = ${s.id} and l.on_hand >= 30 group by w.id order by count(*) desc limit 1`);
    warehouseId = w.id;
    const probe = await salesPoint('Sonde');
    const catalog = await call('get', `/pos/salespoints/${probe}/catalog`);
    item = catalog.body.items.find((i: { stock: number; unitPriceTTC: number }) => i.stock >= 10 && i.unitPriceTTC > 0);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('the last ticket and its journal record deleted after a Z: records missing after the last one left', async () => {
    const spId = await salesPoint('Comptoir');
    const first = await openSession(spId);
    await sell(spId);
    await closeZ(first);
    await openSession(spId);
    const last = await sell(spId);
    const before = await verify(spId);
    expect(before).toMatchObject({ intact: true, broken: null });

    const seq = await seqOf('ticket', last.id);
    await behindTriggers([
      sql`delete from pos_journal where salespoint_id = ${spId} and seq >= ${seq}`,
      sql`delete from pos_tickets where id = ${last.id}`,
    ]);
    const after = await verify(spId);
    expect(after).toMatchObject({
      intact: false,
      records: seq - 1,
      grandTotal: before.grandTotal - item.unitPriceTTC,
      broken: {
        seq,
        kind: 'ticket',
        reason: expect.stringMatching(
          new RegExp(`^Enregistrements manquants après le n° ${seq - 1} : le point de vente en a numéroté ${before.records}`),
        ),
      },
    });
  });

  it('a tail sealed by a Z deleted (tickets, the Z, their records): found by the counters, then by the session the Z closed', async () => {
    const spId = await salesPoint('Caveau');
    const first = await openSession(spId);
    await sell(spId);
    await closeZ(first);
    const session = await openSession(spId);
    const ticket = await sell(spId);
    const z = await closeZ(session);
    const before = await verify(spId);
    expect(before).toMatchObject({ intact: true });

    const seq = await seqOf('ticket', ticket.id);
    expect(await seqOf('closing', z)).toBeGreaterThan(seq);
    await behindTriggers([
      sql`delete from pos_journal where salespoint_id = ${spId} and seq >= ${seq}`,
      sql`delete from pos_closings where id = ${z}`,
      sql`delete from pos_tickets where id = ${ticket.id}`,
    ]);
    expect(await verify(spId)).toMatchObject({
      intact: false,
      records: seq - 1,
      broken: { seq, reason: expect.stringMatching(new RegExp(`^Enregistrements manquants après le n° ${seq - 1} `)) },
    });

    // the counters wound back too: the session still names its Z, gone from the journal
    await db().execute(sql`update order_counters set value = ${seq - 1} where series = ${`posj-${spId}`}`);
    await db().execute(sql`update order_counters set value = value - 1 where series in (${`pos-${spId}`}, ${`posz-day-${spId}`})`);
    expect(await verify(spId)).toMatchObject({
      intact: false,
      broken: { seq, kind: 'closing', reason: `La clôture de la session n° ${session} a disparu du journal` },
    });
  });
});
