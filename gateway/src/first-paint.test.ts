import { createServer, type Server } from 'node:http';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { createApp } from './app';
import { loadConfig } from './config';
import { hasAdultCookie } from 'shared-kernel/domain';
import { FIRST_PAINT_BUNDLE, injectFirstPaint, isNarrow } from './first-paint';
import { close, listen, makeFixture, write, type Fixture } from './test-fixtures';

/** A stand-in for mfe-shop's dist-server/first-paint.cjs: echoes what the gateway gave it. */
const FAKE_BUNDLE = `// FAKE_FIRST_PAINT_BUNDLE
exports.listingRequest = (search, shop) => search.includes('page=texte') ? null : { key: shop.id + '|{}', path: '/v1/products?shopIds=%5B' + shop.id + '%5D' };
exports.languageOf = (search, cookie, accept) => (search.includes('lang=en') || (accept || '').startsWith('en') ? 'en' : 'fr');
exports.render = (i) => {
  if (i.shop.name === 'Boom') throw new Error('cannot render');
  return '<p class="fp">' + [i.url, i.lang, i.adult ? 'adult' : 'gate', i.wide ? 'wide' : 'narrow', i.listing ? 'items:' + i.listing.data.items.length : 'no-listing', i.product ? 'product:' + i.product.name : ''].join(' ') + '</p>';
};
`;

describe('first paint of shop and product pages', () => {
  let fx: Fixture; let api: Server; let apiUrl: string; let hits: string[];
  beforeAll(async () => {
    hits = [];
    const fake = express();
    fake.use((req, _res, next) => { hits.push(req.url); next(); });
    fake.get('/v1/shops/by-name/domaine-demo', (_req, res) => res.json({ id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo', description: null, editedShop: null }));
    fake.get('/v1/shops/by-name/boom', (_req, res) => res.json({ id: 3, name: 'Boom', urlShop: 'boom', description: null, editedShop: null }));
    fake.get('/v1/shops/by-name/sans-liste', (_req, res) => res.json({ id: 4, name: 'Sans liste', urlShop: 'sans-liste', description: null, editedShop: null }));
    fake.get('/v1/products', (req, res) => (String(req.query.shopIds) === '[4]' ? res.status(500).json({}) : res.json({ items: [{ id: 12, name: 'Les Galets </script> Rouges' }], total: 1 })));
    fake.get('/v1/products/12', (_req, res) => res.json({ id: 12, shopId: 1, name: 'Les Galets Rouges', description: null, precision: null, status: 'online', visuals: [], vintages: [], formats: [] }));
    fake.use((_req, res) => res.status(404).json({ success: false, message: 'Boutique introuvable' }));
    api = createServer(fake);
    apiUrl = `http://127.0.0.1:${await listen(api)}`;
  });
  afterAll(() => close(api));
  beforeEach(() => {
    fx = makeFixture();
    write(join(fx.root, 'mfe-shop/dist', FIRST_PAINT_BUNDLE), FAKE_BUNDLE);
  });
  afterEach(() => fx.cleanup());
  const gw = (env: Record<string, string> = {}) => createApp(loadConfig({ ROOT_DIR: fx.root, API_URL: apiUrl, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', SEO_TIMEOUT_MS: '500', ...env }));
  const page = (path: string) => request(gw()).get(path).set('Accept', 'text/html');
  const script = (html: string, id: string) => /<script id="([^"]+)" type="application\/json">(.*?)<\/script>/g.exec(html.slice(html.indexOf(`<script id="${id}"`)))?.[2];

  it('puts the server render in a closed shadow root in front of #root, with the listing it used as JSON', async () => {
    hits.length = 0;
    const res = await page('/domaine-demo').set('Cookie', 'wz_adult=1').set('Sec-CH-UA-Mobile', '?1');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="wz-first-paint"><template shadowrootmode="closed"><p class="fp">/domaine-demo fr adult narrow items:1 </p></template></div><div id="root"></div>');
    expect(res.text).toContain('#wz-first-paint~#root{display:none}');
    const listing = script(res.text, 'wz-listing-data')!;
    expect(listing).not.toContain('</script');
    expect(JSON.parse(listing)).toEqual({ key: '1|{}', data: { items: [{ id: 12, name: 'Les Galets </script> Rouges' }], total: 1 } });
    expect(hits).toEqual(['/v1/shops/by-name/domaine-demo', '/v1/products?shopIds=%5B1%5D']);
  });

  it('renders the age gate for a first visit, in the visitor’s language, wide on a desktop', async () => {
    const res = await page('/domaine-demo?lang=en').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64)');
    expect(res.text).toContain('<p class="fp">/domaine-demo?lang=en en gate wide items:1 </p>');
  });

  it('renders a product page from the product the SEO tags used, inlined for the app', async () => {
    const res = await page('/domaine-demo/12-les-galets-rouges').set('Cookie', 'a=b; wz_adult=1');
    expect(res.text).toContain('<p class="fp">/domaine-demo/12-les-galets-rouges fr adult');
    expect(res.text).toContain('no-listing product:Les Galets Rouges</p>');
    expect(JSON.parse(script(res.text, 'wz-product-data')!)).toMatchObject({ id: 12, name: 'Les Galets Rouges' });
  });

  it('asks for no listing on a text tab', async () => {
    hits.length = 0;
    const res = await page('/domaine-demo?page=texte').set('Cookie', 'wz_adult=1');
    expect(res.text).toContain('no-listing');
    expect(hits).toEqual(['/v1/shops/by-name/domaine-demo']);
  });

  it('serves the page without a first paint when the render fails, the listing fails, or the bundle is missing', async () => {
    for (const path of ['/boom', '/sans-liste']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('wz-first-paint');
      expect(res.text).toContain('<div id="root"></div>');
    }
    fx.cleanup();
    fx = makeFixture();
    const res = await page('/domaine-demo');
    expect(res.text).toContain('wz-shop-data');
    expect(res.text).not.toContain('wz-first-paint');
  });

  it('uses a rebuilt bundle without a restart', async () => {
    const app = gw();
    expect((await request(app).get('/domaine-demo').set('Accept', 'text/html')).text).toContain('<p class="fp">');
    const file = join(fx.root, 'mfe-shop/dist', FIRST_PAINT_BUNDLE);
    write(file, FAKE_BUNDLE.replace('<p class="fp">', '<p class="fp2">'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await request(app).get('/domaine-demo').set('Accept', 'text/html')).text).toContain('<p class="fp2">');
  });

  // issue 10: a path filter on /ssr/ was bypassed by %73sr, //ssr, ./ssr, x/../ssr, %2fssr; the bundle is not in dist
  it.each([
    '/apps/mfe-shop/ssr/first-paint.cjs', '/apps/mfe-shop/%73sr/first-paint.cjs', '/apps/mfe-shop//ssr/first-paint.cjs',
    '/apps/mfe-shop/./ssr/first-paint.cjs', '/apps/mfe-shop/x/../ssr/first-paint.cjs', '/apps/mfe-shop/%2fssr/first-paint.cjs',
    '/apps/mfe-shop/../dist-server/first-paint.cjs', '/apps/mfe-shop/%2e%2e/dist-server/first-paint.cjs', '/apps/mfe-shop/..%2fdist-server/first-paint.cjs',
    '/apps/mfe-shop/first-paint.cjs', '/apps/mfe-shop/dist-server/first-paint.cjs',
  ])('never serves the server bundle to browsers: %s', async (url) => {
    const res = await request(gw()).get(url);
    expect(res.text ?? '').not.toContain('FAKE_FIRST_PAINT_BUNDLE');
    expect(res.status === 404 || (res.status === 200 && /text\/html/.test(res.headers['content-type']))).toBe(true);
  });

  it('answers ?adult=1 (the first paint’s age gate link) with the adult cookie and a redirect without it', async () => {
    const res = await page('/domaine-demo?page=rouges&adult=1');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/domaine-demo?page=rouges');
    expect(res.headers['set-cookie']).toEqual([expect.stringMatching(/^wz_adult=1; Max-Age=31536000; Path=\/; SameSite=Lax$/)]);
    expect((await page('/dashboard?adult=1')).status).toBe(200); // not a shop page: nothing to confirm
  });
});

describe('first paint helpers', () => {
  it('isNarrow: the client hint first, then the user agent', () => {
    expect(isNarrow({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isNarrow({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe(false);
    expect(isNarrow({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(isNarrow({ 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' })).toBe(false);
  });
  it('hasAdultCookie reads wz_adult=1 only', () => {
    expect(hasAdultCookie('a=1; wz_adult=1')).toBe(true);
    expect(hasAdultCookie('wz_adult=0')).toBe(false);
    expect(hasAdultCookie(undefined)).toBe(false);
  });
  it('injectFirstPaint splices markup holding $ patterns as it is (issue 10)', () => {
    const markup = "<h1>Domaine $` $' $& $$ $1</h1>";
    expect(injectFirstPaint('<body><div id="root"></div></body>', markup))
      .toBe(`<body><div id="wz-first-paint"><template shadowrootmode="closed">${markup}</template></div><div id="root"></div></body>`);
  });

  it('injectFirstPaint leaves a page without #root alone', () => {
    expect(injectFirstPaint('<body></body>', '<p>x</p>')).toBe('<body></body>');
  });
});
