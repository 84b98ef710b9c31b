import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import { type ApiRequest, captureDownloads, dialogTitled, paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { EURO } from '../orders/orders.fixtures';
import { clientCredit, invoiceSummary, salesPayment, unpaidSummary } from '../sales.fixtures';
import ClientCreditsPage from './list/ClientCreditsPage';
import PaymentsListPage from './list/PaymentsListPage';
import OutstandingsPage from './open/OutstandingsPage';
import UnpaidsPage from './open/UnpaidsPage';

const serve =
  <T,>(rows: T[]) =>
  (req: ApiRequest) =>
    paginatedOf(rows, req.query);

describe('payments', () => {
  it('lists the payments in and out with their invoices and the client credit; opens the payment drawer', async () => {
    const rows = [
      salesPayment({ id: 2, amount: 15000, unallocated: 3000 }),
      salesPayment({ id: 1, direction: 'out', method: 'cheque', amount: 2000, reference: null, allocations: [] }),
    ];
    const page = renderPage(<PaymentsListPage />, {
      route: '/dashboard/payments',
      api: { 'GET /sales/payments': serve(rows), 'GET /crm/clients': serve([]) },
    });
    const [first, second] = (await screen.findAllByTestId('resource-row')).map((r) => within(r));
    expect(first.getByText('10/03/2026')).toBeInTheDocument();
    expect(first.getByText('Encaissement')).toBeInTheDocument();
    expect(first.getByText('Virement')).toBeInTheDocument();
    expect(first.getByTestId('payment-amount').textContent).toBe(EURO('150,00 €'));
    expect(first.getByText(/F2026-00001/)).toHaveTextContent('AA');
    expect(first.getAllByRole('cell').map((c) => c.textContent)).toContain(EURO('30,00 €'));
    expect(second.getByText('Remboursement')).toBeInTheDocument();
    expect(second.getByTestId('payment-amount').textContent).toBe(`-${EURO('20,00 €')}`);
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: '-paidAt' });

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer un règlement' }));
    expect(await screen.findByRole('combobox', { name: /^Mode de règlement/ })).toBeInTheDocument();
    expect(screen.getByText('Choisissez un client pour voir ses factures à régler.')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderPage(<PaymentsListPage />, { route: '/dashboard/payments', api: { 'GET /sales/payments': serve([]) } });
    expect(await screen.findByText('Aucun règlement pour le moment')).toBeInTheDocument();
  });
});

describe('outstandings and unpaids', () => {
  it('lists what is owed, oldest due first, with the totals of the unpaid summary (one request)', async () => {
    const rows = [
      invoiceSummary({ id: 1, dueDate: '2026-02-01', remaining: 12000, overdueDays: 40 }),
      invoiceSummary({ id: 2, dueDate: '2026-05-01', remaining: 8000 }),
    ];
    const page = renderPage(<OutstandingsPage />, {
      route: '/dashboard/payments/outstandings',
      api: { 'GET /sales/invoices': serve(rows), 'GET /sales/unpaid-summary': unpaidSummary() },
    });
    expect(await screen.findAllByTestId('resource-row')).toHaveLength(2);
    const totals = await screen.findByTestId('open-totals');
    expect(totals.textContent).toContain(`Reste dû${EURO('4 500,00 €')}`);
    expect(totals.textContent).toContain(`dont en retard${EURO('1 800,00 €')}`);
    expect(totals.textContent).toContain('Factures en retard7');
    expect(page.api.callsTo('GET /sales/invoices').map((c) => c.query)).toEqual([
      { page: '1', pageSize: '20', sort: 'dueDate', open: 'true' },
    ]);
    expect(page.api.callsTo('GET /sales/unpaid-summary')).toHaveLength(1);
    // no follow-up actions on the outstandings
    expect(screen.queryByRole('button', { name: 'Relancer' })).not.toBeInTheDocument();
  });

  it('unpaids: overdue invoices only, with the reminder level and date; the overdue totals; the empty state', async () => {
    const page = renderPage(<UnpaidsPage />, {
      route: '/dashboard/payments/unpaids',
      api: {
        'GET /sales/invoices': serve([invoiceSummary({ id: 1, overdueDays: 40, lastReminderAt: '2026-03-15', reminderLevel: 2 })]),
        'GET /sales/unpaid-summary': unpaidSummary(),
      },
    });
    const row = within(await screen.findByTestId('resource-row'));
    expect(row.getByText('Relance 2 · 15/03/2026')).toBeInTheDocument();
    expect(row.getByTestId('invoice-overdue')).toHaveTextContent('40 j');
    const totals = await screen.findByTestId('open-totals');
    expect(totals.textContent).toContain(`Impayés${EURO('1 800,00 €')}`);
    expect(totals.textContent).not.toContain('Reste dû');
    await waitFor(() =>
      expect(page.api.callsTo('GET /sales/invoices').every((c) => c.query.overdue === 'true' && c.query.open === 'true')).toBe(true),
    );
    page.unmount();

    renderPage(<UnpaidsPage />, {
      route: '/dashboard/payments/unpaids',
      api: { 'GET /sales/invoices': serve([]), 'GET /sales/unpaid-summary': unpaidSummary({ overdue: 0, overdueCount: 0, oldest: [] }) },
    });
    expect(await screen.findByText('Aucune facture impayée pour le moment')).toBeInTheDocument();
  });

  it("unpaids: 'Relancer' posts the reminder of the row's invoice and shows the api's message, then the list refreshes", async () => {
    let level = 1;
    const page = renderPage(<UnpaidsPage />, {
      route: '/dashboard/payments/unpaids',
      api: {
        'GET /sales/invoices': () =>
          paginatedOf([invoiceSummary({ id: 7, overdueDays: 20, lastReminderAt: '2026-03-15', reminderLevel: level })], {
            page: '1',
            pageSize: '20',
          }),
        'GET /sales/unpaid-summary': unpaidSummary(),
        'POST /sales/invoices/:id/remind': () => {
          level = 2;
          return { success: true, message: M.reminderSent(2), level: 2 };
        },
      },
    });
    const row = within(await screen.findByTestId('resource-row'));
    expect(row.getByText('Relance 1 · 15/03/2026')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Relancer' }));
    const confirm = await dialogTitled('Relancer le client pour la facture F2026-00007 ?');
    expect(confirm).toHaveTextContent('Cave Dupont');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Relancer' }));

    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Relance n° 2 envoyée', error: false }]));
    expect(page.api.callsTo('POST /sales/invoices/:id/remind')).toHaveLength(1);
    expect(page.api.callsTo('POST /sales/invoices/:id/remind')[0].path).toBe('/sales/invoices/7/remind');
    expect(await screen.findByText('Relance 2 · 15/03/2026')).toBeInTheDocument();
    // the row's button does not open the invoice drawer
    expect(screen.queryByTestId('invoice-detail')).not.toBeInTheDocument();
  });

  it("unpaids: a refused reminder shows the api's message as an error; the formal notice downloads", async () => {
    const downloads = captureDownloads();
    try {
      const page = renderPage(<UnpaidsPage />, {
        route: '/dashboard/payments/unpaids',
        api: {
          'GET /sales/invoices': serve([invoiceSummary({ id: 7, overdueDays: 20 })]),
          'GET /sales/unpaid-summary': unpaidSummary(),
          'POST /sales/invoices/:id/remind': reply(400, { success: false, message: M.noEmail, field: 'email' }),
        },
      });
      const row = within(await screen.findByTestId('resource-row'));
      await userEvent.click(row.getByRole('button', { name: 'Relancer' }));
      await userEvent.click(
        within(await dialogTitled('Relancer le client pour la facture F2026-00007 ?')).getByRole('button', { name: 'Relancer' }),
      );
      await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.noEmail, error: true }]));

      await userEvent.click(row.getByRole('button', { name: 'Mise en demeure (PDF)' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/\/v1\/sales\/invoices\/7\/formal-notice\.pdf$/);
      expect(downloads.saved[0].filename).toBe('mise-en-demeure-F2026-00007.pdf');
    } finally {
      downloads.restore();
    }
  });
});

describe("clients' credits", () => {
  it('lists the balances with their credit notes; the empty state', async () => {
    const page = renderPage(<ClientCreditsPage />, {
      route: '/dashboard/payments/credits',
      api: { 'GET /sales/credits': serve([clientCredit()]) },
    });
    const row = within(await screen.findByTestId('resource-row'));
    expect(row.getByRole('link', { name: 'Cave Dupont' })).toHaveAttribute('href', '/dashboard/clients/5');
    expect(row.getByTestId('credit-balance').textContent).toBe(EURO('25,00 €'));
    expect(row.getByText('Partiellement utilisé')).toBeInTheDocument();
    page.unmount();

    renderPage(<ClientCreditsPage />, { route: '/dashboard/payments/credits', api: { 'GET /sales/credits': serve([]) } });
    expect(await screen.findByText('Aucun crédit client pour le moment')).toBeInTheDocument();
  });

  it("uses a client's credit on one of their open invoices, never above the credit", async () => {
    const page = renderPage(<ClientCreditsPage />, {
      route: '/dashboard/payments/credits',
      api: {
        'GET /sales/credits': serve([clientCredit()]),
        'GET /sales/invoices': serve([invoiceSummary({ id: 7, remaining: 12000 }), invoiceSummary({ id: 8, remaining: 1500 })]),
        'POST /sales/credits/use': (req: ApiRequest) => ({
          ...invoiceSummary({ id: (req.body as { invoiceId: number }).invoiceId }),
          message: '15,00 € de crédit utilisés sur la facture F2026-00008',
        }),
      },
    });
    const row = within(await screen.findByTestId('resource-row'));
    await userEvent.click(row.getByRole('button', { name: 'Utiliser le crédit de Cave Dupont sur une facture' }));
    const dialog = await dialogTitled('Crédit de Cave Dupont');
    expect(page.api.callsTo('GET /sales/invoices')[0].query).toMatchObject({ clientId: '5', open: 'true' });
    await userEvent.click(within(dialog).getByLabelText(/^Facture à régler/));
    await userEvent.click(await screen.findByText(/^F2026-00007 — reste/));
    // the amount follows the invoice: what the 25 € credit can pay of its 120 €
    expect(within(dialog).getByLabelText(/^Montant utilisé/)).toHaveValue('25,00');
    await userEvent.clear(within(dialog).getByLabelText(/^Montant utilisé/));
    await userEvent.type(within(dialog).getByLabelText(/^Montant utilisé/), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Utiliser le crédit' }));
    expect(await within(dialog).findByText(/^Au plus 25,00/)).toBeInTheDocument();
    expect(page.api.callsTo('POST /sales/credits/use')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText(/^Montant utilisé/));
    await userEvent.type(within(dialog).getByLabelText(/^Montant utilisé/), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Utiliser le crédit' }));
    await waitFor(() => expect(page.api.callsTo('POST /sales/credits/use')).toHaveLength(1));
    expect(page.api.callsTo('POST /sales/credits/use')[0].body).toEqual({ clientId: 5, invoiceId: 7, amount: 1500 });
  });
});
