import request from 'supertest';
import { and, asc, eq } from 'drizzle-orm';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { crmClients } from '../clients';
import { seedOpportunities } from '../../seed/opportunities';
import { opportunities } from './opportunities.tables';

interface Column {
  key: string;
  label: string;
  count: number;
  amountCents: number;
  weightedCents: number;
  items: { id: number; title: string; clientId: number | null; ownerId?: number; owner: { id: number } | null; position: number }[];
}
interface Board {
  stages: Column[];
  totals: { count: number; amountCents: number; weightedCents: number };
}

describe('opportunities and crm settings (modules/opportunities)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let agent: string;
  let shopId: number;
  let ids: Record<'owner' | 'iam' | 'agent', number>;
  let agentClientId: number;
  let ownerClientId: number;
  let otherShopClientId: number;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const board = async (token: string, query = '') => {
    const res = await call('get', `/opportunities/board${query}`, token);
    expect(res.status).toBe(200);
    return res.body as Board;
  };
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await call('post', '/opportunities', token, { title: 'Affaire', ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number; stage: string; position: number; owner: { id: number } | null };
  };
  const setIamRights = (rights: Record<string, boolean>) =>
    db()
      .update(shopMembers)
      .set({ authorizations: rights })
      .where(and(eq(shopMembers.userId, ids.iam), eq(shopMembers.shopId, shopId)));
  const settingsBody = async (token: string) => {
    const res = await call('get', '/crm/settings', token);
    expect(res.status).toBe(200);
    return res.body as {
      clientCodePrefix: string;
      customFields: Record<string, { label: string; values: string[] }>;
      opportunityStages: { key: string; label: string }[];
    };
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    [owner, owner2, iam, agent] = await Promise.all(['owner', 'owner2', 'iam', 'agent'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const brasserieId = (await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
    const all = await db().select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => all.find((u) => u.email === email)!.id;
    ids = { owner: idOf('owner@demo.test'), iam: idOf('iam@demo.test'), agent: idOf('agent@demo.test') };
    const [a] = await db()
      .insert(crmClients)
      .values({ shopId, kind: 'professional', company: 'Cave de l’Agent', agentUserId: ids.agent })
      .returning();
    agentClientId = a.id;
    const [c] = await db().insert(crmClients).values({ shopId, kind: 'professional', company: 'Bistrot du Patron' }).returning();
    ownerClientId = c.id;
    const [o] = await db().insert(crmClients).values({ shopId: brasserieId, lastname: 'Ailleurs' }).returning();
    otherShopClientId = o.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('seeds about 12 demo opportunities across every stage, some won and lost, some the agent’s, once', async () => {
    const rows = await db().select().from(opportunities).where(eq(opportunities.shopId, shopId));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.filter((r) => r.status === 'open').map((r) => r.stage))).toEqual(
      new Set(['qualification', 'proposition', 'negociation', 'engagement']),
    );
    expect(rows.some((r) => r.status === 'won')).toBe(true);
    expect(rows.some((r) => r.status === 'lost' && r.lostReason)).toBe(true);
    expect(rows.some((r) => r.ownerId === ids.agent)).toBe(true);
    await seedOpportunities(db());
    expect((await db().select().from(opportunities).where(eq(opportunities.shopId, shopId))).length).toBe(rows.length);
  });

  it('groups the open ones by stage in order with count, amount and weighted amount', async () => {
    const a = await create(owner, {
      title: 'Totaux A',
      stage: 'proposition',
      amountCents: 100000,
      probability: 25,
      clientId: ownerClientId,
    });
    const b = await create(owner, { title: 'Totaux B', stage: 'proposition', amountCents: 33333, probability: 50 });
    const res = await board(owner, '?q=Totaux');
    expect(res.stages.map((s) => s.label)).toEqual(['Qualification', 'Proposition', 'Négociation', 'Engagement']);
    const col = res.stages[1];
    expect(col).toMatchObject({ key: 'proposition', count: 2, amountCents: 133333, weightedCents: 25000 + 16667 });
    expect(col.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(res.totals).toEqual({ count: 2, amountCents: 133333, weightedCents: 41667 });
    // q also searches the client name
    expect((await board(owner, '?q=bistrot%20du')).totals.count).toBe(1);
    // the whole pipeline: totals are the sum of the columns
    const whole = await board(owner);
    expect(whole.totals.count).toBe(whole.stages.reduce((n, s) => n + s.items.length, 0));
    expect(whole.totals.amountCents).toBe(whole.stages.reduce((n, s) => n + s.amountCents, 0));
  });

  it('moves an opportunity to a position: the target column is reordered, the one it left closes up', async () => {
    const col = async (stage: string) =>
      (
        await db()
          .select({ id: opportunities.id, position: opportunities.position })
          .from(opportunities)
          .where(and(eq(opportunities.shopId, shopId), eq(opportunities.stage, stage), eq(opportunities.status, 'open')))
          .orderBy(asc(opportunities.position), asc(opportunities.id))
      ).map((r) => r.id);
    const x = await create(owner, { title: 'À déplacer', stage: 'qualification' });
    const before = await col('engagement');
    expect(before.length).toBeGreaterThanOrEqual(2);
    const res = await call('post', `/opportunities/${x.id}/move`, owner, { stage: 'engagement', position: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stage: 'engagement', position: 1, message: 'Opportunité déplacée' });
    expect(await col('engagement')).toEqual([before[0], x.id, ...before.slice(1)]);
    // positions are 0..n-1 in the column
    const rows = await db()
      .select()
      .from(opportunities)
      .where(and(eq(opportunities.stage, 'engagement'), eq(opportunities.status, 'open'), eq(opportunities.shopId, shopId)));
    expect(rows.map((r) => r.position).sort((p, q) => p - q)).toEqual(rows.map((_, i) => i));
    // within the column: to the top
    await call('post', `/opportunities/${x.id}/move`, owner, { stage: 'engagement', position: 0 }).expect(200);
    expect((await col('engagement'))[0]).toBe(x.id);
    // the board answers them in that order
    expect((await board(owner)).stages[3].items[0].id).toBe(x.id);
    // an unknown stage is a 400 naming the field
    const bad = await call('post', `/opportunities/${x.id}/move`, owner, { stage: 'nulle-part', position: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'stage', message: "Cette étape n'existe pas dans le pipeline" });
  });

  it('answers 404 to another shop (owner2) on an opportunity of the demo shop, and on a client of another shop', async () => {
    const x = await create(owner, { title: 'Secret', clientId: ownerClientId });
    for (const [m, url, body] of [
      ['get', `/opportunities/${x.id}`, undefined],
      ['put', `/opportunities/${x.id}`, { title: 'Volé' }],
      ['post', `/opportunities/${x.id}/move`, { stage: 'qualification', position: 0 }],
      ['post', `/opportunities/${x.id}/won`, undefined],
      ['post', `/opportunities/${x.id}/lost`, { reason: 'x' }],
      ['delete', `/opportunities/${x.id}`, undefined],
    ] as const) {
      const res = await call(m, url, owner2, body);
      expect([m, url, res.status]).toEqual([m, url, 404]);
      expect(res.body.message).toBe('Opportunité introuvable');
    }
    expect((await board(owner2)).stages.flatMap((s) => s.items).some((i) => i.id === x.id)).toBe(false);
    const res = await call('post', '/opportunities', owner, { title: 'Ailleurs', clientId: otherShopClientId });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Client introuvable', field: 'clientId' });
    expect((await call('get', '/opportunities/0', owner)).status).toBe(404);
    expect((await call('get', '/opportunities/abc', owner)).status).toBe(404);
  });

  it('enforces §6: iam without seeAllClient → 403, without createClient cannot write', async () => {
    await setIamRights({ createOrder: true });
    expect((await call('get', '/opportunities/board', iam)).status).toBe(403);
    expect((await call('post', '/opportunities', iam, { title: 'Non' })).status).toBe(403);
    expect((await call('put', '/crm/settings', iam, await settingsBody(owner))).status).toBe(403);
    await setIamRights({ seeAllClient: true });
    expect((await call('get', '/opportunities/board', iam)).status).toBe(200);
    expect((await call('post', '/opportunities', iam, { title: 'Non' })).status).toBe(403);
    await setIamRights({ seeAllClient: true, createClient: true });
    expect((await call('post', '/opportunities', iam, { title: 'Oui' })).status).toBe(201);
    await setIamRights({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
  });

  it('shows a sales agent only the opportunities of his clients or owned by him', async () => {
    const mine = await create(owner, { title: 'Sur son client', clientId: agentClientId });
    const owned = await create(owner, { title: 'Suivie par l’agent', ownerId: ids.agent });
    const hidden = await create(owner, { title: 'Pas à lui', clientId: ownerClientId });
    const seen = (await board(agent)).stages.flatMap((s) => s.items.map((i) => i.id));
    expect(seen).toEqual(expect.arrayContaining([mine.id, owned.id]));
    expect(seen).not.toContain(hidden.id);
    const rows = await db().select().from(opportunities).where(eq(opportunities.shopId, shopId));
    const clientsOfAgent = new Set((await db().select().from(crmClients).where(eq(crmClients.agentUserId, ids.agent))).map((c) => c.id));
    const expected = rows.filter(
      (r) => r.status === 'open' && ((r.clientId !== null && clientsOfAgent.has(r.clientId)) || r.ownerId === ids.agent),
    );
    expect(seen.sort()).toEqual(expected.map((r) => r.id).sort());
    expect((await call('get', `/opportunities/${hidden.id}`, agent)).status).toBe(404);
    expect((await call('put', `/opportunities/${hidden.id}`, agent, { title: 'x' })).status).toBe(404);
    // he creates on his own client, for himself; another client of the shop is not found
    const created = await create(agent, { title: 'Mon affaire', clientId: agentClientId });
    expect(created.owner?.id).toBe(ids.agent);
    expect((await call('post', '/opportunities', agent, { title: 'Non', clientId: ownerClientId })).status).toBe(404);
    const other = await call('post', '/opportunities', agent, { title: 'Non', ownerId: ids.owner });
    expect(other.status).toBe(400);
    expect(other.body.field).toBe('ownerId');
  });

  it('wins (with the quote link), loses with a required reason, reopens and deletes', async () => {
    const x = await create(owner, { title: 'Cycle', clientId: ownerClientId, amountCents: 5000 });
    const noReason = await call('post', `/opportunities/${x.id}/lost`, owner, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', message: 'Indiquez la raison de la perte' });
    const won = await call('post', `/opportunities/${x.id}/won`, owner);
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ status: 'won', quoteLink: `/dashboard/orders/add?subType=quote&clientId=${ownerClientId}` });
    expect(won.body.closedAt).toEqual(expect.any(String));
    expect((await call('post', `/opportunities/${x.id}/lost`, owner, { reason: 'Trop tard' })).status).toBe(409);
    expect((await board(owner, '?status=won')).stages.flatMap((s) => s.items).some((i) => i.id === x.id)).toBe(true);
    expect((await board(owner)).stages.flatMap((s) => s.items).some((i) => i.id === x.id)).toBe(false);
    const reopened = await call('post', `/opportunities/${x.id}/reopen`, owner);
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null });
    const lost = await call('post', `/opportunities/${x.id}/lost`, owner, { reason: 'Prix' });
    expect(lost.body).toMatchObject({ status: 'lost', lostReason: 'Prix' });
    expect((await call('delete', `/opportunities/${x.id}`, owner)).status).toBe(200);
    expect((await call('get', `/opportunities/${x.id}`, owner)).status).toBe(404);
  });

  it('validates the body with French messages naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Ce champ ne peut pas être vide'],
      [{ title: 'x', probability: 120 }, 'probability', 'La probabilité doit être un nombre entier entre 0 et 100'],
      [{ title: 'x', amountCents: -1 }, 'amountCents', 'Le montant doit être un nombre positif (en centimes)'],
      [{ title: 'x', expectedDate: '2025-13-40' }, 'expectedDate', "La date n'est pas valide"],
      [{ title: 'x', stage: 'inconnue' }, 'stage', "Cette étape n'existe pas dans le pipeline"],
      [{ title: 'x', ownerId: 999999 }, 'ownerId', "Cette personne n'est pas membre de la boutique"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('post', '/opportunities', owner, body);
      expect([field, res.status, res.body.field, res.body.message]).toEqual([field, 400, field, message]);
    }
    const q = await call('get', '/opportunities/board?status=zzz', owner);
    expect(q.status).toBe(400);
    expect(q.body.field).toBe('status');
  });

  describe('crm settings', () => {
    it('reads the defaults, readable by the agent; the agent cannot save', async () => {
      const s = await settingsBody(agent);
      expect(s.clientCodePrefix).toBe('CL');
      expect(s.opportunityStages.map((x) => x.label)).toEqual(['Qualification', 'Proposition', 'Négociation', 'Engagement']);
      expect(Object.keys(s.customFields)).toEqual(['pipe', 'family', 'family2', 'custom', 'custom2', 'listTag', 'listTag2']);
      expect((await call('put', '/crm/settings', agent, s)).status).toBe(403);
    });

    it('saves prefix, custom fields and stages, keeping other settings keys and stage keys', async () => {
      await db()
        .update(shops)
        .set({
          settings: { ...((await db().select().from(shops).where(eq(shops.id, shopId)))[0].settings as object), crm: { other: 'kept' } },
        })
        .where(eq(shops.id, shopId));
      const before = (await db().select().from(shops).where(eq(shops.id, shopId)))[0].settings as Record<string, unknown>;
      const s = await settingsBody(owner);
      const body = {
        ...s,
        clientCodePrefix: 'DOM-',
        customFields: { ...s.customFields, pipe: { label: 'Origine', values: ['Salon', 'Site'] } },
        opportunityStages: [{ key: 'qualification', label: 'Premier contact' }, ...s.opportunityStages.slice(1), { label: 'Signature' }],
      };
      const res = await call('put', '/crm/settings', owner, body);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Paramètres CRM enregistrés');
      expect(res.body.opportunityStages.at(-1)).toEqual({ key: 'signature', label: 'Signature' });
      expect(res.body.opportunityStages[0]).toEqual({ key: 'qualification', label: 'Premier contact' });
      const after = (await db().select().from(shops).where(eq(shops.id, shopId)))[0].settings as Record<string, unknown>;
      for (const k of Object.keys(before).filter((k) => k !== 'crm')) expect(after[k]).toEqual(before[k]);
      expect(after.crm).toMatchObject({
        other: 'kept',
        clientCodePrefix: 'DOM-',
        customFields: { pipe: { label: 'Origine', values: ['Salon', 'Site'] } },
      });
      expect((await board(owner)).stages.map((c) => c.label)).toEqual([
        'Premier contact',
        'Proposition',
        'Négociation',
        'Engagement',
        'Signature',
      ]);
      // the clients module reads the prefix
      const client = await call('post', '/crm/clients', owner, { kind: 'private', firstname: 'Anne', lastname: 'Préfixe' });
      if (client.status === 201) expect(client.body.code).toMatch(/^DOM-/);
    });

    it('refuses to remove a stage holding open opportunities (409 naming it), allows it once empty', async () => {
      const s = await settingsBody(owner);
      const x = await create(owner, { title: 'Bloque', stage: 'signature' });
      const without = { ...s, opportunityStages: s.opportunityStages.filter((st) => st.key !== 'signature') };
      const res = await call('put', '/crm/settings', owner, without);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("L'étape « Signature » contient encore 1 opportunité en cours : déplacez-les avant de la supprimer");
      await call('post', `/opportunities/${x.id}/won`, owner).expect(200);
      expect((await call('put', '/crm/settings', owner, without)).status).toBe(200);
      // the won one keeps its stage, listed under it with the won ones
      expect((await board(owner, '?status=won')).stages.some((c) => c.key === 'signature')).toBe(true);
    });

    it('validates the settings with French messages naming the field', async () => {
      const s = await settingsBody(owner);
      const cases: [unknown, string, string][] = [
        [
          { ...s, clientCodePrefix: 'TROP LONG PREFIXE' },
          'clientCodePrefix',
          'Le préfixe contient au plus 10 caractères : lettres, chiffres ou tirets',
        ],
        [{ ...s, opportunityStages: s.opportunityStages.slice(0, 1) }, 'opportunityStages', 'Le pipeline contient de 2 à 12 étapes'],
        [
          { ...s, opportunityStages: [...s.opportunityStages, { label: s.opportunityStages[0].label.toUpperCase() }] },
          `opportunityStages.${s.opportunityStages.length}.label`,
          'Deux étapes portent le même nom',
        ],
        [
          { ...s, opportunityStages: [...s.opportunityStages, { key: 'inventee', label: 'Inventée' }] },
          `opportunityStages.${s.opportunityStages.length}.key`,
          "Cette étape n'existe pas (clé inconnue)",
        ],
        [
          { ...s, customFields: { ...s.customFields, family: { label: '', values: [] } } },
          'customFields.family.label',
          'Ce champ ne peut pas être vide',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await call('put', '/crm/settings', owner, body);
        expect([field, res.status, res.body.field, res.body.message]).toEqual([field, 400, field, message]);
      }
    });
  });
});
