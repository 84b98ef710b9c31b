import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginViaApi } from '../support/session';

// The settings page as the remotes compose it (DESIGN §8): mfe-auth hosts /dashboard/settings, and each section comes
// from the remote that owns its domain, declared in its routes.json (listed by the gateway's /remotes.json) and loaded
// from its module. The owner opens every section from the menu; a collaborator sees only those they may open; a remote
// that cannot be loaded hides only its own sections.

interface Section {
  title: string;
  /** The remote whose routes declare it (as /remotes.json names it). */
  remote: string;
  /** What the section shows once its remote's component is there: its first field, list or action. */
  shows: (page: Page) => Locator;
}

/** Every section of the demo owner, in the menu's order, by its `?link=` key. */
const SECTIONS: Record<string, Section> = {
  account: { title: 'Mon compte', remote: 'mfe-auth', shows: (p) => p.getByRole('button', { name: 'Changer le mot de passe' }) },
  infos: { title: 'Informations', remote: 'mfe-auth', shows: (p) => p.getByLabel(/^Nom de la boutique/) },
  typos: { title: 'Typologies', remote: 'mfe-crm', shows: (p) => p.getByRole('list', { name: 'Typologies de clients' }) },
  crm: { title: 'CRM', remote: 'mfe-crm', shows: (p) => p.getByLabel('Préfixe des codes clients') },
  products: { title: 'Produits', remote: 'mfe-stock', shows: (p) => p.getByLabel('Titre de la liste des produits') },
  billing: { title: 'Facturation', remote: 'mfe-sales', shows: (p) => p.getByLabel(/^Raison sociale/) },
  delivery: { title: 'Livraison', remote: 'mfe-sales', shows: (p) => p.getByText(/^Les modes de livraison proposés à la commande/) },
  roles: { title: 'Rôles', remote: 'mfe-auth', shows: (p) => p.getByRole('region', { name: 'Membres de l’équipe' }) },
  accounting: { title: 'Comptabilité', remote: 'mfe-accounting', shows: (p) => p.getByRole('combobox', { name: /^Mois de début/ }) },
  campaigns: { title: 'Campagnes', remote: 'mfe-marketing', shows: (p) => p.getByLabel(/^Nom de l’expéditeur/) },
  matchGrids: {
    title: 'Grilles de correspondance',
    remote: 'mfe-crm',
    shows: (p) => p.getByText(/^Les grilles de correspondance traduisent les codes/),
  },
  iframes: { title: 'Iframes', remote: 'mfe-shop', shows: (p) => p.getByText('Mes iframes') },
  integrations: { title: 'Intégrations', remote: 'mfe-auth', shows: (p) => p.getByRole('switch', { name: /^Stocks/ }) },
  promotions: { title: 'Promotions', remote: 'mfe-marketing', shows: (p) => p.getByRole('button', { name: 'Nouveau code promo' }) },
  documents: { title: 'Documents', remote: 'mfe-sales', shows: (p) => p.getByText(/^L’apparence des factures, avoirs et devis en PDF/) },
};

const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sections des paramètres' });

async function openSettingsFromMenu(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Paramètres', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings/);
  await expect(sectionsNav(page).getByRole('link').first()).toBeVisible();
}

test('each remote declares its own settings sections in /remotes.json', async ({ request }) => {
  const registry = (await (await request.get('/remotes.json')).json()) as {
    remotes: { name: string; settingsSections?: { key: string; title: string }[] }[];
  };
  const declared = Object.fromEntries(
    registry.remotes.flatMap((r) => (r.settingsSections ?? []).map((s) => [s.key, { remote: r.name, title: s.title }])),
  );
  expect(declared).toEqual(Object.fromEntries(Object.entries(SECTIONS).map(([key, s]) => [key, { remote: s.remote, title: s.title }])));
});

test('the owner opens Paramètres and every section from the menu, each drawn by its remote', async ({ page, request }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, request, 'owner');
  await openSettingsFromMenu(page);
  await expect(sectionsNav(page).getByRole('link')).toHaveText(Object.values(SECTIONS).map((s) => s.title));

  for (const [key, section] of Object.entries(SECTIONS)) {
    await sectionsNav(page).getByRole('link', { name: section.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]link=${key}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Paramètres — ${section.title}`);
    await expect(section.shows(page).first()).toBeVisible();
  }
  await expect(page.getByText('Certains réglages sont momentanément indisponibles. Réessayez dans quelques instants.')).toHaveCount(0);
});

test('a collaborator sees only the sections their rights open, and is refused the others by their link', async ({ page, request }) => {
  // the demo iam: seeAllOrder, createOrder, seeAllClient, createClient (and the tasks' rights)
  await loginViaApi(page, request, 'iam');
  await openSettingsFromMenu(page);
  await expect(sectionsNav(page).getByRole('link')).toHaveText([
    'Mon compte',
    'Informations',
    'Typologies',
    'CRM',
    'Grilles de correspondance',
    'Iframes',
    'Intégrations',
    'Promotions',
  ]);
  // a section of another remote they may open renders from it
  await sectionsNav(page).getByRole('link', { name: 'Typologies' }).click();
  await expect(SECTIONS.typos.shows(page)).toBeVisible();
  // billing (the owner's), accounting and products (rights they lack): not listed, and refused by their link
  for (const key of ['billing', 'accounting', 'products']) {
    await page.goto(`/dashboard/settings?link=${key}`);
    await expect(page.getByText('Vous n’avez pas accès à cette section des paramètres.')).toBeVisible();
    await expect(SECTIONS[key].shows(page)).toHaveCount(0);
  }
});

test('a remote that cannot be loaded hides only its sections', async ({ page, request }) => {
  await loginViaApi(page, request, 'owner');
  await page.route('**/apps/mfe-stock/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/dashboard/settings?link=billing');
  await expect(page.getByText('Certains réglages sont momentanément indisponibles. Réessayez dans quelques instants.')).toBeVisible();
  await expect(sectionsNav(page).getByRole('link', { name: 'Produits' })).toHaveCount(0);
  await expect(SECTIONS.billing.shows(page)).toBeVisible();
  await sectionsNav(page).getByRole('link', { name: 'Comptabilité' }).click();
  await expect(SECTIONS.accounting.shows(page)).toBeVisible();
});
