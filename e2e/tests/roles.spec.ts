import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaForm } from '../support/session';

// Roles other than the owner, through the screens only: a sales agent takes an order for one of their clients and
// sends it to the producer; a collaborator with limited rights is told what they may not open and reads, without
// changing, a settings section they may only read.

/** Types in an antd search select and picks the open list's option holding `option`. */
async function search(page: Page, label: RegExp | string, text: string, option: RegExp | string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(open).toHaveCount(0);
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(text);
  await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(open).toHaveCount(0);
}

test('a sales agent takes an order of two articles for their client and sends it to the producer', async ({ page, request }) => {
  test.setTimeout(120_000);
  // one of the agent's own clients, as their client picker lists them
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO.agent })).json();
  const clients = await (await request.get('/v1/crm/clients?pageSize=50', { headers: { Authorization: `Bearer ${jwt}` } })).json();
  const client = clients.items.find((c: { kind: string }) => c.kind === 'professional') as { name?: string; company?: string | null };
  const clientName = (client.company || client.name)!;

  await loginViaForm(page, 'agent');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/dashboard/orders/add?subType=bill');
  await search(page, /^Client/, clientName.slice(0, 6), clientName);
  // the articles of the producer the agent represents, priced for that client
  await search(page, /^Article du catalogue/, 'Galets', 'Les Galets Rouges');
  await page
    .getByLabel(/^Quantité/)
    .first()
    .fill('6');
  await page.getByRole('button', { name: 'Ajouter un article' }).click();
  const second = page.getByRole('combobox', { name: /^Article du catalogue/ }).nth(1);
  await second.click();
  await second.pressSequentially('Clos');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await page
    .getByLabel(/^Quantité/)
    .nth(1)
    .fill('3');
  await expect(page.getByText(/Total TTC/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer la commande' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());

  // sent to the producer, who will validate it
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer la commande à la boutique ?' });
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('En attente', { exact: true }).first()).toBeVisible();

  // the producer sees it waiting, with its two articles
  const owner = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  const order = await (await request.get(`/v1/orders/${orderId}`, { headers: { Authorization: `Bearer ${owner.jwt}` } })).json();
  expect(order.status).toBe('pending');
  expect(order.lines.filter((l: { kind: string }) => l.kind === 'product')).toHaveLength(2);
});

test('a collaborator with limited rights is told which right a page needs and reads a settings section without editing it', async ({
  page,
}) => {
  await loginViaForm(page, 'iam');
  await page.waitForURL(/\/dashboard/);
  // a page of a right they lack: it says which one, with the way back
  await page.goto('/dashboard/accounting/journals');
  await expect(page.getByText(/Vous n'avez pas accès à cette page : droit “.+” requis/)).toBeVisible();
  await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the loyalty programme: readable with seeAllClient, read-only without createCampaign
  await page.goto('/dashboard/settings?link=promotions');
  await expect(page.getByText(/Lecture seule/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Enregistrer/ })).toHaveCount(0);
  // a section they may not read is not listed (billing is the owner's), one they may read is
  const sections = page.getByRole('navigation', { name: 'Sections des paramètres' });
  await expect(sections.getByRole('link', { name: 'Promotions' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Facturation' })).toHaveCount(0);
});
