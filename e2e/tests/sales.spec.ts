import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DEMO, loginViaForm } from '../support/session';
import { pickOption } from '../support/antd';

// Issue 14 as a producer lives it: an order taken by phone for a professional client is validated (its stock held
// in the cellar), invoiced with a legal Factur-X invoice whose PDF carries the number, the SIREN and the totals, paid
// in part, followed in the outstandings, and its rest cancelled by a credit note.

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202f\u00a0]/g, ' ');
const flat = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

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

test('the owner takes an order for a professional, validates and invoices it, reads the PDF, records a part payment and credits the rest', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  const auth = { Authorization: `Bearer ${jwt}` };
  const levels = async () => (await (await request.get('/v1/stock/formats/6', { headers: auth })).json()) as { reserved?: number };
  const heldBefore = (await levels()).reserved ?? 0;

  // 1. the order, taken by phone
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/orders/add?subType=bill');
  await search(page, /^Client/, 'Bistrot', 'Bistrot du Marché');
  await search(page, /^Article du catalogue/, 'Clos du', 'Clos du Moulin – Bouteille 75 cl');
  await page
    .getByLabel(/^Quantité/)
    .first()
    .fill('6');
  await expect(page.getByText(/Total TTC/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer la commande' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());

  // 2. validated: the six bottles are held
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  await page.getByRole('dialog', { name: 'Valider la commande ?' }).getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Commande validée').first()).toBeVisible();
  await expect(page.getByText('Validée', { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await levels()).reserved ?? 0).toBe(heldBefore + 6);

  // 3. invoiced
  await page.getByRole('button', { name: 'Facturer', exact: true }).click();
  const invoiceDialog = page.getByRole('dialog', { name: 'Facturer la commande ?' });
  await expect(invoiceDialog.getByText('La facture émise ne pourra plus être modifiée.')).toBeVisible();
  await invoiceDialog.getByRole('button', { name: 'Facturer' }).click();
  const issued = page.getByText(/^Facture F\d{4}-\d{5} émise$/).first();
  await expect(issued).toBeVisible();
  const number = (await issued.textContent())!.match(/F\d{4}-\d{5}/)![0];
  const order = await (await request.get(`/v1/orders/${orderId}`, { headers: auth })).json();
  expect(order.status).toBe('invoiced');
  const invoiceId: number = order.sales.invoices[0].id;
  const total: number = order.totalTTC;

  // 4. the PDF: number, SIREN, totals; its Factur-X XML is inside
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Télécharger le PDF de ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  const text = flat((await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text);
  expect(text).toContain(number);
  expect(text).toMatch(/SIREN\D*732\s?829\s?320/);
  expect(text).toContain(euros(total));
  expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true);

  // 5. a part payment of 50 € by transfer, allocated to the invoice
  await page.goto('/dashboard/payments');
  await page.getByRole('button', { name: 'Enregistrer un règlement' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Enregistrer un règlement' });
  await search(page, /^Client/, 'Bistrot', 'Bistrot du Marché');
  await pickOption(page, /^Mode de règlement/, 'Virement');
  await drawer
    .getByLabel(/^Montant/)
    .first()
    .fill('50');
  await expect(drawer.getByLabel(`Montant affecté à ${number}`)).toHaveValue(/^50([,.]00)?$/);
  await drawer.getByRole('button', { name: 'Enregistrer le règlement' }).click();
  await expect(page.getByText('Règlement enregistré').first()).toBeVisible();
  const afterPay = await (await request.get(`/v1/sales/invoices/${invoiceId}`, { headers: auth })).json();
  expect(afterPay).toMatchObject({ paid: 5000, paymentStatus: 'partial', remaining: total - 5000 });

  // 6. in the outstandings, with what is left
  await page.goto('/dashboard/payments/outstandings');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(flat(euros(total - 5000)).replace(/ /g, ' '));

  // 7. the rest is cancelled: the order is cancelled and a credit note settles what the invoice still owes
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole('button', { name: 'Annuler', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler la commande ?' });
  await expect(cancel.getByText(/un avoir sera émis/)).toBeVisible();
  await cancel.getByLabel(/^Motif/).fill('Le client renonce au solde');
  await cancel.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(page.getByText(/Avoir AV\d{4}-\d{5} émis/).first()).toBeVisible();
  const settled = await (await request.get(`/v1/sales/invoices/${invoiceId}`, { headers: auth })).json();
  expect(settled).toMatchObject({ remaining: 0, paymentStatus: 'paid' });
  expect(settled.creditNotes).toHaveLength(1);
  await expect.poll(async () => (await levels()).reserved ?? 0).toBe(heldBefore);
  await page.screenshot({ path: test.info().outputPath('cancelled.png'), fullPage: true });
});
