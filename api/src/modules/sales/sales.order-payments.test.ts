import request from 'supertest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderDetailSchema } from 'shared-kernel/contracts';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { payments } from '../payments';
import { invoices } from './sales.tables';

type Detail = {
  id: number;
  number: string;
  totalTTC: number;
  paymentStatus: string;
  amountDue: number | null;
  payments: Array<{
    id: number;
    source?: string;
    method: string;
    status: string;
    amount: number;
    paidAt: string | null;
    reference?: string | null;
    allocations?: Array<{ invoiceId: number; number: string; amount: number }>;
  }>;
  sales?: { invoices: Array<{ id: number; number: string; kind: string; remaining?: number }> };
};

/** The order detail (GET /v1/orders/:id) lists every payment of the order with what its invoices still owe. */
describe("an order's payments on its detail", () => {
  let ctx: TestContext;
  let owner: string;
  let buyer: string;
  let shopId: number;
  let clientId: number;
  const db = () => ctx.handle.db;
  const today = () => new Date().toISOString().slice(0, 10);
  const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());

  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const detail = async (id: number, token = owner): Promise<Detail> => {
    const res = await call('get', `/orders/${id}`, token);
    expect(res.status).toBe(200);
    // the answer is the contract's
    expect(orderDetailSchema.safeParse(res.body).success).toBe(true);
    return res.body as Detail;
  };
  const act = (id: number, action: string) => call('post', `/sales/orders/${id}/actions/${action}`, owner, {});

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    [owner, buyer] = await Promise.all(['owner', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [c] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave des Règlements',
        email: 'reglements@test.test',
        siret: '35600000000048', // a professional is invoiced with its SIREN
      })
      .returning();
    clientId = c.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a paid demo order (C…-00016) lists the payment that settled its invoice, nothing left to pay', async () => {
    const [o] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.number, `C${year}-00016`)));
    expect(o).toMatchObject({ source: 'backoffice', status: 'invoiced', paymentStatus: 'paid' });
    const d = await detail(o.id);
    const [inv] = d.sales!.invoices.filter((i) => i.kind === 'invoice');
    expect(d.payments.length).toBeGreaterThan(0);
    expect(d.payments.reduce((n, p) => n + p.amount, 0)).toBe(o.totalTTC);
    for (const p of d.payments) {
      expect(p).toMatchObject({ source: 'backoffice', status: 'paid', paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(p.allocations).toEqual([{ invoiceId: inv.id, number: inv.number, amount: p.amount }]);
    }
    expect(d.amountDue).toBe(0);
    expect(inv.remaining).toBe(0);
  });

  it('a part payment recorded against an invoice shows with the amount still due; the rest settles it', async () => {
    const created = await call('post', '/sales/orders', owner, {
      clientId,
      lines: [{ label: 'Caisse bois gravée', quantity: 4, unitPriceHT: 2500, vatRate: 20 }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // nothing invoiced: no payment, nothing due yet
    let d = await detail(id);
    expect(d).toMatchObject({ payments: [], amountDue: null });

    expect((await act(id, 'validate')).status).toBe(200);
    const invoiced = await act(id, 'invoice');
    expect(invoiced.status).toBe(200);
    const inv = invoiced.body.document as { id: number; number: string; totalTTC: number };
    expect(inv.totalTTC).toBe(12000);
    d = await detail(id);
    expect(d).toMatchObject({ payments: [], amountDue: 12000 });
    expect(d.sales!.invoices).toEqual([expect.objectContaining({ id: inv.id, remaining: 12000 })]);

    // a cheque of 50 € (30 € of it on this invoice, the rest kept as the client's credit)
    const part = await call('post', '/sales/payments', owner, {
      clientId,
      method: 'cheque',
      amount: 5000,
      paidAt: today(),
      reference: 'CHQ 7781',
      allocations: [{ invoiceId: inv.id, amount: 3000 }],
    });
    expect(part.status).toBe(201);
    d = await detail(id);
    expect(d.paymentStatus).toBe('partial');
    expect(d.amountDue).toBe(9000);
    expect(d.payments).toEqual([
      {
        id: part.body.id,
        orderId: id,
        status: 'paid',
        method: 'cheque',
        amount: 3000,
        provider: 'offline',
        instructions: null,
        payerEmail: null,
        paidAt: today(),
        source: 'backoffice',
        reference: 'CHQ 7781',
        allocations: [{ invoiceId: inv.id, number: inv.number, amount: 3000 }],
      },
    ]);
    expect(d.sales!.invoices[0].remaining).toBe(9000);

    const rest = await call('post', '/sales/payments', owner, {
      clientId,
      method: 'transfer',
      amount: 9000,
      paidAt: today(),
      allocations: [{ invoiceId: inv.id, amount: 9000 }],
    });
    expect(rest.status).toBe(201);
    d = await detail(id);
    expect(d).toMatchObject({ paymentStatus: 'paid', amountDue: 0 });
    expect(d.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cheque', 3000],
      ['transfer', 9000],
    ]);
  });

  it("a checkout order's card payment is listed once, before and after its invoice records it", async () => {
    const [o] = await db()
      .select({ id: orders.id, totalTTC: orders.totalTTC, buyerId: orders.buyerId })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(
        and(
          eq(orders.shopId, shopId),
          eq(orders.source, 'shop'),
          eq(orders.status, 'validated'),
          inArray(payments.method, ['stripe', 'stripeSepa']),
          eq(payments.status, 'paid'),
        ),
      )
      .orderBy(asc(orders.id))
      .limit(1);
    expect(o).toBeDefined();
    let d = await detail(o.id);
    expect(d.amountDue).toBeNull();
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ source: 'online', status: 'paid', amount: o.totalTTC, allocations: [] });
    const paymentId = d.payments[0].id;

    const invoiced = await act(o.id, 'invoice');
    expect(invoiced.status).toBe(200);
    const inv = invoiced.body.document as { id: number; number: string };
    d = await detail(o.id);
    expect(d.amountDue).toBe(0);
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({
      id: paymentId,
      source: 'online',
      amount: o.totalTTC,
      allocations: [{ invoiceId: inv.id, number: inv.number, amount: o.totalTTC }],
    });
    // the buyer reads the same payments on their order
    const mine = await detail(o.id, buyer);
    expect(mine.payments).toEqual(d.payments);
    expect(mine.sales).toBeUndefined();
    // the invoice was recorded as paid by that payment
    const [row] = await db().select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row.paid).toBe(o.totalTTC);
  });

  it("a checkout order belongs to its buyer's client file: the owner records its cheque against the invoice", async () => {
    const [o] = await db()
      .select({ id: orders.id, totalTTC: orders.totalTTC, status: orders.status })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(eq(orders.shopId, shopId), eq(orders.source, 'shop'), inArray(payments.method, ['check', 'transfer'])))
      .orderBy(asc(orders.id))
      .limit(1);
    expect(o).toBeDefined();
    const d0 = (await call('get', `/orders/${o.id}`, owner)).body as Detail & { sales: { client: { id: number } | null } };
    // the demo buyer's own file in this shop, not a file made for the order
    const [file] = await db()
      .select({ id: crmClients.id })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.email, 'buyer@demo.test')));
    expect(d0.sales.client?.id).toBe(file.id);

    if (o.status !== 'validated') expect((await act(o.id, 'validate')).status).toBe(200);
    const invoiced = await act(o.id, 'invoice');
    expect(invoiced.status).toBe(200);
    const inv = invoiced.body.document as { id: number };
    const paid = await call('post', '/sales/payments', owner, {
      clientId: file.id,
      method: 'cheque',
      amount: 1000,
      paidAt: today(),
      reference: 'CHQ 0042',
      allocations: [{ invoiceId: inv.id, amount: 1000 }],
    });
    expect(paid.status).toBe(201);
    const d = await detail(o.id);
    expect(d.amountDue).toBe(o.totalTTC - 1000);
    expect(d.payments.some((p) => p.id === paid.body.id && p.amount === 1000)).toBe(true);
    // the order's payment status follows its invoice: part paid, then paid once the rest comes in
    expect((d as Detail & { paymentStatus: string }).paymentStatus).toBe('partial');
    const rest = await call('post', '/sales/payments', owner, {
      clientId: file.id,
      method: 'cheque',
      amount: o.totalTTC - 1000,
      paidAt: today(),
      allocations: [{ invoiceId: inv.id, amount: o.totalTTC - 1000 }],
    });
    expect(rest.status).toBe(201);
    const settled = (await detail(o.id)) as Detail & { paymentStatus: string };
    expect(settled.amountDue).toBe(0);
    expect(settled.paymentStatus).toBe('paid');
  });
});
