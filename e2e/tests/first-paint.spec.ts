import { expect, test } from '@playwright/test';
import { loginViaApi } from '../support/session';

// The gateway's first paint of shop and product pages (issue 4, speed): the page is painted from the HTML, before
// any JavaScript runs; the app then takes over and the server's copy goes.

const firstPaintHeight = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.getElementById('wz-first-paint')?.getBoundingClientRect().height ?? 0);

test('without JavaScript, the shop page is already painted from the HTML: frame, Loi Evin, products with prices', async ({ page, context, request, baseURL }) => {
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

test('without JavaScript, the first visit’s age gate works: ?adult=1 sets the cookie and comes back to the page', async ({ page, context }) => {
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
  await page.route('**/v1/products?**', async (route) => { await new Promise((r) => setTimeout(r, 3000)); await route.continue(); });
  await page.goto('/domaine-demo');
  await expect(page.locator('#wz-first-paint')).toHaveCount(0, { timeout: 2500 });
  await expect(page.getByText('Chargement…')).toBeVisible({ timeout: 2500 });
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
});
