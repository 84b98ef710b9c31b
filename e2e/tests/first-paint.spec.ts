import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { loginViaApi } from '../support/session';

// The gateway's first paint of shop and product pages (speed): the page is painted from the HTML, before
// any JavaScript runs; the app then takes over and the server's copy goes.

const firstPaintHeight = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.getElementById('wz-first-paint')?.getBoundingClientRect().height ?? 0);

test('without JavaScript, the shop page is already painted from the HTML: frame, Loi Evin, products with prices', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.addCookies([{ name: 'wz_adult', value: '1', url: baseURL! }]);
  const html = await (await request.get('/domaine-demo', { headers: { Accept: 'text/html', Cookie: 'wz_adult=1' } })).text();
  expect(html).toContain('<template shadowrootmode="closed">');
  expect(html).toContain('Les Galets Rouges');
  expect(html).toMatch(/Dès \d+,\d\d\s€ TTC/);
  expect(html).toContain('modération.');
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/domaine-demo');
  expect(await firstPaintHeight(page)).toBeGreaterThan(600);
  await expect(page.locator('#root')).toBeHidden();
});

test('without JavaScript, the first visit’s age gate works: ?adult=1 sets the cookie and comes back to the page', async ({
  page,
  context,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  const res = await page.goto('/domaine-demo?page=rouges&adult=1');
  expect(res?.ok()).toBeTruthy();
  expect(new URL(page.url()).search).toBe('?page=rouges');
  expect((await context.cookies()).find((c) => c.name === 'wz_adult')?.value).toBe('1');
});

test('the app takes over the first paint: one page, interactive, on the shop and on a product', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'wz_adult', value: '1', url: baseURL! }]);
  await page.goto('/domaine-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
  await expect(page.locator('#wz-first-paint')).toHaveCount(0);
  await page.getByRole('button', { name: 'Rouge', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Blanc des Collines' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Les Galets Rouges' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Les Galets Rouges' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Les Galets Rouges' })).toBeVisible();
  await expect(page.locator('#wz-first-paint')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('dialog').getByText('Les Galets Rouges')).toBeVisible();
});

test('a signed-in buyer gets the app at once (their own prices), not the anonymous first paint', async ({ page, request }) => {
  await loginViaApi(page, request, 'buyer');
  // a slow listing: the app's own loading state shows, the anonymous copy does not stay in front of it
  await page.route('**/v1/products?**', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.goto('/domaine-demo');
  await expect(page.locator('#wz-first-paint')).toHaveCount(0, { timeout: 2500 });
  await expect(page.getByText('Chargement…')).toBeVisible({ timeout: 2500 });
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
});

// the server bundle (1.25 MB) was in mfe-shop/dist/ssr and a path filter kept it from browsers, bypassed by
// %73sr, //ssr, ./ssr, x/../ssr, %2fssr. It is now built into mfe-shop/dist-server, outside the served folder.
test('the server render bundle is never served, whatever the path spelling', async ({ baseURL }) => {
  const bundle = readFileSync(join(__dirname, '../../mfe-shop/dist-server/first-paint.cjs'), 'utf8');
  const marker = bundle.slice(bundle.indexOf('listingRequest'), bundle.indexOf('listingRequest') + 60);
  expect(marker.length).toBe(60);
  // raw paths (a URL object would normalise ./ and ../ away)
  const raw = (path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(baseURL!);
      get({ hostname, port, path, headers: { Accept: '*/*' } }, (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => {
            body += c;
          })
          .on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
      }).on('error', reject);
    });
  for (const path of [
    '/apps/mfe-shop/ssr/first-paint.cjs',
    '/apps/mfe-shop/%73sr/first-paint.cjs',
    '/apps/mfe-shop//ssr/first-paint.cjs',
    '/apps/mfe-shop/./ssr/first-paint.cjs',
    '/apps/mfe-shop/x/../ssr/first-paint.cjs',
    '/apps/mfe-shop/%2fssr/first-paint.cjs',
    '/apps/mfe-shop/../dist-server/first-paint.cjs',
    '/apps/mfe-shop/%2e%2e/dist-server/first-paint.cjs',
    '/apps/mfe-shop/..%2fdist-server/first-paint.cjs',
    '/apps/mfe-shop/%2e%2e%2fdist-server/first-paint.cjs',
    '/apps/mfe-shop/first-paint.cjs',
    '/mfe-shop/dist-server/first-paint.cjs',
  ]) {
    const res = await raw(path);
    expect.soft(res.body.includes(marker), `${path} answered the bundle`).toBe(false);
    expect
      .soft(res.status === 404 || (res.status === 200 && res.type.startsWith('text/html')), `${path} → ${res.status} ${res.type}`)
      .toBe(true);
  }
});
