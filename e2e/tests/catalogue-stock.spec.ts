import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaForm } from '../support/session';
import { pickOption } from '../support/antd';

// Issue 12 as the producer lives it: a new wine goes from the back office to the shop and its GS1 link, then its
// bottling and a transfer show in the stock per warehouse and in the DRM of the month, in hectolitres.

/** A GTIN-13 nobody uses: 12 digits from the clock, then its GS1 check digit. */
function freshGtin(): string {
  const body = `2${String(Date.now()).slice(-11)}`;
  const sum = [...body].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

const pick = pickOption;

async function acceptAge(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Accès réservé aux personnes majeures' })).toBeVisible();
  await page.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" }).click();
}

const parisMonth = () =>
  new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);

test('the owner creates a wine that the shop and its GS1 link show at once, bottles it, moves some to the shop and reads the DRM in hl', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Cuvée E2E ${stamp}`;
  const appellation = `Appellation E2E ${stamp}`;
  const gtin = freshGtin();

  // 1. the product, in the back office
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/products');
  await page.getByRole('link', { name: 'Nouveau produit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/add$/);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
  await page.getByLabel('Précision').fill(appellation);
  await pick(page, 'Couleur', 'Rouge');
  await page.getByRole('tab', { name: 'Millésimes' }).click();
  await page.getByLabel('Millésime (année ou NV)').fill('2024');
  await page.getByLabel("Degré d'alcool").fill('13,5');
  await pick(page, 'Code accise', 'W200 – Vins tranquilles et autres boissons fermentées tranquilles');
  await page.getByRole('tab', { name: 'Formats' }).click();
  await expect(page.getByLabel('Contenance')).toHaveValue(/0,75/);
  await page.getByLabel('Code GTIN-13 (EAN)').fill(gtin);
  await expect(page.getByText(new RegExp(`/gs1/01/${gtin}`))).toBeVisible();
  await page.getByRole('tab', { name: 'Prix' }).click();
  await page.getByLabel(/Prix TTC – Particulier/).fill('18,50');
  await page.getByLabel(/Prix HT – Professionnel/).fill('12,00');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // the creation offers its stock at once; this journey records it as movements below (bottling, then a transfer)
  await expect(page.getByRole('heading', { name: 'Ajouter du stock' })).toBeVisible();
  await page.getByRole('link', { name: 'Plus tard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
  const productId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('En ligne').first()).toBeVisible();

  // 2. a buyer finds it on the shop and through its GS1 Digital Link
  const buyer = await browser.newPage();
  await buyer.goto('/domaine-demo');
  await acceptAge(buyer);
  await buyer.getByLabel('Rechercher un produit').fill(name);
  await expect(buyer.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await buyer.goto(`/gs1/01/${gtin}`);
  await expect(buyer).toHaveURL(new RegExp(`/domaine-demo/${productId}`));
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(buyer.getByText(/18,50\s€/).first()).toBeVisible();
  await buyer.close();

  // 3. bottling of 120 bottles in the bonded cellar, then 24 moved to the duty-paid shop
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  const auth = { Authorization: `Bearer ${jwt}` };
  const detail = await (await request.get(`/v1/catalogue/products/${productId}`, { headers: auth })).json();
  const formatId: number = detail.formats[0].id;
  const record = async (kind: string, quantity: string, extra?: () => Promise<void>) => {
    await page.goto(`/dashboard/stocks/add?formatId=${formatId}`);
    await expect(page.getByText(`${name} – 75 cl`).first()).toBeVisible();
    await pick(page, /Type de mouvement/, kind);
    await pick(page, /^Entrepôt( de départ)?$/, 'Chai');
    if (extra) await extra();
    await page.getByLabel(/^Quantité \(unités\)/).fill(quantity);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(/a été enregistré/).first()).toBeVisible();
  };
  await record('Entrée · Mise en bouteille / production', '120');
  await record('Transfert entre entrepôts', '24', () => pick(page, /Entrepôt de destination/, 'Boutique du domaine'));

  await page.goto(`/dashboard/stocks/${formatId}`);
  const perWarehouse = page.getByRole('table').filter({ hasText: 'Boutique du domaine' }).first();
  await expect(perWarehouse.getByRole('row', { name: /Chai/ })).toContainText('96');
  await expect(perWarehouse.getByRole('row', { name: /Boutique du domaine/ })).toContainText('24');

  // 4. the DRM of the month: 120 × 75 cl = 0,90000 hl in, 24 × 75 cl = 0,18000 hl out duty paid, 0,72000 hl left
  const warehouses = await (await request.get('/v1/stock/warehouses?pageSize=100', { headers: auth })).json();
  const chai = warehouses.items.find((w: { name: string }) => w.name === 'Chai');
  await page.goto(`/dashboard/stocks/drm?warehouseId=${chai.id}&month=${parisMonth()}`);
  const row = page.getByRole('row', { name: new RegExp(appellation) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toContainText(['0,00000', '0,90000', '0,18000', '0,00000', '0,72000']);
  await page.screenshot({ path: test.info().outputPath('drm.png'), fullPage: true });

  // leave the demo shop as it was for the other specs: the wine is archived (gone from the shop)
  expect((await request.post(`/v1/catalogue/products/${productId}/archive`, { headers: auth })).ok()).toBeTruthy();
});
