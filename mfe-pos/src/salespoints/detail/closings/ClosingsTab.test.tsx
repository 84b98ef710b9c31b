import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, renderPage, reply, type ApiHandlers } from 'shared-kernel/testing';
import { closing, EURO, salesPoint } from '../../salespoints.fixtures';
import SalesPointDetailPage from '../SalesPointDetailPage';

const PATH = '/dashboard/salespoints/:id';
const DAY = closing({ id: 21 });
const MONTH = closing({
  id: 20,
  kind: 'month',
  period: '2026-10',
  ref: 'M-CAVEAU-2026-10',
  float: null,
  counted: null,
  expected: null,
  gap: null,
  grandTotal: 4444350,
});
const OVER = closing({ id: 19, period: '2026-10-31', ref: 'Z-CAVEAU-0019', gap: 250, counted: { cash: 40250, card: 98450 } });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

function open(route: string, handlers: ApiHandlers = {}) {
  return renderPage(<SalesPointDetailPage routePath={PATH} />, {
    route,
    path: PATH,
    api: { 'GET /pos/salespoints/3': salesPoint({ id: 3 }), 'GET /pos/salespoints/3/closings': [DAY, MONTH, OVER], ...handlers },
  });
}

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

describe('Clôtures tab', () => {
  it('lists the closings with their period, totals, coloured gap and grand total', async () => {
    open('/dashboard/salespoints/3?tab=closings');
    const rows = await screen.findAllByTestId('resource-row');
    expect(rows.map(cells)).toEqual([
      ['Journalière Z', '25/11/2026', 'Z-CAVEAU-0021', EURO('1 234,50 €'), '14', EURO('-5,00 €'), EURO('45 678,00 €')],
      ['Mensuelle', 'Octobre 2026', 'M-CAVEAU-2026-10', EURO('1 234,50 €'), '14', '—', EURO('44 443,50 €')],
      ['Journalière Z', '31/10/2026', 'Z-CAVEAU-0019', EURO('1 234,50 €'), '14', `+${EURO('2,50 €')}`, EURO('45 678,00 €')],
    ]);
    // a short till in red, an over one in orange
    expect(within(rows[0]).getByText('-5,00 €').closest('[data-gap]')).toHaveAttribute('data-gap', 'short');
    expect(within(rows[0]).getByText('-5,00 €').closest('.ant-typography-danger')).not.toBeNull();
    expect(within(rows[2]).getByText(/2,50/).closest('[data-gap]')).toHaveAttribute('data-gap', 'over');
    expect(screen.getByText('3 clôtures')).toBeInTheDocument();
  });

  it('opens the report of a day: figures, cash count, VAT rates, methods, accounting types, and its PDF', async () => {
    const downloads = captureDownloads();
    try {
      const page = open('/dashboard/salespoints/3?tab=closings');
      const rows = await screen.findAllByTestId('resource-row');
      await userEvent.click(within(rows[0]).getByText('Journalière Z'));
      const report = await screen.findByTestId('closing-report');
      expect(page.location().search).toBe('?tab=closings&closing=21');
      expect(screen.getByText('Rapport Z-CAVEAU-0021')).toBeInTheDocument();
      const r = within(report);
      const facts = r.getByTestId('report-facts');
      expect(
        within(facts)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual([
        'Journalière Z',
        '25/11/2026',
        '25/11/2026 19:10 par Marie Caviste',
        '14',
        EURO('1 234,50 €'),
        EURO('1 041,25 €'),
        EURO('193,25 €'),
        EURO('45 678,00 €'),
      ]);
      expect(r.getByTestId('report-float').textContent).toBe(`Fond de caisse : ${EURO('150,00 €')}`);
      expect(r.getAllByTestId('report-count').map(cells)).toEqual([
        ['Espèces', EURO('400,00 €'), EURO('395,00 €'), EURO('-5,00 €')],
        ['Carte bancaire', EURO('984,50 €'), EURO('984,50 €'), EURO('0,00 €')],
        ['Total', EURO('1 384,50 €'), EURO('1 379,50 €'), EURO('-5,00 €')],
      ]);
      expect(r.getAllByTestId('report-vat').map(cells)).toEqual([
        ['20 %', EURO('966,25 €'), EURO('193,25 €'), EURO('1 159,50 €')],
        ['0 %', EURO('75,00 €'), EURO('0,00 €'), EURO('75,00 €')],
      ]);
      expect(r.getAllByTestId('report-method').map(cells)).toEqual([
        ['Carte bancaire', EURO('984,50 €')],
        ['Espèces', EURO('250,00 €')],
      ]);
      expect(r.getAllByTestId('report-type').map(cells)).toEqual([
        ['Produit', '20 %', EURO('900,00 €'), EURO('180,00 €')],
        ['Produit de dégustation', '20 %', EURO('66,25 €'), EURO('13,25 €')],
        ['Prestation', '0 %', EURO('75,00 €'), EURO('0,00 €')],
      ]);

      await userEvent.click(screen.getByRole('button', { name: /Rapport PDF/ }));
      await waitFor(() => expect(downloads.saved).toEqual([{ url: '/v1/pos/closings/21/report.pdf', filename: 'Z-CAVEAU-0021.pdf' }]));
    } finally {
      downloads.restore();
    }
  });

  it('a month has no cash count; a failed PDF says why', async () => {
    const downloads = captureDownloads(() => ({ status: 500, body: JSON.stringify({ success: false, message: 'PDF indisponible' }) }));
    try {
      const page = open('/dashboard/salespoints/3?tab=closings&closing=20');
      const report = await screen.findByTestId('closing-report');
      expect(within(report).queryByTestId('report-count')).toBeNull();
      expect(within(report).queryByTestId('report-float')).toBeNull();
      expect(within(report).getByText('Octobre 2026')).toBeInTheDocument();
      // the list knew it: no call for the closing itself
      expect(page.api.callsTo('GET /pos/closings/:id')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: /Rapport PDF/ }));
      await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'PDF indisponible', error: true }]));
    } finally {
      downloads.restore();
    }
  });

  it('says when there is no closing yet', async () => {
    open('/dashboard/salespoints/3?tab=closings', { 'GET /pos/salespoints/3/closings': [] });
    expect(await screen.findByText(/Aucune clôture pour le moment/)).toBeInTheDocument();
  });

  it('shows the error of the closings with a retry', async () => {
    open('/dashboard/salespoints/3?tab=closings', {
      'GET /pos/salespoints/3/closings': reply(500, { success: false, message: 'Journal indisponible' }),
    });
    expect(await screen.findByText('Journal indisponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
