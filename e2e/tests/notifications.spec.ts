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
  await expect(items.first()).toBeVisible();
  const unread = await dialog.locator('.wz-notif__content').allInnerTexts();
  await dialog.getByRole('button', { name: 'Tout marquer comme lu' }).click();
  // Whatever was unread is read now; a notification arriving meanwhile may stand in the list.
  for (const text of unread) await expect(items.filter({ hasText: text })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Toutes' }).click();
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
});
