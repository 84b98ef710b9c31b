import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, loginViaApi, loginViaForm } from '../support/session';

// The dashboard home: widgets contributed by the remotes, shown by the shell to whoever may see them,
// with the demo data; a widget leads to its filtered list, whose view (filter, sort, page) lives in the URL.

async function apiGet<T>(request: APIRequestContext, who: keyof typeof DEMO, path: string): Promise<T> {
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO[who] })).json();
  return (await (await request.get(path, { headers: { Authorization: `Bearer ${jwt}` } })).json()) as T;
}

const euros = (cents: number) =>
  new RegExp(
    new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
      .format(cents / 100)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s/g, '\\s?'),
  );

test('the owner sees the business at a glance, follows "Commandes à valider" to the filtered list, sorts and pages it, and a reload restores the view', async ({
  page,
  request,
}) => {
  const summary = await apiGet<{ toValidate: number; currentMonth: { totalTTC: number; totalHT: number; count: number } }>(
    request,
    'owner',
    '/v1/orders/summary',
  );
  expect(summary.toValidate).toBeGreaterThan(0);
  expect(summary.currentMonth.count).toBeGreaterThan(0);

  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  const toValidate = page.getByTestId('widget-toValidate');
  await expect(toValidate.getByTestId('to-validate-count')).toHaveText(String(summary.toValidate));
  const revenue = page.getByTestId('widget-revenue');
  await expect(revenue).toContainText(euros(summary.currentMonth.totalTTC));
  await expect(revenue).toContainText(euros(summary.currentMonth.totalHT));
  await expect(page.getByTestId('widget-lastOrders').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('widget-upcomingReservations')).toContainText('Visite des caves et dégustation');
  await page.screenshot({ path: test.info().outputPath('owner-dashboard.png'), fullPage: true });

  await toValidate.getByRole('link', { name: 'Voir les commandes à valider' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=pending$/);
  await expect(page.getByTestId('resource-row')).toHaveCount(summary.toValidate);

  // the whole list, 10 a page, the largest totals first
  await page.goto('/dashboard/orders?pageSize=10');
  await expect(page.getByTestId('resource-row').first()).toBeVisible();
  // the header cycles ascending → descending → none: each click waits for the rows of the previous one, so that no
  // click lands on a table still loading (it would be swallowed, or counted twice)
  const firstOf = async (sort: string) =>
    (await apiGet<{ items: Array<{ number: string }> }>(request, 'owner', `/v1/orders?kind=order&pageSize=10&page=1&sort=${sort}`)).items[0]
      .number;
  await page.getByRole('columnheader', { name: /Total TTC/ }).click();
  await expect(page).toHaveURL(/sort=totalTTC/);
  await expect(page.getByTestId('resource-row').first()).toContainText(await firstOf('totalTTC'));
  await page.getByRole('columnheader', { name: /Total TTC/ }).click();
  await expect(page).toHaveURL(/sort=-totalTTC/);
  await expect(page.getByTestId('resource-row').first()).toContainText(await firstOf('-totalTTC'));
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page).toHaveURL(/page=2/);
  // the same page through the api, read once the screen shows it
  const all = await apiGet<{ total: number; items: Array<{ number: string }> }>(
    request,
    'owner',
    '/v1/orders?kind=order&pageSize=10&page=2&sort=-totalTTC',
  );
  expect(all.total).toBeGreaterThan(10);
  const rows = page.getByTestId('resource-row');
  await expect(rows).toHaveCount(all.items.length);
  await expect(rows.first()).toContainText(all.items[0].number);

  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=-totalTTC/);
  await expect(page.getByTestId('resource-row')).toHaveCount(all.items.length);
  await expect(page.getByTestId('resource-row').first()).toContainText(all.items[0].number);
});

test("the buyer's dashboard shows their last orders and upcoming reservations, none of the shop's figures", async ({ page, request }) => {
  await loginViaApi(page, request, 'buyer');
  await page.goto('/dashboard');
  await expect(page.getByTestId('widget-myOrders')).toBeVisible();
  await expect(page.getByTestId('widget-upcomingReservations')).toContainText('Visite des caves et dégustation');
  await expect(page.getByTestId('widget-toValidate')).toHaveCount(0);
  await expect(page.getByTestId('widget-revenue')).toHaveCount(0);
});

test('an anonymous visitor on / gets the landing page; a signed-in user goes to their dashboard', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Découvrir les producteurs' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Domaine de Démo/ })).toBeVisible();
  await loginViaApi(page, request, 'owner');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the agent's dashboard shows the producers they represent and their own orders", async ({ page, request }) => {
  await loginViaApi(page, request, 'agent');
  await page.goto('/dashboard');
  await expect(page.getByTestId('widget-producers').getByRole('link', { name: 'Domaine de Démo' })).toBeVisible();
  await expect(page.getByTestId('widget-lastOrders')).toBeVisible();
  await expect(page.getByTestId('widget-revenue')).toHaveCount(0);
});
