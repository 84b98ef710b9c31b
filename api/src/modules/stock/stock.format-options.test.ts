// The articles of the order form (GET /stock/format-options): staff and the producer's sales agents read them, with
// the vintages a line may be taken in and, for a client, the unit price HT at the client's typology — the price the
// order itself is then made at (POST /sales/orders/preview).
import { eq, ne } from 'drizzle-orm';
import request from 'supertest';
import { shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';

type Option = {
  value: number;
  label: string;
  productId: number;
  vintageId: number | null;
  vintages: { id: number; name: string }[];
  priceHT?: number | null;
};

describe('format options of the order form', () => {
  let ctx: TestContext;
  let owner: string;
  let agent: string;
  let buyer: string;
  let shopId: number;
  let otherShopId: number;
  /** a professional client the demo agent follows, one nobody follows, a private one */
  let agentClient: number;
  let otherClient: number;
  let privateClient: number;
  const get = (token: string, query: Record<string, unknown> = {}) =>
    request(ctx.app).get('/v1/stock/format-options').query(query).set(bearer(token));
  const unitPriceOf = async (token: string, clientId: number, formatId: number) => {
    const res = await request(ctx.app)
      .post('/v1/sales/orders/preview')
      .set(bearer(token))
      .send({ clientId, lines: [{ formatId, quantity: 1 }] });
    expect(res.status).toBe(200);
    return res.body.lines[0].unitPriceHT as number;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.handle.db;
    [owner, agent, buyer] = await Promise.all(['owner', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    [{ id: shopId }] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    [{ id: otherShopId }] = await db.select({ id: shops.id }).from(shops).where(ne(shops.id, shopId)).limit(1);
    const [agentUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test'));
    const clients = await db.select().from(crmClients).where(eq(crmClients.shopId, shopId));
    agentClient = clients.find((c) => c.agentUserId === agentUser.id && c.kind === 'professional')!.id;
    otherClient = clients.find((c) => c.agentUserId === null && c.kind === 'professional')!.id;
    privateClient = clients.find((c) => c.kind === 'private' && c.typology === 'particulier')!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lets a sales agent read the articles of the producer they represent, priced at their client's typology", async () => {
    const all = await get(agent);
    expect(all.status).toBe(200);
    const owned = await get(owner);
    expect(all.body).toEqual(owned.body);
    expect(all.body.length).toBeGreaterThan(10);

    const priced = await get(agent, { clientId: agentClient, q: 'Galets' });
    expect(priced.status).toBe(200);
    const galets = priced.body as Option[];
    expect(galets.map((o) => o.label)).toEqual(expect.arrayContaining(['Les Galets Rouges – Bouteille 75 cl']));
    const bottle = galets.find((o) => o.label === 'Les Galets Rouges – Bouteille 75 cl')!;
    // the professional tariff, HT as typed (demo: 8,33 € HT), not the public TTC one (12,50 €)
    expect(bottle.priceHT).toBe(833);
    expect(bottle.priceHT).toBe(await unitPriceOf(agent, agentClient, bottle.value));
    // the product's two vintages, the engine's first one first
    expect(bottle.vintageId).toBeNull();
    expect(bottle.vintages.map((v) => v.name)).toEqual(['2022', '2021']);
    // without a client: no price
    expect(all.body.find((o: Option) => o.value === bottle.value)).not.toHaveProperty('priceHT');
  });

  it('prices a private client at the public typology, its TTC price taken back to HT as the engine does', async () => {
    const res = await get(owner, { clientId: privateClient, q: 'Galets' });
    expect(res.status).toBe(200);
    const bottle = (res.body as Option[]).find((o) => o.label === 'Les Galets Rouges – Bouteille 75 cl')!;
    expect(bottle.priceHT).toBe(1042); // 12,50 € TTC at 20 %
    expect(bottle.priceHT).toBe(await unitPriceOf(owner, privateClient, bottle.value));
  });

  it('answers 404 for a shop the agent does not represent and for a client that is not theirs; 403 to a buyer', async () => {
    const elsewhere = await get(agent, { shopId: otherShopId });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toEqual({ success: false, message: 'Boutique introuvable' });
    // their producer named explicitly is the same list
    expect((await get(agent, { shopId })).body).toEqual((await get(agent)).body);
    // a shop's owner cannot read another shop's articles either
    expect((await get(owner, { shopId: otherShopId })).status).toBe(404);

    const notTheirs = await get(agent, { clientId: otherClient });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ success: false, message: 'Client introuvable', field: 'clientId' });
    // the owner prices any client of the shop
    expect((await get(owner, { clientId: otherClient })).status).toBe(200);

    expect((await get(buyer)).status).toBe(403);
    expect((await get(owner, { clientId: 'abc' })).body).toMatchObject({ success: false, field: 'clientId' });
  });
});
