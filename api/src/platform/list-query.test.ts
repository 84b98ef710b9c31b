import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { errorHandler } from './errors';
import { intQueryParam, listQuery, listQueryDoc, paginated, containsPattern } from './list-query';
import { apiRouter, defineRoute } from './routes';
import type { Logger } from './logger';
import './validation';

const schema = listQuery({
  sort: ['createdAt', 'name'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(['pending', 'done'], { error: 'Le filtre status accepte pending ou done' }).optional(),
    shopId: z.coerce.number().int().positive().optional(),
  },
});
const legacy = listQuery({ sort: ['id'], defaultSort: 'id', legacy: ['search', 'limit', 'offset'] });

/** The same schema behind a real route: the 400 answer the clients get. */
function app() {
  const a = express();
  const r = apiRouter();
  defineRoute(
    r,
    {
      method: 'get',
      path: '/things',
      tags: ['t'],
      auth: 'public',
      summary: 'things',
      request: { query: schema },
      responses: { 200: 'page' },
    },
    ({ query }) => paginated([query], 1, query),
  );
  a.use(r);
  a.use(errorHandler({ error: () => undefined } as unknown as Logger));
  return a;
}

describe('listQuery', () => {
  const parse = (query: Record<string, unknown>) => schema.safeParse(query);
  const fieldOf = (query: Record<string, unknown>) => {
    const r = parse(query);
    return r.success ? undefined : r.error.issues.map((i) => i.path.join('.'));
  };

  it('fills every default that is left out', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 20, offset: 0, sort: { column: 'createdAt', direction: 'desc' }, filters: {} });
  });

  it('reads page, pageSize, q (trimmed) and a declared sort in both directions', () => {
    expect(schema.parse({ page: '3', pageSize: '50', q: '  dupont ', sort: 'name' })).toEqual({
      page: 3,
      pageSize: 50,
      offset: 100,
      q: 'dupont',
      sort: { column: 'name', direction: 'asc' },
      filters: {},
    });
    expect(schema.parse({ sort: '-name' }).sort).toEqual({ column: 'name', direction: 'desc' });
    expect(schema.parse({ sort: 'createdAt' }).sort).toEqual({ column: 'createdAt', direction: 'asc' });
    expect(schema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('refuses a bad page, pageSize 0 or 101, an unknown sort column and a long search, naming the field', () => {
    expect(fieldOf({ page: '0' })).toEqual(['page']);
    expect(fieldOf({ page: 'abc' })).toEqual(['page']);
    expect(fieldOf({ page: '-1' })).toEqual(['page']);
    expect(fieldOf({ pageSize: '101' })).toEqual(['pageSize']);
    expect(fieldOf({ pageSize: '0' })).toEqual(['pageSize']);
    expect(fieldOf({ sort: 'password' })).toEqual(['sort']);
    expect(fieldOf({ sort: '-password' })).toEqual(['sort']);
    expect(fieldOf({ q: 'x'.repeat(201) })).toEqual(['q']);
    expect(fieldOf({ page: ['1', '2'] })).toEqual(['page']);
  });

  it('reads typed filters as parameters of their own and as a JSON object in filter (a parameter wins)', () => {
    expect(schema.parse({ status: 'done' }).filters).toEqual({ status: 'done' });
    expect(schema.parse({ filter: '{"status":"pending","shopId":"4"}' }).filters).toEqual({ status: 'pending', shopId: 4 });
    expect(schema.parse({ filter: '{"status":"pending"}', status: 'done' }).filters).toEqual({ status: 'done' });
  });

  it('refuses malformed filter JSON (filter), a wrong type inside it (filter.<key>) and a bad parameter (its name)', () => {
    expect(fieldOf({ filter: '{"status":' })).toEqual(['filter']);
    expect(fieldOf({ filter: '[1,2]' })).toEqual(['filter']);
    expect(fieldOf({ filter: '"done"' })).toEqual(['filter']);
    expect(fieldOf({ filter: '{"status":"nope"}' })).toEqual(['filter.status']);
    expect(fieldOf({ filter: '{"status":3}' })).toEqual(['filter.status']);
    expect(fieldOf({ filter: '{"colour":"red"}' })).toEqual(['filter.colour']);
    expect(fieldOf({ status: 'nope' })).toEqual(['status']);
    expect(fieldOf({ shopId: '-2' })).toEqual(['shopId']);
  });

  it('keeps the historical search / limit / offset names working where declared', () => {
    expect(legacy.parse({ search: ' bob ', limit: '5', offset: '10' })).toMatchObject({ q: 'bob', pageSize: 5, offset: 10, page: 3 });
    expect(legacy.parse({ q: 'alice', search: 'bob' }).q).toBe('alice');
    expect(legacy.safeParse({ limit: '5000' }).error?.issues[0].path).toEqual(['limit']);
    expect(legacy.safeParse({ offset: 'x' }).error?.issues[0].path).toEqual(['offset']);
    // not declared: ignored
    expect(schema.parse({ search: 'x', limit: '5' })).toMatchObject({ pageSize: 20 });
  });

  it('answers 400 { success:false, message, field } in French through a declared route', async () => {
    const bad = await request(app()).get('/things?pageSize=101');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'Le paramètre pageSize doit être un entier entre 1 et 100', field: 'pageSize' });
    expect((await request(app()).get('/things?sort=secret')).body).toMatchObject({
      field: 'sort',
      message: 'Le paramètre sort accepte createdAt ou -createdAt, name ou -name',
    });
    expect((await request(app()).get('/things?page=0')).body).toMatchObject({
      field: 'page',
      message: 'Le paramètre page doit être un entier supérieur ou égal à 1',
    });
    expect((await request(app()).get('/things?filter=%7Bnope')).body).toMatchObject({
      field: 'filter',
      message: 'Le paramètre filter doit être un objet JSON valide',
    });
    expect((await request(app()).get('/things?filter=%7B%22status%22%3A1%7D')).body).toMatchObject({
      field: 'filter.status',
      message: 'Le filtre status accepte pending ou done',
    });
    const ok = await request(app()).get('/things?page=2&pageSize=10&sort=-name');
    expect(ok.body).toMatchObject({
      total: 1,
      page: 2,
      pageSize: 10,
      items: [{ offset: 10, sort: { column: 'name', direction: 'desc' } }],
    });
  });

  it('documents its parameters for OpenAPI', () => {
    expect(Object.keys(listQueryDoc(schema)!.shape)).toEqual(['page', 'pageSize', 'sort', 'q', 'filter', 'status', 'shopId']);
    expect(Object.keys(listQueryDoc(legacy)!.shape)).toEqual(['page', 'pageSize', 'sort', 'q', 'search', 'limit', 'offset']);
  });
});

describe('list helpers', () => {
  it('paginated wraps a page', () => {
    expect(paginated(['a'], 7, { page: 2, pageSize: 1 })).toEqual({ items: ['a'], total: 7, page: 2, pageSize: 1 });
  });

  it('containsPattern escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\B')).toBe('%50\\%\\_a\\\\b%');
  });

  it('intQueryParam reads one bounded integer with a default', () => {
    const s = z.object({ limit: intQueryParam('limit', 1, 500, 200) });
    expect(s.parse({})).toEqual({ limit: 200 });
    expect(s.parse({ limit: '12' })).toEqual({ limit: 12 });
    expect(s.safeParse({ limit: '501' }).error?.issues[0]).toMatchObject({
      path: ['limit'],
      message: 'Le paramètre limit doit être un entier entre 1 et 500',
    });
    expect(s.safeParse({ limit: 'abc' }).success).toBe(false);
    expect(s.safeParse({ limit: ['1', '2'] }).success).toBe(false);
  });
});
