import request from 'supertest';
import { Client } from 'pg';
import { createTestContext, type TestContext } from '../../test/test-app';
import { isConnectionError, isRetryableStatement } from './client';
import { parseChangePayload, writtenTable } from './change-feed';

describe('change feed parsing', () => {
  it('names the table a statement writes, and reads notification payloads', () => {
    expect(writtenTable('insert into "products" ("id") values ($1)')).toBe('products');
    expect(writtenTable('update "format_prices" set "price_cents" = $1')).toBe('format_prices');
    expect(writtenTable('delete from "promotions" where "id" = $1')).toBe('promotions');
    expect(writtenTable('select * from "products"')).toBeNull();
    expect(parseChangePayload('format_prices:12')).toEqual({ table: 'format_prices', shopId: 12 });
    expect(parseChangePayload('garbage')).toBeNull();
  });

  it('tells a broken connection from other errors', () => {
    expect(isConnectionError({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError({ code: '23505', message: 'duplicate key' })).toBe(false);
  });

  it('runs again only what cannot have written', () => {
    expect(isRetryableStatement('select "id" from "products" where "updated_at" > $1')).toBe(true);
    expect(isRetryableStatement('with t as (select 1) select * from t')).toBe(true);
    expect(isRetryableStatement('(select 1) union all (select 2)')).toBe(true);
    expect(isRetryableStatement('begin')).toBe(true);
    expect(isRetryableStatement('insert into "orders" ("id") values ($1)')).toBe(false);
    expect(isRetryableStatement('with t as (update "orders" set "status" = $1 returning *) select * from t')).toBe(false);
    expect(isRetryableStatement('select nextval($1)')).toBe(false);
    expect(isRetryableStatement('select * from "orders" where "id" = $1 for update')).toBe(false);
    expect(isRetryableStatement('commit')).toBe(false);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
(pgUrl ? describe : describe.skip)('after PostgreSQL drops every connection', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.handle.changes.ready();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('no request fails, and the change feed listens again', async () => {
    const urls = ['/v1/health', '/v1/shops/domaine-demo', '/v1/shops/domaine-demo/checkout-options', '/v1/products?limit=5'];
    // several pooled connections open and idle
    await Promise.all(Array.from({ length: 12 }, (_, i) => request(ctx.app).get(urls[i % urls.length])));
    const {
      rows: [{ db }],
    } = (await ctx.handle.db.execute('select current_database() as db' as never)) as unknown as { rows: Array<{ db: string }> };
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    // every answer that is not a 200, with its url and body (what a failure must tell)
    const statuses: string[] = [];
    const keep = (url: string, r: request.Response) => {
      if (r.status !== 200) statuses.push(`${r.status} ${url} ${JSON.stringify(r.body)}`);
    };
    try {
      // requests in flight while the server drops the connections, then more on the pool it left
      const inFlight = Array.from({ length: 10 }, (_, i) =>
        request(ctx.app)
          .get(urls[i % urls.length])
          .then((r) => keep(urls[i % urls.length], r)),
      );
      await new Promise((r) => setImmediate(r));
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [db],
      );
      expect(killed.rowCount).toBeGreaterThan(1);
      await Promise.all(inFlight);
    } finally {
      await admin.end();
    }
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const url = urls[(i + round) % urls.length];
          return request(ctx.app)
            .get(url)
            .then((r) => keep(url, r));
        }),
      );
    }
    expect(statuses).toEqual([]);
    const deadline = Date.now() + 5000;
    while (!ctx.handle.changes.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(ctx.handle.changes.listening).toBe(true);
  });
});
