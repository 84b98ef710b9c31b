import { createServer, type Server } from 'node:http';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { remotesRegistrySchema } from 'shared-kernel/contracts';
import { createApp, type GatewayApp, isClientRoute } from './app';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from './cache';
import { envKey, loadConfig, type Env } from './config';
import { AUTH_ROUTES, BIG_JS, close, deadPort, listen, makeFixture, SHOP_ROUTES, write, type Fixture } from './test-fixtures';

let fx: Fixture;
let deadApi: string;

beforeAll(async () => {
  deadApi = `http://127.0.0.1:${await deadPort()}`;
});
beforeEach(() => {
  fx = makeFixture();
});
afterEach(() => fx.cleanup());

function gateway(env: Env = {}): GatewayApp {
  return createApp(loadConfig({ ROOT_DIR: fx.root, API_URL: deadApi, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', ...env }));
}

/** A fake CDN holding a separately deployed mfe-shop. */
async function fakeCdn(routes: unknown): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const cdn = express();
  cdn.use((req, _res, next) => {
    hits.push(req.path);
    next();
  });
  cdn.get('/mfe-shop/routes.json', (_req, res) => res.json(routes));
  cdn.get('/custom/shop-routes.json', (_req, res) => res.json([{ ...SHOP_ROUTES[0], path: '/custom' }]));
  const server = createServer(cdn);
  const port = await listen(server);
  return { server, origin: `http://127.0.0.1:${port}`, hits };
}

describe('GET /remotes.json', () => {
  it('lists every configured remote with its manifest URL and the routes of its routes.json', async () => {
    const res = await request(gateway()).get('/remotes.json').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = remotesRegistrySchema.parse(res.body);
    expect(body.remotes.map((r) => [r.name, r.entry])).toEqual([
      ['mfe-auth', '/apps/mfe-auth/mf-manifest.json'],
      ['mfe-shop', '/apps/mfe-shop/mf-manifest.json'],
      ['mfe-cart', '/apps/mfe-cart/mf-manifest.json'],
    ]);
    expect(body.remotes[0].routes.map((r) => r.path)).toEqual(AUTH_ROUTES.map((r) => r.path));
    // defaults of RouteMeta are filled in
    expect(body.remotes[0].routes[0]).toMatchObject({ permissions: [], modules: [], layout: 'auth' });
    expect(body.remotes[1].routes.map((r) => r.path)).toEqual(['/shops/:id']);
  });

  it("lists a remote's dashboard widgets when its routes.json is { routes, widgets } (defaults filled), none for a bare RouteMeta[]", async () => {
    const widget = { id: 'toValidate', title: 'Commandes à valider', roles: ['owner', 'iam'], permissions: ['seeAllOrder'], order: 1 };
    write(join(fx.root, 'mfe-shop/dist/routes.json'), JSON.stringify({ routes: SHOP_ROUTES, widgets: [widget] }));
    const body = remotesRegistrySchema.parse((await request(gateway()).get('/remotes.json').expect(200)).body);
    expect(body.remotes[1].routes.map((r) => r.path)).toEqual(['/shops/:id']);
    expect(body.remotes[1].widgets).toEqual([{ ...widget, modules: [], span: 1 }]);
    expect(body.remotes[0].widgets).toEqual([]);
  });

  it('lists a remote whose widgets are malformed with no routes and no widgets (never half a remote)', async () => {
    write(join(fx.root, 'mfe-shop/dist/routes.json'), JSON.stringify({ routes: SHOP_ROUTES, widgets: [{ id: 'x', roles: [] }] }));
    const body = (await request(gateway()).get('/remotes.json').expect(200)).body;
    expect(body.remotes[1]).toMatchObject({ routes: [], widgets: [] });
  });

  it("lists a remote's settings sections when its routes.json declares them (defaults filled), none otherwise", async () => {
    const section = { key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 };
    write(join(fx.root, 'mfe-shop/dist/routes.json'), JSON.stringify({ routes: SHOP_ROUTES, settingsSections: [section] }));
    const body = remotesRegistrySchema.parse((await request(gateway()).get('/remotes.json').expect(200)).body);
    expect(body.remotes[1].routes.map((r) => r.path)).toEqual(['/shops/:id']);
    expect(body.remotes[1].settingsSections).toEqual([{ ...section, permissions: [], modules: [] }]);
    expect(body.remotes[1].widgets).toEqual([]);
    expect(body.remotes[0].settingsSections).toEqual([]);
  });

  it('lists a remote whose settings sections are malformed with no routes, no widgets and no sections', async () => {
    const widget = { id: 'toValidate', title: 'Commandes à valider', roles: ['owner'], order: 1 };
    for (const bad of [
      [{ key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: [], order: 60 }], // nobody may open it
      [{ key: 'bad key', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], order: 60 }],
      [{ key: 'billing', title: 'Facturation', roles: ['owner'], order: 60 }], // no English title
      [{ key: 'billing', title: 'Facturation', titleEn: 'Billing', roles: ['owner'], permissions: ['nope'], order: 60 }],
      { billing: {} },
    ]) {
      write(join(fx.root, 'mfe-shop/dist/routes.json'), JSON.stringify({ routes: SHOP_ROUTES, widgets: [widget], settingsSections: bad }));
      const body = (await request(gateway()).get('/remotes.json').expect(200)).body;
      expect(body.remotes[1]).toMatchObject({ name: 'mfe-shop', routes: [], widgets: [], settingsSections: [] });
      expect(body.remotes[0].routes).toHaveLength(AUTH_ROUTES.length);
    }
  });

  it('answers brotli made once at the highest quality to a browser that takes it, plain JSON otherwise', async () => {
    const app = gateway();
    const raw = (r: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    };
    const br = await request(app)
      .get('/remotes.json')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse(raw as never)
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    const json = (br.body as Buffer).toString('utf8'); // the client decompressed it
    const plain = await request(app).get('/remotes.json').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(json)).toEqual(plain.body);
    expect(remotesRegistrySchema.parse(plain.body).remotes.length).toBe(3);
  });

  it('lists a remote whose routes.json is missing with routes [] (and keeps serving)', async () => {
    const res = await request(gateway()).get('/remotes.json').expect(200);
    expect(res.body.remotes.find((r: { name: string }) => r.name === 'mfe-cart').routes).toEqual([]);
  });

  it('lists a remote whose routes.json is invalid with routes []', async () => {
    write(join(fx.root, 'mfe-shop/dist/routes.json'), JSON.stringify([{ path: 'no-slash', layout: 'nope' }]));
    write(join(fx.root, 'mfe-auth/dist/routes.json'), '{ not json');
    const res = await request(gateway()).get('/remotes.json').expect(200);
    expect(res.body.remotes.map((r: { routes: unknown[] }) => r.routes)).toEqual([[], [], []]);
  });

  it('honours REMOTE_<NAME>_URL: manifest URL overridden, routes fetched beside it', async () => {
    const cdn = await fakeCdn([{ ...SHOP_ROUTES[0], path: '/shops/:id/cdn' }]);
    try {
      const app = gateway({ REMOTE_MFE_SHOP_URL: `${cdn.origin}/mfe-shop/mf-manifest.json` });
      const res = await request(app).get('/remotes.json').expect(200);
      const shop = res.body.remotes.find((r: { name: string }) => r.name === 'mfe-shop');
      expect(shop.entry).toBe(`${cdn.origin}/mfe-shop/mf-manifest.json`);
      expect(shop.routes.map((r: { path: string }) => r.path)).toEqual(['/shops/:id/cdn']);
      // others untouched
      expect(res.body.remotes[0].entry).toBe('/apps/mfe-auth/mf-manifest.json');
      // fetched once, cached until SIGHUP
      await request(app).get('/remotes.json').expect(200);
      expect(cdn.hits.filter((p) => p.endsWith('routes.json'))).toHaveLength(1);
      app.registry.reload();
      await request(app).get('/remotes.json').expect(200);
      expect(cdn.hits.filter((p) => p.endsWith('routes.json'))).toHaveLength(2);
    } finally {
      await close(cdn.server);
    }
  });

  it('honours REMOTE_<NAME>_ROUTES_URL', async () => {
    const cdn = await fakeCdn([]);
    try {
      const res = await request(
        gateway({
          REMOTE_MFE_SHOP_URL: `${cdn.origin}/mfe-shop/mf-manifest.json`,
          REMOTE_MFE_SHOP_ROUTES_URL: `${cdn.origin}/custom/shop-routes.json`,
        }),
      ).get('/remotes.json');
      expect(res.body.remotes[1].routes.map((r: { path: string }) => r.path)).toEqual(['/custom']);
    } finally {
      await close(cdn.server);
    }
  });

  it('falls back to the local routes.json when the overridden remote cannot be reached', async () => {
    const url = `http://127.0.0.1:${await deadPort()}/mfe-shop/mf-manifest.json`;
    const res = await request(gateway({ REMOTE_MFE_SHOP_URL: url }))
      .get('/remotes.json')
      .expect(200);
    expect(res.body.remotes[1].entry).toBe(url);
    expect(res.body.remotes[1].routes.map((r: { path: string }) => r.path)).toEqual(['/shops/:id']);
  });

  it('is re-read when a routes.json changes on disk', async () => {
    const app = gateway();
    const before = await request(app).get('/remotes.json');
    expect(before.body.remotes[2].routes).toEqual([]);
    const file = join(fx.root, 'mfe-cart/dist/routes.json');
    write(file, JSON.stringify([{ path: '/cart', layout: 'default', roles: ['public', 'buyer'], titleKey: 'cart', title: 'Panier' }]));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const after = await request(app).get('/remotes.json');
    expect(after.body.remotes[2].routes.map((r: { path: string }) => r.path)).toEqual(['/cart']);
    expect(after.body.version).not.toBe(before.body.version);
  });
});

describe('/apps/<remote>/*', () => {
  it('serves mf-manifest.json and remoteEntry.js no-cache, with CORS', async () => {
    const app = gateway();
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const res = await request(app).get(`/apps/mfe-auth/${file}`).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const js = await request(app).get('/apps/mfe-auth/remoteEntry.js');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.text).toContain('mfe-auth remote entry');
  });

  it('serves hashed chunks immutable and unhashed files no-cache', async () => {
    const app = gateway();
    const hashed = await request(app).get('/apps/mfe-auth/static/js/123.abcdef0123.js').expect(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await request(app).get('/apps/mfe-auth/static/js/nohash.js').expect(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers a plain 404 (never index.html) for a missing file, an unknown remote or a folder', async () => {
    const app = gateway();
    for (const path of [
      '/apps/mfe-auth/static/js/missing.abcdef0123.js',
      '/apps/mfe-auth/nope',
      '/apps/unknown/remoteEntry.js',
      '/apps/mfe-auth/',
      '/apps/mfe-auth/static',
      '/apps',
    ]) {
      const res = await request(app).get(path).set('Accept', 'text/html,*/*');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('<html');
    }
  });

  it('answers CORS preflights', async () => {
    const res = await request(gateway()).options('/apps/mfe-auth/remoteEntry.js').set('Origin', 'https://shop.example').expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('shell and client-side routes', () => {
  it.each(['/', '/dashboard/orders', '/shops/domaine-demo', '/domaine-demo', '/auth/login'])('%s → index.html, no-cache', async (path) => {
    const res = await request(gateway()).get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root">');
  });

  it('serves index.html for a navigation to a dotted slug', async () => {
    const res = await request(gateway()).get('/domaine-demo/magnum-1.5l').set('Accept', 'text/html,application/xhtml+xml').expect(200);
    expect(res.text).toContain('<div id="root">');
  });

  it.each(['/static/js/missing.js', '/favicon-x.png', '/static/css/app.0123456789.css', '/robots.txt'])('%s → plain 404', async (path) => {
    const res = await request(gateway()).get(path).set('Accept', 'text/html,*/*');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('serves shell assets: hashed immutable, others no-cache', async () => {
    const app = gateway();
    const main = await request(app).get('/static/js/main.0123456789.js').expect(200);
    expect(main.headers['cache-control']).toBe(IMMUTABLE);
    const ico = await request(app).get('/favicon.ico').expect(200);
    expect(ico.headers['cache-control']).toBe(NO_CACHE);
  });

  it('answers 503 (not a crash) when the shell is not built', async () => {
    const res = await request(gateway({ SHELL_DIR: 'nowhere/dist' })).get('/dashboard');
    expect(res.status).toBe(503);
  });

  it('answers 404 to other methods on pages', async () => {
    await request(gateway()).post('/dashboard').send({ a: 1 }).expect(404);
  });
});

describe('/v1 proxy', () => {
  let api: Server;
  let apiUrl: string;
  beforeAll(async () => {
    const fake = express();
    fake.use(express.json());
    fake.all('/v1/*splat', (req, res) => {
      res
        .status(req.path === '/v1/teapot' ? 418 : 200)
        .set('X-From-Api', 'yes')
        .json({
          method: req.method,
          path: req.path,
          query: req.query,
          body: req.body ?? null,
          xff: req.headers['x-forwarded-for'] ?? null,
          auth: req.headers.authorization ?? null,
        });
    });
    api = createServer(fake);
    apiUrl = `http://127.0.0.1:${await listen(api)}`;
  });
  afterAll(() => close(api));

  it('forwards method, path with /v1 prefix, query, body and headers', async () => {
    const res = await request(gateway({ API_URL: apiUrl }))
      .put('/v1/users/me?lang=fr&tags=a&tags=b')
      .set('Authorization', 'Bearer abc')
      .send({ firstName: 'Élodie', nested: { n: 2 } })
      .expect(200);
    expect(res.headers['x-from-api']).toBe('yes');
    expect(res.body).toMatchObject({
      method: 'PUT',
      path: '/v1/users/me',
      query: { lang: 'fr', tags: ['a', 'b'] },
      body: { firstName: 'Élodie', nested: { n: 2 } },
      auth: 'Bearer abc',
    });
    expect(res.body.xff).toMatch(/127\.0\.0\.1/);
  });

  it('passes the api status through, and POST/DELETE too', async () => {
    const app = gateway({ API_URL: apiUrl });
    await request(app).get('/v1/teapot').expect(418);
    const post = await request(app).post('/v1/auth/login').send({ email: 'owner@demo.test', password: 'x' }).expect(200);
    expect(post.body).toMatchObject({ method: 'POST', body: { email: 'owner@demo.test' } });
    const del = await request(app).delete('/v1/things/3').expect(200);
    expect(del.body.method).toBe('DELETE');
  });

  it('answers 502 JSON when the api is down', async () => {
    const res = await request(gateway()).post('/v1/auth/login').send({ a: 1 }).expect(502);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, message: 'Service momentanément indisponible' });
  });

  it('reports the api in /healthz', async () => {
    const up = await request(gateway({ API_URL: apiUrl }))
      .get('/healthz')
      .expect(200);
    expect(up.body).toEqual({ ok: true, api: 'up' });
    const down = await request(gateway()).get('/healthz').expect(200);
    expect(down.body).toEqual({ ok: true, api: 'down' });
  });
});

describe('/version.json', () => {
  it('defaults to the root package version plus a build id', async () => {
    const res = await request(gateway()).get('/version.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.version).toMatch(/^1\.2\.3\+[0-9a-f]{10}$/);
    const again = await request(gateway()).get('/version.json');
    expect(again.body.version).toBe(res.body.version); // deterministic: same files, same version on every instance
  });

  it('uses BUILD_ID and APP_VERSION', async () => {
    expect((await request(gateway({ BUILD_ID: 'ci42' })).get('/version.json')).body).toEqual({ version: '1.2.3+ci42' });
    expect((await request(gateway({ APP_VERSION: '9.9.9' })).get('/version.json')).body).toEqual({ version: '9.9.9' });
    expect((await request(gateway({ APP_VERSION: '9.9.9' })).get('/remotes.json')).body.version).toBe('9.9.9');
  });
});

describe('security headers', () => {
  function csp(header: string | undefined): Record<string, string> {
    return Object.fromEntries(
      (header ?? '')
        .split(';')
        .filter(Boolean)
        .map((d) => {
          const [k, ...v] = d.trim().split(/\s+/);
          return [k, v.join(' ')];
        }),
    );
  }

  it('sets CSP, nosniff, referrer policy and frame denial on pages', async () => {
    const res = await request(gateway()).get('/').expect(200);
    const p = csp(res.headers['content-security-policy']);
    expect(p['script-src']).toBe("'self'");
    expect(p['style-src']).toBe("'self' 'unsafe-inline'");
    expect(p['img-src']).toBe("'self' data: blob: https:");
    expect(p['connect-src']).toBe("'self'");
    expect(p['font-src']).toBe("'self' data:");
    expect(p['object-src']).toBe("'none'");
    expect(p['base-uri']).toBe("'self'");
    expect(p['frame-ancestors']).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets any site frame /iframes/* only', async () => {
    const res = await request(gateway()).get('/iframes/abc').expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toBe('*');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const other = await request(gateway()).get('/dashboard/iframes').expect(200);
    expect(csp(other.headers['content-security-policy'])['frame-ancestors']).toBe("'none'");
  });

  it('allows no captcha origin and no frame-src when no captcha is configured', async () => {
    const p = csp((await request(gateway()).get('/auth/register/buyer')).headers['content-security-policy']);
    expect(p['frame-src']).toBeUndefined();
    expect(`${p['script-src']} ${p['connect-src']}`).not.toMatch(/hcaptcha|google/);
  });

  it('allows the hCaptcha origins (script, frame, style, connect) when HCAPTCHA_SITE_KEY is set', async () => {
    for (const path of ['/auth/register/buyer', '/iframes/abc']) {
      const p = csp((await request(gateway({ HCAPTCHA_SITE_KEY: 'site-key' })).get(path)).headers['content-security-policy']);
      const h = 'https://hcaptcha.com https://*.hcaptcha.com';
      expect(p['script-src']).toBe(`'self' ${h}`);
      expect(p['frame-src']).toBe(`'self' ${h}`);
      expect(p['style-src']).toBe(`'self' 'unsafe-inline' ${h}`);
      expect(p['connect-src']).toBe(`'self' ${h}`);
      expect(p['default-src']).toBe("'self'");
    }
  });

  it('allows the reCAPTCHA origins when RECAPTCHA_SITE_KEY is set (secrets alone add nothing)', async () => {
    const p = csp(
      (await request(gateway({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_VERSION: 'v3' })).get('/auth/resetpwd')).headers[
        'content-security-policy'
      ],
    );
    expect(p['script-src']).toBe("'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(p['frame-src']).toBe("'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
    expect(p['connect-src']).toBe("'self' https://www.google.com/recaptcha/");
    expect(p['style-src']).toBe("'self' 'unsafe-inline'");
    const secretOnly = csp(
      (await request(gateway({ RECAPTCHA_SECRET: 's', HCAPTCHA_SECRET: 's' })).get('/')).headers['content-security-policy'],
    );
    expect(secretOnly['frame-src']).toBeUndefined();
    expect(secretOnly['script-src']).toBe("'self'");
  });

  it('allows the origin of an overridden remote for scripts and manifest fetches', async () => {
    const res = await request(
      gateway({ REMOTE_MFE_SHOP_URL: 'https://cdn.example.com/mfe-shop/mf-manifest.json', ROUTES_FETCH_TIMEOUT_MS: '200' }),
    ).get('/');
    const p = csp(res.headers['content-security-policy']);
    expect(p['script-src']).toBe("'self' https://cdn.example.com");
    expect(p['connect-src']).toBe("'self' https://cdn.example.com");
  });
});

describe('compression', () => {
  it('gzips a large js file when asked', async () => {
    const res = await request(gateway()).get('/static/js/main.0123456789.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(BIG_JS); // supertest inflates
  });

  it('uses brotli when preferred', async () => {
    const res = await request(gateway())
      .get('/static/js/main.0123456789.js')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse((r, cb) => {
        r.on('data', () => undefined);
        r.on('end', () => cb(null, null));
      })
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it("serves the build's precompressed .br copy as it is, with the original type and cache policy", async () => {
    const zlib = await import('node:zlib');
    const marker = 'precompressed at build time';
    writeFileSync(join(fx.root, 'mfe-auth/dist/static/js/123.abcdef0123.js.br'), zlib.brotliCompressSync(Buffer.from(marker)));
    const raw = (r: request.Response, cb: (e: Error | null, b: Buffer) => void) => {
      const parts: Buffer[] = [];
      r.on('data', (d: Buffer) => parts.push(Buffer.from(d)));
      r.on('end', () => cb(null, Buffer.concat(parts)));
    };
    const br = await request(gateway())
      .get('/apps/mfe-auth/static/js/123.abcdef0123.js')
      .set('Accept-Encoding', 'gzip, br')
      .buffer(true)
      .parse(raw)
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    // the .br file's own bytes (superagent may already have decoded them)
    const body = br.body as Buffer;
    const text = (() => {
      try {
        return zlib.brotliDecompressSync(body).toString();
      } catch {
        return body.toString();
      }
    })();
    expect(text).toBe(marker);
    const plain = await request(gateway()).get('/apps/mfe-auth/static/js/123.abcdef0123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe('console.log("chunk");');
  });

  it('leaves small responses alone', async () => {
    const res = await request(gateway()).get('/apps/mfe-auth/remoteEntry.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('helpers', () => {
  it('cacheControlFor', () => {
    expect(cacheControlFor('/x/mf-manifest.json')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/remoteEntry.js')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/static/js/main.3f2a1b9c0d.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/static/js/main.3f2a1b9c0d.js.map')).toBe(IMMUTABLE);
    expect(cacheControlFor('/x/static/js/main.js')).toBe(NO_CACHE);
    expect(cacheControlFor('/x/logo.png')).toBe(NO_CACHE);
  });

  it('isClientRoute', () => {
    expect(isClientRoute('/dashboard/orders/12', undefined)).toBe(true);
    expect(isClientRoute('/static/js/missing.js', 'text/html')).toBe(false);
    expect(isClientRoute('/v1/users', 'text/html')).toBe(false);
    expect(isClientRoute('/apps/mfe-shop/x', 'text/html')).toBe(false);
    expect(isClientRoute('/domaine-demo/cuvee-1.5', 'text/html,*/*')).toBe(true);
    expect(isClientRoute('/domaine-demo/cuvee-1.5', '*/*')).toBe(false);
  });

  it('envKey and config defaults', () => {
    expect(envKey('mfe-shop')).toBe('MFE_SHOP');
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', apiUrl: 'http://127.0.0.1:4000' });
    expect(c.remotesConfigPath).toMatch(/gateway[\\/]remotes\.config\.json$/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('refuses a malformed registry config at start', () => {
    write(join(fx.root, 'gateway/remotes.config.json'), JSON.stringify({ remotes: [{ name: 'Bad Name', dir: 'x' }] }));
    expect(() => gateway()).toThrow(/name/);
  });
});
