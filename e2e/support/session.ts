import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'Admin1234' },
  owner: { email: 'owner@demo.test', password: 'Owner1234' },
  owner2: { email: 'owner2@demo.test', password: 'Owner1234' },
  /** owns Cave des Pros Démo (/cave-des-pros), whose prices are reserved to members */
  owner3: { email: 'owner3@demo.test', password: 'Owner1234' },
  iam: { email: 'iam@demo.test', password: 'Iam12345' },
  agent: { email: 'agent@demo.test', password: 'Agent1234' },
  buyer: { email: 'buyer@demo.test', password: 'Buyer1234' },
  master: { email: 'master@demo.test', password: 'Master1234' },
} as const;
export type DemoAccount = keyof typeof DEMO;

/** Log in through the login page as a user would. */
export async function loginViaForm(page: Page, who: DemoAccount, path = '/auth/login') {
  await page.goto(path);
  await page.getByLabel(/e-?mail ou nom d'utilisateur/i).fill(DEMO[who].email);
  await page.getByLabel(/mot de passe/i).fill(DEMO[who].password);
  await page.getByRole('button', { name: /se connecter/i }).click();
}

/** Log in through the API and store the session the way the shell persists it. */
export async function loginViaApi(page: Page, request: APIRequestContext, who: DemoAccount) {
  const res = await request.post('/v1/auth/login', { data: { email: DEMO[who].email, password: DEMO[who].password } });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  let shop = null;
  if (body.user && (body.user.role === 'owner' || body.user.role === 'iam')) {
    const s = await request.get('/v1/shops/me', { headers: { Authorization: `Bearer ${body.jwt}` } });
    shop = await s.json();
  }
  await page.goto('/version.json');
  await page.evaluate(([session]) => localStorage.setItem('wz-session', JSON.stringify({ state: session, version: 1 })), [
    { user: body.user, jwt: body.jwt, masterAccount: body.masterAccount, shop },
  ] as const);
  return body;
}

/** Where the e2e api writes its mails as .eml files (MAIL_DIR set by global-setup; no SMTP server). */
import { tmpdir as e2eTmpdir } from 'node:os';
export const E2E_MAIL_DIR = `${e2eTmpdir()}/wz-e2e-mail-${Number(process.env.E2E_API_PORT ?? 4300)}`;
