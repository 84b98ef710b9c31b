import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_MAIL_DIR } from '../support/session';

// mailparser is the api's dependency: read the captured .eml files with it.
const { simpleParser } = createRequire(join(__dirname, '../../api/package.json'))('mailparser') as typeof import('mailparser');

/** The link of the newest mail sent to `to` whose text contains `page`, waiting for it to be written. */
async function linkFromMail(to: string, page: string, count = 1): Promise<string> {
  const who = to.toLowerCase();
  const deadline = Date.now() + 15_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(E2E_MAIL_DIR).filter((f) => f.endsWith(`-${who}.eml`)).sort();
    } catch { /* not created yet */ }
    const links: string[] = [];
    for (const f of files) {
      const mail = await simpleParser(readFileSync(join(E2E_MAIL_DIR, f)));
      const m = new RegExp(`https?://[^\\s]+${page.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text ?? '');
      if (m) links.push(m[0]);
    }
    if (links.length >= count) return links[count - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${page}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function fillIdentity(page: Page, email: string, pwd: string) {
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(pwd);
  await page.getByLabel('Confirmation du mot de passe').fill(pwd);
}

test('a buyer registers, validates by email, logs in with a redirectLink, resets the password and logs in with it', async ({ page }) => {
  const email = `buyer-${unique()}@example.test`;
  await page.goto('/auth');
  await page.getByRole('link', { name: /Créer un compte/ }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await page.getByRole('link', { name: /Je suis acheteur/ }).click();
  await expect(page.getByRole('heading', { name: 'Inscription acheteur' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Créer mon compte' });
  await expect(submit).toBeDisabled();
  await fillIdentity(page, email, 'Secret123');
  await page.getByText('Je certifie avoir plus de 18 ans').click();
  await page.getByText("J'accepte les conditions générales d'utilisation").click();
  await submit.click();
  await expect(page.getByText('Votre compte a été créé. Un mail de validation vous a été envoyé.').first()).toBeVisible();

  await page.goto(await linkFromMail(email, '/auth/validate'));
  await expect(page.getByText('Votre adresse mail a été validée')).toBeVisible();
  // the link works once
  await page.reload();
  await expect(page.getByText('Ce lien a déjà été utilisé.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renvoyer le lien' })).toBeDisabled();

  await page.goto('/auth/login?redirectLink=%2Fdashboard%2Fsettings%3Flink%3Daccount');
  await page.getByLabel("E-mail ou nom d'utilisateur").fill(email);
  await page.getByLabel('Mot de passe').fill('Secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?link=account$/);
  await expect(page.getByText(`Adresse actuelle : ${email}`)).toBeVisible();

  // forget the session (as after a logout), then lose the password
  await page.evaluate(() => localStorage.removeItem('wz-session'));
  await page.goto('/auth/resetpwd');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText("Si un compte existe avec cette adresse, un mail de réinitialisation vient d'être envoyé.")).toBeVisible();
  await page.goto(await linkFromMail(email, '/auth/resetpwd'));
  await page.getByLabel('Nouveau mot de passe').fill('weak');
  await page.getByLabel('Confirmation du mot de passe').fill('weak');
  await page.getByLabel('Nouveau mot de passe').focus();
  await expect(page.getByText('Doit contenir une majuscule et plus de 5 caractères')).toBeVisible();
  await page.getByLabel('Nouveau mot de passe').fill('Nouveau456');
  await page.getByLabel('Confirmation du mot de passe').fill('Nouveau456');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.')).toBeVisible();

  await page.getByRole('link', { name: 'Se connecter' }).click();
  await page.getByLabel("E-mail ou nom d'utilisateur").fill(email);
  await page.getByLabel('Mot de passe').fill('Secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Le mail et/ou le mot de passe sont incorrects.' }).first()).toBeVisible();
  await page.getByLabel('Mot de passe').fill('Nouveau456');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a seller registers and lands on the owner dashboard of the new shop', async ({ page, request }) => {
  const email = `seller-${unique()}@example.test`;
  await page.goto('/auth/register-wineriz');
  await page.getByRole('link', { name: /Je suis producteur/ }).click();
  await page.getByLabel('Nom de votre domaine ou entreprise').fill('Cidrerie du Verger');
  await page.getByText('Cidre', { exact: true }).click();
  await fillIdentity(page, email, 'Verger123');
  await page.getByLabel('Téléphone mobile').fill('06 12 34 56 78');
  await page.getByText('Je certifie avoir plus de 18 ans').click();
  await page.getByText("J'accepte les conditions générales d'utilisation").click();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('wz-session') ?? '{}').state);
  expect(session.user).toMatchObject({ role: 'owner', email });
  expect(session.shop).toMatchObject({ name: 'Cidrerie du Verger', businessType: 'cider', urlShop: 'cidrerie-du-verger' });
  const pub = await request.get(`/v1/shops/${session.shop.code}`);
  expect((await pub.json()).name).toBe('Cidrerie du Verger');
  // a validation mail was sent too
  expect(await linkFromMail(email, '/auth/validate')).toContain('/auth/validate?token=');
});

test('login with ?id=<shop code> shows that shop and keeps the id on the register link', async ({ page }) => {
  await page.goto('/auth/login?id=DOMDEM');
  await expect(page.getByText('Domaine de Démo').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/auth/register?id=DOMDEM');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('link', { name: /Je suis acheteur/ })).toHaveAttribute('href', '/auth/register/buyer?id=DOMDEM');
});

test('an expired or unknown validation link offers a new one', async ({ page }) => {
  await page.goto('/auth/validate?token=not-a-real-token');
  await expect(page.getByText("Ce lien n'est pas valide.")).toBeVisible();
  await page.getByLabel('E-mail').fill('nobody@example.test');
  await page.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await expect(page.getByText('Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d\'être envoyé.')).toBeVisible();
});

test('an off-site redirectLink is dropped after login', async ({ page }) => {
  await page.goto('/auth/login?redirectLink=%2F%2Fevil.example');
  await page.getByLabel("E-mail ou nom d'utilisateur").fill('buyer@demo.test');
  await page.getByLabel('Mot de passe').fill('Buyer1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('an owner creates a personal API key, sees it once and it works as Bearer', async ({ page, request }) => {
  const { loginViaApi } = await import('../support/session');
  await loginViaApi(page, request, 'owner');
  await page.goto('/get-api-key');
  await page.getByLabel('Nom de la clé').fill('ERP e2e');
  await page.getByRole('button', { name: 'Créer une clé' }).click();
  const key = await page.getByLabel('Nouvelle clé').inputValue();
  expect(key).toMatch(/^wzk_/);
  const me = await request.get('/v1/shops/me', { headers: { Authorization: `Bearer ${key}` } });
  expect((await me.json()).code).toBe('DOMDEM');
});

test('a superAdmin disables an account, which can no longer log in, and re-enables it', async ({ page, request }) => {
  const { loginViaApi } = await import('../support/session');
  await loginViaApi(page, request, 'admin');
  await page.goto('/admin/users');
  await page.getByLabel('Rechercher un utilisateur').fill('agent@demo.test');
  await page.getByLabel('Rechercher un utilisateur').press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'agent@demo.test' });
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Désactiver' }).click();
  await expect(row.getByText('Désactivé')).toBeVisible();
  expect((await request.post('/v1/auth/login', { data: { email: 'agent@demo.test', password: 'Agent1234' } })).status()).toBe(401);
  await row.getByRole('button', { name: 'Réactiver' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Réactiver' }).click();
  await expect(row.getByText('Actif')).toBeVisible();
  expect((await request.post('/v1/auth/login', { data: { email: 'agent@demo.test', password: 'Agent1234' } })).status()).toBe(200);
});
