import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from '../support/session';
import { pickOption } from '../support/antd';

// Issue 13 as the team lives it: the owner files a professional client for the agent and gives the agent a task; the
// agent sees both, completes the task and the owner is told. A buyer writes to the shop and the owner answers.

/** A SIRET that passes the Luhn check: 13 digits from the clock, then the check digit. */
function freshSiret(): string {
  const body = `4${String(Date.now()).slice(-12)}`;
  const luhn = (s: string) =>
    [...s]
      .reverse()
      .map(Number)
      .reduce((n, d, i) => n + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  for (let c = 0; c < 10; c++) if (luhn(body + c) % 10 === 0) return body + c;
  throw new Error('unreachable');
}

const pick = pickOption;

test('the owner files a professional client for the agent and a task; the agent completes it and the owner is told', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const company = `Cave E2E ${stamp}`;
  const title = `Présenter la cuvée ${stamp}`;

  // the owner: a professional client with a SIRET, followed by the agent
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/clients/add?isPro=true');
  await page.getByRole('textbox', { name: 'Société', exact: true }).fill(company);
  await page.getByRole('textbox', { name: 'SIRET' }).fill('123');
  await page.getByRole('textbox', { name: 'Société', exact: true }).click();
  await expect(page.getByText('Le numéro SIRET est invalide').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'SIRET' }).fill(freshSiret());
  await pick(page, /^Agent/, 'Antoine Agent');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();

  // … and a task about this client, for the agent: the task form opens on the file, the client chosen
  const clientId = /\/dashboard\/clients\/(\d+)$/.exec(page.url())![1];
  await page.getByRole('button', { name: 'Nouvelle tâche' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nouvelle tâche' });
  await expect(drawer.getByText(company).first()).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Titre' }).fill(title);
  await pick(page, /^Assignée à/, 'Antoine Agent', drawer);
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Tâche enregistrée')).toBeVisible();
  await page.goto(`/dashboard/tasks?clientId=${clientId}`);
  await expect(page.getByRole('link', { name: title }).or(page.getByText(title)).first()).toBeVisible();

  // the agent sees the task and the client, and completes the task
  const agentCtx = await browser.newContext({ locale: 'fr-FR' });
  const agent = await agentCtx.newPage();
  await loginViaForm(agent, 'agent');
  await expect(agent).toHaveURL(/\/dashboard$/);
  await agent.goto('/dashboard/clients');
  await expect(agent.getByRole('link', { name: company })).toBeVisible();
  await agent.goto('/dashboard/tasks');
  const row = agent.getByTestId('resource-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox', { name: /comme terminée/ }).click();
  await expect(row.getByRole('checkbox')).toBeChecked();
  await agentCtx.close();

  // the owner is told (notification centre)
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  await expect
    .poll(async () => {
      const list = await (await request.get('/v1/notifications-centers', { headers: { Authorization: `Bearer ${jwt}` } })).json();
      return (list as Array<{ type: string; content: string }>).some((n) => n.type === 'taskCompleted' && n.content.includes(title));
    })
    .toBe(true);
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText(new RegExp(title)).first()).toBeVisible();
});

test('a buyer writes to the shop from /tickets and the owner answers', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const subject = `Question E2E ${Date.now().toString(36)}`;

  await loginViaForm(page, 'buyer');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'Nouveau message' }).click();
  const form = page.getByRole('dialog');
  await pick(page, /^Boutique/, 'Domaine de Démo');
  await form.getByRole('textbox', { name: 'Sujet' }).fill(subject);
  await form.getByRole('textbox', { name: 'Message' }).fill('Bonjour, livrez-vous à Lyon le samedi ?');
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('list', { name: subject }).getByText('Bonjour, livrez-vous à Lyon le samedi ?')).toBeVisible();

  const ownerCtx = await browser.newContext({ locale: 'fr-FR' });
  const owner = await ownerCtx.newPage();
  await loginViaForm(owner, 'owner');
  await expect(owner).toHaveURL(/\/dashboard$/);
  await owner.goto('/tickets');
  await owner.getByText(subject).first().click();
  const ownerThread = owner.getByRole('list', { name: subject });
  await expect(ownerThread.getByText('Bonjour, livrez-vous à Lyon le samedi ?')).toBeVisible();
  await owner.getByRole('textbox', { name: 'Votre réponse' }).fill('Oui, tous les samedis matin.');
  await owner.getByRole('button', { name: 'Envoyer' }).click();
  await expect(ownerThread.getByText('Oui, tous les samedis matin.')).toBeVisible();
  await ownerCtx.close();

  // the buyer reads the answer in the conversation
  await page.reload();
  await page.getByText(subject).first().click();
  await expect(page.getByRole('list', { name: subject }).getByText('Oui, tous les samedis matin.')).toBeVisible();
});
