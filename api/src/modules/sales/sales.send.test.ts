import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { shops } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';

/** The « send » action of a back-office order answers in the words of what was sent. */
describe('sending a back-office order or a quote', () => {
  let ctx: TestContext;
  let owner: string;
  let clientId: number;

  const draft = async (subType: 'order' | 'quote' | 'sample') => {
    const res = await request(ctx.app)
      .post('/v1/sales/orders')
      .set(bearer(owner))
      .send({ subType, clientId, lines: [{ label: 'Dégustation commentée', quantity: 1, unitPriceHT: 5000, vatRate: 20 }] });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('draft');
    return res.body.id as number;
  };
  const send = (id: number) => request(ctx.app).post(`/v1/sales/orders/${id}/actions/send`).set(bearer(owner)).send({});

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    owner = await loginAs(ctx.app, 'owner@demo.test');
    const [shop] = await ctx.handle.db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    const [client] = await ctx.handle.db
      .select({ id: crmClients.id })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shop.id), eq(crmClients.status, 'active')))
      .limit(1);
    clientId = client.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('an order sent says « Commande envoyée », a quote sent keeps « Devis envoyé »', async () => {
    const order = await send(await draft('order'));
    expect([order.status, order.body.message]).toEqual([200, 'Commande envoyée']);
    const quote = await send(await draft('quote'));
    expect([quote.status, quote.body.message]).toEqual([200, 'Devis envoyé']);
  });

  it('a sample order sent is an order sent, not a quote', async () => {
    const sample = await send(await draft('sample'));
    expect([sample.status, sample.body.message]).toEqual([200, 'Commande envoyée']);
  });
});
