import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginViaApi } from '../support/session';

// Accessibility: axe-core (WCAG 2.0/2.1 A and AA rules) on the sign-in page, a shop page, a product page,
// the cart, the checkout and the owner's orders list: no violation of impact serious or critical. On failure the
// message lists each such violation: rule id, impact, help and the target of every element concerned.
// Each page is its own test and the check is a soft assertion, so one page's violations never hide another's.

async function expectNoSeriousViolation(page: Page, what: string, scope: { include?: string; exclude?: string } = {}) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.include) axe = axe.include(scope.include);
  if (scope.exclude) axe = axe.exclude(scope.exclude);
  const { violations } = await axe.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect.soft(serious, `${what}: serious or critical axe violations\n  ${serious.join('\n  ')}`).toEqual([]);
}

const SHOP = '/domaine-demo';
const PRODUCT = 'Les Galets Rouges';

/** The age gate answered as the other specs do: the adult cookie, before the first page. */
async function asAdult(page: Page) {
  await page.context().addCookies([{ name: 'wz_adult', value: '1', url: test.info().project.use.baseURL! }]);
}

/** The shop page, with the app rendered (not only the gateway's first paint). */
async function openShop(page: Page) {
  await asAdult(page);
  await page.goto(SHOP);
  await expect(page.getByRole('link', { name: PRODUCT }).first()).toBeVisible();
  await expect(page.locator('#wz-first-paint')).toHaveCount(0); // the app has taken over
}

async function openProduct(page: Page) {
  await openShop(page);
  await page.getByRole('link', { name: PRODUCT }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
}

test('the sign-in page', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: /se connecter/i })).toBeVisible();
  await expectNoSeriousViolation(page, '/auth/login');
});

test('a shop page', async ({ page }) => {
  await openShop(page);
  await expectNoSeriousViolation(page, SHOP);
});

test('a product page', async ({ page }) => {
  await openProduct(page);
  await expectNoSeriousViolation(page, 'product page');
});

/** Signed in as the demo buyer with one product in an emptied cart, on the product page. */
async function buyerWithAProduct(page: Page, request: APIRequestContext) {
  const { jwt } = await loginViaApi(page, request, 'buyer');
  // an empty server cart to start from (other specs leave lines in the buyer's cart)
  const reset = await request.put('/v1/users/me', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { cart: { orders: [], lastUpdated: null }, message: false },
  });
  expect(reset.ok()).toBeTruthy();
  await openProduct(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.locator('.wz-cart-drawer').getByText(PRODUCT)).toBeVisible();
}

// The shell's header (shell/, another team's folder) is checked on its own below, so that its violations are not
// counted against the cart's pages.
const SHELL_HEADER = '.wz-header';

test('the cart and the checkout, signed in as a buyer', async ({ page, request }) => {
  test.setTimeout(60_000);
  await buyerWithAProduct(page, request);
  await page.goto('/cart');
  const order = page.getByTestId('cart-page-order').filter({ has: page.getByRole('heading', { name: 'Domaine de Démo' }) });
  await expect(order.getByText(PRODUCT)).toBeVisible();
  await expectNoSeriousViolation(page, '/cart', { exclude: SHELL_HEADER });

  await order.getByRole('button', { name: 'Commander' }).click();
  const section = order.getByTestId('checkout-section');
  await expect(section.getByLabel(/^Ville/)).toHaveValue('Lyon');
  await section.getByRole('radio', { name: /Colissimo France/ }).check();
  await section.getByRole('radio', { name: 'Carte bancaire' }).check();
  await expect(order.getByTestId('order-shipping')).toHaveText(/€ HT/);
  await expectNoSeriousViolation(page, 'checkout', { exclude: SHELL_HEADER });
});

// The header of a buyer with a cart: the cart button's name holds its visible count ('Panier, 1 article').
test("the shell's header of a buyer with a product in the cart", async ({ page, request }) => {
  await buyerWithAProduct(page, request);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectNoSeriousViolation(page, 'shell header on /cart', { include: SHELL_HEADER });
});

test("the owner's orders list", async ({ page, request }) => {
  await loginViaApi(page, request, 'owner');
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolation(page, '/dashboard/orders');
});
