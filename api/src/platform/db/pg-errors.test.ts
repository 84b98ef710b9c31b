import { Writable } from 'node:stream';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import express from 'express';
import { errorHandler } from '../errors';
import { createLogger } from '../logger';
import { users } from './tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { clientErrorOf, isUniqueViolation, uniqueFieldOf } from './pg-errors';

/** A drizzle-like wrapping: the SQL and its parameters in the message, the driver's error as the cause. */
const wrapped = (cause: Record<string, unknown>, params = 'x') =>
  Object.assign(new Error(`Failed query: insert into t values ($1)\nparams: ${params}`), { cause });

describe('database errors as the api answers them', () => {
  it('names the field of a unique violation from the key columns, scopes and functions dropped', () => {
    expect(uniqueFieldOf({ code: '23505', detail: 'Key (shop_id, lower(name::text))=(1, cave) already exists.' })).toBe('name');
    expect(uniqueFieldOf({ code: '23505', detail: 'Key (lower(email::text))=(a@b.c) already exists.' })).toBe('email');
    expect(uniqueFieldOf({ code: '23505', detail: 'Key (shop_id, url_shop)=(1, x) already exists.' })).toBe('urlShop');
    // no detail (some drivers): from the constraint's name
    expect(uniqueFieldOf({ code: '23505', constraint: 'warehouses_shop_name_uq' })).toBe('name');
    expect(uniqueFieldOf({ code: '23505', constraint: 'users_email_lower_uq' })).toBe('email');
  });

  it('a unique violation is 409, an out-of-range or malformed value 400, anything else stays a server error', () => {
    const dup = wrapped({
      code: '23505',
      constraint: 'warehouses_shop_name_uq',
      detail: 'Key (shop_id, lower(name))=(1, a) already exists.',
    });
    expect(clientErrorOf(dup)).toEqual({ status: 409, message: 'Cette valeur est déjà utilisée', field: 'name' });
    expect(isUniqueViolation(dup, 'warehouses_shop_name')).toBe(true);
    expect(isUniqueViolation(dup, 'users_email')).toBe(false);
    expect(clientErrorOf(wrapped({ code: '22003', message: 'value "2147483648" is out of range for type integer' }))).toMatchObject({
      status: 400,
    });
    expect(clientErrorOf(wrapped({ code: '22P02' }))).toMatchObject({ status: 400, message: 'Valeur invalide' });
    expect(clientErrorOf(wrapped({ code: '42P01' }))).toBeNull();
    expect(clientErrorOf(new Error('boom'))).toBeNull();
  });

  describe('over the api', () => {
    let ctx: TestContext;
    let owner: string;
    beforeAll(async () => {
      ctx = await createTestContext({}, { jobs: false });
      owner = await loginAs(ctx.app, 'owner@demo.test');
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('twenty warehouses of one name at once: one is created, the others are told the name is taken (never a 500)', async () => {
      const res = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(ctx.app)
            .post('/v1/stock/warehouses')
            .set(bearer(owner))
            .send({ name: 'Chai des courses', dutyStatus: 'paid', feedsWebShop: false }),
        ),
      );
      expect(res.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of res.filter((x) => x.status !== 201)) {
        expect([400, 409]).toContain(r.status);
        expect(r.body.field).toBe('name');
        expect(r.body.message).toEqual(expect.any(String));
      }
    });

    it('an error line never carries the query parameters, a password hash nor a key value', async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const [u] = await ctx.handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'owner@demo.test'));
      // a write that fails after the input was accepted, answered by the api's error handler
      const app = express();
      app.post('/v1/__boom', () => {
        throw wrapped({ code: 'XX000', message: 'internal', detail: 'Key (email)=(owner@demo.test) broke.' }, `owner@demo.test,${u.hash}`);
      });
      app.use(errorHandler(createLogger('info', sink)));
      const boom = await request(app).post('/v1/__boom').send({});
      expect(boom.status).toBe(500);
      expect(boom.body).toEqual({ success: false, message: 'Une erreur est survenue' });
      const logged = lines.join('');
      expect(logged).toContain('unhandled error');
      expect(logged).toContain('params: [redacted]');
      expect(logged).not.toContain(u.hash);
      expect(logged).not.toContain('$argon2');
      expect(logged).not.toContain('owner@demo.test,');
      expect(logged).not.toContain('(owner@demo.test)');
    });
  });
});
