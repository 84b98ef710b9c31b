import { expect, test, type Page } from '@playwright/test';
import { loginViaForm, type DemoAccount } from '../support/session';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Open every collapsed group of the seller sidebar so its entries are listed. */
async function expandGroups(page: Page) {
  await menu(page).getByRole('link').first().waitFor();
  const collapsed = menu(page).locator('button[aria-expanded="false"][aria-controls]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
}

async function expectEntries(page: Page, present: string[], absent: string[]) {
  await expandGroups(page);
  for (const name of present) await expect(menu(page).getByRole('link', { name, exact: true }).first()).toBeVisible();
  for (const name of absent) await expect(menu(page).getByRole('link', { name, exact: true })).toHaveCount(0);
}

const cases: { who: DemoAccount; present: string[]; absent: string[] }[] = [
  {
    who: 'owner',
    present: ['Devis', 'Commandes', 'Factures', 'Clients', 'Catalogue', 'Listes', 'Caisse', 'Paramètres'],
    absent: ['Producteurs'],
  },
  { who: 'iam', present: ['Commandes', 'Clients'], absent: ['Catalogue', 'Devis', 'Listes', 'Caisse'] },
  { who: 'buyer', present: ['Tableau de bord', 'Commandes', 'Réservations', 'Messagerie', 'Paramètres'], absent: ['Catalogue', 'Devis'] },
  {
    who: 'agent',
    present: ['Tableau de bord', 'Commandes', 'Échantillons', 'Clients', 'Catalogue', 'Calendrier', 'Producteurs', 'Paramètres'],
    absent: ['Devis', 'Listes'],
  },
];

for (const { who, present, absent } of cases) {
  test(`${who} logs in and sees the ${who} menu`, async ({ page }) => {
    await loginViaForm(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectEntries(page, present, absent);
  });
}

test('superAdmin logs in and reaches the admin area', async ({ page }) => {
  await loginViaForm(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(menu(page).getByRole('link', { name: 'Admin' }).first()).toBeVisible();
});

test('the owner header has the dashboard, settings and shop buttons and logs out', async ({ page }) => {
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Boutique' })).toBeVisible();
  await header.getByRole('button', { name: /compte/i }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});
