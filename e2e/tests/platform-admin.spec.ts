import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaForm } from '../support/session';

// Issue 17: the owner switches a module off and its entries leave the menu at once; the platform's operator suspends
// a shop and its public page says so. Each test puts the demo back as it found it (the e2e database is shared).

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const stocksEntry = (page: Page) => menu(page).getByRole('link', { name: 'Stocks', exact: true });

/** Opens every collapsed group of the seller sidebar so its entries are listed. */
async function expandGroups(page: Page) {
  await menu(page).getByRole('link').first().waitFor();
  const collapsed = menu(page).locator('button[aria-expanded="false"][aria-controls]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
}

async function apiAs(page: Page, who: keyof typeof DEMO) {
  const res = await page.request.post('/v1/auth/login', { data: { email: DEMO[who].email, password: DEMO[who].password } });
  expect(res.ok()).toBeTruthy();
  const { jwt } = await res.json();
  return { Authorization: `Bearer ${jwt}` };
}

test('the owner turns the stocks module off: the Stocks entries disappear, and come back once on', async ({ page }) => {
  test.setTimeout(90_000);
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard/);
  await expandGroups(page);
  await expect(stocksEntry(page).first()).toBeVisible();
  try {
    await page.goto('/dashboard/settings?link=integrations');
    const stocks = page.getByRole('switch', { name: 'Stocks' });
    await expect(stocks).toBeChecked();
    await stocks.click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText(/enregistr/i).first()).toBeVisible();
    // the sidebar follows at once, and the guard refuses the screen
    await expandGroups(page);
    await expect(stocksEntry(page)).toHaveCount(0);
    await page.goto('/dashboard/stocks');
    await expect(page).not.toHaveURL(/\/dashboard\/stocks/);
    // back on, from the same screen
    await page.goto('/dashboard/settings?link=integrations');
    await page.getByRole('switch', { name: 'Stocks' }).click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expandGroups(page);
    await expect(stocksEntry(page).first()).toBeVisible();
  } finally {
    // whatever happened above, the demo keeps its stocks module for the other tests
    const headers = await apiAs(page, 'owner');
    const res = await page.request.put('/v1/shops/me/settings/integrations', {
      headers,
      data: { modules: { stocks: true }, importSource: 'default' },
    });
    expect(res.ok()).toBeTruthy();
  }
  await page.goto('/dashboard/settings?link=integrations');
  await expect(page.getByRole('switch', { name: 'Stocks' })).toBeChecked();
  await expandGroups(page);
  await expect(stocksEntry(page).first()).toBeVisible();
});

test('the superAdmin suspends a shop: its public page says so; reopened, it sells again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginViaForm(page, 'admin');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/admin/shops');
  const visitor = await browser.newPage();
  try {
    await page.getByRole('button', { name: 'Suspendre Brasserie Démo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspendre Brasserie Démo' });
    await dialog.getByLabel('Raison de la suspension').fill('Impayés répétés');
    await dialog.getByRole('button', { name: 'Suspendre' }).click();
    await expect(page.getByRole('button', { name: 'Rouvrir Brasserie Démo' })).toBeVisible();

    await visitor.goto('/brasserie-demo');
    await visitor.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" }).click();
    await expect(visitor.getByRole('heading', { name: 'Boutique momentanément indisponible' })).toBeVisible();
    await expect(visitor.getByText(/Cette boutique a été suspendue par la plateforme/)).toBeVisible();
    await visitor.screenshot({ path: test.info().outputPath('suspended.png') });

    // the action is in the audit
    await page.goto('/admin');
    await expect(page.getByText('a suspendu la boutique').first()).toBeVisible();
    await page.goto('/admin/shops');
    await page.getByRole('button', { name: 'Rouvrir Brasserie Démo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rouvrir' }).click();
    await expect(page.getByRole('button', { name: 'Suspendre Brasserie Démo' })).toBeVisible();
  } finally {
    const headers = await apiAs(page, 'admin');
    const shops = await (await page.request.get('/v1/admin/shops?q=Brasserie', { headers })).json();
    const brasserie = shops.items.find((s: { urlShop: string }) => s.urlShop === 'brasserie-demo');
    if (brasserie?.suspendedAt) await page.request.post(`/v1/admin/shops/${brasserie.id}/reopen`, { headers });
  }
  await visitor.goto('/brasserie-demo');
  await expect(visitor.getByRole('link', { name: /Blonde de Démo/ }).first()).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Boutique momentanément indisponible' })).toHaveCount(0);
  await visitor.close();
});
