import { Client } from 'pg';
import request from 'supertest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MESSAGES } from 'shared-kernel/validation';
import { CRM_CLIENT_MESSAGES, ERASED_CLIENT_NAME, type CrmClientDetail, type CrmClientListItem } from 'shared-kernel/contracts';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';
import { hashPassword } from '../../platform/auth/password';
import { shopMembers, users } from '../../platform/db/tables';
import { seedCrm } from '../../seed/crm';
import { orders } from '../orders';
import { clientInteractions, crmClients } from './clients.tables';

type Page = { items: CrmClientListItem[]; total: number };

describe('the client file: /v1/crm/clients', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let agent2: string;
  let agentId: number;
  let agent2Id: number;
  let shopId: number;
  const db = () => ctx.handle.db;
  const get = (url: string, token: string) => request(ctx.app).get(`/v1${url}`).set(bearer(token));
  const post = (url: string, body: unknown, token: string) =>
    request(ctx.app)
      .post(`/v1${url}`)
      .set(bearer(token))
      .send(body as object);
  const put = (url: string, body: unknown, token: string) =>
    request(ctx.app)
      .put(`/v1${url}`)
      .set(bearer(token))
      .send(body as object);
  const clientOf = async (where: Partial<{ kind: 'private' | 'professional' | 'prospect'; agentUserId: number | null }>) => {
    const rows = await db().select().from(crmClients).where(eq(crmClients.shopId, shopId));
    return rows.find(
      (c) =>
        c.status === 'active' &&
        (!where.kind || c.kind === where.kind) &&
        (where.agentUserId === undefined || c.agentUserId === where.agentUserId),
    )!;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedCrm(ctx.handle.db);
    shopId = (await request(ctx.app).get('/v1/shops/domaine-demo')).body.id;
    // a second agent of the shop
    const [a2] = await db()
      .insert(users)
      .values({
        email: 'agent2@demo.test',
        username: 'Agathe Agent',
        firstname: 'Agathe',
        lastname: 'Agent',
        role: 'agent',
        passwordHash: await hashPassword('Agent1234'),
      })
      .returning();
    agent2Id = a2.id;
    await db().insert(shopMembers).values({ userId: a2.id, shopId, kind: 'agent', authorizations: null });
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const login = await request(ctx.app).post('/v1/auth/login').send({ email: 'agent2@demo.test', password: 'Agent1234' });
    agent2 = login.body.jwt;
    agentId = (await db().select().from(users).where(eq(users.email, 'agent@demo.test')))[0].id;
  });
  afterAll(() => ctx?.close());

  const valid = {
    kind: 'professional',
    company: 'Cave du Test',
    siret: '732 829 320 00074',
    email: 'Contact@Cave-Test.fr',
    phone: '06 12 34 56 78',
    typology: 'professionnel',
    addresses: [{ kind: 'delivery', zipcode: '20167', city: 'Mezzavia', mountain: true, exciseNumber: 'FR012345E0001' }],
    contacts: [{ lastname: 'Durand', firstname: 'Jean', role: 'Gérant' }],
    tags: ['CHR'],
  };

  it('lists the active clients of the shop sorted by lastname, filtered by kind and department', async () => {
    const all = (await get('/crm/clients?pageSize=100', owner).expect(200)).body as Page;
    const [{ n }] = await db()
      .select({ n: count() })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.status, 'active')));
    expect(all.total).toBe(Number(n));
    expect(all.items.every((c) => c.status === 'active')).toBe(true);
    const prospects = (await get('/crm/clients?kind=prospect&department=2A', owner).expect(200)).body as Page;
    expect(prospects.items.length).toBeGreaterThan(0);
    expect(prospects.items.every((c) => c.kind === 'prospect' && c.department === '2A')).toBe(true);
    const found = (await get('/crm/clients?q=acheteuse', owner).expect(200)).body as Page;
    expect(found.items.map((c) => c.email)).toContain('buyer@demo.test');
  });

  it("another shop's owner gets 404 for a client id of this shop", async () => {
    const c = await clientOf({ kind: 'private' });
    await get(`/crm/clients/${c.id}`, owner2).expect(404);
    const res = await put(`/crm/clients/${c.id}`, { kind: 'private', lastname: 'Pirate' }, owner2).expect(404);
    expect(res.body.message).toBe(CRM_CLIENT_MESSAGES.notFound);
    expect(((await get('/crm/clients', owner2).expect(200)).body as Page).items.find((x) => x.id === c.id)).toBeUndefined();
  });

  it('an iam without seeAllClient gets 403, without createClient cannot write', async () => {
    const [member] = await db().select().from(shopMembers).where(eq(shopMembers.kind, 'iam'));
    await db()
      .update(shopMembers)
      .set({ authorizations: { createClient: false, seeAllClient: false } })
      .where(eq(shopMembers.id, member.id));
    try {
      await get('/crm/clients', iam).expect(403);
      await db()
        .update(shopMembers)
        .set({ authorizations: { seeAllClient: true } })
        .where(eq(shopMembers.id, member.id));
      await get('/crm/clients', iam).expect(200);
      await post('/crm/clients', valid, iam).expect(403);
    } finally {
      await db().update(shopMembers).set({ authorizations: member.authorizations }).where(eq(shopMembers.id, member.id));
    }
  });

  it("an agent sees only the clients assigned to them; another agent's client is not found", async () => {
    const list = (await get('/crm/clients?pageSize=100', agent).expect(200)).body as Page;
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((c) => c.agentUserId === agentId)).toBe(true);
    const mine = list.items[0];
    await get(`/crm/clients/${mine.id}`, agent).expect(200);
    await get(`/crm/clients/${mine.id}`, agent2).expect(404);
    const nobody = await clientOf({ agentUserId: null });
    await get(`/crm/clients/${nobody.id}`, agent).expect(404);
    await put(`/crm/clients/${nobody.id}`, { kind: 'private', lastname: 'X' }, agent).expect(404);
  });

  it('a client created by an agent is assigned to them (whatever the body says)', async () => {
    const res = await post('/crm/clients', { ...valid, company: 'Cave de l’Agent', agentUserId: agentId }, agent2).expect(201);
    expect(res.body.agentUserId).toBe(agent2Id);
    await get(`/crm/clients/${res.body.id}`, agent2).expect(200);
    await get(`/crm/clients/${res.body.id}`, agent).expect(404);
  });

  it('creates a client: SIRET split, department of the Corsican zipcode, lower-cased email, code of the shop', async () => {
    const res = await post('/crm/clients', valid, owner).expect(201);
    const c = res.body as CrmClientDetail & { message: string };
    expect(c).toMatchObject({
      message: CRM_CLIENT_MESSAGES.created,
      siret: '73282932000074',
      siren: '732829320',
      nic: '00074',
      email: 'contact@cave-test.fr',
      department: '2A',
      typologyName: 'Professionnel',
    });
    expect(c.addresses[0]).toMatchObject({ mountain: true, exciseNumber: 'FR012345E0001' });
    expect(c.code).toMatch(/^CL\d{5}$/);
    const fromParts = await post('/crm/clients', { ...valid, siret: null, siren: '732829320', nic: '74' }, owner).expect(201);
    expect(fromParts.body.siret).toBe('73282932000074');
  });

  it.each([
    ['siret', { siret: '73282932000075' }, MESSAGES.siret],
    ['siret', { siret: null, siren: '732829321', nic: '00074' }, MESSAGES.siret],
    ['email', { email: 'contact@' }, MESSAGES.email],
    ['phone', { phone: '01 42 68 53 00' }, MESSAGES.telephone],
    ['mobile', { mobile: '12345' }, MESSAGES.telephone],
    ['company', { company: '' }, MESSAGES.needed],
    ['lastname', { kind: 'private', company: null, lastname: ' ' }, MESSAGES.needed],
    ['typology', { typology: 'inconnue' }, CRM_CLIENT_MESSAGES.typologyUnknown],
  ])('refuses a bad %s with the §5 message on the field', async (field, over, message) => {
    const res = await post('/crm/clients', { ...valid, ...over }, owner).expect(400);
    expect(res.body).toEqual({ success: false, message, field });
  });

  it('gives distinct consecutive client codes to two concurrent creations', async () => {
    const [a, b] = await Promise.all([
      post('/crm/clients', { ...valid, company: 'Concurrent A' }, owner),
      post('/crm/clients', { ...valid, company: 'Concurrent B' }, owner),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const nums = [a.body.code, b.body.code].map((code: string) => Number(code.slice(2))).sort((x, y) => x - y);
    expect(nums[1]).toBe(nums[0] + 1);
  });

  it('uses the crm code prefix of the shop settings', async () => {
    await db().execute(sql`update shops set settings = settings || '{"crm":{"clientCodePrefix":"DD-"}}'::jsonb where id = ${shopId}`);
    try {
      const res = await post('/crm/clients', { ...valid, company: 'Préfixée' }, owner).expect(201);
      expect(res.body.code).toMatch(/^DD-\d{5}$/);
    } finally {
      await db().execute(sql`update shops set settings = settings - 'crm' where id = ${shopId}`);
    }
  });

  it('bulk: assigns an agent, adds a tag, archives (archived clients leave the default list); an agent cannot reassign', async () => {
    const created = await Promise.all(
      ['Bulk 1', 'Bulk 2'].map(
        async (company) => (await post('/crm/clients', { ...valid, company, tags: [] }, owner).expect(201)).body.id as number,
      ),
    );
    let res = await post('/crm/clients/bulk', { ids: created, action: 'assignAgent', value: agentId }, owner).expect(200);
    expect(res.body).toMatchObject({ success: true, updated: 2 });
    const agentList = (await get('/crm/clients?q=Bulk&pageSize=100', agent).expect(200)).body as Page;
    expect(agentList.items.map((c) => c.id).sort()).toEqual([...created].sort());

    await post('/crm/clients/bulk', { ids: created, action: 'addTag', value: 'Salon' }, owner).expect(200);
    await post('/crm/clients/bulk', { ids: created, action: 'addTag', value: 'Salon' }, owner).expect(200);
    expect(((await get('/crm/clients?tag=Salon&q=Bulk', owner).expect(200)).body as Page).items.map((c) => c.tags)).toEqual([
      ['Salon'],
      ['Salon'],
    ]);

    res = await post('/crm/clients/bulk', { ids: created, action: 'addTag', value: '' }, owner).expect(400);
    expect(res.body.field).toBe('value');
    await post('/crm/clients/bulk', { ids: created, action: 'assignAgent', value: null }, agent).expect(403);

    await post('/crm/clients/bulk', { ids: created, action: 'archive' }, owner).expect(200);
    expect(((await get('/crm/clients?q=Bulk', owner).expect(200)).body as Page).total).toBe(0);
    expect(((await get('/crm/clients?q=Bulk&status=archived', owner).expect(200)).body as Page).total).toBe(2);
  });

  it('records interactions: the timeline is newest first', async () => {
    const id = (await post('/crm/clients', { ...valid, company: 'Chronologie' }, owner).expect(201)).body.id;
    await post(`/crm/clients/${id}/interactions`, { kind: 'visit', content: 'Visite', occurredAt: '2026-01-10T10:00:00Z' }, owner).expect(
      201,
    );
    const res = await post(
      `/crm/clients/${id}/interactions`,
      { kind: 'call', content: 'Appel', occurredAt: '2026-02-10T10:00:00Z' },
      owner,
    ).expect(201);
    expect(res.body.interactions.map((i: { kind: string }) => i.kind)).toEqual(['call', 'visit']);
    const bad = await post(`/crm/clients/${id}/interactions`, { kind: 'note', content: '' }, owner).expect(400);
    expect(bad.body.field).toBe('content');
  });

  it('converts a prospect into a professional client, and refuses to convert a client', async () => {
    const prospect = await clientOf({ kind: 'prospect' });
    const res = await post(`/crm/clients/${prospect.id}/convert`, {}, owner).expect(200);
    expect(res.body.kind).toBe('professional');
    await post(`/crm/clients/${prospect.id}/convert`, {}, owner).expect(409);
  });

  it("shows the linked buyer's orders at this shop, exports every data (RGPD art. 15/20), erases (art. 17) and keeps the orders", async () => {
    const [linked] = await db()
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shopId), eq(crmClients.email, 'buyer@demo.test')));
    await post(`/crm/clients/${linked.id}/interactions`, { kind: 'note', content: 'Allergique aux sulfites' }, owner).expect(201);
    const detail = (await get(`/crm/clients/${linked.id}`, owner).expect(200)).body as CrmClientDetail;
    const ordersBefore = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.buyerId, linked.userId!)));
    expect(detail.buyer?.email).toBe('buyer@demo.test');
    expect(ordersBefore.length).toBeGreaterThan(0);
    expect(detail.orders.map((o) => o.number).sort()).toEqual(ordersBefore.map((o) => o.number).sort());

    const exported = await get(`/crm/clients/${linked.id}/export`, owner).expect(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="client-CL\d{5}\.json"$/);
    const file = JSON.parse(exported.text);
    expect(file.client).toMatchObject({ id: linked.id, email: 'buyer@demo.test' });
    expect(file.client.interactions[0].content).toBe('Allergique aux sulfites');

    await post(`/crm/clients/${linked.id}/erase`, {}, agent).expect(403);
    const erased = (await post(`/crm/clients/${linked.id}/erase`, {}, owner).expect(200)).body as CrmClientDetail;
    expect(erased).toMatchObject({
      status: 'erased',
      lastname: ERASED_CLIENT_NAME,
      firstname: null,
      email: null,
      phone: null,
      mobile: null,
      addresses: [],
      contacts: [],
      notes: null,
      buyer: null,
    });
    expect(erased.erasedAt).not.toBeNull();
    const contents = await db().select().from(clientInteractions).where(eq(clientInteractions.clientId, linked.id));
    expect(contents.length).toBeGreaterThan(0);
    expect(contents.every((i) => i.content === null)).toBe(true);
    const ordersAfter = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.buyerId, linked.userId!)));
    expect(ordersAfter).toEqual(ordersBefore);
    await put(`/crm/clients/${linked.id}`, { kind: 'private', lastname: 'Retour' }, owner).expect(409);
    await post(`/crm/clients/${linked.id}/erase`, {}, owner).expect(409);
  });
  const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  (pgUrl ? it : it.skip)('the kept clients list never outlives a change, even one committed by another process', async () => {
    const page = async () => (await get('/crm/clients?pageSize=5&q=keptlist', owner)).body as { total: number };
    expect((await page()).total).toBe(0);
    expect((await page()).total).toBe(0); // kept
    await post('/crm/clients', { kind: 'private', firstname: 'Kept', lastname: 'Keptlist', email: 'keptlist@test.test' }, owner).expect(
      201,
    );
    expect((await page()).total).toBe(1); // a write of this process
    const base = new URL(pgUrl!);
    const [{ db: name }] = ((await db().execute('select current_database() as db' as never)) as unknown as { rows: Array<{ db: string }> })
      .rows;
    base.pathname = `/${name}`;
    const other = new Client({ connectionString: base.toString() });
    await other.connect();
    try {
      await other.query(
        `insert into crm_clients (shop_id, kind, lastname, email) values ($1, 'private', 'Keptlist Bis', 'bis@test.test')`,
        [shopId],
      );
      const deadline = Date.now() + 3000;
      while ((await page()).total !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect((await page()).total).toBe(2);
    } finally {
      await other.end();
    }
  });
});
