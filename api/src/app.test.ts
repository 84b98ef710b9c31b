import express from 'express';
import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from './test/test-app';
import { errorHandler } from './platform/errors';
import { createLogger } from './platform/logger';
import { addDocumentToDownload } from './modules/documents';
import { countUsers, seedDemo } from './seed/demo';
import { findUserByEmail } from './modules/users';

describe('platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers malformed JSON with 400 and the French message', async () => {
    const res = await request(ctx.app).post('/v1/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.c",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Requête invalide : JSON mal formé' });
  });

  it('rejects oversized bodies with 413 JSON', async () => {
    const res = await request(ctx.app)
      .post('/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' }));
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('answers unknown /v1 routes with a JSON 404', async () => {
    const res = await request(ctx.app).get('/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Ressource introuvable' });
  });

  it('answers a badly encoded URL with 400, not 500', async () => {
    const res = await request(ctx.app).get('/v1/shops/%');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: "L'adresse demandée contient un caractère non autorisé", field: 'path' });
  });

  it('hides unexpected errors behind a generic 500 without stack trace', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret internals at /srv/db.ts:42');
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Une erreur est survenue' });
    expect(res.text).not.toContain('secret');
  });

  it('answers 503 with a French message and Retry-After when the database went away under a write', async () => {
    const app = express();
    app.post('/write', () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await request(app).post('/write');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ success: false, message: 'Service momentanément indisponible, veuillez réessayer dans quelques instants.' });
  });

  it('serves the health check', async () => {
    expect((await request(ctx.app).get('/v1/health')).body).toEqual({ ok: true });
  });

  it('serves an OpenAPI 3 document generated from the schemas', async () => {
    const res = await request(ctx.app).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const p of [
      '/v1/auth/login',
      '/v1/users/me',
      '/v1/shops/me',
      '/v1/shops/{id}',
      '/v1/notifications-centers',
      '/v1/notifications-centers/mark-as-seen',
      '/v1/maintenances',
      '/v1/documents/to-download',
      '/v1/agents',
    ]) {
      expect(res.body.paths[p]).toBeDefined();
    }
    expect(res.body.components.schemas.User.properties.email).toBeDefined();
    expect(res.body.components.schemas.Shop.properties.integration).toBeDefined();
  });

  describe('maintenances', () => {
    it('returns null when none is active, then the active one', async () => {
      expect((await request(ctx.app).get('/v1/maintenances')).body).toBeNull();
      const admin = await loginAs(ctx.app, 'admin@demo.test');
      const owner = await loginAs(ctx.app, 'owner@demo.test');
      const body = {
        banner: 'Maintenance prévue ce soir à 22 h',
        page: false,
        startDate: new Date(Date.now() - 60_000).toISOString(),
        endDate: new Date(Date.now() + 3600_000).toISOString(),
      };
      expect((await request(ctx.app).post('/v1/maintenances').set(bearer(owner)).send(body)).status).toBe(403);
      const bad = await request(ctx.app)
        .post('/v1/maintenances')
        .set(bearer(admin))
        .send({ ...body, endDate: body.startDate });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('endDate');
      expect((await request(ctx.app).post('/v1/maintenances').set(bearer(admin)).send(body)).status).toBe(201);
      // A future one does not show yet.
      await request(ctx.app)
        .post('/v1/maintenances')
        .set(bearer(admin))
        .send({
          ...body,
          page: true,
          startDate: new Date(Date.now() + 7200_000).toISOString(),
          endDate: new Date(Date.now() + 9000_000).toISOString(),
        });
      const res = await request(ctx.app).get('/v1/maintenances');
      expect(res.body).toEqual({ banner: body.banner, page: false, startDate: body.startDate, endDate: body.endDate });
    });
  });

  describe('documents/to-download', () => {
    it('returns the caller’s pending URLs once', async () => {
      const buyer = await loginAs(ctx.app, 'buyer@demo.test');
      const owner = await loginAs(ctx.app, 'owner@demo.test');
      const b = (await findUserByEmail(ctx.handle.db, 'buyer@demo.test'))!;
      await addDocumentToDownload(ctx.handle.db, b.id, 'https://files.example.test/facture-1.pdf');
      await addDocumentToDownload(ctx.handle.db, b.id, 'https://files.example.test/facture-2.pdf');
      expect((await request(ctx.app).get('/v1/documents/to-download').set(bearer(owner))).body).toEqual([]);
      expect((await request(ctx.app).get('/v1/documents/to-download').set(bearer(buyer))).body).toEqual([
        'https://files.example.test/facture-1.pdf',
        'https://files.example.test/facture-2.pdf',
      ]);
      expect((await request(ctx.app).get('/v1/documents/to-download').set(bearer(buyer))).body).toEqual([]);
      expect((await request(ctx.app).get('/v1/documents/to-download')).status).toBe(401);
    });
  });

  describe('agents', () => {
    let owner: string;
    beforeAll(async () => {
      owner = await loginAs(ctx.app, 'owner@demo.test');
    });
    const kinds = (body: Array<{ kind: string; email: string }>) => body.map((u) => `${u.kind}:${u.email}`).sort();

    it.each([
      ['userType=iam&userType=agent'],
      ['userType=iam,agent'],
      [`userType=${encodeURIComponent('["iam","agent"]')}`],
      ['userType[]=iam&userType[]=agent'],
    ])('accepts %s', async (qs) => {
      const res = await request(ctx.app).get(`/v1/agents?${qs}`).set(bearer(owner));
      expect(res.status).toBe(200);
      expect(kinds(res.body)).toEqual(['agent:agent@demo.test', 'iam:iam@demo.test']);
      expect(Object.keys(res.body[0]).sort()).toEqual(['email', 'firstname', 'id', 'kind', 'lastname', 'username']);
    });

    it('returns every kind by default, and owners only when asked', async () => {
      expect(kinds((await request(ctx.app).get('/v1/agents').set(bearer(owner))).body)).toEqual([
        'agent:agent@demo.test',
        'iam:iam@demo.test',
        'owner:owner@demo.test',
      ]);
      expect(kinds((await request(ctx.app).get('/v1/agents?userType=owner').set(bearer(owner))).body)).toEqual(['owner:owner@demo.test']);
    });

    it('rejects an unknown userType with 400 naming the field', async () => {
      const res = await request(ctx.app).get('/v1/agents?userType=pirate').set(bearer(owner));
      expect(res.status).toBe(400);
      expect(res.body.field).toMatch(/^userType/);
    });

    it('refuses an iam without accessCollaborator/accessAgent, a buyer and an agent', async () => {
      for (const who of ['iam', 'buyer', 'agent']) {
        const token = await loginAs(ctx.app, `${who}@demo.test`);
        expect((await request(ctx.app).get('/v1/agents?userType=iam').set(bearer(token))).status).toBe(403);
      }
    });
  });

  describe('demo seed', () => {
    it('is idempotent and refuses production', async () => {
      const before = await countUsers(ctx.handle.db);
      expect(await seedDemo(ctx.handle.db, undefined, { NODE_ENV: 'test' })).toBe(false);
      expect(await countUsers(ctx.handle.db)).toBe(before);
      await expect(seedDemo(ctx.handle.db, undefined, { NODE_ENV: 'production' })).rejects.toThrow(/production/);
    });
  });
});
