import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginViaApi } from '../support/session';

// §6 'professionals can request a price grid', end to end: a professional buyer asks Domaine de Démo for its price
// grid on the shop page, the owner accepts it in /dashboard/clients (mfe-crm) with the professional typology, and the
// buyer, reloading the shop, sees the professional prices (HT) instead of the public ones.

/** A Luhn-valid SIRET (14 digits) from a 13-digit prefix. */
function siret(prefix13: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const s = `${prefix13}${d}`;
    const sum = [...s].reverse().reduce((acc, c, i) => {
      let n = Number(c);
      if (i % 2 === 1) {
        n *= 2;
        if (n > 9) n -= 9;
      }
      return acc + n;
    }, 0);
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}

/** Registers a professional buyer through the api (the mail stays unvalidated: login is allowed). */
async function registerPro(request: APIRequestContext) {
  const stamp = Date.now();
  const account = {
    type: 'buyer',
    firstname: 'Paula',
    lastname: `Pro ${[...String(stamp % 100000)].map((d) => 'abcdefghij'[Number(d)]).join('')}`,
    email: `paula.pro.${stamp}@demo.test`,
    password: 'Secret12',
    isPro: true,
    company: 'Bistrot Paula',
    siret: siret(String(stamp).slice(-13).padStart(13, '1')),
    phone: '+33611112222',
    adult: true,
    terms: true,
  };
  const res = await request.post('/v1/auth/register', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Stores a session for `email` the way the shell persists it. */
async function loginAs(page: Page, request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/v1/auth/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  expect(body.user.role).toBe('buyer');
  await page.goto('/version.json');
  await page.evaluate(([session]) => localStorage.setItem('wz-session', JSON.stringify({ state: session, version: 1 })), [
    { user: body.user, jwt: body.jwt, masterAccount: null, shop: null },
  ] as const);
}

test('a pro buyer requests the price grid, the owner accepts it with the professional typology, the buyer then sees professional prices', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const pro = await registerPro(request);
  const name = `${pro.firstname} ${pro.lastname}`;
  const galets = (await (await request.get(`/v1/products?filter=${encodeURIComponent(JSON.stringify({ search: 'Galets' }))}`)).json())
    .items[0] as { id: number };

  // The buyer, on the product page: public price, then the request from the shop page.
  await page.context().addCookies([{ name: 'wz_adult', value: '1', url: baseURL! }]);
  await loginAs(page, request, pro.email, pro.password);
  await page.goto(`/domaine-demo/${galets.id}-les-galets-rouges`);
  const format = page.getByRole('group', { name: 'Format' });
  await format.getByRole('button', { name: /Bouteille 75 cl/ }).click();
  await expect(page.getByTestId('price')).toContainText('12,50 € TTC');
  await page.goto('/domaine-demo');
  const grid = page.getByTestId('price-grid');
  await grid.getByRole('button', { name: 'Demander la grille tarifaire professionnelle' }).click();
  await expect(grid.getByRole('button', { name: 'Demande envoyée' })).toBeDisabled();

  // The owner opens /dashboard/clients (a separate browser context) and accepts with 'Professionnel'.
  const ownerContext = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
  const owner = await ownerContext.newPage();
  await loginViaApi(owner, ownerContext.request, 'owner');
  // the owner's notification leads to the new screen
  const ownerLogin = await (await request.post('/v1/auth/login', { data: { email: 'owner@demo.test', password: 'Owner1234' } })).json();
  const notes = await (await request.get('/v1/notifications-centers', { headers: { Authorization: `Bearer ${ownerLogin.jwt}` } })).json();
  expect(notes.find((n: { content: string }) => n.content.includes(pro.email))).toMatchObject({
    type: 'newContact',
    redirectLink: '/dashboard/clients?view=requests',
  });

  // the client file's tab of the price-grid requests
  await owner.goto('/dashboard/clients?view=requests');
  await expect(owner.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(owner.getByRole('tab', { name: 'Demandes de grille tarifaire', selected: true })).toBeVisible();
  const requests = owner.getByTestId('grid-requests');
  const card = requests.getByTestId('resource-row').filter({ hasText: name });
  await expect(card).toContainText('Bistrot Paula');
  await expect(card).toContainText(pro.email);
  await expect(card).toContainText('+33611112222');
  await expect(card.getByTestId('typology-select')).toContainText('Professionnel');
  await card.getByRole('button', { name: `Accepter la demande de ${name}` }).click();
  await expect(requests.getByTestId('resource-row').filter({ hasText: name })).toHaveCount(0);
  const clients = owner.getByTestId('shop-clients');
  await expect(clients.getByTestId('resource-row').filter({ hasText: name })).toContainText('Professionnel');
  await ownerContext.close();

  // The buyer reloads: professional price (HT), no more request button; the notification links to the shop.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nos produits' })).toBeVisible();
  await expect(page.getByTestId('price-grid')).toHaveCount(0);
  await page.goto(`/domaine-demo/${galets.id}-les-galets-rouges`);
  await format.getByRole('button', { name: /Bouteille 75 cl/ }).click();
  await expect(page.getByTestId('price')).toContainText('8,33 € HT');
  await expect(page.getByTestId('price')).not.toContainText('12,50');
  const buyerLogin = await (await request.post('/v1/auth/login', { data: { email: pro.email, password: pro.password } })).json();
  const mine = await (await request.get('/v1/notifications-centers', { headers: { Authorization: `Bearer ${buyerLogin.jwt}` } })).json();
  expect(mine[0]).toMatchObject({ type: 'priceGrid', redirectLink: '/domaine-demo' });
  expect(buyerLogin.user.role).toBe('buyer');
});
