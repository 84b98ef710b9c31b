import { expect, test } from '@playwright/test';
import { loginViaForm } from '../support/session';

// Issue 13, the owner's team and pipeline: an opportunity moved to the next stage with the card's menu (the keyboard
// and phone way) stays there after a reload; a collaborator invited with a preset is listed as invited.

test('the owner moves an opportunity to the next stage and invites a collaborator with a preset', async ({ page }) => {
  test.setTimeout(90_000);
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/clients/opportunities');
  const proposition = page.getByRole('region', { name: 'Proposition' });
  await expect(page.getByRole('region', { name: 'Qualification' }).getByText('Carte des vins du restaurant')).toBeVisible();
  await page.getByRole('button', { name: 'Déplacer vers… (Carte des vins du restaurant)' }).click();
  await page.getByRole('menuitem', { name: 'Proposition' }).click();
  await expect(proposition.getByText('Carte des vins du restaurant')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Proposition' }).getByText('Carte des vins du restaurant')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Qualification' }).getByText('Carte des vins du restaurant')).toHaveCount(0);

  const email = `recrue.${Date.now().toString(36)}@example.test`;
  await page.goto('/dashboard/collaborators/add');
  await page.getByRole('textbox', { name: 'Mail' }).fill(email);
  await page.getByRole('group', { name: 'Préréglages' }).getByRole('button', { name: 'Commercial', exact: true }).click();
  await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page).not.toHaveURL(/\/add$/);
  await page.goto('/dashboard/collaborators');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText('Invité')).toBeVisible();
  await expect(row.getByText('Commercial')).toBeVisible();
});
