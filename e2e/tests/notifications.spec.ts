import { expect, test } from '@playwright/test';
import { loginViaApi } from '../support/session';

test('notification centre: unread filter and mark all as read', async ({ page, request }) => {
  await loginViaApi(page, request, 'owner');
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /notifications/i })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Non lues/ }).click();
  const items = dialog.getByRole('listitem');
  expect(await items.count()).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  await expect(dialog.getByText('Aucune notification')).toBeVisible();
  await dialog.getByRole('button', { name: 'Toutes' }).click();
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
});
