import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderPage, reply } from 'shared-kernel/testing';
import { EURO } from '../orders/orders.fixtures';
import { presetPeriod } from '../period';
import { ventilation } from '../sales.fixtures';
import VentilationPage from './VentilationPage';

const ROUTE = '/dashboard/orders/ventilate';
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('ventilation', () => {
  it('shows the totals and one table per axis with its total row; payment methods TTC only', async () => {
    const page = renderPage(<VentilationPage />, {
      route: `${ROUTE}?from=2026-02-01&to=2026-02-28`,
      api: { 'GET /sales/ventilation': ventilation() },
    });
    expect((await screen.findByTestId('ventilation-total-ht')).textContent).toBe(`Total HT${EURO('1 000,00 €')}`);
    expect(screen.getByTestId('ventilation-total-vat').textContent).toBe(`TVA${EURO('200,00 €')}`);
    expect(screen.getByTestId('ventilation-total-ttc').textContent).toBe(`Total TTC${EURO('1 200,00 €')}`);
    expect(screen.getByTestId('ventilation-documents').textContent).toBe('Pièces3 factures · 1 avoir');
    expect(page.calls[0].query).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(screen.getByText(/factures et factures d'acompte moins les avoirs/)).toBeInTheDocument();

    // first tab: accounting types
    const rows = screen.getAllByTestId('ventilation-row');
    expect(rows.map(cells)).toEqual([
      ['Vins', EURO('900,00 €'), EURO('180,00 €'), EURO('1 080,00 €')],
      ['Frais de port', EURO('100,00 €'), EURO('20,00 €'), EURO('120,00 €')],
    ]);
    expect(cells(screen.getByTestId('ventilation-total'))).toEqual(['Total', EURO('1 000,00 €'), EURO('200,00 €'), EURO('1 200,00 €')]);

    await userEvent.click(screen.getByRole('tab', { name: 'Typologie' }));
    const typology = screen.getByRole('region', { name: 'Ventilation : Typologie' });
    expect(within(typology).getAllByTestId('ventilation-row').map(cells)).toEqual([
      ['Caviste', EURO('700,00 €'), EURO('140,00 €'), EURO('840,00 €')],
      ['Particulier', EURO('300,00 €'), EURO('60,00 €'), EURO('360,00 €')],
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'Mode de règlement' }));
    const payments = screen.getByRole('region', { name: 'Ventilation : Mode de règlement' });
    expect(within(payments).getByText('Règlements reçus sur la période')).toBeInTheDocument();
    expect(
      within(payments)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mode de règlement', 'Montant TTC']);
    expect(within(payments).getAllByTestId('ventilation-row').map(cells)).toEqual([
      ['Virement', EURO('800,00 €')],
      ['Chèque', EURO('150,00 €')],
    ]);
    expect(cells(within(payments).getByTestId('ventilation-total'))).toEqual(['Total', EURO('950,00 €')]);
  });

  it('exports the period as CSV and Excel through the authenticated download', async () => {
    const downloads = captureDownloads();
    try {
      renderPage(<VentilationPage />, {
        route: `${ROUTE}?from=2026-02-01&to=2026-02-28`,
        api: { 'GET /sales/ventilation': ventilation() },
      });
      await screen.findByTestId('ventilation-totals');
      await userEvent.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: 'Exporter (Excel)' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(downloads.saved[0].url).toMatch(/\/v1\/sales\/ventilation\/export\?from=2026-02-01&to=2026-02-28&format=csv$/);
      expect(downloads.saved[0].filename).toBe('ventilation-2026-02-01-2026-02-28.csv');
      expect(downloads.saved[1].url).toMatch(/\/v1\/sales\/ventilation\/export\?from=2026-02-01&to=2026-02-28&format=xlsx$/);
    } finally {
      downloads.restore();
    }
  });

  it('defaults to last month; a quick choice changes the period in the URL and asks again', async () => {
    const page = renderPage(<VentilationPage />, { route: ROUTE, api: { 'GET /sales/ventilation': ventilation() } });
    await screen.findByTestId('ventilation-totals');
    const lastMonth = presetPeriod('lastMonth');
    expect(page.calls[0].query).toEqual(lastMonth);

    await userEvent.click(screen.getByRole('combobox', { name: 'Période rapide' }));
    await userEvent.click(await screen.findByTitle('Cette année'));
    const thisYear = presetPeriod('thisYear');
    await waitFor(() => expect(page.api.callsTo('GET /sales/ventilation').at(-1)!.query).toEqual(thisYear));
    expect(page.location().search).toBe(`?from=${thisYear.from}&to=${thisYear.to}`);
  });

  it('the empty state when nothing was issued nor paid, and the error with a retry', async () => {
    const empty = ventilation({
      totals: { ht: 0, vat: 0, ttc: 0, invoices: 0, credits: 0 },
      axes: { accountingType: [], vatRate: [], typology: [], range: [], agent: [], paymentMethod: [] },
    });
    const page = renderPage(<VentilationPage />, {
      route: `${ROUTE}?from=2026-02-01&to=2026-02-28`,
      api: { 'GET /sales/ventilation': empty },
    });
    expect(await screen.findByText('Aucune facture, aucun avoir ni aucun règlement sur cette période')).toBeInTheDocument();
    expect(screen.queryByTestId('ventilation-totals')).not.toBeInTheDocument();
    page.unmount();

    let calls = 0;
    renderPage(<VentilationPage />, {
      route: `${ROUTE}?from=2026-02-01&to=2026-02-28`,
      api: {
        'GET /sales/ventilation': () =>
          ++calls === 1 ? reply(500, { success: false, message: 'Base de données indisponible' }) : ventilation(),
      },
    });
    expect(await screen.findByText('Base de données indisponible')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('ventilation-totals')).toBeInTheDocument();
  });
});
