// §1 module switches held by the api: a shop-scoped route of a module that is off answers 403, through
// the switches the settings section `integrations` saves (PUT /v1/shops/me/settings/integrations).
import request from 'supertest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { shopMembers, users } from './db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../test/test-app';
import { apiRouter, defineRoute, MODULE_OFF_MESSAGE, MODULE_ROUTES, moduleOfRoute } from './routes';

describe('moduleOfRoute', () => {
  it('names the module of a shop route by its path, with the declared exceptions and overrides', () => {
    expect(moduleOfRoute('get', '/stock/levels', {})).toBe('stocks');
    expect(moduleOfRoute('post', '/excise/drm/validate', {})).toBe('stocks');
    expect(moduleOfRoute('get', '/accounting/entries', {})).toBe('accounting');
    expect(moduleOfRoute('post', '/pos/salespoints/:id/tickets', {})).toBe('salesPoint');
    expect(moduleOfRoute('get', '/futures/campaigns', {})).toBe('futures');
    expect(moduleOfRoute('get', '/purchases/:id', {})).toBe('purchase');
    expect(moduleOfRoute('get', '/suppliers', {})).toBe('purchase');
    // read by the order forms and the accounting settings section whatever the module
    expect(moduleOfRoute('get', '/stock/warehouses', {})).toBeNull();
    expect(moduleOfRoute('post', '/stock/warehouses', {})).toBe('stocks');
    expect(moduleOfRoute('get', '/stock/format-options', {})).toBeNull();
    expect(moduleOfRoute('get', '/accounting/settings', {})).toBeNull();
    // a prefix is a whole segment; a route may name its module or none
    expect(moduleOfRoute('get', '/stockists', {})).toBeNull();
    expect(moduleOfRoute('get', '/orders', {})).toBeNull();
    expect(moduleOfRoute('get', '/orders/bar', { module: 'crm' })).toBe('crm');
    expect(moduleOfRoute('get', '/stock/levels', { module: null })).toBeNull();
    expect(moduleOfRoute('get', '/analytics/activities', {})).toBe('analytics');
    expect(moduleOfRoute('put', '/iframes/:id', {})).toBe('iframes');
    expect(moduleOfRoute('post', '/team/agents/attach', {})).toBe('agents');
    expect(moduleOfRoute('get', '/team/collaborators', {})).toBe('iam');
    expect(moduleOfRoute('get', '/team/invitations', {})).toBeNull();
    expect(moduleOfRoute('get', '/opportunities/board', {})).toBe('crm');
    expect(moduleOfRoute('post', '/crm/clients/:id/interactions', {})).toBe('crm');
    expect(moduleOfRoute('get', '/crm/imports', {})).toBe('crm');
    // the client pickers of other screens and the counter's new client, the settings section
    expect(moduleOfRoute('get', '/crm/clients', {})).toBeNull();
    expect(moduleOfRoute('get', '/crm/clients/:id', {})).toBeNull();
    expect(moduleOfRoute('post', '/crm/clients', {})).toBeNull();
    expect(moduleOfRoute('put', '/crm/settings', {})).toBeNull();
    expect(moduleOfRoute('get', '/crmx', {})).toBeNull();
    for (const e of MODULE_ROUTES) expect(e.prefix).toMatch(/^(\/[a-z-]+)+$/);
  });

  it('fails closed when no reader of the module switches was provided', async () => {
    const r = apiRouter({ requireAuth: (_q, _s, next) => next(), requireUser: (_q, _s, next) => next() });
    const express = (await import('express')).default;
    defineRoute(
      r,
      { method: 'get', path: '/stock/x', tags: ['t'], auth: 'user', shop: {}, summary: 'x', responses: { 200: json() } },
      () => ({ ok: true }),
    );
    const app = express();
    app.use((req, _res, next) => {
      req.auth = { claims: {} as never, user: { id: 1 } as never, master: null, memberships: [{ kind: 'owner', shopId: 1 } as never] };
      next();
    });
    app.use(r);
    app.use((_err: unknown, _req: unknown, res: { status(n: number): { json(b: unknown): void } }, _next: unknown) =>
      res.status(500).json({ success: false }),
    );
    expect((await request(app).get('/stock/x')).status).toBe(500);
  });
});

function json() {
  return { description: 'ok', schema: z.object({ ok: z.boolean() }) };
}

describe('a module that is off refuses its api (403) and answers again once on', () => {
  let ctx: TestContext;
  let owner: string;
  let iam: string;
  const put = (token: string, modules: Record<string, boolean>) =>
    request(ctx.app).put('/v1/shops/me/settings/integrations').set(bearer(token)).send({ modules, importSource: 'default' });
  const get = (path: string, token: string) => request(ctx.app).get(`/v1${path}`).set(bearer(token));

  beforeAll(async () => {
    ctx = await createTestContext();
    // the iam with every permission: only the module refuses
    const [u] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await ctx.handle.db.update(shopMembers).set({ authorizations: null }).where(eq(shopMembers.userId, u.id));
    [owner, iam] = await Promise.all([loginAs(ctx.app, 'owner@demo.test'), loginAs(ctx.app, 'iam@demo.test')]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    ['stocks', '/stock/levels'],
    ['stocks', '/excise/crd-colors'],
    ['accounting', '/accounting/entries'],
    ['salesPoint', '/pos/salespoints'],
    ['futures', '/futures/campaigns'],
    ['purchase', '/suppliers'],
    ['analytics', '/analytics/activities'],
    ['iframes', '/iframes'],
    ['agents', '/team/agents'],
    ['iam', '/team/collaborators'],
    ['crm', '/opportunities/board'],
    ['crm', '/crm/imports'],
  ])('%s: %s', async (module, path) => {
    expect((await get(path, owner)).status).toBe(200);
    expect((await get(path, iam)).status).toBe(200);
    expect((await put(owner, { [module]: false })).status).toBe(200);
    try {
      for (const token of [owner, iam]) {
        const off = await get(path, token);
        expect({ status: off.status, body: off.body }).toEqual({ status: 403, body: { success: false, message: MODULE_OFF_MESSAGE } });
      }
    } finally {
      expect((await put(owner, { [module]: true })).status).toBe(200);
    }
    expect((await get(path, owner)).status).toBe(200);
    expect((await get(path, iam)).status).toBe(200);
  });

  it('keeps open what other screens read whatever the module, and only the module switched off', async () => {
    expect((await put(owner, { stocks: false, accounting: false })).status).toBe(200);
    try {
      expect((await get('/stock/warehouses', owner)).status).toBe(200);
      expect((await get('/stock/format-options', owner)).status).toBe(200);
      expect((await get('/accounting/settings', owner)).status).toBe(200);
      expect((await get('/pos/salespoints', owner)).status).toBe(200);
      expect((await get('/shops/me', owner)).status).toBe(200);
      const write = await request(ctx.app).post('/v1/stock/warehouses').set(bearer(owner)).send({ name: 'Chai 2' });
      expect(write.status).toBe(403);
      expect(write.body.message).toBe(MODULE_OFF_MESSAGE);
    } finally {
      await put(owner, { stocks: true, accounting: true });
    }
  });

  it('crm off: the CRM refuses its pipeline, imports and client follow-up; the client pickers keep reading the file', async () => {
    const clients = await get('/crm/clients?pageSize=5', owner);
    expect(clients.status).toBe(200);
    const clientId = clients.body.items[0].id as number;
    expect((await put(owner, { crm: false })).status).toBe(200);
    try {
      for (const token of [owner, iam]) {
        for (const [method, path, body] of [
          ['get', '/opportunities/board', undefined],
          ['post', '/opportunities', { title: 'Salon' }],
          ['get', '/crm/imports', undefined],
          ['post', `/crm/clients/${clientId}/interactions`, { kind: 'phone', note: 'Appel' }],
          ['post', `/crm/clients/${clientId}/convert`, { kind: 'client' }],
          ['put', `/crm/clients/${clientId}`, { lastname: 'X' }],
          ['get', `/crm/clients/${clientId}/export`, undefined],
        ] as const) {
          const r = request(ctx.app)[method](`/v1${path}`).set(bearer(token));
          const res = await (body ? r.send(body) : r);
          expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 403, message: MODULE_OFF_MESSAGE });
        }
      }
      expect((await get('/crm/clients?pageSize=5', iam)).status).toBe(200);
      expect((await get(`/crm/clients/${clientId}`, owner)).status).toBe(200);
      expect((await get('/crm/settings', owner)).status).toBe(200);
      // the tasks and calendar are not the CRM module's
      expect((await get('/tasks', owner)).status).toBe(200);
    } finally {
      await put(owner, { crm: true });
    }
    expect((await get('/opportunities/board', owner)).status).toBe(200);
  });
});
