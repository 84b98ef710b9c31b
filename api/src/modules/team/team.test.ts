import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { PRESET_DEFINITIONS } from 'shared-kernel/contracts';
import { jobs, shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';
import { orders } from '../orders';
import { DEMO_INVITEE } from '../../seed/team';
import { teamInvitations } from './team.tables';

describe('team: collaborators, agents, invitations (modules/team)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  let brasserieId: number;
  let ids: Record<'owner' | 'iam' | 'agent' | 'buyer' | 'owner2', number>;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const mailsTo = async (to: string) =>
    (await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'mail')))
      .map((j) => j.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to.toLowerCase() === to.toLowerCase());
  const setIamRights = (rights: Record<string, boolean> | null) =>
    db()
      .update(shopMembers)
      .set({ authorizations: rights })
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));

  beforeAll(async () => {
    // no running worker: the queued mails are read in the jobs table
    ctx = await createTestContext({}, { jobs: false });
    // the demo's second shop has these modules off: the routes answer 403 then (platform/module-switches.test.ts)
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"agents":{"active":true},"iam":{"active":true}}'`);
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    brasserieId = (await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
    const all = await db().select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => all.find((u) => u.email === email)!.id;
    ids = {
      owner: idOf('owner@demo.test'),
      iam: idOf('iam@demo.test'),
      agent: idOf('agent@demo.test'),
      buyer: idOf('buyer@demo.test'),
      owner2: idOf('owner2@demo.test'),
    };
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('the demo seed: the iam has createTask and seeAllTask next to their flags, and one pending invitation exists', async () => {
    const [m] = await db()
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
    expect(m.authorizations).toMatchObject({ seeAllOrder: true, createClient: true, createTask: true, seeAllTask: true });
    const res = await call('get', '/team/invitations?kind=iam', owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ email: DEMO_INVITEE.email, userId: null, preset: 'logistique' })]);
  });

  it('lists the collaborators of the caller’s shop with status, preset and flags; never the owner', async () => {
    const res = await call('get', '/team/collaborators', owner);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { email: string }) => m.email)).toEqual(['iam@demo.test']);
    expect(res.body.items[0]).toMatchObject({ id: ids.iam, kind: 'iam', status: 'active', preset: 'custom' });
    expect(res.body.items[0].permissions).toEqual(expect.arrayContaining(['seeAllOrder', 'createTask']));
    expect((await call('get', `/team/collaborators/${ids.owner}`, owner)).status).toBe(404);
  });

  it('answers 404 to another shop’s owner for a member of the demo shop (reads and writes)', async () => {
    const get = await call('get', `/team/collaborators/${ids.iam}`, owner2);
    expect(get.status).toBe(404);
    expect(get.body.message).toBe('Collaborateur introuvable');
    expect((await call('put', `/team/collaborators/${ids.iam}/permissions`, owner2, { permissions: [] })).status).toBe(404);
    expect((await call('post', `/team/collaborators/${ids.iam}/suspend`, owner2)).status).toBe(404);
    expect((await call('get', `/team/agents/${ids.agent}`, owner2)).status).toBe(404);
    expect((await call('delete', `/team/agents/${ids.agent}`, owner2)).status).toBe(404);
    expect((await call('get', '/team/collaborators', owner2)).body.items).toEqual([]);
    const [inv] = await db().select().from(teamInvitations).where(eq(teamInvitations.shopId, shopId));
    expect((await call('delete', `/team/invitations/${inv.id}`, owner2)).status).toBe(404);
  });

  it('refuses an iam without accessCollaborator (403), lets one with it read but not write without createCollaborator', async () => {
    expect((await call('get', '/team/collaborators', iam)).status).toBe(403);
    expect((await call('get', '/team/agents', iam)).status).toBe(403);
    await setIamRights({ accessCollaborator: true });
    expect((await call('get', '/team/collaborators', iam)).status).toBe(200);
    expect((await call('post', '/team/collaborators', iam, { email: 'x@example.test', permissions: [] })).status).toBe(403);
  });

  it('rejects a bad email with the §5 message on the field', async () => {
    const res = await call('post', '/team/collaborators', owner, { email: 'pas-un-mail', permissions: [] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Le mail est incorrect', field: 'email' });
    const flag = await call('post', '/team/collaborators', owner, { email: 'a@example.test', permissions: ['voler'] });
    expect(flag.status).toBe(400);
  });

  it('attaches an existing account at once (kind iam, active) and mails them a notice', async () => {
    const res = await call('post', '/team/collaborators', owner, {
      email: 'BUYER@demo.test',
      permissions: [...PRESET_DEFINITIONS.comptabilite.flags],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le compte existant a été ajouté à l’équipe et prévenu par mail');
    expect(res.body.member).toMatchObject({ id: ids.buyer, status: 'active', preset: 'comptabilite', invitation: null });
    const [m] = await db()
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, ids.buyer), eq(shopMembers.shopId, shopId)));
    expect(m.kind).toBe('iam');
    expect(m.authorizations).toMatchObject({ billOrder: true, createOrder: false });
    expect((await mailsTo('buyer@demo.test')).map((x) => x.subject)).toContain("Vous avez rejoint l'équipe de Domaine de Démo");
    // twice → 409 on the email
    const again = await call('post', '/team/collaborators', owner, { email: 'buyer@demo.test', permissions: [] });
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('email');
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.email, 'BUYER@demo.test'))).toHaveLength(0);
  });

  it('a new email: creates the account, records the invitation, queues the password link; resend and revoke', async () => {
    const email = 'nouvelle.recrue@example.test';
    const res = await call('post', '/team/collaborators', owner, {
      email,
      firstname: 'Nina',
      lastname: 'Recrue',
      permissions: ['seeAllOrder', 'manageDelivery'],
    });
    expect(res.status).toBe(201);
    expect(res.body.member).toMatchObject({ name: 'Nina Recrue', status: 'invited', preset: 'custom' });
    expect(res.body.member.invitation).toMatchObject({ expired: false });
    const [inv] = await db().select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(inv).toMatchObject({ shopId, kind: 'iam', acceptedAt: null, revokedAt: null });
    expect(inv.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails.some((x) => /\/auth\/resetpwd\?token=/.test(x.text))).toBe(true);
    expect(mails.some((x) => x.subject === "Invitation à rejoindre l'équipe de Domaine de Démo")).toBe(true);

    const resent = await call('post', `/team/invitations/${inv.id}/resend`, owner);
    expect(resent.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(4);

    const revoked = await call('delete', `/team/invitations/${inv.id}`, owner);
    expect(revoked.status).toBe(200);
    const userId = res.body.member.id as number;
    expect(
      await db()
        .select()
        .from(shopMembers)
        .where(and(eq(shopMembers.userId, userId), eq(shopMembers.shopId, shopId))),
    ).toHaveLength(0);
    expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(1); // the account stays
    expect((await call('post', `/team/invitations/${inv.id}/resend`, owner)).status).toBe(404);
  });

  it('setting the password from the mailed link accepts the invitation: the member becomes active', async () => {
    const email = 'accepte.vite@example.test';
    const res = await call('post', '/team/collaborators', owner, {
      email,
      firstname: 'Léo',
      lastname: 'Vite',
      permissions: ['seeAllOrder'],
    });
    expect(res.status).toBe(201);
    const link = (await mailsTo(email)).map((x) => /\/auth\/resetpwd\?token=([^\s"&]+)/.exec(x.text)?.[1]).find(Boolean);
    expect(link).toBeTruthy();
    const confirm = await request(ctx.app)
      .post('/v1/auth/reset-password/confirm')
      .send({ token: decodeURIComponent(link!), password: 'Nouveau1234', confirmPassword: 'Nouveau1234' });
    expect(confirm.status).toBe(200);
    const [inv] = await db().select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(inv.acceptedAt).not.toBeNull();
    const list = await call('get', '/team/invitations', owner);
    expect(list.body.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('resending the seeded invitation creates its account and membership', async () => {
    const [inv] = await db()
      .select()
      .from(teamInvitations)
      .where(sql`lower(${teamInvitations.email}) = ${DEMO_INVITEE.email}`);
    const res = await call('post', `/team/invitations/${inv.id}/resend`, owner);
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ email: DEMO_INVITEE.email, status: 'invited', preset: 'logistique' });
    expect(await mailsTo(DEMO_INVITEE.email)).toHaveLength(2);
  });

  it('suspending cuts the member’s access at once (403), reactivating restores it', async () => {
    await setIamRights({ accessCollaborator: true });
    expect((await call('get', '/team/collaborators', iam)).status).toBe(200);
    const s = await call('post', `/team/collaborators/${ids.iam}/suspend`, owner);
    expect(s.status).toBe(200);
    expect(s.body.member.status).toBe('suspended');
    expect((await call('get', '/team/collaborators', iam)).status).toBe(403);
    expect((await call('get', '/shops/me', iam)).status).toBe(403);
    expect((await call('post', `/team/collaborators/${ids.iam}/reactivate`, owner)).body.member.status).toBe('active');
    expect((await call('get', '/team/collaborators', iam)).status).toBe(200);
  });

  it('an iam cannot change his own rights, nor grant a flag he does not hold', async () => {
    await setIamRights({ accessCollaborator: true, createCollaborator: true, seeAllOrder: true });
    const self = await call('put', `/team/collaborators/${ids.iam}/permissions`, iam, {
      permissions: ['accessCollaborator', 'createCollaborator', 'seeAllOrder', 'seeAllPrice'],
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Vous ne pouvez pas modifier vos propres droits');
    expect((await call('post', `/team/collaborators/${ids.iam}/suspend`, iam)).status).toBe(403);
    const beyond = await call('put', `/team/collaborators/${ids.buyer}/permissions`, iam, { permissions: ['createProduct'] });
    expect(beyond.status).toBe(403);
    const ok = await call('put', `/team/collaborators/${ids.buyer}/permissions`, iam, { permissions: ['seeAllOrder'] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Droits enregistrés', member: { permissions: ['seeAllOrder'] } });
    const [m] = await db()
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
    expect(m.authorizations).toEqual({ accessCollaborator: true, createCollaborator: true, seeAllOrder: true });
    // the owner can
    const byOwner = await call('put', `/team/collaborators/${ids.iam}/permissions`, owner, { permissions: ['seeAllPrice'] });
    expect(byOwner.body.member.permissions).toEqual(['seeAllPrice']);
  });

  it('removes a member (the membership, never the account)', async () => {
    const res = await call('delete', `/team/collaborators/${ids.buyer}`, owner);
    expect(res.status).toBe(200);
    expect((await call('get', `/team/collaborators/${ids.buyer}`, owner)).status).toBe(404);
    expect(await db().select().from(users).where(eq(users.id, ids.buyer))).toHaveLength(1);
  });

  describe('agents', () => {
    let otherAgent: number;
    let statsAgent: number;
    beforeAll(async () => {
      const [sa] = await db()
        .insert(users)
        .values({
          username: 'Sophie Stats',
          firstname: 'Sophie',
          lastname: 'Stats',
          email: 'sophie.stats@example.test',
          passwordHash: 'x',
          role: 'agent',
        })
        .returning();
      statsAgent = sa.id;
      await db().insert(shopMembers).values({ userId: sa.id, shopId, kind: 'agent', authorizations: null });
      const [u] = await db()
        .insert(users)
        .values({
          username: 'Paul Prospecteur',
          firstname: 'Paul',
          lastname: 'Prospecteur',
          email: 'paul.agent@example.test',
          passwordHash: 'x',
          role: 'agent',
          deliveryAddress: { zipcode: '21200', city: 'Beaune' },
        })
        .returning();
      otherAgent = u.id;
      await db().insert(shopMembers).values({ userId: u.id, shopId: brasserieId, kind: 'agent', authorizations: null });
      await db()
        .insert(crmClients)
        .values([
          { shopId, lastname: 'Client A', agentUserId: statsAgent },
          { shopId, lastname: 'Client B', agentUserId: statsAgent },
          { shopId: brasserieId, lastname: 'Ailleurs', agentUserId: statsAgent },
        ]);
      const order = (number: string, status: 'validated' | 'cancelled', totalHT: number, s = shopId) => ({
        shopId: s,
        buyerId: ids.buyer,
        number,
        status,
        paymentMethod: 'transfer' as const,
        totalHT,
        tva: Math.round(totalHT * 0.2),
        totalTTC: Math.round(totalHT * 1.2),
        price: {},
        shipping: {} as never,
        buyerName: 'Béatrice Acheteuse',
        buyerEmail: 'buyer@demo.test',
        idempotencyKey: `team-${number}`,
        requestHash: 'h',
        agentId: statsAgent,
      });
      await db()
        .insert(orders)
        .values([
          order('T-AG-1', 'validated', 12_345),
          order('T-AG-2', 'cancelled', 50_000),
          order('T-AG-3', 'validated', 777, brasserieId),
        ]);
    });

    it('lists the shop’s agents with clients, orders and revenue excl. VAT (cancelled orders and other shops left out)', async () => {
      const res = await call('get', '/team/agents', owner);
      expect(res.status).toBe(200);
      const a = res.body.items.find((x: { id: number }) => x.id === statsAgent);
      expect(a).toMatchObject({ clientsCount: 2, ordersCount: 1, revenueHT: 12_345, status: 'active' });
      const detail = await call('get', `/team/agents/${statsAgent}`, owner);
      expect(detail.body.clients.map((c: { name: string }) => c.name).sort()).toEqual(['Client A', 'Client B']);
      expect(detail.body.orders.map((o: { number: string }) => o.number).sort()).toEqual(['T-AG-1', 'T-AG-2']);
    });

    it('finds agent accounts of the platform by name, email or department, not those already in the shop', async () => {
      const byName = await call('get', '/team/agents/search?q=prospect', owner);
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual([expect.objectContaining({ id: otherAgent, department: '21', city: 'Beaune' })]);
      expect((await call('get', '/team/agents/search?department=21', owner)).body.map((x: { id: number }) => x.id)).toEqual([otherAgent]);
      expect((await call('get', '/team/agents/search?department=75', owner)).body).toEqual([]);
      expect((await call('get', '/team/agents/search?q=agent@demo', owner)).body).toEqual([]); // already a member
      expect((await call('get', '/team/agents/search?department=abc', owner)).status).toBe(400);
    });

    it('attaches a found agent, refuses a non-agent account (404) and a second attach (409)', async () => {
      expect((await call('post', '/team/agents/attach', owner, { userId: ids.buyer })).status).toBe(404);
      const res = await call('post', '/team/agents/attach', owner, { userId: otherAgent });
      expect(res.status).toBe(201);
      expect(res.body.member).toMatchObject({ id: otherAgent, kind: 'agent', status: 'active' });
      expect((await call('post', '/team/agents/attach', owner, { userId: otherAgent })).status).toBe(409);
      expect((await mailsTo('paul.agent@example.test')).length).toBe(1);
      expect((await call('get', '/team/agents/search?q=prospect', owner)).body).toEqual([]);
    });

    it('invites a new agent by email (kind agent, invited)', async () => {
      const res = await call('post', '/team/agents', owner, { email: 'nouvel.agent@example.test' });
      expect(res.status).toBe(201);
      expect(res.body.member).toMatchObject({ kind: 'agent', status: 'invited' });
      const [inv] = await db().select().from(teamInvitations).where(eq(teamInvitations.email, 'nouvel.agent@example.test'));
      expect(inv.kind).toBe('agent');
    });

    it('iam needs accessAgent to read agents and createAgent to manage them', async () => {
      await setIamRights({ accessAgent: true });
      expect((await call('get', '/team/agents', iam)).status).toBe(200);
      expect((await call('post', `/team/agents/${ids.agent}/suspend`, iam)).status).toBe(403);
      expect((await call('post', `/team/agents/${ids.agent}/suspend`, owner)).status).toBe(200);
      expect((await call('delete', `/team/agents/${otherAgent}`, owner)).status).toBe(200);
      expect((await call('get', `/team/agents/${otherAgent}`, owner)).status).toBe(404);
    });
  });
});
