import { expect, test, type Page } from '@playwright/test';
import { loginViaApi } from '../support/session';

// Public shop: age gate, tabs, filters, product page, GS1 Digital Link, e-label, English, phone,
// prices reserved to members (Cave des Pros Démo).

async function acceptAge(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Accès réservé aux personnes majeures' })).toBeVisible();
  await page.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" }).click();
}

async function galets(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get(`/v1/products?filter=${encodeURIComponent(JSON.stringify({ search: 'Galets' }))}`);
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return body.items[0] as { id: number; formats: Array<{ id: number; gtin: string }>; vintages: Array<{ id: number; name: string }> };
}

test('an anonymous visitor who refuses the age gate is sent to /auth', async ({ page, context }) => {
  await page.goto('/domaine-demo');
  await expect(page.getByRole('heading', { name: 'Nos produits' })).toHaveCount(0);
  await page.getByRole('button', { name: "Non, j'ai moins de 18 ans" }).click();
  await expect(page).toHaveURL(/\/auth(\/|$|\?)/);
  expect((await context.cookies()).find((c) => c.name === 'wz_adult')).toBeUndefined();
});

test('accepting the age gate shows the shop, sets the adult cookie for a year, and the Loi Evin message', async ({ page, context }) => {
  await page.goto('/domaine-demo');
  await acceptAge(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
  await expect(page.getByTestId('evin')).toHaveText("L'abus d'alcool est dangereux pour la santé, à consommer avec modération.");
  const cookie = (await context.cookies()).find((c) => c.name === 'wz_adult');
  expect(cookie?.value).toBe('1');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('tabs with page and pageid, colour filter, search empty state', async ({ page }) => {
  await page.goto('/domaine-demo?page=le-domaine');
  await acceptAge(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Le domaine' })).toBeVisible();
  await expect(page.getByText('Vingt hectares')).toBeVisible();
  // Two tabs are called 'Nouveautés': the link of the top-level one carries its pageid.
  const top = page.getByRole('navigation', { name: 'Domaine de Démo' }).locator('.wzs-tabs > li > a', { hasText: 'Nouveautés' });
  await expect(top).toHaveAttribute('href', /page=nouveautés.*&pageid=\d+|page=nouveaut%C3%A9s&pageid=\d+/);
  await top.click();
  await expect(page).toHaveURL(/pageid=\d+/);
  await expect(page.getByText('Le millésime 2023 arrive')).toBeVisible();
  // A tab listing products (children of 'Nos vins').
  await page.goto('/domaine-demo?page=rouges');
  await expect(page.getByRole('heading', { level: 1, name: 'Rouges' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Les Galets Rouges' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rosé des Vignes' })).toHaveCount(0);
  // All products, filtered by colour.
  await page.goto('/domaine-demo');
  await expect(page.getByText(/^\d+ produit\(s\)$/)).toBeVisible();
  await page.getByRole('group', { name: 'Couleur' }).getByRole('button', { name: 'Rosé', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Rosé des Vignes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Les Galets Rouges' })).toHaveCount(0);
  const metas = await page.locator('.wzs-card .wzs-meta').allTextContents();
  expect(metas.length).toBeGreaterThan(1);
  for (const m of metas) expect(m).toContain('Rosé');
  await page.getByRole('group', { name: 'Couleur' }).getByRole('button', { name: 'Tous les produits' }).click();
  await page.getByLabel('Rechercher un produit').fill('introuvable-xyz');
  await expect(page.getByText('Aucun produit ne correspond à votre recherche')).toBeVisible();
});

test('product page: vintage and format selectors, tier prices, promotion, non-vintage label, unknown product', async ({
  page,
  request,
}) => {
  const p = await galets(request);
  await page.goto('/domaine-demo');
  await acceptAge(page);
  await page.getByRole('link', { name: 'Les Galets Rouges' }).click();
  await expect(page).toHaveURL(new RegExp(`/domaine-demo/${p.id}-les-galets-rouges`));
  await expect(page.getByRole('heading', { level: 1, name: 'Les Galets Rouges' })).toBeVisible();
  await expect(page.getByTestId('evin')).toBeVisible();
  const vintage = page.getByRole('group', { name: 'Millésime' });
  await expect(vintage.getByRole('button', { name: '2022' })).toHaveAttribute('aria-pressed', 'true');
  await vintage.getByRole('button', { name: '2021' }).click();
  await expect(vintage.getByRole('button', { name: '2021' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/vintage=\d+/);
  const format = page.getByRole('group', { name: 'Format' });
  await format.getByRole('button', { name: /Bouteille 75 cl/ }).click();
  const price = page.getByTestId('price');
  await expect(price).toContainText('12,50 € TTC');
  await expect(price.getByRole('table', { name: 'Prix par quantité' })).toContainText('Dès 6');
  await expect(price).toContainText('11,88 € TTC');
  await expect(price).toContainText('11,25 € TTC');
  await format.getByRole('button', { name: /Magnum/ }).click();
  await expect(price).toContainText('28,75 € TTC');
  // The magnum is limited to 6 per order: the quantity field clamps.
  const qty = page.getByRole('spinbutton', { name: 'Quantité' });
  await qty.fill('12');
  await expect(qty).toHaveValue('6');
  await expect(page.getByTestId('tier-price')).toContainText('Prix unitaire pour 6 : 27,31 € TTC');
  await format.getByRole('button', { name: /Bouteille 75 cl/ }).click();
  await expect(price).toContainText('12,50 € TTC'); // the format switch resets the quantity: wait for it
  await qty.fill('12');
  await expect(page.getByTestId('tier-price')).toContainText('Prix unitaire pour 12 : 11,25 € TTC');
  await expect(page.getByTestId('stock')).toHaveText('En stock');
  await expect(page.getByTestId('qr')).toHaveCount(0); // owners only
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wz-cart') ?? '{}')?.state?.orders?.[0]?.products?.[0]?.quantity))
    .toBe(12);

  // Non-vintage product and an active promotion.
  const bulles = (
    await (await request.get(`/v1/products?filter=${encodeURIComponent(JSON.stringify({ search: 'Fines Bulles Brut' }))}`)).json()
  ).items[0];
  await page.goto(`/domaine-demo/${bulles.id}`);
  await expect(page.getByRole('group', { name: 'Millésime' }).getByRole('button', { name: 'Non millésimé (NV)' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Format' })
    .getByRole('button', { name: /Bouteille 75 cl/ })
    .click();
  await expect(page.getByText(/Commande de 12 bouteilles : -2,00\s€ dès 12 produits dans la commande/)).toBeVisible();

  await page.goto('/domaine-demo/999999');
  await expect(page.getByRole('heading', { name: 'Produit inexistant' })).toBeVisible();
});

test('a GS1 Digital Link lands on the product (and vintage); an invalid GTIN gets a clear 404 page', async ({ page, request }) => {
  const p = await galets(request);
  const f = p.formats[1];
  await page.goto(`/gs1/01/0${f.gtin}/22/2021`);
  await acceptAge(page);
  await expect(page).toHaveURL(new RegExp(`/domaine-demo/${p.id}\\?format=${f.id}&vintage=${p.vintages[1].id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Les Galets Rouges' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Millésime' }).getByRole('button', { name: '2021' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/gs1/01/1234567890123');
  await expect(page.getByRole('heading', { name: 'Produit introuvable' })).toBeVisible();
  await expect(page.getByText("Ce code GTIN n'est pas valide")).toBeVisible();
});

test('the nutrition e-label needs no age gate, sets no cookie and loads no third-party script', async ({ page, context, request }) => {
  const p = await galets(request);
  const foreign: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') foreign.push(r.url());
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/domaine-demo/nutritiveValues?product=${p.id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Les Galets Rouges — 2022/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const table = page.getByRole('table');
  await expect(table).toContainText('Énergie');
  await expect(table).toContainText(/\d+ kJ \/ \d+ kcal/);
  for (const row of ['Matières grasses', 'dont acides gras saturés', 'Glucides', 'dont sucres', 'Protéines', 'Sel'])
    await expect(table).toContainText(row);
  await expect(page.getByTestId('ingredients').locator('strong')).toHaveText('anhydride sulfureux');
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
  for (const s of scripts) expect(new URL(s).hostname).toBe('127.0.0.1');
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe('');
});

test('?lang=en shows the shop in English', async ({ page }) => {
  await page.goto('/domaine-demo?lang=en');
  await expect(page.getByRole('dialog', { name: 'Adults only' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our wines' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Colour' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the visitor browses the shop through the drawer and opens a product', async ({ page }) => {
    await page.goto('/brasserie-demo');
    await acceptAge(page);
    // the shop's own products title (settings.titleProducts) wins over the business-type wording
    await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
    await expect(page.getByText('Les prix sont réservés aux clients de la boutique.')).toHaveCount(0); // public prices
    await page.getByRole('button', { name: 'Menu de la boutique' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu de la boutique' });
    await expect(drawer.getByRole('link', { name: 'Mon espace' })).toBeVisible();
    await drawer.getByRole('link', { name: 'La brasserie' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'La brasserie' })).toBeVisible();
    await page.goto('/brasserie-demo');
    await page.getByRole('link', { name: 'Blonde de Démo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blonde de Démo' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Brassin' })).toBeVisible();
    await expect(page.getByTestId('price')).toContainText('3,20 € TTC');
    await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeEnabled();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('prices reserved to members (Cave des Pros Démo): a visitor gets a sign-in prompt and no price, the shop owner sees the prices', async ({
  page,
  request,
}) => {
  await page.goto('/cave-des-pros');
  await acceptAge(page);
  await expect(page.getByText('Les prix sont réservés aux clients de la boutique.').first()).toBeVisible();
  // every card says so instead of a price
  await expect(page.locator('.wzs-card .wzs-price')).toHaveText(Array(6).fill('Les prix sont réservés aux clients de la boutique.'));
  await page.getByRole('link', { name: 'Chablis Premier Cru Vaillons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chablis Premier Cru Vaillons' })).toBeVisible();
  const price = page.getByTestId('price');
  await expect(price).toContainText('Les prix sont réservés aux clients de la boutique.');
  await expect(price).not.toContainText('€');
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toHaveCount(0);
  const signIn = page.getByRole('link', { name: 'Se connecter pour voir les prix' });
  await expect(signIn).toHaveAttribute('href', /^\/auth\/login\?redirectLink=%2Fcave-des-pros%2F\d+/);
  // The api hides them too: no price reaches an anonymous visitor.
  const shop = (await (await request.get('/v1/shops/cave-des-pros')).json()) as { id: number };
  const anon = await (await request.get(`/v1/products?shopIds=${encodeURIComponent(JSON.stringify([shop.id]))}`)).json();
  expect(anon.pricesReserved).toBe(true);
  expect(anon.items).toHaveLength(6);
  expect(anon.items.every((p: { formats: Array<{ price: unknown }> }) => p.formats.every((f) => f.price === null))).toBe(true);

  const productUrl = page.url();
  await loginViaApi(page, request, 'owner3');
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Chablis Premier Cru Vaillons' })).toBeVisible();
  await expect(price).toContainText(/\d+,\d{2}\s€ TTC/);
  await expect(price).not.toContainText('Les prix sont réservés');
});

test('the gateway serves search-engine tags and Product JSON-LD in the HTML of a product URL', async ({ request }) => {
  const p = await galets(request);
  const res = await request.get(`/domaine-demo/${p.id}-les-galets-rouges`, { headers: { Accept: 'text/html' } });
  const html = await res.text();
  expect(html).toContain('<title>Les Galets Rouges — Domaine de Démo</title>');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/domaine-demo\/\d+-les-galets-rouges">/);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
  expect(ld).toMatchObject({
    '@type': 'Product',
    name: 'Les Galets Rouges',
    gtin13: p.formats[0].gtin,
    offers: { priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  });
});

test('the owner downloads a product QR code pointing at its GS1 Digital Link; anonymous visitors see none', async ({ page, request }) => {
  const p = await galets(request);
  await loginViaApi(page, request, 'owner');
  await page.goto(`/domaine-demo/${p.id}?format=${p.formats[1].id}`);
  await expect(page.getByRole('dialog', { name: 'Accès réservé aux personnes majeures' })).toHaveCount(0);
  const qr = page.getByTestId('qr');
  await expect(qr.locator('canvas')).toBeVisible();
  await expect(qr).toContainText(new RegExp(`/gs1/01/0${p.formats[1].gtin}/22/2022`));
  const [download] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: 'Télécharger le QR code' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^qr-les-galets-rouges-\d{13}\.png$/);
});

test('the owner configures an embeddable widget and gets its embed code; /iframes/{id} can be framed anywhere', async ({
  page,
  request,
  browser,
}) => {
  await loginViaApi(page, request, 'owner');
  await page.goto('/dashboard/iframes/add');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('main form').getByRole('alert')).toHaveText('Le nom est obligatoire');
  await page.getByLabel('Nom').fill('Site du domaine');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/iframes\/\d+$/);
  const id = /\/dashboard\/iframes\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByLabel('Code à intégrer')).toHaveValue(new RegExp(`<iframe src="http://127\\.0\\.0\\.1:\\d+/iframes/${id}"`));
  const res = await request.get(`/iframes/${id}`, { headers: { Accept: 'text/html' } });
  expect(res.headers()['content-security-policy']).toContain('frame-ancestors *');
  const anon = await browser.newPage();
  await anon.goto(`/iframes/${id}`);
  await anon.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" }).click();
  await expect(anon.getByTestId('iframe-widget').getByRole('link', { name: 'Les Galets Rouges' })).toBeVisible();
  await anon.close();
});
