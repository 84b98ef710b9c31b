import { expect, test } from '@playwright/test';
import { loginViaApi, loginViaForm } from '../support/session';

test('a master account chooses a sub-account and switches to the other one', async ({ page }) => {
  await loginViaForm(page, 'master');
  const popup = page.getByRole('dialog', { name: 'Choisissez un compte' });
  await expect(popup).toBeVisible();
  // nothing broken behind the chooser: no widget asks for a shop not chosen yet
  await expect(page.getByText('Impossible de charger ces données')).toHaveCount(0);
  await popup.getByRole('button', { name: /Domaine de Démo/ }).click();
  // the owner's back office, its dashboard loading for the chosen shop
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(page.getByText('Impossible de charger ces données')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Ventes' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Devis' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Changer de compte' }).click();
  await page
    .getByRole('dialog', { name: 'Choisissez un compte' })
    .getByRole('button', { name: /Brasserie Démo/ })
    .click();
  // now owner2@: the 'Boutique' button leads to the brewery, whose shop has no cash-register module
  await expect(page.getByRole('banner').getByRole('link', { name: 'Boutique' })).toHaveAttribute('href', '/brasserie-demo');
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Caisse' })).toHaveCount(0);
});

test('a remote whose files are missing shows "module indisponible" while the header keeps working', async ({ page, request }) => {
  await loginViaApi(page, request, 'owner');
  await page.route('**/apps/mfe-crm/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/dashboard/clients');
  await expect(page.getByText(/module indisponible/i)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Ventes' }).click();
  await menu.getByRole('link', { name: 'Commandes', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'Commandes', level: 1 })).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the mobile dashboard shows the bottom bar', async ({ page, request }) => {
    await loginViaApi(page, request, 'owner');
    await page.goto('/dashboard');
    const bar = page.getByRole('navigation', { name: /barre de navigation/i });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Clients' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Commandes' })).toBeVisible();
  });
});
