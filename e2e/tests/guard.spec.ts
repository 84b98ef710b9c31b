import { expect, test } from '@playwright/test';
import { loginViaApi, loginViaForm } from '../support/session';

test('an anonymous visitor on /dashboard is sent to the login page with a redirectLink', async ({ page }) => {
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL(/\/auth\/login\?redirectLink=%2Fdashboard%2Forders$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('logging in through the form follows the redirectLink', async ({ page }) => {
  await loginViaForm(page, 'owner', '/auth/login?redirectLink=%2Fdashboard%2Forders');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'Commandes', level: 1 })).toBeVisible();
});

test('wrong credentials show the spec message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel("E-mail ou nom d'utilisateur").fill('owner@demo.test');
  await page.getByLabel('Mot de passe').fill('Wrong1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Le mail et/ou le mot de passe sont incorrects.' }).first()).toBeVisible();
});

test('a route the role may not open sends it to the dashboard', async ({ page, request }) => {
  await loginViaApi(page, request, 'buyer');
  await page.goto('/dashboard/products');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an iam without the permission is told which right is missing, with a way back to the dashboard', async ({ page, request }) => {
  await loginViaApi(page, request, 'iam');
  await page.goto('/dashboard/products');
  await expect(
    page.getByRole('heading', { name: "Vous n'avez pas accès à cette page : droit “Voir tout le catalogue” requis" }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/clients');
  await expect(page).toHaveURL(/\/dashboard\/clients$/);
});

test('an unknown route shows the 404 page to a logged-in user', async ({ page, request }) => {
  await loginViaApi(page, request, 'owner');
  await page.goto('/dashboard/this-does-not-exist');
  await expect(page.getByText('This page could not be found')).toBeVisible();
});
