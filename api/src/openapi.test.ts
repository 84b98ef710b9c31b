// /v1/openapi.json is generated from the route declarations (platform/routes.ts defineRoute): every route the app
// mounts must be in it, with its path parameters, a summary and its answers; and nothing is documented that is not served.
import request from 'supertest';
import { createTestContext, type TestContext } from './test/test-app';

type Operation = {
  summary?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: string; name?: string };

/** Every route mounted on an Express 5 app, as OpenAPI `[method, path]` (`:id` → `{id}`). */
function mountedRoutes(app: unknown): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push([method, `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}')]);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix + (layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

describe('OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Doc;
  let routes: Array<[string, string]>;
  beforeAll(async () => {
    ctx = await createTestContext();
    doc = (await request(ctx.app).get('/v1/openapi.json').expect(200)).body;
    routes = mountedRoutes(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('finds the mounted routes (the walker reads the app)', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toEqual(
      expect.arrayContaining([
        ['get', '/v1/health'],
        ['post', '/v1/auth/register'],
        ['post', '/v1/auth/reset-password'],
        ['get', '/v1/api-keys'],
        ['get', '/v1/iframes'],
        ['get', '/v1/products'],
        ['get', '/v1/admin/users'],
        ['get', '/v1/payments/{id}'],
        ['post', '/v1/payments/webhooks/{provider}'],
      ]),
    );
  });

  it('documents every mounted route', () => {
    const missing = routes.filter(([method, path]) => !doc.paths[path]?.[method]).map(([m, p]) => `${m.toUpperCase()} ${p}`);
    expect(missing).toEqual([]);
  });

  it('documents no route that the app does not serve', () => {
    const served = new Set(routes.map(([m, p]) => `${m} ${p}`));
    const extra = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`))
      .filter((r) => !served.has(r));
    expect(extra).toEqual([]);
  });

  it('gives each operation a summary, its path parameters, a success answer and its errors', () => {
    for (const [method, path] of routes) {
      const op = doc.paths[path][method];
      expect({ route: `${method} ${path}`, summary: typeof op.summary }).toEqual({ route: `${method} ${path}`, summary: 'string' });
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        expect(op.parameters).toContainEqual(expect.objectContaining({ in: 'path', name }));
      }
      // a success answer: 2xx, or a redirect (the campaigns' click tracking answers 302)
      expect(Object.keys(op.responses).some((s) => /^[23]\d\d$/.test(s))).toBe(true);
      // a required token (not 'optional': an anonymous call is fine there) may be refused with 401
      if (op.security?.length && !op.security.some((s) => Object.keys(s as object).length === 0))
        expect(op.responses).toHaveProperty(['401']);
    }
  });

  it('describes list endpoints with the one list query and the paginated answer', () => {
    for (const path of [
      '/v1/orders',
      '/v1/admin/users',
      '/v1/iframes',
      '/v1/api-keys',
      '/v1/shops/me/clients',
      '/v1/shops/me/price-grid-requests',
    ]) {
      const op = doc.paths[path].get;
      const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect({ path, names }).toEqual({ path, names: expect.arrayContaining(['page', 'pageSize', 'sort', 'q']) });
      const schema = JSON.stringify(op.responses['200']);
      expect(schema).toContain('pageSize');
    }
    expect((doc.paths['/v1/admin/users'].get.parameters ?? []).map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'limit', 'offset', 'role']),
    );
  });

  it('describes the payment bodies with the schemas the router validates (PayRequest card/iban, 3-D Secure challenge/approve)', () => {
    const body = (path: string) =>
      (
        doc.paths[path].post.requestBody as {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        }
      ).content['application/json'].schema;
    expect(Object.keys(body('/v1/payments/{id}/pay').properties ?? {})).toEqual(expect.arrayContaining(['card', 'iban']));
    expect(body('/v1/payments/{id}/3ds').required).toEqual(expect.arrayContaining(['challenge', 'approve']));
    expect(doc.paths['/v1/payments/{id}/pay'].post.responses).toHaveProperty(['402']);
    expect(doc.paths['/v1/payments/{id}'].get.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentResult' } } },
    });
  });

  it('marks authenticated routes with the bearer scheme and states the shop scope', () => {
    expect(doc.paths['/v1/users/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/health'].get.security).toBeUndefined();
    expect((doc.paths['/v1/shops/me/clients'].get as { description?: string }).description).toMatch(/seeAllClient or createClient/);
  });
});
