import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from 'shared-kernel/contracts';
import { type ApiRequest, dialogTitled, paginatedOf, renderPage } from 'shared-kernel/testing';
import { EURO, summary } from '../orders.fixtures';
import OrdersListPage from './OrdersListPage';
import QuotesListPage from './QuotesListPage';
import SamplesListPage from './SamplesListPage';

const serve = (rows: OrderSummary[]) => (req: ApiRequest) => paginatedOf(rows, req.query);

describe('quotes and samples', () => {
  it('lists the quotes with their number, client, validity and state, and starts a new one', async () => {
    const rows = [
      {
        ...summary({ id: 3, status: 'pending', totalTTC: 50000 }),
        quoteNumber: 'D2026-00003',
        validUntil: '2026-04-20',
        client: { id: 5, name: 'Cave Dupont' },
      },
      summary({ id: 2, status: 'refused' }),
    ];
    const page = renderPage(<QuotesListPage />, {
      route: '/dashboard/orders/quotes',
      api: { 'GET /orders': serve(rows as OrderSummary[]) },
    });
    const first = within((await screen.findAllByTestId('resource-row'))[0]);
    expect(first.getByRole('link', { name: 'D2026-00003' })).toHaveAttribute('href', '/dashboard/orders/3');
    expect(first.getByText('Cave Dupont')).toBeInTheDocument();
    expect(first.getByText('20/04/2026')).toBeInTheDocument();
    expect(first.getByTestId('order-status')).toHaveTextContent('Ouvert');
    expect(first.getByTestId('order-total').textContent).toBe(EURO('500,00 €'));
    expect(within(screen.getAllByTestId('resource-row')[1]).getByTestId('order-status')).toHaveTextContent('Refusé');
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: '-createdAt', as: 'seller', subType: 'quote' });
    expect(screen.getByRole('link', { name: 'Nouveau devis' })).toHaveAttribute('href', '/dashboard/orders/add?subType=quote');
  });

  it('samples: the empty state and the way to a new sample', async () => {
    const page = renderPage(<SamplesListPage />, {
      route: '/dashboard/orders/samples',
      session: 'agent',
      api: { 'GET /orders': serve([]) },
    });
    expect(await screen.findByText('Aucun échantillon pour le moment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvel échantillon' })).toHaveAttribute('href', '/dashboard/orders/add?subType=sample');
    expect(page.calls[0].query).toMatchObject({ as: 'agent', subType: 'sample' });
  });
});

describe('orders list, back-office additions', () => {
  it("invoices the selected orders at once and shows what was done and what failed; 'Nouvelle commande' opens the form", async () => {
    const rows = [summary({ id: 2, number: 'C-2' }), summary({ id: 1, number: 'C-1' })];
    const page = renderPage(<OrdersListPage />, {
      route: '/dashboard/orders?pageSize=10',
      api: {
        'GET /orders': serve(rows),
        'POST /sales/orders/bulk': {
          done: [2],
          failed: [{ id: 1, number: 'C-1', message: 'Action « Facturer » impossible : la commande est « En attente »' }],
          message: '1 commande facturée, 1 en échec',
        },
      },
    });
    await screen.findByRole('link', { name: 'C-2' });
    expect(screen.getByRole('link', { name: 'Nouvelle commande' })).toHaveAttribute('href', '/dashboard/orders/add');
    const checks = screen.getAllByRole('checkbox');
    await userEvent.click(checks[1]);
    await userEvent.click(checks[2]);
    const bar = screen.getByRole('region', { name: '2 sélectionné(s)' });
    expect(within(bar).getByRole('button', { name: 'Valider' })).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Facturer' }));
    const dialog = await dialogTitled('Facturer les commandes sélectionnées ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Facturer' }));
    const result = await screen.findByTestId('bulk-result');
    expect(result).toHaveTextContent('1 commande traitée1 commande en échec :C-1 : Action « Facturer » impossible');
    expect(page.api.callsTo('POST /sales/orders/bulk')[0].body).toEqual({ action: 'invoice', ids: [2, 1] });
    await waitFor(() => expect(page.api.callsTo('GET /orders').length).toBeGreaterThan(1));
  });

  it('an iam without billOrder may only validate in bulk', async () => {
    renderPage(<OrdersListPage />, { route: '/dashboard/orders', session: 'iam', api: { 'GET /orders': serve([summary({ id: 1 })]) } });
    await screen.findAllByTestId('resource-row');
    await userEvent.click(screen.getAllByRole('checkbox')[1]);
    const bar = screen.getByRole('region', { name: '1 sélectionné(s)' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Valider', 'Désélectionner']);
  });
});
