import { expect, test, type Page } from '@playwright/test';
import { loginViaApi } from '../support/session';

// Shop owner screens (customisation, iframes list) and the public box builder.

async function acceptAge(page: Page) {
  const gate = page.getByRole('dialog', { name: 'Accès réservé aux personnes majeures' });
  if (await gate.isVisible().catch(() => false)) await page.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" }).click();
}

test('the owner customises the colour and a tab name, saves, and the public page shows them', async ({ page, request }) => {
  const login = await loginViaApi(page, request, 'owner');
  const auth = { Authorization: `Bearer ${login.jwt}` };
  const before = await (await request.get('/v1/shops/me/page', { headers: auth })).json();
  // Other specs of the run read the demo shop: put its colour and tabs back afterwards.
  const restore = async () => {
    const strip = (t: { id: number; name: string; exists: boolean; content: unknown; children: unknown[] }): unknown => ({
      id: t.id,
      name: t.name,
      exists: t.exists,
      content: t.content,
      children: (t.children as (typeof t)[]).map(strip),
    });
    await request.put('/v1/shops/me', {
      headers: auth,
      data: { editedShop: { color: before.editedShop.color }, tabs: before.tabs.map(strip), noMessage: true },
    });
  };
  try {
    await page.goto('/dashboard/customize');
    await expect(page.getByRole('heading', { name: 'Personnalisation de la boutique' })).toBeVisible();
    const leDomaine = page.locator('input[value="Le domaine"]');
    await expect(leDomaine).toBeVisible();
    await leDomaine.fill('Notre histoire');
    await page.getByLabel('Couleur principale', { exact: true }).fill('#1d4e89');
    // The preview (the real shop header, in an iframe) follows the unsaved values.
    const preview = page.frameLocator('iframe[title="Aperçu ordinateur"]');
    await expect(preview.getByRole('link', { name: 'Notre histoire' })).toBeVisible();
    await expect(preview.locator('header.wzs-header')).toHaveCSS('background-color', 'rgb(29, 78, 137)');
    await expect(page.getByText('Modifications non enregistrées')).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Vos informations ont été mises à jour')).toBeVisible();
    await expect(page.getByText('Modifications non enregistrées')).toHaveCount(0);

    await page.goto('/domaine-demo');
    await acceptAge(page);
    const nav = page.getByRole('navigation', { name: 'Domaine de Démo' });
    await expect(nav.getByRole('link', { name: 'Notre histoire' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Le domaine' })).toHaveCount(0);
    await expect(page.locator('header.wzs-header')).toHaveCSS('background-color', 'rgb(29, 78, 137)');
    await nav.getByRole('link', { name: 'Notre histoire' }).click();
    await expect(page.getByText('Vingt hectares')).toBeVisible();
  } finally {
    await restore();
  }
});

test('the owner sees the iframes list and copies the embed code', async ({ page, request, context }) => {
  const login = await loginViaApi(page, request, 'owner');
  await request.post('/v1/iframes', { headers: { Authorization: `Bearer ${login.jwt}` }, data: { name: 'Site du domaine', kind: 'list' } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard/iframes');
  await expect(page.getByRole('heading', { name: 'Iframes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Site du domaine', exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Copier le code de Site du domaine' }).first().click();
  await expect(page.getByRole('button', { name: 'Copier le code de Site du domaine' }).first()).toHaveText('Copié');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/iframes\/\d+" title="Site du domaine"/);
});

test('a buyer composes a box and it appears in the cart drawer', async ({ page, request }) => {
  await loginViaApi(page, request, 'buyer');
  const shop = await (await request.get('/v1/shops/domaine-demo')).json();
  await page.goto(`/shops/${shop.id}/builders`);
  await acceptAge(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Composer un coffret' })).toBeVisible();
  await page.getByRole('link', { name: 'Composer : Coffret Découverte 3 bouteilles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coffret Découverte 3 bouteilles' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Ajouter au panier' });
  await expect(add).toBeDisabled();
  await page.getByRole('button', { name: 'Ajouter une bouteille de Les Galets Rouges 2022' }).click();
  await page.getByRole('button', { name: 'Ajouter une bouteille de Les Galets Rouges 2022' }).click();
  await page.getByRole('button', { name: 'Ajouter une bouteille de Rosé des Vignes 2023' }).click();
  await expect(page.getByTestId('remaining')).toContainText('Votre coffret est complet');
  await expect(page.getByRole('button', { name: 'Ajouter une bouteille de Les Terrasses 2022' })).toBeDisabled();
  await add.click();
  const drawer = page.locator('.wz-cart-drawer');
  await expect(drawer.getByText('Mon panier')).toBeVisible();
  await expect(drawer.getByText('Coffret Découverte 3 bouteilles')).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('wz-cart') ?? '{}'));
  // Other specs may have left this buyer's server cart with orders of other shops: look in every order.
  const lines = cart.state.orders.flatMap((o: { products: { name: string }[] }) => o.products);
  const line = lines.find((p: { name: string }) => p.name === 'Coffret Découverte 3 bouteilles');
  expect(line.composition.map((c: { name: string; quantity: number }) => [c.name, c.quantity])).toEqual([
    ['Les Galets Rouges 2022', 2],
    ['Rosé des Vignes 2023', 1],
  ]);

  // Unknown builder: a clear 404 page.
  await page.goto(`/shops/${shop.id}/builders/99999`);
  await expect(page.getByRole('heading', { name: "Ce coffret à composer n'existe pas" })).toBeVisible();
});
