import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_SETTINGS_MESSAGES, DEFAULT_ACCOUNTING_SETTINGS, type AccountingSettings } from 'shared-kernel/contracts';
import { iamWith, renderPage, reply } from 'shared-kernel/testing';
import SettingsPage from '../test-settings-page';

const route = '/dashboard/settings?link=accounting';

// settings saved before the purchase (HA) and opening (AN) journals existed: the form shows and sends their defaults
const saved = {
  logStartMonth: 8,
  logStartDay: 1,
  journals: {
    VT: { code: 'VT', label: 'Ventes' },
    BQ: { code: 'BQ', label: 'Crédit Agricole' },
    CA: { code: 'CAI', label: 'Caisse du caveau' },
    OD: { code: 'OD', label: 'Opérations diverses' },
  },
  exportLayout: 'sage',
  exportFormat: 'xlsx',
  clientPrefix: '411',
  counterSalesClient: '4110000',
} as Omit<AccountingSettings, 'journals'> & { journals: Partial<AccountingSettings['journals']> } as AccountingSettings;

// Only the clock is faked (15 October 2026): the fiscal-year sentence is then known; timers stay real for antd.
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date(2026, 9, 15, 10, 0, 0),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});
afterEach(() => jest.useRealTimers());

/** The error shown under a field (tied to it with aria-describedby). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}
const putCalls = (page: { calls: Array<{ method: string; body?: unknown }> }) => page.calls.filter((c) => c.method === 'PUT');
/** The value an antd select shows. */
const shownIn = (combobox: HTMLElement) => combobox.closest('.ant-select-content')?.getAttribute('title') ?? null;

async function pick(combobox: RegExp, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  const options = await screen.findAllByTitle(title);
  await userEvent.click(options.find((o) => o.classList.contains('ant-select-item-option')) ?? options[options.length - 1]);
}
async function setDay(day: string) {
  const input = screen.getByLabelText(/^Jour de début/);
  await userEvent.clear(input);
  if (day) await userEvent.type(input, day);
  await userEvent.tab();
}
const sentence = () => screen.getByText(/^Exercice en cours/).textContent;

it('shows the saved settings: fiscal year, journals, export, client accounts', async () => {
  renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /accounting/settings': () => saved } });
  const month = await screen.findByRole('combobox', { name: /^Mois de début/ });
  expect(shownIn(month)).toBe('Septembre');
  expect(screen.getByLabelText(/^Jour de début/)).toHaveValue('1');
  expect(sentence()).toBe('Exercice en cours : du 01/09/2026 au 31/08/2027');

  expect(within(screen.getByRole('group', { name: 'Achats' })).getByLabelText(/^Code/)).toHaveValue('HA');
  expect(within(screen.getByRole('group', { name: 'À nouveaux' })).getByLabelText(/^Libellé/)).toHaveValue('À nouveaux');
  const bank = screen.getByRole('group', { name: 'Banque' });
  expect(within(bank).getByLabelText(/^Code/)).toHaveValue('BQ');
  expect(within(bank).getByLabelText(/^Libellé/)).toHaveValue('Crédit Agricole');
  const till = screen.getByRole('group', { name: 'Caisse' });
  expect(within(till).getByLabelText(/^Code/)).toHaveValue('CAI');
  expect(within(screen.getByRole('group', { name: 'Opérations diverses' })).getByLabelText(/^Libellé/)).toHaveValue('Opérations diverses');

  expect(shownIn(screen.getByRole('combobox', { name: /^Présentation/ }))).toMatch(/^Sage 100 \/ Coala/);
  expect(screen.getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'CSV' })).not.toBeChecked();
  expect(screen.getByRole('radiogroup', { name: 'Format du fichier' })).toBeInTheDocument();

  expect(screen.getByLabelText(/^Préfixe des comptes clients/)).toHaveValue('411');
  expect(screen.getByLabelText(/^Compte client des ventes comptoir/)).toHaveValue('4110000');
  expect(screen.getByRole('link', { name: 'Codes comptables' })).toHaveAttribute('href', '/dashboard/accounting/codes');
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
});

it('the fiscal-year sentence follows the start month and day (it ends the day before the next start)', async () => {
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /accounting/settings': () => DEFAULT_ACCOUNTING_SETTINGS },
  });
  await screen.findByRole('combobox', { name: /^Mois de début/ });
  expect(sentence()).toBe('Exercice en cours : du 01/01/2026 au 31/12/2026');

  await pick(/^Mois de début/, 'Septembre');
  await waitFor(() => expect(sentence()).toBe('Exercice en cours : du 01/09/2026 au 31/08/2027'));

  await setDay('15');
  expect(sentence()).toBe('Exercice en cours : du 15/09/2026 au 14/09/2027');

  // a start later in the year than today: the current year began last year
  await pick(/^Mois de début/, 'Novembre');
  await waitFor(() => expect(sentence()).toBe('Exercice en cours : du 15/11/2025 au 14/11/2026'));

  // 1 March: the year ends on the last day of February
  await pick(/^Mois de début/, 'Mars');
  await setDay('1');
  expect(sentence()).toBe('Exercice en cours : du 01/03/2026 au 28/02/2027');

  // with the keyboard: the month after March
  const month = screen.getByRole('combobox', { name: /^Mois de début/ });
  act(() => month.focus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(month).toHaveAttribute('aria-expanded', 'true'));
  // the option list reads the legacy `which` that user-event leaves out (browsers set it)
  fireEvent.keyDown(month, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
  fireEvent.keyDown(month, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  await waitFor(() => expect(shownIn(month)).toBe('Avril'));
  expect(sentence()).toBe('Exercice en cours : du 01/04/2026 au 31/03/2027');
});

it('a day the month does not have shows the contract message under the day and sends nothing', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /accounting/settings': () => DEFAULT_ACCOUNTING_SETTINGS },
  });
  await screen.findByRole('combobox', { name: /^Mois de début/ });
  await setDay('31');
  expect(sentence()).toBe('Exercice en cours : du 31/01/2026 au 30/01/2027');
  await pick(/^Mois de début/, 'Avril');

  const day = screen.getByLabelText(/^Jour de début/);
  await waitFor(() => expect(errorOf(day)).toBe(ACCOUNTING_SETTINGS_MESSAGES.day));
  expect(day).toHaveAttribute('aria-invalid', 'true');
  expect(sentence()).toBe('Exercice en cours : choisissez un jour qui existe dans le mois de début.');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(day)).toBe(ACCOUNTING_SETTINGS_MESSAGES.day));
  expect(putCalls(page)).toHaveLength(0);

  // a month with 31 days makes it right again
  await pick(/^Mois de début/, 'Mai');
  await waitFor(() => expect(errorOf(day)).toBeNull());
  expect(sentence()).toBe('Exercice en cours : du 31/05/2026 au 30/05/2027');
});

it('saves the body the api expects (codes upper case, texts trimmed) and shows the success message', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /accounting/settings': () => saved,
      'PUT /accounting/settings': (req) => ({ ...(req.body as AccountingSettings), message: ACCOUNTING_SETTINGS_MESSAGES.saved }),
    },
  });
  await screen.findByRole('combobox', { name: /^Mois de début/ });
  await pick(/^Mois de début/, 'Juillet');
  await setDay('15');

  const bank = screen.getByRole('group', { name: 'Banque' });
  const bankCode = within(bank).getByLabelText(/^Code/);
  await userEvent.clear(bankCode);
  await userEvent.type(bankCode, 'bq2');
  expect(bankCode).toHaveValue('BQ2');
  const odLabel = within(screen.getByRole('group', { name: 'Opérations diverses' })).getByLabelText(/^Libellé/);
  await userEvent.clear(odLabel);
  await userEvent.type(odLabel, '  Divers  ');

  await pick(/^Présentation/, 'EBP (Date ; Journal ; Compte ; Pièce ; Libellé ; Débit ; Crédit ; Échéance)');
  await userEvent.click(screen.getByRole('radio', { name: 'CSV' }));
  const counter = screen.getByLabelText(/^Compte client des ventes comptoir/);
  await userEvent.clear(counter);
  await userEvent.type(counter, '411caisse');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  expect(putCalls(page)[0].body).toEqual({
    logStartMonth: 6,
    logStartDay: 15,
    journals: {
      VT: { code: 'VT', label: 'Ventes' },
      BQ: { code: 'BQ2', label: 'Crédit Agricole' },
      CA: { code: 'CAI', label: 'Caisse du caveau' },
      OD: { code: 'OD', label: 'Divers' },
      HA: { code: 'HA', label: 'Achats' },
      AN: { code: 'AN', label: 'À nouveaux' },
    },
    exportLayout: 'ebp',
    exportFormat: 'csv',
    clientPrefix: '411',
    counterSalesClient: '411CAISSE',
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Paramètres comptables enregistrés', error: false }));
  expect(screen.getByLabelText(/^Compte client des ventes comptoir/)).toHaveValue('411CAISSE');
  expect(sentence()).toBe('Exercice en cours : du 15/07/2026 au 14/07/2027');
});

it('checks the journals before sending: a bad code, two journals with one code', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'owner', api: { 'GET /accounting/settings': () => saved } });
  const bank = await screen.findByRole('group', { name: 'Banque' });
  const code = within(bank).getByLabelText(/^Code/);
  await userEvent.clear(code);
  await userEvent.type(code, 'B-1');
  await userEvent.tab();
  await waitFor(() => expect(errorOf(code)).toBe(ACCOUNTING_SETTINGS_MESSAGES.journalCode));

  await userEvent.clear(code);
  await userEvent.type(code, 'vt');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(errorOf(code)).toBe(ACCOUNTING_SETTINGS_MESSAGES.journalTwice));
  expect(putCalls(page)).toHaveLength(0);
});

it('an api error naming a field goes under that field (journals.BQ.code)', async () => {
  const message = 'Le code journal « BQ » est déjà utilisé par des écritures d’un autre journal';
  const page = renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: {
      'GET /accounting/settings': () => saved,
      'PUT /accounting/settings': () => reply(400, { success: false, message, field: 'journals.BQ.code' }),
    },
  });
  const bank = await screen.findByRole('group', { name: 'Banque' });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(putCalls(page)).toHaveLength(1));
  const code = within(bank).getByLabelText(/^Code/);
  await waitFor(() => expect(errorOf(code)).toBe(message));
  expect(errorOf(within(screen.getByRole('group', { name: 'Ventes' })).getByLabelText(/^Code/))).toBeNull();
  expect(page.snackbars()).toEqual([]);
});

it('a load error offers to retry', async () => {
  let fail = true;
  renderPage(<SettingsPage />, {
    route,
    session: 'owner',
    api: { 'GET /accounting/settings': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : saved) },
  });
  expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('group', { name: 'Banque' })).toBeInTheDocument();
});

it('a member with accessAccounting only reads: fields disabled, no save button', async () => {
  const page = renderPage(<SettingsPage />, {
    route,
    session: iamWith({ accessAccounting: true }),
    api: { 'GET /accounting/settings': () => saved },
  });
  const bank = await screen.findByRole('group', { name: 'Banque' });
  expect(screen.getByText(/^Lecture seule/)).toBeInTheDocument();
  expect(within(bank).getByLabelText(/^Code/)).toBeDisabled();
  expect(within(bank).getByLabelText(/^Libellé/)).toBeDisabled();
  expect(screen.getByRole('combobox', { name: /^Mois de début/ })).toBeDisabled();
  expect(screen.getByLabelText(/^Jour de début/)).toBeDisabled();
  expect(screen.getByRole('combobox', { name: /^Présentation/ })).toBeDisabled();
  expect(screen.getByRole('radio', { name: 'CSV' })).toBeDisabled();
  expect(screen.getByLabelText(/^Préfixe des comptes clients/)).toBeDisabled();
  expect(screen.getByLabelText(/^Compte client des ventes comptoir/)).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  expect(sentence()).toBe('Exercice en cours : du 01/09/2026 au 31/08/2027');
  expect(putCalls(page)).toHaveLength(0);
});

it('a member with editAccountingCodes edits them', async () => {
  renderPage(<SettingsPage />, {
    route,
    session: iamWith({ editAccountingCodes: true }),
    api: { 'GET /accounting/settings': () => saved },
  });
  const bank = await screen.findByRole('group', { name: 'Banque' });
  expect(within(bank).getByLabelText(/^Code/)).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  expect(screen.queryByText(/^Lecture seule/)).toBeNull();
});

it('a member without an accounting right does not see the section listed, is told so by its link, and no call', async () => {
  const page = renderPage(<SettingsPage />, { route, session: 'iam' });
  expect(screen.getByRole('link', { name: 'Typologies' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Comptabilité' })).toBeNull();
  expect(await screen.findByText('Vous n’avez pas accès à cette section des paramètres.')).toBeInTheDocument();
  expect(page.calls).toEqual([]);
});
