import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext, binary } from '../../test/test-app';
import { createPosService } from './pos.service';

let keyN = 0;
const key = () => `test-key-${Date.now()}-${++keyN}`;

describe('cash register', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  let warehouseId: number;
  let spId: number;
  let sessionId: number;
  let item: { formatId: number; unitPriceTTC: number; vatRate: number; stock: number; gtin: string | null };
  const db = () => ctx.handle.db;
  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const stockOf = async (formatId: number) =>
    (
      await rows<{ n: number }>(sql`select on_hand as n from stock_levels where warehouse_id = ${warehouseId} and format_id = ${formatId}`)
    )[0]?.n ?? 0;
  const sell = (body: Record<string, unknown>, token = owner) =>
    call('post', `/pos/salespoints/${spId}/tickets`, token, { key: key(), ...body });

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [s] = await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    shopId = s.id;
    const [w] = await rows<{ id: number }>(sql`select w.id from warehouses w join stock_levels l on l.warehouse_id = w.id
      where w.shop_id = ${shopId} and l.on_hand >= 30 group by w.id order by count(*) desc limit 1`);
    warehouseId = w.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates a salespoint (warehouse of the shop, methods), scoped to the shop and the salesPoint module', async () => {
    const bad = await call('post', '/pos/salespoints', owner, { name: 'Salon', warehouseId: 999999, methods: ['cash'] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('warehouseId');
    expect((await call('post', '/pos/salespoints', owner, { name: '', warehouseId, methods: ['cash'] })).body.field).toBe('name');
    const created = await call('post', '/pos/salespoints', owner, {
      name: 'Salon des vins',
      warehouseId,
      methods: ['cash', 'card', 'cheque'],
      receiptHeader: 'Domaine de Démo\n71960 Pierreclos',
      receiptFooter: 'Merci de votre visite',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Salon des vins', methods: ['cash', 'card', 'cheque'], session: null, today: { total: 0 } });
    spId = created.body.id;
    expect(created.body).not.toHaveProperty('signingKey');
    // another shop's salespoint: not found (its own module on)
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"salesPoint":{"active":true}}' where id <> ${shopId}`);
    expect((await call('get', `/pos/salespoints/${spId}`, owner2)).status).toBe(404);
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"salesPoint":{"active":false}}' where id = ${shopId}`);
    expect((await call('get', '/pos/salespoints', owner)).status).toBe(403);
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"salesPoint":{"active":true}}' where id = ${shopId}`);
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db()
      .update(shopMembers)
      .set({ authorizations: { seeAllOrder: true } })
      .where(eq(shopMembers.userId, u.id));
    expect((await call('get', '/pos/salespoints', iam)).status).toBe(403);
    await db()
      .update(shopMembers)
      .set({ authorizations: { createOrderSalesPoint: true } })
      .where(eq(shopMembers.userId, u.id));
    expect((await call('get', '/pos/salespoints', iam)).status).toBe(200);
    await db().update(shopMembers).set({ authorizations: null }).where(eq(shopMembers.userId, u.id));
  });

  it('sells from the counter catalogue once a session is open: split payment, change, stock out, a gapless number', async () => {
    const catalog = await call('get', `/pos/salespoints/${spId}/catalog`, owner);
    expect(catalog.status).toBe(200);
    expect(catalog.body.items.length).toBeGreaterThan(2);
    item = catalog.body.items.find((i: { stock: number; unitPriceTTC: number }) => i.stock >= 10 && i.unitPriceTTC > 0);
    expect(item.vatRate).toBe(20);

    const closed = await sell({
      lines: [{ formatId: item.formatId, quantity: 1 }],
      payments: [{ method: 'cash', amount: item.unitPriceTTC }],
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Ouvrez une session de caisse avant d’encaisser');
    const opened = await call('post', `/pos/salespoints/${spId}/sessions`, owner, { float: 15000 });
    expect(opened.status).toBe(201);
    sessionId = opened.body.id;
    expect((await call('post', `/pos/salespoints/${spId}/sessions`, owner, { float: 0 })).status).toBe(409);

    const before = await stockOf(item.formatId);
    const total = 2 * item.unitPriceTTC + 550;
    const notAdding = await sell({
      lines: [
        { formatId: item.formatId, quantity: 2 },
        { label: 'Confiture', quantity: 1, unitPriceTTC: 550, vatRate: 5.5, accountingType: 'marchandise' },
      ],
      payments: [{ method: 'card', amount: 2000 }],
    });
    expect(notAdding.status).toBe(400);
    expect(notAdding.body.field).toBe('payments');
    const tooMuch = await sell({
      lines: [{ formatId: item.formatId, quantity: 1, discount: { kind: 'amount', value: item.unitPriceTTC + 1 } }],
      payments: [{ method: 'cash', amount: 1 }],
    });
    expect(tooMuch.body).toMatchObject({ field: 'lines.0.discount', message: 'La remise dépasse le montant de la ligne' });
    expect(
      (await sell({ lines: [{ formatId: item.formatId, quantity: 1 }], payments: [{ method: 'paypal', amount: item.unitPriceTTC }] }))
        .status,
    ).toBe(400);

    const sold = await sell({
      lines: [
        { formatId: item.formatId, quantity: 2 },
        { label: 'Confiture', quantity: 1, unitPriceTTC: 550, vatRate: 5.5, accountingType: 'marchandise' },
      ],
      payments: [
        { method: 'card', amount: 2000 },
        { method: 'cash', amount: total - 2000 },
      ],
      cashGiven: total - 2000 + 300,
    });
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({ kind: 'sale', totalTTC: total, change: 300, sessionId });
    expect(sold.body.vat.map((v: { rate: number }) => v.rate)).toEqual([20, 5.5]);
    expect(sold.body.totalHT + sold.body.totalVAT).toBe(total);
    expect(sold.body.hash).toMatch(/^[0-9a-f]{64}$/);
    // the stock moves in a job right after the ticket (the till does not wait on the warehouse)
    await ctx.drainJobs();
    expect(await stockOf(item.formatId)).toBe(before - 2);
    const second = await sell({
      lines: [{ formatId: item.formatId, quantity: 1 }],
      payments: [{ method: 'cash', amount: item.unitPriceTTC }],
    });
    expect(second.body.number).toBe(sold.body.number + 1);
    // the same key again: the same ticket, not a second one
    const again = await call('post', `/pos/salespoints/${spId}/tickets`, owner, {
      key: 'same-key-123',
      lines: [{ formatId: item.formatId, quantity: 1 }],
      payments: [{ method: 'cash', amount: item.unitPriceTTC }],
    });
    const twice = await call('post', `/pos/salespoints/${spId}/tickets`, owner, {
      key: 'same-key-123',
      lines: [{ formatId: item.formatId, quantity: 1 }],
      payments: [{ method: 'cash', amount: item.unitPriceTTC }],
    });
    expect([again.status, twice.status]).toEqual([201, 200]);
    expect(twice.body.id).toBe(again.body.id);
    const pdf = await call('get', `/pos/tickets/${sold.body.id}/receipt.pdf`, owner).buffer(true).parse(binary);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('get', `/pos/tickets/${sold.body.id}`, owner2)).status).toBe(404);
  });

  it('numbers tickets without a gap under concurrency', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        sell({ lines: [{ label: 'Verre', quantity: 1, unitPriceTTC: 400, vatRate: 20 }], payments: [{ method: 'cash', amount: 400 }] }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const nums = await rows<{ number: number }>(sql`select number from pos_tickets where salespoint_id = ${spId} order by number`);
    expect(nums.map((n) => n.number)).toEqual(nums.map((_, i) => i + 1));
  });

  it('a refund is a new ticket with negative lines referring to the sale; never more than sold; the stock comes back', async () => {
    const sale = await sell({
      lines: [{ formatId: item.formatId, quantity: 3, discount: { kind: 'percent', value: 10 } }],
      payments: [{ method: 'card', amount: Math.round(3 * item.unitPriceTTC * 0.9) }],
    });
    expect(sale.status).toBe(201);
    await ctx.drainJobs();
    const before = await stockOf(item.formatId);
    const refund = await call('post', `/pos/tickets/${sale.body.id}/refund`, owner, {
      key: key(),
      lines: [{ index: 0, quantity: 1 }],
      payments: [{ method: 'card', amount: -Math.round(sale.body.totalTTC / 3) }],
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      kind: 'refund',
      refundOf: { id: sale.body.id, ref: sale.body.ref },
      totalTTC: -Math.round(sale.body.totalTTC / 3),
    });
    expect(refund.body.lines[0].quantity).toBe(-1);
    await ctx.drainJobs();
    expect(await stockOf(item.formatId)).toBe(before + 1);
    // the job run again (a crash before it was marked done) moves nothing twice
    await createPosService({ db: db() }).applyTicketStock(refund.body.id, null);
    expect(await stockOf(item.formatId)).toBe(before + 1);
    expect((await call('get', `/pos/tickets/${sale.body.id}`, owner)).body.refunded).toEqual([1]);
    const tooMany = await call('post', `/pos/tickets/${sale.body.id}/refund`, owner, {
      key: key(),
      lines: [{ index: 0, quantity: 3 }],
      payments: [{ method: 'card', amount: -1 }],
    });
    expect(tooMany.body).toMatchObject({ field: 'lines.0.quantity', message: 'Il ne reste que 2 article(s) à rembourser sur cette ligne' });
  });

  it('50 tickets made offline and sent twice are recorded once, in order, marked offline', async () => {
    const queued = Array.from({ length: 50 }, (_, i) => ({
      key: `offline-${i}-${Date.now()}`,
      lines: [{ label: 'Dégustation', quantity: 1, unitPriceTTC: 500, vatRate: 20 }],
      payments: [{ method: 'cash', amount: 500 }],
      offline: { number: `HL-${spId}-${i + 1}`, at: new Date(Date.now() - 60_000 + i).toISOString() },
    }));
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from pos_tickets where salespoint_id = ${spId}`))[0].n;
    for (const round of [1, 2])
      for (const t of queued) {
        const res = await call('post', `/pos/salespoints/${spId}/tickets`, owner, t);
        expect(res.status).toBe(round === 1 ? 201 : 200);
      }
    const after = await rows<{ offline_number: string }>(
      sql`select offline_number from pos_tickets where salespoint_id = ${spId} and offline_number is not null order by number`,
    );
    expect(after.length).toBe(50);
    expect(after.map((r) => r.offline_number)).toEqual(queued.map((q) => q.offline.number));
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from pos_tickets where salespoint_id = ${spId}`))[0].n).toBe(
      before + 50,
    );
  });

  it('closes the day: the Z totals are the sum of its tickets per VAT rate and method; the count gives the gap', async () => {
    const tickets = await rows<{
      total_ttc: number;
      vat: Array<{ rate: number; ttc: number; vat: number }>;
      payments: Array<{ method: string; amount: number }>;
    }>(sql`select total_ttc, vat, payments from pos_tickets where session_id = ${sessionId}`);
    const cash = tickets
      .flatMap((t) => t.payments)
      .filter((p) => p.method === 'cash')
      .reduce((n, p) => n + p.amount, 0);
    const card = tickets
      .flatMap((t) => t.payments)
      .filter((p) => p.method === 'card')
      .reduce((n, p) => n + p.amount, 0);
    const z = await call('post', `/pos/sessions/${sessionId}/close`, owner, { counted: { cash: cash + 15000 - 200, card } });
    expect(z.status).toBe(200);
    expect(z.body).toMatchObject({
      kind: 'day',
      gap: -200,
      expected: { cash: cash + 15000, card },
      message: expect.stringMatching(/^Journée clôturée : Z-SALON-0001$/),
    });
    expect(z.body.totals.tickets).toBe(tickets.length);
    expect(z.body.totals.totalTTC).toBe(tickets.reduce((n, t) => n + t.total_ttc, 0));
    const vat20 = tickets.flatMap((t) => t.vat).filter((v) => v.rate === 20);
    expect(z.body.totals.byVat.find((v: { rate: number }) => v.rate === 20)).toMatchObject({
      ttc: vat20.reduce((n, v) => n + v.ttc, 0),
      vat: vat20.reduce((n, v) => n + v.vat, 0),
    });
    expect(z.body.totals.byMethod).toEqual([
      { method: 'cash', amount: cash },
      { method: 'card', amount: card },
    ]);
    expect((await call('post', `/pos/sessions/${sessionId}/close`, owner, { counted: {} })).status).toBe(409);
    // the closed day posts one cash-journal entry: what was taken per method against the sales and VAT, the gap in 658
    const entries = await call('get', '/accounting/entries?journal=CA&pageSize=100', owner);
    const entry = entries.body.items.find(
      (e: { source: { kind: string; id: number } }) => e.source.kind === 'till' && e.source.id === z.body.id,
    );
    expect(entry).toMatchObject({ pieceRef: 'Z-SALON-0001', journal: 'CA' });
    expect(entry.source.path).toBe(`/dashboard/salespoints/${spId}?tab=closings&closing=${z.body.id}`);
    const line = (account: string) => entry.lines.filter((l: { account: string }) => l.account === account);
    expect(line('530')[0].debit).toBe(cash - 200);
    expect(line('658')[0].debit).toBe(200);
    expect(line('445712').reduce((n: number, l: { credit: number; debit: number }) => n + l.credit - l.debit, 0)).toBe(
      z.body.totals.byVat.find((v: { rate: number }) => v.rate === 20).vat,
    );
    const sum = (k: 'debit' | 'credit') => entry.lines.reduce((n: number, l: Record<string, number>) => n + l[k], 0);
    expect(sum('debit')).toBe(sum('credit'));
    const report = await call('get', `/pos/closings/${z.body.id}/report.pdf`, owner).buffer(true).parse(binary);
    expect((report.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a month over gets its closing from its day closings at the next Z', async () => {
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    lastMonth.setUTCHours(10);
    const past = createPosService({ db: db(), clock: () => lastMonth });
    const member = (await db().select().from(shopMembers).where(eq(shopMembers.shopId, shopId)))[0];
    const sp2 = await past.createSalesPoint(shopId, {
      name: 'Marché',
      warehouseId,
      methods: ['cash'],
      receiptHeader: '',
      receiptFooter: '',
      display: false,
    });
    const s1 = await past.openSession(member, sp2.id, 0);
    await past.createTicket(member, sp2.id, {
      key: key(),
      lines: [{ label: 'Verre', quantity: 2, unitPriceTTC: 400, vatRate: 20 }],
      payments: [{ method: 'cash', amount: 800 }],
    });
    await past.closeSession(member, s1.id, { cash: 800 });
    const today = createPosService({ db: db() });
    const s2 = await today.openSession(member, sp2.id, 0);
    await today.closeSession(member, s2.id, { cash: 0 });
    const closings = await today.listClosings(shopId, sp2.id);
    const month = closings.find((c) => c.kind === 'month');
    expect(month).toMatchObject({ period: lastMonth.toISOString().slice(0, 7), totals: { totalTTC: 800, tickets: 1 } });
  });

  it('a session left open past midnight is closed by the sweep, dated by its day, without a count', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const past = createPosService({ db: db(), clock: () => yesterday });
    const member = (await db().select().from(shopMembers).where(eq(shopMembers.shopId, shopId)))[0];
    const sp3 = await past.createSalesPoint(shopId, {
      name: 'Foire',
      warehouseId,
      methods: ['cash'],
      receiptHeader: '',
      receiptFooter: '',
      display: false,
    });
    await past.openSession(member, sp3.id, 5000);
    await past.createTicket(member, sp3.id, {
      key: key(),
      lines: [{ label: 'Verre', quantity: 1, unitPriceTTC: 400, vatRate: 20 }],
      payments: [{ method: 'cash', amount: 400 }],
    });
    const sweep = createPosService({ db: db() });
    expect(await sweep.closeOverdueSessions()).toBeGreaterThanOrEqual(1);
    const [z] = await sweep.listClosings(shopId, sp3.id);
    const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(yesterday);
    expect(z).toMatchObject({
      kind: 'day',
      period: paris,
      by: 'Clôture automatique (minuit)',
      counted: null,
      gap: null,
      totals: { totalTTC: 400 },
    });
    expect((await sweep.getSalesPoint(shopId, sp3.id)).session).toBeNull();
  });

  it('the chained journal is intact, and a stored amount changed in SQL is found at its record', async () => {
    const ok = await call('get', `/pos/salespoints/${spId}/verify`, owner);
    expect(ok.body).toMatchObject({ intact: true, broken: null });
    expect(ok.body.records).toBeGreaterThan(60);
    // tickets cannot be changed…
    await expect(db().execute(sql`update pos_tickets set total_ttc = total_ttc + 100 where salespoint_id = ${spId}`)).rejects.toMatchObject(
      {
        cause: expect.objectContaining({ message: expect.stringMatching(/^wz_pos_immutable/) }),
      },
    );
    // …and one changed behind the triggers' back is found
    const [victim] = await rows<{ id: number; ref: string }>(
      sql`select id, ref from pos_tickets where salespoint_id = ${spId} order by number limit 1 offset 3`,
    );
    await db().execute(sql`alter table pos_tickets disable trigger wz_pos_ticket_immutable`);
    await db().execute(sql`update pos_tickets set total_ttc = total_ttc + 100 where id = ${victim.id}`);
    await db().execute(sql`alter table pos_tickets enable trigger wz_pos_ticket_immutable`);
    const broken = await call('get', `/pos/salespoints/${spId}/verify`, owner);
    expect(broken.body).toMatchObject({
      intact: false,
      broken: { kind: 'ticket', ref: victim.ref, reason: 'Le ticket ne correspond plus à son enregistrement' },
    });
    const archive = await call('get', `/pos/salespoints/${spId}/archive?from=2000-01-01&to=2100-01-01`, owner);
    expect(archive.status).toBe(200);
    const file = JSON.parse(archive.text);
    expect(file.signature).toMatchObject({ alg: 'HMAC-SHA256', value: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(file.verification.intact).toBe(false);
  });
});
