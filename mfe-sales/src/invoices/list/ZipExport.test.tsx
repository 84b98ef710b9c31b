import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceSummary } from 'shared-kernel/contracts';
import { type ApiRequest, captureDownloads, dialogTitled, paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { presetPeriod } from '../../period';
import { invoiceSummary } from '../../sales.fixtures';
import type { InvoiceExport } from '../invoices.queries';
import BillsListPage from './BillsListPage';
import CreditNotesListPage from './CreditNotesListPage';
import { defaultPeriod } from './ZipExport';

const serve = (rows: InvoiceSummary[]) => (req: ApiRequest) => paginatedOf(rows, req.query);
const ID = '0b7c5d0e-6f1a-4c3b-9a43-8f0e3f6a1d20';
const state = (over: Partial<InvoiceExport>): InvoiceExport => ({
  id: ID,
  status: 'running',
  done: 0,
  total: 3,
  filename: 'files.zip',
  message: null,
  ...over,
});

describe("'Exporter les PDF (zip)'", () => {
  it('starts the export of the list period, shows its progress, then saves files.zip', async () => {
    const downloads = captureDownloads();
    const progress = [state({ done: 1 }), state({ done: 2 }), state({ status: 'ready', done: 3 })];
    try {
      const page = renderPage(<BillsListPage />, {
        route: '/dashboard/orders/bills?from=2026-01-01&to=2026-01-31',
        api: {
          'GET /sales/invoices': serve([invoiceSummary({ id: 1 })]),
          'POST /sales/invoices/exports': [202, state({})],
          'GET /sales/invoices/exports/:id': () => progress.shift() ?? state({ status: 'ready', done: 3 }),
        },
      });
      await screen.findByTestId('resource-row');
      expect(page.calls[0].query).toMatchObject({ from: '2026-01-01', to: '2026-01-31', kind: 'invoice' });
      await userEvent.click(screen.getByRole('button', { name: 'Exporter les PDF (zip)' }));
      const dialog = await dialogTitled('Exporter les PDF — Factures');
      expect(within(dialog).getByLabelText('Du')).toHaveValue('01/01/2026');
      expect(within(dialog).getByLabelText('Au')).toHaveValue('31/01/2026');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Préparer l’archive' }));

      expect(await within(dialog).findByText(/1 \/ 3 documents/)).toBeInTheDocument();
      expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
      expect(await within(dialog).findByText('Archive prête : le téléchargement a commencé.', {}, { timeout: 5000 })).toBeInTheDocument();
      await waitFor(() => expect(downloads.saved).toHaveLength(1));

      expect(page.api.callsTo('POST /sales/invoices/exports')[0].body).toEqual({ from: '2026-01-01', to: '2026-01-31', kind: 'invoice' });
      const polls = page.api.callsTo('GET /sales/invoices/exports/:id');
      expect(polls.length).toBeGreaterThanOrEqual(3);
      expect(polls.every((c) => c.path === `/sales/invoices/exports/${ID}`)).toBe(true);
      expect(downloads.saved[0].url).toMatch(new RegExp(`/v1/sales/invoices/exports/${ID}/file$`));
      expect(downloads.saved[0].filename).toBe('files.zip');
      // the poll stops once ready
      const after = page.api.callsTo('GET /sales/invoices/exports/:id').length;
      await new Promise((r) => setTimeout(r, 1200));
      expect(page.api.callsTo('GET /sales/invoices/exports/:id')).toHaveLength(after);
    } finally {
      downloads.restore();
    }
  });

  it("says 'Aucun document sur cette période' in the dialog, and an export that failed", async () => {
    const page = renderPage(<CreditNotesListPage />, {
      route: '/dashboard/orders/credits',
      api: {
        'GET /sales/invoices': serve([]),
        'POST /sales/invoices/exports': reply(400, { success: false, message: 'Aucun document sur cette période', field: 'from' }),
      },
    });
    await screen.findByText('Aucun avoir pour le moment');
    await userEvent.click(screen.getByRole('button', { name: 'Exporter les PDF (zip)' }));
    const dialog = await dialogTitled('Exporter les PDF — Avoirs');
    const lastMonth = presetPeriod('lastMonth');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Préparer l’archive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Aucun document sur cette période');
    expect(page.api.callsTo('POST /sales/invoices/exports')[0].body).toEqual({ ...lastMonth, kind: 'credit' });

    page.api.use({
      'POST /sales/invoices/exports': [202, state({})],
      'GET /sales/invoices/exports/:id': state({ status: 'error', done: 1, message: "L'export n'a pas pu être préparé. Réessayez." }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Préparer l’archive' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent("L'export n'a pas pu être préparé. Réessayez."));
  });

  it('defaults to the list dates, completing a missing end, else last month', () => {
    const now = new Date('2026-03-10T10:00:00Z');
    expect(defaultPeriod({ from: '2026-02-01', to: '2026-02-15' }, now)).toEqual({ from: '2026-02-01', to: '2026-02-15' });
    expect(defaultPeriod({ from: '2026-02-01' }, now)).toEqual({ from: '2026-02-01', to: '2026-03-10' });
    expect(defaultPeriod({ to: '2026-02-15' }, now)).toEqual({ from: '2026-02-01', to: '2026-02-15' });
    expect(defaultPeriod({}, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
