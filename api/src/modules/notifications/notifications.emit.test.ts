import request from 'supertest';
import { and, eq, inArray } from 'drizzle-orm';
import { formatCents } from 'shared-kernel/domain';
import { notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products } from '../catalog';
import { crmClients } from '../clients';

/**
 * The notifications `payment` and `modifyOrder`, emitted where they happen: a payment recorded in the back office or
 * paid online at checkout, an order edited in the back office. Told: the shop's owner and the iam allowed to see it,
 * never the person who did it, a suspended member nor another shop's staff.
 */
describe('payment and modifyOrder notifications', () => {
  let ctx: TestContext;
  let owner: string;
  let iam: string;
  let buyer: string;
  let shopId: number;
  let clientId: number;
  const who: Record<'owner' | 'iam' | 'accountant' | 'suspended' | 'owner2', number> = {
    owner: 0,
    iam: 0,
    accountant: 0,
    suspended: 0,
    owner2: 0,
  };
  const db = () => ctx.handle.db;
  const today = () => new Date().toISOString().slice(0, 10);

  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const userId = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const staffUser = async (email: string) =>
    (
      await db()
        .insert(users)
        .values({ email, username: email.split('@')[0], passwordHash: 'x', role: 'iam', firstname: 'Test', lastname: email })
        .returning()
    )[0].id;
  /** The notifications of `type` written since `since` (id), as [who, content, link]. */
  const told = async (type: string, since: number) => {
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, type), inArray(notifications.userId, Object.values(who))));
    const name = (id: number) => Object.entries(who).find(([, v]) => v === id)?.[0];
    return rows
      .filter((n) => n.id > since)
      .sort((a, b) => a.id - b.id)
      .map((n) => [name(n.userId), n.content, n.redirectLink]);
  };
  const lastId = async () => {
    const rows = await db().select({ id: notifications.id }).from(notifications);
    return rows.reduce((n, r) => Math.max(n, r.id), 0);
  };
  const salesOrder = async (token = owner) => {
    const res = await call('post', '/sales/orders', token, {
      clientId,
      lines: [{ label: 'Coffret dégustation', quantity: 2, unitPriceHT: 5000, vatRate: 20 }],
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; number: string };
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    [owner, iam, buyer] = await Promise.all(['owner', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    who.owner = await userId('owner@demo.test');
    who.iam = await userId('iam@demo.test');
    who.owner2 = await userId('owner2@demo.test');
    // an accountant who sees payments only, and a suspended collaborator who would see everything
    who.accountant = await staffUser('compta@notif.test');
    who.suspended = await staffUser('parti@notif.test');
    await db()
      .insert(shopMembers)
      .values([
        { shopId, userId: who.accountant, kind: 'iam', authorizations: { seeAllPayment: true } },
        { shopId, userId: who.suspended, kind: 'iam', authorizations: null, suspendedAt: new Date() },
      ]);
    const [c] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave Notifiée',
        email: 'notifiee@test.test',
        siret: '35600000000048',
      })
      .returning();
    clientId = c.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('payment: a payment recorded in the back office tells who sees payments, not who recorded it', async () => {
    const o = await salesOrder();
    expect((await call('post', `/sales/orders/${o.id}/actions/validate`, owner, {})).status).toBe(200);
    const inv = (await call('post', `/sales/orders/${o.id}/actions/invoice`, owner, {})).body.document as { id: number; number: string };
    const since = await lastId();
    const res = await call('post', '/sales/payments', owner, {
      clientId,
      method: 'cheque',
      amount: 5000,
      paidAt: today(),
      allocations: [{ invoiceId: inv.id, amount: 5000 }],
    });
    expect(res.status).toBe(201);
    expect(await told('payment', since)).toEqual([
      [
        'accountant',
        `Règlement reçu de Cave Notifiée pour la commande ${o.number} (${inv.number}) : ${formatCents(5000)} (Chèque)`,
        `/dashboard/orders/${o.id}`,
      ],
    ]);

    // a payment not allocated (the client's credit) leads to the payments; a refund is no money received
    const credit = await lastId();
    expect(
      (await call('post', '/sales/payments', owner, { clientId, method: 'transfer', amount: 2500, paidAt: today(), allocations: [] }))
        .status,
    ).toBe(201);
    expect(
      (await call('post', '/sales/payments', owner, { clientId, direction: 'out', method: 'transfer', amount: 1000, paidAt: today() }))
        .status,
    ).toBe(201);
    expect(await told('payment', credit)).toEqual([
      ['accountant', `Règlement reçu de Cave Notifiée : ${formatCents(2500)} (Virement)`, '/dashboard/payments'],
    ]);

    // a refused payment tells nobody (the transaction rolled back)
    const refused = await lastId();
    const over = await call('post', '/sales/payments', owner, {
      clientId,
      method: 'cheque',
      amount: 99999,
      paidAt: today(),
      allocations: [{ invoiceId: inv.id, amount: 99999 }],
    });
    expect(over.status).toBe(400);
    expect(await told('payment', refused)).toEqual([]);
  });

  /** A checkout order of 2 Galets Rouges placed by the demo buyer, paid by `paymentMethod`. */
  const checkout = async (paymentMethod: 'stripe' | 'check') => {
    const [galets] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
    const order = {
      seller: { id: shopId },
      products: [{ idTmp: 'l-1', id: galets.productId, quantity: 2, chosenFormat: { id: galets.formatId } }],
      reservations: [],
    };
    const shipping = { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null };
    const priced = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [{ ...order, shipping: { type: shipping.type, ref: shipping.ref, collectionPoint: null } }] });
    expect(priced.status).toBe(200);
    const placed = await call('post', '/orders', buyer, {
      order,
      deliveryAddress: {
        firstname: 'Béatrice',
        lastname: 'Acheteuse',
        street: '12 rue des Vignes',
        zipcode: '69002',
        city: 'Lyon',
        country: 'FR',
      },
      billingAddress: null,
      phone: '+33612345678',
      shipping,
      paymentMethod,
      acceptTerms: true,
      expectedTotalTTC: priced.body[0].price.totalTTC,
      idempotencyKey: `notif-${Date.now()}`,
    });
    expect(placed.status).toBe(201);
    return placed.body as { order: { id: number; number: string; totalTTC: number }; payment: { id: number } };
  };

  it('payment: a card payment at checkout tells the owner and who sees payments, once', async () => {
    const placed = { body: await checkout('stripe') };
    const { id, number, totalTTC } = placed.body.order as { id: number; number: string; totalTTC: number };
    const since = await lastId();
    const pay = await call('post', `/payments/${placed.body.payment.id}/pay`, buyer, {
      card: { number: '4242 4242 4242 4242', expiration: '12/34', cvv: '123' },
    });
    expect(pay.status).toBe(200);
    const content = `Paiement en ligne reçu pour la commande ${number} : ${formatCents(totalTTC)}`;
    const got = await told('payment', since);
    expect(got.map(([w, , link]) => [w, link])).toEqual([
      ['owner', `/dashboard/orders/${id}`],
      ['accountant', `/dashboard/orders/${id}`],
    ]);
    expect(got[0][1]).toBe(content);
    // paying again changes nothing and tells nobody again
    await call('post', `/payments/${placed.body.payment.id}/pay`, buyer, {
      card: { number: '4242 4242 4242 4242', expiration: '12/34', cvv: '123' },
    });
    expect(await told('payment', since)).toHaveLength(2);
  });

  it('modifyOrder: an order edited in the back office tells the owner and the iam who see orders, not its editor', async () => {
    const o = await salesOrder();
    const edit = (token: string, quantity: number) =>
      call('put', `/sales/orders/${o.id}`, token, {
        clientId,
        lines: [{ label: 'Coffret dégustation', quantity, unitPriceHT: 5000, vatRate: 20 }],
      });
    let since = await lastId();
    expect((await edit(owner, 3)).status).toBe(200);
    expect(await told('modifyOrder', since)).toEqual([
      [
        'iam',
        `Commande ${o.number} (Cave Notifiée) modifiée par Olivier Propriétaire — ${formatCents(18000)} TTC`,
        `/dashboard/orders/${o.id}`,
      ],
    ]);

    since = await lastId();
    expect((await edit(iam, 4)).status).toBe(200);
    expect(await told('modifyOrder', since)).toEqual([
      [
        'owner',
        `Commande ${o.number} (Cave Notifiée) modifiée par Isabelle Collaboratrice — ${formatCents(24000)} TTC`,
        `/dashboard/orders/${o.id}`,
      ],
    ]);

    // an edit refused (a validated order is no longer editable) tells nobody
    expect((await call('post', `/sales/orders/${o.id}/actions/validate`, owner, {})).status).toBe(200);
    since = await lastId();
    expect((await edit(owner, 5)).status).toBe(409);
    expect(await told('modifyOrder', since)).toEqual([]);
  });

  it('an order an agent sends is new work for who validates orders; once validated, the agent is told', async () => {
    const agent = await loginAs(ctx.app, 'agent@demo.test');
    const agentId = await userId('agent@demo.test');
    const [c] = await db()
      .insert(crmClients)
      .values({ shopId, kind: 'professional', typology: 'professionnel', company: 'Cave de l’Agent', agentUserId: agentId })
      .returning();
    const taken = await call('post', '/sales/orders', agent, {
      clientId: c.id,
      lines: [{ label: 'Coffret dégustation', quantity: 1, unitPriceHT: 5000, vatRate: 20 }],
    });
    expect(taken.status).toBe(201);
    const { id, number } = taken.body as { id: number; number: string };
    const link = `/dashboard/orders/${id}`;
    let since = await lastId();
    expect((await call('post', `/sales/orders/${id}/actions/send`, agent, {})).status).toBe(200);
    // 50 € HT at 20 %: 60 € TTC
    expect(await told('newOrder', since)).toEqual([
      ['owner', `Commande ${number} (Cave de l’Agent) à valider — ${formatCents(6000)} TTC`, link],
      ['iam', `Commande ${number} (Cave de l’Agent) à valider — ${formatCents(6000)} TTC`, link],
    ]);

    const agentTold = async (after: number) =>
      (
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, agentId), eq(notifications.type, 'modifyOrder')))
      )
        .filter((n) => n.id > after)
        .map((n) => [n.content, n.redirectLink]);
    since = await lastId();
    expect((await call('post', `/sales/orders/${id}/actions/validate`, owner, {})).status).toBe(200);
    expect(await agentTold(since)).toEqual([[`Commande ${number} (Cave de l’Agent) validée`, link]]);
    // the staff who validated are not told of their own act
    expect(await told('modifyOrder', since)).toEqual([]);
  });

  it('a checkout order validated by the shop tells its buyer', async () => {
    const buyerId = await userId('buyer@demo.test');
    const { order } = await checkout('check');
    const since = await lastId();
    expect((await call('post', `/sales/orders/${order.id}/actions/validate`, owner, {})).status).toBe(200);
    const rows = (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, buyerId), eq(notifications.type, 'modifyOrder')))
    )
      .filter((n) => n.id > since)
      .map((n) => [n.content, n.redirectLink]);
    expect(rows).toEqual([[`Commande ${order.number} (Béatrice Acheteuse) validée`, `/dashboard/orders/${order.id}`]]);
  });
});
