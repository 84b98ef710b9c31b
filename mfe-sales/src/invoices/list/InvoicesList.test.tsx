import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceSummary } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import { EURO } from '../../orders/orders.fixtures';
import { invoiceDetail, invoiceSummary } from '../../sales.fixtures';
import BillsListPage from './BillsListPage';
import CreditNotesListPage from './CreditNotesListPage';
import DepositsListPage from './DepositsListPage';

const serve = (rows: InvoiceSummary[]) => (req: ApiRequest) => paginatedOf(rows, req.query);

describe('invoice lists', () => {
  it('lists the invoices (amounts, payment, due date, days overdue), filters the overdue ones and opens one in a drawer', async () => {
    const rows = [
      invoiceSummary({ id: 2, remaining: 7000, paid: 5000, paymentStatus: 'partial', overdueDays: 12 }),
      invoiceSummary({ id: 1, remaining: 0, paid: 12000, paymentStatus: 'paid' }),
    ];
    const page = renderPage(<BillsListPage />, {
      route: '/dashboard/orders/bills',
      api: { 'GET /sales/invoices': serve(rows), 'GET /sales/invoices/:id': invoiceDetail({ id: 2 }) },
    });
    const [first, second] = (await screen.findAllByTestId('resource-row')).map((r) => within(r));
    expect(first.getByText('F2026-00002')).toBeInTheDocument();
    expect(first.getByText('Cave Dupont')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'C-2026-0042' })).toHaveAttribute('href', '/dashboard/orders/42');
    expect(first.getByTestId('invoice-totalTTC').textContent).toBe(EURO('120,00 €'));
    expect(first.getByTestId('invoice-remaining').textContent).toBe(EURO('70,00 €'));
    expect(first.getByText('Partiellement réglée')).toBeInTheDocument();
    expect(first.getByText('01/04/2026')).toBeInTheDocument();
    expect(first.getByTestId('invoice-overdue')).toHaveTextContent('12 j');
    expect(second.getByText('Réglée')).toBeInTheDocument();
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: '-issuedAt', kind: 'invoice' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'En retard uniquement' }));
    await waitFor(() => expect(page.api.callsTo('GET /sales/invoices').at(-1)!.query).toMatchObject({ overdue: 'true', kind: 'invoice' }));
    expect(page.location().search).toBe('?overdue=true');

    await userEvent.click(first.getByText('Cave Dupont'));
    expect(await screen.findByTestId('invoice-detail')).toBeInTheDocument();
    expect(page.api.callsTo('GET /sales/invoices/:id')[0].path).toBe('/sales/invoices/2');
  });

  it('?open=<id> opens that document at once (a link from the journal entries); closing it drops the parameter', async () => {
    const page = renderPage(<BillsListPage />, {
      route: '/dashboard/orders/bills?open=7',
      api: { 'GET /sales/invoices': serve([invoiceSummary({ id: 2 })]), 'GET /sales/invoices/:id': invoiceDetail({ id: 7 }) },
    });
    expect(await screen.findByTestId('invoice-detail')).toBeInTheDocument();
    expect(page.api.callsTo('GET /sales/invoices/:id')[0].path).toBe('/sales/invoices/7');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.location().search).toBe(''));
  });

  it('deposit invoices: the empty state', async () => {
    const page = renderPage(<DepositsListPage />, { route: '/dashboard/orders/deposits', api: { 'GET /sales/invoices': serve([]) } });
    expect(await screen.findByText("Aucune facture d'acompte pour le moment")).toBeInTheDocument();
    expect(page.calls[0].query).toMatchObject({ kind: 'deposit' });
  });

  it('credit notes: the invoice credited and the credit status', async () => {
    const credit = invoiceSummary({
      id: 30,
      kind: 'credit',
      number: 'AV2026-00001',
      remaining: 0,
      creditStatus: 'partial',
      relatedInvoice: { id: 2, number: 'F2026-00002' },
    });
    const page = renderPage(<CreditNotesListPage />, {
      route: '/dashboard/orders/credits',
      api: { 'GET /sales/invoices': serve([credit]) },
    });
    const row = within(await screen.findByTestId('resource-row'));
    expect(row.getByText('AV2026-00001')).toBeInTheDocument();
    expect(row.getByText('F2026-00002')).toBeInTheDocument();
    expect(row.getByText('Partiellement utilisé')).toBeInTheDocument();
    expect(page.calls[0].query).toMatchObject({ kind: 'credit' });
    expect(screen.queryByRole('checkbox', { name: 'En retard uniquement' })).not.toBeInTheDocument();
  });
});
