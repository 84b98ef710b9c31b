import { createServer, type Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { createApp } from './app';
import { loadConfig } from './config';
import { injectHead, remoteForPath, remotePreloads, seoTarget } from './seo';
import { close, deadPort, listen, makeFixture, type Fixture } from './test-fixtures';

describe('seoTarget', () => {
  it.each([
    ['/domaine-demo', { kind: 'shop', shop: 'domaine-demo' }],
    ['/shops/12', { kind: 'shop', shop: '12' }],
    ['/domaine-demo/12-les-galets-rouges', { kind: 'product', shop: 'domaine-demo', productId: 12 }],
    ['/shops/1/7', { kind: 'product', shop: '1', productId: 7 }],
    ['/dashboard', null],
    ['/auth/login', null],
    ['/gs1/01/123', null],
    ['/', null],
    ['/domaine-demo/legal-notice', null],
    ['/domaine-demo/nutritiveValues', null],
    ['/shops', null],
  ])('%s → %j', (path, expected) => {
    expect(seoTarget(path)).toEqual(expected);
  });
  it('replaces the title and adds the tags before </head>', () => {
    expect(injectHead('<html><head><title>Wineriz</title></head><body></body></html>', '<title>X</title>')).toBe(
      '<html><head><title>X</title>\n</head><body></body></html>',
    );
  });
});

const DOLLARS = "Domaine $` $' $& $$ $1 $<x> démo";

describe('gateway SEO injection', () => {
  let fx: Fixture;
  let api: Server;
  let apiUrl: string;
  let hits: string[];
  beforeAll(async () => {
    hits = [];
    const fake = express();
    fake.use((req, _res, next) => {
      hits.push(req.path);
      next();
    });
    fake.get('/v1/shops/by-name/domaine-demo', (_req, res) =>
      res.json({
        id: 1,
        name: 'Domaine de Démo',
        urlShop: 'domaine-demo',
        description: 'Vins du Rhône <en direct>',
        editedShop: { logo: 'https://cdn.test/logo.png' },
      }),
    );
    fake.get('/v1/products/12', (_req, res) =>
      res.json({
        id: 12,
        shopId: 1,
        name: 'Les Galets Rouges',
        description: 'Un rouge gourmand.',
        precision: 'Côtes du Rhône',
        status: 'online',
        visuals: [],
        vintages: [{ name: '2022' }],
        formats: [{ gtin: '3760123000024', stock: 4, nameInShop: 'Bouteille 75 cl', price: { priceCents: 1250, ttc: true } }],
      }),
    );
    fake.get('/v1/shops/by-name/dollar-shop', (_req, res) =>
      res.json({ id: 3, name: DOLLARS, urlShop: 'dollar-shop', description: `desc ${DOLLARS}`, editedShop: null }),
    );
    fake.get('/v1/products/14', (_req, res) =>
      res.json({
        id: 14,
        shopId: 3,
        name: `vin ${DOLLARS}`,
        description: DOLLARS,
        precision: null,
        status: 'online',
        visuals: [],
        vintages: [],
        formats: [],
      }),
    );
    fake.get('/v1/products/13', (_req, res) =>
      res.json({
        id: 13,
        shopId: 2,
        name: 'Autre boutique',
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
  });
  afterEach(() => fx.cleanup());
  const gw = (url = apiUrl) =>
    createApp(loadConfig({ ROOT_DIR: fx.root, API_URL: url, LOG_LEVEL: 'silent', REGISTRY_RECHECK_MS: '0', SEO_TIMEOUT_MS: '500' }));

  it('puts title, description, canonical and Open Graph tags into a shop page', async () => {
    const res = await request(gw()).get('/domaine-demo').set('Accept', 'text/html').set('Host', 'shop.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
    expect(res.text).toContain('<title>Domaine de Démo — boutique en ligne</title>');
    expect(res.text).toContain('<meta name="description" content="Vins du Rhône &lt;en direct&gt;">');
    expect(res.text).toContain('<link rel="canonical" href="http://shop.test/domaine-demo">');
    expect(res.text).toContain('<meta property="og:image" content="https://cdn.test/logo.png">');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    // the shop as the api answered, inert and with '<' escaped, for the first render of an anonymous visitor
    const data = /<script id="wz-shop-data" type="application\/json">(.*?)<\/script>/.exec(res.text)![1];
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toMatchObject({ id: 1, urlShop: 'domaine-demo', description: 'Vins du Rhône <en direct>' });
  });

  // `html.replace(string, string)` read these in shop data as patterns (the page grew to 185 KB)
  it.each(['/dollar-shop', '/dollar-shop/14-vin'])('keeps %s whole when shop data holds $ patterns', async (url) => {
    const plain = await request(gw()).get('/domaine-demo').set('Accept', 'text/html');
    const res = await request(gw()).get(url).set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text.match(/<html/g)).toHaveLength(1);
    expect(res.text.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.text.match(/<script defer src="\/static\/js\/main/g)).toHaveLength(1);
    expect(res.text.length).toBeLessThan(plain.text.length + 2000);
    expect(res.text).toContain('$&amp;');
    const name = DOLLARS.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(res.text).toContain(
      url === '/dollar-shop' ? `<title>${name} — boutique en ligne</title>` : `<title>vin ${name} — ${name}</title>`,
    );
    expect(res.text).toContain(`<meta name="description" content="${url === '/dollar-shop' ? 'desc ' : ''}${name}">`);
    expect(res.text.match(/<script/g)).toHaveLength(3); // main, JSON-LD, wz-shop-data
    const data = /<script id="wz-shop-data" type="application\/json">(.*?)<\/script>/.exec(res.text)![1];
    expect(JSON.parse(data).name).toBe(DOLLARS);
  });

  it('puts schema.org Product JSON-LD (name, GTIN, price, availability) into a product page', async () => {
    const res = await request(gw()).get('/domaine-demo/12-les-galets-rouges').set('Accept', 'text/html').set('Host', 'shop.test');
    expect(res.text).toContain('<title>Les Galets Rouges — Domaine de Démo</title>');
    expect(res.text).toContain('<link rel="canonical" href="http://shop.test/domaine-demo/12-les-galets-rouges">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.text)![1]);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Les Galets Rouges',
      gtin13: '3760123000024',
      offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
  });

  it('serves the plain index.html for an unknown shop, a product of another shop, or a dead api', async () => {
    for (const path of ['/nope', '/domaine-demo/13-autre', '/domaine-demo/99']) {
      const res = await request(gw()).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('og:title');
      if (path === '/nope') expect(res.text).not.toContain('wz-shop-data');
    }
    const dead = await request(gw(`http://127.0.0.1:${await deadPort()}`))
      .get('/domaine-demo')
      .set('Accept', 'text/html');
    expect(dead.status).toBe(200);
    expect(dead.text).toContain('<div id="root"></div>');
  });

  it('does not ask the api for the product’s own routes', async () => {
    hits.length = 0;
    await request(gw()).get('/dashboard/orders').set('Accept', 'text/html');
    await request(gw()).get('/auth/login').set('Accept', 'text/html');
    expect(hits).toEqual([]);
  });
});

describe('remoteForPath', () => {
  const registry = {
    remotes: [
      {
        name: 'mfe-shop',
        entry: '/apps/mfe-shop/mf-manifest.json',
        routes: [{ path: '/:name' }, { path: '/:name/:product' }, { path: '/shops/:id' }],
      },
      {
        name: 'mfe-sales',
        entry: '/apps/mfe-sales/mf-manifest.json',
        routes: [{ path: '/dashboard/orders' }, { path: '/dashboard/orders/:id' }],
      },
      { name: 'mfe-cart', entry: '/apps/mfe-cart/mf-manifest.json', routes: [{ path: '/cart' }] },
      { name: 'mfe-crm', entry: '/apps/mfe-crm/mf-manifest.json', routes: [{ path: '/help/*' }] },
    ],
  };
  it.each([
    ['/domaine-demo', 'mfe-shop'],
    ['/domaine-demo/1-les-galets-rouges', 'mfe-shop'],
    ['/cart', 'mfe-cart'],
    ['/dashboard/orders', 'mfe-sales'],
    ['/dashboard/orders/12', 'mfe-sales'],
    ['/help/a/b', 'mfe-crm'],
    ['/shops/3', 'mfe-shop'],
  ])('%s → %s (static segments beat parameters)', (path, name) => {
    expect(remoteForPath(registry, path)?.name).toBe(name);
  });
  it('answers null when nothing matches', () => {
    expect(remoteForPath(registry, '/a/b/c/d')).toBeNull();
    expect(remoteForPath(registry, '/')).toBeNull();
  });
  it('preloads the manifest as a CORS fetch and the remoteEntry as a script', () => {
    expect(remotePreloads('/apps/mfe-shop/mf-manifest.json')).toBe(
      '<link rel="preload" href="/apps/mfe-shop/mf-manifest.json" as="fetch" crossorigin>\n<link rel="preload" href="/apps/mfe-shop/remoteEntry.js" as="script">',
    );
  });
});
