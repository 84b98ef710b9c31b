import { expect, test, type Page } from '@playwright/test';
import { linkFromMail } from '../support/mail';

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
  await expect(
    page.getByText("Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé."),
  ).toBeVisible();
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

test('the buyer sign-up in English (?lang=en) registers without captcha when none is configured', async ({ page }) => {
  const email = `buyer-en-${unique()}@example.test`;
  const config = page.waitForResponse('**/v1/auth/captcha-config');
  await page.goto('/auth/register/buyer?lang=en');
  expect(await (await config).json()).toEqual({ provider: null, siteKey: null, version: null });
  await expect(page.getByRole('heading', { name: 'Buyer sign-up' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Anti-robot check' })).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Create my account' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('First name').fill('Camille');
  await page.getByLabel('Last name').fill('Martin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByText('I certify that I am over 18').click();
  await page.getByText('I accept the terms of use').click();
  const sent = page.waitForRequest('**/v1/auth/register');
  await submit.click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ email, language: 'en' });
  expect(body).not.toHaveProperty('captchaToken');
  await expect(page.getByText('Your account has been created. A validation email has been sent to you.').first()).toBeVisible();
  await expect(page.getByText(`Open the link sent to ${email} to validate your account.`)).toBeVisible();
  // the validation mail follows the chosen language
  expect(await linkFromMail(email, '/auth/validate')).toContain('/auth/validate?token=');
});

test('an unvalidated account can log in, is reminded, resends the link, and sees the banner in its settings', async ({ page, request }) => {
  const email = `pending-${unique()}@example.test`;
  const reg = await request.post('/v1/auth/register', {
    data: { type: 'buyer', firstname: 'Paul', lastname: 'Attente', email, password: 'Secret123', adult: true, terms: true },
  });
  expect(reg.status()).toBe(201);
  await page.goto('/auth/login?redirectLink=%2Fdashboard%2Fsettings%3Flink%3Daccount');
  await page.getByLabel("E-mail ou nom d'utilisateur").fill(email);
  await page.getByLabel('Mot de passe').fill('Secret123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?link=account$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText("Votre adresse mail n'est pas encore validée.")).toBeVisible();
  await dialog.locator('button', { hasText: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
  const banner = page.getByRole('status').filter({ hasText: "Votre adresse mail n'est pas encore validée." });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await expect(
    banner.getByText("Si un compte non validé existe avec cette adresse, un nouveau lien de validation vient d'être envoyé."),
  ).toBeVisible();
  // the second link (the resent one) validates the address; the banner is gone after a reload
  await page.goto(await linkFromMail(email, '/auth/validate', 2));
  await expect(page.getByText('Votre adresse mail a été validée')).toBeVisible();
  await page.goto('/dashboard/settings?link=account');
  await expect(page.getByText(`Adresse actuelle : ${email}`)).toBeVisible();
  await expect(page.getByText("Votre adresse mail n'est pas encore validée.")).toHaveCount(0);
});

test.describe('captcha in the browser', () => {
  const HCAPTCHA = { provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001', version: null };

  test('the provider script cannot be loaded: the §8 error shows where the widget is and submit stays disabled', async ({ page }) => {
    await page.route('**/v1/auth/captcha-config', (route) => route.fulfill({ json: HCAPTCHA }));
    await page.route('https://js.hcaptcha.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/auth/resetpwd');
    await page.getByLabel('E-mail').fill('someone@example.test');
    const group = page.getByRole('group', { name: 'Vérification anti-robot' });
    await expect(group.getByText("Le captcha n'a pas pu être chargé. Vérifiez votre connexion puis réessayez.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envoyer le lien' })).toBeDisabled();
    await expect(group.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });

  test('reCAPTCHA without version: the no-version error, no script requested', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('recaptcha')) scripts.push(r.url());
    });
    await page.route('**/v1/auth/captcha-config', (route) =>
      route.fulfill({ json: { provider: 'recaptcha', siteKey: 'k', version: null } }),
    );
    await page.goto('/auth/register/buyer');
    await expect(
      page.getByText(
        "Le captcha ne peut pas s'afficher : aucune version n'est fournie. Le formulaire ne peut pas être envoyé pour le moment.",
      ),
    ).toBeVisible();
    expect(scripts).toEqual([]);
  });

  test.describe('with a stand-in provider script', () => {
    // The gateway of this run has no captcha configured, so its CSP refuses the provider's origin: bypass it here.
    test.use({ bypassCSP: true });

    test('the checkbox token is sent as captchaToken with the registration', async ({ page }) => {
      await page.route('**/v1/auth/captcha-config', (route) => route.fulfill({ json: HCAPTCHA }));
      await page.route('https://js.hcaptcha.com/**', (route) => {
        const onload = new URL(route.request().url()).searchParams.get('onload');
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.hcaptcha = {
            render(el, p) { const b = document.createElement('button'); b.type = 'button'; b.textContent = 'Je suis humain';
              b.onclick = () => p.callback('e2e-token'); el.appendChild(b); return 'w1'; },
            reset() {}, remove() {} };
            window[${JSON.stringify(onload)}]();`,
        });
      });
      const email = `captcha-${unique()}@example.test`;
      await page.goto('/auth/register/buyer');
      await fillIdentity(page, email, 'Secret123');
      await page.getByText('Je certifie avoir plus de 18 ans').click();
      await page.getByText("J'accepte les conditions générales d'utilisation").click();
      const submit = page.getByRole('button', { name: 'Créer mon compte' });
      await expect(submit).toBeDisabled();
      await page.getByRole('button', { name: 'Je suis humain' }).click();
      await expect(submit).toBeEnabled();
      const sent = page.waitForRequest('**/v1/auth/register');
      await submit.click();
      expect((await sent).postDataJSON()).toMatchObject({ email, captchaToken: 'e2e-token' });
      await expect(page.getByText('Votre compte a été créé. Un mail de validation vous a été envoyé.').first()).toBeVisible();
    });
  });
});
