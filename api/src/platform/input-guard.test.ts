import fc from 'fast-check';
import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../test/test-app';
import { HttpError } from './errors';
import { assertSafeJson, INPUT_MESSAGES, isUnsafeText, MAX_JSON_DEPTH } from './input-guard';

const NUL = '\u0000';
const LONE = '\ud800';

function deep(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

function caught(fn: () => void): HttpError | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e as HttpError;
  }
}

describe('assertSafeJson', () => {
  it('lets every well-formed value through, emoji (surrogate pairs) included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        fc.pre(!JSON.stringify(v).includes('\\u0000') && !/\\ud[89a-f]/i.test(JSON.stringify(v)));
        assertSafeJson(v);
      }),
    );
    assertSafeJson({ name: 'Château 🍷 Cœur', list: ['é', '日本'] });
  });

  it('refuses a NUL or a lone surrogate anywhere (value or key), naming where', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom(NUL, LONE, '\udfff'), fc.nat(3), (a, b, bad, where) => {
        const s = `${a}${bad}${b}`;
        const value = [{ x: s }, { list: [1, s] }, { [s]: 1 }, s][where];
        const err = caught(() => assertSafeJson(value));
        expect(err).toBeInstanceOf(HttpError);
        expect(err!.status).toBe(400);
        expect(err!.field).toBe(['x', 'list[1]', undefined, undefined][where]);
      }),
    );
  });

  it('refuses nesting beyond the limit without overflowing the stack', () => {
    expect(() => assertSafeJson(deep(MAX_JSON_DEPTH - 1))).not.toThrow();
    const err = caught(() => assertSafeJson(deep(200_000)));
    expect(err).toMatchObject({ status: 400, message: INPUT_MESSAGES.tooDeep });
  });

  it('isUnsafeText', () => {
    expect([NUL, `a${LONE}`, '\udc00b', 'ok', '🍷'].map(isUnsafeText)).toEqual([true, true, true, false, false]);
  });
});

describe('malformed input answers 400, never 500', () => {
  let ctx: TestContext;
  let owner: string;
  let buyer: string;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, buyer, admin] = await Promise.all(['owner', 'buyer', 'admin'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    '/v1/shops/%00',
    '/v1/shops/%00/checkout-options',
    '/v1/shops/%00/events',
    '/v1/shops/%00/builders',
    '/v1/shops/%00/images/banner',
    '/v1/shops/by-name/a%00',
    '/v1/products/1%00',
    '/v1/shops/%ED%A0%80',
    '/v1/shops/%E0%A4%A',
  ])('GET %s', async (url) => {
    const res = await request(ctx.app).get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: INPUT_MESSAGES.badPath, field: 'path' });
  });

  it.each([
    ['/v1/shops?search=%00', 'search'],
    [`/v1/products?filter=${encodeURIComponent('{"search":"a\\u0000"}')}`, 'filter.search'],
    [`/v1/products?filter=${encodeURIComponent('{"search":"a\\ud800"}')}`, 'filter.search'],
    ['/v1/admin/users?search=%00', 'search'],
  ])('GET %s', async (url, field) => {
    const res = await request(ctx.app).get(url).set(bearer(admin));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, message: INPUT_MESSAGES.badChar(field) });
  });

  it('a 5,000-deep cart, a NUL in a name, a lone surrogate in an address', async () => {
    // built as text: JSON.stringify itself overflows on such a value
    const deepCart = `{"cart":{"orders":[${'[{"a":'.repeat(2500)}1${'}]'.repeat(2500)}]}}`;
    for (const [body, field] of [
      [deepCart, undefined],
      [{ firstname: `a${NUL}` }, 'firstname'],
      [{ deliveryAddress: { city: `Lyon${LONE}` } }, 'deliveryAddress.city'],
    ] as const) {
      const res = await request(ctx.app)
        .put('/v1/users/me')
        .set(bearer(buyer))
        .set('Content-Type', 'application/json')
        .send(body as object);
      expect(res.status).toBe(400);
      if (field) expect(res.body.field).toBe(field);
      else expect(res.body.message).toBe(INPUT_MESSAGES.tooDeep);
    }
    expect((await request(ctx.app).get('/v1/users/me').set(bearer(buyer))).body.firstname).not.toContain(NUL);
  });

  it('free text is bounded and unknown keys are dropped (PUT /v1/shops/me)', async () => {
    const long = await request(ctx.app)
      .put('/v1/shops/me')
      .set(bearer(owner))
      .send({ settings: { titleProducts: 'x'.repeat(500_000) } });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('settings.titleProducts');
    const extra = await request(ctx.app)
      .put('/v1/shops/me')
      .set(bearer(owner))
      .send({
        settings: { titleProducts: 'Nos vins', junk: 'y'.repeat(1000) },
        integration: { shop: { active: true, junk: 'z'.repeat(1000) } },
        noMessage: true,
      });
    expect(extra.status).toBe(200);
    const me = (await request(ctx.app).get('/v1/shops/me').set(bearer(owner))).body;
    expect(me.settings.titleProducts).toBe('Nos vins');
    expect(me.settings.junk).toBeUndefined();
    expect(me.integration.shop).toEqual({ active: true });
  });

  // Every string field of these request bodies: a NUL or a lone surrogate in it never reaches the database.
  const samples: Array<{ method: 'post' | 'put'; url: string; who?: 'owner' | 'buyer' | 'admin'; body: unknown }> = [
    { method: 'post', url: '/v1/auth/login', body: { email: 'buyer@demo.test', password: 'Buyer1234' } },
    {
      method: 'post',
      url: '/v1/auth/register',
      body: {
        type: 'buyer',
        firstname: 'A',
        lastname: 'B',
        email: 'new@demo.test',
        password: 'Abcdef12',
        company: 'Cave',
        adult: true,
        terms: true,
      },
    },
    {
      method: 'put',
      url: '/v1/users/me',
      who: 'buyer',
      body: {
        firstname: 'A',
        lastname: 'B',
        phone: '0601020304',
        deliveryAddress: { street: '1 rue', city: 'Lyon', zipcode: '69001' },
        business: { name: 'X' },
      },
    },
    {
      method: 'post',
      url: '/v1/orders/get-cart-price',
      body: {
        orders: [
          {
            seller: { id: 1 },
            products: [{ idTmp: 'a', id: 1, quantity: 1, chosenFormat: { id: 1 } }],
            shipping: { type: 'colissimo', instructions: 'code 12' },
          },
        ],
      },
    },
    {
      method: 'post',
      url: '/v1/orders',
      who: 'buyer',
      body: {
        orders: [{ seller: { id: 1 }, products: [] }],
        shipping: { instructions: 'porte' },
        deliveryAddress: { city: 'Lyon', street: 'rue' },
        phone: '0601020304',
      },
    },
    {
      method: 'put',
      url: '/v1/shops/me',
      who: 'owner',
      body: { name: 'Domaine', settings: { titleProducts: 'Nos vins' }, contactEmail: 'a@b.fr' },
    },
    { method: 'post', url: '/v1/api-keys', who: 'owner', body: { name: 'Ma clé' } },
    { method: 'post', url: '/v1/iframes', who: 'owner', body: { name: 'Vitrine', kind: 'list' } },
    {
      method: 'post',
      url: '/v1/maintenances',
      who: 'admin',
      body: { banner: 'Maintenance', startDate: '2030-01-01T00:00:00Z', endDate: '2030-01-02T00:00:00Z' },
    },
  ];
  function stringPaths(v: unknown, path = ''): string[] {
    if (typeof v === 'string') return [path];
    if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, `${path}[${i}]`));
    if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, path ? `${path}.${k}` : k));
    return [];
  }
  function replaceAt(v: unknown, path: string, make: (s: string) => string, here = ''): unknown {
    if (typeof v === 'string') return here === path ? make(v) : v;
    if (Array.isArray(v)) return v.map((x, i) => replaceAt(x, path, make, `${here}[${i}]`));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceAt(x, path, make, here ? `${here}.${k}` : k)]));
    return v;
  }
  const cases = samples.flatMap((s) => stringPaths(s.body).map((path) => ({ ...s, path })));

  it('property: a NUL or a lone surrogate in any string field of any body → 400 naming it', async () => {
    const tokens = { owner, buyer, admin };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), fc.constantFrom(NUL, LONE, '\udc00'), fc.nat(4), async (c, bad, at) => {
        const body = replaceAt(c.body, c.path, (s) => s.slice(0, at) + bad + s.slice(at));
        const req = request(ctx.app)[c.method](c.url).set('Idempotency-Key', 'k-guard');
        const res = await (c.who ? req.set(bearer(tokens[c.who])) : req).send(body as object);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, message: INPUT_MESSAGES.badChar(c.path), field: c.path });
      }),
      { numRuns: 60 },
    );
  });
});
