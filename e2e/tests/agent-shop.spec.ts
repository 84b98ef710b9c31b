import { expect, test } from '@playwright/test';
import { linkFromMail } from '../support/mail';
import { loginViaForm } from '../support/session';

// Issue 17: an agent opens a producer's shop; the producer chooses their password from the invitation they received
// and lands in the back office of their new shop.

test('an agent creates a shop and its owner sets their password from the captured mail', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `producteur-${Date.now()}@example.test`;
  await loginViaForm(page, 'agent');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/shops/add');
  await page.getByRole('radio', { name: 'Vin' }).check();
  await page.getByLabel(/^Nom de la boutique/).fill('Domaine des Essais');
  await page.getByLabel(/^Prénom/).fill('Paul');
  await page.getByRole('textbox', { name: /^Nom\s*\*?$/ }).fill('Vigneron');
  await page.getByLabel(/^Adresse e-mail/).fill(email);
  await page.getByRole('button', { name: 'Créer la boutique et inviter le producteur' }).click();
  await expect(page.getByText('Boutique créée', { exact: true })).toBeVisible();

  // the producer: the link of the mail, a password, then their shop's back office
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(await linkFromMail(email, '/auth/resetpwd'));
  await page.getByLabel('Nouveau mot de passe').fill('Vigne2026');
  await page.getByLabel('Confirmation du mot de passe').fill('Vigne2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.')).toBeVisible();
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await page.getByLabel("E-mail ou nom d'utilisateur").fill(email);
  await page.getByLabel('Mot de passe').fill('Vigne2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
