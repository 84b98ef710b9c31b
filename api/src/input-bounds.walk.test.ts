// A walk over the whole OpenAPI document: every parameter and every body field of every operation receives the values
// that broke routes before (an id past PostgreSQL's integer, a negative, 1e23, a fraction where an integer is due, an
// empty string), one at a time, as the demo owner. Whatever a route does with them, it never answers 5xx: a bad value is
// a 400 naming the field, an id that matches nothing a 404. New routes are walked as soon as they are declared.
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from './test/test-app';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const BOUNDARY = ['2147483648', '-1', '1e23', '1.5', ''] as const;
const BODY_BOUNDARY: unknown[] = [2147483648, -1, 1e23, 1.5, ''];
/** An id that passes every check and matches nothing: the walk never touches a demo row through the path. */
const NOTHING = '2147483647';
/** Operations that end the walker's session or write outside the owner's shop data. */
const SKIP = /\/auth\/(logout|logout-all)|\/users\/me\/(password|email)|\/accounts\/(me|delete)|\/master\//;

function resolve(doc: Doc, s: Schema | undefined, depth = 0): Schema | undefined {
  if (!s || depth > 8) return s;
  if (s.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')], depth + 1);
  const alt = s.allOf?.[0] ?? s.anyOf?.find((x) => x.type !== 'null') ?? s.oneOf?.[0];
  return alt && !s.properties ? resolve(doc, alt, depth + 1) : s;
}

/** The body fields to try: top-level properties, and those of the first item of an array of objects (`lines.0.quantity`). */
function bodyFields(doc: Doc, op: Operation): Array<{ path: string[] }> {
  const root = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
  const out: Array<{ path: string[] }> = [];
  for (const [key, raw] of Object.entries(root?.properties ?? {})) {
    out.push({ path: [key] });
    const s = resolve(doc, raw);
    const item = resolve(doc, s?.items);
    if (item?.properties) for (const sub of Object.keys(item.properties)) out.push({ path: [key, '0', sub] });
  }
  return out;
}

function bodyWith(path: string[], value: unknown): Record<string, unknown> {
  if (path.length === 1) return { [path[0]]: value };
  return { [path[0]]: [{ [path[2]]: value }] };
}

// one test sends several thousand requests (five values to every parameter and body field of every route): about 30 s
// alone, over two minutes once the e2e suite and other api suites load both cores
jest.setTimeout(300_000);

describe('no server error on any input (the OpenAPI walk)', () => {
  let ctx: TestContext;
  let doc: Doc;
  let token: string;
  // one listening server for the thousands of requests (supertest given the app would open and close one per request)
  let server: Server;

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    server = createServer(ctx.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    doc = (await request(ctx.app).get('/v1/openapi.json').expect(200)).body;
    token = await loginAs(ctx.app, 'owner@demo.test');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('sends 2³¹, −1, 1e23, 1.5 and "" to every parameter and body field: never a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, path: string, query: Record<string, string>, body: unknown, what: string) => {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(query[`path:${name}`] ?? NOTHING));
      const qs = Object.entries(query).filter(([k]) => !k.startsWith('path:'));
      const call = () => {
        const r = (request(server) as unknown as Record<string, (u: string) => request.Test>)
          [method](url)
          .set(bearer(token))
          .set('Idempotency-Key', `walk-${sent}`)
          .query(Object.fromEntries(qs));
        return body === undefined ? r : r.send(body as object);
      };
      sent++;
      let res = await call();
      if (res.status === 401) {
        token = await loginAs(ctx.app, 'owner@demo.test');
        res = await call();
      }
      if (res.status >= 500) failures.push(`${method.toUpperCase()} ${path} ${what} → ${res.status} ${JSON.stringify(res.body)}`);
    };

    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (SKIP.test(path) || path.endsWith('/openapi.json')) continue;
        const hasBody = !!op.requestBody;
        for (const p of op.parameters ?? []) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          for (const v of BOUNDARY) {
            const key = p.in === 'path' ? `path:${p.name}` : p.name;
            await send(method, path, { [key]: v }, hasBody ? {} : undefined, `${p.in} ${p.name}=${JSON.stringify(v)}`);
          }
        }
        for (const f of bodyFields(doc, op))
          for (const v of BODY_BOUNDARY) await send(method, path, {}, bodyWith(f.path, v), `body ${f.path.join('.')}=${JSON.stringify(v)}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
  it('out-of-range numbers in real bodies and filters answer 400 naming the field', async () => {
    const call = (method: 'get' | 'post', url: string, body?: object) => {
      const r = request(ctx.app)
        [method](url)
        .set(bearer(token))
        .set('Idempotency-Key', `bounds-${url}-${JSON.stringify(body)}`);
      return body ? r.send(body) : r;
    };
    const clients = await call('get', '/v1/crm/clients?pageSize=1');
    const clientId = clients.body.items[0].id as number;
    const warehouses = await call('get', '/v1/stock/warehouses');
    const warehouseId = warehouses.body.items[0].id as number;
    const cases: Array<[string, Promise<request.Response>]> = [
      ['shopIds', call('get', '/v1/products?shopIds=[2147483648]')],
      ['filterByProductIds', call('get', '/v1/products?filterByProductIds=[2147483648]')],
      ['clientId', call('get', '/v1/sales/invoices?clientId=2147483648')],
      ['agentUserId', call('get', '/v1/crm/clients?agentUserId=2147483648')],
      ['clientId', call('post', '/v1/sales/orders', { clientId: 2147483648, lines: [{ label: 'x', quantity: 1, unitPriceHT: 100 }] })],
      ['warehouseId', call('post', '/v1/sales/orders', { clientId, warehouseId: 2147483648, lines: [{ label: 'x', quantity: 1 }] })],
      ['lines.0.quantity', call('post', '/v1/sales/orders', { clientId, lines: [{ label: 'x', quantity: 3_000_000_000 }] })],
      ['quantity', call('post', '/v1/stock/movements', { kind: 'purchase', warehouseId, formatId: 1, quantity: 3_000_000_000 })],
      ['value', call('post', '/v1/crm/clients/bulk', { action: 'assignAgent', ids: [clientId], value: 1e23 })],
      ['userId', call('post', '/v1/team/agents/attach', { userId: 2147483648 })],
    ];
    for (const [field, pending] of cases) {
      const res = await pending;
      expect({ field, status: res.status, named: res.body.field }).toEqual({ field, status: 400, named: field });
    }
  });
});
