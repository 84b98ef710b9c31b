import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, loginViaApi, loginViaForm, type DemoAccount } from '../support/session';

// Orders lists and details (mfe-sales) on the demo seed: buyer@demo.test has a few orders at Domaine de Démo.
// Expected numbers and totals come from the api as the same user sees them; the screen must show them formatted.

// The fields of the orders contract (shared-kernel/contracts/orders.ts) this spec reads; amounts in cents.
interface OrderList {
  items: Array<{
    id: number;
    number: string;
    createdAt: string;
    buyer: { email: string; name: string };
    shop: { name: string };
    totalTTC: number;
    reservations: Array<{ eventTitle: string; slotLabel: string; places: number }>;
  }>;
  total: number;
}
interface OrderDetail {
  id: number;
  number: string;
  status: string;
  expiresAt: string | null;
  lines: Array<{ kind: string; label: string; totalTTC: number }>;
  price: { totalHT: number; tva: number; totalTTC: number };
  payments: Array<{ method: string }>;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** '1 234,50 €' as a regex tolerant of the (narrow) no-break spaces French formatting uses. */
const euros = (cents: number) =>
  new RegExp(
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(cents / 100)
      .replace(/\s/g, ' ')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '\\s?'),
  );

async function apiAs(request: APIRequestContext, who: DemoAccount) {
  const res = await request.post('/v1/auth/login', { data: DEMO[who] });
  const { jwt } = await res.json();
  const headers = { Authorization: `Bearer ${jwt}` };
  return {
    list: async (query = 'page=1&pageSize=20&kind=order') =>
      (await (await request.get(`/v1/orders?${query}`, { headers })).json()) as OrderList,
    detail: async (id: number) => (await (await request.get(`/v1/orders/${id}`, { headers })).json()) as OrderDetail,
  };
}

test('the owner opens Commandes: the demo orders newest first with their totals, then one order with its lines and totals', async ({
  page,
  request,
}) => {
  const owner = await apiAs(request, 'owner');
  const list = await owner.list();
  expect(list.total).toBeGreaterThanOrEqual(2);
  // the checkout's orders and the ones taken in the back office, all of Domaine de Démo
  expect(list.items.every((o) => o.shop.name === 'Domaine de Démo')).toBe(true);

  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  const ventes = menu(page).getByRole('button', { name: 'Ventes' });
  if ((await ventes.getAttribute('aria-expanded')) === 'false') await ventes.click();
  await menu(page).getByRole('link', { name: 'Commandes', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'Commandes de la boutique' })).toBeVisible();

  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(list.items.length);
  const dates = list.items.map((o) => Date.parse(o.createdAt));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates); // the api answers newest first
  for (const [i, o] of list.items.entries()) {
    const row = rows.nth(i);
    await expect(row.getByRole('link', { name: o.number })).toBeVisible();
    await expect(row.getByText(o.buyer.name, { exact: true })).toBeVisible();
    await expect(row.getByTestId('order-total')).toHaveText(euros(o.totalTTC));
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  }
  await page.screenshot({ path: test.info().outputPath('owner-orders.png'), fullPage: true });

  // Filter: only the pending ones, in the URL.
  await page.getByRole('combobox', { name: 'Filtrer par statut' }).click();
  await page.getByTitle('En attente', { exact: true }).click();
  await expect(page).toHaveURL(/status=pending/);
  const pending = await owner.list('page=1&pageSize=20&status=pending&kind=order');
  await expect(rows).toHaveCount(pending.items.length);

  // Open the first order of the unfiltered list.
  const first = list.items[0];
  const detail = await owner.detail(first.id);
  await page.goto('/dashboard/orders');
  await rows.first().getByText(first.buyer.name, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${first.id}$`));
  await expect(page.getByRole('heading', { name: `Commande n° ${first.number}` })).toBeVisible();
  const productLines = detail.lines.filter((l) => l.kind === 'product');
  expect(productLines.length).toBeGreaterThan(0);
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(productLines.length);
  for (const [i, l] of productLines.entries()) {
    await expect(lines.nth(i)).toContainText(l.label);
    await expect(lines.nth(i)).toContainText(euros(l.totalTTC));
  }
  await expect(page.getByTestId('total-ht')).toHaveText(euros(detail.price.totalHT));
  await expect(page.getByTestId('total-tva')).toHaveText(euros(detail.price.tva));
  await expect(page.getByTestId('total-ttc')).toHaveText(euros(detail.price.totalTTC));
  await expect(page.getByTestId('order-party')).toContainText(first.buyer.email);
  await page.screenshot({ path: test.info().outputPath('owner-order-detail.png'), fullPage: true });

  // Back to the list.
  await page.getByRole('link', { name: '← Retour aux commandes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('the owner validates the pending order paid by transfer', async ({ page, request }) => {
  const owner = await apiAs(request, 'owner');
  const pending = (await owner.list('page=1&pageSize=20&status=pending&kind=order')).items;
  const transfer = (await Promise.all(pending.map((o) => owner.detail(o.id)))).find(
    (d) => d.expiresAt === null && d.payments.some((p) => p.method === 'transfer'),
  );
  test.skip(!transfer, 'no pending transfer order in the demo seed');
  await loginViaApi(page, request, 'owner');
  await page.goto(`/dashboard/orders/${transfer!.id}`);
  await page.getByRole('button', { name: 'Valider la commande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Valider la commande ?' });
  await expect(dialog).toContainText(transfer!.number);
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByTestId('order-status').first()).toContainText('Validée');
  await expect(page.getByRole('button', { name: 'Valider la commande' })).toHaveCount(0);
  expect((await owner.detail(transfer!.id)).status).toBe('validated');
});

test('the buyer sees their orders across shops, on a phone without horizontal scroll', async ({ page, request }) => {
  const buyer = await apiAs(request, 'buyer');
  const list = await buyer.list();
  expect(list.total).toBeGreaterThanOrEqual(2);
  await page.setViewportSize({ width: 375, height: 800 });
  await loginViaApi(page, request, 'buyer');
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Mes commandes' })).toBeVisible();
  const cards = page.getByTestId('resource-card');
  await expect(cards).toHaveCount(list.items.length);
  for (const [i, o] of list.items.entries()) {
    await expect(cards.nth(i)).toContainText(o.number);
    await expect(cards.nth(i)).toContainText(o.shop.name);
    await expect(cards.nth(i).getByTestId('order-total')).toHaveText(euros(o.totalTTC));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('buyer-orders-375.png'), fullPage: true });

  await cards.first().click();
  await expect(page.getByRole('heading', { name: `Commande n° ${list.items[0].number}` })).toBeVisible();
  await expect(page.getByTestId('order-party')).toContainText('Domaine de Démo');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('buyer-order-375.png'), fullPage: true });
});

test('the buyer sees their reservations with event, slot and places', async ({ page, request }) => {
  const buyer = await apiAs(request, 'buyer');
  const list = await buyer.list('page=1&pageSize=20&kind=reservation');
  test.skip(list.total === 0, 'no reservation in the demo seed');
  await loginViaApi(page, request, 'buyer');
  // the list reads event, slot and places from the list answer: no /v1/orders/:id request per card
  const detailCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/orders\/\d+(\?|$)/.test(new URL(r.url()).pathname)) detailCalls.push(r.url());
  });
  await page.goto('/dashboard/reservations');
  await expect(page.getByRole('heading', { name: 'Mes réservations' })).toBeVisible();
  await expect(page.getByTestId('resource-card')).toHaveCount(list.items.length);
  const first = list.items[0].reservations[0];
  expect(first).toBeTruthy();
  const places = `${first.places} place${first.places > 1 ? 's' : ''}`;
  await expect(page.getByTestId('resource-card').first().getByTestId('reservation-summary').first()).toHaveText(
    `${first.eventTitle} · ${first.slotLabel} · ${places}`,
  );
  expect(detailCalls).toEqual([]);
  await page.getByTestId('resource-card').first().click();
  await expect(page.getByRole('heading', { name: `Réservation n° ${list.items[0].number}` })).toBeVisible();
  await expect(page.getByTestId('reservation-line').first()).toBeVisible();
});

test("the owner of another shop does not see Domaine de Démo's orders", async ({ page, request }) => {
  const owner = await apiAs(request, 'owner');
  const demoOrder = (await owner.list()).items[0];
  await loginViaApi(page, request, 'owner2');
  await page.goto('/dashboard/orders');
  await expect(page.getByText('Aucune commande pour le moment')).toBeVisible();
  await expect(page.getByText(demoOrder.number)).toHaveCount(0);
  await page.goto(`/dashboard/orders/${demoOrder.id}`);
  await expect(page.getByRole('heading', { name: 'Commande introuvable' })).toBeVisible();
  await expect(page.getByText('Béatrice Acheteuse')).toHaveCount(0);
  await page.getByRole('link', { name: 'Retour aux commandes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});
