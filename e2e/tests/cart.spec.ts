import { expect, test, type Page } from '@playwright/test';
import { loginViaForm } from '../support/session';

// Anonymous cart seeded in localStorage the way the cart store persists it (zustand persist, version 1).
const bottle = (idTmp: string, id: number, name: string, price: number, quantity: number, vintage: string) => ({
  idTmp,
  id,
  productType: 'bottle',
  quantity,
  name,
  packing: 'Carton de 6',
  chosenFormat: { id: id * 10, price },
  chosenVintage: { id: id * 100, name: vintage },
});
const CART = {
  orders: [
    {
      seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      products: [bottle('a', 1, 'Cuvée Prestige', 10, 2, '2019'), bottle('b', 2, 'Rosé d’été', 8, 1, 'NV')],
      reservations: [],
    },
    {
      seller: { id: 2, name: 'Brasserie Démo', urlShop: 'brasserie-demo' },
      products: [bottle('c', 3, 'Blonde', 2.5, 4, 'NV')],
      reservations: [],
    },
  ],
  lastUpdated: '2026-01-01T00:00:00.000Z',
};

async function seedCart(page: Page) {
  await page.goto('/version.json');
  await page.evaluate((cart) => localStorage.setItem('wz-cart', JSON.stringify({ state: cart, version: 1 })), CART);
}

const badge = (page: Page) => page.getByTestId('cart-count');
const drawer = (page: Page) => page.locator('.wz-cart-drawer');

async function openDrawer(page: Page) {
  await page
    .getByRole('button', { name: /^Panier, / })
    .first()
    .click();
  await expect(drawer(page).getByText('Mon panier')).toBeVisible();
}

test('an anonymous visitor sees the badge, the drawer with totals, changes a quantity and empties the cart', async ({ page }) => {
  await seedCart(page);
  await page.goto('/cart');
  await expect(badge(page)).toHaveText('7');
  await openDrawer(page);
  const d = drawer(page);
  await expect(d.getByTestId('cart-seller')).toHaveCount(2);
  await expect(d.getByText('Cuvée Prestige')).toBeVisible();
  await expect(d.getByText('2019')).toBeVisible();
  await expect(d.getByText('Blonde')).toBeVisible();
  // (2 × 10 + 8) × 1.2 = 33.60 ; 4 × 2.50 × 1.2 = 12 → 45.60 € TTC
  await expect(d.getByTestId('cart-total-ttc')).toHaveText(/45,60\s€/);
  await d.getByRole('button', { name: 'Ajouter un Cuvée Prestige' }).click();
  await expect(d.getByTestId('cart-total-ttc')).toHaveText(/57,60\s€/);
  await expect(badge(page)).toHaveText('8');
  await d.getByRole('button', { name: 'Retirer un Rosé d’été' }).click();
  await expect(d.getByText('Rosé d’été')).toHaveCount(0);
  await expect(badge(page)).toHaveText('7');

  await d.getByRole('button', { name: 'Vider le panier' }).click();
  const confirm = page.getByRole('dialog', { name: 'Attention !!' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('Vous êtes sur le point de vider votre panier')).toBeVisible();
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(d.getByText('Votre panier est vide')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  // emptied on /cart → back to the shop page
  await expect(page).toHaveURL(/\/domaine-demo$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wz-cart')!).state.orders)).toEqual([]);
});

test('the anonymous cart is kept at login and saved on the server', async ({ page }) => {
  await seedCart(page);
  await page.goto('/cart');
  await expect(badge(page)).toHaveText('7');
  await loginViaForm(page, 'buyer', '/auth/login?redirectLink=%2Fcart');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(badge(page)).toHaveText('7');

  // A change while logged in is saved after the 1 s debounce.
  await page.getByTestId('cart-page-order').nth(1).getByRole('button', { name: 'Ajouter un Blonde' }).click();
  await expect(badge(page)).toHaveText('8');
  const jwt = await page.evaluate(() => JSON.parse(localStorage.getItem('wz-session')!).state.jwt as string);
  await expect
    .poll(async () => {
      const me = await page.request.get('/v1/users/me', { headers: { Authorization: `Bearer ${jwt}` } });
      const body = await me.json();
      return (body.cart?.orders ?? []).flatMap((o: { products: Array<{ quantity: number }> }) => o.products.map((p) => p.quantity));
    })
    .toEqual([2, 1, 5]);

  // Without a local cart the server cart is loaded.
  await page.evaluate(() => localStorage.removeItem('wz-cart'));
  await page.reload();
  await expect(badge(page)).toHaveText('8');
  await expect(page.getByTestId('cart-page-order')).toHaveCount(2);
});
