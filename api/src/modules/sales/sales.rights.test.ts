import request from 'supertest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextOrderState, type OrderAction, type OrderStatus } from 'shared-kernel/domain';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { productFormats } from '../catalog';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { payments } from '../payments';
import { stockLevels, warehouses } from '../stock';
import { invoices, orderHistory, salesPayments } from './sales.tables';

/**
 * Every route acting on a sales document, for every role, in the states an order goes through: what the caller may do
 * follows what the action produces (shared-kernel order-rights), and a refused call changes nothing.
 */

const BILLING = {
  companyName: 'Domaine de Démo SAS',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  address: { street: '1 route des Vignes', zipcode: '71000', city: 'Mâcon', country: 'FR' },
  email: 'compta@domaine-demo.test',
  invoicePrefix: 'F',
  creditPrefix: 'AV',
  quotePrefix: 'D',
  defaultPaymentDelay: '30',
  banks: [{ label: 'Crédit Agricole', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', isDefault: true }],
};
const FORBIDDEN = "Vous n'avez pas les droits nécessaires pour effectuer cette action.";

/** The flags of the sales documents, and one (seeAllOrder) that grants no action. */
const FLAGS = ['createOrder', 'createQuote', 'billOrder', 'manageDelivery', 'seeAllPayment', 'seeAllOrder'] as const;
type Flag = (typeof FLAGS)[number];

/** The states reached through the api: a draft order, a sent quote (pending), validated, invoiced, invoiced and shipped. */
const STATES = ['draft', 'pending', 'validated', 'invoiced', 'shipped'] as const;
type State = (typeof STATES)[number];
const statusOf = (s: State): OrderStatus => (s === 'shipped' ? 'invoiced' : s);

type Action = OrderAction | 'edit' | 'deposit' | 'creditNote';
const ACTIONS: Action[] = ['send', 'validate', 'refuse', 'invoice', 'cancel', 'ship', 'deliver', 'edit', 'deposit', 'creditNote'];
/** the routes an agent reaches (their own clients' orders); the others are the shop's (owner and iam) */
const AGENT_ROUTES = new Set<Action>(['send', 'validate', 'refuse', 'invoice', 'cancel', 'ship', 'deliver', 'edit']);

type Role =
  { kind: 'owner' | 'agentOwn' | 'agentOther' | 'buyer' | 'owner2'; name: string } | { kind: 'iam'; name: string; flags: Flag[] | null };

/** iam without an authorizations object, with no flag, every flag, each flag alone and every flag but one. */
const IAM_ROLES: Role[] = [
  { kind: 'iam', name: 'iam (no authorizations object)', flags: null },
  { kind: 'iam', name: 'iam {}', flags: [] },
  { kind: 'iam', name: 'iam {all}', flags: [...FLAGS] },
  ...FLAGS.map((f): Role => ({ kind: 'iam', name: `iam {${f}}`, flags: [f] })),
  ...FLAGS.map((f): Role => ({ kind: 'iam', name: `iam {all but ${f}}`, flags: FLAGS.filter((x) => x !== f) })),
];
/** The roles whose allowed calls are made: every kind, and among iams those with no object, one flag or all of them. */
const representative = (r: Role) => r.kind !== 'iam' || r.flags === null || r.flags.length <= 1 || r.flags.length === FLAGS.length;
const ROLES: Role[] = [
  { kind: 'owner', name: 'owner' },
  ...IAM_ROLES,
  { kind: 'agentOwn', name: "agent on their own client's order" },
  { kind: 'agentOther', name: "agent on another client's order" },
  { kind: 'buyer', name: 'buyer' },
  { kind: 'owner2', name: "another shop's owner" },
];

/** The §6 rule in words: what an iam needs for each action on an order in `state`. */
function iamMay(action: Action, state: State, has: (f: Flag) => boolean): boolean {
  const taking = has('createOrder') || has('createQuote');
  switch (action) {
    case 'send':
    case 'validate':
    case 'refuse':
    case 'expire':
      return taking;
    case 'cancel':
      // an invoiced order is cancelled by a credit note
      return taking && (statusOf(state) !== 'invoiced' || has('billOrder'));
    case 'edit':
      // the pending one is a quote
      return state === 'pending' ? taking : has('createOrder');
    case 'invoice':
    case 'deposit':
    case 'creditNote':
      return has('billOrder');
    case 'ship':
    case 'deliver':
      return has('manageDelivery');
  }
}
function agentMay(action: Action, state: State): boolean {
  if (action === 'cancel') return statusOf(state) !== 'invoiced';
  return action === 'send' || action === 'validate' || action === 'refuse' || action === 'edit';
}
/** Whether the move itself is possible (the state machine and each route's own condition). */
function possible(action: Action, state: State): boolean {
  const st = { status: statusOf(state), deliveryStatus: state === 'shipped' ? ('transit' as const) : ('pending' as const) };
  if (action === 'edit') return state === 'draft' || state === 'pending';
  if (action === 'deposit') return state === 'draft' || state === 'pending' || state === 'validated';
  if (action === 'creditNote') return true;
  return nextOrderState(st, action) !== null;
}
function expected(role: Role, action: Action, state: State): number {
  const done = possible(action, state) ? (action === 'deposit' || action === 'creditNote' ? 201 : 200) : 409;
  switch (role.kind) {
    case 'owner':
      return done;
    case 'owner2':
      return 404;
    case 'buyer':
      return 403;
    case 'agentOther':
      return AGENT_ROUTES.has(action) ? 404 : 403;
    case 'agentOwn':
      return AGENT_ROUTES.has(action) && agentMay(action, state) ? done : 403;
    case 'iam':
      return role.flags === null || iamMay(action, state, (f) => role.flags!.includes(f)) ? done : 403;
  }
}

describe('rights on sales documents (modules/sales)', () => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let shopId: number;
  let iamMemberId: number;
  let ownClientId: number;
  let otherClientId: number;
  let warehouseId: number;
  let formatId: number;
  const db = () => ctx.handle.db;

  const call = (method: 'post' | 'put', url: string, token: string, body: unknown = {}) =>
    request(ctx.app)
      [method](`/v1${url}`)
      .set(bearer(token))
      .send(body as object);
  const orderBody = (clientId: number, subType: 'order' | 'quote') => ({
    clientId,
    warehouseId,
    subType,
    lines: [
      { formatId, quantity: 2 },
      { label: 'Dégustation', quantity: 1, unitPriceHT: 2000, vatRate: 20 },
    ],
  });
  const ok = async (res: request.Response, status = 200) => {
    if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; document?: { id: number } };
  };
  /** An order of `clientId` in `state`, made by the owner. */
  const make = async (state: State, clientId: number): Promise<{ orderId: number; invoiceId: number | null }> => {
    const o = await ok(
      await call('post', '/sales/orders', tokens.owner, orderBody(clientId, state === 'pending' ? 'quote' : 'order')),
      201,
    );
    const move = async (a: OrderAction) => ok(await call('post', `/sales/orders/${o.id}/actions/${a}`, tokens.owner));
    let invoiceId: number | null = null;
    if (state === 'pending') await move('send');
    if (state === 'validated' || state === 'invoiced' || state === 'shipped') await move('validate');
    if (state === 'invoiced' || state === 'shipped') invoiceId = (await move('invoice')).document!.id;
    if (state === 'shipped') await move('ship');
    return { orderId: o.id, invoiceId };
  };
  const setIam = (flags: Flag[] | null) =>
    db()
      .update(shopMembers)
      .set({ authorizations: flags === null ? null : Object.fromEntries(FLAGS.map((f) => [f, flags.includes(f)])) })
      .where(eq(shopMembers.id, iamMemberId));
  const tokenOf = async (role: Role) => {
    if (role.kind === 'iam') await setIam(role.flags);
    return tokens[{ owner: 'owner', iam: 'iam', agentOwn: 'agent', agentOther: 'agent', buyer: 'buyer', owner2: 'owner2' }[role.kind]];
  };
  const send = (action: Action, ids: { orderId: number; invoiceId: number | null }, token: string) => {
    // the stored kind is kept (a quote stays a quote whatever the body says)
    if (action === 'edit') return call('put', `/sales/orders/${ids.orderId}`, token, orderBody(clientOfOrder.get(ids.orderId)!, 'order'));
    if (action === 'deposit') return call('post', `/sales/orders/${ids.orderId}/deposits`, token, { percent: 10 });
    if (action === 'creditNote') return call('post', `/sales/invoices/${ids.invoiceId}/credit-notes`, token, { reason: 'Essai' });
    return call('post', `/sales/orders/${ids.orderId}/actions/${action}`, token, { reason: 'Essai' });
  };
  const clientOfOrder = new Map<number, number>();
  /** What a call may change: the order's statuses, its documents, its history. */
  const snapshot = async (orderId: number) => {
    const [o] = await db()
      .select({ status: orders.status, delivery: orders.deliveryStatus, subType: orders.subType, total: orders.totalTTC })
      .from(orders)
      .where(eq(orders.id, orderId));
    const docs = await db().select({ id: invoices.id, kind: invoices.kind }).from(invoices).where(eq(invoices.orderId, orderId));
    const hist = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, orderId));
    return { ...o, docs: docs.map((d) => `${d.kind}#${d.id}`).sort(), history: hist[0].n };
  };
  const makeFor = async (state: State, clientId: number) => {
    const ids = await make(state, clientId);
    clientOfOrder.set(ids.orderId, clientId);
    return ids;
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    for (const who of ['owner', 'owner2', 'iam', 'agent', 'buyer']) tokens[who] = await loginAs(ctx.app, `${who}@demo.test`);
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const [iamRow] = await db()
      .select({ id: shopMembers.id })
      .from(shopMembers)
      .innerJoin(users, eq(users.id, shopMembers.userId))
      .where(and(eq(users.email, 'iam@demo.test'), eq(shopMembers.shopId, shopId)));
    iamMemberId = iamRow.id;
    const [agent] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.test'));
    const [own] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'caviste',
        company: 'Cave de l’agent',
        email: 'own@test.test',
        siret: '35600000000048', // a professional is invoiced with its SIREN
        agentUserId: agent.id,
      })
      .returning();
    ownClientId = own.id;
    const [other] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'caviste',
        company: 'Cave sans agent',
        email: 'other@test.test',
        siret: '35600000000048',
      })
      .returning();
    otherClientId = other.id;
    const [w] = await db().insert(warehouses).values({ shopId, name: 'Entrepôt droits' }).returning();
    warehouseId = w.id;
    const [f] = await db().select({ id: productFormats.id }).from(productFormats).where(eq(productFormats.shopId, shopId)).limit(1);
    formatId = f.id;
    await db().insert(stockLevels).values({ shopId, warehouseId, formatId, onHand: 100_000 });
    await ok(await call('put', '/sales/settings/billing', tokens.owner, BILLING));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('an iam without billOrder cannot cancel an invoiced order: 403, no credit note, the order stays invoiced', async () => {
    const ids = await makeFor('invoiced', otherClientId);
    await setIam(['seeAllOrder', 'createOrder', 'createQuote', 'manageDelivery', 'seeAllPayment']);
    const credits = () =>
      db()
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, ids.orderId), eq(invoices.kind, 'credit')));
    const res = await call('post', `/sales/orders/${ids.orderId}/actions/cancel`, tokens.iam, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FORBIDDEN);
    expect(await credits()).toEqual([]);
    expect((await snapshot(ids.orderId)).status).toBe('invoiced');
    // the same iam cancels a validated order (nothing is issued)
    const validated = await makeFor('validated', otherClientId);
    expect((await call('post', `/sales/orders/${validated.orderId}/actions/cancel`, tokens.iam, {})).status).toBe(200);
    // with billOrder, the invoiced one is cancelled by a credit note
    await setIam(['createOrder', 'billOrder']);
    const done = await call('post', `/sales/orders/${ids.orderId}/actions/cancel`, tokens.iam, {});
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/^Commande annulée : Avoir AV\d{4}-\d{5} émis$/);
    expect(await credits()).toHaveLength(1);
  });

  it("an agent cannot cancel their own client's invoiced order: 403, no credit note", async () => {
    const ids = await makeFor('invoiced', ownClientId);
    const res = await call('post', `/sales/orders/${ids.orderId}/actions/cancel`, tokens.agent, {});
    expect([res.status, res.body.message]).toEqual([403, FORBIDDEN]);
    expect((await snapshot(ids.orderId)).docs).toEqual([expect.stringMatching(/^invoice#/)]);
  });

  describe.each(ACTIONS)('%s', (action) => {
    it.each(STATES.filter((s) => action !== 'creditNote' || s === 'invoiced' || s === 'shipped'))(
      'on a %s order: every role gets its status, a refused call changes nothing',
      async (state) => {
        const wrong: string[] = [];
        // refused (403/404/409) by everyone on one order of the agent's client; the agent's other client's order for them
        const target = await makeFor(state, ownClientId);
        const foreign = await makeFor(state, otherClientId);
        const successes: Role[] = [];
        for (const role of ROLES) {
          const want = expected(role, action, state);
          if (want === 200 || want === 201) {
            successes.push(role);
            continue;
          }
          const ids = role.kind === 'agentOther' ? foreign : target;
          const before = await snapshot(ids.orderId);
          const res = await send(action, ids, await tokenOf(role));
          if (res.status !== want) wrong.push(`${role.name}: ${res.status} (expected ${want}) ${res.body.message ?? ''}`);
          if (want === 403 && res.body.message !== FORBIDDEN) wrong.push(`${role.name}: message ${res.body.message}`);
          const after = await snapshot(ids.orderId);
          if (JSON.stringify(after) !== JSON.stringify(before)) wrong.push(`${role.name}: changed ${JSON.stringify([before, after])}`);
        }
        // allowed: each one on an order of its own (the costly part: an order brought to its state per call). The owner,
        // the agents and the iam with no authorizations object, one flag or every flag stand for the others: an iam
        // with every flag but one holds a superset of a one-flag iam's, which order-rights.test.ts checks for each
        for (const role of successes.filter(representative)) {
          const ids = await makeFor(state, ownClientId);
          const before = await snapshot(ids.orderId);
          const res = await send(action, ids, await tokenOf(role));
          const want = expected(role, action, state);
          // an edit answers with the order read back through the orders module, whose reading right (seeAllOrder or
          // createOrder) a quote-only iam lacks: the edit is judged by what it wrote
          const readBack =
            action === 'edit' &&
            role.kind === 'iam' &&
            role.flags !== null &&
            !role.flags.some((f) => f === 'createOrder' || f === 'seeAllOrder');
          if (readBack) {
            if ((await snapshot(ids.orderId)).history !== before.history + 1) wrong.push(`${role.name}: not edited (${res.status})`);
          } else if (res.status !== want) wrong.push(`${role.name}: ${res.status} (expected ${want}) ${res.body.message ?? ''}`);
        }
        expect(wrong).toEqual([]);
      },
    );
  });

  it('bulk actions: refused at once without the right, each order checked in its state', async () => {
    const a = await makeFor('validated', otherClientId);
    const invoiced = await makeFor('invoiced', otherClientId);
    const bulk = (token: string, action: 'validate' | 'invoice', ids: number[]) =>
      call('post', '/sales/orders/bulk', token, { action, ids });
    await setIam(['createOrder', 'createQuote']);
    const refused = await bulk(tokens.iam, 'invoice', [a.orderId]);
    expect([refused.status, refused.body.message]).toEqual([403, FORBIDDEN]);
    expect((await snapshot(a.orderId)).status).toBe('validated');
    expect((await bulk(tokens.agent, 'validate', [a.orderId])).status).toBe(403);
    await setIam(['billOrder']);
    const res = await bulk(tokens.iam, 'invoice', [a.orderId, invoiced.orderId]);
    expect(res.status).toBe(200);
    expect(res.body.done).toEqual([a.orderId]);
    expect(res.body.failed).toEqual([expect.objectContaining({ id: invoiced.orderId })]);
  });

  it('payments, the use of credit and mailing an invoice need billOrder or seeAllPayment; agents and buyers never', async () => {
    const ids = await makeFor('invoiced', otherClientId);
    const today = new Date().toISOString().slice(0, 10);
    const count = async () => ({
      payments: (await db().select({ id: salesPayments.id }).from(salesPayments).where(eq(salesPayments.shopId, shopId))).length,
      sentAt: (await db().select({ s: invoices.sentAt }).from(invoices).where(eq(invoices.id, ids.invoiceId!)))[0].s?.toISOString() ?? null,
    });
    const routes = {
      pay: (t: string) =>
        call('post', '/sales/payments', t, { clientId: otherClientId, method: 'transfer', amount: 100, paidAt: today, allocations: [] }),
      useCredit: (t: string) => call('post', '/sales/credits/use', t, { clientId: otherClientId, invoiceId: ids.invoiceId, amount: 100 }),
      mail: (t: string) => call('post', `/sales/invoices/${ids.invoiceId}/send`, t, { email: 'client@test.test' }),
    };
    const refusedFlags: Flag[][] = [[], ['createOrder', 'createQuote', 'manageDelivery', 'seeAllOrder']];
    for (const [name, route] of Object.entries(routes)) {
      for (const flags of refusedFlags) {
        await setIam(flags);
        const before = await count();
        const res = await route(tokens.iam);
        expect([name, flags, res.status, res.body.message]).toEqual([name, flags, 403, FORBIDDEN]);
        expect(await count()).toEqual(before);
      }
      for (const who of ['agent', 'buyer']) expect([name, who, (await route(tokens[who])).status]).toEqual([name, who, 403]);
      // another shop's owner: their shop has no such invoice, nor such client
      expect([name, (await route(tokens.owner2)).status]).toEqual([name, name === 'mail' ? 404 : 400]);
    }
    for (const flags of [['billOrder'], ['seeAllPayment']] as Flag[][]) {
      await setIam(flags);
      expect((await routes.pay(tokens.iam)).status).toBe(201);
      expect((await routes.useCredit(tokens.iam)).status).toBe(200);
      expect((await routes.mail(tokens.iam)).status).toBe(200);
    }
  });

  it('cancelling a checkout order paid online gives the money back: it needs billOrder or seeAllPayment besides', async () => {
    const [paid] = await db()
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(
        and(
          eq(orders.shopId, shopId),
          eq(orders.source, 'shop'),
          eq(orders.status, 'validated'),
          eq(payments.status, 'paid'),
          sql`${payments.amountCents} > 0`,
        ),
      )
      .limit(1);
    expect(paid).toBeDefined();
    const paidStatuses = async () =>
      (
        await db()
          .select({ s: payments.status })
          .from(payments)
          .where(inArray(payments.orderId, [paid.id]))
      ).map((p) => p.s);
    const before = await paidStatuses();
    await setIam(['createOrder', 'createQuote', 'seeAllOrder']);
    const res = await call('post', `/sales/orders/${paid.id}/actions/cancel`, tokens.iam, {});
    expect([res.status, res.body.message]).toEqual([403, FORBIDDEN]);
    expect(await paidStatuses()).toEqual(before);
    expect((await snapshot(paid.id)).status).toBe('validated');
    await setIam(['createOrder', 'seeAllPayment']);
    expect((await call('post', `/sales/orders/${paid.id}/actions/cancel`, tokens.iam, {})).status).toBe(200);
    expect((await snapshot(paid.id)).status).toBe('cancelled');
  });
});
