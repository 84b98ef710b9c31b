import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FEC_HEADER, fecProblems } from '../../shared-kernel/src/domain/accounting/fec';
import { DEMO, loginViaForm } from '../support/session';
import { pickOption } from '../support/antd';

// Issue 15 as a producer and their accountant live it: the fiscal year is set to start on 1 September, the journals
// show the entries posted from the demo's invoices and payments, and the FEC of the year is downloaded, named after
// the SIREN and the closing date, and passes the same checks as the tax office's.

test('the owner sets the fiscal year, opens the journals and exports a FEC that passes the checks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { jwt } = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  const auth = { Authorization: `Bearer ${jwt}` };
  const before = await (await request.get('/v1/accounting/settings', { headers: auth })).json();

  try {
    // 1. the fiscal year starts on 1 September
    await loginViaForm(page, 'owner');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings?link=accounting');
    await pickOption(page, /^Mois de début/, 'Septembre');
    const day = page.getByLabel(/^Jour de début/);
    await day.fill('1');
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).split('-').map(Number);
    const start = month >= 9 ? year : year - 1;
    await expect(page.getByText(`Exercice en cours : du 01/09/${start} au 31/08/${start + 1}`)).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Paramètres comptables enregistrés')).toBeVisible();

    // 2. the journals, from the sidebar: entries posted from the documents, balanced
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Pré-comptabilité' }).click();
    await menu.getByRole('link', { name: 'Journaux' }).click();
    await expect(page).toHaveURL(/\/dashboard\/accounting\/journals/);
    const rows = page.getByTestId('resource-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByText('Équilibré', { exact: true })).toBeVisible();
    await rows
      .filter({ hasText: /Facture F\d{4}-\d{5}/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Voir le document' })).toHaveAttribute('href', /\/dashboard\/orders\/bills\?open=\d+/);
    await page.keyboard.press('Escape');

    // 3. the FEC of the current fiscal year: checked, then downloaded
    await page.getByRole('tab', { name: 'Exports' }).click();
    await expect(page.getByText('Le fichier passe les contrôles')).toBeVisible();
    const closing = `${start + 1}0831`;
    await expect(page.getByText(`732829320FEC${closing}.txt`)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger le FEC' }).click()]);
    expect(download.suggestedFilename()).toBe(`732829320FEC${closing}.txt`);
    // the FEC is ISO 8859-15 by default (A47 A-1 LPF names it among the encodings an auditor reads)
    const text = new TextDecoder('iso-8859-15').decode(readFileSync((await download.path())!));
    expect(text.split('\r\n')[0]).toBe(FEC_HEADER);
    expect(text.split('\r\n').length).toBeGreaterThan(3);
    expect(fecProblems(text)).toEqual([]);
  } finally {
    await request.put('/v1/accounting/settings', { headers: auth, data: before });
  }
});
