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
  let fx: Fixture;
  let api: Server;
  let apiUrl: string;
  let hits: string[];
  beforeAll(async () => {
    hits = [];
    const fake = express();
    fake.use((req, _res, next) => {
      hits.push(req.url);
      next();
    });
    fake.get('/v1/shops/by-name/domaine-demo', (_req, res) =>
      res.json({ id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo', description: null, editedShop: null }),
    );
    fake.get('/v1/shops/by-name/boom', (_req, res) =>
      res.json({ id: 3, name: 'Boom', urlShop: 'boom', description: null, editedShop: null }),
    );
    fake.get('/v1/shops/by-name/sans-liste', (_req, res) =>
      res.json({ id: 4, name: 'Sans liste', urlShop: 'sans-liste', description: null, editedShop: null }),
    );
    fake.get('/v1/products', (req, res) =>
      String(req.query.shopIds) === '[4]'
        ? res.status(500).json({})
        : res.json({ items: [{ id: 12, name: 'Les Galets </script> Rouges' }], total: 1 }),
    );
    fake.get('/v1/products/12', (_req, res) =>
      res.json({
        id: 12,
        shopId: 1,
        name: 'Les Galets Rouges',
        description: null,
        precision: null,
        status: 'online',
        visuals: [],
        vintages: [],
        formats: [],
      }),
    );
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
  const gw = (env: Record<string, string> = {}) =>
    createApp(
      loadConfig({ ROOT_DIR: fx.root, API_URL: apiUrl, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', SEO_TIMEOUT_MS: '500', ...env }),
    );
  const page = (path: string) => request(gw()).get(path).set('Accept', 'text/html');
  const script = (html: string, id: string) =>
    /<script id="([^"]+)" type="application\/json">(.*?)<\/script>/g.exec(html.slice(html.indexOf(`<script id="${id}"`)))?.[2];

  it('puts the server render in a closed shadow root in front of #root, with the listing it used as JSON', async () => {
    hits.length = 0;
    const res = await page('/domaine-demo').set('Cookie', 'wz_adult=1').set('Sec-CH-UA-Mobile', '?1');
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '<div id="wz-first-paint"><template shadowrootmode="closed"><p class="fp">/domaine-demo fr adult narrow items:1 </p></template></div><div id="root"></div>',
    );
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

  // a path filter on /ssr/ was bypassed by %73sr, //ssr, ./ssr, x/../ssr, %2fssr; the bundle is not in dist
  it.each([
    '/apps/mfe-shop/ssr/first-paint.cjs',
    '/apps/mfe-shop/%73sr/first-paint.cjs',
    '/apps/mfe-shop//ssr/first-paint.cjs',
    '/apps/mfe-shop/./ssr/first-paint.cjs',
    '/apps/mfe-shop/x/../ssr/first-paint.cjs',
    '/apps/mfe-shop/%2fssr/first-paint.cjs',
    '/apps/mfe-shop/../dist-server/first-paint.cjs',
    '/apps/mfe-shop/%2e%2e/dist-server/first-paint.cjs',
    '/apps/mfe-shop/..%2fdist-server/first-paint.cjs',
    '/apps/mfe-shop/first-paint.cjs',
    '/apps/mfe-shop/dist-server/first-paint.cjs',
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
  it('injectFirstPaint splices markup holding $ patterns as it is', () => {
    const markup = "<h1>Domaine $` $' $& $$ $1</h1>";
    expect(injectFirstPaint('<body><div id="root"></div></body>', markup)).toBe(
      `<body><div id="wz-first-paint"><template shadowrootmode="closed">${markup}</template></div><div id="root"></div></body>`,
    );
  });

  it('injectFirstPaint leaves a page without #root alone', () => {
    expect(injectFirstPaint('<body></body>', '<p>x</p>')).toBe('<body></body>');
  });
});

// shop data went into the page as a `String.replace` replacement, so `$&`, `` $` ``, `$'`, `$$`, `$1` and
// `$<name>` in a shop name, a description or a product name were read as patterns (`` $` `` copied the whole page
// before it: 73 → 185 KB, 42 script tags, the document in the title; a description's `$'` broke the inlined JSON).
describe('shop data holding $ patterns, through the SEO tags, the inlined JSON and the first paint', () => {
  const D = "$` $' $& $$ $1 $<name> $0";
  const shop = { id: 7, name: `Domaine ${D} démo`, urlShop: 'dollar', description: `Vins ${D} du Rhône`, editedShop: null };
  const listing = {
    items: [
      { id: 21, name: `Cuvée ${D}` },
      { id: 22, name: "Rosé $'" },
    ],
    total: 2,
  };
  const product = {
    id: 21,
    shopId: 7,
    name: `Cuvée ${D}`,
    description: `Un vin ${D}`,
    precision: `AOC ${D}`,
    status: 'online',
    visuals: [],
    vintages: [{ name: '2022' }],
    formats: [{ gtin: null, stock: 3, nameInShop: `75 cl ${D}`, price: { priceCents: 1250, ttc: true } }],
  };
  // a render like mfe-shop's: the shop's and the products' names as text (`$` is not special in HTML)
  const BUNDLE = `// FAKE_FIRST_PAINT_BUNDLE
exports.listingRequest = (search, shop) => ({ key: shop.id + '|{}', path: '/v1/products?shopIds=%5B' + shop.id + '%5D' });
exports.languageOf = () => 'fr';
exports.render = (i) => '<header><h1>' + i.shop.name + '</h1><p>' + i.shop.description + '</p></header>'
  + (i.product ? '<main><h2>' + i.product.name + '</h2><p>' + i.product.description + '</p></main>' : '<ul>' + i.listing.data.items.map((p) => '<li>' + p.name + '</li>').join('') + '</ul>');
`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const count = (html: string, s: string) => html.split(s).length - 1;
  const json = (html: string, open: string) => {
    const at = html.indexOf(open) + open.length;
    return JSON.parse(html.slice(at, html.indexOf('</script>', at)));
  };

  let fx: Fixture;
  let api: Server;
  let apiUrl: string;
  beforeAll(async () => {
    const fake = express();
    fake.get('/v1/shops/by-name/dollar', (_req, res) => res.json(shop));
    fake.get('/v1/products', (_req, res) => res.json(listing));
    fake.get('/v1/products/21', (_req, res) => res.json(product));
    fake.use((_req, res) => res.status(404).json({}));
    api = createServer(fake);
    apiUrl = `http://127.0.0.1:${await listen(api)}`;
  });
  afterAll(() => close(api));
  beforeEach(() => {
    fx = makeFixture();
    write(join(fx.root, 'mfe-shop/dist', FIRST_PAINT_BUNDLE), BUNDLE);
  });
  afterEach(() => fx.cleanup());
  const get = (path: string) =>
    request(
      createApp(loadConfig({ ROOT_DIR: fx.root, API_URL: apiUrl, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', SEO_TIMEOUT_MS: '2000' })),
    )
      .get(path)
      .set('Accept', 'text/html')
      .set('Host', 'shop.test')
      .set('Cookie', 'wz_adult=1');

  it.each([
    ['shop', '/dollar', `${shop.name} — boutique en ligne`, shop.description, 'wz-listing-data'],
    ['product', '/dollar/21-cuvee', `${product.name} — ${shop.name}`, product.description, 'wz-product-data'],
  ])(
    'keeps the %s page whole: one of each tag, the escaped name as title, the data as the api gave it',
    async (kind, path, title, description, dataId) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = res.text;
      expect(html.startsWith('<!doctype html><html lang="fr"><head>')).toBe(true);
      expect(html.endsWith('<div id="root"></div></body></html>')).toBe(true);
      for (const tag of [
        '<html',
        '<head>',
        '</head>',
        '<body>',
        '<title>',
        '<meta name="description"',
        '<link rel="canonical"',
        '<meta property="og:title"',
        '<script defer src="/static/js/main.0123456789.js"></script>',
        '<script type="application/ld+json">',
        '<script id="wz-shop-data" type="application/json">',
        `<script id="${dataId}" type="application/json">`,
        '<div id="wz-first-paint">',
        '<template shadowrootmode="closed">',
        '<div id="root">',
      ]) {
        expect([tag, count(html, tag)]).toEqual([tag, 1]);
      }
      expect(count(html, '<script')).toBe(4);
      expect(html).toContain(`<title>${esc(title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${esc(description)}">`);
      expect(html).toContain(`<meta property="og:site_name" content="${esc(shop.name)}">`);
      expect(json(html, '<script type="application/ld+json">')).toMatchObject({
        name: kind === 'shop' ? shop.name : product.name,
        description,
      });
      expect(json(html, '<script id="wz-shop-data" type="application/json">')).toEqual(shop);
      expect(json(html, `<script id="${dataId}" type="application/json">`)).toEqual(
        kind === 'shop' ? { key: '7|{}', data: listing } : product,
      );
      expect(html).toContain(`<template shadowrootmode="closed"><header><h1>${shop.name}</h1><p>${shop.description}</p></header>`);
      expect(html).toContain(
        kind === 'shop'
          ? `<ul><li>${listing.items[0].name}</li><li>Rosé $'</li></ul></template></div><div id="root">`
          : `<main><h2>${product.name}</h2>`,
      );
      // the data appears a bounded number of times; a pattern copying the page would multiply the size
      expect(html.length).toBeLessThan(3000);
    },
  );
});
