// A sales agent takes orders, quotes and samples for their own clients with the articles of the producer they represent
// (§1, §6), as the order form does it: the client picked among theirs, the articles read with their vintages and priced
// at the client's typology, the order created with a vintage per line, then sent.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats } from '../catalog';

type Option = { value: number; label: string; vintageId: number | null; vintages: { id: number; name: string }[]; priceHT?: number | null };
type Line = {
  kind: string;
  formatId: number | null;
  vintageId: number | null;
  details: string | null;
  unitPriceHT: number;
  quantity: number;
};

describe('a sales agent taking an order', () => {
  let ctx: TestContext;
  let agent: string;
  let agentId: number;
  const api = () => request(ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext();
    agent = await loginAs(ctx.app, 'agent@demo.test');
    [{ id: agentId }] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** One of the agent's professional clients, as the form's client picker lists them. */
  async function myClient(): Promise<{ id: number; agentUserId: number }> {
    const res = await api().get('/v1/crm/clients').query({ pageSize: 50 }).set(bearer(agent));
    expect(res.status).toBe(200);
    const client = res.body.items.find((c: { kind: string }) => c.kind === 'professional');
    expect(client.agentUserId).toBe(agentId);
    return client;
  }

  async function optionsFor(clientId: number, q: string): Promise<Option[]> {
    const res = await api().get('/v1/stock/format-options').query({ q, clientId }).set(bearer(agent));
    expect(res.status).toBe(200);
    return res.body;
  }

  it('creates an order of two articles for their client, in the vintage chosen per line, and sends it', async () => {
    const client = await myClient();
    const galets = (await optionsFor(client.id, 'Galets Rouges')).find((o) => o.label === 'Les Galets Rouges – Bouteille 75 cl')!;
    const [second] = (await optionsFor(client.id, 'Terrasses')).filter((o) => o.priceHT);
    expect(galets.vintages).toHaveLength(2);
    const older = galets.vintages[1];

    const created = await api()
      .post('/v1/sales/orders')
      .set(bearer(agent))
      .send({
        subType: 'order',
        clientId: client.id,
        lines: [
          { formatId: galets.value, vintageId: older.id, quantity: 6 },
          { formatId: second.value, vintageId: second.vintages[0]?.id ?? null, quantity: 3 },
        ],
      });
    expect(created.status).toBe(201);
    const lines = (created.body.lines as Line[]).filter((l) => l.kind === 'product');
    expect(lines.map((l) => [l.formatId, l.quantity])).toEqual([
      [galets.value, 6],
      [second.value, 3],
    ]);
    // the vintage of the line, not the product's first one
    expect(lines[0].vintageId).toBe(older.id);
    expect(lines[0].details).toContain(older.name);
    // at the client's tariff the options showed (no quantity tier below 12 units)
    expect(lines.map((l) => l.unitPriceHT)).toEqual([galets.priceHT, second.priceHT]);

    // the order screen offers « Envoyer » on the agent's draft (it goes to the shop, which validates it)
    const draft = await api().get(`/v1/orders/${created.body.id}`).set(bearer(agent));
    expect(draft.body.status).toBe('draft');
    expect(draft.body.sales.allowedActions).toContain('send');
    const sent = await api().post(`/v1/sales/orders/${created.body.id}/actions/send`).set(bearer(agent)).send({});
    expect(sent.status).toBe(200);
    const order = await api().get(`/v1/orders/${created.body.id}`).set(bearer(agent));
    expect(order.status).toBe(200);
    expect(order.body.status).toBe('pending');
  });

  it('creates quotes and samples for their client too', async () => {
    const client = await myClient();
    const [article] = (await optionsFor(client.id, 'Galets')).filter((o) => o.priceHT);
    for (const subType of ['quote', 'sample'] as const) {
      const res = await api()
        .post('/v1/sales/orders')
        .set(bearer(agent))
        .send({ subType, clientId: client.id, lines: [{ formatId: article.value, quantity: 2 }] });
      expect([subType, res.status]).toEqual([subType, 201]);
      expect(res.body.subType).toBe(subType);
    }
  });

  it('takes a format of one vintage in that vintage, and refuses another vintage for it', async () => {
    const client = await myClient();
    const galets = (await optionsFor(client.id, 'Galets Rouges')).find((o) => o.label === 'Les Galets Rouges – Bouteille 75 cl')!;
    const [newer, older] = galets.vintages;
    await ctx.handle.db.update(productFormats).set({ vintageId: older.id }).where(eq(productFormats.id, galets.value));
    try {
      const option = (await optionsFor(client.id, 'Galets Rouges')).find((o) => o.value === galets.value)!;
      expect(option.vintageId).toBe(older.id);
      expect(option.vintages).toEqual([older]);

      const created = await api()
        .post('/v1/sales/orders')
        .set(bearer(agent))
        .send({ clientId: client.id, lines: [{ formatId: galets.value, quantity: 1 }] });
      expect(created.status).toBe(201);
      expect(created.body.lines[0].vintageId).toBe(older.id);

      const wrong = await api()
        .post('/v1/sales/orders')
        .set(bearer(agent))
        .send({ clientId: client.id, lines: [{ formatId: galets.value, vintageId: newer.id, quantity: 1 }] });
      expect(wrong.status).toBe(400);
      expect(wrong.body.field).toBe('lines.0.vintageId');
    } finally {
      await ctx.handle.db.update(productFormats).set({ vintageId: null }).where(eq(productFormats.id, galets.value));
    }
  });
});
