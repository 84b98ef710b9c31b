import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pickOption } from '../support/antd';
import { E2E_MAIL_DIR, loginViaApi } from '../support/session';

// Issue 18, one journey of the owner of Domaine de Démo: a dynamic list (tag « Fidèle », marketing consent: in the
// seed, buyer@demo.test and three …@client.test clients), a standard template (heading, a text with merge fields
// inserted from the menu, a product card from the catalogue), a campaign from both: a test mail, the real sending, a
// recipient unsubscribing from the link of their mail, then a second campaign that leaves them out. The screens'
// details are in mfe-marketing's component tests; the queue and the mails in api/src/modules/campaigns.

/** What is read of a parsed mail (mailparser's ParsedMail, whose types e2e does not resolve). */
interface ParsedMail {
  subject?: string;
  text?: string;
  to?: { value: Array<{ address?: string }> } | Array<{ value: Array<{ address?: string }> }>;
}
// mailparser is the api's dependency (as support/mail.ts reads the captured .eml files)
const { simpleParser } = createRequire(join(__dirname, '../../api/package.json'))('mailparser') as {
  simpleParser: (source: Buffer) => Promise<ParsedMail>;
};

interface Captured {
  to: string;
  subject: string;
  text: string;
  /** the RFC 8058 one-click unsubscribe header (campaign mails, not tests) */
  unsubscribeHeader: boolean;
}

/**
 * The mails captured since `since` whose subject contains `stamp` (the mail directory is kept between runs on the same
 * port: older mails are left out by their date).
 */
async function mailsWith(stamp: string, since: number): Promise<Captured[]> {
  let files: string[] = [];
  try {
    files = readdirSync(E2E_MAIL_DIR).filter((f) => f.endsWith('.eml') && statSync(join(E2E_MAIL_DIR, f)).mtimeMs >= since - 1000);
  } catch {
    /* no mail yet */
  }
  const out: Captured[] = [];
  for (const f of files.sort()) {
    const raw = readFileSync(join(E2E_MAIL_DIR, f));
    const mail = await simpleParser(raw);
    if (!(mail.subject ?? '').includes(stamp)) continue;
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    out.push({
      to: (to?.value[0]?.address ?? '').toLowerCase(),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      unsubscribeHeader: /^List-Unsubscribe:\s+<https?:\/\/\S+\/v1\/t\/u\/\w+>/m.test(raw.toString('utf8')),
    });
  }
  return out;
}

/** Picks one option of an antd multiple Select (its list stays open after a pick: closed with Escape). */
async function pickMany(page: Page, label: RegExp, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.getByRole('combobox', { name: label }).click();
  await open.locator(`.ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
}

/**
 * Inserts a merge field from the menu of the last rich-text block's toolbar (the block just added), and waits for the
 * editor to show it before anything is typed after it.
 */
async function insertField(page: Page, field: Locator, label: string, key: string) {
  const before = (await field.textContent()) ?? '';
  await page.getByRole('button', { name: 'Insérer un champ de fusion' }).last().click();
  const item = page.getByRole('menuitem', { name: `${label} — {{${key}}}` });
  // the menu may still flip above its button while it opens: a click that lands beside the item picks nothing and
  // leaves the menu open, so it is clicked again (a click that picked it closes the menu at once)
  await expect(item).toBeVisible();
  await expect(async () => {
    if (await item.isVisible()) await item.click({ timeout: 2000 });
    await expect(item).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(field).toHaveText(before + `{{${key}}}`);
}

/** Types at the end of the rich-text editor (after a merge field, whatever the caret did). */
async function typeAtEnd(field: Locator, text: string) {
  await field.focus();
  await field.press('Control+End');
  await field.pressSequentially(text);
}

test('the owner mails a dynamic list from a block template; an unsubscribed client gets no next campaign', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  const stamp = started.toString(36);
  const listName = `Fidèles ${stamp}`;
  const modelName = `Sélection ${stamp}`;
  const tester = `test-${stamp}@example.test`;
  const { jwt } = await loginViaApi(page, request, 'owner');
  const auth = { Authorization: `Bearer ${jwt}` };

  // 1. the dynamic list: tag « Fidèle » and marketing consent, with its live count as the filters are chosen
  await page.goto('/dashboard/crm/lists/add');
  await page.getByLabel(/^Nom/).fill(listName);
  await page.getByRole('radio', { name: /^Dynamique/ }).check();
  const tags = page.getByRole('combobox', { name: 'Étiquettes' });
  await tags.click();
  await tags.pressSequentially('Fidèle');
  await tags.press('Enter');
  // seed: 7 clients tagged « Fidèle » (every third private client), 4 of them consenting (api/src/seed/crm.ts)
  await expect(page.getByText('4 destinataires sur 7 clients')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Consentement marketing' }).getByRole('radio', { name: 'Oui' }).check();
  await expect(page.getByText('4 destinataires sur 4 clients')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm\/lists\/\d+$/);
  const listId = Number(/\/lists\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await expect(page.getByTestId('list-count')).toContainText('4 destinataires');

  // 2. the standard template: a heading, a text with merge fields from the menu, a product card from the catalogue
  await page.goto('/dashboard/crm/models/add');
  await page.getByLabel(/^Nom/).fill(modelName);
  await page.getByRole('button', { name: 'Créer et ouvrir l’éditeur' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm\/models\/\d+\/standard$/);
  const modelId = Number(/\/models\/(\d+)\/standard$/.exec(page.url())![1]);
  await page.getByRole('textbox', { name: /^Texte du titre/ }).fill('La sélection du moment');

  await page.getByRole('button', { name: 'Ajouter un bloc' }).click();
  await page.getByRole('menuitem', { name: 'Texte', exact: true }).click();
  const text = page.getByRole('textbox', { name: 'Texte du bloc' });
  // the new block's sample text is replaced
  await text.click();
  await text.press('Control+A');
  await text.pressSequentially('Bonjour ');
  await insertField(page, text, 'Prénom', 'firstname');
  await typeAtEnd(text, ', découvrez la sélection de ');
  await insertField(page, text, 'Nom de la boutique', 'shopName');
  await typeAtEnd(text, '.');
  await expect(text).toHaveText('Bonjour {{firstname}}, découvrez la sélection de {{shopName}}.');

  await page.getByRole('button', { name: 'Ajouter un bloc' }).click();
  await page.getByRole('menuitem', { name: 'Produit', exact: true }).click();
  const product = page.getByRole('combobox', { name: 'Produit du catalogue' });
  await product.click();
  await product.fill('Galets');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: 'Les Galets Rouges' })
    .first()
    .click();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Modèle enregistré').first()).toBeVisible();

  // 3. the campaign from that template and that list; a test mail with the first recipient's fields
  await page.goto('/dashboard/crm/campaigns/add');
  await page.getByLabel(/^Nom de la campagne/).fill(`Campagne ${stamp}`);
  await pickOption(page, /^Modèle du mail/, modelName);
  await pickMany(page, /^Listes de destinataires/, `${listName} (dynamique)`);
  await expect(page.getByRole('status').filter({ hasText: /^4 destinataires/ })).toBeVisible();
  await page.getByLabel(/^Objet du mail/).fill(`Sélection ${stamp} pour {{firstname}}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm\/campaigns\/\d+$/);

  await page.getByRole('button', { name: 'Envoyer un test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer un test' });
  await dialog.getByLabel('Ajouter une adresse mail').fill(tester);
  await dialog.getByLabel('Ajouter une adresse mail').press('Enter');
  await dialog.getByRole('button', { name: 'Envoyer le test' }).click();
  await expect(page.getByText(`Test envoyé à ${tester}`).first()).toBeVisible();
  // the fields of the list's first recipient by address: buyer@demo.test, Béatrice (not the samples' « Camille »)
  await expect.poll(async () => (await mailsWith(stamp, started)).filter((m) => m.to === tester).length, { timeout: 20_000 }).toBe(1);
  const [testMail] = (await mailsWith(stamp, started)).filter((m) => m.to === tester);
  expect(testMail.subject).toBe(`[Test] Sélection ${stamp} pour Béatrice`);
  expect(testMail.text).toContain('La sélection du moment');
  expect(testMail.text).toContain('Bonjour Béatrice, découvrez la sélection de Domaine de Démo.');
  expect(testMail.text).toContain('Les Galets Rouges');
  expect(testMail.text).not.toContain('{{');
  expect(testMail.unsubscribeHeader).toBe(false);

  // 4. sent for real: one mail per recipient, each with its own unsubscribe link
  await page.getByRole('button', { name: 'Envoyer maintenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Envoyer maintenant' }).click();
  await expect(page.getByText('Envoi lancé').first()).toBeVisible();
  const firstCampaign = async () => (await mailsWith(stamp, started)).filter((m) => m.to !== tester);
  await expect
    .poll(async () => (await firstCampaign()).map((m) => m.to).sort(), { timeout: 45_000 })
    .toEqual(['buyer@demo.test', 'jeanne.garcia18@client.test', 'manon.vincent6@client.test', 'sarah.bertrand12@client.test']);
  const mails = await firstCampaign();
  for (const m of mails) expect(m.unsubscribeHeader).toBe(true);
  const leaving = mails.find((m) => m.to === 'manon.vincent6@client.test')!;
  expect(leaving.subject).toBe(`Sélection ${stamp} pour Manon`);
  expect(leaving.text).toContain('Bonjour Manon, découvrez la sélection de Domaine de Démo.');
  const link = /https?:\/\/\S+\/disable-tracking-notif\?token=([A-Za-z0-9_%-]+)/.exec(leaving.text);
  expect(link, 'the unsubscribe link of the mail').not.toBeNull();
  const token = decodeURIComponent(link![1]);

  const client = await browser.newPage();
  try {
    await client.goto(link![0]);
    await expect(client.getByText('Vous recevez les campagnes de Domaine de Démo.')).toBeVisible();
    await client.getByRole('button', { name: 'Me désinscrire' }).click();
    await expect(client.getByText('C’est fait : vous ne recevrez plus les campagnes de Domaine de Démo.')).toBeVisible();
    await client.close();

    // 5. a second campaign to the same list (composed through the api: the form was just exercised) leaves her out
    const stamp2 = `${stamp}b`;
    const created = await request.post('/v1/campaigns', {
      headers: auth,
      data: { name: `Campagne ${stamp2}`, modelId, listIds: [listId], subject: `Relance ${stamp2} pour {{firstname}}` },
    });
    expect(created.status()).toBe(201);
    const second = (await created.json()) as { id: number };
    expect((await request.post(`/v1/campaigns/${second.id}/send`, { headers: auth })).ok()).toBeTruthy();

    await page.goto(`/dashboard/crm/campaigns/${second.id}`);
    // its recipients were chosen when it started: the three others, not her
    const rows = page.getByTestId('resource-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: 'manon.vincent6@client.test' })).toHaveCount(0);
    await expect(rows.filter({ hasText: 'sarah.bertrand12@client.test' })).toHaveCount(1);
    await expect
      .poll(async () => (await mailsWith(stamp2, started)).map((m) => m.to).sort(), { timeout: 45_000 })
      .toEqual(['buyer@demo.test', 'jeanne.garcia18@client.test', 'sarah.bertrand12@client.test']);
  } finally {
    // the demo client receives the campaigns again (the e2e database is shared by the other specs)
    await request.put(`/v1/t/p/${encodeURIComponent(token)}`, { data: { unsubscribed: false } });
  }
});
