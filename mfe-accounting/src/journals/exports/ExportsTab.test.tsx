import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNTING_RULE_MESSAGES } from 'shared-kernel/contracts';
import { type ApiHandlers, captureDownloads, renderPage, reply } from 'shared-kernel/testing';
import { EURO, fecCheck, fiscalYears, settings, vatSummary } from '../journals.fixtures';
import JournalsPage from '../JournalsPage';

const PATH = '/dashboard/accounting/journals';
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

function open(handlers: ApiHandlers = {}, search = '?tab=exports') {
  return renderPage(<JournalsPage routePath={PATH} />, {
    route: `${PATH}${search}`,
    path: PATH,
    routes: { '/dashboard/settings': <p>Paramètres</p> },
    api: {
      'GET /accounting/fiscal-years': fiscalYears(),
      'GET /accounting/settings': settings({ exportLayout: 'sage', exportFormat: 'xlsx' }),
      'GET /accounting/fec/check': fecCheck(),
      'GET /accounting/vat': vatSummary(),
      ...handlers,
    },
  });
}

describe('Exports — FEC', () => {
  it('checks the FEC of the current fiscal year, says it passes, and downloads it with the checked name', async () => {
    const downloads = captureDownloads();
    try {
      const page = open();
      const card = await screen.findByTestId('fec-card');
      expect(await within(card).findByText('Le fichier passe les contrôles')).toBeInTheDocument();
      expect(page.api.callsTo('GET /accounting/fec/check')[0].query).toEqual({ year: '2026' });
      expect(screen.getByLabelText('Exercice')).toBeInTheDocument();
      expect(screen.getByTitle('Exercice 2026 (en cours)')).toBeInTheDocument();
      const facts = within(card).getByTestId('fec-facts');
      expect(within(facts).getByText('123456789FEC20261231.txt')).toBeInTheDocument();
      expect(within(facts).getByText('42')).toBeInTheDocument();
      expect(within(facts).getByText('14')).toBeInTheDocument();
      expect(within(facts).getAllByText('1 500,00 €')).toHaveLength(2);
      expect(within(card).queryByRole('alert')).toBeNull();

      await userEvent.click(within(card).getByRole('button', { name: /Télécharger le FEC/ }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/\/v1\/accounting\/fec\?year=2026$/);
      expect(downloads.saved[0].filename).toBe('123456789FEC20261231.txt');
      expect(downloads.fetched[0].headers.Authorization).toMatch(/^Bearer /);
    } finally {
      downloads.restore();
    }
  });

  it('downloads the FEC in ISO 8859-15 by default, in UTF-8 when chosen', async () => {
    const downloads = captureDownloads();
    try {
      open();
      const card = await screen.findByTestId('fec-card');
      await within(card).findByText('Le fichier passe les contrôles');
      const encoding = within(card).getByRole('radiogroup', { name: 'Encodage du fichier' });
      // the default (the first test: no encoding parameter, the api's ISO 8859-15)
      expect(within(encoding).getByRole('radio', { name: /ISO 8859-15/ })).toHaveAttribute('value', 'iso-8859-15');
      await userEvent.click(within(encoding).getByRole('radio', { name: 'UTF-8' }));
      await userEvent.click(within(card).getByRole('button', { name: /Télécharger le FEC/ }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/\/v1\/accounting\/fec\?year=2026&encoding=utf-8$/);
    } finally {
      downloads.restore();
    }
  });

  it('lists the problems the checks find, for the year chosen', async () => {
    const page = open({
      'GET /accounting/fec/check': (req: { query: Record<string, string> }) =>
        req.query.year === '2025'
          ? fecCheck({
              year: 2025,
              problems: [
                { line: 12, message: 'Écriture VT000004 déséquilibrée' },
                { line: 30, message: 'Date de pièce manquante' },
              ],
            })
          : fecCheck(),
    });
    await screen.findByText('Le fichier passe les contrôles');
    await userEvent.click(screen.getByLabelText('Exercice'));
    await userEvent.click(await screen.findByTitle('Exercice 2025'));
    const alert = await screen.findByText('2 problèmes trouvés par les contrôles');
    const problems = within(alert.closest<HTMLElement>('[role="alert"]')!).getAllByRole('listitem');
    expect(problems.map((p) => p.textContent)).toEqual([
      'Ligne 12 : Écriture VT000004 déséquilibrée',
      'Ligne 30 : Date de pièce manquante',
    ]);
    expect(screen.queryByText('Le fichier passe les contrôles')).toBeNull();
    expect(page.location().search).toBe('?tab=exports&year=2025');
    expect(page.api.callsTo('GET /accounting/fec/check').at(-1)!.query).toEqual({ year: '2025' });
    // the export and the VAT follow the year
    await waitFor(() => expect(page.api.callsTo('GET /accounting/vat').at(-1)!.query).toEqual({ from: '2025-01-01', to: '2025-12-31' }));
    expect(screen.getByRole('button', { name: /Télécharger le FEC/ })).toBeEnabled();
  });

  it('without a SIREN, says where to fill it in and disables the download', async () => {
    const page = open({ 'GET /accounting/fec/check': fecCheck({ sirenMissing: true, fileName: '' }) });
    const warning = await screen.findByText(ACCOUNTING_RULE_MESSAGES.sirenMissing);
    expect(screen.getByRole('button', { name: /Télécharger le FEC/ })).toBeDisabled();
    expect(screen.queryByText('Le fichier passe les contrôles')).toBeNull();
    const link = within(warning.closest<HTMLElement>('[role="alert"]')!).getByRole('link', {
      name: 'Ouvrir les paramètres de facturation',
    });
    expect(link).toHaveAttribute('href', '/dashboard/settings?link=billing');
    await userEvent.click(link);
    expect(await screen.findByText('Paramètres')).toBeInTheDocument();
    expect(page.location().search).toBe('?link=billing');
  });

  it('shows the api message when the FEC cannot be downloaded', async () => {
    const downloads = captureDownloads(() => ({ status: 409, body: JSON.stringify({ success: false, message: 'Le FEC est vide' }) }));
    try {
      const page = open();
      await screen.findByText('Le fichier passe les contrôles');
      await userEvent.click(screen.getByRole('button', { name: /Télécharger le FEC/ }));
      await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Le FEC est vide', error: true }]));
      expect(downloads.saved).toHaveLength(0);
    } finally {
      downloads.restore();
    }
  });
});

describe('Exports — export comptable and TVA', () => {
  it('exports the fiscal year in the layout and file type of the settings, then as chosen', async () => {
    const downloads = captureDownloads();
    try {
      open();
      const card = await screen.findByTestId('export-card');
      expect(within(card).getByLabelText('Du')).toHaveValue('01/01/2026');
      expect(within(card).getByLabelText('Au')).toHaveValue('31/12/2026');
      await waitFor(() => expect(within(card).getByRole('radio', { name: 'Excel (XLSX)' })).toBeChecked());
      expect(within(card).getByTitle(/^Sage 100/)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Ventilation des ventes' })).toHaveAttribute(
        'href',
        '/dashboard/orders/ventilate?from=2026-01-01&to=2026-12-31',
      );

      await userEvent.click(within(card).getByRole('button', { name: /Exporter/ }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/\/v1\/accounting\/export\?from=2026-01-01&to=2026-12-31&format=xlsx&layout=sage$/);
      expect(downloads.saved[0].filename).toBe('ecritures-2026-01-01-2026-12-31.xlsx');

      await userEvent.click(within(card).getByRole('radio', { name: 'CSV' }));
      await userEvent.click(within(card).getByLabelText('Format des colonnes'));
      await userEvent.click(await screen.findByTitle(/^EBP/));
      await userEvent.click(within(card).getByRole('button', { name: /Exporter/ }));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(downloads.saved[1].url).toMatch(/format=csv&layout=ebp$/);
    } finally {
      downloads.restore();
    }
  });

  it('falls back to the generic CSV when the settings cannot be read', async () => {
    const downloads = captureDownloads();
    try {
      open({ 'GET /accounting/settings': reply(500, { success: false, message: 'Erreur' }) });
      const card = await screen.findByTestId('export-card');
      await waitFor(() => expect(within(card).getByTitle(/^Générique/)).toBeInTheDocument());
      expect(within(card).getByRole('radio', { name: 'CSV' })).toBeChecked();
      await userEvent.click(within(card).getByRole('button', { name: /Exporter/ }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/format=csv&layout=generic$/);
    } finally {
      downloads.restore();
    }
  });

  it('shows the collected VAT of the fiscal year by month, rate and type, with subtotals and the total', async () => {
    const page = open();
    const card = await screen.findByTestId('vat-card');
    expect(within(card).getByText('Aide au remplissage de la déclaration CA3')).toBeInTheDocument();
    const rows = await within(card).findAllByTestId('vat-row');
    expect(page.api.callsTo('GET /accounting/vat')[0].query).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(rows.map(cells)).toEqual([
      ['Janvier 2026', '20 %', 'France', '445712', EURO('1 000,00 €'), EURO('200,00 €')],
      ['5,5 %', 'France', '445713', EURO('100,00 €'), EURO('5,50 €')],
      ['Février 2026', '0 %', 'Union européenne (intracommunautaire)', '445700', EURO('500,00 €'), EURO('0,00 €')],
    ]);
    expect(within(card).getAllByTestId('vat-subtotal').map(cells)).toEqual([
      ['Sous-total Janvier 2026', EURO('1 100,00 €'), EURO('205,50 €')],
      ['Sous-total Février 2026', EURO('500,00 €'), EURO('0,00 €')],
    ]);
    expect(cells(within(card).getByTestId('vat-total'))).toEqual(['Total de la période', EURO('1 600,00 €'), EURO('205,50 €')]);
  });
});
