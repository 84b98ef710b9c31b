import { expect, type Page } from '@playwright/test';

/** The age gate of a wine shop's first page: accepted when it shows. */
export async function acceptAgeIfAsked(page: Page) {
  const gate = page.getByRole('dialog', { name: 'Accès réservé aux personnes majeures' });
  const yes = gate.getByRole('button', { name: "Oui, j'ai 18 ans ou plus" });
  await Promise.race([
    yes.waitFor({ state: 'visible' }).catch(() => undefined),
    page
      .getByRole('heading', { name: 'Nos produits' })
      .first()
      .waitFor()
      .catch(() => undefined),
  ]);
  if (await yes.isVisible()) await yes.click();
}

/** '12,50 € TTC' → 1250 */
export const cents = (text: string) => {
  const m = /(\d+),(\d{2})\s*€/.exec(text.replace(/[\s\u202f\u00a0]/g, ' ').replace(/(\d) (?=\d{3}\b)/g, '$1'));
  if (!m) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(m[1]) * 100 + Number(m[2]);
};

/**
 * From the shop page to the product page, then 'Ajouter au panier' with a quantity, as a visitor does. Returns the
 * unit price TTC (cents) the page shows for that quantity: the base price, or the best 'Prix par quantité' tier reached.
 */
export async function addFromShop(page: Page, shopPath: string, product: string, quantity: number): Promise<number> {
  await page.goto(shopPath);
  await acceptAgeIfAsked(page);
  await page.getByRole('link', { name: product }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible();
  const bottle = page.getByRole('group', { name: 'Format' }).getByRole('button', { name: /Bouteille 75 cl/ });
  if (await bottle.count()) {
    await bottle.click();
    await expect(bottle).toHaveAttribute('aria-pressed', 'true');
  }
  const price = page.getByTestId('price');
  await expect(price.locator('.wzs-price')).toHaveText(/€ TTC/); // public price: no 'reserved to members'
  let unit = cents((await price.locator('.wzs-price').textContent())!);
  for (const row of await price.getByRole('table', { name: 'Prix par quantité' }).getByRole('row').all()) {
    const from = Number(/\d+/.exec((await row.getByRole('rowheader').textContent())!)![0]);
    if (quantity >= from) unit = cents((await row.getByRole('cell').textContent())!);
  }
  await page.getByRole('spinbutton', { name: 'Quantité' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.locator('.wz-cart-drawer').getByText(product)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.wz-cart-drawer .ant-drawer-content-wrapper')).toBeHidden();
  return unit;
}

/** The cart page's order of a seller. */
export const orderOf = (page: Page, seller: string) =>
  page.getByTestId('cart-page-order').filter({ has: page.getByRole('heading', { name: seller }) });

/** Pays with the sandbox card form (no 3-D Secure with 4242…). */
export async function fillCard(page: Page, number: string) {
  const form = page.getByTestId('card-form');
  await form.getByLabel('Numéro de carte').fill(number);
  await form.getByLabel("Date d'expiration (MM/AA)").fill('12/34');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: /^Payer/ }).click();
}
